/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rules.h: the fault catalogue (amfol_rules.def) as an enum plus a table. Code names a rule
 * by its enum constant (AMFOL_RULE_GNB_IGNORES_OVERLOAD), never by its id string. */
#ifndef AMFOL_RULES_H
#define AMFOL_RULES_H

#include <stddef.h>

typedef enum amfol_rule_id {
#define AMFOL_RULE(name, id, domain, severity, ts, title, next, needs) AMFOL_RULE_##name,
#include "amfol_rules.def"
#undef AMFOL_RULE
    AMFOL_RULE_COUNT
} amfol_rule_id;

/* The module that owns a rule (raises it; other modules may raise it too, see faults.md). */
typedef enum amfol_domain {
    AMFOL_DOMAIN_N2,
    AMFOL_DOMAIN_RRC,
    AMFOL_DOMAIN_NAS,
    AMFOL_DOMAIN_SBI,
    AMFOL_DOMAIN_CORRELATE,     /* rules that span domains (tap/correlate/) */
} amfol_domain;

typedef struct amfol_rule {
    amfol_rule_id num;
    const char *id;          /* the contract of docs/faults.md, reports and tests */
    amfol_domain domain;
    int severity;            /* enum amfol_severity: the default */
    const char *ts_clause;   /* the 3GPP clause the verdict rests on */
    const char *title;       /* one line, for Expert Info and the diagnosis */
    const char *check_next;  /* what to check next, one or two sentences */
} amfol_rule;

/* All rules, in catalogue order (index == amfol_rule_id). */
const amfol_rule *amfol_rules(size_t *n);
/* The row of a rule; NULL only for an out-of-range value. */
const amfol_rule *amfol_rule_get(amfol_rule_id rule);
/* The row with this id string (for outside input such as tests or preferences); NULL if none. */
const amfol_rule *amfol_rule_find(const char *id);
const char *amfol_domain_name(amfol_domain d);

#endif
