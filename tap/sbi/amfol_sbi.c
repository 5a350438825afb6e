/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi.c: the SBI module's entry points: one HTTP/2 stream segment at a time, pair it with
 * its exchange, update the NF registry and load series, the overload indications and the UE
 * moves, and say what it means in the per-message result. */
#include "amfol_sbi_text.h"
#include "amfol_sbi_internal.h"
#include "amfol_sbi_xchg.h"
#include "../core/amfol_context.h"
#include "../core/amfol_fmt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void copy_str(char *dst, size_t cap, const char *src)
{
    amfol_sbi_copy_text(dst, cap, src);
}

amfol_sbi *amfol_sbi_new(const amfol_config *cfg)
{
    amfol_sbi *s = g_new0(amfol_sbi, 1);
    if (cfg)
        s->cfg = *cfg;
    else
        amfol_config_defaults(&s->cfg);
    s->names = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    s->nfs = g_ptr_array_new();
    s->xchg = g_hash_table_new_full(g_int64_hash, g_int64_equal, NULL, g_free);
    s->xchg_order = g_queue_new();
    s->conns = g_array_new(FALSE, FALSE, sizeof(sbi_conn));
    s->conn_index = g_hash_table_new(g_direct_hash, g_direct_equal);
    s->indications = g_array_new(FALSE, FALSE, sizeof(sbi_indication));
    s->requests = g_array_new(FALSE, FALSE, sizeof(sbi_request));
    s->moves = g_array_new(FALSE, FALSE, sizeof(sbi_move));
    s->server_types = g_array_new(FALSE, FALSE, sizeof(sbi_server_type));
    s->scps = g_ptr_array_new();
    return s;
}

void amfol_sbi_free(amfol_sbi *s)
{
    if (!s)
        return;
    for (guint i = 0; i < s->nfs->len; i++) {
        sbi_nf *nf = g_ptr_array_index(s->nfs, i);
        g_array_free(nf->own, TRUE);
        g_free(nf);
    }
    g_ptr_array_free(s->nfs, TRUE);
    g_queue_free(s->xchg_order);
    g_hash_table_destroy(s->xchg);
    g_array_free(s->conns, TRUE);
    g_hash_table_destroy(s->conn_index);
    g_array_free(s->indications, TRUE);
    g_array_free(s->requests, TRUE);
    g_array_free(s->moves, TRUE);
    g_array_free(s->server_types, TRUE);
    g_ptr_array_free(s->scps, TRUE);
    g_hash_table_destroy(s->names);
    g_free(s);
}

void amfol_sbi_on_ngap(amfol_engine *e, const amfol_ngap_event *ev)
{
    e->sbi->ngap_events++;
    sbi_episodes_on_ngap(e, ev);
    sbi_tie_on_ngap(e, ev);
}

/* ---- pieces of on_msg ------------------------------------------------------------------- */

/* The told value against the NF's own series: 0 when it is the latest own value; else how long
 * ago the own value moved away from it; < 0 when the NF never reported it in this capture. */
static void judge_seen(amfol_sbi *s, const amfol_sbi_load *l, amfol_time t, amfol_sbi_seen *out)
{
    sbi_nf *nf = sbi_nf_get(s, l->nf_instance_id, false);
    copy_str(out->nf, sizeof out->nf, nf ? sbi_nf_name(nf) : l->nf_instance_id);
    out->load = l->load;
    out->own_load = AMFOL_ABSENT;
    out->own_frame = 0;
    out->stale_s = -1;
    const sbi_point *last = sbi_nf_last_load(nf, t);
    if (!last)
        return;
    out->own_load = last->load;
    out->own_frame = last->frame;
    if (last->load == l->load) {
        out->stale_s = 0;
        return;
    }
    /* Walk back to the latest own report equal to the told value; the report right after it is
     * when the told value became outdated. */
    const sbi_point *after = NULL;
    for (guint i = nf->own->len; i-- > 0;) {
        const sbi_point *p = &g_array_index(nf->own, sbi_point, i);
        if (p->t > t || p->load == AMFOL_ABSENT)
            continue;
        if (p->load == l->load) {
            if (after)
                out->stale_s = t - after->t;
            return;
        }
        after = p;
    }
}

/* A report already counted within the relay window on another connection is the same report
 * relayed (NF -> SCP -> NRF): counted once, as readable when either copy was. */
static bool relayed(amfol_sbi *s, sbi_nf *nf, const amfol_sbi_event *ev, int load, bool inferred,
                    amfol_sbi_result *out)
{
    sbi_point *p = (sbi_point *)sbi_nf_relayed(nf, ev->where.time, load, ev->tcp_stream);
    if (!p)
        return false;
    out->relay_of = p->frame;
    s->reports_relayed++;
    nf->relayed++;
    if (p->inferred && !inferred) {
        p->inferred = false;       /* the readable copy vouches for the inferred one */
        s->reports_inferred--;
        nf->inferred_reports--;
        s->nfupdate_load_reports++;
    }
    return true;
}

