/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sbi_table.c: the "AMF Set: NRF load and SBI overload control" table (Statistics menu and
 * -z amfol,sbi): one row per NF with its NRF load reports, the overload/load control it was sent
 * and the UEs moved in and out. Rows are rebuilt from the engine (tap/sbi). */
#include "amfol_tap.h"
#include "amfol_table.h"
#include "sbi_table.h"

#include <epan/stat_tap_ui.h>
#include <string.h>

enum {
    COL_NF, COL_TYPE, COL_ID, COL_TIE, COL_REPORTS, COL_LAST, COL_MAX, COL_LAST_FRAME,
    COL_EPISODES, COL_503, COL_429, COL_OCI, COL_LCI, COL_IN, COL_OUT, COL_COUNT
};

static stat_tap_table_item sbi_fields[COL_COUNT] = {
    { TABLE_ITEM_STRING, TAP_ALIGN_LEFT, "NF", "%-38s" },
    { TABLE_ITEM_STRING, TAP_ALIGN_LEFT, "Type", "%-5s" },
    { TABLE_ITEM_STRING, TAP_ALIGN_LEFT, "NF instance id", "%-36s" },
    { TABLE_ITEM_STRING, TAP_ALIGN_LEFT, "Tie to N2", "%-12s" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "NFUpdate load reports", "%u" },
    { TABLE_ITEM_INT, TAP_ALIGN_RIGHT, "Last load % (-1 = none)", "%d" },
    { TABLE_ITEM_INT, TAP_ALIGN_RIGHT, "Max load % (-1 = none)", "%d" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "Last report frame", "%u" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "N2 overload episodes", "%u" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "503 received", "%u" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "429 received", "%u" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "OCI received", "%u" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "LCI received", "%u" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "UEs moved in", "%u" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "UEs moved out", "%u" },
};

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

static guint find_or_add_row(stat_tap_table *t, const amfol_sbi_row *r)
{
    for (guint i = 0; i < t->num_elements; i++) {
        stat_tap_table_item_type *id = stat_tap_get_field_data(t, i, COL_ID);
        if (id->value.string_value && strcmp(id->value.string_value, r->nf_instance_id) == 0)
            return i;
    }
    guint row = amfol_table_append_row(t, sbi_fields, COL_COUNT);
    amfol_table_set_string(t, row, COL_ID, r->nf_instance_id);
    return row;
}

static void put_row(const amfol_sbi_row *r, void *user)
{
    stat_tap_table *t = user;
    guint row = find_or_add_row(t, r);
    amfol_table_set_uint(t, row, COL_REPORTS, r->load_reports);
    amfol_table_set_int(t, row, COL_LAST, r->last_load);
    amfol_table_set_int(t, row, COL_MAX, r->max_load);
    amfol_table_set_uint(t, row, COL_LAST_FRAME, r->last_frame);
    amfol_table_set_uint(t, row, COL_EPISODES, (guint)r->n2_episodes);
    amfol_table_set_uint(t, row, COL_503, r->recv_503);
    amfol_table_set_uint(t, row, COL_429, r->recv_429);
    amfol_table_set_uint(t, row, COL_OCI, r->recv_oci);
    amfol_table_set_uint(t, row, COL_LCI, r->recv_lci);
    amfol_table_set_uint(t, row, COL_IN, r->moves_in);
    amfol_table_set_uint(t, row, COL_OUT, r->moves_out);
    /* Name, type and tie can change as the capture reveals profiles and NG setups. */
    amfol_table_set_string(t, row, COL_NF, r->name);
    amfol_table_set_string(t, row, COL_TYPE, r->nf_type);
    amfol_table_set_string(t, row, COL_TIE, r->tie);
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
    amfol_sbi_rows(rec->engine, put_row, t);
    st->built = true;
    st->last_messages = msgs;
    st->last_frames = frames;
    st->last_rebuild = rec->frame;
    return TAP_PACKET_REDRAW;
}

static void sbi_table_reset(stat_tap_table *t)
{
    for (guint i = 0; i < t->num_elements; i++)
        for (guint c = 0; c < t->num_fields; c++) {
            stat_tap_table_item_type *it = stat_tap_get_field_data(t, i, c);
            if (it->type == TABLE_ITEM_UINT)
                it->value.uint_value = 0;
            else if (it->type == TABLE_ITEM_INT)
                it->value.int_value = 0;
        }
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
    G_N_ELEMENTS(sbi_fields), sbi_fields,
    G_N_ELEMENTS(sbi_table_params), sbi_table_params,
    NULL,
    0
};

void amfol_sbi_table_register(void)
{
    register_stat_tap_table_ui(&sbi_table_ui);
}
