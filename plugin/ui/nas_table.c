/* SPDX-License-Identifier: GPL-2.0-or-later */
/* nas_table.c: the "AMF Overload NAS" statistics table (GUI Statistics menu and -z amfol,nas):
 * NAS rejects per AMF, overload episode, message, cause and timer value. Columns and rows are the
 * NAS module's (tap/nas/amfol_nas_report.c), written by the generic row writer (amfol_table.c). */
#include "ui/amfol_tap.h"
#include "nas/amfol_nas.h"
#include "ui/amfol_table.h"
#include "ui/nas_table.h"

#include <string.h>

static stat_tap_table_item *nas_fields;   /* made at registration from the module's columns */
static guint n_nas_fields;

static const char nas_table_name[] = "NAS rejects per AMF, episode, cause and timer";

/* Rebuilt when the NAS module's rows changed; large tables at most every REBUILD_EVERY frames
 * in a single pass (use tshark -2 or the GUI for exact counts then). */
#define REBUILD_EVERY 1000
#define SMALL_TABLE_ROWS 256

typedef struct nas_table_state {
    uint64_t version;
    amfol_frame last_rebuild;
} nas_table_state;

static nas_table_state nas_state;   /* epan's table API keeps its own globals; this mirrors them */

static void nas_table_init(stat_tap_table_ui *ui)
{
    amfol_table_init(ui, nas_table_name);
    memset(&nas_state, 0, sizeof nas_state);
}

static tap_packet_status nas_table_packet(void *tapdata, packet_info *pinfo _U_, epan_dissect_t *edt _U_,
                                          const void *data, tap_flags_t flags _U_)
{
    stat_data_t *sd = tapdata;
    const amfol_frame_tap *rec = data;
    if (!rec->engine)
        return TAP_PACKET_DONT_REDRAW;
    stat_tap_table *t = stat_tap_find_table(sd->stat_tap_data, nas_table_name);
    uint64_t v = amfol_nas_rows_version(rec->engine);
    if (!t || v == nas_state.version)
        return TAP_PACKET_DONT_REDRAW;
    if (t->num_elements > SMALL_TABLE_ROWS && rec->frame < nas_state.last_rebuild + REBUILD_EVERY)
        return TAP_PACKET_DONT_REDRAW;
    amfol_rows *rows = amfol_nas_table_rows(rec->engine);
    amfol_table_put_rows(t, nas_fields, n_nas_fields, rows);
    amfol_rows_free(rows);
    nas_state.version = v;
    nas_state.last_rebuild = rec->frame;
    return TAP_PACKET_REDRAW;
}

static void nas_table_reset(stat_tap_table *t _U_)
{
    /* The rows are rewritten from the engine at the next frame. */
    nas_state.version = 0;
    nas_state.last_rebuild = 0;
}

static tap_param nas_params[] = {
    { PARAM_FILTER, "filter", "Filter", NULL, TRUE }
};

static stat_tap_table_ui nas_table_ui = {
    AMFOL_STAT_GROUP,
    "AMF Overload NAS",
    "amfol",
    "amfol,nas",
    nas_table_init,
    nas_table_packet,
    nas_table_reset,
    amfol_table_free_item,
    NULL,
    0, NULL,   /* the module's columns, set at registration */
    G_N_ELEMENTS(nas_params), nas_params,
    NULL,
    0
};

void amfol_nas_table_register(void)
{
    size_t n;
    const amfol_column *cols = amfol_nas_table_columns(&n);
    nas_fields = amfol_table_items(cols, n, &n_nas_fields);
    nas_table_ui.nfields = n_nas_fields;
    nas_table_ui.fields = nas_fields;
    register_stat_tap_table_ui(&nas_table_ui);
}
