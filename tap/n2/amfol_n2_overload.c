/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_n2_overload.c: OVERLOAD START / STOP per association, the AMF's episodes, START
 * segments, and the InitialUEMessage counts per establishment cause around them. O(1) per PDU. */
#include "amfol_n2_internal.h"

#include <math.h>
#include <string.h>

/* The causes that are exempt under at least one action: candidates for baseline evidence. */
static bool maybe_exempt(int cause)
{
    for (int act = 0; act < AMFOL_ACTION_COUNT; act++)
        if (amfol_cause_is_exempt(act, cause))
            return true;
    return false;
}

void n2_free_episode(gpointer p)
{
    n2_episode *ep = p;
    g_ptr_array_free(ep->parts, TRUE);
    g_ptr_array_free(ep->updates, TRUE);
    g_free(ep);
}

static void free_part(gpointer p)
{
    n2_part *part = p;
    g_ptr_array_free(part->segments, TRUE);
    g_free(part);
}

/* ---- baseline buckets ---------------------------------------------------------------- */

static int bucket_index(const n2_assoc *a, int64_t sec)
{
    int64_t m = sec % a->n_buckets;
    return (int)(m < 0 ? m + a->n_buckets : m);
}

static void bucket_add(n2_assoc *a, amfol_time t, int cause)
{
    int64_t sec = (int64_t)floor(t);
    int i = bucket_index(a, sec);
    if (a->bucket_sec[i] != sec) {
        a->bucket_sec[i] = sec;
        memset(a->buckets[i], 0, sizeof a->buckets[i]);
    }
    a->buckets[i][cause]++;
}

/* Per-cause counts of [max(ceil(t - B), floor(first seen)), t) at one-second granularity. */
static double baseline_counts(const n2_assoc *a, uint32_t baseline_s, amfol_time t, n2_cause_counts out)
{
    memset(out, 0, sizeof(n2_cause_counts));
    uint32_t b = MIN(baseline_s, (uint32_t)(a->n_buckets - 1));
    if (b == 0)
        return 0.0;
    int64_t from = (int64_t)ceil(t - b);
    int64_t seen = (int64_t)floor(a->first_time);
    if (seen > from)
        from = seen;
    int64_t to = (int64_t)floor(t);
    for (int64_t s = from; s <= to; s++) {
        int i = bucket_index(a, s);
        if (a->bucket_sec[i] != s)
            continue;
        for (int c = 0; c < AMFOL_CAUSE_COUNT; c++)
            out[c] += a->buckets[i][c];
    }
    double span = t - (double)from;
    return span > 0 ? span : 0.0;
}

/* ---- episode bookkeeping --------------------------------------------------------------- */

static n2_episode *open_episode(amfol_n2 *n2, n2_amf *amf, const amfol_ngap_event *ev)
{
    if (amf->episodes->len >= N2_MAX_EPISODES_PER_AMF) {
        amf->episodes_dropped++;
        return NULL;
    }
    n2_episode *ep = g_new0(n2_episode, 1);
    ep->number = (int)(amf->episodes->len + amf->episodes_dropped) + 1;
    ep->start_frame = ev->where.frame;
    ep->start_time = ev->where.time;
    ep->parts = g_ptr_array_new_with_free_func(free_part);
    ep->updates = g_ptr_array_new_with_free_func(g_free);
    ep->amf = amf;
    /* Who carries the shed class before the AMF speaks: overload-start-partial is a warning
     * only when the gNBs it leaves out carry most of it (TS 23.501 §5.19.5.2). */
    for (guint i = 0; i < n2->assocs->len; i++) {
        n2_assoc *x = g_ptr_array_index(n2->assocs, i);
        if (n2_amf_of(n2, x) != amf)
            continue;
        n2_cause_counts before;
        baseline_counts(x, n2->cfg.baseline_s, ev->where.time, before);
        x->baseline_of = ep;
        x->baseline_shed = n2_shed_in(before, ev->overload_action);
        ep->baseline_shed += x->baseline_shed;
    }
    g_ptr_array_add(amf->episodes, ep);
    g_ptr_array_add(n2->episode_order, ep);
    amf->open = ep;
    return ep;
}

