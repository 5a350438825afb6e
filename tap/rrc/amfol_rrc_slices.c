/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_slices.c: S-NSSAI text form ("1-000001", "2"), comparison, and the protected-slice
 * preference. */
#include "amfol_rrc_internal.h"
#include "../core/amfol_context.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rrc_format_snssai(const amfol_snssai *s, char *buf, size_t cap)
{
    if (s->has_sd)
        snprintf(buf, cap, "%u-%06x", (unsigned)s->sst, (unsigned)(s->sd & 0xFFFFFFu));
    else
        snprintf(buf, cap, "%u", (unsigned)s->sst);
}

/* One entry of the list: "SST" (any SD) or "SST-SD" (hex SD). */
static bool entry_matches(const char *tok, const amfol_snssai *s)
{
    char *end = NULL;
    unsigned long sst = strtoul(tok, &end, 10);
    if (end == tok || sst > 255 || sst != s->sst)
        return false;
    while (*end == ' ')
        end++;
    if (*end == 0)
        return true;
    if (*end != '-')
        return false;
    const char *sd_txt = end + 1;
    unsigned long sd = strtoul(sd_txt, &end, 16);
    if (end == sd_txt)
        return false;
    return s->has_sd && (uint32_t)sd == (s->sd & 0xFFFFFFu);
}

bool rrc_snssai_protected(const char *list, const amfol_snssai *s)
{
    if (!list || !*list)
        return false;
    gchar **toks = g_strsplit_set(list, ", ;", 64);
    bool hit = false;
    for (int i = 0; toks[i] && !hit; i++)
        hit = toks[i][0] && entry_matches(toks[i], s);
    g_strfreev(toks);
    return hit;
}

bool rrc_snssai_equal(const amfol_snssai *a, const amfol_snssai *b)
{
    return a->sst == b->sst && a->has_sd == b->has_sd &&
           (!a->has_sd || (a->sd & 0xFFFFFFu) == (b->sd & 0xFFFFFFu));
}
