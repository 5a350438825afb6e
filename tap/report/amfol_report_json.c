/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_report_json.c: the -z amfol,json document, written with wsutil's json_dumper into a
 * GString (never printf-assembled); shape in docs/output.md. */
#include "amfol_report.h"
#include "../core/amfol_rules.h"
#include "amfol_json.h"

static void write_capture(json_dumper *d, amfol_engine *e)
{
    const amfol_capture_info *cap = amfol_engine_capture(e);
    json_dumper_set_member_name(d, "capture");
    json_dumper_begin_object(d);
    amfol_json_uint(d, "frames", cap->frames);
    json_dumper_set_member_name(d, "first_time");
    if (cap->frames)
        json_dumper_value_anyf(d, "%.6f", cap->first_time);
    else
        json_dumper_value_anyf(d, "null");
    json_dumper_set_member_name(d, "last_time");
    if (cap->frames)
        json_dumper_value_anyf(d, "%.6f", cap->last_time);
    else
        json_dumper_value_anyf(d, "null");
    amfol_json_uint(d, "duplicates_ignored", cap->duplicates_ignored);
    amfol_json_uint(d, "sctp_retransmissions_ignored", cap->sctp_retransmissions_ignored);
    amfol_json_uint(d, "damaged_ignored", cap->damaged_ignored);
    if (cap->caveat) {          /* only when there is one: clean captures read as before */
        json_dumper_set_member_name(d, "caveat");
        json_dumper_value_string(d, cap->caveat);
    }
    json_dumper_end_object(d);
}

static void write_finding(json_dumper *d, amfol_engine *e, const amfol_finding *x)
{
    const amfol_rule *r = amfol_rule_get(x->rule_id);
    json_dumper_begin_object(d);
    amfol_json_str(d, "rule", x->rule);
    amfol_json_str(d, "severity", amfol_report_severity_name(x->severity));
    amfol_json_str(d, "amf", x->amf);
    amfol_json_str(d, "gnb", x->gnb);
    amfol_n2_report_gnb_associations(e, d, x->gnb);   /* one gNB, all its associations */
    amfol_json_str(d, "cell", x->cell);
    amfol_json_str(d, "ue", x->ue);
    amfol_json_str(d, "layer", x->layer);
    json_dumper_set_member_name(d, "first_frame");
    json_dumper_value_anyf(d, "%u", x->first_frame);
    json_dumper_set_member_name(d, "frames");
    json_dumper_begin_array(d);
    for (int k = 0; k < x->n_frames; k++)
        json_dumper_value_anyf(d, "%u", x->frames[k]);
    json_dumper_end_array(d);
    json_dumper_set_member_name(d, "count");
    json_dumper_value_anyf(d, "%u", x->count);
    amfol_json_str(d, "summary", x->summary);
    amfol_json_str(d, "check_next", r ? r->check_next : NULL);
    json_dumper_end_object(d);
}

/* The catalogue itself, so that tests and tools read the rule set from the plugin they run. */
static void write_rules(json_dumper *d)
{
    size_t n;
    const amfol_rule *rules = amfol_rules(&n);
    json_dumper_set_member_name(d, "rules");
    json_dumper_begin_array(d);
    for (size_t i = 0; i < n; i++) {
        json_dumper_begin_object(d);
        amfol_json_str(d, "id", rules[i].id);
        amfol_json_str(d, "domain", amfol_domain_name(rules[i].domain));
        amfol_json_str(d, "severity", amfol_report_severity_name(rules[i].severity));
        amfol_json_str(d, "ts_clause", rules[i].ts_clause);
        amfol_json_str(d, "title", rules[i].title);
        amfol_json_str(d, "check_next", rules[i].check_next);
        json_dumper_end_object(d);
    }
    json_dumper_end_array(d);
}

void amfol_report_json(amfol_engine *e, GString *out)
{
    const amfol_findings *fs = amfol_engine_finish(e);
    json_dumper d = { 0 };
    d.output_string = out;
    d.flags = JSON_DUMPER_FLAGS_PRETTY_PRINT;
    json_dumper_begin_object(&d);
    amfol_json_str(&d, "amfol_version", AMFOL_JSON_VERSION);
    write_capture(&d, e);
    amfol_n2_report_json(e, &d);
    amfol_rrc_report_json(e, &d);
    amfol_nas_report_json(e, &d);
    amfol_sbi_report_json(e, &d);
    json_dumper_set_member_name(&d, "findings");
    json_dumper_begin_array(&d);
    for (size_t i = 0; i < amfol_findings_count(fs); i++)
        write_finding(&d, e, amfol_findings_get(fs, i));
    json_dumper_end_array(&d);
    json_dumper_set_member_name(&d, "findings_dropped");
    json_dumper_value_anyf(&d, "%u", amfol_findings_dropped(fs));
    write_rules(&d);
    json_dumper_end_object(&d);
    json_dumper_finish(&d);
}
