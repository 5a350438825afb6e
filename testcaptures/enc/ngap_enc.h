/* SPDX-License-Identifier: GPL-2.0-or-later */
/* NGAP (TS 38.413) message value structs and aligned-PER encoders for the storm synthesizer. */
#ifndef AMFOL_NGAP_ENC_H
#define AMFOL_NGAP_ENC_H

#include "enc_types.h"

/*
 * Every encoder writes one complete NGAP-PDU into `buf` (capacity `cap`) and returns the number
 * of octets written, or 0 on error (buffer too small, value out of range, too many items).
 * No allocation. Strings are caller-owned NUL-terminated PrintableString text; a NULL string
 * pointer means "IE absent". Zero-initialise a struct, then fill what you need.
 */

#define NGAP_ENC_MAX_SLICES 16    /* S-NSSAIs per list in these structs */
#define NGAP_ENC_MAX_TAS 8        /* supported TAs in NGSetupRequest */
#define NGAP_ENC_MAX_PLMNS 4      /* broadcast / supported PLMNs */
#define NGAP_ENC_MAX_GUAMIS 8     /* served / unavailable GUAMIs */
#define NGAP_ENC_MAX_NSSAI_ITEMS 8 /* OverloadStartNSSAIList items */

/* Procedure codes (TS 38.413, ngap.procedureCode). */
enum {
    NGAP_PROC_AMF_CONFIGURATION_UPDATE = 0,
    NGAP_PROC_AMF_STATUS_INDICATION = 1,
    NGAP_PROC_DOWNLINK_NAS_TRANSPORT = 4,
    NGAP_PROC_ERROR_INDICATION = 9,
    NGAP_PROC_INITIAL_UE_MESSAGE = 15,
    NGAP_PROC_NG_SETUP = 21,
    NGAP_PROC_OVERLOAD_START = 22,
    NGAP_PROC_OVERLOAD_STOP = 23,
    NGAP_PROC_UE_CONTEXT_RELEASE = 41,
    NGAP_PROC_UPLINK_NAS_TRANSPORT = 46,
};

/* OverloadAction (ngap.overloadAction). */
enum {
    NGAP_OVERLOAD_REJECT_NON_EMERGENCY_MO_DT = 0,
    NGAP_OVERLOAD_REJECT_RRC_CR_SIGNALLING = 1,
    NGAP_OVERLOAD_PERMIT_EMERGENCY_AND_MT_ONLY = 2,
    NGAP_OVERLOAD_PERMIT_HIGH_PRIORITY_AND_MT_ONLY = 3,
};

/* RRCEstablishmentCause (ngap.RRCEstablishmentCause): 0..9 as NR RRC, 10 notAvailable,
 * 11 mo-ExceptionData. */
enum {
    NGAP_RRC_CAUSE_EMERGENCY = 0,
    NGAP_RRC_CAUSE_HIGH_PRIORITY_ACCESS = 1,
    NGAP_RRC_CAUSE_MT_ACCESS = 2,
    NGAP_RRC_CAUSE_MO_SIGNALLING = 3,
    NGAP_RRC_CAUSE_MO_DATA = 4,
    NGAP_RRC_CAUSE_MO_VOICE_CALL = 5,
    NGAP_RRC_CAUSE_MO_VIDEO_CALL = 6,
    NGAP_RRC_CAUSE_MO_SMS = 7,
    NGAP_RRC_CAUSE_MPS_PRIORITY_ACCESS = 8,
    NGAP_RRC_CAUSE_MCS_PRIORITY_ACCESS = 9,
    NGAP_RRC_CAUSE_NOT_AVAILABLE = 10,
    NGAP_RRC_CAUSE_MO_EXCEPTION_DATA = 11,
};

/* Cause CHOICE group (ngap.Cause). */
enum {
    NGAP_CAUSE_RADIO_NETWORK = 0,
    NGAP_CAUSE_TRANSPORT = 1,
    NGAP_CAUSE_NAS = 2,
    NGAP_CAUSE_PROTOCOL = 3,
    NGAP_CAUSE_MISC = 4,
};
/* A few useful cause values (value within its group). */
enum {
    NGAP_CAUSE_MISC_CONTROL_PROCESSING_OVERLOAD = 0,
    NGAP_CAUSE_MISC_UNSPECIFIED = 5,
    NGAP_CAUSE_NAS_NORMAL_RELEASE = 0,
    NGAP_CAUSE_NAS_DEREGISTER = 2,
    NGAP_CAUSE_RADIO_USER_INACTIVITY = 20,
    NGAP_CAUSE_RADIO_REDUCE_LOAD_IN_SERVING_CELL = 19,
};

