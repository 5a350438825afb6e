/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas_ids.c: UE identity registry: key -> UE index, serial lookup, LRU eviction at a cap.
 *
 * Sized for amfol.max_ues UEs, a million by choice: the UEs live in fixed chunks (no per-UE
 * allocation, pointers stay valid until eviction), the LRU list is threaded through them by slot,
 * and identities are kept as 64-bit hashes of their key texts (context and Part1 keys: of their
 * parts, amfol_nas_key_hash_ctx/_part1). The key index is an open-addressing
 * table of 8-byte entries (40 low hash bits | 24-bit slot); a hit is confirmed against the full
 * hash the UE keeps, so two texts are confused only if their 64-bit hashes are equal. */
#include "amfol_nas_ids.h"
#include "core/amfol_dedup.h"   /* amfol_hash_bytes */
#include "core/amfol_fmt.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define SLOT_BITS 24
#define SLOT_MASK ((1u << SLOT_BITS) - 1)
#define NO_SLOT 0xFFFFFFFFu
#define FP_MASK ((UINT64_C(1) << 40) - 1)
#define CHUNK_UES 4096u

struct amfol_nas_registry {
    size_t max_ues;
    amfol_nas_ue **chunks;       /* CHUNK_UES UEs each, allocated as slots are first used */
    uint32_t n_slots;            /* slots handed out so far (<= max_ues) */
    uint32_t free_head;          /* evicted slots, chained through lru_next */
    size_t size;                 /* live UEs */
    uint32_t lru_head, lru_tail; /* head = least recently seen */
    uint64_t *index;             /* key index: 0 = empty, else (hash & FP_MASK) << 24 | slot */
    size_t index_cap, index_n;   /* capacity a power of two, at most 80 % full */
    uint64_t next_serial;
    amfol_nas_registry_stats st;
};

/* The finaliser of amfol_nas_key_hash_n over a pre-hash: never 0 in the 40 bits the index keeps. */
static uint64_t key_hash_final(uint64_t h)
{
    h ^= h >> 33;
    h *= UINT64_C(0xff51afd7ed558ccd);
    h ^= h >> 33;
    return (h & FP_MASK) ? h : h | 1;
}

/* The core's byte hash, then a 64-bit finaliser; never 0 in the 40 bits the index keeps. */
uint64_t amfol_nas_key_hash_n(const char *key, size_t len)
{
    if (!key || !len)
        return 0;
    return key_hash_final(amfol_hash_bytes(AMFOL_HASH_INIT, (const uint8_t *)key, len));
}

uint64_t amfol_nas_key_hash_ctx(int kind, const char *node, size_t node_len, int64_t id)
{
    /* The kind seeds the hash (the text's prefix); the id is mixed in after the node's bytes. */
    uint64_t h = amfol_hash_bytes(AMFOL_HASH_INIT ^ ((uint64_t)(kind + 1) << 56), (const uint8_t *)node, node_len);
    h = (h ^ (uint64_t)id) * UINT64_C(0x9e3779b97f4a7c15);
    return key_hash_final(h ^ (h >> 32));
}

uint64_t amfol_nas_key_hash_part1(uint64_t part1)
{
    /* Bijective up to the final |1: distinct Part1s never share a hash but by that bit. */
    return key_hash_final((part1 ^ ((uint64_t)(AMFOL_KEY_PART1 + 1) << 56)) * UINT64_C(0x9e3779b97f4a7c15));
}

uint64_t amfol_nas_key_hash(const char *key)
{
    return key ? amfol_nas_key_hash_n(key, strlen(key)) : 0;
}

static amfol_nas_ue *at(const amfol_nas_registry *r, uint32_t slot)
{
    return &r->chunks[slot / CHUNK_UES][slot % CHUNK_UES];
}

static uint32_t slot_of(const amfol_nas_ue *ue)
{
    return (uint32_t)(ue->serial & SLOT_MASK);
}

static bool ue_has_key(const amfol_nas_ue *ue, uint64_t h)
{
    for (int i = 0; i < ue->n_keys; i++)
        if (ue->keys[i] == h)
            return true;
    return false;
}

/* ---- key index ---------------------------------------------------------------------------- */

static size_t home(const amfol_nas_registry *r, uint64_t fp)
{
    return (size_t)(fp & (r->index_cap - 1));
}

/* Position of h's entry, or -1. */
static ptrdiff_t index_find(const amfol_nas_registry *r, uint64_t h)
{
    if (!r->index_cap)
        return -1;
    uint64_t fp = h & FP_MASK;
    for (size_t i = home(r, fp);; i = (i + 1) & (r->index_cap - 1)) {
        uint64_t e = r->index[i];
        if (!e)
            return -1;
        if ((e >> SLOT_BITS) == fp && ue_has_key(at(r, (uint32_t)(e & SLOT_MASK)), h))
            return (ptrdiff_t)i;
    }
}