static void own_report(amfol_engine *e, sbi_nf *nf, const amfol_sbi_event *ev, int load,
                       bool is_register, bool inferred, amfol_sbi_result *out)
{
    amfol_sbi *s = e->sbi;
    const sbi_point *prev = sbi_nf_last_load(nf, ev->where.time);
    out->since_last_report_s = prev ? ev->where.time - prev->t : -1;
    out->reported_load = load;
    out->inferred = inferred;
    if (!is_register && load != AMFOL_ABSENT && relayed(s, nf, ev, load, inferred, out))
        return;
    sbi_point p = { ev->where.frame, ev->where.time, load, is_register, inferred, ev->tcp_stream };
    sbi_nf_add_point(s, nf, &p);
    if (!is_register && load != AMFOL_ABSENT) {
        nf->nfupdate_load_reports++;
        if (inferred) {
            nf->inferred_reports++;
            s->reports_inferred++;
        } else {
            s->nfupdate_load_reports++;
        }
    }
    if (nf->n2_name) {
        sbi_episode ep;
        bool in = sbi_episode_at(e, nf->n2_name, ev->where.time, &ep);
        out->in_n2_overload = in ? 1 : 0;
        out->n2_start_frame = in ? ep.start_frame : 0;
    }
}

static long endpoint_port(const amfol_endpoint *ep)
{
    const char *colon = strrchr(ep->text, ':');
    return colon ? strtol(colon + 1, NULL, 10) : -1;
}

/* The NF a connection's readable NRF requests name (one NF: the NF's own connection). */
static void learn_connection_nf(sbi_conn *conn, const sbi_xchg *x, bool from_client)
{
    if (!conn || !x || !from_client || !x->nf_id[0] || conn->many_nfs)
        return;
    if (!conn->nf_id[0])
        copy_str(conn->nf_id, sizeof conn->nf_id, x->nf_id);
    else if (strcmp(conn->nf_id, x->nf_id) != 0)
        conn->many_nfs = true;
}

/* A load patch behind unreadable headers: attributed by connection or client address, counted
 * apart as inferred, or left unattributed. */
static void infer_report(amfol_engine *e, const amfol_sbi_event *ev, const sbi_xchg *x, sbi_conn *conn,
                         int load, amfol_sbi_result *out)
{
    amfol_sbi *s = e->sbi;
    char ip[48];
    sbi_ip_of(ev->where.src.text, ip, sizeof ip);
    const char *how = "stream";
    /* The stream's own request path when HPACK let it through, else connection or address. */
    sbi_nf *nf = x && x->nf_id[0] ? sbi_nf_get(s, x->nf_id, true) : sbi_infer_nf(s, conn, ip, &how);
    out->relevant = true;
    out->kind = sbi_kind_text(SBI_KIND_NF_UPDATE);
    out->inferred = true;
    out->reported_load = load;
    if (!nf) {
        out->request_unknown = true;
        s->reports_unattributed++;
        return;
    }
    if (conn)
        conn->inferred++;
    out->inferred_by = how;
    copy_str(out->nf_id, sizeof out->nf_id, nf->id);
    own_report(e, nf, ev, load, false, true, out);
    copy_str(out->nf, sizeof out->nf, sbi_nf_name(nf));
    out->tie = sbi_tie_text(nf->tie);
}

/* An NFProfile behind unreadable headers (NFRegister, its answer, a retrieval): the NF's
 * identity, address and GUAMIs are learnt for the ties; no load is taken from it. */
static void infer_profile(amfol_sbi *s, const amfol_sbi_event *ev, amfol_sbi_result *out)
{
    amfol_sbi_load l;
    if (!sbi_infer_profile(ev->raw_body, ev->raw_len, &l))
        return;
    sbi_nf_learn_profile(s, &l);
    out->relevant = true;
    out->inferred = true;
    out->inferred_by = "profile";
    copy_str(out->nf_id, sizeof out->nf_id, l.nf_instance_id);
}

/* A ProblemDetails behind unreadable headers: always a response, so its sender is the producer
 * (or an SCP) that answered. Named by the stream's readable request, the connection's readable
 * messages, or an address known as an SBI server or NF profile; else counted unattributed. */
