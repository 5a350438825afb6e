/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_ue_story.c: one UE's story rebuilt from the log (amfol_ue_story_build), its outcome, the
 * words of each event, and the sample UEs (per finding, per outcome). */
#include "amfol_ue_story.h"
#include "../nas/amfol_nas.h"
#include "../nas/amfol_nas_timer.h"
#include "../rrc/amfol_rrc.h"

#include <stdio.h>
#include <string.h>

#define MM_REG_REQUEST 0x41
#define MM_REG_ACCEPT 0x42
#define MM_REG_REJECT 0x44
#define MM_SERVICE_REQUEST 0x4c
#define MM_SERVICE_REJECT 0x4d
#define MM_SERVICE_ACCEPT 0x4e

static bool is_attempt(const amfol_ue_ev *ev)
{
    if (ev->kind == UE_EV_RRC)
        return ev->type == AMFOL_RRC_SETUP_REQUEST || ev->type == AMFOL_RRC_RESUME_REQUEST;
    return ev->kind == UE_EV_MM && (ev->type == MM_REG_REQUEST || ev->type == MM_SERVICE_REQUEST);
}

static bool is_reject(const amfol_ue_ev *ev)
{
    if (ev->kind == UE_EV_RRC)
        return ev->type == AMFOL_RRC_REJECT;
    return ev->kind == UE_EV_MM && (ev->type == MM_REG_REJECT || ev->type == MM_SERVICE_REJECT);
}

static bool is_success(const amfol_ue_ev *ev)
{
    return ev->kind == UE_EV_MM && (ev->type == MM_REG_ACCEPT || ev->type == MM_SERVICE_ACCEPT);
}

/* The outcome so far, event by event (every event of the UE, kept or not). A ciphered downlink
 * NAS message answering an attempt counts as its accept, as the NAS counters count it
 * (docs/faults.md, backoff-storm: rejects are sent before security, readable). Returns whether
 * the event was a success. */
static bool follow(amfol_ue_story *s, const amfol_ue_ev *ev, amfol_time t, amfol_ue_item *it)
{
    s->total++;
    s->last_frame = ev->frame;
    if (is_attempt(ev)) {
        /* One attempt: an RRC request and the NAS request it carries count once. */
        bool nas = ev->kind != UE_EV_RRC;
        if (!(nas && s->radio_open))
            s->attempts++;
        s->radio_open = !nas;
        if (!s->series_frame) {
            s->series_frame = ev->frame;
            s->series_t = t;
        }
        s->pending_attempt = true;
        if (((ev->flags >> UE_VERDICT_SHIFT) & 3) == AMFOL_VERDICT_VIOLATION)
            s->early_retries++;
    } else if (is_reject(ev)) {
        if (ev->kind == UE_EV_RRC)
            s->rrc_rejects++;
        else
            s->nas_rejects++;
        s->rejected_last = true;
        s->rejected_in_series = true;
        s->pending_attempt = false;
        s->radio_open = false;
    } else if (is_success(ev) || (ev->kind == UE_EV_CIPHERED && (ev->flags & UE_F_DOWNLINK) && s->pending_attempt)) {
        s->ciphered += ev->kind == UE_EV_CIPHERED;
        s->rejected_last = false;
        s->pending_attempt = false;
        s->radio_open = false;
        /* The summary keeps the success of a series that was turned away, else the first one. */
        if (s->series_frame && (s->rejected_in_series || !s->success_frame)) {
            s->success_frame = ev->frame;
            s->success_t = t;
            s->first_attempt_frame = s->series_frame;
            s->first_attempt_t = s->series_t;
        }
        if (it) {
            it->series_frame = s->series_frame;
            it->series_t = s->series_t;
        }
        s->series_frame = 0;
        s->rejected_in_series = false;
        return true;
    } else if (ev->kind == UE_EV_CIPHERED) {
        s->ciphered++;
    }
    return false;
}

