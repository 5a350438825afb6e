/* SPDX-License-Identifier: GPL-2.0-or-later */
/* NGAP interface-management encoders: NG Setup Request/Response/Failure, AMF Configuration
 * Update and AMF Status Indication (TS 38.413 §9.2.6). */
#include "ngap_common.h"

static void put_plmn_slices(aper_writer *w, const ngap_plmn_slices *p)
{
    /* BroadcastPLMNItem / PLMNSupportItem ::= SEQUENCE { pLMNIdentity, SliceSupportList,
     *   iE-Extensions OPTIONAL, ... } */
    aper_put_bool(w, false);
    aper_put_preamble(w, 0, 1);
    ngap_put_plmn(w, &p->plmn);
    ngap_put_slice_support_list(w, &p->slices);
}

size_t ngap_encode_ng_setup_request(const ngap_ng_setup_request *m, uint8_t *buf, size_t cap)
{
    unsigned gnb_bits = m->gnb_id_bits ? m->gnb_id_bits : 32;
    if (gnb_bits < 22 || gnb_bits > 32 || (gnb_bits < 32 && (m->gnb_id >> gnb_bits)) ||
        m->n_tas < 1 || m->n_tas > NGAP_ENC_MAX_TAS || m->paging_drx > NGAP_DRX_V256)
        return 0;
    aper_writer w;
    aper_init(&w, buf, cap);
    size_t pdu = aper_pdu_begin(&w, APER_PDU_INITIATING, NGAP_PROC_NG_SETUP, APER_CRIT_REJECT);
    aper_put_ie_message_start(&w, m->ran_node_name ? 4 : 3);

    size_t ie = aper_ie_begin(&w, NGAP_ID_GLOBAL_RAN_NODE_ID, APER_CRIT_REJECT);
    aper_put_choice(&w, 0, 4, false);      /* GlobalRANNodeID: globalGNB-ID */
    aper_put_bool(&w, false);              /* GlobalGNB-ID: extension bit */
    aper_put_preamble(&w, 0, 1);           /* iE-Extensions absent */
    ngap_put_plmn(&w, &m->plmn);
    aper_put_choice(&w, 0, 2, false);      /* GNB-ID: gNB-ID BIT STRING (SIZE(22..32)) */
    aper_put_bit_string_u64(&w, m->gnb_id, gnb_bits, 22, 32, false);
    aper_ie_end(&w, ie);

    if (m->ran_node_name) {
        ie = aper_ie_begin(&w, NGAP_ID_RAN_NODE_NAME, APER_CRIT_IGNORE);
        ngap_put_amf_name(&w, m->ran_node_name); /* RANNodeName: same PrintableString type */
        aper_ie_end(&w, ie);
    }

    ie = aper_ie_begin(&w, NGAP_ID_SUPPORTED_TA_LIST, APER_CRIT_REJECT);
    aper_put_length(&w, m->n_tas, 1, NGAP_MAXNOOF_TACS);
    for (size_t i = 0; i < m->n_tas; i++) {
        const ngap_supported_ta *ta = &m->tas[i];
        if (ta->n_plmns < 1 || ta->n_plmns > NGAP_ENC_MAX_PLMNS)
            return 0;
        /* SupportedTAItem ::= SEQUENCE { tAC, broadcastPLMNList, iE-Extensions OPTIONAL, ... } */
        aper_put_bool(&w, false);
        aper_put_preamble(&w, 0, 1);
        ngap_put_tac(&w, ta->tac);
        aper_put_length(&w, ta->n_plmns, 1, NGAP_MAXNOOF_BPLMNS);
        for (size_t j = 0; j < ta->n_plmns; j++)
            put_plmn_slices(&w, &ta->plmns[j]);
    }
    aper_ie_end(&w, ie);

    ie = aper_ie_begin(&w, NGAP_ID_DEFAULT_PAGING_DRX, APER_CRIT_IGNORE);
    aper_put_enumerated(&w, m->paging_drx, 4, true); /* PagingDRX {v32, v64, v128, v256, ...} */
    aper_ie_end(&w, ie);

    return aper_pdu_end(&w, pdu);
}

