/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_report.c: the radio section of -z amfol,timeline and the "radio" JSON member:
 * per gNB and cell, before / during / after each episode, requests, set-ups, rejects and
 * unanswered per cause, the shed class's observed reject ratio and the waitTime distribution. */
#include "amfol_rrc_internal.h"
#include "../core/amfol_rows_line.h"
#include "../core/amfol_rows_write.h"

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

/* ---- the "radio" JSON member and the radio table, from one description -------------------- */

/* {"mo-Data": 3, ...}: a per-cause count, causes with 0 left out. */
static const amfol_column count_cols[2] = {
    AMFOL_JCOL("cause", AMFOL_CELL_STR), AMFOL_JCOL("count", AMFOL_CELL_UINT),
};

static amfol_rows *cause_map(const char *name, const uint32_t *v)
{
    return amfol_rows_count_map(name, count_cols, v, AMFOL_RRC_NCAUSES, amfol_rrc_cause_name);
}

/* {"none": n, "8": n, ...}: the waitTime distribution (seconds; "none" without one). */
static amfol_rows *wait_map(const uint32_t *hist)
{
    amfol_rows *t = amfol_rows_new("wait_time_s", AMFOL_ROWS_MAP, count_cols, 2, 17);
    for (int w = 0; w <= 16; w++) {
        if (!hist[w])
            continue;
        char k[8];
        g_snprintf(k, sizeof k, "%d", w);
        amfol_rows_add(t);
        amfol_rows_str(t, 0, w ? k : "none");
        amfol_rows_uint(t, 1, hist[w]);
    }
    return t;
}

/* The shed class of a period during an episode. */
enum { S_REQ, S_SETUP, S_REJ, S_OBS, S_ASKED, S_ANSWERED, S_COUNT };
static const amfol_column shed_cols[S_COUNT] = {
    AMFOL_JCOL("requests", AMFOL_CELL_UINT),
    AMFOL_JCOL("setups", AMFOL_CELL_UINT),
    AMFOL_JCOL("rejects", AMFOL_CELL_UINT),
    AMFOL_JREAL("observed_reject_pct", "%.1f"),   /* null when none was answered */
    AMFOL_JCOL("requested_pct", AMFOL_CELL_INT),
    AMFOL_LCOL("answered", AMFOL_CELL_UINT),      /* setups + rejects */
};

static amfol_rows *shed_object(const rrc_segment *sg, shed_stats x)
{
    amfol_rows *t = amfol_rows_new("shed", AMFOL_ROWS_OBJECT, shed_cols, S_COUNT, 1);
    amfol_rows_add(t);
    amfol_rows_uint(t, S_REQ, x.requests);
    amfol_rows_uint(t, S_SETUP, x.setups);
    amfol_rows_uint(t, S_REJ, x.rejects);
    if (x.setups + x.rejects)
        amfol_rows_real(t, S_OBS, 100.0 * x.rejects / (x.setups + x.rejects));
    /* Without a reduction IE the whole class is to be rejected. */
    amfol_rows_int(t, S_ASKED, sg->reduction_pct >= 1 ? sg->reduction_pct : 100);
    amfol_rows_uint(t, S_ANSWERED, x.setups + x.rejects);
    return t;
}

/* One period of one cell: a row of radio.cells[].periods (columns with a key) and of the table
 * "RRC requests and outcomes per gNB, cell and period" (GUI, -z amfol,radio; columns with a
 * title). Where both show the same value one column serves both. */
