/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_new_ue.c: the target AMF of a new UE (no ng-5G-S-TMSI-Part1 in its RRCSetupRequest)
 * is the AMF its gNB sent the INITIAL UE MESSAGE to (TS 38.413 §8.7.7.1 "towards the concerned
 * AMF"; the gNB's NAS node selection, TS 23.501 §6.3.5). The capture shows no identity common to
 * both, so a request is tied to an INITIAL UE MESSAGE only when nothing else could be: same cell
 * (NR-CGI of the UserLocationInformation), same establishment cause, answered by RRCSetup within
 * rrc_answer_timeout_ms before it, and the only such request still waiting. Anything else stays
 * unattributed: never a guess. */
#include "amfol_rrc_internal.h"

static gint64 awaiting_key(uint32_t cell, int cause)
{
    return (gint64)cell << 8 | (gint64)(cause & 0xff);
}

static GQueue *awaiting_queue(amfol_rrc *s, uint32_t cell, int cause, bool create)
{
    if (!s->awaiting_ium)
        s->awaiting_ium = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free,
                                                (GDestroyNotify)g_queue_free);
    gint64 k = awaiting_key(cell, cause);
    GQueue *q = g_hash_table_lookup(s->awaiting_ium, &k);
    if (!q && create) {
        gint64 *key = g_new(gint64, 1);
        *key = k;
        q = g_queue_new();
        g_hash_table_insert(s->awaiting_ium, key, q);
    }
    return q;
}

/* Drop the requests set up longer ago than the window: their INITIAL UE MESSAGE is not coming. */
static void prune(amfol_rrc *s, GQueue *q, amfol_time now, double window_s)
{
    while (!g_queue_is_empty(q)) {
        uint32_t ix = GPOINTER_TO_UINT(g_queue_peek_head(q)) - 1;
        const rrc_req *r = &g_array_index(s->reqs, rrc_req, ix);
        if (now - r->answer_time <= window_s && g_queue_get_length(q) <= RRC_MAX_AWAITING)
            break;
        g_queue_pop_head(q);
    }
}

/* A new UE's RRCSetupRequest was answered by RRCSetup: it waits for its INITIAL UE MESSAGE. */
void rrc_new_ue_set_up(amfol_engine *e, uint32_t req_ix)
{
    amfol_rrc *s = e->rrc;
    const rrc_req *r = &g_array_index(s->reqs, rrc_req, req_ix);
    if (r->has_part1 || r->msg != AMFOL_RRC_SETUP_REQUEST || r->cause > AMFOL_CAUSE_MCS ||
        r->cell >= s->n_cells || !s->cells[r->cell].known)
        return;
    GQueue *q = awaiting_queue(s, r->cell, r->cause, true);
    g_queue_push_tail(q, GUINT_TO_POINTER(req_ix + 1));
    prune(s, q, r->answer_time, e->cfg.rrc_answer_timeout_ms / 1000.0);
}

/* An INITIAL UE MESSAGE from the gNB on association `assoc`. */
void rrc_new_ue_initial_message(amfol_engine *e, const amfol_ngap_event *ev, uint32_t assoc)
{
    amfol_rrc *s = e->rrc;
    /* A registered UE is attributed by its Part1; a rerouted message's UE was tied before. */
    if (ev->has_s_tmsi || ev->rerouted || !ev->has_nr_cgi || ev->rrc_cause < 0 ||
        ev->rrc_cause > AMFOL_CAUSE_MCS || !s->awaiting_ium)
        return;
    uint32_t cell = rrc_cell_get(s, &ev->nr_cgi);
    if (cell == RRC_NO_IX)
        return;
    GQueue *q = awaiting_queue(s, cell, amfol_rrc_cause_ix(ev->rrc_cause, false), false);
    if (!q)
        return;
    prune(s, q, ev->where.time, e->cfg.rrc_answer_timeout_ms / 1000.0);
    uint32_t n = 0, hit = 0;
    for (GList *l = q->head; l; l = l->next) {
        uint32_t ix = GPOINTER_TO_UINT(l->data) - 1;
        if (g_array_index(s->reqs, rrc_req, ix).answer_time <= ev->where.time) {
            n++;
            hit = ix + 1;
        }
    }
    if (n > 1) {
        s->new_ue_ambiguous++;
        return;
    }
    if (n == 0)
        return;
    g_queue_remove(q, GUINT_TO_POINTER(hit));
    g_array_index(s->reqs, rrc_req, hit - 1).via_assoc = assoc;
    s->new_ue_linked++;
}
