/* SPDX-License-Identifier: GPL-2.0-or-later */
/* symptoms_table.c: the "AMF Overload Symptoms" table (Statistics menu and -z amfol,symptoms):
 * one row per AMF and time bucket with traffic: rates, the AMF's response time, unanswered
 * requests, SBI response time per producer, N2 UE contexts, overload causes and the symptoms
 * (issue 14). Rows are rebuilt from the engine's series (tap/symptoms). */
#include "amfol_tap.h"
#include "amfol_table.h"
#include "symptoms_table.h"

#include <epan/stat_tap_ui.h>
#include <string.h>

enum {
    COL_AMF, COL_START, COL_DURATION, COL_NGAP, COL_NAS, COL_IUM, COL_REQUESTS, COL_UNANSWERED,
    COL_P50, COL_P95, COL_REG_P95, COL_UDM, COL_AUSF, COL_UDR, COL_PCF, COL_NRF, COL_CONTEXTS,
    COL_ERROR_IND, COL_SETUP_FAIL, COL_OVL_RELEASE, COL_SYMPTOMS, COL_COUNT
};

static stat_tap_table_item symptom_fields[COL_COUNT] = {
    { TABLE_ITEM_STRING, TAP_ALIGN_LEFT, "AMF", "%-22s" },
    { TABLE_ITEM_FLOAT, TAP_ALIGN_RIGHT, "Start (s)", "%.0f" },
    { TABLE_ITEM_FLOAT, TAP_ALIGN_RIGHT, "Length (s)", "%.0f" },
    { TABLE_ITEM_FLOAT, TAP_ALIGN_RIGHT, "NGAP/s", "%.1f" },
    { TABLE_ITEM_FLOAT, TAP_ALIGN_RIGHT, "NAS/s", "%.1f" },
    { TABLE_ITEM_FLOAT, TAP_ALIGN_RIGHT, "INITIAL UE/s", "%.1f" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "Requests", "%u" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "Unanswered", "%u" },
    { TABLE_ITEM_FLOAT, TAP_ALIGN_RIGHT, "Answer p50 (ms, -1 none)", "%.1f" },
    { TABLE_ITEM_FLOAT, TAP_ALIGN_RIGHT, "Answer p95 (ms)", "%.1f" },
    { TABLE_ITEM_FLOAT, TAP_ALIGN_RIGHT, "Registration p95 (ms)", "%.1f" },
    { TABLE_ITEM_FLOAT, TAP_ALIGN_RIGHT, "UDM p95 (ms)", "%.1f" },
    { TABLE_ITEM_FLOAT, TAP_ALIGN_RIGHT, "AUSF p95 (ms)", "%.1f" },
    { TABLE_ITEM_FLOAT, TAP_ALIGN_RIGHT, "UDR p95 (ms)", "%.1f" },
    { TABLE_ITEM_FLOAT, TAP_ALIGN_RIGHT, "PCF p95 (ms)", "%.1f" },
    { TABLE_ITEM_FLOAT, TAP_ALIGN_RIGHT, "NRF p95 (ms)", "%.1f" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "N2 UE contexts", "%u" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "ERROR INDICATIONs", "%u" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "NG SETUP FAILUREs", "%u" },
    { TABLE_ITEM_UINT, TAP_ALIGN_RIGHT, "Overload releases", "%u" },
    { TABLE_ITEM_STRING, TAP_ALIGN_LEFT, "Symptoms", "%-24s" },
};

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
    guint rows_written;
} symptoms_table_state;

static symptoms_table_state table_state;   /* one table at a time, reset with it */

static void symptoms_table_init(stat_tap_table_ui *ui)
{
    amfol_table_init(ui, symptoms_table_name);
    memset(&table_state, 0, sizeof table_state);
}

static double ms(double s)
{
    return s < 0 ? -1 : s * 1000;
}

static void symptoms_text(unsigned flags, char *buf, size_t cap)
{
    g_snprintf(buf, (gulong)cap, "%s%s%s", flags & AMFOL_SYM_SLOW ? "slow " : "",
               flags & AMFOL_SYM_SBI_SLOW ? "sbi-slow " : "", flags & AMFOL_SYM_UNANSWERED ? "unanswered" : "");
}

static void put_bucket(stat_tap_table *t, guint row, const char *amf, const amfol_symptom_bucket *b)
{
    static const int sbi_cols[] = { COL_UDM, COL_AUSF, COL_UDR, COL_PCF, COL_NRF };
    char flags[48];
    amfol_table_set_string(t, row, COL_AMF, amf);
    amfol_table_set_float(t, row, COL_START, b->start_rel_s);
    amfol_table_set_float(t, row, COL_DURATION, b->duration_s);
    amfol_table_set_float(t, row, COL_NGAP, b->ngap_rate);
    amfol_table_set_float(t, row, COL_NAS, b->nas_rate);
    amfol_table_set_float(t, row, COL_IUM, b->initial_ue_rate);
    amfol_table_set_uint(t, row, COL_REQUESTS, b->requests);
    amfol_table_set_uint(t, row, COL_UNANSWERED, b->unanswered);
    amfol_table_set_float(t, row, COL_P50, ms(b->latency[AMFOL_SYM_INITIAL_UE].p50_s));
    amfol_table_set_float(t, row, COL_P95, ms(b->latency[AMFOL_SYM_INITIAL_UE].p95_s));
    amfol_table_set_float(t, row, COL_REG_P95, ms(b->latency[AMFOL_SYM_REGISTRATION].p95_s));
    for (int k = 0; k < (int)G_N_ELEMENTS(sbi_cols); k++)
        amfol_table_set_float(t, row, (guint)sbi_cols[k], ms(b->latency[AMFOL_SYM_FIRST_SBI + k].p95_s));
    amfol_table_set_uint(t, row, COL_CONTEXTS, b->ue_contexts);
    amfol_table_set_uint(t, row, COL_ERROR_IND, b->error_indications);
    amfol_table_set_uint(t, row, COL_SETUP_FAIL, b->ng_setup_failures);
    amfol_table_set_uint(t, row, COL_OVL_RELEASE, b->overload_releases);
    symptoms_text(b->symptoms, flags, sizeof flags);
    amfol_table_set_string(t, row, COL_SYMPTOMS, g_strstrip(flags));
}

/* Rows are the buckets with traffic, in order; when the bucket size grows during the first
 * pass, rows left over from the finer series are emptied. */
static void rebuild(stat_tap_table *t, amfol_engine *e)
{
    guint row = 0;
    for (size_t i = 0; i < amfol_symptoms_amf_count(e); i++) {
        const amfol_symptom_series *s = amfol_symptoms_series(e, i);
        for (size_t k = 0; k < s->n_buckets; k++) {
            const amfol_symptom_bucket *b = &s->buckets[k];
            if (b->ngap_rate <= 0 && b->requests == 0)
                continue;
            if (row >= t->num_elements)
                amfol_table_append_row(t, symptom_fields, COL_COUNT);
            put_bucket(t, row++, s->amf, b);
        }
    }
    for (guint r = row; r < table_state.rows_written; r++) {
        amfol_symptom_bucket empty;
        memset(&empty, 0, sizeof empty);
        put_bucket(t, r, "", &empty);
    }
    table_state.rows_written = MAX(row, table_state.rows_written);
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
    G_N_ELEMENTS(symptom_fields), symptom_fields,
    G_N_ELEMENTS(symptoms_table_params), symptoms_table_params,
    NULL,
    0
};

void amfol_symptoms_table_register(void)
{
    register_stat_tap_table_ui(&symptoms_table_ui);
}
