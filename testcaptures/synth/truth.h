/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Ground-truth recorder: episodes, injected faults with evidence frames, expected counts. */
#ifndef AMFOL_SYNTH_TRUTH_H
#define AMFOL_SYNTH_TRUTH_H

#include <glib.h>
#include <stdint.h>
#include <stdio.h>

#include "scenario.h"

#define TRUTH_MAX_UPDATES 64
#define TRUTH_MAX_T3346 64

typedef struct {
    uint32_t frame;
    int gnb;
    const sc_start *start;   /* contents (points into the scenario) */
} truth_update;

typedef struct {
    uint32_t start_frame, stop_frame;   /* 0 = none */
    int64_t start_us, stop_us;          /* -1 = none */
    uint32_t gnb_start_frame[SC_MAX_GNBS], gnb_stop_frame[SC_MAX_GNBS];
    int n_updates;
    truth_update updates[TRUTH_MAX_UPDATES];
} truth_episode;

/* One finding the analysis must report. Strings are owned (g_strdup). */
struct truth;

typedef struct {
    struct truth *owner;  /* for the evidence cap */
    const char *rule;
    char *amf, *gnb, *cell, *ue;
    GArray *frames;      /* uint32_t, kept sorted and unique on output */
    uint32_t first_frame;
    uint32_t count;      /* evidence items the rule counts */
    char *details;       /* a JSON object text, or NULL for {} */
} truth_fault;

/* A radio-side reject, kept for the rules decided after the run. */
typedef struct {
    uint32_t frame;
    int64_t t_us;
    int16_t gnb, cell;
    uint8_t wait_s, cause;
    uint8_t in_overload;    /* from the gNB's view: some AMF of the gNB has START in force */
} truth_rrc_reject;

#define TRUTH_MAX_EVIDENCE 4000000u  /* evidence frames kept over all faults */

typedef struct truth {
    const scenario *sc;
    uint64_t evidence_frames;
    truth_episode episodes[SC_MAX_EPISODES];
    GPtrArray *faults;                 /* truth_fault* */
    GArray *rrc_reject_log;            /* truth_rrc_reject, capped at max_log */
    size_t max_log;
    int log_overflow;
    /* expected counts */
    uint64_t ium[SC_MAX_GNBS][3][SC_NCAUSES];  /* before / during / after the gNB's episode */
    uint64_t rrc_requests, rrc_setups, rrc_rejects;
    uint64_t rrc_cell[SC_MAX_GNBS][SC_MAX_CELLS][3];  /* requests, setups, rejects per cell */
    /* IUMs sent to the episode's AMF: 60 s before its first START, during, 60 s after STOP */
    uint64_t ep_ium[SC_MAX_EPISODES][SC_MAX_GNBS][3][SC_NCAUSES];
    uint64_t nas_congestion_rejects, nas_congestion_no_t3346, nas_ciphered_rejects;
    int n_t3346;
    uint32_t t3346_value[TRUTH_MAX_T3346];
    uint64_t t3346_count[TRUTH_MAX_T3346];
    uint64_t nfupdate_load_reports, oci_headers, lci_headers, status_503, status_429;
    GArray *nfupdate_loads;            /* int, in frame order (capped at max_log) */
    /* message zoo (written as expected.zoo only when a zoo key is on) */
    int zoo;
    uint64_t zoo_status_ind, zoo_error_ind, zoo_deregs, zoo_pdu_requests, zoo_notify, zoo_discover;
    uint64_t zoo_resume[16];           /* RRCResumeRequests per resume cause */
    uint64_t zoo_dereg_t3346[256];     /* per T3346 octet */
    uint64_t zoo_sm_reject[3][256];    /* 5GSM #26/#67/#69 per back-off timer octet */
    GArray *zoo_discovery_loads;       /* int: loads of every profile of every NFDiscover 200 */
    GArray *zoo_notify_loads;          /* int: load of every NFStatusNotify */
    uint64_t frames;
    uint64_t relay_frames;             /* frames of the relay <-> AMF legs ([scenario] relay) */
    uint64_t relay_handshake_frames;   /* of which their SCTP handshakes (before any NGAP) */
    int64_t first_us, last_us;
    char *kpi_json;                    /* expected.kpi (sim_kpi.c), owned; NULL none */
} truth;

void truth_init(truth *t, const scenario *sc);
void truth_free(truth *t);
/* New fault; frames are appended with truth_fault_add. */
truth_fault *truth_fault_new(truth *t, const char *rule, const char *amf, const char *gnb,
                             const char *cell, const char *ue);
void truth_fault_add(truth_fault *f, uint32_t frame);
void truth_record_t3346(truth *t, uint32_t seconds);
/* Which window (0 before, 1 during, 2 after) of GNB's episode time T falls in. */
int truth_window(const truth *t, int gnb, int64_t t_us);
/* Counts an IUM from GNB to AMF at T in every episode window of that AMF. */
void truth_count_episode_ium(truth *t, int gnb, int amf, int cause, int64_t t_us);
/* Post-run rules (RRC bursts) and JSON output. */
void truth_finish(truth *t);
/* Identities the capture shows for UE I (0..n_ues-1): fills IDS, returns how many (0 = none). */
#define TRUTH_ID_LEN 96
typedef int (*truth_ue_ids_fn)(const void *ctx, int i, char ids[][TRUTH_ID_LEN], int max);
int truth_write_json(const truth *t, const char *path, truth_ue_ids_fn ue_ids, const void *ctx,
                     int n_ues);

#endif
