/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Name tables (causes, actions, behaviours) and the shed/exempt class of each overload action. */
#include "scenario.h"

#include <stdio.h>
#include <string.h>

static const char *const cause_names[SC_NCAUSES] = {
    "emergency", "highPriorityAccess", "mt-Access", "mo-Signalling", "mo-Data",
    "mo-VoiceCall", "mo-VideoCall", "mo-SMS", "mps-PriorityAccess", "mcs-PriorityAccess",
};

static const char *const action_names[4] = {
    "reject-non-emergency-mo-dt",
    "reject-rrc-cr-signalling",
    "permit-emergency-sessions-and-mobile-terminated-services-only",
    "permit-high-priority-sessions-and-mobile-terminated-services-only",
};

static const char *const behaviour_names[] = {
    "complies", "ignores-start", "over-sheds", "sheds-exempt", "misses-stop",
    "rejects-without-start", "releases-unlisted-slices", "sheds-by-release",
};

const char *cause_name(int cause)
{
    return cause >= 0 && cause < SC_NCAUSES ? cause_names[cause] : "unknown";
}

int cause_from_name(const char *s)
{
    for (int i = 0; i < SC_NCAUSES; i++)
        if (strcmp(s, cause_names[i]) == 0)
            return i;
    return -1;
}

const char *action_name(int action)
{
    return action >= 0 && action < 4 ? action_names[action] : "none";
}

int action_from_name(const char *s, int *out)
{
    if (strcmp(s, "none") == 0) {
        *out = ACTION_NONE;
        return 0;
    }
    for (int i = 0; i < 4; i++)
        if (strcmp(s, action_names[i]) == 0 || (s[0] == '0' + i && s[1] == 0)) {
            *out = i;
            return 0;
        }
    return -1;
}

const char *behaviour_name(gnb_behaviour b)
{
    return (unsigned)b < sizeof behaviour_names / sizeof behaviour_names[0] ? behaviour_names[b]
                                                                          : "unknown";
}

int cause_is_shed(int action, int cause)
{
    switch (action) {
    case ACTION_REJECT_MO_DT:
        return cause == CAUSE_MO_DATA || cause == CAUSE_MO_SMS || cause == CAUSE_MO_VIDEO ||
               cause == CAUSE_MO_VOICE;
    case ACTION_NONE:
    case ACTION_REJECT_SIGNALLING:
        return cause == CAUSE_MO_DATA || cause == CAUSE_MO_SMS || cause == CAUSE_MO_VIDEO ||
               cause == CAUSE_MO_VOICE || cause == CAUSE_MO_SIGNALLING;
    case ACTION_PERMIT_EMERGENCY_MT:
        return cause != CAUSE_EMERGENCY && cause != CAUSE_MT_ACCESS;
    case ACTION_PERMIT_HIGH_PRIO_MT:   /* emergency: neither shed nor exempt (docs/faults.md) */
        return cause != CAUSE_HIGH_PRIORITY && cause != CAUSE_MPS && cause != CAUSE_MCS &&
               cause != CAUSE_MT_ACCESS && cause != CAUSE_EMERGENCY;
    default:
        return 0;
    }
}

int cause_is_exempt(int action, int cause)
{
    int special = cause == CAUSE_EMERGENCY || cause == CAUSE_HIGH_PRIORITY ||
                  cause == CAUSE_MT_ACCESS || cause == CAUSE_MPS || cause == CAUSE_MCS;
    if (action == ACTION_PERMIT_HIGH_PRIO_MT && cause == CAUSE_EMERGENCY)
        return 0;
    return special && !cause_is_shed(action, cause);
}

void snssai_format(const sc_snssai *s, char *buf, int len)
{
    if (s->has_sd)
        snprintf(buf, (size_t)len, "%u-%06x", s->sst, s->sd & 0xFFFFFFu);
    else
        snprintf(buf, (size_t)len, "%u", s->sst);
}

int snssai_equal(const sc_snssai *a, const sc_snssai *b)
{
    return a->sst == b->sst && a->has_sd == b->has_sd && (!a->has_sd || a->sd == b->sd);
}
