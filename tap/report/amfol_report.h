/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_report.h: the three outputs of a finished analysis: timeline, JSON, diagnosis. */
#ifndef AMFOL_REPORT_H
#define AMFOL_REPORT_H

#include "../core/amfol_engine.h"

#include <glib.h>

#define AMFOL_JSON_VERSION "0.1.0"

/* Each appends to `out`; each calls amfol_engine_finish() first. */
void amfol_report_timeline(amfol_engine *e, GString *out);
void amfol_report_json(amfol_engine *e, GString *out);
void amfol_report_diagnosis(amfol_engine *e, GString *out);

/* "error", "warning", "note" */
const char *amfol_report_severity_name(int severity);

#endif
