/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_kpi.c: takes the events in: per-second counts per AMF of registrations, service requests,
 * PDU session establishments and their outcomes (the procedure of an NGAP UE context waits for its
 * answer), RRC requests and rejects, and per UE its chain of attempts from the first one to the
 * success, with the delay its levers (T3346, waitTime, the AMF's answers) account for. */
#include "amfol_kpi_internal.h"
#include "../core/amfol_3gpp.h"
#include "../core/amfol_context.h"
#include "../n2/amfol_n2.h"      /* AMF names of associations */

#include <math.h>
#include <string.h>

/* 5GMM / 5GSM message types (TS 24.501 §9.7). */
enum { MM_REG_REQUEST = 0x41, MM_REG_ACCEPT = 0x42, MM_REG_REJECT = 0x44, MM_SRV_REQUEST = 0x4c,
       MM_SRV_REJECT = 0x4d, MM_SRV_ACCEPT = 0x4e, SM_EST_REQUEST = 0xc1, SM_EST_ACCEPT = 0xc2,
       SM_EST_REJECT = 0xc3 };
/* Service type (TS 24.501 §9.11.3.50): emergency services (3), emergency services fallback (4),
 * high priority access (5). */
enum { SRV_EMERGENCY = 3, SRV_EMERGENCY_FALLBACK = 4, SRV_HIGH_PRIORITY = 5 };
#define MM_CONGESTION 22

/* Identity keys: a tag in the top bits keeps the kinds apart. */
#define ID_SUCI   (1ull << 62)
#define ID_S_TMSI (2ull << 62)
#define ID_PART1  (3ull << 62)
#define RRC_NO_UE 0xFFFFFFFFu

enum { LEVER_NONE = 0, LEVER_T3346 = 1, LEVER_WAIT = 2, LEVER_OTHER = 3 };

static amfol_kpi *kpi_new(void)
{
    amfol_kpi *k = g_new0(amfol_kpi, 1);
    k->amfs = g_ptr_array_new();
    k->ues = g_array_new(FALSE, TRUE, sizeof(kpi_ue));
    k->quests = g_array_new(FALSE, FALSE, sizeof(kpi_quest));
    k->delays = g_array_new(FALSE, FALSE, sizeof(kpi_delay));
    k->backoffs = g_array_new(FALSE, FALSE, sizeof(kpi_backoff));
    k->radio = g_array_new(FALSE, TRUE, sizeof(kpi_slot));
    return k;
}

static void kpi_free(amfol_kpi *k)
{
    if (!k)
        return;
    for (guint i = 0; i < k->amfs->len; i++) {
        kpi_amf *a = g_ptr_array_index(k->amfs, i);
        g_array_free(a->slots, TRUE);
        g_free(a);
    }
    g_ptr_array_free(k->amfs, TRUE);
    amfol_u64map_clear(&k->ctx);
    amfol_u64map_clear(&k->ids);
    amfol_u64map_clear(&k->rrc_open);
    g_free(k->procs);
    g_array_free(k->ues, TRUE);
    g_array_free(k->quests, TRUE);
    g_array_free(k->delays, TRUE);
    g_array_free(k->backoffs, TRUE);
    g_array_free(k->radio, TRUE);
    g_free(k);
}

uint64_t amfol_kpi_version(amfol_engine *e)
{
    return e && e->kpi ? e->kpi->version : 0;
}

const char *amfol_kpi_reg_name(int reg)
{
    static const char *const names[AMFOL_KPI_REG_TYPES] = { "initial", "mobility", "periodic", "emergency" };
    return reg >= 0 && reg < AMFOL_KPI_REG_TYPES ? names[reg] : "?";
}

/* ---- small helpers ----------------------------------------------------------------------- */

int kpi_amf_find(const amfol_kpi *k, const char *name)
{
    for (guint i = 0; k && name && i < k->amfs->len; i++)
        if (((kpi_amf *)g_ptr_array_index(k->amfs, i))->name == name ||
            strcmp(((kpi_amf *)g_ptr_array_index(k->amfs, i))->name, name) == 0)
            return (int)i;
    return -1;
}

static int amf_index(amfol_kpi *k, const char *name)
{
    for (guint i = 0; i < k->amfs->len; i++)
        if (((kpi_amf *)g_ptr_array_index(k->amfs, i))->name == name)
            return (int)i;
    if (k->amfs->len >= KPI_MAX_AMFS) {
        k->amfs_dropped++;
        return -1;
    }
    kpi_amf *a = g_new0(kpi_amf, 1);
    a->name = name;
    a->slots = g_array_sized_new(FALSE, TRUE, sizeof(kpi_slot), 64);
    g_ptr_array_add(k->amfs, a);
    return (int)k->amfs->len - 1;
}

static kpi_slot *slot_in(amfol_engine *e, GArray *slots, uint32_t *dropped, amfol_time t)
{
    double sec = floor(t - e->cap.first_time);
    if (!(sec >= 0 && sec < KPI_MAX_SLOTS)) {
        (*dropped)++;
        return NULL;
    }
    guint i = (guint)sec;
    if (i >= slots->len)
        g_array_set_size(slots, i + 1);   /* new slots are zeroed */
    return &g_array_index(slots, kpi_slot, i);
}

kpi_slot *kpi_slot_at(amfol_engine *e, kpi_amf *a, amfol_time t)
{
    return slot_in(e, a->slots, &a->slots_dropped, t);
}

static kpi_slot *amf_slot(amfol_engine *e, int amf, amfol_time t)
{
    static kpi_slot sink;   /* counts of a slot out of range land here, never read */
    if (amf < 0 || amf >= (int)e->kpi->amfs->len)
        return &sink;
    kpi_slot *s = kpi_slot_at(e, g_ptr_array_index(e->kpi->amfs, amf), t);
    return s ? s : &sink;
}

static uint64_t pair_key(const amfol_where *w, int64_t id)
{
    const amfol_endpoint *a = &w->src, *b = &w->dst;
    if (strcmp(a->text, b->text) > 0) {
        const amfol_endpoint *t = a;
        a = b;
        b = t;
    }
    uint64_t h = amfol_endpoint_pair_hash(a, amfol_endpoint_len(a), b, amfol_endpoint_len(b), 0);
    return ((h ^ (h >> 32)) << 32) ^ (uint64_t)(uint32_t)id;
}

static uint64_t text_hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;   /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (uint8_t)*s) * 1099511628211ull;
    return h;
}

