/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_events.h: what the epan glue extracts from one frame, handed to the analysis core.
 *
 * The plugin (plugin/) reads Wireshark's fields and fills these plain structs; the core (tap/)
 * never sees epan. Strings in events are only valid during the call: the core copies (interns)
 * what it keeps. Every list is bounded; "truncated" says when the message had more. */
#ifndef AMFOL_EVENTS_H
#define AMFOL_EVENTS_H

#include "amfol_types.h"

#define AMFOL_MAX_SLICE_ITEMS   8    /* OverloadStartNSSAIList items kept per START */
#define AMFOL_MAX_SLICES_PER_ITEM 8  /* S-NSSAIs kept per item */
#define AMFOL_MAX_GUAMIS        8
#define AMFOL_MAX_NSSAI         8    /* requested NSSAI entries kept per Registration Request */

/* One transport endpoint as text: "10.0.0.1:38412" (IPv6: "[2001:db8::1]:38412"). */
typedef struct amfol_endpoint {
    char text[64];
} amfol_endpoint;

/* Common header of every event: where and when. */
typedef struct amfol_where {
    amfol_frame frame;
    amfol_time time;
    amfol_endpoint src;
    amfol_endpoint dst;
} amfol_where;

/* ---- N2 / NGAP ---------------------------------------------------------------------- */

enum amfol_pdu_type { AMFOL_PDU_INITIATING = 0, AMFOL_PDU_SUCCESSFUL = 1, AMFOL_PDU_UNSUCCESSFUL = 2 };

typedef struct amfol_slice_item {
    int n_snssai;
    amfol_snssai snssai[AMFOL_MAX_SLICES_PER_ITEM];
    int action;              /* enum amfol_overload_action or AMFOL_ABSENT */
    int reduction_pct;       /* 1..99 or AMFOL_ABSENT */
} amfol_slice_item;

/* NGAP Cause CHOICE: group 0 radioNetwork, 1 transport, 2 nas, 3 protocol, 4 misc. */
typedef struct amfol_ngap_cause {
    int group;               /* AMFOL_ABSENT when no Cause IE */
    int value;
} amfol_ngap_cause;

#define AMFOL_NGAP_MISC_CONTROL_PROCESSING_OVERLOAD 0

typedef struct amfol_ngap_event {
    amfol_where where;
    int pdu_type;                    /* enum amfol_pdu_type */
    int proc;                        /* procedureCode, e.g. 22 OverloadStart */
    int index_in_frame;              /* 0 for the first NGAP PDU of the frame */

    /* UE association (AMFOL_ABSENT when not present). */
    int64_t ran_ue_id;
    int64_t amf_ue_id;

    /* OVERLOAD START (its slice items: below) */
    int overload_action;             /* AMF-wide action or AMFOL_ABSENT */
    int reduction_pct;               /* AMF-wide TrafficLoadReductionIndication or AMFOL_ABSENT */
    int n_slice_items;
    bool slice_items_truncated;

    /* INITIAL UE MESSAGE */
    int rrc_cause;                   /* enum amfol_rrc_cause or AMFOL_ABSENT */
    bool has_s_tmsi;
    amfol_s_tmsi s_tmsi;
    bool has_nr_cgi;
    amfol_nr_cgi nr_cgi;             /* from UserLocationInformationNR */
    int ue_context_request;          /* 0 requested, AMFOL_ABSENT */
    bool rerouted;                   /* AMFSetID or SourceToTarget-AMFInformationReroute present:
                                      * sent after REROUTE NAS REQUEST (TS 38.413 §8.6.5) */

    /* Cause, NG SETUP FAILURE TimeToWait, capacity */
    amfol_ngap_cause cause;
    int time_to_wait;                /* ENUMERATED index 0..5 (1,2,5,10,20,60 s) or AMFOL_ABSENT */
    int relative_amf_capacity;       /* 0..255 or AMFOL_ABSENT */

    /* NG SETUP REQUEST: who the gNB is (its RANNodeName: below) */
    bool has_gnb_id;
    amfol_plmn gnb_plmn;
    uint32_t gnb_id;                 /* gNB-ID value */
    int gnb_id_bits;                 /* 22..32 */

    /* NG SETUP RESPONSE / AMF CONFIGURATION UPDATE: how many GUAMIs (below) */
    int n_guamis;

    /* AMF STATUS INDICATION */
    int n_unavailable_guamis;

    /* NAS-PDU carried (first one) */
    bool has_nas;

    /* SCTP verification tag of the packet (0: unknown): the same tag on another address pair is
     * the same association on another path (multi-homing, RFC 9260 §6.4) */
    uint32_t sctp_vtag;

    /* The bulky members, last (keep them last): read only up to their NUL or within their counts
     * above, so the glue clears what comes before ran_node_name and their first chars instead of
     * the whole event (plugin/glue/n2_glue.c, init_event). */
    char ran_node_name[151];         /* NG SETUP REQUEST; "" if absent */
    char amf_name[151];              /* NG SETUP RESPONSE / AMF CONFIGURATION UPDATE; "" if absent */
    char backup_amf_name[151];       /* AMF STATUS INDICATION; "" if absent */
    amfol_guami guamis[AMFOL_MAX_GUAMIS];
    amfol_slice_item slice_items[AMFOL_MAX_SLICE_ITEMS];
} amfol_ngap_event;

