/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_symptoms_rules.c: overload-control-absent and overload-control-late (docs/faults.md).
 * TS 23.501 §5.19 gives an overloaded AMF its controls (N2 OVERLOAD START, NAS congestion
 * rejects with back-off, SBI overload control, load to the NRF); the article's monitoring
 * table says when it is overloaded. A sustained symptom run with no control, or with the first
 * control late, is the finding. */
#include "amfol_symptoms_internal.h"
#include "../core/amfol_engine_internal.h"

#include <math.h>

static const char *symptom_words(unsigned flags)
{
    if (flags & AMFOL_SYM_SLOW)
        return "slow answers";
    if (flags & AMFOL_SYM_UNANSWERED)
        return "unanswered requests";
    return "slow SBI answers";
}

/* Evidence: the onset frame, then the first symptomatic request of each later bucket of the run
 * (kept frames are capped by the findings list). */
static void run_frames(amfol_engine *e, int amf, const amfol_symptom_series *ser, amfol_finding *x)
{
    amfol_finding_add_frame(x, ser->onset_frame);
    x->first_frame = ser->onset_frame;
    const amfol_symptoms *s = e->symptoms;
    amfol_frame *best = g_new0(amfol_frame, ser->n_buckets);
    for (guint i = 0; i < s->samples->len; i++) {
        const sym_sample *y = &g_array_index(s->samples, sym_sample, i);
        double b = floor((y->t - e->cap.first_time) / ser->bucket_s);
        if (!(b >= 0 && b < ser->n_buckets) || sym_sample_owner(s, y) != amf)
            continue;
        const amfol_symptom_bucket *bk = &ser->buckets[(size_t)b];
        if (bk->symptoms && sym_sample_shows(&s->cfg, ser, y, bk->symptoms) &&
            (!best[(size_t)b] || y->frame < best[(size_t)b]))
            best[(size_t)b] = y->frame;
    }
    for (size_t b = 0; b < ser->n_buckets; b++) {
        const amfol_symptom_bucket *bk = &ser->buckets[b];
        if (bk->start + bk->duration_s <= ser->onset_time || bk->start >= ser->run_end_time)
            continue;
        x->count++;
        if (best[b] && best[b] != ser->onset_frame)
            amfol_finding_add_frame(x, best[b]);
    }
    g_free(best);
}

void amfol_symptoms_finish(amfol_engine *e, amfol_findings *out)
{
    amfol_symptoms *s = e->symptoms;
    sym_series_compute(e);
    const amfol_config *cfg = &s->cfg;
    for (guint i = 0; i < s->series->len; i++) {
        const amfol_symptom_series *ser = &g_array_index(s->series, amfol_symptom_series, i);
        if (!ser->onset_frame)
            continue;
        double onset_rel = ser->onset_time - e->cap.first_time;
        double run_s = ser->run_end_time - ser->onset_time;
        if (!ser->control_frame) {
            amfol_finding *x = amfol_findings_add(out, "overload-control-absent");
            if (!x)
                continue;
            amfol_finding_set_entities(x, ser->amf, NULL, NULL, NULL);
            run_frames(e, g_array_index(s->series_amf, int, i), ser, x);
            amfol_finding_set_summary(x,
                "AMF %s shows %s from frame %u (t+%.1f s) for %.0f s, and used no overload control "
                "(no OVERLOAD START, NAS congestion reject, SBI 503/429/OCI or NRF load >= %u %%)",
                ser->amf, symptom_words(ser->onset_symptoms), ser->onset_frame, onset_rel, run_s,
                cfg->nrf_load_high);
        } else if (ser->control_time - ser->onset_time >= cfg->control_late_s) {
            amfol_finding *x = amfol_findings_add(out, "overload-control-late");
            if (!x)
                continue;
            amfol_finding_set_entities(x, ser->amf, NULL, NULL, NULL);
            amfol_finding_add_frame(x, ser->onset_frame);
            amfol_finding_add_frame(x, ser->control_frame);
            x->first_frame = ser->onset_frame;
            x->count = 1;
            amfol_finding_set_summary(x,
                "AMF %s shows %s from frame %u (t+%.1f s); its first overload control (%s, frame %u) "
                "came %.1f s later (limit %u s)",
                ser->amf, symptom_words(ser->onset_symptoms), ser->onset_frame, onset_rel,
                ser->control_kind, ser->control_frame, ser->control_time - ser->onset_time,
                cfg->control_late_s);
        }
    }
}