static n2_part *new_part(amfol_n2 *n2, n2_episode *ep, n2_assoc *a, int ai, const amfol_ngap_event *ev)
{
    if (n2->parts_total >= N2_MAX_PARTS_TOTAL) {
        ep->parts_dropped++;
        return NULL;
    }
    n2->parts_total++;
    n2_part *part = g_new0(n2_part, 1);
    part->assoc = ai;
    part->first_start_frame = ev->where.frame;
    part->first_start_time = ev->where.time;
    part->segments = g_ptr_array_new_with_free_func(g_free);
    part->baseline_span_s = baseline_counts(a, n2->cfg.baseline_s, ev->where.time, part->before);
    /* Exempt-cause messages of the baseline window: evidence for overload-exempt-shed. */
    double from = ev->where.time - n2->cfg.baseline_s;
    for (int k = 0; k < a->exempt_n; k++) {
        int idx = (a->exempt_next - a->exempt_n + k + N2_EXEMPT_RING) % N2_EXEMPT_RING;
        const n2_exempt_seen *s = &a->exempt_ring[idx];
        if (s->time >= from && s->time <= ev->where.time && part->n_baseline_exempt < N2_EVIDENCE_FRAMES)
            part->baseline_exempt[part->n_baseline_exempt++] = *s;
    }
    g_ptr_array_add(ep->parts, part);
    return part;
}

static const n2_update *store_update(n2_episode *ep, int ai, const amfol_ngap_event *ev,
                                     bool slice_only, bool replaced, amfol_frame replaced_frame)
{
    ep->n_updates++;
    if (ep->updates->len >= N2_MAX_UPDATES_PER_EPISODE)
        return NULL;
    n2_update *u = g_new0(n2_update, 1);
    u->frame = ev->where.frame;
    u->time = ev->where.time;
    u->assoc = ai;
    u->action = ev->overload_action;
    u->reduction_pct = ev->reduction_pct;
    u->slice_only = slice_only;
    u->replaced = replaced;
    u->replaced_frame = replaced_frame;
    u->n_slice_items = MIN(MAX(ev->n_slice_items, 0), AMFOL_MAX_SLICE_ITEMS);
    u->slice_items_truncated = ev->slice_items_truncated;
    memcpy(u->slice_items, ev->slice_items, (size_t)u->n_slice_items * sizeof u->slice_items[0]);
    g_ptr_array_add(ep->updates, u);
    return u;
}

static enum amfol_level level_of(const amfol_ngap_event *ev, bool slice_only)
{
    if (!slice_only)
        return amfol_level_for_action(ev->overload_action);
    enum amfol_level lv = AMFOL_LEVEL_MINOR;
    for (int i = 0; i < ev->n_slice_items && i < AMFOL_MAX_SLICE_ITEMS; i++) {
        enum amfol_level l = amfol_level_for_action(ev->slice_items[i].action);
        if (l > lv)
            lv = l;
    }
    return lv;
}

static void push_history(n2_assoc *a, n2_segment *seg, n2_episode *ep)
{
    a->history[a->hist_next].seg = seg;
    a->history[a->hist_next].episode = ep;
    a->hist_next = (a->hist_next + 1) % N2_SEG_HISTORY;
    if (a->hist_n < N2_SEG_HISTORY)
        a->hist_n++;
}

static void end_segment(n2_segment *seg, const amfol_ngap_event *ev)
{
    seg->ended = true;
    seg->end_frame = ev->where.frame;
    seg->end_time = ev->where.time;
}

