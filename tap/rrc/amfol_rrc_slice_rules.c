/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_slice_rules.c: slice-overload-misconfigured (a START throttles a protected slice) and
 * slice-overload-blocks-slice (every UE of a listed slice is rejected at RRC level while UEs of
 * other slices are set up; the UE's slices come from its earlier REGISTRATION REQUEST, found by
 * the ng-5G-S-TMSI-Part1 of its RRCSetupRequest). */
#include "amfol_rrc_rules.h"
#include "../core/amfol_engine_internal.h"

#include <stdio.h>

/* slice-overload-misconfigured: a START slice list names a protected slice. */
void rrc_judge_protected_slices(amfol_engine *e, amfol_findings *out)
{
    amfol_rrc *s = e->rrc;
    if (!e->cfg.protected_snssai[0])
        return;
    for (uint32_t ai = 0; ai < s->n_assocs; ai++) {
        amfol_finding *f = NULL;
        char named[128] = "";
        for (size_t i = 0; i < amfol_n2_segment_count(s->n2); i++) {
            const rrc_segment *sg = rrc_seg(s, (int32_t)i);
            if (sg->assoc != ai)
                continue;
            bool hit = false;
            for (int k = 0; k < sg->n_slice_items; k++)
                for (int m = 0; m < sg->slice_items[k].n_snssai && m < AMFOL_MAX_SLICES_PER_ITEM; m++)
                    if (rrc_snssai_protected(e->cfg.protected_snssai, &sg->slice_items[k].snssai[m])) {
                        hit = true;
                        if (!named[0])
                            rrc_format_snssai(&sg->slice_items[k].snssai[m], named, sizeof named);
                    }
            if (!hit)
                continue;
            if (!f) {
                f = rrc_new_finding(out, AMFOL_RULE_SLICE_OVERLOAD_MISCONFIGURED, rrc_assoc_amf_name(e, ai),
                                rrc_assoc_gnb_name(e, ai), NULL);
                if (!f)
                    return;
                g_free(f->layer);
                f->layer = g_strdup("n2");
            }
            amfol_finding_add_frame(f, sg->start_frame);
            f->count++;
        }
        if (f)
            amfol_finding_set_summary(f, "%u OVERLOAD START(s) throttle protected slice %s (preference amfol.protected_snssai)",
                                      f->count, named);
    }
}


/* UEs of one (START segment, gNB, listed slice), or (slice "other") the UEs of the segment and gNB
 * whose requested NSSAI holds a slice the START does not list. */
typedef struct blk_acc {
    int32_t seg;
    const char *gnb;
    bool other;
    amfol_snssai slice;
    GHashTable *ues;               /* part1 (owned uint64) -> 1 attempted | 2 set up */
    uint32_t rejects;
    GArray *reject_frames;
} blk_acc;

static void blk_acc_free(gpointer p)
{
    blk_acc *x = p;
    g_hash_table_destroy(x->ues);
    g_array_free(x->reject_frames, TRUE);
    g_free(x);
}

static blk_acc *blk_acc_get(GHashTable *index, GPtrArray *all, int32_t seg, const char *gnb,
                            const amfol_snssai *slice, bool create)
{
    char key[96], sn[24] = "other";
    if (slice)
        rrc_format_snssai(slice, sn, sizeof sn);
    snprintf(key, sizeof key, "%d|%p|%s", (int)seg, (const void *)gnb, sn);
    blk_acc *x = g_hash_table_lookup(index, key);
    if (x || !create || all->len >= 4096)
        return x;
    x = g_new0(blk_acc, 1);
    x->seg = seg;
    x->gnb = gnb;
    x->other = slice == NULL;
    if (slice)
        x->slice = *slice;
    x->ues = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
    x->reject_frames = g_array_new(FALSE, FALSE, sizeof(amfol_frame));
    g_ptr_array_add(all, x);
    g_hash_table_insert(index, g_strdup(key), x);
    return x;
}

static bool segment_lists(const rrc_segment *sg, const amfol_snssai *sn)
{
    for (int k = 0; k < sg->n_slice_items && k < AMFOL_MAX_SLICE_ITEMS; k++)
        for (int m = 0; m < sg->slice_items[k].n_snssai && m < AMFOL_MAX_SLICES_PER_ITEM; m++)
            if (rrc_snssai_equal(&sg->slice_items[k].snssai[m], sn))
                return true;
    return false;
}

