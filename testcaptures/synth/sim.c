/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The discrete-event storm simulation: arrivals, gNB admission, AMF NAS policy, overload
 * episodes, re-balancing, and the truth bookkeeping that goes with each packet. */
#include "sim.h"

#include <stdlib.h>
#include <string.h>

#include "../enc/nas_enc.h"
#include "sim_events.h"
#include "sim_faults.h"
#include "sim_kpi.h"
#include "sim_msg.h"
#include "sim_net.h"
#include "sim_sbi.h"
#include "sim_symptoms.h"
#include "sim_zoo.h"

#define MS 1000
#define SEC 1000000

void sim_schedule(sim *s, int64_t t_us, int kind, int32_t a, int32_t b, int64_t c)
{
    sim_event ev = {.t_us = t_us, .kind = kind, .a = a, .b = b, .c = c};
    if (event_heap_push(&s->heap, ev) < 0 && !s->failed) {
        s->failed = 1;
        snprintf(s->err, sizeof s->err, "event queue full (more than %zu pending events)",
                 s->heap.max_cap);
    }
}

/* ---- identities ---- */

void sim_cell_name(const sim *s, int gnb, int cell, char *buf, int len)
{
    const sc_gnb *g = &s->sc->gnbs[gnb];
    snprintf(buf, (size_t)len, "%s-%09llx", g->plmn_str, (unsigned long long)g->cells[cell]);
}

static void fmt_stmsi(const sim *s, int amf, uint32_t tmsi, char *buf, int len)
{
    const sc_amf *a = &s->sc->amfs[amf];
    snprintf(buf, (size_t)len, "s-tmsi:%d-%d-%08x", a->set_id, a->pointer, tmsi);
}

static void fmt_guti(const sim *s, int amf, uint32_t tmsi, char *buf, int len)
{
    const sc_amf *a = &s->sc->amfs[amf];
    snprintf(buf, (size_t)len, "guti:%s-%d-%d-%d-%08x", a->plmn_str, a->region_id, a->set_id,
             a->pointer, tmsi);
}

static void fmt_suci(const sim *s, int uei, char *buf, int len)
{
    snprintf(buf, (size_t)len, "suci:%s-%010d", s->sc->amfs[0].plmn_str, (uei + 1) % 1000000000);
}

void sim_ue_best_id(const sim *s, int uei, char *buf, int len)
{
    const sim_ue *u = &s->ues[uei];
    if (u->seen_stmsi && u->registered)
        fmt_stmsi(s, u->amf, u->tmsi, buf, len);
    else if (u->seen_guti && u->registered)
        fmt_guti(s, u->amf, u->tmsi, buf, len);
    else
        fmt_suci(s, uei, buf, len);
}

int sim_ue_ids(const void *ctx, int uei, char ids[][TRUTH_ID_LEN], int max)
{
    const sim *s = ctx;
    const sim_ue *u = &s->ues[uei];
    int n = 0;
    if (max < 5)
        return 0;
    if (u->seen_suci)
        fmt_suci(s, uei, ids[n++], TRUTH_ID_LEN);
    if (u->seen_stmsi)
        fmt_stmsi(s, u->amf, u->tmsi, ids[n++], TRUTH_ID_LEN);
    if (u->seen_guti)
        fmt_guti(s, u->amf, u->tmsi, ids[n++], TRUTH_ID_LEN);
    if (u->seen_prev_guti) {
        fmt_guti(s, u->prev_amf, u->prev_tmsi, ids[n++], TRUTH_ID_LEN);
        fmt_stmsi(s, u->prev_amf, u->prev_tmsi, ids[n++], TRUTH_ID_LEN);
    }
    return n;
}

/* ---- UE pool ---- */

static void ue_free(sim *s, int uei)
{
    sim_ue *u = &s->ues[uei];
    msg_forget_setup_nas(u);
    u->state = UE_IDLE;
    s->free_list[u->slice][s->n_free[u->slice]++] = uei;
}

static int ue_take(sim *s, int slice)
{
    for (int k = 0; k < s->sc->n_slices; k++) {
        int sl = (slice + k) % s->sc->n_slices;
        if (s->n_free[sl] == 0)
            continue;
        int pos = (int)prng_range(&s->rng, 0, s->n_free[sl] - 1);
        int uei = s->free_list[sl][pos];
        s->free_list[sl][pos] = s->free_list[sl][--s->n_free[sl]];
        s->ues[uei].state = UE_BUSY;
        return uei;
    }
    return -1;
}

/* ---- traffic model ---- */

static double phase_rate(const sim *s, int cause, int64_t t, const sc_phase **ph)
{
    double r = 0;
    *ph = NULL;
    for (int i = 0; i < s->sc->n_phases; i++) {
        const sc_phase *p = &s->sc->phases[i];
        if (t >= p->start_us && t < p->end_us) {
            r += p->rate[cause];
            if (!*ph)
                *ph = p;
        }
    }
    return r;
}

static int64_t next_phase_boundary(const sim *s, int64_t t)
{
    int64_t best = -1;
    for (int i = 0; i < s->sc->n_phases; i++) {
        const sc_phase *p = &s->sc->phases[i];
        if (p->start_us > t && (best < 0 || p->start_us < best))
            best = p->start_us;
        if (p->end_us > t && (best < 0 || p->end_us < best))
            best = p->end_us;
    }
    return best;
}

static int pick_weighted(prng *r, const double *w, int n)
{
    double total = 0;
    for (int i = 0; i < n; i++)
        total += w[i];
    if (total <= 0)
        return 0;
    double x = prng_unit(r) * total;
    for (int i = 0; i < n; i++) {
        if (x < w[i])
            return i;
        x -= w[i];
    }
    return n - 1;
}

static int route_amf(const sim *s, const sim_ue *u, int gnb)
{
    const sc_gnb *g = &s->sc->gnbs[gnb];
    if (u->registered && (g->amf_mask & (1u << u->amf)))
        return u->amf;
    return g->home_amf;
}

