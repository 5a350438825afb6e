/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_dedup.c: the recent keys with their time in a ring (oldest first), found through an
 * open-addressing index of ring positions; a key leaves once it is out of the window (or when the
 * cap is reached). O(1) per frame and no allocation per key: 20 bytes per remembered key plus
 * 8 to 16 bytes of index (a GHashTable, a GQueue node and an entry took about 64). The ring grows
 * by doubling up to the cap. */
#include "amfol_dedup.h"

#include <glib.h>
#include <string.h>

#define RING_MIN 1024u

struct amfol_dedup {
    double window_s;
    unsigned cap;
    /* The ring: `count` entries from `head`, oldest first, in arrays of `size` entries. */
    uint64_t *keys;
    amfol_time *times;
    amfol_frame *frames;
    unsigned size, head, count;
    /* key -> ring position + 1 of its newest entry (0: empty slot); linear probing. */
    uint32_t *index;
    unsigned index_bits;
};

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
    g_free(d->keys);
    g_free(d->times);
    g_free(d->frames);
    g_free(d->index);
    g_free(d);
}

static inline unsigned home(const amfol_dedup *d, uint64_t key)
{
    return (unsigned)((key * G_GUINT64_CONSTANT(0x9e3779b97f4a7c15)) >> (64 - d->index_bits));
}

static unsigned index_mask(const amfol_dedup *d)
{
    return (1u << d->index_bits) - 1;
}

/* Index slot holding key, or the empty slot where it would go. */
static inline unsigned index_find(const amfol_dedup *d, uint64_t key)
{
    unsigned mask = index_mask(d), i = home(d, key);
    while (d->index[i] && d->keys[d->index[i] - 1] != key)
        i = (i + 1) & mask;
    return i;
}

/* Empty slot i, moving later entries of its probe run back (no tombstones). */
static void index_remove_at(amfol_dedup *d, unsigned i)
{
    unsigned mask = index_mask(d), j = i;
    for (;;) {
        j = (j + 1) & mask;
        if (!d->index[j])
            break;
        unsigned k = home(d, d->keys[d->index[j] - 1]);
        /* The entry at j may move to i unless its home lies cyclically in (i, j]. */
        bool stays = i <= j ? (i < k && k <= j) : (i < k || k <= j);
        if (!stays) {
            d->index[i] = d->index[j];
            i = j;
        }
    }
    d->index[i] = 0;
}

static unsigned ring_pos(const amfol_dedup *d, unsigned nth)
{
    unsigned pos = d->head + nth;
    return pos >= d->size ? pos - d->size : pos;
}

/* Room for one more entry: double the ring (at most to the cap) when full, with the oldest
 * entry moved to position 0 and the index rebuilt (newest entry of each key wins, as before).
 * True when it did (index positions changed). */
static bool ring_grow(amfol_dedup *d)
{
    if (d->count < d->size)
        return false;
    unsigned size = d->size ? MIN(d->size * 2, d->cap) : MIN(RING_MIN, d->cap);
    uint64_t *keys = g_new(uint64_t, size);
    amfol_time *times = g_new(amfol_time, size);
    amfol_frame *frames = g_new(amfol_frame, size);
    for (unsigned n = 0; n < d->count; n++) {
        unsigned pos = ring_pos(d, n);
        keys[n] = d->keys[pos];
        times[n] = d->times[pos];
        frames[n] = d->frames[pos];
    }
    g_free(d->keys);
    g_free(d->times);
    g_free(d->frames);
    d->keys = keys;
    d->times = times;
    d->frames = frames;
    d->size = size;
    d->head = 0;
    unsigned bits = 1;
    while ((1u << bits) < 2 * size)
        bits++;
    g_free(d->index);
    d->index_bits = bits;
    d->index = g_new0(uint32_t, 1u << bits);
    for (unsigned n = 0; n < d->count; n++)
        d->index[index_find(d, keys[n])] = n + 1;
    return true;
}

static void forget_oldest(amfol_dedup *d)
{
    unsigned pos = d->head;
    unsigned i = index_find(d, d->keys[pos]);
    if (d->index[i] == pos + 1)
        index_remove_at(d, i);
    d->head = ring_pos(d, 1);
    d->count--;
}

bool amfol_dedup_repeat(amfol_dedup *d, uint64_t key, amfol_time t, amfol_frame frame, amfol_frame *first)
{
    if (!d || d->window_s <= 0)
        return false;
    /* Frames come in capture order; a frame out of order only shortens what is remembered. */
    while (d->count > 0) {
        if (t - d->times[d->head] < d->window_s && d->count < d->cap)
            break;
        forget_oldest(d);
    }
    unsigned i = 0;
    bool found_slot = false;              /* i: the key's slot in the index, as it is now */
    if (d->count > 0) {
        i = index_find(d, key);
        found_slot = true;
        if (d->index[i]) {
            unsigned pos = d->index[i] - 1;
            if (t - d->times[pos] < d->window_s && t >= d->times[pos]) {
                if (first)
                    *first = d->frames[pos];
                return true;
            }
        }
    }
    if (ring_grow(d))
        found_slot = false;
    unsigned pos = ring_pos(d, d->count);
    d->keys[pos] = key;
    d->times[pos] = t;
    d->frames[pos] = frame;
    d->count++;
    /* The slot found above still ends the key's probe unless the index was rebuilt: no index
     * entry points at the free position `pos`, so storing the key there changes no probe. */
    if (!found_slot)
        i = index_find(d, key);
    d->index[i] = pos + 1;
    return false;
}

uint64_t amfol_hash_bytes(uint64_t h, const uint8_t *b, size_t len)
{
    /* Every frame's bytes go through here (duplicate check): a word per step, not a byte; four
     * steps per loop turn (the same steps in the same order: the same values). */
#define HASH_WORD(at) do { \
        uint64_t w; \
        memcpy(&w, b + (at), sizeof w); \
        h = (h ^ w) * G_GUINT64_CONSTANT(0x9e3779b97f4a7c15); \
        h ^= h >> 32; \
    } while (0)
    size_t i = 0;
    for (; i + 32 <= len; i += 32) {
        HASH_WORD(i);
        HASH_WORD(i + 8);
        HASH_WORD(i + 16);
        HASH_WORD(i + 24);
    }
    for (; i + 8 <= len; i += 8)
        HASH_WORD(i);
#undef HASH_WORD
    for (; i < len; i++) {
        h ^= b[i];
        h *= G_GUINT64_CONSTANT(0x100000001b3);
    }
    return h;
}
