/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_n2_classes.c: amfol's level names and small N2 helpers (the shed / exempt tables and
 * the 3GPP names live in tap/core/amfol_3gpp.c). */
#include "amfol_n2_internal.h"

#include <stdio.h>
#include <string.h>

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
