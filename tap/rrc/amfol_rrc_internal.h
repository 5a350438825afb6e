/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_internal.h: the radio module's state, shared by its files (not by other modules). */
#ifndef AMFOL_RRC_INTERNAL_H
#define AMFOL_RRC_INTERNAL_H

#include "amfol_rrc.h"
#include "../core/amfol_context.h"
#include "../n2/amfol_n2.h"     /* the N2 overload timeline */
#include "../core/amfol_u64map.h"

/* Caps: every table is bounded; what does not fit is counted in `overflow`. */
#define RRC_MAX_ASSOCS      256      /* N2 associations */
#define RRC_MAX_TROUBLE     4096     /* SCTP trouble events kept */
#define RRC_MAX_CELLS       1024
#define RRC_MAX_PERIODS     64       /* per cell; later ones merge into the last */
#define RRC_MAX_REQUESTS    500000
#define RRC_MAX_REJECTS     500000
#define RRC_MAX_PENDING     65536    /* requests waiting for an answer */
#define RRC_MAX_TRANSPORTS  256      /* F1 associations / MAC streams */
#define RRC_MAX_NSSAI_SETS  1024     /* distinct requested NSSAIs (RRCSetupComplete s-NSSAI-List) */
/* An RRCRelease this soon after RRCSetupComplete: the gNB dropped the UE on reading it. */
#define RRC_RELEASE_AT_SETUP_S 1.0
#define RRC_NO_IX           UINT32_MAX
#define RRC_ALL_ASSOCS      (UINT32_MAX - 1)   /* every association of the gNB (one AMF) */
#define RRC_PART1_MASK      ((UINT64_C(1) << 39) - 1)

/* One distinct requested NSSAI (as an RRCSetupComplete listed it). */
typedef struct rrc_nssai_set {
    int n;
    amfol_snssai s[AMFOL_MAX_NSSAI];
} rrc_nssai_set;

/* One START segment of the N2 timeline (tap/n2/amfol_n2.h): the radio module reads them, it
 * keeps no START/STOP state of its own. */
typedef amfol_n2_segment rrc_segment;

typedef struct rrc_assoc {
    char a[64], b[64];             /* endpoints, sorted */
    char amf_ep[64], gnb_ep[64];   /* "" while unknown */
    char amf_name[151], ran_node_name[151];
    bool has_gnb_id;
    amfol_plmn gnb_plmn;
    uint32_t gnb_id;
    int gnb_id_bits;
} rrc_assoc;

typedef struct rrc_trouble {
    uint32_t assoc;                /* RRC_NO_IX when the pair is no known N2 association */
    char a[64], b[64];
    amfol_frame frame;
    amfol_time time;
    int kind;
} rrc_trouble;

/* Counters of one period of one cell. */
typedef struct rrc_counts {
    uint32_t requests[AMFOL_RRC_NCAUSES];
    uint32_t setups[AMFOL_RRC_NCAUSES];
    uint32_t rejects[AMFOL_RRC_NCAUSES];
    uint32_t unanswered[AMFOL_RRC_NCAUSES];
    uint32_t wait_hist[17];        /* rejects by waitTime 1..16 s; [0] = no waitTime */
} rrc_counts;

typedef struct rrc_period {
    int phase;                     /* enum amfol_rrc_phase */
    int32_t seg;                   /* DURING: the segment; AFTER: the segment that ended */
    amfol_time from, to;
    amfol_frame first_frame, last_frame;
    rrc_counts c;
} rrc_period;

typedef struct rrc_cell {
    bool known;                    /* false: the "cell unknown" bucket of a transport */
    amfol_nr_cgi cgi;
    char name[24];                 /* "00101-000000101" */
    uint32_t bound_assoc;          /* N2 association of its gNB, RRC_NO_IX = not bound */
    char fallback_gnb[72];         /* CU / transport address when not bound */
    amfol_time last_ium[AMFOL_RRC_NCAUSES];   /* latest INITIAL UE MESSAGE per cause from the cell */
    int n_periods;
    rrc_period periods[RRC_MAX_PERIODS];
    uint32_t periods_merged;
} rrc_cell;

