/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_engine.c: owns the module states and routes events to the modules' handlers. */
#include "amfol_engine.h"
#include "amfol_engine_internal.h"

#include <glib.h>

/* THE routing table: every analysis module, in the order its handlers run for one event and its
 * findings are added at finish. A module registers by adding its descriptor here. */
static const amfol_module *const modules[] = {
    &amfol_n2_module,
    &amfol_rrc_module,
    &amfol_nas_module,
    &amfol_sbi_module,
};
#define N_MODULES (sizeof modules / sizeof modules[0])

/* The result goes to the module that owns the kind; a NULL event (bad glue input) only to it,
 * which then fills an empty result. */
#define ROUTE(e, kind, handler, ev, out)                                              \
    do {                                                                              \
        (e)->fed++;                                                                   \
        for (size_t i_ = 0; i_ < N_MODULES; i_++) {                                   \
            const amfol_module *m_ = modules[i_];                                     \
            bool owner_ = (m_->owns & (kind)) != 0;                                   \
            if (m_->handler && ((ev) || owner_))                                      \
                m_->handler((e), (ev), owner_ ? (void *)(out) : NULL);                \
        }                                                                             \
    } while (0)

amfol_engine *amfol_engine_new(const amfol_config *cfg)
{
    amfol_engine *e = g_new0(amfol_engine, 1);
    if (cfg)
        e->cfg = *cfg;
    else
        amfol_config_defaults(&e->cfg);
    for (size_t i = 0; i < N_MODULES; i++)
        modules[i]->create(e);
    e->findings = amfol_findings_new();
    return e;
}

void amfol_engine_free(amfol_engine *e)
{
    if (!e)
        return;
    for (size_t i = N_MODULES; i-- > 0;)
        modules[i]->destroy(e);
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
    ROUTE(e, AMFOL_EV_NGAP, on_ngap, ev, out);
}

void amfol_engine_sctp(amfol_engine *e, const amfol_sctp_event *ev)
{
    e->fed++;
    for (size_t i = 0; ev && i < N_MODULES; i++)
        if (modules[i]->on_sctp)
            modules[i]->on_sctp(e, ev);
}

void amfol_engine_rrc(amfol_engine *e, const amfol_rrc_event *ev, amfol_rrc_result *out)
{
    ROUTE(e, AMFOL_EV_RRC, on_rrc, ev, out);
}

void amfol_engine_nas(amfol_engine *e, const amfol_nas_event *ev, amfol_nas_result *out)
{
    ROUTE(e, AMFOL_EV_NAS, on_nas, ev, out);
}

void amfol_engine_sbi(amfol_engine *e, const amfol_sbi_event *ev, amfol_sbi_result *out)
{
    ROUTE(e, AMFOL_EV_SBI, on_sbi, ev, out);
}

const amfol_findings *amfol_engine_finish(amfol_engine *e)
{
    if (e->finished && e->fed_at_finish == e->fed && e->frames_at_finish == e->cap.frames)
        return e->findings;
    amfol_findings_clear(e->findings);
    /* Each module adds the rules it owns; amfol_findings_sort() gives the final order. */
    for (size_t i = 0; i < N_MODULES; i++)
        if (modules[i]->finish)
            modules[i]->finish(e, e->findings);
    amfol_findings_sort(e->findings);
    e->fed_at_finish = e->fed;
    e->frames_at_finish = e->cap.frames;
    e->finished = true;
    return e->findings;
}
