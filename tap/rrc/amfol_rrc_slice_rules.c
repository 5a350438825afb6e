/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_slice_rules.c: slice-overload-misconfigured (a START throttles a protected slice). */
#include "amfol_rrc_rules.h"
#include "../core/amfol_engine_internal.h"

/* slice-overload-misconfigured: a START slice list names a protected slice. */
void rrc_judge_protected_slices(amfol_engine *e, amfol_findings *out)
{
    amfol_rrc *s = e->rrc;
    if (!e->cfg.protected_snssai[0])
        return;
    for (uint32_t ai = 0; ai < s->n_assocs; ai++) {
        amfol_finding *f = NULL;
        char named[128] = "";
        for (guint i = 0; i < s->segs->len; i++) {
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
                f = rrc_new_finding(out, "slice-overload-misconfigured", rrc_assoc_amf_name(e, ai),
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

