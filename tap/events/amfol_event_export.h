/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_event_export.h: the engine observer behind -z amfol,events. It writes every event the
 * glue feeds the engine as one JSON line (docs/events.md), or in the compact binary encoding
 * (-z amfol,events,bin; amfol_event_bin.h) with the same records: a header with the schema version and
 * the analysis settings, per frame with events a "frame" line and its events, runs of frames
 * without events folded into one "frames" line, and an "end" line with the frame count. */
#ifndef AMFOL_EVENT_EXPORT_H
#define AMFOL_EVENT_EXPORT_H

#include "engine/amfol_engine.h"

#include <stdio.h>

typedef struct amfol_event_export amfol_event_export;

enum amfol_event_format {
    AMFOL_EVENTS_JSONL = 0,          /* JSON Lines: for people and other tools */
    AMFOL_EVENTS_COMPACT = 1         /* the compact binary encoding (amfol_event_bin.h): for amfol-replay */
};

/* Writes to `out` (not closed by the exporter). `generator` names the writer, e.g. "amfol 0.1.0". */
amfol_event_export *amfol_event_export_new(FILE *out, const char *generator);
amfol_event_export *amfol_event_export_new_format(FILE *out, const char *generator, int format);

/* Start observing `e`; the first call writes the header with its settings. */
void amfol_event_export_attach(amfol_event_export *x, amfol_engine *e);

/* Write the pending run and the "end" line, and flush. Idempotent; later events are ignored. */
void amfol_event_export_finish(amfol_event_export *x);

/* Detaches nothing: call amfol_engine_observe(e, NULL, NULL) first if the engine lives on. */
void amfol_event_export_free(amfol_event_export *x);

#endif