static bool collect(void *user, const amfol_ue_chunk *c, const amfol_ue_ev *ev)
{
    amfol_ue_story *s = user;
    if (ev->ue_lo != (uint32_t)s->serial || amfol_ue_ev_serial(ev) != s->serial)
        return true;
    amfol_time t = amfol_ue_ev_time(c, ev);
    amfol_ue_item it = { .ev = *ev, .t = t };
    it.success = follow(s, ev, t, &it);
    if (s->n < s->cap)
        s->ev[s->n++] = it;
    return true;
}

amfol_ue_story *amfol_ue_story_build(amfol_engine *e, uint64_t serial, size_t cap)
{
    amfol_ue_story *s = g_new0(amfol_ue_story, 1);
    s->serial = serial;
    s->cap = cap;
    s->ev = g_new0(amfol_ue_item, MAX(cap, 1));
    amfol_ue_log_visit(e->ue, collect, s);
    amfol_ue_id(e, serial, s->id, sizeof s->id);
    if (s->series_frame && !s->first_attempt_frame) {   /* no success: the first attempt seen */
        s->first_attempt_frame = s->series_frame;
        s->first_attempt_t = s->series_t;
    }
    if (s->success_frame && s->nas_rejects + s->rrc_rejects > 0 && !s->rejected_last)
        s->outcome = AMFOL_UE_OUT_ACCEPTED_AFTER_REJECT;
    else if (s->rejected_last)
        s->outcome = AMFOL_UE_OUT_REJECTED_AT_END;
    else if (s->success_frame)
        s->outcome = AMFOL_UE_OUT_ACCEPTED;
    else if (s->pending_attempt)
        s->outcome = AMFOL_UE_OUT_NO_ANSWER;
    else
        s->outcome = AMFOL_UE_OUT_UNKNOWN;
    return s;
}

void amfol_ue_story_free(amfol_ue_story *s)
{
    if (!s)
        return;
    g_free(s->ev);
    g_free(s);
}

const char *amfol_ue_outcome_name(int outcome)
{
    switch (outcome) {
    case AMFOL_UE_OUT_ACCEPTED: return "accepted";
    case AMFOL_UE_OUT_ACCEPTED_AFTER_REJECT: return "accepted-after-reject";
    case AMFOL_UE_OUT_REJECTED_AT_END: return "rejected-at-capture-end";
    case AMFOL_UE_OUT_NO_ANSWER: return "no-answer-seen";
    default: return "unknown";
    }
}

const char *amfol_ue_outcome_words(int outcome)
{
    switch (outcome) {
    case AMFOL_UE_OUT_ACCEPTED: return "accepted, never turned away";
    case AMFOL_UE_OUT_ACCEPTED_AFTER_REJECT: return "turned away, then accepted";
    case AMFOL_UE_OUT_REJECTED_AT_END: return "turned away, not accepted by the end of the capture";
    case AMFOL_UE_OUT_NO_ANSWER: return "its last attempt has no answer in the capture";
    default: return "no attempt or outcome readable in the capture";
    }
}

/* TS 24.501 §9.11.3.7 (5GS registration type) and §9.11.3.50 (service type). */
static const char *reg_type_name(int v)
{
    static const char *const names[] = {NULL, "initial registration", "mobility registration updating",
                                        "periodic registration updating", "emergency registration",
                                        "SNPN onboarding registration", "disaster roaming mobility registration updating",
                                        "disaster roaming initial registration"};
    return (v >= 0 && v < (int)G_N_ELEMENTS(names)) ? names[v] : NULL;
}

static const char *service_type_name(int v)
{
    static const char *const names[] = {"signalling", "data", "mobile terminated services", "emergency services",
                                        "emergency services fallback", "high priority access",
                                        "elevated signalling"};
    return (v >= 0 && v < (int)G_N_ELEMENTS(names)) ? names[v] : NULL;
}

