/* SPDX-License-Identifier: GPL-2.0-or-later */
/* F1AP (TS 38.473) message value structs and aligned-PER encoders for the storm synthesizer. */
#ifndef AMFOL_F1AP_ENC_H
#define AMFOL_F1AP_ENC_H

#include "enc_types.h"

/*
 * Every encoder writes one complete F1AP-PDU into `buf` (capacity `cap`) and returns the number of
 * octets written, or 0 on error. No allocation; pointers are caller-owned; NULL string = absent.
 * RRC containers are produced by rrc_enc.h.
 */

#define F1AP_ENC_MAX_CELLS 8

/* Procedure codes (f1ap.procedureCode). */
enum {
    F1AP_PROC_F1_SETUP = 1,
    F1AP_PROC_INITIAL_UL_RRC_MESSAGE_TRANSFER = 11,
    F1AP_PROC_DL_RRC_MESSAGE_TRANSFER = 12,
    F1AP_PROC_UL_RRC_MESSAGE_TRANSFER = 13,
};

/* One served cell of the DU. */
typedef struct {
    enc_nr_cgi cgi;      /* NR-CGI, same identity as in NGAP user location */
    uint16_t pci;        /* NR-PCI 0..1007 */
    bool has_tac;        /* fiveGS-TAC present */
    uint32_t tac;        /* 24-bit 5GS TAC */
    uint32_t nr_arfcn;   /* NR-ARFCN of the TDD carrier (band n78, 30 kHz, 106 PRB) and of its
                            SSB, 0..3279165 (0 is read as 630048) */
} f1ap_served_cell;

/* F1 SETUP REQUEST (DU -> CU). */
typedef struct {
    uint8_t transaction_id;  /* TransactionID 0..255 */
    uint64_t du_id;          /* gNB-DU-ID 0..2^36-1 */
    const char *du_name;     /* gNB-DU-Name, NULL = absent */
    f1ap_served_cell cells[F1AP_ENC_MAX_CELLS];
    size_t n_cells;          /* 0 = gNB-DU-Served-Cells-List absent */
} f1ap_f1_setup_request;

/* F1 SETUP RESPONSE (CU -> DU). */
typedef struct {
    uint8_t transaction_id;
    const char *cu_name;     /* gNB-CU-Name, NULL = absent */
    enc_nr_cgi activate[F1AP_ENC_MAX_CELLS]; /* Cells-to-be-Activated-List (NR-CGI) */
    uint16_t activate_pci[F1AP_ENC_MAX_CELLS]; /* their NR-PCI */
    size_t n_activate;       /* 0 = list absent */
} f1ap_f1_setup_response;

/* INITIAL UL RRC MESSAGE TRANSFER (DU -> CU). */
typedef struct {
    uint32_t du_ue_id;           /* gNB-DU-UE-F1AP-ID */
    enc_nr_cgi cgi;              /* NRCGI of the cell the UE accesses */
    uint16_t c_rnti;             /* C-RNTI 0..65535 */
    const uint8_t *rrc;          /* RRC-Container: the UL-CCCH message (rrc_enc.h) */
    size_t rrc_len;
    const uint8_t *du_to_cu;     /* DUtoCURRCContainer (CellGroupConfig), NULL = absent */
    size_t du_to_cu_len;
    bool omit_cgi_and_crnti;     /* test only: leave out the mandatory NRCGI and C-RNTI IEs, to
                                    reproduce the short reference vector of 3gpp-facts.md §7 */
} f1ap_initial_ul_rrc_message_transfer;

/* DL RRC MESSAGE TRANSFER (CU -> DU). */
typedef struct {
    uint32_t cu_ue_id;           /* gNB-CU-UE-F1AP-ID */
    uint32_t du_ue_id;           /* gNB-DU-UE-F1AP-ID */
    uint8_t srb_id;              /* SRBID 0..3 (0 = SRB0: DL-CCCH RRCReject / RRCSetup) */
    const uint8_t *rrc;          /* RRC-Container */
    size_t rrc_len;
} f1ap_dl_rrc_message_transfer;

/* UL RRC MESSAGE TRANSFER (DU -> CU): the same IEs (SRB1+: the container is a PDCP-C PDU). */
typedef f1ap_dl_rrc_message_transfer f1ap_ul_rrc_message_transfer;

size_t f1ap_encode_f1_setup_request(const f1ap_f1_setup_request *m, uint8_t *buf, size_t cap);
size_t f1ap_encode_f1_setup_response(const f1ap_f1_setup_response *m, uint8_t *buf, size_t cap);
size_t f1ap_encode_initial_ul_rrc_message_transfer(const f1ap_initial_ul_rrc_message_transfer *m,
                                                   uint8_t *buf, size_t cap);
size_t f1ap_encode_dl_rrc_message_transfer(const f1ap_dl_rrc_message_transfer *m, uint8_t *buf,
                                           size_t cap);
size_t f1ap_encode_ul_rrc_message_transfer(const f1ap_ul_rrc_message_transfer *m, uint8_t *buf,
                                           size_t cap);

#endif