static void infer_problem(amfol_sbi *s, const amfol_sbi_event *ev, const sbi_xchg *x, sbi_conn *conn,
                          int status, const char *cause, amfol_sbi_result *out)
{
    char ip[48];
    sbi_ip_of(ev->where.src.text, ip, sizeof ip);
    const char *by = NULL;
    if (x && x->req_frame && strcmp(x->server, ev->where.src.text) == 0)
        by = "stream";
    else if (conn && conn->roles_known && strcmp(conn->server, ev->where.src.text) == 0)
        by = "connection";
    else if (sbi_name_for_ip(s, ip) || strcmp(sbi_display_for_ip(s, ip), ip) != 0)
        by = "address";
    out->relevant = true;
    out->inferred = true;
    out->status = status;
    copy_str(out->problem_cause, sizeof out->problem_cause, cause);
    if (!by) {
        s->problems_unattributed++;
        out->request_unknown = true;
        return;
    }
    out->inferred_by = by;
    out->is_response = true;
    copy_str(out->nf, sizeof out->nf, sbi_display_for_ip(s, ip));
    if (x && x->req_frame) {
        out->request_frame = x->req_frame;
        out->response_time_s = ev->where.time - x->req_t;
    }
    s->problems_inferred++;
    s->problems_503_inferred += status == 503;
    s->problems_429_inferred += status == 429;
    if (conn)
        conn->problems_inferred++;
}

static void on_loads(amfol_engine *e, const amfol_sbi_event *ev, sbi_xchg *x, sbi_conn *conn,
                     bool from_client, amfol_sbi_result *out)
{
    amfol_sbi *s = e->sbi;
    int kind = x ? x->kind : SBI_KIND_OTHER;
    for (int i = 0; i < ev->n_loads; i++) {
        const amfol_sbi_load *l = &ev->loads[i];
        if (l->source == AMFOL_SBI_LOAD_PATCH) {
            /* NFUpdate body: the NF is the one of the request path. */
            const char *id = x ? x->nf_id : "";
            sbi_nf *nf = sbi_nf_get(s, id, true);
            out->kind = sbi_kind_text(SBI_KIND_NF_UPDATE);
            copy_str(out->nf_status, sizeof out->nf_status, l->nf_status);
            if (!nf) {
                /* Its request headers were not read: attributed like a body behind lost HPACK
                 * (connection, client address), counted apart, or left unattributed. */
                if (l->load != AMFOL_ABSENT)
                    infer_report(e, ev, NULL, conn, l->load, out);
                else
                    out->request_unknown = true;
                continue;
            }
            if (from_client && conn && !conn->many_nfs)
                sbi_nf_learn_client(s, nf, ev->where.src.text);
            copy_str(out->nf_id, sizeof out->nf_id, nf->id);
            if (l->nf_status[0])
                copy_str(nf->status, sizeof nf->status, l->nf_status);
            own_report(e, nf, ev, l->load, false, false, out);
            copy_str(out->nf, sizeof out->nf, sbi_nf_name(nf));
            out->tie = sbi_tie_text(nf->tie);
            continue;
        }
        if (l->source == AMFOL_SBI_LOAD_PROFILE)
            sbi_nf_learn_profile(s, l);
        if (l->source == AMFOL_SBI_LOAD_PROFILE && kind == SBI_KIND_NF_REGISTER && from_client) {
            sbi_nf *nf = sbi_nf_get(s, l->nf_instance_id, false);
            if (!nf)
                continue;
            copy_str(out->nf_id, sizeof out->nf_id, nf->id);
            copy_str(out->nf_status, sizeof out->nf_status, l->nf_status);
            if (l->load != AMFOL_ABSENT)
                own_report(e, nf, ev, l->load, true, false, out);
            copy_str(out->nf, sizeof out->nf, sbi_nf_name(nf));
            out->tie = sbi_tie_text(nf->tie);
            continue;
        }
        if ((kind == SBI_KIND_NF_REGISTER || kind == SBI_KIND_NF_UPDATE) && !from_client) {
            /* The NRF echoing the profile to its own NF: not a consumer view. */
            sbi_nf *nf = sbi_nf_get(s, l->nf_instance_id, false);
            if (nf) {
                copy_str(out->nf, sizeof out->nf, sbi_nf_name(nf));
                copy_str(out->nf_id, sizeof out->nf_id, nf->id);
                out->tie = sbi_tie_text(nf->tie);
            }
            continue;
        }
        /* NFStatusNotify / NFDiscover result / anything else telling a consumer a load. */
        if (l->load != AMFOL_ABSENT && out->n_seen < AMFOL_SBI_MAX_SEEN)
            judge_seen(s, l, ev->where.time, &out->seen[out->n_seen++]);
    }
}

