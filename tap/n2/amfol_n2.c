/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_n2.c: placeholder until the N2 module lands. */
#include "amfol_n2.h"
#include "../core/amfol_engine_internal.h"

struct amfol_n2 {
    uint64_t pdus;
};

amfol_n2 *amfol_n2_new(const amfol_config *cfg) { (void)cfg; return g_new0(amfol_n2, 1); }
void amfol_n2_free(amfol_n2 *n2) { g_free(n2); }
void amfol_n2_on_ngap(amfol_engine *e, const amfol_ngap_event *ev, amfol_n2_result *out)
{
    (void)ev;
    e->n2->pdus++;
    if (out)
        out->relevant = false;
}
void amfol_n2_on_sctp(amfol_engine *e, const amfol_sctp_event *ev) { (void)e; (void)ev; }
void amfol_n2_finish(amfol_engine *e, amfol_findings *out) { (void)e; (void)out; }
bool amfol_n2_overload_for_assoc(const amfol_n2 *n2, const amfol_endpoint *a, const amfol_endpoint *b,
                                 amfol_time t, amfol_overload_view *out)
{ (void)n2; (void)a; (void)b; (void)t; (void)out; return false; }
bool amfol_n2_overload_for_amf(const amfol_n2 *n2, const char *amf, amfol_time t, amfol_overload_view *out)
{ (void)n2; (void)amf; (void)t; (void)out; return false; }
bool amfol_n2_overload_for_cell(const amfol_n2 *n2, const amfol_nr_cgi *cgi, amfol_time t,
                                amfol_overload_view *out)
{ (void)n2; (void)cgi; (void)t; (void)out; return false; }
const char *amfol_n2_amf_name(const amfol_n2 *n2, const amfol_endpoint *a, const amfol_endpoint *b)
{ (void)n2; (void)a; (void)b; return NULL; }
const char *amfol_n2_gnb_name(const amfol_n2 *n2, const amfol_endpoint *a, const amfol_endpoint *b)
{ (void)n2; (void)a; (void)b; return NULL; }
bool amfol_cause_is_shed(int action, int cause) { (void)action; (void)cause; return false; }
bool amfol_cause_is_exempt(int action, int cause) { (void)action; (void)cause; return false; }
enum amfol_level amfol_level_for_action(int action) { (void)action; return AMFOL_LEVEL_NORMAL; }
void amfol_n2_report_timeline(amfol_engine *e, GString *out) { (void)e; (void)out; }
void amfol_n2_report_json(amfol_engine *e, json_dumper *d) { (void)e; (void)d; }
