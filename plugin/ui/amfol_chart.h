/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_chart.h: the pictures: -z amfol,html (the timeline page), Tools → AMF Overload →
 * Timeline chart (the page in the browser) and the "amfol" Flow Graph. */
#ifndef AMFOL_CHART_H
#define AMFOL_CHART_H

#include "glue/amfol_glue.h"

#include <glib.h>

/* The timeline page of the open capture, titled with its file name when known. */
void amfol_report_html_page(amfol_engine *e, GString *out);

/* The "amfol" Flow Graph's tap callback (amfol_flow.c). */
tap_packet_status amfol_flow_packet(void *sainfo, packet_info *pinfo, epan_dissect_t *edt, const void *data,
                                    tap_flags_t flags);

/* Registers the Tools menu entry and the Flow Graph (from amfol_stats_register). */
void amfol_chart_register(int proto_amfol);

#endif
