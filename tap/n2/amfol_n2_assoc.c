/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_n2_assoc.c: gNB associations and AMFs, named by what the capture proves (NG Setup),
 * falling back to transport addresses; which side of an association is the AMF. */
#include "amfol_n2_internal.h"
#include "core/amfol_fmt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum side { SIDE_EITHER = 0, SIDE_AMF = 1, SIDE_GNB = 2 };

static enum side initiator(int proc)
{
    int s = amfol_ngap_initiator(proc);
    return s > 0 ? SIDE_AMF : s < 0 ? SIDE_GNB : SIDE_EITHER;
}

/* The side that sent this PDU. */
static enum side sender(const amfol_ngap_event *ev)
{
    enum side s = initiator(ev->proc);
    if (s == SIDE_EITHER || ev->pdu_type == AMFOL_PDU_INITIATING)
        return s;
    return s == SIDE_AMF ? SIDE_GNB : SIDE_AMF;
}

static int port_of(const amfol_endpoint *ep)
{
    const char *colon = strrchr(ep->text, ':');
    return colon ? atoi(colon + 1) : -1;
}

const char *n2_intern(amfol_n2 *n2, const char *s)
{
    gpointer key = NULL;
    /* Names come from the wire: keep reports valid UTF-8 whatever a fuzzed capture holds. */
    char *valid = g_utf8_validate(s, -1, NULL) ? NULL : g_utf8_make_valid(s, -1);
    if (valid)
        s = valid;
    if (g_hash_table_lookup_extended(n2->strings, s, &key, NULL)) {
        g_free(valid);
        return key;
    }
    char *copy = valid ? valid : g_strdup(s);
    g_hash_table_add(n2->strings, copy);
    return copy;
}

void n2_free_amf(gpointer p)
{
    n2_amf *a = p;
    g_ptr_array_free(a->episodes, TRUE);
    g_free(a);
}

void n2_free_assoc(gpointer p)
{
    n2_assoc *a = p;
    g_free(a->bucket_sec);
    g_free(a->buckets);
    g_free(a);
}

/* Keys are built in caller buffers: no allocation per PDU, only when an entry is created. */
#define ASSOC_KEY_LEN (2 * sizeof(((amfol_endpoint *)0)->text) + 2)
#define CELL_KEY_LEN 32

/* "lower|higher" of the two endpoint texts (built for every PDU: copies, not printf). */
static void assoc_key(const amfol_endpoint *a, const amfol_endpoint *b, char *key)
{
    if (strcmp(a->text, b->text) > 0) {
        const amfol_endpoint *t = a;
        a = b;
        b = t;
    }
    size_t la = strnlen(a->text, sizeof a->text), lb = strnlen(b->text, sizeof b->text);
    memcpy(key, a->text, la);
    key[la] = '|';
    memcpy(key + la + 1, b->text, lb);
    key[la + 1 + lb] = '\0';
}

/* Every key goes in through here: a remembered miss is stale once a key was added. */
static void assoc_key_add(amfol_n2 *n2, const char *key, gpointer value)
{
    n2->assoc_gen++;
    g_hash_table_insert(n2->assoc_by_key, g_strdup(key), value);
}

typedef struct memo_key {
    const amfol_endpoint *a, *b;
    size_t la, lb;
    uint32_t vtag;
    uint64_t hash;
} memo_key;

static void memo_key_of(memo_key *k, const amfol_endpoint *a, const amfol_endpoint *b, uint32_t vtag)
{
    k->a = a;
    k->b = b;
    k->la = amfol_endpoint_len(a);
    k->lb = amfol_endpoint_len(b);
    k->vtag = vtag;
    k->hash = amfol_endpoint_pair_hash(a, k->la, b, k->lb, vtag);
}

static n2_memo_way *memo_slot(n2_assoc_memo *m, const memo_key *k)
{
    return &m->way[(k->hash ^ (k->hash >> 32)) & (N2_MEMO_SLOTS - 1)];
}

