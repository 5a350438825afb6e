/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_connected.c: what follows an RRCSetup on the UE's DCCH. The UE's RRCSetupComplete
 * carries its requested NSSAI (s-NSSAI-List), the first thing the gNB learns of the UE's slices;
 * an RRCRelease soon after it means the gNB dropped the UE before the AMF saw it (TS 38.413
 * §8.7.7.2: how a gNB blocks the UEs of an overloaded slice). Connections wait under their
 * transport and F1AP / C-RNTI key, bounded, and expire. */
#include "amfol_rrc_internal.h"
#include "../core/amfol_context.h"

#include <string.h>

/* A request set up longer ago than this without RRCSetupComplete is forgotten. */
#define COMPLETE_WAIT_S   5.0

static uint64_t conn_key(uint16_t transport, uint64_t key)
{
    return ((uint64_t)transport << 48) ^ key;
}

/* Drop connections whose set-up (or completion) is too old to be followed any more. */
static void expire(amfol_rrc *s, amfol_time now)
{
    while (!g_queue_is_empty(s->conn_order)) {
        uint32_t ix = GPOINTER_TO_UINT(g_queue_peek_head(s->conn_order)) - 1;
        const rrc_req *r = &g_array_index(s->reqs, rrc_req, ix);
        amfol_time since = r->complete_frame ? r->complete_time + RRC_RELEASE_AT_SETUP_S
                                             : r->answer_time + COMPLETE_WAIT_S;
        if (since >= now)
            break;
        g_queue_pop_head(s->conn_order);
        uint64_t k = conn_key(r->transport, r->key);
        if (amfol_u64map_get(&s->conn, k) == (uint64_t)ix + 1)
            amfol_u64map_remove(&s->conn, k);
    }
}

void rrc_conn_add(amfol_rrc *s, uint32_t req_ix)
{
    const rrc_req *r = &g_array_index(s->reqs, rrc_req, req_ix);
    expire(s, r->answer_time);
    if (r->key == 0)
        return;   /* nothing to recognise its DCCH messages by */
    if (g_queue_get_length(s->conn_order) >= RRC_MAX_PENDING) {
        s->overflow++;
        return;
    }
    amfol_u64map_put(&s->conn, conn_key(r->transport, r->key), (uint64_t)req_ix + 1);
    g_queue_push_tail(s->conn_order, GUINT_TO_POINTER(req_ix + 1));
}

static rrc_req *conn_find(amfol_rrc *s, const amfol_rrc_event *ev, bool uplink, uint32_t *ix)
{
    expire(s, ev->where.time);
    uint64_t key = rrc_match_key(ev);
    if (key == 0)
        return NULL;
    uint64_t k = conn_key(rrc_transport_get(s, &ev->where, uplink), key);
    guint v = (guint)amfol_u64map_get(&s->conn, k);
    if (!v)
        return NULL;
    *ix = v - 1;
    return &g_array_index(s->reqs, rrc_req, v - 1);
}

/* The requested NSSAI as one interned set (index into nssai_sets), -1 when none or full. */
static int nssai_intern(amfol_rrc *s, const amfol_snssai *list, int n)
{
    rrc_nssai_set x;
    memset(&x, 0, sizeof x);
    x.n = n < AMFOL_MAX_NSSAI ? n : AMFOL_MAX_NSSAI;
    if (x.n <= 0)
        return -1;
    for (int i = 0; i < x.n; i++) {
        x.s[i] = list[i];
        x.s[i].sd = x.s[i].has_sd ? x.s[i].sd & 0xFFFFFFu : 0;
    }
    for (guint k = 0; k < s->nssai_sets->len; k++) {
        const rrc_nssai_set *y = &g_array_index(s->nssai_sets, rrc_nssai_set, k);
        bool same = y->n == x.n;
        for (int i = 0; same && i < x.n; i++)
            same = rrc_snssai_equal(&y->s[i], &x.s[i]);
        if (same)
            return (int)k;
    }
    if (s->nssai_sets->len >= RRC_MAX_NSSAI_SETS) {
        s->overflow++;
        return -1;
    }
    g_array_append_val(s->nssai_sets, x);
    return (int)s->nssai_sets->len - 1;
}

rrc_req *rrc_conn_setup_complete(amfol_engine *e, const amfol_rrc_event *ev)
{
    amfol_rrc *s = e->rrc;
    uint32_t ix;
    rrc_req *r = conn_find(s, ev, true, &ix);
    if (!r || r->complete_frame)
        return NULL;
    s->setup_completes++;
    r->complete_frame = ev->where.frame;
    r->complete_time = ev->where.time;
    r->nssai = (int16_t)nssai_intern(s, ev->requested_nssai, ev->n_requested_nssai);
    /* The gNB decides on the slice now: judge against the overload in force at this moment. */
    int32_t stopped;
    rrc_request_governance(e, r, r->complete_time, &r->complete_seg, &stopped);
    return r;
}

rrc_req *rrc_conn_release(amfol_engine *e, const amfol_rrc_event *ev)
{
    amfol_rrc *s = e->rrc;
    uint32_t ix;
    rrc_req *r = conn_find(s, ev, false, &ix);
    if (!r)
        return NULL;
    uint64_t k = conn_key(r->transport, r->key);
    amfol_u64map_remove(&s->conn, k);
    if (!r->complete_frame) {
        r->dropped = true;         /* released before RRCSetupComplete: no NAS to forward */
        return r;
    }
    /* An INITIAL UE MESSAGE of its cell and cause since its RRCSetupComplete may be its own: then
     * the UE may have reached the AMF, and the release may be the AMF's (UE CONTEXT RELEASE
     * COMMAND after a reject): neither the gNB's shedding nor proof of pass-through. */
    bool forwarded = r->cell < s->n_cells && r->cause >= 0 && r->cause < AMFOL_RRC_NCAUSES &&
                     s->cells[r->cell].last_ium[r->cause] >= r->complete_time;
    if (!forwarded && ev->where.time - r->complete_time <= RRC_RELEASE_AT_SETUP_S) {
        r->release_frame = ev->where.frame;
        r->dropped = true;
        s->released_at_setup++;
    }
    return r;
}