enum {
    P_GNB, P_CELL, P_PHASE, P_EPISODE, P_EPISODE_T, P_AMF, P_START, P_START_T, P_STOP, P_STOP_T,
    P_ACTION, P_REDUCTION, P_FIRST, P_LAST, P_FROM, P_TO, P_REQ, P_REQ_T, P_SETUP, P_SETUP_T,
    P_REJ, P_REJ_T, P_UNANS, P_UNANS_T, P_SHED, P_OBS_T, P_ASKED_T, P_WAIT, P_WAIT_T,
    P_EPISODE_L, P_ACTION_L, P_SLICES_L, P_DURATION_L, P_COUNT
};
static const amfol_column period_cols[P_COUNT] = {
    AMFOL_TCOL("gNB", NULL, AMFOL_CELL_STR),
    AMFOL_TCOL("Cell", NULL, AMFOL_CELL_STR),
    AMFOL_COL("phase", "Period", AMFOL_CELL_STR),          /* before / during / after */
    AMFOL_JCOL("episode", AMFOL_CELL_INT),
    AMFOL_TCOL("Episode", NULL, AMFOL_CELL_UINT),          /* 0 before the first episode */
    AMFOL_COL("amf", "AMF", AMFOL_CELL_STR),
    AMFOL_JCOL("start_frame", AMFOL_CELL_INT),
    AMFOL_TCOL("START frame", NULL, AMFOL_CELL_UINT),
    AMFOL_JCOL("stop_frame", AMFOL_CELL_INT),
    AMFOL_TCOL("STOP frame", NULL, AMFOL_CELL_UINT),
    AMFOL_JCOL("action", AMFOL_CELL_INT),
    AMFOL_JCOL("reduction_pct", AMFOL_CELL_INT),
    AMFOL_JCOL("first_frame", AMFOL_CELL_UINT),
    AMFOL_JCOL("last_frame", AMFOL_CELL_UINT),
    AMFOL_JREAL("from", "%.6f"),
    AMFOL_JREAL("to", "%.6f"),
    AMFOL_JCOL("requests", AMFOL_CELL_TABLE),              /* per cause */
    AMFOL_TCOL("Requests", NULL, AMFOL_CELL_UINT),         /* all causes */
    AMFOL_JCOL("setups", AMFOL_CELL_TABLE),
    AMFOL_TCOL("Set-ups", NULL, AMFOL_CELL_UINT),
    AMFOL_JCOL("rejects", AMFOL_CELL_TABLE),
    AMFOL_TCOL("Rejects", NULL, AMFOL_CELL_UINT),
    AMFOL_JCOL("unanswered", AMFOL_CELL_TABLE),
    AMFOL_TCOL("Unanswered", NULL, AMFOL_CELL_UINT),
    AMFOL_JOPT("shed", AMFOL_CELL_TABLE),                  /* during an episode only */
    AMFOL_TREAL("Shed rejected %", NULL, "%.1f"),          /* during: the shed class's observed ratio */
    AMFOL_TREAL("Requested %", NULL, "%.0f"),              /* during: the reduction, 100 without one */
    AMFOL_JCOL("wait_time_s", AMFOL_CELL_TABLE),
    AMFOL_TCOL("Top waitTime", NULL, AMFOL_CELL_STR),      /* the most frequent one */
    /* prose only (the timeline's radio section) */
    AMFOL_LCOL("episode_number", AMFOL_CELL_INT),
    AMFOL_LCOL("action_label", AMFOL_CELL_STR),           /* the action, or why there is none */
    AMFOL_LCOL("slice_items", AMFOL_CELL_INT),
    AMFOL_LCOL("duration_s", AMFOL_CELL_REAL),
};

const amfol_column *amfol_rrc_table_columns(size_t *n)
{
    *n = P_COUNT;
    return period_cols;
}

static uint32_t sum_causes(const uint32_t *v)
{
    uint32_t n = 0;
    for (int k = 0; k < AMFOL_RRC_NCAUSES; k++)
        n += v[k];
    return n;
}

/* `json`: with the JSON-only child tables (per-cause maps, shed, waitTime); the Statistics
 * table, rebuilt as the capture goes, goes without them. */
