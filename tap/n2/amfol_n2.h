/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_n2.h: the N2 (NGAP) view of AMF overload: AMFs, gNB associations, overload episodes,
 * the InitialUEMessage counts around them, and the N2 rules of docs/faults.md. */
#ifndef AMFOL_N2_H
#define AMFOL_N2_H

#include "../core/amfol_module.h"
#include "../core/amfol_3gpp.h"
#include "../core/amfol_rows.h"

#include <glib.h>
#include <wsutil/json_dumper.h>

typedef struct amfol_engine amfol_engine;
typedef struct amfol_n2 amfol_n2;

/* What amfol says about one NGAP PDU (stored per frame by the plugin, rendered on every pass).
 * Strings point into the engine's interned names and live as long as the engine. */
typedef struct amfol_n2_result {
    bool relevant;                 /* false: nothing to show for this PDU */
    const char *amf;               /* AMF name (docs/faults.md naming) */
    const char *gnb;               /* gNB name */
    bool amf_named_by_transport;   /* no NG Setup seen: names are transport addresses */
    int episode;                   /* 1-based episode number of this AMF, 0 = none */
    enum amfol_level level;        /* amfol's convention, see docs/faults.md */
    int action;                    /* action in force (or of this START), AMFOL_ABSENT */
    int reduction_pct;             /* AMFOL_ABSENT */
    /* OVERLOAD START */
    bool is_start, replaced;       /* replaced: an earlier START was still in force */
    amfol_frame replaced_frame;
    int n_slice_items;
    /* OVERLOAD STOP */
    bool is_stop, stop_without_start;
    bool stop_before_capture;      /* STOP of an overload started before the capture began */
    double episode_duration_s;     /* STOP: from this association's first START */
    amfol_frame start_frame;       /* link to the START in force / being stopped */
    /* INITIAL UE MESSAGE */
    bool is_initial_ue;
    int rrc_cause;                 /* AMFOL_ABSENT */
    bool in_overload;              /* from this gNB's point of view */
    bool overload_unknown;         /* not in overload as far as seen, but no START/STOP was seen yet
                                    * on the association: a later STOP may show an overload in force
                                    * before the capture began (one pass cannot know) */
    int assoc;                     /* N2 association number, -1 unknown */
    double since_start_s;
    bool shed_expected;            /* the cause is in the class the action sheds */
    bool exempt;                   /* the cause is exempt under the action */
    /* Other overload-relevant messages */
    bool overload_cause;           /* Cause = misc control-processing-overload */
    int time_to_wait_s;            /* NG SETUP FAILURE etc., AMFOL_ABSENT */
    int relative_amf_capacity;     /* AMFOL_ABSENT */
    int n_unavailable_guamis;      /* AMF STATUS INDICATION, 0 if none */
} amfol_n2_result;

/* The overload in force for one gNB association at one instant (for the other modules). */
typedef struct amfol_overload_view {
    bool in_overload;
    const char *amf;
    const char *gnb;
    int episode;
    amfol_frame start_frame;       /* the START whose parameters are in force */
    amfol_time start_time;
    int action;
    int reduction_pct;
    int n_slice_items;
    const amfol_slice_item *slice_items;
} amfol_overload_view;

amfol_n2 *amfol_n2_new(const amfol_config *cfg);
void amfol_n2_free(amfol_n2 *n2);

/* The module as the engine routes to it: owns NGAP (result: amfol_n2_result). */
extern const amfol_module amfol_n2_module;

/* Queries for the other modules. The association is given by the two endpoints of an NGAP
 * PDU (in either order). Return false when the association or AMF is unknown. */
bool amfol_n2_overload_for_assoc(const amfol_n2 *n2, const amfol_endpoint *a, const amfol_endpoint *b,
                                 amfol_time t, amfol_overload_view *out);
