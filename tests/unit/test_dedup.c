/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_dedup.c: the duplicate check (core/amfol_dedup.c, a ring with an open-addressing index)
 * answers exactly as the GHashTable + GQueue version it replaced, kept here as the reference:
 * same verdict and same first frame for every key, over random streams with repeats, expiry,
 * the cap, frames out of time order and the ring's growth; plus the fixed cases by hand. */
#include "core/amfol_dedup.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

/* ---- the reference (the former amfol_dedup.c) ---- */
typedef struct ref_entry {
    uint64_t key;
    amfol_time t;
    amfol_frame frame;
} ref_entry;

typedef struct ref_dedup {
    double window_s;
    unsigned cap;
    GHashTable *recent;
    GQueue order;
} ref_dedup;

static guint ref_hash(gconstpointer k)
{
    uint64_t v = *(const uint64_t *)k;
    return (guint)(v ^ (v >> 32));
}

static gboolean ref_equal(gconstpointer a, gconstpointer b)
{
    return *(const uint64_t *)a == *(const uint64_t *)b;
}

static ref_dedup *ref_new(double window_s, unsigned cap)
{
    ref_dedup *d = g_new0(ref_dedup, 1);
    d->window_s = window_s;
    d->cap = cap ? cap : 1;
    d->recent = g_hash_table_new(ref_hash, ref_equal);
    g_queue_init(&d->order);
    return d;
}

static void ref_free(ref_dedup *d)
{
    g_hash_table_destroy(d->recent);
    g_queue_clear_full(&d->order, g_free);
    g_free(d);
}

static bool ref_repeat(ref_dedup *d, uint64_t key, amfol_time t, amfol_frame frame, amfol_frame *first)
{
    if (d->window_s <= 0)
        return false;
    while (d->order.length > 0) {
        const ref_entry *head = g_queue_peek_head(&d->order);
        if (t - head->t < d->window_s && d->order.length < d->cap)
            break;
        ref_entry *old = g_queue_pop_head(&d->order);
        if (g_hash_table_lookup(d->recent, &old->key) == old)
            g_hash_table_remove(d->recent, &old->key);
        g_free(old);
    }
    const ref_entry *seen = g_hash_table_lookup(d->recent, &key);
    if (seen && t - seen->t < d->window_s && t >= seen->t) {
        *first = seen->frame;
        return true;
    }
    ref_entry *e = g_new(ref_entry, 1);
    e->key = key;
    e->t = t;
    e->frame = frame;
    g_queue_push_tail(&d->order, e);
    g_hash_table_replace(d->recent, &e->key, e);
    return false;
}

static int failures;

static void expect(bool cond, const char *what)
{
    if (!cond) {
        fprintf(stderr, "FAIL: %s\n", what);
        failures++;
    }
}

/* One random stream against the reference; returns the number of repeats seen. */
static unsigned long compare_stream(unsigned seed, double window_s, unsigned cap, unsigned n_keys, int n,
                                    double per_window)
{
    GRand *rng = g_rand_new_with_seed(seed);
    amfol_dedup *d = amfol_dedup_new(window_s, cap);
    ref_dedup *r = ref_new(window_s, cap);
    amfol_time t = 100.0;
    unsigned long repeats = 0;
    for (int i = 1; i <= n; i++) {
        /* mostly forward in small steps, sometimes a jump, sometimes backwards */
        int step = g_rand_int_range(rng, 0, 100);
        if (step < 3)
            t -= g_rand_double_range(rng, 0, window_s * 2);
        else if (step < 5)
            t += g_rand_double_range(rng, 0, window_s * 3);
        else
            t += g_rand_double_range(rng, 0, 2 * window_s / per_window);
        /* keys from a small set (many repeats), now and then a key spread over 64 bits */
        uint64_t key = g_rand_int_range(rng, 0, 10) == 0
                       ? ((uint64_t)g_rand_int(rng) << 32 | g_rand_int(rng))
                       : (uint64_t)g_rand_int_range(rng, 0, (gint32)n_keys) * G_GUINT64_CONSTANT(0xff51afd7ed558ccd);
        amfol_frame f1 = 0, f2 = 0;
        bool a = amfol_dedup_repeat(d, key, t, (amfol_frame)i, &f1);
        bool b = ref_repeat(r, key, t, (amfol_frame)i, &f2);
        if (a != b || f1 != f2) {
            fprintf(stderr, "seed %u window %.3f cap %u: step %d key %llx: got %d/%u, want %d/%u\n", seed,
                    window_s, cap, i, (unsigned long long)key, a, f1, b, f2);
            failures++;
            break;
        }
        repeats += a;
    }
    amfol_dedup_free(d);
    ref_free(r);
    g_rand_free(rng);
    return repeats;
}