/* ---- Transport trouble on the N2 association (SCTP) ---------------------------------- */

enum amfol_sctp_trouble { AMFOL_SCTP_RETRANSMISSION = 1, AMFOL_SCTP_ABORT = 2, AMFOL_SCTP_SHUTDOWN = 3 };

typedef struct amfol_sctp_event {
    amfol_where where;
    int kind;                        /* enum amfol_sctp_trouble */
} amfol_sctp_event;

/* ---- Radio side: NR RRC CCCH ----------------------------------------------- */

enum amfol_rrc_msg {
    AMFOL_RRC_SETUP_REQUEST = 1,
    AMFOL_RRC_RESUME_REQUEST = 2,
    AMFOL_RRC_SETUP = 3,
    AMFOL_RRC_REJECT = 4,
    AMFOL_RRC_RESUME = 5,
    AMFOL_RRC_RELEASE = 6,
    AMFOL_RRC_SETUP_COMPLETE = 7     /* UL-DCCH: the UE's requested NSSAI (s-NSSAI-List) */
};

typedef struct amfol_rrc_event {
    amfol_where where;
    int msg;                         /* enum amfol_rrc_msg */
    int cause;                       /* establishment cause (setup) or resume cause, or AMFOL_ABSENT */
    bool is_resume_cause;            /* cause is a ResumeCause (values differ above 7) */
    int wait_time_s;                 /* RRCReject waitTime 1..16 or AMFOL_ABSENT */
    bool has_s_tmsi_part1;
    uint64_t s_tmsi_part1;           /* 39 LSBs of the 5G-S-TMSI */
    /* Transport context, from F1AP when the RRC message rode in it */
    bool via_f1ap;
    int64_t du_ue_id;                /* gNB-DU UE F1AP ID or AMFOL_ABSENT */
    int64_t cu_ue_id;                /* gNB-CU UE F1AP ID or AMFOL_ABSENT */
    int srb_id;                      /* or AMFOL_ABSENT */
    bool has_nr_cgi;
    amfol_nr_cgi nr_cgi;
    int64_t c_rnti;                  /* or AMFOL_ABSENT */
    /* RRCSetupComplete s-NSSAI-List (TS 38.331, Rel-15 base IEs): the requested NSSAI as NAS
     * handed it to the AS; 0 entries when absent */
    int n_requested_nssai;
    amfol_snssai requested_nssai[AMFOL_MAX_NSSAI];
} amfol_rrc_event;

/* ---- NAS-5GS --------------------------------------------------------------- */

