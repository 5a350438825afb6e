/* SPDX-License-Identifier: GPL-2.0-or-later */
/* F1AP (TS 38.473) encoders written with the aligned-PER writer: F1 Setup Request/Response,
 * Initial UL RRC Message Transfer and DL RRC Message Transfer. */
#include "f1ap_enc.h"

#include "aper.h"
#include "rrc_enc.h"

/* F1AP protocol IE ids (F1AP-Constants). */
enum {
    F1AP_ID_CELLS_TO_BE_ACTIVATED_LIST = 3,
    F1AP_ID_CELLS_TO_BE_ACTIVATED_LIST_ITEM = 4,
    F1AP_ID_GNB_CU_UE_F1AP_ID = 40,
    F1AP_ID_GNB_DU_UE_F1AP_ID = 41,
    F1AP_ID_GNB_DU_ID = 42,
    F1AP_ID_GNB_DU_SERVED_CELLS_ITEM = 43,
    F1AP_ID_GNB_DU_SERVED_CELLS_LIST = 44,
    F1AP_ID_GNB_DU_NAME = 45,
    F1AP_ID_RRC_CONTAINER = 50,
    F1AP_ID_SRBID = 64,
    F1AP_ID_TRANSACTION_ID = 78,
    F1AP_ID_GNB_CU_NAME = 82,
    F1AP_ID_C_RNTI = 95,
    F1AP_ID_NRCGI = 111,
    F1AP_ID_DU_TO_CU_RRC_CONTAINER = 128,
    F1AP_ID_GNB_CU_RRC_VERSION = 170,
    F1AP_ID_GNB_DU_RRC_VERSION = 171,
};

#define F1AP_MAXCELLINGNBDU 512
#define F1AP_MAXNOOF_BPLMNS 6
#define F1AP_MAXNOOF_NR_CELL_BANDS 32
#define F1AP_DEFAULT_ARFCN 630048u
#define F1AP_RRC_VERSION_LATEST 6u /* latest-RRC-Version bits '110' */

static void put_plmn(aper_writer *w, const enc_plmn *plmn)
{
    uint8_t bcd[3];
    if (!enc_plmn_to_bcd(plmn, bcd)) {
        aper_fail(w);
        return;
    }
    aper_put_octet_string(w, bcd, 3, 3, 3, false);
}

/* NRCGI ::= SEQUENCE { pLMN-Identity, nRCellIdentity BIT STRING(36), iE-Extensions OPT, ... } */
static void put_nrcgi(aper_writer *w, const enc_nr_cgi *cgi)
{
    if (cgi->cell_id >> 36) {
        aper_fail(w);
        return;
    }
    aper_put_bool(w, false);
    aper_put_preamble(w, 0, 1);
    put_plmn(w, &cgi->plmn);
    aper_put_bit_string_u64(w, cgi->cell_id, 36, 36, 36, false);
}

static void put_printable(aper_writer *w, const char *s)
{
    /* GNB-DU-Name / GNB-CU-Name ::= PrintableString(SIZE(1..150,...)); refuse empty/too long */
    if (s == NULL || s[0] == '\0' || enc_strnlen(s, 151) > 150) {
        aper_fail(w);
        return;
    }
    aper_put_known_multiplier_string(w, s, 1, 150, true);
}

static void ie_transaction_id(aper_writer *w, uint8_t id)
{
    size_t ie = aper_ie_begin(w, F1AP_ID_TRANSACTION_ID, APER_CRIT_REJECT);
    aper_put_integer(w, id, 0, 255, true); /* TransactionID ::= INTEGER (0..255, ...) */
    aper_ie_end(w, ie);
}

/* RRC-Version ::= SEQUENCE { latest-RRC-Version BIT STRING (SIZE(3)), iE-Extensions OPT }
 * (no extension marker) */
static void ie_rrc_version(aper_writer *w, unsigned id)
{
    size_t ie = aper_ie_begin(w, id, APER_CRIT_REJECT);
    aper_put_preamble(w, 0, 1);
    aper_put_bit_string_u64(w, F1AP_RRC_VERSION_LATEST, 3, 3, 3, false);
    aper_ie_end(w, ie);
}

