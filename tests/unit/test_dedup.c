/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_dedup.c: amfol_dedup (a ring and an open-addressing index) answers exactly as the
 * reference below, the former GHashTable + GQueue design kept here as plain arrays: a FIFO of
 * (key, time, frame) recorded oldest first, forgotten from the front once out of the window or
 * at the cap, and a key's newest entry answering. Random streams with few keys (many repeats,
 * several entries of one key in the FIFO), window and cap evictions, time going backwards, ring
 * growth past its first size, and a cap below it. */
#include "core/amfol_dedup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ref_entry {
    uint64_t key;
    double t;
    uint32_t frame;
} ref_entry;

typedef struct ref {
    double window_s;
    unsigned cap;
    ref_entry *q;                      /* q[head .. n) is the FIFO */
    size_t head, n, size;
} ref;

/* The key's newest entry still in the FIFO. */
static const ref_entry *ref_find(const ref *r, uint64_t key)
{
    for (size_t i = r->n; i > r->head; i--)
        if (r->q[i - 1].key == key)
            return &r->q[i - 1];
    return NULL;
}

static int ref_repeat(ref *r, uint64_t key, double t, uint32_t frame, uint32_t *first)
{
    if (r->window_s <= 0)
        return 0;
    while (r->n > r->head) {
        const ref_entry *h = &r->q[r->head];
        if (t - h->t < r->window_s && r->n - r->head < r->cap)
            break;
        r->head++;
    }
    const ref_entry *seen = ref_find(r, key);
    if (seen && t - seen->t < r->window_s && t >= seen->t) {
        *first = seen->frame;
        return 1;
    }
    if (r->n == r->size) {
        r->size = r->size ? r->size * 2 : 1024;
        r->q = realloc(r->q, r->size * sizeof *r->q);
    }
    r->q[r->n++] = (ref_entry){ key, t, frame };
    return 0;
}

static unsigned long long rng = 88172645463325252ULL;

static unsigned long long next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

int main(void)
{
    struct { double window; unsigned cap, keys, frames; double step; } runs[] = {
        { 1.0, 65536, 50, 200000, 0.01 },      /* window evictions, many repeats */
        { 1.0, 7, 20, 50000, 0.001 },          /* cap evictions (cap below the first ring) */
        { 60.0, 3000, 5000, 100000, 0.005 },   /* the ring grows past 1024 and 2048 */
        { 5.0, 2, 3, 10000, 0.5 },             /* the smallest useful cap */
        { 2.0, 100000, 1u << 30, 30000, 0.0001 }, /* almost no repeats */
        { 0.0, 10, 5, 1000, 0.1 },             /* disabled */
    };
    int failures = 0;
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
        amfol_dedup *d = amfol_dedup_new(runs[k].window, runs[k].cap);
        ref r = { runs[k].window, runs[k].cap, NULL, 0, 0, 0 };
        double t = 1000.0;
        unsigned repeats = 0;
        for (uint32_t f = 1; f <= runs[k].frames && failures < 10; f++) {
            unsigned long long x = next();
            t += runs[k].step * (double)(x % 100) / 50.0;
            if (x % 997 == 0)
                t -= 3.0 * runs[k].window + 0.5;   /* out of order */
            uint64_t key = (next() % runs[k].keys) * 0x9e3779b97f4a7c15ULL;
            amfol_frame got_first = 0;
            uint32_t want_first = 0;
            bool got = amfol_dedup_repeat(d, key, t, f, &got_first);
            int want = ref_repeat(&r, key, t, f, &want_first);
            repeats += (unsigned)want;
            if ((int)got != want || (want && got_first != want_first)) {
                fprintf(stderr, "run %zu frame %u: got %d (first %u), want %d (first %u)\n", k, f, (int)got,
                        (unsigned)got_first, want, want_first);
                failures++;
            }
        }
        printf("run %zu: %u frames, %u repeats\n", k, runs[k].frames, repeats);
        if (runs[k].window > 0 && runs[k].keys < 10000 && repeats == 0) {
            fprintf(stderr, "run %zu: no repeats: the stream tests nothing\n", k);
            failures++;
        }
        amfol_dedup_free(d);
        free(r.q);
    }
    return failures ? 1 : 0;
}
