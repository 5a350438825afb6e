/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas_ids.h: the UE identity registry: links messages to UEs by exact identities only
 * (SUCI, 5G-GUTI, 5G-S-TMSI, AMF UE NGAP ID, association + RAN UE NGAP ID); bounded, LRU. */
#ifndef AMFOL_NAS_IDS_H
#define AMFOL_NAS_IDS_H

#include "amfol_nas_ue.h"

#include <string.h>

typedef struct amfol_nas_registry amfol_nas_registry;

typedef struct amfol_nas_registry_stats {
    uint64_t ues_created;
    uint64_t evictions;          /* least recently seen UEs dropped at the cap */
    uint64_t rebinds;            /* an identity seen again on another UE (e.g. TMSI reuse) */
    uint64_t key_overflow;       /* identities dropped because a UE had too many */
    uint64_t backoffs_lost;      /* evicted UEs whose T3346 back-off still awaited the next attempt */
} amfol_nas_registry_stats;

amfol_nas_registry *amfol_nas_registry_new(size_t max_ues);
void amfol_nas_registry_free(amfol_nas_registry *r);

amfol_nas_ue *amfol_nas_registry_lookup(amfol_nas_registry *r, const char *key);
/* What the registry keeps of a key text: a 64-bit hash of it, 0 for none (NULL or ""). The
 * _hash calls are the text calls with that hash computed once by the caller, for a message whose
 * keys are looked up and then bound; bind_hash reads `key` (its text) only when it becomes the
 * UE's display name. */
uint64_t amfol_nas_key_hash(const char *key);
uint64_t amfol_nas_key_hash_n(const char *key, size_t len);
/* Hashes of the keys that are never looked up by their text, from their parts (no text built
 * per message): a context key "<kind prefix><node>/<id>" whose text fits AMFOL_NAS_KEY_LEN
 * untruncated (else the caller hashes its text), and a Part1 key. Distinct parts make distinct
 * texts, so these link exactly as the texts' hashes would. */
uint64_t amfol_nas_key_hash_ctx(int kind, const char *node, size_t node_len, int64_t id);
uint64_t amfol_nas_key_hash_part1(uint64_t part1);
amfol_nas_ue *amfol_nas_registry_lookup_hash(amfol_nas_registry *r, uint64_t h);
/* A new UE (evicting the least recently seen one when at the cap). */
amfol_nas_ue *amfol_nas_registry_create(amfol_nas_registry *r, amfol_time t);
/* Bind `key` of `kind` to ue. A context key (NGAP ids) replaces the UE's previous one of the same
 * kind. A key bound to another UE moves (counted as a rebind): the newest holder wins. */
void amfol_nas_registry_bind(amfol_nas_registry *r, amfol_nas_ue *ue, const char *key, int kind);
void amfol_nas_registry_bind_hash(amfol_nas_registry *r, amfol_nas_ue *ue, uint64_t h, int kind,
                                  const char *key);
/* Would binding a key of this kind give ue its display name (bind_hash reads the text)? */
bool amfol_nas_registry_would_name(const amfol_nas_ue *ue, int kind);
void amfol_nas_registry_unbind(amfol_nas_registry *r, const char *key);
void amfol_nas_registry_touch(amfol_nas_registry *r, amfol_nas_ue *ue, amfol_time t);
amfol_nas_ue *amfol_nas_registry_by_serial(amfol_nas_registry *r, uint64_t serial);
size_t amfol_nas_registry_size(const amfol_nas_registry *r);
const amfol_nas_registry_stats *amfol_nas_registry_stats_get(const amfol_nas_registry *r);

/* Key texts (also the docs/faults.md UE names for the first three), as snprintf would write
 * them (truncated the same way); each returns the length written. */
size_t amfol_nas_key_suci(char *buf, size_t n, const char *suci);
size_t amfol_nas_key_guti(char *buf, size_t n, const amfol_guami *g, uint32_t tmsi);
size_t amfol_nas_key_s_tmsi(char *buf, size_t n, const amfol_s_tmsi *s);
/* ng-5G-S-TMSI-Part1 (TS 38.331): the 39 rightmost bits of the 48-bit 5G-S-TMSI. */
uint64_t amfol_nas_s_tmsi_part1(const amfol_s_tmsi *s);
/* The decimal digits of v at p, two at a time (no NUL, at most 20); returns the end. For the key
 * texts built for every message. */
static inline char *amfol_nas_put_dec(char *p, uint64_t v)
{
    static const char pairs[] =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
        "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
        "8081828384858687888990919293949596979899";
    char t[20];
    char *e = t + sizeof t;
    while (v >= 100) {
        unsigned r = (unsigned)(v % 100);
        v /= 100;
        *--e = pairs[2 * r + 1];
        *--e = pairs[2 * r];
    }
    if (v >= 10) {
        *--e = pairs[2 * v + 1];
        *--e = pairs[2 * v];
    } else {
        *--e = (char)('0' + v);
    }
    size_t n = (size_t)(t + sizeof t - e);
    memcpy(p, e, n);
    return p + n;
}
size_t amfol_nas_key_part1(char *buf, size_t n, uint64_t part1);

#endif
