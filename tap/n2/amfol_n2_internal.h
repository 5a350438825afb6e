/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_n2_internal.h: the N2 module's state (AMFs, associations, episodes, segments), shared by
 * the files of tap/n2/ only. Every table has a cap; what does not fit is counted, not stored. */
#ifndef AMFOL_N2_INTERNAL_H
#define AMFOL_N2_INTERNAL_H

#include "../core/amfol_u64map.h"
#include "amfol_n2.h"
#include "../core/amfol_context.h"

#define N2_MAX_AMFS              64
#define N2_MAX_ASSOCS            1024
#define N2_MAX_EPISODES_PER_AMF  64
#define N2_MAX_UPDATES_PER_EPISODE 256
#define N2_MAX_PARTS_TOTAL       16384   /* episode parts (one association in one episode) */
#define N2_MAX_SEGMENTS_TOTAL    65536   /* START segments over all parts */
#define N2_MAX_START_FRAMES      32      /* START frames remembered per part */
#define N2_EVIDENCE_FRAMES       31      /* + the START = AMFOL_FINDING_MAX_FRAMES */
#define N2_SEG_HISTORY           64      /* segments per association kept for time queries */
#define N2_EXEMPT_RING           64      /* recent exempt-class InitialUEMessages per association */
#define N2_MAX_BASELINE_S        600     /* baseline buckets are allocated for at most this */
#define N2_MAX_CELLS             4096
#define N2_MAX_TIMELINE          8192
#define N2_MAX_PATHS             8       /* address pairs remembered per multi-homed association */
#define N2_PREFIX_WINDOWS        6       /* gnb-ignores-overload windows of 1, 2, 4 .. 32 s after grace */    /* per-association START segments (amfol_n2_segment) */

/* Where an association's names come from (docs/faults.md entity naming). */
enum n2_name_source { N2_NAME_TRANSPORT = 0, N2_NAME_GLOBAL_ID = 1, N2_NAME_NODE_NAME = 2 };

typedef uint32_t n2_cause_counts[AMFOL_CAUSE_COUNT];

/* The parameters of one OVERLOAD START as they apply to one association. */
typedef struct n2_update {
    amfol_frame frame;
    amfol_time time;
    int assoc;
    int action;                  /* AMF-wide action, AMFOL_ABSENT */
    int reduction_pct;           /* AMFOL_ABSENT */
    bool slice_only;             /* slice list but no AMF-wide action */
    bool replaced;               /* an earlier START of this association was in force */
    amfol_frame replaced_frame;
    int n_slice_items;
    bool slice_items_truncated;
    amfol_slice_item slice_items[AMFOL_MAX_SLICE_ITEMS];
} n2_update;

/* From one START to the next START or STOP of the same association. */
typedef struct n2_segment {
    amfol_frame start_frame;
    amfol_time start_time;
    amfol_frame end_frame;       /* next START or STOP; 0 while in force */
    amfol_time end_time;
    bool ended;
    int action;                  /* effective action for the shed class (AMFOL_ABSENT = slice-only) */
    int reduction_pct;
    bool slice_only;
    enum amfol_level level;
    const n2_update *update;     /* NULL when the episode's update table was full */
    n2_cause_counts during;      /* InitialUEMessages while in force (incl. grace) */
    uint32_t shed_after_grace;   /* shed-class messages after the grace period */
    uint32_t shed_prefix[N2_PREFIX_WINDOWS];   /* of them, in the first 2^i s after the grace */
    uint32_t exempt_after_grace;  /* UE-originated exempt causes (not mt-Access) */
    int n_shed_frames;
    amfol_frame shed_frames[N2_EVIDENCE_FRAMES];
} n2_segment;

typedef struct n2_exempt_seen {
    amfol_frame frame;
    amfol_time time;
    int cause;
} n2_exempt_seen;

/* One association's part of one episode. */
typedef struct n2_part {
    int assoc;
    amfol_frame first_start_frame;
    amfol_time first_start_time;
    amfol_frame stop_frame;      /* 0 while no STOP (or restarted after one) */
    amfol_time stop_time;
    bool active;
    bool before_capture;         /* its START was sent before the capture began: no START seen,
                                  * action unknown, `during` runs from the first frame to the STOP */
    n2_cause_counts before;      /* baseline window before the first START */
    n2_cause_counts during;
    n2_cause_counts after;       /* baseline_s window after the STOP */
    double baseline_span_s;      /* length of that baseline window actually covered */
    int n_baseline_exempt;
    n2_exempt_seen baseline_exempt[N2_EVIDENCE_FRAMES];
    int n_start_frames;
    amfol_frame start_frames[N2_MAX_START_FRAMES];
    uint32_t n_starts;           /* all STARTs, also beyond the stored ones */
    GPtrArray *segments;         /* n2_segment*, owned */
    uint32_t segments_dropped;
} n2_part;

