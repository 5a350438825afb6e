/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_rules.c: the radio module's finish(): the compliance rules decided per START segment
 * and cell (gnb-ignores-overload from RRC, gnb-over-sheds, exempt-access-rejected), then the other
 * rule files. */
#include "amfol_rrc_rules.h"
#include "../core/amfol_context.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Evidence gathered per (segment, gNB) while scanning the requests. */
typedef struct seg_gnb {
    int32_t seg;
    const char *gnb;
    uint32_t cell;                 /* the one cell seen, RRC_NO_IX when several */
    uint32_t shed_answered, shed_setups, shed_rejects;
    GArray *setup_frames;          /* RRCSetup frames of judged shed-class requests */
    GArray *shed_reject_frames;
} seg_gnb;


static seg_gnb *seg_gnb_get(GPtrArray *all, int32_t seg, const char *gnb, uint32_t cell)
{
    for (guint i = 0; i < all->len; i++) {
        seg_gnb *x = g_ptr_array_index(all, i);
        if (x->seg == seg && x->gnb == gnb && x->cell == cell)
            return x;
    }
    if (all->len >= 4096)
        return NULL;
    seg_gnb *x = g_new0(seg_gnb, 1);
    x->seg = seg;
    x->gnb = gnb;
    x->cell = cell;
    x->setup_frames = g_array_new(FALSE, FALSE, sizeof(amfol_frame));
    x->shed_reject_frames = g_array_new(FALSE, FALSE, sizeof(amfol_frame));
    g_ptr_array_add(all, x);
    return x;
}

static void seg_gnb_free(gpointer p)
{
    seg_gnb *x = p;
    g_array_free(x->setup_frames, TRUE);
    g_array_free(x->shed_reject_frames, TRUE);
    g_free(x);
}

/* The N2 module (run before) already reports this rule for the pair: the radio side adds nothing. */
static bool n2_already_says(const amfol_findings *out, amfol_rule_id rule, const char *amf, const char *gnb)
{
    for (size_t i = 0; i < amfol_findings_count(out); i++) {
        const amfol_finding *x = amfol_findings_get(out, i);
        if (x->rule_id == rule && (!x->layer || strcmp(x->layer, "rrc") != 0) &&
            g_strcmp0(x->amf, amf) == 0 && g_strcmp0(x->gnb, gnb) == 0)
            return true;
    }
    return false;
}

/* Evidence per gNB and cell (exempt rejects; rejects of classes the action does not name). */
typedef struct cell_acc {
    const char *gnb;
    uint32_t cell;
    uint32_t rejects;
    GArray *frames;                /* the rejects (exempt: and the requests they answer) */
    amfol_frame first_reject;
    amfol_time last_reject_time;
    int32_t seg;                   /* START in force at the first one (the earliest START for over-shedding) */
    uint32_t shed_rejects;         /* over-shedding: shed-class rejects of the flagged segments */
    uint32_t ratio_segments;       /* START segments where the ratio test fired */
} cell_acc;

static cell_acc *cell_acc_get(GPtrArray *all, const char *gnb, uint32_t cell, int32_t seg)
{
    for (guint k = 0; k < all->len; k++) {
        cell_acc *y = g_ptr_array_index(all, k);
        if (y->gnb == gnb && y->cell == cell)
            return y;
    }
    if (all->len >= 4096)
        return NULL;
    cell_acc *x = g_new0(cell_acc, 1);
    x->gnb = gnb;
    x->cell = cell;
    x->seg = seg;
    x->frames = g_array_new(FALSE, FALSE, sizeof(amfol_frame));
    g_ptr_array_add(all, x);
    return x;
}

static void cell_acc_free(gpointer p)
{
    cell_acc *x = p;
    g_array_free(x->frames, TRUE);
    g_free(x);
}

/* A gNB may reject for its own congestion: exempt-access-rejected (exempt class) and the
 * wrong-class part of gnb-over-sheds (classes the action does not name) need at least `min` such
 * rejects, clearly above (one-sided Poisson, P_LIMIT) the cell's reject rate of that class in the
 * baseline window before the episode. */
