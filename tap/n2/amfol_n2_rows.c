/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_n2_rows.c: what the N2 module reports, once, as rows (core/amfol_rows.h): per AMF, its
 * associations and its overload episodes (each with its STARTs and per-gNB parts and their START
 * segments), and per gNB its associations. The generic JSON writer turns them into the "amfs" and
 * "gnbs" members of -z amfol,json (docs/output.md); the N2 timeline text reads the same rows
 * (amfol_n2_report.c), so no report walks the N2 state a second time. */
#include "amfol_n2_rows.h"
#include "../core/amfol_context.h"

#include <string.h>

/* A time member ("%.6f") and an optional duration, for a row that either has its START or
 * does not (then the member is min_duration_s, measured from the association's first frame). */
#define TIME_COL(k) { .key = (k), .type = AMFOL_CELL_REAL, .json_fmt = "%.6f" }
#define OPT_REAL(k) { .key = (k), .type = AMFOL_CELL_REAL, .json_optional = true }
#define REL_COL(ti) AMFOL_TREAL(ti, NULL, "%.3f")

static const amfol_column n2_cols[N2R_COUNT] = {
    AMFOL_JCOL("amfs", AMFOL_CELL_TABLE),
    AMFOL_JCOL("gnbs", AMFOL_CELL_TABLE),
    AMFOL_TCOL("NGAP PDUs", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("AMFs", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("gNB associations", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("STOPs without START", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("PDUs of untracked associations", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("AMFs not tracked", NULL, AMFOL_CELL_UINT),
};

static const amfol_column amf_cols[AMFR_COUNT] = {
    AMFOL_JCOL("id", AMFOL_CELL_STR),
    AMFOL_JCOL("name", AMFOL_CELL_STR),
    AMFOL_JCOL("named_by", AMFOL_CELL_STR),
    AMFOL_JCOL("address", AMFOL_CELL_STR),
    AMFOL_JCOL("relative_capacity", AMFOL_CELL_INT),
    AMFOL_JCOL("guamis", AMFOL_CELL_TABLE),
    AMFOL_JCOL("gnbs", AMFOL_CELL_TABLE),
    AMFOL_JCOL("episodes", AMFOL_CELL_TABLE),
    AMFOL_JCOL("episodes_dropped", AMFOL_CELL_UINT),
    AMFOL_JCOL("symptoms", AMFOL_CELL_TABLE),
    AMFOL_JOPT("kpi", AMFOL_CELL_TABLE),
};

static const amfol_column guami_cols[1] = { AMFOL_COL("guami", "GUAMI", AMFOL_CELL_STR) };
static const amfol_column gnb_list_cols[1] = { AMFOL_COL("gnb", "gNB", AMFOL_CELL_STR) };
static const amfol_column frame_list_cols[1] = { AMFOL_COL("frame", "Frame", AMFOL_CELL_UINT) };
/* InitialUEMessages per RRC establishment cause: {cause: count}, causes with none left out */
static const amfol_column count_cols[2] = {
    AMFOL_COL("cause", "Cause", AMFOL_CELL_STR),
    AMFOL_COL("count", "InitialUEMessages", AMFOL_CELL_UINT),
};

static const amfol_column assoc_cols[AGR_COUNT] = {
    AMFOL_JCOL("id", AMFOL_CELL_STR),
    AMFOL_JCOL("named_by", AMFOL_CELL_STR),
    AMFOL_JCOL("address", AMFOL_CELL_STR),
    AMFOL_JCOL("first_frame", AMFOL_CELL_UINT),
    AMFOL_JCOL("ngap_pdus", AMFOL_CELL_UINT),
    AMFOL_JCOL("stops_without_start", AMFOL_CELL_UINT),
    AMFOL_JCOL("other_path", AMFOL_CELL_STR),
    AMFOL_JCOL("initial_ue", AMFOL_CELL_TABLE),
    AMFOL_TCOL("InitialUEMessages", NULL, AMFOL_CELL_UINT),
};
enum { TOT_BEFORE, TOT_DURING, TOT_AFTER, TOT_COUNT };
static const amfol_column totals_cols[TOT_COUNT] = {
    AMFOL_JCOL("before", AMFOL_CELL_TABLE),
    AMFOL_JCOL("during", AMFOL_CELL_TABLE),
    AMFOL_JCOL("after", AMFOL_CELL_TABLE),
};

static const amfol_column episode_cols[EPR_COUNT] = {
    AMFOL_JCOL("number", AMFOL_CELL_INT),
    AMFOL_JCOL("start_frame", AMFOL_CELL_UINT),
    AMFOL_JCOL("stop_frame", AMFOL_CELL_UINT),
    TIME_COL("start_time"),
    TIME_COL("stop_time"),
    OPT_REAL("min_duration_s"),
    OPT_REAL("duration_s"),
    AMFOL_JCOL("start_before_capture", AMFOL_CELL_BOOL),
    AMFOL_JCOL("max_level", AMFOL_CELL_STR),
    AMFOL_JCOL("starts", AMFOL_CELL_UINT),
    AMFOL_JCOL("updates", AMFOL_CELL_TABLE),
    AMFOL_JCOL("gnbs", AMFOL_CELL_TABLE),
    AMFOL_JCOL("gnbs_not_told", AMFOL_CELL_TABLE),
    REL_COL("Start (t+s)"),
    REL_COL("Stop (t+s)"),
    AMFOL_TCOL("First action", NULL, AMFOL_CELL_STR),      /* of the first START: the diagnosis */
    AMFOL_TCOL("First reduction %", NULL, AMFOL_CELL_INT),
    AMFOL_TCOL("gNBs seen", NULL, AMFOL_CELL_UINT),         /* told, or of this AMF by its end */
};

static const amfol_column update_cols[UPR_COUNT] = {
    AMFOL_JCOL("frame", AMFOL_CELL_UINT),
    TIME_COL("time"),
    AMFOL_JCOL("gnb", AMFOL_CELL_STR),
    AMFOL_JCOL("action", AMFOL_CELL_STR),
    AMFOL_JCOL("reduction_pct", AMFOL_CELL_INT),
    AMFOL_JCOL("level", AMFOL_CELL_STR),
    AMFOL_JCOL("replaced", AMFOL_CELL_BOOL),
    AMFOL_JCOL("replaced_frame", AMFOL_CELL_UINT),
    AMFOL_JCOL("slices", AMFOL_CELL_TABLE),
    REL_COL("Time (t+s)"),
    AMFOL_TCOL("Parameters", NULL, AMFOL_CELL_STR),
};
enum { SLR_SNSSAI, SLR_ACTION, SLR_PCT, SLR_ITEM, SLR_COUNT };
static const amfol_column slice_cols[SLR_COUNT] = {
    AMFOL_JCOL("snssai", AMFOL_CELL_STR),
    AMFOL_JCOL("action", AMFOL_CELL_STR),
    AMFOL_JCOL("reduction_pct", AMFOL_CELL_INT),
    AMFOL_JCOL("item", AMFOL_CELL_UINT),
};

static const amfol_column part_cols[PTR_COUNT] = {
    AMFOL_JCOL("id", AMFOL_CELL_STR),
    AMFOL_JCOL("start_frame", AMFOL_CELL_UINT),
    AMFOL_JCOL("stop_frame", AMFOL_CELL_UINT),
    TIME_COL("start_time"),
    TIME_COL("stop_time"),
    OPT_REAL("min_duration_s"),
    OPT_REAL("duration_s"),
    AMFOL_JCOL("start_before_capture", AMFOL_CELL_BOOL),
    AMFOL_JCOL("start_frames", AMFOL_CELL_TABLE),
    AMFOL_JCOL("initial_ue", AMFOL_CELL_TABLE),
    AMFOL_JCOL("segments", AMFOL_CELL_TABLE),
    REL_COL("Start (t+s)"),
    REL_COL("Stop (t+s)"),
};
enum { PIU_BEFORE_WINDOW, PIU_BEFORE, PIU_DURING, PIU_AFTER_WINDOW, PIU_AFTER, PIU_COUNT };
static const amfol_column part_ue_cols[PIU_COUNT] = {
    AMFOL_JCOL("before_window_s", AMFOL_CELL_REAL),
    AMFOL_JCOL("before", AMFOL_CELL_TABLE),
    AMFOL_JCOL("during", AMFOL_CELL_TABLE),
    AMFOL_JCOL("after_window_s", AMFOL_CELL_UINT),
    AMFOL_JCOL("after", AMFOL_CELL_TABLE),
};

static const amfol_column segment_cols[SGR_COUNT] = {
    AMFOL_JCOL("start_frame", AMFOL_CELL_UINT),
    AMFOL_JCOL("end_frame", AMFOL_CELL_UINT),
    AMFOL_JCOL("action", AMFOL_CELL_STR),
    AMFOL_JCOL("reduction_pct", AMFOL_CELL_INT),
    AMFOL_JCOL("slice_only", AMFOL_CELL_BOOL),
    AMFOL_JCOL("shed_during", AMFOL_CELL_UINT),
    AMFOL_JCOL("shed_baseline", AMFOL_CELL_UINT),
    AMFOL_JCOL("during_s", AMFOL_CELL_REAL),
    AMFOL_JCOL("expected_pass_through", AMFOL_CELL_REAL),
    AMFOL_JCOL("observed_pass_through", AMFOL_CELL_REAL),
    AMFOL_JCOL("p_value", AMFOL_CELL_REAL),
    AMFOL_JCOL("ignores_overload", AMFOL_CELL_BOOL),
    AMFOL_TREAL("Baseline (s)", NULL, "%.0f"),
    AMFOL_TREAL("Observed (%)", NULL, "%.0f"),
    AMFOL_TREAL("Expected (%)", NULL, "%.0f"),
    AMFOL_TCOL("Reported", NULL, AMFOL_CELL_BOOL),
};

enum { GNR_ID, GNR_ASSOCIATIONS, GNR_COUNT };
static const amfol_column gnb_cols[GNR_COUNT] = {
    AMFOL_JCOL("id", AMFOL_CELL_STR),
    AMFOL_JCOL("associations", AMFOL_CELL_TABLE),
};
enum { ASR_AMF, ASR_ADDRESS, ASR_AMF_ADDRESS, ASR_FIRST_FRAME, ASR_COUNT };
static const amfol_column association_cols[ASR_COUNT] = {
    AMFOL_JCOL("amf", AMFOL_CELL_STR),
    AMFOL_JCOL("address", AMFOL_CELL_STR),
    AMFOL_JCOL("amf_address", AMFOL_CELL_STR),
    AMFOL_JCOL("first_frame", AMFOL_CELL_UINT),
};

/* ---- cells ----------------------------------------------------------------------------- */

static double rel(const amfol_engine *e, amfol_time t)
{
    return t - e->cap.first_time;
}

static amfol_rows *table(const char *name, amfol_rows_shape shape, const amfol_column *cols, size_t ncols,
                         size_t rows)
{
    return amfol_rows_new(name, shape, cols, ncols, rows ? rows : 1);
}

static void opt_action(amfol_rows *t, size_t col, int action)
{
    if (action != AMFOL_ABSENT)
        amfol_rows_str(t, col, amfol_action_name(action));
}

static void guami_text(const amfol_guami *g, char *buf, size_t cap)
{
    g_snprintf(buf, cap, "%s-%u-%u-%u", g->plmn.digits, (unsigned)g->region_id,
               (unsigned)g->set_id, (unsigned)g->pointer);
}

static const char *name_source(const n2_assoc *a)
{
    switch (a->gnb_source) {
    case N2_NAME_NODE_NAME: return "RANNodeName";
    case N2_NAME_GLOBAL_ID: return "GlobalRANNodeID";
    default: return "transport";
    }
}

static amfol_rows *counts_rows(const n2_cause_counts c)
{
    return amfol_rows_count_map("initial_ue", count_cols, c, AMFOL_CAUSE_COUNT, amfol_cause_name);
}

/* The START's parameters as one phrase: "ACTION 50 %; slices 1-2,1-3 ACTION 20 % | ..." */
static void params_text(GString *out, int action, int pct, const n2_update *u)
{
    g_string_append(out, amfol_action_name(action));
    if (pct > 0)
        g_string_append_printf(out, " %d %%", pct);
    for (int i = 0; i < u->n_slice_items; i++) {
        const amfol_slice_item *s = &u->slice_items[i];
        g_string_append(out, i == 0 ? "; slices " : " | ");
        for (int k = 0; k < s->n_snssai; k++) {
            char sn[24];
            amfol_snssai_text(&s->snssai[k], sn, sizeof sn);
            g_string_append_printf(out, "%s%s", k ? "," : "", sn);
        }
        g_string_append_printf(out, " %s", amfol_action_name(s->action));
        if (s->reduction_pct > 0)
            g_string_append_printf(out, " %d %%", s->reduction_pct);
    }
}

/* ---- episodes -------------------------------------------------------------------------- */

static void update_row(amfol_rows *t, const amfol_engine *e, const n2_update *u)
{
    const amfol_n2 *n2 = e->n2;
    const n2_assoc *a = g_ptr_array_index(n2->assocs, u->assoc);
    amfol_rows_add(t);
    amfol_rows_uint(t, UPR_FRAME, u->frame);
    amfol_rows_real(t, UPR_TIME, u->time);
    amfol_rows_real(t, UPR_TIME_REL, rel(e, u->time));
    amfol_rows_str(t, UPR_GNB, a->gnb_id);
    opt_action(t, UPR_ACTION, u->action);
    amfol_rows_opt_int(t, UPR_PCT, u->reduction_pct);
    amfol_rows_str(t, UPR_LEVEL, amfol_level_name(u->slice_only ? AMFOL_LEVEL_NORMAL : amfol_level_for_action(u->action)));
    amfol_rows_bool(t, UPR_REPLACED, u->replaced);
    amfol_rows_opt_frame(t, UPR_REPLACED_FRAME, u->replaced_frame);
    size_t n = 0;
    for (int i = 0; i < u->n_slice_items; i++)
        n += (size_t)MAX(u->slice_items[i].n_snssai, 0);
    amfol_rows *sl = table("slices", AMFOL_ROWS_ARRAY, slice_cols, SLR_COUNT, n);
    for (int i = 0; i < u->n_slice_items; i++) {
        const amfol_slice_item *s = &u->slice_items[i];
        for (int k = 0; k < s->n_snssai; k++) {
            char sn[24];
            amfol_snssai_text(&s->snssai[k], sn, sizeof sn);
            amfol_rows_add(sl);
            amfol_rows_str(sl, SLR_SNSSAI, sn);
            opt_action(sl, SLR_ACTION, s->action);
            amfol_rows_opt_int(sl, SLR_PCT, s->reduction_pct);
            amfol_rows_uint(sl, SLR_ITEM, (uint64_t)i);
        }
    }
    amfol_rows_table(t, UPR_SLICES, sl);
    GString *params = g_string_new(NULL);
    params_text(params, u->action, u->reduction_pct, u);
    amfol_rows_str(t, UPR_PARAMS, params->str);
    g_string_free(params, TRUE);
}

/* Whether the finding of this segment was kept (a later module may have cleared it: radio,
 * offered requests, docs/faults.md). */
static bool reported(const amfol_engine *e, const n2_assoc *a, const n2_segment *seg)
{
    for (size_t i = 0; i < amfol_findings_count(e->findings); i++) {
        const amfol_finding *f = amfol_findings_get(e->findings, i);
        if (f->rule_id == AMFOL_RULE_GNB_IGNORES_OVERLOAD && f->first_frame == seg->start_frame &&
            g_strcmp0(f->gnb, a->gnb_id) == 0)
            return true;
    }
    return false;
}

static void segment_row(amfol_rows *t, const amfol_engine *e, const n2_part *part, const n2_assoc *a,
                        const n2_segment *seg)
{
    n2_judgement j;
    bool hit = n2_segment_judge(e->n2, part, seg, e->cap.last_time, &j);
    amfol_rows_add(t);
    amfol_rows_uint(t, SGR_START_FRAME, seg->start_frame);
    amfol_rows_opt_frame(t, SGR_END_FRAME, seg->ended ? seg->end_frame : 0);
    opt_action(t, SGR_ACTION, seg->action);
    amfol_rows_opt_int(t, SGR_PCT, seg->reduction_pct);
    amfol_rows_bool(t, SGR_SLICE_ONLY, seg->slice_only);
    amfol_rows_uint(t, SGR_SHED_DURING, j.shed_during);
    amfol_rows_uint(t, SGR_SHED_BASELINE, j.shed_baseline);
    amfol_rows_real(t, SGR_DURING_S, j.during_s > 0 ? j.during_s : 0);
    amfol_rows_real(t, SGR_BASELINE_S, j.baseline_s);
    amfol_rows_real(t, SGR_EXPECTED, j.expected);
    amfol_rows_real(t, SGR_EXPECTED_PCT, 100.0 * j.expected);
    if (j.observed >= 0) {
        amfol_rows_real(t, SGR_OBSERVED, j.observed);
        amfol_rows_real(t, SGR_OBSERVED_PCT, 100.0 * j.observed);
    }
    if (j.judged)
        amfol_rows_real(t, SGR_P_VALUE, j.p_value);
    amfol_rows_bool(t, SGR_IGNORES, hit);
    amfol_rows_bool(t, SGR_REPORTED, hit && reported(e, a, seg));
}

/* An episode's or a part's start, stop and duration (min_duration when it began before the
 * capture: measured from the first frame seen). Both tables order these columns alike:
 * start_time, stop_time, min_duration_s, duration_s; and the two text columns start_rel, stop_rel. */
static void span_cells(amfol_rows *t, const amfol_engine *e, size_t start_time, size_t start_rel, bool has_start,
                       amfol_time start, bool has_stop, amfol_time stop)
{
    if (has_start) {
        amfol_rows_real(t, start_time, start);
        amfol_rows_real(t, start_rel, rel(e, start));
    }
    if (has_stop) {
        amfol_rows_real(t, start_time + 1, stop);
        amfol_rows_real(t, start_rel + 1, rel(e, stop));
    }
    amfol_rows_real(t, has_start ? start_time + 3 : start_time + 2, (has_stop ? stop : e->cap.last_time) - start);
}

G_STATIC_ASSERT(EPR_STOP_TIME == EPR_START_TIME + 1 && EPR_MIN_DURATION == EPR_START_TIME + 2 &&
                EPR_DURATION == EPR_START_TIME + 3 && EPR_STOP_REL == EPR_START_REL + 1);
G_STATIC_ASSERT(PTR_STOP_TIME == PTR_START_TIME + 1 && PTR_MIN_DURATION == PTR_START_TIME + 2 &&
                PTR_DURATION == PTR_START_TIME + 3 && PTR_STOP_REL == PTR_START_REL + 1);

static void part_row(amfol_rows *t, const amfol_engine *e, const n2_part *part)
{
    const amfol_n2 *n2 = e->n2;
    const n2_assoc *a = g_ptr_array_index(n2->assocs, part->assoc);
    amfol_rows_add(t);
    amfol_rows_str(t, PTR_ID, a->gnb_id);
    amfol_rows_opt_frame(t, PTR_START_FRAME, part->first_start_frame);
    amfol_rows_opt_frame(t, PTR_STOP_FRAME, part->stop_frame);
    span_cells(t, e, PTR_START_TIME, PTR_START_REL, !part->before_capture, part->first_start_time, part->stop_frame != 0,
               part->stop_time);
    amfol_rows_bool(t, PTR_BEFORE_CAPTURE, part->before_capture);
    amfol_rows *sf = table("start_frames", AMFOL_ROWS_LIST, frame_list_cols, 1, (size_t)part->n_start_frames);
    for (int k = 0; k < part->n_start_frames; k++) {
        amfol_rows_add(sf);
        amfol_rows_uint(sf, 0, part->start_frames[k]);
    }
    amfol_rows_table(t, PTR_START_FRAMES, sf);
    amfol_rows *ue = table("initial_ue", AMFOL_ROWS_OBJECT, part_ue_cols, PIU_COUNT, 1);
    amfol_rows_add(ue);
    amfol_rows_real(ue, PIU_BEFORE_WINDOW, part->baseline_span_s);
    if (!part->before_capture)      /* the state before the first frame is unknown: null */
        amfol_rows_table(ue, PIU_BEFORE, counts_rows(part->before));
    amfol_rows_table(ue, PIU_DURING, counts_rows(part->during));
    amfol_rows_uint(ue, PIU_AFTER_WINDOW, n2->cfg.baseline_s);
    amfol_rows_table(ue, PIU_AFTER, counts_rows(part->after));
    amfol_rows_table(t, PTR_INITIAL_UE, ue);
    amfol_rows *sg = table("segments", AMFOL_ROWS_ARRAY, segment_cols, SGR_COUNT, part->segments->len);
    for (guint s = 0; s < part->segments->len; s++)
        segment_row(sg, e, part, a, g_ptr_array_index(part->segments, s));
    amfol_rows_table(t, PTR_SEGMENTS, sg);
}

/* Told: the episode has a part for the association's gNB towards this AMF (any of its TNLAs). */
static bool told(const amfol_n2 *n2, const n2_episode *ep, guint assoc)
{
    int lead = n2_lead(n2, (int)assoc);
    for (guint p = 0; p < ep->parts->len; p++)
        if (((const n2_part *)g_ptr_array_index(ep->parts, p))->assoc == lead)
            return true;
    return false;
}

static void episode_row(amfol_rows *t, const amfol_engine *e, int amf_index, const n2_episode *ep)
{
    const amfol_n2 *n2 = e->n2;
    amfol_rows_add(t);
    amfol_rows_int(t, EPR_NUMBER, ep->number);
    amfol_rows_opt_frame(t, EPR_START_FRAME, ep->start_frame);
    amfol_rows_opt_frame(t, EPR_STOP_FRAME, ep->closed ? ep->stop_frame : 0);
    span_cells(t, e, EPR_START_TIME, EPR_START_REL, !ep->before_capture, ep->start_time, ep->closed, ep->stop_time);
    amfol_rows_bool(t, EPR_BEFORE_CAPTURE, ep->before_capture);
    if (!ep->before_capture)
        amfol_rows_str(t, EPR_MAX_LEVEL, amfol_level_name(ep->max_level));
    amfol_rows_uint(t, EPR_STARTS, ep->n_updates);
    amfol_rows *up = table("updates", AMFOL_ROWS_ARRAY, update_cols, UPR_COUNT, ep->updates->len);
    for (guint u = 0; u < ep->updates->len; u++)
        update_row(up, e, g_ptr_array_index(ep->updates, u));
    amfol_rows_table(t, EPR_UPDATES, up);
    amfol_rows *parts = table("gnbs", AMFOL_ROWS_ARRAY, part_cols, PTR_COUNT, ep->parts->len);
    for (guint p = 0; p < ep->parts->len; p++)
        part_row(parts, e, g_ptr_array_index(ep->parts, p));
    amfol_rows_table(t, EPR_GNBS, parts);
    /* Associations of this AMF that were not told (unknowable before the capture), and the
     * gNBs the episode could have reached: told, or of this AMF by the episode's end. */
    amfol_rows *nt = table("gnbs_not_told", AMFOL_ROWS_LIST, gnb_list_cols, 1, n2->assocs->len);
    amfol_frame end_frame = ep->closed ? ep->stop_frame : UINT32_MAX;
    uint64_t seen = 0;
    for (guint i = 0; i < n2->assocs->len; i++) {
        const n2_assoc *a = g_ptr_array_index(n2->assocs, i);
        bool was_told = told(n2, ep, i), ours = a->amf == amf_index && a->first_frame <= end_frame;
        seen += was_told || ours;
        if (ours && !was_told && !ep->before_capture && n2_lead(n2, (int)i) == (int)i) {
            amfol_rows_add(nt);
            amfol_rows_str(nt, 0, a->gnb_id);
        }
    }
    amfol_rows_table(t, EPR_NOT_TOLD, nt);
    amfol_rows_uint(t, EPR_SEEN, seen);
    const n2_update *first = ep->updates->len ? g_ptr_array_index(ep->updates, 0) : NULL;
    amfol_rows_str(t, EPR_FIRST_ACTION, !first ? "?" : first->slice_only ? "slice-scoped" : amfol_action_name(first->action));
    if (first && first->reduction_pct > 0)
        amfol_rows_int(t, EPR_FIRST_PCT, first->reduction_pct);
}

/* ---- AMFs and gNBs --------------------------------------------------------------------- */

/* One row per gNB towards the AMF: the lead association `li` (n2_lead), with the PDUs and
 * InitialUEMessages of all its TNLAs; the overload tallies are the lead's already. */
static void assoc_row(amfol_rows *t, const amfol_n2 *n2, guint li)
{
    const n2_assoc *a = g_ptr_array_index(n2->assocs, li);
    uint64_t pdus = 0, initial_ue = 0;
    for (guint k = li; k < n2->assocs->len; k++) {
        const n2_assoc *x = g_ptr_array_index(n2->assocs, k);
        if (x->lead == (int)li) {
            pdus += x->pdus;
            initial_ue += x->initial_ue;
        }
    }
    amfol_rows_add(t);
    amfol_rows_str(t, AGR_ID, a->gnb_id);
    amfol_rows_str(t, AGR_NAMED_BY, name_source(a));
    amfol_rows_str(t, AGR_ADDRESS, a->gnb_ep.text);
    amfol_rows_uint(t, AGR_FIRST_FRAME, a->first_frame);
    amfol_rows_uint(t, AGR_PDUS, pdus);
    amfol_rows_uint(t, AGR_STOPS_WITHOUT_START, a->stops_without_start);
    amfol_rows_str(t, AGR_OTHER_PATH, a->other_path[0] ? a->other_path : NULL);
    amfol_rows *ue = table("initial_ue", AMFOL_ROWS_OBJECT, totals_cols, TOT_COUNT, 1);
    amfol_rows_add(ue);
    amfol_rows_table(ue, TOT_BEFORE, counts_rows(a->tot_before));
    amfol_rows_table(ue, TOT_DURING, counts_rows(a->tot_during));
    amfol_rows_table(ue, TOT_AFTER, counts_rows(a->tot_after));
    amfol_rows_table(t, AGR_INITIAL_UE, ue);
    amfol_rows_uint(t, AGR_INITIAL_UE_COUNT, initial_ue);
}

static void amf_row(amfol_rows *t, amfol_engine *e, int m, const amfol_n2_amf_children *children)
{
    const amfol_n2 *n2 = e->n2;
    const n2_amf *amf = g_ptr_array_index(n2->amfs, m);
    amfol_rows_add(t);
    amfol_rows_str(t, AMFR_ID, amf->id);
    amfol_rows_str(t, AMFR_NAME, amf->name);
    amfol_rows_str(t, AMFR_NAMED_BY, amf->name ? "NGSetupResponse" : "transport");
    amfol_rows_str(t, AMFR_ADDRESS, amf->address.text);
    amfol_rows_opt_int(t, AMFR_CAPACITY, amf->relative_capacity);
    amfol_rows *g = table("guamis", AMFOL_ROWS_LIST, guami_cols, 1, (size_t)amf->n_guamis);
    for (int k = 0; k < amf->n_guamis; k++) {
        char buf[48];
        guami_text(&amf->guamis[k], buf, sizeof buf);
        amfol_rows_add(g);
        amfol_rows_str(g, 0, buf);
    }
    amfol_rows_table(t, AMFR_GUAMIS, g);
    amfol_rows *as = table("gnbs", AMFOL_ROWS_ARRAY, assoc_cols, AGR_COUNT, n2->assocs->len);
    for (guint i = 0; i < n2->assocs->len; i++) {
        const n2_assoc *a = g_ptr_array_index(n2->assocs, i);
        if (a->amf == m && a->lead == (int)i)
            assoc_row(as, n2, i);
    }
    amfol_rows_table(t, AMFR_GNBS, as);
    amfol_rows *eps = table("episodes", AMFOL_ROWS_ARRAY, episode_cols, EPR_COUNT, amf->episodes->len);
    for (guint i = 0; i < amf->episodes->len; i++)
        episode_row(eps, e, m, g_ptr_array_index(amf->episodes, i));
    amfol_rows_table(t, AMFR_EPISODES, eps);
    amfol_rows_uint(t, AMFR_EPISODES_DROPPED, amf->episodes_dropped);
    if (children && children->symptoms)
        amfol_rows_table(t, AMFR_SYMPTOMS, children->symptoms(e, amf->id));
    if (children && children->kpi)
        amfol_rows_table(t, AMFR_KPI, children->kpi(e, amf->id));
}

/* The associations (from index `from` on) whose gNB is `gnb` (interned: pointer equality). */
static amfol_rows *associations_from(const amfol_n2 *n2, const char *gnb, guint from)
{
    amfol_rows *t = table("associations", AMFOL_ROWS_ARRAY, association_cols, ASR_COUNT, n2->assocs->len);
    for (guint k = from; gnb && k < n2->assocs->len; k++) {
        const n2_assoc *x = g_ptr_array_index(n2->assocs, k);
        if (x->gnb_id != gnb)
            continue;
        const n2_amf *amf = n2_amf_of(n2, x);
        amfol_rows_add(t);
        amfol_rows_str(t, ASR_AMF, amf ? amf->id : NULL);
        amfol_rows_str(t, ASR_ADDRESS, x->gnb_ep.text);
        amfol_rows_str(t, ASR_AMF_ADDRESS, x->amf_ep.text);
        amfol_rows_uint(t, ASR_FIRST_FRAME, x->first_frame);
    }
    return t;
}

amfol_rows *n2_gnb_association_rows(const amfol_n2 *n2, const char *gnb)
{
    for (guint i = 0; gnb && i < n2->assocs->len; i++) {
        const n2_assoc *a = g_ptr_array_index(n2->assocs, i);
        if (strcmp(a->gnb_id, gnb) == 0)
            return associations_from(n2, a->gnb_id, i);
    }
    return associations_from(n2, NULL, 0);
}

amfol_rows *n2_report_rows(amfol_engine *e, const amfol_n2_amf_children *children)
{
    const amfol_n2 *n2 = e->n2;
    amfol_rows *t = table("n2", AMFOL_ROWS_OBJECT, n2_cols, N2R_COUNT, 1);
    amfol_rows_add(t);
    amfol_rows *amfs = table("amfs", AMFOL_ROWS_ARRAY, amf_cols, AMFR_COUNT, n2->amfs->len);
    for (guint m = 0; m < n2->amfs->len; m++)
        amf_row(amfs, e, (int)m, children);
    amfol_rows_table(t, N2R_AMFS, amfs);
    /* One gNB is one gNB: each gNB once, with its associations to the AMFs. */
    amfol_rows *gnbs = table("gnbs", AMFOL_ROWS_ARRAY, gnb_cols, GNR_COUNT, n2->assocs->len);
    for (guint i = 0; i < n2->assocs->len; i++) {
        const n2_assoc *a = g_ptr_array_index(n2->assocs, i);
        bool seen = false;
        for (guint k = 0; k < i && !seen; k++)
            seen = ((const n2_assoc *)g_ptr_array_index(n2->assocs, k))->gnb_id == a->gnb_id;
        if (seen)
            continue;
        amfol_rows_add(gnbs);
        amfol_rows_str(gnbs, GNR_ID, a->gnb_id);
        amfol_rows_table(gnbs, GNR_ASSOCIATIONS, associations_from(n2, a->gnb_id, i));
    }
    amfol_rows_table(t, N2R_GNBS, gnbs);
    amfol_rows_uint(t, N2R_PDUS, n2->pdus);
    amfol_rows_uint(t, N2R_AMF_COUNT, n2->amfs->len);
    amfol_rows_uint(t, N2R_ASSOC_COUNT, n2->assocs->len);
    amfol_rows_uint(t, N2R_STOPS_WITHOUT_START, n2->stops_without_start);
    amfol_rows_uint(t, N2R_ASSOCS_DROPPED, n2->assocs_dropped);
    amfol_rows_uint(t, N2R_AMFS_DROPPED, n2->amfs_dropped);
    return t;
}
