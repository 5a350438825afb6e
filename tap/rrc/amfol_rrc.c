/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc.c: the radio module's front: each RRC CCCH message is tied to its cell, gNB and the
 * AMF overload in force, requests are matched to their answers and counted per overload period. */
#include "amfol_rrc_internal.h"
#include "../core/amfol_context.h"

#include <math.h>
#include <string.h>

amfol_rrc *amfol_rrc_new(const amfol_config *cfg)
{
    (void)cfg;
    amfol_rrc *s = g_new0(amfol_rrc, 1);
    s->trouble = g_array_new(FALSE, FALSE, sizeof(rrc_trouble));
    s->cell_index = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    s->reqs = g_array_new(FALSE, FALSE, sizeof(rrc_req));
    s->rejs = g_array_new(FALSE, FALSE, sizeof(rrc_rej));
    s->pending_order = g_queue_new();
    s->names = g_string_chunk_new(1024);
    s->interned = g_hash_table_new(g_str_hash, g_str_equal);
    s->nssai_sets = g_array_new(FALSE, FALSE, sizeof(rrc_nssai_set));
    s->conn_order = g_queue_new();
    return s;
}

void amfol_rrc_free(amfol_rrc *s)
{
    if (!s)
        return;
    g_array_free(s->trouble, TRUE);
    g_hash_table_destroy(s->cell_index);
    amfol_u64map_clear(&s->cell_by_cgi);
    g_free(s->cells);
    g_array_free(s->reqs, TRUE);
    g_array_free(s->rejs, TRUE);
    amfol_u64map_clear(&s->pending);
    g_queue_free(s->pending_order);
    g_hash_table_destroy(s->interned);
    g_string_chunk_free(s->names);
    g_array_free(s->nssai_sets, TRUE);
    if (s->awaiting_ium)
        g_hash_table_destroy(s->awaiting_ium);
    amfol_u64map_clear(&s->conn);
    g_queue_free(s->conn_order);
    g_free(s);
}

static bool is_request(int msg)
{
    return msg == AMFOL_RRC_SETUP_REQUEST || msg == AMFOL_RRC_RESUME_REQUEST;
}

int rrc_segment_classify(const rrc_segment *sg, int cause_ix)
{
    if (!sg)
        return AMFOL_RRC_CLASS_NONE;
    if (sg->start_unknown)
        return AMFOL_RRC_CLASS_UNJUDGED;   /* its START came before the capture */
    /* A START carrying only a slice list asks nothing AMF-wide, with or without a Traffic Load
     * Reduction Indication: the percentage reduces "the signalling traffic indicated as to be
     * rejected" (§8.7.7.2), and only an Overload Action IE indicates it. N2 reads it alike. */
    bool amf_wide = sg->n_slice_items == 0 || sg->action != AMFOL_ABSENT;
    /* No Overload Action IE and no slice list: §8.7.7.2 asks nothing, nothing is judged. */
    if (sg->action == AMFOL_ABSENT && sg->n_slice_items == 0)
        return AMFOL_RRC_CLASS_UNJUDGED;
    int k = amf_wide ? amfol_rrc_classify(sg->action, cause_ix) : AMFOL_RRC_CLASS_OTHER;
    if (k == AMFOL_RRC_CLASS_SHED)
        return k;
    /* The UE's slice is not known at RRC time: a cause a slice entry sheds may be rejected. */
    for (int i = 0; i < sg->n_slice_items; i++)
        if (amfol_rrc_classify(sg->slice_items[i].action, cause_ix) == AMFOL_RRC_CLASS_SHED)
            return AMFOL_RRC_CLASS_SLICE;
    if (!amf_wide && amfol_rrc_classify(AMFOL_ABSENT, cause_ix) == AMFOL_RRC_CLASS_EXEMPT)
        return AMFOL_RRC_CLASS_EXEMPT;
    return k;
}

