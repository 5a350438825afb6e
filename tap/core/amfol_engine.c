/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_engine.c: owns the module states and routes events to them. */
#include "amfol_engine_internal.h"

#include <glib.h>

amfol_engine *amfol_engine_new(const amfol_config *cfg)
{
    amfol_engine *e = g_new0(amfol_engine, 1);
    if (cfg)
        e->cfg = *cfg;
    else
        amfol_config_defaults(&e->cfg);
    e->n2 = amfol_n2_new(&e->cfg);
    e->rrc = amfol_rrc_new(&e->cfg);
    e->nas = amfol_nas_new(&e->cfg);
    e->sbi = amfol_sbi_new(&e->cfg);
    e->symptoms = amfol_symptoms_new(&e->cfg);   /* issue 14 */
    e->findings = amfol_findings_new();
    return e;
}

void amfol_engine_free(amfol_engine *e)
{
    if (!e)
        return;
    amfol_symptoms_free(e->symptoms);
    amfol_sbi_free(e->sbi);
    amfol_nas_free(e->nas);
    amfol_rrc_free(e->rrc);
    amfol_n2_free(e->n2);
    amfol_findings_free(e->findings);
    g_free(e);
}

const amfol_config *amfol_engine_config(const amfol_engine *e)
{
    return &e->cfg;
}

const amfol_capture_info *amfol_engine_capture(const amfol_engine *e)
{
    return &e->cap;
}

void amfol_engine_frame(amfol_engine *e, amfol_frame frame, amfol_time t)
{
    (void)frame;
    if (e->cap.frames == 0 || t < e->cap.first_time)
        e->cap.first_time = t;
    if (t > e->cap.last_time)
        e->cap.last_time = t;
    e->cap.frames++;
}

void amfol_engine_ngap(amfol_engine *e, const amfol_ngap_event *ev, amfol_n2_result *out)
{
    e->fed++;
    amfol_n2_on_ngap(e, ev, out);
    amfol_symptoms_on_ngap(e, ev, out);   /* issue 14: after N2 (AMF names, STARTs) */
}

void amfol_engine_sctp(amfol_engine *e, const amfol_sctp_event *ev)
{
    e->fed++;
    amfol_n2_on_sctp(e, ev);
}

void amfol_engine_rrc(amfol_engine *e, const amfol_rrc_event *ev, amfol_rrc_result *out)
{
    e->fed++;
    amfol_rrc_on_msg(e, ev, out);
}

void amfol_engine_nas(amfol_engine *e, const amfol_nas_event *ev, amfol_nas_result *out)
{
    e->fed++;
    amfol_nas_on_msg(e, ev, out);
    amfol_rrc_on_nas(e, ev);   /* requested NSSAI per 5G-S-TMSI, for the radio slice rule */
    amfol_symptoms_on_nas(e, ev, out);    /* issue 14: after NAS (congestion rejects) */
}

void amfol_engine_sbi(amfol_engine *e, const amfol_sbi_event *ev, amfol_sbi_result *out)
{
    e->fed++;
    amfol_sbi_on_msg(e, ev, out);
    amfol_symptoms_on_sbi(e, ev, out);    /* issue 14: after SBI (NRF load reports) */
}

const amfol_findings *amfol_engine_finish(amfol_engine *e)
{
    if (e->finished && e->fed_at_finish == e->fed && e->frames_at_finish == e->cap.frames)
        return e->findings;
    amfol_findings_clear(e->findings);
    /* Order matters only for readability of ties; each module adds its own rules. */
    amfol_n2_finish(e, e->findings);
    amfol_rrc_finish(e, e->findings);
    amfol_nas_finish(e, e->findings);
    amfol_sbi_finish(e, e->findings);
    amfol_symptoms_finish(e, e->findings);   /* issue 14 */
    amfol_findings_sort(e->findings);
    e->fed_at_finish = e->fed;
    e->frames_at_finish = e->cap.frames;
    e->finished = true;
    return e->findings;
}
