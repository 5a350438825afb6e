/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rrc_table.c: the "AMF Overload Radio" statistics table (GUI Statistics menu and -z amfol,radio):
 * per gNB, cell and period (before / during each episode / after), RRC requests, set-ups,
 * rejects and unanswered, the shed class's observed reject ratio against the requested %,
 * and the most frequent waitTime, from the radio module (tap/rrc). */
#include "amfol_tap.h"
#include "rrc/amfol_rrc.h"
#include "amfol_table.h"
#include "rrc_table.h"

#include <string.h>

enum {
    COL_GNB, COL_CELL, COL_PHASE, COL_EPISODE, COL_AMF, COL_START, COL_STOP, COL_REQ, COL_SETUP,
    COL_REJ, COL_UNANS, COL_OBS, COL_ASKED, COL_WAIT, COL_COUNT
};

static stat_tap_table_item rrc_fields[COL_COUNT] = {
    { TABLE_ITEM_STRING, TAP_ALIGN_LEFT, "gNB", "%-16s" },
    { TABLE_ITEM_STRING, TAP_ALIGN_LEFT, "Cell", "%-16s" },
    { TABLE_ITEM_STRING, TAP_ALIGN_LEFT, "Period", "%-7s" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "Episode", "%u" },
    { TABLE_ITEM_STRING, TAP_ALIGN_LEFT, "AMF", "%-12s" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "START frame", "%u" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "STOP frame", "%u" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "Requests", "%u" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "Set-ups", "%u" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "Rejects", "%u" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "Unanswered", "%u" },
    { TABLE_ITEM_STRING, TAP_ALIGN_RIGHT, "Shed rejected %", "%s" },
    { TABLE_ITEM_STRING, TAP_ALIGN_RIGHT, "Requested %", "%s" },
    { TABLE_ITEM_STRING, TAP_ALIGN_RIGHT, "Top waitTime", "%s" },
};

static const char rrc_table_name[] = "RRC requests and outcomes per gNB, cell and period";

/* Exact while the table is small; large tables are refreshed every REBUILD_EVERY frames in a
 * single tshark pass (exact with -2 and in the GUI, where the last retap rebuilds it). */
#define REBUILD_EVERY 1000
#define SMALL_TABLE_ROWS 256

typedef struct rrc_table_state {
    amfol_frame last_rebuild;
    guint next_row;              /* rows are the module's rows in its (append-only) order */
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

static void put_row(const amfol_rrc_row *r, void *user)
{
    stat_tap_table *t = user;
    guint row = rrc_state.next_row++;
    if (row >= t->num_elements)
        amfol_table_append_row(t, rrc_fields, COL_COUNT);
    /* Names can improve during the capture (a transport address becomes the gNB's name once
     * NG Setup or the cell binding is seen), so every column is rewritten. */
    amfol_table_set_string(t, row, COL_GNB, r->gnb ? r->gnb : "?");
    amfol_table_set_string(t, row, COL_CELL, r->cell ? r->cell : "(no NR-CGI)");
    amfol_table_set_string(t, row, COL_PHASE, r->phase);
    amfol_table_set_string(t, row, COL_AMF, r->amf ? r->amf : "-");
    amfol_table_set_uint(t, row, COL_EPISODE, (guint)r->episode);
    amfol_table_set_uint(t, row, COL_START, r->start_frame);
    amfol_table_set_uint(t, row, COL_STOP, r->stop_frame);
    amfol_table_set_uint(t, row, COL_REQ, r->requests);
    amfol_table_set_uint(t, row, COL_SETUP, r->setups);
    amfol_table_set_uint(t, row, COL_REJ, r->rejects);
    amfol_table_set_uint(t, row, COL_UNANS, r->unanswered);
    char buf[32];
    if (r->observed_reject_pct >= 0)
        g_snprintf(buf, sizeof buf, "%.1f", r->observed_reject_pct);
    amfol_table_set_string(t, row, COL_OBS, r->observed_reject_pct >= 0 ? buf : "-");
    if (r->requested_pct != AMFOL_ABSENT)
        g_snprintf(buf, sizeof buf, "%d", r->requested_pct);
    amfol_table_set_string(t, row, COL_ASKED, r->requested_pct != AMFOL_ABSENT ? buf : "-");
    if (r->top_wait_s != AMFOL_ABSENT)
        g_snprintf(buf, sizeof buf, "%d s (x%u)", r->top_wait_s, r->top_wait_count);
    amfol_table_set_string(t, row, COL_WAIT, r->top_wait_s != AMFOL_ABSENT ? buf : "-");
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
    rrc_state.next_row = 0;
    amfol_rrc_rows(rec->engine, put_row, t);
    rrc_state.last_rebuild = rec->frame;
    return TAP_PACKET_REDRAW;
}

static void rrc_table_reset(stat_tap_table *t)
{
    static const int counters[] = { COL_REQ, COL_SETUP, COL_REJ, COL_UNANS };
    for (guint i = 0; i < t->num_elements; i++)
        for (size_t c = 0; c < G_N_ELEMENTS(counters); c++)
            amfol_table_set_uint(t, i, counters[c], 0);
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
    G_N_ELEMENTS(rrc_fields), rrc_fields,
    G_N_ELEMENTS(rrc_params), rrc_params,
    NULL,
    0
};

void amfol_rrc_table_register(void)
{
    register_stat_tap_table_ui(&rrc_table_ui);
}