static void on_headers(amfol_engine *e, const amfol_sbi_event *ev, const sbi_xchg *x,
                       bool from_server, amfol_sbi_result *out)
{
    amfol_sbi *s = e->sbi;
    char value[sizeof ev->oci];
    if (ev->oci[0]) {
        s->oci_headers++;
        out->has_oci = true;
        copy_str(value, sizeof value, ev->oci);
        amfol_olc_parse_oci(value, &out->oci);
        if (out->oci.malformed)
            s->oci_malformed++;
        sbi_scope_add_oci(s, ev, from_server, value);
    }
    if (ev->lci[0]) {
        s->lci_headers++;
        out->has_lci = true;
        copy_str(value, sizeof value, ev->lci);
        amfol_olc_parse_lci(value, &out->lci);
        if (out->lci.malformed)
            s->oci_malformed++;
        sbi_scope_add_lci(s, ev, from_server, out->lci.malformed,
                          out->lci.n_elements ? out->lci.el[0].metric : AMFOL_ABSENT);
    }
    out->retry_after_s = amfol_olc_retry_after_s(ev->retry_after, ev->where.time);
    if (ev->status == 503 || ev->status == 429) {
        if (ev->status == 503)
            s->status_503++;
        else
            s->status_429++;
        sbi_scope_add_status(s, ev, x, ev->status == 503 ? SBI_IND_503 : SBI_IND_429,
                             out->retry_after_s);
    }
}

void amfol_sbi_on_mobility_registration(amfol_engine *e, const amfol_ngap_event *ngap,
                                        const amfol_guami *g, uint32_t tmsi)
{
    amfol_sbi *s = e->sbi;
    if (!ngap || !g)
        return;
    /* INITIAL UE MESSAGE goes from the gNB to the AMF: the destination is the target AMF. */
    char ip[48];
    sbi_ip_of(ngap->where.dst.text, ip, sizeof ip);
    const char *target = sbi_name_for_ip(s, ip);
    sbi_registration *r = &s->regs[s->n_regs % SBI_MAX_REGS];
    r->frame = ngap->where.frame;
    r->t = ngap->where.time;
    r->target = target ? target : sbi_intern(s, ngap->where.dst.text);
    r->region = g->region_id;
    r->set = g->set_id;
    r->pointer = g->pointer;
    r->tmsi = tmsi;
    s->n_regs++;
}

static const char *assoc_key(amfol_sbi *s, const amfol_endpoint *amf_ep, const amfol_endpoint *gnb_ep)
{
    /* The same few associations come again and again: the interned key is remembered per pair
     * (a refused one is not, so the dropped count stays per call). */
    size_t la = amfol_endpoint_len(amf_ep), lb = amfol_endpoint_len(gnb_ep);
    uint64_t h = amfol_endpoint_pair_hash(amf_ep, la, gnb_ep, lb, 0) | 1;
    sbi_assoc_memo *m = &s->assoc_memo[(h ^ (h >> 32)) & (SBI_ASSOC_MEMO - 1)];
    if (m->hash == h && strcmp(m->amf.text, amf_ep->text) == 0 && strcmp(m->gnb.text, gnb_ep->text) == 0)
        return m->key;
    char key[160];
    amfol_fmt f = amfol_fmt_start(key, sizeof key);   /* "%s|%s" without printf */
    amfol_fmt_str(&f, amf_ep->text);
    amfol_fmt_char(&f, '|');
    amfol_fmt_str(&f, gnb_ep->text);
    size_t before = s->dropped;
    const char *k = sbi_intern(s, key);
    if (s->dropped == before) {
        m->hash = h;
        memcpy(m->amf.text, amf_ep->text, la);
        m->amf.text[la] = '\0';
        memcpy(m->gnb.text, gnb_ep->text, lb);
        m->gnb.text[lb] = '\0';
        m->key = k;
    }
    return k;
}

void amfol_sbi_on_ue_identity(amfol_engine *e, const amfol_ngap_event *ngap, uint16_t set,
                              uint8_t pointer, uint32_t tmsi)
{
    amfol_sbi *s = e->sbi;
    if (!ngap || ngap->ran_ue_id == AMFOL_ABSENT)
        return;
    /* INITIAL UE MESSAGE goes from the gNB to the AMF. */
    sbi_ue_ctx *u = &s->ue_ctx[s->n_ue_ctx % SBI_MAX_UE_CTX];
    u->assoc = assoc_key(s, &ngap->where.dst, &ngap->where.src);
    u->ran_ue_id = ngap->ran_ue_id;
    u->set = set;
    u->pointer = pointer;
    u->tmsi = tmsi;
    s->n_ue_ctx++;
}

static void remember_cuc(amfol_sbi *s, const amfol_ngap_event *ngap, const char *amf)
{
    if (ngap->ran_ue_id == AMFOL_ABSENT)
        return;
    const char *assoc = assoc_key(s, &ngap->where.src, &ngap->where.dst);
    uint32_t have = s->n_ue_ctx < SBI_MAX_UE_CTX ? s->n_ue_ctx : SBI_MAX_UE_CTX;
    for (uint32_t k = 0; k < have; k++) {
        const sbi_ue_ctx *u = &s->ue_ctx[(s->n_ue_ctx - 1 - k) % SBI_MAX_UE_CTX];
        if (u->assoc != assoc || u->ran_ue_id != ngap->ran_ue_id)
            continue;
        sbi_cuc *c = &s->cucs[s->n_cucs % SBI_MAX_CUCS];
        c->frame = ngap->where.frame;
        c->t = ngap->where.time;
        c->amf = amf;
        c->set = u->set;
        c->pointer = u->pointer;
        c->tmsi = u->tmsi;
        s->n_cucs++;
        return;
    }
}

