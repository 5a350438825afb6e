/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_assoc.c: the N2 facts the radio rules need: associations (who is the AMF, who is
 * the gNB), SCTP trouble, which gNB a cell belongs to, and which START segment of the N2 timeline
 * (tap/n2/amfol_n2.h) governs a cell at a time. */
#include "amfol_rrc_internal.h"
#include "../core/amfol_context.h"
#include "../n2/amfol_n2.h"
#include "../core/amfol_3gpp.h"

#include <stdio.h>
#include <string.h>

/* The association's slot: N2's association number (one numbering for every module), its
 * entry created here when the radio module first sees the association. */
uint32_t rrc_assoc_get(amfol_rrc *s, const amfol_where *w, bool create)
{
    int ai = amfol_n2_where_assoc(s->n2, w);
    if (ai < 0)
        return RRC_NO_IX;
    if ((uint32_t)ai < s->n_assocs)
        return (uint32_t)ai;
    if (!create)
        return RRC_NO_IX;
    if (ai >= RRC_MAX_ASSOCS) {
        s->overflow++;
        return RRC_NO_IX;
    }
    const char *a = w->src.text, *b = w->dst.text;
    if (strcmp(a, b) > 0) {
        const char *t = a;
        a = b;
        b = t;
    }
    for (; s->n_assocs <= (uint32_t)ai; s->n_assocs++)
        memset(&s->assocs[s->n_assocs], 0, sizeof s->assocs[0]);
    g_strlcpy(s->assocs[ai].a, a, sizeof s->assocs[ai].a);
    g_strlcpy(s->assocs[ai].b, b, sizeof s->assocs[ai].b);
    return (uint32_t)ai;
}

static void endpoints_of(const rrc_assoc *as, amfol_endpoint *a, amfol_endpoint *b)
{
    g_strlcpy(a->text, as->a, sizeof a->text);
    g_strlcpy(b->text, as->b, sizeof b->text);
}

/* Association `ai` (NULL if unknown). Its number is N2's: N2 names it by number. An entry only
 * padded up to a later one (no endpoints, a[0] == 0) is unknown to N2 under that number. */
static rrc_assoc *assoc_at(amfol_rrc *s, uint32_t ai)
{
    return ai < s->n_assocs ? &s->assocs[ai] : NULL;
}

const char *rrc_assoc_gnb_name(amfol_engine *e, uint32_t ai)
{
    amfol_rrc *s = e->rrc;
    rrc_assoc *as = assoc_at(s, ai);
    if (!as)
        return NULL;
    const char *n2 = as->a[0] ? amfol_n2_assoc_gnb_name(e->n2, (int)ai) : NULL;   /* one naming for the whole report */
    if (n2 && *n2)
        return n2;
    if (as->ran_node_name[0])
        return rrc_intern(s, as->ran_node_name);
    char buf[64];
    if (as->has_gnb_id) {
        snprintf(buf, sizeof buf, "gNB-%s-%x", as->gnb_plmn.digits, as->gnb_id);
        return rrc_intern(s, buf);
    }
    return rrc_intern(s, as->gnb_ep[0] ? as->gnb_ep : as->b);
}

const char *rrc_assoc_amf_name(amfol_engine *e, uint32_t ai)
{
    amfol_rrc *s = e->rrc;
    rrc_assoc *as = assoc_at(s, ai);
    if (!as)
        return NULL;
    const char *n2 = as->a[0] ? amfol_n2_assoc_amf_name(e->n2, (int)ai) : NULL;
    if (n2 && *n2)
        return n2;
    if (as->amf_name[0])
        return rrc_intern(s, as->amf_name);
    return rrc_intern(s, as->amf_ep[0] ? as->amf_ep : as->a);
}

const rrc_segment *rrc_seg(const amfol_rrc *s, int32_t ix)
{
    return amfol_n2_segment_get(s->n2, ix);
}

/* Which side sent it: +1 the AMF, -1 the gNB, 0 unknown (class 1 outcomes go back). */
static int sender_side(const amfol_ngap_event *ev)
{
    int s = amfol_ngap_initiator(ev->proc);
    return ev->pdu_type == AMFOL_PDU_INITIATING ? s : -s;
}

