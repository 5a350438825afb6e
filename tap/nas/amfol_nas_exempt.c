/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas_exempt.c: exemption rules for back-off and for congestion rejects. */
#include "amfol_nas_exempt.h"
#include "../core/amfol_types.h"

#define REG_EMERGENCY 4
#define SERV_MT 2
#define SERV_EMERGENCY 3
#define SERV_EMERGENCY_FALLBACK 4
#define SERV_HIGH_PRIORITY 5

static const char *priority_reason(const amfol_nas_attempt *a)
{
    if (a->mm_type == 0x41 && a->reg_type == REG_EMERGENCY)
        return "emergency registration";
    if (a->mm_type == 0x4c) {
        switch (a->service_type) {
        case SERV_EMERGENCY: return "service type emergency services";
        case SERV_EMERGENCY_FALLBACK: return "service type emergency services fallback";
        case SERV_HIGH_PRIORITY: return "service type high priority access";
        case SERV_MT:   /* the answer to paging or to a NOTIFICATION (TS 24.501 §5.6.1, §5.6.3) */
            return "service type mobile terminated services (paging or NOTIFICATION response)";
        default: break;
        }
    }
    switch (a->rrc_cause) {
    case AMFOL_CAUSE_EMERGENCY: return "RRC cause emergency";
    case AMFOL_CAUSE_HIGH_PRIORITY: return "RRC cause highPriorityAccess";
    case AMFOL_CAUSE_MPS: return "RRC cause mps-PriorityAccess";
    case AMFOL_CAUSE_MCS: return "RRC cause mcs-PriorityAccess";
    case AMFOL_CAUSE_MT_ACCESS:
        return "RRC cause mt-Access (paging response)";
    default: break;
    }
    return NULL;
}

const char *amfol_nas_backoff_exemption(const amfol_nas_attempt *a)
{
    const char *why = priority_reason(a);
    if (why)
        return why;
    if (a->connected)
        return "UE in 5GMM-CONNECTED (request in an existing NGAP UE context)";
    if (a->cuc_since_reject)
        return "CONFIGURATION UPDATE COMMAND received after the reject";
    return NULL;
}

const char *amfol_nas_priority_request(const amfol_nas_attempt *a)
{
    /* Mobile-terminated requests too: the AMF is not to reject them for congestion
     * (TS 23.501 §5.19.7.2, TS 24.501 §5.3.9). */
    return priority_reason(a);
}
