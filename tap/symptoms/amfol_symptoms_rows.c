/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_symptoms_rows.c: what the symptoms module reports, once, as rows (core/amfol_rows.h):
 * the amfs[].symptoms member of -z amfol,json and the bucket table that the timeline text and
 * the "AMF Overload Symptoms" statistics table show. The writers are generic. */
#include "amfol_symptoms_internal.h"
#include "../core/amfol_context.h"

#include <string.h>

/* ---- the JSON member: amfs[].symptoms (docs/output.md) ------------------------------------ */

enum { LAT_N, LAT_P50, LAT_P95, LAT_COUNT };
static const amfol_column latency_cols[LAT_COUNT] = {
    AMFOL_JCOL("n", AMFOL_CELL_UINT),
    AMFOL_JREAL("p50_ms", "%.3f"),
    AMFOL_JREAL("p95_ms", "%.3f"),
};

/* One column per series, keyed by amfol_sym_series_name() (enum amfol_sym_series order). */
#define SERIES_COL(name) AMFOL_JCOL(name, AMFOL_CELL_TABLE)
static const amfol_column amf_latency_cols[] = { SERIES_COL("initial-ue"), SERIES_COL("registration") };
static const amfol_column sbi_latency_cols[] = {
    SERIES_COL("UDM"), SERIES_COL("AUSF"), SERIES_COL("UDR"), SERIES_COL("PCF"), SERIES_COL("NRF"),
};

enum { BL_FROM, BL_TO, BL_SERIES, BL_COUNT = BL_SERIES + AMFOL_SYM_SERIES };
static const amfol_column baseline_cols[BL_COUNT] = {
    AMFOL_JREAL("from_rel_s", "%.3f"),
    AMFOL_JREAL("to_rel_s", "%.3f"),
    SERIES_COL("initial-ue"), SERIES_COL("registration"), SERIES_COL("UDM"), SERIES_COL("AUSF"),
    SERIES_COL("UDR"), SERIES_COL("PCF"), SERIES_COL("NRF"),
};

enum { SB_SOURCE, SB_P95, SB_SAMPLES, SB_OBSERVED, SB_COUNT };
static const amfol_column series_baseline_cols[SB_COUNT] = {
    AMFOL_JCOL("source", AMFOL_CELL_STR),
    AMFOL_JREAL("p95_ms", "%.3f"),
    AMFOL_JCOL("samples", AMFOL_CELL_UINT),
    AMFOL_JREAL("observed_p95_ms", "%.3f"),
};

/* One bucket: the JSON's buckets[] (every bucket) and the timeline / Statistics table (buckets with
 * traffic, every AMF) from the same row; JSON-only, display-only and shared columns interleave so
 * that both keep their order. GUI titles in full, the timeline uses the short ones. */
#define BOTH_REAL(k, ti, sh, jf, tf) { .key = (k), .title = (ti), .short_title = (sh), .type = AMFOL_CELL_REAL, \
                                       .json_fmt = (jf), .text_fmt = (tf) }
