/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_report.h: the three outputs of a finished analysis: timeline, JSON, diagnosis. */
#ifndef AMFOL_REPORT_H
#define AMFOL_REPORT_H

#include "../engine/amfol_engine.h"

#include <glib.h>

#define AMFOL_JSON_VERSION "0.1.0"

/* Each appends to `out`; each calls amfol_engine_finish() first. */
void amfol_report_timeline(amfol_engine *e, GString *out);
void amfol_report_json(amfol_engine *e, GString *out);
void amfol_report_diagnosis(amfol_engine *e, GString *out);
/* The same with "What this capture can tell" in full (the GUI's Diagnosis window). */
void amfol_report_diagnosis_full(amfol_engine *e, GString *out);

/* The document's capture member and one finding (two objects: the members before the N2
 * module's gnb_associations and those after) as rows (amfol_report_json.c, freed by the caller
 * with amfol_rows_free); the diagnosis text says them through amfol_rows_line(). */
struct amfol_rows;
struct amfol_rows *amfol_report_capture_rows(amfol_engine *e);
void amfol_report_finding_rows(const amfol_finding *x, struct amfol_rows **head, struct amfol_rows **tail);

/* "What this capture can tell" (amfol_report_coverage.c): the diagnosis' few lines, the same in
 * full (a line per AMF, gNBs, SBI and each rule family: the GUI), the JSON "coverage" member,
 * the HTML section. */
void amfol_report_coverage_text(amfol_engine *e, GString *out);
void amfol_report_coverage_detail(amfol_engine *e, GString *out);
void amfol_report_coverage_json(amfol_engine *e, json_dumper *d);
void amfol_report_coverage_html(amfol_engine *e, GString *out);

/* "error", "warning", "note" */
const char *amfol_report_severity_name(int severity);

#endif
