/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Builds each NGAP / F1AP / NR RRC / NAS-5GS message with the encoders and sends it over SCTP. */
#include "sim_msg.h"

#include <stdio.h>
#include <string.h>

#include "../enc/f1ap_enc.h"
#include "../enc/nas_enc.h"
#include "../enc/ngap_enc.h"
#include "../enc/rrc_enc.h"
#include "ngap_extra.h"
#include "sim_faults.h"
#include "sim_net.h"

#define MSG_BUF 2048

void sim_plmn(const uint8_t plmn_str_unused[3], const char *plmn_str, enc_plmn *out)
{
    (void)plmn_str_unused;
    int mcc = (plmn_str[0] - '0') * 100 + (plmn_str[1] - '0') * 10 + (plmn_str[2] - '0');
    size_t n = strlen(plmn_str);
    int mnc = 0;
    for (size_t i = 3; i < n; i++)
        mnc = mnc * 10 + (plmn_str[i] - '0');
    out->mcc = (uint16_t)mcc;
    out->mnc = (uint16_t)mnc;
    out->mnc_digits = (uint8_t)(n - 3);
}

static void snssai_to_enc(const sc_snssai *in, enc_snssai *out)
{
    out->sst = in->sst;
    out->has_sd = in->has_sd != 0;
    out->sd = in->sd;
}

static void cell_cgi(const sim *s, int gnb, int cell, enc_nr_cgi *cgi, enc_tai *tai)
{
    const sc_gnb *g = &s->sc->gnbs[gnb];
    sim_plmn(g->plmn, g->plmn_str, &cgi->plmn);
    cgi->cell_id = g->cells[cell];
    tai->plmn = cgi->plmn;
    tai->tac = g->tac;
}

static void guami_of(const sim *s, int amf, enc_guami *gu)
{
    const sc_amf *a = &s->sc->amfs[amf];
    sim_plmn(a->plmn, a->plmn_str, &gu->plmn);
    gu->region_id = (uint8_t)a->region_id;
    gu->set_id = (uint16_t)a->set_id;
    gu->pointer = (uint8_t)a->pointer;
}

static uint16_t ue_stream(uint32_t id)
{
    return (uint16_t)(1 + id % 15);
}

static uint32_t ng_send(sim *s, int gnb, int amf, int from, uint16_t stream, const uint8_t *pdu,
                        size_t len)
{
    return sim_net_send1(s, sim_ng_index(gnb, amf), from, stream, SCTP_PPID_NGAP, pdu, len);
}

static uint32_t f1_send(sim *s, int gnb, int from, uint16_t stream, const uint8_t *pdu, size_t len)
{
    return sim_net_send1(s, sim_f1_index(gnb), from, stream, SCTP_PPID_F1AP, pdu, len);
}

uint32_t msg_ng_setup_request(sim *s, int gnb, int amf)
{
    const sc_gnb *g = &s->sc->gnbs[gnb];
    ngap_ng_setup_request m = {0};
    sim_plmn(g->plmn, g->plmn_str, &m.plmn);
    m.gnb_id = g->gnb_id;
    m.gnb_id_bits = 22;
    m.ran_node_name = g->name;
    m.n_tas = 1;
    m.tas[0].tac = g->tac;
    m.tas[0].n_plmns = 1;
    m.tas[0].plmns[0].plmn = m.plmn;
    for (int i = 0; i < s->sc->n_slices && i < NGAP_ENC_MAX_SLICES; i++)
        snssai_to_enc(&s->sc->slices[i], &m.tas[0].plmns[0].slices.items[i]);
    m.tas[0].plmns[0].slices.n = (size_t)s->sc->n_slices;
    m.paging_drx = NGAP_DRX_V128;
    uint8_t buf[MSG_BUF];
    return ng_send(s, gnb, amf, 0, 0, buf, ngap_encode_ng_setup_request(&m, buf, sizeof buf));
}

