/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi.h: the SBI side: NRF load reports, SBI overload/load control headers, 503/429, re-balancing in the AMF Set. */
#ifndef AMFOL_SBI_H
#define AMFOL_SBI_H

#include "../core/amfol_module.h"
#include "amfol_sbi_olc.h"
#include "../core/amfol_rows.h"

#include <glib.h>
#include <wsutil/json_dumper.h>

typedef struct amfol_engine amfol_engine;
typedef struct amfol_sbi amfol_sbi;

#define AMFOL_SBI_MAX_SEEN 8          /* consumer-seen loads shown per message */

/* A load the consumer now sees for one NF (NFStatusNotify / NFDiscover result), against the
 * NF's own latest report to the NRF. */
typedef struct amfol_sbi_seen {
    char nf[64];                   /* AMF name when tied, else the NF instance id */
    int load;                      /* what the consumer is told */
    int own_load;                  /* the NF's own latest report, AMFOL_ABSENT if none seen */
    amfol_frame own_frame;         /* frame of that report */
    double stale_s;                /* how long the told value has been superseded: 0 = current,
                                    * < 0 = unknown (the NF never reported that value here) */
} amfol_sbi_seen;

/* What amfol says about one HTTP/2 stream segment of a frame (stored per frame by the plugin,
 * rendered on every pass). Self-contained: no pointers into the engine except static texts. */
typedef struct amfol_sbi_result {
    bool relevant;                 /* false: nothing to show */
    const char *kind;              /* "NFRegister", "NFUpdate", ..., static text */
    bool is_response;
    uint32_t stream_id;
    /* The NF the message is about (NRF management) */
    char nf[64];                   /* AMF name when tied, else the NF instance id, "" = unknown */
    char nf_id[40];
    const char *tie;               /* static text: how (or why not) it is tied to N2 */
    int reported_load;             /* the NF's own report in this message, AMFOL_ABSENT */
    char nf_status[16];
    double since_last_report_s;    /* < 0: first report seen */
    int in_n2_overload;            /* 1, 0, or -1 unknown (not tied to an N2 AMF) */
    amfol_frame n2_start_frame;    /* the START of the episode in force */
    int n_seen;
    amfol_sbi_seen seen[AMFOL_SBI_MAX_SEEN];
    /* 3gpp-Sbi-Oci / 3gpp-Sbi-Lci */
    bool has_oci, has_lci;
    amfol_olc_header oci, lci;
    /* Responses */
    int status;                    /* AMFOL_ABSENT */
    char problem_cause[40];
    int retry_after_s;             /* AMFOL_ABSENT */
    amfol_frame request_frame;     /* on a response: its request */
    double response_time_s;
    /* Re-balancing (UEContextTransfer from the target to the source AMF) */
    bool is_move;
    char move_source[64], move_target[64], ue[64];
    amfol_frame move_registration;  /* the UE's mobility registration at the target, 0 = not seen */
    amfol_frame move_cuc;           /* the source's CONFIGURATION UPDATE COMMAND to it, 0 = not seen */
    int target_load;               /* the target's last own report, AMFOL_ABSENT */
    /* What could not be read */
    bool headers_unreadable;       /* HPACK state missing (capture started mid-connection) */
    bool request_unknown;          /* a body whose request headers were not seen */
    bool body_not_json;
    /* how the report was counted */
    bool inferred;                 /* body recognised without readable headers (attributed by connection/address) */
    const char *inferred_by;       /* static: "stream" (its :path), "connection", "address"; NULL */
    amfol_frame relay_of;          /* the same report already counted (NF -> SCP -> NRF), 0 = none */
} amfol_sbi_result;

amfol_sbi *amfol_sbi_new(const amfol_config *cfg);
void amfol_sbi_free(amfol_sbi *s);

/* The module as the engine routes to it: owns SBI (result: amfol_sbi_result); also consumes
 * NGAP (the N2 AMFs: names, addresses, GUAMIs, and their overload episodes) and NAS (the UE
 * identities of re-balancing: a mobility REGISTRATION REQUEST's 5G-GUTI, the 5G-S-TMSI of an
 * INITIAL UE MESSAGE, a CONFIGURATION UPDATE COMMAND with "registration requested"). */
extern const amfol_module amfol_sbi_module;

/* The table "NRF load and SBI overload control per NF" (GUI, -z amfol,sbi) as rows, one per NF
 * (the caller frees them with amfol_rows_free), and its columns. */
amfol_rows *amfol_sbi_table_rows(amfol_engine *e);
const amfol_column *amfol_sbi_table_columns(size_t *n);
/* The "sbi" JSON member as rows (an object; its nfs share the table's columns). */
amfol_rows *amfol_sbi_json_rows(amfol_engine *e);
/* Grows whenever the SBI view may have changed (SBI messages and NGAP PDUs analysed so far). */
uint64_t amfol_sbi_version(amfol_engine *e);

/* The N2 AMF whose NF profile (tied by GUAMI) gives `ip` as its IPv4 address, else NULL: an
 * AMF's SBI address when it differs from its N2 address (tap/symptoms). */
const char *amfol_sbi_amf_for_ip(amfol_engine *e, const char *ip);

/* ---- Query API: the SBI side as other modules read it (tap/correlate) ---------------------
 * (amfol_sbi_query.c) Read-only views copied out of the SBI module's state, iterated by index
 * (count / get; get returns false past the end). AMF names (episode amf, NF amf, move source
 * and target) are interned by the SBI module: within one engine the same AMF is the same pointer
 * in every view below, so views may be joined by pointer. Pointers in a view stay valid until the
 * next event is fed to the engine. Ties between NF profiles and N2 AMFs are brought up to date
 * first (as at finish). */

