/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_tie.c: which NF profile (NRF side) is which N2 AMF, without relying on NG Setup.
 * Sources, strongest first (docs/fields-sbi.md, "Ties"):
 *   1. a GUAMI of the profile's amfInfo seen on N2: NG SETUP RESPONSE / AMF CONFIGURATION UPDATE,
 *      INITIAL CONTEXT SETUP REQUEST (GUAMI mandatory, TS 38.413 §9.2.2.1), HANDOVER REQUEST,
 *      UE CONTEXT MODIFICATION REQUEST, AMF STATUS INDICATION (UnavailableGUAMIList);
 *      and 5G-GUTIs the AMF assigned in downlink NAS (TS 23.003 §2.10.1: GUAMI + 5G-TMSI);
 *   2. its AMF Set ID + AMF pointer in 5G-S-TMSIs sent to that AMF (InitialUEMessage; no PLMN or
 *      region in it, so weaker than a GUAMI);
 *   3. the same address for N2 and SBI (Open5GS, free5GC defaults);
 *   4. the user's map, preference amfol.amf_map ("10.0.0.1=amf-1,<nfInstanceId>=amf-2").
 * Every source is asked; when two disagree, or one points at two AMFs, or two profiles land on
 * one AMF, nothing is tied and `why` says so: never a silent pick. Evidence is learnt in O(1) per
 * PDU; the ties are recomputed only when it changed (sbi_retie). */
#include "amfol_sbi_internal.h"

#include <stdio.h>
#include <string.h>

/* ---- N2 evidence ------------------------------------------------------------------------ */

static const char *guami_source(int proc)
{
    switch (proc) {
    case AMFOL_NGAP_INITIAL_CONTEXT_SETUP: return "INITIAL CONTEXT SETUP REQUEST";
    case AMFOL_NGAP_HANDOVER_RESOURCE_ALLOCATION: return "HANDOVER REQUEST";
    case AMFOL_NGAP_UE_CONTEXT_MODIFICATION: return "UE CONTEXT MODIFICATION REQUEST";
    case AMFOL_NGAP_AMF_STATUS_INDICATION: return "AMF STATUS INDICATION";
    default: return NULL;
    }
}

static bool same_guami(const amfol_guami *a, const amfol_guami *b)
{
    return strcmp(a->plmn.digits, b->plmn.digits) == 0 && a->region_id == b->region_id &&
           a->set_id == b->set_id && a->pointer == b->pointer;
}

static bool same_pair(const amfol_guami *a, const amfol_guami *b)
{
    return a->set_id == b->set_id && a->pointer == b->pointer;
}

/* Adds a mark unless an equal one is there; true when added (the evidence changed). */
static bool add_mark(sbi_amf_mark *marks, int *n, int cap, const amfol_guami *g, bool pair_only,
                     amfol_frame f, const char *where)
{
    for (int i = 0; i < *n; i++)
        if (pair_only ? same_pair(&marks[i].guami, g) : same_guami(&marks[i].guami, g))
            return false;
    if (*n >= cap)
        return false;
    sbi_amf_mark *m = &marks[(*n)++];
    memset(m, 0, sizeof *m);
    m->guami = *g;
    m->frame = f;
    m->where = where;
    return true;
}

static sbi_n2_amf *amf_of_pdu(amfol_engine *e, const amfol_ngap_event *ev)
{
    amfol_sbi *s = e->sbi;
    int assoc = amfol_n2_where_assoc(e->n2, &ev->where);
    const amfol_endpoint *ep = amfol_n2_assoc_amf_endpoint(e->n2, assoc);
    return sbi_n2_amf_get(s, amfol_n2_assoc_amf_name(e->n2, assoc),
                          ep ? ep->text : NULL, ev->where.frame);
}

