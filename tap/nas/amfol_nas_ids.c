/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas_ids.c: UE identity registry: key -> UE hash, serial index, LRU eviction at a cap. */
#include "amfol_nas_ids.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

struct amfol_nas_registry {
    size_t max_ues;
    GHashTable *by_key;          /* key text (owned) -> amfol_nas_ue* */
    GHashTable *by_serial;       /* uint64 serial -> amfol_nas_ue* (owns the UE) */
    GQueue lru;                  /* head = least recently seen */
    uint64_t next_serial;
    amfol_nas_registry_stats st;
};

static guint serial_hash(gconstpointer p) { return g_int64_hash(p); }
static gboolean serial_eq(gconstpointer a, gconstpointer b) { return g_int64_equal(a, b); }

amfol_nas_registry *amfol_nas_registry_new(size_t max_ues)
{
    amfol_nas_registry *r = g_new0(amfol_nas_registry, 1);
    r->max_ues = max_ues ? max_ues : 1;
    r->by_key = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    r->by_serial = g_hash_table_new_full(serial_hash, serial_eq, NULL, g_free);
    g_queue_init(&r->lru);
    r->next_serial = 1;
    return r;
}

void amfol_nas_registry_free(amfol_nas_registry *r)
{
    if (!r)
        return;
    g_hash_table_destroy(r->by_key);
    g_queue_clear(&r->lru);
    g_hash_table_destroy(r->by_serial);
    g_free(r);
}

amfol_nas_ue *amfol_nas_registry_lookup(amfol_nas_registry *r, const char *key)
{
    return (key && *key) ? g_hash_table_lookup(r->by_key, key) : NULL;
}

static void drop_key_at(amfol_nas_registry *r, amfol_nas_ue *ue, int i)
{
    if (g_hash_table_lookup(r->by_key, ue->keys[i]) == ue)
        g_hash_table_remove(r->by_key, ue->keys[i]);
    memmove(&ue->keys[i], &ue->keys[i + 1], (size_t)(ue->n_keys - i - 1) * sizeof ue->keys[0]);
    memmove(&ue->key_kind[i], &ue->key_kind[i + 1], (size_t)(ue->n_keys - i - 1) * sizeof ue->key_kind[0]);
    ue->n_keys--;
}

static void evict(amfol_nas_registry *r, amfol_nas_ue *ue)
{
    while (ue->n_keys > 0)
        drop_key_at(r, ue, ue->n_keys - 1);
    g_queue_delete_link(&r->lru, ue->lru);
    g_hash_table_remove(r->by_serial, &ue->serial);   /* frees ue */
}

amfol_nas_ue *amfol_nas_registry_create(amfol_nas_registry *r, amfol_time t)
{
    if (g_hash_table_size(r->by_serial) >= r->max_ues) {
        amfol_nas_ue *old = g_queue_peek_head(&r->lru);
        if (old) {
            evict(r, old);
            r->st.evictions++;
        }
    }
    amfol_nas_ue *ue = g_new0(amfol_nas_ue, 1);
    ue->serial = r->next_serial++;
    ue->last_seen = t;
    ue->mm.reject_ix = -1;
    ue->sm.reject_ix = -1;
    g_queue_push_tail(&r->lru, ue);
    ue->lru = g_queue_peek_tail_link(&r->lru);
    g_hash_table_insert(r->by_serial, &ue->serial, ue);
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

void amfol_nas_registry_bind(amfol_nas_registry *r, amfol_nas_ue *ue, const char *key, int kind)
{
    if (!ue || !key || !*key)
        return;
    amfol_nas_ue *holder = g_hash_table_lookup(r->by_key, key);
    if (holder == ue)
        return;
    if (holder) {
        for (int i = 0; i < holder->n_keys; i++)
            if (strcmp(holder->keys[i], key) == 0) {
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
    g_strlcpy(ue->keys[ue->n_keys], key, AMFOL_NAS_KEY_LEN);
    ue->key_kind[ue->n_keys] = kind;
    ue->n_keys++;
    g_hash_table_insert(r->by_key, g_strdup(key), ue);
    int rank = name_rank(kind);
    if (rank > ue->best_rank) {       /* keep the first name of the best kind: stable output */
        ue->best_rank = rank;
        g_strlcpy(ue->best, key, sizeof ue->best);
    }
}

void amfol_nas_registry_unbind(amfol_nas_registry *r, const char *key)
{
    amfol_nas_ue *holder = amfol_nas_registry_lookup(r, key);
    if (!holder)
        return;
    for (int i = 0; i < holder->n_keys; i++)
        if (strcmp(holder->keys[i], key) == 0) {
            drop_key_at(r, holder, i);
            return;
        }
}

void amfol_nas_registry_touch(amfol_nas_registry *r, amfol_nas_ue *ue, amfol_time t)
{
    if (t > ue->last_seen)
        ue->last_seen = t;
    g_queue_unlink(&r->lru, ue->lru);
    g_queue_push_tail_link(&r->lru, ue->lru);
}

amfol_nas_ue *amfol_nas_registry_by_serial(amfol_nas_registry *r, uint64_t serial)
{
    return g_hash_table_lookup(r->by_serial, &serial);
}

size_t amfol_nas_registry_size(const amfol_nas_registry *r)
{
    return g_hash_table_size(r->by_serial);
}

const amfol_nas_registry_stats *amfol_nas_registry_stats_get(const amfol_nas_registry *r)
{
    return &r->st;
}

void amfol_nas_key_suci(char *buf, size_t n, const char *suci)
{
    snprintf(buf, n, "suci:%s", suci);
}

void amfol_nas_key_guti(char *buf, size_t n, const amfol_guami *g, uint32_t tmsi)
{
    snprintf(buf, n, "guti:%s-%u-%u-%u-%08x", g->plmn.digits, g->region_id, g->set_id, g->pointer,
             tmsi);
}

void amfol_nas_key_s_tmsi(char *buf, size_t n, const amfol_s_tmsi *s)
{
    snprintf(buf, n, "s-tmsi:%u-%u-%08x", s->set_id, s->pointer, s->tmsi);
}

uint64_t amfol_nas_s_tmsi_part1(const amfol_s_tmsi *s)
{
    uint64_t full = ((uint64_t)(s->set_id & 0x3ff) << 38) | ((uint64_t)(s->pointer & 0x3f) << 32) | s->tmsi;
    return full & ((UINT64_C(1) << 39) - 1);
}

void amfol_nas_key_part1(char *buf, size_t n, uint64_t part1)
{
    snprintf(buf, n, "part1:%010" PRIx64, part1);
}