/* The remembered answer for (a, b, vtag): true with *index (-1: a miss still true). */
static bool memo_get(const amfol_n2 *n2, n2_assoc_memo *m, const memo_key *k, int *index)
{
    const n2_memo_way *x = memo_slot(m, k);
    if (!x->gen || x->hash != k->hash || x->vtag != k->vtag || x->la != k->la || x->lb != k->lb ||
        memcmp(x->a.text, k->a->text, k->la) != 0 || memcmp(x->b.text, k->b->text, k->lb) != 0)
        return false;
    if (x->index < 0 && x->gen != n2->assoc_gen)
        return false;            /* a miss remembered before the last key was added */
    *index = x->index;
    return true;
}

static n2_memo_way *memo_set(const amfol_n2 *n2, n2_assoc_memo *m, const memo_key *k, int index)
{
    n2_memo_way *x = memo_slot(m, k);
    x->hash = k->hash;
    x->la = (uint8_t)k->la;
    x->lb = (uint8_t)k->lb;
    memcpy(x->a.text, k->a->text, k->la);
    x->a.text[k->la] = '\0';
    memcpy(x->b.text, k->b->text, k->lb);
    x->b.text[k->lb] = '\0';
    x->vtag = k->vtag;
    x->index = index;
    x->gen = n2->assoc_gen;
    x->pair_key = false;
    return x;
}

/* n2_assoc_find's answer for (a, b) when it is the last one it gave (rules of memo_get). */
static bool last_get(const amfol_n2 *n2, const n2_memo_way *l, const amfol_endpoint *a,
                     const amfol_endpoint *b, int *index)
{
    if (!l->gen || (l->index < 0 && l->gen != n2->assoc_gen) ||
        strncmp(l->a.text, a->text, sizeof a->text) != 0 || strncmp(l->b.text, b->text, sizeof b->text) != 0)
        return false;
    *index = l->index;
    return true;
}

static void last_set(const amfol_n2 *n2, n2_memo_way *l, const amfol_endpoint *a, const amfol_endpoint *b,
                     int index)
{
    memcpy(l->a.text, a->text, sizeof a->text);
    memcpy(l->b.text, b->text, sizeof b->text);
    l->index = index;
    l->gen = n2->assoc_gen;
}

int n2_assoc_find(const amfol_n2 *n2, const amfol_endpoint *a, const amfol_endpoint *b)
{
    if (!a || !b)
        return -1;
    n2_assoc_memo *m = &n2->memo[0];
    int index;
    if (last_get(n2, &m->last, a, b, &index))
        return index;
    memo_key k;
    memo_key_of(&k, a, b, 0);
    if (!memo_get(n2, m, &k, &index)) {
        char key[ASSOC_KEY_LEN];
        assoc_key(a, b, key);
        index = GPOINTER_TO_INT(g_hash_table_lookup(n2->assoc_by_key, key)) - 1;
        memo_set(n2, m, &k, index);
    }
    last_set(n2, &m->last, a, b, index);
    return index;
}

/* Remember `index` as n2_where_assoc's answer for w during the event being routed. */
static void where_prime(const amfol_n2 *n2, const amfol_where *w, int index)
{
    uint64_t serial = n2->event_serial ? *n2->event_serial : 0;
    if (!serial)
        return;
    n2_where_memo *m = n2->where_memo;
    unsigned k = m->next++ % N2_WHERE_MEMO;
    m->way[k].where = w;
    m->way[k].serial = serial;
    m->way[k].gen = n2->assoc_gen;
    m->way[k].index = index;
}

/* n2_assoc_find of an event's two endpoints, remembered for the event being routed: every
 * module asks about the same event (names, overload, UE keys). A where is const while its event
 * is routed, so (where, serial) names the same endpoints; `gen` drops a remembered miss or hit
 * once a key was added (N2's own handler adds them for this very event). */
