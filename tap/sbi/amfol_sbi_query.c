/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_query.c: the SBI module's query API (amfol_sbi.h, "Query API"): read-only views of
 * N2 episodes as SBI names their AMFs, NF profiles and their own NRF load reports, AMF Sets, UE
 * context moves and back-off answers (OCI / LCI / 503 / 429), for the other modules
 * (tap/correlate) so that none of them reads this module's state. */
#include "amfol_sbi_internal.h"

#include <stdio.h>
#include <string.h>

size_t amfol_sbi_episode_count(amfol_engine *e)
{
    return sbi_episode_count(e);
}

bool amfol_sbi_episode_get(amfol_engine *e, size_t i, amfol_sbi_episode *out)
{
    return sbi_episode_get(e, i, out);
}

size_t amfol_sbi_nf_count(amfol_engine *e)
{
    return e->sbi->nfs->len;
}

static sbi_nf *nf_at(amfol_engine *e, size_t i)
{
    amfol_sbi *s = e->sbi;
    sbi_retie(s);                  /* no-op unless N2 evidence changed since the last tie */
    return i < s->nfs->len ? g_ptr_array_index(s->nfs, i) : NULL;
}

bool amfol_sbi_nf_get(amfol_engine *e, size_t i, amfol_sbi_nf_view *out)
{
    const sbi_nf *nf = nf_at(e, i);
    if (!nf)
        return false;
    out->name = sbi_nf_name(nf);
    out->id = nf->id;
    out->type = nf->type;
    out->status = nf->status;
    out->amf = nf->n2_name;
    out->tie = sbi_tie_id(nf->tie);
    out->heartbeat_s = nf->heartbeat_s;
    out->n_reports = nf->own->len;
    return true;
}

int amfol_sbi_nf_for_amf(amfol_engine *e, const char *amf)
{
    amfol_sbi *s = e->sbi;
    sbi_retie(s);
    const sbi_nf *nf = sbi_nf_for_amf(s, amf);
    for (guint i = 0; nf && i < s->nfs->len; i++)
        if (g_ptr_array_index(s->nfs, i) == nf)
            return (int)i;
    return -1;
}

bool amfol_sbi_load_report_get(amfol_engine *e, size_t i, size_t k, amfol_sbi_load_report *out)
{
    const sbi_nf *nf = nf_at(e, i);
    if (!nf || k >= nf->own->len)
        return false;
    const sbi_point *p = &g_array_index(nf->own, sbi_point, k);
    out->frame = p->frame;
    out->t = p->t;
    out->load = p->load;
    out->is_register = p->is_register;
    out->inferred = p->inferred;
    return true;
}

bool amfol_sbi_amf_set(amfol_engine *e, const char *amf, char *out, size_t cap)
{
    amfol_sbi *s = e->sbi;
    const sbi_n2_amf *a = sbi_n2_amf_by_name(s, amf);
    if (a && a->n_guamis > 0) {
        snprintf(out, cap, "%s-%u-%u", a->guamis[0].plmn.digits, a->guamis[0].region_id,
                 a->guamis[0].set_id);
        return true;
    }
    sbi_retie(s);
    const sbi_nf *nf = sbi_nf_for_amf(s, amf);
    if (nf && nf->n_guamis > 0) {
        snprintf(out, cap, "%s-%u-%u", nf->guamis[0].plmn.digits, nf->guamis[0].region_id,
                 nf->guamis[0].set_id);
        return true;
    }
    return false;
}

size_t amfol_sbi_move_count(amfol_engine *e)
{
    return e->sbi->moves->len;
}

bool amfol_sbi_move_get(amfol_engine *e, size_t i, amfol_sbi_move *out)
{
    const amfol_sbi *s = e->sbi;
    if (i >= s->moves->len)
        return false;
    const sbi_move *m = &g_array_index(s->moves, sbi_move, i);
    out->frame = m->frame;
    out->transfer_frame = m->transfer_frame;
    out->cuc_frame = m->cuc_frame;
    out->t = m->t;
    out->source = m->source;
    out->target = m->target;
    out->ue = m->ue;
    out->target_load = m->target_load;
    out->target_load_frame = m->target_load_frame;
    out->source_in_overload = m->source_in_overload;
    return true;
}

size_t amfol_sbi_answer_count(amfol_engine *e)
{
    return e->sbi->indications->len;
}

bool amfol_sbi_answer_get(amfol_engine *e, size_t i, amfol_sbi_answer *out)
{
    const amfol_sbi *s = e->sbi;
    if (i >= s->indications->len)
        return false;
    const sbi_indication *x = &g_array_index(s->indications, sbi_indication, i);
    out->kind = x->kind;
    out->frame = x->frame;
    out->t = x->t;
    out->sender_ip = x->sender_ip;
    out->peer_ip = x->peer_ip;
    out->sender_is_server = x->sender_is_server;
    out->malformed = x->malformed;
    out->metric = x->metric;
    out->validity_s = x->validity_s;
    out->valid_until = x->valid_until;
    return true;
}