/* Governance of a request: the segment in force, the judgement class, the grace flag, and (when
 * `count`) the period it is counted in. */
void rrc_req_govern(amfol_engine *e, rrc_req *r, bool count)
{
    amfol_rrc *s = e->rrc;
    double grace = e->cfg.grace_ms / 1000.0;
    int32_t seg, stopped;
    uint32_t target = rrc_request_governance(e, r, r->time, &seg, &stopped);
    /* Unattributed: shown with the strictest overload of the gNB's AMFs, judged by no rule. */
    r->unattributed = target == RRC_NO_IX && seg >= 0;
    r->seg = seg;
    r->stop_seg = seg >= 0 ? -1 : stopped;
    const rrc_segment *sg = rrc_seg(s, seg);
    const rrc_segment *st = rrc_seg(s, r->stop_seg);
    r->klass = (uint8_t)(r->unattributed ? AMFOL_RRC_CLASS_UNJUDGED : rrc_segment_classify(sg, r->cause));
    /* A new UE is attributed only when admitted (a rejected one sends no INITIAL UE MESSAGE):
     * under a percentage the admitted share of such a sample says nothing, so it is no evidence. */
    if (r->via_assoc != RRC_NO_IX && !r->has_part1 && sg && sg->reduction_pct >= 1 && sg->reduction_pct <= 99 &&
        target == r->via_assoc)
        r->klass = AMFOL_RRC_CLASS_UNJUDGED;
    /* In flight around a START or a STOP: not judged. */
    r->in_grace = (sg && r->time - sg->start_time < grace) || (st && r->time - st->end_time < grace);
    if (!count)
        return;
    int phase = sg ? AMFOL_RRC_DURING : st ? AMFOL_RRC_AFTER : AMFOL_RRC_BEFORE;
    rrc_period *p = rrc_cell_period(s, r->cell, phase, sg ? seg : r->stop_seg, r->time, r->frame, &r->period);
    p->c.requests[r->cause]++;
}

static void fill_governance(amfol_engine *e, const rrc_req *r, amfol_rrc_result *out)
{
    amfol_rrc *s = e->rrc;
    const rrc_segment *sg = rrc_seg(s, r->seg);
    out->cell = r->cell < s->n_cells && s->cells[r->cell].known ? s->cells[r->cell].name : NULL;
    out->gnb = rrc_cell_gnb(e, r->cell);
    out->cause = r->cause;
    out->klass = r->klass;
    out->in_grace = r->in_grace;
    out->in_overload = sg != NULL;
    out->action = sg ? sg->action : AMFOL_ABSENT;
    out->reduction_pct = sg ? sg->reduction_pct : AMFOL_ABSENT;
    out->start_frame = sg ? sg->start_frame : 0;
    out->episode = sg ? sg->episode : 0;
    out->amf = sg ? rrc_assoc_amf_name(e, sg->assoc) : NULL;
}

static void on_request(amfol_engine *e, const amfol_rrc_event *ev, amfol_rrc_result *out)
{
    amfol_rrc *s = e->rrc;
    s->requests++;
    if (s->reqs->len >= RRC_MAX_REQUESTS) {
        s->overflow++;
        return;
    }
    rrc_req r;
    memset(&r, 0, sizeof r);
    r.frame = ev->where.frame;
    r.time = ev->where.time;
    r.msg = (uint8_t)ev->msg;
    r.transport = rrc_transport_get(s, &ev->where, true);
    r.cell = ev->has_nr_cgi ? rrc_cell_get(s, &ev->nr_cgi) : rrc_cell_unknown_for(s, r.transport);
    if (r.cell == RRC_NO_IX)
        r.cell = rrc_cell_unknown_for(s, r.transport);
    if (r.cell == RRC_NO_IX)
        return;   /* both caps reached: counted in overflow */
    rrc_cell *c = &s->cells[r.cell];
    if (!c->fallback_gnb[0])
        g_strlcpy(c->fallback_gnb, s->transports[r.transport].cu_ep, sizeof c->fallback_gnb);
    r.cause = (int8_t)amfol_rrc_cause_ix(ev->cause, ev->is_resume_cause);
    r.wait_s = -1;
    r.via_assoc = RRC_NO_IX;
    r.key = rrc_match_key(ev);
    r.has_part1 = ev->msg == AMFOL_RRC_SETUP_REQUEST && ev->has_s_tmsi_part1;
    r.part1 = r.has_part1 ? ev->s_tmsi_part1 & RRC_PART1_MASK : 0;
    r.nssai = -1;            /* the UE names its slices only in RRCSetupComplete */
    r.complete_seg = -1;
    rrc_req_govern(e, &r, true);
    g_array_append_val(s->reqs, r);
    uint32_t ix = s->reqs->len - 1;
    rrc_pending_add(s, ix, e->cfg.rrc_answer_timeout_ms);
    out->relevant = true;
    fill_governance(e, &r, out);
    out->request_id = ix + 1;
}

