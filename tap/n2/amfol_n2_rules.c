/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_n2_rules.c: the N2 rules of docs/faults.md, evaluated over the episode state:
 * gnb-ignores-overload, overload-start-partial, overload-stop-missing, overload-exempt-shed,
 * overload-action-absent. */
#include "amfol_n2_internal.h"
#include "amfol_n2_stats.h"
#include "../core/amfol_context.h"

#include <math.h>
#include <string.h>

#define N2_P_VALUE         0.001  /* significance of both statistical rules */
#define N2_MIN_SHED        10     /* shed-class messages needed during a segment */
#define N2_MIN_SHED_ALL    3      /* the same under a START without percentage: one or two can be
                                   * UEs whose RRC set-up began before the START and ended late */
#define N2_MIN_BASELINE    10     /* shed-class messages needed for a baseline */
#define N2_PASS_MARGIN     0.2    /* observed pass-through must exceed expected + this */
#define N2_MIN_EXEMPT_LAMBDA 5.0  /* expected exempt messages needed to call them missing */

uint32_t n2_shed_in(const n2_cause_counts counts, int action)
{
    uint32_t n = 0;
    for (int c = 0; c < AMFOL_CAUSE_COUNT; c++)
        if (amfol_cause_is_shed(action, c))
            n += counts[c];
    return n;
}

/* overload-exempt-shed counts the exempt causes the UE originates: mt-Access answers paging,
 * and paging falls with the AMF's own load, so its drop is no evidence against the gNB. */
static bool exempt_originated(int action, int cause)
{
    return cause != AMFOL_CAUSE_MT_ACCESS && amfol_cause_is_exempt(action, cause);
}

uint32_t n2_exempt_in(const n2_cause_counts counts, int action)
{
    uint32_t n = 0;
    for (int c = 0; c < AMFOL_CAUSE_COUNT; c++)
        if (exempt_originated(action, c))
            n += counts[c];
    return n;
}

static amfol_time end_of(const n2_segment *seg, amfol_time capture_end)
{
    return seg->ended ? seg->end_time : capture_end;
}

/* The bound (docs/faults.md, "gnb-ignores-overload", "N2 alone"). Fresh shed-class UEs arrive at
 * the pre-START rate r; a compliant gNB turns each attempt away with probability p; a UE turned
 * away retries after waitTime >= 1 s (TS 38.331 §5.3.15, waitTime 1..16 s), so retrying after
 * exactly 1 s lets the most through. A UE arriving u s into the window has had 1 + floor(tau - u)
 * attempts by its end: forwarded with probability 1 - p^(1+floor(tau-u)). A UE that arrived in
 * the grace period g (the gNB may apply the START at once) adds at most p, if its first retry
 * (>= 1 s later) falls in the window. Integrated over the window and divided by r tau:
 * (tau - p(1 - p^K)/(1 - p) - p^(K+1)(tau - K) + p min(g, max(0, tau + g - 1))) / tau, K = floor(tau). */
double n2_retry_bound(double p, double tau, double g)
{
    if (tau <= 0)
        return 1.0;
    double k = floor(tau);
    double turned = p >= 1.0 ? tau : p * (1.0 - pow(p, k)) / (1.0 - p) + pow(p, k + 1.0) * (tau - k);
    double late = MIN(g, MAX(0.0, tau + g - 1.0));
    return (tau - turned + p * late) / tau;
}

/* One window's bound test: k shed-class messages in tau s after the grace period against the
 * baseline, conditional on n = k + k_b: X ~ Binomial(n, b tau / (b tau + T_b)). */
static bool above_bound(n2_judgement *j, double reduction, double grace, double tau, uint32_t k, double limit)
{
    double b = n2_retry_bound(reduction, tau, grace);
    double bt = b * tau;
    double pv = amfol_binom_sf(k, (uint64_t)k + j->shed_baseline, bt / (bt + j->baseline_s));
    double ratio = (k / tau) / (j->shed_baseline / j->baseline_s);
    j->bound = b;                  /* the deciding window's, when it is the last one tested */
    j->window_s = tau;
    j->shed_window = k;
    j->p_value = pv;
    return pv < limit && ratio > b + N2_PASS_MARGIN;
}

