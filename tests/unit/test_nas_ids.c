/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_nas_ids.c: the UE identity registry links only on exact identities, is bounded (LRU with
 * counted evictions) and moves a reused identity to its newest holder. */
#include "nas/amfol_nas_ids.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* The key texts are the snprintf texts (truncated the same way), and return their length. */
static void check_key_texts(void)
{
    const uint32_t tmsis[] = {0, 1, 0xabcd, 0x7fffffff, 0xffffffff};
    const uint16_t sets[] = {0, 1, 1023, 65535};
    const uint8_t ptrs[] = {0, 9, 63, 255};
    const size_t sizes[] = {AMFOL_NAS_KEY_LEN, 27, 26, 10, 1, 0};
    char want[AMFOL_NAS_KEY_LEN], got[AMFOL_NAS_KEY_LEN];
    for (size_t a = 0; a < G_N_ELEMENTS(tmsis); a++)
        for (size_t b = 0; b < G_N_ELEMENTS(sets); b++)
            for (size_t c = 0; c < G_N_ELEMENTS(ptrs); c++)
                for (size_t z = 0; z < G_N_ELEMENTS(sizes); z++) {
                    size_t n = sizes[z];
                    amfol_s_tmsi st = {sets[b], ptrs[c], tmsis[a]};
                    memset(want, 'x', sizeof want);
                    memset(got, 'x', sizeof got);
                    snprintf(want, n, "s-tmsi:%u-%u-%08x", (unsigned)st.set_id, (unsigned)st.pointer, (unsigned)st.tmsi);
                    size_t len = amfol_nas_key_s_tmsi(got, n, &st);
                    assert(memcmp(want, got, sizeof want) == 0);
                    assert(n == 0 || len == strlen(got));
                    uint64_t p1 = amfol_nas_s_tmsi_part1(&st) | ((uint64_t)a << (36 + 4 * b));   /* also > 40 bits */
                    memset(want, 'x', sizeof want);
                    memset(got, 'x', sizeof got);
                    snprintf(want, n, "part1:%010" G_GINT64_MODIFIER "x", p1);
                    len = amfol_nas_key_part1(got, n, p1);
                    assert(memcmp(want, got, sizeof want) == 0);
                    assert(n == 0 || len == strlen(got));
                    amfol_guami g = {.region_id = (uint8_t)tmsis[a], .set_id = sets[b], .pointer = ptrs[c]};
                    g_strlcpy(g.plmn.digits, c ? "00101" : "310410", sizeof g.plmn.digits);
                    memset(want, 'x', sizeof want);
                    memset(got, 'x', sizeof got);
                    snprintf(want, n, "guti:%s-%u-%u-%u-%08x", g.plmn.digits, (unsigned)g.region_id,
                             (unsigned)g.set_id, (unsigned)g.pointer, (unsigned)tmsis[a]);
                    len = amfol_nas_key_guti(got, n, &g, tmsis[a]);
                    assert(memcmp(want, got, sizeof want) == 0);
                    assert(n == 0 || len == strlen(got));
                    memset(want, 'x', sizeof want);
                    memset(got, 'x', sizeof got);
                    snprintf(want, n, "suci:%s", c ? "00101-0000000001" : "");
                    len = amfol_nas_key_suci(got, n, c ? "00101-0000000001" : "");
                    assert(memcmp(want, got, sizeof want) == 0);
                    assert(n == 0 || len == strlen(got));
                }
    /* amfol_nas_put_dec: "%llu" for every digit count, the pair edges and random values */
    GRand *rnd = g_rand_new_with_seed(5);
    for (int i = 0; i < 100000; i++) {
        uint64_t v = i < 64 ? (UINT64_C(1) << i) - (i & 1) : i < 84 ? (i - 64 ? UINT64_C(10) : 1) : 0;
        if (i >= 64 && i < 84)
            for (int d = 65; d < i; d++)
                v *= 10;                                 /* 10^n */
        if (i >= 84 && i < 200)
            v = (uint64_t)(i - 84) + (i & 1 ? 0 : UINT64_C(18446744073709551500));
        if (i >= 200)
            v = ((uint64_t)g_rand_int(rnd) << 32 | g_rand_int(rnd)) >> g_rand_int_range(rnd, 0, 64);
        char d1[32], d2[32];
        snprintf(d1, sizeof d1, "%" G_GUINT64_FORMAT, v);
        *amfol_nas_put_dec(d2, v) = '\0';
        assert(strcmp(d1, d2) == 0);
        for (int k = 0; k < 3 && v; k++)
            v--;
        snprintf(d1, sizeof d1, "%" G_GUINT64_FORMAT, v);
        *amfol_nas_put_dec(d2, v) = '\0';
        assert(strcmp(d1, d2) == 0);
    }
    g_rand_free(rnd);
    assert(amfol_nas_key_hash("") == 0 && amfol_nas_key_hash(NULL) == 0);
    assert(amfol_nas_key_hash("suci:1") != 0 && amfol_nas_key_hash("suci:1") == amfol_nas_key_hash_n("suci:1x", 6));
}

