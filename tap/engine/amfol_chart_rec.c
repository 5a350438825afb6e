/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_chart_rec.c: bounded, bucketed time series for the overload chart (see the header). */
#include "amfol_chart_rec.h"
#include "../core/amfol_dedup.h"   /* amfol_hash_bytes */
#include "../core/amfol_fmt.h"
#include "../core/amfol_u64map.h"

#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Each width is an integer multiple of the one before, so merging buckets is exact. */
static const double chart_widths[] = { 0.1, 0.2, 1, 2, 10, 20, 60, 300, 600, 1800, 3600, 7200,
                                       21600, 43200, 86400 };
#define N_WIDTHS G_N_ELEMENTS(chart_widths)

/* Frame index: first frame seen in each time bucket, to place findings on the time axis. */
typedef struct frame_bucket {
    amfol_frame first, last;
} frame_bucket;

#define CHART_RECENT 64                  /* a power of two */
struct amfol_chart_rec {
    bool have_origin;
    amfol_time origin;
    size_t width_ix;
    unsigned used;                       /* buckets in use (highest index + 1) */
    frame_bucket frames[AMFOL_CHART_MAX_BUCKETS];
    GPtrArray *series;                   /* amfol_chart_series*, owned */
    GHashTable *by_key;                  /* "kind\x1fowner\x1fname" -> series */
    GArray *marks;                       /* amfol_chart_mark */
    GPtrArray *t3346;                    /* amfol_chart_t3346*, owned */
    GArray *flow;                        /* amfol_chart_flow */
    GHashTable *flow_at;                 /* first frame -> index + 1 of the first item there */
    GHashTable *open_burst;              /* "kind\x1fwho" -> index + 1 of its open burst */
    GStringChunk *names;                 /* flow keys */
    uint32_t dropped;
    amfol_u64map by_hash;                /* series_hash -> series (one per series at most) */
    /* series_get's recent answers by the text pointers asked with (callers pass interned names),
     * confirmed by the texts like a by_hash hit: no hash of the texts for them. */
    struct {
        const char *owner, *name;
        amfol_chart_series *s;
    } recent[CHART_RECENT];
};

static void series_free(void *p)
{
    amfol_chart_series *s = p;
    g_free(s->owner);
    g_free(s->name);
    g_free(s->amf);
    g_free(s->b);
    g_free(s);
}

static void t3346_free(void *p)
{
    amfol_chart_t3346 *h = p;
    g_free(h->amf);
    g_free(h);
}

amfol_chart_rec *amfol_chart_rec_new(void)
{
    amfol_chart_rec *r = g_new0(amfol_chart_rec, 1);
    r->series = g_ptr_array_new_with_free_func(series_free);
    r->by_key = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    r->marks = g_array_new(FALSE, FALSE, sizeof(amfol_chart_mark));
    r->t3346 = g_ptr_array_new_with_free_func(t3346_free);
    r->flow = g_array_new(FALSE, FALSE, sizeof(amfol_chart_flow));
    r->flow_at = g_hash_table_new(g_direct_hash, g_direct_equal);
    r->open_burst = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    r->names = g_string_chunk_new(4096);
    return r;
}

void amfol_chart_rec_free(amfol_chart_rec *r)
{
    if (!r)
        return;
    g_hash_table_destroy(r->by_key);
    amfol_u64map_clear(&r->by_hash);
    g_ptr_array_free(r->series, TRUE);
    g_array_free(r->marks, TRUE);
    g_ptr_array_free(r->t3346, TRUE);
    g_array_free(r->flow, TRUE);
    g_hash_table_destroy(r->flow_at);
    g_hash_table_destroy(r->open_burst);
    g_string_chunk_free(r->names);
    g_free(r);
}

/* ---- buckets ------------------------------------------------------------------------------- */

static void merge_buckets(amfol_chart_series *s, unsigned ratio, unsigned used)
{
    for (unsigned j = 0; j * ratio < used; j++) {
        amfol_chart_bucket m = { 0, 0 };
        for (unsigned k = j * ratio; k < (j + 1) * ratio && k < used; k++) {
            const amfol_chart_bucket *o = &s->b[k];
            if (s->kind == AMFOL_CK_NRF_LOAD) {
                if (o->value)
                    m = *o;          /* the last report of the merged span */
            } else {
                m.value += o->value;
                if (o->frame && (!m.frame || o->frame < m.frame))
                    m.frame = o->frame;
            }
        }
        s->b[j] = m;
    }
    unsigned now = (used + ratio - 1) / ratio;
    memset(&s->b[now], 0, (AMFOL_CHART_MAX_BUCKETS - now) * sizeof s->b[0]);
}