static uint32_t ues_set_up(const blk_acc *x)
{
    uint32_t n = 0;
    GHashTableIter it;
    gpointer k, v;
    g_hash_table_iter_init(&it, x->ues);
    while (g_hash_table_iter_next(&it, &k, &v))
        n += (GPOINTER_TO_INT(v) & 2) ? 1 : 0;
    return n;
}

static int cmp_frame(gconstpointer a, gconstpointer b)
{
    amfol_frame x = *(const amfol_frame *)a, y = *(const amfol_frame *)b;
    return x < y ? -1 : x > y;
}

/* slice-overload-blocks-slice, per (START segment with a slice list, gNB, listed slice). */
void rrc_judge_blocked_slices(amfol_engine *e, amfol_findings *out)
{
    amfol_rrc *s = e->rrc;
    GHashTable *index = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    GPtrArray *all = g_ptr_array_new_with_free_func(blk_acc_free);
    for (guint i = 0; i < s->reqs->len; i++) {
        const rrc_req *r = &g_array_index(s->reqs, rrc_req, i);
        const rrc_segment *sg = rrc_seg(s, r->seg);
        if (!sg || sg->n_slice_items == 0 || !r->has_part1)
            continue;
        /* The NSSAI known at request time; else the one its identity registered with later (a
         * rejected UE often shows its slices only when it registers after the overload). */
        int nssai = r->nssai >= 0 ? r->nssai : rrc_nssai_for_part1(s, r->part1);
        if (nssai < 0 || (guint)nssai >= s->nssai_sets->len)
            continue;
        const rrc_nssai_set *ns = &g_array_index(s->nssai_sets, rrc_nssai_set, nssai);
        if (ns->n <= 0)
            continue;
        bool only_first = true, any_unlisted = false;
        for (int k = 0; k < ns->n; k++) {
            only_first = only_first && rrc_snssai_equal(&ns->s[k], &ns->s[0]);
            any_unlisted = any_unlisted || !segment_lists(sg, &ns->s[k]);
        }
        blk_acc *x = NULL;
        if (only_first && !any_unlisted)
            x = blk_acc_get(index, all, r->seg, rrc_cell_gnb(e, r->cell), &ns->s[0], true);
        else if (any_unlisted)
            x = blk_acc_get(index, all, r->seg, rrc_cell_gnb(e, r->cell), NULL, true);
        if (!x)
            continue;   /* only listed slices, but several of them: neither side */
        int flags = GPOINTER_TO_INT(g_hash_table_lookup(x->ues, &r->part1)) | 1;
        if (r->outcome == AMFOL_RRC_OUT_SETUP)
            flags |= 2;
        uint64_t *key = g_new(uint64_t, 1);
        *key = r->part1;
        g_hash_table_replace(x->ues, key, GINT_TO_POINTER(flags));
        if (r->outcome == AMFOL_RRC_OUT_REJECT && r->answer_frame) {
            x->rejects++;
            rrc_add_frame(x->reject_frames, r->answer_frame);
        }
    }
    for (guint i = 0; i < all->len; i++) {
        blk_acc *x = g_ptr_array_index(all, i);
        if (x->other)
            continue;
        uint32_t n = g_hash_table_size(x->ues), ok = ues_set_up(x);
        blk_acc *o = blk_acc_get(index, all, x->seg, x->gnb, NULL, false);
        uint32_t others_ok = o ? ues_set_up(o) : 0;
        if (n < MIN_SLICE_BLOCKED_UES || ok > 0 || others_ok < MIN_SLICE_OTHER_UES)
            continue;
        const rrc_segment *sg = rrc_seg(s, x->seg);
        amfol_finding *f = rrc_new_finding(out, AMFOL_RULE_SLICE_OVERLOAD_BLOCKS_SLICE, rrc_assoc_amf_name(e, sg->assoc),
                                           x->gnb, NULL);
        if (!f)
            break;
        char sn[24];
        rrc_format_snssai(&x->slice, sn, sizeof sn);
        g_array_sort(x->reject_frames, cmp_frame);
        rrc_add_frames(f, x->reject_frames);
        f->first_frame = sg->start_frame;
        f->count = x->rejects;
        amfol_finding_set_summary(f,
            "slice %s blocked: none of the %u UEs requesting only %s got an RRC connection (%u RRCRejects) "
            "while %u UEs of other slices were set up, under OVERLOAD START frame %u naming the slice",
            sn, n, sn, x->rejects, others_ok, sg->start_frame);
    }
    g_ptr_array_free(all, TRUE);
    g_hash_table_destroy(index);
}
