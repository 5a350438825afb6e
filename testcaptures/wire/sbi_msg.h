/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SBI request/response builders (TS 29.500/29.510/29.518): headers + JSON body in fixed storage. */
#ifndef AMFOL_WIRE_SBI_MSG_H
#define AMFOL_WIRE_SBI_MSG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "hpack.h"

#define SBI_MAX_HEADERS 16u
#define SBI_HEADER_TEXT 2048u
#define SBI_BODY_MAX 16384u   /* one full DATA frame; NFDiscover with ~15 AMF profiles fits */
#define SBI_UUID_LEN 36u

/* One HTTP message. Header strings live in TEXT (offsets, so the struct may be copied).
 * Reuse one per thread: sbi_* builders reset it first. ERROR is set on any overflow. */
typedef struct {
    struct {
        uint16_t name_off, name_len, value_off, value_len;
        uint8_t policy; /* hpack_policy */
    } hdr[SBI_MAX_HEADERS];
    size_t n_hdr;
    char text[SBI_HEADER_TEXT];
    size_t text_used;
    char body[SBI_BODY_MAX];
    size_t body_len;
    bool error;
} sbi_msg;

void sbi_msg_reset(sbi_msg *m);
/* Appends a header (NAME is lowercased on copy). Returns 0, or -1 (and sets m->error). */
int sbi_msg_add_header(sbi_msg *m, const char *name, const char *value, hpack_policy policy);
/* Fills OUT[0..m->n_hdr) with pointers into M for hpack_encode. Returns m->n_hdr. */
size_t sbi_msg_hpack_headers(const sbi_msg *m, hpack_header out[SBI_MAX_HEADERS]);

/* An AMF NFProfile (TS 29.510 NFProfile + AmfInfo). Strings are NUL-terminated. */
typedef struct {
    char nf_instance_id[SBI_UUID_LEN + 1]; /* lowercase UUID */
    const char *nf_status;   /* "REGISTERED", "SUSPENDED", "UNDISCOVERABLE" */
    const char *fqdn;        /* NULL to omit */
    uint8_t ipv4[4];         /* ipv4Addresses[0]; all-zero omits it */
    char mcc[4], mnc[4];     /* plmnList[0] and the GUAMI's PLMN, e.g. "001" / "01" */
    int priority;            /* 0..65535, -1 omits */
    int capacity;            /* 0..65535, -1 omits */
    int load;                /* 0..100, -1 omits load and loadTimeStamp */
    uint64_t load_time_us;   /* loadTimeStamp, microseconds since epoch */
    uint8_t amf_region_id;   /* amfInfo.amfRegionId (2 hex digits) */
    uint16_t amf_set_id;     /* amfInfo.amfSetId (10 bits, 3 hex digits) */
    uint8_t amf_pointer;     /* with region and set: the GUAMI's amfId (6 hex digits) */
    uint8_t n_snssai;        /* sNssais, up to 4 */
    struct { uint8_t sst; uint32_t sd; /* 0xFFFFFFFF = no SD */ } snssai[4];
    bool olc_h_support;      /* olcHSupportInd */
    bool lc_h_support;       /* lcHSupportInd */
    uint16_t heart_beat_s;   /* heartBeatTimer, 0 omits */
} sbi_amf_profile;

/* Builders: reset M, then fill headers (pseudo-headers first) and body. AUTHORITY is the
 * server's host:port, e.g. "10.0.3.1:8080". USER_AGENT_NF is the requester's NF type ("AMF")
 * for the user-agent header "<NF>-<instance>" (TS 29.500 §5.2.2.2). Return 0 or -1. */

/* NFRegister: PUT /nnrf-nfm/v1/nf-instances/{id}, application/json NFProfile. */
int sbi_nf_register_req(sbi_msg *m, const char *authority, const sbi_amf_profile *p);
/* 201 Created, location: http://AUTHORITY/nnrf-nfm/v1/nf-instances/{id}, body = profile. */
int sbi_nf_register_rsp(sbi_msg *m, const char *authority, const sbi_amf_profile *p);

/* NFUpdate: PATCH /nnrf-nfm/v1/nf-instances/{id}, application/json-patch+json:
 * [{"op":"replace","path":"/load","value":LOAD}, {"op":"replace","path":"/loadTimeStamp",..}
 *  (if LOAD_TIME_US), {"op":"replace","path":"/nfStatus","value":NF_STATUS} (if non-NULL)].
 * LOAD < 0 leaves out /load and /loadTimeStamp (a pure heart-beat). */
int sbi_nf_update_req(sbi_msg *m, const char *authority, const char *nf_instance_id, int load,
                      uint64_t load_time_us, const char *nf_status);
/* 204 No Content (no body) or, with P, 200 OK with the full NFProfile. */
int sbi_nf_update_rsp(sbi_msg *m, const sbi_amf_profile *p);

/* NFStatusNotify: POST CALLBACK_PATH (absolute path on AUTHORITY), header
 * 3gpp-sbi-callback: Nnrf_NFManagement_NFStatusNotify, with NotificationData
 * {event NF_PROFILE_CHANGED, nfInstanceUri http://NRF_AUTHORITY/nnrf-nfm/v1/nf-instances/{id},
 *  profileChanges [{op REPLACE, path /load, newValue LOAD}] or, with FULL_PROFILE, nfProfile}. */
