/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Simulation state: network elements, bounded UE pool, event heap, output and truth. */
#ifndef AMFOL_SYNTH_SIM_H
#define AMFOL_SYNTH_SIM_H

#include <stdint.h>

#include "event_heap.h"
#include "prng.h"
#include "scenario.h"
#include "truth.h"
#include "../wire/h2c_session.h"
#include "../wire/pcapng_writer.h"
#include "../wire/sctp_assoc.h"

#define SIM_MAX_UES 200000
#define SIM_N_NG (SC_MAX_GNBS * SC_MAX_AMFS)
#define SIM_N_ASSOC (SIM_N_NG + SC_MAX_GNBS)   /* NG associations, then F1 associations */

enum { UE_IDLE = 0, UE_BUSY, UE_BACKOFF };
/* What the UE sends in this attempt. */
enum { REQ_REG_INITIAL = 0, REQ_REG_MOBILITY, REQ_REG_PERIODIC, REQ_REG_EMERGENCY, REQ_SERVICE };

typedef struct {
    uint8_t state;
    uint8_t slice;          /* index into scenario.slices */
    uint8_t registered;
    uint8_t amf;            /* AMF of its 5G-GUTI */
    uint8_t prev_amf;       /* AMF of its previous 5G-GUTI (after a move) */
    uint8_t seen_suci, seen_stmsi, seen_guti, seen_prev_guti, moved;
    uint32_t tmsi, prev_tmsi;
    /* current attempt */
    uint8_t gnb, cell, cause, req, target_amf, moving, retry_of_reject, early;
    uint8_t shed_by_release; /* sheds-by-release: set up, then released after RRCSetupComplete */
    uint8_t service_type;
    uint32_t ran_ue_id, du_ue_id, cu_ue_id;
    uint64_t amf_ue_id;
    uint16_t crnti;
    /* back-off */
    int64_t backoff_until_us;
    uint32_t reject_frame;  /* reject that started the back-off */
    uint32_t req_frame;     /* frame of the RRCSetupRequest of this attempt */
    int64_t req_us;         /* its time */
    int32_t reject_log;     /* truth log entry of that reject (-1 none) */
    uint8_t *setup_nas;     /* NAS message of its RRCSetupComplete, until forwarded (owned) */
    uint16_t setup_nas_len;
    uint8_t setup_nas_suci; /* that NAS message identifies the UE by SUCI */
} sim_ue;

typedef struct {
    int up;                 /* handshake done */
    int ng_ready;           /* NG SETUP succeeded (NG associations) */
    int setup_failures;     /* NG SETUP FAILUREs sent so far */
    int sack_pending[2];    /* a SACK from side i is scheduled */
    sctp_assoc a;
} sim_assoc;

/* The gNB's view of one AMF (NG association). */
typedef struct {
    int in_force;           /* START in force */
    const sc_start *start;  /* its contents */
    int episode;
    uint32_t start_frame;   /* frame of the START in force */
    int64_t start_us;
    uint32_t stop_frame;    /* last STOP received, 0 = none */
    int64_t stop_us;
    int ignored_stop;       /* misses-stop: still applying the START after a STOP */
} sim_ng_view;

typedef struct sim {
    const scenario *sc;
    prng rng;
    event_heap heap;
    pcapng_writer *w;
    truth tr;
    int64_t now_us;
    int failed;
    char err[256];

    sim_ue *ues;
    int n_ues;
    int *free_list[SC_MAX_SLICES];
    int n_free[SC_MAX_SLICES];

    sim_assoc assoc[SIM_N_ASSOC];
    /* [scenario] relay: assoc[i] of an NG association is its gNB <-> relay leg, relay_leg[i] its
     * relay <-> AMF leg (SACKs of it: EV_SACK with index SIM_N_ASSOC + i). */
    sim_assoc relay_leg[SIM_N_NG];
    sim_ng_view view[SC_MAX_GNBS][SC_MAX_AMFS];
    uint32_t next_ran_ue_id[SC_MAX_GNBS];
    uint32_t next_f1_ue_id[SC_MAX_GNBS];
    uint64_t next_amf_ue_id[SC_MAX_AMFS];
    uint32_t next_tmsi[SC_MAX_AMFS];
    uint8_t nas_sqn[SC_MAX_AMFS];
    int amf_active_episode[SC_MAX_AMFS];  /* episode index in force at the AMF, -1 none */
    int amf_load[SC_MAX_AMFS];            /* load the AMF reports to the NRF */

    /* SBI: AMF i <-> NRF, and AMF i (client) -> AMF j (server) for context transfer */
    h2c_session *nrf_sess[SC_MAX_AMFS];
    h2c_session *amf_sess[SC_MAX_AMFS][SC_MAX_AMFS];
    h2c_session *notify_sess[SC_MAX_AMFS]; /* NRF (client) -> AMF i callback, message zoo */
    int64_t sbi_frame_us;                 /* timestamp the frame sink stamps */
    uint32_t sbi_last_frame;

    double rebalance_owed[SC_MAX_REBALANCES];
    int64_t rebalance_last_us[SC_MAX_REBALANCES];
    uint32_t rebalance_first_move[SC_MAX_REBALANCES];
    GArray *rebalance_moves[SC_MAX_REBALANCES];   /* uint32 frames at the target */
    int rebalance_target_loaded[SC_MAX_REBALANCES];

    truth_fault *ignore_fault[SC_MAX_GNBS][SC_MAX_AMFS];      /* gnb-ignores-overload, per START */
    const sc_start *ignore_fault_start[SC_MAX_GNBS][SC_MAX_AMFS];
    truth_fault *after_stop_fault[SC_MAX_GNBS][SC_MAX_AMFS];
    truth_fault *over_fault[SC_MAX_GNBS][SC_MAX_CELLS];   /* gnb-over-sheds, per cell */
    truth_fault *exempt_rrc_fault[SC_MAX_GNBS][SC_MAX_CELLS];
    truth_fault *exempt_nas_fault[SC_MAX_AMFS];
    truth_fault *t3346_missing_fault[SC_MAX_AMFS];
    truth_fault *t3346_zero_fault[SC_MAX_AMFS];
    truth_fault *t3346_short_fault[SC_MAX_AMFS];
    truth_fault *outside_fault[SC_MAX_AMFS];   /* congestion-reject-outside-overload */
    struct sim_faults *fx;             /* post-run rule inputs (sim_faults.c) */
    int64_t last_write_us;             /* timestamps never go backwards */

    /* Overload symptoms (sim_symptoms.c) */
    h2c_session *udm_sess[SC_MAX_AMFS];   /* AMF i (client) -> UDM */
    uint32_t sym_onset[SC_MAX_AMFS];      /* first request of the slow phase, 0 = none */

    struct sim_kpi *kpi;                  /* KPI ground truth (sim_kpi.c) */

    uint64_t arrivals_dropped;
    uint64_t big_event_count;
} sim;

/* Runs the whole scenario, writing PCAP_PATH; truth is in s->tr afterwards. */
int sim_run(sim *s, const scenario *sc, uint64_t seed, const char *pcap_path);
void sim_free(sim *s);

/* Identity strings (docs/faults.md entity naming). */
void sim_ue_best_id(const sim *s, int ue, char *buf, int len);
/* truth_ue_ids_fn over the UE pool (CTX is the sim). */
int sim_ue_ids(const void *ctx, int ue, char ids[][TRUTH_ID_LEN], int max);
void sim_cell_name(const sim *s, int gnb, int cell, char *buf, int len);

#endif
