/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_symptoms_report.c: the symptom series as a timeline section, as amfs[].symptoms in the
 * JSON document (docs/output.md), and as one plain sentence per AMF for the diagnosis. */
#include "amfol_symptoms_internal.h"
#include "../core/amfol_engine_internal.h"
#include "../report/amfol_json.h"

#include <string.h>

static double rel(const amfol_engine *e, amfol_time t)
{
    return t - e->cap.first_time;
}

static const char *baseline_source_name(int source)
{
    switch (source) {
    case AMFOL_BASELINE_MEASURED: return "measured";
    case AMFOL_BASELINE_USER: return "user";
    default: return "none";
    }
}

static void flags_text(unsigned flags, GString *out)
{
    static const struct { unsigned flag; const char *name; } names[] = {
        { AMFOL_SYM_SLOW, "slow" }, { AMFOL_SYM_SBI_SLOW, "sbi-slow" }, { AMFOL_SYM_UNANSWERED, "unanswered" },
    };
    bool first = true;
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++)
        if (flags & names[i].flag) {
            g_string_append_printf(out, "%s%s", first ? "" : ",", names[i].name);
            first = false;
        }
    if (first)
        g_string_append(out, "-");
}

static bool has_traffic(const amfol_symptom_bucket *b)
{
    return b->ngap_rate > 0 || b->requests > 0 || b->latency[AMFOL_SYM_SBI_UDM].n ||
           b->latency[AMFOL_SYM_SBI_AUSF].n || b->latency[AMFOL_SYM_SBI_UDR].n ||
           b->latency[AMFOL_SYM_SBI_PCF].n || b->latency[AMFOL_SYM_SBI_NRF].n;
}