uint32_t msg_ng_setup_response(sim *s, int gnb, int amf)
{
    const sc_amf *a = &s->sc->amfs[amf];
    ngap_ng_setup_response m = {0};
    m.amf_name = a->name;
    m.n_guamis = 1;
    guami_of(s, amf, &m.guamis[0]);
    m.relative_capacity = (uint8_t)a->capacity;
    m.n_plmn_support = 1;
    m.plmn_support[0].plmn = m.guamis[0].plmn;
    for (int i = 0; i < s->sc->n_slices && i < NGAP_ENC_MAX_SLICES; i++)
        snssai_to_enc(&s->sc->slices[i], &m.plmn_support[0].slices.items[i]);
    m.plmn_support[0].slices.n = (size_t)s->sc->n_slices;
    uint8_t buf[MSG_BUF];
    return ng_send(s, gnb, amf, 1, 0, buf, ngap_encode_ng_setup_response(&m, buf, sizeof buf));
}

uint32_t msg_ng_setup_failure(sim *s, int gnb, int amf)
{
    ngap_ng_setup_failure m = {0};
    m.cause.group = NGAP_CAUSE_MISC;
    m.cause.value = NGAP_CAUSE_MISC_CONTROL_PROCESSING_OVERLOAD;
    m.has_time_to_wait = true;
    m.time_to_wait = NGAP_TTW_5S;
    uint8_t buf[MSG_BUF];
    return ng_send(s, gnb, amf, 1, 0, buf, ngap_encode_ng_setup_failure(&m, buf, sizeof buf));
}

uint32_t msg_amf_configuration_update(sim *s, int gnb, int amf, int capacity)
{
    ngap_amf_configuration_update m = {0};
    m.has_relative_capacity = true;
    m.relative_capacity = (uint8_t)capacity;
    uint8_t buf[MSG_BUF];
    return ng_send(s, gnb, amf, 1, 0, buf,
                   ngap_encode_amf_configuration_update(&m, buf, sizeof buf));
}

uint32_t msg_amf_configuration_update_ack(sim *s, int gnb, int amf)
{
    uint8_t buf[64];
    return ng_send(s, gnb, amf, 0, 0, buf,
                   ngap_encode_amf_configuration_update_ack(buf, sizeof buf));
}

static uint16_t cell_pci(int gnb, int cell)
{
    return (uint16_t)((gnb * 4 + cell) % 1008);
}

uint32_t msg_f1_setup_request(sim *s, int gnb)
{
    const sc_gnb *g = &s->sc->gnbs[gnb];
    f1ap_f1_setup_request m = {0};
    char name[SC_NAME_LEN + 8];
    snprintf(name, sizeof name, "%s-du", g->name);
    m.transaction_id = 1;
    m.du_id = (uint64_t)gnb + 1;
    m.du_name = name;
    m.n_cells = (size_t)g->n_cells;
    for (int i = 0; i < g->n_cells; i++) {
        enc_tai tai;
        cell_cgi(s, gnb, i, &m.cells[i].cgi, &tai);
        m.cells[i].pci = cell_pci(gnb, i);
        m.cells[i].has_tac = true;
        m.cells[i].tac = g->tac;
    }
    uint8_t buf[MSG_BUF];
    return f1_send(s, gnb, 0, 0, buf, f1ap_encode_f1_setup_request(&m, buf, sizeof buf));
}

uint32_t msg_f1_setup_response(sim *s, int gnb)
{
    const sc_gnb *g = &s->sc->gnbs[gnb];
    f1ap_f1_setup_response m = {0};
    char name[SC_NAME_LEN + 8];
    snprintf(name, sizeof name, "%s-cu", g->name);
    m.transaction_id = 1;
    m.cu_name = name;
    m.n_activate = (size_t)g->n_cells;
    for (int i = 0; i < g->n_cells; i++) {
        enc_tai tai;
        cell_cgi(s, gnb, i, &m.activate[i], &tai);
        m.activate_pci[i] = cell_pci(gnb, i);
    }
    uint8_t buf[MSG_BUF];
    return f1_send(s, gnb, 1, 0, buf, f1ap_encode_f1_setup_response(&m, buf, sizeof buf));
}