/* TimeToWait (ngap.TimeToWait). */
enum { NGAP_TTW_1S = 0, NGAP_TTW_2S, NGAP_TTW_5S, NGAP_TTW_10S, NGAP_TTW_20S, NGAP_TTW_60S };

/* PagingDRX. */
enum { NGAP_DRX_V32 = 0, NGAP_DRX_V64, NGAP_DRX_V128, NGAP_DRX_V256 };

typedef struct {
    uint8_t group; /* NGAP_CAUSE_* group */
    uint8_t value; /* value inside the group (root or extension value of that ENUMERATED) */
} ngap_cause;

/* A list of S-NSSAIs (SliceSupportList, SliceOverloadList, ...). */
typedef struct {
    enc_snssai items[NGAP_ENC_MAX_SLICES];
    size_t n; /* 1..NGAP_ENC_MAX_SLICES where the IE needs at least one */
} ngap_slice_list;

/* A PLMN with the slices supported in it (BroadcastPLMNItem / PLMNSupportItem). */
typedef struct {
    enc_plmn plmn;
    ngap_slice_list slices; /* at least 1 */
} ngap_plmn_slices;

/* SupportedTAItem. */
typedef struct {
    uint32_t tac;                                 /* 24-bit TAC */
    ngap_plmn_slices plmns[NGAP_ENC_MAX_PLMNS];   /* broadcast PLMN list */
    size_t n_plmns;                               /* 1..NGAP_ENC_MAX_PLMNS */
} ngap_supported_ta;

/* NG SETUP REQUEST (gNB -> AMF). */
typedef struct {
    enc_plmn plmn;          /* GlobalRANNodeID: globalGNB-ID PLMN */
    uint32_t gnb_id;        /* gNB-ID value (gnb_id_bits low bits) */
    uint8_t gnb_id_bits;    /* 22..32 (0 is read as 32) */
    const char *ran_node_name; /* RANNodeName, NULL = absent */
    ngap_supported_ta tas[NGAP_ENC_MAX_TAS];
    size_t n_tas;           /* 1..NGAP_ENC_MAX_TAS */
    uint8_t paging_drx;     /* NGAP_DRX_* */
} ngap_ng_setup_request;

/* NG SETUP RESPONSE (AMF -> gNB). */
typedef struct {
    const char *amf_name;                        /* AMFName, mandatory (1..150 chars) */
    enc_guami guamis[NGAP_ENC_MAX_GUAMIS];       /* ServedGUAMIList */
    size_t n_guamis;                             /* 1..NGAP_ENC_MAX_GUAMIS */
    uint8_t relative_capacity;                   /* RelativeAMFCapacity 0..255 */
    ngap_plmn_slices plmn_support[NGAP_ENC_MAX_PLMNS]; /* PLMNSupportList */
    size_t n_plmn_support;                       /* 1..NGAP_ENC_MAX_PLMNS */
} ngap_ng_setup_response;

/* NG SETUP FAILURE (AMF -> gNB). */
typedef struct {
    ngap_cause cause;       /* e.g. {NGAP_CAUSE_MISC, control-processing-overload} */
    bool has_time_to_wait;
    uint8_t time_to_wait;   /* NGAP_TTW_* */
} ngap_ng_setup_failure;

/* INITIAL UE MESSAGE (gNB -> AMF). */
typedef struct {
    uint32_t ran_ue_id;      /* RAN-UE-NGAP-ID 0..2^32-1 */
    const uint8_t *nas;      /* NAS-PDU (caller-owned), mandatory */
    size_t nas_len;          /* 1..16383 */
    enc_nr_cgi cgi;          /* UserLocationInformationNR nR-CGI */
    enc_tai tai;             /* UserLocationInformationNR tAI */
    uint8_t rrc_cause;       /* NGAP_RRC_CAUSE_* (0..11) */
    bool has_s_tmsi;         /* FiveG-S-TMSI present */
    enc_5g_s_tmsi s_tmsi;
    bool ue_context_request; /* UEContextRequest = requested present */
} ngap_initial_ue_message;

/* DOWNLINK NAS TRANSPORT (AMF -> gNB). */
typedef struct {
    uint64_t amf_ue_id;      /* AMF-UE-NGAP-ID 0..2^40-1 */
    uint32_t ran_ue_id;      /* RAN-UE-NGAP-ID */
    const uint8_t *nas;      /* NAS-PDU, mandatory */
    size_t nas_len;
} ngap_downlink_nas_transport;

/* UPLINK NAS TRANSPORT (gNB -> AMF). */
typedef struct {
    uint64_t amf_ue_id;
    uint32_t ran_ue_id;
    const uint8_t *nas;
    size_t nas_len;
    enc_nr_cgi cgi;          /* UserLocationInformationNR */
    enc_tai tai;
} ngap_uplink_nas_transport;

