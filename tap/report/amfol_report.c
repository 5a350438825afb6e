/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_report.c: the timeline text (every module's section in turn) and the diagnosis text
 * (per-AMF headline, then the findings most severe first, in plain language). */
#include "amfol_report.h"

#include <string.h>
#include "../core/amfol_rules.h"

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

static void capture_line(amfol_engine *e, GString *out)
{
    const amfol_capture_info *cap = amfol_engine_capture(e);
    g_string_append_printf(out, "Capture: %" G_GUINT64_FORMAT " frames, %.3f s\n", cap->frames,
                           cap->frames ? cap->last_time - cap->first_time : 0.0);
    /* Said only when it happened, so that clean captures read as before. */
    if (cap->duplicates_ignored || cap->sctp_retransmissions_ignored)
        g_string_append_printf(out, "Ignored as seen before: %" G_GUINT64_FORMAT " duplicate frames "
                               "(same transport identity and payload, e.g. two probes), %" G_GUINT64_FORMAT
                               " SCTP retransmissions (every DATA chunk's TSN already seen)\n",
                               cap->duplicates_ignored, cap->sctp_retransmissions_ignored);
    if (cap->caveat)
        g_string_append_printf(out, "Caveat: %s\n", cap->caveat);
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
    amfol_symptoms_report_timeline(e, out);   /* issue 14 */
    g_string_append(out, "===\n");
}

static void entity(GString *out, const char *label, const char *v, bool *first)
{
    if (!v)
        return;
    g_string_append_printf(out, "%s%s %s", *first ? "" : ", ", label, v);
    *first = false;
}

void amfol_report_diagnosis(amfol_engine *e, GString *out)
{
    const amfol_findings *fs = amfol_engine_finish(e);
    g_string_append(out, "=== amfol diagnosis ===\n");
    capture_line(e, out);
    amfol_n2_report_headline(e, out);
    amfol_symptoms_report_headline(e, out);   /* issue 14 */
    size_t n = amfol_findings_count(fs);
    if (n == 0) {
        g_string_append(out, "No findings.\n===\n");
        return;
    }
    g_string_append_printf(out, "%zu finding%s, most severe first:\n", n, n == 1 ? "" : "s");
    for (size_t i = 0; i < n; i++) {
        const amfol_finding *x = amfol_findings_get(fs, i);
        const amfol_rule *r = amfol_rule_get(x->rule_id);
        g_string_append_printf(out, "\n%zu. [%s] %s: %s\n", i + 1, severity_name(x->severity), x->rule,
                               r ? r->title : "");
        bool first = true;
        g_string_append(out, "   Where: ");
        /* SBI rules name the producer NF there, which need not be an AMF (e.g. the NRF). */
        entity(out, strncmp(x->rule, "sbi-", 4) == 0 ? "NF" : "AMF", x->amf, &first);
        entity(out, "gNB", x->gnb, &first);
        entity(out, "cell", x->cell, &first);
        entity(out, "UE", x->ue, &first);
        entity(out, "layer", x->layer, &first);
        if (first)
            g_string_append(out, "-");
        g_string_append(out, "\n");
        if (x->summary)
            g_string_append_printf(out, "   What: %s\n", x->summary);
        g_string_append_printf(out, "   Evidence: first frame %u; frames", x->first_frame);
        for (int k = 0; k < x->n_frames; k++)
            g_string_append_printf(out, " %u", x->frames[k]);
        if (x->count > (uint32_t)x->n_frames)
            g_string_append_printf(out, " (count %u)", x->count);
        g_string_append(out, "\n");
        if (r)
            g_string_append_printf(out, "   Check next: %s\n", r->check_next);
    }
    if (amfol_findings_dropped(fs))
        g_string_append_printf(out, "\n(%u more findings not kept)\n", amfol_findings_dropped(fs));
    g_string_append(out, "===\n");
}