static void merge_frames(amfol_chart_rec *r, unsigned ratio)
{
    for (unsigned j = 0; j * ratio < r->used; j++) {
        frame_bucket m = { 0, 0 };
        for (unsigned k = j * ratio; k < (j + 1) * ratio && k < r->used; k++) {
            const frame_bucket *o = &r->frames[k];
            if (o->first && (!m.first || o->first < m.first))
                m.first = o->first;
            if (o->last > m.last)
                m.last = o->last;
        }
        r->frames[j] = m;
    }
    unsigned now = (r->used + ratio - 1) / ratio;
    memset(&r->frames[now], 0, (AMFOL_CHART_MAX_BUCKETS - now) * sizeof r->frames[0]);
}

/* Step the width up until bucket `ix` (at the current width) fits. */
static void widen(amfol_chart_rec *r, double offset)
{
    while (r->width_ix + 1 < N_WIDTHS && offset / chart_widths[r->width_ix] >= AMFOL_CHART_MAX_BUCKETS) {
        unsigned ratio = (unsigned)llround(chart_widths[r->width_ix + 1] / chart_widths[r->width_ix]);
        for (guint i = 0; i < r->series->len; i++)
            merge_buckets(g_ptr_array_index(r->series, i), ratio, r->used);
        merge_frames(r, ratio);
        r->used = (r->used + ratio - 1) / ratio;
        r->width_ix++;
    }
}

/* Bucket index of a time; out-of-order times before the origin count in bucket 0, times past the
 * widest ladder step in the last bucket. */
static unsigned bucket_of(amfol_chart_rec *r, amfol_time t)
{
    if (!r->have_origin) {
        r->have_origin = true;
        r->origin = t;
    }
    double off = t - r->origin;
    if (!(off > 0))                      /* also NaN */
        off = 0;
    double q = off / chart_widths[r->width_ix];
    if (q >= AMFOL_CHART_MAX_BUCKETS) {  /* rare: the chart outgrows its width */
        widen(r, off);
        q = off / chart_widths[r->width_ix];
    }
    /* q >= 0: the integer part is floor(q) */
    unsigned b = q >= AMFOL_CHART_MAX_BUCKETS ? AMFOL_CHART_MAX_BUCKETS - 1 : (unsigned)q;
    if (b + 1 > r->used)
        r->used = b + 1;
    return b;
}

void amfol_chart_rec_frame(amfol_chart_rec *r, amfol_frame frame, amfol_time t)
{
    frame_bucket *fb = &r->frames[bucket_of(r, t)];
    if (!fb->first || frame < fb->first)
        fb->first = frame;
    if (frame > fb->last)
        fb->last = frame;
}

/* ---- series -------------------------------------------------------------------------------- */

/* A hash of (kind, owner, name) with the core's byte hash (amfol_dedup.h): the series are found
 * through it (by_hash) and confirmed by their texts; a series whose hash is taken by another is
 * found by its text key. */
static uint64_t series_hash(int kind, const char *owner, const char *name)
{
    static const uint8_t sep = 0x1f;
    uint64_t h = AMFOL_HASH_INIT ^ (uint64_t)(unsigned)kind;
    h = amfol_hash_bytes(h, (const uint8_t *)owner, strlen(owner));
    h = amfol_hash_bytes(h, &sep, 1);
    return amfol_hash_bytes(h, (const uint8_t *)name, strlen(name));
}

static void series_remember(amfol_chart_rec *r, uint64_t h, amfol_chart_series *s)
{
    amfol_u64map_put(&r->by_hash, h, (uint64_t)(uintptr_t)s);
}

static amfol_chart_series *series_find(amfol_chart_rec *r, int kind, const char *owner, const char *name);

static amfol_chart_series *series_get(amfol_chart_rec *r, int kind, const char *owner, const char *name)
{
    owner = owner ? owner : "";
    name = name ? name : "";
    uintptr_t slot = ((uintptr_t)owner >> 3) * 31 + ((uintptr_t)name >> 3) * 7 + (uintptr_t)kind;
    slot = (slot ^ (slot >> 7)) & (CHART_RECENT - 1);
    amfol_chart_series *hit = r->recent[slot].s;
    if (hit && r->recent[slot].owner == owner && r->recent[slot].name == name && hit->kind == kind &&
        strcmp(hit->owner, owner) == 0 && strcmp(hit->name, name) == 0)
        return hit;
    amfol_chart_series *s = series_find(r, kind, owner, name);
    r->recent[slot].owner = owner;
    r->recent[slot].name = name;
    r->recent[slot].s = s;
    return s;
}