static void choose_request(sim *s, sim_ue *u)
{
    int c = u->cause;
    u->service_type = 0;
    if (c == CAUSE_EMERGENCY) {
        u->req = REQ_REG_EMERGENCY;
        return;
    }
    if (!u->registered) {
        u->req = REQ_REG_INITIAL;
        return;
    }
    if (c == CAUSE_MO_SIGNALLING) {
        u->req = REQ_REG_PERIODIC;
        return;
    }
    u->req = REQ_SERVICE;
    u->service_type = c == CAUSE_MT_ACCESS                                           ? 2
                      : (c == CAUSE_HIGH_PRIORITY || c == CAUSE_MPS || c == CAUSE_MCS) ? 5
                                                                                        : 1;
    (void)s;
}

static void on_arrival(sim *s, int cause)
{
    const sc_phase *ph;
    double rate = phase_rate(s, cause, s->now_us, &ph);
    if (rate <= 0) {
        int64_t nb = next_phase_boundary(s, s->now_us);
        if (nb > 0)
            sim_schedule(s, nb, EV_ARRIVAL, cause, 0, 0);
        return;
    }
    sim_schedule(s, s->now_us + prng_exp_us(&s->rng, rate), EV_ARRIVAL, cause, 0, 0);
    int slice = pick_weighted(&s->rng, ph->slice_weight, s->sc->n_slices);
    int uei = ue_take(s, slice);
    if (uei < 0) {
        s->arrivals_dropped++;
        return;
    }
    double w[SC_MAX_GNBS];
    for (int i = 0; i < s->sc->n_gnbs; i++)
        w[i] = s->sc->gnbs[i].share;
    sim_ue *u = &s->ues[uei];
    u->gnb = (uint8_t)pick_weighted(&s->rng, w, s->sc->n_gnbs);
    u->cell = (uint8_t)prng_range(&s->rng, 0, s->sc->gnbs[u->gnb].n_cells - 1);
    u->cause = (uint8_t)cause;
    u->moving = 0;
    u->retry_of_reject = 0;
    u->early = 0;
    choose_request(s, u);
    u->target_amf = (uint8_t)route_amf(s, u, u->gnb);
    if (!s->assoc[sim_ng_index(u->gnb, u->target_amf)].ng_ready) {
        s->arrivals_dropped++; /* the gNB has no working NG association yet */
        ue_free(s, uei);
        return;
    }
    sim_schedule(s, s->now_us, EV_ATTEMPT, uei, 0, 0);
}

/* ---- gNB admission ---- */

static int slice_item_of(const sim *s, const sim_ue *u, const sc_start *st)
{
    for (int i = 0; i < st->n_slices; i++)
        if (snssai_equal(&st->slices[i].snssai, &s->sc->slices[u->slice]))
            return i;
    return -1;
}

/* TS 38.413 §8.7.7.2 for a UE whose requested NSSAI is its one slice: 1 when the START's slice
 * list sheds it (the item's action and, when given, its percentage). */
static int gnb_slice_blocks(sim *s, const sim_ue *u, const sc_start *st)
{
    int k = slice_item_of(s, u, st);
    if (k < 0)
        return 0;
    const sc_slice_item *it = &st->slices[k];
    int act = it->action == ACTION_NONE ? ACTION_REJECT_SIGNALLING : it->action;
    if (!cause_is_shed(act, u->cause))
        return 0;
    return prng_chance(&s->rng, it->reduction_pct ? it->reduction_pct / 100.0 : 1.0);
}

/* 1 = admit. *why: 0 overload rule, 1 slice rule, 2 exempt shed, 3 spurious, 4 over-shed. */
static int gnb_admit(sim *s, sim_ue *u, int *why)
{
    const sc_gnb *g = &s->sc->gnbs[u->gnb];
    const sim_ng_view *v = &s->view[u->gnb][u->target_amf];
    *why = 0;
    if (g->behaviour == GNB_REJECTS_WITHOUT_START && s->now_us >= g->spurious_from_us &&
        s->now_us < g->spurious_to_us && u->cause != CAUSE_EMERGENCY &&
        prng_chance(&s->rng, g->spurious_share)) {
        *why = 3;
        return 0;
    }
    if (!v->in_force || g->behaviour == GNB_IGNORES_START)
        return 1;
    const sc_start *st = v->start;
    int c = u->cause;
    /* The UE's requested NSSAI reaches the gNB only in RRCSetupComplete: with F1 in the capture
     * the gNB answers RRCSetup and decides on the slice then (gnb_slice_blocks). */
    if (!g->f1 && gnb_slice_blocks(s, u, st)) {
        *why = 1;
        return 0;
    }
    /* a slice list without Overload Action IE asks nothing AMF-wide, percentage or not */
    int amf_wide = st->n_slices == 0 || st->action != ACTION_NONE;
    int act = st->action == ACTION_NONE ? ACTION_REJECT_SIGNALLING : st->action;
    if (amf_wide && cause_is_shed(act, c)) {
        double p = st->reduction_pct ? st->reduction_pct / 100.0 : 1.0;
        if (prng_chance(&s->rng, p)) {
            if (g->behaviour == GNB_SHEDS_BY_RELEASE && g->f1) {
                u->shed_by_release = 1;   /* RRCSetup, then RRCRelease: nothing reaches the AMF */
                return 1;
            }
            *why = 0;
            return 0;
        }
        if (g->behaviour == GNB_OVER_SHEDS) {
            *why = 4; /* a compliant gNB would have let this one through */
            return 0;
        }
    }
    if (amf_wide && g->behaviour == GNB_SHEDS_EXEMPT && cause_is_exempt(act, c)) {
        *why = 2;
        return 0;
    }
    if (amf_wide && g->behaviour == GNB_OVER_SHEDS && !cause_is_shed(act, c) &&
        !cause_is_exempt(act, c)) {
        *why = 4;
        return 0;
    }
    return 1;
}

static int gnb_in_overload_view(const sim *s, int gnb)
{
    for (int a = 0; a < s->sc->n_amfs; a++)
        if (s->view[gnb][a].in_force && !s->view[gnb][a].ignored_stop)
            return 1;
    return 0;
}

static truth_fault *cell_fault(sim *s, truth_fault **slot, const char *rule, int amf, int gnb,
                               int cell, uint32_t anchor)
{
    if (!*slot) {
        char cn[48];
        sim_cell_name(s, gnb, cell, cn, sizeof cn);
        *slot = truth_fault_new(&s->tr, rule, amf >= 0 ? s->sc->amfs[amf].name : NULL,
                                s->sc->gnbs[gnb].name, cn, NULL);
        if (anchor) {
            truth_fault_add(*slot, anchor);
            (*slot)->first_frame = anchor;
        }
    }
    return *slot;
}

