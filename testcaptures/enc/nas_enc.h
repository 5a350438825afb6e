/* SPDX-License-Identifier: GPL-2.0-or-later */
/* NAS-5GS (TS 24.501) 5GMM/5GSM message encoders, GPRS timers and security wrapper. */
#ifndef AMFOL_NAS_ENC_H
#define AMFOL_NAS_ENC_H

#include "enc_types.h"

/*
 * Every encoder writes one plain NAS message (security header type 0) into `buf` and returns the
 * octets written, or 0 on error (too small, bad value). Wrap it with nas_wrap_security for
 * security header types 1 and 2. No allocation.
 */

#define NAS_ENC_MAX_SLICES 8 /* S-NSSAIs in a requested / allowed NSSAI (spec max 8) */

/* 5GMM causes used by the synthesizer (nas_5gs.mm.5gmm_cause); any uint8 is accepted. */
enum {
    NAS_5GMM_ILLEGAL_UE = 3,
    NAS_5GMM_PLMN_NOT_ALLOWED = 11,
    NAS_5GMM_CONGESTION = 22,
    NAS_5GMM_NO_NETWORK_SLICES_AVAILABLE = 62,
    NAS_5GMM_INSUFFICIENT_RESOURCES_SLICE_AND_DNN = 67,
    NAS_5GMM_INSUFFICIENT_RESOURCES_SLICE = 69,
    NAS_5GMM_PROTOCOL_ERROR_UNSPECIFIED = 111,
    NAS_5GMM_5GS_SERVICES_NOT_ALLOWED = 7,
};

/* 5GSM causes (nas_5gs.sm.5gsm_cause). */
enum {
    NAS_5GSM_INSUFFICIENT_RESOURCES = 26,
    NAS_5GSM_MISSING_OR_UNKNOWN_DNN = 27,
    NAS_5GSM_INSUFFICIENT_RESOURCES_SLICE_AND_DNN = 67,
    NAS_5GSM_INSUFFICIENT_RESOURCES_SLICE = 69,
};

/* ---- GPRS timers (TS 24.008 §10.5.7.4 / §10.5.7.4a). Values are the encoded octet. ---- */

/* GPRS timer 2 units (bits 8-6): T3346 (IEI 0x5F), T3502 (IEI 0x16). */
enum {
    NAS_T2_UNIT_2S = 0,        /* value x 2 s */
    NAS_T2_UNIT_1MIN = 1,      /* value x 1 min */
    NAS_T2_UNIT_DECIHOUR = 2,  /* value x 6 min */
    NAS_T2_UNIT_DEACTIVATED = 7,
};
/* GPRS timer 3 units: back-off timer (IEI 0x37). */
enum {
    NAS_T3_UNIT_10MIN = 0,
    NAS_T3_UNIT_1H = 1,
    NAS_T3_UNIT_10H = 2,
    NAS_T3_UNIT_2S = 3,
    NAS_T3_UNIT_30S = 4,
    NAS_T3_UNIT_1MIN = 5,
    NAS_T3_UNIT_320H = 6,
    NAS_T3_UNIT_DEACTIVATED = 7,
};
/* Pass as `seconds` to the *_from_seconds helpers to get the "deactivated" octet. */
#define NAS_TIMER_DEACTIVATED UINT32_MAX
/* The zero timer octet (unit 0, value 0) for both types. */
#define NAS_TIMER_ZERO 0x00

/* Octet from unit (3 bits) and value (0..31). */
uint8_t nas_gprs_timer2(unsigned unit, unsigned value);
uint8_t nas_gprs_timer3(unsigned unit, unsigned value);
/* Octet for a duration: 0 -> zero; NAS_TIMER_DEACTIVATED -> deactivated; otherwise the smallest
 * representable duration >= seconds (exact when possible, coarsest unit on ties, e.g. 60 s ->
 * 1 x 1 min = 0x21), capped at the largest representable one. Read back the real duration with
 * nas_gprs_timer*_seconds. */
uint8_t nas_gprs_timer2_from_seconds(uint32_t seconds);
uint8_t nas_gprs_timer3_from_seconds(uint32_t seconds);
/* Duration of an octet in seconds; NAS_TIMER_DEACTIVATED when deactivated. Timer 2 reads
 * undefined units as 1 min (TS 24.008). */
uint32_t nas_gprs_timer2_seconds(uint8_t octet);
uint64_t nas_gprs_timer3_seconds(uint8_t octet);

/* ---- 5GMM ---- */

/* 5GS mobile identity (Registration Request). */
typedef enum { NAS_ID_SUCI = 1, NAS_ID_5G_GUTI = 2 } nas_identity_type;
typedef struct {
    nas_identity_type type;
    /* SUCI, SUPI format IMSI, null protection scheme: */
    enc_plmn plmn;
    const char *routing_indicator; /* 1..4 decimal digits, NULL = "0" */
    const char *msin;              /* MSIN decimal digits (1..10), caller-owned */
    /* 5G-GUTI: */
    enc_5g_guti guti;
} nas_mobile_identity;