static uint64_t s_tmsi48(uint16_t set_id, uint8_t pointer, uint32_t tmsi)
{
    return ((uint64_t)(set_id & 0x3ff) << 38) | ((uint64_t)(pointer & 0x3f) << 32) | tmsi;
}

/* ng-5G-S-TMSI-Part1 (TS 38.331): the 39 rightmost bits of the 5G-S-TMSI. */
static uint64_t part1_key(uint64_t s48)
{
    return ID_PART1 | (s48 & ((1ull << 39) - 1));
}

/* ---- UEs and their chains of attempts ------------------------------------------------------ */

/* The UE known by any of the keys (binding the others to it), or a new one; -1 at the cap. */
static int32_t ue_for(amfol_kpi *k, const uint64_t *keys, int n)
{
    int32_t ue = -1;
    for (int i = 0; i < n && ue < 0; i++)
        if (keys[i])
            ue = (int32_t)amfol_u64map_get(&k->ids, keys[i]) - 1;
    if (ue < 0) {
        bool any = false;
        for (int i = 0; i < n; i++)
            any |= keys[i] != 0;
        if (!any)
            return -1;
        if (k->ues->len >= KPI_MAX_UES) {
            k->ues_dropped++;
            return -1;
        }
        g_array_set_size(k->ues, k->ues->len + 1);
        ue = (int32_t)k->ues->len - 1;
        g_array_index(k->ues, kpi_ue, ue).last_backoff = -1;
    }
    for (int i = 0; i < n; i++)
        if (keys[i])
            amfol_u64map_put(&k->ids, keys[i], (uint64_t)ue + 1);
    return ue;
}

static kpi_ue *ue_at(amfol_kpi *k, int32_t ue)
{
    return ue >= 0 && (guint)ue < k->ues->len ? &g_array_index(k->ues, kpi_ue, ue) : NULL;
}

