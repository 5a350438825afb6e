/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_engine_internal.h: the engine's whole layout, for tap/engine/ only. The part the
 * analysis modules see is `struct amfol_engine` (tap/core/amfol_context.h); the engine's own
 * bookkeeping follows it here. An amfol_engine * handed to a module points at `ctx`. */
#ifndef AMFOL_ENGINE_INTERNAL_H
#define AMFOL_ENGINE_INTERNAL_H

#include "../core/amfol_context.h"

typedef struct amfol_chart_rec amfol_chart_rec;
typedef struct amfol_dedup amfol_dedup;

typedef struct amfol_engine_full {
    struct amfol_engine ctx;    /* what the modules see: first member */
    amfol_chart_rec *chart;     /* time series for the chart (-z amfol,html) */
    amfol_dedup *frames_seen;    /* transport identity + payload of recent frames */
    amfol_dedup *chunks_seen;    /* SCTP association direction + TSN of recent DATA chunks */
    struct amfol_relay *relay;   /* NGAP PDUs relayed between two associations (amfol_relay.h) */
    uint64_t fed_at_finish;     /* value of `fed` when the findings were last computed */
    uint64_t frames_at_finish;
    bool finished;              /* findings computed at least once */
    amfol_engine_observer observer;   /* or NULL */
    void *observer_user;
} amfol_engine_full;

static inline amfol_engine_full *amfol_engine_full_of(amfol_engine *e)
{
    return (amfol_engine_full *)e;
}

static inline const amfol_engine_full *amfol_engine_full_of_const(const amfol_engine *e)
{
    return (const amfol_engine_full *)e;
}

#endif
