/* SPDX-License-Identifier: GPL-2.0-or-later */
/* NAS-5GS 5GMM message encoders (TS 24.501 §8.2): registration, service, deregistration,
 * configuration update and DL NAS transport. */
#include "nas_writer.h"


/* Writes decimal digits as TBCD, filling an odd last digit with 0xF. False on a non-digit. */
static bool put_tbcd(nas_writer *w, const char *digits, size_t n)
{
    for (size_t i = 0; i < n; i += 2) {
        char lo = digits[i], hi = i + 1 < n ? digits[i + 1] : 0;
        if (lo < '0' || lo > '9' || (hi && (hi < '0' || hi > '9')))
            return false;
        nas_w_u8(w, (uint8_t)((hi ? hi - '0' : 0xf) << 4 | (lo - '0')));
    }
    return true;
}

/* SUCI, SUPI format IMSI, null protection scheme (TS 24.501 §9.11.3.4), as LV-E. */
static void put_suci(nas_writer *w, const nas_mobile_identity *id)
{
    const char *ri = id->routing_indicator ? id->routing_indicator : "0";
    size_t ri_len = enc_strnlen(ri, 5), msin_len = id->msin ? enc_strnlen(id->msin, 11) : 0;
    uint8_t plmn[3];
    if (ri_len < 1 || ri_len > 4 || msin_len < 1 || msin_len > 10 ||
        !enc_plmn_to_bcd(&id->plmn, plmn)) {
        w->failed = true;
        return;
    }
    nas_w_u16(w, (uint16_t)(1 + 3 + 2 + 1 + 1 + (msin_len + 1) / 2));
    nas_w_u8(w, 0x01); /* SUPI format IMSI, type of identity SUCI */
    nas_w_bytes(w, plmn, 3);
    uint8_t rid[4] = {0xf, 0xf, 0xf, 0xf};
    for (size_t i = 0; i < ri_len; i++) {
        if (ri[i] < '0' || ri[i] > '9') {
            w->failed = true;
            return;
        }
        rid[i] = (uint8_t)(ri[i] - '0');
    }
    nas_w_u8(w, (uint8_t)(rid[1] << 4 | rid[0]));
    nas_w_u8(w, (uint8_t)(rid[3] << 4 | rid[2]));
    nas_w_u8(w, 0x00); /* protection scheme: null scheme */
    nas_w_u8(w, 0x00); /* home network public key identifier */
    if (!put_tbcd(w, id->msin, msin_len))
        w->failed = true;
}

/* Optional GPRS-timer-2 style TLV with a one-octet value. */
static void put_tlv1(nas_writer *w, bool present, uint8_t iei, uint8_t value)
{
    if (!present)
        return;
    nas_w_u8(w, iei);
    nas_w_u8(w, 1);
    nas_w_u8(w, value);
}

size_t nas_encode_registration_request(const nas_registration_request *m, uint8_t *buf, size_t cap)
{
    nas_writer w;
    nas_w_init(&w, buf, cap);
    if (m->reg_type < 1 || m->reg_type > 7 || m->ngksi > 7)
        return 0;
    nas_w_mm_header(&w, 0x41);
    /* ngKSI (TSC 0) in bits 8-5; FOR bit 4; 5GS registration type in bits 3-1 */
    nas_w_u8(&w, (uint8_t)(m->ngksi << 4 | (m->follow_on ? 8 : 0) | m->reg_type));
    if (m->id.type == NAS_ID_SUCI)
        put_suci(&w, &m->id);
    else if (m->id.type == NAS_ID_5G_GUTI)
        nas_w_guti(&w, 0, &m->id.guti);
    else
        return 0;
    if (m->has_5gmm_capability) {
        nas_w_u8(&w, 0x10);
        nas_w_u8(&w, 1);
        nas_w_u8(&w, m->gmm_capability);
    }
    if (m->has_ue_sec_cap) {
        unsigned len = m->ue_sec_cap_len ? m->ue_sec_cap_len : 2;
        if (len < 2 || len > 8)
            return 0;
        const uint8_t cap[8] = {m->ea, m->ia, m->eea, m->eia, 0, 0, 0, 0};
        nas_w_u8(&w, 0x2e);
        nas_w_u8(&w, (uint8_t)len);
        nas_w_bytes(&w, cap, len);
    }
    if (m->n_requested_nssai)
        nas_w_nssai_tlv(&w, 0x2f, m->requested_nssai, m->n_requested_nssai);
    return nas_w_done(&w);
}

size_t nas_encode_registration_accept(const nas_registration_accept *m, uint8_t *buf, size_t cap)
{
    nas_writer w;
    nas_w_init(&w, buf, cap);
    nas_w_mm_header(&w, 0x42);
    nas_w_u8(&w, 1); /* 5GS registration result: length */
    nas_w_u8(&w, (uint8_t)((m->result ? m->result : 1) & 0x0f));
    if (m->has_guti)
        nas_w_guti(&w, 0x77, &m->guti);
    if (m->n_allowed_nssai)
        nas_w_nssai_tlv(&w, 0x15, m->allowed_nssai, m->n_allowed_nssai);
    return nas_w_done(&w);
}

size_t nas_encode_registration_reject(const nas_registration_reject *m, uint8_t *buf, size_t cap)
{
    nas_writer w;
    nas_w_init(&w, buf, cap);
    nas_w_mm_header(&w, 0x44);
    nas_w_u8(&w, m->cause);
    put_tlv1(&w, m->has_t3346, 0x5f, m->t3346); /* T3346 value before T3502 value */
    put_tlv1(&w, m->has_t3502, 0x16, m->t3502);
    return nas_w_done(&w);
}

