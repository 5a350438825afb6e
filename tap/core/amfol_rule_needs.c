/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rule_needs.c: the evidence each catalogue rule needs (amfol_rule_needs.h). Kept beside
 * the catalogue rather than in it, so that adding a rule row stays a one-line change; the unit
 * test rule_needs fails for a row without needs. */
#include "amfol_rule_needs.h"

#include <stdio.h>
#include <string.h>

#define N2 AMFOL_NEED_N2
#define RADIO AMFOL_NEED_RADIO
#define NAS AMFOL_NEED_NAS
#define HDRS AMFOL_NEED_SBI_HEADERS
#define NRF AMFOL_NEED_NRF
#define START AMFOL_NEED_START

static const unsigned needs[AMFOL_RULE_COUNT] = {
    /* gNB shedding judged on N2: its INITIAL UE MESSAGEs before and after the START. */
    [AMFOL_RULE_GNB_IGNORES_OVERLOAD] = N2 | START,
    [AMFOL_RULE_OVERLOAD_START_PARTIAL] = N2,
    [AMFOL_RULE_OVERLOAD_STOP_MISSING] = N2,
    [AMFOL_RULE_OVERLOAD_EXEMPT_SHED] = N2 | START,
    [AMFOL_RULE_OVERLOAD_ACTION_ABSENT] = N2,
    /* Radio side: the gNB's RRC answers, and N2 for the overload in force. */
    [AMFOL_RULE_RRC_REJECT_WITHOUT_OVERLOAD] = RADIO | N2,
    [AMFOL_RULE_REJECTS_AFTER_OVERLOAD_STOP] = RADIO | N2,
    [AMFOL_RULE_GNB_OVER_SHEDS] = RADIO | N2 | START,
    [AMFOL_RULE_EXEMPT_ACCESS_REJECTED] = RADIO | N2,
    [AMFOL_RULE_SLICE_OVERLOAD_BLOCKS_SLICE] = RADIO | N2,
    [AMFOL_RULE_SLICE_OVERLOAD_MISCONFIGURED] = N2,
    [AMFOL_RULE_REJECT_WAITTIME_SYNCHRONISED] = RADIO,
    /* NAS: the rejects and the UEs' next attempts must be readable. */
    [AMFOL_RULE_UE_EARLY_RETRY] = NAS,
    [AMFOL_RULE_T3346_MISSING] = NAS,
    [AMFOL_RULE_T3346_ZERO_OR_DEACTIVATED] = NAS,
    [AMFOL_RULE_T3346_SHORT] = NAS,
    [AMFOL_RULE_T3346_NOT_RANDOMISED] = NAS,
    [AMFOL_RULE_CONGESTION_REJECT_OUTSIDE_OVERLOAD] = NAS | N2,
    [AMFOL_RULE_BACKOFF_STORM] = NAS,
    /* SBI and the AMF Set. */
    [AMFOL_RULE_NRF_LOAD_STALE] = N2 | NRF | HDRS,
    [AMFOL_RULE_CASCADING_OVERLOAD] = N2 | HDRS,
    [AMFOL_RULE_REBALANCING_TO_LOADED_TARGET] = HDRS | NRF,
    [AMFOL_RULE_SBI_OVERLOAD_IGNORED] = HDRS,
    [AMFOL_RULE_SBI_OCI_MALFORMED] = HDRS,
    /* Overload without control: the AMF's answers (N2) and its NAS rejects. */
    [AMFOL_RULE_OVERLOAD_CONTROL_ABSENT] = N2 | NAS,
    [AMFOL_RULE_OVERLOAD_CONTROL_LATE] = N2 | NAS,
    /* The gNB's next NG SETUP after an NG SETUP FAILURE with Time To Wait: both on N2. */
    [AMFOL_RULE_NG_SETUP_BEFORE_TIME_TO_WAIT] = N2,
};

unsigned amfol_rule_needs(amfol_rule_id rule)
{
    return (unsigned)rule < AMFOL_RULE_COUNT ? needs[rule] : 0;
}

unsigned amfol_rule_needs_for_layer(amfol_rule_id rule, const char *layer)
{
    unsigned n = amfol_rule_needs(rule);
    if (rule == AMFOL_RULE_EXEMPT_ACCESS_REJECTED && layer && strcmp(layer, "nas") == 0)
        n = (n & ~(unsigned)AMFOL_NEED_RADIO) | AMFOL_NEED_NAS;
    return n;
}

const char *amfol_need_name(unsigned need)
{
    switch (need) {
    case AMFOL_NEED_N2: return "N2";
    case AMFOL_NEED_RADIO: return "radio side (F1 with NR RRC)";
    case AMFOL_NEED_NAS: return "plain or deciphered NAS";
    case AMFOL_NEED_SBI_HEADERS: return "readable HTTP/2 headers";
    case AMFOL_NEED_NRF: return "NRF traffic";
    case AMFOL_NEED_START: return "the time around the START";
    default: return "";
    }
}

void amfol_need_list(unsigned needs_mask, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (unsigned bit = 1; bit <= AMFOL_NEED_ALL && len < cap; bit <<= 1)
        if (needs_mask & bit)
            len += (size_t)snprintf(buf + len, cap - len, "%s%s", len ? " + " : "", amfol_need_name(bit));
}
