/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_correlate_control.c: overload-control-absent and overload-control-late (docs/faults.md).
 * TS 23.501 §5.19 gives an overloaded AMF its controls (N2 OVERLOAD START, NAS congestion
 * rejects with back-off, SBI overload control, load to the NRF); when it is overloaded is left
 * to the implementation, so the thresholds are amfol's policy, taken from the article's
 * monitoring table, and said to be so. A sustained symptom run with no control, or with the
 * first control late, is a warning only when the AMF's own answers show it (answer time,
 * unanswered share); a slow UDM / UDR / AUSF alone is a note naming that NF. */
#include "amfol_correlate_internal.h"
#include "amfol_coverage.h"
#include "../symptoms/amfol_symptoms.h"   /* the query API: amfol_symptoms_series() */

#include <stdio.h>

/* The symptom flags of every bucket of the sustained run. */
static unsigned run_flags(const amfol_symptom_series *ser)
{
    unsigned flags = 0;
    for (size_t b = 0; b < ser->n_buckets; b++) {
        const amfol_symptom_bucket *k = &ser->buckets[b];
        if (k->start + k->duration_s > ser->onset_time && k->start < ser->run_end_time)
            flags |= k->symptoms;
    }
    return flags;
}

/* The SBI producer type whose answers slowed most in the run, against its own baseline. */
static const char *slowest_producer(const amfol_symptom_series *ser, double *ratio)
{
    const char *who = NULL;
    *ratio = 0;
    for (int s = AMFOL_SYM_FIRST_SBI; s < AMFOL_SYM_SERIES; s++) {
        double base = ser->baseline[s].source ? ser->baseline[s].p95_s : 0;
        for (size_t b = 0; base > 0 && b < ser->n_buckets; b++) {
            const amfol_symptom_bucket *k = &ser->buckets[b];
            bool in_run = k->start + k->duration_s > ser->onset_time && k->start < ser->run_end_time;
            if (in_run && k->latency[s].n && k->latency[s].p95_s / base > *ratio) {
                *ratio = k->latency[s].p95_s / base;
                who = amfol_sym_series_name(s);
            }
        }
    }
    return who;
}

/* What the AMF's answers showed, or which producer was slow; the policy and what the capture
 * cannot see. */
static void explain(amfol_engine *e, const amfol_symptom_series *ser, bool own, GString *s)
{
    const amfol_config *cfg = &e->cfg;
    double ratio;
    const char *who = slowest_producer(ser, &ratio);
    if (!own)
        g_string_append_printf(s, ". Only %s answered slowly (p95 up to %.1fx its baseline); the AMF's own "
                               "answers stayed within amfol's thresholds: a slow %s, not an AMF whose answers "
                               "show overload", who ? who : "an SBI producer", ratio, who ? who : "producer");
    g_string_append_printf(s, ". Thresholds are amfol's policy after the article's monitoring table, no "
                           "3GPP clause: answer p95 >= %ux baseline and >= %u ms, >= %u %% unanswered, "
                           "SBI p95 >= %ux baseline, for >= %u s", cfg->symptom_latency_factor,
                           cfg->symptom_latency_min_ms, cfg->symptom_unanswered_pct, cfg->symptom_sbi_factor,
                           cfg->symptom_min_s);
    uint64_t all = 0, readable = 0;
    amfol_coverage_nas_of(e, ser->amf, &all, &readable);
    g_string_append(s, ". Not visible in this capture: OVERLOAD STARTs to gNBs outside it");
    if (readable < all)
        g_string_append_printf(s, ", #22 in ciphered NAS (%.0f %% of its NAS)",
                               100.0 * (double)(all - readable) / (double)all);
    g_string_append(s, ", REROUTE NAS REQUEST and RelativeAMFCapacity changes on associations not captured");
}

/* The AMF's other overload words over the whole capture (TS 38.413; docs/faults.md): ERROR
 * INDICATIONs report, they control nothing; NG SETUP FAILUREs that are not a control (no Time To
 * Wait or no overload cause) are said too. */
