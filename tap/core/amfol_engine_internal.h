/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_engine_internal.h: the engine's layout, for the analysis modules only (not the plugin).
 * Each module reaches its own state here, and other modules only through their query APIs
 * (e.g. NAS asks tap/n2/amfol_n2.h whether its AMF is in overload). Module states are opaque
 * here: this header includes no module header. */
#ifndef AMFOL_ENGINE_INTERNAL_H
#define AMFOL_ENGINE_INTERNAL_H

#include "amfol_module.h"

typedef struct amfol_n2 amfol_n2;
typedef struct amfol_rrc amfol_rrc;
typedef struct amfol_nas amfol_nas;
typedef struct amfol_sbi amfol_sbi;
typedef struct amfol_chart_rec amfol_chart_rec;
typedef struct amfol_symptoms amfol_symptoms;
typedef struct amfol_kpi amfol_kpi;
typedef struct amfol_dedup amfol_dedup;
typedef struct amfol_ue_log amfol_ue_log;
typedef struct amfol_coverage amfol_coverage;

struct amfol_engine {
    amfol_config cfg;
    amfol_capture_info cap;
    amfol_n2 *n2;
    amfol_rrc *rrc;
    amfol_nas *nas;
    amfol_sbi *sbi;
    amfol_symptoms *symptoms;   /* issue 14 (tap/symptoms) */
    amfol_kpi *kpi;             /* registration KPIs (tap/kpi) */
    amfol_ue_log *ue;           /* the UE story log (tap/ue) */
    amfol_findings *findings;
    amfol_chart_rec *chart;     /* time series for the chart (-z amfol,html) */
    amfol_dedup *frames_seen;    /* transport identity + payload of recent frames */
    amfol_dedup *chunks_seen;    /* SCTP association direction + TSN of recent DATA chunks */
    struct amfol_relay *relay;   /* NGAP PDUs relayed between two associations (amfol_relay.h) */
    amfol_coverage *coverage;   /* what the capture holds per AMF / gNB (tap/correlate/amfol_coverage.h) */
    uint64_t fed;               /* events fed so far */
    uint64_t fed_at_finish;     /* value of `fed` when the findings were last computed */
    uint64_t frames_at_finish;
    bool finished;              /* findings computed at least once */
    amfol_engine_observer observer;   /* or NULL */
    void *observer_user;
};

#endif