/* g_strlcpy for a text that is mostly already there (every PDU of an association). */
static void set_text(char *dst, const char *src, size_t cap)
{
    if (strncmp(dst, src, cap) != 0)
        g_strlcpy(dst, src, cap);
}

void amfol_rrc_on_ngap(amfol_engine *e, const amfol_ngap_event *ev)
{
    amfol_rrc *s = e->rrc;
    if (!ev)
        return;
    uint32_t ai = rrc_assoc_get(s, &ev->where, true);
    if (ai == RRC_NO_IX)
        return;
    rrc_assoc *as = &s->assocs[ai];
    int side = sender_side(ev);
    if (side != 0) {
        set_text(side > 0 ? as->amf_ep : as->gnb_ep, ev->where.src.text, sizeof as->amf_ep);
        set_text(side > 0 ? as->gnb_ep : as->amf_ep, ev->where.dst.text, sizeof as->amf_ep);
    }
    if (ev->proc == AMFOL_NGAP_NG_SETUP && ev->pdu_type == AMFOL_PDU_INITIATING) {
        if (ev->ran_node_name[0])
            g_strlcpy(as->ran_node_name, ev->ran_node_name, sizeof as->ran_node_name);
        if (ev->has_gnb_id) {
            as->has_gnb_id = true;
            as->gnb_plmn = ev->gnb_plmn;
            as->gnb_id = ev->gnb_id;
            as->gnb_id_bits = ev->gnb_id_bits;
        }
    }
    if ((ev->proc == AMFOL_NGAP_NG_SETUP && ev->pdu_type == AMFOL_PDU_SUCCESSFUL) || (ev->proc == AMFOL_NGAP_AMF_CONFIGURATION_UPDATE && ev->pdu_type == AMFOL_PDU_INITIATING))
        if (ev->amf_name[0])
            g_strlcpy(as->amf_name, ev->amf_name, sizeof as->amf_name);
    if (ev->has_nr_cgi && side <= 0) {
        uint32_t c = rrc_cell_get(s, &ev->nr_cgi);
        if (c != RRC_NO_IX && s->cells[c].bound_assoc == RRC_NO_IX)
            s->cells[c].bound_assoc = ai;
    }
    if (ev->proc == AMFOL_NGAP_INITIAL_UE_MESSAGE && ev->pdu_type == AMFOL_PDU_INITIATING) {
        rrc_new_ue_initial_message(e, ev, ai);
        if (ev->has_nr_cgi && ev->rrc_cause >= 0 && ev->rrc_cause <= AMFOL_CAUSE_MCS) {
            uint32_t c = rrc_cell_get(s, &ev->nr_cgi);
            if (c != RRC_NO_IX)
                s->cells[c].last_ium[amfol_rrc_cause_ix(ev->rrc_cause, false)] = ev->where.time;
        }
    }
}

void amfol_rrc_on_sctp(amfol_engine *e, const amfol_sctp_event *ev)
{
    amfol_rrc *s = e->rrc;
    if (!ev)
        return;
    if (s->trouble->len >= RRC_MAX_TROUBLE) {
        s->overflow++;
        return;
    }
    rrc_trouble t;
    memset(&t, 0, sizeof t);
    t.assoc = rrc_assoc_get(s, &ev->where, false);
    g_strlcpy(t.a, ev->where.src.text, sizeof t.a);
    g_strlcpy(t.b, ev->where.dst.text, sizeof t.b);
    t.frame = ev->where.frame;
    t.time = ev->where.time;
    t.kind = ev->kind;
    g_array_append_val(s->trouble, t);
}

int rrc_trouble_near(const amfol_rrc *s, uint32_t ai, amfol_time t, double window_s, amfol_frame *first, int out[4])
{
    int n = 0;
    *first = 0;
    const rrc_assoc *as = ai < s->n_assocs ? &s->assocs[ai] : NULL;
    for (guint i = 0; as && i < s->trouble->len; i++) {
        const rrc_trouble *tr = &g_array_index(s->trouble, rrc_trouble, i);
        bool same = tr->assoc == ai ||
                    (tr->assoc == RRC_NO_IX &&
                     ((strcmp(tr->a, as->a) == 0 && strcmp(tr->b, as->b) == 0) ||
                      (strcmp(tr->a, as->b) == 0 && strcmp(tr->b, as->a) == 0)));
        if (!same || tr->time < t - window_s || tr->time > t + window_s)
            continue;
        if (tr->kind >= 0 && tr->kind < 4)
            out[tr->kind]++;
        if (*first == 0 || tr->frame < *first)
            *first = tr->frame;
        n++;
    }
    return n;
}

