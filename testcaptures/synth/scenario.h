/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The scenario model: network, traffic phases, misbehaviours. Plain fixed-size structs. */
#ifndef AMFOL_SYNTH_SCENARIO_H
#define AMFOL_SYNTH_SCENARIO_H

#include <stdint.h>

#define SC_MAX_AMFS 8
#define SC_MAX_GNBS 32
#define SC_MAX_CELLS 4
#define SC_MAX_PHASES 16
#define SC_MAX_EPISODES 8
#define SC_MAX_STARTS 4       /* initial START + replacing STARTs per episode */
#define SC_MAX_SLICE_ITEMS 4  /* items of an OverloadStartNSSAIList */
#define SC_MAX_SLICES 4       /* distinct requested NSSAIs in the UE population */
#define SC_MAX_REBALANCES 4
#define SC_NCAUSES 10         /* RRC establishment causes 0..9 */
#define SC_NAME_LEN 48

/* RRC establishment cause (NR RRC / NGAP root values). */
enum {
    CAUSE_EMERGENCY = 0,
    CAUSE_HIGH_PRIORITY = 1,
    CAUSE_MT_ACCESS = 2,
    CAUSE_MO_SIGNALLING = 3,
    CAUSE_MO_DATA = 4,
    CAUSE_MO_VOICE = 5,
    CAUSE_MO_VIDEO = 6,
    CAUSE_MO_SMS = 7,
    CAUSE_MPS = 8,
    CAUSE_MCS = 9,
};

/* NGAP OverloadAction; ACTION_NONE = the START carries no AMF Overload Response IE. */
enum { ACTION_NONE = -1, ACTION_REJECT_MO_DT = 0, ACTION_REJECT_SIGNALLING = 1,
       ACTION_PERMIT_EMERGENCY_MT = 2, ACTION_PERMIT_HIGH_PRIO_MT = 3 };

typedef enum {
    GNB_COMPLIES = 0,
    GNB_IGNORES_START,
    GNB_OVER_SHEDS,
    GNB_SHEDS_EXEMPT,
    GNB_MISSES_STOP,
    GNB_REJECTS_WITHOUT_START,
    GNB_RELEASES_UNLISTED_SLICES, /* under a slice START, also releases UEs of unlisted slices */
    GNB_SHEDS_BY_RELEASE,         /* sheds the START's share by RRCSetup then RRCRelease, with
                                   * nothing forwarded to the AMF (F1: compliant) */
} gnb_behaviour;

typedef enum { T3346_FIXED = 0, T3346_RANDOM, T3346_NONE, T3346_ZERO, T3346_DEACTIVATED } t3346_mode;

typedef struct {
    uint8_t sst;
    uint32_t sd;  /* 24 bits */
    int has_sd;
} sc_snssai;

typedef struct {
    sc_snssai snssai;
    int action;         /* ACTION_* */
    int reduction_pct;  /* 0 = IE absent */
} sc_slice_item;

/* The contents of one OVERLOAD START (initial or replacing). */
typedef struct {
    int64_t at_us;
    int action;         /* ACTION_* */
    int reduction_pct;  /* 0 = IE absent, else 1..99 */
    int n_slices;
    sc_slice_item slices[SC_MAX_SLICE_ITEMS];
} sc_start;

typedef struct {
    char name[SC_NAME_LEN];
    int amf;                    /* index into scenario.amfs */
    int n_starts;
    sc_start starts[SC_MAX_STARTS];
    int64_t stop_us;            /* -1: no STOP is ever sent */
    uint32_t gnb_mask;          /* gNBs (bit = gNB index) that receive START/STOP */
    /* NAS back-off policy while the episode lasts */
    double nas_reject_share;    /* share of REGISTRATION/SERVICE REQUESTs rejected with #22 */
    uint32_t nas_reject_slices; /* 0: every UE; else only UEs of these slices (bit i: [ues] slice i) */
    int reject_exempt;          /* also rejects emergency / high-priority UEs (a fault) */
    t3346_mode t3346;
    int t3346_s, t3346_max_s;   /* FIXED: t3346_s; RANDOM: uniform in [t3346_s, t3346_max_s] */
    int nas_integrity;          /* rejects are integrity protected (security header type 1) */
    double nas_ciphered_share;  /* share of rejects sent ciphered (header type 2) */
    /* NRF load reporting while the episode lasts */
    int nrf_load;               /* load reported in NFUpdate during the episode */
    int nrf_lag_s;              /* first high report this long after the START */
    int sbi_error;              /* 0, or 503 / 429: NRF answers NFUpdates with it + Retry-After */
    int send_start;             /* 0: NAS congestion only, no OVERLOAD START/STOP on N2 */
    /* message zoo (default off): while the episode lasts, of the UEs the AMF accepts */
    double dereg_share;         /* share deregistered (UE terminated, #22 + T3346) */
    double pdu_reject_share;    /* share whose PDU session establishment is rejected (5GSM) */
} sc_episode;

typedef struct {
    char name[SC_NAME_LEN];
    uint8_t plmn[3];            /* BCD as on the wire (TBCD) */
    char plmn_str[8];           /* "00101" */
    int region_id, set_id, pointer;
    int capacity;
    uint8_t ip[4];
    int base_load;              /* NRF load outside overload */
    int status_indications;     /* AMF STATUS INDICATIONs per NG association (0) */
    int error_indications;      /* ERROR INDICATIONs per NG association (0) */
    /* Overload symptoms: from slow_from_us on, the AMF answers INITIAL UE MESSAGEs
     * after slow_answer_ms (a range) and leaves unanswered_share of them unanswered. */
    int64_t slow_from_us, slow_to_us;   /* -1: never */
    int slow_answer_ms_min, slow_answer_ms_max;
    double unanswered_share;
    /* The UDM it queries on every registration (when [udm] exists): answer time, then slower
     * from udm_slow_from_us on. */
    int64_t udm_slow_from_us;           /* -1: never */
    int udm_slow_ms_min, udm_slow_ms_max;
} sc_amf;