bool n2_segment_judge(const amfol_n2 *n2, const n2_part *part, const n2_segment *seg,
                      amfol_time capture_end, n2_judgement *j)
{
    memset(j, 0, sizeof *j);
    j->expected = n2_expected_pass(seg->reduction_pct);
    j->observed = -1.0;
    j->bound = -1.0;
    j->p_value = 1.0;
    j->shed_during = seg->shed_after_grace;
    j->judged = false;
    if (seg->slice_only)
        return false;              /* N2 cannot see a UE's requested NSSAI */
    if (seg->action == AMFOL_ABSENT)
        return false;              /* no Overload Action IE: §8.7.7.2 asks nothing (a note) */
    double grace = n2->cfg.grace_ms / 1000.0;
    j->during_s = end_of(seg, capture_end) - seg->start_time - grace;
    j->shed_baseline = n2_shed_in(part->before, seg->action);
    j->baseline_s = part->baseline_span_s;
    j->window_s = j->during_s;
    j->shed_window = j->shed_during;
    if (j->during_s <= 0)
        return false;
    bool have_baseline = j->shed_baseline >= N2_MIN_BASELINE && j->baseline_s > 0;
    if (have_baseline)
        j->observed = (j->shed_during / j->during_s) / (j->shed_baseline / j->baseline_s);
    if (j->expected == 0.0) {
        /* No percentage: every shed-class attempt is turned away (§8.7.7.2), retried or not, so
         * shed-class INITIAL UE MESSAGEs after the grace period are a violation N2 shows. */
        j->judged = j->shed_during >= N2_MIN_SHED_ALL;
        j->bound = 0.0;
        j->p_value = j->judged ? 0.0 : 1.0;
        return j->judged;
    }
    if (!have_baseline || j->shed_during < N2_MIN_SHED)
        return false;              /* a partial reduction cannot be judged without a baseline */
    j->judged = true;
    /* The retry bound over the windows of 1, 2, 4 .. 32 s after the grace period and the whole
     * segment, Bonferroni over them: "no drop right after the START" and "more than retries can
     * explain" in one test. */
    double reduction = 1.0 - j->expected;
    int n_prefix = 0;
    while (n_prefix < N2_PREFIX_WINDOWS && (double)(1u << n_prefix) < j->during_s)
        n_prefix++;
    double limit = N2_P_VALUE / (n_prefix + 1);
    for (int i = 0; i < n_prefix; i++)
        if (above_bound(j, reduction, grace, (double)(1u << i), seg->shed_prefix[i], limit))
            return true;
    if (above_bound(j, reduction, grace, j->during_s, j->shed_during, limit))
        return true;
    /* The reading without retries (pass-through above q): what N2 alone cannot settle. */
    double qd = j->expected * j->during_s;
    double naive_p = amfol_binom_sf(j->shed_during, (uint64_t)j->shed_during + j->shed_baseline,
                                    qd / (qd + j->baseline_s));
    j->unproven = naive_p < N2_P_VALUE && j->observed > j->expected + N2_PASS_MARGIN;
    return false;
}

