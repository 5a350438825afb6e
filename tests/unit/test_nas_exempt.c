/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_nas_exempt.c: every back-off exemption and every "must not be rejected" request. */
#include "nas/amfol_nas_exempt.h"
#include "core/amfol_types.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

static amfol_nas_attempt reg(int reg_type, int rrc)
{
    return (amfol_nas_attempt){0x41, reg_type, AMFOL_ABSENT, rrc, false, false};
}

static amfol_nas_attempt svc(int service_type, int rrc)
{
    return (amfol_nas_attempt){0x4c, AMFOL_ABSENT, service_type, rrc, false, false};
}

static void has(const char *got, const char *want)
{
    if (!got || !strstr(got, want)) {
        fprintf(stderr, "got '%s', want '%s'\n", got ? got : "(null)", want);
        assert(0);
    }
}

int main(void)
{
    amfol_nas_attempt a;
    /* Ordinary attempts are not exempt. */
    for (int rt = 1; rt <= 3; rt++) {
        a = reg(rt, AMFOL_CAUSE_MO_SIGNALLING);
        assert(amfol_nas_backoff_exemption(&a) == NULL && amfol_nas_priority_request(&a) == NULL);
    }
    for (int st = 0; st <= 6; st++) {
        if (st >= 2 && st <= 5)
            continue;
        a = svc(st, AMFOL_CAUSE_MO_DATA);
        assert(amfol_nas_backoff_exemption(&a) == NULL && amfol_nas_priority_request(&a) == NULL);
    }
    /* Emergency registration. */
    a = reg(4, AMFOL_ABSENT);
    has(amfol_nas_backoff_exemption(&a), "emergency registration");
    has(amfol_nas_priority_request(&a), "emergency registration");
    /* Service types: MT, emergency, emergency fallback, high priority access. */
    a = svc(2, AMFOL_ABSENT);
    has(amfol_nas_backoff_exemption(&a), "mobile terminated");
    has(amfol_nas_priority_request(&a), "mobile terminated");
    a = svc(3, AMFOL_ABSENT);
    has(amfol_nas_backoff_exemption(&a), "emergency services");
    has(amfol_nas_priority_request(&a), "emergency services");
    a = svc(4, AMFOL_ABSENT);
    has(amfol_nas_backoff_exemption(&a), "emergency services fallback");
    has(amfol_nas_priority_request(&a), "fallback");
    a = svc(5, AMFOL_ABSENT);
    has(amfol_nas_backoff_exemption(&a), "high priority access");
    has(amfol_nas_priority_request(&a), "high priority access");
    /* RRC establishment causes from the InitialUEMessage. */
    a = reg(1, AMFOL_CAUSE_HIGH_PRIORITY);
    has(amfol_nas_backoff_exemption(&a), "highPriorityAccess");
    has(amfol_nas_priority_request(&a), "highPriorityAccess");
    a = reg(1, AMFOL_CAUSE_MPS);
    has(amfol_nas_backoff_exemption(&a), "mps-PriorityAccess");
    has(amfol_nas_priority_request(&a), "mps");
    a = svc(1, AMFOL_CAUSE_MCS);
    has(amfol_nas_backoff_exemption(&a), "mcs-PriorityAccess");
    has(amfol_nas_priority_request(&a), "mcs");
    a = svc(1, AMFOL_CAUSE_MT_ACCESS);
    has(amfol_nas_backoff_exemption(&a), "mt-Access");
    has(amfol_nas_priority_request(&a), "mt-Access");
    a = reg(1, AMFOL_CAUSE_EMERGENCY);
    has(amfol_nas_backoff_exemption(&a), "RRC cause emergency");
    /* 5GMM-CONNECTED and CONFIGURATION UPDATE COMMAND. */
    a = reg(2, AMFOL_CAUSE_MO_SIGNALLING);
    a.connected = true;
    has(amfol_nas_backoff_exemption(&a), "5GMM-CONNECTED");
    assert(amfol_nas_priority_request(&a) == NULL);
    a = reg(2, AMFOL_CAUSE_MO_SIGNALLING);
    a.cuc_since_reject = true;
    has(amfol_nas_backoff_exemption(&a), "CONFIGURATION UPDATE COMMAND");
    printf("test_nas_exempt: ok\n");
    return 0;
}