static void on_attempt(sim *s, int uei)
{
    sim_ue *u = &s->ues[uei];
    const sc_gnb *g = &s->sc->gnbs[u->gnb];
    u->target_amf = (uint8_t)(u->moving ? u->target_amf : route_amf(s, u, u->gnb));
    if (g->f1) {
        uint32_t id = s->next_f1_ue_id[u->gnb]++;
        u->du_ue_id = id;
        u->cu_ue_id = id + 0x10000u;
        u->crnti = (uint16_t)prng_range(&s->rng, 0x4601, 0xFFEF);
        if (!sim_zoo_resume(s, uei)) {
            s->tr.rrc_requests++;
            s->tr.rrc_cell[u->gnb][u->cell][0]++;
            u->req_frame = msg_rrc_setup_request(s, uei);
            u->req_us = s->now_us;
        }
    }
    sim_schedule(s, s->now_us + prng_range(&s->rng, 2 * MS, 4 * MS), EV_RRC_ANSWER, uei, 0, 0);
}

/* gnb-over-sheds evidence (docs/faults.md): at an over-shedding gNB, every RRCReject of a
 * shed-class request judged in a START segment with a reduction and no slice list (the segment the
 * ratio test judges; this gNB rejects the whole class, so the test fires), and every reject of a
 * class the action neither sheds nor exempts; requests in the grace time after the START are not
 * judged. */
static int over_shed_evidence(const sim *s, const sim_ue *u, int why)
{
    const sim_ng_view *v = &s->view[u->gnb][u->target_amf];
    if (s->sc->gnbs[u->gnb].behaviour != GNB_OVER_SHEDS || (why != 0 && why != 4) || !v->in_force ||
        u->req_us < v->start_us + (int64_t)s->sc->grace_ms * MS)
        return 0;
    if (why == 4 && !cause_is_shed(v->start->action == ACTION_NONE ? ACTION_REJECT_SIGNALLING
                                                                   : v->start->action, u->cause))
        return 1; /* wrong class */
    return v->start->n_slices == 0 && v->start->reduction_pct >= 1 && v->start->reduction_pct <= 99;
}

static void rrc_rejected(sim *s, int uei, int why)
{
    sim_ue *u = &s->ues[uei];
    const sc_gnb *g = &s->sc->gnbs[u->gnb];
    const sim_ng_view *v = &s->view[u->gnb][u->target_amf];
    int in_view = gnb_in_overload_view(s, u->gnb);
    int wait = 0;
    if (g->f1 || s->sc->ue_rrc_retry_share > 0)
        wait = g->wait_random ? (int)prng_range(&s->rng, g->wait_s, g->wait_max_s) : g->wait_s;
    if (g->f1) {
        uint32_t req_frame = u->req_frame;
        uint32_t f = msg_rrc_reject(s, uei, wait);
        s->tr.rrc_rejects++;
        s->tr.rrc_cell[u->gnb][u->cell][2]++;
        truth_rrc_reject rj = {.frame = f, .t_us = s->now_us, .gnb = u->gnb, .cell = u->cell,
                               .wait_s = (uint8_t)wait, .cause = u->cause,
                               .in_overload = (uint8_t)in_view};
        if (s->tr.rrc_reject_log->len < s->tr.max_log)
            g_array_append_val(s->tr.rrc_reject_log, rj);
        else
            s->tr.log_overflow = 1;
        int amf = u->target_amf;
        if (over_shed_evidence(s, u, why)) {
            truth_fault *fl = cell_fault(s, &s->over_fault[u->gnb][u->cell], "gnb-over-sheds",
                                         amf, u->gnb, u->cell, v->start_frame);
            truth_fault_add(fl, f);
            fl->count++;
        }
        if (why == 2) {
            truth_fault *fl = cell_fault(s, &s->exempt_rrc_fault[u->gnb][u->cell], "exempt-access-rejected",
                                         -1, u->gnb, u->cell, 0);
            if (!fl->first_frame)
                fl->first_frame = f;
            truth_fault_add(fl, req_frame);
            truth_fault_add(fl, f);
            fl->count++;
        }
        if (v->ignored_stop && v->stop_frame &&
            s->now_us >= v->stop_us + (int64_t)s->sc->grace_ms * MS &&
            cause_is_shed(v->start->action == ACTION_NONE ? 1 : v->start->action, u->cause)) {
            truth_fault *fl = cell_fault(s, &s->after_stop_fault[u->gnb][u->cell],
                                         "rejects-after-overload-stop", amf, u->gnb, u->cell,
                                         v->stop_frame);
            truth_fault_add(fl, f);
            fl->count++;
        }
    }
    if (prng_chance(&s->rng, s->sc->ue_rrc_retry_share)) {
        /* T302 runs for waitTime; the UE tries again as soon as it expires */
        sim_schedule(s, s->now_us + wait * (int64_t)SEC + prng_range(&s->rng, 0, 200 * MS),
                     EV_ATTEMPT, uei, 0, 0);
        return;
    }
    ue_free(s, uei);
}

static void on_rrc_answer(sim *s, int uei)
{
    sim_ue *u = &s->ues[uei];
    int why;
    if (!gnb_admit(s, u, &why)) {
        rrc_rejected(s, uei, why);
        return;
    }
    if (s->sc->gnbs[u->gnb].f1) {
        msg_rrc_setup(s, uei);
        s->tr.rrc_setups++;
        s->tr.rrc_cell[u->gnb][u->cell][1]++;
        if (sim_slices_used(s) || u->shed_by_release) {   /* the slice scenarios show the whole RRC set-up */
            sim_schedule(s, s->now_us + prng_range(&s->rng, 8 * MS, 15 * MS), EV_RRC_SETUP_COMPLETE,
                         uei, 0, 0);
            return;
        }
    } else
        sim_slice_success(s, uei);
    sim_schedule(s, s->now_us + prng_range(&s->rng, 15 * MS, 30 * MS), EV_N2_INITIAL, uei, 0, 0);
}

/* The gNB reads the requested NSSAI in RRCSetupComplete (TS 38.331 s-NSSAI-List) and either
 * forwards the NAS message to the AMF or releases the UE (TS 38.413 §8.7.7.2). */
