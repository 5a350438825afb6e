/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sbi_table.c: the "AMF Set: NRF load and SBI overload control" table (Statistics menu and
 * -z amfol,sbi): one row per NF with its NRF load reports, the overload/load control it was sent
 * and the UEs moved in and out. Columns and rows are the SBI module's (tap/sbi/amfol_sbi_report.c),
 * written by the generic row writer (amfol_table.c). */
#include "ui/amfol_tap.h"
#include "ui/amfol_table.h"
#include "ui/sbi_table.h"

#include <epan/stat_tap_ui.h>
#include <string.h>

static stat_tap_table_item *sbi_fields;   /* made at registration from the module's columns */
static guint n_sbi_fields;

static const char sbi_table_name[] = "NRF load and SBI overload control per NF";

/* Rebuilt when SBI messages or NGAP PDUs were analysed since the last rebuild, at most every REBUILD_EVERY
 * frames once the table is large. After the first pass (GUI retap, tshark -2) the engine is
 * complete and the first rebuild is exact. */
#define REBUILD_EVERY 1000
#define SMALL_TABLE_ROWS 64

typedef struct sbi_table_state {
    uint64_t last_messages, last_frames;
    amfol_frame last_rebuild;
    bool built;
} sbi_table_state;

static sbi_table_state table_state;   /* one table at a time, reset with it */

static void sbi_table_init(stat_tap_table_ui *ui)
{
    amfol_table_init(ui, sbi_table_name);
    memset(&table_state, 0, sizeof table_state);
}

static tap_packet_status sbi_table_packet(void *tapdata, packet_info *pinfo _U_,
                                          epan_dissect_t *edt _U_, const void *data,
                                          tap_flags_t flags _U_)
{
    stat_data_t *sd = tapdata;
    const amfol_frame_tap *rec = data;
    if (!rec->engine)
        return TAP_PACKET_DONT_REDRAW;
    stat_tap_table *t = stat_tap_find_table(sd->stat_tap_data, sbi_table_name);
    if (!t)
        return TAP_PACKET_DONT_REDRAW;
    uint64_t msgs = amfol_sbi_version(rec->engine);
    uint64_t frames = amfol_engine_capture(rec->engine)->frames;
    sbi_table_state *st = &table_state;
    bool small = t->num_elements <= SMALL_TABLE_ROWS;
    if (st->built && (frames == st->last_frames || msgs == st->last_messages ||
                      (!small && rec->frame < st->last_rebuild + REBUILD_EVERY)))
        return TAP_PACKET_DONT_REDRAW;
    /* One row per NF in the module's (append-only) order: names, types and ties can change as
     * the capture reveals profiles and NG setups, so every row is rewritten. */
    amfol_rows *rows = amfol_sbi_table_rows(rec->engine);
    amfol_table_put_rows(t, sbi_fields, n_sbi_fields, rows);
    amfol_rows_free(rows);
    st->built = true;
    st->last_messages = msgs;
    st->last_frames = frames;
    st->last_rebuild = rec->frame;
    return TAP_PACKET_REDRAW;
}

static void sbi_table_reset(stat_tap_table *t _U_)
{
    /* The rows are rewritten from the engine at the next frame. */
    memset(&table_state, 0, sizeof table_state);
}

static tap_param sbi_table_params[] = {
    { PARAM_FILTER, "filter", "Filter", NULL, TRUE }
};

static stat_tap_table_ui sbi_table_ui = {
    AMFOL_STAT_GROUP,
    "AMF Set: NRF load and SBI overload control",
    "amfol",
    "amfol,sbi",
    sbi_table_init,
    sbi_table_packet,
    sbi_table_reset,
    amfol_table_free_item,
    NULL,
    0, NULL,   /* the module's columns, set at registration */
    G_N_ELEMENTS(sbi_table_params), sbi_table_params,
    NULL,
    0
};

void amfol_sbi_table_register(void)
{
    size_t n;
    const amfol_column *cols = amfol_sbi_table_columns(&n);
    sbi_fields = amfol_table_items(cols, n, &n_sbi_fields);
    sbi_table_ui.nfields = n_sbi_fields;
    sbi_table_ui.fields = sbi_fields;
    register_stat_tap_table_ui(&sbi_table_ui);
}