/* A plain model of the registry's rules on key texts (what the registry did before it kept
 * hashes, and before binds skipped the index for a key the UE holds): a text -> UE map, up to
 * AMFOL_NAS_UE_MAX_KEYS keys per UE, context kinds replaced, the oldest key of the same kind
 * (else the oldest) dropped on overflow, the least recently seen UE evicted at the cap. */
#define MODEL_UES 64
typedef struct model_ue {
    uint64_t serial;                  /* 0: not live */
    uint64_t seen;
    char keys[AMFOL_NAS_UE_MAX_KEYS][AMFOL_NAS_KEY_LEN];
    int kinds[AMFOL_NAS_UE_MAX_KEYS];
    int n_keys, best_rank;
    char best[AMFOL_NAS_ID_LEN];
} model_ue;
typedef struct model {
    model_ue ue[MODEL_UES];
    GHashTable *map;                  /* key text (owned copy) -> model_ue* */
    size_t cap, size;
    uint64_t clock, rebinds, overflow, evictions;
} model;

static void model_drop(model *m, model_ue *u, int i)
{
    g_hash_table_remove(m->map, u->keys[i]);
    for (int j = i; j + 1 < u->n_keys; j++) {
        memcpy(u->keys[j], u->keys[j + 1], sizeof u->keys[j]);
        u->kinds[j] = u->kinds[j + 1];
    }
    u->n_keys--;
}

static model_ue *model_create(model *m, uint64_t serial)
{
    if (m->size >= m->cap) {
        model_ue *old = NULL;
        for (int i = 0; i < MODEL_UES; i++)
            if (m->ue[i].serial && (!old || m->ue[i].seen < old->seen))
                old = &m->ue[i];
        while (old->n_keys)
            model_drop(m, old, old->n_keys - 1);
        old->serial = 0;
        m->size--;
        m->evictions++;
    }
    for (int i = 0; i < MODEL_UES; i++)
        if (!m->ue[i].serial) {
            memset(&m->ue[i], 0, sizeof m->ue[i]);
            m->ue[i].serial = serial;
            m->ue[i].seen = ++m->clock;
            m->size++;
            return &m->ue[i];
        }
    assert(!"model full");
    return NULL;
}

static int model_rank(int kind)
{
    return kind == AMFOL_KEY_S_TMSI ? 4 : kind == AMFOL_KEY_GUTI ? 3 : kind == AMFOL_KEY_SUCI ? 2
         : kind == AMFOL_KEY_NGAP_CTX ? 1 : 0;
}

static void model_bind(model *m, model_ue *u, const char *key, int kind)
{
    model_ue *holder = g_hash_table_lookup(m->map, key);
    if (holder == u)
        return;
    if (holder) {
        for (int i = 0; i < holder->n_keys; i++)
            if (strcmp(holder->keys[i], key) == 0) {
                model_drop(m, holder, i);
                break;
            }
        m->rebinds++;
    }
    if (kind == AMFOL_KEY_NGAP_CTX || kind == AMFOL_KEY_AMF_UE_ID || kind == AMFOL_KEY_PART1)
        for (int i = 0; i < u->n_keys; i++)
            if (u->kinds[i] == kind) {
                model_drop(m, u, i);
                break;
            }
    if (u->n_keys == AMFOL_NAS_UE_MAX_KEYS) {
        int victim = 0;
        for (int i = 0; i < u->n_keys; i++)
            if (u->kinds[i] == kind) {
                victim = i;
                break;
            }
        model_drop(m, u, victim);
        m->overflow++;
    }
    g_strlcpy(u->keys[u->n_keys], key, sizeof u->keys[0]);
    u->kinds[u->n_keys++] = kind;
    g_hash_table_insert(m->map, g_strdup(key), u);
    if (model_rank(kind) > u->best_rank) {
        u->best_rank = model_rank(kind);
        g_strlcpy(u->best, key, sizeof u->best);
    }
}

