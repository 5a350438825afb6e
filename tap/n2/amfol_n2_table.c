/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_n2_table.c: the "AMF overload episodes per gNB" table (GUI "AMF Overload",
 * -z amfol,episodes) as rows (core/amfol_rows.h), one per association part of an episode, from
 * the typed rows of amfol_n2_rows() that the HTML chart reads too. */
#include "amfol_n2.h"
#include "../core/amfol_3gpp.h"

enum {
    T_AMF, T_EPISODE, T_GNB, T_START, T_STOP, T_DURATION, T_ACTION, T_PCT, T_SHED_BEFORE,
    T_SHED_DURING, T_SHED_AFTER, T_OBSERVED, T_EXPECTED, T_COUNT
};
static const amfol_column table_cols[T_COUNT] = {
    AMFOL_TCOL("AMF", NULL, AMFOL_CELL_STR),
    AMFOL_TCOL("Episode", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("gNB", NULL, AMFOL_CELL_STR),
    AMFOL_TCOL("START frame", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("STOP frame (0 = none)", NULL, AMFOL_CELL_UINT),
    AMFOL_TREAL("Duration (s)", NULL, "%.3f"),
    AMFOL_TCOL("Action", NULL, AMFOL_CELL_STR),
    AMFOL_TCOL("Reduction % (-1 = none)", NULL, AMFOL_CELL_INT),
    AMFOL_TCOL("Shed class before", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("Shed class during", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("Shed class after", NULL, AMFOL_CELL_UINT),
    AMFOL_TREAL("Observed pass-through % (-1 = n/a)", NULL, "%.1f"),
    AMFOL_TREAL("Expected pass-through %", NULL, "%.1f"),
};

const amfol_column *amfol_n2_table_columns(size_t *n)
{
    *n = T_COUNT;
    return table_cols;
}

static void count_row(const amfol_n2_row *r, void *user)
{
    (void)r;
    (*(size_t *)user)++;
}

static void table_row(const amfol_n2_row *r, void *user)
{
    amfol_rows *t = user;
    amfol_rows_add(t);
    amfol_rows_str(t, T_AMF, r->amf);
    amfol_rows_uint(t, T_EPISODE, (uint64_t)r->episode);
    amfol_rows_str(t, T_GNB, r->gnb);
    amfol_rows_uint(t, T_START, r->start_frame);
    amfol_rows_uint(t, T_STOP, r->stop_frame);
    amfol_rows_real(t, T_DURATION, r->duration_s);
    amfol_rows_str(t, T_ACTION, r->slice_only ? "slice-scoped" : amfol_action_name(r->action));
    amfol_rows_int(t, T_PCT, r->reduction_pct);
    amfol_rows_uint(t, T_SHED_BEFORE, r->shed_before);
    amfol_rows_uint(t, T_SHED_DURING, r->shed_during);
    amfol_rows_uint(t, T_SHED_AFTER, r->shed_after);
    amfol_rows_real(t, T_OBSERVED, r->observed_pass >= 0 ? 100.0 * r->observed_pass : -1.0);
    amfol_rows_real(t, T_EXPECTED, 100.0 * r->expected_pass);
}

amfol_rows *amfol_n2_table_rows(amfol_engine *e)
{
    size_t n = 0;
    amfol_n2_rows(e, count_row, &n);
    amfol_rows *t = amfol_rows_new("AMF overload episodes per gNB", AMFOL_ROWS_ARRAY, table_cols, T_COUNT,
                                   n ? n : 1);
    amfol_n2_rows(e, table_row, t);
    return t;
}
