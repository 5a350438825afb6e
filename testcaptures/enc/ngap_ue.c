/* SPDX-License-Identifier: GPL-2.0-or-later */
/* NGAP UE-associated encoders: Initial UE Message, Downlink/Uplink NAS Transport, UE Context
 * Release Command/Complete and Error Indication (TS 38.413 §9.2.2, §9.2.5, §9.2.7). */
#include "ngap_common.h"

size_t ngap_encode_initial_ue_message(const ngap_initial_ue_message *m, uint8_t *buf, size_t cap)
{
    if (m->rrc_cause > NGAP_RRC_CAUSE_MO_EXCEPTION_DATA)
        return 0;
    if (m->has_s_tmsi && (m->s_tmsi.set_id > 1023 || m->s_tmsi.pointer > 63))
        return 0;
    aper_writer w;
    aper_init(&w, buf, cap);
    size_t pdu = aper_pdu_begin(&w, APER_PDU_INITIATING, NGAP_PROC_INITIAL_UE_MESSAGE,
                                APER_CRIT_IGNORE);
    aper_put_ie_message_start(&w, 4u + (m->has_s_tmsi ? 1u : 0u) + (m->ue_context_request ? 1u : 0u));
    ngap_ie_ran_ue_id(&w, APER_CRIT_REJECT, m->ran_ue_id);
    ngap_ie_nas_pdu(&w, APER_CRIT_REJECT, m->nas, m->nas_len);

    size_t ie = aper_ie_begin(&w, NGAP_ID_USER_LOCATION_INFORMATION, APER_CRIT_REJECT);
    ngap_put_uli_nr(&w, &m->cgi, &m->tai);
    aper_ie_end(&w, ie);

    ie = aper_ie_begin(&w, NGAP_ID_RRC_ESTABLISHMENT_CAUSE, APER_CRIT_IGNORE);
    aper_put_enumerated(&w, m->rrc_cause, 10, true); /* 10 root values, 2 extension values */
    aper_ie_end(&w, ie);

    if (m->has_s_tmsi) {
        ie = aper_ie_begin(&w, NGAP_ID_FIVEG_S_TMSI, APER_CRIT_REJECT);
        /* FiveG-S-TMSI ::= SEQUENCE { aMFSetID, aMFPointer, fiveG-TMSI OCTET STRING (SIZE(4)),
         *   iE-Extensions OPTIONAL, ... } */
        aper_put_bool(&w, false);
        aper_put_preamble(&w, 0, 1);
        aper_put_bit_string_u64(&w, m->s_tmsi.set_id, 10, 10, 10, false);
        aper_put_bit_string_u64(&w, m->s_tmsi.pointer, 6, 6, 6, false);
        uint8_t tmsi[4] = {(uint8_t)(m->s_tmsi.tmsi >> 24), (uint8_t)(m->s_tmsi.tmsi >> 16),
                           (uint8_t)(m->s_tmsi.tmsi >> 8), (uint8_t)m->s_tmsi.tmsi};
        aper_put_octet_string(&w, tmsi, 4, 4, 4, false);
        aper_ie_end(&w, ie);
    }
    if (m->ue_context_request) {
        ie = aper_ie_begin(&w, NGAP_ID_UE_CONTEXT_REQUEST, APER_CRIT_IGNORE);
        aper_put_enumerated(&w, 0, 1, true); /* UEContextRequest ::= ENUMERATED {requested, ...} */
        aper_ie_end(&w, ie);
    }
    return aper_pdu_end(&w, pdu);
}

size_t ngap_encode_downlink_nas_transport(const ngap_downlink_nas_transport *m, uint8_t *buf,
                                          size_t cap)
{
    aper_writer w;
    aper_init(&w, buf, cap);
    size_t pdu = aper_pdu_begin(&w, APER_PDU_INITIATING, NGAP_PROC_DOWNLINK_NAS_TRANSPORT,
                                APER_CRIT_IGNORE);
    aper_put_ie_message_start(&w, 3);
    ngap_ie_amf_ue_id(&w, APER_CRIT_REJECT, m->amf_ue_id);
    ngap_ie_ran_ue_id(&w, APER_CRIT_REJECT, m->ran_ue_id);
    ngap_ie_nas_pdu(&w, APER_CRIT_REJECT, m->nas, m->nas_len);
    return aper_pdu_end(&w, pdu);
}