static void period_row(amfol_engine *e, amfol_rows *t, uint32_t ci, const rrc_period *p, bool json)
{
    amfol_rrc *s = e->rrc;
    const rrc_cell *c = &s->cells[ci];
    const rrc_segment *sg = rrc_seg(s, p->seg);
    const char *gnb = rrc_cell_gnb(e, ci);
    bool during = p->phase == AMFOL_RRC_DURING && sg;
    amfol_rows_add(t);
    /* Names can improve during the capture (a transport address becomes the gNB's name once
     * NG Setup or the cell binding is seen): tables rewrite every row. */
    amfol_rows_str(t, P_GNB, gnb ? gnb : "?");
    amfol_rows_str(t, P_CELL, c->known ? c->name : "(no NR-CGI)");
    amfol_rows_str(t, P_PHASE, phase_name(p->phase));
    amfol_rows_uint(t, P_EPISODE_T, sg ? (uint64_t)sg->episode : 0);
    amfol_rows_uint(t, P_START_T, sg ? sg->start_frame : 0);
    amfol_rows_uint(t, P_STOP_T, sg ? sg->stop_frame : 0);
    if (sg) {
        amfol_rows_opt_int(t, P_EPISODE, sg->episode);
        amfol_rows_str(t, P_AMF, rrc_assoc_amf_name(e, sg->assoc));
        amfol_rows_int(t, P_START, sg->start_frame);
        if (sg->stop_frame)
            amfol_rows_int(t, P_STOP, sg->stop_frame);
        amfol_rows_opt_int(t, P_ACTION, sg->action);
        amfol_rows_opt_int(t, P_REDUCTION, sg->reduction_pct);
        amfol_rows_int(t, P_EPISODE_L, sg->episode);
        amfol_rows_str(t, P_ACTION_L, action_label(sg));
        amfol_rows_int(t, P_SLICES_L, sg->n_slice_items);
    }
    amfol_rows_uint(t, P_FIRST, p->first_frame);
    amfol_rows_uint(t, P_LAST, p->last_frame);
    amfol_rows_real(t, P_FROM, p->from);
    amfol_rows_real(t, P_TO, p->to);
    amfol_rows_real(t, P_DURATION_L, p->to - p->from);
    if (json)
        amfol_rows_table(t, P_REQ, cause_map("requests", p->c.requests));
    amfol_rows_uint(t, P_REQ_T, sum_causes(p->c.requests));
    if (json)
        amfol_rows_table(t, P_SETUP, cause_map("setups", p->c.setups));
    amfol_rows_uint(t, P_SETUP_T, sum_causes(p->c.setups));
    if (json)
        amfol_rows_table(t, P_REJ, cause_map("rejects", p->c.rejects));
    amfol_rows_uint(t, P_REJ_T, sum_causes(p->c.rejects));
    if (json)
        amfol_rows_table(t, P_UNANS, cause_map("unanswered", p->c.unanswered));
    amfol_rows_uint(t, P_UNANS_T, sum_causes(p->c.unanswered));
    shed_stats x = period_shed(s, p);
    if (during && json)
        amfol_rows_table(t, P_SHED, shed_object(sg, x));
    if (x.setups + x.rejects)
        amfol_rows_real(t, P_OBS_T, 100.0 * x.rejects / (x.setups + x.rejects));
    if (during)
        amfol_rows_real(t, P_ASKED_T, sg->reduction_pct >= 1 ? sg->reduction_pct : 100);
    if (json)
        amfol_rows_table(t, P_WAIT, wait_map(p->c.wait_hist));
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
        amfol_rows_str(t, P_WAIT_T, buf);
    }
}

amfol_rows *amfol_rrc_table_rows(amfol_engine *e)
{
    amfol_rrc *s = e->rrc;
    size_t n = 0;
    for (uint32_t ci = 0; ci < s->n_cells; ci++)
        n += (size_t)s->cells[ci].n_periods;
    amfol_rows *t = amfol_rows_new("RRC requests and outcomes per gNB, cell and period", AMFOL_ROWS_ARRAY,
                                   period_cols, P_COUNT, MAX(n, 1));
    for (uint32_t ci = 0; ci < s->n_cells; ci++)
        for (int pi = 0; pi < s->cells[ci].n_periods; pi++)
            period_row(e, t, ci, &s->cells[ci].periods[pi], false);
    return t;
}

enum { C_CELL, C_GNB, C_BOUND, C_PERIODS, C_COUNT };
static const amfol_column cell_cols[C_COUNT] = {
    AMFOL_JCOL("cell", AMFOL_CELL_STR),
    AMFOL_JCOL("gnb", AMFOL_CELL_STR),
    AMFOL_JCOL("bound_to_n2", AMFOL_CELL_BOOL),
    AMFOL_JCOL("periods", AMFOL_CELL_TABLE),
};

