/* SPDX-License-Identifier: GPL-2.0-or-later */
/* NR RRC (TS 38.331) CCCH message encoders (unaligned PER via asn1c) for the storm synthesizer. */
#ifndef AMFOL_RRC_ENC_H
#define AMFOL_RRC_ENC_H

#include "enc_types.h"

/*
 * Each encoder writes one UL-CCCH-Message or DL-CCCH-Message (UPER, padded to octets) into `buf`
 * and returns the octets written, or 0 on error. These go into F1AP RRC-Container IEs.
 * Thread-compatible; no state is kept between calls.
 */

/* EstablishmentCause (nr-rrc.establishmentCause). 10..15 are spare6..spare1. */
enum {
    RRC_EST_EMERGENCY = 0,
    RRC_EST_HIGH_PRIORITY_ACCESS = 1,
    RRC_EST_MT_ACCESS = 2,
    RRC_EST_MO_SIGNALLING = 3,
    RRC_EST_MO_DATA = 4,
    RRC_EST_MO_VOICE_CALL = 5,
    RRC_EST_MO_VIDEO_CALL = 6,
    RRC_EST_MO_SMS = 7,
    RRC_EST_MPS_PRIORITY_ACCESS = 8,
    RRC_EST_MCS_PRIORITY_ACCESS = 9,
};

/* ResumeCause (nr-rrc.resumeCause). 11..15 are spare5..spare1. */
enum {
    RRC_RESUME_EMERGENCY = 0,
    RRC_RESUME_HIGH_PRIORITY_ACCESS = 1,
    RRC_RESUME_MT_ACCESS = 2,
    RRC_RESUME_MO_SIGNALLING = 3,
    RRC_RESUME_MO_DATA = 4,
    RRC_RESUME_MO_VOICE_CALL = 5,
    RRC_RESUME_MO_VIDEO_CALL = 6,
    RRC_RESUME_MO_SMS = 7,
    RRC_RESUME_RNA_UPDATE = 8,
    RRC_RESUME_MPS_PRIORITY_ACCESS = 9,
    RRC_RESUME_MCS_PRIORITY_ACCESS = 10,
};

/* UL-CCCH RRCSetupRequest. */
typedef struct {
    bool use_s_tmsi_part1; /* true: ng-5G-S-TMSI-Part1, false: randomValue */
    uint64_t identity;     /* 39 bits: the 39 LSBs of the 5G-S-TMSI, or the random value */
    uint8_t cause;         /* RRC_EST_* (0..15) */
} rrc_setup_request;

/* UL-CCCH RRCResumeRequest. */
typedef struct {
    uint32_t short_resume_id; /* ShortI-RNTI-Value, 24 bits */
    uint16_t resume_mac_i;    /* 16 bits */
    uint8_t cause;            /* RRC_RESUME_* (0..15) */
} rrc_resume_request;

/* DL-CCCH RRCReject. */
typedef struct {
    bool has_wait_time;
    uint8_t wait_time_s;      /* RejectWaitTime 1..16 seconds */
} rrc_reject;

/* DL-CCCH RRCSetup: radioBearerConfig with SRB1 only, masterCellGroup = CellGroupConfig with
 * cellGroupId 0 (a minimal but valid structure that Wireshark decodes cleanly). */
typedef struct {
    uint8_t transaction_id;   /* RRC-TransactionIdentifier 0..3 */
} rrc_setup;

/* UL-DCCH RRCSetupComplete (TS 38.331 §6.2.2, Rel-15 base IEs): the UE's requested NSSAI in
 * s-NSSAI-List (as NAS hands it to the AS, TS 24.501 §4.6.2.3) and its first NAS message. */
#define RRC_MAX_S_NSSAI 8        /* maxNrofS-NSSAI */
typedef struct {
    uint8_t transaction_id;   /* 0..3, the RRCSetup's */
    uint8_t selected_plmn;    /* selectedPLMN-Identity 1..12 */
    enc_snssai snssai[RRC_MAX_S_NSSAI];
    size_t n_snssai;          /* 0 = s-NSSAI-List absent */
    const uint8_t *nas;       /* dedicatedNAS-Message */
    size_t nas_len;
} rrc_setup_complete;

/* DL-DCCH RRCRelease with no optional IE (a release before AS security, TS 38.331 §5.3.8). */
typedef struct {
    uint8_t transaction_id;   /* 0..3 */
} rrc_release;

size_t rrc_encode_setup_request(const rrc_setup_request *m, uint8_t *buf, size_t cap);
size_t rrc_encode_resume_request(const rrc_resume_request *m, uint8_t *buf, size_t cap);
size_t rrc_encode_reject(const rrc_reject *m, uint8_t *buf, size_t cap);
size_t rrc_encode_setup(const rrc_setup *m, uint8_t *buf, size_t cap);
size_t rrc_encode_setup_complete(const rrc_setup_complete *m, uint8_t *buf, size_t cap);
size_t rrc_encode_release(const rrc_release *m, uint8_t *buf, size_t cap);

/* An SRB1 PDCP Data PDU (TS 38.323 §6.2.2.1: 12-bit SN, MAC-I) around an RRC DCCH message: what an
 * F1AP RRC-Container carries for SRB1. Before AS security the MAC-I is all zeros (§6.3.4). */
size_t rrc_pdcp_srb_wrap(uint16_t sn, const uint8_t *rrc, size_t len, uint8_t *buf, size_t cap);

/* CellGroupConfig with cellGroupId 0 only: the DUtoCURRCContainer of F1AP
 * InitialULRRCMessageTransfer (and the masterCellGroup of RRCSetup). */
size_t rrc_encode_minimal_cell_group_config(uint8_t *buf, size_t cap);
/* MeasurementTimingConfiguration with one MeasTiming (SSB on `ssb_arfcn`, 30 kHz, SMTC every
 * 20 ms, offset 0, 1 subframe): F1AP Served-Cell-Information's measurementTimingConfiguration. */
size_t rrc_encode_meas_timing_config(uint32_t ssb_arfcn, uint8_t *buf, size_t cap);

/* The 39 LSBs of a 5G-S-TMSI, for rrc_setup_request.identity (ng-5G-S-TMSI-Part1). */
uint64_t rrc_s_tmsi_part1(const enc_5g_s_tmsi *s);

#endif
