/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_ue_story.h: a UE's story as the reports read it (rebuilt from the log on demand), shared
 * by the story builder (amfol_ue_story.c) and the writers (amfol_ue_report.c). */
#ifndef AMFOL_UE_STORY_H
#define AMFOL_UE_STORY_H

#include "amfol_ue_internal.h"

enum amfol_ue_outcome {
    AMFOL_UE_OUT_UNKNOWN = 0,
    AMFOL_UE_OUT_ACCEPTED = 1,               /* accepted, never turned away */
    AMFOL_UE_OUT_ACCEPTED_AFTER_REJECT = 2,  /* turned away (NAS or RRC), accepted later */
    AMFOL_UE_OUT_REJECTED_AT_END = 3,        /* its last answer is a reject */
    AMFOL_UE_OUT_NO_ANSWER = 4,              /* its last attempt has no answer */
    AMFOL_UE_OUT_COUNT
};

typedef struct amfol_ue_item {
    amfol_ue_ev ev;
    amfol_time t;
    bool success;               /* an accept, or the ciphered downlink NAS answering an attempt */
    amfol_frame series_frame;   /* success: the first attempt since the previous success */
    amfol_time series_t;
} amfol_ue_item;

typedef struct amfol_ue_story {
    uint64_t serial;
    char id[AMFOL_UE_ID_LEN];
    amfol_ue_item *ev;          /* the first `cap` events */
    size_t n, cap;
    uint64_t total;             /* events of the UE in the log */
    amfol_frame last_frame;
    int outcome;                /* enum amfol_ue_outcome */
    uint32_t attempts, nas_rejects, rrc_rejects, early_retries, ciphered;
    /* The last success and the first attempt of its series (the attempts since the success
     * before it): the delay a UE turned away paid. */
    amfol_frame first_attempt_frame, success_frame;
    amfol_time first_attempt_t, success_t;
    bool rejected_last, pending_attempt, radio_open, rejected_in_series;
    amfol_frame series_frame;   /* first attempt of the open series, 0 none */
    amfol_time series_t;
} amfol_ue_story;

/* The story of the UE `serial`: its first `cap` events (0: only the counts and outcome). */
amfol_ue_story *amfol_ue_story_build(amfol_engine *e, uint64_t serial, size_t cap);
void amfol_ue_story_free(amfol_ue_story *s);
const char *amfol_ue_outcome_name(int outcome);    /* JSON word: "accepted-after-reject" */
const char *amfol_ue_outcome_words(int outcome);   /* plain English */

/* One event in words. */
typedef struct amfol_ue_words {
    char message[64];           /* "Registration reject", "RRCReject" */
    bool downlink;
    bool rrc;                   /* an RRC message: its cause is an establishment / resume cause */
    int cause;                  /* -1 none */
    const char *cause_name;     /* NULL none */
    const char *sub;            /* registration / service type, NULL none */
    const char *timer;          /* "T3346", "back-off", "waitTime", NULL none */
    int timer_state;            /* enum amfol_timer_state */
    uint32_t timer_s;
} amfol_ue_words;
void amfol_ue_item_words(const amfol_ue_item *it, amfol_ue_words *w);
/* What event i means in the story (back-off started, early retry, delay of the success), appended
 * to note; `expiry` is carried from event to event (start at 0), first_t is the capture's start. */
void amfol_ue_item_note(const amfol_ue_story *s, size_t i, const amfol_ue_words *w, amfol_time *expiry,
                        amfol_time first_t, GString *note);

/* Up to cap sample UEs, at most per_outcome per outcome, the most telling outcomes first. */
size_t amfol_ue_outcome_samples(amfol_engine *e, uint64_t *serials, int *outcomes, size_t cap, size_t per_outcome);
/* UEs in the log (each UE's first event counted). */
uint64_t amfol_ue_count(amfol_engine *e);

#endif
