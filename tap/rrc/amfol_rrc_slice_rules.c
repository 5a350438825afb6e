/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_slice_rules.c: slice-overload-misconfigured (a START throttles a protected slice) and
 * slice-overload-blocks-slice (the gNB releases UEs after reading their requested NSSAI in
 * RRCSetupComplete: every UE of a listed slice (the AMF's list decides), more than a slice's
 * percentage, or UEs of a slice the START does not list (the gNB's error)). */
#include "amfol_rrc_rules.h"
#include "../core/amfol_context.h"

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


/* The connections of one (START segment, gNB, slice, kind) that reached RRCSetupComplete. */
enum { ACC_LISTED, ACC_UNLISTED, ACC_OTHER, ACC_LISTED_SHED };
typedef struct blk_acc {
    int32_t seg;
    const char *gnb;
    int kind;
    amfol_snssai slice;            /* ACC_OTHER: unused */
    uint32_t completes, set_up, released;
    GArray *release_frames;
    GArray *kept_frames;           /* ACC_LISTED_SHED: RRCSetupComplete frames of the UEs kept */
} blk_acc;

static void blk_acc_free(gpointer p)
{
    blk_acc *x = p;
    g_array_free(x->release_frames, TRUE);
    g_array_free(x->kept_frames, TRUE);
    g_free(x);
}

static blk_acc *blk_acc_get(GHashTable *index, GPtrArray *all, int32_t seg, const char *gnb, int kind,
                            const amfol_snssai *slice, bool create)
{
    char key[112], sn[24] = "-";
    if (slice)
        rrc_format_snssai(slice, sn, sizeof sn);
    snprintf(key, sizeof key, "%d|%p|%d|%s", (int)seg, (const void *)gnb, kind, sn);
    blk_acc *x = g_hash_table_lookup(index, key);
    if (x || !create || all->len >= 4096)
        return x;
    x = g_new0(blk_acc, 1);
    x->seg = seg;
    x->gnb = gnb;
    x->kind = kind;
    if (slice)
        x->slice = *slice;
    x->release_frames = g_array_new(FALSE, FALSE, sizeof(amfol_frame));
    x->kept_frames = g_array_new(FALSE, FALSE, sizeof(amfol_frame));
    g_ptr_array_add(all, x);
    g_hash_table_insert(index, g_strdup(key), x);
    return x;
}

/* The slice item of the START that lists `sn`, NULL when none does. */
static const amfol_slice_item *item_listing(const rrc_segment *sg, const amfol_snssai *sn)
{
    for (int k = 0; k < sg->n_slice_items && k < AMFOL_MAX_SLICE_ITEMS; k++)
        for (int m = 0; m < sg->slice_items[k].n_snssai && m < AMFOL_MAX_SLICES_PER_ITEM; m++)
            if (rrc_snssai_equal(&sg->slice_items[k].snssai[m], sn))
                return &sg->slice_items[k];
    return NULL;
}

static int cmp_frame(gconstpointer a, gconstpointer b)
{
    amfol_frame x = *(const amfol_frame *)a, y = *(const amfol_frame *)b;
    return x < y ? -1 : x > y;
}

static void blk_record(blk_acc *x, const rrc_req *r)
{
    x->completes++;
    if (r->release_frame) {
        x->released++;
        rrc_add_frame(x->release_frames, r->release_frame);
    } else {
        x->set_up++;
        rrc_add_frame(x->kept_frames, r->complete_frame);
    }
}

/* Sort one connection into its accumulators: a UE whose requested NSSAI is one listed slice;
 * a UE with an unlisted slice ("other", and, when the START's AMF-wide part does not shed its
 * cause, judged for its first unlisted slice). UEs with several listed slices count nowhere. */
static void blk_sort(amfol_engine *e, GHashTable *index, GPtrArray *all, const rrc_req *r)
{
    amfol_rrc *s = e->rrc;
    const rrc_segment *sg = rrc_seg(s, r->complete_seg);
    if (!sg || sg->n_slice_items == 0 || r->unattributed || r->nssai < 0 ||
        (guint)r->nssai >= s->nssai_sets->len)
        return;
    const rrc_nssai_set *ns = &g_array_index(s->nssai_sets, rrc_nssai_set, r->nssai);
    bool only_first = true;
    const amfol_snssai *unlisted = NULL;
    for (int k = 0; k < ns->n; k++) {
        only_first = only_first && rrc_snssai_equal(&ns->s[k], &ns->s[0]);
        if (!unlisted && !item_listing(sg, &ns->s[k]))
            unlisted = &ns->s[k];
    }
    const char *gnb = rrc_cell_gnb(e, r->cell);
    blk_acc *x = NULL;
    if (!unlisted && only_first)
        x = blk_acc_get(index, all, r->complete_seg, gnb, ACC_LISTED, &ns->s[0], true);
    if (x)
        blk_record(x, r);
    /* The same UE when its slice item's action sheds its cause (after the grace period): without
     * a percentage the gNB must turn every one of them away. */
    const amfol_slice_item *it = x ? item_listing(sg, &ns->s[0]) : NULL;
    if (it && (it->reduction_pct < 1 || it->reduction_pct > 99) &&
        amfol_rrc_classify(it->action, r->cause) == AMFOL_RRC_CLASS_SHED &&
        r->complete_time >= sg->start_time + e->cfg.grace_ms / 1000.0 &&
        (x = blk_acc_get(index, all, r->complete_seg, gnb, ACC_LISTED_SHED, &ns->s[0], true)) != NULL)
        blk_record(x, r);
    if (!unlisted)
        return;
    if ((x = blk_acc_get(index, all, r->complete_seg, gnb, ACC_OTHER, NULL, true)) != NULL)
        blk_record(x, r);
    /* §8.7.7.2 lets the AMF-wide action shed its class whatever the slice */
    if (rrc_segment_classify(sg, r->cause) == AMFOL_RRC_CLASS_SHED)
        return;
    if ((x = blk_acc_get(index, all, r->complete_seg, gnb, ACC_UNLISTED, unlisted, true)) != NULL)
        blk_record(x, r);
}

/* Raise the finding of one accumulator when its case holds (docs/faults.md). */
/* The missed violation: a listed slice whose item has no percentage, and the gNB let UEs of it
 * whose cause the item's action sheds through after their RRCSetupComplete (TS 38.413 §8.7.7.2:
 * it lets "only" other traffic through). The gNB's error, as gnb-ignores-overload. */
static void blk_judge_ignored(amfol_engine *e, amfol_findings *out, const blk_acc *x)
{
    amfol_rrc *s = e->rrc;
    const rrc_segment *sg = rrc_seg(s, x->seg);
    if (x->set_up < MIN_SLICE_BLOCKED_UES)
        return;
    const amfol_slice_item *item = item_listing(sg, &x->slice);
    amfol_finding *f = rrc_new_finding(out, AMFOL_RULE_GNB_IGNORES_OVERLOAD, rrc_assoc_amf_name(e, sg->assoc),
                                       x->gnb, NULL);
    if (!f)
        return;
    char sn[24];
    rrc_format_snssai(&x->slice, sn, sizeof sn);
    amfol_finding_add_frame(f, sg->start_frame);
    rrc_add_frames(f, x->kept_frames);
    f->first_frame = sg->start_frame;
    f->count = x->set_up;
    amfol_finding_set_summary(f,
        "gNB %s let %u of the %u UEs requesting only slice %s through after their RRCSetupComplete, "
        "though OVERLOAD START frame %u lists %s with action %s and no percentage: every one whose "
        "cause that action sheds must be turned away",
        x->gnb, x->set_up, x->completes, sn, sg->start_frame, sn, rrc_action_text(item ? item->action : AMFOL_ABSENT));
}

static void blk_judge(amfol_engine *e, amfol_findings *out, GHashTable *index, GPtrArray *all, blk_acc *x)
{
    amfol_rrc *s = e->rrc;
    const rrc_segment *sg = rrc_seg(s, x->seg);
    if (x->kind == ACC_LISTED_SHED) {
        blk_judge_ignored(e, out, x);
        return;
    }
    const amfol_slice_item *item = x->kind == ACC_LISTED ? item_listing(sg, &x->slice) : NULL;
    int pct = item ? item->reduction_pct : AMFOL_ABSENT;
    bool with_pct = pct >= 1 && pct <= 99;
    blk_acc *o = blk_acc_get(index, all, x->seg, x->gnb, ACC_OTHER, NULL, false);
    uint32_t others_ok = o ? o->set_up : 0;
    bool holds;
    if (x->kind == ACC_UNLISTED)
        holds = x->released >= MIN_SLICE_BLOCKED_UES;
    else if (with_pct)   /* more than the percentage asks: ratio and binomial test */
        holds = x->completes >= MIN_SLICE_BLOCKED_UES &&
                (double)x->released / x->completes > pct / 100.0 + MARGIN &&
                rrc_binom_sf(x->released, x->completes, pct / 100.0) < P_LIMIT;
    else
        holds = x->released >= MIN_SLICE_BLOCKED_UES && x->set_up == 0 && others_ok >= MIN_SLICE_OTHER_UES;
    if (!holds)
        return;
    amfol_finding *f = rrc_new_finding(out, AMFOL_RULE_SLICE_OVERLOAD_BLOCKS_SLICE,
                                       rrc_assoc_amf_name(e, sg->assoc), x->gnb, NULL);
    if (!f)
        return;
    char sn[24];
    rrc_format_snssai(&x->slice, sn, sizeof sn);
    g_array_sort(x->release_frames, cmp_frame);
    rrc_add_frames(f, x->release_frames);
    f->first_frame = sg->start_frame;
    f->count = x->released;
    if (x->kind == ACC_UNLISTED) {
        f->severity = AMFOL_SEV_ERROR;
        amfol_finding_set_summary(f,
            "gNB %s released %u UEs requesting slice %s after their RRCSetupComplete, though OVERLOAD "
            "START frame %u does not list %s (and its AMF-wide part does not shed their cause)",
            x->gnb, x->released, sn, sg->start_frame, sn);
    } else if (with_pct) {
        f->severity = AMFOL_SEV_ERROR;
        amfol_finding_set_summary(f,
            "gNB %s released %u of the %u UEs requesting only slice %s after their RRCSetupComplete, "
            "though OVERLOAD START frame %u asked to reduce that slice's traffic by %d %% only",
            x->gnb, x->released, x->completes, sn, sg->start_frame, pct);
    } else {
        /* TS 38.413 §8.7.7.2: without Slice Traffic Load Reduction Indication the gNB lets "only"
         * other traffic through: releasing the slice's UEs is compliant, the AMF's list decides. */
        amfol_finding_set_summary(f,
            "AMF %s's OVERLOAD START frame %u lists slice %s without a reduction percentage, so gNB %s "
            "releases every UE requesting only %s as TS 38.413 §8.7.7.2 asks: all %u such UEs were "
            "released after RRCSetupComplete while %u UEs of unlisted slices were set up",
            f->amf ? f->amf : "?", sg->start_frame, sn, x->gnb, sn, x->released, others_ok);
    }
}

/* slice-overload-blocks-slice, per (START segment with a slice list in force at RRCSetupComplete,
 * gNB, slice). */
void rrc_judge_blocked_slices(amfol_engine *e, amfol_findings *out)
{
    amfol_rrc *s = e->rrc;
    GHashTable *index = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    GPtrArray *all = g_ptr_array_new_with_free_func(blk_acc_free);
    for (guint i = 0; i < s->reqs->len; i++) {
        const rrc_req *r = &g_array_index(s->reqs, rrc_req, i);
        if (r->complete_frame)
            blk_sort(e, index, all, r);
    }
    for (guint i = 0; i < all->len; i++) {
        blk_acc *x = g_ptr_array_index(all, i);
        if (x->kind != ACC_OTHER)
            blk_judge(e, out, index, all, x);
    }
    g_ptr_array_free(all, TRUE);
    g_hash_table_destroy(index);
}
