/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_rule_helpers.c: small helpers the radio rule files share (evidence lists, naming). */
#include "amfol_rrc_rules.h"
#include "../core/amfol_context.h"
#include "../n2/amfol_n2_stats.h"

void rrc_add_frame(GArray *a, amfol_frame f)
{
    if (a->len < 100000)           /* evidence beyond this is counted, not listed */
        g_array_append_val(a, f);
}

const char *rrc_cell_name(const amfol_rrc *s, uint32_t cell)
{
    return cell < s->n_cells && s->cells[cell].known ? s->cells[cell].name : NULL;
}

amfol_finding *rrc_new_finding(amfol_findings *out, amfol_rule_id rule, const char *amf, const char *gnb,
                               const char *cell)
{
    amfol_finding *x = amfol_findings_add(out, rule);
    if (!x)
        return NULL;
    amfol_finding_set_entities(x, amf, gnb, cell, NULL);
    g_free(x->layer);
    x->layer = g_strdup("rrc");
    return x;
}

void rrc_add_frames(amfol_finding *x, const GArray *a)
{
    for (guint i = 0; i < a->len; i++)
        amfol_finding_add_frame(x, g_array_index(a, amfol_frame, i));
}

const char *rrc_action_text(int action)
{
    if (action >= 0 && action < AMFOL_ACTION_COUNT)
        return amfol_action_name(action);
    return "no action IE (read as reject-rrc-cr-signalling)";
}


amfol_time rrc_episode_first_start(const amfol_rrc *s, const rrc_segment *sg)
{
    amfol_time t = sg->start_time;
    size_t n = amfol_n2_segment_count(s->n2);
    for (size_t i = 0; i < n; i++) {
        const rrc_segment *x = rrc_seg(s, (int32_t)i);
        if (x && x->assoc == sg->assoc && x->episode == sg->episode && x->start_time < t)
            t = x->start_time;
    }
    return t;
}

uint32_t rrc_rejects_before(const amfol_engine *e, uint32_t cell, const rrc_segment *sg, int klass,
                            amfol_time from, double *span_s)
{
    const amfol_rrc *s = e->rrc;
    *span_s = MIN((double)e->cfg.baseline_s, from - e->cap.first_time);
    if (*span_s <= 0)
        return 0;
    uint32_t k = 0;
    for (guint i = 0; i < s->rejs->len; i++) {
        const rrc_rej *j = &g_array_index(s->rejs, rrc_rej, i);
        if (j->req == RRC_NO_IX || j->cell != cell || j->time < from - *span_s || j->time >= from)
            continue;
        if (rrc_segment_classify(sg, g_array_index(s->reqs, rrc_req, j->req).cause) == klass)
            k++;
    }
    return k;
}

bool rrc_clearly_above(uint32_t k, double expected)
{
    return k > 0 && 1.0 - amfol_poisson_cdf(k - 1, expected) < P_LIMIT;
}