static void other_words(const amfol_symptom_series *ser, bool absent, GString *s)
{
    uint64_t err = 0, fail = 0, rel = 0;
    for (size_t b = 0; b < ser->n_buckets; b++) {
        err += ser->buckets[b].error_indications;
        fail += ser->buckets[b].ng_setup_failures;
        rel += ser->buckets[b].overload_releases;
    }
    if (!err && !fail && !rel)
        return;
    g_string_append(s, ". Its other words:");
    const char *sep = " ";
    if (err) {
        g_string_append_printf(s, "%s%" G_GUINT64_FORMAT " ERROR INDICATIONs (a report, not a control)", sep, err);
        sep = ", ";
    }
    if (fail) {
        g_string_append_printf(s, "%s%" G_GUINT64_FORMAT " NG SETUP FAILUREs%s", sep, fail,
                               absent ? " (without Time To Wait or an overload cause: not a control)" : "");
        sep = ", ";
    }
    if (rel)
        g_string_append_printf(s, "%s%" G_GUINT64_FORMAT " UE releases for overload", sep, rel);
}

static const char *symptom_words(unsigned flags)
{
    if (flags & AMFOL_SYM_SLOW)
        return "slow answers";
    if (flags & AMFOL_SYM_UNANSWERED)
        return "unanswered requests";
    return "slow SBI answers";
}

void corr_control(amfol_engine *e, amfol_findings *out)
{
    const amfol_config *cfg = &e->cfg;
    size_t n = amfol_symptoms_amf_count(e);
    for (size_t i = 0; i < n; i++) {
        const amfol_symptom_series *ser = amfol_symptoms_series(e, i);
        if (!ser->onset_frame)
            continue;
        double onset_rel = ser->onset_time - e->cap.first_time;
        double run_s = ser->run_end_time - ser->onset_time;
        unsigned flags = run_flags(ser) | ser->onset_symptoms;
        bool own = (flags & (AMFOL_SYM_SLOW | AMFOL_SYM_UNANSWERED)) != 0;
        GString *s = g_string_new(NULL);
        amfol_finding *x;
        if (!ser->control_frame) {
            x = amfol_findings_add(out, AMFOL_RULE_OVERLOAD_CONTROL_ABSENT);
            if (!x) {
                g_string_free(s, TRUE);
                continue;
            }
            /* Evidence: the onset (the run itself is in the symptom series). */
            amfol_finding_add_frame(x, ser->onset_frame);
            g_string_printf(s, "AMF %s shows %s from frame %u (t+%.1f s) for %.0f s, and used no overload "
                            "control (no OVERLOAD START, NAS congestion reject, SBI 503/429/OCI or NRF load "
                            ">= %u %%)", ser->amf, symptom_words(flags), ser->onset_frame, onset_rel, run_s,
                            cfg->nrf_load_high);
        } else if (ser->control_time - ser->onset_time >= cfg->control_late_s) {
            x = amfol_findings_add(out, AMFOL_RULE_OVERLOAD_CONTROL_LATE);
            if (!x) {
                g_string_free(s, TRUE);
                continue;
            }
            amfol_finding_add_frame(x, ser->onset_frame);
            amfol_finding_add_frame(x, ser->control_frame);
            g_string_printf(s, "AMF %s shows %s from frame %u (t+%.1f s); its first overload control (%s, "
                            "frame %u) came %.1f s later (limit %u s)", ser->amf, symptom_words(flags),
                            ser->onset_frame, onset_rel, ser->control_kind, ser->control_frame,
                            ser->control_time - ser->onset_time, cfg->control_late_s);
        } else {
            g_string_free(s, TRUE);
            continue;
        }
        amfol_finding_set_entities(x, ser->amf, NULL, NULL, NULL);
        x->first_frame = ser->onset_frame;
        x->count = 1;
        if (!own)
            x->severity = AMFOL_SEV_NOTE;
        other_words(ser, !ser->control_frame, s);
        explain(e, ser, own, s);
        amfol_finding_set_summary(x, "%s.", s->str);
        g_string_free(s, TRUE);
    }
}
