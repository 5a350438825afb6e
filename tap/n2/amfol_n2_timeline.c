/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_n2_timeline.c: THE N2 overload timeline as the other modules read it: per-association
 * START segments and AMF-wide episodes. Fed by amfol_n2_overload.c on each OVERLOAD START / STOP
 * (amfol_n2.c is the only analysis file that recognises them), so that no module rebuilds its own. */
#include "amfol_n2_internal.h"

#include <math.h>
#include <string.h>

static void fill_episode(const n2_episode *ep, amfol_n2_episode_view *out)
{
    out->amf = ep->amf ? ep->amf->id : NULL;
    out->number = ep->number;
    out->start_frame = ep->start_frame;
    out->start_time = ep->before_capture ? -INFINITY : ep->start_time;
    out->start_unknown = ep->before_capture;
    out->stop_frame = ep->closed ? ep->stop_frame : 0;
    out->stop_time = ep->closed ? ep->stop_time : 0;
}

size_t amfol_n2_episode_count(const amfol_n2 *n2)
{
    return n2 ? n2->episode_order->len : 0;
}

bool amfol_n2_episode_get(const amfol_n2 *n2, size_t i, amfol_n2_episode_view *out)
{
    if (!n2 || i >= n2->episode_order->len)
        return false;
    fill_episode(g_ptr_array_index(n2->episode_order, i), out);
    return true;
}

bool amfol_n2_episode_at(const amfol_n2 *n2, const char *amf, amfol_time t, amfol_n2_episode_view *out)
{
    for (guint i = 0; n2 && amf && i < n2->episode_order->len; i++) {
        const n2_episode *ep = g_ptr_array_index(n2->episode_order, i);
        if (!ep->amf || strcmp(ep->amf->id, amf) != 0 || (!ep->before_capture && ep->start_time > t))
            continue;
        if (!ep->closed || t < ep->stop_time) {
            fill_episode(ep, out);
            return true;
        }
    }
    return false;
}

/* ---- per-association segments ------------------------------------------------------------ */

static void close_segment(amfol_n2 *n2, n2_assoc *a, const amfol_where *w, bool replaced)
{
    amfol_n2_segment *sg = &g_array_index(n2->timeline, amfol_n2_segment, a->tl_open);
    sg->end_time = w->time;
    sg->replaced = replaced;
    if (!replaced)
        sg->stop_frame = w->frame;
    a->tl_open = -1;
}

/* A new segment of association ai at the end of the timeline (zeroed, its episode number set),
 * NULL when the timeline is full. */
static amfol_n2_segment *append_segment(amfol_n2 *n2, n2_assoc *a, int ai, int episode)
{
    if (n2->timeline->len >= N2_MAX_TIMELINE) {
        n2->timeline_dropped++;
        return NULL;
    }
    amfol_n2_segment sg;
    memset(&sg, 0, sizeof sg);
    sg.assoc = (uint32_t)ai;
    sg.episode = episode;
    g_array_append_val(n2->timeline, sg);
    a->tl_last = (int32_t)n2->timeline->len - 1;
    return &g_array_index(n2->timeline, amfol_n2_segment, a->tl_last);
}

void n2_timeline_start(amfol_n2 *n2, int ai, const amfol_ngap_event *ev)
{
    n2_assoc *a = g_ptr_array_index(n2->assocs, ai);
    bool continuing = a->tl_open >= 0;
    if (continuing)
        close_segment(n2, a, &ev->where, true);
    amfol_n2_segment *sg = append_segment(n2, a, ai, continuing ? a->tl_episodes : ++a->tl_episodes);
    if (!sg)
        return;
    sg->start_frame = ev->where.frame;
    sg->start_time = ev->where.time;
    sg->end_time = -1.0;
    sg->action = ev->overload_action;
    sg->reduction_pct = ev->reduction_pct;
    sg->n_slice_items = ev->n_slice_items < 0 ? 0
                      : ev->n_slice_items > AMFOL_MAX_SLICE_ITEMS ? AMFOL_MAX_SLICE_ITEMS : ev->n_slice_items;
    memcpy(sg->slice_items, ev->slice_items, sizeof(amfol_slice_item) * (size_t)sg->n_slice_items);
    a->tl_open = a->tl_last;
}

void n2_timeline_stop(amfol_n2 *n2, int ai, const amfol_ngap_event *ev)
{
    n2_assoc *a = g_ptr_array_index(n2->assocs, ai);
    if (a->tl_open >= 0)
        close_segment(n2, a, &ev->where, false);
}

/* A STOP on an association with no START in the capture: the START came before the first frame.
 * One closed segment from "unknown" to this STOP, its action unknown. */
void n2_timeline_before_capture(amfol_n2 *n2, int ai, const amfol_ngap_event *ev)
{
    n2_assoc *a = g_ptr_array_index(n2->assocs, ai);
    amfol_n2_segment *sg = append_segment(n2, a, ai, ++a->tl_episodes);
    if (!sg)
        return;
    sg->start_unknown = true;
    sg->start_time = -INFINITY;
    sg->end_time = ev->where.time;
    sg->stop_frame = ev->where.frame;
    sg->action = sg->reduction_pct = AMFOL_ABSENT;
}

size_t amfol_n2_segment_count(const amfol_n2 *n2)
{
    return n2 ? n2->timeline->len : 0;
}

const amfol_n2_segment *amfol_n2_segment_get(const amfol_n2 *n2, int32_t ix)
{
    if (!n2 || ix < 0 || (guint)ix >= n2->timeline->len)
        return NULL;
    return &g_array_index(n2->timeline, amfol_n2_segment, ix);
}

int amfol_n2_assoc_find(const amfol_n2 *n2, const amfol_endpoint *a, const amfol_endpoint *b)
{
    return n2 ? n2_assoc_find(n2, a, b) : -1;
}

int amfol_n2_where_assoc(const amfol_n2 *n2, const amfol_where *w)
{
    return n2 ? n2_where_assoc(n2, w) : -1;
}

int32_t amfol_n2_assoc_last_segment(const amfol_n2 *n2, int assoc)
{
    if (!n2 || assoc < 0 || (guint)assoc >= n2->assocs->len)
        return -1;
    const n2_assoc *a = g_ptr_array_index(n2->assocs, assoc);
    return a->tl_last;
}