/* One OverloadStartNSSAIItem. */
typedef struct {
    ngap_slice_list slices;  /* sliceOverloadList, 1..NGAP_ENC_MAX_SLICES */
    bool has_action;         /* sliceOverloadResponse present */
    uint8_t action;          /* NGAP_OVERLOAD_* */
    bool has_reduction;      /* sliceTrafficLoadReductionIndication present */
    uint8_t reduction_pct;   /* 1..99 */
} ngap_overload_nssai_item;

/* OVERLOAD START (AMF -> gNB): any combination of the three optional IEs (even none). */
typedef struct {
    bool has_action;         /* AMFOverloadResponse (IE 2) */
    uint8_t action;          /* NGAP_OVERLOAD_* */
    bool has_reduction;      /* AMFTrafficLoadReductionIndication (IE 9) */
    uint8_t reduction_pct;   /* 1..99 */
    ngap_overload_nssai_item nssai[NGAP_ENC_MAX_NSSAI_ITEMS]; /* OverloadStartNSSAIList (IE 49) */
    size_t n_nssai;          /* 0 = IE absent */
} ngap_overload_start;

/* AMF CONFIGURATION UPDATE (AMF -> gNB). */
typedef struct {
    const char *amf_name;    /* AMFName, NULL = absent */
    bool has_relative_capacity;
    uint8_t relative_capacity; /* RelativeAMFCapacity 0..255 */
} ngap_amf_configuration_update;

/* UnavailableGUAMIItem. */
typedef struct {
    enc_guami guami;
    bool timer_approach;          /* timerApproachForGUAMIRemoval = apply-timer present */
    const char *backup_amf_name;  /* backupAMFName, NULL = absent */
} ngap_unavailable_guami;

/* AMF STATUS INDICATION (AMF -> gNB). */
typedef struct {
    ngap_unavailable_guami items[NGAP_ENC_MAX_GUAMIS];
    size_t n;                     /* 1..NGAP_ENC_MAX_GUAMIS */
} ngap_amf_status_indication;

/* UE CONTEXT RELEASE COMMAND (AMF -> gNB). */
typedef struct {
    uint64_t amf_ue_id;
    uint32_t ran_ue_id;
    bool amf_id_only;        /* UE-NGAP-IDs: false = uE-NGAP-ID-pair, true = aMF-UE-NGAP-ID */
    ngap_cause cause;
} ngap_ue_context_release_command;

/* UE CONTEXT RELEASE COMPLETE (gNB -> AMF). */
typedef struct {
    uint64_t amf_ue_id;
    uint32_t ran_ue_id;
} ngap_ue_context_release_complete;

/* ERROR INDICATION (either direction). */
typedef struct {
    bool has_amf_ue_id;
    uint64_t amf_ue_id;
    bool has_ran_ue_id;
    uint32_t ran_ue_id;
    bool has_cause;
    ngap_cause cause;
} ngap_error_indication;

size_t ngap_encode_ng_setup_request(const ngap_ng_setup_request *m, uint8_t *buf, size_t cap);
size_t ngap_encode_ng_setup_response(const ngap_ng_setup_response *m, uint8_t *buf, size_t cap);
size_t ngap_encode_ng_setup_failure(const ngap_ng_setup_failure *m, uint8_t *buf, size_t cap);
size_t ngap_encode_initial_ue_message(const ngap_initial_ue_message *m, uint8_t *buf, size_t cap);
size_t ngap_encode_downlink_nas_transport(const ngap_downlink_nas_transport *m, uint8_t *buf,
                                          size_t cap);
size_t ngap_encode_uplink_nas_transport(const ngap_uplink_nas_transport *m, uint8_t *buf,
                                        size_t cap);
size_t ngap_encode_overload_start(const ngap_overload_start *m, uint8_t *buf, size_t cap);
size_t ngap_encode_overload_stop(uint8_t *buf, size_t cap);
size_t ngap_encode_amf_configuration_update(const ngap_amf_configuration_update *m, uint8_t *buf,
                                            size_t cap);
size_t ngap_encode_amf_status_indication(const ngap_amf_status_indication *m, uint8_t *buf,
                                         size_t cap);
size_t ngap_encode_ue_context_release_command(const ngap_ue_context_release_command *m,
                                              uint8_t *buf, size_t cap);
size_t ngap_encode_ue_context_release_complete(const ngap_ue_context_release_complete *m,
                                               uint8_t *buf, size_t cap);
size_t ngap_encode_error_indication(const ngap_error_indication *m, uint8_t *buf, size_t cap);

#endif
