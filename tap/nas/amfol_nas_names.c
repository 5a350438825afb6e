/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas_names.c: NAS message types, 5GMM/5GSM causes and module enums in words (TS 24.501 §9.7, §9.11.3.2, §9.11.4.2). */
#include "amfol_nas.h"

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

const char *amfol_nas_link_name(int link)
{
    switch (link) {
    case AMFOL_LINK_NEW: return "new";
    case AMFOL_LINK_SUCI: return "suci";
    case AMFOL_LINK_GUTI: return "5g-guti";
    case AMFOL_LINK_S_TMSI: return "5g-s-tmsi";
    case AMFOL_LINK_AMF_UE_ID: return "amf-ue-ngap-id";
    case AMFOL_LINK_NGAP_IDS: return "ngap-ue-context";
    default: return "none";
    }
}

const char *amfol_nas_verdict_name(int v)
{
    switch (v) {
    case AMFOL_VERDICT_ALLOWED: return "allowed";
    case AMFOL_VERDICT_VIOLATION: return "violation";
    case AMFOL_VERDICT_UNCERTAIN: return "uncertain";
    default: return "none";
    }
}