static void index_put(uint64_t *t, size_t cap, uint64_t e)
{
    size_t i = (size_t)((e >> SLOT_BITS) & (cap - 1));
    while (t[i])
        i = (i + 1) & (cap - 1);
    t[i] = e;
}

static void index_grow(amfol_nas_registry *r)
{
    size_t cap = r->index_cap ? r->index_cap * 2 : 1024;
    uint64_t *t = g_new0(uint64_t, cap);
    for (size_t i = 0; i < r->index_cap; i++)
        if (r->index[i])
            index_put(t, cap, r->index[i]);
    g_free(r->index);
    r->index = t;
    r->index_cap = cap;
}

static void index_add(amfol_nas_registry *r, uint64_t h, uint32_t slot)
{
    if ((r->index_n + 1) * 5 > r->index_cap * 4)
        index_grow(r);
    index_put(r->index, r->index_cap, ((h & FP_MASK) << SLOT_BITS) | slot);
    r->index_n++;
}

/* Remove the entry at i, shifting back the entries of its probe run (no tombstones). */
static void index_remove_at(amfol_nas_registry *r, size_t i)
{
    size_t mask = r->index_cap - 1;
    r->index[i] = 0;
    r->index_n--;
    for (size_t j = (i + 1) & mask; r->index[j]; j = (j + 1) & mask) {
        size_t k = home(r, r->index[j] >> SLOT_BITS);
        /* The entry at j may move to i unless its home lies cyclically in (i, j]. */
        bool stays = (i <= j) ? (i < k && k <= j) : (i < k || k <= j);
        if (!stays) {
            r->index[i] = r->index[j];
            r->index[j] = 0;
            i = j;
        }
    }
}

/* ---- registry ----------------------------------------------------------------------------- */

amfol_nas_registry *amfol_nas_registry_new(size_t max_ues)
{
    amfol_nas_registry *r = g_new0(amfol_nas_registry, 1);
    r->max_ues = max_ues ? max_ues : 1;
    if (r->max_ues > SLOT_MASK)
        r->max_ues = SLOT_MASK;                  /* 16.7 million: the slot field's width */
    r->chunks = g_new0(amfol_nas_ue *, r->max_ues / CHUNK_UES + 1);
    r->free_head = r->lru_head = r->lru_tail = NO_SLOT;
    r->next_serial = 1;
    return r;
}

void amfol_nas_registry_free(amfol_nas_registry *r)
{
    if (!r)
        return;
    for (size_t c = 0; c <= r->max_ues / CHUNK_UES; c++)
        g_free(r->chunks[c]);
    g_free(r->chunks);
    g_free(r->index);
    g_free(r);
}

amfol_nas_ue *amfol_nas_registry_lookup_hash(amfol_nas_registry *r, uint64_t h)
{
    if (!h)
        return NULL;
    ptrdiff_t i = index_find(r, h);
    return i < 0 ? NULL : at(r, (uint32_t)(r->index[i] & SLOT_MASK));
}

amfol_nas_ue *amfol_nas_registry_lookup(amfol_nas_registry *r, const char *key)
{
    return amfol_nas_registry_lookup_hash(r, amfol_nas_key_hash(key));
}

static void drop_key_at(amfol_nas_registry *r, amfol_nas_ue *ue, int i)
{
    ptrdiff_t pos = index_find(r, ue->keys[i]);
    if (pos >= 0 && (uint32_t)(r->index[pos] & SLOT_MASK) == slot_of(ue))
        index_remove_at(r, (size_t)pos);
    for (int j = i; j + 1 < ue->n_keys; j++) {   /* at most 3 moves: no memmove calls */
        ue->keys[j] = ue->keys[j + 1];
        ue->key_kind[j] = ue->key_kind[j + 1];
    }
    ue->n_keys--;
}

static void lru_unlink(amfol_nas_registry *r, amfol_nas_ue *ue)
{
    if (ue->lru_prev != NO_SLOT)
        at(r, ue->lru_prev)->lru_next = ue->lru_next;
    else
        r->lru_head = ue->lru_next;
    if (ue->lru_next != NO_SLOT)
        at(r, ue->lru_next)->lru_prev = ue->lru_prev;
    else
        r->lru_tail = ue->lru_prev;
}

static void lru_push_tail(amfol_nas_registry *r, amfol_nas_ue *ue)
{
    uint32_t slot = slot_of(ue);
    ue->lru_prev = r->lru_tail;
    ue->lru_next = NO_SLOT;
    if (r->lru_tail != NO_SLOT)
        at(r, r->lru_tail)->lru_next = slot;
    else
        r->lru_head = slot;
    r->lru_tail = slot;
}