int n2_where_assoc(const amfol_n2 *n2, const amfol_where *w)
{
    if (!w)
        return -1;
    uint64_t serial = n2->event_serial ? *n2->event_serial : 0;
    n2_where_memo *m = n2->where_memo;
    for (unsigned k = 0; serial && k < N2_WHERE_MEMO; k++)
        if (m->way[k].where == w && m->way[k].serial == serial && m->way[k].gen == n2->assoc_gen)
            return m->way[k].index;
    int index = n2_assoc_find(n2, &w->src, &w->dst);
    where_prime(n2, w, index);
    return index;
}

n2_amf *n2_amf_of(const amfol_n2 *n2, const n2_assoc *a)
{
    if (!a || a->amf < 0)
        return NULL;
    return g_ptr_array_index(n2->amfs, a->amf);
}

/* The AMF at transport address `ep`, created when new. -1 when the table is full. */
static int amf_for_address(amfol_n2 *n2, const amfol_endpoint *ep)
{
    char *key = g_strdup_printf("ep:%s", ep->text);
    int v = GPOINTER_TO_INT(g_hash_table_lookup(n2->amf_by_key, key));
    if (v > 0) {
        g_free(key);
        return v - 1;
    }
    if (n2->amfs->len >= N2_MAX_AMFS) {
        n2->amfs_dropped++;
        g_free(key);
        return -1;
    }
    n2_amf *amf = g_new0(n2_amf, 1);
    amf->id = n2_intern(n2, ep->text);
    n2->amf_map_gen++;
    amf->address = *ep;
    amf->relative_capacity = AMFOL_ABSENT;
    amf->episodes = g_ptr_array_new_with_free_func(n2_free_episode);
    g_ptr_array_add(n2->amfs, amf);
    g_hash_table_insert(n2->amf_by_key, key, GINT_TO_POINTER((int)n2->amfs->len));
    return (int)n2->amfs->len - 1;
}

/* "ip" of an "ip:port" endpoint text ("[v6]:port" gives "[v6]"). */
static void host_of(const amfol_endpoint *ep, char *out, size_t cap)
{
    g_strlcpy(out, ep->text, cap);
    char *colon = strrchr(out, ':');
    if (colon && colon != out && (out[0] != '[' || colon[-1] == ']'))
        *colon = '\0';
}

/* One gNB is one gNB across its associations to several AMFs (TS 38.413 §8.7.1): two
 * associations belong to one gNB when their NG SETUP REQUESTs carry the same Global RAN Node ID
 * (whatever their RANNodeNames), or, when one of them has no Global RAN Node ID, when the gNB
 * side uses the same IP address. Every association of a gNB shows one name: the best one any of
 * them has (RANNodeName, then Global RAN Node ID, then the address), the earliest on a tie. The
 * grouping is remade whenever an association is named: a few hash lookups per association. */
static guint find_root(guint *parent, guint i)
{
    while (parent[i] != i)
        i = parent[i] = parent[parent[i]];
    return i;
}

static void join(guint *parent, guint i, guint k)
{
    i = find_root(parent, i);
    k = find_root(parent, k);
    if (i != k)
        parent[MAX(i, k)] = MIN(i, k);
}

/* The lead of every association: the first one with the same gNB (interned name) and AMF. */
static void __attribute__((cold)) leads_update(amfol_n2 *n2)
{
    GHashTable *first = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (guint i = 0; i < n2->assocs->len; i++) {
        n2_assoc *a = g_ptr_array_index(n2->assocs, i);
        a->lead = (int)i;
        if (a->amf < 0)
            continue;
        char *key = g_strdup_printf("%d|%s", a->amf, a->gnb_id);
        gpointer v = g_hash_table_lookup(first, key);
        if (v) {
            a->lead = GPOINTER_TO_INT(v) - 1;
            g_free(key);
        } else {
            g_hash_table_insert(first, key, GINT_TO_POINTER((int)i + 1));
        }
    }
    g_hash_table_destroy(first);
}