static amfol_chart_series *series_find(amfol_chart_rec *r, int kind, const char *owner, const char *name)
{
    uint64_t h = series_hash(kind, owner, name);
    amfol_chart_series *hit = (amfol_chart_series *)(uintptr_t)amfol_u64map_get(&r->by_hash, h);
    if (hit && hit->kind == kind && strcmp(hit->owner, owner) == 0 && strcmp(hit->name, name) == 0)
        return hit;
    char key[300];
    /* "%d\x1f%s\x1f%s" without printf (core/amfol_fmt.h) */
    amfol_fmt f = amfol_fmt_start(key, sizeof key);
    amfol_fmt_dec(&f, kind);
    amfol_fmt_char(&f, '\x1f');
    amfol_fmt_str(&f, owner);
    amfol_fmt_char(&f, '\x1f');
    amfol_fmt_str(&f, name);
    amfol_chart_series *s = g_hash_table_lookup(r->by_key, key);
    if (s) {
        series_remember(r, h, s);
        return s;
    }
    if (r->series->len >= AMFOL_CHART_MAX_SERIES) {
        r->dropped++;
        return NULL;
    }
    s = g_new0(amfol_chart_series, 1);
    s->kind = kind;
    s->owner = g_strdup(owner);
    s->name = g_strdup(name);
    s->b = g_new0(amfol_chart_bucket, AMFOL_CHART_MAX_BUCKETS);
    g_ptr_array_add(r->series, s);
    g_hash_table_insert(r->by_key, g_strdup(key), s);
    series_remember(r, h, s);
    return s;
}

static void count(amfol_chart_rec *r, int kind, const char *owner, const char *name, const char *amf,
                  const amfol_where *w)
{
    unsigned ix = bucket_of(r, w->time);
    amfol_chart_series *s = series_get(r, kind, owner, name);
    if (!s)
        return;
    amfol_chart_bucket *b = &s->b[ix];
    b->value++;
    if (!b->frame || w->frame < b->frame)
        b->frame = w->frame;
    s->total++;
    if (amf && (!s->amf || strcmp(s->amf, amf) != 0)) {
        g_free(s->amf);
        s->amf = g_strdup(amf);
    }
}

/* ---- flow items ----------------------------------------------------------------------------- */

static amfol_chart_flow *flow_add(amfol_chart_rec *r, int kind, const amfol_where *w, const char *who)
{
    if (r->flow->len >= AMFOL_CHART_MAX_FLOW) {
        r->dropped++;
        return NULL;
    }
    amfol_chart_flow f = { .kind = kind, .first_frame = w->frame, .last_frame = w->frame, .t0 = w->time,
                           .t1 = w->time, .count = 1, .who = g_string_chunk_insert_const(r->names, who),
                           .action = AMFOL_ABSENT, .reduction_pct = AMFOL_ABSENT, .next_at_frame = -1 };
    int ix = (int)r->flow->len;
    void *head = g_hash_table_lookup(r->flow_at, GUINT_TO_POINTER(w->frame));
    if (head) {   /* append to the chain of items anchored at this frame */
        int k = GPOINTER_TO_INT(head) - 1;
        while (g_array_index(r->flow, amfol_chart_flow, k).next_at_frame >= 0)
            k = g_array_index(r->flow, amfol_chart_flow, k).next_at_frame;
        g_array_index(r->flow, amfol_chart_flow, k).next_at_frame = ix;
    } else {
        g_hash_table_insert(r->flow_at, GUINT_TO_POINTER(w->frame), GINT_TO_POINTER(ix + 1));
    }
    g_array_append_val(r->flow, f);
    return &g_array_index(r->flow, amfol_chart_flow, ix);
}

/* One more message of a burst: joins the open burst of its key while within the window. */
static void burst(amfol_chart_rec *r, int kind, const amfol_where *w, const char *who)
{
    char key[300];
    snprintf(key, sizeof key, "%d\x1f%s", kind, who);
    int ix = GPOINTER_TO_INT(g_hash_table_lookup(r->open_burst, key)) - 1;
    if (ix >= 0) {
        amfol_chart_flow *f = &g_array_index(r->flow, amfol_chart_flow, ix);
        if (w->time - f->t0 < AMFOL_CHART_BURST_S && w->time >= f->t0) {
            f->count++;
            f->last_frame = MAX(f->last_frame, w->frame);
            f->t1 = MAX(f->t1, w->time);
            return;
        }
        f->open = false;
    }
    amfol_chart_flow *f = flow_add(r, kind, w, who);
    if (!f) {
        g_hash_table_remove(r->open_burst, key);
        return;
    }
    f->open = true;
    g_hash_table_replace(r->open_burst, g_strdup(key), GINT_TO_POINTER((int)r->flow->len));
}

