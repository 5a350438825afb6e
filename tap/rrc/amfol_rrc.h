/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc.h: the radio side (NR RRC on CCCH): requests, set-ups, rejects per gNB and cell, and the gNB compliance rules (issue 4). */
#ifndef AMFOL_RRC_H
#define AMFOL_RRC_H

#include "../core/amfol_config.h"
#include "../core/amfol_events.h"
#include "../core/amfol_findings.h"

#include <glib.h>
#include <wsutil/json_dumper.h>

typedef struct amfol_engine amfol_engine;
typedef struct amfol_rrc amfol_rrc;

/* What amfol says about one message (stored per frame by the plugin, rendered on every pass).
 * Strings point into engine-owned memory that lives as long as the engine. */
typedef struct amfol_rrc_result {
    bool relevant;                 /* false: nothing to show */
} amfol_rrc_result;

amfol_rrc *amfol_rrc_new(const amfol_config *cfg);
void amfol_rrc_free(amfol_rrc *s);

void amfol_rrc_on_msg(amfol_engine *e, const amfol_rrc_event *ev, amfol_rrc_result *out);
void amfol_rrc_finish(amfol_engine *e, amfol_findings *out);

/* Reports: a timeline section (plain text) and the "radio" member of the JSON document. */
void amfol_rrc_report_timeline(amfol_engine *e, GString *out);
void amfol_rrc_report_json(amfol_engine *e, json_dumper *d);

#endif