static void __attribute__((cold)) gnb_regroup(amfol_n2 *n2)
{
    guint n = n2->assocs->len;
    guint *parent = g_new(guint, n), *best = g_new(guint, n);
    GHashTable *by_gid = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    GHashTable *by_host = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    GHashTable *by_host_gid = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    char host[64], gid[64];
    for (guint i = 0; i < n; i++) {
        const n2_assoc *a = g_ptr_array_index(n2->assocs, i);
        parent[i] = i;
        if (a->has_global_id) {
            g_snprintf(gid, sizeof gid, "%s-%x", a->gnb_plmn.digits, (unsigned)a->gnb_id_value);
            if (!g_hash_table_contains(by_gid, gid))
                g_hash_table_insert(by_gid, g_strdup(gid), GUINT_TO_POINTER(i + 1));
        }
        if (!a->sides_known)
            continue;
        host_of(&a->gnb_ep, host, sizeof host);
        if (!g_hash_table_contains(by_host, host))
            g_hash_table_insert(by_host, g_strdup(host), GUINT_TO_POINTER(i + 1));
        if (a->has_global_id && !g_hash_table_contains(by_host_gid, host))
            g_hash_table_insert(by_host_gid, g_strdup(host), GUINT_TO_POINTER(i + 1));
    }
    for (guint i = 0; i < n; i++) {
        const n2_assoc *a = g_ptr_array_index(n2->assocs, i);
        guint k = 0;
        if (a->has_global_id) {
            g_snprintf(gid, sizeof gid, "%s-%x", a->gnb_plmn.digits, (unsigned)a->gnb_id_value);
            k = GPOINTER_TO_UINT(g_hash_table_lookup(by_gid, gid));
        } else if (a->sides_known) {
            /* no Global RAN Node ID: the gNB at that address (a named one first) */
            host_of(&a->gnb_ep, host, sizeof host);
            k = GPOINTER_TO_UINT(g_hash_table_lookup(by_host_gid, host));
            if (!k)
                k = GPOINTER_TO_UINT(g_hash_table_lookup(by_host, host));
        }
        if (k)
            join(parent, i, k - 1);
    }
    for (guint i = 0; i < n; i++)
        best[i] = G_MAXUINT;
    for (guint i = 0; i < n; i++) {
        guint r = find_root(parent, i);
        const n2_assoc *a = g_ptr_array_index(n2->assocs, i);
        if (best[r] == G_MAXUINT ||
            a->gnb_source > ((const n2_assoc *)g_ptr_array_index(n2->assocs, best[r]))->gnb_source)
            best[r] = i;
    }
    for (guint i = 0; i < n; i++) {
        n2_assoc *a = g_ptr_array_index(n2->assocs, i);
        const n2_assoc *b = g_ptr_array_index(n2->assocs, best[find_root(parent, i)]);
        a->gnb_id = b->own_gnb_id;
    }
    g_hash_table_destroy(by_gid);
    g_hash_table_destroy(by_host);
    g_hash_table_destroy(by_host_gid);
    g_free(parent);
    g_free(best);
    leads_update(n2);
}

static void __attribute__((cold)) set_sides(amfol_n2 *n2, n2_assoc *a, const amfol_endpoint *amf_ep,
                      const amfol_endpoint *gnb_ep, bool guessed)
{
    a->sides_known = true;
    a->sides_guessed = guessed;
    a->amf_ep = *amf_ep;
    a->gnb_ep = *gnb_ep;
    a->amf = amf_for_address(n2, amf_ep);
    n2->amf_map_gen++;
    if (a->gnb_source == N2_NAME_TRANSPORT) {
        char host[64];
        host_of(gnb_ep, host, sizeof host);
        a->own_gnb_id = n2_intern(n2, host);
    }
    gnb_regroup(n2);
}

