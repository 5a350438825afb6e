/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_correlate_control.c: overload-control-absent and overload-control-late (docs/faults.md).
 * TS 23.501 §5.19 gives an overloaded AMF its controls (N2 OVERLOAD START, NAS congestion
 * rejects with back-off, SBI overload control, load to the NRF); the article's monitoring
 * table says when it is overloaded. A sustained symptom run with no control, or with the first
 * control late, is the finding. */
#include "amfol_correlate_internal.h"
#include "../symptoms/amfol_symptoms.h"   /* the query API: amfol_symptoms_series() */

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
        if (!ser->control_frame) {
            amfol_finding *x = amfol_findings_add(out, AMFOL_RULE_OVERLOAD_CONTROL_ABSENT);
            if (!x)
                continue;
            /* Evidence: the onset (the run itself is in the symptom series). */
            amfol_finding_set_entities(x, ser->amf, NULL, NULL, NULL);
            amfol_finding_add_frame(x, ser->onset_frame);
            x->count = 1;
            amfol_finding_set_summary(x,
                "AMF %s shows %s from frame %u (t+%.1f s) for %.0f s, and used no overload control "
                "(no OVERLOAD START, NAS congestion reject, SBI 503/429/OCI or NRF load >= %u %%)",
                ser->amf, symptom_words(ser->onset_symptoms), ser->onset_frame, onset_rel, run_s,
                cfg->nrf_load_high);
        } else if (ser->control_time - ser->onset_time >= cfg->control_late_s) {
            amfol_finding *x = amfol_findings_add(out, AMFOL_RULE_OVERLOAD_CONTROL_LATE);
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
