/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_rule_helpers.c: small helpers the radio rule files share (evidence lists, naming). */
#include "amfol_rrc_rules.h"

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

