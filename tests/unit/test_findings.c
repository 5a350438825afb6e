/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_findings.c: the finding list keeps evidence sorted, capped, and indexed by frame. */
#include "core/amfol_findings.h"
#include "core/amfol_rules.h"
#include "core/amfol_rule_needs.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    amfol_findings *f = amfol_findings_new();
    assert(amfol_rule_find("no-such-rule") == NULL && amfol_rule_get(AMFOL_RULE_COUNT) == NULL);

    amfol_finding *w = amfol_findings_add(f, AMFOL_RULE_OVERLOAD_STOP_MISSING);
    amfol_finding *e = amfol_findings_add(f, AMFOL_RULE_GNB_IGNORES_OVERLOAD);
    assert(w && e && e->severity == AMFOL_SEV_ERROR && w->severity == AMFOL_SEV_WARNING);
    for (amfol_frame fr = 100; fr > 0; fr -= 2)      /* 50 frames, descending, one duplicate */
        amfol_finding_add_frame(e, fr);
    amfol_finding_add_frame(e, 10);
    assert(e->n_frames == AMFOL_FINDING_MAX_FRAMES);
    assert(e->frames[0] == 2 && e->frames[31] == 64); /* the earliest 32 are kept */
    amfol_finding_add_frame(w, 7);
    amfol_finding_set_entities(w, "amf-1", "gnb-2", NULL, "");
    assert(strcmp(w->amf, "amf-1") == 0 && w->ue == NULL);

    amfol_findings_sort(f);
    assert(amfol_findings_get(f, 0) == e);           /* error before warning */
    const amfol_finding *hits[4];
    assert(amfol_findings_for_frame(f, 7, hits, 4) == 1 && hits[0] == w);
    assert(amfol_findings_for_frame(f, 4, hits, 4) == 1 && hits[0] == e);
    assert(amfol_findings_for_frame(f, 5, hits, 4) == 0);

    size_t n;
    const amfol_rule *r = amfol_rules(&n);
    assert(n == AMFOL_RULE_COUNT && r[0].num == AMFOL_RULE_GNB_IGNORES_OVERLOAD);
    for (size_t i = 0; i < n; i++) {      /* every row complete, ids unique, index == enum */
        assert(r[i].num == (amfol_rule_id)i && amfol_rule_find(r[i].id) == &r[i]);
        /* a TS clause, or amfol's policy saying that no "shall" is behind it (and its context) */
        assert(*r[i].title && *r[i].check_next &&
               (strncmp(r[i].ts_clause, "TS ", 3) == 0 ||
                (strncmp(r[i].ts_clause, "amfol policy (no 3GPP \"shall\"", 29) == 0 &&
                 r[i].severity != AMFOL_SEV_ERROR)));
        /* one question per rule: what must the capture hold to prove it (declared, N2 or more) */
        if (amfol_rule_needs((amfol_rule_id)i) == 0)
            fprintf(stderr, "rule %s declares no evidence need (its NEEDS in tap/core/amfol_rules.def)\n", r[i].id);
        assert(amfol_rule_needs((amfol_rule_id)i) != 0);
        assert(strcmp(amfol_domain_name(r[i].domain), "unknown") != 0);
    }
    assert(strcmp(e->rule, amfol_rule_get(AMFOL_RULE_GNB_IGNORES_OVERLOAD)->id) == 0);
    amfol_findings_free(f);
    printf("test_findings: ok\n");
    return 0;
}