#define BOTH_UINT(k, ti, sh) { .key = (k), .title = (ti), .short_title = (sh), .type = AMFOL_CELL_UINT }
enum {
    B_START, B_AMF, B_START_REL, B_DURATION, B_NGAP, B_NAS, B_IUM, B_REQUESTS, B_UNANSWERED, B_LATENCY,
    B_SBI_LATENCY, B_P50, B_P95, B_REG_P95, B_UDM, B_AUSF, B_UDR, B_PCF, B_NRF, B_CONTEXTS, B_ERROR_IND,
    B_SETUP_FAIL, B_OVL_RELEASE, B_SYMPTOMS, B_COUNT
};
static const amfol_column bucket_cols[B_COUNT] = {
    AMFOL_JREAL("start", "%.6f"),
    AMFOL_TCOL("AMF", NULL, AMFOL_CELL_STR),
    BOTH_REAL("start_rel_s", "Start (s)", "t+s", "%.3f", "%.0f"),
    BOTH_REAL("duration_s", "Length (s)", "len s", "%.3f", "%.0f"),
    BOTH_REAL("ngap_rate", "NGAP/s", NULL, "%.3f", "%.1f"),
    BOTH_REAL("nas_rate", "NAS/s", NULL, "%.3f", "%.1f"),
    BOTH_REAL("initial_ue_rate", "INITIAL UE/s", "IUM/s", "%.3f", "%.1f"),
    BOTH_UINT("requests", "Requests", "req"),
    BOTH_UINT("unanswered", "Unanswered", "unans"),
    AMFOL_JCOL("latency", AMFOL_CELL_TABLE),
    AMFOL_JCOL("sbi_latency", AMFOL_CELL_TABLE),
    AMFOL_TREAL("Answer p50 (ms)", "p50 ms", "%.1f"),
    AMFOL_TREAL("Answer p95 (ms)", "p95 ms", "%.1f"),
    AMFOL_TREAL("Registration p95 (ms)", "reg p95", "%.1f"),
    AMFOL_TREAL("UDM p95 (ms)", "UDM p95", "%.1f"),
    AMFOL_TREAL("AUSF p95 (ms)", "AUSF p95", "%.1f"),
    AMFOL_TREAL("UDR p95 (ms)", "UDR p95", "%.1f"),
    AMFOL_TREAL("PCF p95 (ms)", "PCF p95", "%.1f"),
    AMFOL_TREAL("NRF p95 (ms)", "NRF p95", "%.1f"),
    BOTH_UINT("ue_contexts", "N2 UE contexts", "ctx"),
    BOTH_UINT("error_indications", "ERROR INDICATIONs", "errInd"),
    BOTH_UINT("ng_setup_failures", "NG SETUP FAILUREs", "setupF"),
    BOTH_UINT("overload_releases", "Overload releases", "ovlRel"),
    { .key = "symptoms", .title = "Symptoms", .short_title = "symptoms", .type = AMFOL_CELL_STR },
};

/* One AMF's series: amfs[].symptoms (columns with a key), and the prose of the timeline section
 * and of the diagnosis headline (amfol_symptoms_report.c; the prose-only columns after S_BUCKETS). */
enum {
    S_BUCKET_S, S_BASELINE, S_ONSET_FRAME, S_ONSET_REL, S_CONTROL_FRAME, S_CONTROL, S_OPEN_AT_END, S_BUCKETS,
    S_AMF_L, S_RUN_END_L, S_ONSET_FLAGS_L, S_ONSET_SLOW_L, S_ONSET_UNANSWERED_L, S_PEAK_L, S_CONTROL_REL_L,
    S_CONTROL_DELAY_L, S_CONTROL_LATE_L, S_SBI_PEAK_L, S_SBI_WHO_L, S_WORST_UNANSWERED_L, S_ERROR_IND_L,
    S_SETUP_FAIL_L, S_OVL_REL_L, S_COUNT
};
static const amfol_column series_cols[S_COUNT] = {
    AMFOL_JREAL("bucket_s", "%.3f"),
    AMFOL_JCOL("baseline", AMFOL_CELL_TABLE),
    AMFOL_JCOL("onset_frame", AMFOL_CELL_UINT),
    AMFOL_JREAL("onset_rel_s", "%.3f"),
    AMFOL_JCOL("control_frame", AMFOL_CELL_UINT),
    AMFOL_JCOL("control", AMFOL_CELL_STR),
    AMFOL_JOPT("open_at_capture_end", AMFOL_CELL_UINT),  /* only when some are */
    AMFOL_JCOL("buckets", AMFOL_CELL_TABLE),
    AMFOL_LCOL("amf", AMFOL_CELL_STR),
    AMFOL_LCOL("run_end_rel_s", AMFOL_CELL_REAL),        /* onset only: end of the sustained run */
    AMFOL_LCOL("onset_symptoms", AMFOL_CELL_STR),        /* "slow,sbi-slow,unanswered" */
    AMFOL_LCOL("onset_slow", AMFOL_CELL_BOOL),
    AMFOL_LCOL("onset_unanswered", AMFOL_CELL_BOOL),
    AMFOL_LCOL("peak_ratio", AMFOL_CELL_REAL),           /* p95 / baseline at its worst, when > 0 */
    AMFOL_LCOL("control_rel_s", AMFOL_CELL_REAL),
    AMFOL_LCOL("control_delay_s", AMFOL_CELL_REAL),      /* onset and control: control - onset */
    AMFOL_LCOL("control_late", AMFOL_CELL_BOOL),         /* ... >= amfol.control_late_s */
    AMFOL_LCOL("sbi_peak_ratio", AMFOL_CELL_REAL),       /* onset: worst SBI p95 / baseline in the run */
    AMFOL_LCOL("sbi_peak_series", AMFOL_CELL_STR),       /* ... and its producer */
    AMFOL_LCOL("worst_unanswered_pct", AMFOL_CELL_UINT), /* onset: worst bucket of the run */
    /* the AMF's other overload words over the whole capture (sums of the buckets) */
    AMFOL_LCOL("error_indications", AMFOL_CELL_UINT),
    AMFOL_LCOL("ng_setup_failures", AMFOL_CELL_UINT),
    AMFOL_LCOL("overload_releases", AMFOL_CELL_UINT),
};

