/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_n2_timeline.c: the N2 overload timeline as the other modules read it (per-association
 * START segments, AMF-wide episodes) and the engine's routing rules (one association numbering,
 * a NULL event reaches only the owner of its kind). */
#include "test_n2_util.h"
#include "core/amfol_context.h"
#include "n2/amfol_n2.h"

#define GNB1 "10.0.1.1:38412"
#define GNB2 "10.0.1.2:38412"

int main(void)
{
    t_feed f = { amfol_engine_new(NULL), 0, 1000.0 };
    t_setup(&f, 0.0, GNB1, "gnb-1", "amf-1");
    t_setup(&f, 0.1, GNB2, "gnb-2", "amf-1");
    amfol_endpoint amf = { AMF_EP }, g1 = { GNB1 }, g2 = { GNB2 };
    int a1 = amfol_n2_assoc_find(f.e->n2, &amf, &g1), a2 = amfol_n2_assoc_find(f.e->n2, &g2, &amf);
    CHECK(a1 == 0 && a2 == 1);                       /* either endpoint order, creation order */
    CHECK(amfol_n2_assoc_last_segment(f.e->n2, a1) == -1 && amfol_n2_segment_count(f.e->n2) == 0);

    /* gnb-1: START, replacing START, STOP; gnb-2: START only (in force at the end). */
    t_start(&f, 10.0, GNB1, AMFOL_ACTION_REJECT_NON_EMERGENCY_MO_DT, 50);   /* frame 5 */
    t_start(&f, 11.0, GNB2, AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING, AMFOL_ABSENT);   /* 6 */
    t_start(&f, 20.0, GNB1, AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING, 80);    /* 7: replaces 5 */
    t_stop(&f, 30.0, GNB1);                                                 /* 8 */
    CHECK(amfol_n2_segment_count(f.e->n2) == 3);
    const amfol_n2_segment *s0 = amfol_n2_segment_get(f.e->n2, 0);
    const amfol_n2_segment *s1 = amfol_n2_segment_get(f.e->n2, 1);
    const amfol_n2_segment *s2 = amfol_n2_segment_get(f.e->n2, 2);
    CHECK(s0->assoc == (uint32_t)a1 && s0->episode == 1 && s0->start_frame == 5 && s0->replaced &&
          s0->stop_frame == 0 && s0->end_time == 1020.0 && s0->reduction_pct == 50);
    CHECK(s1->assoc == (uint32_t)a2 && s1->episode == 1 && s1->end_time < 0 && !s1->replaced);
    CHECK(s2->assoc == (uint32_t)a1 && s2->episode == 1 && s2->start_frame == 7 && !s2->replaced &&
          s2->stop_frame == 8 && s2->end_time == 1030.0 && s2->action == AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING);
    CHECK(amfol_n2_assoc_last_segment(f.e->n2, a1) == 2 && amfol_n2_assoc_last_segment(f.e->n2, a2) == 1);
    CHECK(amfol_n2_segment_get(f.e->n2, 3) == NULL && amfol_n2_segment_get(f.e->n2, -1) == NULL);

    /* One AMF-wide episode, open while gnb-2 has no STOP. */
    amfol_n2_episode_view v;
    CHECK(amfol_n2_episode_count(f.e->n2) == 1 && amfol_n2_episode_get(f.e->n2, 0, &v));
    CHECK(strcmp(v.amf, "amf-1") == 0 && v.number == 1 && v.start_frame == 5 && v.stop_frame == 0);
    CHECK(!amfol_n2_episode_at(f.e->n2, "amf-1", 1009.9, &v));
    CHECK(amfol_n2_episode_at(f.e->n2, "amf-1", 1040.0, &v) && v.start_frame == 5);
    CHECK(!amfol_n2_episode_at(f.e->n2, "amf-9", 1040.0, &v));
    t_stop(&f, 40.0, GNB2);                                                 /* 9: episode ends */
    CHECK(amfol_n2_episode_get(f.e->n2, 0, &v) && v.stop_frame == 9 && v.stop_time == 1040.0);
    CHECK(!amfol_n2_episode_at(f.e->n2, "amf-1", 1040.0, &v));
    t_start(&f, 50.0, GNB1, AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING, AMFOL_ABSENT);   /* 10 */
    CHECK(amfol_n2_episode_count(f.e->n2) == 2 && amfol_n2_episode_get(f.e->n2, 1, &v) && v.number == 2);
    CHECK(amfol_n2_segment_get(f.e->n2, 3)->episode == 2);   /* per association: gnb-1's second */

    /* Routing: a NULL event reaches only the owner (N2 answers "nothing to show"). */
    amfol_n2_result r;
    amfol_engine_ngap(f.e, NULL, &r);
    CHECK(!r.relevant);
    amfol_nas_result nr;
    amfol_engine_nas(f.e, NULL, &nr);
    CHECK(!nr.relevant);
    amfol_sbi_result sr;
    amfol_engine_sbi(f.e, NULL, &sr);
    amfol_rrc_result rr;
    amfol_engine_rrc(f.e, NULL, &rr);
    CHECK(!rr.relevant);
    amfol_engine_sctp(f.e, NULL);
    amfol_engine_free(f.e);
    printf("test_n2_timeline: ok\n");
    return 0;
}
