/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_config.h: the analysis settings (mirrored by the plugin's preferences). */
#ifndef AMFOL_CONFIG_H
#define AMFOL_CONFIG_H

#include <stdint.h>

typedef struct amfol_config {
    uint32_t grace_ms;             /* messages in flight after START/STOP are not judged */
    uint32_t baseline_s;           /* window before an episode used as the rate baseline */
    uint32_t rrc_answer_timeout_ms;/* an RRC request with no answer after this is "unanswered" */
    char protected_snssai[256];    /* "1-000001,2": slices that must never be throttled */
    char congestion_causes[64];    /* 5GMM causes treated as congestion, "22" by default */
    uint32_t t3346_floor_s;        /* t3346-short below this */
    uint32_t nrf_report_max_s;     /* nrf-load-stale when no report within this */
    uint32_t nrf_load_high;        /* load (%) considered high */
    uint32_t dedup_window_ms;      /* identical frames within this count once (0: off) */
    char amf_map[512];             /* "10.0.0.1=amf-1,<nfInstanceId>=amf-2": SBI NF <-> N2 AMF ties */
    uint32_t max_ues;              /* UEs the NAS module follows at once (least recently seen evicted beyond) */
    char cell_map[512];            /* "00101-000000101=gnb-1,...": cells to gNB names when the capture lacks them */
    /* Overload symptoms (tap/symptoms/, docs/faults.md) */
    uint32_t answer_timeout_ms;        /* a request with no downlink NAS / release after this is unanswered */
    uint32_t baseline_mode;            /* enum amfol_baseline_mode */
    uint32_t baseline_latency_ms;      /* user AMF response-time baseline (p95), 0 = measure */
    uint32_t baseline_sbi_latency_ms;  /* user SBI response-time baseline (p95), 0 = measure */
    uint32_t symptom_latency_factor;   /* AMF p95 at least this many times the baseline ... */
    uint32_t symptom_latency_min_ms;   /* ... and at least this */
    uint32_t symptom_sbi_factor;       /* SBI p95 at least this many times its baseline ... */
    uint32_t symptom_sbi_min_ms;       /* ... and at least this */
    uint32_t symptom_unanswered_pct;   /* share of unanswered requests */
    uint32_t symptom_min_samples;      /* per bucket and baseline, below this nothing is judged */
    uint32_t symptom_min_s;            /* symptoms must last this long */
    uint32_t control_late_s;           /* first control this long after the onset is late */
    /* A run of symptomatic buckets shorter than symptom_min_s still counts when it left at
     * least this many requests unanswered (each waited answer_timeout_ms): a load generator's
     * one-second flood (docs/faults.md, "Short floods"); 0: off. */
    uint32_t symptom_floor_unanswered;
} amfol_config;

enum amfol_baseline_mode { AMFOL_BASELINE_FIRST_20PCT = 0, AMFOL_BASELINE_FIRST_MINUTE = 1 };

void amfol_config_defaults(amfol_config *cfg);

#endif
