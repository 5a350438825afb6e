/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_html_data.h: everything the overload chart draws, gathered in one place from the
 * engine's public read side (N2 rows, findings, the chart recorder, the symptom series) into plain structs. The
 * writer (amfol_html.c) reads only this model, so a change in how the modules keep their state
 * touches amfol_html_data.c alone. */
#ifndef AMFOL_HTML_DATA_H
#define AMFOL_HTML_DATA_H

#include "../engine/amfol_engine.h"

#include <glib.h>

#define AMFOL_HTML_MAX_BUCKETS 150   /* display buckets across the time axis */

/* One counted series on the display buckets. */
typedef struct amfol_html_line {
    int kind;                        /* enum amfol_chart_kind */
    const char *owner, *name;        /* gNB / cell / AMF / NF (recorder-owned) */
    uint32_t *v;                     /* nb values (load series: load + 1, 0 = no report) */
    amfol_frame *frame;              /* nb first frames, 0 = none */
    uint32_t max;
    uint64_t total;
} amfol_html_line;

typedef struct amfol_html_episode {
    int number;
    amfol_time t0, t1;               /* t1: STOP, or capture end when open */
    bool open;
    amfol_frame start_frame, stop_frame;   /* first START, the STOP that ended it (0 while in force) */
    int action, reduction_pct;       /* of the first START (AMFOL_ABSENT: none / not known) */
    int level;                       /* enum amfol_level, highest over the gNBs' first STARTs */
    unsigned gnbs;
} amfol_html_episode;

typedef struct amfol_html_asked {    /* the pass-through a START asked of one gNB */
    const char *gnb;
    int episode;
    amfol_time t0, t1;
    double per_bucket;               /* shed-class messages per display bucket allowed; < 0 n/a */
    double expected_pct;
    amfol_frame start_frame;
} amfol_html_asked;

typedef struct amfol_html_finding {
    const amfol_finding *f;          /* engine-owned */
    amfol_time t;                    /* time of the first frame */
    char *ue_story;                  /* the story of a sample UE (HTML, tap/ue), owned; NULL none */
} amfol_html_finding;

/* One bucket of the symptom series (tap/symptoms), in its own bucket width. */
typedef struct amfol_html_sym_bucket {
    amfol_time start;                /* absolute */
    double duration_s;
    double p95_s;                    /* the AMF's initial-ue response time p95; < 0: no sample */
    uint32_t n, requests, unanswered;
    unsigned symptoms;               /* enum amfol_sym_flag bits */
} amfol_html_sym_bucket;

/* The overload symptoms of one AMF: response time against the baseline, unanswered share. */
typedef struct amfol_html_symptoms {
    const char *amf;                 /* the symptoms module's AMF name (JSON amfs[].id) */
    double bucket_s;
    GArray *buckets;                 /* amfol_html_sym_bucket (copies) */
    double baseline_p95_s;           /* initial-ue baseline; < 0: none */
    amfol_frame onset_frame;         /* 0: no sustained symptom run */
    amfol_time onset_time;
    unsigned onset_symptoms;
} amfol_html_symptoms;

/* One section of the page: an N2 AMF, or (name NULL) what is tied to none. */
typedef struct amfol_html_amf {
    const char *name;
    GArray *episodes;                /* amfol_html_episode */
    GArray *marks;                   /* amfol_chart_mark (copies) */
    GPtrArray *gnbs;                 /* const char*, gNB names in first-seen order */
    GArray *asked;                   /* amfol_html_asked */
    GPtrArray *lines;                /* amfol_html_line*, owned by the model */
    const amfol_chart_t3346 *t3346;  /* NULL when no congestion reject */
    GArray *findings;                /* amfol_html_finding */
    amfol_html_symptoms *symptoms;   /* NULL when the AMF has no symptom buckets */
    amfol_kpi_point *kpi;            /* the KPI lane's buckets (tap/kpi, owned), NULL: none */
    size_t n_kpi;
} amfol_html_amf;

typedef struct amfol_html_model {
    char *capture_name;
    uint64_t frames;
    amfol_time first_time, last_time;
    amfol_time origin;               /* left end of the time axis */
    double bucket_s;                 /* display bucket width */
    unsigned nb;                     /* display buckets */
    uint64_t ngap_pdus;
    uint32_t dropped;                /* series/marks the recorder could not keep */
    uint32_t findings_dropped;
    GPtrArray *amfs;                 /* amfol_html_amf*; the last one may have name NULL */
    GPtrArray *all_lines;            /* every line, owned */
} amfol_html_model;

amfol_html_model *amfol_html_model_new(amfol_engine *e, const char *capture_name);
void amfol_html_model_free(amfol_html_model *m);

/* The display bucket width: the smallest "nice" width (0.1 s ... 1 day) that is a whole multiple
 * of the recorded width (so recorded buckets merge exactly) and spans `span_s` in at most
 * AMFOL_HTML_MAX_BUCKETS buckets. */
double amfol_html_bucket_s(double recorded_s, double span_s);

/* Lines of one kind (and owner when not NULL) of a section. */
GPtrArray *amfol_html_lines(const amfol_html_amf *a, int kind, const char *owner);

#endif