size_t ngap_encode_ng_setup_response(const ngap_ng_setup_response *m, uint8_t *buf, size_t cap)
{
    if (m->amf_name == NULL || m->n_guamis < 1 || m->n_guamis > NGAP_ENC_MAX_GUAMIS ||
        m->n_plmn_support < 1 || m->n_plmn_support > NGAP_ENC_MAX_PLMNS)
        return 0;
    aper_writer w;
    aper_init(&w, buf, cap);
    size_t pdu = aper_pdu_begin(&w, APER_PDU_SUCCESSFUL, NGAP_PROC_NG_SETUP, APER_CRIT_REJECT);
    aper_put_ie_message_start(&w, 4);

    size_t ie = aper_ie_begin(&w, NGAP_ID_AMF_NAME, APER_CRIT_REJECT);
    ngap_put_amf_name(&w, m->amf_name);
    aper_ie_end(&w, ie);

    ie = aper_ie_begin(&w, NGAP_ID_SERVED_GUAMI_LIST, APER_CRIT_REJECT);
    aper_put_length(&w, m->n_guamis, 1, NGAP_MAXNOOF_SERVED_GUAMIS);
    for (size_t i = 0; i < m->n_guamis; i++) {
        /* ServedGUAMIItem ::= SEQUENCE { gUAMI, backupAMFName OPTIONAL, iE-Extensions OPTIONAL,
         *   ... } */
        aper_put_bool(&w, false);
        aper_put_preamble(&w, 0, 2);
        ngap_put_guami(&w, &m->guamis[i]);
    }
    aper_ie_end(&w, ie);

    ie = aper_ie_begin(&w, NGAP_ID_RELATIVE_AMF_CAPACITY, APER_CRIT_IGNORE);
    aper_put_constrained_whole(&w, m->relative_capacity, 0, 255);
    aper_ie_end(&w, ie);

    ie = aper_ie_begin(&w, NGAP_ID_PLMN_SUPPORT_LIST, APER_CRIT_REJECT);
    aper_put_length(&w, m->n_plmn_support, 1, NGAP_MAXNOOF_PLMNS);
    for (size_t i = 0; i < m->n_plmn_support; i++)
        put_plmn_slices(&w, &m->plmn_support[i]);
    aper_ie_end(&w, ie);

    return aper_pdu_end(&w, pdu);
}

size_t ngap_encode_ng_setup_failure(const ngap_ng_setup_failure *m, uint8_t *buf, size_t cap)
{
    aper_writer w;
    aper_init(&w, buf, cap);
    size_t pdu = aper_pdu_begin(&w, APER_PDU_UNSUCCESSFUL, NGAP_PROC_NG_SETUP, APER_CRIT_REJECT);
    aper_put_ie_message_start(&w, m->has_time_to_wait ? 2 : 1);
    ngap_ie_cause(&w, APER_CRIT_IGNORE, &m->cause);
    if (m->has_time_to_wait) {
        size_t ie = aper_ie_begin(&w, NGAP_ID_TIME_TO_WAIT, APER_CRIT_IGNORE);
        aper_put_enumerated(&w, m->time_to_wait, 6, true); /* TimeToWait {v1s..v60s, ...} */
        aper_ie_end(&w, ie);
    }
    return aper_pdu_end(&w, pdu);
}

size_t ngap_encode_amf_configuration_update(const ngap_amf_configuration_update *m, uint8_t *buf,
                                            size_t cap)
{
    aper_writer w;
    aper_init(&w, buf, cap);
    size_t pdu = aper_pdu_begin(&w, APER_PDU_INITIATING, NGAP_PROC_AMF_CONFIGURATION_UPDATE,
                                APER_CRIT_REJECT);
    aper_put_ie_message_start(&w, (m->amf_name ? 1u : 0u) + (m->has_relative_capacity ? 1u : 0u));
    if (m->amf_name) {
        size_t ie = aper_ie_begin(&w, NGAP_ID_AMF_NAME, APER_CRIT_REJECT);
        ngap_put_amf_name(&w, m->amf_name);
        aper_ie_end(&w, ie);
    }
    if (m->has_relative_capacity) {
        size_t ie = aper_ie_begin(&w, NGAP_ID_RELATIVE_AMF_CAPACITY, APER_CRIT_IGNORE);
        aper_put_constrained_whole(&w, m->relative_capacity, 0, 255);
        aper_ie_end(&w, ie);
    }
    return aper_pdu_end(&w, pdu);
}

size_t ngap_encode_amf_status_indication(const ngap_amf_status_indication *m, uint8_t *buf,
                                         size_t cap)
{
    if (m->n < 1 || m->n > NGAP_ENC_MAX_GUAMIS)
        return 0;
    aper_writer w;
    aper_init(&w, buf, cap);
    size_t pdu = aper_pdu_begin(&w, APER_PDU_INITIATING, NGAP_PROC_AMF_STATUS_INDICATION,
                                APER_CRIT_IGNORE);
    aper_put_ie_message_start(&w, 1);
    size_t ie = aper_ie_begin(&w, NGAP_ID_UNAVAILABLE_GUAMI_LIST, APER_CRIT_REJECT);
    aper_put_length(&w, m->n, 1, NGAP_MAXNOOF_SERVED_GUAMIS);
    for (size_t i = 0; i < m->n; i++) {
        const ngap_unavailable_guami *it = &m->items[i];
        /* UnavailableGUAMIItem ::= SEQUENCE { gUAMI, timerApproachForGUAMIRemoval OPTIONAL,
         *   backupAMFName OPTIONAL, iE-Extensions OPTIONAL, ... } */
        aper_put_bool(&w, false);
        aper_put_preamble(&w, (it->timer_approach ? 4u : 0u) | (it->backup_amf_name ? 2u : 0u), 3);
        ngap_put_guami(&w, &it->guami);
        if (it->timer_approach)
            aper_put_enumerated(&w, 0, 1, true); /* {apply-timer, ...} */
        if (it->backup_amf_name)
            ngap_put_amf_name(&w, it->backup_amf_name);
    }
    aper_ie_end(&w, ie);
    return aper_pdu_end(&w, pdu);
}
