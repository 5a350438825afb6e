/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_symptoms_report.c: the symptom series as a timeline section (per-AMF prose, then the
 * bucket rows of amfol_symptoms_rows.c as text columns) and one plain sentence per AMF for the
 * diagnosis, both written by amfol_rows_line() from amfol_symptoms_report_rows(): the same
 * series rows as amfs[].symptoms in the JSON document (docs/output.md). */
#include "amfol_symptoms_internal.h"
#include "../core/amfol_rows_line.h"
#include "../core/amfol_rows_write.h"

#include <string.h>

static size_t col(const amfol_rows *t, const char *name)
{
    return amfol_rows_find_column(t, name);
}

static bool has(const amfol_rows *t, size_t r, const char *name)
{
    return amfol_rows_has(t, r, col(t, name));
}

/* " UDM p95 12.0 ms (measured)": one series of the baseline, named by its column. */
static void timeline_baseline(const amfol_rows *bl, size_t c, bool first_two, GString *out)
{
    const char *name = amfol_rows_column(bl, c)->key;
    const amfol_rows *x = amfol_rows_get_table(bl, 0, c);
    bool none = strcmp(amfol_rows_get_str(x, 0, col(x, "source")), "none") == 0;
    uint64_t samples = amfol_rows_get_uint(x, 0, col(x, "samples"));
    if (none && samples == 0 && !first_two)
        return;
    g_string_append_printf(out, " %s", name);
    if (none && samples)
        amfol_rows_line(out, x, 0, samples == 1 ? " none ({samples} sample, p95 {observed_p95_ms:%.1f} ms)"
                                                : " none ({samples} samples, p95 {observed_p95_ms:%.1f} ms)");
    else if (none)
        g_string_append(out, " none (0 samples)");
    else
        amfol_rows_line(out, x, 0, " p95 {p95_ms:%.1f} ms ({source})");
}

static void timeline_amf(amfol_engine *e, const amfol_rows *t, size_t r, GString *out)
{
    const amfol_rows *bl = amfol_rows_get_table(t, r, col(t, "baseline"));
    amfol_rows_line(out, t, r, "AMF {amf}: baseline ");
    amfol_rows_line(out, bl, 0, has(bl, 0, "from_rel_s") ? "t+{from_rel_s:%.1f}..t+{to_rel_s:%.1f} s:" : "(no traffic):");
    for (size_t c = 0, k = 0; c < amfol_rows_ncols(bl); c++)
        if (amfol_rows_column(bl, c)->type == AMFOL_CELL_TABLE)
            timeline_baseline(bl, c, k++ < 2, out);     /* initial-ue and registration always */
    g_string_append(out, "\n");
    if (has(t, r, "onset_frame")) {
        amfol_rows_line(out, t, r, "  sustained symptoms from frame {onset_frame} (t+{onset_rel_s:%.1f} s) to "
                                   "t+{run_end_rel_s:%.1f} s ({onset_symptoms})");
        if (has(t, r, "peak_ratio"))
            amfol_rows_line(out, t, r, ", p95 up to {peak_ratio:%.1f}x the baseline");
        g_string_append(out, "\n");
    }
    amfol_rows_line(out, t, r, has(t, r, "control_frame")
                               ? "  overload control: {control}, frame {control_frame} (t+{control_rel_s:%.1f} s)\n"
                               : "  overload control: none seen\n");
    amfol_rows *b = amfol_symptoms_table_rows(e, amfol_rows_get_str(t, r, col(t, "amf")));
    if (amfol_rows_count(b))
        amfol_rows_text(out, b, "  ");
    amfol_rows_free(b);
}

void amfol_symptoms_report_timeline(amfol_engine *e, GString *out)
{
    amfol_rows *t = amfol_symptoms_report_rows(e);
    const amfol_rows *amfs = amfol_rows_get_table(t, 0, col(t, "amfs"));
    amfol_rows_line(out, t, 0, "--- Overload symptoms (buckets of {bucket_s:%.0f} s) ---\n");
    if (amfol_rows_count(amfs) == 0)
        g_string_append(out, "No AMF traffic on N2.\n");
    for (size_t i = 0; i < amfol_rows_count(amfs); i++)
        timeline_amf(e, amfs, i, out);
    static const char *const caps[] = {
        "samples_dropped", "pending_dropped", "sbi_open_dropped", "contexts_dropped", "amfs_dropped",
    };
    bool any = false;
    for (size_t k = 0; k < G_N_ELEMENTS(caps); k++)
        any |= amfol_rows_get_uint(t, 0, col(t, caps[k])) != 0;
    if (any)
        amfol_rows_line(out, t, 0, "Not kept (caps): {samples_dropped} samples, {pending_dropped} pending requests, "
                                   "{sbi_open_dropped} SBI requests, {contexts_dropped} UE contexts, "
                                   "{amfs_dropped} AMFs\n");
    amfol_rows_free(t);
}