/* The association that uses verification tag `vtag` from src port to dst port: one tag per
 * direction on every path of a multi-homed association. "" when unknown. */
static void path_key(const amfol_ngap_event *ev, char *key)
{
    key[0] = '\0';
    if (!ev->sctp_vtag)
        return;
    /* "vtag:%08x:%d>%d" without printf (core/amfol_fmt.h) */
    amfol_fmt f = amfol_fmt_start(key, ASSOC_KEY_LEN);
    amfol_fmt_str(&f, "vtag:");
    amfol_fmt_hex(&f, ev->sctp_vtag, 8);
    amfol_fmt_char(&f, ':');
    amfol_fmt_dec(&f, port_of(&ev->where.src));
    amfol_fmt_char(&f, '>');
    amfol_fmt_dec(&f, port_of(&ev->where.dst));
}

/* A new address pair whose tag belongs to a known association: another path of it. */
static int __attribute__((cold)) other_path(amfol_n2 *n2, const amfol_ngap_event *ev, const char *key,
                                            const char *vkey, bool *key_added)
{
    int v = vkey[0] ? GPOINTER_TO_INT(g_hash_table_lookup(n2->assoc_by_key, vkey)) : 0;
    if (v <= 0)
        return 0;
    n2_assoc *a = g_ptr_array_index(n2->assocs, v - 1);
    if (!a->other_path[0])
        g_snprintf(a->other_path, sizeof a->other_path, "%s|%s", ev->where.src.text, ev->where.dst.text);
    if (a->paths < N2_MAX_PATHS) {       /* beyond, the tag still finds it, one lookup more */
        a->paths++;
        assoc_key_add(n2, key, GINT_TO_POINTER(v));
        *key_added = true;
    }
    return v;
}

n2_assoc *n2_assoc_for_event(amfol_n2 *n2, const amfol_ngap_event *ev, int *index)
{
    *index = -1;
    n2_assoc *a;
    /* A pair and tag seen before: its keys, path and tag, are all in the table. */
    memo_key mk;
    memo_key_of(&mk, &ev->where.src, &ev->where.dst, ev->sctp_vtag);
    bool pair_key = false;   /* the pair's own key maps to the answer: prime n2_where_assoc */
    if (memo_get(n2, &n2->memo[1], &mk, index) && *index >= 0) {
        a = g_ptr_array_index(n2->assocs, *index);
        pair_key = memo_slot(&n2->memo[1], &mk)->pair_key;
        goto found;
    }
    char key[ASSOC_KEY_LEN], vkey[ASSOC_KEY_LEN];
    assoc_key(&ev->where.src, &ev->where.dst, key);
    path_key(ev, vkey);
    int v = GPOINTER_TO_INT(g_hash_table_lookup(n2->assoc_by_key, key));
    pair_key = v > 0;
    if (v <= 0)
        v = other_path(n2, ev, key, vkey, &pair_key);
    if (v > 0) {
        a = g_ptr_array_index(n2->assocs, v - 1);
        *index = v - 1;
    } else {
        if (n2->assocs->len >= N2_MAX_ASSOCS) {
            n2->assocs_dropped++;
            return NULL;
        }
        a = g_new0(n2_assoc, 1);
        bool src_lo = strcmp(ev->where.src.text, ev->where.dst.text) <= 0;
        a->ep_lo = src_lo ? ev->where.src : ev->where.dst;
        a->ep_hi = src_lo ? ev->where.dst : ev->where.src;
        a->amf = -1;
        a->lead = (int)n2->assocs->len;
        a->tl_open = a->tl_last = -1;
        a->first_frame = ev->where.frame;
        a->first_time = ev->where.time;
        a->gnb_id = a->own_gnb_id = n2_intern(n2, "?");
        int nb = (int)MIN(n2->cfg.baseline_s, N2_MAX_BASELINE_S) + 1;
        a->n_buckets = nb;
        a->bucket_sec = g_new(int64_t, nb);
        for (int i = 0; i < nb; i++)
            a->bucket_sec[i] = INT64_MIN;
        a->buckets = g_new0(n2_cause_counts, nb);
        g_ptr_array_add(n2->assocs, a);
        assoc_key_add(n2, key, GINT_TO_POINTER((int)n2->assocs->len));
        pair_key = true;
        *index = (int)n2->assocs->len - 1;
    }
    if (vkey[0] && !g_hash_table_contains(n2->assoc_by_key, vkey))
        assoc_key_add(n2, vkey, GINT_TO_POINTER(*index + 1));
    memo_set(n2, &n2->memo[1], &mk, *index)->pair_key = pair_key;
found:
    if (pair_key) { /* every module after N2 asks n2_assoc_find's question about this event */
        where_prime(n2, &ev->where, *index);
        last_set(n2, &n2->memo[0].last, &ev->where.src, &ev->where.dst, *index);
    }
    a->last_frame = ev->where.frame;
    a->last_time = ev->where.time;
    a->pdus++;

    /* Which side is the AMF: from the procedure's direction; ports only as a guess. */
    if (!a->sides_known || a->sides_guessed) {
        enum side s = sender(ev);
        if (s == SIDE_AMF)
            set_sides(n2, a, &ev->where.src, &ev->where.dst, false);
        else if (s == SIDE_GNB)
            set_sides(n2, a, &ev->where.dst, &ev->where.src, false);
        else if (!a->sides_known) {
            bool src_38412 = port_of(&ev->where.src) == 38412;
            bool dst_38412 = port_of(&ev->where.dst) == 38412;
            if (src_38412 && !dst_38412)
                set_sides(n2, a, &ev->where.src, &ev->where.dst, true);
            else
                set_sides(n2, a, &ev->where.dst, &ev->where.src, true);
        }
    }
    return a;
}