uint32_t msg_overload_start(sim *s, int gnb, int amf, const sc_start *st)
{
    ngap_overload_start m = {0};
    if (st->action != ACTION_NONE) {
        m.has_action = true;
        m.action = (uint8_t)st->action;
    }
    if (st->reduction_pct > 0) {
        m.has_reduction = true;
        m.reduction_pct = (uint8_t)st->reduction_pct;
    }
    m.n_nssai = (size_t)st->n_slices;
    for (int i = 0; i < st->n_slices; i++) {
        ngap_overload_nssai_item *it = &m.nssai[i];
        it->slices.n = 1;
        snssai_to_enc(&st->slices[i].snssai, &it->slices.items[0]);
        if (st->slices[i].action != ACTION_NONE) {
            it->has_action = true;
            it->action = (uint8_t)st->slices[i].action;
        }
        if (st->slices[i].reduction_pct > 0) {
            it->has_reduction = true;
            it->reduction_pct = (uint8_t)st->slices[i].reduction_pct;
        }
    }
    uint8_t buf[MSG_BUF];
    return ng_send(s, gnb, amf, 1, 0, buf, ngap_encode_overload_start(&m, buf, sizeof buf));
}

uint32_t msg_overload_stop(sim *s, int gnb, int amf)
{
    uint8_t buf[64];
    return ng_send(s, gnb, amf, 1, 0, buf, ngap_encode_overload_stop(buf, sizeof buf));
}

static void ue_s_tmsi(const sim *s, const sim_ue *u, enc_5g_s_tmsi *t)
{
    const sc_amf *a = &s->sc->amfs[u->amf];
    t->set_id = (uint16_t)a->set_id;
    t->pointer = (uint8_t)a->pointer;
    t->tmsi = u->tmsi;
}

/* An UL-CCCH message (RRCSetupRequest / RRCResumeRequest) in F1AP InitialULRRCMessageTransfer
 * from the UE's cell; 0 when encoding failed. */
static uint32_t ul_ccch(sim *s, sim_ue *u, const uint8_t *rrc, size_t rl)
{
    uint8_t buf[MSG_BUF];
    f1ap_initial_ul_rrc_message_transfer m = {0};
    m.du_ue_id = u->du_ue_id;
    enc_tai tai;
    cell_cgi(s, u->gnb, u->cell, &m.cgi, &tai);
    m.c_rnti = u->crnti;
    m.rrc = rrc;
    m.rrc_len = rl;
    size_t n = rl ? f1ap_encode_initial_ul_rrc_message_transfer(&m, buf, sizeof buf) : 0;
    return f1_send(s, u->gnb, 0, ue_stream(u->du_ue_id), buf, n);
}

uint32_t msg_rrc_setup_request(sim *s, int uei)
{
    sim_ue *u = &s->ues[uei];
    rrc_setup_request r = {0};
    if (u->registered) {
        enc_5g_s_tmsi t;
        ue_s_tmsi(s, u, &t);
        r.use_s_tmsi_part1 = true;
        r.identity = rrc_s_tmsi_part1(&t);
    } else
        r.identity = prng_next(&s->rng) & ((1ull << 39) - 1);
    r.cause = u->cause;
    uint8_t rrc[64];
    size_t rl = rrc_encode_setup_request(&r, rrc, sizeof rrc);
    return ul_ccch(s, u, rrc, rl);
}

static uint32_t dl_rrc(sim *s, sim_ue *u, const uint8_t *rrc, size_t rl)
{
    f1ap_dl_rrc_message_transfer m = {0};
    m.cu_ue_id = u->cu_ue_id;
    m.du_ue_id = u->du_ue_id;
    m.srb_id = 0;
    m.rrc = rrc;
    m.rrc_len = rl;
    uint8_t buf[MSG_BUF];
    size_t n = rl ? f1ap_encode_dl_rrc_message_transfer(&m, buf, sizeof buf) : 0;
    return f1_send(s, u->gnb, 1, ue_stream(u->du_ue_id), buf, n);
}