void n2_on_start(amfol_n2 *n2, int ai, const amfol_ngap_event *ev, amfol_n2_result *out)
{
    n2_timeline_start(n2, ai, ev);
    n2_assoc *a = g_ptr_array_index(n2->assocs, ai);
    n2_amf *amf = n2_amf_of(n2, a);
    bool slice_only = ev->overload_action == AMFOL_ABSENT && ev->n_slice_items > 0;
    out->is_start = true;
    out->action = ev->overload_action;
    out->reduction_pct = ev->reduction_pct;
    out->n_slice_items = ev->n_slice_items;
    out->level = level_of(ev, slice_only);
    out->start_frame = ev->where.frame;
    out->in_overload = true;
    if (a->seg) {
        out->replaced = true;
        out->replaced_frame = a->seg->start_frame;
    }
    if (!amf)
        return;

    n2_episode *ep = amf->open;
    if (!ep) {
        ep = open_episode(n2, amf, ev);
        if (!ep)
            return;
    }
    n2_part *part = (a->episode == ep) ? a->part : NULL;
    if (!part) {
        part = new_part(n2, ep, a, ai, ev);
        if (!part)
            return;
        a->part = part;
        a->episode = ep;
    }
    out->episode = ep->number;
    if (!part->active) {
        part->active = true;
        part->stop_frame = 0;
        part->stop_time = 0;
        ep->active_parts++;
    }
    part->n_starts++;
    if (part->n_start_frames < N2_MAX_START_FRAMES)
        part->start_frames[part->n_start_frames++] = ev->where.frame;
    if (a->seg)
        end_segment(a->seg, ev);

    const n2_update *u = store_update(ep, ai, ev, slice_only, out->replaced, out->replaced_frame);
    n2_segment *seg;
    if (n2->segments_total >= N2_MAX_SEGMENTS_TOTAL && part->segments->len > 0) {
        /* Out of segment budget: the last segment of this part absorbs the new parameters. */
        part->segments_dropped++;
        seg = g_ptr_array_index(part->segments, part->segments->len - 1);
        seg->ended = false;
    } else {
        n2->segments_total++;
        seg = g_new0(n2_segment, 1);
        g_ptr_array_add(part->segments, seg);
        seg->start_frame = ev->where.frame;
        seg->start_time = ev->where.time;
        push_history(a, seg, ep);
    }
    seg->action = slice_only ? AMFOL_ABSENT : ev->overload_action;
    seg->reduction_pct = ev->reduction_pct;
    seg->slice_only = slice_only;
    seg->level = out->level;
    seg->update = u;
    a->seg = seg;
    a->had_episode = true;
    a->after_part = NULL;
    if (out->level > ep->max_level)
        ep->max_level = out->level;
}

/* The episode a before-capture part joins: the one in force, else the AMF's latest
 * before-capture episode (two gNBs stopped after one pre-capture START), else a new one. */
static n2_episode *before_capture_episode(amfol_n2 *n2, n2_amf *amf, const n2_assoc *a,
                                         const amfol_ngap_event *ev)
{
    if (amf->open)
        return amf->open;
    n2_episode *last = amf->episodes->len ? g_ptr_array_index(amf->episodes, amf->episodes->len - 1) : NULL;
    if (last && last->before_capture)
        return last;
    n2_episode *ep = open_episode(n2, amf, ev);
    if (!ep)
        return NULL;
    ep->before_capture = true;
    ep->start_frame = 0;
    ep->start_time = a->first_time;  /* the earliest we saw of it; reports show null */
    ep->max_level = AMFOL_LEVEL_NORMAL;
    amf->open = NULL;              /* nothing is in force after this STOP */
    return ep;
}

/* A STOP on an association that had no START in the capture: its START came before the first
 * frame (TS 38.413 §8.7.8: a STOP ends an overload the AMF signalled). The association's part of
 * the episode runs from its first frame to this STOP; its action is unknown, so nothing judges
 * pass-through, and what came before the first frame is not counted as "before". */
