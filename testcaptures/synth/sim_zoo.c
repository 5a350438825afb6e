/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The message zoo (see sim_zoo.h). */
#include "sim_zoo.h"

#include "../enc/nas_enc.h"
#include "../enc/rrc_enc.h"
#include "sim_events.h"
#include "sim_msg.h"
#include "sim_net.h"
#include "sim_sbi.h"

#define MS 1000
#define SEC 1000000

void sim_zoo_setup(sim *s)
{
    const scenario *sc = s->sc;
    int on = sc->nrf_status_notify || (sc->nrf_enabled && sc->nrf_discovery_interval_s > 0);
    for (int a = 0; a < sc->n_amfs; a++)
        on |= sc->amfs[a].status_indications > 0 || sc->amfs[a].error_indications > 0;
    for (int g = 0; g < sc->n_gnbs; g++)
        on |= sc->gnbs[g].resume_share > 0;
    for (int e = 0; e < sc->n_episodes; e++)
        on |= sc->episodes[e].dereg_share > 0 || sc->episodes[e].pdu_reject_share > 0;
    s->tr.zoo = on;
    if (!on)
        return;
    for (int g = 0; g < sc->n_gnbs; g++)
        for (int a = 0; a < sc->n_amfs; a++) {
            if (!(sc->gnbs[g].amf_mask & (1u << a)))
                continue;
            int64_t off = (int64_t)(g * 37 + a * 11) * MS;
            int n = sc->amfs[a].status_indications;
            for (int k = 0; k < n; k++)
                sim_schedule(s, sc->duration_us / (n + 1) * (k + 1) + off, EV_ZOO_NG, g, a, 0);
            n = sc->amfs[a].error_indications;
            for (int k = 0; k < n; k++) /* alternately from the gNB and from the AMF */
                sim_schedule(s, sc->duration_us / (2 * n + 2) * (2 * k + 1) + off, EV_ZOO_NG, g,
                             a, 1 + (k & 1));
        }
    if (sc->nrf_enabled && sc->nrf_discovery_interval_s > 0)
        for (int a = 0; a < sc->n_amfs; a++)
            sim_schedule(s, 5 * SEC + (int64_t)a * 300 * MS, EV_ZOO_DISCOVER, a, 0, 0);
}

/* NR RRC ResumeCause for an establishment cause (rna-Update for some mo-Signalling). */
static int resume_cause(sim *s, int cause)
{
    switch (cause) {
    case CAUSE_MO_SIGNALLING:
        return prng_chance(&s->rng, 0.5) ? RRC_RESUME_RNA_UPDATE : RRC_RESUME_MO_SIGNALLING;
    case CAUSE_MPS:
        return RRC_RESUME_MPS_PRIORITY_ACCESS;
    case CAUSE_MCS:
        return RRC_RESUME_MCS_PRIORITY_ACCESS;
    default:
        return cause; /* emergency .. mo-SMS have the same values */
    }
}

int sim_zoo_resume(sim *s, int uei)
{
    sim_ue *u = &s->ues[uei];
    const sc_gnb *g = &s->sc->gnbs[u->gnb];
    if (g->resume_share <= 0 || !u->registered || u->moving ||
        !prng_chance(&s->rng, g->resume_share))
        return 0;
    int rc = resume_cause(s, u->cause);
    u->req_frame = msg_rrc_resume_request(s, uei, rc);
    s->tr.zoo_resume[rc & 15]++;
    return 1;
}

int sim_zoo_after_accept(sim *s, int uei, int epi)
{
    if (epi < 0)
        return 0;
    const sc_episode *ep = &s->sc->episodes[epi];
    if (ep->dereg_share > 0 && prng_chance(&s->rng, ep->dereg_share)) {
        sim_schedule(s, s->now_us + prng_range(&s->rng, 200 * MS, 600 * MS), EV_ZOO_DEREG, uei,
                     epi, 0);
        return 1;
    }
    if (ep->pdu_reject_share > 0 && prng_chance(&s->rng, ep->pdu_reject_share)) {
        sim_schedule(s, s->now_us + prng_range(&s->rng, 30 * MS, 60 * MS), EV_ZOO_PDU_REQ, uei,
                     epi, 0);
        return 1;
    }
    return 0;
}

