/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_report.c: the timeline text (every module's section in turn) and the diagnosis text
 * (per-AMF headline, then the findings most severe first, in plain language). */
#include "amfol_report.h"

#include <string.h>
#include "../core/amfol_rules.h"
#include "../core/amfol_rows_line.h"

static const char *severity_name(int sev)
{
    switch (sev) {
    case AMFOL_SEV_ERROR: return "error";
    case AMFOL_SEV_WARNING: return "warning";
    default: return "note";
    }
}

const char *amfol_report_severity_name(int severity)
{
    return severity_name(severity);
}

/* The capture line(s), from the document's capture rows. */
static void capture_line(amfol_engine *e, GString *out)
{
    amfol_rows *t = amfol_report_capture_rows(e);
    amfol_rows_line(out, t, 0, "Capture: {frames} frames, {duration_s:%.3f} s\n");
    /* Said only when it happened, so that clean captures read as before. */
    if (amfol_rows_get_uint(t, 0, amfol_rows_find_column(t, "duplicates_ignored")) ||
        amfol_rows_get_uint(t, 0, amfol_rows_find_column(t, "sctp_retransmissions_ignored")))
        amfol_rows_line(out, t, 0, "Ignored as seen before: {duplicates_ignored} duplicate frames (same transport "
                                   "identity and payload, e.g. two probes), {sctp_retransmissions_ignored} SCTP "
                                   "retransmissions (every DATA chunk's TSN already seen)\n");
    if (amfol_rows_has(t, 0, amfol_rows_find_column(t, "relays")))
        amfol_rows_line(out, t, 0, "Relayed: one AMF seen through a relay, each NGAP message counted once on the "
                                   "gNB side ({relayed_ignored} frames of the relay's AMF side not counted again): "
                                   "{relays}\n");
    if (amfol_rows_has(t, 0, amfol_rows_find_column(t, "unread_dissector_stopped")))
        amfol_rows_line(out, t, 0, "Not read: {unread_dissector_stopped} frames that a Wireshark dissector stopped before "
                                   "amfol could see them (most often a packet whose protocol layers reach "
                                   "gui.max_tree_depth, e.g. ~170 bundled NGAP PDUs): counts below miss their "
                                   "messages; rerun with -o gui.max_tree_depth:5000\n");
    if (amfol_rows_has(t, 0, amfol_rows_find_column(t, "unread_fields_cut")))
        amfol_rows_line(out, t, 0, "Read in part: {unread_fields_cut} frames with more fields of interest than amfol "
                                   "reads per frame (amfol.fields_truncated)\n");
    if (amfol_rows_has(t, 0, amfol_rows_find_column(t, "caveat")))
        amfol_rows_line(out, t, 0, "Caveat: {caveat}\n");
    amfol_rows_free(t);
}

void amfol_report_timeline(amfol_engine *e, GString *out)
{
    amfol_engine_finish(e);
    g_string_append(out, "=== amfol timeline ===\n");
    capture_line(e, out);
    amfol_n2_report_timeline(e, out);
    amfol_rrc_report_timeline(e, out);
    amfol_nas_report_timeline(e, out);
    amfol_sbi_report_timeline(e, out);
    amfol_symptoms_report_timeline(e, out);
    g_string_append(out, "===\n");
}

static bool has(const amfol_rows *t, const char *name)
{
    return amfol_rows_has(t, 0, amfol_rows_find_column(t, name));
}

/* ", gNB gnb-1": one entity of a finding when it has one. */
static void entity(GString *out, const amfol_rows *t, const char *tmpl, const char *name, bool *first)
{
    if (!has(t, name))
        return;
    g_string_append(out, *first ? "" : ", ");
    amfol_rows_line(out, t, 0, tmpl);
    *first = false;
}

/* One finding in plain language, from the rows of its JSON object. */
static void diagnosis_finding(GString *out, size_t i, const amfol_rows *head, const amfol_rows *tail)
{
    g_string_append_printf(out, "\n%zu. ", i + 1);
    amfol_rows_line(out, head, 0, "[{severity}] {rule}: {title}\n");
    bool first = true;
    g_string_append(out, "   Where: ");
    /* SBI rules name the producer NF there, which need not be an AMF (e.g. the NRF). */
    entity(out, head, strncmp(amfol_rows_get_str(head, 0, 0), "sbi-", 4) == 0 ? "NF {amf}" : "AMF {amf}", "amf", &first);
    entity(out, head, "gNB {gnb}", "gnb", &first);
    entity(out, tail, "cell {cell}", "cell", &first);
    entity(out, tail, "UE {ue}", "ue", &first);
    entity(out, tail, "layer {layer}", "layer", &first);
    g_string_append(out, first ? "-\n" : "\n");
    if (has(tail, "summary"))
        amfol_rows_line(out, tail, 0, "   What: {summary}\n");
    const amfol_rows *frames = amfol_rows_get_table(tail, 0, amfol_rows_find_column(tail, "frames"));
    amfol_rows_line(out, tail, 0, amfol_rows_count(frames) ? "   Evidence: first frame {first_frame}; frames {frames}"
                                                           : "   Evidence: first frame {first_frame}; frames");
    if (amfol_rows_get_uint(tail, 0, amfol_rows_find_column(tail, "count")) > amfol_rows_count(frames))
        amfol_rows_line(out, tail, 0, " (count {count})");
    g_string_append(out, "\n");
    if (has(tail, "check_next"))
        amfol_rows_line(out, tail, 0, "   Check next: {check_next}\n");
}

static void diagnosis(amfol_engine *e, GString *out, bool full_coverage)
{
    const amfol_findings *fs = amfol_engine_finish(e);
    g_string_append(out, "=== amfol diagnosis ===\n");
    capture_line(e, out);
    amfol_n2_report_headline(e, out);
    amfol_symptoms_report_headline(e, out);
    if (full_coverage)
        amfol_report_coverage_detail(e, out);
    else
        amfol_report_coverage_text(e, out);
    size_t n = amfol_findings_count(fs);
    if (n == 0) {
        g_string_append(out, "No findings.\n===\n");
        return;
    }
    g_string_append_printf(out, "%zu finding%s, most severe first:\n", n, n == 1 ? "" : "s");
    for (size_t i = 0; i < n; i++) {
        amfol_rows *head, *tail;
        amfol_report_finding_rows(amfol_findings_get(fs, i), &head, &tail);
        diagnosis_finding(out, i, head, tail);
        char ue[AMFOL_UE_ID_LEN];
        if (amfol_ue_finding_sample(e, amfol_findings_get(fs, i), ue, sizeof ue))   /* tap/ue */
            g_string_append_printf(out, "   Sample UE: %s; its story: -z amfol,ue,%s\n", ue, ue);
        amfol_rows_free(head);
        amfol_rows_free(tail);
    }
    if (amfol_findings_dropped(fs))
        g_string_append_printf(out, "\n(%u more findings not kept)\n", amfol_findings_dropped(fs));
    g_string_append(out, "===\n");
}

void amfol_report_diagnosis(amfol_engine *e, GString *out)
{
    diagnosis(e, out, false);
}

void amfol_report_diagnosis_full(amfol_engine *e, GString *out)
{
    diagnosis(e, out, true);
}