static void rule_gnb_ignores(amfol_n2 *n2, const n2_amf *amf, const n2_part *part, const n2_assoc *a,
                             amfol_time capture_end, amfol_findings *out)
{
    for (guint s = 0; s < part->segments->len; s++) {
        const n2_segment *seg = g_ptr_array_index(part->segments, s);
        n2_judgement j;
        bool proven = n2_segment_judge(n2, part, seg, capture_end, &j);
        if (!proven && !j.unproven)
            continue;
        amfol_finding *f = amfol_findings_add(out, AMFOL_RULE_GNB_IGNORES_OVERLOAD);
        if (!f)
            return;
        amfol_finding_set_entities(f, amf->id, a->gnb_id, NULL, NULL);
        amfol_finding_add_frame(f, seg->start_frame);
        for (int k = 0; k < seg->n_shed_frames; k++)
            amfol_finding_add_frame(f, seg->shed_frames[k]);
        f->first_frame = seg->start_frame;
        f->count = seg->shed_after_grace;
        const char *act = amfol_action_name(seg->action);
        if (j.expected == 0.0) {
            amfol_finding_set_summary(f,
                "gNB %s forwarded %u shed-class INITIAL UE MESSAGEs in %.1f s after OVERLOAD START frame "
                "%u (%s, no percentage: every one must be turned away)",
                a->gnb_id, seg->shed_after_grace, j.during_s, seg->start_frame, act);
        } else if (proven) {
            amfol_finding_set_summary(f,
                "gNB %s forwarded %.2fx its pre-START rate of shed-class INITIAL UE MESSAGEs (%u in the "
                "first %.1f s after the grace period, %u in %.0f s before); a compliant gNB forwards at most "
                "%.2fx (OVERLOAD START frame %u, %s, asks to shed %d %%) even when every UE it turns away "
                "retries after 1 s, the shortest waitTime of TS 38.331 (binomial p = %.2g)",
                a->gnb_id, (j.shed_window / j.window_s) / (j.shed_baseline / j.baseline_s), j.shed_window,
                j.window_s, j.shed_baseline, j.baseline_s, j.bound, seg->start_frame, act,
                seg->reduction_pct, j.p_value);
        } else {
            /* N2 shows what the gNB forwarded, not what was offered: retries after RRCReject raise
             * the offered load, so more than q of the baseline is no proof. */
            f->severity = AMFOL_SEV_NOTE;
            amfol_finding_set_summary(f,
                "not judged on N2 alone: gNB %s forwarded %.2fx its pre-START rate of shed-class INITIAL "
                "UE MESSAGEs in %.1f s after OVERLOAD START frame %u (%s, asks to shed %d %%, %.2fx "
                "without retries); UEs it turns away retry after their waitTime (1-16 s, TS 38.331), "
                "which lets a compliant gNB forward up to %.2fx here. Capture F1 (NR RRC) of gNB %s to "
                "judge its shedding",
                a->gnb_id, j.observed, j.during_s, seg->start_frame, act, seg->reduction_pct, j.expected,
                j.bound, a->gnb_id);
        }
    }
}

static void rule_stop_missing(const n2_amf *amf, const n2_episode *ep, const n2_part *part,
                              const n2_assoc *a, amfol_time capture_end, amfol_findings *out)
{
    (void)ep;
    if (!part->active)
        return;
    amfol_finding *f = amfol_findings_add(out, AMFOL_RULE_OVERLOAD_STOP_MISSING);
    if (!f)
        return;
    amfol_finding_set_entities(f, amf->id, a->gnb_id, NULL, NULL);
    for (int k = 0; k < part->n_start_frames; k++)
        amfol_finding_add_frame(f, part->start_frames[k]);
    f->first_frame = part->first_start_frame;
    f->count = part->n_starts;
    amfol_finding_set_summary(f,
        "No OVERLOAD STOP to gNB %s by the end of the capture: overload in force since frame %u, "
        "%.1f s at capture end (%u START%s)",
        a->gnb_id, part->first_start_frame, capture_end - part->first_start_time, part->n_starts,
        part->n_starts == 1 ? "" : "s");
}

/* The gNB of association ai was told in this episode: over any of its TNLAs to the AMF (their
 * lead holds the part, n2_lead). */
static bool part_of_assoc(const amfol_n2 *n2, const n2_episode *ep, int ai)
{
    int lead = n2_lead(n2, ai);
    for (guint p = 0; p < ep->parts->len; p++)
        if (((const n2_part *)g_ptr_array_index(ep->parts, p))->assoc == lead)
            return true;
    return false;
}

static void rule_start_partial(const amfol_n2 *n2, int amf_index, const n2_amf *amf,
                               const n2_episode *ep, amfol_findings *out)
{
    /* Before the capture the AMF may have told any gNB: only STOPs show who was told. */
    if (ep->before_capture)
        return;
    amfol_frame end_frame = ep->closed ? ep->stop_frame : UINT32_MAX;
    /* TS 23.501 §5.19.5.2 lets the AMF tell "all or a proportion" of its 5G-AN nodes: a note,
     * a warning only when the untold gNBs carried most of the shed class before the START. */
    uint32_t untold = 0;
    for (guint i = 0; i < n2->assocs->len; i++) {
        const n2_assoc *a = g_ptr_array_index(n2->assocs, i);
        if (a->amf == amf_index && a->baseline_of == ep && !part_of_assoc(n2, ep, (int)i))
            untold += a->baseline_shed;
    }
    bool most = ep->baseline_shed >= N2_MIN_BASELINE && 2 * untold > ep->baseline_shed;
    for (guint i = 0; i < n2->assocs->len; i++) {
        const n2_assoc *a = g_ptr_array_index(n2->assocs, i);
        if (a->amf != amf_index || a->first_frame > end_frame || part_of_assoc(n2, ep, (int)i) ||
            a->lead != (int)i)
            continue;              /* one finding per gNB, on its first TNLA */
        amfol_finding *f = amfol_findings_add(out, AMFOL_RULE_OVERLOAD_START_PARTIAL);
        if (!f)
            return;
        amfol_finding_set_entities(f, amf->id, a->gnb_id, NULL, NULL);
        if (most)
            f->severity = AMFOL_SEV_WARNING;
        for (guint p = 0; p < ep->parts->len; p++) {
            const n2_part *part = g_ptr_array_index(ep->parts, p);
            for (int k = 0; k < part->n_start_frames; k++)
                amfol_finding_add_frame(f, part->start_frames[k]);
        }
        f->first_frame = ep->start_frame;
        f->count = ep->n_updates;
        amfol_finding_set_summary(f,
            "AMF %s sent OVERLOAD START to %u gNB%s in episode %d (from frame %u) but "
            "not to gNB %s, seen on N2 since frame %u; the untold gNBs carried %u of the %u shed-class "
            "InitialUEMessages before the START%s",
            amf->id, ep->parts->len, ep->parts->len == 1 ? "" : "s", ep->number, ep->start_frame,
            a->gnb_id, a->first_frame, untold, ep->baseline_shed,
            most ? " (most of them: warning)" : "");
    }
}