static void on_rrc_setup_complete(sim *s, int uei)
{
    sim_ue *u = &s->ues[uei];
    const sim_ng_view *v = &s->view[u->gnb][u->target_amf];
    msg_rrc_setup_complete(s, uei);
    int slice_start = v->in_force && v->start->n_slices > 0;
    int block = 0, unlisted = 0;
    if (u->shed_by_release) {   /* sheds-by-release: the shed share is released here */
        u->shed_by_release = 0;
        sim_schedule(s, s->now_us + prng_range(&s->rng, 1 * MS, 3 * MS), EV_RRC_RELEASE, uei, 0, 0);
        return;
    }
    if (slice_start && s->sc->gnbs[u->gnb].behaviour != GNB_IGNORES_START) {
        unlisted = slice_item_of(s, u, v->start) < 0;
        int k = slice_item_of(s, u, v->start);
        const sc_slice_item *it = k >= 0 ? &v->start->slices[k] : NULL;
        int act = it && it->action != ACTION_NONE ? it->action : ACTION_REJECT_SIGNALLING;
        if (unlisted)
            block = s->sc->gnbs[u->gnb].behaviour == GNB_RELEASES_UNLISTED_SLICES;
        else if (s->sc->gnbs[u->gnb].behaviour == GNB_OVER_SHEDS)
            block = cause_is_shed(act, u->cause);   /* the whole class, whatever the % */
        else
            block = gnb_slice_blocks(s, u, v->start);
    }
    if (block) {
        sim_schedule(s, s->now_us + prng_range(&s->rng, 1 * MS, 3 * MS), EV_RRC_RELEASE, uei, 0, 0);
        return;
    }
    sim_slice_success(s, uei);
    sim_schedule(s, s->now_us + prng_range(&s->rng, 2 * MS, 5 * MS), EV_N2_INITIAL, uei, 0, 0);
}

static void on_rrc_release(sim *s, int uei)
{
    uint32_t f = msg_rrc_release(s, uei);
    sim_slice_failure(s, uei, f);
    ue_free(s, uei);
}

/* ---- N2 ---- */

static int episode_action(const sc_start *st)
{
    return st->action == ACTION_NONE ? ACTION_REJECT_SIGNALLING : st->action;
}

static void on_n2_initial(sim *s, int uei)
{
    sim_ue *u = &s->ues[uei];
    int gnb = u->gnb, amf = u->target_amf;
    u->ran_ue_id = s->next_ran_ue_id[gnb]++;
    uint32_t f = msg_initial_ue_message(s, uei);
    if (f)
        sim_kpi_request(s, uei);
    int win = truth_window(&s->tr, gnb, s->now_us);
    s->tr.ium[gnb][win][u->cause]++;
    sim_record_ium(s, gnb, amf, u->cause, f);
    truth_count_episode_ium(&s->tr, gnb, amf, u->cause, s->now_us);
    const sim_ng_view *v = &s->view[gnb][amf];
    const sc_gnb *g = &s->sc->gnbs[gnb];
    if (g->behaviour == GNB_IGNORES_START && v->in_force &&
        s->now_us >= v->start_us + (int64_t)s->sc->grace_ms * MS &&
        cause_is_shed(episode_action(v->start), u->cause)) {
        truth_fault **slot = &s->ignore_fault[gnb][amf];
        if (*slot && s->ignore_fault_start[gnb][amf] != v->start)
            *slot = NULL;
        if (!*slot) {
            *slot = truth_fault_new(&s->tr, "gnb-ignores-overload", s->sc->amfs[amf].name,
                                    g->name, NULL, NULL);
            truth_fault_add(*slot, v->start_frame);
            (*slot)->first_frame = v->start_frame;
            s->ignore_fault_start[gnb][amf] = v->start;
        }
        truth_fault_add(*slot, f);
        (*slot)->count++;
    }
    if (u->retry_of_reject && u->early) {
        char id[96];
        sim_ue_best_id(s, uei, id, sizeof id);
        truth_fault *fl = truth_fault_new(&s->tr, "ue-early-retry", s->sc->amfs[amf].name, NULL,
                                          NULL, id);
        truth_fault_add(fl, u->reject_frame);
        truth_fault_add(fl, f);
        fl->first_frame = f;
        fl->count = 1;
    }
    if (u->retry_of_reject)
        sim_record_retry(s, u->reject_log);
    u->retry_of_reject = 0;
    u->reject_log = -1;
    if (u->moving) {
        for (int r = 0; r < s->sc->n_rebalances; r++) {
            const sc_rebalance *rb = &s->sc->rebalances[r];
            if (rb->to_amf == amf && rb->from_amf == u->amf) {
                g_array_append_val(s->rebalance_moves[r], f);
                if (s->amf_load[amf] >= 80)
                    s->rebalance_target_loaded[r]++;
                break;
            }
        }
        sim_schedule(s, s->now_us + 5 * MS, EV_CTX_TRANSFER, uei, 0, 0);
    } else if (!sim_symptoms_on_initial(s, uei, f))
        ue_free(s, uei);   /* the AMF never answers; the UE gives up */
}

/* Exempt from NAS congestion rejects and from back-off, and the truth of exempt-access-rejected
 * (nas): emergency registration, service type MT / emergency / emergency fallback / high
 * priority, RRC cause high priority / MPS / MCS / mt-Access / emergency (TS 23.501 §5.19.7.2,
 * TS 24.501 §5.3.9; docs/faults.md). */
static int nas_exempt(const sim_ue *u)
{
    if (u->req == REQ_REG_EMERGENCY)
        return 1;
    if (u->req == REQ_SERVICE && u->service_type >= 2 && u->service_type <= 5)
        return 1;
    return u->cause == CAUSE_HIGH_PRIORITY || u->cause == CAUSE_MPS || u->cause == CAUSE_MCS ||
           u->cause == CAUSE_MT_ACCESS || u->cause == CAUSE_EMERGENCY;
}

/* Per-AMF truth_fault for a per-AMF NAS rule, created on first use. */
static truth_fault *amf_fault(sim *s, truth_fault **slot, const char *rule, int amf, int uei,
                              uint32_t f)
{
    if (!*slot) {
        char id[96];
        sim_ue_best_id(s, uei, id, sizeof id);
        *slot = truth_fault_new(&s->tr, rule, s->sc->amfs[amf].name, NULL, NULL, id);
        (*slot)->first_frame = f;
    }
    truth_fault_add(*slot, f);
    (*slot)->count++;
    return *slot;
}

