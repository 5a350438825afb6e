/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rule_needs.h: what a capture must hold for each rule of the catalogue to accuse (one
 * question per rule: what must the capture show to prove it?). The engine checks these needs per
 * finding against what the capture held for the finding's AMF and gNB (tap/correlate/
 * amfol_coverage*.c); a finding whose evidence is missing becomes a note that says what was seen
 * and what would settle it (docs/faults.md, "Evidence a rule needs"). */
#ifndef AMFOL_RULE_NEEDS_H
#define AMFOL_RULE_NEEDS_H

#include "amfol_rules.h"

enum amfol_need {
    AMFOL_NEED_N2 = 1,           /* NGAP of the AMF / gNB the finding names */
    AMFOL_NEED_RADIO = 2,        /* the radio side of that gNB: F1 with NR RRC */
    AMFOL_NEED_NAS = 4,          /* plain or deciphered NAS of that AMF */
    AMFOL_NEED_SBI_HEADERS = 8,  /* HTTP/2 with readable headers (HPACK state from the start) */
    AMFOL_NEED_NRF = 16,         /* the AMF's own traffic with the NRF (NFRegister / NFUpdate) */
    AMFOL_NEED_START = 32,       /* the time around the START: the START and the minutes before it */
};
#define AMFOL_NEED_ALL 63

/* The needs of a rule (bit mask of enum amfol_need); 0 for a rule that declares none (a test
 * requires every catalogue row to declare its needs). */
unsigned amfol_rule_needs(amfol_rule_id rule);
/* The needs of one finding: a rule several layers raise (exempt-access-rejected on the radio
 * side or in NAS) needs the layer the finding was drawn from. */
unsigned amfol_rule_needs_for_layer(amfol_rule_id rule, const char *layer);
/* "N2", "radio side (F1 with NR RRC)", ... for one bit; "" for none. */
const char *amfol_need_name(unsigned need);
/* "N2 + NAS" into buf (cap >= 2). */
void amfol_need_list(unsigned needs, char *buf, size_t cap);

#endif