/* GPRS timer 2 / 3 as decoded: seconds, or a special state. */
enum amfol_timer_state { AMFOL_TIMER_ABSENT = 0, AMFOL_TIMER_VALUE = 1, AMFOL_TIMER_ZERO = 2,
                         AMFOL_TIMER_DEACTIVATED = 3 };

typedef struct amfol_nas_timer {
    int state;                       /* enum amfol_timer_state */
    uint32_t seconds;                /* when state == AMFOL_TIMER_VALUE */
    uint8_t unit;                    /* raw unit bits, for display */
    uint8_t value;                   /* raw value bits */
} amfol_nas_timer;

typedef struct amfol_nas_event {
    amfol_where where;
    const amfol_ngap_event *ngap;    /* the NGAP PDU carrying it (valid during the call), or NULL */
    int security_header;             /* outer security header type 0..4 */
    bool ciphered;                   /* content unreadable ("Encrypted data") */
    int epd;                         /* 0x7e 5GMM, 0x2e 5GSM */
    int mm_type;                     /* 5GMM message type or AMFOL_ABSENT */
    int sm_type;                     /* 5GSM message type (inner) or AMFOL_ABSENT */
    int mm_cause;                    /* 5GMM cause or AMFOL_ABSENT */
    int sm_cause;                    /* 5GSM cause or AMFOL_ABSENT */
    amfol_nas_timer t3346;           /* IE 0x5F only */
    amfol_nas_timer t3502;           /* IE 0x16 */
    amfol_nas_timer backoff;         /* IE 0x37 (GPRS timer 3) */
    int reg_type;                    /* 5GS registration type or AMFOL_ABSENT */
    int service_type;                /* or AMFOL_ABSENT */
    bool conf_update_red;            /* CONFIGURATION UPDATE COMMAND: registration requested */
    bool has_new_guti;
    /* Identities in the message */
    bool has_guti;
    amfol_guami guti_guami;
    uint32_t guti_tmsi;
    bool has_s_tmsi;
    amfol_s_tmsi s_tmsi;
    char suci[40];                   /* "00101-0000000001" or "" */
    int n_requested_nssai;
    amfol_snssai requested_nssai[AMFOL_MAX_NSSAI];
} amfol_nas_event;

/* ---- SBI over HTTP/2 --------------------------------------------------------- */

#define AMFOL_SBI_MAX_LOADS 16

/* Where a load figure came from. */
enum amfol_sbi_load_source {
    AMFOL_SBI_LOAD_PROFILE = 0,      /* an NFProfile object (NFRegister, notify, SearchResult) */
    AMFOL_SBI_LOAD_PATCH = 1,        /* a JSON-Patch item (NFUpdate) "replace /load" */
    AMFOL_SBI_LOAD_CHANGE = 2        /* NFStatusNotify profileChanges "REPLACE /load" */
};

#define AMFOL_SBI_MAX_SERVICES 4

/* One nfServices[] entry of an NFProfile (TS 29.510 NFService). */
typedef struct amfol_sbi_service {
    char instance_id[40];            /* serviceInstanceId */
    char name[32];                   /* serviceName, e.g. "nsmf-pdusession" */
} amfol_sbi_service;

typedef struct amfol_sbi_load {
    char nf_instance_id[40];
    char nf_type[8];
    int load;                        /* 0..100 or AMFOL_ABSENT */
    char nf_status[16];
    /* Added later (additive): origin and the AMF identity of an NFProfile. */
    int source;                      /* enum amfol_sbi_load_source */
    int amf_set_id;                  /* amfInfo.amfSetId or AMFOL_ABSENT */
    int amf_region_id;               /* amfInfo.amfRegionId or AMFOL_ABSENT */
    int n_guamis;
    amfol_guami guamis[AMFOL_MAX_GUAMIS];
    char ipv4[16];                   /* first ipv4Addresses entry or "" */
    /* Added later (additive): the NF's heart-beat timer (s) as the profile gives it. */
    int heartbeat_s;                 /* heartBeatTimer or AMFOL_ABSENT */
    /* Added later (additive): what an overload scope may name (TS 29.500 §5.2.3.3). */
    char nf_set_id[80];              /* first nfSetIdList entry or "" */
    int n_services;
    amfol_sbi_service services[AMFOL_SBI_MAX_SERVICES];   /* nfServices[] instance id + name */
} amfol_sbi_load;

