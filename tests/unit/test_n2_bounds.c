/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_n2_bounds.c: bad input is normal input: more associations than the cap, STARTs beyond the
 * segment budget, timestamps going backwards, a STOP with nothing in force, a PDU without
 * endpoints; everything is counted or reported as unknown, nothing crashes or grows unbounded. */
#include "test_n2_util.h"
#include "n2/amfol_n2_internal.h"
#include "core/amfol_context.h"

int main(void)
{
    t_feed f = { amfol_engine_new(NULL), 0, 1000.0 };
    char ep[64];
    /* 1100 gNB associations: the table keeps 1024 and counts the PDUs of the rest */
    for (int i = 0; i < 1100; i++) {
        snprintf(ep, sizeof ep, "10.1.%d.%d:38412", i / 250, i % 250);
        amfol_n2_result r = t_iue(&f, i * 0.001, ep, AMFOL_CAUSE_MO_DATA);
        CHECK(i < N2_MAX_ASSOCS ? r.gnb != NULL : r.gnb == NULL);
    }
    CHECK(f.e->n2->assocs->len == N2_MAX_ASSOCS && f.e->n2->assocs_dropped == 1100 - N2_MAX_ASSOCS);

    /* 300 STARTs on one association: one episode, updates capped at 256 but counted */
    for (int i = 0; i < 300; i++)
        t_start(&f, 10.0 + i, "10.1.0.1:38412", i % 4, 10 + i % 80);
    n2_amf *amf = g_ptr_array_index(f.e->n2->amfs, 0);
    n2_episode *ep1 = g_ptr_array_index(amf->episodes, 0);
    CHECK(amf->episodes->len == 1 && ep1->n_updates == 300 && ep1->updates->len == N2_MAX_UPDATES_PER_EPISODE);
    n2_part *part = g_ptr_array_index(ep1->parts, 0);
    CHECK(part->n_starts == 300 && part->n_start_frames == N2_MAX_START_FRAMES);

    /* time going backwards: results stay defined */
    amfol_n2_result r = t_iue(&f, 5.0, "10.1.0.1:38412", AMFOL_CAUSE_MO_SIGNALLING);
    CHECK(r.in_overload && r.since_start_s < 0);
    amfol_endpoint a, b;
    snprintf(a.text, sizeof a.text, "10.1.0.1:38412");
    snprintf(b.text, sizeof b.text, AMF_EP);
    amfol_overload_view v;
    CHECK(amfol_n2_overload_for_assoc(f.e->n2, &a, &b, 1.0, &v) && !v.in_overload);

    /* first STOP of an association with no START seen: an overload from before the capture */
    r = t_stop(&f, 399.0, "10.1.0.2:38412");
    CHECK(r.is_stop && r.stop_before_capture && !r.stop_without_start && f.e->n2->stops_without_start == 0);
    /* ... it joins the AMF's episode in force, as a part whose START was not captured */
    CHECK(amf->episodes->len == 1 && ep1->parts->len == 2 &&
          ((n2_part *)g_ptr_array_index(ep1->parts, 1))->before_capture);
    /* a second STOP with nothing in force */
    r = t_stop(&f, 400.0, "10.1.0.2:38412");
    CHECK(r.is_stop && r.stop_without_start && f.e->n2->stops_without_start == 1);

    /* an InitialUEMessage whose cause was lost (truncated PDU) is shown, not counted */
    uint64_t before = ((n2_assoc *)g_ptr_array_index(f.e->n2->assocs, 1))->initial_ue;
    r = t_iue(&f, 401.0, "10.1.0.2:38412", AMFOL_ABSENT);
    CHECK(r.is_initial_ue && !r.in_overload && ((n2_assoc *)g_ptr_array_index(f.e->n2->assocs, 1))->initial_ue == before);

    /* a PDU without transport endpoints (e.g. a user DLT carrying bare NGAP) */
    t_feed g = { amfol_engine_new(NULL), 0, 1000.0 };
    amfol_ngap_event ev = t_ev(&g, 1.0, "", "", 0, 22);
    r = t_push(&g, &ev);
    CHECK(r.is_start && r.amf != NULL && r.episode == 1);
    amfol_engine_free(g.e);

    /* NULL event and unknown queries */
    amfol_engine_ngap(f.e, NULL, &r);
    CHECK(!r.relevant);
    CHECK(!amfol_n2_overload_for_amf(f.e->n2, "no-such-amf", 1.0, &v));
    CHECK(amfol_n2_amf_name(f.e->n2, &b, &b) == NULL);

    const amfol_findings *fs = amfol_engine_finish(f.e);
    CHECK(amfol_findings_count(fs) > 0);           /* partial + stop-missing at least, no crash */
    GString *s = g_string_new(NULL);
    amfol_n2_report_timeline(f.e, s);
    CHECK(strstr(s->str, "Not tracked (tables full): 76 PDUs of new associations"));
    CHECK(strstr(s->str, "... 44 more STARTs not listed"));
    g_string_free(s, TRUE);
    amfol_engine_free(f.e);
    printf("test_n2_bounds: ok\n");
    return 0;
}
