/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_report.c: the radio section of -z amfol,timeline and the "radio" JSON member:
 * per gNB and cell, before / during / after each episode, requests, set-ups, rejects and
 * unanswered per cause, the shed class's observed reject ratio and the waitTime distribution. */
#include "amfol_rrc_internal.h"
#include "../core/amfol_engine.h"   /* amfol_engine_finish: rows need the expired requests */
#include "../report/amfol_json.h"

#include <string.h>

typedef struct shed_stats {
    uint32_t requests, setups, rejects;
} shed_stats;

static shed_stats period_shed(const amfol_rrc *s, const rrc_period *p)
{
    shed_stats x = { 0, 0, 0 };
    const rrc_segment *sg = rrc_seg(s, p->seg);
    if (p->phase != AMFOL_RRC_DURING || !sg)
        return x;
    for (int c = 0; c < AMFOL_RRC_NCAUSES; c++) {
        if (rrc_segment_classify(sg, c) != AMFOL_RRC_CLASS_SHED)
            continue;
        x.requests += p->c.requests[c];
        x.setups += p->c.setups[c];
        x.rejects += p->c.rejects[c];
    }
    return x;
}

static const char *action_label(const rrc_segment *sg)
{
    if (sg->action >= 0 && sg->action < AMFOL_ACTION_COUNT)
        return amfol_action_name(sg->action);
    return sg->n_slice_items ? "slice list only" : "no action IE: reject-rrc-cr-signalling";
}

static const char *phase_name(int phase)
{
    return phase == AMFOL_RRC_DURING ? "during" : phase == AMFOL_RRC_AFTER ? "after" : "before";
}

static void counts_text(GString *out, const char *label, const uint32_t *v)
{
    bool any = false;
    for (int c = 0; c < AMFOL_RRC_NCAUSES; c++) {
        if (!v[c])
            continue;
        g_string_append_printf(out, "%s%s %u", any ? ", " : label, amfol_rrc_cause_name(c), v[c]);
        any = true;
    }
    if (any)
        g_string_append(out, "\n");
}

void amfol_rrc_report_timeline(amfol_engine *e, GString *out)
{
    amfol_rrc *s = e->rrc;
    g_string_append_printf(out,
        "Radio side (NR RRC CCCH): %" G_GUINT64_FORMAT " requests, %" G_GUINT64_FORMAT " RRCSetup, %" G_GUINT64_FORMAT
        " RRCReject, %" G_GUINT64_FORMAT " answers without a request\n",
        s->requests, s->setups, s->rejects, s->unmatched_answers);
    if (s->overflow)
        g_string_append_printf(out, "  (%" G_GUINT64_FORMAT " items beyond amfol's caps were counted only)\n", s->overflow);
    for (uint32_t ci = 0; ci < s->n_cells; ci++) {
        const rrc_cell *c = &s->cells[ci];
        const char *gnb = rrc_cell_gnb(e, ci);
        bool bound = rrc_cell_bind(e, ci);
        g_string_append_printf(out, "  gNB %s, cell %s%s\n", gnb ? gnb : "?", c->known ? c->name : "unknown (no NR-CGI)",
                               bound ? "" : " (not tied to any N2 association: overload state unknown)");
        for (int pi = 0; pi < c->n_periods; pi++) {
            const rrc_period *p = &c->periods[pi];
            const rrc_segment *sg = rrc_seg(s, p->seg);
            g_string_append_printf(out, "    %-6s", phase_name(p->phase));
            if (sg && p->phase == AMFOL_RRC_DURING) {
                g_string_append_printf(out, " episode %d of %s, START frame %u (%s", sg->episode,
                                       rrc_assoc_amf_name(e, sg->assoc), sg->start_frame, action_label(sg));
                if (sg->reduction_pct >= 1)
                    g_string_append_printf(out, ", reduce %d%%", sg->reduction_pct);
                if (sg->n_slice_items)
                    g_string_append_printf(out, ", %d slice item(s)", sg->n_slice_items);
                g_string_append(out, ")");
            }
            else if (sg)
                g_string_append_printf(out, " episode %d of %s, STOP frame %u", sg->episode,
                                       rrc_assoc_amf_name(e, sg->assoc), sg->stop_frame);
            g_string_append_printf(out, ": frames %u-%u, %.3f s\n", p->first_frame, p->last_frame, p->to - p->from);
            counts_text(out, "      requests:   ", p->c.requests);
            counts_text(out, "      RRCSetup:   ", p->c.setups);
            counts_text(out, "      RRCReject:  ", p->c.rejects);
            counts_text(out, "      unanswered: ", p->c.unanswered);
            shed_stats x = period_shed(s, p);
            if (sg && p->phase == AMFOL_RRC_DURING && x.setups + x.rejects) {
                double obs = 100.0 * x.rejects / (x.setups + x.rejects);
                if (sg->reduction_pct >= 1)
                    g_string_append_printf(out, "      shed class: %u answered, %u rejected = %.1f%% (requested %d%%)\n",
                                           x.setups + x.rejects, x.rejects, obs, sg->reduction_pct);
                else
                    g_string_append_printf(out, "      shed class: %u answered, %u rejected = %.1f%% (requested: all)\n",
                                           x.setups + x.rejects, x.rejects, obs);
            }
            bool anyw = false;
            for (int w = 0; w <= 16; w++) {
                if (!p->c.wait_hist[w])
                    continue;
                if (w == 0)
                    g_string_append_printf(out, "%sno waitTime ×%u", anyw ? ", " : "      waitTime: ", p->c.wait_hist[w]);
                else
                    g_string_append_printf(out, "%s%d s ×%u", anyw ? ", " : "      waitTime: ", w, p->c.wait_hist[w]);
                anyw = true;
            }
            if (anyw)
                g_string_append(out, "\n");
        }
    }
}