void sbi_tie_on_ngap(amfol_engine *e, const amfol_ngap_event *ev)
{
    if (!ev || ev->pdu_type != AMFOL_PDU_INITIATING)
        return;
    const char *where = guami_source(ev->proc);
    bool stmsi = ev->proc == AMFOL_NGAP_INITIAL_UE_MESSAGE && ev->has_s_tmsi;
    sbi_n2_amf *a = amf_of_pdu(e, ev);
    if (!a)
        return;
    bool changed = false;
    for (int i = 0; where && i < ev->n_guamis && i < AMFOL_MAX_GUAMIS; i++)
        changed |= add_mark(a->marks, &a->n_marks, SBI_MAX_AMF_GUAMIS, &ev->guamis[i], false,
                            ev->where.frame, where);
    if (stmsi) {
        amfol_guami g;
        memset(&g, 0, sizeof g);
        g.set_id = ev->s_tmsi.set_id;
        g.pointer = ev->s_tmsi.pointer;
        changed |= add_mark(a->pairs, &a->n_pairs, SBI_MAX_SET_POINTERS, &g, true, ev->where.frame,
                            "5G-S-TMSI of InitialUEMessage");
    }
    e->sbi->tie_dirty |= changed;
}

void sbi_tie_on_guti(amfol_engine *e, const amfol_ngap_event *ng, const amfol_guami *guti)
{
    /* A 5G-GUTI is the assigning AMF's GUAMI + 5G-TMSI (TS 23.003 §2.10.1): a full GUAMI. */
    sbi_n2_amf *a = ng ? amf_of_pdu(e, ng) : NULL;
    if (a && add_mark(a->marks, &a->n_marks, SBI_MAX_AMF_GUAMIS, guti, false, ng->where.frame,
                      "5G-GUTI assigned in a downlink NAS message"))
        e->sbi->tie_dirty = true;
}

/* ---- one NF: what each source says --------------------------------------------------------- */

typedef struct tie_vote {
    int amf;                      /* index into n2_amfs, -1 none */
    bool ambiguous;               /* the source names two AMFs */
    int other;                    /* the second AMF when ambiguous */
    char evidence[120];
} tie_vote;

static void vote(tie_vote *v, int amf)
{
    if (v->amf < 0)
        v->amf = amf;
    else if (v->amf != amf && !v->ambiguous) {
        v->ambiguous = true;
        v->other = amf;
    }
}

static void guami_text(const amfol_guami *g, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s-%u-%u-%u", g->plmn.digits, (unsigned)g->region_id, (unsigned)g->set_id,
             (unsigned)g->pointer);
}

static void by_guami(const amfol_sbi *s, const sbi_nf *nf, tie_vote *v)
{
    for (int a = 0; a < s->n_n2_amfs; a++) {
        const sbi_n2_amf *am = &s->n2_amfs[a];
        for (int x = 0; x < nf->n_guamis; x++) {
            char g[48];
            guami_text(&nf->guamis[x], g, sizeof g);
            bool hit = false;
            for (int y = 0; y < am->n_guamis && !hit; y++)
                if (same_guami(&nf->guamis[x], &am->guamis[y])) {
                    hit = true;
                    if (v->amf < 0)
                        snprintf(v->evidence, sizeof v->evidence, "GUAMI %s (NG SETUP RESPONSE frame %u)",
                                 g, am->setup_frame);
                }
            for (int y = 0; y < am->n_marks && !hit; y++)
                if (same_guami(&nf->guamis[x], &am->marks[y].guami)) {
                    hit = true;
                    if (v->amf < 0)
                        snprintf(v->evidence, sizeof v->evidence, "GUAMI %s (%s frame %u)", g,
                                 am->marks[y].where, am->marks[y].frame);
                }
            if (hit)
                vote(v, a);
        }
    }
}

/* A Set/pointer pair seen on two AMFs says nothing (a UE re-routed within the set). */
static bool pair_on_other_amf(const amfol_sbi *s, int amf, const amfol_guami *g)
{
    for (int a = 0; a < s->n_n2_amfs; a++)
        for (int y = 0; a != amf && y < s->n2_amfs[a].n_pairs; y++)
            if (same_pair(&s->n2_amfs[a].pairs[y].guami, g))
                return true;
    return false;
}

static void by_set_pointer(const amfol_sbi *s, const sbi_nf *nf, tie_vote *v)
{
    for (int a = 0; a < s->n_n2_amfs; a++) {
        const sbi_n2_amf *am = &s->n2_amfs[a];
        for (int x = 0; x < nf->n_guamis; x++)
            for (int y = 0; y < am->n_pairs; y++) {
                const sbi_amf_mark *m = &am->pairs[y];
                if (!same_pair(&nf->guamis[x], &m->guami) || pair_on_other_amf(s, a, &m->guami))
                    continue;
                if (v->amf < 0)
                    snprintf(v->evidence, sizeof v->evidence, "AMF Set %u pointer %u (%s frame %u)",
                             (unsigned)m->guami.set_id, (unsigned)m->guami.pointer, m->where, m->frame);
                vote(v, a);
            }
    }
}