bool amfol_n2_overload_for_amf(const amfol_n2 *n2, const char *amf, amfol_time t, amfol_overload_view *out);
const char *amfol_n2_amf_name(const amfol_n2 *n2, const amfol_endpoint *a, const amfol_endpoint *b);
/* Does the AMF of the association serve a GUAMI (ServedGUAMIList of NG SETUP RESPONSE) with
 * this AMF Pointer and an AMF Set ID ending in `set_low_bit` (what ng-5G-S-TMSI-Part1 shows of
 * a registered UE's AMF)? 1 yes, 0 no, -1 unknown (no GUAMI learnt for that AMF). */
int amfol_n2_amf_serves(const amfol_n2 *n2, const amfol_endpoint *a, const amfol_endpoint *b,
                        int set_low_bit, int pointer);

/* The AMF-wide overload episodes (tap/n2/amfol_n2_timeline.c): an episode runs from the first
 * OVERLOAD START to one of an AMF's gNBs until every gNB that got a START got a STOP. The one
 * source of "is this AMF in overload" for every module. */
typedef struct amfol_n2_episode_view {
    const char *amf;               /* the AMF's entity name (interned, lives with the engine) */
    int number;                    /* 1-based per AMF */
    amfol_frame start_frame;       /* the first START; 0 when it came before the capture */
    amfol_time start_time;         /* -INFINITY when start_unknown */
    bool start_unknown;            /* in force before the capture began (a STOP without START) */
    amfol_frame stop_frame;        /* the STOP that ended it; 0 while in force */
    amfol_time stop_time;
} amfol_n2_episode_view;
/* The per-association START segments: from one OVERLOAD START to the next START (replaced) or
 * STOP of the same association, in START order over all associations. `assoc` is the N2
 * association number (amfol_n2_assoc_find), the numbering every module uses. */
typedef struct amfol_n2_segment {
    uint32_t assoc;
    int episode;                   /* 1-based per association */
    amfol_frame start_frame, stop_frame;   /* stop_frame 0: not stopped (or replaced) */
    amfol_time start_time, end_time;       /* end_time < 0: still in force */
    bool replaced;                 /* ended by a later START, not by a STOP */
    bool start_unknown;            /* START sent before the capture began: start_frame 0,
                                    * start_time -INFINITY, action and slices unknown (ABSENT) */
    int action, reduction_pct;     /* as in the START (AMFOL_ABSENT when absent) */
    int n_slice_items;
    amfol_slice_item slice_items[AMFOL_MAX_SLICE_ITEMS];
} amfol_n2_segment;
size_t amfol_n2_segment_count(const amfol_n2 *n2);
const amfol_n2_segment *amfol_n2_segment_get(const amfol_n2 *n2, int32_t ix);   /* NULL: none */
/* The association of two endpoints (either order), -1 when unknown; its latest segment, -1. */
int amfol_n2_assoc_find(const amfol_n2 *n2, const amfol_endpoint *a, const amfol_endpoint *b);
/* The same for the where of an event while it is routed (or of its NGAP message, ev->ngap):
 * answered once per event, so the modules that handle one event do not look its endpoints up
 * again. Only for a where that stays unchanged while its event is routed. */
int amfol_n2_where_assoc(const amfol_n2 *n2, const amfol_where *w);
/* amfol_n2_overload_for_assoc and the AMF's SCTP address ("ip:port", NULL when unknown) by
 * association number. */
bool amfol_n2_assoc_overload(const amfol_n2 *n2, int assoc, amfol_time t, amfol_overload_view *out);
const amfol_endpoint *amfol_n2_assoc_amf_endpoint(const amfol_n2 *n2, int assoc);
int32_t amfol_n2_assoc_last_segment(const amfol_n2 *n2, int assoc);

/* Episodes of every AMF, in START order: count, and the i-th (false when out of range). */
size_t amfol_n2_episode_count(const amfol_n2 *n2);
bool amfol_n2_episode_get(const amfol_n2 *n2, size_t i, amfol_n2_episode_view *out);
/* The first episode of AMF `amf` in force at t (start <= t < stop), false when none. */
bool amfol_n2_episode_at(const amfol_n2 *n2, const char *amf, amfol_time t, amfol_n2_episode_view *out);
const char *amfol_n2_gnb_name(const amfol_n2 *n2, const amfol_endpoint *a, const amfol_endpoint *b);
/* The same names by association number (amfol_n2_assoc_find), for modules that keep it: no
 * endpoint texts to copy and look up again. NULL when out of range. */
