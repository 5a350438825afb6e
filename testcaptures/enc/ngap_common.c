/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Aligned-PER writers for NGAP IE value types shared by several NGAP messages (TS 38.413 §9.3). */
#include "ngap_common.h"

/* Root sizes of the extensible Cause ENUMERATEDs (NGAP-IEs). */
static const unsigned cause_roots[5] = {
    45, /* CauseRadioNetwork: unspecified .. release-due-to-cn-detected-mobility */
    2,  /* CauseTransport */
    4,  /* CauseNas */
    7,  /* CauseProtocol */
    6,  /* CauseMisc */
};

void ngap_put_plmn(aper_writer *w, const enc_plmn *plmn)
{
    uint8_t bcd[3];
    if (!enc_plmn_to_bcd(plmn, bcd)) {
        aper_fail(w);
        return;
    }
    aper_put_octet_string(w, bcd, 3, 3, 3, false); /* PLMNIdentity ::= OCTET STRING (SIZE(3)) */
}

void ngap_put_tac(aper_writer *w, uint32_t tac)
{
    if (tac > 0xffffffu) {
        aper_fail(w);
        return;
    }
    uint8_t b[3] = {(uint8_t)(tac >> 16), (uint8_t)(tac >> 8), (uint8_t)tac};
    aper_put_octet_string(w, b, 3, 3, 3, false); /* TAC ::= OCTET STRING (SIZE(3)) */
}

void ngap_put_snssai(aper_writer *w, const enc_snssai *s)
{
    /* S-NSSAI ::= SEQUENCE { sST, sD OPTIONAL, iE-Extensions OPTIONAL, ... } */
    if (s->has_sd && s->sd > 0xffffffu) {
        aper_fail(w);
        return;
    }
    aper_put_bool(w, false);
    aper_put_preamble(w, s->has_sd ? 2u : 0u, 2);
    aper_put_octet_string(w, &s->sst, 1, 1, 1, false);
    if (s->has_sd) {
        uint8_t sd[3] = {(uint8_t)(s->sd >> 16), (uint8_t)(s->sd >> 8), (uint8_t)s->sd};
        aper_put_octet_string(w, sd, 3, 3, 3, false);
    }
}

void ngap_put_slice_support_list(aper_writer *w, const ngap_slice_list *l)
{
    if (l->n > NGAP_ENC_MAX_SLICES) {
        aper_fail(w);
        return;
    }
    /* SliceSupportList ::= SEQUENCE (SIZE(1..maxnoofSliceItems)) OF SliceSupportItem */
    aper_put_length(w, l->n, 1, NGAP_MAXNOOF_SLICE_ITEMS);
    for (size_t i = 0; i < l->n; i++) {
        /* SliceSupportItem ::= SEQUENCE { s-NSSAI, iE-Extensions OPTIONAL, ... } */
        aper_put_bool(w, false);
        aper_put_preamble(w, 0, 1);
        ngap_put_snssai(w, &l->items[i]);
    }
}

void ngap_put_guami(aper_writer *w, const enc_guami *g)
{
    /* GUAMI ::= SEQUENCE { pLMNIdentity, aMFRegionID BIT STRING(8), aMFSetID BIT STRING(10),
     *                      aMFPointer BIT STRING(6), iE-Extensions OPTIONAL, ... } */
    if (g->set_id > 1023 || g->pointer > 63) {
        aper_fail(w);
        return;
    }
    aper_put_bool(w, false);
    aper_put_preamble(w, 0, 1);
    ngap_put_plmn(w, &g->plmn);
    aper_put_bit_string_u64(w, g->region_id, 8, 8, 8, false);
    aper_put_bit_string_u64(w, g->set_id, 10, 10, 10, false);
    aper_put_bit_string_u64(w, g->pointer, 6, 6, 6, false);
}

void ngap_put_amf_name(aper_writer *w, const char *name)
{
    /* AMFName ::= PrintableString (SIZE(1..150, ...)). The extension would allow other sizes,
     * but an empty or over-long name is a caller mistake: refuse it. */
    if (name == NULL || name[0] == '\0' || enc_strnlen(name, 151) > 150) {
        aper_fail(w);
        return;
    }
    aper_put_known_multiplier_string(w, name, 1, 150, true);
}

