/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_report_json.c: the -z amfol,json document, written with wsutil's json_dumper into a
 * GString (never printf-assembled); shape in docs/output.md. */
#include "amfol_report.h"
#include "../core/amfol_rules.h"
#include "../core/amfol_rule_needs.h"
#include "../core/amfol_rows_write.h"

/* ---- the capture, finding and rule members, as rows (core/amfol_rows.h) ------------------ */

enum { CAP_FRAMES, CAP_FIRST, CAP_LAST, CAP_DUPS, CAP_RETRANS, CAP_DAMAGED, CAP_UNREAD_STOPPED, CAP_UNREAD_CUT,
       CAP_RELAYED, CAP_RELAYS, CAP_CAVEAT, CAP_DURATION_L, CAP_COUNT };
static const amfol_column capture_cols[CAP_COUNT] = {
    AMFOL_JCOL("frames", AMFOL_CELL_UINT),
    AMFOL_JREAL("first_time", "%.6f"),           /* null without frames */
    AMFOL_JREAL("last_time", "%.6f"),
    AMFOL_JCOL("duplicates_ignored", AMFOL_CELL_UINT),
    AMFOL_JCOL("sctp_retransmissions_ignored", AMFOL_CELL_UINT),
    AMFOL_JCOL("damaged_ignored", AMFOL_CELL_UINT),
    /* Frames amfol could not read, per reason (enum amfol_unread): only when there are some. */
    AMFOL_JOPT("unread_dissector_stopped", AMFOL_CELL_UINT),
    AMFOL_JOPT("unread_fields_cut", AMFOL_CELL_UINT),
    /* One AMF seen through a relay (amfol_relay.h): only when one was found. */
    AMFOL_JOPT("relayed_ignored", AMFOL_CELL_UINT),
    AMFOL_JOPT("relays", AMFOL_CELL_STR),
    AMFOL_JOPT("caveat", AMFOL_CELL_STR),        /* only when there is one: clean captures read as before */
    AMFOL_LCOL("duration_s", AMFOL_CELL_REAL),   /* prose: last - first, 0 without frames */
};

amfol_rows *amfol_report_capture_rows(amfol_engine *e)
{
    const amfol_capture_info *cap = amfol_engine_capture(e);
    amfol_rows *t = amfol_rows_new("capture", AMFOL_ROWS_OBJECT, capture_cols, CAP_COUNT, 1);
    amfol_rows_add(t);
    amfol_rows_uint(t, CAP_FRAMES, cap->frames);
    if (cap->frames) {
        amfol_rows_real(t, CAP_FIRST, cap->first_time);
        amfol_rows_real(t, CAP_LAST, cap->last_time);
    }
    amfol_rows_uint(t, CAP_DUPS, cap->duplicates_ignored);
    amfol_rows_uint(t, CAP_RETRANS, cap->sctp_retransmissions_ignored);
    amfol_rows_uint(t, CAP_DAMAGED, cap->damaged_ignored);
    if (cap->unread[AMFOL_UNREAD_DISSECTOR_STOPPED])
        amfol_rows_uint(t, CAP_UNREAD_STOPPED, cap->unread[AMFOL_UNREAD_DISSECTOR_STOPPED]);
    if (cap->unread[AMFOL_UNREAD_FIELDS_CUT])
        amfol_rows_uint(t, CAP_UNREAD_CUT, cap->unread[AMFOL_UNREAD_FIELDS_CUT]);
    const char *relays = amfol_engine_relays(e);
    if (relays) {
        amfol_rows_uint(t, CAP_RELAYED, cap->relayed_ignored);
        amfol_rows_str(t, CAP_RELAYS, relays);
    }
    amfol_rows_str(t, CAP_CAVEAT, cap->caveat);
    amfol_rows_real(t, CAP_DURATION_L, cap->frames ? cap->last_time - cap->first_time : 0.0);
    return t;
}

