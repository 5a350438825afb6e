/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Message builders of the simulation: one call = one NGAP/F1AP/NAS message on the wire. */
#ifndef AMFOL_SYNTH_SIM_MSG_H
#define AMFOL_SYNTH_SIM_MSG_H

#include "sim.h"
#include "../enc/enc_types.h"

/* Fill encoder identity structs from the scenario. */
void sim_plmn(const uint8_t plmn_str_unused[3], const char *plmn_str, enc_plmn *out);

uint32_t msg_ng_setup_request(sim *s, int gnb, int amf);
uint32_t msg_ng_setup_response(sim *s, int gnb, int amf);
uint32_t msg_ng_setup_failure(sim *s, int gnb, int amf);
uint32_t msg_amf_configuration_update(sim *s, int gnb, int amf, int capacity);
uint32_t msg_amf_configuration_update_ack(sim *s, int gnb, int amf);
uint32_t msg_f1_setup_request(sim *s, int gnb);
uint32_t msg_f1_setup_response(sim *s, int gnb);
uint32_t msg_overload_start(sim *s, int gnb, int amf, const sc_start *st);
uint32_t msg_overload_stop(sim *s, int gnb, int amf);
/* F1: RRCSetupRequest up, RRCReject / RRCSetup down. */
uint32_t msg_rrc_setup_request(sim *s, int ue);
uint32_t msg_rrc_reject(sim *s, int ue, int wait_s);
uint32_t msg_rrc_setup(sim *s, int ue);
/* RRCSetupComplete (s-NSSAI-List = the UE's slice, the first NAS message) on SRB1; the NAS
 * message is kept for the INITIAL UE MESSAGE that may follow. */
uint32_t msg_rrc_setup_complete(sim *s, int ue);
/* RRCRelease on SRB1 (the gNB drops the connection before it reaches the AMF). */
uint32_t msg_rrc_release(sim *s, int ue);
/* Frees the NAS message kept from RRCSetupComplete. */
void msg_forget_setup_nas(sim_ue *u);
/* N2 */
uint32_t msg_initial_ue_message(sim *s, int ue);
/* DL NAS: congestion reject (+ release command in the same packet). T3346: <0 none, else octet. */
uint32_t msg_congestion_reject(sim *s, int ue, int t3346_octet, int sec_type);
uint32_t msg_accept(sim *s, int ue);
uint32_t msg_registration_complete(sim *s, int ue);
uint32_t msg_configuration_update(sim *s, int ue);
uint32_t msg_release_command(sim *s, int ue);
uint32_t msg_release_complete(sim *s, int ue);
/* Message zoo: RRCResumeRequest (F1), AMF STATUS INDICATION, ERROR INDICATION (FROM 0 = gNB),
 * UL NAS TRANSPORT + PDU SESSION ESTABLISHMENT REQUEST, DL NAS TRANSPORT + 5GSM reject
 * (back-off timer octet), DEREGISTRATION REQUEST UE terminated #22 + T3346 (all integrity
 * protected, readable). */
uint32_t msg_rrc_resume_request(sim *s, int ue, int resume_cause);
uint32_t msg_amf_status_indication(sim *s, int gnb, int amf);
uint32_t msg_error_indication(sim *s, int gnb, int amf, int from);
uint32_t msg_pdu_session_request(sim *s, int ue, int psi);
uint32_t msg_pdu_session_reject(sim *s, int ue, int psi, int cause, int backoff_octet);
uint32_t msg_deregistration(sim *s, int ue, int t3346_octet);

#endif