size_t amfol_chart_rec_flow_count(const amfol_chart_rec *r) { return r->flow->len; }

const amfol_chart_flow *amfol_chart_rec_flow(const amfol_chart_rec *r, size_t i)
{
    return i < r->flow->len ? &g_array_index(r->flow, amfol_chart_flow, i) : NULL;
}

int amfol_chart_rec_flow_at(const amfol_chart_rec *r, amfol_frame frame)
{
    return GPOINTER_TO_INT(g_hash_table_lookup(r->flow_at, GUINT_TO_POINTER(frame))) - 1;
}

void amfol_chart_rec_n2(amfol_chart_rec *r, const amfol_where *w, const amfol_n2_result *res)
{
    if (!res || !res->relevant || !res->gnb)   /* the engine takes a NULL result */
        return;
    if (res->is_initial_ue) {
        count(r, AMFOL_CK_IUM_ALL, res->gnb, "", res->amf, w);
        if (res->in_overload && res->shed_expected)
            count(r, AMFOL_CK_IUM_SHED, res->gnb, "", res->amf, w);
    }
    if ((res->is_start || res->is_stop) && res->amf) {
        if (r->marks->len >= AMFOL_CHART_MAX_MARKS) {
            r->dropped++;
            return;
        }
        amfol_chart_mark m = {
            .frame = w->frame, .time = w->time, .amf = res->amf, .gnb = res->gnb,
            .is_stop = res->is_stop, .replaced = res->replaced, .episode = res->episode,
            .action = res->action, .reduction_pct = res->reduction_pct,
        };
        g_array_append_val(r->marks, m);
        amfol_chart_flow *f = flow_add(r, res->is_stop ? AMFOL_FLOW_STOP : AMFOL_FLOW_START, w, res->gnb);
        if (f) {
            f->amf = res->amf;
            f->value = res->episode;
            f->action = res->action;
            f->reduction_pct = res->reduction_pct;
        }
    }
}

void amfol_chart_rec_rrc(amfol_chart_rec *r, const amfol_where *w, const amfol_rrc_result *res)
{
    if (!res || !res->relevant)
        return;
    const char *gnb = res->gnb ? res->gnb : "";
    const char *cell = res->cell ? res->cell : "unknown cell";
    switch (res->msg) {
    case AMFOL_RRC_SETUP_REQUEST:
    case AMFOL_RRC_RESUME_REQUEST:
        count(r, AMFOL_CK_RRC_REQ, gnb, cell, res->amf, w);
        break;
    case AMFOL_RRC_SETUP:
        count(r, AMFOL_CK_RRC_SETUP, gnb, cell, res->amf, w);
        break;
    case AMFOL_RRC_REJECT: {
        count(r, AMFOL_CK_RRC_REJECT, gnb, cell, res->amf, w);
        char who[200];
        snprintf(who, sizeof who, "%s cell %s", *gnb ? gnb : "gNB?", cell);
        burst(r, AMFOL_FLOW_RRC_REJECTS, w, who);
        break;
    }
    default:
        break;
    }
}

static void t3346_add(amfol_chart_rec *r, const char *amf, const amfol_nas_result *res)
{
    amfol_chart_t3346 *h = NULL;
    for (guint i = 0; i < r->t3346->len && !h; i++) {
        amfol_chart_t3346 *x = g_ptr_array_index(r->t3346, i);
        if (strcmp(x->amf, amf) == 0)
            h = x;
    }
    if (!h) {
        if (r->t3346->len >= 64) {
            r->dropped++;
            return;
        }
        h = g_new0(amfol_chart_t3346, 1);
        h->amf = g_strdup(amf);
        g_ptr_array_add(r->t3346, h);
    }
    if (res->t3346.state != AMFOL_TIMER_VALUE) {
        h->none++;
        return;
    }
    for (int i = 0; i < h->n; i++) {
        if (h->seconds[i] == res->t3346.seconds) {
            h->count[i]++;
            return;
        }
    }
    if (h->n < AMFOL_CHART_T3346_BINS) {
        h->seconds[h->n] = res->t3346.seconds;
        h->count[h->n++] = 1;
    } else {
        h->other++;
    }
}