void ngap_put_cause(aper_writer *w, const ngap_cause *c)
{
    /* Cause ::= CHOICE { radioNetwork, transport, nas, protocol, misc, choice-Extensions } */
    if (c->group > NGAP_CAUSE_MISC) {
        aper_fail(w);
        return;
    }
    aper_put_choice(w, c->group, 6, false);
    aper_put_enumerated(w, c->value, cause_roots[c->group], true);
}

void ngap_put_amf_ue_id(aper_writer *w, uint64_t id)
{
    aper_put_constrained_whole(w, id, 0, 1099511627775ull); /* AMF-UE-NGAP-ID (0..2^40-1) */
}

void ngap_put_ran_ue_id(aper_writer *w, uint32_t id)
{
    aper_put_constrained_whole(w, id, 0, 4294967295ull); /* RAN-UE-NGAP-ID (0..2^32-1) */
}

void ngap_put_uli_nr(aper_writer *w, const enc_nr_cgi *cgi, const enc_tai *tai)
{
    if (cgi->cell_id >> 36) {
        aper_fail(w);
        return;
    }
    /* UserLocationInformation ::= CHOICE { userLocationInformationEUTRA,
     *   userLocationInformationNR, userLocationInformationN3IWF, choice-Extensions } */
    aper_put_choice(w, 1, 4, false);
    /* UserLocationInformationNR ::= SEQUENCE { nR-CGI, tAI, timeStamp OPTIONAL,
     *   iE-Extensions OPTIONAL, ... } */
    aper_put_bool(w, false);
    aper_put_preamble(w, 0, 2);
    /* NR-CGI ::= SEQUENCE { pLMNIdentity, nRCellIdentity BIT STRING(36), iE-Extensions OPT, ... } */
    aper_put_bool(w, false);
    aper_put_preamble(w, 0, 1);
    ngap_put_plmn(w, &cgi->plmn);
    aper_put_bit_string_u64(w, cgi->cell_id, 36, 36, 36, false);
    /* TAI ::= SEQUENCE { pLMNIdentity, tAC, iE-Extensions OPTIONAL, ... } */
    aper_put_bool(w, false);
    aper_put_preamble(w, 0, 1);
    ngap_put_plmn(w, &tai->plmn);
    ngap_put_tac(w, tai->tac);
}

void ngap_put_overload_response(aper_writer *w, uint8_t action)
{
    /* OverloadResponse ::= CHOICE { overloadAction, choice-Extensions };
     * OverloadAction ::= ENUMERATED { 4 values, ... } */
    aper_put_choice(w, 0, 2, false);
    aper_put_enumerated(w, action, 4, true);
}

void ngap_ie_amf_ue_id(aper_writer *w, unsigned crit, uint64_t id)
{
    size_t m = aper_ie_begin(w, NGAP_ID_AMF_UE_NGAP_ID, crit);
    ngap_put_amf_ue_id(w, id);
    aper_ie_end(w, m);
}

void ngap_ie_ran_ue_id(aper_writer *w, unsigned crit, uint32_t id)
{
    size_t m = aper_ie_begin(w, NGAP_ID_RAN_UE_NGAP_ID, crit);
    ngap_put_ran_ue_id(w, id);
    aper_ie_end(w, m);
}

void ngap_ie_nas_pdu(aper_writer *w, unsigned crit, const uint8_t *nas, size_t len)
{
    if (nas == NULL || len == 0) {
        aper_fail(w);
        return;
    }
    size_t m = aper_ie_begin(w, NGAP_ID_NAS_PDU, crit);
    aper_put_octet_string(w, nas, len, 0, APER_NO_UB, false); /* NAS-PDU ::= OCTET STRING */
    aper_ie_end(w, m);
}

void ngap_ie_cause(aper_writer *w, unsigned crit, const ngap_cause *c)
{
    size_t m = aper_ie_begin(w, NGAP_ID_CAUSE, crit);
    ngap_put_cause(w, c);
    aper_ie_end(w, m);
}
