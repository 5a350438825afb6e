/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_prime.c: which of amfol's fields epan must prime before the next dissection.
 *
 * epan primes a postdissector's wanted hfids before every first-pass dissection (tshark: every
 * frame), about 30 instructions each, 75 hfids: a twentieth of Wireshark's own cost per frame.
 * A primed field stays primed until a tree holding an item of it is freed: proto_tree_free
 * resets the fields found in that tree, and their protocol (proto.c, free_GPtrArray_value;
 * the same from 4.0 to 4.6). So the wanted array only needs
 *   - the fields the last first-pass tree holds (the walk lists them): that tree is freed
 *     before the next first-pass dissection (tshark and the GUI reset their one dissection
 *     per frame);
 *   - every field, once a tree amfol did not walk (later passes: the GUI's packet list and
 *     details, tshark -2's second pass) is freed: a callback on that dissection's packet pool,
 *     which is freed with the tree (after it in epan_dissect_reset / _cleanup), asks for them;
 * Priming a field also marks its protocol as referenced (proto_field_is_referenced), as a found
 * field's reset unmarks it: re-priming what the tree held restores both, as priming everything
 * did. At least one field stays wanted: the GUI builds a tree only while some postdissector
 * wants one (postdissectors_want_hfids).
 * Each first-pass dissection first checks that all the fields were primed; a miss (a tree
 * freed unseen, e.g. when another postdissector threw before amfol's ran) turns this off:
 * every field is primed from then on, the frame is counted (amfol_prime_missed) and a warning
 * printed once. */
#include "amfol_prime.h"

#include <string.h>
#include <wsutil/wslog.h>

static struct {
    GArray *wanted;              /* handed to epan, which owns and reads it; NULL when stopped */
    int n;                       /* fields amfol reads */
    int *hfid;                   /* [n] */
    header_field_info **hfi;     /* [n] */
    uint8_t *in_wanted;          /* [n] */
    int n_in;                    /* fields in `wanted` */
    uint16_t *index_of;          /* hfid -> 1 + index into hfid[], 0 for other fields */
    int max_hfid;
    header_field_info **proto;   /* the protocols of those fields, once each */
    int n_protos;
    bool all;                    /* a miss was seen: prime everything */
    uint64_t missed;
    unsigned generation;         /* callbacks of an earlier capture do nothing */
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

/* The wanted array's room for every field was reserved at start: written in place, one call. */
static void want_only(const int *found, int n_found)
{
    int *d = (int *)(void *)P.wanted->data;
    int k = 0;
    memset(P.in_wanted, 0, (size_t)P.n);
    for (int f = 0; f < n_found; f++) {
        int id = found[f];
        int i = id >= 0 && id <= P.max_hfid ? P.index_of[id] - 1 : -1;
        if (i >= 0 && !P.in_wanted[i]) {
            d[k++] = id;
            P.in_wanted[i] = 1;
        }
    }
    if (k == 0 && P.n > 0) {
        d[k++] = P.hfid[0];
        P.in_wanted[0] = 1;
    }
    P.n_in = k;
    g_array_set_size(P.wanted, (guint)k);
}

GArray *amfol_prime_start(const int *hfids, int n)
{
    amfol_prime_stop();
    P.n = n;
    P.hfid = g_memdup2(hfids, (gsize)n * sizeof *hfids);
    P.hfi = g_new0(header_field_info *, MAX(n, 1));
    P.in_wanted = g_new0(uint8_t, MAX(n, 1));
    P.proto = g_new0(header_field_info *, MAX(n, 1));
    P.max_hfid = -1;
    for (int i = 0; i < n; i++) {
        P.hfi[i] = proto_registrar_get_nth((guint)hfids[i]);
        P.max_hfid = MAX(P.max_hfid, hfids[i]);
        header_field_info *proto = P.hfi[i]->parent != -1 ? proto_registrar_get_nth((guint)P.hfi[i]->parent) : NULL;
        bool seen = proto == NULL;       /* a protocol itself has no parent */
        for (int s = 0; s < P.n_protos && !seen; s++)
            seen = P.proto[s] == proto;
        if (!seen)
            P.proto[P.n_protos++] = proto;
    }
    P.index_of = g_new0(uint16_t, (gsize)(P.max_hfid + 1));
    for (int i = 0; i < n && i < G_MAXUINT16; i++)
        P.index_of[hfids[i]] = (uint16_t)(i + 1);
    P.wanted = g_array_sized_new(FALSE, FALSE, (guint)sizeof(int), (guint)MAX(n, 1));
    want_all();                          /* the first dissection primes everything */
    return P.wanted;
}

void amfol_prime_stop(void)
{
    g_free(P.hfid);
    g_free(P.hfi);
    g_free(P.in_wanted);
    g_free(P.index_of);
    g_free(P.proto);
    unsigned generation = P.generation + 1;
    uint64_t missed = P.missed;
    memset(&P, 0, sizeof P);
    P.generation = generation;
    P.missed = missed;
}

bool amfol_prime_check(void)
{
    if (!P.wanted)
        return true;
    /* Every frame: locals and one accumulator, so the loops are loads and compares only. */
    header_field_info *const *hfi = P.hfi;
    unsigned a = 0, b = 0, c = 0, off = 0;
    int i = 0, n = P.n;
    for (; i + 4 <= n; i += 4) {
        a |= hfi[i]->ref_type ^ HF_REF_TYPE_DIRECT;
        b |= hfi[i + 1]->ref_type ^ HF_REF_TYPE_DIRECT;
        c |= hfi[i + 2]->ref_type ^ HF_REF_TYPE_DIRECT;
        off |= hfi[i + 3]->ref_type ^ HF_REF_TYPE_DIRECT;
    }
    for (; i < n; i++)
        off |= hfi[i]->ref_type ^ HF_REF_TYPE_DIRECT;
    off |= a | b | c;
    header_field_info *const *proto = P.proto;
    for (int s = 0; s < P.n_protos; s++)
        off |= proto[s]->ref_type == HF_REF_TYPE_NONE;
    if (off) {
        if (!P.all)
            ws_warning("amfol: a frame was dissected with some of amfol's fields not primed "
                       "(a tree was freed unseen); priming all of them from now on");
        P.all = true;
        P.missed++;
    }
    return !off;
}

void amfol_prime_first_pass_done(const int *found, int n_found)
{
    if (!P.wanted)
        return;
    if (P.all)
        want_all();
    else
        want_only(found, n_found);
}

static gboolean tree_freed(wmem_allocator_t *pool _U_, wmem_cb_event_t event _U_, void *data)
{
    if (P.wanted && GPOINTER_TO_UINT(data) == P.generation)
        want_all();
    return FALSE;                        /* once: this pool's next use registers again */
}

void amfol_prime_later_pass_tree(packet_info *pinfo)
{
    if (P.wanted && P.n_in < P.n)
        wmem_register_callback(pinfo->pool, tree_freed, GUINT_TO_POINTER(P.generation));
}

uint64_t amfol_prime_missed(void)
{
    return P.missed;
}