static void reject_ue(sim *s, int uei, const sc_episode *ep, int ep_index)
{
    sim_ue *u = &s->ues[uei];
    int amf = u->target_amf;
    int t3346_octet = -1;
    uint32_t t3346_s = 0;
    switch (ep->t3346) {
    case T3346_FIXED:
    case T3346_RANDOM: {
        uint32_t want = (uint32_t)ep->t3346_s;
        if (ep->t3346 == T3346_RANDOM) /* whole minutes when above a minute, else 2 s steps */
            want = ep->t3346_s >= 60 ? 60u * (uint32_t)prng_range(&s->rng, ep->t3346_s / 60,
                                                                  ep->t3346_max_s / 60)
                                     : 2u * (uint32_t)prng_range(&s->rng, ep->t3346_s / 2,
                                                                 ep->t3346_max_s / 2);
        t3346_octet = nas_gprs_timer2_from_seconds(want);
        t3346_s = nas_gprs_timer2_seconds((uint8_t)t3346_octet);
        break;
    }
    case T3346_ZERO:
        t3346_octet = NAS_TIMER_ZERO;
        break;
    case T3346_DEACTIVATED:
        t3346_octet = nas_gprs_timer2_from_seconds(NAS_TIMER_DEACTIVATED);
        t3346_s = NAS_TIMER_DEACTIVATED;
        break;
    case T3346_NONE:
        break;
    }
    int sec = ep->nas_integrity ? 1 : 0;
    if (ep->nas_integrity && prng_chance(&s->rng, ep->nas_ciphered_share))
        sec = 2;
    u->amf_ue_id = s->next_amf_ue_id[amf]++;
    uint32_t f = msg_congestion_reject(s, uei, t3346_octet, sec);
    int visible = sec != 2;
    sim_kpi_reject(s, uei, visible,
                   (ep->t3346 == T3346_FIXED || ep->t3346 == T3346_RANDOM) && sec == 1 ? (int)t3346_s : 0);
    u->reject_log = -1;
    /* A ciphered reject of a readable REGISTRATION REQUEST cannot be told from an accept in the
     * capture: the contract of backoff-storm counts it as one (docs/faults.md). */
    if (!visible && u->req != REQ_SERVICE)
        sim_record_nas_reject(s, -1 - amf, f, 0, 0);
    if (visible) {
        s->tr.nas_congestion_rejects++;
        if (t3346_octet < 0)
            s->tr.nas_congestion_no_t3346++;
        else
            truth_record_t3346(&s->tr, t3346_s);
        u->reject_log =
            sim_record_nas_reject(s, ep_index, f, t3346_octet < 0 ? -2 : (int64_t)t3346_s, 1);
        if (t3346_octet < 0)
            amf_fault(s, &s->t3346_missing_fault[amf], "t3346-missing", amf, uei, f);
        else if (ep->t3346 == T3346_ZERO || ep->t3346 == T3346_DEACTIVATED)
            amf_fault(s, &s->t3346_zero_fault[amf], "t3346-zero-or-deactivated", amf, uei, f);
        else if (t3346_s < 60)
            amf_fault(s, &s->t3346_short_fault[amf], "t3346-short", amf, uei, f);
        if (!ep->send_start) {
            truth_fault *fl = amf_fault(s, &s->outside_fault[amf],
                                        "congestion-reject-outside-overload", amf, uei, f);
            g_free(fl->ue); /* entity: the AMF only */
            fl->ue = NULL;
        }
        if (nas_exempt(u)) {
            truth_fault *fl = amf_fault(s, &s->exempt_nas_fault[amf], "exempt-access-rejected",
                                        amf, uei, f);
            (void)fl;
        }
    } else
        s->tr.nas_ciphered_rejects++;
    /* UE reaction (TS 24.501 §5.5.1.3.7) */
    int valid = t3346_octet >= 0 && ep->t3346 != T3346_ZERO && ep->t3346 != T3346_DEACTIVATED;
    u->state = UE_BACKOFF;
    u->reject_frame = f;
    u->early = 0;
    int64_t retry_at = -1;
    if (valid && sec >= 1) {
        u->backoff_until_us = s->now_us + (int64_t)t3346_s * SEC;
        if (sec == 1 && prng_chance(&s->rng, s->sc->ue_early_retry_share)) {
            u->early = 1;
            retry_at = s->now_us + (int64_t)s->sc->ue_early_retry_s * SEC +
                       prng_range(&s->rng, 0, 900 * MS);
        } else if (s->sc->ue_retry_after_backoff)
            retry_at = u->backoff_until_us + prng_range(&s->rng, 0, 300 * MS);
    } else if (valid) {
        /* not integrity protected: a random value from the default range (15..30 min) */
        u->backoff_until_us = s->now_us + prng_range(&s->rng, 900, 1800) * (int64_t)SEC;
        if (s->sc->ue_retry_after_backoff)
            retry_at = u->backoff_until_us;
    } else {
        /* abnormal case: no usable T3346, the UE retries on T3511 (10 s) */
        u->backoff_until_us = s->now_us;
        if (s->sc->ue_retry_after_backoff)
            retry_at = s->now_us + 10 * (int64_t)SEC + prng_range(&s->rng, 0, 500 * MS);
    }
    sim_schedule(s, s->now_us + prng_range(&s->rng, 2 * MS, 5 * MS), EV_RELEASE_COMPLETE, uei,
                 0, retry_at);
}

static int rebalance_wants(sim *s, const sim_ue *u)
{
    for (int r = 0; r < s->sc->n_rebalances; r++) {
        const sc_rebalance *rb = &s->sc->rebalances[r];
        if (u->amf != rb->from_amf || s->now_us < rb->start_us || s->now_us >= rb->end_us)
            continue;
        if (!(s->sc->gnbs[u->gnb].amf_mask & (1u << rb->to_amf)))
            continue;
        int64_t since = s->rebalance_last_us[r] ? s->rebalance_last_us[r] : rb->start_us;
        s->rebalance_owed[r] += (double)(s->now_us - since) / SEC * rb->rate_per_s;
        s->rebalance_last_us[r] = s->now_us;
        if (s->rebalance_owed[r] >= 1.0) {
            s->rebalance_owed[r] -= 1.0;
            return r;
        }
    }
    return -1;
}