static void by_address(const amfol_sbi *s, const sbi_nf *nf, tie_vote *v)
{
    /* The profile's ipv4Addresses, else the address its own NRF requests come from. */
    const char *ip = nf->ipv4[0] ? nf->ipv4 : nf->client_ip;
    const char *whose = nf->ipv4[0] ? "ipv4Addresses" : "its NRF requests";
    for (int a = 0; ip[0] && a < s->n_n2_amfs; a++)
        if (strcmp(s->n2_amfs[a].ip, ip) == 0) {
            if (v->amf < 0)
                snprintf(v->evidence, sizeof v->evidence, "address %s (%s and N2 SCTP)", ip, whose);
            vote(v, a);
        }
}

/* amfol.amf_map: "key=AMF" pairs separated by ',' ';' or blanks; key an nfInstanceId or an
 * ipv4Addresses entry, AMF an N2 AMF name (AMFName or transport address as amfol names it). */
static void by_map(const amfol_sbi *s, const sbi_nf *nf, tie_vote *v, char *unknown, size_t cap)
{
    gchar **pairs = g_strsplit_set(s->cfg.amf_map, ",; \t", -1);
    for (int i = 0; pairs[i]; i++) {
        char *eq = strchr(pairs[i], '=');
        if (!eq || eq == pairs[i] || !eq[1])
            continue;
        *eq = '\0';
        const char *key = pairs[i], *amf = eq + 1;
        if (strcmp(key, nf->id) != 0 && (!nf->ipv4[0] || strcmp(key, nf->ipv4) != 0))
            continue;
        bool found = false;
        for (int a = 0; a < s->n_n2_amfs; a++)
            if (strcmp(s->n2_amfs[a].name, amf) == 0) {
                if (v->amf < 0)
                    snprintf(v->evidence, sizeof v->evidence, "amfol.amf_map %s=%s", key, amf);
                vote(v, a);
                found = true;
            }
        if (!found && !unknown[0])
            snprintf(unknown, cap, "amfol.amf_map names %s, which N2 does not show", amf);
    }
    g_strfreev(pairs);
}

/* ---- all NFs --------------------------------------------------------------------------------- */

static const int source_tie[] = { SBI_TIE_GUAMI, SBI_TIE_SET_POINTER, SBI_TIE_ADDRESS, SBI_TIE_USER_MAP };
#define N_SOURCES 4

static int source_rank(int tie)
{
    for (int k = 0; k < N_SOURCES; k++)
        if (source_tie[k] == tie)
            return k;
    return N_SOURCES;
}

static void tie_one(amfol_sbi *s, sbi_nf *nf)
{
    tie_vote v[N_SOURCES];
    for (int k = 0; k < N_SOURCES; k++) {
        memset(&v[k], 0, sizeof v[k]);
        v[k].amf = v[k].other = -1;
    }
    char unknown[120] = "";
    by_guami(s, nf, &v[0]);
    by_set_pointer(s, nf, &v[1]);
    by_address(s, nf, &v[2]);
    by_map(s, nf, &v[3], unknown, sizeof unknown);
    int chosen = -1;
    for (int k = 0; k < N_SOURCES; k++) {
        if (v[k].ambiguous) {
            nf->tie = SBI_TIE_CONTRADICTION;
            snprintf(nf->why, sizeof nf->why, "not tied: %s points at both %s and %s", v[k].evidence,
                     s->n2_amfs[v[k].amf].name, s->n2_amfs[v[k].other].name);
            return;
        }
        if (v[k].amf < 0)
            continue;
        if (chosen >= 0 && v[k].amf != v[chosen].amf) {
            nf->tie = SBI_TIE_CONTRADICTION;
            snprintf(nf->why, sizeof nf->why, "not tied: %s says %s, but %s says %s", v[chosen].evidence,
                     s->n2_amfs[v[chosen].amf].name, v[k].evidence, s->n2_amfs[v[k].amf].name);
            return;
        }
        if (chosen < 0)
            chosen = k;
    }
    if (chosen < 0) {
        if (nf->n_guamis > 0 || nf->ipv4[0] || nf->client_ip[0])
            nf->tie = SBI_TIE_NO_N2_MATCH;
        snprintf(nf->why, sizeof nf->why, "%s%s%s", sbi_tie_text(nf->tie), unknown[0] ? "; " : "", unknown);
        return;
    }
    nf->tie = source_tie[chosen];
    nf->n2_name = s->n2_amfs[v[chosen].amf].name;
    snprintf(nf->why, sizeof nf->why, "tied to N2 AMF %s by %s", nf->n2_name, v[chosen].evidence);
}