void amfol_ue_item_words(const amfol_ue_item *it, amfol_ue_words *w)
{
    const amfol_ue_ev *ev = &it->ev;
    memset(w, 0, sizeof *w);
    w->downlink = (ev->flags & UE_F_DOWNLINK) != 0;
    w->cause = -1;
    const char *name = NULL;
    switch (ev->kind) {
    case UE_EV_RRC:
        name = amfol_rrc_msg_name(ev->type);
        w->rrc = true;
        if (ev->cause != UE_NONE) {
            w->cause = ev->cause;
            w->cause_name = (ev->flags & UE_F_RESUME) ? amfol_resume_cause_name(ev->cause) : amfol_cause_name(ev->cause);
        }
        if (ev->flags & UE_F_TIMER) {
            w->timer = "waitTime";
            w->timer_state = AMFOL_TIMER_VALUE;
            w->timer_s = ev->timer;
        }
        break;
    case UE_EV_MM:
    case UE_EV_SM:
        name = ev->kind == UE_EV_MM ? amfol_nas_mm_type_name(ev->type) : amfol_nas_sm_type_name(ev->type);
        if (ev->cause != UE_NONE) {
            w->cause = ev->cause;
            w->cause_name = ev->kind == UE_EV_MM ? amfol_nas_mm_cause_name(ev->cause) : amfol_nas_sm_cause_name(ev->cause);
        }
        if (ev->sub != UE_NONE)
            w->sub = ev->type == MM_REG_REQUEST ? reg_type_name(ev->sub) : service_type_name(ev->sub);
        if (ev->flags & UE_F_TIMER) {
            amfol_nas_timer t = ev->kind == UE_EV_MM ? amfol_gprs_timer2_decode(ev->timer) : amfol_gprs_timer3_decode(ev->timer);
            w->timer = ev->kind == UE_EV_MM ? "T3346" : "back-off";
            w->timer_state = t.state;
            w->timer_s = t.seconds;
        }
        break;
    default:
        name = "ciphered NAS";
        break;
    }
    g_strlcpy(w->message, name ? name : "NAS message", sizeof w->message);
}

/* The notes of event i: back-off running, early retry, the delay of a success. `expiry` carries
 * the running T3346 / waitTime from event to event (0: none). */
void amfol_ue_item_note(const amfol_ue_story *s, size_t i, const amfol_ue_words *w, amfol_time *expiry,
                        amfol_time first_t, GString *note)
{
    const amfol_ue_item *it = &s->ev[i];
    const amfol_ue_ev *ev = &it->ev;
    int verdict = (ev->flags >> UE_VERDICT_SHIFT) & 3;
    if (is_reject(ev)) {
        bool binding = ev->kind == UE_EV_RRC || (ev->flags & UE_F_INTEGRITY);
        if (w->timer && w->timer_state == AMFOL_TIMER_VALUE) {
            *expiry = it->t + w->timer_s;
            g_string_append_printf(note, "back-off: %s %u s, until %.6f s", w->timer, w->timer_s, *expiry - first_t);
            if (!binding)
                g_string_append(note, " (not integrity protected: the UE may run a default T3346 instead)");
        } else if (w->timer && w->timer_state == AMFOL_TIMER_DEACTIVATED) {
            g_string_append_printf(note, "back-off: %s deactivated", w->timer);
            *expiry = 0;
        } else if (ev->kind == UE_EV_MM && (ev->flags & UE_F_CONGESTION)) {
            g_string_append(note, "congestion reject without T3346");
            *expiry = 0;
        }
        return;
    }
    if (is_attempt(ev)) {
        if (verdict == AMFOL_VERDICT_VIOLATION)
            g_string_append(note, "EARLY RETRY");
        else if (verdict == AMFOL_VERDICT_ALLOWED)
            g_string_append(note, "inside the back-off, exempt");
        else if (verdict == AMFOL_VERDICT_UNCERTAIN)
            g_string_append(note, "inside the value given, not judged (reject not integrity protected)");
        if (*expiry > 0) {
            double left = *expiry - it->t;
            g_string_append_printf(note, "%s%.6f s %s the back-off expired", note->len ? ": " : "",
                                   left >= 0 ? left : -left, left >= 0 ? "before" : "after");
            if (left < 0)
                *expiry = 0;
        }
        return;
    }
    if (it->success && ev->kind == UE_EV_CIPHERED)
        g_string_append(note, "the answer to the attempt, counted as its accept; ");
    if (it->success && it->series_frame)
        g_string_append_printf(note, "accepted %.6f s after the first attempt since the last success (frame %u)",
                               it->t - it->series_t, it->series_frame);
}

