/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi.h: the SBI side: NRF load reports, SBI overload/load control headers, 503/429, re-balancing in the AMF Set (issue 6). */
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
    /* Issue 10: how the report was counted */
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
 * AMF's SBI address when it differs from its N2 address (issue 14, tap/symptoms). */
const char *amfol_sbi_amf_for_ip(amfol_engine *e, const char *ip);

/* Reports: a timeline section (plain text) and the "sbi" member of the JSON document. */
void amfol_sbi_report_timeline(amfol_engine *e, GString *out);
void amfol_sbi_report_json(amfol_engine *e, json_dumper *d);

#endif
