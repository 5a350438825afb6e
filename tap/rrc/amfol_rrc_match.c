/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_match.c: request -> answer matching. A request waits on its transport (F1
 * association, MAC stream) under the gNB-DU UE F1AP ID, else the C-RNTI; an answer takes the
 * request with the same key, else (no key at all) the oldest one waiting on that transport. */
#include "amfol_rrc_internal.h"

#include <string.h>

#define KEY_NONE   0u
#define KEY_DU     (1ull << 40)
#define KEY_RNTI   (2ull << 40)

uint64_t rrc_match_key(const amfol_rrc_event *ev)
{
    if (ev->du_ue_id >= 0)
        return KEY_DU | ((uint64_t)ev->du_ue_id & 0xFFFFFFFFFFull);
    if (ev->c_rnti >= 0)
        return KEY_RNTI | ((uint64_t)ev->c_rnti & 0xFFFFFFull);
    return KEY_NONE;
}

uint16_t rrc_transport_get(amfol_rrc *s, const amfol_where *w, bool uplink)
{
    const char *a = w->src.text, *b = w->dst.text;
    if (strcmp(a, b) > 0) {
        const char *t = a;
        a = b;
        b = t;
    }
    for (uint32_t i = 0; i < s->n_transports; i++) {
        rrc_transport *tr = &s->transports[i];
        if (strcmp(tr->a, a) == 0 && strcmp(tr->b, b) == 0) {
            if (!tr->cu_ep[0] && w->dst.text[0])
                g_strlcpy(tr->cu_ep, uplink ? w->dst.text : w->src.text, sizeof tr->cu_ep);
            return (uint16_t)i;
        }
    }
    if (s->n_transports >= RRC_MAX_TRANSPORTS) {
        s->overflow++;
        return RRC_MAX_TRANSPORTS - 1;   /* the last one collects the rest */
    }
    rrc_transport *tr = &s->transports[s->n_transports];
    memset(tr, 0, sizeof *tr);
    g_strlcpy(tr->a, a, sizeof tr->a);
    g_strlcpy(tr->b, b, sizeof tr->b);
    if (w->dst.text[0])
        g_strlcpy(tr->cu_ep, uplink ? w->dst.text : w->src.text, sizeof tr->cu_ep);
    tr->unknown_cell = RRC_NO_IX;
    return (uint16_t)s->n_transports++;
}

static uint64_t pending_key(uint16_t transport, uint64_t key)
{
    return ((uint64_t)transport << 48) ^ key;
}

static void mark_unanswered(amfol_rrc *s, rrc_req *r)
{
    r->pending = false;
    r->outcome = AMFOL_RRC_OUT_UNANSWERED;
    if (r->cell < s->n_cells && r->period < RRC_MAX_PERIODS)
        s->cells[r->cell].periods[r->period].c.unanswered[r->cause]++;
}

/* Requests older than the timeout get no answer any more. */
void rrc_expire(amfol_rrc *s, amfol_time now, uint32_t timeout_ms)
{
    double limit = timeout_ms / 1000.0;
    while (!g_queue_is_empty(s->pending_order)) {
        uint32_t ix = GPOINTER_TO_UINT(g_queue_peek_head(s->pending_order)) - 1;
        rrc_req *r = &g_array_index(s->reqs, rrc_req, ix);
        if (r->pending && now - r->time <= limit)
            break;
        g_queue_pop_head(s->pending_order);
        if (!r->pending)
            continue;
        uint64_t pk = pending_key(r->transport, r->key);
        if (amfol_u64map_get(&s->pending, pk) == (uint64_t)ix + 1)
            amfol_u64map_remove(&s->pending, pk);
        mark_unanswered(s, r);
    }
}

void rrc_pending_add(amfol_rrc *s, uint32_t req_ix, uint32_t timeout_ms)
{
    (void)timeout_ms;
    rrc_req *r = &g_array_index(s->reqs, rrc_req, req_ix);
    if (g_queue_get_length(s->pending_order) >= RRC_MAX_PENDING) {
        s->overflow++;
        r->pending = false;
        return;
    }
    uint64_t pk = pending_key(r->transport, r->key);
    guint old = (guint)amfol_u64map_get(&s->pending, pk);
    if (old) {   /* same UE context asks again: the earlier request got no answer */
        rrc_req *o = &g_array_index(s->reqs, rrc_req, old - 1);
        if (o->pending) {
            mark_unanswered(s, o);
            s->late_or_superseded++;
        }
    }
    if (r->key != KEY_NONE || !old) {
        amfol_u64map_put(&s->pending, pk, (uint64_t)req_ix + 1);
    }
    r->pending = true;
    g_queue_push_tail(s->pending_order, GUINT_TO_POINTER(req_ix + 1));
}

uint32_t rrc_pending_take(amfol_rrc *s, uint16_t transport, uint64_t key, bool fifo_fallback)
{
    uint64_t pk = pending_key(transport, key);
    guint hit = (guint)amfol_u64map_get(&s->pending, pk);
    if (hit) {
        rrc_req *r = &g_array_index(s->reqs, rrc_req, hit - 1);
        amfol_u64map_remove(&s->pending, pk);
        if (r->pending) {
            r->pending = false;
            return hit - 1;
        }
    }
    if (!fifo_fallback)
        return RRC_NO_IX;
    /* No key: the oldest request still waiting on this transport. */
    for (GList *l = s->pending_order->head; l; l = l->next) {
        uint32_t ix = GPOINTER_TO_UINT(l->data) - 1;
        rrc_req *r = &g_array_index(s->reqs, rrc_req, ix);
        if (r->pending && r->transport == transport) {
            uint64_t k2 = pending_key(r->transport, r->key);
            if (amfol_u64map_get(&s->pending, k2) == (uint64_t)ix + 1)
                amfol_u64map_remove(&s->pending, k2);
            r->pending = false;
            return ix;
        }
    }
    return RRC_NO_IX;
}
