/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_context.h: what an analysis module sees of the engine: the configuration, what the
 * capture held so far, the findings, and the module states, each opaque here. A module reaches
 * its own state through it (e->n2 in tap/n2/) and other modules only through their query APIs
 * (e.g. NAS asks tap/n2/amfol_n2.h whether its AMF is in overload). The engine's own bookkeeping
 * (routing counters, repeat detectors, chart recorder, observer) is not here: it lives in
 * tap/engine/amfol_engine_internal.h, which no module includes (tap/engine/ is a higher floor). */
#ifndef AMFOL_CONTEXT_H
#define AMFOL_CONTEXT_H

#include "amfol_module.h"

typedef struct amfol_n2 amfol_n2;
typedef struct amfol_rrc amfol_rrc;
typedef struct amfol_nas amfol_nas;
typedef struct amfol_sbi amfol_sbi;
typedef struct amfol_symptoms amfol_symptoms;
typedef struct amfol_kpi amfol_kpi;
typedef struct amfol_ue_log amfol_ue_log;
typedef struct amfol_coverage amfol_coverage;

struct amfol_engine {
    amfol_config cfg;
    amfol_capture_info cap;
    amfol_n2 *n2;
    amfol_rrc *rrc;
    amfol_nas *nas;
    amfol_sbi *sbi;
    amfol_symptoms *symptoms;   /* overload symptoms (tap/symptoms) */
    amfol_kpi *kpi;             /* registration KPIs (tap/kpi) */
    amfol_ue_log *ue;           /* the UE story log (tap/ue) */
    amfol_findings *findings;
    amfol_coverage *coverage;   /* what the capture holds per AMF / gNB (tap/correlate/amfol_coverage.h) */
    uint64_t fed;               /* events routed so far (N2's "where" memo uses it as a clock) */
};

#endif