const char *amfol_n2_assoc_gnb_name(const amfol_n2 *n2, int assoc);
const char *amfol_n2_assoc_amf_name(const amfol_n2 *n2, int assoc);

/* Shed / exempt class, action and cause names: tap/core/amfol_3gpp.h. */

/* Reports */
void amfol_n2_report_timeline(amfol_engine *e, GString *out);
/* The per-AMF child tables of amfs[] that modules on higher floors make (amfs[].symptoms,
 * amfs[].kpi): the JSON report hands N2 their row builders, so N2 includes neither. */
typedef amfol_rows *(*amfol_n2_amf_rows_fn)(amfol_engine *e, const char *amf);
typedef struct amfol_n2_amf_children {
    amfol_n2_amf_rows_fn symptoms;   /* amfs[].symptoms */
    amfol_n2_amf_rows_fn kpi;        /* amfs[].kpi */
} amfol_n2_amf_children;
/* The "amfs" and "gnbs" members; `children` (or NULL) adds the per-AMF child tables. */
void amfol_n2_report_json(amfol_engine *e, json_dumper *d, const amfol_n2_amf_children *children);
/* The STOP frame that ended an overload in force on association `assoc` since before the
 * capture began (TS 38.413 §8.7.8), 0 when none: frames of the association before it were in
 * overload. Known once the frames up to that STOP were fed (tshark -2, the GUI). */
amfol_frame amfol_n2_before_capture_stop(amfol_engine *e, int assoc);
/* A finding's "gnb_associations" member: the N2 associations of gNB `gnb` (NULL: null). */
void amfol_n2_report_gnb_associations(amfol_engine *e, json_dumper *d, const char *gnb);
/* One line per overload episode, or "No AMF overload seen ..." (for the diagnosis). */
void amfol_n2_report_headline(amfol_engine *e, GString *out);
uint64_t amfol_n2_pdu_count(const amfol_n2 *n2);
unsigned amfol_n2_assoc_count(const amfol_n2 *n2);

/* One row per association part of an episode (the GUI table "AMF Overload"). */
typedef struct amfol_n2_row {
    const char *amf, *gnb;         /* interned, live as long as the engine */
    int episode;
    amfol_frame start_frame, stop_frame;   /* stop 0 = none */
    double duration_s;             /* to the STOP, or to the capture end */
    int action, reduction_pct;     /* of the association's first START (AMFOL_ABSENT: no IE) */
    bool slice_only;               /* that START only named slices */
    uint32_t starts;
    uint32_t shed_before, shed_during, shed_after;   /* InitialUEMessages of that START's shed class */
    double observed_pass, expected_pass;             /* of the first START segment; observed < 0: n/a */
} amfol_n2_row;
typedef void (*amfol_n2_row_cb)(const amfol_n2_row *row, void *user);
void amfol_n2_rows(amfol_engine *e, amfol_n2_row_cb cb, void *user);
/* The same rows as the table "AMF overload episodes per gNB" (GUI, -z amfol,episodes; the
 * caller frees them with amfol_rows_free), and its columns: amfol_n2_table.c. */
amfol_rows *amfol_n2_table_rows(amfol_engine *e);
const amfol_column *amfol_n2_table_columns(size_t *n);
/* OVERLOAD STARTs and STOPs analysed so far (tells a table when its rows changed). */
uint64_t amfol_n2_overload_messages(amfol_engine *e);

/* Names for reports and the plugin. */
const char *amfol_level_name(enum amfol_level level);
void amfol_snssai_text(const amfol_snssai *s, char *buf, size_t cap);          /* "1-000001", "2" */
void amfol_plmn_from_tbcd(const uint8_t *b, size_t len, amfol_plmn *out);     /* 3 TBCD octets */

#endif
