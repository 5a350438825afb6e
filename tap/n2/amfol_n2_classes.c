/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_n2_classes.c: which RRC establishment causes an OverloadAction sheds or exempts
 * (TS 38.413 §8.7.7.2, shared/reference/3gpp-facts.md §1.3), amfol's level convention, names. */
#include "amfol_n2_internal.h"

#include <stdio.h>
#include <string.h>

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

const char *amfol_action_words(int action)
{
    static const char *const words[] = {
        "reject non-emergency mobile-originated data transfer",
        "reject RRC connection establishments for signalling",
        "permit only emergency sessions and mobile-terminated services",
        "permit only high-priority sessions and mobile-terminated services",
    };
    if (action < 0)
        return "no action IE (read as: reject RRC connection establishments for signalling)";
    if (action >= AMFOL_ACTION_COUNT)
        return "unknown action (extension value)";
    return words[action];
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

const char *amfol_level_name(enum amfol_level level)
{
    switch (level) {
    case AMFOL_LEVEL_MINOR: return "Minor";
    case AMFOL_LEVEL_MAJOR: return "Major";
    case AMFOL_LEVEL_CRITICAL: return "Critical";
    default: return "Normal";
    }
}

int n2_cause_index(int cause)
{
    if (cause < 0 || cause >= AMFOL_CAUSE_COUNT)
        return AMFOL_CAUSE_NOT_AVAILABLE;
    return cause;
}

double n2_expected_pass(int reduction_pct)
{
    /* 38.413: without a reduction IE only traffic not to be rejected is sent: pass-through 0. */
    if (reduction_pct < 1 || reduction_pct > 100)
        return 0.0;
    return 1.0 - reduction_pct / 100.0;
}

void amfol_snssai_text(const amfol_snssai *s, char *buf, size_t cap)
{
    if (s->has_sd)
        snprintf(buf, cap, "%u-%06x", (unsigned)s->sst, (unsigned)(s->sd & 0xffffff));
    else
        snprintf(buf, cap, "%u", (unsigned)s->sst);
}

void amfol_plmn_from_tbcd(const uint8_t *b, size_t len, amfol_plmn *out)
{
    static const char hex[] = "0123456789abcdef";
    memset(out, 0, sizeof *out);
    if (!b || len < 3)
        return;
    /* TBCD: MCC1 MCC2 | MCC3 MNC3 | MNC1 MNC2; MNC3 = F for two-digit MNCs. */
    int d[6] = { b[0] & 0xf, b[0] >> 4, b[1] & 0xf, b[2] & 0xf, b[2] >> 4, b[1] >> 4 };
    int n = 0;
    for (int i = 0; i < 6; i++) {
        if (i == 5 && d[i] == 0xf)
            break;
        out->digits[n++] = hex[d[i]];
    }
    out->digits[n] = '\0';
}