static double rel(const amfol_engine *e, amfol_time t)
{
    return t - e->cap.first_time;
}

/* Milliseconds, absent for "no sample" (< 0). */
static void ms_cell(amfol_rows *t, size_t col, double s)
{
    if (s >= 0)
        amfol_rows_real(t, col, s * 1000);
}

static const char *baseline_source_name(int source)
{
    switch (source) {
    case AMFOL_BASELINE_MEASURED: return "measured";
    case AMFOL_BASELINE_USER: return "user";
    default: return "none";
    }
}

/* "slow,sbi-slow,unanswered" in that order; NULL for none. */
const char *sym_flags_text(unsigned flags, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (flags & AMFOL_SYM_SLOW)
        g_strlcat(buf, "slow", cap);
    if (flags & AMFOL_SYM_SBI_SLOW)
        g_strlcat(buf, buf[0] ? ",sbi-slow" : "sbi-slow", cap);
    if (flags & AMFOL_SYM_UNANSWERED)
        g_strlcat(buf, buf[0] ? ",unanswered" : "unanswered", cap);
    return buf[0] ? buf : NULL;
}

static amfol_rows *latency_rows(const amfol_symptom_bucket *k, const amfol_column *cols, int first, int n)
{
    amfol_rows *t = amfol_rows_new("latency", AMFOL_ROWS_OBJECT, cols, (size_t)n, 1);
    amfol_rows_add(t);
    for (int s = 0; s < n; s++) {
        const amfol_sym_latency *l = &k->latency[first + s];
        amfol_rows *x = amfol_rows_new("series", AMFOL_ROWS_OBJECT, latency_cols, LAT_COUNT, 1);
        amfol_rows_add(x);
        amfol_rows_uint(x, LAT_N, l->n);
        ms_cell(x, LAT_P50, l->p50_s);
        ms_cell(x, LAT_P95, l->p95_s);
        amfol_rows_table(t, (size_t)s, x);
    }
    return t;
}

static amfol_rows *baseline_rows(const amfol_engine *e, const amfol_symptom_series *ser)
{
    amfol_rows *t = amfol_rows_new("baseline", AMFOL_ROWS_OBJECT, baseline_cols, BL_COUNT, 1);
    amfol_rows_add(t);
    if (ser->baseline_to > ser->baseline_from) {
        amfol_rows_real(t, BL_FROM, rel(e, ser->baseline_from));
        amfol_rows_real(t, BL_TO, rel(e, ser->baseline_to));
    }
    for (int s = 0; s < AMFOL_SYM_SERIES; s++) {
        const amfol_sym_baseline *b = &ser->baseline[s];
        amfol_rows *x = amfol_rows_new("series", AMFOL_ROWS_OBJECT, series_baseline_cols, SB_COUNT, 1);
        amfol_rows_add(x);
        amfol_rows_str(x, SB_SOURCE, baseline_source_name(b->source));
        ms_cell(x, SB_P95, b->source ? b->p95_s : -1);
        amfol_rows_uint(x, SB_SAMPLES, b->samples);
        ms_cell(x, SB_OBSERVED, b->observed_p95_s);
        amfol_rows_table(t, BL_SERIES + (size_t)s, x);
    }
    return t;
}