void sbi_retie(amfol_sbi *s)
{
    if (!s->tie_dirty)
        return;
    s->tie_dirty = false;
    for (guint i = 0; i < s->nfs->len; i++) {
        sbi_nf *nf = g_ptr_array_index(s->nfs, i);
        nf->n2_name = NULL;
        if (nf->tie != SBI_TIE_NOT_AMF && nf->tie != SBI_TIE_NO_PROFILE && nf->n_guamis == 0)
            nf->tie = SBI_TIE_NO_AMF_INFO;
        else if (nf->tie != SBI_TIE_NOT_AMF && nf->tie != SBI_TIE_NO_PROFILE)
            nf->tie = SBI_TIE_NO_N2_MATCH;
        if (nf->tie == SBI_TIE_NOT_AMF) {
            snprintf(nf->why, sizeof nf->why, "%s", sbi_tie_text(nf->tie));
            continue;
        }
        tie_one(s, nf);
    }
    /* Two profiles on one AMF: the one tied by the stronger source keeps it (the other says why);
     * by equally strong sources neither is tied (one address serving two NFs, a GUAMI claimed
     * twice). Set/pointer is weaker than a GUAMI: 5G-S-TMSIs carry no PLMN (roaming profiles). */
    for (guint i = 0; i < s->nfs->len; i++) {
        sbi_nf *a = g_ptr_array_index(s->nfs, i);
        for (guint j = i + 1; a->n2_name && j < s->nfs->len; j++) {
            sbi_nf *b = g_ptr_array_index(s->nfs, j);
            if (b->n2_name != a->n2_name && !(b->n2_name && strcmp(b->n2_name, a->n2_name) == 0))
                continue;
            if (a->tie != b->tie && a->tie != SBI_TIE_CONTRADICTION && b->tie != SBI_TIE_CONTRADICTION) {
                sbi_nf *strong = source_rank(a->tie) < source_rank(b->tie) ? a : b;
                sbi_nf *weak = strong == a ? b : a;
                snprintf(weak->why, sizeof weak->why, "not tied: %s also points at N2 AMF %s, which NF "
                         "profile %.40s is tied to by a stronger source (%s)", sbi_tie_id(weak->tie),
                         strong->n2_name, strong->id, sbi_tie_id(strong->tie));
                weak->tie = SBI_TIE_CONTRADICTION;
                weak->n2_name = NULL;
                if (weak == a)
                    break;
                continue;
            }
            char text[sizeof a->why];
            snprintf(text, sizeof text, "not tied: NF profiles %.40s and %.40s both tie to N2 AMF %s",
                     a->id, b->id, a->n2_name);
            a->tie = b->tie = SBI_TIE_CONTRADICTION;
            memcpy(a->why, text, sizeof text);
            memcpy(b->why, text, sizeof text);
            b->n2_name = NULL;
        }
        if (a->tie == SBI_TIE_CONTRADICTION)
            a->n2_name = NULL;
    }
}

const char *sbi_tie_id(int tie)
{
    switch (tie) {
    case SBI_TIE_GUAMI: return "guami";
    case SBI_TIE_SET_POINTER: return "amf-set-pointer";
    case SBI_TIE_ADDRESS: return "address";
    case SBI_TIE_USER_MAP: return "user-map";
    case SBI_TIE_CONTRADICTION: return "contradiction";
    case SBI_TIE_NO_N2_MATCH: return "no-n2-match";
    case SBI_TIE_NOT_AMF: return "not-amf";
    case SBI_TIE_NO_AMF_INFO: return "no-amf-info";
    default: return "no-profile";
    }
}