/* cell_map preference: "00101-000000101=gnb-1,..." gives the gNB name of a cell (spaces allowed). */
static bool cell_map_lookup(const char *map, const char *cell, char *gnb, size_t cap)
{
    bool hit = false;
    gchar **pairs = g_strsplit_set(map ? map : "", ",;", 256);
    for (int i = 0; pairs[i] && !hit; i++) {
        gchar **kv = g_strsplit(pairs[i], "=", 2);
        if (kv[0] && kv[1] && g_ascii_strcasecmp(g_strstrip(kv[0]), cell) == 0) {
            g_strlcpy(gnb, g_strstrip(kv[1]), cap);
            hit = gnb[0] != 0;
        }
        g_strfreev(kv);
    }
    g_strfreev(pairs);
    return hit;
}

bool rrc_cell_bind(amfol_engine *e, uint32_t cell)
{
    amfol_rrc *s = e->rrc;
    if (cell >= s->n_cells)
        return false;
    rrc_cell *c = &s->cells[cell];
    if (c->bound_assoc != RRC_NO_IX)
        return true;
    if (!c->known)
        return false;
    /* The gNB ID is the leftmost 22..32 bits of the 36-bit NR cell identity (TS 38.413). */
    for (uint32_t i = 0; i < s->n_assocs; i++) {
        const rrc_assoc *as = &s->assocs[i];
        if (!as->has_gnb_id || as->gnb_id_bits < 22 || as->gnb_id_bits > 32)
            continue;
        if (strcmp(as->gnb_plmn.digits, c->cgi.plmn.digits) == 0 &&
            (c->cgi.cell_id >> (36 - as->gnb_id_bits)) == as->gnb_id) {
            c->bound_assoc = i;
            return true;
        }
    }
    char gnb[151];
    if (cell_map_lookup(e->cfg.cell_map, c->name, gnb, sizeof gnb)) {
        for (uint32_t i = 0; i < s->n_assocs; i++) {
            const char *n = rrc_assoc_gnb_name(e, i);
            if (n && strcmp(n, gnb) == 0) {
                c->bound_assoc = i;
                return true;
            }
        }
    }
    return false;
}

static int strictness(int action)
{
    switch (action) {
    case AMFOL_ACTION_REJECT_NON_EMERGENCY_MO_DT: return 1;
    case AMFOL_ACTION_PERMIT_EMERGENCY_AND_MT_ONLY:
    case AMFOL_ACTION_PERMIT_HIGH_PRIORITY_AND_MT_ONLY: return 3;
    default: return 2;
    }
}

/* The associations of the cell's gNB (one gNB, several AMFs), in number order: up to `cap` of
 * them. */
static uint32_t gnb_assocs(amfol_engine *e, uint32_t cell, uint32_t *out, uint32_t cap)
{
    amfol_rrc *s = e->rrc;
    if (!rrc_cell_bind(e, cell))
        return 0;
    uint32_t b = s->cells[cell].bound_assoc, n = 0;
    const char *gname = rrc_assoc_gnb_name(e, b);
    for (uint32_t ai = 0; ai < s->n_assocs && n < cap; ai++) {
        if (ai == b) {
            out[n++] = ai;
            continue;
        }
        const char *name = rrc_assoc_gnb_name(e, ai);
        if (name && gname && (name == gname || strcmp(name, gname) == 0))
            out[n++] = ai;
    }
    return n;
}