size_t nas_encode_service_request(const nas_service_request *m, uint8_t *buf, size_t cap)
{
    nas_writer w;
    nas_w_init(&w, buf, cap);
    if (m->service_type > 15 || m->ngksi > 7 || m->s_tmsi.set_id > 1023 || m->s_tmsi.pointer > 63)
        return 0;
    nas_w_mm_header(&w, 0x4c);
    nas_w_u8(&w, (uint8_t)(m->service_type << 4 | m->ngksi)); /* service type bits 8-5 */
    nas_w_u16(&w, 7);                                         /* 5G-S-TMSI mobile identity */
    nas_w_u8(&w, 0xf4);
    nas_w_u16(&w, (uint16_t)(m->s_tmsi.set_id << 6 | m->s_tmsi.pointer));
    nas_w_u32(&w, m->s_tmsi.tmsi);
    return nas_w_done(&w);
}

size_t nas_encode_service_accept(const nas_service_accept *m, uint8_t *buf, size_t cap)
{
    (void)m;
    nas_writer w;
    nas_w_init(&w, buf, cap);
    nas_w_mm_header(&w, 0x4e);
    return nas_w_done(&w);
}

size_t nas_encode_service_reject(const nas_service_reject *m, uint8_t *buf, size_t cap)
{
    nas_writer w;
    nas_w_init(&w, buf, cap);
    nas_w_mm_header(&w, 0x4d);
    nas_w_u8(&w, m->cause);
    put_tlv1(&w, m->has_t3346, 0x5f, m->t3346);
    return nas_w_done(&w);
}

size_t nas_encode_deregistration_request_ue_terminated(
    const nas_deregistration_request_ue_terminated *m, uint8_t *buf, size_t cap)
{
    nas_writer w;
    nas_w_init(&w, buf, cap);
    unsigned access = m->access_type ? m->access_type : 1;
    if (access > 3)
        return 0;
    nas_w_mm_header(&w, 0x47);
    /* de-registration type: switch off 0 (bit 4), re-registration required (bit 3), access */
    nas_w_u8(&w, (uint8_t)((m->re_registration_required ? 4 : 0) | access));
    if (m->has_cause) {
        nas_w_u8(&w, 0x58);
        nas_w_u8(&w, m->cause);
    }
    put_tlv1(&w, m->has_t3346, 0x5f, m->t3346);
    return nas_w_done(&w);
}

size_t nas_encode_configuration_update_command(const nas_configuration_update_command *m,
                                               uint8_t *buf, size_t cap)
{
    nas_writer w;
    nas_w_init(&w, buf, cap);
    nas_w_mm_header(&w, 0x54);
    if (m->has_indication)
        nas_w_u8(&w, (uint8_t)(0xd0 | (m->registration_requested ? 2 : 0) |
                               (m->ack_requested ? 1 : 0)));
    if (m->has_guti)
        nas_w_guti(&w, 0x77, &m->guti);
    return nas_w_done(&w);
}

size_t nas_encode_dl_nas_transport(const nas_dl_nas_transport *m, uint8_t *buf, size_t cap)
{
    nas_writer w;
    nas_w_init(&w, buf, cap);
    if (m->payload_type > 15 || m->payload == NULL || m->payload_len < 1 ||
        m->payload_len > 65535)
        return 0;
    nas_w_mm_header(&w, 0x68);
    nas_w_u8(&w, m->payload_type); /* spare half octet + payload container type */
    nas_w_u16(&w, (uint16_t)m->payload_len);
    nas_w_bytes(&w, m->payload, m->payload_len);
    if (m->has_pdu_session_id) {
        nas_w_u8(&w, 0x12);
        nas_w_u8(&w, m->pdu_session_id);
    }
    if (m->has_cause) {
        nas_w_u8(&w, 0x58);
        nas_w_u8(&w, m->cause);
    }
    put_tlv1(&w, m->has_backoff, 0x37, m->backoff);
    return nas_w_done(&w);
}

/* DNN (TS 24.501 §9.11.2.1B): APN-style labels, each prefixed with its length. */
static void put_dnn(nas_writer *w, const char *dnn)
{
    size_t len = enc_strnlen(dnn, 101);
    if (len == 0 || len > 100) {
        w->failed = true;
        return;
    }
    nas_w_u8(w, 0x25);
    nas_w_u8(w, (uint8_t)(len + 1));
    size_t start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i == len || dnn[i] == '.') {
            size_t label = i - start;
            if (label == 0 || label > 63) {
                w->failed = true;
                return;
            }
            nas_w_u8(w, (uint8_t)label);
            nas_w_bytes(w, (const uint8_t *)dnn + start, label);
            start = i + 1;
        }
    }
}

size_t nas_encode_ul_nas_transport(const nas_ul_nas_transport *m, uint8_t *buf, size_t cap)
{
    nas_writer w;
    nas_w_init(&w, buf, cap);
    if (m->payload_type > 15 || m->payload == NULL || m->payload_len < 1 ||
        m->payload_len > 65535 || (m->has_request_type && m->request_type > 7))
        return 0;
    nas_w_mm_header(&w, 0x67);
    nas_w_u8(&w, m->payload_type);
    nas_w_u16(&w, (uint16_t)m->payload_len);
    nas_w_bytes(&w, m->payload, m->payload_len);
    if (m->has_pdu_session_id) {
        nas_w_u8(&w, 0x12);
        nas_w_u8(&w, m->pdu_session_id);
    }
    if (m->has_request_type)
        nas_w_u8(&w, (uint8_t)(0x80 | m->request_type));
    if (m->has_snssai) {
        nas_w_u8(&w, 0x22);
        nas_w_snssai_lv(&w, &m->snssai);
    }
    if (m->dnn)
        put_dnn(&w, m->dnn);
    return nas_w_done(&w);
}