static void evict(amfol_nas_registry *r, amfol_nas_ue *ue)
{
    r->st.evictions++;
    /* A T3346 back-off still waiting for the UE's next attempt is lost with the UE: counted.
     * (5GSM back-offs are never judged, see amfol_nas.c.) */
    r->st.backoffs_lost += ue->mm.active && !ue->mm.retried;
    while (ue->n_keys > 0)
        drop_key_at(r, ue, ue->n_keys - 1);
    lru_unlink(r, ue);
    uint32_t slot = slot_of(ue);
    memset(ue, 0, sizeof *ue);                   /* serial 0: by_serial no longer finds it */
    ue->lru_next = r->free_head;
    r->free_head = slot;
    r->size--;
}

static uint32_t take_slot(amfol_nas_registry *r)
{
    if (r->free_head != NO_SLOT) {
        uint32_t slot = r->free_head;
        r->free_head = at(r, slot)->lru_next;
        return slot;
    }
    uint32_t slot = r->n_slots++;
    if (!r->chunks[slot / CHUNK_UES])
        r->chunks[slot / CHUNK_UES] = g_new0(amfol_nas_ue, CHUNK_UES);
    return slot;
}

amfol_nas_ue *amfol_nas_registry_create(amfol_nas_registry *r, amfol_time t)
{
    if (r->size >= r->max_ues && r->lru_head != NO_SLOT)
        evict(r, at(r, r->lru_head));
    uint32_t slot = take_slot(r);
    amfol_nas_ue *ue = at(r, slot);
    memset(ue, 0, sizeof *ue);
    ue->serial = (r->next_serial++ << SLOT_BITS) | slot;
    ue->mm.reject_ix = -1;
    lru_push_tail(r, ue);
    r->size++;
    r->st.ues_created++;
    return ue;
}

/* Rank of a kind for the UE's display name: docs/faults.md prefers s-tmsi, guti, suci. */
static int name_rank(int kind)
{
    switch (kind) {
    case AMFOL_KEY_S_TMSI: return 4;
    case AMFOL_KEY_GUTI: return 3;
    case AMFOL_KEY_SUCI: return 2;
    case AMFOL_KEY_NGAP_CTX: return 1;
    default: return 0;
    }
}

bool amfol_nas_registry_would_name(const amfol_nas_ue *ue, int kind)
{
    return ue && name_rank(kind) > ue->best_rank;
}

void amfol_nas_registry_bind_hash(amfol_nas_registry *r, amfol_nas_ue *ue, uint64_t h, int kind,
                                  const char *key)
{
    if (!ue || !h)
        return;
    /* A key is held by one UE at most (a bind moves it), so a key the UE holds is one the index
     * would find on it: nothing to do, without probing the index. */
    if (ue_has_key(ue, h))
        return;
    ptrdiff_t pos = index_find(r, h);
    amfol_nas_ue *holder = pos < 0 ? NULL : at(r, (uint32_t)(r->index[pos] & SLOT_MASK));
    if (holder == ue)
        return;
    if (holder) {
        for (int i = 0; i < holder->n_keys; i++)
            if (holder->keys[i] == h) {
                drop_key_at(r, holder, i);
                break;
            }
        r->st.rebinds++;
    }
    if (kind == AMFOL_KEY_NGAP_CTX || kind == AMFOL_KEY_AMF_UE_ID || kind == AMFOL_KEY_PART1) {
        for (int i = 0; i < ue->n_keys; i++)
            if (ue->key_kind[i] == kind) {
                drop_key_at(r, ue, i);
                break;
            }
    }
    if (ue->n_keys == AMFOL_NAS_UE_MAX_KEYS) {
        /* Drop the oldest identity of the same kind, else the oldest of any kind. */
        int victim = 0;
        for (int i = 0; i < ue->n_keys; i++)
            if (ue->key_kind[i] == kind) {
                victim = i;
                break;
            }
        drop_key_at(r, ue, victim);
        r->st.key_overflow++;
    }
    ue->keys[ue->n_keys] = h;
    ue->key_kind[ue->n_keys] = (uint8_t)kind;
    ue->n_keys++;
    index_add(r, h, slot_of(ue));
    int rank = name_rank(kind);
    if (rank > ue->best_rank) {       /* keep the first name of the best kind: stable output */
        ue->best_rank = (uint8_t)rank;
        size_t n = key ? strnlen(key, sizeof ue->best - 1) : 0;   /* g_strlcpy's text, inline */
        if (n)
            memcpy(ue->best, key, n);
        ue->best[n] = '\0';
    }
}

void amfol_nas_registry_bind(amfol_nas_registry *r, amfol_nas_ue *ue, const char *key, int kind)
{
    amfol_nas_registry_bind_hash(r, ue, amfol_nas_key_hash(key), kind, key);
}

