/* SPDX-License-Identifier: GPL-2.0-or-later */
/* NGAP OVERLOAD START / OVERLOAD STOP encoders (TS 38.413 §9.2.6.7, §9.2.6.8). */
#include "ngap_common.h"

static bool valid_action(uint8_t a)
{
    return a <= NGAP_OVERLOAD_PERMIT_HIGH_PRIORITY_AND_MT_ONLY;
}

static bool valid_pct(uint8_t p)
{
    return p >= 1 && p <= 99;
}

/* TrafficLoadReductionIndication ::= INTEGER (1..99) */
static void put_reduction(aper_writer *w, uint8_t pct)
{
    aper_put_integer(w, pct, 1, 99, false);
}

static void put_nssai_item(aper_writer *w, const ngap_overload_nssai_item *it)
{
    /* OverloadStartNSSAIItem ::= SEQUENCE { sliceOverloadList, sliceOverloadResponse OPTIONAL,
     *   sliceTrafficLoadReductionIndication OPTIONAL, iE-Extensions OPTIONAL, ... } */
    aper_put_bool(w, false);
    aper_put_preamble(w, (it->has_action ? 4u : 0u) | (it->has_reduction ? 2u : 0u), 3);
    /* SliceOverloadList ::= SEQUENCE (SIZE(1..maxnoofSliceItems)) OF SliceOverloadItem */
    aper_put_length(w, it->slices.n, 1, NGAP_MAXNOOF_SLICE_ITEMS);
    for (size_t i = 0; i < it->slices.n; i++) {
        /* SliceOverloadItem ::= SEQUENCE { s-NSSAI, iE-Extensions OPTIONAL, ... } */
        aper_put_bool(w, false);
        aper_put_preamble(w, 0, 1);
        ngap_put_snssai(w, &it->slices.items[i]);
    }
    if (it->has_action)
        ngap_put_overload_response(w, it->action);
    if (it->has_reduction)
        put_reduction(w, it->reduction_pct);
}

size_t ngap_encode_overload_start(const ngap_overload_start *m, uint8_t *buf, size_t cap)
{
    if ((m->has_action && !valid_action(m->action)) ||
        (m->has_reduction && !valid_pct(m->reduction_pct)) || m->n_nssai > NGAP_ENC_MAX_NSSAI_ITEMS)
        return 0;
    for (size_t i = 0; i < m->n_nssai; i++) {
        const ngap_overload_nssai_item *it = &m->nssai[i];
        if (it->slices.n < 1 || it->slices.n > NGAP_ENC_MAX_SLICES ||
            (it->has_action && !valid_action(it->action)) ||
            (it->has_reduction && !valid_pct(it->reduction_pct)))
            return 0;
    }
    aper_writer w;
    aper_init(&w, buf, cap);
    size_t pdu = aper_pdu_begin(&w, APER_PDU_INITIATING, NGAP_PROC_OVERLOAD_START,
                                APER_CRIT_IGNORE);
    aper_put_ie_message_start(&w, (m->has_action ? 1u : 0u) + (m->has_reduction ? 1u : 0u) +
                                      (m->n_nssai ? 1u : 0u));
    if (m->has_action) {
        size_t ie = aper_ie_begin(&w, NGAP_ID_AMF_OVERLOAD_RESPONSE, APER_CRIT_REJECT);
        ngap_put_overload_response(&w, m->action);
        aper_ie_end(&w, ie);
    }
    if (m->has_reduction) {
        size_t ie = aper_ie_begin(&w, NGAP_ID_AMF_TRAFFIC_LOAD_REDUCTION_INDICATION,
                                  APER_CRIT_IGNORE);
        put_reduction(&w, m->reduction_pct);
        aper_ie_end(&w, ie);
    }
    if (m->n_nssai) {
        size_t ie = aper_ie_begin(&w, NGAP_ID_OVERLOAD_START_NSSAI_LIST, APER_CRIT_IGNORE);
        aper_put_length(&w, m->n_nssai, 1, NGAP_MAXNOOF_SLICE_ITEMS);
        for (size_t i = 0; i < m->n_nssai; i++)
            put_nssai_item(&w, &m->nssai[i]);
        aper_ie_end(&w, ie);
    }
    return aper_pdu_end(&w, pdu);
}

size_t ngap_encode_overload_stop(uint8_t *buf, size_t cap)
{
    aper_writer w;
    aper_init(&w, buf, cap);
    size_t pdu = aper_pdu_begin(&w, APER_PDU_INITIATING, NGAP_PROC_OVERLOAD_STOP, APER_CRIT_REJECT);
    aper_put_ie_message_start(&w, 0);
    return aper_pdu_end(&w, pdu);
}
