/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kpi_table.c: the "AMF Overload KPIs" table (Statistics menu and -z amfol,kpi): per AMF and time
 * bucket, registrations per type and their success rate, service requests, PDU session
 * establishments, rejects, RRC requests and rejects, time to register and the UEs delayed, then
 * the AMF's whole capture. Columns and rows are the KPI module's (tap/kpi/amfol_kpi_rows.c),
 * written by the generic row writer (amfol_table.c). */
#include "ui/amfol_tap.h"
#include "ui/amfol_table.h"
#include "ui/kpi_table.h"

#include <epan/stat_tap_ui.h>
#include <string.h>

static stat_tap_table_item *kpi_fields;
static guint n_kpi_fields;

static const char kpi_table_name[] = "Registration KPIs per AMF and time bucket";

/* As the symptoms table: rebuilt after REBUILD_FIRST frames, then when the frame number grew by
 * an eighth on the first pass; exact once the engine holds the whole capture. */
#define REBUILD_FIRST 500

typedef struct kpi_table_state {
    uint64_t last_version;
    amfol_frame last_rebuild;
    bool built;
} kpi_table_state;

static kpi_table_state table_state;

static void kpi_table_init(stat_tap_table_ui *ui)
{
    amfol_table_init(ui, kpi_table_name);
    memset(&table_state, 0, sizeof table_state);
}

static tap_packet_status kpi_table_packet(void *tapdata, packet_info *pinfo, epan_dissect_t *edt _U_,
                                          const void *data, tap_flags_t flags _U_)
{
    stat_data_t *sd = tapdata;
    const amfol_frame_tap *rec = data;
    if (!rec->engine)
        return TAP_PACKET_DONT_REDRAW;
    stat_tap_table *t = stat_tap_find_table(sd->stat_tap_data, kpi_table_name);
    if (!t)
        return TAP_PACKET_DONT_REDRAW;
    kpi_table_state *st = &table_state;
    uint64_t version = amfol_kpi_version(rec->engine);
    bool complete = PINFO_FD_VISITED(pinfo);
    if (st->built && (version == st->last_version ||
                      (!complete && rec->frame < MAX(st->last_rebuild + st->last_rebuild / 8, REBUILD_FIRST))))
        return TAP_PACKET_DONT_REDRAW;
    amfol_rows *rows = amfol_kpi_table_rows(rec->engine);
    amfol_table_put_rows(t, kpi_fields, n_kpi_fields, rows);
    amfol_rows_free(rows);
    st->built = true;
    st->last_version = version;
    st->last_rebuild = rec->frame;
    return TAP_PACKET_REDRAW;
}

static void kpi_table_reset(stat_tap_table *t _U_)
{
    memset(&table_state, 0, sizeof table_state);
}

static tap_param kpi_table_params[] = {
    { PARAM_FILTER, "filter", "Filter", NULL, TRUE }
};

static stat_tap_table_ui kpi_table_ui = {
    AMFOL_STAT_GROUP,
    "AMF Overload KPIs",
    "amfol",
    "amfol,kpi",
    kpi_table_init,
    kpi_table_packet,
    kpi_table_reset,
    amfol_table_free_item,
    NULL,
    0, NULL,   /* the module's columns, set at registration */
    G_N_ELEMENTS(kpi_table_params), kpi_table_params,
    NULL,
    0
};

void amfol_kpi_table_register(void)
{
    size_t n;
    const amfol_column *cols = amfol_kpi_table_columns(&n);
    kpi_fields = amfol_table_items(cols, n, &n_kpi_fields);
    kpi_table_ui.nfields = n_kpi_fields;
    kpi_table_ui.fields = kpi_fields;
    register_stat_tap_table_ui(&kpi_table_ui);
}