uint32_t msg_rrc_reject(sim *s, int uei, int wait_s)
{
    rrc_reject r = {.has_wait_time = true, .wait_time_s = (uint8_t)wait_s};
    uint8_t rrc[16];
    return dl_rrc(s, &s->ues[uei], rrc, rrc_encode_reject(&r, rrc, sizeof rrc));
}

uint32_t msg_rrc_setup(sim *s, int uei)
{
    rrc_setup r = {.transaction_id = 0};
    uint8_t rrc[256];
    return dl_rrc(s, &s->ues[uei], rrc, rrc_encode_setup(&r, rrc, sizeof rrc));
}

static void msin_of(int uei, char msin[16])
{
    snprintf(msin, 16, "%010d", (uei + 1) % 1000000000);
}

/* Wraps PLAIN in a security header of type SEC (0 = plain) into OUT. */
static size_t nas_secure(sim *s, int amf, int sec, const uint8_t *plain, size_t len, uint8_t *out,
                         size_t cap)
{
    if (sec == 0) {
        if (len > cap)
            return 0;
        memcpy(out, plain, len);
        return len;
    }
    uint32_t mac = (uint32_t)prng_next(&s->rng);
    uint8_t sqn = s->nas_sqn[amf]++;
    return nas_wrap_security(sec == 2 ? NAS_SEC_INTEGRITY_CIPHERED : NAS_SEC_INTEGRITY, mac, sqn,
                             0x5eed0000u + (uint32_t)amf, plain, len, out, cap);
}

/* The UE's first NAS message of this attempt (REGISTRATION REQUEST or SERVICE REQUEST), as it
 * rides in RRCSetupComplete and then in INITIAL UE MESSAGE; 0 on error. *suci_id: the identity is
 * a SUCI (else a 5G-GUTI), for registrations. */
static size_t initial_nas(sim *s, int uei, uint8_t *nas, size_t cap, int *suci_id)
{
    sim_ue *u = &s->ues[uei];
    uint8_t plain[256];
    size_t pl = 0;
    int sec = 0;
    char msin[16];
    if (u->req == REQ_SERVICE) {
        nas_service_request r = {0};
        r.service_type = u->service_type;
        r.ngksi = 0;
        ue_s_tmsi(s, u, &r.s_tmsi);
        pl = nas_encode_service_request(&r, plain, sizeof plain);
        sec = 1;
    } else {
        nas_registration_request r = {0};
        r.reg_type = u->req == REQ_REG_INITIAL    ? NAS_REG_INITIAL
                     : u->req == REQ_REG_MOBILITY ? NAS_REG_MOBILITY
                     : u->req == REQ_REG_PERIODIC ? NAS_REG_PERIODIC
                                                  : NAS_REG_EMERGENCY;
        r.follow_on = u->req == REQ_REG_INITIAL;
        if (u->registered && u->req != REQ_REG_EMERGENCY) {
            r.ngksi = 0;
            r.id.type = NAS_ID_5G_GUTI;
            guami_of(s, u->amf, &r.id.guti.guami);
            r.id.guti.tmsi = u->tmsi;
            sec = 1;
        } else {
            r.ngksi = NAS_NGKSI_NONE;
            r.id.type = NAS_ID_SUCI;
            /* SUCIs carry the home PLMN, the first AMF's (the truth names them the same way) */
            sim_plmn(s->sc->amfs[0].plmn, s->sc->amfs[0].plmn_str, &r.id.plmn);
            msin_of(uei, msin);
            r.id.msin = msin;
        }
        r.has_ue_sec_cap = true;
        r.ea = 0xF0;
        r.ia = 0x70;
        snssai_to_enc(&s->sc->slices[u->slice], &r.requested_nssai[0]);
        r.n_requested_nssai = 1;
        pl = nas_encode_registration_request(&r, plain, sizeof plain);
        *suci_id = r.id.type == NAS_ID_SUCI;
    }
    return pl ? nas_secure(s, u->amf, sec, plain, pl, nas, cap) : 0;
}