static model_ue *model_by_serial(model *m, uint64_t serial)
{
    for (int i = 0; i < MODEL_UES; i++)
        if (serial && m->ue[i].serial == serial)
            return &m->ue[i];
    return NULL;
}

/* The UE on a registry matches the model's: same name, same keys in the same order. */
static void same_ue(const amfol_nas_ue *a, const model_ue *mu)
{
    assert((a == NULL) == (mu == NULL));
    if (!a)
        return;
    assert(a->serial == mu->serial && a->n_keys == mu->n_keys && a->best_rank == mu->best_rank);
    assert(strcmp(a->best, mu->best) == 0);
    for (int i = 0; i < a->n_keys; i++)
        assert(a->keys[i] == amfol_nas_key_hash(mu->keys[i]) && a->key_kind[i] == mu->kinds[i]);
}

/* The hash-keyed calls link exactly as the text-keyed ones, and both as the model: one random
 * stream of creates, binds (every kind, reused keys: rebinds, context replacement, key
 * overflow, binds of a key the UE already holds), lookups and unbinds through a small cap
 * (evictions) gives the same UEs, names, keys and counts on all three. */
static void check_hash_calls(void)
{
    enum { CAP = 40 };
    amfol_nas_registry *rt = amfol_nas_registry_new(CAP), *rh = amfol_nas_registry_new(CAP);
    static model m;
    m.map = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    m.cap = CAP;
    uint64_t serials[MODEL_UES] = {0};
    GRand *rnd = g_rand_new_with_seed(12);
    char k[AMFOL_NAS_KEY_LEN];
    static const char *const prefix[AMFOL_KEY_KINDS] = {"suci:", "guti:", "s-tmsi:", "amf-ue:a/", "ngap:g/", "part1:"};
    int n_created = 0;
    for (int step = 0; step < 200000; step++) {
        int op = g_rand_int_range(rnd, 0, 10);
        int kind = g_rand_int_range(rnd, 0, AMFOL_KEY_KINDS);
        snprintf(k, sizeof k, "%s%d", prefix[kind], g_rand_int_range(rnd, 0, 300));
        if (op == 0 || n_created == 0) {
            amfol_nas_ue *a = amfol_nas_registry_create(rt, step);
            amfol_nas_ue *b = amfol_nas_registry_create(rh, step);
            assert(a->serial == b->serial);
            model_create(&m, a->serial);
            serials[n_created++ % MODEL_UES] = a->serial;
        } else if (op <= 6) {
            uint64_t serial = serials[g_rand_int_range(rnd, 0, MIN(n_created, MODEL_UES))];
            amfol_nas_ue *a = amfol_nas_registry_by_serial(rt, serial);
            amfol_nas_ue *b = amfol_nas_registry_by_serial(rh, serial);
            model_ue *mu = model_by_serial(&m, serial);
            assert((a == NULL) == (b == NULL) && (a == NULL) == (mu == NULL));
            if (!a)
                continue;
            int binds = g_rand_int_range(rnd, 1, 3);   /* sometimes the same key twice */
            for (int j = 0; j < binds; j++) {
                amfol_nas_registry_bind(rt, a, k, kind);
                amfol_nas_registry_bind_hash(rh, b, amfol_nas_key_hash(k), kind, k);
                model_bind(&m, mu, k, kind);
            }
            amfol_nas_registry_touch(rt, a, step);
            amfol_nas_registry_touch(rh, b, step);
            mu->seen = ++m.clock;
            same_ue(a, mu);
            same_ue(b, mu);
        } else if (op <= 8) {
            amfol_nas_ue *a = amfol_nas_registry_lookup(rt, k);
            amfol_nas_ue *b = amfol_nas_registry_lookup_hash(rh, amfol_nas_key_hash(k));
            model_ue *mu = g_hash_table_lookup(m.map, k);
            same_ue(a, mu);
            same_ue(b, mu);
            assert(amfol_nas_registry_lookup(rh, k) == b);
        } else {
            amfol_nas_registry_unbind(rt, k);
            amfol_nas_registry_unbind(rh, k);
            model_ue *mu = g_hash_table_lookup(m.map, k);
            for (int i = 0; mu && i < mu->n_keys; i++)
                if (strcmp(mu->keys[i], k) == 0) {
                    model_drop(&m, mu, i);
                    break;
                }
        }
        const amfol_nas_registry_stats *st = amfol_nas_registry_stats_get(rt), *sh = amfol_nas_registry_stats_get(rh);
        assert(memcmp(st, sh, sizeof *st) == 0);
        assert(st->rebinds == m.rebinds && st->key_overflow == m.overflow && st->evictions == m.evictions);
        assert(amfol_nas_registry_size(rt) == m.size && amfol_nas_registry_size(rh) == m.size);
    }
    const amfol_nas_registry_stats *st = amfol_nas_registry_stats_get(rt);
    assert(st->evictions > 100 && st->rebinds > 100 && st->key_overflow > 100);   /* every path taken */
    for (int i = 0; i < MODEL_UES; i++)
        same_ue(amfol_nas_registry_by_serial(rh, serials[i]), model_by_serial(&m, serials[i]));
    g_rand_free(rnd);
    g_hash_table_destroy(m.map);
    amfol_nas_registry_free(rt);
    amfol_nas_registry_free(rh);
}

