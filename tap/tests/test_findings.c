/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_findings.c: the finding list keeps evidence sorted, capped, and indexed by frame. */
#include "core/amfol_findings.h"
#include "core/amfol_rules.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    amfol_findings *f = amfol_findings_new();
    assert(amfol_findings_add(f, "no-such-rule") == NULL);

    amfol_finding *w = amfol_findings_add(f, "overload-stop-missing");
    amfol_finding *e = amfol_findings_add(f, "gnb-ignores-overload");
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
    assert(n == 25 && strcmp(r[0].id, "gnb-ignores-overload") == 0);
    amfol_findings_free(f);
    printf("test_findings: ok\n");
    return 0;
}