uint32_t msg_initial_ue_message(sim *s, int uei)
{
    sim_ue *u = &s->ues[uei];
    uint8_t nas[300], buf[MSG_BUF];
    int suci_id = 0;
    size_t nl;
    if (u->setup_nas) {   /* the NAS message the UE already sent in RRCSetupComplete */
        nl = u->setup_nas_len <= sizeof nas ? u->setup_nas_len : 0;
        memcpy(nas, u->setup_nas, nl);
        suci_id = u->setup_nas_suci;
        msg_forget_setup_nas(u);
    } else
        nl = initial_nas(s, uei, nas, sizeof nas, &suci_id);
    if (nl && u->req != REQ_SERVICE) {
        if (suci_id)
            u->seen_suci = 1;
        else
            u->seen_guti = 1;
    }
    ngap_initial_ue_message m = {0};
    m.ran_ue_id = u->ran_ue_id;
    m.nas = nas;
    m.nas_len = nl;
    cell_cgi(s, u->gnb, u->cell, &m.cgi, &m.tai);
    m.rrc_cause = u->cause;
    if (u->registered && !u->moving && u->req != REQ_REG_EMERGENCY) {
        m.has_s_tmsi = true;
        ue_s_tmsi(s, u, &m.s_tmsi);
        u->seen_stmsi = 1;
    }
    m.ue_context_request = u->req == REQ_SERVICE;
    size_t n = nl ? ngap_encode_initial_ue_message(&m, buf, sizeof buf) : 0;
    return ng_send(s, u->gnb, u->target_amf, 0, ue_stream(u->ran_ue_id), buf, n);
}

void msg_forget_setup_nas(sim_ue *u)
{
    free(u->setup_nas);
    u->setup_nas = NULL;
    u->setup_nas_len = 0;
}

/* An RRC DCCH message on SRB1 in F1AP UL/DL RRC MESSAGE TRANSFER (a PDCP-C PDU, TS 38.473
 * §9.3.1.6); 0 when encoding failed. */
static uint32_t srb1_rrc(sim *s, sim_ue *u, int uplink, const uint8_t *rrc, size_t rl)
{
    uint8_t pdcp[400], buf[MSG_BUF];
    f1ap_dl_rrc_message_transfer m = {0};
    m.cu_ue_id = u->cu_ue_id;
    m.du_ue_id = u->du_ue_id;
    m.srb_id = 1;
    m.rrc = pdcp;
    m.rrc_len = rl ? rrc_pdcp_srb_wrap(0, rrc, rl, pdcp, sizeof pdcp) : 0;
    size_t n = !m.rrc_len ? 0
             : uplink ? f1ap_encode_ul_rrc_message_transfer(&m, buf, sizeof buf)
                      : f1ap_encode_dl_rrc_message_transfer(&m, buf, sizeof buf);
    return f1_send(s, u->gnb, uplink ? 0 : 1, ue_stream(u->du_ue_id), buf, n);
}

uint32_t msg_rrc_setup_complete(sim *s, int uei)
{
    sim_ue *u = &s->ues[uei];
    uint8_t nas[300], rrc[360];
    int suci_id = 0;
    size_t nl = initial_nas(s, uei, nas, sizeof nas, &suci_id);
    rrc_setup_complete m = {.transaction_id = 0, .selected_plmn = 1, .nas = nas, .nas_len = nl,
                            .n_snssai = 1};
    snssai_to_enc(&s->sc->slices[u->slice], &m.snssai[0]);
    size_t rl = nl ? rrc_encode_setup_complete(&m, rrc, sizeof rrc) : 0;
    msg_forget_setup_nas(u);
    if (nl) {   /* kept for the INITIAL UE MESSAGE, should the gNB forward it */
        u->setup_nas = malloc(nl);
        if (u->setup_nas) {
            memcpy(u->setup_nas, nas, nl);
            u->setup_nas_len = (uint16_t)nl;
            u->setup_nas_suci = (uint8_t)suci_id;
        }
    }
    return srb1_rrc(s, u, 1, rrc, rl);
}