static void __attribute__((cold)) name_amf(amfol_n2 *n2, n2_assoc *a, const amfol_ngap_event *ev)
{
    n2_amf *amf = n2_amf_of(n2, a);
    if (!amf)
        return;
    if (ev->amf_name[0] && (!amf->name || strcmp(amf->name, ev->amf_name) != 0)) {
        char *nkey = g_strdup_printf("name:%s", ev->amf_name);
        int other = GPOINTER_TO_INT(g_hash_table_lookup(n2->amf_by_key, nkey)) - 1;
        if (other >= 0 && other != a->amf && amf->episodes->len == 0) {
            /* Another transport address of an AMF we already know by name (several TNLAs):
             * this association belongs to that AMF. */
            a->amf = other;
            n2->amf_map_gen++;
            leads_update(n2);
            amf = g_ptr_array_index(n2->amfs, other);
            g_free(nkey);
        } else {
            amf->name = n2_intern(n2, ev->amf_name);
            amf->id = amf->name;
            n2->amf_map_gen++;
            amf->named_frame = ev->where.frame;
            if (other < 0)
                g_hash_table_insert(n2->amf_by_key, nkey, GINT_TO_POINTER(a->amf + 1));
            else
                g_free(nkey);
        }
    }
    if (ev->n_guamis > 0) {
        amf->n_guamis = MIN(ev->n_guamis, AMFOL_MAX_GUAMIS);
        memcpy(amf->guamis, ev->guamis, (size_t)amf->n_guamis * sizeof amf->guamis[0]);
    }
    if (ev->relative_amf_capacity != AMFOL_ABSENT)
        amf->relative_capacity = ev->relative_amf_capacity;
}