static void ie_ue_id(aper_writer *w, unsigned id, uint32_t value)
{
    size_t ie = aper_ie_begin(w, id, APER_CRIT_REJECT);
    aper_put_constrained_whole(w, value, 0, 4294967295ull); /* gNB-xU-UE-F1AP-ID */
    aper_ie_end(w, ie);
}

static void ie_octets(aper_writer *w, unsigned id, const uint8_t *p, size_t len)
{
    if (p == NULL || len == 0) {
        aper_fail(w);
        return;
    }
    size_t ie = aper_ie_begin(w, id, APER_CRIT_REJECT);
    aper_put_octet_string(w, p, len, 0, APER_NO_UB, false);
    aper_ie_end(w, ie);
}

/* Served-Cell-Information for a TDD n78 cell, 30 kHz SCS, 106 PRBs. */
static void put_served_cell_information(aper_writer *w, const f1ap_served_cell *c)
{
    uint32_t arfcn = c->nr_arfcn ? c->nr_arfcn : F1AP_DEFAULT_ARFCN;
    uint8_t mtc[32];
    size_t mtc_len = rrc_encode_meas_timing_config(arfcn, mtc, sizeof mtc);
    if (mtc_len == 0 || c->pci > 1007 || (c->has_tac && c->tac > 0xffffffu)) {
        aper_fail(w);
        return;
    }
    /* Served-Cell-Information ::= SEQUENCE { nRCGI, nRPCI, fiveGS-TAC OPT, configured-EPS-TAC OPT,
     *   servedPLMNs, nR-Mode-Info, measurementTimingConfiguration, iE-Extensions OPT, ... } */
    aper_put_bool(w, false);
    aper_put_preamble(w, c->has_tac ? 4u : 0u, 3);
    put_nrcgi(w, &c->cgi);
    aper_put_constrained_whole(w, c->pci, 0, 1007); /* NRPCI ::= INTEGER (0..1007) */
    if (c->has_tac) {
        uint8_t tac[3] = {(uint8_t)(c->tac >> 16), (uint8_t)(c->tac >> 8), (uint8_t)c->tac};
        aper_put_octet_string(w, tac, 3, 3, 3, false);
    }
    /* ServedPLMNs-List ::= SEQUENCE (SIZE(1..maxnoofBPLMNs)) OF ServedPLMNs-Item */
    aper_put_length(w, 1, 1, F1AP_MAXNOOF_BPLMNS);
    aper_put_bool(w, false);     /* ServedPLMNs-Item: extension bit */
    aper_put_preamble(w, 0, 1);  /* iE-Extensions absent */
    put_plmn(w, &c->cgi.plmn);
    /* NR-Mode-Info ::= CHOICE { fDD, tDD, choice-extension } */
    aper_put_choice(w, 1, 3, false);
    /* TDD-Info ::= SEQUENCE { nRFreqInfo, transmission-Bandwidth, iE-Extensions OPT, ... } */
    aper_put_bool(w, false);
    aper_put_preamble(w, 0, 1);
    /* NRFreqInfo ::= SEQUENCE { nRARFCN, sul-Information OPT, freqBandListNr, iE-Extensions OPT,
     *   ... } */
    aper_put_bool(w, false);
    aper_put_preamble(w, 0, 2);
    aper_put_constrained_whole(w, arfcn, 0, 3279165);
    aper_put_length(w, 1, 1, F1AP_MAXNOOF_NR_CELL_BANDS);
    /* FreqBandNrItem ::= SEQUENCE { freqBandIndicatorNr INTEGER (1..1024,...),
     *   supportedSULBandList SEQUENCE (SIZE(0..maxnoofNrCellBands)) OF ..., iE-Ext OPT, ... } */
    aper_put_bool(w, false);
    aper_put_preamble(w, 0, 1);
    aper_put_integer(w, 78, 1, 1024, true);
    aper_put_length(w, 0, 0, F1AP_MAXNOOF_NR_CELL_BANDS);
    /* Transmission-Bandwidth ::= SEQUENCE { nRSCS, nRNRB, iE-Extensions OPT, ... } */
    aper_put_bool(w, false);
    aper_put_preamble(w, 0, 1);
    aper_put_enumerated(w, 1, 4, true);   /* NRSCS scs30 (4 root values) */
    aper_put_enumerated(w, 14, 29, true); /* NRNRB nrb106 (29 root values) */
    aper_put_octet_string(w, mtc, mtc_len, 0, APER_NO_UB, false);
}