uint32_t msg_rrc_release(sim *s, int uei)
{
    rrc_release r = {.transaction_id = 0};
    uint8_t rrc[16];
    msg_forget_setup_nas(&s->ues[uei]);
    return srb1_rrc(s, &s->ues[uei], 0, rrc, rrc_encode_release(&r, rrc, sizeof rrc));
}

static size_t dl_nas(sim *s, sim_ue *u, const uint8_t *nas, size_t nl, uint8_t *buf, size_t cap)
{
    ngap_downlink_nas_transport m = {0};
    m.amf_ue_id = u->amf_ue_id;
    m.ran_ue_id = u->ran_ue_id;
    m.nas = nas;
    m.nas_len = nl;
    return nl ? ngap_encode_downlink_nas_transport(&m, buf, cap) : 0;
}

static size_t release_cmd(sim_ue *u, int cause_group, int cause_value, uint8_t *buf, size_t cap)
{
    ngap_ue_context_release_command m = {0};
    m.amf_ue_id = u->amf_ue_id;
    m.ran_ue_id = u->ran_ue_id;
    m.cause.group = (uint8_t)cause_group;
    m.cause.value = (uint8_t)cause_value;
    return ngap_encode_ue_context_release_command(&m, buf, cap);
}

uint32_t msg_congestion_reject(sim *s, int uei, int t3346_octet, int sec_type)
{
    sim_ue *u = &s->ues[uei];
    uint8_t plain[32], nas[64], pdu1[256], pdu2[128];
    size_t pl;
    if (u->req == REQ_SERVICE) {
        nas_service_reject r = {.cause = NAS_5GMM_CONGESTION};
        if (t3346_octet >= 0) {
            r.has_t3346 = true;
            r.t3346 = (uint8_t)t3346_octet;
        }
        pl = nas_encode_service_reject(&r, plain, sizeof plain);
    } else {
        nas_registration_reject r = {.cause = NAS_5GMM_CONGESTION};
        if (t3346_octet >= 0) {
            r.has_t3346 = true;
            r.t3346 = (uint8_t)t3346_octet;
        }
        pl = nas_encode_registration_reject(&r, plain, sizeof plain);
    }
    size_t nl = pl ? nas_secure(s, u->target_amf, sec_type, plain, pl, nas, sizeof nas) : 0;
    const uint8_t *pdus[2] = {pdu1, pdu2};
    size_t lens[2];
    lens[0] = dl_nas(s, u, nas, nl, pdu1, sizeof pdu1);
    lens[1] = release_cmd(u, NGAP_CAUSE_NAS, NGAP_CAUSE_NAS_NORMAL_RELEASE, pdu2, sizeof pdu2);
    /* The reject and the release leave together: one SCTP packet with two DATA chunks. */
    return sim_net_send(s, sim_ng_index(u->gnb, u->target_amf), 1, ue_stream(u->ran_ue_id),
                        SCTP_PPID_NGAP, pdus, lens, 2);
}

uint32_t msg_accept(sim *s, int uei)
{
    sim_ue *u = &s->ues[uei];
    uint8_t plain[128], nas[160], buf[MSG_BUF];
    size_t pl;
    if (u->req == REQ_SERVICE) {
        nas_service_accept r = {0};
        pl = nas_encode_service_accept(&r, plain, sizeof plain);
    } else {
        nas_registration_accept r = {0};
        r.result = 1;
        r.has_guti = true;
        guami_of(s, u->amf, &r.guti.guami);
        r.guti.tmsi = u->tmsi;
        snssai_to_enc(&s->sc->slices[u->slice], &r.allowed_nssai[0]);
        r.n_allowed_nssai = 1;
        pl = nas_encode_registration_accept(&r, plain, sizeof plain);
    }
    size_t nl = pl ? nas_secure(s, u->target_amf, 2, plain, pl, nas, sizeof nas) : 0;
    return ng_send(s, u->gnb, u->target_amf, 1, ue_stream(u->ran_ue_id), buf,
                   dl_nas(s, u, nas, nl, buf, sizeof buf));
}

