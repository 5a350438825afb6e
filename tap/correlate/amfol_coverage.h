/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_coverage.h: what the capture holds, per AMF and gNB ("What this capture can tell"), and
 * the evidence check of every finding against it (the needs of tap/core/amfol_rule_needs.h).
 * The engine feeds it each message with its owner's result, after routing (as the chart
 * recorder), and calls amfol_coverage_judge() once every module has added its findings. */
#ifndef AMFOL_COVERAGE_H
#define AMFOL_COVERAGE_H

#include "../core/amfol_events.h"
#include "../core/amfol_findings.h"

#include <glib.h>

typedef struct amfol_engine amfol_engine;
typedef struct amfol_coverage amfol_coverage;
struct amfol_n2_result;
struct amfol_rrc_result;
struct amfol_nas_result;
struct amfol_sbi_result;

amfol_coverage *amfol_coverage_new(void);
void amfol_coverage_free(amfol_coverage *c);

/* One message with its owner's result (NULL: none was asked for). */
void amfol_coverage_ngap(amfol_engine *e, const amfol_ngap_event *ev, const struct amfol_n2_result *r);
void amfol_coverage_rrc(amfol_engine *e, const amfol_rrc_event *ev, const struct amfol_rrc_result *r);
void amfol_coverage_nas(amfol_engine *e, const amfol_nas_event *ev, const struct amfol_nas_result *r);
void amfol_coverage_sbi(amfol_engine *e, const amfol_sbi_event *ev, const struct amfol_sbi_result *r);

/* Every finding checked against the needs of its rule for the AMF and gNB it names: a finding
 * whose evidence the capture lacks, or that counted nothing, becomes a note that says what was
 * seen and what would settle it (amfol_finding.missing holds the needs that were not met). */
void amfol_coverage_judge(amfol_engine *e, amfol_findings *f);

/* The time span of the HTTP/2 messages with readable headers: false when there were none. Past
 * its end the capture shows no SBI (a ring buffer's later files decode no HTTP/2 of connections
 * that began earlier): silence there is no evidence. */
bool amfol_coverage_sbi_readable_span(amfol_engine *e, amfol_time *first, amfol_time *last);
/* NAS messages of AMF `amf` (by name), and those readable; false (0, 0) when none. */
bool amfol_coverage_nas_of(amfol_engine *e, const char *amf, uint64_t *all, uint64_t *readable);
/* HTTP/2 messages with unreadable headers (HPACK state lost) in [t0, t1]. */
uint64_t amfol_coverage_sbi_unreadable_in(amfol_engine *e, amfol_time t0, amfol_time t1);

/* ---- The view: per AMF, per gNB, SBI as a whole, and per rule family ---------------------- */
typedef struct amfol_cov_amf {
    const char *name;
    uint64_t n2_pdus;
    unsigned gnbs;                 /* gNBs with an N2 association to it */
    bool ng_setup;                 /* an NG SETUP of at least one of its associations was seen */
    uint64_t nas, nas_readable;    /* NAS messages, and those not ciphered (or deciphered) */
    int nrf_reports;               /* its own load reports to the NRF; -1: no NF profile tied */
    unsigned episodes;
    bool starts_in_episode;        /* an overload episode was in force when the capture began */
} amfol_cov_amf;

typedef struct amfol_cov_gnb {
    const char *name;
    const char *amf;               /* the AMF of its first association, NULL: radio side only */
    unsigned associations;
    uint64_t n2_pdus;
    bool ng_setup;
    uint64_t rrc;                  /* NR RRC messages of its radio side (F1) */
} amfol_cov_gnb;

typedef struct amfol_cov_sbi {
    uint64_t messages;             /* HTTP/2 stream segments fed (requests, answers) */
    uint64_t unreadable;           /* of which headers unreadable */
    uint64_t tls;                  /* TLS frames: content hidden */
    uint64_t nrf;                  /* NRF management and discovery messages (/nnrf-*) */
} amfol_cov_sbi;

enum amfol_cov_status { AMFOL_COV_JUDGED = 0, AMFOL_COV_PARTLY = 1, AMFOL_COV_NOT_JUDGED = 2 };

/* The rule families, in the order of amfol_cov_view.families. */
enum amfol_cov_family_ix {
    AMFOL_COV_FAMILY_N2 = 0, AMFOL_COV_FAMILY_RADIO, AMFOL_COV_FAMILY_NAS, AMFOL_COV_FAMILY_SBI,
    AMFOL_COV_FAMILY_SET, AMFOL_COV_FAMILY_CONTROL, AMFOL_COV_FAMILIES
};
/* The family of a catalogue rule (by its domain; the AMF Set rules apart), -1 when unknown. */
int amfol_coverage_family_of(amfol_rule_id rule);

typedef struct amfol_cov_family {
    const char *name;              /* static: "gNB overload handling on N2" */
    int status;                    /* enum amfol_cov_status */
    char reason[320];
} amfol_cov_family;

typedef struct amfol_cov_view {
    GArray *amfs;                  /* amfol_cov_amf, by name */
    GArray *gnbs;                  /* amfol_cov_gnb, by name */
    amfol_cov_sbi sbi;
    GArray *families;              /* amfol_cov_family, fixed order */
} amfol_cov_view;

/* Built from the engine's state (names as the reports use them); free with _view_free. */
amfol_cov_view *amfol_coverage_view(amfol_engine *e);
void amfol_coverage_view_free(amfol_cov_view *v);
const char *amfol_cov_status_name(int status);   /* "judged", "partly judged", "not judged" */

#endif