static void bucket_row(amfol_rows *t, const char *amf, const amfol_symptom_bucket *k)
{
    char flags[48];
    amfol_rows_add(t);
    amfol_rows_real(t, B_START, k->start);
    amfol_rows_str(t, B_AMF, amf);
    amfol_rows_real(t, B_START_REL, k->start_rel_s);
    amfol_rows_real(t, B_DURATION, k->duration_s);
    amfol_rows_real(t, B_NGAP, k->ngap_rate);
    amfol_rows_real(t, B_NAS, k->nas_rate);
    amfol_rows_real(t, B_IUM, k->initial_ue_rate);
    amfol_rows_uint(t, B_REQUESTS, k->requests);
    amfol_rows_uint(t, B_UNANSWERED, k->unanswered);
    amfol_rows_table(t, B_LATENCY, latency_rows(k, amf_latency_cols, AMFOL_SYM_INITIAL_UE,
                                                (int)G_N_ELEMENTS(amf_latency_cols)));
    amfol_rows_table(t, B_SBI_LATENCY, latency_rows(k, sbi_latency_cols, AMFOL_SYM_FIRST_SBI,
                                                    (int)G_N_ELEMENTS(sbi_latency_cols)));
    ms_cell(t, B_P50, k->latency[AMFOL_SYM_INITIAL_UE].p50_s);
    ms_cell(t, B_P95, k->latency[AMFOL_SYM_INITIAL_UE].p95_s);
    for (int s = AMFOL_SYM_REGISTRATION; s < AMFOL_SYM_SERIES; s++)
        ms_cell(t, B_REG_P95 + (size_t)(s - AMFOL_SYM_REGISTRATION), k->latency[s].p95_s);
    amfol_rows_uint(t, B_CONTEXTS, k->ue_contexts);
    amfol_rows_uint(t, B_ERROR_IND, k->error_indications);
    amfol_rows_uint(t, B_SETUP_FAIL, k->ng_setup_failures);
    amfol_rows_uint(t, B_OVL_RELEASE, k->overload_releases);
    amfol_rows_str(t, B_SYMPTOMS, sym_flags_text(k->symptoms, flags, sizeof flags));
}

static amfol_rows *bucket_rows(const amfol_symptom_series *ser)
{
    amfol_rows *t = amfol_rows_new("buckets", AMFOL_ROWS_ARRAY, bucket_cols, B_COUNT, MAX(ser->n_buckets, 1));
    for (size_t b = 0; b < ser->n_buckets; b++)
        bucket_row(t, ser->amf, &ser->buckets[b]);
    return t;
}

/* The worst SBI slow-down of the run: producer name and p95 / baseline. */
static double sbi_peak(const amfol_symptom_series *ser, const char **who)
{
    double best = 0;
    for (size_t b = 0; b < ser->n_buckets; b++) {
        const amfol_symptom_bucket *k = &ser->buckets[b];
        if (k->start + k->duration_s <= ser->onset_time || k->start >= ser->run_end_time)
            continue;
        for (int s = AMFOL_SYM_FIRST_SBI; s < AMFOL_SYM_SERIES; s++)
            if (ser->baseline[s].source && ser->baseline[s].p95_s > 0 && k->latency[s].n &&
                k->latency[s].p95_s / ser->baseline[s].p95_s > best) {
                best = k->latency[s].p95_s / ser->baseline[s].p95_s;
                *who = amfol_sym_series_name(s);
            }
    }
    return best;
}