static amfol_rows *cell_rows(amfol_engine *e)
{
    amfol_rrc *s = e->rrc;
    amfol_rows *t = amfol_rows_new("cells", AMFOL_ROWS_ARRAY, cell_cols, C_COUNT, MAX(s->n_cells, 1));
    for (uint32_t ci = 0; ci < s->n_cells; ci++) {
        const rrc_cell *c = &s->cells[ci];
        amfol_rows *periods = amfol_rows_new("periods", AMFOL_ROWS_ARRAY, period_cols, P_COUNT,
                                             MAX((size_t)c->n_periods, 1));
        for (int pi = 0; pi < c->n_periods; pi++)
            period_row(e, periods, ci, &c->periods[pi], true);
        amfol_rows_add(t);
        amfol_rows_str(t, C_CELL, c->known ? c->name : NULL);
        amfol_rows_str(t, C_GNB, rrc_cell_gnb(e, ci));
        amfol_rows_bool(t, C_BOUND, rrc_cell_bind(e, ci));
        amfol_rows_table(t, C_PERIODS, periods);
    }
    return t;
}

enum {
    R_REQ, R_SETUP, R_REJ, R_UNMATCHED, R_OVERFLOW, R_UNATTRIBUTED, R_NEW_UE_LINKED, R_NEW_UE_AMBIGUOUS,
    R_CLEARED, R_CELLS, R_COUNT
};
static const amfol_column radio_cols[R_COUNT] = {
    AMFOL_JCOL("requests", AMFOL_CELL_UINT),
    AMFOL_JCOL("setups", AMFOL_CELL_UINT),
    AMFOL_JCOL("rejects", AMFOL_CELL_UINT),
    AMFOL_JCOL("unmatched_answers", AMFOL_CELL_UINT),
    AMFOL_JCOL("overflow", AMFOL_CELL_UINT),
    /* Requests of multi-AMF gNBs during overload whose target AMF is unknown: counted apart,
     * never evidence (TS 38.413 §8.7.7.1 "towards the concerned AMF"). */
    AMFOL_JCOL("unattributed_requests", AMFOL_CELL_UINT),
    /* New UEs tied to the association of their INITIAL UE MESSAGE, and the messages that had
     * several candidate requests (left unattributed). */
    AMFOL_JCOL("new_ue_requests_attributed", AMFOL_CELL_UINT),
    AMFOL_JCOL("new_ue_ambiguous", AMFOL_CELL_UINT),
    /* N2 gnb-ignores-overload verdicts withdrawn: the gNB shed the requested share of the
     * shed-class requests offered to it (docs/faults.md) */
    AMFOL_JCOL("n2_ignores_cleared", AMFOL_CELL_UINT),
    AMFOL_JCOL("cells", AMFOL_CELL_TABLE),
};

amfol_rows *amfol_rrc_json_rows(amfol_engine *e)
{
    amfol_rrc *s = e->rrc;
    uint64_t unattributed = 0;
    for (guint i = 0; i < s->reqs->len; i++)
        unattributed += g_array_index(s->reqs, rrc_req, i).unattributed;
    amfol_rows *t = amfol_rows_new("radio", AMFOL_ROWS_OBJECT, radio_cols, R_COUNT, 1);
    amfol_rows_add(t);
    amfol_rows_uint(t, R_REQ, s->requests);
    amfol_rows_uint(t, R_SETUP, s->setups);
    amfol_rows_uint(t, R_REJ, s->rejects);
    amfol_rows_uint(t, R_UNMATCHED, s->unmatched_answers);
    amfol_rows_uint(t, R_OVERFLOW, s->overflow);
    amfol_rows_uint(t, R_UNATTRIBUTED, unattributed);
    amfol_rows_uint(t, R_NEW_UE_LINKED, s->new_ue_linked);
    amfol_rows_uint(t, R_NEW_UE_AMBIGUOUS, s->new_ue_ambiguous);
    amfol_rows_uint(t, R_CLEARED, s->n2_ignores_cleared);
    amfol_rows_table(t, R_CELLS, cell_rows(e));
    return t;
}

/* ---- the radio section of the timeline: prose over the same rows ------------------------- */

/* "label cause n, cause n\n" from a per-cause map child, nothing when it is empty. */
static void causes_line(GString *out, const amfol_rows *t, size_t r, size_t col, const char *tmpl)
{
    if (amfol_rows_count(amfol_rows_get_table(t, r, col)))
        amfol_rows_line(out, t, r, tmpl);
}