int main(void)
{
    check_key_texts();
    check_hash_calls();

    amfol_nas_registry *r = amfol_nas_registry_new(3);
    char k[AMFOL_NAS_KEY_LEN];

    amfol_nas_ue *a = amfol_nas_registry_create(r, 1.0);
    amfol_nas_registry_bind(r, a, "suci:00101-0000000001", AMFOL_KEY_SUCI);
    amfol_nas_registry_bind(r, a, "ngap:gnb-1/1", AMFOL_KEY_NGAP_CTX);
    assert(strcmp(a->best, "suci:00101-0000000001") == 0);
    amfol_s_tmsi st = {1, 1, 0x10};
    amfol_nas_key_s_tmsi(k, sizeof k, &st);
    assert(strcmp(k, "s-tmsi:1-1-00000010") == 0);
    amfol_nas_registry_bind(r, a, k, AMFOL_KEY_S_TMSI);
    assert(strcmp(a->best, "s-tmsi:1-1-00000010") == 0);    /* s-tmsi is the preferred name */
    amfol_guami g = {{"00101"}, 2, 1, 1};
    amfol_nas_key_guti(k, sizeof k, &g, 0x10);
    assert(strcmp(k, "guti:00101-2-1-1-00000010") == 0);

    /* A new NGAP context replaces the old one of the same UE. */
    amfol_nas_registry_bind(r, a, "ngap:gnb-1/7", AMFOL_KEY_NGAP_CTX);
    assert(amfol_nas_registry_lookup(r, "ngap:gnb-1/1") == NULL);
    assert(amfol_nas_registry_lookup(r, "ngap:gnb-1/7") == a);
    assert(amfol_nas_registry_lookup(r, "suci:00101-0000000001") == a);

    /* A reused RAN UE NGAP ID moves to the new UE: the newest holder wins, counted. */
    amfol_nas_ue *b = amfol_nas_registry_create(r, 2.0);
    amfol_nas_registry_bind(r, b, "ngap:gnb-1/7", AMFOL_KEY_NGAP_CTX);
    assert(amfol_nas_registry_lookup(r, "ngap:gnb-1/7") == b);
    assert(amfol_nas_registry_stats_get(r)->rebinds == 1);
    assert(amfol_nas_registry_lookup(r, "suci:00101-0000000001") == a);   /* a keeps its identities */
    assert(strcmp(b->best, "ngap:gnb-1/7") == 0);

    /* Cap 3: the least recently seen UE is evicted with all its keys. */
    amfol_nas_ue *c = amfol_nas_registry_create(r, 3.0);
    amfol_nas_registry_bind(r, c, "suci:00101-0000000003", AMFOL_KEY_SUCI);
    amfol_nas_registry_touch(r, a, 4.0);                    /* b is now the oldest */
    uint64_t b_serial = b->serial, a_serial = a->serial;
    amfol_nas_ue *d = amfol_nas_registry_create(r, 5.0);
    assert(amfol_nas_registry_size(r) == 3);
    assert(amfol_nas_registry_stats_get(r)->evictions == 1);
    assert(amfol_nas_registry_by_serial(r, b_serial) == NULL);
    assert(amfol_nas_registry_lookup(r, "ngap:gnb-1/7") == NULL);
    assert(amfol_nas_registry_by_serial(r, a_serial) == a);
    assert(d->serial >> 24 == 4);                           /* the 4th UE created */

    /* Keys per UE are bounded: the oldest of the same kind goes first. */
    for (int i = 0; i < 12; i++) {
        snprintf(k, sizeof k, "guti:00101-2-1-1-%08x", i);
        amfol_nas_registry_bind(r, d, k, AMFOL_KEY_GUTI);
    }
    assert(d->n_keys == AMFOL_NAS_UE_MAX_KEYS);
    assert(amfol_nas_registry_lookup(r, "guti:00101-2-1-1-00000000") == NULL);
    assert(amfol_nas_registry_lookup(r, "guti:00101-2-1-1-0000000b") == d);
    assert(amfol_nas_registry_stats_get(r)->key_overflow == 12 - AMFOL_NAS_UE_MAX_KEYS);
    assert(amfol_nas_registry_lookup(r, "") == NULL && amfol_nas_registry_lookup(r, NULL) == NULL);

    /* Many UEs through a small registry: memory stays at the cap. */
    for (int i = 0; i < 10000; i++) {
        amfol_nas_ue *u = amfol_nas_registry_create(r, 10.0 + i);
        snprintf(k, sizeof k, "suci:00101-%010d", i);
        amfol_nas_registry_bind(r, u, k, AMFOL_KEY_SUCI);
    }
    assert(amfol_nas_registry_size(r) == 3);
    amfol_nas_registry_free(r);

    /* A pending back-off evicted before the UE's next attempt is counted as lost; a judged one not. */
    r = amfol_nas_registry_new(1);
    amfol_nas_ue *p = amfol_nas_registry_create(r, 1.0);
    p->mm.active = true;                                     /* rejected, no attempt since */
    amfol_nas_ue *q = amfol_nas_registry_create(r, 2.0);     /* evicts p */
    assert(amfol_nas_registry_stats_get(r)->backoffs_lost == 1);
    q->mm.active = true;
    q->mm.retried = true;                                    /* its retry was already judged */
    amfol_nas_registry_create(r, 3.0);
    assert(amfol_nas_registry_stats_get(r)->backoffs_lost == 1);
    amfol_nas_registry_free(r);

    /* The key index under churn: 3 keys per UE, 20000 UEs through a cap of 5000, rebinds and
     * context replacements; every live key finds its UE, every evicted one nothing. */
    r = amfol_nas_registry_new(5000);
    for (int i = 0; i < 20000; i++) {
        amfol_nas_ue *u = amfol_nas_registry_create(r, (double)i);
        snprintf(k, sizeof k, "suci:00101-%010d", i);
        amfol_nas_registry_bind(r, u, k, AMFOL_KEY_SUCI);
        snprintf(k, sizeof k, "ngap:gnb-%d/%d", i % 7, i % 1000);   /* reused: rebinds */
        amfol_nas_registry_bind(r, u, k, AMFOL_KEY_NGAP_CTX);
        snprintf(k, sizeof k, "amf-ue:amf-1/%d", i);
        amfol_nas_registry_bind(r, u, k, AMFOL_KEY_AMF_UE_ID);
        snprintf(k, sizeof k, "amf-ue:amf-1/%d", i + 1000000);     /* replaces the previous one */
        amfol_nas_registry_bind(r, u, k, AMFOL_KEY_AMF_UE_ID);
        assert(amfol_nas_registry_by_serial(r, u->serial) == u);
    }
    for (int i = 0; i < 20000; i++) {
        snprintf(k, sizeof k, "suci:00101-%010d", i);
        amfol_nas_ue *u = amfol_nas_registry_lookup(r, k);
        assert((i < 15000) == (u == NULL));
        snprintf(k, sizeof k, "amf-ue:amf-1/%d", i);
        assert(amfol_nas_registry_lookup(r, k) == NULL);
        snprintf(k, sizeof k, "amf-ue:amf-1/%d", i + 1000000);
        assert(amfol_nas_registry_lookup(r, k) == u);
    }
    assert(amfol_nas_registry_size(r) == 5000);
    assert(amfol_nas_registry_stats_get(r)->evictions == 15000);
    amfol_nas_registry_free(r);
    printf("test_nas_ids: ok\n");
    return 0;
}
