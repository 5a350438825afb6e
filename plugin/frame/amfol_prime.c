/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_prime.c: which of amfol's fields epan must prime before the next dissection.
 *
 * epan primes a postdissector's wanted hfids before every first-pass dissection (tshark: every
 * frame): 75 hfids, each a write to its header_field_info and its protocol's, scattered in
 * memory, a twentieth of Wireshark's own cost per frame. A primed field stays primed until a
 * tree holding an item of it is freed: proto_tree_free resets the fields found in that tree and
 * their protocols (proto.c, free_GPtrArray_value; the same from 4.0 to 4.6). So the wanted array
 * need only hold what the trees freed since the last dissection held.
 *
 * A tree is freed with its dissection's packet pool (pinfo->pool, freed right after the tree in
 * epan_dissect_reset and _cleanup). On each pool it sees, amfol keeps a callback registered that
 * runs whenever the pool is freed and asks for:
 *   - the fields the pool's last dissection's tree held, as amfol's walk found them (first pass);
 *   - every field, when that tree was not walked (later passes: the GUI's packet list and
 *     details, tshark -2 -V's second pass) or when the pool was used by a dissection amfol did
 *     not see (another postdissector threw before amfol's ran).
 * After a first-pass walk the wanted array is just that walk's fields (its tree is freed before
 * the next first-pass dissection primes; any other tree adds its own when it is freed).
 * Priming a field also marks its protocol as referenced again (proto_field_is_referenced), as
 * the reset unmarked it. At least one field stays wanted: the GUI builds a tree only while some
 * postdissector wants one (postdissectors_want_hfids).
 * The first first-pass dissection on a pool amfol has not seen before (tshark: frame 1) checks
 * that every field is primed; a miss (a new pool's tree freed unseen) turns this off: every field
 * is primed from then on, and a warning is printed. */
#include "frame/amfol_prime.h"
#include "frame/amfol_compat.h"

#include <string.h>
#include <wsutil/wslog.h>

#define PRIME_MAX_POOLS 32               /* pools alive at once (tshark 1; the GUI a few) */

typedef struct pool_state {
    wmem_allocator_t *pool;              /* NULL: free entry */
    unsigned callback_id;
    bool seen;                           /* amfol saw a dissection since the last free */
    bool all;                            /* ... whose tree it did not walk */
    int n_found;
    int *found;                          /* [P.n]: the hfids the walked tree held */
} pool_state;

static struct {
    GArray *wanted;              /* handed to epan, which owns and reads it; NULL when stopped */
    int n;                       /* fields amfol reads */
    int *hfid;                   /* [n] */
    uint8_t *in_wanted;          /* [n] */
    int n_in;                    /* fields in `wanted` */
    uint16_t *index_of;          /* hfid -> 1 + index into hfid[], 0 for other fields */
    int max_hfid;
    pool_state pools[PRIME_MAX_POOLS];
    bool all;                    /* prime everything from now on */
} P;

static void want(int i)
{
    if (P.in_wanted[i])
        return;
    P.in_wanted[i] = 1;
    P.n_in++;
    g_array_append_val(P.wanted, P.hfid[i]);
}

static void want_all(void)
{
    for (int i = 0; i < P.n && P.n_in < P.n; i++)
        want(i);
}

static void want_hfids(const int *found, int n_found)
{
    for (int f = 0; f < n_found; f++) {
        int id = found[f];
        if (id >= 0 && id <= P.max_hfid && P.index_of[id])
            want(P.index_of[id] - 1);
    }
}

/* Is the wanted array already exactly these distinct fields? (Then want_only would rebuild the
 * same set: most frames find what a frame shortly before found.) */
static bool wanted_is(const int *found, int n_found)
{
    if (n_found == 0 || n_found != P.n_in)
        return false;
    for (int f = 0; f < n_found; f++) {
        int id = found[f];
        if (id < 0 || id > P.max_hfid || !P.index_of[id] || !P.in_wanted[P.index_of[id] - 1])
            return false;
    }
    return true;                         /* found[] holds distinct hfids (amfol_walk_found) */
}

/* Only these (the wanted array's room for every field was reserved at start). */
static void want_only(const int *found, int n_found)
{
    if (wanted_is(found, n_found))
        return;
    memset(P.in_wanted, 0, (size_t)P.n);
    P.n_in = 0;
    g_array_set_size(P.wanted, 0);
    want_hfids(found, n_found);
    if (P.n_in == 0 && P.n > 0)
        want(0);
}

/* Every field of ours primed now? Touches every field's header_field_info: once per pool. */
static bool all_primed(void)
{
    for (int i = 0; i < P.n; i++)
        if (proto_registrar_get_nth((guint)P.hfid[i])->ref_type != HF_REF_TYPE_DIRECT)
            return false;
    return true;
}

static amfol_wmem_cb_ret pool_freed(wmem_allocator_t *pool _U_, wmem_cb_event_t event, void *data)
{
    pool_state *st = data;
    if (P.wanted) {
        if (!st->seen || st->all)
            want_all();
        else
            want_hfids(st->found, st->n_found);
    }
    st->seen = st->all = false;
    st->n_found = 0;
    if (event == WMEM_CB_DESTROY_EVENT) {
        g_free(st->found);
        memset(st, 0, sizeof *st);
        return FALSE;
    }
    return TRUE;                         /* stays registered: every free of this pool */
}

/* The state of pinfo's pool, registering the callback on first sight (*fresh). */
static pool_state *state_of(wmem_allocator_t *pool, bool *fresh)
{
    pool_state *free_entry = NULL;
    *fresh = false;
    for (int k = 0; k < PRIME_MAX_POOLS; k++) {
        if (P.pools[k].pool == pool)
            return &P.pools[k];
        if (!P.pools[k].pool && !free_entry)
            free_entry = &P.pools[k];
    }
    if (!free_entry)
        return NULL;
    free_entry->pool = pool;
    free_entry->found = g_new0(int, MAX(P.n, 1));
    free_entry->callback_id = wmem_register_callback(pool, pool_freed, free_entry);
    *fresh = true;
    return free_entry;
}

GArray *amfol_prime_start(const int *hfids, int n)
{
    amfol_prime_stop();
    P.n = n;
    P.hfid = g_memdup2(hfids, (gsize)n * sizeof *hfids);
    P.in_wanted = g_new0(uint8_t, MAX(n, 1));
    P.max_hfid = -1;
    for (int i = 0; i < n; i++)
        P.max_hfid = MAX(P.max_hfid, hfids[i]);
    P.index_of = g_new0(uint16_t, (gsize)(P.max_hfid + 1));
    for (int i = 0; i < n && i < G_MAXUINT16; i++)
        P.index_of[hfids[i]] = (uint16_t)(i + 1);
    P.wanted = g_array_sized_new(FALSE, FALSE, (guint)sizeof(int), (guint)MAX(n, 1));
    want_all();                          /* the first dissection primes everything */
    return P.wanted;
}

void amfol_prime_stop(void)
{
    /* The pools outlive a capture (the GUI's cached one): unhook from them. */
    for (int k = 0; k < PRIME_MAX_POOLS; k++)
        if (P.pools[k].pool) {
            wmem_unregister_callback(P.pools[k].pool, P.pools[k].callback_id);
            g_free(P.pools[k].found);
        }
    g_free(P.hfid);
    g_free(P.in_wanted);
    g_free(P.index_of);
    memset(&P, 0, sizeof P);
}

void amfol_prime_dissected(packet_info *pinfo, bool first_pass, bool has_tree, const int *found, int n_found)
{
    if (!P.wanted)
        return;
    bool fresh;
    pool_state *st = state_of(pinfo->pool, &fresh);
    if (!st) {                           /* more pools than we follow: stop relying on them */
        P.all = true;
        want_all();
        return;
    }
    if (fresh && first_pass && has_tree && !all_primed()) {
        if (!P.all)
            ws_warning("amfol: a frame was dissected with some of amfol's fields not primed "
                       "(a tree was freed unseen); priming all of them from now on");
        P.all = true;
    }
    st->seen = true;
    st->all = has_tree && !first_pass;
    st->n_found = 0;
    if (!has_tree)
        return;
    if (first_pass) {
        n_found = MIN(n_found, P.n);
        memcpy(st->found, found, (size_t)n_found * sizeof *found);
        st->n_found = n_found;
    }
    if (P.all)
        want_all();
    else if (first_pass)
        want_only(found, n_found);
}