typedef struct amfol_sbi_event {
    amfol_where where;
    uint32_t tcp_stream;
    uint32_t stream_id;
    bool is_request;
    char method[8];
    char path[256];
    int status;                      /* response status or AMFOL_ABSENT */
    char oci[256];                   /* raw 3gpp-sbi-oci value or "" */
    char lci[256];                   /* raw 3gpp-sbi-lci value or "" */
    char retry_after[32];
    char problem_cause[40];          /* ProblemDetails.cause or "" */
    int n_loads;                     /* load figures found in the body (NFProfile/SearchResult/Patch) */
    amfol_sbi_load loads[AMFOL_SBI_MAX_LOADS];
    bool headers_unreadable;         /* HPACK state missing etc. */
    /* Added later (additive). */
    bool is_json_patch;              /* body is an RFC 6902 array of {op, path, ...} */
    bool is_notification;            /* body is NotificationData {event, nfInstanceUri} */
    bool body_not_json;              /* DATA carried a body the JSON dissector did not decode */
    bool tls;                        /* TLS on this TCP stream: content hidden */
    /* Added later (additive): the DATA bytes when Wireshark could not type them (HPACK state lost:
     * no content-type), valid during the call; amfol recognises a JSON Patch of /load in them. */
    const uint8_t *raw_body;
    size_t raw_len;
    /* Indirect communication (TS 29.500 §6.10): a request with 3gpp-Sbi-Target-apiRoot goes to an
     * SCP; one with Via was forwarded by one. */
    bool has_target_apiroot, has_via;
    /* Added later (additive): what places a request in an overload scope (TS 29.500 §6.4). */
    int message_priority;            /* 3gpp-Sbi-Message-Priority 0..31 (0 highest), AMFOL_ABSENT */
    char authority[96];              /* :authority (HTTP/1.1: Host) or "" */
    char target_apiroot[128];        /* 3gpp-Sbi-Target-apiRoot value or "" */
    bool has_snssai;                 /* the request body's top-level sNssai */
    amfol_snssai snssai;
    char dnn[64];                    /* the request body's top-level dnn or "" */
    int problem_status;              /* a ProblemDetails body's "status" (400..599) or AMFOL_ABSENT */
} amfol_sbi_event;

/* ---- Observing the engine (the -z amfol,events export) ----------------------------------- */

/* An observer sees every call of amfol_engine_frame/ngap/sctp/rrc/nas/sbi (amfol_engine.h), in
 * order, before the engine handles it: `ev` points to the event (NULL for AMFOL_EV_FRAME) and is
 * valid only during the call; `kind` is an amfol_event_kind bit (amfol_module.h) or
 * AMFOL_EV_FRAME. One observer at a time: the -z amfol,events export (tap/events/). */
#define AMFOL_EV_FRAME 0   /* amfol_engine_frame(), for observers */
/* amfol_engine_unread(), for observers: `ev` points to an amfol_unread_note, frame and t are 0 */
#define AMFOL_EV_UNREAD (-1)
typedef struct amfol_unread_note {
    int reason;                      /* enum amfol_unread_reason (amfol_module.h), or one of: */
    uint64_t count;
} amfol_unread_note;
/* Frames the engine ignored (amfol_engine_repeat_frame, _damaged_frame, _repeat_chunks), as
 * notes for observers; amfol_engine_ignored() adds them back (a replay). */
#define AMFOL_IGNORED_DUPLICATE 2
#define AMFOL_IGNORED_DAMAGED 3
#define AMFOL_IGNORED_SCTP_RETRANSMISSION 4
#define AMFOL_NOTE_REASONS 5
typedef void (*amfol_engine_observer)(void *user, int kind, amfol_frame frame, amfol_time t,
                                      const void *ev);

#endif