/* 5GS registration type (nas_5gs.mm.5gs_reg_type). */
enum { NAS_REG_INITIAL = 1, NAS_REG_MOBILITY = 2, NAS_REG_PERIODIC = 3, NAS_REG_EMERGENCY = 4 };
/* ngKSI value meaning "no key is available". */
#define NAS_NGKSI_NONE 7

/* REGISTRATION REQUEST (0x41). */
typedef struct {
    uint8_t reg_type;        /* NAS_REG_* */
    bool follow_on;          /* FOR bit: follow-on request pending */
    uint8_t ngksi;           /* 0..6, NAS_NGKSI_NONE; TSC is written as 0 (native) */
    nas_mobile_identity id;
    bool has_5gmm_capability; /* 5GMM capability (IEI 0x10), written before the UE security
                                 capability */
    uint8_t gmm_capability;  /* its first octet (e.g. 0x07: S1 mode, HO attach, LPP) */
    bool has_ue_sec_cap;     /* UE security capability (IEI 0x2E) */
    uint8_t ea;              /* 5G-EA0..7 bitmap, EA0 = bit 8 (e.g. 0xF0) */
    uint8_t ia;              /* 5G-IA0..7 bitmap, IA0 = bit 8 (e.g. 0x70) */
    uint8_t eea;             /* EEA0..7 bitmap (written when ue_sec_cap_len >= 4) */
    uint8_t eia;             /* EIA0..7 bitmap (written when ue_sec_cap_len >= 4) */
    uint8_t ue_sec_cap_len;  /* IE length 2..8 (0 is read as 2): 2 = 5G only, 4 = + EPS,
                                5..8 = + zero (spare) octets */
    enc_snssai requested_nssai[NAS_ENC_MAX_SLICES]; /* Requested NSSAI (IEI 0x2F) */
    size_t n_requested_nssai;                       /* 0 = absent */
} nas_registration_request;

/* REGISTRATION ACCEPT (0x42). */
typedef struct {
    uint8_t result;          /* 5GS registration result value: 1 3GPP access (0 is read as 1) */
    bool has_guti;           /* 5G-GUTI (IEI 0x77) */
    enc_5g_guti guti;
    enc_snssai allowed_nssai[NAS_ENC_MAX_SLICES]; /* Allowed NSSAI (IEI 0x15) */
    size_t n_allowed_nssai;                       /* 0 = absent */
} nas_registration_accept;

/* REGISTRATION REJECT (0x44). IEs in spec order: cause, T3346 (0x5F), T3502 (0x16). */
typedef struct {
    uint8_t cause;           /* 5GMM cause */
    bool has_t3346;
    uint8_t t3346;           /* GPRS timer 2 octet */
    bool has_t3502;
    uint8_t t3502;           /* GPRS timer 2 octet */
} nas_registration_reject;

/* Service type (nas_5gs.mm.serv_type): 0 signalling, 1 data, 2 MT services, 3 emergency,
 * 4 emergency fallback, 5 high priority access, 6 elevated signalling. */
typedef struct {
    uint8_t service_type;    /* 0..6 (0..15 accepted) */
    uint8_t ngksi;           /* 0..7 */
    enc_5g_s_tmsi s_tmsi;
} nas_service_request;

/* SERVICE ACCEPT (0x4E): no optional IEs are written. */
typedef struct {
    uint8_t unused;          /* placeholder; zero */
} nas_service_accept;

/* SERVICE REJECT (0x4D). */
typedef struct {
    uint8_t cause;
    bool has_t3346;
    uint8_t t3346;           /* GPRS timer 2 octet */
} nas_service_reject;

/* DEREGISTRATION REQUEST, UE terminated (0x47). */
typedef struct {
    uint8_t access_type;     /* 1 3GPP, 2 non-3GPP, 3 both (0 is read as 1) */
    bool re_registration_required;
    bool has_cause;          /* 5GMM cause (IEI 0x58) */
    uint8_t cause;
    bool has_t3346;          /* T3346 value (IEI 0x5F) */
    uint8_t t3346;
} nas_deregistration_request_ue_terminated;

/* CONFIGURATION UPDATE COMMAND (0x54). */
typedef struct {
    bool has_indication;          /* Configuration update indication (IEI 0xD-) */
    bool registration_requested;  /* RED bit */
    bool ack_requested;           /* ACK bit */
    bool has_guti;                /* new 5G-GUTI (IEI 0x77) */
    enc_5g_guti guti;
} nas_configuration_update_command;