/* Every START segment with its own action: its exempt class, its baseline rate of that class and
 * its duration (an escalation from "reject non-emergency MO DT" to "permit emergency and MT only"
 * legitimately stops mo-Signalling in the second segment). One test over the part: expected
 * lambda = sum of r_s T_s, observed k = sum of k_s. */
static void rule_exempt_shed(const amfol_n2 *n2, const n2_amf *amf, const n2_part *part,
                             const n2_assoc *a, amfol_time capture_end, amfol_findings *out)
{
    if (part->segments->len == 0 || part->baseline_span_s <= 0)
        return;
    double grace = n2->cfg.grace_ms / 1000.0;
    double during = 0, lambda = 0;
    uint32_t k = 0;
    int judged = 0;
    bool cls[AMFOL_CAUSE_COUNT] = { false };
    for (guint s = 0; s < part->segments->len; s++) {
        const n2_segment *seg = g_ptr_array_index(part->segments, s);
        double d = end_of(seg, capture_end) - seg->start_time - grace;
        if (seg->action == AMFOL_ABSENT || d <= 0)
            continue;              /* no Overload Action IE (or slice-only): no exempt class */
        judged++;
        during += d;
        lambda += n2_exempt_in(part->before, seg->action) / part->baseline_span_s * d;
        k += seg->exempt_after_grace;
        for (int c = 0; c < AMFOL_CAUSE_COUNT; c++)
            cls[c] = cls[c] || exempt_originated(seg->action, c);
    }
    if (!judged || lambda < N2_MIN_EXEMPT_LAMBDA)
        return;
    double p = amfol_poisson_cdf(k, lambda);
    if (p >= N2_P_VALUE)
        return;
    amfol_finding *f = amfol_findings_add(out, AMFOL_RULE_OVERLOAD_EXEMPT_SHED);
    if (!f)
        return;
    uint32_t base = 0;
    for (int c = 0; c < AMFOL_CAUSE_COUNT; c++)
        if (cls[c])
            base += part->before[c];
    amfol_finding_set_entities(f, amf->id, a->gnb_id, NULL, NULL);
    amfol_finding_add_frame(f, part->first_start_frame);
    for (int i = 0; i < part->n_baseline_exempt; i++)
        if (cls[n2_cause_index(part->baseline_exempt[i].cause)])
            amfol_finding_add_frame(f, part->baseline_exempt[i].frame);
    f->first_frame = part->first_start_frame;
    f->count = base;
    amfol_finding_set_summary(f,
        "Exempt-cause InitialUEMessages from gNB %s fell from %u in the %.0f s before OVERLOAD START "
        "frame %u to %u in %.1f s of overload (expected %.1f%s, Poisson p = %.2g)",
        a->gnb_id, base, part->baseline_span_s, part->first_start_frame, k, during, lambda,
        judged > 1 ? ", each START segment with its own exempt class" : "", p);
}

/* overload-action-absent (note): STARTs without Overload Action IE and without a slice list;
 * TS 38.413 §8.7.7.2 defines the gNB's reaction only when the IE is included, so the part is
 * not judged for pass-through or exemptions. */
