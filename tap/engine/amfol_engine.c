/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_engine.c: owns the module states and routes events to the modules' handlers. */
#include "amfol_engine.h"
#include "amfol_engine_internal.h"
#include "../core/amfol_dedup.h"
#include "../core/amfol_relay.h"
#include "../correlate/amfol_correlate.h"
#include "../correlate/amfol_coverage.h"

#include <glib.h>

#define PRIV(e) amfol_engine_full_of(e)

/* THE routing table: every analysis module, in the order its handlers run for one event and its
 * findings are added at finish. A module registers by adding its descriptor here. */
static const amfol_module *const modules[] = {
    &amfol_n2_module,
    &amfol_rrc_module,
    &amfol_nas_module,
    &amfol_sbi_module,
    &amfol_symptoms_module,   /* after the others (AMF names, controls) */
    &amfol_kpi_module,        /* registration KPIs and the episodes' cost: after nas and symptoms */
    &amfol_ue_module,         /* UE stories: fed after routing (below), no handlers */
    &amfol_correlate_module,  /* cross-domain rules: last, every domain has finished */
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

/* Bounds of the repeat detectors: frames of the last dedup window, DATA chunks of the last
 * RTO.Max (RFC 9260 §16: 60 s), the longest a sender waits before retransmitting. */
#define DEDUP_FRAMES_CAP 65536
#define DEDUP_CHUNKS_CAP 262144
#define SCTP_RTO_MAX_S 60.0
#define RELAY_WINDOW_S 1.0   /* a relay forwards a PDU within this (amfol_relay.h) */

amfol_engine *amfol_engine_new(const amfol_config *cfg)
{
    amfol_engine_full *full = g_new0(amfol_engine_full, 1);
    amfol_engine *e = &full->ctx;
    if (cfg)
        e->cfg = *cfg;
    else
        amfol_config_defaults(&e->cfg);
    for (size_t i = 0; i < N_MODULES; i++)
        if (modules[i]->create)   /* a stateless module (correlate) has none */
            modules[i]->create(e);
    e->findings = amfol_findings_new();
    e->coverage = amfol_coverage_new();
    PRIV(e)->chart = amfol_chart_rec_new();
    PRIV(e)->frames_seen = amfol_dedup_new(e->cfg.dedup_window_ms / 1000.0, DEDUP_FRAMES_CAP);
    PRIV(e)->chunks_seen = amfol_dedup_new(e->cfg.dedup_window_ms ? SCTP_RTO_MAX_S : 0, DEDUP_CHUNKS_CAP);
    PRIV(e)->relay = amfol_relay_new(e->cfg.dedup_window_ms ? RELAY_WINDOW_S : 0);
    return e;
}

void amfol_engine_free(amfol_engine *e)
{
    if (!e)
        return;
    for (size_t i = N_MODULES; i-- > 0;)
        if (modules[i]->destroy)
            modules[i]->destroy(e);
    amfol_findings_free(e->findings);
    amfol_coverage_free(e->coverage);
    amfol_chart_rec_free(PRIV(e)->chart);
    amfol_dedup_free(PRIV(e)->frames_seen);
    amfol_dedup_free(PRIV(e)->chunks_seen);
    amfol_relay_free(PRIV(e)->relay);
    g_free((char *)e->cap.caveat);
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

void amfol_engine_add_caveat(amfol_engine *e, const char *text)
{
    char *old = (char *)e->cap.caveat;
    e->cap.caveat = old ? g_strconcat(old, " ", text, NULL) : g_strdup(text);
    g_free(old);
}

void amfol_engine_observe(amfol_engine *e, amfol_engine_observer fn, void *user)
{
    PRIV(e)->observer = fn;
    PRIV(e)->observer_user = user;
}

static void observe(amfol_engine *e, int kind, const void *ev)
{
    if (!PRIV(e)->observer || !ev)
        return;
    const amfol_where *w = ev;   /* every event struct starts with its amfol_where */
    PRIV(e)->observer(PRIV(e)->observer_user, kind, w->frame, w->time, ev);
}

const amfol_chart_rec *amfol_engine_chart(const amfol_engine *e)
{
    return amfol_engine_full_of_const(e)->chart;
}

const amfol_n2 *amfol_engine_n2(const amfol_engine *e)
{
    return e->n2;
}

void amfol_engine_frame(amfol_engine *e, amfol_frame frame, amfol_time t)
{
    if (PRIV(e)->observer)
        PRIV(e)->observer(PRIV(e)->observer_user, AMFOL_EV_FRAME, frame, t, NULL);
    if (e->cap.frames == 0 || t < e->cap.first_time)
        e->cap.first_time = t;
    if (t > e->cap.last_time)
        e->cap.last_time = t;
    e->cap.frames++;
    if (frame > e->cap.last_frame)
        e->cap.last_frame = frame;
    amfol_chart_rec_frame(PRIV(e)->chart, frame, t);
}

void amfol_engine_unread(amfol_engine *e, int reason, uint64_t n)
{
    if (reason < 0 || reason >= (int)G_N_ELEMENTS(e->cap.unread))
        return;
    if (PRIV(e)->observer) {         /* the event export carries it to a replay */
        amfol_unread_note note = { reason, n };
        PRIV(e)->observer(PRIV(e)->observer_user, AMFOL_EV_UNREAD, 0, 0, &note);
    }
    e->cap.unread[reason] += n;
    if (reason == AMFOL_UNREAD_DISSECTOR_STOPPED)
        e->cap.frames += n;
}

void amfol_engine_frames_up_to(amfol_engine *e, amfol_frame last)
{
    if (last <= e->cap.last_frame)
        return;
    amfol_engine_unread(e, AMFOL_UNREAD_DISSECTOR_STOPPED, last - e->cap.last_frame);
    e->cap.last_frame = last;
}

void amfol_engine_ngap(amfol_engine *e, const amfol_ngap_event *ev, amfol_n2_result *out)
{
    observe(e, AMFOL_EV_NGAP, ev);
    ROUTE(e, AMFOL_EV_NGAP, on_ngap, ev, out);
    if (ev) {
        amfol_chart_rec_n2(PRIV(e)->chart, &ev->where, out);   /* after the owner filled `out` */
        amfol_coverage_ngap(e, ev, out);
    }
}

void amfol_engine_sctp(amfol_engine *e, const amfol_sctp_event *ev)
{
    observe(e, AMFOL_EV_SCTP, ev);
    e->fed++;
    for (size_t i = 0; ev && i < N_MODULES; i++)
        if (modules[i]->on_sctp)
            modules[i]->on_sctp(e, ev);
}

void amfol_engine_rrc(amfol_engine *e, const amfol_rrc_event *ev, amfol_rrc_result *out)
{
    observe(e, AMFOL_EV_RRC, ev);
    ROUTE(e, AMFOL_EV_RRC, on_rrc, ev, out);
    if (ev) {
        amfol_chart_rec_rrc(PRIV(e)->chart, &ev->where, out);   /* after the owner filled `out` */
        amfol_ue_log_rrc(e, ev, out);
        amfol_coverage_rrc(e, ev, out);
    }
}

void amfol_engine_nas(amfol_engine *e, const amfol_nas_event *ev, amfol_nas_result *out)
{
    observe(e, AMFOL_EV_NAS, ev);
    ROUTE(e, AMFOL_EV_NAS, on_nas, ev, out);
    if (ev) {
        amfol_chart_rec_nas(PRIV(e)->chart, &ev->where, out);   /* after the owner filled `out` */
        amfol_ue_log_nas(e, ev, out);
        amfol_coverage_nas(e, ev, out);
    }
}

void amfol_engine_sbi(amfol_engine *e, const amfol_sbi_event *ev, amfol_sbi_result *out)
{
    observe(e, AMFOL_EV_SBI, ev);
    ROUTE(e, AMFOL_EV_SBI, on_sbi, ev, out);
    if (ev) {
        amfol_chart_rec_sbi(PRIV(e)->chart, &ev->where, out);   /* after the owner filled `out` */
        amfol_coverage_sbi(e, ev, out);
    }
}

const amfol_findings *amfol_engine_finish(amfol_engine *e)
{
    if (PRIV(e)->finished && PRIV(e)->fed_at_finish == e->fed && PRIV(e)->frames_at_finish == e->cap.frames)
        return e->findings;
    amfol_findings_clear(e->findings);
    /* Each module adds the rules it owns; amfol_findings_sort() gives the final order. */
    for (size_t i = 0; i < N_MODULES; i++)
        if (modules[i]->finish)
            modules[i]->finish(e, e->findings);
    /* Every verdict held against what the capture holds for its AMF and gNB (rule needs). */
    amfol_coverage_judge(e, e->findings);
    amfol_findings_sort(e->findings);
    PRIV(e)->fed_at_finish = e->fed;
    PRIV(e)->frames_at_finish = e->cap.frames;
    PRIV(e)->finished = true;
    return e->findings;
}

static void note_ignored(amfol_engine *e, int which)
{
    if (PRIV(e)->observer) {         /* the event export carries it to a replay */
        amfol_unread_note note = { which, 1 };
        PRIV(e)->observer(PRIV(e)->observer_user, AMFOL_EV_UNREAD, 0, 0, &note);
    }
}

void amfol_engine_ignored(amfol_engine *e, int which, uint64_t n)
{
    if (which == AMFOL_IGNORED_DUPLICATE)
        e->cap.duplicates_ignored += n;
    else if (which == AMFOL_IGNORED_DAMAGED)
        e->cap.damaged_ignored += n;
    else if (which == AMFOL_IGNORED_SCTP_RETRANSMISSION)
        e->cap.sctp_retransmissions_ignored += n;
}

bool amfol_engine_repeat_frame(amfol_engine *e, uint64_t key, amfol_frame frame, amfol_time t,
                               amfol_frame *first)
{
    if (!amfol_dedup_repeat(PRIV(e)->frames_seen, key, t, frame, first))
        return false;
    e->cap.duplicates_ignored++;
    note_ignored(e, AMFOL_IGNORED_DUPLICATE);
    return true;
}

bool amfol_engine_relayed_frame(amfol_engine *e, const amfol_relay_flow *flow, const amfol_relay_pdu *pdus, int n,
                                amfol_frame frame, amfol_time t)
{
    if (!amfol_relay_check(PRIV(e)->relay, flow, pdus, n, frame, t))
        return false;
    e->cap.relayed_ignored++;
    return true;
}

const char *amfol_engine_relays(amfol_engine *e)
{
    return amfol_relay_describe(PRIV(e)->relay);
}

void amfol_engine_damaged_frame(amfol_engine *e)
{
    e->cap.damaged_ignored++;
    note_ignored(e, AMFOL_IGNORED_DAMAGED);
}

bool amfol_engine_repeat_chunks(amfol_engine *e, const uint64_t *keys, int n, amfol_frame frame,
                                amfol_time t, amfol_frame *first)
{
    int repeats = 0;
    for (int i = 0; i < n; i++)
        repeats += amfol_dedup_repeat(PRIV(e)->chunks_seen, keys[i], t, frame, first);
    if (n == 0 || repeats < n)
        return false;
    e->cap.sctp_retransmissions_ignored++;
    note_ignored(e, AMFOL_IGNORED_SCTP_RETRANSMISSION);
    return true;
}
