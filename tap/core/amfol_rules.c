/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rules.c: the rule table, generated from amfol_rules.def. */
#include "amfol_rules.h"
#include "amfol_types.h"

#include <string.h>

static const amfol_rule rules[] = {
#define AMFOL_RULE(name, id, domain, severity, ts, title, next, needs) \
    { AMFOL_RULE_##name, id, AMFOL_DOMAIN_##domain, AMFOL_SEV_##severity, ts, title, next },
#include "amfol_rules.def"
#undef AMFOL_RULE
};

_Static_assert(sizeof rules / sizeof rules[0] == AMFOL_RULE_COUNT, "one row per enum constant");

const amfol_rule *amfol_rules(size_t *n)
{
    *n = AMFOL_RULE_COUNT;
    return rules;
}

const amfol_rule *amfol_rule_get(amfol_rule_id rule)
{
    return (unsigned)rule < AMFOL_RULE_COUNT ? &rules[rule] : NULL;
}

const amfol_rule *amfol_rule_find(const char *id)
{
    for (size_t i = 0; id && i < AMFOL_RULE_COUNT; i++)
        if (strcmp(rules[i].id, id) == 0)
            return &rules[i];
    return NULL;
}

const char *amfol_domain_name(amfol_domain d)
{
    static const char *const names[] = { "n2", "rrc", "nas", "sbi", "correlate" };
    return (unsigned)d < sizeof names / sizeof names[0] ? names[d] : "unknown";
}
