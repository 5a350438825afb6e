/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_coverage_judge.c: the engine's evidence check. Each finding is held against the needs
 * of its rule (tap/core/amfol_rule_needs.c) for the AMF and gNB it names. A verdict is an
 * accusation: where the capture lacks what the rule needs, or the rule counted nothing, the
 * finding becomes a note that says what was seen and what would settle it. */
#include "amfol_coverage_internal.h"
#include "../core/amfol_rule_needs.h"

#include <string.h>

typedef struct judge_ctx {
    const amfol_cov_view *v;
    GHashTable *amfs, *gnbs;       /* name -> row */
    bool any_n2, any_radio, any_nas, any_hdrs, any_nrf;
} judge_ctx;

static unsigned have_for(const judge_ctx *j, const amfol_finding *x)
{
    const amfol_cov_amf *a = x->amf ? g_hash_table_lookup(j->amfs, x->amf) : NULL;
    const amfol_cov_gnb *g = x->gnb ? g_hash_table_lookup(j->gnbs, x->gnb) : NULL;
    unsigned have = 0;
    /* N2: of the gNB or AMF named; a finding naming neither (or an NF that is no N2 AMF) needs
     * N2 somewhere in the capture. */
    if ((g && g->n2_pdus) || (a && a->n2_pdus) || (!g && !a && j->any_n2))
        have |= AMFOL_NEED_N2;
    if (x->gnb ? (g && g->rrc) : j->any_radio)
        have |= AMFOL_NEED_RADIO;
    if (a ? a->nas_readable > 0 : j->any_nas)
        have |= AMFOL_NEED_NAS;
    if (j->any_hdrs)
        have |= AMFOL_NEED_SBI_HEADERS;
    if (a && a->nrf_reports >= 0 ? a->nrf_reports > 0 : j->any_nrf)
        have |= AMFOL_NEED_NRF;
    /* The time around the START: an AMF whose every episode began before the capture lacks it. */
    if (!a || !a->episodes || !a->starts_in_episode)
        have |= AMFOL_NEED_START;
    return have;
}

/* What would settle one missing need, for the finding's entity. */
static void settle(GString *s, unsigned bit, const amfol_finding *x)
{
    const char *who = x->gnb ? x->gnb : x->amf ? x->amf : "the network elements";
    switch (bit) {
    case AMFOL_NEED_N2:
        g_string_append_printf(s, "capture N2 of %s", who);
        break;
    case AMFOL_NEED_RADIO:
        g_string_append_printf(s, "capture F1 of %s to judge its shedding", x->gnb ? x->gnb : "the gNB");
        break;
    case AMFOL_NEED_NAS:
        g_string_append(s, "decipher NAS (nas-5gs.null_decipher, or the keys) or capture it unciphered");
        break;
    case AMFOL_NEED_SBI_HEADERS:
        g_string_append(s, "capture the HTTP/2 connections from their start (HPACK state), in one file");
        break;
    case AMFOL_NEED_NRF:
        g_string_append_printf(s, "capture the traffic of %s with the NRF", x->amf ? x->amf : "the NF");
        break;
    case AMFOL_NEED_START:
        g_string_append(s, "capture the minutes before the OVERLOAD START");
        break;
    default:
        break;
    }
}

static void make_note(amfol_finding *x, unsigned missing, bool counted_nothing)
{
    GString *s = g_string_new("Not judged: ");
    if (missing) {
        char list[200];
        amfol_need_list(missing, list, sizeof list);
        g_string_append_printf(s, "the capture lacks %s for this verdict", list);
    } else if (counted_nothing) {
        g_string_append(s, "the rule counted no evidence item");
    }
    g_string_append_printf(s, ". Seen: %s", x->summary ? x->summary : "-");
    unsigned settle_bits = missing ? missing : amfol_rule_needs(x->rule_id);
    bool first = true;
    for (unsigned bit = 1; bit <= AMFOL_NEED_ALL; bit <<= 1) {
        if (!(settle_bits & bit))
            continue;
        g_string_append(s, first ? ". To judge: " : "; ");
        settle(s, bit, x);
        first = false;
    }
    g_string_append_c(s, '.');
    g_free(x->summary);
    x->summary = g_string_free(s, FALSE);
    x->severity = AMFOL_SEV_NOTE;
    x->missing = missing;
}

void amfol_coverage_judge(amfol_engine *e, amfol_findings *f)
{
    size_t n = amfol_findings_count(f);
    if (!n)
        return;
    amfol_cov_view *v = amfol_coverage_view(e);
    const amfol_coverage *c = e->coverage;
    judge_ctx j = { v, g_hash_table_new(g_str_hash, g_str_equal), g_hash_table_new(g_str_hash, g_str_equal),
                    c->n2_pdus > 0, c->rrc > 0, c->nas_readable > 0,
                    c->sbi.messages > c->sbi.unreadable, c->sbi.nrf > 0 };
    for (guint i = 0; i < v->amfs->len; i++) {
        amfol_cov_amf *a = &g_array_index(v->amfs, amfol_cov_amf, i);
        g_hash_table_insert(j.amfs, (gpointer)a->name, a);
    }
    for (guint i = 0; i < v->gnbs->len; i++) {
        amfol_cov_gnb *g = &g_array_index(v->gnbs, amfol_cov_gnb, i);
        g_hash_table_insert(j.gnbs, (gpointer)g->name, g);
    }
    for (size_t i = 0; i < n; i++) {
        amfol_finding *x = amfol_findings_edit(f, i);
        unsigned need = amfol_rule_needs_for_layer(x->rule_id, x->layer);
        unsigned missing = (need & ~have_for(&j, x)) | x->missing;
        if (missing || x->count == 0)
            make_note(x, missing, x->count == 0);
    }
    g_hash_table_destroy(j.amfs);
    g_hash_table_destroy(j.gnbs);
    amfol_coverage_view_free(v);
}