void amfol_sbi_on_reregistration_request(amfol_engine *e, const amfol_ngap_event *ngap)
{
    amfol_sbi *s = e->sbi;
    if (!ngap)
        return;
    /* DL NAS TRANSPORT goes from the AMF to the gNB. */
    char ip[48];
    sbi_ip_of(ngap->where.src.text, ip, sizeof ip);
    const char *amf = sbi_name_for_ip(s, ip);
    if (amf)
        remember_cuc(s, ngap, amf);
    for (int i = 0; i < s->n_n2_amfs; i++)
        if (strcmp(s->n2_amfs[i].ip, ip) == 0) {
            if (!s->n2_amfs[i].rereg_requests)
                s->n2_amfs[i].first_rereg = ngap->where.frame;
            s->n2_amfs[i].rereg_requests++;
            return;
        }
    s->rereg_unknown_amf++;
}

/* "5g-guti-<mcc><mnc><amfId 6 hex><5G-TMSI 8 hex>" (TS 29.518 UeContextId): the 5G-TMSI is
 * the last 8 hex digits; the AMF part is only trusted when the id has the exact spec length. */
static bool guti_of_context(const char *id, bool *amf_ok, uint8_t *region, uint16_t *set,
                            uint8_t *pointer, uint32_t *tmsi)
{
    const char *p = strncmp(id, "5g-guti-", 8) == 0 ? id + 8 : NULL;
    size_t n = p ? strlen(p) : 0;
    if (n < 8)
        return false;
    char tm[9];
    memcpy(tm, p + n - 8, 8);
    tm[8] = '\0';
    char *e2 = NULL;
    unsigned long t = strtoul(tm, &e2, 16);
    if (*e2)
        return false;
    *tmsi = (uint32_t)t;
    *amf_ok = false;
    if (n == 19 || n == 20) {
        char amf[7];
        memcpy(amf, p + n - 14, 6);
        amf[6] = '\0';
        char *e1 = NULL;
        unsigned long a = strtoul(amf, &e1, 16);
        if (!*e1) {
            *amf_ok = true;
            *region = (uint8_t)(a >> 16);
            *set = (uint16_t)((a >> 6) & 0x3ff);
            *pointer = (uint8_t)(a & 0x3f);
        }
    }
    return true;
}

/* Does the registration's 5G-GUTI name the source AMF? By the source's GUAMIs from N2 when
 * known, else by the AMF part of the context id. */
static bool guti_is_source(const amfol_sbi *s, const sbi_registration *r, const char *source,
                           bool amf_ok, uint8_t region, uint16_t set, uint8_t pointer)
{
    const sbi_n2_amf *a = sbi_n2_amf_by_name(s, source);
    if (a && a->n_guamis > 0) {
        for (int i = 0; i < a->n_guamis; i++)
            if (a->guamis[i].region_id == r->region && a->guamis[i].set_id == r->set &&
                a->guamis[i].pointer == r->pointer)
                return true;
        return false;
    }
    return amf_ok && region == r->region && set == r->set && pointer == r->pointer;
}

/* The UE's latest mobility registration at TARGET with the same 5G-GUTI, up to 10 s before. */
static const sbi_registration *registration_for(const amfol_sbi *s, const char *ue_ctx,
                                                const char *source, const char *target,
                                                amfol_time t)
{
    uint8_t region = 0, pointer = 0;
    uint16_t set = 0;
    uint32_t tmsi;
    bool amf_ok;
    if (!target || !guti_of_context(ue_ctx, &amf_ok, &region, &set, &pointer, &tmsi))
        return NULL;
    uint32_t have = s->n_regs < SBI_MAX_REGS ? s->n_regs : SBI_MAX_REGS;
    for (uint32_t k = 0; k < have; k++) {
        const sbi_registration *r = &s->regs[(s->n_regs - 1 - k) % SBI_MAX_REGS];
        if (r->t > t)
            continue;
        if (t - r->t > 10.0)
            break;
        if (r->tmsi == tmsi && r->target && strcmp(r->target, target) == 0 &&
            guti_is_source(s, r, source, amf_ok, region, set, pointer))
            return r;
    }
    return NULL;
}

/* The source's latest CONFIGURATION UPDATE COMMAND (registration requested) to the UE that
 * re-registered with this 5G-GUTI, up to 60 s before. */
