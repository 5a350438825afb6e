/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas_internal.h: the NAS module's state, shared by its message handler, rules and reports. */
#ifndef AMFOL_NAS_INTERNAL_H
#define AMFOL_NAS_INTERNAL_H

#include "amfol_nas.h"
#include "../core/amfol_context.h"
#include "../n2/amfol_n2.h"     /* the N2 overload query API */
#include "amfol_nas_ids.h"

#define AMFOL_NAS_MAX_AMFS 64             /* AMFs with their own tables; more share "other" */
#define AMFOL_NAS_MAX_REJECTS 200000      /* congestion rejects kept per AMF */
#define AMFOL_NAS_MAX_RETRIES 20000       /* early retries kept per AMF */
#define AMFOL_NAS_MAX_ACCEPTS 200000      /* accept times kept per AMF */
#define AMFOL_NAS_MAX_STAT_ROWS 256       /* (episode, message, cause, timer) rows per AMF */
#define AMFOL_NAS_RETRY_BUCKETS 7
#define AMFOL_NAS_MAX_NAMES 1000000       /* interned AMF/UE names for per-frame results */

/* One congestion reject (REGISTRATION REJECT / SERVICE REJECT with a congestion cause). */
typedef struct amfol_nas_reject {
    amfol_frame frame;
    amfol_time t;
    uint64_t ue_serial;
    char ue[AMFOL_NAS_NAME_LEN];          /* snapshot, used when the UE was evicted */
    uint8_t mm_type;
    uint8_t cause;
    amfol_nas_timer t3346;
    bool integrity;
    bool in_overload;
    int episode;
    const char *exempt_why;               /* a request that must not be rejected, or NULL */
    bool retried;
    double retry_rel_expiry;              /* first attempt after it, seconds after expiry */
} amfol_nas_reject;

typedef struct amfol_nas_retry {
    amfol_frame reject_frame, retry_frame;
    int episode;                          /* of the reject */
    amfol_time t;
    uint64_t ue_serial;
    char ue[AMFOL_NAS_NAME_LEN];
    double before_expiry_s;
} amfol_nas_retry;

/* One row of the per-AMF reject table. */
typedef struct amfol_nas_stat_row {
    int episode;
    int mm_type, sm_type;
    int cause;                            /* 5GMM cause, or 5GSM cause when sm_type is set */
    int timer_state;
    uint32_t seconds;
    uint32_t count;
} amfol_nas_stat_row;

typedef struct amfol_nas_amf {
    char name[AMFOL_NAS_NAME_LEN];
    const char *interned;                 /* `name` in the names table, once it got a place */
    GArray *rejects;                      /* amfol_nas_reject */
    uint32_t rejects_dropped;
    GArray *retries;                      /* amfol_nas_retry (early retries) */
    uint32_t retries_dropped;
    GArray *accepts;                      /* amfol_time of accepted registrations */
    uint32_t accepts_dropped;
    amfol_nas_stat_row rows[AMFOL_NAS_MAX_STAT_ROWS];
    int n_rows;
    uint32_t rows_dropped;
    uint64_t messages, ciphered, integrity_only, plain;
    uint64_t congestion_rejects, other_rejects, congestion_deregs, congestion_dl_transport;
    uint64_t sm_congestion;
    uint64_t attempts_in_backoff, allowed_in_backoff, uncertain_in_backoff;
    uint64_t retry_buckets[AMFOL_NAS_RETRY_BUCKETS];
} amfol_nas_amf;

/* The interned names of recently seen UEs: a UE's name (`best`) changes only when a better
 * kind of identity comes (best_rank grows) and serials are never reused, so (serial, rank)
 * names one text. Direct-mapped by serial. */
#define AMFOL_NAS_UE_NAME_CACHE 4096
typedef struct nas_ue_name_memo {
    uint64_t serial;                      /* 0: empty */
    uint8_t rank;
    const char *name;
} nas_ue_name_memo;

/* The interned names: an open-addressing set of texts kept in chunks (never freed one by one),
 * at most AMFOL_NAS_MAX_NAMES of them. */
typedef struct nas_name_slot {
    uint64_t h;
    const char *text;                     /* NULL: empty slot */
} nas_name_slot;
typedef struct nas_names {
    nas_name_slot *slots;
    size_t cap, n;                        /* cap a power of two, at most half full */
    GPtrArray *chunks;                    /* the texts' storage, owned */
    char *free_at;
    size_t free_left;
} nas_names;

struct amfol_nas {
    amfol_config cfg;
    nas_ue_name_memo ue_names[AMFOL_NAS_UE_NAME_CACHE];
    bool congestion[256];                 /* 5GMM causes treated as congestion */
    amfol_nas_registry *reg;
    GPtrArray *amfs;                      /* amfol_nas_amf*, owned, at most AMFOL_NAS_MAX_AMFS */
    uint64_t amf_overflow;
    uint64_t messages, ciphered, out_of_order;
    /* Radio requests (RRCSetupRequest) joined to NAS UEs by ng-5G-S-TMSI-Part1 */
    uint64_t radio_with_part1, radio_linked, radio_in_backoff;
    amfol_frame radio_in_backoff_first;
    uint64_t rows_version;                /* bumped by every table row update */
    nas_names names;                      /* interned names */
    /* The latest time an N2 overload segment may start or end at (-INFINITY: none; NaN seen:
     * edge_unordered): the time of an NGAP message routed when N2's count of OVERLOAD START /
     * STOP changed (overload_of asks about t - grace only when such a time is after it). */
    amfol_time overload_edge_max;
    bool overload_edge_unordered;
    uint64_t overload_msgs_seen;          /* amfol_n2_overload_messages at the last look */
    amfol_time ngap_time[2];              /* the latest NGAP message's time, and the one before */
    uint64_t names_overflow;
};

/* Bucket edges of "retry time relative to expiry" (seconds), AMFOL_NAS_RETRY_BUCKETS buckets. */
int amfol_nas_retry_bucket(double rel);
const char *amfol_nas_retry_bucket_name(int b);

/* Parse "22,111" into a cause set. */

/* The UE name for a reject/retry entry: the live UE's best name, else the snapshot. */
const char *amfol_nas_ue_name(amfol_nas *s, uint64_t serial, const char *snapshot);

/* Handlers (amfol_nas_module). */
void amfol_nas_on_msg(amfol_engine *e, const amfol_nas_event *ev, amfol_nas_result *out);
void amfol_nas_finish(amfol_engine *e, amfol_findings *out);

#endif