/* A finding is written as two objects' members around the N2 module's "gnb_associations". */
enum { FH_RULE, FH_SEVERITY, FH_AMF, FH_GNB, FH_TITLE_L, FH_COUNT };
static const amfol_column finding_head_cols[FH_COUNT] = {
    AMFOL_JCOL("rule", AMFOL_CELL_STR),
    AMFOL_JCOL("severity", AMFOL_CELL_STR),
    AMFOL_JCOL("amf", AMFOL_CELL_STR),
    AMFOL_JCOL("gnb", AMFOL_CELL_STR),
    AMFOL_LCOL("title", AMFOL_CELL_STR),         /* prose: the rule's title ("" when unknown) */
};
enum { FT_CELL, FT_UE, FT_LAYER, FT_FIRST, FT_FRAMES, FT_COUNT_N, FT_SUMMARY, FT_CHECK, FT_MISSING, FT_COUNT };
static const amfol_column finding_tail_cols[FT_COUNT] = {
    AMFOL_JCOL("cell", AMFOL_CELL_STR),
    AMFOL_JCOL("ue", AMFOL_CELL_STR),
    AMFOL_JCOL("layer", AMFOL_CELL_STR),
    AMFOL_JCOL("first_frame", AMFOL_CELL_UINT),
    AMFOL_JCOL("frames", AMFOL_CELL_TABLE),
    AMFOL_JCOL("count", AMFOL_CELL_UINT),
    AMFOL_JCOL("summary", AMFOL_CELL_STR),
    AMFOL_JCOL("check_next", AMFOL_CELL_STR),
    AMFOL_JOPT("evidence_missing", AMFOL_CELL_STR),   /* only on a note the evidence check made */
};
static const amfol_column frame_col[1] = { AMFOL_JCOL("frame", AMFOL_CELL_UINT) };

void amfol_report_finding_rows(const amfol_finding *x, amfol_rows **head_out, amfol_rows **tail_out)
{
    const amfol_rule *r = amfol_rule_get(x->rule_id);
    amfol_rows *head = amfol_rows_new("finding", AMFOL_ROWS_OBJECT, finding_head_cols, FH_COUNT, 1);
    amfol_rows_add(head);
    amfol_rows_str(head, FH_RULE, x->rule);
    amfol_rows_str(head, FH_SEVERITY, amfol_report_severity_name(x->severity));
    amfol_rows_str(head, FH_AMF, x->amf);
    amfol_rows_str(head, FH_GNB, x->gnb);
    amfol_rows_str(head, FH_TITLE_L, r ? r->title : "");
    amfol_rows *frames = amfol_rows_new("frames", AMFOL_ROWS_LIST, frame_col, 1, MAX(x->n_frames, 1));
    for (int k = 0; k < x->n_frames; k++) {
        amfol_rows_add(frames);
        amfol_rows_uint(frames, 0, x->frames[k]);
    }
    amfol_rows *tail = amfol_rows_new("finding", AMFOL_ROWS_OBJECT, finding_tail_cols, FT_COUNT, 1);
    amfol_rows_add(tail);
    amfol_rows_str(tail, FT_CELL, x->cell);
    amfol_rows_str(tail, FT_UE, x->ue);
    amfol_rows_str(tail, FT_LAYER, x->layer);
    amfol_rows_uint(tail, FT_FIRST, x->first_frame);
    amfol_rows_table(tail, FT_FRAMES, frames);
    amfol_rows_uint(tail, FT_COUNT_N, x->count);
    amfol_rows_str(tail, FT_SUMMARY, x->summary);
    amfol_rows_str(tail, FT_CHECK, r ? r->check_next : NULL);
    if (x->missing) {
        char missing[200];
        amfol_need_list(x->missing, missing, sizeof missing);
        amfol_rows_str(tail, FT_MISSING, missing);
    }
    *head_out = head;
    *tail_out = tail;
}

static void write_finding(json_dumper *d, amfol_engine *e, const amfol_finding *x)
{
    amfol_rows *head, *tail;
    amfol_report_finding_rows(x, &head, &tail);
    json_dumper_begin_object(d);
    amfol_rows_json_members(d, head);
    amfol_n2_report_gnb_associations(e, d, x->gnb);   /* one gNB, all its associations */
    amfol_rows_json_members(d, tail);
    char ue[AMFOL_UE_ID_LEN];
    if (amfol_ue_finding_sample(e, x, ue, sizeof ue)) {   /* tap/ue: the story of one of its UEs */
        json_dumper_set_member_name(d, "sample_ue");
        json_dumper_value_string(d, ue);
        json_dumper_set_member_name(d, "ue_story");
        char *cmd = g_strdup_printf("-z amfol,ue,%s", ue);
        json_dumper_value_string(d, cmd);
        g_free(cmd);
    }
    json_dumper_end_object(d);
    amfol_rows_free(head);
    amfol_rows_free(tail);
}

