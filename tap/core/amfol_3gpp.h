/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_3gpp.h: the one home of the 3GPP names and tables amfol uses: NGAP procedure codes and
 * who initiates them, OverloadAction names and the shed / exempt class per action, RRC
 * establishment and resume causes, 5GMM / 5GSM message types and causes. The plugin's
 * value_strings are built from these (plugin/glue/amfol_vals.c). */
#ifndef AMFOL_3GPP_H
#define AMFOL_3GPP_H

#include "amfol_types.h"

#include <stdbool.h>

/* NGAP ProcedureCode (TS 38.413 §9.4.7), the ones amfol looks at. */
enum amfol_ngap_proc {
    AMFOL_NGAP_AMF_CONFIGURATION_UPDATE = 0,
    AMFOL_NGAP_AMF_STATUS_INDICATION = 1,
    AMFOL_NGAP_DOWNLINK_NAS_TRANSPORT = 4,
    AMFOL_NGAP_ERROR_INDICATION = 9,
    AMFOL_NGAP_HANDOVER_RESOURCE_ALLOCATION = 13,
    AMFOL_NGAP_INITIAL_CONTEXT_SETUP = 14,
    AMFOL_NGAP_INITIAL_UE_MESSAGE = 15,
    AMFOL_NGAP_NAS_NON_DELIVERY_INDICATION = 19,
    AMFOL_NGAP_NG_SETUP = 21,
    AMFOL_NGAP_OVERLOAD_START = 22,
    AMFOL_NGAP_OVERLOAD_STOP = 23,
    AMFOL_NGAP_PDU_SESSION_RESOURCE_MODIFY = 26,
    AMFOL_NGAP_PDU_SESSION_RESOURCE_RELEASE = 28,
    AMFOL_NGAP_PDU_SESSION_RESOURCE_SETUP = 29,
    AMFOL_NGAP_RAN_CONFIGURATION_UPDATE = 35,
    AMFOL_NGAP_REROUTE_NAS_REQUEST = 36,
    AMFOL_NGAP_UE_CONTEXT_MODIFICATION = 40,
    AMFOL_NGAP_UE_CONTEXT_RELEASE = 41,
    AMFOL_NGAP_UE_CONTEXT_RELEASE_REQUEST = 42,
    AMFOL_NGAP_UPLINK_NAS_TRANSPORT = 46,
};

/* The NGAP message of a procedure and PDU type (enum amfol_pdu_type) as TS 38.413 §9.2 names it,
 * for the procedures amfol renders ("OverloadStart", "NGSetupResponse"); "NGAP" for the others. */
const char *amfol_ngap_message_name(int proc, int pdu_type);

/* Who sends the initiating message of a procedure (TS 38.413 §8; class 1 outcomes go back):
 * +1 the AMF, -1 the NG-RAN node, 0 either (error indication, NG reset, unknown codes). */
int amfol_ngap_initiator(int proc);

/* OverloadAction (TS 38.413 §9.3.1.105): names and what each sheds / exempts
 * (TS 38.413 §8.7.7.2, reference 3gpp-facts.md §1.3). AMFOL_ABSENT or an unknown action is read
 * as reject-rrc-cr-signalling (docs/faults.md). */
const char *amfol_action_name(int action);       /* "reject-rrc-cr-signalling"; "none" when absent */
bool amfol_cause_is_shed(int action, int cause); /* cause: enum amfol_rrc_cause */
bool amfol_cause_is_exempt(int action, int cause);
enum amfol_level amfol_level_for_action(int action);   /* amfol's convention, not 3GPP */

/* RRCEstablishmentCause (NGAP; = NR RRC EstablishmentCause for 0..9) and NR RRC ResumeCause. */
const char *amfol_cause_name(int cause);         /* "mo-Signalling"; "unknown" */
#define AMFOL_RESUME_RNA_UPDATE 8                /* ResumeCause rna-Update (8); 9 MPS, 10 MCS */
const char *amfol_resume_cause_name(int resume_cause);

/* NR RRC messages amfol follows (TS 38.331 §6.2: CCCH, and RRCSetupComplete on UL-DCCH), by
 * enum amfol_rrc_msg; NULL for a value that names no message. */
const char *amfol_rrc_msg_name(int msg);

/* NAS-5GS (TS 24.501 §9.7, §9.11.3.2, §9.11.4.2). */
const char *amfol_nas_mm_type_name(int mm_type);
const char *amfol_nas_sm_type_name(int sm_type);
const char *amfol_nas_mm_cause_name(int cause);
const char *amfol_nas_sm_cause_name(int cause);

#endif