void amfol_nas_registry_unbind(amfol_nas_registry *r, const char *key)
{
    amfol_nas_ue *holder = amfol_nas_registry_lookup(r, key);
    if (!holder)
        return;
    uint64_t h = amfol_nas_key_hash(key);
    for (int i = 0; i < holder->n_keys; i++)
        if (holder->keys[i] == h) {
            drop_key_at(r, holder, i);
            return;
        }
}

void amfol_nas_registry_touch(amfol_nas_registry *r, amfol_nas_ue *ue, amfol_time t)
{
    lru_unlink(r, ue);
    lru_push_tail(r, ue);
}

amfol_nas_ue *amfol_nas_registry_by_serial(amfol_nas_registry *r, uint64_t serial)
{
    uint32_t slot = (uint32_t)(serial & SLOT_MASK);
    if (!serial || slot >= r->n_slots)
        return NULL;
    amfol_nas_ue *ue = at(r, slot);
    return ue->serial == serial ? ue : NULL;
}

size_t amfol_nas_registry_size(const amfol_nas_registry *r)
{
    return r->size;
}

const amfol_nas_registry_stats *amfol_nas_registry_stats_get(const amfol_nas_registry *r)
{
    return &r->st;
}

/* The key texts return their length (as strlen would give it), for amfol_nas_key_hash_n. */

static size_t fmt_len(const amfol_fmt *f, const char *buf)
{
    return (size_t)(f->p - buf);
}

size_t amfol_nas_key_suci(char *buf, size_t n, const char *suci)
{
    if (!n)
        return 0;                        /* amfol_fmt would still write the NUL */
    amfol_fmt f = amfol_fmt_start(buf, n);   /* "suci:%s" */
    amfol_fmt_str(&f, "suci:");
    amfol_fmt_str(&f, suci);
    return fmt_len(&f, buf);
}

size_t amfol_nas_key_guti(char *buf, size_t n, const amfol_guami *g, uint32_t tmsi)
{
    /* "guti:%s-%u-%u-%u-%08x" without printf (core/amfol_fmt.h) */
    if (!n)
        return 0;
    amfol_fmt f = amfol_fmt_start(buf, n);
    amfol_fmt_str(&f, "guti:");
    amfol_fmt_str(&f, g->plmn.digits);
    amfol_fmt_char(&f, '-');
    amfol_fmt_dec(&f, (long long)g->region_id);
    amfol_fmt_char(&f, '-');
    amfol_fmt_dec(&f, (long long)g->set_id);
    amfol_fmt_char(&f, '-');
    amfol_fmt_dec(&f, (long long)g->pointer);
    amfol_fmt_char(&f, '-');
    amfol_fmt_hex(&f, tmsi, 8);
    return fmt_len(&f, buf);
}

/* Exactly `digits` lower-case hex digits of v at p (v < 16^digits), returns the end. */
static char *put_hex(char *p, uint64_t v, int digits)
{
    for (int i = digits - 1; i >= 0; i--) {
        p[i] = "0123456789abcdef"[v & 0xf];
        v >>= 4;
    }
    return p + digits;
}

/* What amfol_fmt would leave of text t (len bytes) in buf of n bytes: snprintf's truncation. */
static size_t put_out(char *buf, size_t n, const char *t, size_t len)
{
    if (!n)
        return 0;
    if (len > n - 1)
        len = n - 1;
    memcpy(buf, t, len);
    buf[len] = '\0';
    return len;
}

size_t amfol_nas_key_s_tmsi(char *buf, size_t n, const amfol_s_tmsi *s)
{
    /* "s-tmsi:%u-%u-%08x", for every NGAP message that carries one: at most 26 characters, so
     * built unchecked in t, without printf */
    char t[32];
    memcpy(t, "s-tmsi:", 7);
    char *p = amfol_nas_put_dec(t + 7, s->set_id);
    *p++ = '-';
    p = amfol_nas_put_dec(p, s->pointer);
    *p++ = '-';
    p = put_hex(p, s->tmsi, 8);
    return put_out(buf, n, t, (size_t)(p - t));
}

uint64_t amfol_nas_s_tmsi_part1(const amfol_s_tmsi *s)
{
    uint64_t full = ((uint64_t)(s->set_id & 0x3ff) << 38) | ((uint64_t)(s->pointer & 0x3f) << 32) | s->tmsi;
    return full & ((UINT64_C(1) << 39) - 1);
}

size_t amfol_nas_key_part1(char *buf, size_t n, uint64_t part1)
{
    /* "part1:%010" PRIx64: more digits only past 40 bits (never for a Part1, 39 bits) */
    char t[32];
    memcpy(t, "part1:", 6);
    int digits = 10;
    while (digits < 16 && (part1 >> (4 * digits)))
        digits++;
    char *p = put_hex(t + 6, part1, digits);
    return put_out(buf, n, t, (size_t)(p - t));
}
