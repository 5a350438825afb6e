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

/* The entries in a ring, oldest first (grown by doubling up to the cap), and an open-addressing
 * index (linear probing, at most half full) from a key to the ring position of its newest
 * entry: no allocation per frame (a GHashTable and a GQueue cost one entry, one list node and a
 * table slot each, about 900 instructions per frame). */
struct amfol_dedup {
    double window_s;
    unsigned cap;
    dedup_entry *ring;
    unsigned ring_size;           /* a power of two */
    unsigned head, count;         /* oldest entry's position, entries held */
    uint32_t *slots;              /* ring position + 1, 0 = empty */
    unsigned n_slots;             /* a power of two, 2 * ring_size */
};

#define DEDUP_FIRST_RING 1024u

static unsigned slot_home(const amfol_dedup *d, uint64_t key)
{
    uint64_t h = (key ^ (key >> 29)) * G_GUINT64_CONSTANT(0xbf58476d1ce4e5b9);
    return (unsigned)(h >> 32) & (d->n_slots - 1);
}

/* The slot holding `key`, or the empty slot where it would go. */
static unsigned slot_find(const amfol_dedup *d, uint64_t key)
{
    unsigned m = d->n_slots - 1, i = slot_home(d, key);
    while (d->slots[i] && d->ring[d->slots[i] - 1].key != key)
        i = (i + 1) & m;
    return i;
}

/* Empties slot i, moving later entries of its probe run back (no tombstones). */
static void slot_delete(amfol_dedup *d, unsigned i)
{
    unsigned m = d->n_slots - 1, j = i;
    for (;;) {
        j = (j + 1) & m;
        if (!d->slots[j])
            break;
        unsigned k = slot_home(d, d->ring[d->slots[j] - 1].key);
        if (i <= j ? (i < k && k <= j) : (i < k || k <= j))
            continue;             /* its home lies between the hole and it: it stays */
        d->slots[i] = d->slots[j];
        i = j;
    }
    d->slots[i] = 0;
}

static void index_entry(amfol_dedup *d, unsigned pos)
{
    d->slots[slot_find(d, d->ring[pos].key)] = pos + 1;
}

/* Doubles the ring (entries moved to the start, oldest first) and rebuilds the index. */
static void grow(amfol_dedup *d)
{
    unsigned size = d->ring_size ? d->ring_size * 2 : DEDUP_FIRST_RING;
    dedup_entry *ring = g_new(dedup_entry, size);
    for (unsigned i = 0; i < d->count; i++)
        ring[i] = d->ring[(d->head + i) & (d->ring_size - 1)];
    g_free(d->ring);
    g_free(d->slots);
    d->ring = ring;
    d->ring_size = size;
    d->head = 0;
    d->n_slots = size * 2;
    d->slots = g_new0(uint32_t, d->n_slots);
    for (unsigned i = 0; i < d->count; i++)   /* oldest first: the newest of a key wins */
        index_entry(d, i);
}

amfol_dedup *amfol_dedup_new(double window_s, unsigned cap)
{
    amfol_dedup *d = g_new0(amfol_dedup, 1);
    d->window_s = window_s;
    d->cap = cap ? cap : 1;
    return d;
}

void amfol_dedup_free(amfol_dedup *d)
{
    if (!d)
        return;
    g_free(d->ring);
    g_free(d->slots);
    g_free(d);
}

static void forget_oldest(amfol_dedup *d)
{
    unsigned i = slot_find(d, d->ring[d->head].key);
    if (d->slots[i] == d->head + 1)            /* still the newest of its key */
        slot_delete(d, i);
    d->head = (d->head + 1) & (d->ring_size - 1);
    d->count--;
}

bool amfol_dedup_repeat(amfol_dedup *d, uint64_t key, amfol_time t, amfol_frame frame, amfol_frame *first)
{
    if (!d || d->window_s <= 0)
        return false;
    /* Frames come in capture order; a frame out of order only shortens what is remembered. */
    while (d->count > 0) {
        const dedup_entry *head = &d->ring[d->head];
        if (t - head->t < d->window_s && d->count < d->cap)
            break;
        forget_oldest(d);
    }
    if (d->count > 0) {
        uint32_t at = d->slots[slot_find(d, key)];
        const dedup_entry *seen = at ? &d->ring[at - 1] : NULL;
        if (seen && t - seen->t < d->window_s && t >= seen->t) {
            if (first)
                *first = seen->frame;
            return true;
        }
    }
    if (d->count == d->ring_size)
        grow(d);
    unsigned pos = (d->head + d->count) & (d->ring_size - 1);
    d->ring[pos].key = key;
    d->ring[pos].t = t;
    d->ring[pos].frame = frame;
    d->count++;
    index_entry(d, pos);
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
