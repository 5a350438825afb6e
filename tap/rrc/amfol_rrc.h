/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc.h: the radio side (NR RRC on CCCH): requests, set-ups, rejects per gNB and cell, and the gNB compliance rules. */
#ifndef AMFOL_RRC_H
#define AMFOL_RRC_H

#include "../core/amfol_module.h"
#include "../core/amfol_rows.h"

#include <glib.h>
#include <wsutil/json_dumper.h>

typedef struct amfol_engine amfol_engine;
typedef struct amfol_rrc amfol_rrc;

/* Cause index of the radio module: 0..9 = EstablishmentCause (= ResumeCause 0..7, MPS, MCS),
 * then the resume-only rna-Update, then "absent/unknown". */
enum amfol_rrc_cause_ix {
    AMFOL_RRC_CAUSE_RNA_UPDATE = 10,
    AMFOL_RRC_CAUSE_UNKNOWN = 11,
    AMFOL_RRC_NCAUSES = 12
};

/* How the action in force treats a cause. */
enum amfol_rrc_class {
    AMFOL_RRC_CLASS_NONE = 0,      /* no overload in force */
    AMFOL_RRC_CLASS_SHED = 1,      /* the action asks the gNB to reject it */
    AMFOL_RRC_CLASS_EXEMPT = 2,    /* must be let through */
    AMFOL_RRC_CLASS_OTHER = 3,     /* neither (e.g. mo-Signalling under action 0) */
    AMFOL_RRC_CLASS_SLICE = 4,     /* shed only for UEs of a listed slice: not judged per request */
    AMFOL_RRC_CLASS_UNJUDGED = 5   /* no 3GPP text decides (emergency under action 3, a START
                                    * without Overload Action IE, a START sent before the capture
                                    * began: action unknown): evidence neither way */
};

/* What happened to a request. */
enum amfol_rrc_outcome {
    AMFOL_RRC_OUT_PENDING = 0,     /* not yet known (first pass) or capture ended too soon */
    AMFOL_RRC_OUT_SETUP = 1,
    AMFOL_RRC_OUT_REJECT = 2,
    AMFOL_RRC_OUT_UNANSWERED = 3,  /* nothing within rrc_answer_timeout_ms */
    AMFOL_RRC_OUT_OTHER = 4        /* answered by RRCResume / RRCRelease */
};

/* Overload period of a cell: the calm time before the first episode, an episode's START
 * segment, the calm time after an episode. */
enum amfol_rrc_phase { AMFOL_RRC_BEFORE = 0, AMFOL_RRC_DURING = 1, AMFOL_RRC_AFTER = 2 };

/* What amfol says about one message (stored per frame by the plugin, rendered on every pass).
 * Its members are listed once, here, so that the plugin's packed storage of it (rrc_glue.c)
 * cannot miss one: X(type, name, kind), kind INTERNED for strings that point into engine-owned
 * memory living as long as the engine, VALUE for everything else.
 *   relevant: false: nothing to show;   msg: enum amfol_rrc_msg;
 *   cell: "00101-000000101" or NULL when unknown;   gnb: gNB name (docs/faults.md), or the F1
 *   CU address;   amf: AMF whose overload governs the cell now, NULL if none;
 *   cause: enum amfol_rrc_cause_ix (of the request it answers);
 *   episode: 1-based episode of that AMF association, 0 = none;
 *   start_frame: the START in force (link), 0 = none;
 *   action, reduction_pct: AMFOL_ABSENT when none;   klass: enum amfol_rrc_class;
 *   in_grace: within grace_ms after a START/STOP: not judged;
 *   wait_time_s: RRCReject waitTime or AMFOL_ABSENT;
 *   request_frame: answers: the request it answers, 0 = unmatched;
 *   request_id: requests: handle for amfol_rrc_request_info, 0 = none. */
#define AMFOL_RRC_RESULT_MEMBERS(X) \
    X(bool, relevant, VALUE) X(int, msg, VALUE) X(const char *, cell, INTERNED) \
    X(const char *, gnb, INTERNED) X(const char *, amf, INTERNED) X(int, cause, VALUE) \
    X(bool, in_overload, VALUE) X(int, episode, VALUE) X(amfol_frame, start_frame, VALUE) \
    X(int, action, VALUE) X(int, reduction_pct, VALUE) X(int, klass, VALUE) \
    X(bool, in_grace, VALUE) X(int, wait_time_s, VALUE) X(amfol_frame, request_frame, VALUE) \
    X(uint32_t, request_id, VALUE)
#define AMFOL_RRC_RESULT_DECL(type, name, kind) type name;
typedef struct amfol_rrc_result {
    AMFOL_RRC_RESULT_MEMBERS(AMFOL_RRC_RESULT_DECL)
} amfol_rrc_result;

/* The outcome of a request, known once its answer was seen (later frames). */
typedef struct amfol_rrc_request_info {
    int outcome;                   /* enum amfol_rrc_outcome */
    amfol_frame answer_frame;      /* 0 if none */
    double answer_delay_ms;
    int wait_time_s;               /* AMFOL_ABSENT unless rejected with waitTime */
    bool start_before_capture;     /* once the findings were computed: in an overload whose START
                                    * came before the capture (a later STOP showed it) */
} amfol_rrc_request_info;

amfol_rrc *amfol_rrc_new(const amfol_config *cfg);
void amfol_rrc_free(amfol_rrc *s);

/* The module as the engine routes to it: owns RRC (result: amfol_rrc_result); also consumes
 * NGAP and SCTP trouble (ties cells to gNBs and AMFs; START/STOP history and SCTP trouble of each
 * association) and NAS (a REGISTRATION REQUEST's requested NSSAI per 5G-S-TMSI part1, so that an
 * RRCSetupRequest carrying ng-5G-S-TMSI-Part1 shows the UE's slices: slice-overload-blocks-slice). */
extern const amfol_module amfol_rrc_module;


/* Outcome of the request with this id (amfol_rrc_result.request_id). False if unknown. */
bool amfol_rrc_request_info_get(amfol_engine *e, uint32_t request_id, amfol_rrc_request_info *out);

/* Names for display and JSON. */
const char *amfol_rrc_cause_name(int cause_ix);
const char *amfol_rrc_class_name(int klass);
const char *amfol_rrc_outcome_name(int outcome);
/* Cause index from an RRC cause value (establishment or resume cause). */
int amfol_rrc_cause_ix(int cause, bool is_resume_cause);
/* Class of a cause index under an action (AMFOL_ABSENT action = reject-rrc-cr-signalling). */
int amfol_rrc_classify(int action, int cause_ix);

/* The table "RRC requests and outcomes per gNB, cell and period" (GUI, -z amfol,radio) as rows,
 * one per cell and period (the caller frees them with amfol_rows_free), and its columns. The
 * caller runs amfol_engine_finish() first: it expires the requests still waiting at the end. */
amfol_rows *amfol_rrc_table_rows(amfol_engine *e);
const amfol_column *amfol_rrc_table_columns(size_t *n);
/* The "radio" JSON member as rows (an object; its cells' periods share the table's columns). */
amfol_rows *amfol_rrc_json_rows(amfol_engine *e);

/* Reports: a timeline section (plain text) and the "radio" member of the JSON document. */
void amfol_rrc_report_timeline(amfol_engine *e, GString *out);
void amfol_rrc_report_json(amfol_engine *e, json_dumper *d);

#endif