static uint32_t worst_unanswered_pct(const amfol_symptom_series *ser)
{
    uint32_t best = 0;
    for (size_t b = 0; b < ser->n_buckets; b++) {
        const amfol_symptom_bucket *k = &ser->buckets[b];
        if (k->requests && k->start + k->duration_s > ser->onset_time && k->start < ser->run_end_time)
            best = MAX(best, (uint32_t)(100.0 * k->unanswered / k->requests + 0.5));
    }
    return best;
}

static void series_row(amfol_engine *e, amfol_rows *t, const amfol_symptom_series *ser)
{
    char flags[48];
    amfol_rows_add(t);
    amfol_rows_real(t, S_BUCKET_S, ser->bucket_s);
    amfol_rows_str(t, S_AMF_L, ser->amf);
    if (ser->onset_frame) {
        const char *who = NULL;
        double sbi = sbi_peak(ser, &who);
        amfol_rows_real(t, S_RUN_END_L, rel(e, ser->run_end_time));
        amfol_rows_str(t, S_ONSET_FLAGS_L, sym_flags_text(ser->onset_symptoms, flags, sizeof flags));
        amfol_rows_bool(t, S_ONSET_SLOW_L, (ser->onset_symptoms & AMFOL_SYM_SLOW) != 0);
        amfol_rows_bool(t, S_ONSET_UNANSWERED_L, (ser->onset_symptoms & AMFOL_SYM_UNANSWERED) != 0);
        if (who) {
            amfol_rows_real(t, S_SBI_PEAK_L, sbi);
            amfol_rows_str(t, S_SBI_WHO_L, who);
        }
        amfol_rows_uint(t, S_WORST_UNANSWERED_L, worst_unanswered_pct(ser));
    }
    if (ser->peak_ratio > 0)
        amfol_rows_real(t, S_PEAK_L, ser->peak_ratio);
    if (ser->control_frame) {
        amfol_rows_real(t, S_CONTROL_REL_L, rel(e, ser->control_time));
        if (ser->onset_frame) {
            amfol_rows_real(t, S_CONTROL_DELAY_L, ser->control_time - ser->onset_time);
            amfol_rows_bool(t, S_CONTROL_LATE_L, ser->control_time - ser->onset_time >= e->symptoms->cfg.control_late_s);
        }
    }
    uint64_t words[3] = { 0, 0, 0 };
    for (size_t b = 0; b < ser->n_buckets; b++) {
        words[0] += ser->buckets[b].error_indications;
        words[1] += ser->buckets[b].ng_setup_failures;
        words[2] += ser->buckets[b].overload_releases;
    }
    amfol_rows_uint(t, S_ERROR_IND_L, words[0]);
    amfol_rows_uint(t, S_SETUP_FAIL_L, words[1]);
    amfol_rows_uint(t, S_OVL_REL_L, words[2]);
    amfol_rows_table(t, S_BASELINE, baseline_rows(e, ser));
    if (ser->onset_frame) {
        amfol_rows_uint(t, S_ONSET_FRAME, ser->onset_frame);
        amfol_rows_real(t, S_ONSET_REL, rel(e, ser->onset_time));
    }
    if (ser->control_frame) {
        amfol_rows_uint(t, S_CONTROL_FRAME, ser->control_frame);
        amfol_rows_str(t, S_CONTROL, ser->control_kind);
    }
    if (ser->open_at_end)
        amfol_rows_uint(t, S_OPEN_AT_END, ser->open_at_end);
    amfol_rows_table(t, S_BUCKETS, bucket_rows(ser));
}

amfol_rows *amfol_symptoms_amf_rows(amfol_engine *e, const char *amf)
{
    const amfol_symptom_series *ser = NULL;
    for (size_t i = 0; i < amfol_symptoms_amf_count(e) && !ser; i++)
        if (strcmp(amfol_symptoms_series(e, i)->amf, amf) == 0)
            ser = amfol_symptoms_series(e, i);
    if (!ser)
        return NULL;
    amfol_rows *t = amfol_rows_new("symptoms", AMFOL_ROWS_OBJECT, series_cols, S_COUNT, 1);
    series_row(e, t, ser);
    return t;
}

/* The timeline section and the diagnosis headline: every AMF's series (the rows above) and the
 * module's caps, prose only. */
