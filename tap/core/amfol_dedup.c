/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_dedup.c: a hash set of recent keys with their time, and a FIFO that forgets them once
 * they leave the window (or when the cap is reached). O(1) per frame. */
#include "amfol_dedup.h"

#include <glib.h>
#include <string.h>

typedef struct dedup_entry {
    uint64_t key;
    amfol_time t;
    amfol_frame frame;
} dedup_entry;

struct amfol_dedup {
    double window_s;
    unsigned cap;
    GHashTable *recent;           /* key (uint64_t*, owned by the entry in `order`) -> entry */
    GQueue order;                 /* dedup_entry*, oldest first */
};

static guint key_hash(gconstpointer k)
{
    uint64_t v = *(const uint64_t *)k;
    return (guint)(v ^ (v >> 32));
}

static gboolean key_equal(gconstpointer a, gconstpointer b)
{
    return *(const uint64_t *)a == *(const uint64_t *)b;
}

amfol_dedup *amfol_dedup_new(double window_s, unsigned cap)
{
    amfol_dedup *d = g_new0(amfol_dedup, 1);
    d->window_s = window_s;
    d->cap = cap ? cap : 1;
    d->recent = g_hash_table_new(key_hash, key_equal);
    g_queue_init(&d->order);
    return d;
}

void amfol_dedup_free(amfol_dedup *d)
{
    if (!d)
        return;
    g_hash_table_destroy(d->recent);
    g_queue_clear_full(&d->order, g_free);   /* the queue itself is embedded */
    g_free(d);
}

static void forget_oldest(amfol_dedup *d)
{
    dedup_entry *old = g_queue_pop_head(&d->order);
    if (g_hash_table_lookup(d->recent, &old->key) == old)
        g_hash_table_remove(d->recent, &old->key);
    g_free(old);
}

bool amfol_dedup_repeat(amfol_dedup *d, uint64_t key, amfol_time t, amfol_frame frame, amfol_frame *first)
{
    if (!d || d->window_s <= 0)
        return false;
    /* Frames come in capture order; a frame out of order only shortens what is remembered. */
    while (d->order.length > 0) {
        const dedup_entry *head = g_queue_peek_head(&d->order);
        if (t - head->t < d->window_s && d->order.length < d->cap)
            break;
        forget_oldest(d);
    }
    const dedup_entry *seen = g_hash_table_lookup(d->recent, &key);
    if (seen && t - seen->t < d->window_s && t >= seen->t) {
        if (first)
            *first = seen->frame;
        return true;
    }
    dedup_entry *e = g_new(dedup_entry, 1);
    e->key = key;
    e->t = t;
    e->frame = frame;
    g_queue_push_tail(&d->order, e);
    g_hash_table_replace(d->recent, &e->key, e);
    return false;
}

uint64_t amfol_hash_bytes(uint64_t h, const uint8_t *b, size_t len)
{
    /* Every frame's bytes go through here (duplicate check): a word per step, not a byte. */
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, sizeof w);
        h = (h ^ w) * G_GUINT64_CONSTANT(0x9e3779b97f4a7c15);
        h ^= h >> 32;
    }
    for (; i < len; i++) {
        h ^= b[i];
        h *= G_GUINT64_CONSTANT(0x100000001b3);
    }
    return h;
}