static bool rejects_clearly_above(amfol_engine *e, const cell_acc *x, int klass, uint32_t min, double *expected)
{
    amfol_rrc *s = e->rrc;
    const rrc_segment *sg = rrc_seg(s, x->seg);
    *expected = 0.0;
    if (!sg || x->rejects < min)
        return false;
    amfol_time from = rrc_episode_first_start(s, sg);
    double span_b;
    uint32_t k_b = rrc_rejects_before(e, x->cell, sg, klass, from, &span_b);
    if (span_b <= 0)
        return true;
    double during = e->cap.last_time - from;
    if (x->last_reject_time > from && (x->last_reject_time - from) < during)
        during = x->last_reject_time - from;
    if (during < 1.0)
        during = 1.0;
    *expected = k_b / span_b * during;
    return rrc_clearly_above(x->rejects, *expected);
}

/* gnb-ignores-overload (radio) and gnb-over-sheds, per START segment and gNB. */
static void judge_segments(amfol_engine *e, GPtrArray *all, GPtrArray *over, amfol_findings *out)
{
    amfol_rrc *s = e->rrc;
    for (guint i = 0; i < all->len; i++) {
        seg_gnb *x = g_ptr_array_index(all, i);
        const rrc_segment *sg = rrc_seg(s, x->seg);
        const char *amf = rrc_assoc_amf_name(e, sg->assoc);
        bool has_red = sg->reduction_pct >= 1 && sg->reduction_pct <= 99;
        double p_rej = has_red ? sg->reduction_pct / 100.0 : 1.0;
        double q = 1.0 - p_rej;                 /* expected pass-through of the shed class */
        uint32_t n = x->shed_answered;
        if (n >= MIN_IGNORE_SAMPLES) {
            double ratio = (double)x->shed_setups / n;
            double pv = q <= 0.0 ? (x->shed_setups ? 0.0 : 1.0) : rrc_binom_sf(x->shed_setups, n, q);
            if (ratio > q + MARGIN && pv < P_LIMIT && !n2_already_says(out, AMFOL_RULE_GNB_IGNORES_OVERLOAD, amf, x->gnb)) {
                amfol_finding *f = rrc_new_finding(out, AMFOL_RULE_GNB_IGNORES_OVERLOAD, amf, x->gnb, rrc_cell_name(s, x->cell));
                if (f) {
                    amfol_finding_add_frame(f, sg->start_frame);
                    rrc_add_frames(f, x->setup_frames);
                    f->first_frame = sg->start_frame;
                    f->count = x->shed_setups;
                    amfol_finding_set_summary(f,
                        "radio side: %u of %u shed-class RRC requests set up (%.0f%%) while OVERLOAD START "
                        "(frame %u, %s, reduction %s%d%%) asked to let at most %.0f%% through (binomial p=%.2g)",
                        x->shed_setups, n, 100.0 * ratio, sg->start_frame, rrc_action_text(sg->action),
                        has_red ? "" : "none: ", has_red ? sg->reduction_pct : 100, 100.0 * q, pv);
                }
            }
        }
        bool over_ratio = false;
        double pv_over = 1.0;
        /* Slice entries add rejects for UEs whose slice RRC does not show: no ratio to test then. */
        if (has_red && sg->n_slice_items == 0 && n >= MIN_OVERSHED_SAMPLES) {
            pv_over = rrc_binom_sf(x->shed_rejects, n, p_rej);
            over_ratio = (double)x->shed_rejects / n > p_rej + MARGIN && pv_over < P_LIMIT;
        }
        if (!over_ratio)
            continue;
        /* Evidence joins the gNB and cell's over-shedding finding (with the wrong-class rejects). */
        cell_acc *y = cell_acc_get(over, x->gnb, x->cell, x->seg);
        if (!y)
            continue;
        const rrc_segment *first = rrc_seg(s, y->seg);
        if (!first || sg->start_frame < first->start_frame)
            y->seg = x->seg;
        y->ratio_segments++;
        y->shed_rejects += x->shed_rejects;
        for (guint k = 0; k < x->shed_reject_frames->len; k++)
            rrc_add_frame(y->frames, g_array_index(x->shed_reject_frames, amfol_frame, k));
        (void)amf;
        (void)pv_over;
    }
}

/* TS 38.413 §8.7.7.2: the gNB rejects the indicated share of the shed-class RRC connection
 * establishments offered to it. N2 alone sees only what the gNB forwarded and compares it with the
 * pre-episode rate; when rejected UEs retry (T302 = waitTime, TS 38.331 §5.3.15) the offered load
 * rises and a gNB that sheds exactly the requested share of it forwards more than that share of
 * the baseline. When the radio side shows the gNB's offered shed-class requests of the segment
 * (its judged set-ups account for at least 90 % of the InitialUEMessages N2 counted, and n is
 * large enough), the verdict rests on them: if their set-up ratio passes the binomial test, the
 * N2 finding is withdrawn (counted in radio.n2_ignores_cleared). */