static const sbi_cuc *cuc_for(const amfol_sbi *s, const sbi_registration *r, const char *source)
{
    uint32_t have = s->n_cucs < SBI_MAX_CUCS ? s->n_cucs : SBI_MAX_CUCS;
    for (uint32_t k = 0; r && source && k < have; k++) {
        const sbi_cuc *c = &s->cucs[(s->n_cucs - 1 - k) % SBI_MAX_CUCS];
        if (c->t > r->t)
            continue;
        if (r->t - c->t > 60.0)
            break;
        if (c->tmsi == r->tmsi && c->set == r->set && c->pointer == r->pointer &&
            strcmp(c->amf, source) == 0)
            return c;
    }
    return NULL;
}

static void on_move(amfol_engine *e, const amfol_sbi_event *ev, sbi_xchg *x, amfol_sbi_result *out)
{
    amfol_sbi *s = e->sbi;
    char cip[48], sip[48];
    sbi_ip_of(x->client, cip, sizeof cip);
    sbi_ip_of(x->server, sip, sizeof sip);
    const char *target = sbi_name_for_ip(s, cip);
    const char *source = sbi_name_for_ip(s, sip);
    out->is_move = true;
    copy_str(out->move_source, sizeof out->move_source, source ? source : x->server);
    copy_str(out->move_target, sizeof out->move_target, target ? target : x->client);
    copy_str(out->ue, sizeof out->ue, x->ue_ctx);
    const sbi_registration *reg = registration_for(s, x->ue_ctx, out->move_source,
                                                   out->move_target, ev->where.time);
    out->move_registration = reg ? reg->frame : 0;
    const sbi_cuc *cuc = cuc_for(s, reg, out->move_source);
    out->move_cuc = cuc ? cuc->frame : 0;
    out->target_load = AMFOL_ABSENT;
    sbi_nf *tnf = target ? sbi_nf_for_amf(s, target) : NULL;
    amfol_time when = reg ? reg->t : ev->where.time;   /* the load the target had then */
    const sbi_point *tl = sbi_nf_last_load(tnf, when);
    if (tl)
        out->target_load = tl->load;
    sbi_nf *snf = source ? sbi_nf_for_amf(s, source) : NULL;
    if (tnf)
        tnf->moves_in++;
    if (snf)
        snf->moves_out++;
    if (s->moves->len >= SBI_MAX_MOVES) {
        s->dropped++;
        return;
    }
    sbi_move m;
    memset(&m, 0, sizeof m);
    m.frame = reg ? reg->frame : ev->where.frame;
    m.transfer_frame = ev->where.frame;
    m.cuc_frame = out->move_cuc;
    m.t = reg ? reg->t : ev->where.time;
    m.source = sbi_intern(s, out->move_source);
    m.target = sbi_intern(s, out->move_target);
    copy_str(m.ue, sizeof m.ue, x->ue_ctx);
    m.target_load = out->target_load;
    m.target_load_frame = tl ? tl->frame : 0;
    sbi_episode ep;
    m.source_in_overload = source && sbi_episode_at(e, m.source, when, &ep);
    g_array_append_val(s->moves, m);
}