static void on_amf_answer(sim *s, int uei)
{
    sim_ue *u = &s->ues[uei];
    int amf = u->target_amf;
    int epi = s->amf_active_episode[amf];
    if (epi >= 0 && !u->moving) {
        const sc_episode *ep = &s->sc->episodes[epi];
        if ((!nas_exempt(u) || ep->reject_exempt) &&
            (!ep->nas_reject_slices || (ep->nas_reject_slices >> u->slice & 1u)) &&
            prng_chance(&s->rng, ep->nas_reject_share)) {
            reject_ue(s, uei, ep, epi);
            return;
        }
    }
    u->amf_ue_id = s->next_amf_ue_id[amf]++;
    if (u->req != REQ_SERVICE) {
        if (!u->registered || u->amf != amf || u->req == REQ_REG_EMERGENCY ||
            u->req == REQ_REG_MOBILITY) {
            if (u->registered && u->amf != amf) {
                u->prev_amf = u->amf;
                u->prev_tmsi = u->tmsi;
                u->seen_prev_guti = u->seen_guti || u->seen_stmsi;
                u->seen_guti = u->seen_stmsi = 0;
                u->moved = 1;
            }
            u->amf = (uint8_t)amf;
            u->tmsi = s->next_tmsi[amf]++;
            u->registered = 1;
        }
    }
    uint32_t af = msg_accept(s, uei);
    sim_kpi_accept(s, uei);
    /* backoff-storm counts accepted registrations as amfol observes them (docs/faults.md): the
     * ciphered downlink NAS answering a readable REGISTRATION REQUEST in its NGAP UE context. */
    if (u->req != REQ_SERVICE)
        sim_record_nas_reject(s, -1 - amf, af, 0, 0);
    int r = u->moving ? -1 : rebalance_wants(s, u);
    if (u->req != REQ_SERVICE)
        sim_schedule(s, s->now_us + prng_range(&s->rng, 20 * MS, 40 * MS), EV_UL_NAS, uei, r, 0);
    else if (r >= 0)
        sim_schedule(s, s->now_us + prng_range(&s->rng, 50 * MS, 80 * MS), EV_MOVE_CMD, uei, r, 0);
    else if (!sim_zoo_after_accept(s, uei, epi))
        sim_schedule(s, s->now_us + prng_range(&s->rng, 500 * MS, 3000 * MS), EV_RELEASE_CMD, uei,
                     0, -1);
    u->moving = 0;
}

static void on_ul_nas(sim *s, int uei, int rebalance)
{
    msg_registration_complete(s, uei);
    sim_kpi_complete(s, uei);
    if (rebalance >= 0)
        sim_schedule(s, s->now_us + prng_range(&s->rng, 50 * MS, 80 * MS), EV_MOVE_CMD, uei,
                     rebalance, 0);
    else
        sim_schedule(s, s->now_us + prng_range(&s->rng, 500 * MS, 3000 * MS), EV_RELEASE_CMD, uei,
                     0, -1);
}

static void on_move_cmd(sim *s, int uei, int r)
{
    msg_configuration_update(s, uei);
    /* After the release the UE registers again; the gNB picks the target AMF. */
    sim_schedule(s, s->now_us + prng_range(&s->rng, 20 * MS, 40 * MS), EV_RELEASE_CMD, uei, r + 1,
                 -1);
}

static void on_release_cmd(sim *s, int uei, int move_plus1, int64_t retry_at)
{
    msg_release_command(s, uei);
    /* The gNB carries the AMF's release out on the radio side (F1 captured). */
    if (s->sc->gnbs[s->ues[uei].gnb].f1 && s->sc->gnbs[s->ues[uei].gnb].rrc_release_on_amf_release)
        msg_rrc_release(s, uei);
    sim_kpi_release(s, uei);
    sim_schedule(s, s->now_us + prng_range(&s->rng, 2 * MS, 5 * MS), EV_RELEASE_COMPLETE, uei,
                 move_plus1, retry_at);
}

static void on_release_complete(sim *s, int uei, int move_plus1, int64_t retry_at)
{
    sim_ue *u = &s->ues[uei];
    msg_release_complete(s, uei);
    if (move_plus1 > 0) {
        const sc_rebalance *rb = &s->sc->rebalances[move_plus1 - 1];
        u->moving = 1;
        u->target_amf = (uint8_t)rb->to_amf;
        u->cause = CAUSE_MO_SIGNALLING;
        u->req = REQ_REG_MOBILITY;
        u->retry_of_reject = 0;
        sim_schedule(s, s->now_us + prng_range(&s->rng, 100 * MS, 300 * MS), EV_ATTEMPT, uei, 0,
                     0);
        return;
    }
    if (u->state == UE_BACKOFF) {
        if (retry_at >= 0 && retry_at < s->sc->duration_us)
            sim_schedule(s, retry_at, EV_UE_RETRY, uei, 0, 0);
        /* else the UE stays backed off until the end of the capture */
        return;
    }
    ue_free(s, uei);
}

static void on_ue_retry(sim *s, int uei)
{
    sim_ue *u = &s->ues[uei];
    u->state = UE_BUSY;
    u->retry_of_reject = 1;
    u->moving = 0;
    choose_request(s, u);
    u->target_amf = (uint8_t)route_amf(s, u, u->gnb);
    sim_schedule(s, s->now_us, EV_ATTEMPT, uei, 0, 0);
}

/* ---- overload episodes ---- */

static void on_overload_start(sim *s, int e, int k)
{
    const sc_episode *ep = &s->sc->episodes[e];
    const sc_start *st = &ep->starts[k];
    truth_episode *te = &s->tr.episodes[e];
    int amf = ep->amf;
    s->amf_active_episode[amf] = e;
    if (!ep->send_start)
        return; /* NAS-level congestion only: nothing on N2 */
    for (int g = 0; g < s->sc->n_gnbs; g++) {
        if (!(ep->gnb_mask & (1u << g)))
            continue;
        uint32_t f = msg_overload_start(s, g, amf, st);
        if (!te->start_frame) {
            te->start_frame = f;
            te->start_us = s->now_us;
        }
        if (!te->gnb_start_frame[g])
            te->gnb_start_frame[g] = f;
        if (te->n_updates < TRUTH_MAX_UPDATES)
            te->updates[te->n_updates++] = (truth_update){.frame = f, .gnb = g, .start = st};
        sim_ng_view *v = &s->view[g][amf];
        v->in_force = 1;
        v->ignored_stop = 0;
        v->start = st;
        v->episode = e;
        v->start_frame = f;
        v->start_us = s->now_us;
        sim_slice_start(s, e, k, g, f);
        s->now_us += 100; /* one START per association, a little apart */
    }
}