static void ms_cell(GString *out, double s)
{
    if (s < 0)
        g_string_append_printf(out, " %7s", "-");
    else
        g_string_append_printf(out, " %7.1f", s * 1000);
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
        flags_text(ser->onset_symptoms, out);
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
    g_string_append(out, "     t+s  NGAP/s   NAS/s   IUM/s   req unans  p50 ms  p95 ms  reg p95"
                         " UDM p95 AUSFp95  UDRp95  PCFp95  NRFp95   ctx errInd setupF ovlRel symptoms\n");
    for (size_t b = 0; b < ser->n_buckets; b++) {
        const amfol_symptom_bucket *k = &ser->buckets[b];
        if (!has_traffic(k))
            continue;
        g_string_append_printf(out, "  %6.0f %7.1f %7.1f %7.1f %5u %5u", k->start_rel_s, k->ngap_rate,
                               k->nas_rate, k->initial_ue_rate, k->requests, k->unanswered);
        ms_cell(out, k->latency[AMFOL_SYM_INITIAL_UE].p50_s);
        ms_cell(out, k->latency[AMFOL_SYM_INITIAL_UE].p95_s);
        for (int s = AMFOL_SYM_REGISTRATION; s < AMFOL_SYM_SERIES; s++)
            ms_cell(out, k->latency[s].p95_s);
        g_string_append_printf(out, " %5u %6u %6u %6u ", k->ue_contexts, k->error_indications,
                               k->ng_setup_failures, k->overload_releases);
        flags_text(k->symptoms, out);
        g_string_append(out, "\n");
    }
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

/* ---- JSON ---------------------------------------------------------------------------------- */

static void j_ms_or_null(json_dumper *d, const char *name, double s)
{
    json_dumper_set_member_name(d, name);
    if (s < 0)
        json_dumper_value_anyf(d, "null");
    else
        json_dumper_value_anyf(d, "%.3f", s * 1000);
}

static void j_double(json_dumper *d, const char *name, double v)
{
    json_dumper_set_member_name(d, name);
    json_dumper_value_anyf(d, "%.3f", v);
}

static void j_latency(json_dumper *d, const amfol_sym_latency *l)
{
    json_dumper_begin_object(d);
    amfol_json_uint(d, "n", l->n);
    j_ms_or_null(d, "p50_ms", l->p50_s);
    j_ms_or_null(d, "p95_ms", l->p95_s);
    json_dumper_end_object(d);
}

static void j_bucket(json_dumper *d, const amfol_symptom_bucket *k)
{
    json_dumper_begin_object(d);
    amfol_json_time(d, "start", k->start);
    j_double(d, "start_rel_s", k->start_rel_s);
    j_double(d, "duration_s", k->duration_s);
    j_double(d, "ngap_rate", k->ngap_rate);
    j_double(d, "nas_rate", k->nas_rate);
    j_double(d, "initial_ue_rate", k->initial_ue_rate);
    amfol_json_uint(d, "requests", k->requests);
    amfol_json_uint(d, "unanswered", k->unanswered);
    json_dumper_set_member_name(d, "latency");
    json_dumper_begin_object(d);
    for (int s = AMFOL_SYM_INITIAL_UE; s <= AMFOL_SYM_REGISTRATION; s++) {
        json_dumper_set_member_name(d, amfol_sym_series_name(s));
        j_latency(d, &k->latency[s]);
    }
    json_dumper_end_object(d);
    json_dumper_set_member_name(d, "sbi_latency");
    json_dumper_begin_object(d);
    for (int s = AMFOL_SYM_FIRST_SBI; s < AMFOL_SYM_SERIES; s++) {
        json_dumper_set_member_name(d, amfol_sym_series_name(s));
        j_latency(d, &k->latency[s]);
    }
    json_dumper_end_object(d);
    amfol_json_uint(d, "ue_contexts", k->ue_contexts);
    amfol_json_uint(d, "error_indications", k->error_indications);
    amfol_json_uint(d, "ng_setup_failures", k->ng_setup_failures);
    amfol_json_uint(d, "overload_releases", k->overload_releases);
    GString *f = g_string_new(NULL);
    flags_text(k->symptoms, f);
    amfol_json_str(d, "symptoms", k->symptoms ? f->str : NULL);
    g_string_free(f, TRUE);
    json_dumper_end_object(d);
}

void amfol_symptoms_report_json_amf(amfol_engine *e, const char *amf, json_dumper *d)
{
    const amfol_symptom_series *ser = NULL;
    for (size_t i = 0; i < amfol_symptoms_amf_count(e) && !ser; i++)
        if (strcmp(amfol_symptoms_series(e, i)->amf, amf) == 0)
            ser = amfol_symptoms_series(e, i);
    json_dumper_set_member_name(d, "symptoms");
    if (!ser) {
        json_dumper_value_anyf(d, "null");
        return;
    }
    json_dumper_begin_object(d);
    j_double(d, "bucket_s", ser->bucket_s);
    json_dumper_set_member_name(d, "baseline");
    json_dumper_begin_object(d);
    bool window = ser->baseline_to > ser->baseline_from;
    json_dumper_set_member_name(d, "from_rel_s");
    json_dumper_value_anyf(d, window ? "%.3f" : "null", rel(e, ser->baseline_from));
    json_dumper_set_member_name(d, "to_rel_s");
    json_dumper_value_anyf(d, window ? "%.3f" : "null", rel(e, ser->baseline_to));
    for (int s = 0; s < AMFOL_SYM_SERIES; s++) {
        const amfol_sym_baseline *b = &ser->baseline[s];
        json_dumper_set_member_name(d, amfol_sym_series_name(s));
        json_dumper_begin_object(d);
        amfol_json_str(d, "source", baseline_source_name(b->source));
        j_ms_or_null(d, "p95_ms", b->source ? b->p95_s : -1);
        amfol_json_uint(d, "samples", b->samples);
        j_ms_or_null(d, "observed_p95_ms", b->observed_p95_s);
        json_dumper_end_object(d);
    }
    json_dumper_end_object(d);
    json_dumper_set_member_name(d, "onset_frame");
    json_dumper_value_anyf(d, ser->onset_frame ? "%u" : "null", ser->onset_frame);
    json_dumper_set_member_name(d, "onset_rel_s");
    json_dumper_value_anyf(d, ser->onset_frame ? "%.3f" : "null", rel(e, ser->onset_time));
    json_dumper_set_member_name(d, "control_frame");
    json_dumper_value_anyf(d, ser->control_frame ? "%u" : "null", ser->control_frame);
    amfol_json_str(d, "control", ser->control_frame ? ser->control_kind : NULL);
    json_dumper_set_member_name(d, "buckets");
    json_dumper_begin_array(d);
    for (size_t b = 0; b < ser->n_buckets; b++)
        j_bucket(d, &ser->buckets[b]);
    json_dumper_end_array(d);
    json_dumper_end_object(d);
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