enum {
    SR_BUCKET_S, SR_MIN_SAMPLES, SR_SAMPLES_DROPPED, SR_PENDING_DROPPED, SR_SBI_OPEN_DROPPED,
    SR_CONTEXTS_DROPPED, SR_AMFS_DROPPED, SR_AMFS, SR_COUNT
};
static const amfol_column report_cols[SR_COUNT] = {
    AMFOL_LCOL("bucket_s", AMFOL_CELL_REAL),
    AMFOL_LCOL("min_samples", AMFOL_CELL_UINT),
    AMFOL_LCOL("samples_dropped", AMFOL_CELL_UINT),
    AMFOL_LCOL("pending_dropped", AMFOL_CELL_UINT),
    AMFOL_LCOL("sbi_open_dropped", AMFOL_CELL_UINT),
    AMFOL_LCOL("contexts_dropped", AMFOL_CELL_UINT),
    AMFOL_LCOL("amfs_dropped", AMFOL_CELL_UINT),
    AMFOL_LCOL("amfs", AMFOL_CELL_TABLE),
};

amfol_rows *amfol_symptoms_report_rows(amfol_engine *e)
{
    const amfol_symptoms *s = e->symptoms;
    size_t n = amfol_symptoms_amf_count(e);
    const amfol_symptom_series *first = amfol_symptoms_series(e, 0);
    amfol_rows *amfs = amfol_rows_new("amfs", AMFOL_ROWS_ARRAY, series_cols, S_COUNT, MAX(n, 1));
    for (size_t i = 0; i < n; i++)
        series_row(e, amfs, amfol_symptoms_series(e, i));
    amfol_rows *t = amfol_rows_new("symptoms report", AMFOL_ROWS_OBJECT, report_cols, SR_COUNT, 1);
    amfol_rows_add(t);
    amfol_rows_real(t, SR_BUCKET_S, first ? first->bucket_s : 0.0);
    amfol_rows_uint(t, SR_MIN_SAMPLES, s->cfg.symptom_min_samples);
    amfol_rows_uint(t, SR_SAMPLES_DROPPED, s->samples_dropped);
    amfol_rows_uint(t, SR_PENDING_DROPPED, s->pending_dropped);
    amfol_rows_uint(t, SR_SBI_OPEN_DROPPED, s->sbi_open_dropped);
    amfol_rows_uint(t, SR_CONTEXTS_DROPPED, s->contexts_dropped);
    amfol_rows_uint(t, SR_AMFS_DROPPED, s->amfs_dropped);
    amfol_rows_table(t, SR_AMFS, amfs);
    return t;
}

/* ---- the bucket table: timeline text and the statistics table ----------------------------- */

const amfol_column *amfol_symptoms_table_columns(size_t *n)
{
    *n = B_COUNT;
    return bucket_cols;
}

static bool has_traffic(const amfol_symptom_bucket *b)
{
    if (b->ngap_rate > 0 || b->requests > 0)
        return true;
    for (int s = AMFOL_SYM_FIRST_SBI; s < AMFOL_SYM_SERIES; s++)
        if (b->latency[s].n)
            return true;
    return false;
}

amfol_rows *amfol_symptoms_table_rows(amfol_engine *e, const char *amf)
{
    size_t n = amfol_symptoms_amf_count(e), cap = 0;
    for (size_t i = 0; i < n; i++)
        cap += amfol_symptoms_series(e, i)->n_buckets;
    amfol_rows *t = amfol_rows_new("Overload symptoms per AMF and time bucket", AMFOL_ROWS_ARRAY,
                                   bucket_cols, B_COUNT, MAX(cap, 1));
    for (size_t i = 0; i < n; i++) {
        const amfol_symptom_series *ser = amfol_symptoms_series(e, i);
        if (amf && strcmp(ser->amf, amf) != 0)
            continue;
        for (size_t b = 0; b < ser->n_buckets; b++)
            if (has_traffic(&ser->buckets[b]))
                bucket_row(t, ser->amf, &ser->buckets[b]);
    }
    return t;
}
