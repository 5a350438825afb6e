/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_chart_rec.h: the time series behind the overload chart (-z amfol,html), recorded on the
 * first pass from the per-message results the modules already return (no module state is read).
 *
 * Memory is bounded whatever the capture length: every series has at most
 * AMFOL_CHART_MAX_BUCKETS buckets; when time runs past the last one, the bucket width steps up
 * a ladder of "nice" widths (0.1 s, 0.2 s, 1 s, 2 s, 10 s, ... 1 day), each an integer multiple
 * of the one before, and the buckets are merged exactly. At most AMFOL_CHART_MAX_SERIES series
 * and AMFOL_CHART_MAX_MARKS START/STOP marks are kept; more are counted as dropped. */
#ifndef AMFOL_CHART_REC_H
#define AMFOL_CHART_REC_H

#include "../core/amfol_types.h"
#include "../n2/amfol_n2.h"
#include "../rrc/amfol_rrc.h"
#include "../nas/amfol_nas.h"
#include "../sbi/amfol_sbi.h"

#define AMFOL_CHART_MAX_BUCKETS 2048
#define AMFOL_CHART_MAX_SERIES 512
#define AMFOL_CHART_MAX_MARKS 4096
#define AMFOL_CHART_T3346_BINS 48      /* distinct T3346 values kept per AMF */

/* What a series counts per bucket. The owner/name pair says whose it is. */
enum amfol_chart_kind {
    AMFOL_CK_IUM_ALL = 0,      /* owner gNB: every INITIAL UE MESSAGE */
    AMFOL_CK_IUM_SHED,         /* owner gNB: those of the shed class of the action in force */
    AMFOL_CK_RRC_REQ,          /* owner gNB, name cell: RRCSetupRequest / RRCResumeRequest */
    AMFOL_CK_RRC_SETUP,
    AMFOL_CK_RRC_REJECT,
    AMFOL_CK_NAS_CONGESTION,   /* owner AMF: 5GMM/5GSM congestion rejects */
    AMFOL_CK_NAS_EARLY,        /* owner AMF: attempts inside a running back-off, not exempt */
    AMFOL_CK_NRF_LOAD,         /* owner NF: value = last reported load + 1 (0 = no report) */
    AMFOL_CK_SBI_503,          /* owner NF (or "" when not tied): responses 503 */
    AMFOL_CK_SBI_429,
    AMFOL_CK_SBI_OCI,          /* messages carrying 3gpp-Sbi-Oci */
    AMFOL_CK_COUNT
};

typedef struct amfol_chart_bucket {
    uint32_t value;            /* count, or load + 1 for AMFOL_CK_NRF_LOAD */
    amfol_frame frame;         /* first frame counted (load: frame of the last report), 0 = none */
} amfol_chart_bucket;

typedef struct amfol_chart_series {
    int kind;                  /* enum amfol_chart_kind */
    char *owner;               /* gNB, AMF or NF name (owned) */
    char *name;                /* cell for RRC series, else "" (owned) */
    char *amf;                 /* AMF governing it when last seen (gNB/cell series), NULL if none */
    uint64_t total;
    amfol_chart_bucket *b;     /* AMFOL_CHART_MAX_BUCKETS, bucket i covers origin + i * width */
} amfol_chart_series;

/* An OVERLOAD START or STOP as analysed, with its exact time. */
typedef struct amfol_chart_mark {
    amfol_frame frame;
    amfol_time time;
    const char *amf, *gnb;     /* engine-interned names */
    bool is_stop, replaced;
    int episode;
    int action, reduction_pct;
} amfol_chart_mark;

typedef struct amfol_chart_t3346 {
    char *amf;
    uint32_t seconds[AMFOL_CHART_T3346_BINS];
    uint32_t count[AMFOL_CHART_T3346_BINS];
    int n;
    uint32_t other;            /* values beyond the bins */
    uint32_t none;             /* congestion rejects without a T3346 value */
} amfol_chart_t3346;

