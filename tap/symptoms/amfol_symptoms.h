/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_symptoms.h: overload without overload control. What an AMF watches to decide
 * it is overloaded (TS 23.501 §5.19, the article's monitoring table), read from the capture as
 * symptoms: per AMF and time bucket, message rates, the AMF's response time, unanswered
 * requests, SBI response time per producer NF type, active N2 UE contexts and overload causes;
 * a calm-start baseline. The rules overload-control-absent / -late that read the series live in
 * tap/correlate/amfol_correlate_control.c. */
#ifndef AMFOL_SYMPTOMS_H
#define AMFOL_SYMPTOMS_H

#include "../core/amfol_module.h"
#include "../core/amfol_rows.h"

#include <glib.h>
#include <wsutil/json_dumper.h>

typedef struct amfol_symptoms amfol_symptoms;

/* Latency series: the AMF's own answers, then SBI producers by NF type. */
enum amfol_sym_series {
    AMFOL_SYM_INITIAL_UE = 0,      /* INITIAL UE MESSAGE -> first downlink NAS for that UE */
    AMFOL_SYM_REGISTRATION = 1,    /* REGISTRATION REQUEST -> AUTH REQUEST / ACCEPT / REJECT */
    AMFOL_SYM_SBI_UDM = 2,
    AMFOL_SYM_SBI_AUSF = 3,
    AMFOL_SYM_SBI_UDR = 4,
    AMFOL_SYM_SBI_PCF = 5,
    AMFOL_SYM_SBI_NRF = 6,
    AMFOL_SYM_SERIES = 7
};
#define AMFOL_SYM_FIRST_SBI AMFOL_SYM_SBI_UDM

/* Which symptom a bucket shows (bit mask). */
enum amfol_sym_flag {
    AMFOL_SYM_SLOW = 1,            /* AMF p95 >= factor x baseline and >= the floor */
    AMFOL_SYM_SBI_SLOW = 2,        /* an SBI producer's p95 >= factor x its baseline and floor */
    AMFOL_SYM_UNANSWERED = 4       /* share of unanswered requests >= the threshold */
};

typedef struct amfol_sym_latency {
    uint32_t n;                    /* answered samples whose request fell in the bucket */
    double p50_s, p95_s;           /* nearest-rank percentiles; < 0 when n == 0 */
} amfol_sym_latency;

/* One time bucket of one AMF. Rates are per second over the bucket. */
typedef struct amfol_symptom_bucket {
    amfol_time start;              /* absolute */
    double start_rel_s;            /* from the capture's first frame */
    double duration_s;
    double ngap_rate, nas_rate, initial_ue_rate;
    uint32_t requests;             /* INITIAL UE MESSAGEs decided (answered or not) */
    uint32_t unanswered;
    amfol_sym_latency latency[AMFOL_SYM_SERIES];
    uint32_t ue_contexts;          /* active N2 UE contexts at the bucket's end */
    uint32_t error_indications, ng_setup_failures, overload_releases;
    unsigned symptoms;             /* enum amfol_sym_flag bits */
} amfol_symptom_bucket;

/* Where a baseline came from. */
enum amfol_sym_baseline_source { AMFOL_BASELINE_NONE = 0, AMFOL_BASELINE_MEASURED = 1,
                                 AMFOL_BASELINE_USER = 2 };

typedef struct amfol_sym_baseline {
    int source;                    /* enum amfol_sym_baseline_source */
    double p95_s;                  /* when source != NONE */
    uint32_t samples;              /* answered samples in the window */
    double observed_p95_s;         /* their p95 even when too few to judge by; < 0: none */
} amfol_sym_baseline;

/* The symptom series of one AMF (valid until the engine is fed again or freed). */
typedef struct amfol_symptom_series {
    const char *amf;               /* interned AMF name (docs/faults.md naming) */
    double bucket_s;
    size_t n_buckets;
    const amfol_symptom_bucket *buckets;
    amfol_time baseline_from, baseline_to;  /* measured window (both 0: none) */
    amfol_sym_baseline baseline[AMFOL_SYM_SERIES];
    /* The first sustained symptom run (onset 0: none). */
    amfol_frame onset_frame;
    amfol_time onset_time, run_end_time;
    unsigned onset_symptoms;       /* flags of the onset bucket */
    double peak_ratio;             /* worst AMF p95 / baseline p95 in the run (0: n/a) */
    /* The AMF's first overload control (0: none seen). */
    amfol_frame control_frame;
    amfol_time control_time;
    const char *control_kind;      /* static text */
    /* INITIAL UE MESSAGEs still within their answer time when the capture ended: neither
     * answered nor unanswered (those past it are unanswered, closed by the last frame's time). */
    uint32_t open_at_end;
} amfol_symptom_series;

/* The module as the engine sees it: NGAP, NAS and SBI handlers (registered after n2, rrc, nas and
 * sbi in the engine's modules[]: they read only the events); no rules of its own. */
extern const amfol_module amfol_symptoms_module;

/* Query API (tables, reports, the HTML chart): the series over everything seen so far,
 * recomputed when events or frames came since the last call. */
size_t amfol_symptoms_amf_count(amfol_engine *e);
const amfol_symptom_series *amfol_symptoms_series(amfol_engine *e, size_t i);
/* Grows whenever the series may have changed. */
uint64_t amfol_symptoms_version(amfol_engine *e);

/* Reports: a timeline section and a diagnosis line (the "symptoms" member of one amfs[] object is
 * a child table of the N2 rows: amfol_symptoms_amf_rows below). */
void amfol_symptoms_report_timeline(amfol_engine *e, GString *out);
void amfol_symptoms_report_headline(amfol_engine *e, GString *out);

/* Rows (amfol_symptoms_rows.c; the caller frees them with amfol_rows_free): the amfs[].symptoms
 * JSON member of one AMF (NULL: no series for it), and the bucket table shown by the timeline and
 * the statistics table (buckets with traffic, of `amf` or of every AMF when NULL). */
amfol_rows *amfol_symptoms_amf_rows(amfol_engine *e, const char *amf);
amfol_rows *amfol_symptoms_table_rows(amfol_engine *e, const char *amf);
/* Every AMF's series as rows (the amfs[].symptoms columns plus prose-only ones: onset flags, peak
 * ratios, control delay) and the module's caps: what the timeline section and the diagnosis
 * headline say, through amfol_rows_line(). */
amfol_rows *amfol_symptoms_report_rows(amfol_engine *e);
const amfol_column *amfol_symptoms_table_columns(size_t *n);

/* Names: "initial-ue", "registration", "UDM", ... */
const char *amfol_sym_series_name(int series);
/* Producer NF type of an SBI request path ("/nudm-sdm/v2/..." -> AMFOL_SYM_SBI_UDM), or -1. */
int amfol_sym_series_for_path(const char *path);
/* The bucket size chosen for a capture of span_s seconds (docs/output.md). */
double amfol_sym_bucket_size(double span_s);

#endif