/* A NAS message from the UE in NGAP UPLINK NAS TRANSPORT to its AMF; 0 when encoding failed. */
static uint32_t ul_nas(sim *s, sim_ue *u, const uint8_t *nas, size_t nl)
{
    uint8_t buf[MSG_BUF];
    ngap_uplink_nas_transport m = {0};
    m.amf_ue_id = u->amf_ue_id;
    m.ran_ue_id = u->ran_ue_id;
    m.nas = nas;
    m.nas_len = nl;
    cell_cgi(s, u->gnb, u->cell, &m.cgi, &m.tai);
    size_t n = nl ? ngap_encode_uplink_nas_transport(&m, buf, sizeof buf) : 0;
    return ng_send(s, u->gnb, u->target_amf, 0, ue_stream(u->ran_ue_id), buf, n);
}

uint32_t msg_registration_complete(sim *s, int uei)
{
    sim_ue *u = &s->ues[uei];
    static const uint8_t plain[3] = {0x7e, 0x00, 0x43}; /* REGISTRATION COMPLETE, no IEs */
    uint8_t nas[32];
    size_t nl = nas_secure(s, u->target_amf, 2, plain, sizeof plain, nas, sizeof nas);
    return ul_nas(s, u, nas, nl);
}

uint32_t msg_configuration_update(sim *s, int uei)
{
    sim_ue *u = &s->ues[uei];
    nas_configuration_update_command r = {0};
    r.has_indication = true;
    r.registration_requested = true;
    uint8_t plain[64], nas[96], buf[MSG_BUF];
    size_t pl = nas_encode_configuration_update_command(&r, plain, sizeof plain);
    size_t nl = pl ? nas_secure(s, u->target_amf, 1, plain, pl, nas, sizeof nas) : 0;
    return ng_send(s, u->gnb, u->target_amf, 1, ue_stream(u->ran_ue_id), buf,
                   dl_nas(s, u, nas, nl, buf, sizeof buf));
}

uint32_t msg_release_command(sim *s, int uei)
{
    sim_ue *u = &s->ues[uei];
    uint8_t buf[128];
    return ng_send(s, u->gnb, u->target_amf, 1, ue_stream(u->ran_ue_id), buf,
                   release_cmd(u, NGAP_CAUSE_RADIO_NETWORK, NGAP_CAUSE_RADIO_USER_INACTIVITY, buf,
                               sizeof buf));
}

uint32_t msg_release_complete(sim *s, int uei)
{
    sim_ue *u = &s->ues[uei];
    ngap_ue_context_release_complete m = {.amf_ue_id = u->amf_ue_id, .ran_ue_id = u->ran_ue_id};
    uint8_t buf[128];
    return ng_send(s, u->gnb, u->target_amf, 0, ue_stream(u->ran_ue_id), buf,
                   ngap_encode_ue_context_release_complete(&m, buf, sizeof buf));
}

/* ---- message zoo (scenario keys that default to off) ---- */

uint32_t msg_rrc_resume_request(sim *s, int uei, int resume_cause)
{
    sim_ue *u = &s->ues[uei];
    rrc_resume_request r = {0};
    r.short_resume_id = (uint32_t)prng_next(&s->rng) & 0xFFFFFFu;
    r.resume_mac_i = (uint16_t)prng_next(&s->rng);
    r.cause = (uint8_t)resume_cause;
    uint8_t rrc[64];
    size_t rl = rrc_encode_resume_request(&r, rrc, sizeof rrc);
    return ul_ccch(s, u, rrc, rl);
}

uint32_t msg_amf_status_indication(sim *s, int gnb, int amf)
{
    ngap_amf_status_indication m = {0};
    /* A GUAMI the AMF no longer serves (a retired pointer of its set); it names itself as backup. */
    guami_of(s, amf, &m.items[0].guami);
    m.items[0].guami.pointer = (uint8_t)((s->sc->amfs[amf].pointer + 32) & 63);
    m.items[0].timer_approach = true;
    m.items[0].backup_amf_name = s->sc->amfs[amf].name;
    m.n = 1;
    uint8_t buf[MSG_BUF];
    return ng_send(s, gnb, amf, 1, 0, buf, ngap_encode_amf_status_indication(&m, buf, sizeof buf));
}

