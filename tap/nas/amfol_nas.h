/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas.h: NAS-5GS congestion: rejects, back-off timers, per-UE back-off compliance and the NAS rules (issue 5). */
#ifndef AMFOL_NAS_H
#define AMFOL_NAS_H

#include "../core/amfol_config.h"
#include "../core/amfol_events.h"
#include "../core/amfol_findings.h"

#include <glib.h>
#include <wsutil/json_dumper.h>

typedef struct amfol_engine amfol_engine;
typedef struct amfol_nas amfol_nas;

/* What amfol says about one message (stored per frame by the plugin, rendered on every pass).
 * Strings point into engine-owned memory that lives as long as the engine. */
typedef struct amfol_nas_result {
    bool relevant;                 /* false: nothing to show */
} amfol_nas_result;

amfol_nas *amfol_nas_new(const amfol_config *cfg);
void amfol_nas_free(amfol_nas *s);

void amfol_nas_on_msg(amfol_engine *e, const amfol_nas_event *ev, amfol_nas_result *out);
void amfol_nas_finish(amfol_engine *e, amfol_findings *out);

/* Reports: a timeline section (plain text) and the "nas" member of the JSON document. */
void amfol_nas_report_timeline(amfol_engine *e, GString *out);
void amfol_nas_report_json(amfol_engine *e, json_dumper *d);

#endif
