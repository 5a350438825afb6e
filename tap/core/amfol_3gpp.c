/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_3gpp.c: the 3GPP names and tables (amfol_3gpp.h), each written once. */
#include "amfol_3gpp.h"
#include "amfol_events.h"     /* enum amfol_pdu_type */

#include <stddef.h>

const char *amfol_ngap_message_name(int proc, int pdu_type)
{
    bool ok = pdu_type == AMFOL_PDU_SUCCESSFUL, failed = pdu_type == AMFOL_PDU_UNSUCCESSFUL;
    switch (proc) {
    case AMFOL_NGAP_AMF_CONFIGURATION_UPDATE:
        return failed ? "AMFConfigurationUpdateFailure"
             : ok ? "AMFConfigurationUpdateAcknowledge" : "AMFConfigurationUpdate";
    case AMFOL_NGAP_AMF_STATUS_INDICATION: return "AMFStatusIndication";
    case AMFOL_NGAP_ERROR_INDICATION: return "ErrorIndication";
    case AMFOL_NGAP_INITIAL_UE_MESSAGE: return "InitialUEMessage";
    case AMFOL_NGAP_NG_SETUP: return failed ? "NGSetupFailure" : ok ? "NGSetupResponse" : "NGSetupRequest";
    case AMFOL_NGAP_OVERLOAD_START: return "OverloadStart";
    case AMFOL_NGAP_OVERLOAD_STOP: return "OverloadStop";
    case AMFOL_NGAP_RAN_CONFIGURATION_UPDATE:
        return failed ? "RANConfigurationUpdateFailure" : "RANConfigurationUpdate";
    case AMFOL_NGAP_UE_CONTEXT_RELEASE: return ok ? "UEContextReleaseComplete" : "UEContextReleaseCommand";
    case AMFOL_NGAP_UE_CONTEXT_RELEASE_REQUEST: return "UEContextReleaseRequest";
    default: return "NGAP";
    }
}

int amfol_ngap_initiator(int proc)
{
    switch (proc) {
    case 0: case 1: case 4: case 10: case 13: case 14: case 16: case 22: case 23: case 24:
    case 26: case 28: case 29: case 31: case 32: case 36: case 37: case 40: case 41: case 45:
    case 47: case 50: case 51:
        return +1;                /* AMF config update, status, DL NAS, handover request, ... */
    case 2: case 3: case 6: case 11: case 12: case 15: case 17: case 18: case 21: case 25:
    case 27: case 33: case 34: case 35: case 38: case 39: case 42: case 43: case 44: case 46:
    case 48: case 49:
        return -1;                /* NG setup, initial UE, UL NAS, RAN config update, ... */
    default:
        return 0;                 /* error indication, NG reset, others */
    }
}

/* Bit masks over enum amfol_rrc_cause. */
#define C(x) (1u << (x))
#define MO_DT (C(AMFOL_CAUSE_MO_DATA) | C(AMFOL_CAUSE_MO_SMS) | C(AMFOL_CAUSE_MO_VOICECALL) | \
               C(AMFOL_CAUSE_MO_VIDEOCALL))
#define PRIORITY (C(AMFOL_CAUSE_EMERGENCY) | C(AMFOL_CAUSE_HIGH_PRIORITY) | C(AMFOL_CAUSE_MT_ACCESS) | \
                  C(AMFOL_CAUSE_MPS) | C(AMFOL_CAUSE_MCS))

/* notAvailable (10) is in no class: amfol cannot tell what it was. */
static const uint32_t shed_mask[AMFOL_ACTION_COUNT] = {
    [AMFOL_ACTION_REJECT_NON_EMERGENCY_MO_DT] = MO_DT,
    [AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING] = MO_DT | C(AMFOL_CAUSE_MO_SIGNALLING),
    /* "only permit emergency sessions and mobile terminated services" */
    [AMFOL_ACTION_PERMIT_EMERGENCY_AND_MT_ONLY] =
        MO_DT | C(AMFOL_CAUSE_MO_SIGNALLING) | C(AMFOL_CAUSE_HIGH_PRIORITY) | C(AMFOL_CAUSE_MPS) |
        C(AMFOL_CAUSE_MCS) | C(AMFOL_CAUSE_MO_EXCEPTION_DATA),
    /* "only permit high priority sessions and mobile terminated services": emergency is not in
     * the permit list (verbatim 38.413), yet no 3GPP text asks a gNB to reject emergency calls:
     * emergency is in neither class (not judged); mo-ExceptionData is permitted (E-UTRA list). */
    [AMFOL_ACTION_PERMIT_HIGH_PRIORITY_AND_MT_ONLY] = MO_DT | C(AMFOL_CAUSE_MO_SIGNALLING),
};