typedef struct n2_episode {
    const struct n2_amf *amf;    /* the AMF it belongs to */
    int number;                  /* 1-based per AMF */
    amfol_frame start_frame;
    amfol_time start_time;
    amfol_frame stop_frame;      /* last STOP when every part stopped, else 0 */
    amfol_time stop_time;
    bool closed;
    bool before_capture;         /* opened by a STOP without START: start_frame 0, start unknown */
    int active_parts;
    enum amfol_level max_level;
    GPtrArray *parts;            /* n2_part*, owned */
    uint32_t parts_dropped;
    GPtrArray *updates;          /* n2_update*, owned, <= N2_MAX_UPDATES_PER_EPISODE */
    uint32_t n_updates;          /* all STARTs, also beyond the stored ones */
    uint32_t baseline_shed;      /* the AMF's shed-class InitialUEMessages before the first START */
} n2_episode;

typedef struct n2_amf {
    const char *id;              /* entity string (interned): AMFName, else transport address */
    const char *name;            /* AMFName (interned) or NULL */
    amfol_endpoint address;
    amfol_frame named_frame;     /* NG SETUP RESPONSE that named it, 0 = none */
    int n_guamis;
    amfol_guami guamis[AMFOL_MAX_GUAMIS];
    int relative_capacity;       /* AMFOL_ABSENT */
    GPtrArray *episodes;         /* n2_episode*, owned */
    uint32_t episodes_dropped;
    n2_episode *open;            /* the episode in force, NULL when none */
} n2_amf;

typedef struct n2_seg_ref {      /* history entry for time queries */
    n2_segment *seg;
    n2_episode *episode;
} n2_seg_ref;

typedef struct n2_assoc {
    amfol_endpoint ep_lo, ep_hi; /* key: the two endpoints, sorted */
    bool sides_known;
    bool sides_guessed;          /* from ports only */
    amfol_endpoint amf_ep, gnb_ep;
    int amf;                     /* index into amfs, -1 until known */
    const char *gnb_id;          /* entity string (interned): the name of its gNB, shared by every
                                  * association of that gNB (n2_gnb_regroup) */
    const char *own_gnb_id;      /* the name this association's own messages give */
    int lead;                    /* the first association of its gNB to its AMF (itself when none
                                  * earlier): the TNLAs of one gNB to one AMF share the lead's
                                  * overload state (told or not, segments, baseline) */
    enum n2_name_source gnb_source;
    bool has_global_id;
    amfol_plmn gnb_plmn;
    uint32_t gnb_id_value;
    amfol_frame first_frame, last_frame;
    amfol_time first_time, last_time;
    uint64_t pdus;
    uint64_t initial_ue;
    /* overload state from this gNB's point of view */
    n2_part *part;               /* part of the episode in force (also after STOP until next) */
    n2_episode *episode;
    n2_segment *seg;             /* segment in force, NULL when not in overload */
    n2_part *after_part;         /* part whose "after" window is running */
    bool had_episode;
    amfol_frame before_capture_stop;  /* its first STOP, of an overload started before the capture */
    n2_cause_counts tot_before, tot_during, tot_after;
    uint32_t stops_without_start;
    uint32_t paths;              /* other address pairs seen with its verification tags */
    char other_path[2 * sizeof(((amfol_endpoint *)0)->text) + 2];   /* the first of them */
    /* shed-class InitialUEMessages in the baseline window before baseline_of's first START */
    const n2_episode *baseline_of;
    uint32_t baseline_shed;
    /* per-second per-cause InitialUEMessage counts of the last baseline_s seconds */
    int n_buckets;
    int64_t *bucket_sec;
    n2_cause_counts *buckets;
    /* recent exempt-class InitialUEMessages */
    n2_exempt_seen exempt_ring[N2_EXEMPT_RING];
    int exempt_next, exempt_n;
    /* recent segments, oldest overwritten */
    n2_seg_ref history[N2_SEG_HISTORY];
    int hist_next, hist_n;
    /* its segments of the timeline (amfol_n2_segment): -1 none */
    int tl_episodes;
    int32_t tl_open, tl_last;
} n2_assoc;

typedef struct n2_cell {
    amfol_nr_cgi cgi;
    int assoc;
} n2_cell;

