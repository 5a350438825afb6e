/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_html.h: the overload timeline chart, one self-contained HTML page (inline SVG and CSS,
 * no script, printable) with one section per AMF on a shared time axis (-z amfol,html, Tools →
 * AMF Overload → Timeline chart). */
#ifndef AMFOL_HTML_H
#define AMFOL_HTML_H

#include "../engine/amfol_engine.h"

#include <glib.h>

/* Appends the page to `out`. capture_name: shown in the title (a file's base name), may be NULL. */
void amfol_report_html(amfol_engine *e, const char *capture_name, GString *out);

#endif