static void on_answer(amfol_engine *e, const amfol_rrc_event *ev, amfol_rrc_result *out)
{
    amfol_rrc *s = e->rrc;
    bool ccch = ev->msg == AMFOL_RRC_SETUP || ev->msg == AMFOL_RRC_REJECT;
    if (ev->msg == AMFOL_RRC_SETUP)
        s->setups++;
    else if (ev->msg == AMFOL_RRC_REJECT)
        s->rejects++;
    uint16_t tr = rrc_transport_get(s, &ev->where, false);
    uint64_t key = rrc_match_key(ev);
    uint32_t ix = rrc_pending_take(s, tr, key, ccch && key == 0);
    int8_t wait = ev->msg == AMFOL_RRC_REJECT && ev->wait_time_s >= 1 && ev->wait_time_s <= 16
                  ? (int8_t)ev->wait_time_s : -1;
    rrc_req *r = ix != RRC_NO_IX ? &g_array_index(s->reqs, rrc_req, ix) : NULL;
    if (!r && ev->msg == AMFOL_RRC_RELEASE) {
        /* the release of a connection set up earlier (after its RRCSetupComplete, when the
         * gNB drops the UE for its slice): not an answer to the request */
        const rrc_req *c = rrc_conn_release(e, ev);
        if (c) {
            out->relevant = true;
            fill_governance(e, c, out);
            out->request_frame = c->frame;
        }
        return;
    }
    if (!r && !ccch)
        return;   /* a DCCH release of a connection we never saw being requested */
    if (r) {
        r->answer_frame = ev->where.frame;
        r->answer_time = ev->where.time;
        r->outcome = ev->msg == AMFOL_RRC_SETUP ? AMFOL_RRC_OUT_SETUP
                   : ev->msg == AMFOL_RRC_REJECT ? AMFOL_RRC_OUT_REJECT : AMFOL_RRC_OUT_OTHER;
        r->wait_s = wait;
        rrc_counts *c = &s->cells[r->cell].periods[r->period].c;
        if (r->outcome == AMFOL_RRC_OUT_SETUP) {
            c->setups[r->cause]++;
            rrc_new_ue_set_up(e, ix);
            rrc_conn_add(s, ix);
        }
        else if (r->outcome == AMFOL_RRC_OUT_REJECT) {
            c->rejects[r->cause]++;
            c->wait_hist[wait > 0 ? wait : 0]++;
        }
    } else {
        s->unmatched_answers++;
    }
    if (ev->msg == AMFOL_RRC_REJECT) {
        if (s->rejs->len < RRC_MAX_REJECTS) {
            rrc_rej j = { ev->where.frame, ev->where.time, ix, r ? r->cell : RRC_NO_IX, wait };
            g_array_append_val(s->rejs, j);
        } else {
            s->overflow++;
        }
    }
    out->relevant = true;
    if (r) {
        fill_governance(e, r, out);
        out->request_frame = r->frame;
    } else {
        out->cause = AMFOL_RRC_CAUSE_UNKNOWN;
        out->action = out->reduction_pct = AMFOL_ABSENT;
        out->gnb = rrc_intern(s, s->transports[tr].cu_ep[0] ? s->transports[tr].cu_ep : s->transports[tr].a);
    }
}