/* What the Flow Graph shows: START/STOP (the marks), bursts of rejects aggregated per key over
 * AMFOL_CHART_BURST_S from their first frame, and NRF load reports. At most
 * AMFOL_CHART_MAX_FLOW of them; more are counted as dropped. */
#define AMFOL_CHART_BURST_S 10.0
#define AMFOL_CHART_MAX_FLOW 8192
enum amfol_flow_kind {
    AMFOL_FLOW_START = 0, AMFOL_FLOW_STOP, AMFOL_FLOW_RRC_REJECTS, AMFOL_FLOW_NAS_CONGESTION,
    AMFOL_FLOW_NRF_LOAD, AMFOL_FLOW_SBI_503, AMFOL_FLOW_SBI_429
};
typedef struct amfol_chart_flow {
    int kind;                  /* enum amfol_flow_kind */
    amfol_frame first_frame, last_frame;
    amfol_time t0, t1;
    uint32_t count;            /* messages in the burst (1 for START/STOP/load) */
    int value;                 /* load %, or the episode of a START/STOP */
    const char *who;           /* key: "gnb-1 cell 00101-…", AMF, NF (recorder-owned) */
    const char *amf;           /* START/STOP: the AMF (engine-interned), else NULL */
    int action, reduction_pct; /* START */
    bool open;                 /* a burst that may still grow */
    int next_at_frame;         /* next flow item anchored at the same first frame, -1 none */
} amfol_chart_flow;

typedef struct amfol_chart_rec amfol_chart_rec;

amfol_chart_rec *amfol_chart_rec_new(void);
void amfol_chart_rec_free(amfol_chart_rec *r);

/* Fed by the engine (a NULL result, which the engine accepts, is ignored). */
void amfol_chart_rec_frame(amfol_chart_rec *r, amfol_frame frame, amfol_time t);
void amfol_chart_rec_n2(amfol_chart_rec *r, const amfol_where *w, const amfol_n2_result *res);
void amfol_chart_rec_rrc(amfol_chart_rec *r, const amfol_where *w, const amfol_rrc_result *res);
void amfol_chart_rec_nas(amfol_chart_rec *r, const amfol_where *w, const amfol_nas_result *res);
void amfol_chart_rec_sbi(amfol_chart_rec *r, const amfol_where *w, const amfol_sbi_result *res);

/* Read side. */
amfol_time amfol_chart_rec_origin(const amfol_chart_rec *r);   /* time of bucket 0 */
double amfol_chart_rec_width(const amfol_chart_rec *r);        /* seconds per bucket */
unsigned amfol_chart_rec_buckets(const amfol_chart_rec *r);    /* buckets in use */
size_t amfol_chart_rec_series_count(const amfol_chart_rec *r);
const amfol_chart_series *amfol_chart_rec_series(const amfol_chart_rec *r, size_t i);
size_t amfol_chart_rec_mark_count(const amfol_chart_rec *r);
const amfol_chart_mark *amfol_chart_rec_mark(const amfol_chart_rec *r, size_t i);
size_t amfol_chart_rec_t3346_count(const amfol_chart_rec *r);
const amfol_chart_t3346 *amfol_chart_rec_t3346(const amfol_chart_rec *r, size_t i);
/* What could not be kept: new series, marks, and messages beyond the flow item cap. */
uint32_t amfol_chart_rec_dropped(const amfol_chart_rec *r);
/* Time of a frame: exact for START/STOP frames, else interpolated within its bucket. */
amfol_time amfol_chart_rec_frame_time(const amfol_chart_rec *r, amfol_frame frame);

/* Flow items, and the first of those anchored at a frame (-1 when none; chain by next_at_frame). */
size_t amfol_chart_rec_flow_count(const amfol_chart_rec *r);
const amfol_chart_flow *amfol_chart_rec_flow(const amfol_chart_rec *r, size_t i);
int amfol_chart_rec_flow_at(const amfol_chart_rec *r, amfol_frame frame);

#endif
