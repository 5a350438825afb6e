/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_n2.c: the N2 module's front: state lifecycle, per-PDU dispatch, and the queries the
 * other modules use (is this association's / AMF's / cell's AMF in overload at time t?). */
#include "amfol_n2_internal.h"
#include "../core/amfol_context.h"

#include <string.h>

amfol_n2 *amfol_n2_new(const amfol_config *cfg)
{
    amfol_n2 *n2 = g_new0(amfol_n2, 1);
    if (cfg)
        n2->cfg = *cfg;
    else
        amfol_config_defaults(&n2->cfg);
    n2->amfs = g_ptr_array_new_with_free_func(n2_free_amf);
    n2->episode_order = g_ptr_array_new();
    n2->timeline = g_array_new(FALSE, FALSE, sizeof(amfol_n2_segment));
    n2->amf_by_key = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    n2->assocs = g_ptr_array_new_with_free_func(n2_free_assoc);
    n2->assoc_by_key = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    n2->cells = g_array_new(FALSE, TRUE, sizeof(n2_cell));
    n2->cell_by_key = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    n2->strings = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    n2->memo = g_new0(n2_assoc_memo, 2);
    n2->where_memo = g_new0(n2_where_memo, 1);
    n2->amf_memo = g_new0(n2_amf_memo, N2_AMF_MEMOS + 1);
    n2->amf_map_gen = 1;
    n2->assoc_gen = 1;
    return n2;
}

void amfol_n2_free(amfol_n2 *n2)
{
    if (!n2)
        return;
    g_hash_table_destroy(n2->cell_by_key);
    amfol_u64map_clear(&n2->cell_by_cgi);
    g_array_free(n2->cells, TRUE);
    g_hash_table_destroy(n2->assoc_by_key);
    g_ptr_array_free(n2->assocs, TRUE);
    g_hash_table_destroy(n2->amf_by_key);
    g_ptr_array_free(n2->episode_order, TRUE);
    g_array_free(n2->timeline, TRUE);
    g_ptr_array_free(n2->amfs, TRUE);
    if (n2->setup_waits)
        g_array_free(n2->setup_waits, TRUE);
    g_hash_table_destroy(n2->strings);
    g_free(n2->memo);
    g_free(n2->where_memo);
    g_free(n2->amf_memo);
    g_free(n2);
}

static int time_to_wait_seconds(int index)
{
    static const int secs[] = { 1, 2, 5, 10, 20, 60 };
    if (index < 0 || index >= (int)G_N_ELEMENTS(secs))
        return AMFOL_ABSENT;
    return secs[index];
}

/* NG SETUP FAILURE, ERROR INDICATION, UE CONTEXT RELEASE, AMF STATUS INDICATION, capacity. */
static void other_overload_items(const amfol_ngap_event *ev, amfol_n2_result *out)
{
    if (ev->cause.group == 4 && ev->cause.value == AMFOL_NGAP_MISC_CONTROL_PROCESSING_OVERLOAD) {
        out->overload_cause = true;
        out->relevant = true;
    }
    if (ev->time_to_wait != AMFOL_ABSENT) {
        out->time_to_wait_s = time_to_wait_seconds(ev->time_to_wait);
        out->relevant = true;
    }
    if (ev->relative_amf_capacity != AMFOL_ABSENT &&
        (ev->proc == AMFOL_NGAP_NG_SETUP || ev->proc == AMFOL_NGAP_AMF_CONFIGURATION_UPDATE)) {
        out->relative_amf_capacity = ev->relative_amf_capacity;
        out->relevant = true;
    }
    if (ev->proc == AMFOL_NGAP_AMF_STATUS_INDICATION && ev->pdu_type == AMFOL_PDU_INITIATING) {
        out->n_unavailable_guamis = ev->n_unavailable_guamis;
        out->relevant = true;
    }
}

void amfol_n2_on_ngap(amfol_engine *e, const amfol_ngap_event *ev, amfol_n2_result *out)
{
    amfol_n2 *n2 = e->n2;
    amfol_n2_result scratch;
    if (!out)
        out = &scratch;
    memset(out, 0, sizeof *out);
    out->action = AMFOL_ABSENT;
    out->reduction_pct = AMFOL_ABSENT;
    out->rrc_cause = AMFOL_ABSENT;
    out->time_to_wait_s = AMFOL_ABSENT;
    out->relative_amf_capacity = AMFOL_ABSENT;
    out->assoc = -1;
    n2->pdus++;
    if (!ev)
        return;

    int ai;
    n2_assoc *a = n2_assoc_for_event(n2, ev, &ai);
    if (!a)
        return;                       /* association table full: counted */
    n2_assoc_learn(n2, ai, ev);
    out->assoc = ai;
    n2_amf *amf = n2_amf_of(n2, a);
    out->amf = amf ? amf->id : NULL;
    out->gnb = a->gnb_id;
    out->amf_named_by_transport = !amf || !amf->name;

    bool initiating = ev->pdu_type == AMFOL_PDU_INITIATING;
    if (initiating && (ev->proc == AMFOL_NGAP_OVERLOAD_START || ev->proc == AMFOL_NGAP_OVERLOAD_STOP))
        n2->overload_messages++;
    /* One gNB is one gNB: a START or STOP over any TNLA of the gNB to this AMF is the gNB's. */
    int gi = n2_lead(n2, ai);
    if (initiating && ev->proc == AMFOL_NGAP_OVERLOAD_START) {
        out->relevant = true;
        n2_on_start(n2, gi, ev, out);
    } else if (initiating && ev->proc == AMFOL_NGAP_OVERLOAD_STOP) {
        out->relevant = true;
        n2_on_stop(n2, gi, ev, out);
    } else if (initiating && ev->proc == AMFOL_NGAP_INITIAL_UE_MESSAGE) {
        out->relevant = true;
        n2_on_initial_ue(n2, ai, gi, ev, out);
    }
    other_overload_items(ev, out);
    /* Names may have changed in this PDU (NG Setup). */
    amf = n2_amf_of(n2, a);
    n2_setup_wait_on_ngap(n2, a->gnb_id, amf ? amf->id : NULL, ev, out->time_to_wait_s);
    out->amf = amf ? amf->id : NULL;
    out->gnb = a->gnb_id;
    out->amf_named_by_transport = !amf || !amf->name;
    const n2_assoc *g = g_ptr_array_index(n2->assocs, n2_lead(n2, ai));
    if (out->level == AMFOL_LEVEL_NORMAL && g->seg)
        out->level = g->seg->level;
}


static void fill_view(const amfol_n2 *n2, const n2_assoc *a, const n2_seg_ref *r, amfol_overload_view *out)
{
    const n2_amf *amf = n2_amf_of(n2, a);
    memset(out, 0, sizeof *out);
    out->amf = amf ? amf->id : NULL;
    out->gnb = a->gnb_id;
    out->action = AMFOL_ABSENT;
    out->reduction_pct = AMFOL_ABSENT;
    if (!r)
        return;
    out->in_overload = true;
    out->episode = r->episode ? r->episode->number : 0;
    out->start_frame = r->seg->start_frame;
    out->start_time = r->seg->start_time;
    out->action = r->seg->action;
    out->reduction_pct = r->seg->reduction_pct;
    if (r->seg->update) {
        out->n_slice_items = r->seg->update->n_slice_items;
        out->slice_items = r->seg->update->slice_items;
    }
}

bool amfol_n2_overload_for_assoc(const amfol_n2 *n2, const amfol_endpoint *a, const amfol_endpoint *b,
                                 amfol_time t, amfol_overload_view *out)
{
    return n2 && amfol_n2_assoc_overload(n2, n2_assoc_find(n2, a, b), t, out);
}

bool amfol_n2_assoc_overload(const amfol_n2 *n2, int ai, amfol_time t, amfol_overload_view *out)
{
    if (!n2 || ai < 0 || (guint)ai >= n2->assocs->len)
        return false;
    const n2_assoc *as = g_ptr_array_index(n2->assocs, ai);
    amfol_overload_view tmp;
    fill_view(n2, as, n2_segment_at(n2, ai, t), out ? out : &tmp);
    return true;
}

/* One association of an AMF asked about: its view goes to out when it is the first one seen or
 * in a segment at t (then true: the answer). */
static bool view_assoc(const amfol_n2 *n2, int i, amfol_time t, amfol_overload_view *out, bool *known)
{
    const n2_seg_ref *r = n2_segment_at(n2, i, t);
    if (!*known || r)
        fill_view(n2, g_ptr_array_index(n2->assocs, i), r, out);
    *known = true;
    return r != NULL;
}

/* amfol_n2_overload_for_amf over every association of the AMFs in `named` (bit i: amfs[i]). */
static bool overload_for_amf_all(const amfol_n2 *n2, uint64_t named, amfol_time t, amfol_overload_view *out)
{
    bool known = false;
    amfol_overload_view tmp;
    if (!out)
        out = &tmp;
    for (guint i = 0; i < n2->assocs->len; i++) {
        const n2_assoc *a = g_ptr_array_index(n2->assocs, i);
        if (a->amf >= 0 && ((named >> a->amf) & 1) && view_assoc(n2, (int)i, t, out, &known))
            return true;
    }
    return known;
}

bool amfol_n2_overload_for_amf(const amfol_n2 *n2, const char *amf, amfol_time t, amfol_overload_view *out)
{
    if (!n2 || !amf)
        return false;
    /* The associations of the AMFs named `amf`, in index order: remembered for the last
     * N2_AMF_MEMOS names asked (NAS asks about every message's AMF) until an association's AMF
     * or an AMF's id changes; else found by matching the AMFs' names once per AMF, then
     * associations by number. */
    n2_amf_memo *m = NULL;
    for (int k = 0; k < N2_AMF_MEMOS && !m; k++)
        if (n2->amf_memo[k].gen == n2->amf_map_gen && strcmp(n2->amf_memo[k].amf, amf) == 0)
            m = &n2->amf_memo[k];
    if (!m) {
        int *next = &n2->amf_memo[N2_AMF_MEMOS].n;
        m = &n2->amf_memo[*next];
        *next = (*next + 1) % N2_AMF_MEMOS;
        G_STATIC_ASSERT(N2_MAX_AMFS <= 64);
        uint64_t named = 0;                  /* bit i: amfs[i] */
        for (guint i = 0; i < n2->amfs->len; i++) {
            const n2_amf *am = g_ptr_array_index(n2->amfs, i);
            if (am->id == amf || strcmp(am->id, amf) == 0)
                named |= G_GUINT64_CONSTANT(1) << i;
        }
        m->gen = 0;
        m->n = 0;
        for (guint i = 0; named && i < n2->assocs->len; i++) {
            const n2_assoc *a = g_ptr_array_index(n2->assocs, i);
            if (a->amf < 0 || !((named >> a->amf) & 1))
                continue;
            if (m->n == N2_AMF_MEMO_ASSOCS)
                return overload_for_amf_all(n2, named, t, out);   /* too many to remember */
            m->ix[m->n++] = (int)i;
        }
        if (strlen(amf) < sizeof m->amf) {
            memcpy(m->amf, amf, strlen(amf) + 1);
            m->gen = n2->amf_map_gen;
        }
    }
    bool known = false;
    amfol_overload_view tmp;
    if (!out)
        out = &tmp;
    for (int k = 0; k < m->n; k++)
        if (view_assoc(n2, m->ix[k], t, out, &known))
            return true;
    return known;
}

const char *amfol_n2_assoc_amf_name(const amfol_n2 *n2, int ai)
{
    if (!n2 || ai < 0 || (guint)ai >= n2->assocs->len)
        return NULL;
    const n2_amf *amf = n2_amf_of(n2, g_ptr_array_index(n2->assocs, ai));
    return amf ? amf->id : NULL;
}

const char *amfol_n2_amf_name(const amfol_n2 *n2, const amfol_endpoint *a, const amfol_endpoint *b)
{
    return n2 ? amfol_n2_assoc_amf_name(n2, n2_assoc_find(n2, a, b)) : NULL;
}

const amfol_endpoint *amfol_n2_assoc_amf_endpoint(const amfol_n2 *n2, int ai)
{
    if (!n2 || ai < 0 || (guint)ai >= n2->assocs->len)
        return NULL;
    const n2_amf *amf = n2_amf_of(n2, g_ptr_array_index(n2->assocs, ai));
    return amf ? &amf->address : NULL;
}

int amfol_n2_amf_serves(const amfol_n2 *n2, const amfol_endpoint *a, const amfol_endpoint *b,
                        int set_low_bit, int pointer)
{
    int ai = n2 ? n2_assoc_find(n2, a, b) : -1;
    const n2_amf *amf = ai < 0 ? NULL : n2_amf_of(n2, g_ptr_array_index(n2->assocs, ai));
    if (!amf || amf->n_guamis == 0)
        return -1;
    for (int i = 0; i < amf->n_guamis; i++)
        if (amf->guamis[i].pointer == pointer && (amf->guamis[i].set_id & 1) == set_low_bit)
            return 1;
    return 0;
}

const char *amfol_n2_assoc_gnb_name(const amfol_n2 *n2, int ai)
{
    if (!n2 || ai < 0 || (guint)ai >= n2->assocs->len)
        return NULL;
    const n2_assoc *as = g_ptr_array_index(n2->assocs, ai);
    return as->gnb_id;
}

const char *amfol_n2_gnb_name(const amfol_n2 *n2, const amfol_endpoint *a, const amfol_endpoint *b)
{
    return n2 ? amfol_n2_assoc_gnb_name(n2, n2_assoc_find(n2, a, b)) : NULL;
}

amfol_frame amfol_n2_before_capture_stop(amfol_engine *e, int assoc)
{
    const amfol_n2 *n2 = e ? e->n2 : NULL;
    if (!n2 || assoc < 0 || (guint)assoc >= n2->assocs->len)
        return 0;
    return ((const n2_assoc *)g_ptr_array_index(n2->assocs, assoc))->before_capture_stop;
}

uint64_t amfol_n2_overload_messages(amfol_engine *e)
{
    return e && e->n2 ? e->n2->overload_messages : 0;
}

/* ---- the module as the engine sees it ---------------------------------------------------- */

static void n2_create(amfol_engine *e)
{
    e->n2 = amfol_n2_new(&e->cfg);
    e->n2->event_serial = &e->fed;   /* counts every routed event: the where memo's clock */
}

static void n2_destroy(amfol_engine *e)
{
    amfol_n2_free(e->n2);
}

static void n2_ngap(amfol_engine *e, const amfol_ngap_event *ev, void *result)
{
    amfol_n2_on_ngap(e, ev, result);
}

const amfol_module amfol_n2_module = {
    .name = "n2",
    .owns = AMFOL_EV_NGAP,
    .create = n2_create,
    .destroy = n2_destroy,
    .on_ngap = n2_ngap,
    .finish = amfol_n2_finish,
};