static void on_overload_stop(sim *s, int e)
{
    const sc_episode *ep = &s->sc->episodes[e];
    truth_episode *te = &s->tr.episodes[e];
    int amf = ep->amf;
    s->amf_active_episode[amf] = -1;
    for (int g = 0; g < s->sc->n_gnbs; g++) {
        if (!(ep->gnb_mask & (1u << g)))
            continue;
        uint32_t f = msg_overload_stop(s, g, amf);
        te->gnb_stop_frame[g] = f;
        te->stop_frame = f;
        te->stop_us = s->now_us;
        sim_ng_view *v = &s->view[g][amf];
        v->stop_frame = f;
        v->stop_us = s->now_us;
        if (s->sc->gnbs[g].behaviour == GNB_MISSES_STOP)
            v->ignored_stop = 1; /* keeps applying the START */
        else
            v->in_force = 0;
        sim_slice_stop(s, e, g);
        s->now_us += 100;
    }
}

/* ---- main loop ---- */

static void setup(sim *s)
{
    const scenario *sc = s->sc;
    int64_t t = 10 * MS;
    for (int g = 0; g < sc->n_gnbs; g++) {
        for (int a = 0; a < sc->n_amfs; a++) {
            if (!(sc->gnbs[g].amf_mask & (1u << a)))
                continue;
            sim_net_assoc_init(s, sim_ng_index(g, a), sc->gnbs[g].ip, sc->amfs[a].ip,
                               SCTP_PORT_NGAP);
            sim_schedule(s, t, EV_NG_SETUP, g, a, 0);
            t += 10 * MS;
        }
        if (sc->gnbs[g].f1) {
            sim_net_assoc_init(s, sim_f1_index(g), sc->gnbs[g].du_ip, sc->gnbs[g].ip,
                               SCTP_PORT_F1AP);
            sim_schedule(s, t, EV_F1_SETUP, g, 0, 0);
            t += 10 * MS;
        }
    }
    sim_sbi_setup(s, &t);
    int64_t traffic_start = t + 500 * MS;
    for (int c = 0; c < SC_NCAUSES; c++) {
        int any = 0;
        for (int p = 0; p < sc->n_phases; p++)
            any |= sc->phases[p].rate[c] > 0;
        if (any)
            sim_schedule(s, traffic_start + prng_range(&s->rng, 0, 500 * MS), EV_ARRIVAL, c, 0,
                         0);
    }
    for (int e = 0; e < sc->n_episodes; e++) {
        for (int k = 0; k < sc->episodes[e].n_starts; k++)
            sim_schedule(s, sc->episodes[e].starts[k].at_us, EV_OVERLOAD_START, e, k, 0);
        if (sc->episodes[e].stop_us >= 0)
            sim_schedule(s, sc->episodes[e].stop_us, EV_OVERLOAD_STOP, e, 0, 0);
    }
    for (int r = 0; r < sc->n_rebalances; r++)
        if (sc->rebalances[r].capacity >= 0)
            sim_schedule(s, sc->rebalances[r].start_us, EV_REBALANCE_START, r, 0, 0);
    sim_zoo_setup(s);
    sim_schedule(s, sc->duration_us, EV_END, 0, 0, 0);
}

static int dispatch(sim *s, const sim_event *ev)
{
    switch (ev->kind) {
    case EV_NG_SETUP:
        sim_net_handshake(s, sim_ng_index(ev->a, ev->b));
        sim_schedule(s, s->now_us + 1 * MS, EV_NG_SETUP_REQ, ev->a, ev->b, 0);
        break;
    case EV_NG_SETUP_REQ:
        msg_ng_setup_request(s, ev->a, ev->b);
        sim_schedule(s, s->now_us + 3 * MS, EV_NG_SETUP_RSP, ev->a, ev->b, 0);
        break;
    case EV_NG_SETUP_RSP: {
        sim_assoc *as = &s->assoc[sim_ng_index(ev->a, ev->b)];
        if (as->setup_failures < s->sc->gnbs[ev->a].ng_setup_failures) {
            /* The AMF turns the gNB away for a while (TimeToWait 5 s), then it tries again. */
            as->setup_failures++;
            msg_ng_setup_failure(s, ev->a, ev->b);
            sim_schedule(s, s->now_us + 5 * SEC + 1 * MS, EV_NG_SETUP_REQ, ev->a, ev->b, 0);
        } else {
            msg_ng_setup_response(s, ev->a, ev->b);
            as->ng_ready = 1;
        }
        break;
    }
    case EV_REBALANCE_START: {
        const sc_rebalance *rb = &s->sc->rebalances[ev->a];
        for (int g = 0; g < s->sc->n_gnbs; g++) {
            uint32_t m = s->sc->gnbs[g].amf_mask;
            if (!(m & (1u << rb->from_amf)) || !(m & (1u << rb->to_amf)))
                continue;
            msg_amf_configuration_update(s, g, rb->from_amf, rb->capacity);
            sim_schedule(s, s->now_us + 3 * MS, EV_AMF_CFG_ACK, g, rb->from_amf, 0);
        }
        break;
    }
    case EV_AMF_CFG_ACK:
        msg_amf_configuration_update_ack(s, ev->a, ev->b);
        break;
    case EV_F1_SETUP:
        sim_net_handshake(s, sim_f1_index(ev->a));
        sim_schedule(s, s->now_us + 1 * MS, EV_F1_SETUP_REQ, ev->a, 0, 0);
        break;
    case EV_F1_SETUP_REQ:
        msg_f1_setup_request(s, ev->a);
        sim_schedule(s, s->now_us + 3 * MS, EV_F1_SETUP_RSP, ev->a, 0, 0);
        break;
    case EV_F1_SETUP_RSP:
        msg_f1_setup_response(s, ev->a);
        break;
    case EV_SBI_OPEN:
    case EV_SBI_PEER_OPEN:
    case EV_NRF_REPORT:
    case EV_CTX_TRANSFER:
        sim_sbi_event(s, ev);
        break;
    case EV_ARRIVAL:
        on_arrival(s, ev->a);
        break;
    case EV_ATTEMPT:
        on_attempt(s, ev->a);
        break;
    case EV_RRC_ANSWER:
        on_rrc_answer(s, ev->a);
        break;
    case EV_N2_INITIAL:
        on_n2_initial(s, ev->a);
        break;
    case EV_AMF_ANSWER:
        on_amf_answer(s, ev->a);
        break;
    case EV_UL_NAS:
        on_ul_nas(s, ev->a, ev->b);
        break;
    case EV_MOVE_CMD:
        on_move_cmd(s, ev->a, ev->b);
        break;
    case EV_RELEASE_CMD:
        on_release_cmd(s, ev->a, ev->b, ev->c);
        break;
    case EV_RELEASE_COMPLETE:
        on_release_complete(s, ev->a, ev->b, ev->c);
        break;
    case EV_UE_RETRY:
        on_ue_retry(s, ev->a);
        break;
    case EV_SACK:
        sim_net_on_sack(s, ev->a, ev->b);
        break;
    case EV_OVERLOAD_START:
        on_overload_start(s, ev->a, ev->b);
        break;
    case EV_OVERLOAD_STOP:
        on_overload_stop(s, ev->a);
        break;
    case EV_ZOO_NG:
    case EV_ZOO_DEREG:
    case EV_ZOO_PDU_REQ:
    case EV_ZOO_PDU_REJ:
    case EV_ZOO_DISCOVER:
        sim_zoo_event(s, ev);
        break;
    case EV_UDM_QUERY:
    case EV_UDM_ANSWER:
        sim_symptoms_event(s, ev);
        break;
    case EV_RRC_SETUP_COMPLETE:
        on_rrc_setup_complete(s, ev->a);
        break;
    case EV_RRC_RELEASE:
        on_rrc_release(s, ev->a);
        break;
    case EV_END:
        return 1;
    }
    return 0;
}