/* The catalogue itself, so that tests and tools read the rule set from the plugin they run. */
enum { RU_ID, RU_DOMAIN, RU_SEVERITY, RU_CLAUSE, RU_TITLE, RU_CHECK, RU_NEEDS, RU_COUNT };
static const amfol_column rule_cols[RU_COUNT] = {
    AMFOL_JCOL("id", AMFOL_CELL_STR),
    AMFOL_JCOL("domain", AMFOL_CELL_STR),
    AMFOL_JCOL("severity", AMFOL_CELL_STR),
    AMFOL_JCOL("ts_clause", AMFOL_CELL_STR),
    AMFOL_JCOL("title", AMFOL_CELL_STR),
    AMFOL_JCOL("check_next", AMFOL_CELL_STR),
    AMFOL_JCOL("needs", AMFOL_CELL_STR),         /* what the capture must hold (amfol_rule_needs.h) */
};

static amfol_rows *rule_rows(void)
{
    size_t n;
    const amfol_rule *rules = amfol_rules(&n);
    amfol_rows *t = amfol_rows_new("rules", AMFOL_ROWS_ARRAY, rule_cols, RU_COUNT, MAX(n, 1));
    for (size_t i = 0; i < n; i++) {
        amfol_rows_add(t);
        amfol_rows_str(t, RU_ID, rules[i].id);
        amfol_rows_str(t, RU_DOMAIN, amfol_domain_name(rules[i].domain));
        amfol_rows_str(t, RU_SEVERITY, amfol_report_severity_name(rules[i].severity));
        amfol_rows_str(t, RU_CLAUSE, rules[i].ts_clause);
        amfol_rows_str(t, RU_TITLE, rules[i].title);
        amfol_rows_str(t, RU_CHECK, rules[i].check_next);
        char needs[200];
        amfol_need_list(amfol_rule_needs(rules[i].num), needs, sizeof needs);
        amfol_rows_str(t, RU_NEEDS, needs);
    }
    return t;
}

/* A member written from rows: name, value, rows freed. */
static void rows_member(json_dumper *d, const char *name, amfol_rows *t)
{
    json_dumper_set_member_name(d, name);
    amfol_rows_json(d, t);
    amfol_rows_free(t);
}

void amfol_report_json(amfol_engine *e, GString *out)
{
    const amfol_findings *fs = amfol_engine_finish(e);
    json_dumper d = { 0 };
    d.output_string = out;
    d.flags = JSON_DUMPER_FLAGS_PRETTY_PRINT;
    json_dumper_begin_object(&d);
    json_dumper_set_member_name(&d, "amfol_version");
    json_dumper_value_string(&d, AMFOL_JSON_VERSION);
    rows_member(&d, "capture", amfol_report_capture_rows(e));
    static const amfol_n2_amf_children amf_children = {
        .symptoms = amfol_symptoms_amf_rows, .kpi = amfol_kpi_amf_rows,
    };
    amfol_n2_report_json(e, &d, &amf_children);
    amfol_rrc_report_json(e, &d);
    amfol_nas_report_json(e, &d);
    amfol_sbi_report_json(e, &d);
    amfol_report_coverage_json(e, &d);
    json_dumper_set_member_name(&d, "findings");
    json_dumper_begin_array(&d);
    for (size_t i = 0; i < amfol_findings_count(fs); i++)
        write_finding(&d, e, amfol_findings_get(fs, i));
    json_dumper_end_array(&d);
    json_dumper_set_member_name(&d, "findings_dropped");
    json_dumper_value_anyf(&d, "%u", amfol_findings_dropped(fs));
    uint64_t ues_left_out = 0;
    rows_member(&d, "ues", amfol_ue_json_rows(e, &ues_left_out));   /* sample UE stories (tap/ue) */
    json_dumper_set_member_name(&d, "ues_left_out");
    json_dumper_value_anyf(&d, "%" G_GUINT64_FORMAT, ues_left_out);
    rows_member(&d, "rules", rule_rows());
    json_dumper_end_object(&d);
    json_dumper_finish(&d);
}