size_t ngap_encode_uplink_nas_transport(const ngap_uplink_nas_transport *m, uint8_t *buf,
                                        size_t cap)
{
    aper_writer w;
    aper_init(&w, buf, cap);
    size_t pdu = aper_pdu_begin(&w, APER_PDU_INITIATING, NGAP_PROC_UPLINK_NAS_TRANSPORT,
                                APER_CRIT_IGNORE);
    aper_put_ie_message_start(&w, 4);
    ngap_ie_amf_ue_id(&w, APER_CRIT_REJECT, m->amf_ue_id);
    ngap_ie_ran_ue_id(&w, APER_CRIT_REJECT, m->ran_ue_id);
    ngap_ie_nas_pdu(&w, APER_CRIT_REJECT, m->nas, m->nas_len);
    size_t ie = aper_ie_begin(&w, NGAP_ID_USER_LOCATION_INFORMATION, APER_CRIT_IGNORE);
    ngap_put_uli_nr(&w, &m->cgi, &m->tai);
    aper_ie_end(&w, ie);
    return aper_pdu_end(&w, pdu);
}

size_t ngap_encode_ue_context_release_command(const ngap_ue_context_release_command *m,
                                              uint8_t *buf, size_t cap)
{
    aper_writer w;
    aper_init(&w, buf, cap);
    size_t pdu = aper_pdu_begin(&w, APER_PDU_INITIATING, NGAP_PROC_UE_CONTEXT_RELEASE,
                                APER_CRIT_REJECT);
    aper_put_ie_message_start(&w, 2);
    size_t ie = aper_ie_begin(&w, NGAP_ID_UE_NGAP_IDS, APER_CRIT_REJECT);
    /* UE-NGAP-IDs ::= CHOICE { uE-NGAP-ID-pair, aMF-UE-NGAP-ID, choice-Extensions } */
    if (m->amf_id_only) {
        aper_put_choice(&w, 1, 3, false);
        ngap_put_amf_ue_id(&w, m->amf_ue_id);
    } else {
        aper_put_choice(&w, 0, 3, false);
        /* UE-NGAP-ID-pair ::= SEQUENCE { aMF-UE-NGAP-ID, rAN-UE-NGAP-ID, iE-Extensions OPT, ... } */
        aper_put_bool(&w, false);
        aper_put_preamble(&w, 0, 1);
        ngap_put_amf_ue_id(&w, m->amf_ue_id);
        ngap_put_ran_ue_id(&w, m->ran_ue_id);
    }
    aper_ie_end(&w, ie);
    ngap_ie_cause(&w, APER_CRIT_IGNORE, &m->cause);
    return aper_pdu_end(&w, pdu);
}

size_t ngap_encode_ue_context_release_complete(const ngap_ue_context_release_complete *m,
                                               uint8_t *buf, size_t cap)
{
    aper_writer w;
    aper_init(&w, buf, cap);
    size_t pdu = aper_pdu_begin(&w, APER_PDU_SUCCESSFUL, NGAP_PROC_UE_CONTEXT_RELEASE,
                                APER_CRIT_REJECT);
    aper_put_ie_message_start(&w, 2);
    ngap_ie_amf_ue_id(&w, APER_CRIT_IGNORE, m->amf_ue_id);
    ngap_ie_ran_ue_id(&w, APER_CRIT_IGNORE, m->ran_ue_id);
    return aper_pdu_end(&w, pdu);
}

size_t ngap_encode_error_indication(const ngap_error_indication *m, uint8_t *buf, size_t cap)
{
    aper_writer w;
    aper_init(&w, buf, cap);
    size_t pdu = aper_pdu_begin(&w, APER_PDU_INITIATING, NGAP_PROC_ERROR_INDICATION,
                                APER_CRIT_IGNORE);
    aper_put_ie_message_start(&w, (m->has_amf_ue_id ? 1u : 0u) + (m->has_ran_ue_id ? 1u : 0u) +
                                      (m->has_cause ? 1u : 0u));
    if (m->has_amf_ue_id)
        ngap_ie_amf_ue_id(&w, APER_CRIT_IGNORE, m->amf_ue_id);
    if (m->has_ran_ue_id)
        ngap_ie_ran_ue_id(&w, APER_CRIT_IGNORE, m->ran_ue_id);
    if (m->has_cause)
        ngap_ie_cause(&w, APER_CRIT_IGNORE, &m->cause);
    return aper_pdu_end(&w, pdu);
}
