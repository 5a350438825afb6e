/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_kpi_internal.h: the KPI module's state, shared by tap/kpi/ only. Every table has a cap;
 * what does not fit is counted, not stored (docs/kpi.md, "Bounds"). */
#ifndef AMFOL_KPI_INTERNAL_H
#define AMFOL_KPI_INTERNAL_H

#include "../core/amfol_u64map.h"
#include "amfol_kpi.h"

#define KPI_MAX_AMFS    64
#define KPI_MAX_SLOTS   21600        /* one-second count slots per AMF: 6 hours */
#define KPI_MAX_UES     262144       /* UEs followed (their current attempt chain) */
#define KPI_MAX_PROCS   65536        /* procedures waiting for their outcome */
#define KPI_MAX_QUESTS  (1u << 19)   /* finished attempt chains kept for the episode cost */
#define KPI_MAX_RRC_OPEN 65536       /* RRC requests waiting for RRCSetup / RRCReject */
#define KPI_MAX_RELEASED 4096        /* released contexts decided at the next frame */
#define KPI_NO_AMF      0xFF

/* Counts of one second of one AMF. */
typedef struct kpi_slot {
    uint32_t reg_req[AMFOL_KPI_REG_TYPES], reg_succ[AMFOL_KPI_REG_TYPES];
    uint32_t reg_rej[AMFOL_KPI_REG_TYPES], reg_unknown[AMFOL_KPI_REG_TYPES];
    uint32_t reg_succ_inferred;    /* of reg_succ: ciphered answer confirmed by the UE */
    uint32_t srv_req, srv_acc, srv_rej, srv_unknown;
    uint32_t pdu_req, pdu_acc, pdu_rej;
    uint32_t rej_22, rej_other;    /* 5GMM rejects (registration and service) by cause */
    uint32_t rrc_req, rrc_setup, rrc_rej;
    uint32_t ciphered;             /* NAS messages whose content was unreadable */
    uint32_t delayed;              /* registrations completed after a reject (UE turned away) */
} kpi_slot;

/* A procedure waiting for its outcome, one per NGAP UE context. */
enum { KPI_KIND_SERVICE = AMFOL_KPI_REG_TYPES };
enum { KPI_WAIT = 0, KPI_CIPHERED_ANSWER = 1 };
typedef struct kpi_proc {
    uint64_t key;                  /* the NGAP context: association pair hash x RAN UE NGAP ID */
    amfol_time t;
    amfol_time answer_t;           /* the ciphered answer (state KPI_CIPHERED_ANSWER) */
    amfol_frame answer_frame;
    int32_t ue;                    /* index into `ues`, -1 none */
    uint8_t amf, kind, state;
    bool used, released;
} kpi_proc;

/* A UE's chain of attempts from its first attempt to its success (or the capture's end). */
enum { QF_EMERGENCY = 1, QF_HIGH_PRIO = 2, QF_FROM_RRC = 4, QF_SUCCESS = 8, QF_REGISTRATION = 16 };
typedef struct kpi_quest {
    amfol_time first_t, end_t;     /* end_t: the success, 0 none */
    amfol_time backoff_until;      /* the binding T3346 back-off of its last reject, 0 none */
    amfol_frame first_frame, end_frame;
    float t3346_s, wait_s, amf_s;  /* delay attributed to its levers (docs/kpi.md) */
    uint16_t attempts, nas_rejects, rrc_rejects;
    uint8_t amf, flags;
} kpi_quest;

/* A UE: its identities are keys of `ids`; its current chain. */
typedef struct kpi_ue {
    kpi_quest q;
    bool active;                   /* q holds a chain not yet finished */
    /* the pending lever: the last turn-away, to be measured at the next attempt */
    amfol_time lever_t;
    float lever_max_s;             /* T3346 or waitTime value; 0: T3511 pace (other) */
    uint8_t lever;                 /* 0 none, 1 T3346, 2 waitTime */
    amfol_time attempt_t;          /* the open attempt's request, 0 none */
    int32_t last_backoff;          /* index into `backoffs` of its last T3346, -1 none */
} kpi_ue;

/* One T3346 back-off given (for the trade-off figures). */
typedef struct kpi_backoff {
    amfol_time t;
    amfol_time next_t;             /* the UE's next attempt, 0 none seen */
    float value_s;
    uint8_t amf;
} kpi_backoff;

typedef struct kpi_amf {
    const char *name;              /* interned by the N2 module */
    GArray *slots;                 /* kpi_slot, index = second since the capture's first frame */
    uint32_t slots_dropped;
    uint32_t mm_cause[256], sm_cause[256];
    uint32_t answers_without_request, ciphered_dl, ciphered_ul;
} kpi_amf;

struct amfol_kpi {
    GPtrArray *amfs;               /* kpi_amf*, owned */
    uint32_t amfs_dropped;
    amfol_u64map ctx;              /* NGAP context key -> proc index + 1 */
    kpi_proc *procs;               /* KPI_MAX_PROCS, allocated on first use */
    uint32_t n_procs_used, proc_hint, procs_dropped;
    struct { uint32_t proc; amfol_frame frame; } released[KPI_MAX_RELEASED];
    uint32_t n_released;
    amfol_u64map ids;              /* identity hash -> UE index + 1 */
    GArray *ues;                   /* kpi_ue */
    uint32_t ues_dropped;
    GArray *quests;                /* finished kpi_quest */
    uint32_t quests_dropped;
    GArray *delays;                /* kpi_delay: completed registrations (time to register) */
    GArray *backoffs;              /* kpi_backoff */
    amfol_u64map rrc_open;         /* F1 pair hash x DU UE id -> UE index + 1 (0x80000000: none) */
    GArray *radio;                 /* kpi_slot of RRC counts not tied to an AMF, per second */
    bool radio_seen;
    amfol_time now;
    amfol_frame frame;
    uint64_t version;
};

/* One completed registration: when, how long from the chain's first attempt. */
typedef struct kpi_delay {
    amfol_time t;
    float delay_s;
    uint8_t amf;
    bool turned_away;
} kpi_delay;

/* amfol_kpi.c */
kpi_slot *kpi_slot_at(amfol_engine *e, kpi_amf *a, amfol_time t);
int kpi_amf_find(const amfol_kpi *k, const char *name);

/* amfol_kpi_cost.c: the figures computed from the slots, chains and back-offs. */
typedef struct kpi_lat {
    uint32_t n;
    double p50_s, p95_s, max_s;    /* < 0 when n == 0 */
} kpi_lat;
/* Nearest-rank percentiles of the delays of `amf` whose time falls in [from, to) (turned_away:
 * only those); sorts a scratch copy. */
kpi_lat kpi_delays(const amfol_kpi *k, int amf, amfol_time from, amfol_time to, bool turned_away_only);
amfol_rows *kpi_episode_rows(amfol_engine *e, int amf);
amfol_rows *kpi_tradeoff_rows(amfol_engine *e, int amf);
/* Retries a UE would have made in w seconds at the pace of the abnormal case (T3511, T3502). */
uint32_t kpi_retries_in(double w);

#endif
