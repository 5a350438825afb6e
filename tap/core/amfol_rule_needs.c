/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rule_needs.c: the evidence each catalogue rule needs (amfol_rule_needs.h), from the NEEDS
 * column of the catalogue (amfol_rules.def): written once, in the rule's row. */
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
#define AMFOL_RULE(name, id, domain, severity, ts, title, next, needs_) [AMFOL_RULE_##name] = (needs_),
#include "amfol_rules.def"
#undef AMFOL_RULE
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
