/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rrc_table.c: the "AMF Overload Radio" statistics table (GUI Statistics menu and -z amfol,radio):
 * per gNB, cell and period (before / during each episode / after), RRC requests, set-ups,
 * rejects and unanswered, the shed class's observed reject ratio against the requested %,
 * and the most frequent waitTime. Columns and rows are the radio module's (tap/rrc/amfol_rrc_report.c),
 * written by the generic row writer (amfol_table.c). */
#include "ui/amfol_tap.h"
#include "rrc/amfol_rrc.h"
#include "ui/amfol_table.h"
#include "ui/rrc_table.h"

#include <string.h>

static stat_tap_table_item *rrc_fields;   /* made at registration from the module's columns */
static guint n_rrc_fields;

static const char rrc_table_name[] = "RRC requests and outcomes per gNB, cell and period";

/* Exact while the table is small; large tables are refreshed every REBUILD_EVERY frames in a
 * single tshark pass (exact with -2 and in the GUI, where the last retap rebuilds it). */
#define REBUILD_EVERY 1000
#define SMALL_TABLE_ROWS 256

typedef struct rrc_table_state {
    amfol_frame last_rebuild;
} rrc_table_state;

static rrc_table_state rrc_state;   /* epan's table API keeps its own globals; this mirrors them */

static void state_reset(void)
{
    memset(&rrc_state, 0, sizeof rrc_state);
}

static void rrc_table_init(stat_tap_table_ui *ui)
{
    amfol_table_init(ui, rrc_table_name);
    state_reset();
}

static tap_packet_status rrc_table_packet(void *tapdata, packet_info *pinfo _U_, epan_dissect_t *edt _U_,
                                          const void *data, tap_flags_t flags _U_)
{
    stat_data_t *sd = tapdata;
    const amfol_frame_tap *rec = data;
    if (!rec->engine)
        return TAP_PACKET_DONT_REDRAW;
    stat_tap_table *t = stat_tap_find_table(sd->stat_tap_data, rrc_table_name);
    if (!t)
        return TAP_PACKET_DONT_REDRAW;
    if (t->num_elements > SMALL_TABLE_ROWS && rec->frame < rrc_state.last_rebuild + REBUILD_EVERY)
        return TAP_PACKET_DONT_REDRAW;
    /* Rows are the module's rows in its (append-only) order, every one rewritten. */
    amfol_engine_finish(rec->engine);   /* expires the requests still waiting at the end */
    amfol_rows *rows = amfol_rrc_table_rows(rec->engine);
    amfol_table_put_rows(t, rrc_fields, n_rrc_fields, rows);
    amfol_rows_free(rows);
    rrc_state.last_rebuild = rec->frame;
    return TAP_PACKET_REDRAW;
}

static void rrc_table_reset(stat_tap_table *t _U_)
{
    /* The rows are rewritten from the engine at the next frame. */
    rrc_state.last_rebuild = 0;
}

static tap_param rrc_params[] = {
    { PARAM_FILTER, "filter", "Filter", NULL, TRUE }
};

static stat_tap_table_ui rrc_table_ui = {
    AMFOL_STAT_GROUP,
    "AMF Overload Radio",
    "amfol",
    "amfol,radio",
    rrc_table_init,
    rrc_table_packet,
    rrc_table_reset,
    amfol_table_free_item,
    NULL,
    0, NULL,   /* the module's columns, set at registration */
    G_N_ELEMENTS(rrc_params), rrc_params,
    NULL,
    0
};

void amfol_rrc_table_register(void)
{
    size_t n;
    const amfol_column *cols = amfol_rrc_table_columns(&n);
    rrc_fields = amfol_table_items(cols, n, &n_rrc_fields);
    rrc_table_ui.nfields = n_rrc_fields;
    rrc_table_ui.fields = rrc_fields;
    register_stat_tap_table_ui(&rrc_table_ui);
}
