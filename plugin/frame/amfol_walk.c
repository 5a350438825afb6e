/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_walk.c: field table (names -> hfids -> module slots) and the per-frame tree walk. */
#include "frame/amfol_walk.h"

#include <string.h>

#define AMFOL_MAX_USERS_PER_FIELD 4       /* modules that may ask for the same field */

typedef struct field_users {
    int n;
    struct { int16_t module, slot; } u[AMFOL_MAX_USERS_PER_FIELD];
} field_users;

struct amfol_field_table {
    GHashTable *by_hfid;                  /* GINT hfid -> field_users* (owned), build time only */
    /* Per-frame lookup: a direct array indexed by hfid (up to the largest wanted one), giving
     * 1 + the index into `users`, 0 for fields nobody asked for. Built once in the init routine. */
    uint16_t *slot_of_hfid;
    int n_hfids;                          /* entries in slot_of_hfid */
    field_users *users;
    /* The walk's output, reused frame after frame (one walk at a time): grown by doubling up to
     * AMFOL_MAX_FIELDS_PER_FRAME, never shrunk; no allocation per frame. Mutable behind const. */
    struct walk_buf {
        amfol_fieldref *refs;
        int cap;
        /* The distinct hfids the last walk found (amfol_prime.c re-primes them once the tree
         * is freed): found[n_found], seen[users index] == stamp when already listed. */
        int *found;
        int n_found;
        uint32_t *seen;
        uint32_t stamp;
    } *buf;
    int n_users;
};

static void add_user(amfol_field_table *t, GArray *wanted, int hfid, int module, int slot)
{
    field_users *fu = g_hash_table_lookup(t->by_hfid, GINT_TO_POINTER(hfid));
    if (!fu) {
        fu = g_new0(field_users, 1);
        g_hash_table_insert(t->by_hfid, GINT_TO_POINTER(hfid), fu);
        g_array_append_val(wanted, hfid);
    }
    for (int i = 0; i < fu->n; i++)
        if (fu->u[i].module == module && fu->u[i].slot == slot)
            return;
    if (fu->n < AMFOL_MAX_USERS_PER_FIELD) {
        fu->u[fu->n].module = (int16_t)module;
        fu->u[fu->n].slot = (int16_t)slot;
        fu->n++;
    }
}

amfol_field_table *amfol_field_table_new(const char *const *const *mod_names, int n_mods, GArray *wanted)
{
    amfol_field_table *t = g_new0(amfol_field_table, 1);
    t->by_hfid = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
    for (int m = 0; m < n_mods; m++) {
        const char *const *names = mod_names[m];
        for (int s = 0; names && names[s]; s++) {
            gchar **alts = g_strsplit(names[s], "|", 0);
            for (int a = 0; alts[a]; a++) {
                header_field_info *hfi = proto_registrar_get_byname(alts[a]);
                /* A field registered more than once forms a chain; get_byname returns its last
                 * link (e.g. ngap.RAN_UE_NGAP_ID): rewind to the first, then prime every link. */
                while (hfi && hfi->same_name_prev_id != -1)
                    hfi = proto_registrar_get_nth((guint)hfi->same_name_prev_id);
                for (; hfi; hfi = hfi->same_name_next)
                    add_user(t, wanted, hfi->id, m, s);
            }
            g_strfreev(alts);
        }
    }
    /* Flatten the hash table into the direct array the walk uses. */
    int max_hfid = -1;
    guint n_users = g_hash_table_size(t->by_hfid);
    GHashTableIter it;
    gpointer k, v;
    g_hash_table_iter_init(&it, t->by_hfid);
    while (g_hash_table_iter_next(&it, &k, &v))
        max_hfid = MAX(max_hfid, GPOINTER_TO_INT(k));
    t->n_hfids = max_hfid + 1;
    t->slot_of_hfid = g_new0(uint16_t, (gsize)MAX(t->n_hfids, 1));
    t->users = g_new0(field_users, MAX(n_users, 1));
    t->buf = g_new0(struct walk_buf, 1);
    t->n_users = (int)MIN(n_users, G_MAXUINT16);
    t->buf->found = g_new0(int, MAX(t->n_users, 1));
    t->buf->seen = g_new0(uint32_t, MAX(t->n_users, 1));
    guint u = 0;
    g_hash_table_iter_init(&it, t->by_hfid);
    while (g_hash_table_iter_next(&it, &k, &v) && u < G_MAXUINT16) {
        t->users[u] = *(const field_users *)v;
        t->slot_of_hfid[GPOINTER_TO_INT(k)] = (uint16_t)(u + 1);
        u++;
    }
    g_hash_table_destroy(t->by_hfid);
    t->by_hfid = NULL;
    return t;
}

void amfol_field_table_free(amfol_field_table *t)
{
    if (!t)
        return;
    if (t->by_hfid)
        g_hash_table_destroy(t->by_hfid);
    g_free(t->slot_of_hfid);
    g_free(t->users);
    if (t->buf) {
        g_free(t->buf->refs);
        g_free(t->buf->found);
        g_free(t->buf->seen);
    }
    g_free(t->buf);
    g_free(t);
}

int amfol_walk_tree(const amfol_field_table *t, proto_tree *tree, packet_info *pinfo _U_,
                    amfol_fieldref **out, bool *truncated)
{
    *out = NULL;
    *truncated = false;
    if (!t || !tree)
        return 0;
    struct walk_buf *b = t->buf;
    b->n_found = 0;
    if (++b->stamp == 0) {               /* wrapped: forget the old stamps */
        memset(b->seen, 0, (size_t)t->n_users * sizeof *b->seen);
        b->stamp = 1;
    }
    int n = 0;
    int depth = 0;
    proto_node *node = tree->first_child;
    /* Iterative pre-order walk using the parent links: no recursion, no stack to bound. */
    while (node) {
        field_info *fi = PNODE_FINFO(node);
        int hfid = fi && fi->hfinfo ? fi->hfinfo->id : -1;
        unsigned ui = hfid >= 0 && hfid < t->n_hfids ? t->slot_of_hfid[hfid] : 0;
        if (ui) {
            const field_users *fu = &t->users[ui - 1];
            if (b->seen[ui - 1] != b->stamp) {
                b->seen[ui - 1] = b->stamp;
                b->found[b->n_found++] = hfid;
            }
            for (int i = 0; fu && i < fu->n; i++) {
                if (n >= AMFOL_MAX_FIELDS_PER_FRAME) {
                    *truncated = true;
                    break;
                }
                if (n == b->cap) {
                    b->cap = MIN(MAX(b->cap * 2, 64), AMFOL_MAX_FIELDS_PER_FRAME);
                    b->refs = g_renew(amfol_fieldref, b->refs, b->cap);
                }
                b->refs[n++] = (amfol_fieldref){ fu->u[i].module, fu->u[i].slot, depth, fi };
            }
        }
        if (node->first_child) {
            node = node->first_child;
            depth++;
            continue;
        }
        while (node && !node->next) {
            node = node->parent;
            depth--;
            if (node == tree)
                node = NULL;
        }
        if (node)
            node = node->next;
    }
    *out = n ? b->refs : NULL;
    return n;
}

const int *amfol_walk_found(const amfol_field_table *t, int *n)
{
    *n = t && t->buf ? t->buf->n_found : 0;
    return t && t->buf ? t->buf->found : NULL;
}
