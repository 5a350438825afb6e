/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi.h: the SBI side: NRF load reports, SBI overload/load control headers, 503/429, re-balancing in the AMF Set (issue 6). */
#ifndef AMFOL_SBI_H
#define AMFOL_SBI_H

#include "../core/amfol_config.h"
#include "../core/amfol_events.h"
#include "../core/amfol_findings.h"

#include <glib.h>
#include <wsutil/json_dumper.h>

typedef struct amfol_engine amfol_engine;
typedef struct amfol_sbi amfol_sbi;

/* What amfol says about one message (stored per frame by the plugin, rendered on every pass).
 * Strings point into engine-owned memory that lives as long as the engine. */
typedef struct amfol_sbi_result {
    bool relevant;                 /* false: nothing to show */
} amfol_sbi_result;

amfol_sbi *amfol_sbi_new(const amfol_config *cfg);
void amfol_sbi_free(amfol_sbi *s);

void amfol_sbi_on_msg(amfol_engine *e, const amfol_sbi_event *ev, amfol_sbi_result *out);
void amfol_sbi_finish(amfol_engine *e, amfol_findings *out);

/* Reports: a timeline section (plain text) and the "sbi" member of the JSON document. */
void amfol_sbi_report_timeline(amfol_engine *e, GString *out);
void amfol_sbi_report_json(amfol_engine *e, json_dumper *d);

#endif