static void counts_json(json_dumper *d, const char *name, const uint32_t *v)
{
    json_dumper_set_member_name(d, name);
    json_dumper_begin_object(d);
    for (int c = 0; c < AMFOL_RRC_NCAUSES; c++) {
        if (!v[c])
            continue;
        json_dumper_set_member_name(d, amfol_rrc_cause_name(c));
        json_dumper_value_anyf(d, "%u", v[c]);
    }
    json_dumper_end_object(d);
}

static void value_or_null(json_dumper *d, const char *name, int v)
{
    json_dumper_set_member_name(d, name);
    if (v == AMFOL_ABSENT)
        json_dumper_value_anyf(d, "null");
    else
        json_dumper_value_anyf(d, "%d", v);
}

static void string_or_null(json_dumper *d, const char *name, const char *v)
{
    json_dumper_set_member_name(d, name);
    if (v)
        json_dumper_value_string(d, v);
    else
        json_dumper_value_anyf(d, "null");
}

void amfol_rrc_report_json(amfol_engine *e, json_dumper *d)
{
    amfol_rrc *s = e->rrc;
    json_dumper_set_member_name(d, "radio");
    json_dumper_begin_object(d);
    amfol_json_uint(d, "requests", s->requests);
    amfol_json_uint(d, "setups", s->setups);
    amfol_json_uint(d, "rejects", s->rejects);
    amfol_json_uint(d, "unmatched_answers", s->unmatched_answers);
    amfol_json_uint(d, "overflow", s->overflow);
    /* Requests of multi-AMF gNBs during overload whose target AMF is unknown: counted apart,
     * never evidence (TS 38.413 §8.7.7.1 "towards the concerned AMF"). */
    uint64_t unattributed = 0;
    for (guint i = 0; i < s->reqs->len; i++)
        unattributed += g_array_index(s->reqs, rrc_req, i).unattributed;
    amfol_json_uint(d, "unattributed_requests", unattributed);
    /* New UEs tied to the association of their INITIAL UE MESSAGE, and the messages that had
     * several candidate requests (left unattributed). */
    amfol_json_uint(d, "new_ue_requests_attributed", s->new_ue_linked);
    amfol_json_uint(d, "new_ue_ambiguous", s->new_ue_ambiguous);
    /* N2 gnb-ignores-overload verdicts withdrawn: the gNB shed the requested share of the
     * shed-class requests offered to it (docs/faults.md) */
    json_dumper_set_member_name(d, "n2_ignores_cleared");
    json_dumper_value_anyf(d, "%u", s->n2_ignores_cleared);
    json_dumper_set_member_name(d, "cells");
    json_dumper_begin_array(d);
    for (uint32_t ci = 0; ci < s->n_cells; ci++) {
        const rrc_cell *c = &s->cells[ci];
        json_dumper_begin_object(d);
        string_or_null(d, "cell", c->known ? c->name : NULL);
        string_or_null(d, "gnb", rrc_cell_gnb(e, ci));
        json_dumper_set_member_name(d, "bound_to_n2");
        json_dumper_value_anyf(d, rrc_cell_bind(e, ci) ? "true" : "false");
        json_dumper_set_member_name(d, "periods");
        json_dumper_begin_array(d);
        for (int pi = 0; pi < c->n_periods; pi++) {
            const rrc_period *p = &c->periods[pi];
            const rrc_segment *sg = rrc_seg(s, p->seg);
            json_dumper_begin_object(d);
            json_dumper_set_member_name(d, "phase");
            json_dumper_value_string(d, phase_name(p->phase));
            value_or_null(d, "episode", sg ? sg->episode : AMFOL_ABSENT);
            string_or_null(d, "amf", sg ? rrc_assoc_amf_name(e, sg->assoc) : NULL);
            value_or_null(d, "start_frame", sg ? (int)sg->start_frame : AMFOL_ABSENT);
            value_or_null(d, "stop_frame", sg && sg->stop_frame ? (int)sg->stop_frame : AMFOL_ABSENT);
            value_or_null(d, "action", sg ? sg->action : AMFOL_ABSENT);
            value_or_null(d, "reduction_pct", sg ? sg->reduction_pct : AMFOL_ABSENT);
            json_dumper_set_member_name(d, "first_frame");
            json_dumper_value_anyf(d, "%u", p->first_frame);
            json_dumper_set_member_name(d, "last_frame");
            json_dumper_value_anyf(d, "%u", p->last_frame);
            json_dumper_set_member_name(d, "from");
            json_dumper_value_anyf(d, "%.6f", p->from);
            json_dumper_set_member_name(d, "to");
            json_dumper_value_anyf(d, "%.6f", p->to);
            counts_json(d, "requests", p->c.requests);
            counts_json(d, "setups", p->c.setups);
            counts_json(d, "rejects", p->c.rejects);
            counts_json(d, "unanswered", p->c.unanswered);
            if (p->phase == AMFOL_RRC_DURING && sg) {
                shed_stats x = period_shed(s, p);
                json_dumper_set_member_name(d, "shed");
                json_dumper_begin_object(d);
                json_dumper_set_member_name(d, "requests");
                json_dumper_value_anyf(d, "%u", x.requests);
                json_dumper_set_member_name(d, "setups");
                json_dumper_value_anyf(d, "%u", x.setups);
                json_dumper_set_member_name(d, "rejects");
                json_dumper_value_anyf(d, "%u", x.rejects);
                json_dumper_set_member_name(d, "observed_reject_pct");
                if (x.setups + x.rejects)
                    json_dumper_value_anyf(d, "%.1f", 100.0 * x.rejects / (x.setups + x.rejects));
                else
                    json_dumper_value_anyf(d, "null");
                /* Without a reduction IE the whole class is to be rejected. */
                value_or_null(d, "requested_pct", sg->reduction_pct >= 1 ? sg->reduction_pct : 100);
                json_dumper_end_object(d);
            }
            json_dumper_set_member_name(d, "wait_time_s");
            json_dumper_begin_object(d);
            for (int w = 0; w <= 16; w++) {
                if (!p->c.wait_hist[w])
                    continue;
                char k[8];
                g_snprintf(k, sizeof k, "%s%d", w ? "" : "none", w ? w : 0);
                json_dumper_set_member_name(d, w ? k : "none");
                json_dumper_value_anyf(d, "%u", p->c.wait_hist[w]);
            }
            json_dumper_end_object(d);
            json_dumper_end_object(d);
        }
        json_dumper_end_array(d);
        json_dumper_end_object(d);
    }
    json_dumper_end_array(d);
    json_dumper_end_object(d);
}

