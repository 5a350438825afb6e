/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas_exempt.h: which attempts may go ahead while T3346 runs (TS 24.501 §5.5.1.3.7,
 * §5.6.1.7) and which requests an AMF must not reject for congestion; pure functions. */
#ifndef AMFOL_NAS_EXEMPT_H
#define AMFOL_NAS_EXEMPT_H

#include <stdbool.h>

/* An attempt (REGISTRATION REQUEST or SERVICE REQUEST) and its context. */
typedef struct amfol_nas_attempt {
    int mm_type;                 /* 0x41 or 0x4c */
    int reg_type;                /* 5GS registration type or AMFOL_ABSENT */
    int service_type;            /* service type or AMFOL_ABSENT */
    int rrc_cause;               /* RRCEstablishmentCause of its InitialUEMessage or AMFOL_ABSENT */
    bool connected;              /* sent in an existing NGAP UE context (5GMM-CONNECTED) */
    bool cuc_since_reject;       /* CONFIGURATION UPDATE COMMAND to the UE after the reject */
} amfol_nas_attempt;

/* NULL when the attempt is not exempt from the running back-off, else the reason in words. */
const char *amfol_nas_backoff_exemption(const amfol_nas_attempt *a);

/* NULL when the request is ordinary, else why an AMF must not reject it for congestion
 * (emergency registration, service type emergency / emergency fallback / high priority access,
 * RRC cause emergency / highPriorityAccess / MPS / MCS; docs/faults.md). */
const char *amfol_nas_priority_request(const amfol_nas_attempt *a);

#endif