bool n2_before_capture_stop(amfol_n2 *n2, int ai, const amfol_ngap_event *ev, amfol_n2_result *out)
{
    n2_assoc *a = g_ptr_array_index(n2->assocs, ai);
    n2_amf *amf = n2_amf_of(n2, a);
    if (!amf)
        return false;
    n2_episode *ep = before_capture_episode(n2, amf, a, ev);
    if (!ep || n2->parts_total >= N2_MAX_PARTS_TOTAL)
        return false;
    n2->parts_total++;
    n2_timeline_before_capture(n2, ai, ev);
    n2_part *part = g_new0(n2_part, 1);
    part->assoc = ai;
    part->before_capture = true;
    part->first_start_time = a->first_time;
    part->stop_frame = ev->where.frame;
    part->stop_time = ev->where.time;
    part->segments = g_ptr_array_new_with_free_func(g_free);
    /* Every InitialUEMessage of this association so far came while that START was in force. */
    for (int c = 0; c < AMFOL_CAUSE_COUNT; c++) {
        part->during[c] = a->tot_before[c];
        a->tot_during[c] += a->tot_before[c];
        a->tot_before[c] = 0;
    }
    g_ptr_array_add(ep->parts, part);
    a->part = part;
    a->episode = ep;
    a->after_part = part;
    a->had_episode = true;
    a->before_capture_stop = ev->where.frame;
    if (ep->before_capture && (!ep->closed || ev->where.time >= ep->stop_time)) {
        ep->closed = true;
        ep->stop_frame = ev->where.frame;
        ep->stop_time = ev->where.time;
    }
    out->episode = ep->number;
    out->stop_before_capture = true;
    out->episode_duration_s = ev->where.time - a->first_time;
    return true;
}

void n2_on_stop(amfol_n2 *n2, int ai, const amfol_ngap_event *ev, amfol_n2_result *out)
{
    n2_timeline_stop(n2, ai, ev);
    n2_assoc *a = g_ptr_array_index(n2->assocs, ai);
    out->is_stop = true;
    if (!a->seg && !a->had_episode && n2_before_capture_stop(n2, ai, ev, out))
        return;
    if (!a->seg) {
        out->stop_without_start = true;
        a->stops_without_start++;
        n2->stops_without_start++;
        return;
    }
    n2_segment *seg = a->seg;
    end_segment(seg, ev);
    a->seg = NULL;
    out->action = seg->action;
    out->reduction_pct = seg->reduction_pct;
    n2_part *part = a->part;
    n2_episode *ep = a->episode;
    if (!part || !ep)
        return;
    out->episode = ep->number;
    out->start_frame = part->first_start_frame;
    out->episode_duration_s = ev->where.time - part->first_start_time;
    if (part->active) {
        part->active = false;
        part->stop_frame = ev->where.frame;
        part->stop_time = ev->where.time;
        ep->active_parts--;
    }
    a->after_part = part;
    if (ep->active_parts <= 0 && !ep->closed) {
        ep->closed = true;
        ep->stop_frame = ev->where.frame;
        ep->stop_time = ev->where.time;
        n2_amf *amf = n2_amf_of(n2, a);
        if (amf && amf->open == ep)
            amf->open = NULL;
    }
}