static void release_later(sim *s, int uei, int64_t retry_at)
{
    sim_schedule(s, s->now_us + prng_range(&s->rng, 20 * MS, 40 * MS), EV_RELEASE_CMD, uei, 0,
                 retry_at);
}

/* The UE is told to deregister with #22 and the episode's T3346 policy (random 10..30 min when
 * the policy gives no usable value), is released and backs off. */
static void deregister(sim *s, int uei, int epi)
{
    sim_ue *u = &s->ues[uei];
    const sc_episode *ep = &s->sc->episodes[epi];
    if (s->amf_active_episode[u->target_amf] != epi) {
        release_later(s, uei, -1); /* the episode ended meanwhile */
        return;
    }
    uint32_t want;
    if (ep->t3346 == T3346_FIXED)
        want = (uint32_t)ep->t3346_s;
    else if (ep->t3346 == T3346_RANDOM && ep->t3346_s >= 60)
        want = 60u * (uint32_t)prng_range(&s->rng, ep->t3346_s / 60, ep->t3346_max_s / 60);
    else
        want = 60u * (uint32_t)prng_range(&s->rng, 10, 30);
    uint8_t oct = nas_gprs_timer2_from_seconds(want);
    msg_deregistration(s, uei, oct);
    s->tr.zoo_deregs++;
    s->tr.zoo_dereg_t3346[oct]++;
    u->registered = 0;
    u->state = UE_BACKOFF;
    u->backoff_until_us = s->now_us + (int64_t)nas_gprs_timer2_seconds(oct) * SEC;
    release_later(s, uei, u->backoff_until_us + prng_range(&s->rng, 0, 2 * SEC));
}

static void pdu_request(sim *s, int uei, int epi)
{
    sim_ue *u = &s->ues[uei];
    if (s->amf_active_episode[u->target_amf] != epi) {
        release_later(s, uei, -1);
        return;
    }
    msg_pdu_session_request(s, uei, 1);
    s->tr.zoo_pdu_requests++;
    sim_schedule(s, s->now_us + prng_range(&s->rng, 20 * MS, 40 * MS), EV_ZOO_PDU_REJ, uei, epi,
                 0);
}

/* The SMF turns the session down for congestion: #26, #67, #69 in turn across UEs, each with a
 * back-off timer of 2..30 min. */
static void pdu_reject(sim *s, int uei)
{
    static const int causes[3] = {NAS_5GSM_INSUFFICIENT_RESOURCES,
                                  NAS_5GSM_INSUFFICIENT_RESOURCES_SLICE_AND_DNN,
                                  NAS_5GSM_INSUFFICIENT_RESOURCES_SLICE};
    int c = (int)(s->tr.zoo_pdu_requests % 3u);
    uint8_t oct = nas_gprs_timer3(NAS_T3_UNIT_1MIN, (unsigned)prng_range(&s->rng, 2, 30));
    msg_pdu_session_reject(s, uei, 1, causes[c], oct);
    s->tr.zoo_sm_reject[c][oct]++;
    sim_schedule(s, s->now_us + prng_range(&s->rng, 500 * MS, 3000 * MS), EV_RELEASE_CMD, uei, 0,
                 -1);
}

void sim_zoo_event(sim *s, const sim_event *ev)
{
    switch (ev->kind) {
    case EV_ZOO_NG:
        if (!s->assoc[sim_ng_index(ev->a, ev->b)].ng_ready)
            break;
        if (ev->c == 0) {
            msg_amf_status_indication(s, ev->a, ev->b);
            s->tr.zoo_status_ind++;
        } else {
            msg_error_indication(s, ev->a, ev->b, ev->c == 1 ? 0 : 1);
            s->tr.zoo_error_ind++;
        }
        break;
    case EV_ZOO_DEREG:
        deregister(s, ev->a, ev->b);
        break;
    case EV_ZOO_PDU_REQ:
        pdu_request(s, ev->a, ev->b);
        break;
    case EV_ZOO_PDU_REJ:
        pdu_reject(s, ev->a);
        break;
    case EV_ZOO_DISCOVER:
        sim_schedule(s, s->now_us + (int64_t)s->sc->nrf_discovery_interval_s * SEC,
                     EV_ZOO_DISCOVER, ev->a, 0, 0);
        sim_sbi_discover(s, ev->a);
        break;
    }
}