typedef struct {
    char name[SC_NAME_LEN];
    uint32_t gnb_id;            /* 22-bit gNB ID */
    uint8_t plmn[3];
    char plmn_str[8];
    uint32_t tac;               /* 24 bits */
    int n_cells;
    uint64_t cells[SC_MAX_CELLS]; /* 36-bit NR cell identities */
    uint8_t ip[4];
    int f1;                     /* the F1 side (DU <-> CU) is captured */
    uint8_t du_ip[4];
    uint32_t amf_mask;          /* AMFs it has an NG association with */
    int home_amf;               /* AMF that gets new UEs */
    double share;               /* weight in the arrival split */
    gnb_behaviour behaviour;
    int wait_random;            /* RRCReject waitTime random in [wait_s, wait_max_s] */
    int wait_s, wait_max_s;
    int64_t spurious_from_us, spurious_to_us; /* rejects-without-start window */
    double spurious_share;      /* share of requests rejected in that window */
    int ng_setup_failures;      /* NG SETUP FAILUREs (overload, TimeToWait 5 s) before success */
    double resume_share;        /* F1: share of registered UEs' attempts sent as RRCResumeRequest */
    int rrc_release_on_amf_release; /* F1: an AMF's UE CONTEXT RELEASE COMMAND is followed by RRCRelease */
} sc_gnb;

typedef struct {
    char name[SC_NAME_LEN];
    int64_t start_us, end_us;
    double rate[SC_NCAUSES];    /* attempts per second, whole network */
    double slice_weight[SC_MAX_SLICES]; /* relative weight of each UE slice group */
} sc_phase;

typedef struct {
    int from_amf, to_amf;
    int64_t start_us, end_us;
    double rate_per_s;          /* UEs moved per second */
    int capacity;               /* RelativeAMFCapacity the source announces at start, -1 = none */
} sc_rebalance;

typedef struct {
    char name[SC_NAME_LEN];
    char description[256];
    uint64_t seed;
    int64_t epoch_us;           /* capture start, microseconds since the Unix epoch */
    int64_t duration_us;
    int grace_ms;
    /* The operator's protected slices ([scenario] protected_snssai, amfol's preference
     * amfol.protected_snssai): a START that names one is slice-overload-misconfigured. */
    int n_protected;
    sc_snssai protected_snssai[SC_MAX_SLICES];
    char protected_text[64];    /* as written, for the truth's "preferences" */
    /* A relay between every gNB and its AMFs ([scenario] relay = IP): each NG association is two,
     * gNB <-> relay and relay <-> AMF, and every NGAP packet is written on both. */
    int relay;
    uint8_t relay_ip[4];

    int n_amfs;
    sc_amf amfs[SC_MAX_AMFS];
    int n_gnbs;
    sc_gnb gnbs[SC_MAX_GNBS];
    int n_phases;
    sc_phase phases[SC_MAX_PHASES];
    int n_episodes;
    sc_episode episodes[SC_MAX_EPISODES];
    int n_rebalances;
    sc_rebalance rebalances[SC_MAX_REBALANCES];

    /* UE population */
    int ue_pool;
    double registered_share;
    int n_slices;
    sc_snssai slices[SC_MAX_SLICES];
    double slice_share[SC_MAX_SLICES];
    int ue_retry_after_backoff;   /* UEs retry when T3346 / waitTime expires */
    double ue_early_retry_share;  /* share of backed-off UEs that retry early */
    int ue_early_retry_s;         /* after this many seconds */
    double ue_rrc_retry_share;    /* RRC-rejected UEs that retry when waitTime (T302) expires */

    /* NRF */
    int nrf_enabled;
    uint8_t nrf_ip[4];
    int nrf_report_interval_s;
    int nrf_heartbeat_s;        /* heartBeatTimer in the profile: bounds nrf-load-stale */
    int nrf_oci;                  /* NRF adds 3gpp-Sbi-Oci to 503s; LCI on 204s */
    int nrf_oci_malformed;
    int nrf_discovery_interval_s; /* AMF NFDiscover of its set, 0 = never */
    int nrf_status_notify;        /* NRF notifies the other AMFs of each load report (0) */

    /* UDM: every registration's Nudm_SDM Get am-data, when [udm] exists */
    int udm_enabled;
    uint8_t udm_ip[4];
    int udm_answer_ms_min, udm_answer_ms_max;
} scenario;

/* Loads and validates PATH. On failure returns -1 and writes a message to ERR. */
int scenario_load(const char *path, scenario *sc, char *err, int err_len);

/* Names used in the truth and in scenario files. */
const char *cause_name(int cause);
int cause_from_name(const char *s);
const char *action_name(int action);
int action_from_name(const char *s, int *out);
const char *behaviour_name(gnb_behaviour b);
/* Is CAUSE in the class that ACTION asks the gNB to reject (ACTION_NONE reads as 1)? */
int cause_is_shed(int action, int cause);
/* Exempt: emergency/high priority/MPS/MCS/mt-Access that ACTION does not name. */
int cause_is_exempt(int action, int cause);
/* "1-000001" or "2" */
void snssai_format(const sc_snssai *s, char *buf, int len);
int snssai_equal(const sc_snssai *a, const sc_snssai *b);

#endif