size_t f1ap_encode_f1_setup_request(const f1ap_f1_setup_request *m, uint8_t *buf, size_t cap)
{
    if (m->n_cells > F1AP_ENC_MAX_CELLS || m->du_id > 68719476735ull)
        return 0;
    aper_writer w;
    aper_init(&w, buf, cap);
    size_t pdu = aper_pdu_begin_f1ap(&w, APER_PDU_INITIATING, F1AP_PROC_F1_SETUP, APER_CRIT_REJECT);
    aper_put_ie_message_start(&w, 3u + (m->du_name ? 1u : 0u) + (m->n_cells ? 1u : 0u));
    ie_transaction_id(&w, m->transaction_id);

    size_t ie = aper_ie_begin(&w, F1AP_ID_GNB_DU_ID, APER_CRIT_REJECT);
    aper_put_constrained_whole(&w, m->du_id, 0, 68719476735ull); /* GNB-DU-ID (0..2^36-1) */
    aper_ie_end(&w, ie);

    if (m->du_name) {
        ie = aper_ie_begin(&w, F1AP_ID_GNB_DU_NAME, APER_CRIT_IGNORE);
        put_printable(&w, m->du_name);
        aper_ie_end(&w, ie);
    }
    if (m->n_cells) {
        ie = aper_ie_begin(&w, F1AP_ID_GNB_DU_SERVED_CELLS_LIST, APER_CRIT_REJECT);
        aper_put_length(&w, m->n_cells, 1, F1AP_MAXCELLINGNBDU);
        for (size_t i = 0; i < m->n_cells; i++) {
            /* ProtocolIE-SingleContainer { GNB-DU-Served-Cells-Item } */
            size_t item = aper_ie_begin(&w, F1AP_ID_GNB_DU_SERVED_CELLS_ITEM, APER_CRIT_REJECT);
            /* GNB-DU-Served-Cells-Item ::= SEQUENCE { served-Cell-Information,
             *   gNB-DU-System-Information OPT, iE-Extensions OPT, ... } */
            aper_put_bool(&w, false);
            aper_put_preamble(&w, 0, 2);
            put_served_cell_information(&w, &m->cells[i]);
            aper_ie_end(&w, item);
        }
        aper_ie_end(&w, ie);
    }
    ie_rrc_version(&w, F1AP_ID_GNB_DU_RRC_VERSION);
    return aper_pdu_end(&w, pdu);
}

size_t f1ap_encode_f1_setup_response(const f1ap_f1_setup_response *m, uint8_t *buf, size_t cap)
{
    if (m->n_activate > F1AP_ENC_MAX_CELLS)
        return 0;
    aper_writer w;
    aper_init(&w, buf, cap);
    size_t pdu = aper_pdu_begin_f1ap(&w, APER_PDU_SUCCESSFUL, F1AP_PROC_F1_SETUP, APER_CRIT_REJECT);
    aper_put_ie_message_start(&w, 2u + (m->cu_name ? 1u : 0u) + (m->n_activate ? 1u : 0u));
    ie_transaction_id(&w, m->transaction_id);
    if (m->cu_name) {
        size_t ie = aper_ie_begin(&w, F1AP_ID_GNB_CU_NAME, APER_CRIT_IGNORE);
        put_printable(&w, m->cu_name);
        aper_ie_end(&w, ie);
    }
    if (m->n_activate) {
        size_t ie = aper_ie_begin(&w, F1AP_ID_CELLS_TO_BE_ACTIVATED_LIST, APER_CRIT_REJECT);
        aper_put_length(&w, m->n_activate, 1, F1AP_MAXCELLINGNBDU);
        for (size_t i = 0; i < m->n_activate; i++) {
            if (m->activate_pci[i] > 1007)
                return 0;
            size_t item = aper_ie_begin(&w, F1AP_ID_CELLS_TO_BE_ACTIVATED_LIST_ITEM,
                                        APER_CRIT_REJECT);
            /* Cells-to-be-Activated-List-Item ::= SEQUENCE { nRCGI, nRPCI OPT,
             *   gNB-CUSystemInformation OPT, iE-Extensions OPT, ... } */
            aper_put_bool(&w, false);
            aper_put_preamble(&w, 4, 3);
            put_nrcgi(&w, &m->activate[i]);
            aper_put_constrained_whole(&w, m->activate_pci[i], 0, 1007);
            aper_ie_end(&w, item);
        }
        aper_ie_end(&w, ie);
    }
    ie_rrc_version(&w, F1AP_ID_GNB_CU_RRC_VERSION);
    return aper_pdu_end(&w, pdu);
}