static void __attribute__((cold)) name_gnb(amfol_n2 *n2, n2_assoc *a, const amfol_ngap_event *ev)
{
    if (ev->has_gnb_id) {
        a->has_global_id = true;
        a->gnb_plmn = ev->gnb_plmn;
        a->gnb_id_value = ev->gnb_id;
        if (a->gnb_source <= N2_NAME_GLOBAL_ID) {
            char buf[48];
            g_snprintf(buf, sizeof buf, "gNB-%s-%x", ev->gnb_plmn.digits, (unsigned)ev->gnb_id);
            a->own_gnb_id = n2_intern(n2, buf);
            a->gnb_source = N2_NAME_GLOBAL_ID;
        }
    }
    if (ev->ran_node_name[0]) {
        a->own_gnb_id = n2_intern(n2, ev->ran_node_name);
        a->gnb_source = N2_NAME_NODE_NAME;
    }
    gnb_regroup(n2);
}

void n2_assoc_learn(amfol_n2 *n2, int ai, const amfol_ngap_event *ev)
{
    n2_assoc *a = g_ptr_array_index(n2->assocs, ai);
    /* NG SETUP REQUEST and RAN CONFIGURATION UPDATE name the gNB. */
    if ((ev->proc == AMFOL_NGAP_NG_SETUP || ev->proc == AMFOL_NGAP_RAN_CONFIGURATION_UPDATE) && ev->pdu_type == AMFOL_PDU_INITIATING)
        name_gnb(n2, a, ev);
    /* NG SETUP RESPONSE and AMF CONFIGURATION UPDATE name the AMF. */
    if ((ev->proc == AMFOL_NGAP_NG_SETUP && ev->pdu_type == AMFOL_PDU_SUCCESSFUL) ||
        (ev->proc == AMFOL_NGAP_AMF_CONFIGURATION_UPDATE && ev->pdu_type == AMFOL_PDU_INITIATING))
        name_amf(n2, a, ev);
}

static void cell_key(const amfol_nr_cgi *cgi, char *key)
{
    /* "%s-%09llx" without printf (core/amfol_fmt.h) */
    amfol_fmt f = amfol_fmt_start(key, CELL_KEY_LEN);
    amfol_fmt_str(&f, cgi->plmn.digits);
    amfol_fmt_char(&f, '-');
    amfol_fmt_hex(&f, (uint64_t)(cgi->cell_id & G_GUINT64_CONSTANT(0xfffffffff)), 9);
}

/* The cell's entry (index + 1), 0 when unknown: by number first (amfol_nr_cgi_key, remembered
 * for every cell found by name, so bounded by N2_MAX_CELLS), else by name: then `key` holds
 * the name (cell_key), for the caller to add. */
static int cell_entry(const amfol_n2 *n2, const amfol_nr_cgi *cgi, char *key)
{
    uint64_t k = 0;
    bool by_number = amfol_nr_cgi_key(cgi, &k);
    int v = by_number ? (int)amfol_u64map_get(&n2->cell_by_cgi, k) : 0;
    if (v > 0)
        return v;
    cell_key(cgi, key);
    v = GPOINTER_TO_INT(g_hash_table_lookup(n2->cell_by_key, key));
    if (v > 0 && by_number)
        amfol_u64map_put((amfol_u64map *)&n2->cell_by_cgi, k, (uint64_t)v);   /* a cache */
    return v;
}

void n2_learn_cell(amfol_n2 *n2, const amfol_nr_cgi *cgi, int assoc)
{
    char key[CELL_KEY_LEN];
    int v = cell_entry(n2, cgi, key);
    if (v > 0) {
        g_array_index(n2->cells, n2_cell, v - 1).assoc = assoc;
        return;
    }
    if (n2->cells->len >= N2_MAX_CELLS) {
        n2->cells_dropped++;
        return;
    }
    n2_cell c = { *cgi, assoc };
    g_array_append_val(n2->cells, c);
    g_hash_table_insert(n2->cell_by_key, g_strdup(key), GINT_TO_POINTER((int)n2->cells->len));
}