void amfol_sbi_on_msg(amfol_engine *e, const amfol_sbi_event *ev, amfol_sbi_result *out)
{
    amfol_sbi *s = e->sbi;
    amfol_sbi_result dummy;
    if (!out)
        out = &dummy;
    memset(out, 0, sizeof *out);
    out->kind = sbi_kind_text(SBI_KIND_OTHER);
    if (!ev)
        return;                       /* bad glue input: nothing to show, never a crash */
    out->stream_id = ev->stream_id;
    out->reported_load = AMFOL_ABSENT;
    out->since_last_report_s = -1;
    out->in_n2_overload = -1;
    out->status = ev->status;
    out->retry_after_s = AMFOL_ABSENT;
    out->target_load = AMFOL_ABSENT;
    /* A body's "cause" is a ProblemDetails cause only in an error response (TS 29.500 §5.2.7.2):
     * a JSON body of another message may carry a "cause" member of its own (Wireshark 4.4+ types
     * more bodies as JSON when the headers were lost). Inferred ProblemDetails: infer_problem(). */
    if (ev->status >= 400 && ev->status <= 599)
        copy_str(out->problem_cause, sizeof out->problem_cause, ev->problem_cause);
    s->messages++;
    sbi_retie(s);                  /* N2 evidence learnt since the last SBI message */

    bool has_req = ev->is_request || ev->method[0] || ev->path[0];
    bool is_rsp = ev->status != AMFOL_ABSENT;
    sbi_xchg *x = sbi_xchg_find(s, ev->tcp_stream, ev->stream_id);
    /* A body Wireshark could not type: a load patch is only ever sent by the client. */
    int raw_load = AMFOL_ABSENT;

    bool raw_patch = ev->n_loads == 0 && ev->raw_len > 0 && !is_rsp &&
                     (ev->headers_unreadable || ev->body_not_json) &&
                     sbi_infer_patch_load(ev->raw_body, ev->raw_len, &raw_load);
    bool from_client;
    if (x)
        from_client = strcmp(ev->where.src.text, x->client) == 0;
    else if (ev->tls)              /* nothing readable: the ephemeral (higher) port is the client's */
        from_client = endpoint_port(&ev->where.src) > endpoint_port(&ev->where.dst);
    else
        from_client = has_req || (!is_rsp && (ev->is_json_patch || raw_patch));
    sbi_conn *conn = sbi_conn_get(s, ev->tcp_stream, ev->where.src.text, ev->where.dst.text,
                                  from_client);
    if (conn) {
        conn->messages++;
        if ((has_req || is_rsp) && !conn->roles_known) {
            /* Readable: now the roles are known, whatever the first guess was. */
            conn->roles_known = true;
            bool src_is_client = has_req && !is_rsp;
            copy_str(conn->client, sizeof conn->client, src_is_client ? ev->where.src.text : ev->where.dst.text);
            copy_str(conn->server, sizeof conn->server, src_is_client ? ev->where.dst.text : ev->where.src.text);
        }
    }
    if (ev->tls) {
        s->tls_messages++;
        if (conn)
            conn->tls++;
        return;
    }
    if (ev->headers_unreadable) {
        s->unreadable_headers++;
        if (conn)
            conn->hpack_unreadable++;
        out->headers_unreadable = true;
        out->relevant = true;
    }
    if (ev->body_not_json) {
        s->body_not_json++;
        if (conn)
            conn->body_not_json++;
        out->body_not_json = true;
    }

    if (has_req && !is_rsp) {
        if (!x)
            x = sbi_xchg_new(s, ev->tcp_stream, ev->stream_id);
        bool first = x->req_frame == 0;
        sbi_xchg_set_request(x, ev->method, ev->path, ev->where.src.text, ev->where.dst.text,
                             ev->where.frame, ev->where.time);
        from_client = true;
        if (first && !x->request_counted) {
            char sip[48];
            sbi_ip_of(x->server, sip, sizeof sip);
            sbi_note_server(s, sip, x->path);
            x->request_counted = true;
            sbi_scope_log_request(s, x, ev);
        }
    } else if (is_rsp) {
        if (!x) {
            x = sbi_xchg_new(s, ev->tcp_stream, ev->stream_id);
            copy_str(x->client, sizeof x->client, ev->where.dst.text);
            copy_str(x->server, sizeof x->server, ev->where.src.text);
        }
        x->status = ev->status;
        x->rsp_frame = ev->where.frame;
        if (ev->status == 200 && x->kind == SBI_KIND_NF_REGISTER && x->nf_id[0])
            sbi_nf_put_was_update(s, x->nf_id, x->req_frame);
        from_client = false;
        out->is_response = true;
        out->request_frame = x->req_frame;
        out->response_time_s = x->req_frame ? ev->where.time - x->req_t : 0;
    }
    /* Body-based refinement: a method hidden by HPACK is still known from the body. */
    if (x && from_client && x->kind == SBI_KIND_OTHER) {
        if (ev->is_json_patch && x->nf_id[0])
            x->kind = SBI_KIND_NF_UPDATE;
        else if (ev->is_notification)
            x->kind = SBI_KIND_NF_STATUS_NOTIFY;
    }
    if (!x && (ev->n_loads > 0 || ev->is_notification)) {
        out->request_unknown = true;
        s->orphan_bodies++;
    }
    int kind = x ? x->kind : (ev->is_notification ? SBI_KIND_NF_STATUS_NOTIFY : SBI_KIND_OTHER);
    out->kind = sbi_kind_text(kind);
    if (x && x->nf_id[0]) {
        sbi_nf *nf = sbi_nf_get(s, x->nf_id, false);
        copy_str(out->nf_id, sizeof out->nf_id, x->nf_id);
        copy_str(out->nf, sizeof out->nf, nf ? sbi_nf_name(nf) : x->nf_id);
        out->tie = nf ? sbi_tie_text(nf->tie) : sbi_tie_text(SBI_TIE_NO_PROFILE);
    }

    learn_connection_nf(conn, x, from_client);
    if (has_req && !is_rsp && (ev->has_target_apiroot || ev->has_via)) {
        char ip[48];
        sbi_ip_of(ev->has_target_apiroot ? ev->where.dst.text : ev->where.src.text, ip, sizeof ip);
        sbi_note_scp(s, ip);
    }
    on_loads(e, ev, x, conn, from_client, out);
    int problem_status = 0;
    char problem_cause[sizeof out->problem_cause];
    if (raw_patch)
        infer_report(e, ev, x, conn, raw_load, out);
    else if (ev->n_loads == 0 && ev->raw_len > 0 && (ev->headers_unreadable || ev->body_not_json) &&
             !has_req && !is_rsp && sbi_infer_problem(ev->raw_body, ev->raw_len, &problem_status,
                                                      problem_cause, sizeof problem_cause))
        infer_problem(s, ev, x, conn, problem_status, problem_cause, out);
    else if (ev->headers_unreadable && !has_req && !is_rsp && ev->problem_status >= 400 &&
             ev->problem_status <= 599)
        /* typed as JSON (content-type got through) while :status did not */
        infer_problem(s, ev, x, conn, ev->problem_status, ev->problem_cause, out);
    else if (ev->n_loads == 0 && ev->raw_len > 0 && (ev->headers_unreadable || ev->body_not_json))
        infer_profile(s, ev, out);
    if (x && from_client && !has_req)
        sbi_scope_request_body(s, x, ev);   /* a request body in its own DATA frame */
    on_headers(e, ev, x, !from_client, out);
    if (x && has_req && !is_rsp && x->kind == SBI_KIND_UE_CONTEXT_TRANSFER && x->req_frame == ev->where.frame)
        on_move(e, ev, x, out);

    out->relevant = out->relevant || kind != SBI_KIND_OTHER || out->has_oci || out->has_lci ||
                    ev->status == 503 || ev->status == 429 || out->problem_cause[0] ||
                    out->n_seen > 0 || out->reported_load != AMFOL_ABSENT || out->request_unknown;
}