int sbi_nf_status_notify_req(sbi_msg *m, const char *authority, const char *callback_path,
                             const char *nrf_authority, const sbi_amf_profile *p,
                             bool full_profile);

/* NFDiscover: GET /nnrf-disc/v1/nf-instances?target-nf-type=TARGET&requester-nf-type=REQ
 * [&target-plmn-list=...&guami=... not used]; EXTRA_QUERY (e.g. "amf-set-id=001", no leading
 * '&') is appended if non-NULL. Accept: application/json. */
int sbi_nf_discover_req(sbi_msg *m, const char *authority, const char *target_nf_type,
                        const char *requester_nf_type, const char *requester_instance_id,
                        const char *extra_query);
/* 200 SearchResult {validityPeriod, nfInstances: [N profiles], numNfInstComplete N}. */
int sbi_nf_discover_rsp(sbi_msg *m, unsigned validity_s, const sbi_amf_profile *profiles,
                        size_t n);

/* Namf_Communication UEContextTransfer: POST /namf-comm/v1/ue-contexts/{UE_CONTEXT_ID}/transfer,
 * UeContextTransferReqData {reason REASON ("INIT_REG" | "MOBI_REG"), accessType 3GPP_ACCESS,
 * plmnId}. UE_CONTEXT_ID e.g. "5g-guti-00101cafe0000000001". */
int sbi_ue_context_transfer_req(sbi_msg *m, const char *authority, const char *requester_id,
                                const char *ue_context_id, const char *reason,
                                const char *mcc, const char *mnc);
/* 200 UeContextTransferRspData {ueContext {supi SUPI, supiUnauthInd false, ...}}. */
int sbi_ue_context_transfer_rsp(sbi_msg *m, const char *supi);

/* Any 204 No Content. */
int sbi_no_content_rsp(sbi_msg *m);

/* Nudm_SDM Get: GET /nudm-sdm/v2/{supi}/am-data (no body); its 200 answer with the UE's GPSI
 * and subscribed UE-AMBR. */
int sbi_udm_am_data_req(sbi_msg *m, const char *authority, const char *requester_id,
                        const char *supi);
int sbi_udm_am_data_rsp(sbi_msg *m, const char *gpsi);

/* application/problem+json error: STATUS 503 with CAUSE "NF_CONGESTION" or 429 with
 * "NF_CONGESTION_RISK" (any status/cause allowed), TITLE/DETAIL (DETAIL may be NULL);
 * retry-after: RETRY_AFTER_S seconds if >= 0. */
int sbi_problem_rsp(sbi_msg *m, int status, const char *title, const char *cause,
                    const char *detail, int retry_after_s);

/* Header VALUE formatters (TS 29.500 §5.2.3.3, 3gpp-facts.md §4.3). Write a NUL-terminated
 * value into OUT and return its length, or 0 if CAP is too small. TS_S = seconds since epoch,
 * formatted as an IMF-fixdate ("Tue, 04 Feb 2020 08:49:37 GMT"). */
/* Timestamp: "..."; Period-of-Validity: Ns; Overload-Reduction-Metric: P%; NF-Instance: <uuid> */
size_t sbi_format_oci(char *out, size_t cap, uint64_t ts_s, unsigned validity_s,
                      unsigned reduction_pct, const char *nf_instance_id);
/* Same with "NF-Set: <set id>" as the scope. */
size_t sbi_format_oci_nf_set(char *out, size_t cap, uint64_t ts_s, unsigned validity_s,
                             unsigned reduction_pct, const char *nf_set_id);
/* Timestamp: "..."; Load-Metric: P%; NF-Instance: <uuid> */
size_t sbi_format_lci(char *out, size_t cap, uint64_t ts_s, unsigned load_pct,
                      const char *nf_instance_id);

/* Deliberately broken OCI values for fault scenarios. */
typedef enum {
    SBI_OCI_BAD_METRIC_OVER_100,  /* Overload-Reduction-Metric: 150% */
    SBI_OCI_UNQUOTED_TIMESTAMP,   /* Timestamp: Tue, 04 Feb ... (no DQUOTEs) */
    SBI_OCI_NO_VALIDITY_UNIT,     /* Period-of-Validity: 75 (no "s") */
    SBI_OCI_MISSING_SCOPE,        /* no NF-Instance / NF-Set element */
    SBI_OCI_GARBAGE,              /* "overload=yes" */
} sbi_oci_malformation;
size_t sbi_format_oci_malformed(char *out, size_t cap, sbi_oci_malformation kind, uint64_t ts_s,
                                unsigned validity_s, unsigned reduction_pct,
                                const char *nf_instance_id);

/* IMF-fixdate of TS_S ("Tue, 04 Feb 2020 08:49:37 GMT", 29 chars + NUL). */
size_t sbi_format_http_date(char *out, size_t cap, uint64_t ts_s);
/* RFC 3339 DateTime with microseconds, e.g. "2026-01-01T00:00:00.000000Z". */
size_t sbi_format_date_time(char *out, size_t cap, uint64_t ts_us);

#endif