int sim_run(sim *s, const scenario *sc, uint64_t seed, const char *pcap_path)
{
    memset(s, 0, sizeof *s);
    s->sc = sc;
    prng_seed(&s->rng, seed);
    truth_init(&s->tr, sc);
    for (int a = 0; a < SC_MAX_AMFS; a++) {
        s->amf_active_episode[a] = -1;
        s->next_tmsi[a] = 1;
        s->next_amf_ue_id[a] = 1;
        s->amf_load[a] = a < sc->n_amfs ? sc->amfs[a].base_load : 0;
    }
    for (int g = 0; g < SC_MAX_GNBS; g++)
        s->next_ran_ue_id[g] = 1;
    for (int r = 0; r < SC_MAX_REBALANCES; r++)
        s->rebalance_moves[r] = g_array_new(FALSE, FALSE, sizeof(uint32_t));
    sim_extra_init(s);
    s->n_ues = sc->ue_pool > SIM_MAX_UES ? SIM_MAX_UES : sc->ue_pool;
    s->ues = calloc((size_t)s->n_ues, sizeof *s->ues);
    for (int k = 0; k < sc->n_slices; k++)
        s->free_list[k] = malloc((size_t)s->n_ues * sizeof(int));
    sim_kpi_init(s);
    if (event_heap_init(&s->heap, (size_t)s->n_ues * 4 + 4096) < 0 || !s->ues) {
        snprintf(s->err, sizeof s->err, "out of memory");
        return -1;
    }
    /* Population: slices by share (deterministic split), registration by chance. */
    double w[SC_MAX_GNBS];
    for (int g = 0; g < sc->n_gnbs; g++)
        w[g] = sc->gnbs[g].share;
    int idx = 0;
    for (int k = 0; k < sc->n_slices; k++) {
        int n = k == sc->n_slices - 1 ? s->n_ues - idx
                                      : (int)(sc->slice_share[k] * s->n_ues + 0.5);
        for (int j = 0; j < n && idx < s->n_ues; j++, idx++) {
            sim_ue *u = &s->ues[idx];
            u->slice = (uint8_t)k;
            u->reject_log = -1;
            u->registered = (uint8_t)prng_chance(&s->rng, sc->registered_share);
            u->amf = (uint8_t)sc->gnbs[pick_weighted(&s->rng, w, sc->n_gnbs)].home_amf;
            if (u->registered)
                u->tmsi = s->next_tmsi[u->amf]++;
            ue_free(s, idx);
        }
    }
    s->w = pcapng_writer_open(pcap_path, PCAPNG_TSRES_US, "amfol-synth");
    if (!s->w) {
        snprintf(s->err, sizeof s->err, "cannot create %s", pcap_path);
        return -1;
    }
    setup(s);
    sim_event ev;
    while (!s->failed && event_heap_pop(&s->heap, &ev) == 0) {
        s->now_us = ev.t_us;
        s->big_event_count++;
        if (dispatch(s, &ev))
            break;
    }
    sim_finish_faults(s);
    sim_symptoms_finish(s);
    s->tr.kpi_json = sim_kpi_json(s);
    truth_finish(&s->tr);
    if (pcapng_writer_close(s->w) < 0 && !s->failed) {
        s->failed = 1;
        snprintf(s->err, sizeof s->err, "write error closing %s", pcap_path);
    }
    s->w = NULL;
    return s->failed ? -1 : 0;
}

void sim_free(sim *s)
{
    event_heap_free(&s->heap);
    for (int i = 0; s->ues && i < s->n_ues; i++)
        msg_forget_setup_nas(&s->ues[i]);
    free(s->ues);
    for (int k = 0; k < SC_MAX_SLICES; k++)
        free(s->free_list[k]);
    for (int r = 0; r < SC_MAX_REBALANCES; r++)
        if (s->rebalance_moves[r])
            g_array_free(s->rebalance_moves[r], TRUE);
    sim_sbi_free(s);
    sim_symptoms_free(s);
    sim_kpi_free(s);
    sim_extra_free(s);
    truth_free(&s->tr);
}
