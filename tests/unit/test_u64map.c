/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_u64map.c: the flat 64-bit key map (core/amfol_u64map.c) answers exactly as a GHashTable
 * does, over random puts, replaces, gets and removes of colliding and spread keys, through its
 * growth and the back-shifting of removals; plus the fixed cases by hand. */
#include "core/amfol_u64map.h"

#include <assert.h>
#include <glib.h>
#include <stdio.h>

static void by_hand(void)
{
    amfol_u64map m = {0};
    assert(amfol_u64map_get(&m, 7) == 0);
    assert(!amfol_u64map_remove(&m, 7));
    amfol_u64map_put(&m, 0, 5);          /* key 0 is a key like any other */
    amfol_u64map_put(&m, 7, 1);
    assert(amfol_u64map_size(&m) == 2);
    assert(amfol_u64map_get(&m, 0) == 5 && amfol_u64map_get(&m, 7) == 1);
    amfol_u64map_put(&m, 7, 9);          /* replace */
    assert(amfol_u64map_size(&m) == 2 && amfol_u64map_get(&m, 7) == 9);
    assert(amfol_u64map_remove(&m, 0) && !amfol_u64map_remove(&m, 0));
    assert(amfol_u64map_get(&m, 0) == 0 && amfol_u64map_size(&m) == 1);
    amfol_u64map_clear(&m);
    assert(amfol_u64map_size(&m) == 0 && amfol_u64map_get(&m, 7) == 0);
}

/* The reference's hash: g_int64_hash folds the two halves (x ^ y for these keys), which crowds
 * GLib's table and made this test take half a minute; mixed, it takes a fraction of a second. */
static guint mixed_hash(gconstpointer p)
{
    uint64_t k = *(const uint64_t *)p;
    k ^= k >> 33;
    k *= G_GUINT64_CONSTANT(0xff51afd7ed558ccd);
    k ^= k >> 33;
    return (guint)k;
}

static void against_ghashtable(unsigned seed, uint64_t key_space, int ops)
{
    GRand *r = g_rand_new_with_seed(seed);
    GHashTable *ref = g_hash_table_new_full(mixed_hash, g_int64_equal, g_free, g_free);
    amfol_u64map m = {0};
    size_t max_n = 0;
    for (int i = 0; i < ops; i++) {
        /* keys like the callers': a hash in the high half, a small id in the low one */
        uint64_t k = ((uint64_t)g_rand_int_range(r, 0, (gint32)key_space) << 32) |
                     (uint64_t)g_rand_int_range(r, 0, 3);
        int op = g_rand_int_range(r, 0, 10);
        uint64_t *want = g_hash_table_lookup(ref, &k);
        if (op < 4) {
            uint64_t v = g_rand_int(r) | 1u;
            amfol_u64map_put(&m, k, v);
            g_hash_table_replace(ref, g_memdup2(&k, sizeof k), g_memdup2(&v, sizeof v));
        } else if (op < 7) {
            assert(amfol_u64map_remove(&m, k) == (want != NULL));
            g_hash_table_remove(ref, &k);
        } else {
            assert(amfol_u64map_get(&m, k) == (want ? *want : 0));
        }
        assert(amfol_u64map_size(&m) == g_hash_table_size(ref));
        max_n = MAX(max_n, amfol_u64map_size(&m));
    }
    /* every key the reference holds, and nothing else in the probed space */
    GHashTableIter it;
    gpointer kp, vp;
    g_hash_table_iter_init(&it, ref);
    while (g_hash_table_iter_next(&it, &kp, &vp))
        assert(amfol_u64map_get(&m, *(uint64_t *)kp) == *(uint64_t *)vp);
    assert(m.cap <= 64 || m.cap < 4 * max_n);   /* grown only as the entries needed */
    printf("seed %u keys %llu: %zu entries at the end, %zu at most, capacity %zu\n", seed,
           (unsigned long long)key_space * 3, amfol_u64map_size(&m), max_n, m.cap);
    amfol_u64map_clear(&m);
    g_hash_table_destroy(ref);
    g_rand_free(r);
}

int main(void)
{
    by_hand();
    against_ghashtable(1, 50, 20000);       /* few keys: long runs of puts and removes */
    against_ghashtable(2, 5000, 200000);    /* grows several times */
    against_ghashtable(3, 1u << 30, 100000); /* mostly new keys */
    printf("u64map: OK\n");
    return 0;
}