/* TS 38.413 §8.7.7.1: the gNB reduces load "towards the concerned AMF". The AMF a request
 * targets: the only AMF of a single-AMF gNB; else a registered UE's AMF from the AMF Set bit and
 * AMF Pointer of ng-5G-S-TMSI-Part1, matched to the GUAMIs each association's AMF serves; a new
 * UE's, the association that carried its INITIAL UE MESSAGE (amfol_rrc_new_ue.c).
 * RRC_ALL_ASSOCS when every association of the gNB goes to one AMF; RRC_NO_IX when amfol cannot
 * tell (a new UE not tied to its INITIAL UE MESSAGE, no GUAMI, or no match). `as`: the first n
 * (at most 16) associations of the request's cell's gNB (gnb_assocs). */
static uint32_t request_target_in(amfol_engine *e, const rrc_req *r, const uint32_t *as, uint32_t n)
{
    amfol_rrc *s = e->rrc;
    if (n == 0)
        return RRC_NO_IX;
    bool one_amf = true;               /* several associations to one AMF are still one target */
    const char *amf0 = n > 1 ? rrc_assoc_amf_name(e, as[0]) : NULL;
    for (uint32_t k = 1; k < n && one_amf; k++)
        one_amf = g_strcmp0(rrc_assoc_amf_name(e, as[k]), amf0) == 0;
    if (one_amf)
        return RRC_ALL_ASSOCS;
    if (!r->has_part1) {
        for (uint32_t k = 0; k < n; k++)
            if (as[k] == r->via_assoc)
                return r->via_assoc;
        return RRC_NO_IX;
    }
    int set_bit = (int)(r->part1 >> 38) & 1, pointer = (int)(r->part1 >> 32) & 0x3f;
    uint32_t hit = RRC_NO_IX;
    for (uint32_t k = 0; k < n; k++) {
        amfol_endpoint a, b;
        endpoints_of(&s->assocs[as[k]], &a, &b);
        if (amfol_n2_amf_serves(s->n2, &a, &b, set_bit, pointer) == 1) {
            if (hit != RRC_NO_IX)
                return RRC_NO_IX;      /* two AMFs claim it */
            hit = as[k];
        }
    }
    return hit;
}

/* The governance of the cell's gNB's associations, given (all of them, as gnb_assocs lists
 * them without a cap; n == 0: the cell has no gNB), from only_assoc alone unless RRC_NO_IX or
 * RRC_ALL_ASSOCS. */
static void governance_in(const amfol_rrc *s, const uint32_t *as, uint32_t n, uint32_t only_assoc,
                          amfol_time t, int32_t *in_force, int32_t *last_stopped)
{
    *in_force = *last_stopped = -1;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t ai = as[k];
        if (only_assoc != RRC_NO_IX && only_assoc != RRC_ALL_ASSOCS && ai != only_assoc)
            continue;
        /* Latest segment of this association that started at or before t. */
        for (int32_t ix = amfol_n2_assoc_last_segment(s->n2, (int)ai); ix >= 0; ix--) {
            const rrc_segment *sg = rrc_seg(s, ix);
            if (sg->assoc != ai || sg->start_time > t)
                continue;
            if (sg->end_time < 0 || t < sg->end_time) {
                const rrc_segment *cur = rrc_seg(s, *in_force);
                if (!cur || strictness(sg->action) > strictness(cur->action))
                    *in_force = ix;
            } else if (!sg->replaced) {
                const rrc_segment *cur = rrc_seg(s, *last_stopped);
                if (!cur || sg->end_time > cur->end_time)
                    *last_stopped = ix;
            }
            break;
        }
    }
}

uint32_t rrc_request_governance(amfol_engine *e, const rrc_req *r, amfol_time t, int32_t *in_force,
                                int32_t *last_stopped)
{
    uint32_t as[RRC_MAX_ASSOCS];
    uint32_t n = gnb_assocs(e, r->cell, as, RRC_MAX_ASSOCS);
    uint32_t target = request_target_in(e, r, as, n < 16 ? n : 16);
    governance_in(e->rrc, as, n, target, t, in_force, last_stopped);
    return target;
}

void rrc_cell_governance(amfol_engine *e, uint32_t cell, amfol_time t, int32_t *in_force, int32_t *last_stopped)
{
    uint32_t as[RRC_MAX_ASSOCS];
    uint32_t n = gnb_assocs(e, cell, as, RRC_MAX_ASSOCS);
    governance_in(e->rrc, as, n, RRC_NO_IX, t, in_force, last_stopped);
}