/* ---- samples -------------------------------------------------------------------------------- */

bool amfol_ue_finding_sample(amfol_engine *e, const amfol_finding *x, char *id, size_t cap)
{
    uint64_t serial = (x->ue && *x->ue) ? amfol_nas_ue_by_id(e, x->ue) : 0;
    for (int k = 0; !serial && k < x->n_frames; k++)
        serial = amfol_ue_frame_serial(e->ue, x->frames[k]);
    if (!serial)
        return false;
    amfol_ue_id(e, serial, id, cap);
    return true;
}

/* Candidates for the outcome samples: the first UEs with a reject, an RRC reject, a success, an
 * early retry, an attempt, in log order (bounded). */
#define CANDIDATES_PER_KIND 6
typedef struct candidates_ctx {
    uint64_t serial[5 * CANDIDATES_PER_KIND];
    int n[5];
    int total;
} candidates_ctx;

static bool note_candidate(void *user, const amfol_ue_chunk *c, const amfol_ue_ev *ev)
{
    (void)c;
    candidates_ctx *k = user;
    if (!amfol_ue_ev_serial(ev))
        return true;
    int kind = is_reject(ev) ? (ev->kind == UE_EV_RRC ? 1 : 0)
             : is_success(ev) || (ev->kind == UE_EV_CIPHERED && (ev->flags & UE_F_DOWNLINK)) ? 2
             : is_attempt(ev) ? (((ev->flags >> UE_VERDICT_SHIFT) & 3) == AMFOL_VERDICT_VIOLATION ? 3 : 4) : -1;
    if (kind < 0 || k->n[kind] >= CANDIDATES_PER_KIND)
        return true;
    for (int i = 0; i < k->total; i++)
        if (k->serial[i] == amfol_ue_ev_serial(ev))
            return true;
    k->serial[k->total++] = amfol_ue_ev_serial(ev);
    k->n[kind]++;
    return k->total < (int)G_N_ELEMENTS(k->serial);
}

size_t amfol_ue_outcome_samples(amfol_engine *e, uint64_t *serials, int *outcomes, size_t cap, size_t per_outcome)
{
    candidates_ctx k;
    memset(&k, 0, sizeof k);
    amfol_ue_log_visit(e->ue, note_candidate, &k);
    size_t per[AMFOL_UE_OUT_COUNT] = {0};
    size_t n = 0;
    /* The most telling outcomes first. */
    static const int order[] = {AMFOL_UE_OUT_ACCEPTED_AFTER_REJECT, AMFOL_UE_OUT_REJECTED_AT_END,
                                AMFOL_UE_OUT_NO_ANSWER, AMFOL_UE_OUT_ACCEPTED, AMFOL_UE_OUT_UNKNOWN};
    int outcome_of[G_N_ELEMENTS(k.serial)];
    for (int i = 0; i < k.total; i++) {
        amfol_ue_story *s = amfol_ue_story_build(e, k.serial[i], 0);
        outcome_of[i] = s->outcome;
        amfol_ue_story_free(s);
    }
    for (size_t o = 0; o < G_N_ELEMENTS(order); o++)
        for (int i = 0; i < k.total && n < cap; i++)
            if (outcome_of[i] == order[o] && per[order[o]] < per_outcome) {
                per[order[o]]++;
                serials[n] = k.serial[i];
                outcomes[n++] = order[o];
            }
    return n;
}

size_t amfol_ue_sample_ids(amfol_engine *e, char (*ids)[AMFOL_UE_ID_LEN], size_t cap)
{
    uint64_t serials[8];
    int outcomes[8];
    size_t n = amfol_ue_outcome_samples(e, serials, outcomes, MIN(cap, G_N_ELEMENTS(serials)), 1);
    for (size_t i = 0; i < n; i++)
        amfol_ue_id(e, serials[i], ids[i], AMFOL_UE_ID_LEN);
    return n;
}

uint64_t amfol_ue_count(amfol_engine *e)
{
    return e->ue ? e->ue->ues : 0;
}