/* An attempt of the UE (an RRC request, or a NAS request not already announced by one). */
static void ue_attempt(amfol_kpi *k, int32_t uei, amfol_time t, amfol_frame frame, int amf, unsigned flags,
                       bool rrc)
{
    kpi_ue *u = ue_at(k, uei);
    if (!u)
        return;
    if (!u->active) {
        memset(&u->q, 0, sizeof u->q);
        u->q.first_t = t;
        u->q.first_frame = frame;
        u->q.amf = KPI_NO_AMF;
        u->active = true;
        u->lever = LEVER_NONE;
    }
    bool announced = !rrc && u->q.flags & QF_FROM_RRC && u->attempt_t > 0 && t - u->attempt_t < 5.0;
    if (!announced) {
        u->q.attempts++;
        if (u->lever != LEVER_NONE) {
            double gap = t - u->lever_t;
            double took = u->lever_max_s > 0 && gap > u->lever_max_s ? u->lever_max_s : gap;
            if (u->lever == LEVER_T3346) {
                u->q.t3346_s += (float)took;
                if (u->last_backoff >= 0 && (guint)u->last_backoff < k->backoffs->len)
                    g_array_index(k->backoffs, kpi_backoff, u->last_backoff).next_t = t;
            }
            else if (u->lever == LEVER_WAIT)
                u->q.wait_s += (float)took;
            u->lever = LEVER_NONE;
        }
        if (rrc && u->q.attempts == 1)
            u->q.flags |= QF_FROM_RRC;
    }
    if (!rrc || !announced)
        u->attempt_t = t;
    if (amf >= 0 && u->q.amf == KPI_NO_AMF)
        u->q.amf = (uint8_t)amf;
    u->q.flags |= (uint8_t)flags;
}

static void ue_answered(kpi_ue *u, amfol_time t)
{
    if (u->attempt_t > 0 && t >= u->attempt_t)
        u->q.amf_s += (float)(t - u->attempt_t);
    u->attempt_t = 0;
}

static void ue_turned_away(kpi_ue *u, amfol_time t, int lever, double max_s, bool rrc)
{
    ue_answered(u, t);
    if (rrc)
        u->q.rrc_rejects++;
    else
        u->q.nas_rejects++;
    u->lever = (uint8_t)lever;
    u->lever_t = t;
    u->lever_max_s = (float)max_s;
    u->q.backoff_until = lever == LEVER_T3346 ? t + max_s : 0;
}

static void ue_success(amfol_engine *e, int32_t uei, amfol_time t, amfol_frame frame, int amf, bool registration)
{
    amfol_kpi *k = e->kpi;
    kpi_ue *u = ue_at(k, uei);
    if (!u || !u->active)
        return;
    ue_answered(u, t);
    u->q.end_t = t;
    u->q.end_frame = frame;
    u->q.backoff_until = 0;
    u->q.flags |= QF_SUCCESS | (registration ? QF_REGISTRATION : 0);
    if (u->q.amf == KPI_NO_AMF && amf >= 0)
        u->q.amf = (uint8_t)amf;
    bool turned_away = u->q.nas_rejects + u->q.rrc_rejects > 0;
    if (registration) {
        kpi_delay d = { .t = t, .delay_s = (float)(t - u->q.first_t), .amf = u->q.amf,
                        .turned_away = turned_away };
        if (k->delays->len < KPI_MAX_QUESTS)
            g_array_append_val(k->delays, d);
        if (turned_away)
            amf_slot(e, amf, t)->delayed++;
    }
    if (k->quests->len < KPI_MAX_QUESTS)
        g_array_append_val(k->quests, u->q);
    else
        k->quests_dropped++;
    u->active = false;
    u->lever = LEVER_NONE;
}

/* An attempt whose outcome could not be read ends the chain: its outcome is unknown (a later
 * attempt starts a new chain). */
static void ue_unknown(amfol_kpi *k, int32_t uei)
{
    kpi_ue *u = ue_at(k, uei);
    if (!u || !u->active)
        return;
    u->attempt_t = 0;
    if (k->quests->len < KPI_MAX_QUESTS)
        g_array_append_val(k->quests, u->q);
    else
        k->quests_dropped++;
    u->active = false;
}

