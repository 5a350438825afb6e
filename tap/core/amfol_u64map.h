/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_u64map.h: a map from 64-bit keys to nonzero 64-bit values (a count, an index + 1, a
 * pointer), for the per-message tables keyed by computed keys (UE contexts, requests waiting for
 * an answer): one flat array of 16-byte entries, open addressing with linear probing, removal by
 * shifting back (no tombstones), no allocation per entry. Not iterable: the callers only ask. */
#ifndef AMFOL_U64MAP_H
#define AMFOL_U64MAP_H

#include "amfol_events.h"   /* amfol_endpoint */
#include "amfol_types.h"

#include <string.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct amfol_u64map_entry {
    uint64_t key;
    uint64_t val;                /* 0: empty slot */
} amfol_u64map_entry;

typedef struct amfol_u64map {
    amfol_u64map_entry *e;       /* cap entries, cap a power of two (0: nothing yet) */
    size_t cap, n;               /* at most 75 % full */
} amfol_u64map;

/* A zeroed struct is an empty map; amfol_u64map_clear frees its memory (and empties it). */
void amfol_u64map_clear(amfol_u64map *m);
/* The value of key, 0 when absent. */
uint64_t amfol_u64map_get(const amfol_u64map *m, uint64_t key);
/* Sets key to val (val != 0), replacing a value it had. */
void amfol_u64map_put(amfol_u64map *m, uint64_t key, uint64_t val);
/* Removes key; false when it was absent. */
bool amfol_u64map_remove(amfol_u64map *m, uint64_t key);
static inline size_t amfol_u64map_size(const amfol_u64map *m)
{
    return m->n;
}

/* A 64-bit hash of an endpoint text of `len` bytes (len < sizeof ep->text), 8 bytes per step,
 * continuing from h. Every 8-byte read stays inside the text's 64-byte array; the bytes past
 * the text are masked off, so equal texts hash alike whatever follows their NUL. */
static inline uint64_t amfol_endpoint_hash(const amfol_endpoint *ep, size_t len, uint64_t h)
{
    for (size_t i = 0; i < len; i += 8) {
        uint64_t w;
        memcpy(&w, ep->text + i, 8);
        if (len - i < 8)
            w &= (UINT64_C(1) << (8 * (len - i))) - 1;
        h = (h ^ w) * UINT64_C(0x9E3779B97F4A7C15);
        h ^= h >> 29;
    }
    return h ^ len;
}

/* An endpoint text's length (its array always holds a NUL). */
static inline size_t amfol_endpoint_len(const amfol_endpoint *ep)
{
    return strnlen(ep->text, sizeof ep->text - 1);
}

/* A hash of the ordered pair (a, b) of endpoint texts of lengths la and lb, continuing from h:
 * the key of the per-pair memos (N2 associations, SBI association keys, symptoms' UE contexts). */
static inline uint64_t amfol_endpoint_pair_hash(const amfol_endpoint *a, size_t la, const amfol_endpoint *b,
                                                size_t lb, uint64_t h)
{
    return amfol_endpoint_hash(b, lb, amfol_endpoint_hash(a, la, h));
}

/* An NR-CGI as a key, when its PLMN is 0..6 decimal digits: each digit + 1 in 4 bits, then the
 * 36-bit cell identity; so one key per "<digits>-<cell id, 9 hex digits>" cell name. False for
 * any other PLMN text (the caller keys it by its name). */
static inline bool amfol_nr_cgi_key(const amfol_nr_cgi *cgi, uint64_t *key)
{
    uint64_t d = 0;
    int n = 0;
    for (const char *p = cgi->plmn.digits; n < (int)sizeof cgi->plmn.digits && *p; p++, n++) {
        if (n == 6 || *p < '0' || *p > '9')
            return false;
        d = d << 4 | (uint64_t)(*p - '0' + 1);
    }
    if (n == (int)sizeof cgi->plmn.digits)
        return false;                         /* not terminated */
    *key = d << 36 | (cgi->cell_id & UINT64_C(0xFFFFFFFFF));
    return true;
}

#endif