void n2_on_initial_ue(amfol_n2 *n2, int ai, int gi, const amfol_ngap_event *ev, amfol_n2_result *out)
{
    n2_assoc *via = g_ptr_array_index(n2->assocs, ai);
    n2_assoc *a = g_ptr_array_index(n2->assocs, gi);   /* the gNB's overload state */
    int c = n2_cause_index(ev->rrc_cause);
    amfol_time t = ev->where.time;
    out->is_initial_ue = true;
    out->rrc_cause = ev->rrc_cause;
    if (ev->rrc_cause == AMFOL_ABSENT) {
        /* The cause is mandatory: without it the PDU was truncated. Show the state, count nothing. */
        if (a->seg) {
            out->in_overload = true;
            out->episode = a->episode ? a->episode->number : 0;
            out->level = a->seg->level;
            out->action = a->seg->action;
            out->reduction_pct = a->seg->reduction_pct;
            out->start_frame = a->seg->start_frame;
            out->since_start_s = t - a->seg->start_time;
        }
        return;
    }
    via->initial_ue++;
    bucket_add(a, t, c);
    if (ev->rrc_cause >= 0 && maybe_exempt(c)) {
        n2_exempt_seen s = { ev->where.frame, t, c };
        a->exempt_ring[a->exempt_next] = s;
        a->exempt_next = (a->exempt_next + 1) % N2_EXEMPT_RING;
        if (a->exempt_n < N2_EXEMPT_RING)
            a->exempt_n++;
    }
    if (ev->has_nr_cgi)
        n2_learn_cell(n2, &ev->nr_cgi, ai);

    n2_segment *seg = a->seg;
    if (!seg) {
        /* Per-gNB totals: a gNB the AMF left out of its open episode counts "during" it. */
        n2_amf *amf = n2_amf_of(n2, a);
        if (amf && amf->open && a->episode != amf->open)
            a->tot_during[c]++;
        else if (a->had_episode || (amf && amf->episodes->len > 0))
            a->tot_after[c]++;
        else
            a->tot_before[c]++;
        /* Nothing seen yet tells whether an overload was in force from before the capture. */
        out->overload_unknown = !a->had_episode && a->stops_without_start == 0;
        if (a->after_part) {
            if (t < a->after_part->stop_time + n2->cfg.baseline_s)
                a->after_part->after[c]++;
            else
                a->after_part = NULL;
        }
        return;
    }
    a->tot_during[c]++;
    seg->during[c]++;
    if (a->part)
        a->part->during[c]++;
    bool known = ev->rrc_cause >= 0 && ev->rrc_cause < AMFOL_CAUSE_COUNT;
    /* TS 38.413 §8.7.7.2 defines the gNB's behaviour only "if the Overload Action IE is
     * included": a START without it (and without a slice list) is evidence neither way. */
    bool judged = known && seg->action != AMFOL_ABSENT;
    /* A rerouted INITIAL UE MESSAGE (TS 38.413 §8.6.5) carries a UE whose RRC connection already
     * exists: the gNB had nothing to shed, it is not pass-through evidence. */
    if (ev->rerouted)
        judged = false;
    bool shed = judged && !seg->slice_only && amfol_cause_is_shed(seg->action, c);
    bool exempt = judged && amfol_cause_is_exempt(seg->action, c);
    out->in_overload = true;
    out->episode = a->episode ? a->episode->number : 0;
    out->level = seg->level;
    out->action = seg->action;
    out->reduction_pct = seg->reduction_pct;
    out->start_frame = seg->start_frame;
    out->since_start_s = t - seg->start_time;
    out->shed_expected = shed;
    out->exempt = exempt;
    double after_grace = t - seg->start_time - n2->cfg.grace_ms / 1000.0;
    if (after_grace >= 0) {
        if (shed) {
            seg->shed_after_grace++;
            for (int w = 0; w < N2_PREFIX_WINDOWS; w++)
                if (after_grace < (double)(1u << w))
                    seg->shed_prefix[w]++;
            if (seg->n_shed_frames < N2_EVIDENCE_FRAMES)
                seg->shed_frames[seg->n_shed_frames++] = ev->where.frame;
        }
        if (exempt && c != AMFOL_CAUSE_MT_ACCESS)   /* mt-Access follows paging (overload-exempt-shed) */
            seg->exempt_after_grace++;
    }
}

const n2_seg_ref *n2_segment_at(const amfol_n2 *n2, int ai, amfol_time t)
{
    if (ai < 0 || (guint)ai >= n2->assocs->len)
        return NULL;
    const n2_assoc *a = g_ptr_array_index(n2->assocs, n2_lead(n2, ai));
    for (int k = 0; k < a->hist_n; k++) {
        int idx = (a->hist_next - 1 - k + 2 * N2_SEG_HISTORY) % N2_SEG_HISTORY;
        const n2_seg_ref *r = &a->history[idx];
        if (r->seg->start_time > t)
            continue;
        if (!r->seg->ended || t < r->seg->end_time)
            return r;
        return NULL;          /* the latest segment that started before t had ended by then */
    }
    return NULL;
}