size_t f1ap_encode_initial_ul_rrc_message_transfer(const f1ap_initial_ul_rrc_message_transfer *m,
                                                   uint8_t *buf, size_t cap)
{
    aper_writer w;
    aper_init(&w, buf, cap);
    size_t pdu = aper_pdu_begin_f1ap(&w, APER_PDU_INITIATING, F1AP_PROC_INITIAL_UL_RRC_MESSAGE_TRANSFER,
                                APER_CRIT_IGNORE);
    aper_put_ie_message_start(&w, 2u + (m->omit_cgi_and_crnti ? 0u : 2u) +
                                      (m->du_to_cu ? 1u : 0u));
    ie_ue_id(&w, F1AP_ID_GNB_DU_UE_F1AP_ID, m->du_ue_id);
    if (!m->omit_cgi_and_crnti) {
        size_t ie = aper_ie_begin(&w, F1AP_ID_NRCGI, APER_CRIT_REJECT);
        put_nrcgi(&w, &m->cgi);
        aper_ie_end(&w, ie);
        ie = aper_ie_begin(&w, F1AP_ID_C_RNTI, APER_CRIT_REJECT);
        aper_put_integer(&w, m->c_rnti, 0, 65535, true); /* C-RNTI ::= INTEGER (0..65535, ...) */
        aper_ie_end(&w, ie);
    }
    ie_octets(&w, F1AP_ID_RRC_CONTAINER, m->rrc, m->rrc_len);
    if (m->du_to_cu)
        ie_octets(&w, F1AP_ID_DU_TO_CU_RRC_CONTAINER, m->du_to_cu, m->du_to_cu_len);
    return aper_pdu_end(&w, pdu);
}

/* DL and UL RRC MESSAGE TRANSFER share their mandatory IEs (TS 38.473 §9.2.3.2/§9.2.3.3):
 * gNB-CU UE F1AP ID, gNB-DU UE F1AP ID, SRBID, RRC-Container. */
static size_t rrc_message_transfer(int proc, const f1ap_dl_rrc_message_transfer *m, uint8_t *buf,
                                   size_t cap)
{
    if (m->srb_id > 3)
        return 0;
    aper_writer w;
    aper_init(&w, buf, cap);
    size_t pdu = aper_pdu_begin_f1ap(&w, APER_PDU_INITIATING, proc, APER_CRIT_IGNORE);
    aper_put_ie_message_start(&w, 4);
    ie_ue_id(&w, F1AP_ID_GNB_CU_UE_F1AP_ID, m->cu_ue_id);
    ie_ue_id(&w, F1AP_ID_GNB_DU_UE_F1AP_ID, m->du_ue_id);
    size_t ie = aper_ie_begin(&w, F1AP_ID_SRBID, APER_CRIT_REJECT);
    aper_put_integer(&w, m->srb_id, 0, 3, true); /* SRBID ::= INTEGER (0..3, ...) */
    aper_ie_end(&w, ie);
    ie_octets(&w, F1AP_ID_RRC_CONTAINER, m->rrc, m->rrc_len);
    return aper_pdu_end(&w, pdu);
}

size_t f1ap_encode_dl_rrc_message_transfer(const f1ap_dl_rrc_message_transfer *m, uint8_t *buf,
                                           size_t cap)
{
    return rrc_message_transfer(F1AP_PROC_DL_RRC_MESSAGE_TRANSFER, m, buf, cap);
}

size_t f1ap_encode_ul_rrc_message_transfer(const f1ap_ul_rrc_message_transfer *m, uint8_t *buf,
                                           size_t cap)
{
    return rrc_message_transfer(F1AP_PROC_UL_RRC_MESSAGE_TRANSFER, m, buf, cap);
}
