/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_after_stop.c: rejects-after-overload-stop, with the SCTP trouble seen around the STOP. */
#include "amfol_rrc_rules.h"
#include "../core/amfol_context.h"

/* rejects-after-overload-stop: shed-class rejects after a STOP (+ grace, at reject time) with no
 * START in force; one finding per STOP and cell. */
typedef struct after_stop_item {
    int32_t stop_seg;
    uint32_t cell;
    uint32_t rej;
} after_stop_item;

static int cmp_after_stop(const void *pa, const void *pb)
{
    const after_stop_item *a = pa, *b = pb;
    if (a->stop_seg != b->stop_seg)
        return a->stop_seg < b->stop_seg ? -1 : 1;
    if (a->cell != b->cell)
        return a->cell < b->cell ? -1 : 1;
    return a->rej < b->rej ? -1 : a->rej > b->rej;
}

/* A gNB may reject for its own admission control (TS 38.413 §8.7.8.2 asks it to "resume normal
 * operation", not to reject nothing): the shed-class rejects after the STOP must come clearly
 * faster than in the baseline window before the episode (one-sided Poisson, p < P_LIMIT).
 * Without a baseline window, MIN_AFTER_STOP rejects are enough. */
static bool above_pre_episode_rate(amfol_engine *e, const after_stop_item *v, guint n, double *expected)
{
    amfol_rrc *s = e->rrc;
    const rrc_segment *st = rrc_seg(s, v[0].stop_seg);
    double span_b;
    uint32_t k_b = rrc_rejects_before(e, v[0].cell, st, AMFOL_RRC_CLASS_SHED, rrc_episode_first_start(s, st), &span_b);
    *expected = 0.0;
    if (span_b <= 0)
        return true;
    double grace = e->cfg.grace_ms / 1000.0;
    double span_a = g_array_index(s->rejs, rrc_rej, v[n - 1].rej).time - (st->end_time + grace);
    if (span_a < 1.0)
        span_a = 1.0;
    *expected = k_b / span_b * span_a;
    return rrc_clearly_above(n, *expected);
}

static void after_stop_finding(amfol_engine *e, amfol_findings *out, const after_stop_item *v, guint n)
{
    amfol_rrc *s = e->rrc;
    const rrc_segment *st = rrc_seg(s, v[0].stop_seg);
    double expected;
    if (!above_pre_episode_rate(e, v, n, &expected))
        return;
    amfol_finding *f = rrc_new_finding(out, AMFOL_RULE_REJECTS_AFTER_OVERLOAD_STOP, rrc_assoc_amf_name(e, st->assoc),
                                   rrc_cell_gnb(e, v[0].cell), rrc_cell_name(s, v[0].cell));
    if (!f)
        return;
    amfol_finding_add_frame(f, st->stop_frame);
    for (guint i = 0; i < n; i++)
        amfol_finding_add_frame(f, g_array_index(s->rejs, rrc_rej, v[i].rej).frame);
    f->first_frame = st->stop_frame;
    f->count = n;
    int kinds[4] = { 0 };
    amfol_frame tf = 0;
    int nt = rrc_trouble_near(s, st->assoc, st->end_time, TROUBLE_WINDOW_S, &tf, kinds);
    double last = g_array_index(s->rejs, rrc_rej, v[n - 1].rej).time - st->end_time;
    if (nt)
        amfol_finding_set_summary(f,
            "%u shed-class RRCRejects after OVERLOAD STOP (frame %u, %.1f expected at the pre-episode rate), "
            "the last %.1f s after it; SCTP trouble "
            "on the N2 association within %.0f s of the STOP: %d retransmission(s), %d ABORT(s), %d SHUTDOWN(s) "
            "(first frame %u): the STOP may not have been received",
            n, st->stop_frame, expected, last, TROUBLE_WINDOW_S, kinds[AMFOL_SCTP_RETRANSMISSION], kinds[AMFOL_SCTP_ABORT],
            kinds[AMFOL_SCTP_SHUTDOWN], tf);
    else
        amfol_finding_set_summary(f,
            "%u shed-class RRCRejects after OVERLOAD STOP (frame %u, %.1f expected at the pre-episode rate), "
            "the last %.1f s after it; no SCTP trouble seen on the N2 association within %.0f s of the STOP: "
            "the gNB did not process it",
            n, st->stop_frame, expected, last, TROUBLE_WINDOW_S);
}

void rrc_judge_after_stop(amfol_engine *e, amfol_findings *out)
{
    amfol_rrc *s = e->rrc;
    double grace = e->cfg.grace_ms / 1000.0;
    GArray *items = g_array_new(FALSE, FALSE, sizeof(after_stop_item));
    for (guint i = 0; i < s->rejs->len; i++) {
        const rrc_rej *j = &g_array_index(s->rejs, rrc_rej, i);
        if (j->req == RRC_NO_IX)
            continue;
        const rrc_req *r = &g_array_index(s->reqs, rrc_req, j->req);
        const rrc_segment *st = rrc_seg(s, r->stop_seg);
        if (r->seg >= 0 || r->unattributed || !st || j->time - st->end_time < grace ||
            rrc_segment_classify(st, r->cause) != AMFOL_RRC_CLASS_SHED)
            continue;
        after_stop_item it = { r->stop_seg, r->cell, i };
        g_array_append_val(items, it);
    }
    g_array_sort(items, cmp_after_stop);
    after_stop_item *v = (after_stop_item *)(void *)items->data;
    for (guint i = 0; i < items->len;) {
        guint k = i + 1;
        while (k < items->len && v[k].stop_seg == v[i].stop_seg && v[k].cell == v[i].cell)
            k++;
        if (k - i >= MIN_AFTER_STOP)
            after_stop_finding(e, out, v + i, k - i);
        i = k;
    }
    g_array_free(items, TRUE);
}