static void timeline_period(const amfol_rows *t, size_t r, GString *out)
{
    bool seg = amfol_rows_has(t, r, P_START);
    bool during = seg && strcmp(amfol_rows_get_str(t, r, P_PHASE), "during") == 0;
    g_string_append_printf(out, "    %-6s", amfol_rows_get_str(t, r, P_PHASE));
    if (during) {
        amfol_rows_line(out, t, r, " episode {episode_number} of {amf}, START frame {START frame} ({action_label}");
        if (amfol_rows_get_int(t, r, P_REDUCTION) >= 1)
            amfol_rows_line(out, t, r, ", reduce {reduction_pct}%");
        if (amfol_rows_get_int(t, r, P_SLICES_L))
            amfol_rows_line(out, t, r, ", {slice_items} slice item(s)");
        g_string_append(out, ")");
    } else if (seg)
        amfol_rows_line(out, t, r, " episode {episode_number} of {amf}, STOP frame {STOP frame}");
    amfol_rows_line(out, t, r, ": frames {first_frame}-{last_frame}, {duration_s:%.3f} s\n");
    causes_line(out, t, r, P_REQ, "      requests:   {requests}\n");
    causes_line(out, t, r, P_SETUP, "      RRCSetup:   {setups}\n");
    causes_line(out, t, r, P_REJ, "      RRCReject:  {rejects}\n");
    causes_line(out, t, r, P_UNANS, "      unanswered: {unanswered}\n");
    const amfol_rows *shed = amfol_rows_get_table(t, r, P_SHED);
    if (shed && amfol_rows_get_uint(shed, 0, S_ANSWERED))
        amfol_rows_line(out, t, r, amfol_rows_get_int(t, r, P_REDUCTION) >= 1
                        ? "      shed class: {shed.answered} answered, {shed.rejects} rejected = "
                          "{shed.observed_reject_pct:%.1f}% (requested {shed.requested_pct}%)\n"
                        : "      shed class: {shed.answered} answered, {shed.rejects} rejected = "
                          "{shed.observed_reject_pct:%.1f}% (requested: all)\n");
    const amfol_rows *wait = amfol_rows_get_table(t, r, P_WAIT);
    for (size_t w = 0; w < amfol_rows_count(wait); w++) {
        g_string_append(out, w ? ", " : "      waitTime: ");
        amfol_rows_line(out, wait, w, strcmp(amfol_rows_get_str(wait, w, 0), "none") == 0
                                      ? "no waitTime ×{count}" : "{cause} s ×{count}");
    }
    if (amfol_rows_count(wait))
        g_string_append(out, "\n");
}

void amfol_rrc_report_timeline(amfol_engine *e, GString *out)
{
    amfol_rows *t = amfol_rrc_json_rows(e);
    amfol_rows_line(out, t, 0, "Radio side (NR RRC CCCH): {requests} requests, {setups} RRCSetup, {rejects} "
                               "RRCReject, {unmatched_answers} answers without a request\n");
    if (amfol_rows_get_uint(t, 0, R_OVERFLOW))
        amfol_rows_line(out, t, 0, "  ({overflow} items beyond amfol's caps were counted only)\n");
    const amfol_rows *cells = amfol_rows_get_table(t, 0, R_CELLS);
    for (size_t c = 0; c < amfol_rows_count(cells); c++) {
        amfol_rows_line(out, cells, c, amfol_rows_has(cells, c, C_GNB) ? "  gNB {gnb}, cell " : "  gNB ?, cell ");
        amfol_rows_line(out, cells, c, amfol_rows_has(cells, c, C_CELL) ? "{cell}" : "unknown (no NR-CGI)");
        g_string_append(out, amfol_rows_get_bool(cells, c, C_BOUND)
                             ? "\n" : " (not tied to any N2 association: overload state unknown)\n");
        const amfol_rows *periods = amfol_rows_get_table(cells, c, C_PERIODS);
        for (size_t p = 0; p < amfol_rows_count(periods); p++)
            timeline_period(periods, p, out);
    }
    amfol_rows_free(t);
}

void amfol_rrc_report_json(amfol_engine *e, json_dumper *d)
{
    amfol_rows *t = amfol_rrc_json_rows(e);
    json_dumper_set_member_name(d, "radio");
    amfol_rows_json(d, t);
    amfol_rows_free(t);
}
