/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_ue_log.c: the UE story log: every NAS message the registry linked to a UE and every RRC
 * request joined to one (and that request's answer), as 20-byte events in frame order, at most
 * AMFOL_UE_LOG_MAX of them. Stories, samples and the amfol.ue field are rebuilt from it. */
#include "amfol_ue_internal.h"
#include "../nas/amfol_nas.h"
#include "../nas/amfol_nas_ids.h"   /* amfol_nas_s_tmsi_part1 */
#include "../nas/amfol_nas_parse.h"
#include "../rrc/amfol_rrc.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define CHUNK_EVENTS 65536u        /* events per chunk at most (a chunk grows up to it) */
#define CHUNKS_MAX 4096u           /* chunks at most: a capture whose time jumps often */
#define PENDING_MAX 262144u        /* RRC requests waiting for their answer (or their UE) */
#define UNLINKED_MAX_S 300.0       /* a request joins the UE of a NAS message at most this much later
                                    * (its RRCRejects' waitTimes, 16 s at most each, before it) */

static void ue_create(amfol_engine *e)
{
    amfol_ue_log *l = g_new0(amfol_ue_log, 1);
    l->chunks = g_array_new(FALSE, TRUE, sizeof(amfol_ue_chunk));
    e->ue = l;
}

static void ue_destroy(amfol_engine *e)
{
    amfol_ue_log *l = e->ue;
    if (!l)
        return;
    for (guint i = 0; i < l->chunks->len; i++)
        g_free(g_array_index(l->chunks, amfol_ue_chunk, i).ev);
    g_array_free(l->chunks, TRUE);
    amfol_u64map_clear(&l->pending);
    amfol_u64map_clear(&l->unlinked);
    amfol_u64map_clear(&l->answer_of);
    amfol_u64map_clear(&l->prev_of);
    g_free(l);
    e->ue = NULL;
}

const amfol_module amfol_ue_module = {
    .name = "ue",
    .create = ue_create,
    .destroy = ue_destroy,
};

/* A slot for an event at time t, NULL when the log is full. */
static amfol_ue_ev *slot(amfol_ue_log *l, amfol_frame frame, amfol_time t, uint32_t *dt_us)
{
    if (l->n >= AMFOL_UE_LOG_MAX)
        goto full;
    amfol_ue_chunk *c = l->chunks->len ? &g_array_index(l->chunks, amfol_ue_chunk, l->chunks->len - 1) : NULL;
    double dt = c ? (t - c->base) * 1e6 : -1;
    /* A new chunk when full or when t is before its base or too far after it (dt_us is 32 bits). */
    if (!c || c->n >= CHUNK_EVENTS || !(dt >= 0 && dt < 4.0e9)) {
        if (l->chunks->len >= CHUNKS_MAX)
            goto full;
        amfol_ue_chunk fresh = { .base = isfinite(t) ? t : 0 };
        g_array_append_val(l->chunks, fresh);
        c = &g_array_index(l->chunks, amfol_ue_chunk, l->chunks->len - 1);
        dt = 0;
    }
    if (c->n == c->cap) {
        c->cap = c->cap ? MIN(c->cap * 2, CHUNK_EVENTS) : 256;
        c->ev = g_renew(amfol_ue_ev, c->ev, c->cap);
    }
    if (frame < l->last_frame)
        l->unordered = true;
    l->last_frame = frame;
    l->n++;
    *dt_us = (uint32_t)llround(dt);
    return &c->ev[c->n++];
full:
    if (!l->dropped++)
        l->first_dropped = frame;
    return NULL;
}

static amfol_ue_ev *add(amfol_ue_log *l, const amfol_where *w, uint64_t serial, int kind)
{
    if (serial >= AMFOL_UE_SERIAL_LIMIT) {
        if (!l->dropped++)
            l->first_dropped = w->frame;
        return NULL;
    }
    uint32_t dt_us;
    amfol_ue_ev *ev = slot(l, w->frame, w->time, &dt_us);
    if (!ev)
        return NULL;
    if (serial && serial > l->max_ue) {
        l->max_ue = serial;
        l->ues++;
    }
    *ev = (amfol_ue_ev){ .frame = w->frame, .ue_lo = (uint32_t)serial, .ue_hi = (uint16_t)(serial >> 32), .dt_us = dt_us, .kind = (uint8_t)kind,
                         .cause = UE_NONE, .sub = UE_NONE };
    return ev;
}

/* The handle of the event added last, and the event of a handle. */
static uint64_t last_handle(const amfol_ue_log *l)
{
    const amfol_ue_chunk *c = &g_array_index(l->chunks, amfol_ue_chunk, l->chunks->len - 1);
    return ((uint64_t)(l->chunks->len - 1) << 32 | (c->n - 1)) + 1;
}

static amfol_ue_ev *at_handle(amfol_ue_log *l, uint64_t h, amfol_time *t)
{
    if (!h--)
        return NULL;
    guint ci = (guint)(h >> 32);
    uint32_t k = (uint32_t)h;
    if (ci >= l->chunks->len)
        return NULL;
    amfol_ue_chunk *c = &g_array_index(l->chunks, amfol_ue_chunk, ci);
    if (k >= c->n)
        return NULL;
    *t = amfol_ue_ev_time(c, &c->ev[k]);
    return &c->ev[k];
}

static void set_serial(amfol_ue_log *l, amfol_ue_ev *ev, uint64_t serial)
{
    ev->ue_lo = (uint32_t)serial;
    ev->ue_hi = (uint16_t)(serial >> 32);
    if (serial > l->max_ue) {
        l->max_ue = serial;
        l->ues++;
    }
}

/* Bounded maps: past the bound a map starts again (the joins then in flight are lost). */
static void bounded_put(amfol_u64map *m, uint64_t key, uint64_t val)
{
    if (amfol_u64map_size(m) >= PENDING_MAX)
        amfol_u64map_clear(m);
    amfol_u64map_put(m, key, val);
}

/* A NAS message of UE `serial` with a 5G-S-TMSI: the unlinked radio request of its Part1 (and that
 * request's answer) become the UE's. */
static void join_unlinked(amfol_ue_log *l, const amfol_s_tmsi *st, uint64_t serial, amfol_time now)
{
    uint64_t part1 = amfol_nas_s_tmsi_part1(st);
    uint64_t h = amfol_u64map_get(&l->unlinked, part1);
    amfol_u64map_remove(&l->unlinked, part1);
    /* The latest request first, then the ones before it (turned away, retried). */
    for (int n = 0; h && n < 64; n++) {
        amfol_time t;
        amfol_ue_ev *req = at_handle(l, h, &t);
        uint64_t a = amfol_u64map_get(&l->answer_of, h), prev = amfol_u64map_get(&l->prev_of, h);
        amfol_u64map_remove(&l->answer_of, h);
        amfol_u64map_remove(&l->prev_of, h);
        if (!req || amfol_ue_ev_serial(req) || !(now >= t && now - t <= UNLINKED_MAX_S))
            return;
        set_serial(l, req, serial);
        amfol_ue_ev *ans = a ? at_handle(l, a, &t) : NULL;
        if (ans && !amfol_ue_ev_serial(ans))
            set_serial(l, ans, serial);
        h = prev;
    }
}

static uint8_t small(int v)
{
    return (v >= 0 && v < UE_NONE) ? (uint8_t)v : UE_NONE;
}

static uint8_t timer_octet(const amfol_nas_timer *t)
{
    return (uint8_t)(t->unit << 5 | (t->value & 0x1f));
}

/* Sent by the network: by the 5GMM type, the 5GSM type, else the carrying NGAP procedure. */
static bool downlink(const amfol_nas_event *ev)
{
    int d = amfol_nas_mm_is_downlink(ev->mm_type);
    if (d >= 0 && ev->mm_type != 0x67 && ev->mm_type != 0x68)   /* (UL / DL) NAS TRANSPORT: the 5GSM inside */
        return d == 1;
    if (ev->sm_type != AMFOL_ABSENT)
        return ev->sm_type != 0xc1 && ev->sm_type != 0xc9 && ev->sm_type != 0xd1;
    if (d >= 0)
        return d == 1;
    return ev->ngap && amfol_ngap_initiator(ev->ngap->proc) == 1;
}

void amfol_ue_log_nas(amfol_engine *e, const amfol_nas_event *ev, const amfol_nas_result *r)
{
    if (!e->ue || !ev || !r || !r->relevant || !r->ue_serial)
        return;
    int kind = r->ciphered ? UE_EV_CIPHERED : ev->sm_type != AMFOL_ABSENT ? UE_EV_SM
             : ev->mm_type != AMFOL_ABSENT ? UE_EV_MM : UE_EV_CIPHERED;
    amfol_ue_ev *x = add(e->ue, &ev->where, r->ue_serial, kind);
    if (!x)
        return;
    x->flags = (uint8_t)((r->integrity_protected ? UE_F_INTEGRITY : 0) | (r->in_overload ? UE_F_OVERLOAD : 0) |
                         (r->congestion ? UE_F_CONGESTION : 0) |
                         ((r->verdict & 3) << UE_VERDICT_SHIFT));
    if (kind == UE_EV_SM) {
        x->type = (uint8_t)ev->sm_type;
        x->cause = small(ev->sm_cause != AMFOL_ABSENT ? ev->sm_cause : ev->mm_cause);
        if (ev->backoff.state != AMFOL_TIMER_ABSENT) {
            x->timer = timer_octet(&ev->backoff);
            x->flags |= UE_F_TIMER;
        }
    } else if (kind == UE_EV_MM) {
        x->type = (uint8_t)ev->mm_type;
        x->cause = small(ev->mm_cause);
        x->sub = small(ev->mm_type == 0x41 ? ev->reg_type : ev->service_type);
        if (ev->t3346.state != AMFOL_TIMER_ABSENT) {
            x->timer = timer_octet(&ev->t3346);
            x->flags |= UE_F_TIMER;
        }
    }
    if (downlink(ev))
        x->flags |= UE_F_DOWNLINK;
    if (ev->ngap && ev->ngap->has_s_tmsi && amfol_u64map_size(&e->ue->unlinked))
        join_unlinked(e->ue, &ev->ngap->s_tmsi, r->ue_serial, ev->where.time);
}

void amfol_ue_log_rrc(amfol_engine *e, const amfol_rrc_event *ev, const amfol_rrc_result *r)
{
    amfol_ue_log *l = e->ue;
    if (!l || !ev)
        return;
    bool request = ev->msg == AMFOL_RRC_SETUP_REQUEST || ev->msg == AMFOL_RRC_RESUME_REQUEST;
    uint64_t serial = 0, req_h = 0;
    if (request) {
        if (!ev->has_s_tmsi_part1)
            return;                   /* a randomValue: no identity to join */
        serial = amfol_nas_ue_by_part1(e, ev->s_tmsi_part1);
    } else {
        amfol_time t;
        req_h = r && r->request_frame ? amfol_u64map_get(&l->pending, r->request_frame) : 0;
        const amfol_ue_ev *req = at_handle(l, req_h, &t);
        if (!req)
            return;
        amfol_u64map_remove(&l->pending, r->request_frame);
        serial = amfol_ue_ev_serial(req);
    }
    amfol_ue_ev *x = add(l, &ev->where, serial, UE_EV_RRC);
    if (!x)
        return;
    x->type = (uint8_t)ev->msg;
    if (r && r->in_overload)
        x->flags |= UE_F_OVERLOAD;
    if (request) {
        x->cause = small(ev->cause);
        if (ev->is_resume_cause)
            x->flags |= UE_F_RESUME;
        bounded_put(&l->pending, ev->where.frame, last_handle(l));
        if (!serial) {
            uint64_t prev = amfol_u64map_get(&l->unlinked, ev->s_tmsi_part1);
            if (prev)
                bounded_put(&l->prev_of, last_handle(l), prev);
            bounded_put(&l->unlinked, ev->s_tmsi_part1, last_handle(l));
        }
    } else {
        x->flags |= UE_F_DOWNLINK;
        if (ev->wait_time_s != AMFOL_ABSENT) {
            x->timer = small(ev->wait_time_s);
            x->flags |= UE_F_TIMER;
        }
        if (!serial)
            bounded_put(&l->answer_of, req_h, last_handle(l));
    }
}

void amfol_ue_log_visit(const amfol_ue_log *l, amfol_ue_visit_fn fn, void *user)
{
    for (guint i = 0; l && i < l->chunks->len; i++) {
        const amfol_ue_chunk *c = &g_array_index(l->chunks, amfol_ue_chunk, i);
        for (uint32_t k = 0; k < c->n; k++)
            if (!fn(user, c, &c->ev[k]))
                return;
    }
}

void amfol_ue_id(amfol_engine *e, uint64_t serial, char *buf, size_t cap)
{
    const char *name = amfol_nas_ue_name_now(e, serial);
    if (name)
        g_strlcpy(buf, name, cap);
    else
        snprintf(buf, cap, "#%" G_GUINT64_FORMAT, serial);
}

/* The first event of `frame` in chunk c (binary search: frames ascend within an ordered log). */
static uint32_t first_at(const amfol_ue_chunk *c, amfol_frame frame)
{
    uint32_t lo = 0, hi = c->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (c->ev[mid].frame < frame)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Calls fn for each event of `frame` until it returns false. */
static void frame_events(const amfol_ue_log *l, amfol_frame frame, amfol_ue_visit_fn fn, void *user)
{
    for (guint i = 0; l && i < l->chunks->len; i++) {
        const amfol_ue_chunk *c = &g_array_index(l->chunks, amfol_ue_chunk, i);
        if (!c->n || (!l->unordered && (c->ev[c->n - 1].frame < frame || c->ev[0].frame > frame)))
            continue;
        for (uint32_t k = l->unordered ? 0 : first_at(c, frame); k < c->n; k++) {
            if (c->ev[k].frame != frame) {
                if (l->unordered)
                    continue;
                break;
            }
            if (!fn(user, c, &c->ev[k]))
                return;
        }
    }
}

static bool take_first(void *user, const amfol_ue_chunk *c, const amfol_ue_ev *ev)
{
    (void)c;
    *(uint64_t *)user = amfol_ue_ev_serial(ev);
    return *(uint64_t *)user == 0;    /* a radio request not joined to a UE: look on */
}

uint64_t amfol_ue_frame_serial(const amfol_ue_log *l, amfol_frame frame)
{
    uint64_t serial = 0;
    frame_events(l, frame, take_first, &serial);
    return serial;
}

typedef struct frame_ids_ctx {
    amfol_engine *e;
    char (*ids)[AMFOL_UE_ID_LEN];
    uint64_t seen[8];
    size_t n, cap;
} frame_ids_ctx;

static bool add_id(void *user, const amfol_ue_chunk *c, const amfol_ue_ev *ev)
{
    (void)c;
    frame_ids_ctx *f = user;
    if (!amfol_ue_ev_serial(ev))
        return true;
    for (size_t j = 0; j < f->n; j++)
        if (f->seen[j] == amfol_ue_ev_serial(ev))
            return true;
    f->seen[f->n] = amfol_ue_ev_serial(ev);
    amfol_ue_id(f->e, f->seen[f->n], f->ids[f->n], AMFOL_UE_ID_LEN);
    return ++f->n < f->cap;
}

size_t amfol_ue_frame_ids(amfol_engine *e, amfol_frame frame, char (*ids)[AMFOL_UE_ID_LEN], size_t cap)
{
    frame_ids_ctx f = {.e = e, .ids = ids, .cap = MIN(cap, G_N_ELEMENTS(f.seen))};
    if (f.cap)
        frame_events(e->ue, frame, add_id, &f);
    return f.n;
}
