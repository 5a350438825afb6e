/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_rules.c: the radio-side rules of docs/faults.md, decided over the requests,
 * answers and START/STOP segments seen so far. */
#include "amfol_rrc_internal.h"
#include "../core/amfol_engine_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MIN_IGNORE_SAMPLES   10
#define MIN_OVERSHED_SAMPLES 20
#define MIN_WRONG_CLASS      3
#define MIN_AFTER_STOP       3
#define MIN_BURST            5
#define BURST_WINDOW_S       10.0
#define MIN_SYNC_BURST       20
#define SYNC_SHARE           0.9
#define P_LIMIT              0.001
#define MARGIN               0.2
#define TROUBLE_WINDOW_S     5.0

/* Evidence gathered per (segment, gNB) while scanning the requests. */
typedef struct seg_gnb {
    int32_t seg;
    const char *gnb;
    uint32_t cell;                 /* the one cell seen, RRC_NO_IX when several */
    uint32_t shed_answered, shed_setups, shed_rejects;
    GArray *setup_frames;          /* RRCSetup frames of judged shed-class requests */
    GArray *shed_reject_frames;
} seg_gnb;


static void add_frame(GArray *a, amfol_frame f)
{
    if (a->len < 100000)           /* evidence beyond this is counted, not listed */
        g_array_append_val(a, f);
}

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

static const char *cell_name(const amfol_rrc *s, uint32_t cell)
{
    return cell < s->n_cells && s->cells[cell].known ? s->cells[cell].name : NULL;
}

static amfol_finding *new_finding(amfol_findings *out, const char *rule, const char *amf, const char *gnb,
                                  const char *cell)
{
    amfol_finding *x = amfol_findings_add(out, rule);
    if (!x)
        return NULL;
    amfol_finding_set_entities(x, amf, gnb, cell, NULL);
    g_free(x->layer);
    x->layer = g_strdup("rrc");
    return x;
}

static void add_frames(amfol_finding *x, const GArray *a)
{
    for (guint i = 0; i < a->len; i++)
        amfol_finding_add_frame(x, g_array_index(a, amfol_frame, i));
}

static const char *action_text(int action)
{
    switch (action) {
    case 0: return "reject-non-emergency-mo-dt";
    case 1: return "reject-rrc-cr-signalling";
    case 2: return "permit-emergency-sessions-and-mobile-terminated-services-only";
    case 3: return "permit-high-priority-sessions-and-mobile-terminated-services-only";
    default: return "no action IE (read as reject-rrc-cr-signalling)";
    }
}

