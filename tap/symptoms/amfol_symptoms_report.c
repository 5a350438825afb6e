/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_symptoms_report.c: the symptom series as a timeline section (per-AMF prose, then the
 * bucket rows of amfol_symptoms_rows.c as text columns), amfs[].symptoms in the JSON document
 * (the same file's rows, docs/output.md), and one plain sentence per AMF for the diagnosis. */
#include "amfol_symptoms_internal.h"
#include "../core/amfol_engine_internal.h"
#include "../report/amfol_rows_write.h"

#include <string.h>

static double rel(const amfol_engine *e, amfol_time t)
{
    return t - e->cap.first_time;
}

static void timeline_amf(amfol_engine *e, const amfol_symptom_series *ser, GString *out)
{
    g_string_append_printf(out, "AMF %s: baseline ", ser->amf);
    if (ser->baseline_to > ser->baseline_from)
        g_string_append_printf(out, "t+%.1f..t+%.1f s:", rel(e, ser->baseline_from), rel(e, ser->baseline_to));
    else
        g_string_append(out, "(no traffic):");
    for (int k = 0; k < AMFOL_SYM_SERIES; k++) {
        const amfol_sym_baseline *b = &ser->baseline[k];
        if (b->source == AMFOL_BASELINE_NONE && b->samples == 0 && k > AMFOL_SYM_REGISTRATION)
            continue;
        if (b->source == AMFOL_BASELINE_NONE && b->samples)
            g_string_append_printf(out, " %s none (%u sample%s, p95 %.1f ms)", amfol_sym_series_name(k),
                                   b->samples, b->samples == 1 ? "" : "s", b->observed_p95_s * 1000);
        else if (b->source == AMFOL_BASELINE_NONE)
            g_string_append_printf(out, " %s none (0 samples)", amfol_sym_series_name(k));
        else
            g_string_append_printf(out, " %s p95 %.1f ms (%s)", amfol_sym_series_name(k), b->p95_s * 1000,
                                   b->source == AMFOL_BASELINE_USER ? "user" : "measured");
    }
    g_string_append(out, "\n");
    if (ser->onset_frame) {
        g_string_append_printf(out, "  sustained symptoms from frame %u (t+%.1f s) to t+%.1f s (",
                               ser->onset_frame, rel(e, ser->onset_time), rel(e, ser->run_end_time));
        char flags[48];
        const char *f = sym_flags_text(ser->onset_symptoms, flags, sizeof flags);
        g_string_append(out, f ? f : "-");
        g_string_append(out, ")");
        if (ser->peak_ratio > 0)
            g_string_append_printf(out, ", p95 up to %.1fx the baseline", ser->peak_ratio);
        g_string_append(out, "\n");
    }
    if (ser->control_frame)
        g_string_append_printf(out, "  overload control: %s, frame %u (t+%.1f s)\n", ser->control_kind,
                               ser->control_frame, rel(e, ser->control_time));
    else
        g_string_append(out, "  overload control: none seen\n");
    amfol_rows *t = amfol_symptoms_table_rows(e, ser->amf);
    if (amfol_rows_count(t))
        amfol_rows_text(out, t, "  ");
    amfol_rows_free(t);
}

void amfol_symptoms_report_timeline(amfol_engine *e, GString *out)
{
    size_t n = amfol_symptoms_amf_count(e);
    const amfol_symptom_series *first = amfol_symptoms_series(e, 0);
    g_string_append_printf(out, "--- Overload symptoms (buckets of %.0f s) ---\n", first ? first->bucket_s : 0.0);
    if (n == 0)
        g_string_append(out, "No AMF traffic on N2.\n");
    for (size_t i = 0; i < n; i++)
        timeline_amf(e, amfol_symptoms_series(e, i), out);
    const amfol_symptoms *s = e->symptoms;
    if (s->samples_dropped || s->pending_dropped || s->sbi_open_dropped || s->contexts_dropped || s->amfs_dropped)
        g_string_append_printf(out, "Not kept (caps): %u samples, %u pending requests, %u SBI requests, "
                               "%u UE contexts, %u AMFs\n", s->samples_dropped, s->pending_dropped,
                               s->sbi_open_dropped, s->contexts_dropped, s->amfs_dropped);
}

/* ---- diagnosis ----------------------------------------------------------------------------- */

/* The worst SBI slow-down of the run: producer name and p95 / baseline. */
static double sbi_peak(const amfol_symptom_series *ser, const char **who)
{
    double best = 0;
    for (size_t b = 0; b < ser->n_buckets; b++) {
        const amfol_symptom_bucket *k = &ser->buckets[b];
        if (k->start + k->duration_s <= ser->onset_time || k->start >= ser->run_end_time)
            continue;
        for (int s = AMFOL_SYM_FIRST_SBI; s < AMFOL_SYM_SERIES; s++)
            if (ser->baseline[s].source && ser->baseline[s].p95_s > 0 && k->latency[s].n &&
                k->latency[s].p95_s / ser->baseline[s].p95_s > best) {
                best = k->latency[s].p95_s / ser->baseline[s].p95_s;
                *who = amfol_sym_series_name(s);
            }
    }
    return best;
}

static uint32_t worst_unanswered_pct(const amfol_symptom_series *ser)
{
    uint32_t best = 0;
    for (size_t b = 0; b < ser->n_buckets; b++) {
        const amfol_symptom_bucket *k = &ser->buckets[b];
        if (k->requests && k->start + k->duration_s > ser->onset_time && k->start < ser->run_end_time)
            best = MAX(best, (uint32_t)(100.0 * k->unanswered / k->requests + 0.5));
    }
    return best;
}

void amfol_symptoms_report_headline(amfol_engine *e, GString *out)
{
    const amfol_config *cfg = &e->symptoms->cfg;
    for (size_t i = 0; i < amfol_symptoms_amf_count(e); i++) {
        const amfol_symptom_series *ser = amfol_symptoms_series(e, i);
        if (!ser->onset_frame) {
            bool requests = ser->baseline[AMFOL_SYM_INITIAL_UE].samples > 0;
            if (requests && ser->baseline[AMFOL_SYM_INITIAL_UE].source == AMFOL_BASELINE_NONE)
                g_string_append_printf(out, "AMF %s: no response-time baseline (fewer than %u answered "
                                       "requests in the calm start); set amfol.baseline_latency_ms\n",
                                       ser->amf, cfg->symptom_min_samples);
            continue;
        }
        g_string_append_printf(out, "AMF %s ", ser->amf);
        const char *who = NULL;
        double sbi = sbi_peak(ser, &who);
        if ((ser->onset_symptoms & AMFOL_SYM_SLOW) && ser->peak_ratio > 0)
            g_string_append_printf(out, "answered registrations %.0f\u00d7 slower", ser->peak_ratio);
        else if (ser->onset_symptoms & AMFOL_SYM_UNANSWERED)
            g_string_append_printf(out, "left up to %u %% of registrations unanswered", worst_unanswered_pct(ser));
        else if (who)
            g_string_append_printf(out, "waited %.0f\u00d7 longer for %s answers", sbi, who);
        else
            g_string_append(out, "showed overload symptoms");
        g_string_append_printf(out, " from t+%.0f s (frame %u), ", rel(e, ser->onset_time), ser->onset_frame);
        if (!ser->control_frame)
            g_string_append(out, "no overload control used\n");
        else if (ser->control_time - ser->onset_time >= cfg->control_late_s)
            g_string_append_printf(out, "first overload control (%s) %.0f s later\n", ser->control_kind,
                                   ser->control_time - ser->onset_time);
        else
            g_string_append_printf(out, "overload control (%s) in time\n", ser->control_kind);
    }
}