int main(void)
{
    /* by hand: window, first frame, a third copy counts against the first, expiry */
    amfol_dedup *d = amfol_dedup_new(1.0, 8);
    amfol_frame f = 0;
    expect(!amfol_dedup_repeat(d, 42, 10.0, 1, &f), "first sight is no repeat");
    expect(amfol_dedup_repeat(d, 42, 10.5, 2, &f) && f == 1, "repeat within the window, first frame 1");
    expect(amfol_dedup_repeat(d, 42, 10.9, 3, &f) && f == 1, "third copy counts against the first");
    expect(!amfol_dedup_repeat(d, 42, 11.0, 4, &f), "out of the window (1.0 s later) is new");
    expect(amfol_dedup_repeat(d, 42, 11.2, 5, &f) && f == 4, "then repeats the new one");
    expect(!amfol_dedup_repeat(d, 42, 10.0, 6, &f), "earlier than the remembered copy: new");
    amfol_dedup_free(d);
    /* cap: the oldest key is forgotten first */
    d = amfol_dedup_new(100.0, 2);
    expect(!amfol_dedup_repeat(d, 1, 0.0, 1, &f) && !amfol_dedup_repeat(d, 2, 0.1, 2, &f), "two keys");
    expect(!amfol_dedup_repeat(d, 3, 0.2, 3, &f), "a third key");
    expect(!amfol_dedup_repeat(d, 1, 0.3, 4, &f), "key 1 forgotten by the cap");
    expect(amfol_dedup_repeat(d, 1, 0.4, 5, &f) && f == 4, "key 1 again: a repeat of frame 4");
    expect(!amfol_dedup_repeat(d, 3, 0.5, 6, &f), "key 3 forgotten by the cap in turn");
    amfol_dedup_free(d);
    /* disabled */
    d = amfol_dedup_new(0, 8);
    expect(!amfol_dedup_repeat(d, 7, 0.0, 1, &f) && !amfol_dedup_repeat(d, 7, 0.0, 2, &f), "window 0: never a repeat");
    amfol_dedup_free(d);
    expect(!amfol_dedup_repeat(NULL, 7, 0.0, 1, &f), "NULL: never a repeat");

    /* random streams: small caps (the cap decides), large caps (the window decides, the ring
     * grows past its first size), cap 1 */
    struct { double window_s; unsigned cap, n_keys; int n; double per_window; } runs[] = {
        { 1.0, 16, 40, 10000, 100 }, { 1.0, 1, 5, 3000, 100 }, { 0.5, 3000, 5000, 30000, 100 },
        { 60.0, 262144, 300000, 40000, 100000 }, { 2.0, 65536, 500, 30000, 100 },
        { 1.0, 1500, 100000, 20000, 100 }, { 1.0, 3000, 20000, 40000, 5000 }, { 1.0, 100000, 8000, 40000, 5000 },
    };
    unsigned long repeats = 0;
    for (size_t k = 0; k < G_N_ELEMENTS(runs); k++)
        for (unsigned seed = 1; seed <= 3; seed++)
            repeats += compare_stream(seed * 7919u + (unsigned)k, runs[k].window_s, runs[k].cap, runs[k].n_keys,
                                      runs[k].n, runs[k].per_window);
    expect(repeats > 10000, "the streams hold repeats");
    printf("dedup: %lu repeats over the random streams, %d failures\n", repeats, failures);
    return failures ? 1 : 0;
}
