/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_symptoms_internal.h: the symptoms module's state, shared by tap/symptoms/ only. Every
 * table has a cap; what does not fit is counted, not stored. */
#ifndef AMFOL_SYMPTOMS_INTERNAL_H
#define AMFOL_SYMPTOMS_INTERNAL_H

#include "../core/amfol_u64map.h"
#include "amfol_symptoms.h"

#define SYM_MAX_AMFS         64
#define SYM_MAX_PENDING      65536     /* requests waiting for an answer (all AMFs) */
#define SYM_MAX_SBI_OPEN     65536     /* SBI requests waiting for their response */
#define SYM_MAX_SAMPLES      (1u << 19) /* decided requests and SBI exchanges kept (12 MB) */
#define SYM_MAX_SLOTS        21600     /* one-second count slots per AMF: 6 hours */
#define SYM_MAX_CONTEXTS     262144    /* N2 UE contexts tracked */
#define SYM_MAX_CONTROLS     256       /* overload-control instants kept per AMF */
#define SYM_MAX_CONSUMERS    256       /* SBI consumer addresses */
#define SYM_NO_OWNER         0xFFFFu

/* Counts of one second of one AMF. */
typedef struct sym_slot {
    uint32_t ngap, nas, initial_ue;
    uint32_t ue_contexts;          /* active contexts after the slot's last event */
    uint16_t error_indications, ng_setup_failures, overload_releases;
    bool has_contexts;             /* ue_contexts was set in this slot */
} sym_slot;

/* One decided request or SBI exchange. */
typedef struct sym_sample {
    amfol_time t;                  /* request time */
    float latency_s;               /* < 0: unanswered */
    amfol_frame frame;             /* request frame */
    uint16_t owner;                /* AMF index, SYM_NO_OWNER: resolved through `consumer` */
    uint8_t series;                /* enum amfol_sym_series */
    uint8_t consumer;              /* SBI: consumer address index */
} sym_sample;

/* A request waiting for its answer. */
typedef struct sym_pending {
    uint64_t key;                  /* N2 association hash << 32 | RAN UE NGAP ID */
    amfol_time t;
    amfol_frame frame;
    uint16_t amf;
    uint8_t series;                /* AMFOL_SYM_INITIAL_UE or AMFOL_SYM_REGISTRATION */
    bool done;                     /* answered (sample written), waiting to leave the queue */
} sym_pending;

typedef struct sym_sbi_open {
    amfol_time t;
    amfol_frame frame;
    uint8_t series;
    uint8_t consumer;
} sym_sbi_open;

typedef struct sym_control {
    amfol_frame frame;
    amfol_time t;
    const char *kind;              /* static text */
} sym_control;

typedef struct sym_amf {
    const char *name;              /* interned by the N2 module */
    char ip[48];                   /* from the destination of INITIAL UE MESSAGEs, "" unknown */
    char ip_from[64];              /* the endpoint text `ip` was taken from ("" none yet) */
    GArray *slots;                 /* sym_slot, index = second since the capture's first frame */
    uint32_t slots_dropped;        /* events outside the slot range */
    uint32_t contexts;             /* active N2 UE contexts now */
    int capacity;                  /* last RelativeAMFCapacity it announced, -1 none seen */
    int n_controls;
    sym_control controls[SYM_MAX_CONTROLS];
    uint32_t controls_dropped;
} sym_amf;

#define SYM_PAIR_MEMOS 256
struct amfol_symptoms {
    amfol_config cfg;
    bool congestion[256];          /* 5GMM causes of amfol.congestion_causes */
    GPtrArray *amfs;               /* sym_amf*, owned */
    const char *last_amf;          /* amf_index's last name found, and its index */
    int last_ai;
    uint32_t amfs_dropped;
    amfol_u64map pending[2];       /* initial-ue, registration: key -> queue number + 1 */
    /* The requests in request order: numbers [head, tail), number n at e[n % cap]; grown by
     * doubling up to SYM_MAX_PENDING (a power of two), no allocation per request. */
    struct {
        sym_pending *e;
        uint32_t cap;
        uint64_t head, tail;
    } queue;
    uint32_t pending_dropped;      /* evicted before their timeout: outcome unknown */
    amfol_time now;                /* latest event time */
    GHashTable *sbi_open;          /* tcp stream << 32 | stream id -> sym_sbi_open* (owned) */
    uint32_t sbi_open_dropped;
    char consumers[SYM_MAX_CONSUMERS][48];
    int n_consumers;
    amfol_u64map contexts;         /* key -> AMF index + 1 */
    uint32_t contexts_dropped;
    GArray *samples;               /* sym_sample */
    uint32_t samples_dropped;
    uint64_t version;              /* events taken */
    uint64_t computed_version, computed_frames;   /* what `series` was computed over */
    /* Computed by amfol_symptoms_finish (amfol_symptoms_series.c). */
    GArray *series;                /* amfol_symptom_series, one per AMF */
    GPtrArray *bucket_arrays;      /* owned bucket arrays of `series` */
    int sole_amf;                  /* the only AMF with N2 UE traffic, else -1 */
    GArray *owners;                /* int per sample: its AMF, resolved once per computation */
    /* ue_key's endpoint-pair hash per N2 association number (< SYM_PAIR_MEMOS): the texts in
     * order (a <= b) it was computed from, compared before use (an association may have
     * several address pairs). */
    struct {
        char a[sizeof(((amfol_endpoint *)0)->text)], b[sizeof(((amfol_endpoint *)0)->text)];
        uint64_t h;
        bool set;
    } pair_memo[SYM_PAIR_MEMOS];
};

/* amfol_symptoms_rows.c: "slow,sbi-slow,unanswered", NULL for no flag */
const char *sym_flags_text(unsigned flags, char *buf, size_t cap);

/* amfol_symptoms.c */
int sym_amf_by_ip(amfol_engine *e, const char *ip);
bool sym_close_at(amfol_symptoms *s, amfol_time last);
/* INITIAL UE MESSAGEs of AMF `amf` still waiting at the capture's end, within their answer time. */
uint32_t sym_open_at_end(const amfol_symptoms *s, int amf);

/* amfol_symptoms_series.c: (re)computes the series when events or frames came since last time */
void sym_series_ensure(amfol_engine *e);
void sym_series_clear(amfol_symptoms *s);
/* The AMF that owns a sample (SBI: the consumer's AMF, or the only AMF), or -1; resolved by
 * sym_series_ensure. */
int sym_sample_owner(const amfol_symptoms *s, const sym_sample *x);
double sym_percentile(GArray *sorted_floats, double q);

#endif
