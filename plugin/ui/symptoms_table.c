/* SPDX-License-Identifier: GPL-2.0-or-later */
/* symptoms_table.c: the "AMF Overload Symptoms" table (Statistics menu and -z amfol,symptoms):
 * one row per AMF and time bucket with traffic: rates, the AMF's response time, unanswered
 * requests, SBI response time per producer, N2 UE contexts, overload causes and the symptoms
 *. Columns and rows are the symptoms module's (tap/symptoms/amfol_symptoms_rows.c),
 * written by the generic row writer (amfol_table.c). */
#include "ui/amfol_tap.h"
#include "ui/amfol_table.h"
#include "ui/symptoms_table.h"

#include <epan/stat_tap_ui.h>
#include <string.h>

/* The columns are the symptoms module's (amfol_symptoms_table_columns), made at registration. */
static stat_tap_table_item *symptom_fields;
static guint n_symptom_fields;

static const char symptoms_table_name[] = "Overload symptoms per AMF and time bucket";

/* The series need the findings computed (amfol_engine_finish, over everything seen): on the first
 * pass after REBUILD_FIRST frames and then each time the frame number grew by an eighth, so that a long
 * capture pays for a few computations only; once the engine holds the whole capture (GUI retap,
 * tshark -2) the first rebuild is exact. */
#define REBUILD_FIRST 500

typedef struct symptoms_table_state {
    uint64_t last_version;
    amfol_frame last_rebuild;
    bool built;
} symptoms_table_state;

static symptoms_table_state table_state;   /* one table at a time, reset with it */

static void symptoms_table_init(stat_tap_table_ui *ui)
{
    amfol_table_init(ui, symptoms_table_name);
    memset(&table_state, 0, sizeof table_state);
}

/* Rows are the buckets with traffic, in order (the module's rows); when the bucket size grows
 * during the first pass, rows left over from the finer series are blanked. */
static void rebuild(stat_tap_table *t, amfol_engine *e)
{
    amfol_rows *rows = amfol_symptoms_table_rows(e, NULL);
    amfol_table_put_rows(t, symptom_fields, n_symptom_fields, rows);
    amfol_rows_free(rows);
}

static tap_packet_status symptoms_table_packet(void *tapdata, packet_info *pinfo, epan_dissect_t *edt _U_,
                                               const void *data, tap_flags_t flags _U_)
{
    stat_data_t *sd = tapdata;
    const amfol_frame_tap *rec = data;
    if (!rec->engine)
        return TAP_PACKET_DONT_REDRAW;
    stat_tap_table *t = stat_tap_find_table(sd->stat_tap_data, symptoms_table_name);
    if (!t)
        return TAP_PACKET_DONT_REDRAW;
    symptoms_table_state *st = &table_state;
    uint64_t version = amfol_symptoms_version(rec->engine);
    bool complete = PINFO_FD_VISITED(pinfo);
    if (st->built && (version == st->last_version ||
                      (!complete && rec->frame < MAX(st->last_rebuild + st->last_rebuild / 8, REBUILD_FIRST))))
        return TAP_PACKET_DONT_REDRAW;
    rebuild(t, rec->engine);
    st->built = true;
    st->last_version = version;
    st->last_rebuild = rec->frame;
    return TAP_PACKET_REDRAW;
}

static void symptoms_table_reset(stat_tap_table *t _U_)
{
    memset(&table_state, 0, sizeof table_state);
}

static tap_param symptoms_table_params[] = {
    { PARAM_FILTER, "filter", "Filter", NULL, TRUE }
};

static stat_tap_table_ui symptoms_table_ui = {
    AMFOL_STAT_GROUP,
    "AMF Overload Symptoms",
    "amfol",
    "amfol,symptoms",
    symptoms_table_init,
    symptoms_table_packet,
    symptoms_table_reset,
    amfol_table_free_item,
    NULL,
    0, NULL,   /* the module's columns, set at registration */
    G_N_ELEMENTS(symptoms_table_params), symptoms_table_params,
    NULL,
    0
};

void amfol_symptoms_table_register(void)
{
    size_t n;
    const amfol_column *cols = amfol_symptoms_table_columns(&n);
    symptom_fields = amfol_table_items(cols, n, &n_symptom_fields);
    symptoms_table_ui.nfields = n_symptom_fields;
    symptoms_table_ui.fields = symptom_fields;
    register_stat_tap_table_ui(&symptoms_table_ui);
}
