/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_n2_episode.c: one AMF, three gNBs: a non-compliant gNB, a compliant one that replaces its
 * START, loses emergency traffic and gets no STOP, and one never told. Checks per-message
 * results, time queries and exactly the four N2 findings. */
#include "test_n2_util.h"
#include "core/amfol_context.h"

#include <math.h>

#define G1 "10.0.1.1:38412"
#define G2 "10.0.1.2:38412"
#define G3 "10.0.1.3:38412"

static const amfol_finding *find(const amfol_findings *fs, amfol_rule_id rule, const char *gnb)
{
    for (size_t i = 0; i < amfol_findings_count(fs); i++) {
        const amfol_finding *x = amfol_findings_get(fs, i);
        if (x->rule_id == rule && x->gnb && strcmp(x->gnb, gnb) == 0)
            return x;
    }
    return NULL;
}

int main(void)
{
    t_feed f = { amfol_engine_new(NULL), 0, 1000.0 };
    t_setup(&f, 0.0, G1, "gnb-1", "amf-1");        /* frames 1-2 */
    t_setup(&f, 0.1, G2, "gnb-2", "amf-1");        /* frames 3-4 */
    t_setup(&f, 0.2, G3, "gnb-3", "amf-1");        /* frames 5-6 */

    /* Baseline 0..59 s: every gNB 1 mo-Signalling per second; gNB 2 also an emergency every 4 s. */
    for (int s = 0; s < 60; s++) {
        t_iue(&f, s + 0.5, G1, AMFOL_CAUSE_MO_SIGNALLING);
        t_iue(&f, s + 0.5, G2, AMFOL_CAUSE_MO_SIGNALLING);
        t_iue(&f, s + 0.5, G3, AMFOL_CAUSE_MO_SIGNALLING);
        if (s % 4 == 0)
            t_iue(&f, s + 0.6, G2, AMFOL_CAUSE_EMERGENCY);
    }
    amfol_frame before_start = f.frame;
    CHECK(before_start == 6 + 180 + 15);

    amfol_n2_result r = t_start(&f, 60.0, G1, AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING, AMFOL_ABSENT);
    amfol_frame start1 = f.frame;
    CHECK(r.relevant && r.is_start && !r.replaced && r.episode == 1 && r.level == AMFOL_LEVEL_MAJOR);
    CHECK(strcmp(r.amf, "amf-1") == 0 && strcmp(r.gnb, "gnb-1") == 0 && !r.amf_named_by_transport);
    r = t_start(&f, 60.0, G2, AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING, 50);
    amfol_frame start2 = f.frame;
    CHECK(r.episode == 1 && r.reduction_pct == 50);

    /* 60..119 s: gNB 1 keeps everything (ignores), gNB 2 passes every 2nd (50 %) and no emergency,
     * gNB 3 (never told) unchanged. At 90 s gNB 2's START is replaced by one with 30 %. */
    amfol_frame first_shed_g1 = 0;
    amfol_n2_result replaced;
    memset(&replaced, 0, sizeof replaced);
    for (int s = 60; s < 120; s++) {
        if (s == 90) {
            replaced = t_start(&f, 90.0, G2, AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING, 30);
            CHECK(replaced.replaced && replaced.replaced_frame == start2 && replaced.episode == 1);
        }
        amfol_n2_result x = t_iue(&f, s + 0.5, G1, AMFOL_CAUSE_MO_SIGNALLING);
        CHECK(x.in_overload && x.shed_expected && !x.exempt && x.start_frame == start1);
        CHECK(fabs(x.since_start_s - (s - 60 + 0.5)) < 1e-9);
        if (s == 61)
            first_shed_g1 = f.frame;
        if (s % 2 == 0)
            t_iue(&f, s + 0.5, G2, AMFOL_CAUSE_MO_SIGNALLING);
        x = t_iue(&f, s + 0.5, G3, AMFOL_CAUSE_MO_SIGNALLING);
        CHECK(!x.in_overload && !x.shed_expected);
    }
    r = t_stop(&f, 120.0, G1);
    amfol_frame stop1 = f.frame;
    CHECK(r.is_stop && !r.stop_without_start && r.start_frame == start1 && fabs(r.episode_duration_s - 60.0) < 1e-9);
    r = t_stop(&f, 121.0, G1);                     /* a second STOP: nothing in force */
    CHECK(r.stop_without_start);
    amfol_n2_result x = t_iue(&f, 125.0, G1, AMFOL_CAUSE_EMERGENCY);
    CHECK(!x.in_overload && !x.exempt);
    x = t_iue(&f, 126.0, G2, AMFOL_CAUSE_EMERGENCY);
    CHECK(x.in_overload && x.exempt && !x.shed_expected && x.reduction_pct == 30);
    t_iue(&f, 130.0, G3, AMFOL_CAUSE_MO_DATA);       /* capture ends at t0 + 130 */

    /* Time queries for the other modules. */
    amfol_endpoint amf_ep, g1, g2;
    snprintf(amf_ep.text, sizeof amf_ep.text, AMF_EP);
    snprintf(g1.text, sizeof g1.text, G1);
    snprintf(g2.text, sizeof g2.text, G2);
    amfol_overload_view v;
    CHECK(amfol_n2_overload_for_assoc(f.e->n2, &g1, &amf_ep, 1059.0, &v) && !v.in_overload);
    CHECK(amfol_n2_overload_for_assoc(f.e->n2, &amf_ep, &g1, 1070.0, &v) && v.in_overload && v.start_frame == start1);
    CHECK(amfol_n2_overload_for_assoc(f.e->n2, &amf_ep, &g1, 1120.5, &v) && !v.in_overload);
    CHECK(amfol_n2_overload_for_assoc(f.e->n2, &amf_ep, &g2, 1095.0, &v) && v.reduction_pct == 30);
    CHECK(amfol_n2_overload_for_assoc(f.e->n2, &amf_ep, &g2, 1080.0, &v) && v.reduction_pct == 50);
    CHECK(amfol_n2_overload_for_amf(f.e->n2, "amf-1", 1125.0, &v) && v.in_overload && strcmp(v.gnb, "gnb-2") == 0);
    CHECK(strcmp(amfol_n2_gnb_name(f.e->n2, &amf_ep, &g2), "gnb-2") == 0);

    const amfol_findings *fs = amfol_engine_finish(f.e);
    for (size_t i = 0; i < amfol_findings_count(fs); i++) {
        const amfol_finding *y = amfol_findings_get(fs, i);
        printf("  %s %s %s first %u count %u: %s\n", y->rule, y->amf, y->gnb, y->first_frame, y->count, y->summary);
    }
    CHECK(amfol_findings_count(fs) == 4);
    const amfol_finding *ig = find(fs, AMFOL_RULE_GNB_IGNORES_OVERLOAD, "gnb-1");
    CHECK(ig && ig->first_frame == start1 && ig->frames[0] == start1 && ig->frames[1] == first_shed_g1);
    CHECK(ig->count == 59 && ig->n_frames == 32 && strcmp(ig->amf, "amf-1") == 0);
    const amfol_finding *pa = find(fs, AMFOL_RULE_OVERLOAD_START_PARTIAL, "gnb-3");
    CHECK(pa && pa->first_frame == start1 && pa->n_frames == 3);
    CHECK(pa->frames[0] == start1 && pa->frames[1] == start2 && pa->frames[2] == replaced.start_frame);
    const amfol_finding *sm = find(fs, AMFOL_RULE_OVERLOAD_STOP_MISSING, "gnb-2");
    CHECK(sm && sm->first_frame == start2 && sm->n_frames == 2 && sm->count == 2);
    CHECK(strstr(sm->summary, "70.0 s at capture end"));
    const amfol_finding *ex = find(fs, AMFOL_RULE_OVERLOAD_EXEMPT_SHED, "gnb-2");
    CHECK(ex && ex->first_frame == start2 && ex->count == 15);
    CHECK(find(fs, AMFOL_RULE_GNB_IGNORES_OVERLOAD, "gnb-2") == NULL);   /* compliant */
    (void)stop1;
    (void)before_start;

    /* Findings are stable: a second finish returns the same list. */
    CHECK(amfol_engine_finish(f.e) == fs && amfol_findings_count(fs) == 4);
    amfol_engine_free(f.e);
    printf("test_n2_episode: ok\n");
    return 0;
}