void amfol_chart_rec_nas(amfol_chart_rec *r, const amfol_where *w, const amfol_nas_result *res)
{
    if (!res || !res->relevant || !res->amf)
        return;
    if (res->congestion) {
        count(r, AMFOL_CK_NAS_CONGESTION, res->amf, "", res->amf, w);
        burst(r, AMFOL_FLOW_NAS_CONGESTION, w, res->amf);
        if (res->mm_cause != AMFOL_ABSENT)
            t3346_add(r, res->amf, res);
    }
    if (res->is_attempt && res->verdict == AMFOL_VERDICT_VIOLATION)
        count(r, AMFOL_CK_NAS_EARLY, res->amf, "", res->amf, w);
}

void amfol_chart_rec_sbi(amfol_chart_rec *r, const amfol_where *w, const amfol_sbi_result *res)
{
    if (!res || !res->relevant)
        return;
    if (res->reported_load != AMFOL_ABSENT && res->nf[0]) {
        unsigned ix = bucket_of(r, w->time);
        amfol_chart_series *s = series_get(r, AMFOL_CK_NRF_LOAD, res->nf, "");
        if (s) {
            s->b[ix].value = (uint32_t)CLAMP(res->reported_load, 0, 100) + 1;
            s->b[ix].frame = w->frame;
            s->total++;
        }
        amfol_chart_flow *f = flow_add(r, AMFOL_FLOW_NRF_LOAD, w, res->nf);
        if (f)
            f->value = res->reported_load;
    }
    if (res->status == 503) {
        count(r, AMFOL_CK_SBI_503, res->nf, "", NULL, w);
        burst(r, AMFOL_FLOW_SBI_503, w, res->nf);
    }
    if (res->status == 429) {
        count(r, AMFOL_CK_SBI_429, res->nf, "", NULL, w);
        burst(r, AMFOL_FLOW_SBI_429, w, res->nf);
    }
    if (res->has_oci)
        count(r, AMFOL_CK_SBI_OCI, res->nf, "", NULL, w);
}

/* ---- read side ----------------------------------------------------------------------------- */

amfol_time amfol_chart_rec_origin(const amfol_chart_rec *r) { return r->origin; }
double amfol_chart_rec_width(const amfol_chart_rec *r) { return chart_widths[r->width_ix]; }
unsigned amfol_chart_rec_buckets(const amfol_chart_rec *r) { return r->used; }
size_t amfol_chart_rec_series_count(const amfol_chart_rec *r) { return r->series->len; }
size_t amfol_chart_rec_mark_count(const amfol_chart_rec *r) { return r->marks->len; }
size_t amfol_chart_rec_t3346_count(const amfol_chart_rec *r) { return r->t3346->len; }
uint32_t amfol_chart_rec_dropped(const amfol_chart_rec *r) { return r->dropped; }

const amfol_chart_series *amfol_chart_rec_series(const amfol_chart_rec *r, size_t i)
{
    return i < r->series->len ? g_ptr_array_index(r->series, i) : NULL;
}

const amfol_chart_mark *amfol_chart_rec_mark(const amfol_chart_rec *r, size_t i)
{
    return i < r->marks->len ? &g_array_index(r->marks, amfol_chart_mark, i) : NULL;
}

const amfol_chart_t3346 *amfol_chart_rec_t3346(const amfol_chart_rec *r, size_t i)
{
    return i < r->t3346->len ? g_ptr_array_index(r->t3346, i) : NULL;
}

amfol_time amfol_chart_rec_frame_time(const amfol_chart_rec *r, amfol_frame frame)
{
    for (guint i = 0; i < r->marks->len; i++) {
        const amfol_chart_mark *m = &g_array_index(r->marks, amfol_chart_mark, i);
        if (m->frame == frame)
            return m->time;
    }
    double w = chart_widths[r->width_ix];
    for (unsigned i = 0; i < r->used; i++) {
        const frame_bucket *fb = &r->frames[i];
        if (!fb->first || frame < fb->first || frame > fb->last)
            continue;
        double frac = fb->last > fb->first ? (double)(frame - fb->first) / (fb->last - fb->first + 1) : 0;
        return r->origin + (i + frac) * w;
    }
    /* Not in any bucket's range (out-of-order capture): the first bucket after it. */
    for (unsigned i = 0; i < r->used; i++)
        if (r->frames[i].first > frame)
            return r->origin + i * w;
    return r->origin + r->used * w;
}