/* ---- procedures waiting for their outcome -------------------------------------------------- */

enum { OUT_SUCCESS, OUT_SUCCESS_INFERRED, OUT_REJECT, OUT_UNKNOWN };

static kpi_proc *proc_of(amfol_kpi *k, uint64_t key)
{
    uint64_t n = amfol_u64map_get(&k->ctx, key);
    return n ? &k->procs[n - 1] : NULL;
}

static void proc_close(amfol_engine *e, kpi_proc *p, int outcome, amfol_time t, amfol_frame frame)
{
    amfol_kpi *k = e->kpi;
    kpi_slot *s = amf_slot(e, p->amf, outcome == OUT_UNKNOWN ? p->t : t);
    bool reg = p->kind < AMFOL_KPI_REG_TYPES;
    switch (outcome) {
    case OUT_SUCCESS_INFERRED:
        s->reg_succ_inferred += reg;
        /* fall through */
    case OUT_SUCCESS:
        if (reg)
            s->reg_succ[p->kind]++;
        else
            s->srv_acc++;
        ue_success(e, p->ue, t, frame, p->amf, reg);
        break;
    case OUT_REJECT:
        if (reg)
            s->reg_rej[p->kind]++;
        else
            s->srv_rej++;
        break;
    default:
        if (reg)
            s->reg_unknown[p->kind]++;
        else
            s->srv_unknown++;
        ue_unknown(k, p->ue);
    }
    amfol_u64map_remove(&k->ctx, p->key);
    p->used = false;
    k->n_procs_used--;
}

static kpi_proc *proc_open(amfol_engine *e, uint64_t key, int amf, int kind, int32_t ue, amfol_time t)
{
    amfol_kpi *k = e->kpi;
    kpi_proc *old = proc_of(k, key);
    if (old)   /* a new request in the same context: the last one's answer was not seen */
        proc_close(e, old, OUT_UNKNOWN, t, 0);
    if (!k->procs)
        k->procs = g_new0(kpi_proc, KPI_MAX_PROCS);
    if (k->n_procs_used >= KPI_MAX_PROCS) {
        k->procs_dropped++;
        return NULL;
    }
    while (k->procs[k->proc_hint].used)
        k->proc_hint = (k->proc_hint + 1) % KPI_MAX_PROCS;
    kpi_proc *p = &k->procs[k->proc_hint];
    *p = (kpi_proc){ .key = key, .t = t, .ue = ue, .amf = (uint8_t)amf, .kind = (uint8_t)kind,
                     .state = KPI_WAIT, .used = true };
    amfol_u64map_put(&k->ctx, key, (uint64_t)k->proc_hint + 1);
    k->n_procs_used++;
    return p;
}

/* Contexts released in an earlier frame whose procedure had no readable outcome: unknown (the
 * NAS of a frame is fed after its NGAP, so a reject riding with its release is read first). */
static void settle_released(amfol_engine *e, amfol_frame frame)
{
    amfol_kpi *k = e->kpi;
    uint32_t keep = 0;
    for (uint32_t i = 0; i < k->n_released; i++) {
        kpi_proc *p = &k->procs[k->released[i].proc];
        if (k->released[i].frame == frame)
            k->released[keep++] = k->released[i];
        else if (p->used && p->released)
            proc_close(e, p, OUT_UNKNOWN, k->now, 0);
    }
    k->n_released = keep;
}

static void take(amfol_engine *e, const amfol_where *w)
{
    amfol_kpi *k = e->kpi;
    k->version++;
    if (w->time > k->now)
        k->now = w->time;
    if (w->frame != k->frame) {
        k->frame = w->frame;
        if (k->n_released)
            settle_released(e, w->frame);
    }
}

static int amf_of(amfol_engine *e, const amfol_where *w)
{
    const char *name = amfol_n2_assoc_amf_name(e->n2, amfol_n2_where_assoc(e->n2, w));
    return name ? amf_index(e->kpi, name) : -1;
}

/* ---- inputs ------------------------------------------------------------------------------ */

