/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rules.h: the fault catalogue as data (ids are the contract of docs/faults.md). */
#ifndef AMFOL_RULES_H
#define AMFOL_RULES_H

#include <stddef.h>

typedef struct amfol_rule {
    const char *id;          /* e.g. "gnb-ignores-overload" */
    int severity;            /* enum amfol_severity */
    const char *title;       /* one line, for Expert Info and the diagnosis */
    const char *check_next;  /* what to check next, one or two sentences */
} amfol_rule;

/* All rules, in catalogue order. */
const amfol_rule *amfol_rules(size_t *n);
const amfol_rule *amfol_rule_find(const char *id);

#endif