/* The N2 overload episodes of every AMF (read from the N2 timeline, tap/n2/amfol_n2.h), with
 * the AMF name interned here. An episode in force before the capture began has start_frame 0,
 * start_unknown and `start` = the capture's first frame time. */
typedef struct amfol_sbi_episode {
    const char *amf;
    int number;                    /* 1-based per AMF */
    amfol_frame start_frame;
    amfol_time start;
    bool start_unknown;
    amfol_frame end_frame;         /* 0 while open */
    amfol_time end;
} amfol_sbi_episode;
size_t amfol_sbi_episode_count(amfol_engine *e);
bool amfol_sbi_episode_get(amfol_engine *e, size_t i, amfol_sbi_episode *out);

/* NF profiles (NRF management: NFRegister, NFUpdate, notifications, discovery results). */
typedef struct amfol_sbi_nf_view {
    const char *name;              /* the N2 AMF name when tied, else the NF instance id */
    const char *id;                /* nfInstanceId */
    const char *type;              /* "AMF", "SMF" ..., "" unknown */
    const char *status;            /* NF status of its profile ("REGISTERED"), "" unknown */
    const char *amf;               /* the N2 AMF it is tied to, NULL when not tied */
    const char *tie;               /* static: how it is tied, or why not ("guami", ...) */
    int heartbeat_s;               /* heartBeatTimer granted (or asked), AMFOL_ABSENT */
    size_t n_reports;              /* its own load reports kept (amfol_sbi_load_report_get) */
} amfol_sbi_nf_view;
size_t amfol_sbi_nf_count(amfol_engine *e);
bool amfol_sbi_nf_get(amfol_engine *e, size_t nf, amfol_sbi_nf_view *out);
/* The NF profile tied to N2 AMF `amf` (its index for _nf_get / _load_report_get), -1 when none. */
int amfol_sbi_nf_for_amf(amfol_engine *e, const char *amf);

/* One of an NF's own reports to the NRF, in frame order: NFRegister (PUT answered 201) or
 * NFUpdate; each report counted once (a copy relayed by an SCP is not kept). */
typedef struct amfol_sbi_load_report {
    amfol_frame frame;
    amfol_time t;
    int load;                      /* %, AMFOL_ABSENT: a status-only update */
    bool is_register;              /* NFRegister rather than NFUpdate */
    bool inferred;                 /* headers unreadable: body recognised, NF from connection/address */
} amfol_sbi_load_report;
bool amfol_sbi_load_report_get(amfol_engine *e, size_t nf, size_t k, amfol_sbi_load_report *out);

/* The AMF Set of N2 AMF `amf` as "<PLMN>-<region>-<set>" ("00101-2-1"): from the GUAMIs N2
 * showed for it, else from its tied NF profile. False when neither is known. */
bool amfol_sbi_amf_set(amfol_engine *e, const char *amf, char *out, size_t cap);

/* UE context moves between AMFs (UEContextTransfer, re-balancing or mobility), in frame order. */
typedef struct amfol_sbi_move {
    amfol_frame frame;             /* the UE's first frame at the target: its mobility
                                    * registration if seen, else the UEContextTransfer */
    amfol_frame transfer_frame;    /* the UEContextTransfer request (sent by the target) */
    amfol_frame cuc_frame;         /* the source's CONFIGURATION UPDATE COMMAND to the UE, 0 unseen */
    amfol_time t;
    const char *source, *target;   /* AMF names */
    const char *ue;                /* the ueContextId */
    int target_load;               /* the target's last own NRF load report then, AMFOL_ABSENT */
    amfol_frame target_load_frame;
    bool source_in_overload;       /* the source was in an N2 overload episode then */
} amfol_sbi_move;
size_t amfol_sbi_move_count(amfol_engine *e);
bool amfol_sbi_move_get(amfol_engine *e, size_t i, amfol_sbi_move *out);

/* Back-off answers and load headers: 3gpp-Sbi-Oci, 3gpp-Sbi-Lci, 503 and 429, in frame order
 * (one per OCI element). */
enum amfol_sbi_answer_kind {
    AMFOL_SBI_ANSWER_OCI = 0,
    AMFOL_SBI_ANSWER_LCI,
    AMFOL_SBI_ANSWER_503,
    AMFOL_SBI_ANSWER_429
};
typedef struct amfol_sbi_answer {
    int kind;                      /* enum amfol_sbi_answer_kind */
    amfol_frame frame;
    amfol_time t;
    const char *sender_ip;         /* who sent the header / status */
    const char *peer_ip;           /* who received it */
    bool sender_is_server;         /* sent in a response (producer -> consumer) */
    bool malformed;
    int metric;                    /* OCI reduction % / LCI load %, AMFOL_ABSENT */
    int validity_s;                /* OCI period of validity, 503/429 Retry-After, AMFOL_ABSENT */
    amfol_time valid_until;        /* OCI: Timestamp + validity; 503/429: t + Retry-After */
} amfol_sbi_answer;
size_t amfol_sbi_answer_count(amfol_engine *e);
bool amfol_sbi_answer_get(amfol_engine *e, size_t i, amfol_sbi_answer *out);

/* Reports: a timeline section (plain text) and the "sbi" member of the JSON document. */
void amfol_sbi_report_timeline(amfol_engine *e, GString *out);
void amfol_sbi_report_json(amfol_engine *e, json_dumper *d);

#endif
