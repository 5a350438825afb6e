/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_slices.c: S-NSSAI text form ("1-000001", "2"), the protected-slice preference, and the
 * requested NSSAI learnt from NAS per 5G-S-TMSI part1 (bounded). */
#include "amfol_rrc_internal.h"
#include "../core/amfol_engine_internal.h"

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

/* ---- Requested NSSAI per 5G-S-TMSI (from NAS), for slice-overload-blocks-slice ---------- */

bool rrc_snssai_equal(const amfol_snssai *a, const amfol_snssai *b)
{
    return a->sst == b->sst && a->has_sd == b->has_sd &&
           (!a->has_sd || (a->sd & 0xFFFFFFu) == (b->sd & 0xFFFFFFu));
}

/* 39 LSBs of the 48-bit 5G-S-TMSI: AMF Set ID (10) | AMF Pointer (6) | 5G-TMSI (32). */
static uint64_t part1_of(uint16_t set_id, uint8_t pointer, uint32_t tmsi)
{
    uint64_t v = (uint64_t)(set_id & 0x3FFu) << 38 | (uint64_t)(pointer & 0x3Fu) << 32 | tmsi;
    return v & RRC_PART1_MASK;
}

static int nssai_set_intern(amfol_rrc *s, const amfol_nas_event *ev)
{
    rrc_nssai_set x;
    memset(&x, 0, sizeof x);
    x.n = ev->n_requested_nssai < AMFOL_MAX_NSSAI ? ev->n_requested_nssai : AMFOL_MAX_NSSAI;
    for (int i = 0; i < x.n; i++) {
        x.s[i] = ev->requested_nssai[i];
        x.s[i].sd = x.s[i].has_sd ? x.s[i].sd & 0xFFFFFFu : 0;
    }
    for (guint k = 0; k < s->nssai_sets->len; k++) {
        const rrc_nssai_set *y = &g_array_index(s->nssai_sets, rrc_nssai_set, k);
        bool same = y->n == x.n;
        for (int i = 0; same && i < x.n; i++)
            same = rrc_snssai_equal(&y->s[i], &x.s[i]);
        if (same)
            return (int)k;
    }
    if (s->nssai_sets->len >= RRC_MAX_NSSAI_SETS)
        return -1;
    g_array_append_val(s->nssai_sets, x);
    return (int)s->nssai_sets->len - 1;
}

static void learn(amfol_rrc *s, uint64_t part1, int set)
{
    bool known = g_hash_table_contains(s->ue_nssai, &part1);
    if (!known && g_hash_table_size(s->ue_nssai) >= RRC_MAX_UE_NSSAI) {
        s->overflow++;   /* capped: UEs first seen later stay unknown */
        return;
    }
    uint64_t *k = g_new(uint64_t, 1);
    *k = part1;
    g_hash_table_replace(s->ue_nssai, k, GINT_TO_POINTER(set + 1));   /* frees the old key */
}

void amfol_rrc_on_nas(amfol_engine *e, const amfol_nas_event *ev)
{
    amfol_rrc *s = e ? e->rrc : NULL;
    if (!s || !ev || ev->ciphered || ev->mm_type != 0x41 || ev->n_requested_nssai <= 0)
        return;   /* only a readable REGISTRATION REQUEST lists the requested NSSAI */
    int set = nssai_set_intern(s, ev);
    if (set < 0) {
        s->overflow++;
        return;
    }
    if (ev->has_guti)
        learn(s, part1_of(ev->guti_guami.set_id, ev->guti_guami.pointer, ev->guti_tmsi), set);
    if (ev->has_s_tmsi)
        learn(s, part1_of(ev->s_tmsi.set_id, ev->s_tmsi.pointer, ev->s_tmsi.tmsi), set);
    if (ev->ngap && ev->ngap->has_s_tmsi)
        learn(s, part1_of(ev->ngap->s_tmsi.set_id, ev->ngap->s_tmsi.pointer, ev->ngap->s_tmsi.tmsi), set);
}

int rrc_nssai_for_part1(const amfol_rrc *s, uint64_t part1)
{
    part1 &= RRC_PART1_MASK;
    gpointer v = g_hash_table_lookup(s->ue_nssai, &part1);
    return v ? GPOINTER_TO_INT(v) - 1 : -1;
}