/* One RRCSetupRequest / RRCResumeRequest. */
typedef struct rrc_req {
    amfol_frame frame, answer_frame;
    amfol_time time, answer_time;
    uint32_t cell;
    uint16_t transport;
    int8_t cause;                  /* cause index */
    uint8_t msg;
    uint8_t outcome;
    int8_t wait_s;                 /* -1 absent */
    uint8_t klass;
    bool in_grace;
    bool pending;
    int32_t seg;                   /* segment in force, -1 none */
    int32_t stop_seg;              /* not in force: the last stopped segment of the cell's gNB, -1 */
    uint16_t period;
    uint64_t key;                  /* matching key within the transport */
    uint64_t part1;                /* ng-5G-S-TMSI-Part1 when has_part1 */
    bool has_part1;
    int16_t nssai;                 /* requested NSSAI of its RRCSetupComplete (rrc_nssai_set index), -1 */
    bool unattributed;             /* several AMFs on the gNB, target unknown: never evidence */
    uint32_t via_assoc;            /* a new UE: the association its INITIAL UE MESSAGE went on
                                    * (amfol_rrc_new_ue.c), RRC_NO_IX unknown */
    amfol_frame complete_frame;    /* its RRCSetupComplete, 0 none */
    amfol_time complete_time;
    int32_t complete_seg;          /* segment in force at RRCSetupComplete, -1 none */
    amfol_frame release_frame;     /* RRCRelease within RRC_RELEASE_AT_SETUP_S of it, no INITIAL UE
                                    * MESSAGE of its cell and cause between: the gNB's drop, 0 none */
    bool dropped;                  /* released before anything reached the AMF (release_frame, or
                                    * before RRCSetupComplete): not pass-through */
} rrc_req;

/* One RRCReject (matched or not). */
typedef struct rrc_rej {
    amfol_frame frame;
    amfol_time time;
    uint32_t req;                  /* RRC_NO_IX: unmatched */
    uint32_t cell;                 /* RRC_NO_IX when unknown */
    int8_t wait_s;
} rrc_rej;

typedef struct rrc_transport {
    char a[64], b[64];
    char cu_ep[64];                /* side that receives UL CCCH ("" unknown) */
    uint32_t unknown_cell;         /* cell bucket for requests without NR-CGI */
} rrc_transport;

struct amfol_rrc {
    const amfol_n2 *n2;            /* the N2 timeline and association numbering (not owned) */
    uint32_t n_assocs;
    rrc_assoc assocs[RRC_MAX_ASSOCS];   /* indexed by the N2 association number */
    GArray *trouble;               /* rrc_trouble */
    uint32_t n_cells;
    rrc_cell *cells;               /* RRC_MAX_CELLS, allocated lazily in chunks */
    GHashTable *cell_index;        /* name -> index+1 */
    amfol_u64map cell_by_cgi;      /* rrc_cell_get's NR-CGIs (amfol_nr_cgi_key) -> index+1, in front */
    GArray *reqs;                  /* rrc_req */
    GArray *rejs;                  /* rrc_rej */
    amfol_u64map pending;          /* (transport<<48 ^ key) -> req index+1 */
    GQueue *pending_order;         /* req indexes in arrival order, for expiry */
    uint32_t n_transports;
    rrc_transport transports[RRC_MAX_TRANSPORTS];
    GStringChunk *names;           /* interned display strings */
    GHashTable *interned;
    uint64_t messages, requests, setups, rejects, unmatched_answers, late_or_superseded;
    uint64_t overflow;             /* items dropped (or slices not learnt) because a cap was reached */
    amfol_time last_time;
    GArray *nssai_sets;            /* rrc_nssai_set */
    GHashTable *awaiting_ium;      /* (cell, cause) -> GQueue of set-up new-UE requests (ix+1) */
    uint64_t new_ue_linked;        /* new UEs tied to their INITIAL UE MESSAGE's association */
    uint64_t new_ue_ambiguous;     /* INITIAL UE MESSAGEs with several candidate requests: no tie */
    uint32_t n2_ignores_cleared;   /* N2 gnb-ignores-overload verdicts the offered requests cleared */
    amfol_u64map conn;             /* (transport<<48 ^ key) -> req index+1: set up, DCCH followed */
    GQueue *conn_order;            /* their req indexes in set-up order, for expiry */
    uint64_t setup_completes, released_at_setup;
};

/* amfol_rrc_assoc.c: associations (numbered as N2 numbers them), cells, timeline lookups */
uint32_t rrc_assoc_get(amfol_rrc *s, const amfol_where *w, bool create);
const char *rrc_assoc_gnb_name(amfol_engine *e, uint32_t ai);
const char *rrc_assoc_amf_name(amfol_engine *e, uint32_t ai);
const rrc_segment *rrc_seg(const amfol_rrc *s, int32_t ix);
/* The strictest segment in force at t on any association of the cell's gNB (-1 none), and the
 * latest segment stopped before t on them (-1 none). */
