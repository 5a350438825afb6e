/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Internal: aligned-PER writers for NGAP IE value types shared by several NGAP messages. */
#ifndef AMFOL_NGAP_COMMON_H
#define AMFOL_NGAP_COMMON_H

#include "aper.h"
#include "ngap_enc.h"

/* NGAP protocol IE ids (TS 38.413 NGAP-Constants). */
enum {
    NGAP_ID_AMF_NAME = 1,
    NGAP_ID_AMF_OVERLOAD_RESPONSE = 2,
    NGAP_ID_AMF_TRAFFIC_LOAD_REDUCTION_INDICATION = 9,
    NGAP_ID_AMF_UE_NGAP_ID = 10,
    NGAP_ID_CAUSE = 15,
    NGAP_ID_DEFAULT_PAGING_DRX = 21,
    NGAP_ID_FIVEG_S_TMSI = 26,
    NGAP_ID_GLOBAL_RAN_NODE_ID = 27,
    NGAP_ID_NAS_PDU = 38,
    NGAP_ID_OVERLOAD_START_NSSAI_LIST = 49,
    NGAP_ID_PLMN_SUPPORT_LIST = 80,
    NGAP_ID_RAN_NODE_NAME = 82,
    NGAP_ID_RAN_UE_NGAP_ID = 85,
    NGAP_ID_RELATIVE_AMF_CAPACITY = 86,
    NGAP_ID_RRC_ESTABLISHMENT_CAUSE = 90,
    NGAP_ID_SERVED_GUAMI_LIST = 96,
    NGAP_ID_SUPPORTED_TA_LIST = 102,
    NGAP_ID_TIME_TO_WAIT = 107,
    NGAP_ID_UE_CONTEXT_REQUEST = 112,
    NGAP_ID_UE_NGAP_IDS = 114,
    NGAP_ID_UNAVAILABLE_GUAMI_LIST = 120,
    NGAP_ID_USER_LOCATION_INFORMATION = 121,
};

/* Upper bounds from NGAP-Constants used as SIZE constraints. */
#define NGAP_MAXNOOF_SLICE_ITEMS 1024
#define NGAP_MAXNOOF_TACS 256
#define NGAP_MAXNOOF_BPLMNS 12
#define NGAP_MAXNOOF_PLMNS 12
#define NGAP_MAXNOOF_SERVED_GUAMIS 256

void ngap_put_plmn(aper_writer *w, const enc_plmn *plmn);
void ngap_put_tac(aper_writer *w, uint32_t tac);
void ngap_put_snssai(aper_writer *w, const enc_snssai *s);
void ngap_put_slice_support_list(aper_writer *w, const ngap_slice_list *l);
void ngap_put_guami(aper_writer *w, const enc_guami *g);
void ngap_put_amf_name(aper_writer *w, const char *name);
void ngap_put_cause(aper_writer *w, const ngap_cause *c);
void ngap_put_amf_ue_id(aper_writer *w, uint64_t id);
void ngap_put_ran_ue_id(aper_writer *w, uint32_t id);
/* UserLocationInformation CHOICE with the NR alternative. */
void ngap_put_uli_nr(aper_writer *w, const enc_nr_cgi *cgi, const enc_tai *tai);
void ngap_put_overload_response(aper_writer *w, uint8_t action);

/* Helpers that write a whole ProtocolIE-Field. */
void ngap_ie_amf_ue_id(aper_writer *w, unsigned crit, uint64_t id);
void ngap_ie_ran_ue_id(aper_writer *w, unsigned crit, uint32_t id);
void ngap_ie_nas_pdu(aper_writer *w, unsigned crit, const uint8_t *nas, size_t len);
void ngap_ie_cause(aper_writer *w, unsigned crit, const ngap_cause *c);

#endif