/* The N2 module (run before) already reports this rule for the pair: the radio side adds nothing. */
static bool n2_already_says(const amfol_findings *out, const char *rule, const char *amf, const char *gnb)
{
    for (size_t i = 0; i < amfol_findings_count(out); i++) {
        const amfol_finding *x = amfol_findings_get(out, i);
        if (strcmp(x->rule, rule) == 0 && (!x->layer || strcmp(x->layer, "rrc") != 0) &&
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
    int32_t seg;                   /* START in force at the first one (the earliest START for over-shedding) */
    uint32_t excess;               /* over-shedding: shed-class rejects beyond the requested share */
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
            if (ratio > q + MARGIN && pv < P_LIMIT && !n2_already_says(out, "gnb-ignores-overload", amf, x->gnb)) {
                amfol_finding *f = new_finding(out, "gnb-ignores-overload", amf, x->gnb, cell_name(s, x->cell));
                if (f) {
                    amfol_finding_add_frame(f, sg->start_frame);
                    add_frames(f, x->setup_frames);
                    f->first_frame = sg->start_frame;
                    f->count = x->shed_setups;
                    amfol_finding_set_summary(f,
                        "radio side: %u of %u shed-class RRC requests set up (%.0f%%) while OVERLOAD START "
                        "(frame %u, %s, reduction %s%d%%) asked to let at most %.0f%% through (binomial p=%.2g)",
                        x->shed_setups, n, 100.0 * ratio, sg->start_frame, action_text(sg->action),
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
        uint32_t expected = (uint32_t)lround(p_rej * n);
        y->excess += x->shed_rejects > expected ? x->shed_rejects - expected : 0;
        for (guint k = 0; k < x->shed_reject_frames->len; k++)
            add_frame(y->frames, g_array_index(x->shed_reject_frames, amfol_frame, k));
        (void)amf;
        (void)pv_over;
    }
}

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

static void after_stop_finding(amfol_engine *e, amfol_findings *out, const after_stop_item *v, guint n)
{
    amfol_rrc *s = e->rrc;
    const rrc_segment *st = rrc_seg(s, v[0].stop_seg);
    amfol_finding *f = new_finding(out, "rejects-after-overload-stop", rrc_assoc_amf_name(e, st->assoc),
                                   rrc_cell_gnb(e, v[0].cell), cell_name(s, v[0].cell));
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
            "%u shed-class RRCRejects after OVERLOAD STOP (frame %u), the last %.1f s after it; SCTP trouble "
            "on the N2 association within %.0f s of the STOP: %d retransmission(s), %d ABORT(s), %d SHUTDOWN(s) "
            "(first frame %u): the STOP may not have been received",
            n, st->stop_frame, last, TROUBLE_WINDOW_S, kinds[AMFOL_SCTP_RETRANSMISSION], kinds[AMFOL_SCTP_ABORT],
            kinds[AMFOL_SCTP_SHUTDOWN], tf);
    else
        amfol_finding_set_summary(f,
            "%u shed-class RRCRejects after OVERLOAD STOP (frame %u), the last %.1f s after it; no SCTP trouble "
            "seen on the N2 association within %.0f s of the STOP: the gNB did not process it",
            n, st->stop_frame, last, TROUBLE_WINDOW_S);
}

static void judge_after_stop(amfol_engine *e, amfol_findings *out)
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
        if (r->seg >= 0 || !st || j->time - st->end_time < grace ||
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

/* Largest number of items of `t` (sorted times, indexes [lo,hi)) inside any window of w seconds. */
static uint32_t max_in_window(const double *t, uint32_t lo, uint32_t hi, double w)
{
    uint32_t best = 0, a = lo;
    for (uint32_t b = lo; b < hi; b++) {
        while (t[b] - t[a] >= w)
            a++;
        if (b - a + 1 > best)
            best = b - a + 1;
    }
    return best;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Count requests of the cell within ±1 s of reject time + waitTime (the retry wave). */
static uint32_t retry_wave(const amfol_rrc *s, uint32_t cell, const GArray *burst)
{
    double *c = g_new(double, burst->len + 1);
    guint n_c = 0;
    for (guint k = 0; k < burst->len; k++) {
        const rrc_rej *j = &g_array_index(s->rejs, rrc_rej, g_array_index(burst, uint32_t, k));
        if (j->wait_s > 0)
            c[n_c++] = j->time + j->wait_s;
    }
    qsort(c, n_c, sizeof *c, cmp_double);
    uint32_t n = 0;
    for (guint i = 0; n_c && i < s->reqs->len; i++) {
        const rrc_req *r = &g_array_index(s->reqs, rrc_req, i);
        if (r->cell != cell)
            continue;
        guint lo = 0, hi = n_c;    /* first centre >= time - 1 */
        while (lo < hi) {
            guint mid = (lo + hi) / 2;
            if (c[mid] < r->time - 1.0)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo < n_c && c[lo] <= r->time + 1.0)
            n++;
    }
    g_free(c);
    return n;
}

/* rrc-reject-without-overload and reject-waittime-synchronised: bursts per cell. A cluster is a
 * run of the cell's rejects with gaps under the window; for the first rule only rejects with no
 * START in force at reject time (on any AMF of the cell's gNB) count, and one in force ends it. */
static void judge_cell_bursts(amfol_engine *e, amfol_findings *out, uint32_t cell, const GArray *all)
{
    amfol_rrc *s = e->rrc;
    guint n = all->len;
    double *t = g_new(double, n + 1);
    bool *inov = g_new0(bool, n + 1);
    bool bound = rrc_cell_bind(e, cell);
    for (guint i = 0; i < n; i++) {
        const rrc_rej *j = &g_array_index(s->rejs, rrc_rej, g_array_index(all, uint32_t, i));
        int32_t seg, stopped;
        t[i] = j->time;
        rrc_cell_governance(e, cell, j->time, &seg, &stopped);
        inov[i] = seg >= 0;
    }
    const char *gnb = rrc_cell_gnb(e, cell);
    for (int pass = bound ? 0 : 1; pass < 2; pass++) {
        guint i = 0;
        while (i < n) {
            if (pass == 0 && inov[i]) {
                i++;
                continue;
            }
            guint k = i + 1;
            while (k < n && !(pass == 0 && inov[k]) && t[k] - t[k - 1] < BURST_WINDOW_S)
                k++;
            uint32_t peak = max_in_window(t, i, k, BURST_WINDOW_S);
            if (pass == 0 && peak >= MIN_BURST) {
                amfol_finding *f = new_finding(out, "rrc-reject-without-overload", NULL, gnb, cell_name(s, cell));
                if (f) {
                    for (guint x = i; x < k; x++)
                        amfol_finding_add_frame(f, g_array_index(s->rejs, rrc_rej, g_array_index(all, uint32_t, x)).frame);
                    f->count = k - i;
                    amfol_finding_set_summary(f,
                        "%u RRCRejects in %.1f s (up to %u within %.0f s) while no AMF of this gNB was in overload",
                        k - i, t[k - 1] - t[i], peak, BURST_WINDOW_S);
                }
            }
            if (pass == 1 && peak >= MIN_SYNC_BURST) {
                uint32_t hist[17] = { 0 };
                for (guint x = i; x < k; x++) {
                    int w = g_array_index(s->rejs, rrc_rej, g_array_index(all, uint32_t, x)).wait_s;
                    hist[w > 0 ? w : 0]++;
                }
                int dom = 1;
                for (int w = 1; w <= 16; w++)
                    if (hist[w] > hist[dom])
                        dom = w;
                if (hist[dom] >= SYNC_SHARE * (k - i)) {
                    GArray *burst = g_array_new(FALSE, FALSE, sizeof(uint32_t));
                    g_array_append_vals(burst, &g_array_index(all, uint32_t, i), k - i);
                    amfol_finding *f = new_finding(out, "reject-waittime-synchronised", NULL, gnb, cell_name(s, cell));
                    if (f) {
                        for (guint x = 0; x < burst->len; x++)
                            amfol_finding_add_frame(f, g_array_index(s->rejs, rrc_rej, g_array_index(burst, uint32_t, x)).frame);
                        f->count = burst->len;
                        amfol_finding_set_summary(f,
                            "%u of %u RRCRejects in %.1f s carry waitTime %d s; retry wave: %u requests in this cell "
                            "within ±1 s of reject time + waitTime",
                            hist[dom], k - i, t[k - 1] - t[i], dom, retry_wave(s, cell, burst));
                    }
                    g_array_free(burst, TRUE);
                }
            }
            i = k;
        }
    }
    g_free(t);
    g_free(inov);
}

static void judge_bursts(amfol_engine *e, amfol_findings *out)
{
    amfol_rrc *s = e->rrc;
    /* Rejects per cell, in frame order. */
    GArray **by_cell = g_new0(GArray *, s->n_cells + 1);
    for (guint i = 0; i < s->rejs->len; i++) {
        const rrc_rej *j = &g_array_index(s->rejs, rrc_rej, i);
        if (j->cell >= s->n_cells)
            continue;
        if (!by_cell[j->cell])
            by_cell[j->cell] = g_array_new(FALSE, FALSE, sizeof(uint32_t));
        uint32_t ji = i;
        g_array_append_val(by_cell[j->cell], ji);
    }
    for (uint32_t cell = 0; cell < s->n_cells; cell++) {
        if (!by_cell[cell])
            continue;
        judge_cell_bursts(e, out, cell, by_cell[cell]);
        g_array_free(by_cell[cell], TRUE);
    }
    g_free(by_cell);
}

/* slice-overload-misconfigured: a START slice list names a protected slice. */
static void judge_protected_slices(amfol_engine *e, amfol_findings *out)
{
    amfol_rrc *s = e->rrc;
    if (!e->cfg.protected_snssai[0])
        return;
    for (uint32_t ai = 0; ai < s->n_assocs; ai++) {
        amfol_finding *f = NULL;
        char named[128] = "";
        for (guint i = 0; i < s->segs->len; i++) {
            const rrc_segment *sg = rrc_seg(s, (int32_t)i);
            if (sg->assoc != ai)
                continue;
            bool hit = false;
            for (int k = 0; k < sg->n_slice_items; k++)
                for (int m = 0; m < sg->slice_items[k].n_snssai && m < AMFOL_MAX_SLICES_PER_ITEM; m++)
                    if (rrc_snssai_protected(e->cfg.protected_snssai, &sg->slice_items[k].snssai[m])) {
                        hit = true;
                        if (!named[0])
                            rrc_format_snssai(&sg->slice_items[k].snssai[m], named, sizeof named);
                    }
            if (!hit)
                continue;
            if (!f) {
                f = new_finding(out, "slice-overload-misconfigured", rrc_assoc_amf_name(e, ai),
                                rrc_assoc_gnb_name(e, ai), NULL);
                if (!f)
                    return;
                g_free(f->layer);
                f->layer = g_strdup("n2");
            }
            amfol_finding_add_frame(f, sg->start_frame);
            f->count++;
        }
        if (f)
            amfol_finding_set_summary(f, "%u OVERLOAD START(s) throttle protected slice %s (preference amfol.protected_snssai)",
                                      f->count, named);
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
                add_frame(x->frames, r->frame);
                add_frame(x->frames, r->answer_frame);
                if (!x->first_reject)
                    x->first_reject = r->answer_frame;
            }
        }
        if (r->klass == AMFOL_RRC_CLASS_OTHER && r->outcome == AMFOL_RRC_OUT_REJECT && !r->in_grace) {
            cell_acc *x = cell_acc_get(wrong, gnb, r->cell, r->seg);
            if (x) {
                x->rejects++;
                add_frame(x->frames, r->answer_frame);
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
            if (r->outcome == AMFOL_RRC_OUT_SETUP) {
                x->shed_setups++;
                add_frame(x->setup_frames, r->answer_frame);
            } else {
                x->shed_rejects++;
                add_frame(x->shed_reject_frames, r->answer_frame);
            }
        }
    }
    judge_segments(e, segs, wrong, out);
    for (guint k = 0; k < exempt->len; k++) {
        cell_acc *x = g_ptr_array_index(exempt, k);
        amfol_finding *f = new_finding(out, "exempt-access-rejected", NULL, x->gnb, cell_name(s, x->cell));
        if (f) {
            add_frames(f, x->frames);
            f->first_frame = x->first_reject;
            f->count = x->rejects;
            amfol_finding_set_summary(f, "%u exempt RRC requests (emergency / high priority / MPS / MCS / mt-Access) "
                                      "rejected during overload although the action lets them through", x->rejects);
        }
    }
    for (guint k = 0; k < wrong->len; k++) {
        cell_acc *x = g_ptr_array_index(wrong, k);
        const rrc_segment *sg = rrc_seg(s, x->seg);
        if ((x->rejects < MIN_WRONG_CLASS && !x->ratio_segments) || !sg)
            continue;
        amfol_finding *f = new_finding(out, "gnb-over-sheds", rrc_assoc_amf_name(e, sg->assoc), x->gnb,
                                       cell_name(s, x->cell));
        if (!f)
            continue;
        amfol_finding_add_frame(f, sg->start_frame);
        add_frames(f, x->frames);
        f->first_frame = sg->start_frame;
        f->count = x->excess + x->rejects;
        if (x->ratio_segments)
            amfol_finding_set_summary(f, "about %u shed-class rejects beyond the requested share in %u START segment(s) "
                                      "(one-sided binomial p < %.3g, more than %.0f points above the request), and %u "
                                      "rejects of classes the action does not name; first START frame %u",
                                      x->excess, x->ratio_segments, P_LIMIT, 100 * MARGIN, x->rejects, sg->start_frame);
        else
            amfol_finding_set_summary(f, "%u RRC requests of classes the overload action does not name (neither shed "
                                      "nor exempt) were rejected; the first under OVERLOAD START frame %u (%s)",
                                      x->rejects, sg->start_frame, action_text(sg->action));
    }
    g_ptr_array_free(exempt, TRUE);
    g_ptr_array_free(wrong, TRUE);
    g_ptr_array_free(segs, TRUE);
    judge_after_stop(e, out);
    judge_bursts(e, out);
    judge_protected_slices(e, out);
}