uint32_t msg_error_indication(sim *s, int gnb, int amf, int from)
{
    ngap_error_indication m = {0};
    m.has_cause = true;
    m.cause.group = NGAP_CAUSE_PROTOCOL;
    m.cause.value = 3; /* message-not-compatible-with-receiver-state */
    uint8_t buf[MSG_BUF];
    return ng_send(s, gnb, amf, from, 0, buf, ngap_encode_error_indication(&m, buf, sizeof buf));
}

uint32_t msg_pdu_session_request(sim *s, int uei, int psi)
{
    sim_ue *u = &s->ues[uei];
    nas_pdu_session_establishment_request sm = {.pdu_session_id = (uint8_t)psi, .pti = 1,
                                                .has_pdu_session_type = true,
                                                .pdu_session_type = 1};
    uint8_t smb[32], plain[128], nas[160];
    size_t sl = nas_encode_pdu_session_establishment_request(&sm, smb, sizeof smb);
    nas_ul_nas_transport t = {0};
    t.payload_type = 1;
    t.payload = smb;
    t.payload_len = sl;
    t.has_pdu_session_id = true;
    t.pdu_session_id = (uint8_t)psi;
    t.has_request_type = true;
    t.request_type = 1;
    t.has_snssai = true;
    snssai_to_enc(&s->sc->slices[u->slice], &t.snssai);
    t.dnn = "internet";
    size_t pl = sl ? nas_encode_ul_nas_transport(&t, plain, sizeof plain) : 0;
    size_t nl = pl ? nas_secure(s, u->target_amf, 1, plain, pl, nas, sizeof nas) : 0;
    return ul_nas(s, u, nas, nl);
}

uint32_t msg_pdu_session_reject(sim *s, int uei, int psi, int cause, int backoff_octet)
{
    sim_ue *u = &s->ues[uei];
    nas_pdu_session_establishment_reject sm = {.pdu_session_id = (uint8_t)psi, .pti = 1,
                                               .cause = (uint8_t)cause, .has_backoff = true,
                                               .backoff = (uint8_t)backoff_octet};
    uint8_t smb[32], plain[96], nas[128], buf[MSG_BUF];
    size_t sl = nas_encode_pdu_session_establishment_reject(&sm, smb, sizeof smb);
    nas_dl_nas_transport t = {0};
    t.payload_type = 1;
    t.payload = smb;
    t.payload_len = sl;
    t.has_pdu_session_id = true;
    t.pdu_session_id = (uint8_t)psi;
    size_t pl = sl ? nas_encode_dl_nas_transport(&t, plain, sizeof plain) : 0;
    size_t nl = pl ? nas_secure(s, u->target_amf, 1, plain, pl, nas, sizeof nas) : 0;
    return ng_send(s, u->gnb, u->target_amf, 1, ue_stream(u->ran_ue_id), buf,
                   dl_nas(s, u, nas, nl, buf, sizeof buf));
}

uint32_t msg_deregistration(sim *s, int uei, int t3346_octet)
{
    sim_ue *u = &s->ues[uei];
    nas_deregistration_request_ue_terminated r = {0};
    r.access_type = 1;
    r.has_cause = true;
    r.cause = NAS_5GMM_CONGESTION;
    r.has_t3346 = true;
    r.t3346 = (uint8_t)t3346_octet;
    uint8_t plain[32], nas[64], buf[MSG_BUF];
    size_t pl = nas_encode_deregistration_request_ue_terminated(&r, plain, sizeof plain);
    size_t nl = pl ? nas_secure(s, u->target_amf, 1, plain, pl, nas, sizeof nas) : 0;
    return ng_send(s, u->gnb, u->target_amf, 1, ue_stream(u->ran_ue_id), buf,
                   dl_nas(s, u, nas, nl, buf, sizeof buf));
}