/* The associations found for endpoint pairs (and SCTP tags): a storm's PDUs go both ways over
 * a few dozen associations, and every event asks (N2, radio, NAS names, overload). A direct-mapped
 * cache indexed by a hash of the pair and tag; a slot keeps the texts it answers for, so a hit is
 * exact. An entry, once in assoc_by_key, never changes, so a remembered hit stays true. */
#define N2_MEMO_SLOTS 64             /* a power of two */
typedef struct n2_memo_way {
    uint64_t hash;
    uint8_t la, lb;                  /* text lengths */
    bool pair_key;                   /* n2_assoc_for_event: the pair's own key ("lo|hi") is in
                                      * assoc_by_key, so n2_assoc_find gives `index` too */
    uint32_t vtag;
    int index;                   /* -1: not an association (while gen is current) */
    uint64_t gen;                /* assoc_gen when remembered; 0: empty */
    amfol_endpoint a, b;
} n2_memo_way;
typedef struct n2_assoc_memo {
    n2_memo_way way[N2_MEMO_SLOTS];
    /* n2_assoc_find's last answer (also primed by n2_assoc_for_event), confirmed by comparing
     * the texts, without the pair's hash: the events of one frame (an NGAP message, the NAS
     * messages in it) ask about the same pair one after the other. Only texts and index, gen. */
    n2_memo_way last;
} n2_assoc_memo;

/* The association of the wheres of the event being routed (amfol_n2_where_assoc): an event's
 * where and its NGAP message's; valid while `serial` is the engine's event count and no key was
 * added (`gen`). */
#define N2_WHERE_MEMO 2
typedef struct n2_where_memo {
    struct {
        const amfol_where *where;
        uint64_t serial, gen;
        int index;
    } way[N2_WHERE_MEMO];
    unsigned next;
} n2_where_memo;

/* The associations of the AMFs amfol_n2_overload_for_amf was asked about last (NAS asks about
 * every message's AMF), valid while amf_map_gen is unchanged; N2_AMF_MEMOS names, replaced in
 * turn. */
#define N2_AMF_MEMOS 4
#define N2_AMF_MEMO_ASSOCS 64
typedef struct n2_amf_memo {
    char amf[128];               /* the name asked for */
    uint64_t gen;                /* amf_map_gen when made; 0: none */
    int n;
    int ix[N2_AMF_MEMO_ASSOCS];  /* its associations, in index order */
} n2_amf_memo;

struct amfol_n2 {
    amfol_config cfg;
    n2_amf_memo *amf_memo;       /* [N2_AMF_MEMOS + 1], mutable behind const; the extra one's
                                  * `n` is the next to replace */
    uint64_t amf_map_gen;        /* 1 + changes of an association's AMF or an AMF's id */
    n2_assoc_memo *memo;         /* [0] n2_assoc_find, [1] n2_assoc_for_event; mutable behind const */
    n2_where_memo *where_memo;   /* mutable behind const */
    const uint64_t *event_serial;   /* the engine's count of routed events; NULL: no where memo */
    GPtrArray *amfs;             /* n2_amf*, owned */
    GHashTable *amf_by_key;      /* "ep:<address>" / "name:<AMFName>" -> index+1 */
    uint32_t amfs_dropped;
    GPtrArray *assocs;           /* n2_assoc*, owned */
    GHashTable *assoc_by_key;    /* "lo|hi" (every path) and "vtag:<tag>:<sport>><dport>" -> index+1 */
    uint32_t assocs_dropped;
    uint64_t assoc_gen;          /* 1 + keys added to assoc_by_key: a remembered miss is stale after */
    GArray *cells;               /* n2_cell */
    GHashTable *cell_by_key;     /* "plmn-cellhex" -> index+1 */
    amfol_u64map cell_by_cgi;    /* amfol_nr_cgi_key -> index+1, in front of cell_by_key */
    uint32_t cells_dropped;
    uint64_t pdus;
    uint64_t parts_total, segments_total;
    uint64_t stops_without_start;
    uint64_t overload_messages;  /* STARTs + STOPs */
    GHashTable *strings;         /* interned names: per-frame results point here */
    GPtrArray *episode_order;    /* n2_episode* of every AMF in START order (not owned) */
    GArray *timeline;            /* amfol_n2_segment, START order */
    uint32_t timeline_dropped;
    GArray *setup_waits;         /* amfol_n2_setup_wait.c: per gNB-AMF pair, NULL until a failure */
    uint32_t setup_waits_dropped;
};