void rrc_cell_governance(amfol_engine *e, uint32_t cell, amfol_time t, int32_t *in_force, int32_t *last_stopped);
/* The association (AMF) a request targets (RRC_ALL_ASSOCS when the gNB has one AMF, RRC_NO_IX
 * when it cannot be attributed), returned, and rrc_cell_governance from that association only
 * (all of them for RRC_NO_IX / RRC_ALL_ASSOCS), with the gNB's associations found once. */
uint32_t rrc_request_governance(amfol_engine *e, const rrc_req *r, amfol_time t, int32_t *in_force,
                                int32_t *last_stopped);
/* Tie the cell to a gNB (NGAP user location, gNB-ID bits, cell_map), true when bound. */
bool rrc_cell_bind(amfol_engine *e, uint32_t cell);
/* SCTP trouble within `window_s` of t on association ai: counts per kind into out[4]. */
int rrc_trouble_near(const amfol_rrc *s, uint32_t ai, amfol_time t, double window_s, amfol_frame *first, int out[4]);

/* amfol_rrc.c */
void rrc_req_govern(amfol_engine *e, rrc_req *r, bool count);
/* Class of a cause under a START segment, with its slice list (TS 38.413 §8.7.7.2). */
int rrc_segment_classify(const rrc_segment *sg, int cause_ix);

/* amfol_rrc_cells.c */
uint32_t rrc_cell_get(amfol_rrc *s, const amfol_nr_cgi *cgi);
uint32_t rrc_cell_unknown_for(amfol_rrc *s, uint16_t transport);
const char *rrc_cell_gnb(amfol_engine *e, uint32_t cell);
rrc_period *rrc_cell_period(amfol_rrc *s, uint32_t cell, int phase, int32_t seg, amfol_time t, amfol_frame f, uint16_t *ix);
const char *rrc_intern(amfol_rrc *s, const char *str);
void rrc_format_cell(const amfol_nr_cgi *cgi, char *buf, size_t cap);

/* amfol_rrc_match.c */
uint16_t rrc_transport_get(amfol_rrc *s, const amfol_where *w, bool uplink);
void rrc_expire(amfol_rrc *s, amfol_time now, uint32_t timeout_ms);
void rrc_pending_add(amfol_rrc *s, uint32_t req_ix, uint32_t timeout_ms);
uint32_t rrc_pending_take(amfol_rrc *s, uint16_t transport, uint64_t key, bool fifo_fallback);
uint64_t rrc_match_key(const amfol_rrc_event *ev);

/* amfol_rrc_new_ue.c: a new UE's request -> the association of its INITIAL UE MESSAGE */
#define RRC_MAX_AWAITING    16       /* set-up requests waiting for their IUM per (cell, cause) */
void rrc_new_ue_set_up(amfol_engine *e, uint32_t req_ix);
void rrc_new_ue_initial_message(amfol_engine *e, const amfol_ngap_event *ev, uint32_t assoc);

/* amfol_rrc_stats.c */
double rrc_binom_sf(uint32_t k, uint32_t n, double p);   /* P(X >= k), X ~ Bin(n, p) */

/* amfol_rrc_connected.c: the DCCH after RRCSetup (bounded, expiring) */
void rrc_conn_add(amfol_rrc *s, uint32_t req_ix);
/* RRCSetupComplete / RRCRelease of a set-up request: the request, NULL when none is followed. */
rrc_req *rrc_conn_setup_complete(amfol_engine *e, const amfol_rrc_event *ev);
rrc_req *rrc_conn_release(amfol_engine *e, const amfol_rrc_event *ev);

/* amfol_rrc_slices.c */
bool rrc_snssai_equal(const amfol_snssai *a, const amfol_snssai *b);
bool rrc_snssai_protected(const char *list, const amfol_snssai *s);
void rrc_format_snssai(const amfol_snssai *s, char *buf, size_t cap);

/* Handlers (amfol_rrc_module). */
void amfol_rrc_on_msg(amfol_engine *e, const amfol_rrc_event *ev, amfol_rrc_result *out);
void amfol_rrc_on_ngap(amfol_engine *e, const amfol_ngap_event *ev);
void amfol_rrc_on_sctp(amfol_engine *e, const amfol_sctp_event *ev);
void amfol_rrc_finish(amfol_engine *e, amfol_findings *out);

#endif