/* The table "RRC requests and outcomes per gNB, cell and period" (GUI, -z amfol,radio). */
enum {
    T_GNB, T_CELL, T_PHASE, T_EPISODE, T_AMF, T_START, T_STOP, T_REQ, T_SETUP, T_REJ, T_UNANS,
    T_OBS, T_ASKED, T_WAIT, T_COUNT
};
static const amfol_column table_cols[T_COUNT] = {
    AMFOL_TCOL("gNB", NULL, AMFOL_CELL_STR),
    AMFOL_TCOL("Cell", NULL, AMFOL_CELL_STR),
    AMFOL_TCOL("Period", NULL, AMFOL_CELL_STR),          /* before / during / after */
    AMFOL_TCOL("Episode", NULL, AMFOL_CELL_UINT),        /* 0 before the first episode */
    AMFOL_TCOL("AMF", NULL, AMFOL_CELL_STR),
    AMFOL_TCOL("START frame", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("STOP frame", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("Requests", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("Set-ups", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("Rejects", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("Unanswered", NULL, AMFOL_CELL_UINT),
    AMFOL_TREAL("Shed rejected %", NULL, "%.1f"),        /* during: the shed class's observed ratio */
    AMFOL_TREAL("Requested %", NULL, "%.0f"),            /* during: the reduction, 100 without one */
    AMFOL_TCOL("Top waitTime", NULL, AMFOL_CELL_STR),    /* the most frequent one */
};

const amfol_column *amfol_rrc_table_columns(size_t *n)
{
    *n = T_COUNT;
    return table_cols;
}

static void period_row(amfol_engine *e, amfol_rows *t, uint32_t ci, const rrc_period *p)
{
    amfol_rrc *s = e->rrc;
    const rrc_cell *c = &s->cells[ci];
    const rrc_segment *sg = rrc_seg(s, p->seg);
    const char *gnb = rrc_cell_gnb(e, ci);
    uint32_t requests = 0, setups = 0, rejects = 0, unanswered = 0;
    for (int k = 0; k < AMFOL_RRC_NCAUSES; k++) {
        requests += p->c.requests[k];
        setups += p->c.setups[k];
        rejects += p->c.rejects[k];
        unanswered += p->c.unanswered[k];
    }
    amfol_rows_add(t);
    /* Names can improve during the capture (a transport address becomes the gNB's name once
     * NG Setup or the cell binding is seen): tables rewrite every row. */
    amfol_rows_str(t, T_GNB, gnb ? gnb : "?");
    amfol_rows_str(t, T_CELL, c->known ? c->name : "(no NR-CGI)");
    amfol_rows_str(t, T_PHASE, phase_name(p->phase));
    amfol_rows_uint(t, T_EPISODE, sg ? (uint64_t)sg->episode : 0);
    amfol_rows_str(t, T_AMF, sg ? rrc_assoc_amf_name(e, sg->assoc) : NULL);
    amfol_rows_uint(t, T_START, sg ? sg->start_frame : 0);
    amfol_rows_uint(t, T_STOP, sg ? sg->stop_frame : 0);
    amfol_rows_uint(t, T_REQ, requests);
    amfol_rows_uint(t, T_SETUP, setups);
    amfol_rows_uint(t, T_REJ, rejects);
    amfol_rows_uint(t, T_UNANS, unanswered);
    shed_stats x = period_shed(s, p);
    if (x.setups + x.rejects)
        amfol_rows_real(t, T_OBS, 100.0 * x.rejects / (x.setups + x.rejects));
    if (p->phase == AMFOL_RRC_DURING && sg)
        amfol_rows_real(t, T_ASKED, sg->reduction_pct >= 1 ? sg->reduction_pct : 100);
    int top = AMFOL_ABSENT;
    uint32_t top_count = 0;
    for (int w = 1; w <= 16; w++)
        if (p->c.wait_hist[w] > top_count) {
            top_count = p->c.wait_hist[w];
            top = w;
        }
    if (top != AMFOL_ABSENT) {
        char buf[32];
        g_snprintf(buf, sizeof buf, "%d s (x%u)", top, top_count);
        amfol_rows_str(t, T_WAIT, buf);
    }
}

amfol_rows *amfol_rrc_table_rows(amfol_engine *e)
{
    amfol_rrc *s = e->rrc;
    amfol_engine_finish(e);   /* expires the requests still waiting at the end */
    size_t n = 0;
    for (uint32_t ci = 0; ci < s->n_cells; ci++)
        n += (size_t)s->cells[ci].n_periods;
    amfol_rows *t = amfol_rows_new("RRC requests and outcomes per gNB, cell and period", AMFOL_ROWS_ARRAY,
                                   table_cols, T_COUNT, MAX(n, 1));
    for (uint32_t ci = 0; ci < s->n_cells; ci++)
        for (int pi = 0; pi < s->cells[ci].n_periods; pi++)
            period_row(e, t, ci, &s->cells[ci].periods[pi]);
    return t;
}
