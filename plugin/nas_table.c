/* SPDX-License-Identifier: GPL-2.0-or-later */
/* nas_table.c: the "AMF Overload NAS" statistics table (GUI Statistics menu and -z amfol,nas):
 * NAS rejects per AMF, overload episode, message, cause and timer value, from the NAS module. */
#include "amfol_tap.h"
#include "nas/amfol_nas.h"
#include "amfol_table.h"
#include "nas_table.h"

#include <string.h>

enum { COL_AMF, COL_EPISODE, COL_MESSAGE, COL_CAUSE, COL_CAUSE_NAME, COL_TIMER, COL_N, COL_COUNT };

static stat_tap_table_item nas_fields[COL_COUNT] = {
    { TABLE_ITEM_STRING, TAP_ALIGN_LEFT, "AMF", "%-20s" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "Episode (0 = no overload)", "%u" },
    { TABLE_ITEM_STRING, TAP_ALIGN_LEFT, "Message", "%-36s" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "Cause", "%u" },
    { TABLE_ITEM_STRING, TAP_ALIGN_LEFT, "Cause name", "%-36s" },
    { TABLE_ITEM_STRING, TAP_ALIGN_LEFT, "T3346 / back-off", "%-12s" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "Count", "%u" },
};

static const char nas_table_name[] = "NAS rejects per AMF, episode, cause and timer";

/* Rebuilt when the NAS module's rows changed; large tables at most every REBUILD_EVERY frames
 * in a single pass (use tshark -2 or the GUI for exact counts then). */
#define REBUILD_EVERY 1000
#define SMALL_TABLE_ROWS 256

typedef struct nas_table_state {
    uint64_t version;
    amfol_frame last_rebuild;
    GHashTable *row_of_id;       /* row id -> table row + 1 */
} nas_table_state;

static nas_table_state nas_state;

static void state_reset(void)
{
    if (nas_state.row_of_id)
        g_hash_table_destroy(nas_state.row_of_id);
    memset(&nas_state, 0, sizeof nas_state);
    nas_state.row_of_id = g_hash_table_new(g_direct_hash, g_direct_equal);
}

static void nas_table_init(stat_tap_table_ui *ui)
{
    amfol_table_init(ui, nas_table_name);
    state_reset();
}

static void put_row(const amfol_nas_row *r, void *user)
{
    stat_tap_table *t = user;
    gpointer hit = g_hash_table_lookup(nas_state.row_of_id, GUINT_TO_POINTER(r->id + 1));
    guint row;
    if (hit) {
        row = GPOINTER_TO_UINT(hit) - 1;
    } else {
        row = amfol_table_append_row(t, nas_fields, COL_COUNT);
        amfol_table_set_string(t, row, COL_AMF, r->amf);
        amfol_table_set_uint(t, row, COL_EPISODE, (guint)r->episode);
        amfol_table_set_string(t, row, COL_MESSAGE, r->message);
        amfol_table_set_uint(t, row, COL_CAUSE, (guint)r->cause);
        amfol_table_set_string(t, row, COL_CAUSE_NAME, r->cause_name);
        amfol_table_set_string(t, row, COL_TIMER, r->timer);
        g_hash_table_insert(nas_state.row_of_id, GUINT_TO_POINTER(r->id + 1), GUINT_TO_POINTER(row + 1));
    }
    amfol_table_set_uint(t, row, COL_N, r->count);
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
    amfol_nas_rows(rec->engine, put_row, t);
    nas_state.version = v;
    nas_state.last_rebuild = rec->frame;
    return TAP_PACKET_REDRAW;
}

static void nas_table_reset(stat_tap_table *t)
{
    for (guint i = 0; i < t->num_elements; i++)
        amfol_table_set_uint(t, i, COL_N, 0);
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
    G_N_ELEMENTS(nas_fields), nas_fields,
    G_N_ELEMENTS(nas_params), nas_params,
    NULL,
    0
};

void amfol_nas_table_register(void)
{
    register_stat_tap_table_ui(&nas_table_ui);
}