static void kpi_ngap(amfol_engine *e, const amfol_ngap_event *ev, void *result)
{
    (void)result;
    if (!e || !ev)
        return;
    amfol_kpi *k = e->kpi;
    take(e, &ev->where);
    if (ev->proc != AMFOL_NGAP_UE_CONTEXT_RELEASE || ev->ran_ue_id == AMFOL_ABSENT || !k->procs)
        return;
    kpi_proc *p = proc_of(k, pair_key(&ev->where, ev->ran_ue_id));
    if (!p || p->released)
        return;
    if (k->n_released >= KPI_MAX_RELEASED) {
        proc_close(e, p, OUT_UNKNOWN, ev->where.time, 0);
        return;
    }
    p->released = true;
    k->released[k->n_released].proc = (uint32_t)(p - k->procs);
    k->released[k->n_released++].frame = ev->where.frame;
}

static unsigned priority_flags(const amfol_nas_event *ev, const amfol_ngap_event *ng)
{
    unsigned f = 0;
    if (ev->reg_type == 4 || ev->service_type == SRV_EMERGENCY || ev->service_type == SRV_EMERGENCY_FALLBACK ||
        ng->rrc_cause == AMFOL_CAUSE_EMERGENCY)
        f |= QF_EMERGENCY;
    if (ev->service_type == SRV_HIGH_PRIORITY || ng->rrc_cause == AMFOL_CAUSE_HIGH_PRIORITY ||
        ng->rrc_cause == AMFOL_CAUSE_MPS || ng->rrc_cause == AMFOL_CAUSE_MCS)
        f |= QF_HIGH_PRIO;
    return f;
}

/* The UE of an uplink request: its SUCI, 5G-GUTI or 5G-S-TMSI (NAS or NGAP). */
static int32_t request_ue(amfol_kpi *k, const amfol_nas_event *ev, const amfol_ngap_event *ng)
{
    uint64_t keys[4] = { 0 };
    int n = 0;
    if (ev->suci[0])
        keys[n++] = ID_SUCI | (text_hash(ev->suci) >> 2);
    uint64_t s48 = 0;
    if (ev->has_guti)
        s48 = s_tmsi48(ev->guti_guami.set_id, ev->guti_guami.pointer, ev->guti_tmsi);
    else if (ev->has_s_tmsi)
        s48 = s_tmsi48(ev->s_tmsi.set_id, ev->s_tmsi.pointer, ev->s_tmsi.tmsi);
    else if (ng->has_s_tmsi)
        s48 = s_tmsi48(ng->s_tmsi.set_id, ng->s_tmsi.pointer, ng->s_tmsi.tmsi);
    if (s48 || ev->has_guti || ev->has_s_tmsi || ng->has_s_tmsi) {
        keys[n++] = ID_S_TMSI | s48;
        keys[n++] = part1_key(s48);
    }
    return ue_for(k, keys, n);
}

static void uplink_request(amfol_engine *e, const amfol_nas_event *ev, const amfol_ngap_event *ng, int amf,
                           uint64_t key, int kind)
{
    amfol_kpi *k = e->kpi;
    kpi_slot *s = amf_slot(e, amf, ev->where.time);
    if (kind < AMFOL_KPI_REG_TYPES)
        s->reg_req[kind]++;
    else
        s->srv_req++;
    int32_t ue = request_ue(k, ev, ng);
    ue_attempt(k, ue, ev->where.time, ev->where.frame, amf, priority_flags(ev, ng), false);
    if (!proc_open(e, key, amf, kind, ue, ev->where.time)) {
        if (kind < AMFOL_KPI_REG_TYPES)
            s->reg_unknown[kind]++;
        else
            s->srv_unknown++;
    }
}

/* A readable 5GMM reject: the cause, and the UE's back-off (T3346 binds only when the reject was
 * integrity protected, TS 24.501 §5.3.20). */