/* amfol_n2_setup_wait.c: NG SETUP retried before the Time To Wait (ttw_s: of this PDU, or <= 0) */
void n2_setup_wait_on_ngap(amfol_n2 *n2, const char *gnb, const char *amf, const amfol_ngap_event *ev, int ttw_s);
void n2_setup_wait_finish(const amfol_n2 *n2, amfol_findings *out);

/* amfol_n2_assoc.c: identity */
const char *n2_intern(amfol_n2 *n2, const char *s);
n2_assoc *n2_assoc_for_event(amfol_n2 *n2, const amfol_ngap_event *ev, int *index);
int n2_assoc_find(const amfol_n2 *n2, const amfol_endpoint *a, const amfol_endpoint *b);
int n2_where_assoc(const amfol_n2 *n2, const amfol_where *w);
void n2_assoc_learn(amfol_n2 *n2, int ai, const amfol_ngap_event *ev);
n2_amf *n2_amf_of(const amfol_n2 *n2, const n2_assoc *a);
void n2_learn_cell(amfol_n2 *n2, const amfol_nr_cgi *cgi, int assoc);
/* The association holding the overload state of association ai's gNB towards its AMF. */
static inline int n2_lead(const amfol_n2 *n2, int ai)
{
    return ((const n2_assoc *)g_ptr_array_index(n2->assocs, ai))->lead;
}
void n2_free_amf(gpointer p);
void n2_free_assoc(gpointer p);

/* amfol_n2_overload.c: episodes */
__attribute__((cold)) void n2_on_start(amfol_n2 *n2, int ai, const amfol_ngap_event *ev, amfol_n2_result *out);
bool n2_before_capture_stop(amfol_n2 *n2, int ai, const amfol_ngap_event *ev, amfol_n2_result *out);
__attribute__((cold)) void n2_on_stop(amfol_n2 *n2, int ai, const amfol_ngap_event *ev, amfol_n2_result *out);
/* ai: the association that carried it; gi: its lead (n2_lead), which holds the overload state. */
void n2_on_initial_ue(amfol_n2 *n2, int ai, int gi, const amfol_ngap_event *ev, amfol_n2_result *out);
void n2_free_episode(gpointer p);
/* amfol_n2_timeline.c: the per-association segments every module reads. */
void n2_timeline_start(amfol_n2 *n2, int ai, const amfol_ngap_event *ev);
void n2_timeline_stop(amfol_n2 *n2, int ai, const amfol_ngap_event *ev);
void n2_timeline_before_capture(amfol_n2 *n2, int ai, const amfol_ngap_event *ev);
/* The segment of association `ai` in force at time t (history search), or NULL. */
const n2_seg_ref *n2_segment_at(const amfol_n2 *n2, int ai, amfol_time t);

/* amfol_n2_rules.c: the verdict on one START segment (also shown in the reports) */
typedef struct n2_judgement {
    bool judged;                 /* enough data for a verdict */
    bool unproven;               /* above q + margin, not above the retry bound: a note */
    double expected;             /* expected pass-through q (no retries) */
    double observed;             /* during rate / baseline rate, -1 when no baseline */
    double p_value;              /* of the deciding window (the bound test, or the q test) */
    double bound;                /* retry bound of the deciding window, -1 when none */
    double window_s;             /* the deciding window (from START + grace) */
    uint32_t shed_window;        /* shed-class messages in it */
    uint32_t shed_during, shed_baseline;
    double during_s, baseline_s;
} n2_judgement;
/* True when N2 proves the gNB forwarded more than a compliant gNB can (docs/faults.md). */
bool n2_segment_judge(const amfol_n2 *n2, const n2_part *part, const n2_segment *seg,
                      amfol_time capture_end, n2_judgement *j);
/* The most a compliant gNB forwards in the first tau s after the grace period, over the
 * pre-START rate times tau, when every UE it turns away retries after 1 s (TS 38.331). */
double n2_retry_bound(double reduction, double tau_s, double grace_s);
uint32_t n2_shed_in(const n2_cause_counts counts, int action);
uint32_t n2_exempt_in(const n2_cause_counts counts, int action);

/* amfol_n2_classes.c: names */
int n2_cause_index(int cause);                   /* clamps unknown causes to notAvailable */
/* Expected pass-through of the shed class under a START (0..1). */
double n2_expected_pass(int reduction_pct);

/* Handlers (amfol_n2_module). */
void amfol_n2_on_ngap(amfol_engine *e, const amfol_ngap_event *ev, amfol_n2_result *out);
void amfol_n2_finish(amfol_engine *e, amfol_findings *out);

#endif