static void rule_action_absent(const n2_amf *amf, const n2_part *part, const n2_assoc *a,
                               amfol_findings *out)
{
    amfol_finding *f = NULL;
    for (guint s = 0; s < part->segments->len; s++) {
        const n2_segment *seg = g_ptr_array_index(part->segments, s);
        if (seg->action != AMFOL_ABSENT || seg->slice_only)
            continue;
        if (!f) {
            f = amfol_findings_add(out, AMFOL_RULE_OVERLOAD_ACTION_ABSENT);
            if (!f)
                return;
            amfol_finding_set_entities(f, amf->id, a->gnb_id, NULL, NULL);
            f->first_frame = seg->start_frame;
        }
        amfol_finding_add_frame(f, seg->start_frame);
        f->count++;
    }
    if (f)
        amfol_finding_set_summary(f,
            "%u OVERLOAD START%s to gNB %s (first frame %u) carried no Overload Action IE: TS 38.413 "
            "§8.7.7.2 defines the gNB's reaction only when it is included, so its traffic is not judged",
            f->count, f->count == 1 ? "" : "s", a->gnb_id, f->first_frame);
}

/* overload-flapping (amfol policy): the AMF started overload control again within N2_FLAP_GAP_S of
 * stopping it (every part stopped: the episode closed), at least N2_FLAP_RESTARTS times. One quick
 * restart (a second wave) and episodes further apart are not flagged. */
#define N2_FLAP_GAP_S 10.0
#define N2_FLAP_RESTARTS 2

static bool quick_restart(const n2_episode *prev, const n2_episode *ep)
{
    return prev->closed && prev->stop_frame && !ep->before_capture &&
           ep->start_time - prev->stop_time < N2_FLAP_GAP_S;
}

static void rule_flapping(const n2_amf *amf, amfol_findings *out)
{
    uint32_t restarts = 0;
    for (guint i = 1; i < amf->episodes->len; i++)
        restarts += quick_restart(g_ptr_array_index(amf->episodes, i - 1), g_ptr_array_index(amf->episodes, i));
    if (restarts < N2_FLAP_RESTARTS)
        return;
    amfol_finding *f = amfol_findings_add(out, AMFOL_RULE_OVERLOAD_FLAPPING);
    if (!f)
        return;
    amfol_finding_set_entities(f, amf->id, NULL, NULL, NULL);
    double shortest = N2_FLAP_GAP_S;
    for (guint i = 1; i < amf->episodes->len; i++) {
        const n2_episode *prev = g_ptr_array_index(amf->episodes, i - 1), *ep = g_ptr_array_index(amf->episodes, i);
        if (!quick_restart(prev, ep))
            continue;
        if (!f->first_frame)
            f->first_frame = prev->stop_frame;
        amfol_finding_add_frame(f, prev->stop_frame);
        amfol_finding_add_frame(f, ep->start_frame);
        if (ep->start_time - prev->stop_time < shortest)
            shortest = ep->start_time - prev->stop_time;
    }
    f->count = restarts;
    amfol_finding_set_summary(f,
        "AMF %s started overload control again less than %.0f s after stopping it, %u times (first "
        "OVERLOAD STOP frame %u, shortest gap %.1f s): its gNBs switch shedding on and off",
        amf->id, N2_FLAP_GAP_S, restarts, f->first_frame, shortest);
}

void amfol_n2_finish(amfol_engine *e, amfol_findings *out)
{
    amfol_n2 *n2 = e->n2;
    amfol_time capture_end = e->cap.last_time;
    for (guint m = 0; m < n2->amfs->len; m++) {
        const n2_amf *amf = g_ptr_array_index(n2->amfs, m);
        for (guint i = 0; i < amf->episodes->len; i++) {
            const n2_episode *ep = g_ptr_array_index(amf->episodes, i);
            rule_start_partial(n2, (int)m, amf, ep, out);
            for (guint p = 0; p < ep->parts->len; p++) {
                const n2_part *part = g_ptr_array_index(ep->parts, p);
                const n2_assoc *a = g_ptr_array_index(n2->assocs, part->assoc);
                rule_gnb_ignores(n2, amf, part, a, capture_end, out);
                rule_stop_missing(amf, ep, part, a, capture_end, out);
                rule_exempt_shed(n2, amf, part, a, capture_end, out);
                rule_action_absent(amf, part, a, out);
            }
        }
        rule_flapping(amf, out);
    }
    n2_setup_wait_finish(n2, out);
}