void amfol_sbi_finish(amfol_engine *e, amfol_findings *out)
{
    amfol_sbi *s = e->sbi;
    sbi_retie(s);
    sbi_rules_overload_ignored(s, out);
    sbi_rules_oci_malformed(s, out);
}

const char *amfol_sbi_amf_for_ip(amfol_engine *e, const char *ip)
{
    const amfol_sbi *s = e ? e->sbi : NULL;
    for (guint i = 0; s && ip && ip[0] && i < s->nfs->len; i++) {
        const sbi_nf *nf = g_ptr_array_index(s->nfs, i);
        if (nf->n2_name && strcmp(nf->ipv4, ip) == 0)
            return nf->n2_name;
    }
    return NULL;
}

/* ---- the module as the engine sees it ---------------------------------------------------- */

static void sbi_create(amfol_engine *e)
{
    e->sbi = amfol_sbi_new(&e->cfg);
}

static void sbi_destroy(amfol_engine *e)
{
    amfol_sbi_free(e->sbi);
}

static void sbi_ngap(amfol_engine *e, const amfol_ngap_event *ev, void *result)
{
    amfol_sbi_on_ngap(e, ev);
}

#define NAS_REG_MOBILITY 2

/* The UE identities of re-balancing, as the NAS module decoded them (never re-read here). */
static void sbi_nas(amfol_engine *e, const amfol_nas_event *ev, void *result)
{
    const amfol_ngap_event *ng = ev->ngap;
    if (!ng || ev->ciphered)
        return;
    if (ng->proc == AMFOL_NGAP_DOWNLINK_NAS_TRANSPORT) {
        if (ev->has_guti)          /* a 5G-GUTI the AMF assigned names its Set and pointer */
            sbi_tie_on_guti(e, ng, &ev->guti_guami);
        if (ev->conf_update_red)
            amfol_sbi_on_reregistration_request(e, ng);
        return;
    }
    if (ng->proc != AMFOL_NGAP_INITIAL_UE_MESSAGE || ng->pdu_type != AMFOL_PDU_INITIATING)
        return;
    if (ev->reg_type == NAS_REG_MOBILITY && ev->has_guti)
        amfol_sbi_on_mobility_registration(e, ng, &ev->guti_guami, ev->guti_tmsi);
    /* The UE's 5G-S-TMSI: the NGAP IE, else the NAS identity (GUTI or 5G-S-TMSI). */
    if (ng->has_s_tmsi)
        amfol_sbi_on_ue_identity(e, ng, ng->s_tmsi.set_id, ng->s_tmsi.pointer, ng->s_tmsi.tmsi);
    else if (ev->has_guti)
        amfol_sbi_on_ue_identity(e, ng, ev->guti_guami.set_id, ev->guti_guami.pointer, ev->guti_tmsi);
    else if (ev->has_s_tmsi)
        amfol_sbi_on_ue_identity(e, ng, ev->s_tmsi.set_id, ev->s_tmsi.pointer, ev->s_tmsi.tmsi);
}

static void sbi_msg(amfol_engine *e, const amfol_sbi_event *ev, void *result)
{
    amfol_sbi_on_msg(e, ev, result);
}

const amfol_module amfol_sbi_module = {
    .name = "sbi",
    .owns = AMFOL_EV_SBI,
    .create = sbi_create,
    .destroy = sbi_destroy,
    .on_ngap = sbi_ngap,
    .on_nas = sbi_nas,
    .on_sbi = sbi_msg,
    .finish = amfol_sbi_finish,
};