static void mm_reject(amfol_engine *e, const amfol_nas_event *ev, kpi_proc *p, int amf)
{
    amfol_kpi *k = e->kpi;
    kpi_amf *a = g_ptr_array_index(k->amfs, amf);
    kpi_slot *s = amf_slot(e, amf, ev->where.time);
    int cause = ev->mm_cause;
    if (cause >= 0 && cause < 256)
        a->mm_cause[cause]++;
    if (cause == MM_CONGESTION)
        s->rej_22++;
    else
        s->rej_other++;
    kpi_ue *u = p ? ue_at(k, p->ue) : NULL;
    if (!u)
        return;
    bool binding = ev->t3346.state == AMFOL_TIMER_VALUE && ev->t3346.seconds > 0 && ev->security_header >= 1;
    ue_turned_away(u, ev->where.time, binding ? LEVER_T3346 : LEVER_OTHER,
                   binding ? ev->t3346.seconds : 0, false);
    if (binding && k->backoffs->len < KPI_MAX_QUESTS) {
        kpi_backoff b = { .t = ev->where.time, .value_s = (float)ev->t3346.seconds, .amf = (uint8_t)amf };
        g_array_append_val(k->backoffs, b);
        u->last_backoff = (int32_t)k->backoffs->len - 1;
    }
}

static void kpi_nas(amfol_engine *e, const amfol_nas_event *ev, void *result)
{
    (void)result;
    if (!e || !ev)
        return;
    amfol_kpi *k = e->kpi;
    take(e, &ev->where);
    const amfol_ngap_event *ng = ev->ngap;
    if (!ng)
        return;
    int amf = amf_of(e, &ng->where);
    if (amf < 0 || ng->ran_ue_id == AMFOL_ABSENT)
        return;
    kpi_amf *a = g_ptr_array_index(k->amfs, amf);
    uint64_t key = pair_key(&ng->where, ng->ran_ue_id);
    bool uplink = ng->proc == AMFOL_NGAP_INITIAL_UE_MESSAGE || ng->proc == AMFOL_NGAP_UPLINK_NAS_TRANSPORT;
    kpi_proc *p = k->procs ? proc_of(k, key) : NULL;
    if (ev->ciphered) {
        amf_slot(e, amf, ev->where.time)->ciphered++;
        if (uplink) {
            a->ciphered_ul++;
            /* Only REGISTRATION COMPLETE follows a ciphered answer to a registration: the AMF's
             * common procedures before the accept are not ciphered (docs/kpi.md). */
            if (p && p->state == KPI_CIPHERED_ANSWER && p->kind < AMFOL_KPI_REG_TYPES)
                proc_close(e, p, OUT_SUCCESS_INFERRED, p->answer_t, p->answer_frame);
        } else {
            a->ciphered_dl++;
            /* The AMF sets up the UE context with the accept (TS 23.502 §4.2.2.2.2 step 21,
             * §4.2.3.2 step 12): the NAS-PDU of INITIAL CONTEXT SETUP REQUEST is the accept. */
            if (p && ng->proc == AMFOL_NGAP_INITIAL_CONTEXT_SETUP && ng->pdu_type == AMFOL_PDU_INITIATING)
                proc_close(e, p, OUT_SUCCESS_INFERRED, ev->where.time, ev->where.frame);
            else if (p && p->state == KPI_WAIT) {
                p->state = KPI_CIPHERED_ANSWER;
                p->answer_t = ev->where.time;
                p->answer_frame = ev->where.frame;
            }
        }
        return;
    }
    if (uplink && ev->mm_type == MM_REG_REQUEST) {
        if (ev->reg_type >= 1 && ev->reg_type <= 4)
            uplink_request(e, ev, ng, amf, key, ev->reg_type - 1);
        return;
    }
    if (uplink && ev->mm_type == MM_SRV_REQUEST) {
        uplink_request(e, ev, ng, amf, key, KPI_KIND_SERVICE);
        return;
    }
    if (ev->sm_type == SM_EST_REQUEST || ev->sm_type == SM_EST_ACCEPT || ev->sm_type == SM_EST_REJECT) {
        kpi_slot *s = amf_slot(e, amf, ev->where.time);
        s->pdu_req += ev->sm_type == SM_EST_REQUEST;
        s->pdu_acc += ev->sm_type == SM_EST_ACCEPT;
        s->pdu_rej += ev->sm_type == SM_EST_REJECT;
        if (ev->sm_type == SM_EST_REJECT && ev->sm_cause >= 0 && ev->sm_cause < 256)
            a->sm_cause[ev->sm_cause]++;
    }
    if (uplink)
        return;
    bool reg_answer = ev->mm_type == MM_REG_ACCEPT || ev->mm_type == MM_REG_REJECT;
    bool srv_answer = ev->mm_type == MM_SRV_ACCEPT || ev->mm_type == MM_SRV_REJECT;
    if (!reg_answer && !srv_answer)
        return;
    bool matches = p && (reg_answer ? p->kind < AMFOL_KPI_REG_TYPES : p->kind == KPI_KIND_SERVICE);
    if (ev->mm_type == MM_REG_REJECT || ev->mm_type == MM_SRV_REJECT)
        mm_reject(e, ev, matches ? p : NULL, amf);
    if (!matches) {
        a->answers_without_request++;   /* the request came before the capture (or unseen) */
        return;
    }
    proc_close(e, p, ev->mm_type == MM_REG_ACCEPT || ev->mm_type == MM_SRV_ACCEPT ? OUT_SUCCESS : OUT_REJECT,
               ev->where.time, ev->where.frame);
}