/* ---- diagnosis ----------------------------------------------------------------------------- */

/* What else the AMF said about its overload (evidence, said only when it did). */
static void other_words(const amfol_rows *t, size_t r, GString *out)
{
    if (amfol_rows_get_uint(t, r, col(t, "error_indications")))
        amfol_rows_line(out, t, r, "; {error_indications} ERROR INDICATIONs (a report, not a control)");
    if (amfol_rows_get_uint(t, r, col(t, "ng_setup_failures")))
        amfol_rows_line(out, t, r, "; {ng_setup_failures} NG SETUP FAILUREs");
    if (amfol_rows_get_uint(t, r, col(t, "overload_releases")))
        amfol_rows_line(out, t, r, "; {overload_releases} UE releases for overload");
}

/* The AMF's first control is one of its other N2 words (TS 38.413: NG SETUP FAILURE with Time To
 * Wait, UE CONTEXT RELEASE for overload, a lowered RelativeAMFCapacity), or it released UEs for
 * overload. OVERLOAD START has the N2 headline; NAS and SBI controls have their own sections. */
static bool n2_pushback(const amfol_rows *t, size_t r)
{
    if (amfol_rows_get_uint(t, r, col(t, "overload_releases")))
        return true;
    if (!has(t, r, "control_frame"))
        return false;
    const char *kind = amfol_rows_get_str(t, r, col(t, "control"));
    return kind && (g_str_has_prefix(kind, "NG SETUP FAILURE") || g_str_has_prefix(kind, "UE CONTEXT RELEASE") ||
                    g_str_has_prefix(kind, "AMF CONFIGURATION UPDATE"));
}

static void headline_amf(const amfol_rows *top, const amfol_rows *t, size_t r, GString *out)
{
    if (!has(t, r, "onset_frame") && n2_pushback(t, r)) {
        /* No symptom run, but the AMF pushed back on N2 in other words than OVERLOAD START. */
        amfol_rows_line(out, t, r, "AMF {amf} said overload in other words");
        if (has(t, r, "control_frame"))
            amfol_rows_line(out, t, r, ": first {control} at frame {control_frame} (t+{control_rel_s:%.0f} s)");
        other_words(t, r, out);
        g_string_append(out, "; no sustained slow or unanswered requests measured\n");
        return;
    }
    if (!has(t, r, "onset_frame")) {
        const amfol_rows *bl = amfol_rows_get_table(t, r, col(t, "baseline"));
        const amfol_rows *iue = amfol_rows_get_table(bl, 0, col(bl, "initial-ue"));
        if (amfol_rows_get_uint(iue, 0, col(iue, "samples")) &&
            strcmp(amfol_rows_get_str(iue, 0, col(iue, "source")), "none") == 0) {
            amfol_rows_line(out, t, r, "AMF {amf}: ");
            amfol_rows_line(out, top, 0, "no response-time baseline (fewer than {min_samples} answered "
                                         "requests in the calm start); set amfol.baseline_latency_ms\n");
        }
        return;
    }
    amfol_rows_line(out, t, r, "AMF {amf} ");
    if (amfol_rows_get_bool(t, r, col(t, "onset_slow")) && has(t, r, "peak_ratio"))
        amfol_rows_line(out, t, r, "answered registrations {peak_ratio:%.0f}\u00d7 slower");
    else if (amfol_rows_get_bool(t, r, col(t, "onset_unanswered")))
        amfol_rows_line(out, t, r, "left up to {worst_unanswered_pct} % of registrations unanswered");
    else if (has(t, r, "sbi_peak_series"))
        amfol_rows_line(out, t, r, "waited {sbi_peak_ratio:%.0f}\u00d7 longer for {sbi_peak_series} answers");
    else
        g_string_append(out, "showed overload symptoms");
    amfol_rows_line(out, t, r, " from t+{onset_rel_s:%.0f} s (frame {onset_frame}), ");
    if (!has(t, r, "control_frame"))
        g_string_append(out, "no overload control used");
    else if (amfol_rows_get_bool(t, r, col(t, "control_late")))
        amfol_rows_line(out, t, r, "first overload control ({control}) {control_delay_s:%.0f} s later");
    else
        amfol_rows_line(out, t, r, "overload control ({control}) in time");
    other_words(t, r, out);
    g_string_append(out, "\n");
}

void amfol_symptoms_report_headline(amfol_engine *e, GString *out)
{
    amfol_rows *t = amfol_symptoms_report_rows(e);
    const amfol_rows *amfs = amfol_rows_get_table(t, 0, col(t, "amfs"));
    for (size_t i = 0; i < amfol_rows_count(amfs); i++)
        headline_amf(t, amfs, i, out);
    amfol_rows_free(t);
}