static void judge_n2_on_offered(amfol_engine *e, GPtrArray *all, amfol_findings *out)
{
    amfol_rrc *s = e->rrc;
    for (size_t i = amfol_findings_count(out); i-- > 0;) {
        const amfol_finding *f = amfol_findings_get(out, i);
        if (f->rule_id != AMFOL_RULE_GNB_IGNORES_OVERLOAD || (f->layer && strcmp(f->layer, "rrc") == 0) || !f->gnb)
            continue;
        uint32_t n = 0, k = 0;
        const rrc_segment *sg = NULL;
        for (guint j = 0; j < all->len; j++) {
            const seg_gnb *x = g_ptr_array_index(all, j);
            const rrc_segment *xs = rrc_seg(s, x->seg);
            if (!xs || xs->start_frame != f->first_frame || !x->gnb || strcmp(x->gnb, f->gnb) != 0 ||
                g_strcmp0(rrc_assoc_amf_name(e, xs->assoc), f->amf) != 0)
                continue;
            sg = xs;
            n += x->shed_answered;
            k += x->shed_setups;
        }
        if (!sg || n < MIN_IGNORE_SAMPLES || (uint64_t)k * 10 < (uint64_t)f->count * 9)
            continue;
        bool has_red = sg->reduction_pct >= 1 && sg->reduction_pct <= 99;
        double q = has_red ? 1.0 - sg->reduction_pct / 100.0 : 0.0;
        double pv = q <= 0.0 ? (k ? 0.0 : 1.0) : rrc_binom_sf(k, n, q);
        bool confirmed = (double)k / n > q + MARGIN && pv < P_LIMIT;
        if (confirmed && f->severity != AMFOL_SEV_NOTE)
            continue;   /* the offered requests confirm it */
        amfol_findings_remove(out, i);
        if (confirmed)
            continue;   /* N2 could not settle it (a note): the radio finding (judge_segments) does */
        s->n2_ignores_cleared++;
    }
}

