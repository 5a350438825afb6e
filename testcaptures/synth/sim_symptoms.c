/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Overload symptoms: from [amf] slow_from_s on the AMF answers INITIAL UE MESSAGEs
 * after slow_answer_ms_min..max and leaves unanswered_share unanswered; with [udm], every
 * answer waits for a Nudm_SDM Get (GET /nudm-sdm/v2/{supi}/am-data) whose answer time grows
 * from udm_slow_from_s on. The truth: the symptom onset is the first INITIAL UE MESSAGE (or UDM
 * request) of the slow phase; no OVERLOAD START gives overload-control-absent, a first START
 * at least 30 s later overload-control-late (amfol's defaults, docs/faults.md). */
#include "sim_symptoms.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_events.h"
#include "sim_net.h"
#include "sim_sbi.h"

#define MS 1000
#define SEC 1000000
#define SBI_PORT 8080
#define CONTROL_LATE_US (30 * (int64_t)SEC)

static void fail(sim *s, const char *what)
{
    if (!s->failed) {
        s->failed = 1;
        snprintf(s->err, sizeof s->err, "UDM: %s failed at t=%lld us", what, (long long)s->now_us);
    }
}

static int slow_now(const sc_amf *a, int64_t now)
{
    return a->slow_from_us >= 0 && now >= a->slow_from_us && now < a->slow_to_us;
}

/* The AMF's own processing time before it answers. */
static int64_t amf_delay(sim *s, const sc_amf *a)
{
    if (slow_now(a, s->now_us))
        return prng_range(&s->rng, a->slow_answer_ms_min * (int64_t)MS, a->slow_answer_ms_max * (int64_t)MS);
    return prng_range(&s->rng, 5 * MS, 15 * MS);
}

static void note_onset(sim *s, int amf, uint32_t frame, int slow)
{
    if (slow && !s->sym_onset[amf])
        s->sym_onset[amf] = frame;
}

static h2c_session *udm_session(sim *s, int amf)
{
    if (s->udm_sess[amf])
        return s->udm_sess[amf];
    h2c_session *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    wire_endpoint c, v;
    sim_sbi_endpoint(&c, s->sc->amfs[amf].ip, (uint16_t)(43000 + amf));
    sim_sbi_endpoint(&v, s->sc->udm_ip, SBI_PORT);
    h2c_session_init(h, &c, &v, (uint32_t)prng_next(&s->rng), (uint32_t)prng_next(&s->rng));
    sim_sbi_sink_ctx k = {.s = s};
    if (h2c_session_open(h, sim_sbi_sink, &k) != 0) {
        free(h);
        return NULL;
    }
    s->udm_sess[amf] = h;
    return h;
}

static void udm_query(sim *s, int uei)
{
    int amf = s->ues[uei].target_amf;
    const sc_amf *a = &s->sc->amfs[amf];
    h2c_session *h = udm_session(s, amf);
    if (!h)
        return fail(s, "h2c open");
    char auth[32], supi[32], id[40];
    const uint8_t *ip = s->sc->udm_ip;
    snprintf(auth, sizeof auth, "%u.%u.%u.%u:%d", ip[0], ip[1], ip[2], ip[3], SBI_PORT);
    snprintf(supi, sizeof supi, "imsi-%s%010d", a->plmn_str, uei + 1);
    snprintf(id, sizeof id, "6f1c%04x-0000-4000-8000-%012x", amf + 1, amf + 1);
    int slow = a->udm_slow_from_us >= 0 && s->now_us >= a->udm_slow_from_us;
    sbi_msg *m = malloc(sizeof *m);
    sim_sbi_sink_ctx k = {.s = s};
    uint32_t sid = 0;
    if (!m || sbi_udm_am_data_req(m, auth, id, supi) != 0 || h2c_session_request(h, m, &sid, sim_sbi_sink, &k) != 0) {
        free(m);
        return fail(s, "Nudm_SDM Get");
    }
    free(m);
    note_onset(s, amf, k.first, slow);
    int64_t wait = slow
                       ? prng_range(&s->rng, a->udm_slow_ms_min * (int64_t)MS, a->udm_slow_ms_max * (int64_t)MS)
                       : prng_range(&s->rng, s->sc->udm_answer_ms_min * (int64_t)MS,
                                    s->sc->udm_answer_ms_max * (int64_t)MS);
    sim_schedule(s, s->now_us + wait, EV_UDM_ANSWER, uei, (int32_t)sid, 0);
}

static void udm_answer(sim *s, int uei, uint32_t sid)
{
    int amf = s->ues[uei].target_amf;
    sbi_msg *m = malloc(sizeof *m);
    sim_sbi_sink_ctx k = {.s = s};
    char gpsi[32];
    snprintf(gpsi, sizeof gpsi, "msisdn-4670%08d", uei + 1);
    if (!m || sbi_udm_am_data_rsp(m, gpsi) != 0 ||
        h2c_session_response(s->udm_sess[amf], sid, m, sim_sbi_sink, &k) != 0) {
        free(m);
        return fail(s, "Nudm_SDM Get response");
    }
    free(m);
    sim_schedule(s, s->now_us + amf_delay(s, &s->sc->amfs[amf]), EV_AMF_ANSWER, uei, 0, 0);
}

int sim_symptoms_on_initial(sim *s, int uei, uint32_t ium)
{
    int amf = s->ues[uei].target_amf;
    const sc_amf *a = &s->sc->amfs[amf];
    note_onset(s, amf, ium, slow_now(a, s->now_us));
    if (slow_now(a, s->now_us) && prng_chance(&s->rng, a->unanswered_share))
        return 0;
    if (s->sc->udm_enabled)
        sim_schedule(s, s->now_us + prng_range(&s->rng, 1 * MS, 3 * MS), EV_UDM_QUERY, uei, 0, 0);
    else
        sim_schedule(s, s->now_us + amf_delay(s, a), EV_AMF_ANSWER, uei, 0, 0);
    return 1;
}

void sim_symptoms_event(sim *s, const sim_event *ev)
{
    if (ev->kind == EV_UDM_QUERY)
        udm_query(s, ev->a);
    else if (ev->kind == EV_UDM_ANSWER)
        udm_answer(s, ev->a, (uint32_t)ev->b);
}

/* The AMF's first OVERLOAD START (frame and time), 0 when it sent none. */
static uint32_t first_start(const sim *s, int amf, int64_t *t_us)
{
    uint32_t best = 0;
    for (int e = 0; e < s->sc->n_episodes; e++) {
        const truth_episode *te = &s->tr.episodes[e];
        if (s->sc->episodes[e].amf == amf && te->start_frame && (!best || te->start_frame < best)) {
            best = te->start_frame;
            *t_us = te->start_us;
        }
    }
    return best;
}

void sim_symptoms_finish(sim *s)
{
    for (int amf = 0; amf < s->sc->n_amfs; amf++) {
        uint32_t onset = s->sym_onset[amf];
        if (!onset)
            continue;
        const sc_amf *a = &s->sc->amfs[amf];
        int64_t onset_us = a->slow_from_us >= 0 ? a->slow_from_us : a->udm_slow_from_us;
        int64_t start_us = 0;
        uint32_t start = first_start(s, amf, &start_us);
        if (start && start_us - onset_us < CONTROL_LATE_US)
            continue;   /* timely control */
        truth_fault *f = truth_fault_new(&s->tr, start ? "overload-control-late" : "overload-control-absent",
                                         a->name, NULL, NULL, NULL);
        truth_fault_add(f, onset);
        if (start)
            truth_fault_add(f, start);
        f->first_frame = onset;
        f->count = 1;
    }
}

void sim_symptoms_free(sim *s)
{
    for (int a = 0; a < SC_MAX_AMFS; a++) {
        free(s->udm_sess[a]);
        s->udm_sess[a] = NULL;
    }
}
