/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_report.c: placeholder report writers until the report module lands. */
#include "amfol_report.h"

void amfol_report_timeline(amfol_engine *e, GString *out)
{
    amfol_engine_finish(e);
    g_string_append(out, "amfol timeline: not implemented yet\n");
}

void amfol_report_json(amfol_engine *e, GString *out)
{
    amfol_engine_finish(e);
    g_string_append(out, "{}\n");
}

void amfol_report_diagnosis(amfol_engine *e, GString *out)
{
    amfol_engine_finish(e);
    g_string_append(out, "amfol diagnosis: not implemented yet\n");
}