void amfol_rrc_finish(amfol_engine *e, amfol_findings *out)
{
    amfol_rrc *s = e->rrc;
    rrc_expire(s, e->cap.last_time > s->last_time ? e->cap.last_time : s->last_time, e->cfg.rrc_answer_timeout_ms);

    /* The whole START/STOP history and every cell binding are known now. */
    for (guint i = 0; i < s->reqs->len; i++)
        rrc_req_govern(e, &g_array_index(s->reqs, rrc_req, i), false);
    GPtrArray *segs = g_ptr_array_new_with_free_func(seg_gnb_free);
    GPtrArray *exempt = g_ptr_array_new_with_free_func(cell_acc_free);
    GPtrArray *wrong = g_ptr_array_new_with_free_func(cell_acc_free);
    for (guint i = 0; i < s->reqs->len; i++) {
        const rrc_req *r = &g_array_index(s->reqs, rrc_req, i);
        if (r->seg < 0)
            continue;
        const char *gnb = rrc_cell_gnb(e, r->cell);
        if (r->klass == AMFOL_RRC_CLASS_EXEMPT && r->outcome == AMFOL_RRC_OUT_REJECT) {
            cell_acc *x = cell_acc_get(exempt, gnb, r->cell, r->seg);
            if (x) {
                x->rejects++;
                x->last_reject_time = r->answer_time;
                rrc_add_frame(x->frames, r->frame);
                rrc_add_frame(x->frames, r->answer_frame);
                if (!x->first_reject)
                    x->first_reject = r->answer_frame;
            }
        }
        if (r->klass == AMFOL_RRC_CLASS_OTHER && r->outcome == AMFOL_RRC_OUT_REJECT && !r->in_grace) {
            cell_acc *x = cell_acc_get(wrong, gnb, r->cell, r->seg);
            if (x) {
                x->rejects++;
                x->last_reject_time = r->answer_time;
                rrc_add_frame(x->frames, r->answer_frame);
                if (!x->first_reject)
                    x->first_reject = r->answer_frame;
            }
        }
        if (r->in_grace)
            continue;
        seg_gnb *x = seg_gnb_get(segs, r->seg, gnb, r->cell);
        if (!x)
            continue;
        if (r->klass == AMFOL_RRC_CLASS_SHED && (r->outcome == AMFOL_RRC_OUT_SETUP || r->outcome == AMFOL_RRC_OUT_REJECT)) {
            x->shed_answered++;
            /* Pass-through is what reached the AMF (§8.7.7.2): a set-up UE the gNB released before
             * any INITIAL UE MESSAGE is neither a set-up nor an RRCReject. */
            if (r->outcome == AMFOL_RRC_OUT_SETUP && r->dropped)
                continue;
            if (r->outcome == AMFOL_RRC_OUT_SETUP) {
                x->shed_setups++;
                rrc_add_frame(x->setup_frames, r->answer_frame);
            } else {
                x->shed_rejects++;
                rrc_add_frame(x->shed_reject_frames, r->answer_frame);
            }
        }
    }
    s->n2_ignores_cleared = 0;
    judge_n2_on_offered(e, segs, out);
    judge_segments(e, segs, wrong, out);
    for (guint k = 0; k < exempt->len; k++) {
        cell_acc *x = g_ptr_array_index(exempt, k);
        double expected;
        if (!rejects_clearly_above(e, x, AMFOL_RRC_CLASS_EXEMPT, MIN_EXEMPT_REJECTS, &expected))
            continue;
        amfol_finding *f = rrc_new_finding(out, AMFOL_RULE_EXEMPT_ACCESS_REJECTED, NULL, x->gnb, rrc_cell_name(s, x->cell));
        if (f) {
            rrc_add_frames(f, x->frames);
            f->first_frame = x->first_reject;
            f->count = x->rejects;
            amfol_finding_set_summary(f, "%u exempt RRC requests (emergency / high priority / MPS / MCS / mt-Access) "
                                      "rejected during overload although the action lets them through (%.1f expected "
                                      "at the cell's pre-episode reject rate)", x->rejects, expected);
        }
    }
    for (guint k = 0; k < wrong->len; k++) {
        cell_acc *x = g_ptr_array_index(wrong, k);
        const rrc_segment *sg = rrc_seg(s, x->seg);
        double expected = 0.0;
        /* wrong-class rejects count only above the cell's own pre-episode rate of them */
        if (!rejects_clearly_above(e, x, AMFOL_RRC_CLASS_OTHER, MIN_WRONG_CLASS, &expected)) {
            /* their frames came first (the ratio test's follow): drop them from the evidence */
            g_array_remove_range(x->frames, 0, MIN(x->rejects, x->frames->len));
            x->rejects = 0;
        }
        if ((x->rejects == 0 && !x->ratio_segments) || !sg)
            continue;
        amfol_finding *f = rrc_new_finding(out, AMFOL_RULE_GNB_OVER_SHEDS, rrc_assoc_amf_name(e, sg->assoc), x->gnb,
                                       rrc_cell_name(s, x->cell));
        if (!f)
            continue;
        amfol_finding_add_frame(f, sg->start_frame);
        rrc_add_frames(f, x->frames);
        f->first_frame = sg->start_frame;
        f->count = x->shed_rejects + x->rejects;
        if (x->ratio_segments)
            amfol_finding_set_summary(f, "%u shed-class rejects in %u START segment(s) rejecting far more than the "
                                      "requested share (one-sided binomial p < %.3g, more than %.0f points above the "
                                      "request), and %u rejects of classes the action does not name; first START "
                                      "frame %u", x->shed_rejects, x->ratio_segments, P_LIMIT, 100 * MARGIN, x->rejects,
                                      sg->start_frame);
        else
            amfol_finding_set_summary(f, "%u RRC requests of classes the overload action does not name (neither shed "
                                      "nor exempt) were rejected (%.1f expected at the cell's pre-episode reject rate "
                                      "of those classes); the first under OVERLOAD START frame %u (%s)",
                                      x->rejects, expected, sg->start_frame, rrc_action_text(sg->action));
    }
    g_ptr_array_free(exempt, TRUE);
    g_ptr_array_free(wrong, TRUE);
    g_ptr_array_free(segs, TRUE);
    rrc_judge_after_stop(e, out);
    rrc_judge_bursts(e, out);
    rrc_judge_protected_slices(e, out);
    rrc_judge_blocked_slices(e, out);
}
