/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_ue_internal.h: the UE story log, shared by its writer (amfol_ue_log.c) and its readers
 * (amfol_ue_story.c, amfol_ue_report.c). */
#ifndef AMFOL_UE_INTERNAL_H
#define AMFOL_UE_INTERNAL_H

#include "amfol_ue.h"
#include "../core/amfol_context.h"
#include "../core/amfol_u64map.h"

/* One logged message of a UE: 20 bytes, a storm logs about one per frame. */
typedef struct amfol_ue_ev {
    uint32_t frame;
    uint32_t ue_lo;         /* the NAS registry's serial (never reused), low 32 bits ... */
    uint32_t dt_us;         /* microseconds after its chunk's base time */
    uint8_t kind;           /* enum amfol_ue_ev_kind */
    uint8_t type;           /* 5GMM / 5GSM message type; RRC: enum amfol_rrc_msg */
    uint8_t cause;          /* 5GMM / 5GSM cause, RRC establishment or resume cause; UE_NONE */
    uint8_t timer;          /* raw octet: T3346 (GPRS timer 2), 5GSM back-off (GPRS timer 3); RRC waitTime (s) */
    uint8_t flags;          /* UE_F_*; the NAS verdict in the top two bits */
    uint8_t sub;            /* registration type / service type; UE_NONE */
    uint16_t ue_hi;         /* ... and the 16 above: serials below 2^48 (its first 16.7 M UEs) */
} amfol_ue_ev;

#define AMFOL_UE_SERIAL_LIMIT (UINT64_C(1) << 48)

static inline uint64_t amfol_ue_ev_serial(const amfol_ue_ev *ev)
{
    return (uint64_t)ev->ue_hi << 32 | ev->ue_lo;
}

#define UE_NONE 0xff

enum amfol_ue_ev_kind {
    UE_EV_MM = 1,           /* a readable 5GMM message */
    UE_EV_SM = 2,           /* a 5GSM message (type: its 5GSM type, cause: its 5GSM cause) */
    UE_EV_CIPHERED = 3,     /* NAS the capture cannot read */
    UE_EV_RRC = 4,          /* an RRC request (joined by ng-5G-S-TMSI-Part1) or its answer */
};

enum {
    UE_F_TIMER = 1 << 0,        /* `timer` holds a timer octet / waitTime */
    UE_F_INTEGRITY = 1 << 1,    /* integrity protected */
    UE_F_OVERLOAD = 1 << 2,     /* its AMF in overload on N2 */
    UE_F_CONGESTION = 1 << 3,   /* a congestion cause (amfol.congestion_causes) */
    UE_F_DOWNLINK = 1 << 4,     /* sent by the network */
    UE_F_RESUME = 1 << 5,       /* RRC: `cause` is a ResumeCause */
};
#define UE_VERDICT_SHIFT 6      /* enum amfol_nas_verdict of an attempt */

/* A run of events with one base time (a new chunk when the next time does not fit in dt_us). */
typedef struct amfol_ue_chunk {
    amfol_time base;
    uint32_t n, cap;
    amfol_ue_ev *ev;
} amfol_ue_chunk;

struct amfol_ue_log {
    GArray *chunks;             /* amfol_ue_chunk */
    uint64_t n;                 /* events kept */
    uint64_t dropped;           /* events not kept: the log was full (or the UE's serial too big) */
    amfol_frame first_dropped;
    amfol_frame last_frame;
    uint64_t ues;               /* UEs logged (serials grow, so a serial above all before is new) */
    uint64_t max_ue;
    bool unordered;             /* frames came out of order (frame lookups scan) */
    /* Radio joins (handles: chunk << 32 | index, + 1). A request whose Part1 the NAS registry does
     * not know yet is kept with serial 0 and given its UE (with its answer) when a NAS message of
     * the UE brings the same 5G-S-TMSI within UNLINKED_MAX_S. */
    amfol_u64map pending;       /* RRC request frame -> its handle, until its answer */
    amfol_u64map unlinked;      /* ng-5G-S-TMSI-Part1 -> handle of its latest unlinked request */
    amfol_u64map answer_of;     /* handle of an unlinked request -> handle of its answer */
    amfol_u64map prev_of;       /* handle of an unlinked request -> the one of its Part1 before */
};

static inline amfol_time amfol_ue_ev_time(const amfol_ue_chunk *c, const amfol_ue_ev *ev)
{
    return c->base + ev->dt_us / 1e6;
}

/* Calls fn for every kept event, in log order; stops when it returns false. */
typedef bool (*amfol_ue_visit_fn)(void *user, const amfol_ue_chunk *c, const amfol_ue_ev *ev);
void amfol_ue_log_visit(const amfol_ue_log *l, amfol_ue_visit_fn fn, void *user);

/* The UE of the frame's first event (binary search in an ordered log), 0 none. */
uint64_t amfol_ue_frame_serial(const amfol_ue_log *l, amfol_frame frame);

/* The UE's id now: its name in the NAS registry, "#<serial>" once forgotten. */
void amfol_ue_id(amfol_engine *e, uint64_t serial, char *buf, size_t cap);

#endif