static void kpi_rrc(amfol_engine *e, const amfol_rrc_event *ev, void *result)
{
    (void)result;
    if (!e || !ev)
        return;
    amfol_kpi *k = e->kpi;
    take(e, &ev->where);
    uint32_t dropped = 0;
    kpi_slot *s = slot_in(e, k->radio, &dropped, ev->where.time);
    k->radio_seen = true;
    bool keyed = ev->du_ue_id != AMFOL_ABSENT;
    uint64_t key = keyed ? pair_key(&ev->where, ev->du_ue_id) : 0;
    switch (ev->msg) {
    case AMFOL_RRC_SETUP_REQUEST: {
        if (s)
            s->rrc_req++;
        int32_t ue = -1;
        if (ev->has_s_tmsi_part1) {
            /* a registered UE: its NAS request will carry the 5G-S-TMSI this Part1 is cut from */
            uint64_t key = ID_PART1 | (ev->s_tmsi_part1 & ((1ull << 39) - 1));
            ue = ue_for(k, &key, 1);
            unsigned f = ev->cause == AMFOL_CAUSE_EMERGENCY ? QF_EMERGENCY
                       : ev->cause == AMFOL_CAUSE_HIGH_PRIORITY || ev->cause == AMFOL_CAUSE_MPS ||
                               ev->cause == AMFOL_CAUSE_MCS ? QF_HIGH_PRIO : 0;
            if (!ev->is_resume_cause)
                ue_attempt(k, ue, ev->where.time, ev->where.frame, -1, f, true);
        }
        if (keyed && (amfol_u64map_size(&k->rrc_open) < KPI_MAX_RRC_OPEN || amfol_u64map_get(&k->rrc_open, key)))
            amfol_u64map_put(&k->rrc_open, key, ue >= 0 ? (uint64_t)ue + 1 : RRC_NO_UE);
        break;
    }
    case AMFOL_RRC_SETUP:
    case AMFOL_RRC_REJECT: {
        bool reject = ev->msg == AMFOL_RRC_REJECT;
        if (s) {
            s->rrc_setup += !reject;
            s->rrc_rej += reject;
        }
        uint64_t v = keyed ? amfol_u64map_get(&k->rrc_open, key) : 0;
        if (v)
            amfol_u64map_remove(&k->rrc_open, key);
        kpi_ue *u = v && v != RRC_NO_UE ? ue_at(k, (int32_t)v - 1) : NULL;
        if (u && u->active && reject)
            ue_turned_away(u, ev->where.time, LEVER_WAIT,
                           ev->wait_time_s != AMFOL_ABSENT ? ev->wait_time_s : 0, true);
        break;
    }
    default:
        break;
    }
}

/* ---- the module as the engine sees it ---------------------------------------------------- */

static void kpi_create(amfol_engine *e)
{
    e->kpi = kpi_new();
}

static void kpi_destroy(amfol_engine *e)
{
    kpi_free(e->kpi);
}

const amfol_module amfol_kpi_module = {
    .name = "kpi",
    .owns = 0,
    .create = kpi_create,
    .destroy = kpi_destroy,
    .on_ngap = kpi_ngap,
    .on_rrc = kpi_rrc,
    .on_nas = kpi_nas,
};