/* DL NAS TRANSPORT (0x68). */
typedef struct {
    uint8_t payload_type;         /* payload container type: 1 = N1 SM information */
    const uint8_t *payload;       /* payload container (e.g. a 5GSM message), caller-owned */
    size_t payload_len;           /* 1..65535 */
    bool has_pdu_session_id;      /* PDU session ID (IEI 0x12) */
    uint8_t pdu_session_id;       /* 1..15 */
    bool has_cause;               /* 5GMM cause (IEI 0x58) */
    uint8_t cause;
    bool has_backoff;             /* back-off timer value (IEI 0x37), GPRS timer 3 octet */
    uint8_t backoff;
} nas_dl_nas_transport;

/* UL NAS TRANSPORT (0x67): carries a 5GSM message from the UE. */
typedef struct {
    uint8_t payload_type;         /* payload container type: 1 = N1 SM information */
    const uint8_t *payload;       /* payload container, caller-owned */
    size_t payload_len;           /* 1..65535 */
    bool has_pdu_session_id;      /* PDU session ID (IEI 0x12) */
    uint8_t pdu_session_id;
    bool has_request_type;        /* request type (IEI 0x8-) */
    uint8_t request_type;         /* 1 initial request, 2 existing PDU session, 3 initial emergency */
    bool has_snssai;              /* S-NSSAI (IEI 0x22) */
    enc_snssai snssai;
    const char *dnn;              /* DNN (IEI 0x25) as dotted text, e.g. "internet"; NULL = absent */
} nas_ul_nas_transport;

/* ---- 5GSM ---- */

/* PDU SESSION ESTABLISHMENT REQUEST (0xC1). */
typedef struct {
    uint8_t pdu_session_id;       /* 1..15 */
    uint8_t pti;                  /* procedure transaction identity 1..254 */
    bool has_pdu_session_type;    /* PDU session type (IEI 0x9-) */
    uint8_t pdu_session_type;     /* 1 IPv4, 2 IPv6, 3 IPv4v6 */
} nas_pdu_session_establishment_request;

/* PDU SESSION ESTABLISHMENT REJECT (0xC3). */
typedef struct {
    uint8_t pdu_session_id;
    uint8_t pti;
    uint8_t cause;                /* 5GSM cause (#26, #27, #67, #69, ...) */
    bool has_backoff;             /* back-off timer value (IEI 0x37), GPRS timer 3 octet */
    uint8_t backoff;
} nas_pdu_session_establishment_reject;

size_t nas_encode_registration_request(const nas_registration_request *m, uint8_t *buf, size_t cap);
size_t nas_encode_registration_accept(const nas_registration_accept *m, uint8_t *buf, size_t cap);
size_t nas_encode_registration_reject(const nas_registration_reject *m, uint8_t *buf, size_t cap);
size_t nas_encode_service_request(const nas_service_request *m, uint8_t *buf, size_t cap);
size_t nas_encode_service_accept(const nas_service_accept *m, uint8_t *buf, size_t cap);
size_t nas_encode_service_reject(const nas_service_reject *m, uint8_t *buf, size_t cap);
size_t nas_encode_deregistration_request_ue_terminated(
    const nas_deregistration_request_ue_terminated *m, uint8_t *buf, size_t cap);
size_t nas_encode_configuration_update_command(const nas_configuration_update_command *m,
                                               uint8_t *buf, size_t cap);
size_t nas_encode_dl_nas_transport(const nas_dl_nas_transport *m, uint8_t *buf, size_t cap);
size_t nas_encode_ul_nas_transport(const nas_ul_nas_transport *m, uint8_t *buf, size_t cap);
size_t nas_encode_pdu_session_establishment_request(
    const nas_pdu_session_establishment_request *m, uint8_t *buf, size_t cap);
size_t nas_encode_pdu_session_establishment_reject(const nas_pdu_session_establishment_reject *m,
                                                   uint8_t *buf, size_t cap);

/* ---- Security protection (TS 24.501 §9.1.1) ---- */

typedef enum {
    NAS_SEC_INTEGRITY = 1,            /* integrity protected: inner message readable */
    NAS_SEC_INTEGRITY_CIPHERED = 2,   /* integrity protected and ciphered: inner scrambled */
} nas_security_type;

/* Writes 7E | type | MAC (4 octets, big-endian) | SQN | inner. For the ciphered type the inner
 * octets are XORed with a keystream derived deterministically from (key, sqn), so Wireshark shows
 * only "Encrypted data". `plain` and `out` must not overlap. Returns octets written or 0. */
size_t nas_wrap_security(nas_security_type type, uint32_t mac, uint8_t sqn, uint32_t key,
                         const uint8_t *plain, size_t plain_len, uint8_t *out, size_t cap);

#endif