void amfol_rrc_on_msg(amfol_engine *e, const amfol_rrc_event *ev, amfol_rrc_result *out)
{
    amfol_rrc *s = e->rrc;
    amfol_rrc_result dummy;
    if (!out)
        out = &dummy;
    memset(out, 0, sizeof *out);
    out->wait_time_s = AMFOL_ABSENT;
    out->action = out->reduction_pct = AMFOL_ABSENT;
    if (!ev)
        return;
    s->messages++;
    out->msg = ev->msg;
    if (ev->where.time > s->last_time)
        s->last_time = ev->where.time;
    rrc_expire(s, ev->where.time, e->cfg.rrc_answer_timeout_ms);
    if (ev->msg == AMFOL_RRC_SETUP_COMPLETE) {
        const rrc_req *r = rrc_conn_setup_complete(e, ev);
        if (r) {
            out->relevant = true;
            fill_governance(e, r, out);
            out->request_frame = r->frame;
        }
    } else if (is_request(ev->msg))
        on_request(e, ev, out);
    else
        on_answer(e, ev, out);
    if (ev->msg == AMFOL_RRC_REJECT)
        out->wait_time_s = ev->wait_time_s;
}

bool amfol_rrc_request_info_get(amfol_engine *e, uint32_t request_id, amfol_rrc_request_info *out)
{
    amfol_rrc *s = e ? e->rrc : NULL;
    if (!s || request_id == 0 || request_id > s->reqs->len)
        return false;
    const rrc_req *r = &g_array_index(s->reqs, rrc_req, request_id - 1);
    memset(out, 0, sizeof *out);
    out->outcome = r->outcome;
    /* Still waiting when the capture was fully read: unanswered if the timeout has passed. */
    if (r->pending && e->cap.last_time - r->time > e->cfg.rrc_answer_timeout_ms / 1000.0)
        out->outcome = AMFOL_RRC_OUT_UNANSWERED;
    out->answer_frame = r->answer_frame;
    /* microsecond resolution: capture timestamps carry no more */
    out->answer_delay_ms = r->answer_frame ? floor((r->answer_time - r->time) * 1e6 + 0.5) / 1000.0 : 0.0;
    out->wait_time_s = r->wait_s > 0 ? r->wait_s : AMFOL_ABSENT;
    const rrc_segment *sg = rrc_seg(s, r->seg);   /* re-governed by finish */
    out->start_before_capture = sg && sg->start_unknown;
    return true;
}

/* ---- the module as the engine sees it ---------------------------------------------------- */

static void rrc_create(amfol_engine *e)
{
    e->rrc = amfol_rrc_new(&e->cfg);
    e->rrc->n2 = e->n2;           /* created first (modules[] order) */
}

static void rrc_destroy(amfol_engine *e)
{
    amfol_rrc_free(e->rrc);
}

static void rrc_ngap(amfol_engine *e, const amfol_ngap_event *ev, void *result)
{
    amfol_rrc_on_ngap(e, ev);
}

static void rrc_msg(amfol_engine *e, const amfol_rrc_event *ev, void *result)
{
    amfol_rrc_on_msg(e, ev, result);
}

const amfol_module amfol_rrc_module = {
    .name = "rrc",
    .owns = AMFOL_EV_RRC,
    .create = rrc_create,
    .destroy = rrc_destroy,
    .on_ngap = rrc_ngap,
    .on_sctp = amfol_rrc_on_sctp,
    .on_rrc = rrc_msg,
    .finish = amfol_rrc_finish,
};