static const uint32_t exempt_mask[AMFOL_ACTION_COUNT] = {
    [AMFOL_ACTION_REJECT_NON_EMERGENCY_MO_DT] = PRIORITY,
    [AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING] = PRIORITY,
    [AMFOL_ACTION_PERMIT_EMERGENCY_AND_MT_ONLY] = C(AMFOL_CAUSE_EMERGENCY) | C(AMFOL_CAUSE_MT_ACCESS),
    [AMFOL_ACTION_PERMIT_HIGH_PRIORITY_AND_MT_ONLY] =
        C(AMFOL_CAUSE_HIGH_PRIORITY) | C(AMFOL_CAUSE_MPS) | C(AMFOL_CAUSE_MCS) |
        C(AMFOL_CAUSE_MT_ACCESS) | C(AMFOL_CAUSE_MO_EXCEPTION_DATA),
};

static int effective_action(int action)
{
    /* docs/faults.md: a START without an action IE is read as reject-rrc-cr-signalling. */
    if (action < 0 || action >= AMFOL_ACTION_COUNT)
        return AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING;
    return action;
}

bool amfol_cause_is_shed(int action, int cause)
{
    if (cause < 0 || cause >= AMFOL_CAUSE_COUNT)
        return false;
    return (shed_mask[effective_action(action)] & C(cause)) != 0;
}

bool amfol_cause_is_exempt(int action, int cause)
{
    if (cause < 0 || cause >= AMFOL_CAUSE_COUNT)
        return false;
    return (exempt_mask[effective_action(action)] & C(cause)) != 0;
}

enum amfol_level amfol_level_for_action(int action)
{
    switch (action) {
    case AMFOL_ACTION_REJECT_NON_EMERGENCY_MO_DT:
        return AMFOL_LEVEL_MINOR;
    case AMFOL_ACTION_PERMIT_EMERGENCY_AND_MT_ONLY:
    case AMFOL_ACTION_PERMIT_HIGH_PRIORITY_AND_MT_ONLY:
        return AMFOL_LEVEL_CRITICAL;
    default:                     /* action 1, no action IE, or an unknown extension value */
        return AMFOL_LEVEL_MAJOR;
    }
}

const char *amfol_action_name(int action)
{
    static const char *const names[] = {
        "reject-non-emergency-mo-dt",
        "reject-rrc-cr-signalling",
        "permit-emergency-sessions-and-mobile-terminated-services-only",
        "permit-high-priority-sessions-and-mobile-terminated-services-only",
    };
    if (action < 0)
        return "none";
    if (action >= AMFOL_ACTION_COUNT)
        return "unknown";
    return names[action];
}

const char *amfol_cause_name(int cause)
{
    static const char *const names[AMFOL_CAUSE_COUNT] = {
        "emergency", "highPriorityAccess", "mt-Access", "mo-Signalling", "mo-Data",
        "mo-VoiceCall", "mo-VideoCall", "mo-SMS", "mps-PriorityAccess", "mcs-PriorityAccess",
        "notAvailable", "mo-ExceptionData",
    };
    if (cause < 0 || cause >= AMFOL_CAUSE_COUNT)
        return "unknown";
    return names[cause];
}

const char *amfol_resume_cause_name(int resume_cause)
{
    if (resume_cause >= 0 && resume_cause < AMFOL_RESUME_RNA_UPDATE)
        return amfol_cause_name(resume_cause);
    switch (resume_cause) {
    case AMFOL_RESUME_RNA_UPDATE: return "rna-Update";
    case 9: return amfol_cause_name(AMFOL_CAUSE_MPS);
    case 10: return amfol_cause_name(AMFOL_CAUSE_MCS);
    default: return "unknown";
    }
}

const char *amfol_rrc_msg_name(int msg)
{
    switch (msg) {
    case AMFOL_RRC_SETUP_REQUEST: return "RRCSetupRequest";
    case AMFOL_RRC_RESUME_REQUEST: return "RRCResumeRequest";
    case AMFOL_RRC_SETUP: return "RRCSetup";
    case AMFOL_RRC_REJECT: return "RRCReject";
    case AMFOL_RRC_RESUME: return "RRCResume";
    case AMFOL_RRC_RELEASE: return "RRCRelease";
    case AMFOL_RRC_SETUP_COMPLETE: return "RRCSetupComplete";
    default: return NULL;
    }
}

const char *amfol_nas_mm_type_name(int t)
{
    switch (t) {
    case 0x41: return "Registration request";
    case 0x42: return "Registration accept";
    case 0x43: return "Registration complete";
    case 0x44: return "Registration reject";
    case 0x45: return "Deregistration request (UE originating)";
    case 0x46: return "Deregistration accept (UE originating)";
    case 0x47: return "Deregistration request (UE terminated)";
    case 0x48: return "Deregistration accept (UE terminated)";
    case 0x4c: return "Service request";
    case 0x4d: return "Service reject";
    case 0x4e: return "Service accept";
    case 0x4f: return "Control plane service request";
    case 0x54: return "Configuration update command";
    case 0x55: return "Configuration update complete";
    case 0x56: return "Authentication request";
    case 0x57: return "Authentication response";
    case 0x58: return "Authentication reject";
    case 0x59: return "Authentication failure";
    case 0x5a: return "Authentication result";
    case 0x5b: return "Identity request";
    case 0x5c: return "Identity response";
    case 0x5d: return "Security mode command";
    case 0x5e: return "Security mode complete";
    case 0x5f: return "Security mode reject";
    case 0x64: return "5GMM status";
    case 0x65: return "Notification";
    case 0x66: return "Notification response";
    case 0x67: return "UL NAS transport";
    case 0x68: return "DL NAS transport";
    default: return "5GMM message";
    }
}

const char *amfol_nas_sm_type_name(int t)
{
    switch (t) {
    case 0xc1: return "PDU session establishment request";
    case 0xc2: return "PDU session establishment accept";
    case 0xc3: return "PDU session establishment reject";
    case 0xc9: return "PDU session modification request";
    case 0xca: return "PDU session modification reject";
    case 0xcb: return "PDU session modification command";
    case 0xd1: return "PDU session release request";
    case 0xd2: return "PDU session release reject";
    case 0xd3: return "PDU session release command";
    case 0xd6: return "5GSM status";
    default: return "5GSM message";
    }
}

const char *amfol_nas_mm_cause_name(int c)
{
    switch (c) {
    case 3: return "Illegal UE";
    case 5: return "PEI not accepted";
    case 6: return "Illegal ME";
    case 7: return "5GS services not allowed";
    case 9: return "UE identity cannot be derived by the network";
    case 10: return "Implicitly de-registered";
    case 11: return "PLMN not allowed";
    case 12: return "Tracking area not allowed";
    case 13: return "Roaming not allowed in this tracking area";
    case 15: return "No suitable cells in tracking area";
    case 20: return "MAC failure";
    case 21: return "Synch failure";
    case 22: return "Congestion";
    case 23: return "UE security capabilities mismatch";
    case 24: return "Security mode rejected, unspecified";
    case 26: return "Non-5G authentication unacceptable";
    case 27: return "N1 mode not allowed";
    case 28: return "Restricted service area";
    case 31: return "Redirection to EPC required";
    case 43: return "LADN not available";
    case 62: return "No network slices available";
    case 65: return "Maximum number of PDU sessions reached";
    case 67: return "Insufficient resources for specific slice and DNN";
    case 69: return "Insufficient resources for specific slice";
    case 71: return "ngKSI already in use";
    case 72: return "Non-3GPP access to 5GCN not allowed";
    case 73: return "Serving network not authorized";
    case 74: return "Temporarily not authorized for this SNPN";
    case 75: return "Permanently not authorized for this SNPN";
    case 76: return "Not authorized for this CAG or authorized for CAG cells only";
    case 90: return "Payload was not forwarded";
    case 91: return "DNN not supported or not subscribed in the slice";
    case 92: return "Insufficient user-plane resources for the PDU session";
    case 95: return "Semantically incorrect message";
    case 96: return "Invalid mandatory information";
    case 97: return "Message type non-existent or not implemented";
    case 98: return "Message type not compatible with the protocol state";
    case 99: return "Information element non-existent or not implemented";
    case 100: return "Conditional IE error";
    case 101: return "Message not compatible with the protocol state";
    case 111: return "Protocol error, unspecified";
    default: return "Unknown 5GMM cause";
    }
}

const char *amfol_nas_sm_cause_name(int c)
{
    switch (c) {
    case 8: return "Operator determined barring";
    case 26: return "Insufficient resources";
    case 27: return "Missing or unknown DNN";
    case 28: return "Unknown PDU session type";
    case 29: return "User authentication or authorization failed";
    case 31: return "Request rejected, unspecified";
    case 32: return "Service option not supported";
    case 33: return "Requested service option not subscribed";
    case 36: return "Regular deactivation";
    case 39: return "Reactivation requested";
    case 67: return "Insufficient resources for specific slice and DNN";
    case 69: return "Insufficient resources for specific slice";
    case 70: return "Missing or unknown DNN in a slice";
    case 111: return "Protocol error, unspecified";
    default: return "Unknown 5GSM cause";
    }
}
