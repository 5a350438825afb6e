/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_coverage.c: what the capture holds, gathered as the messages are fed (each with its
 * owner's result, after routing), and the per-AMF / per-gNB view of it at the end. Counters are
 * kept by N2 association number and by the interned names of the results (pointers), so one
 * message costs one array index or one pointer-keyed lookup; names are joined at view time. */
#include "amfol_coverage.h"
#include "amfol_coverage_internal.h"
#include "../n2/amfol_n2.h"
#include "../rrc/amfol_rrc.h"
#include "../nas/amfol_nas.h"
#include "../sbi/amfol_sbi.h"

#include <string.h>

#define UNREADABLE_RUNS_CAP 4096   /* runs of unreadable HTTP/2 headers kept; the last one grows */
#define UNREADABLE_GAP_S 1.0       /* unreadable messages closer than this form one run */
#define ASSOC_CAP 1000000          /* N2 associations counted (more: not counted per association) */

amfol_coverage *amfol_coverage_new(void)
{
    amfol_coverage *c = g_new0(amfol_coverage, 1);
    c->assocs = g_array_new(FALSE, TRUE, sizeof(cov_assoc));
    c->rrc_by_gnb = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
    c->nas_by_amf = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
    c->runs = g_array_new(FALSE, FALSE, sizeof(cov_run));
    return c;
}

void amfol_coverage_free(amfol_coverage *c)
{
    if (!c)
        return;
    g_array_free(c->assocs, TRUE);
    g_hash_table_destroy(c->rrc_by_gnb);
    g_hash_table_destroy(c->nas_by_amf);
    g_array_free(c->runs, TRUE);
    g_free(c);
}

void amfol_coverage_ngap(amfol_engine *e, const amfol_ngap_event *ev, const amfol_n2_result *r)
{
    amfol_coverage *c = e->coverage;
    c->n2_pdus++;
    int assoc = r ? r->assoc : amfol_n2_where_assoc(e->n2, &ev->where);
    if (assoc < 0 || assoc >= ASSOC_CAP)
        return;
    if ((guint)assoc >= c->assocs->len)
        g_array_set_size(c->assocs, (guint)assoc + 1);
    cov_assoc *a = &g_array_index(c->assocs, cov_assoc, assoc);
    a->pdus++;
    if (ev->proc == AMFOL_NGAP_NG_SETUP)
        a->ng_setup = true;
}

void amfol_coverage_rrc(amfol_engine *e, const amfol_rrc_event *ev, const amfol_rrc_result *r)
{
    (void)ev;
    amfol_coverage *c = e->coverage;
    c->rrc++;
    if (!r || !r->gnb)
        return;
    uint64_t *n = g_hash_table_lookup(c->rrc_by_gnb, r->gnb);
    if (!n) {
        n = g_new0(uint64_t, 1);
        g_hash_table_insert(c->rrc_by_gnb, (gpointer)r->gnb, n);
    }
    (*n)++;
}

void amfol_coverage_nas(amfol_engine *e, const amfol_nas_event *ev, const amfol_nas_result *r)
{
    (void)ev;
    amfol_coverage *c = e->coverage;
    c->nas++;
    if (r && !r->ciphered)
        c->nas_readable++;
    if (!r || !r->amf)
        return;
    cov_nas *n = g_hash_table_lookup(c->nas_by_amf, r->amf);
    if (!n) {
        n = g_new0(cov_nas, 1);
        g_hash_table_insert(c->nas_by_amf, (gpointer)r->amf, n);
    }
    n->all++;
    n->readable += !r->ciphered;
}

static void note_unreadable(amfol_coverage *c, amfol_time t)
{
    cov_run *last = c->runs->len ? &g_array_index(c->runs, cov_run, c->runs->len - 1) : NULL;
    if (last && t >= last->t0 && t - last->t1 <= UNREADABLE_GAP_S) {
        if (t > last->t1)
            last->t1 = t;
        last->n++;
        return;
    }
    if (last && (c->runs->len >= UNREADABLE_RUNS_CAP || t < last->t0)) {
        /* Bounded, and frames out of time order: widen the last run rather than lose it. */
        if (t < last->t0)
            last->t0 = t;
        if (t > last->t1)
            last->t1 = t;
        last->n++;
        return;
    }
    cov_run run = { t, t, 1 };
    g_array_append_val(c->runs, run);
}

void amfol_coverage_sbi(amfol_engine *e, const amfol_sbi_event *ev, const amfol_sbi_result *r)
{
    (void)r;
    amfol_coverage *c = e->coverage;
    if (ev->tls) {
        c->sbi.tls++;
        return;
    }
    c->sbi.messages++;
    if (ev->headers_unreadable) {
        c->sbi.unreadable++;
        note_unreadable(c, ev->where.time);
        return;
    }
    if (strncmp(ev->path, "/nnrf-", 6) == 0)
        c->sbi.nrf++;
    amfol_time t = ev->where.time;
    if (!c->sbi_readable_seen || t < c->sbi_readable_first)
        c->sbi_readable_first = t;
    if (!c->sbi_readable_seen || t > c->sbi_readable_last)
        c->sbi_readable_last = t;
    c->sbi_readable_seen = true;
}

bool amfol_coverage_sbi_readable_span(amfol_engine *e, amfol_time *first, amfol_time *last)
{
    const amfol_coverage *c = e->coverage;
    if (!c || !c->sbi_readable_seen)
        return false;
    *first = c->sbi_readable_first;
    *last = c->sbi_readable_last;
    return true;
}

uint64_t amfol_coverage_sbi_unreadable_in(amfol_engine *e, amfol_time t0, amfol_time t1)
{
    const amfol_coverage *c = e->coverage;
    uint64_t n = 0;
    for (guint i = 0; c && i < c->runs->len; i++) {
        const cov_run *run = &g_array_index(c->runs, cov_run, i);
        if (run->t1 >= t0 && run->t0 <= t1)
            n += run->n;
    }
    return n;
}

bool amfol_coverage_nas_of(amfol_engine *e, const char *amf, uint64_t *all, uint64_t *readable)
{
    *all = *readable = 0;
    GHashTableIter it;
    gpointer key, val;
    g_hash_table_iter_init(&it, e->coverage->nas_by_amf);
    while (amf && g_hash_table_iter_next(&it, &key, &val))
        if (strcmp(key, amf) == 0) {
            *all += ((const cov_nas *)val)->all;
            *readable += ((const cov_nas *)val)->readable;
        }
    return *all > 0;
}

/* ---- the view --------------------------------------------------------------------------- */

static gint by_amf_name(gconstpointer a, gconstpointer b)
{
    return strcmp(((const amfol_cov_amf *)a)->name, ((const amfol_cov_amf *)b)->name);
}

static gint by_gnb_name(gconstpointer a, gconstpointer b)
{
    return strcmp(((const amfol_cov_gnb *)a)->name, ((const amfol_cov_gnb *)b)->name);
}

/* The row of `name` in `rows` (index kept in `ix`: name -> index + 1), added when new. */
static void *row_for(GArray *rows, GHashTable *ix, const char *name)
{
    guint k = GPOINTER_TO_UINT(g_hash_table_lookup(ix, name));
    if (!k) {
        g_array_set_size(rows, rows->len + 1);
        k = rows->len;
        g_hash_table_insert(ix, (gpointer)name, GUINT_TO_POINTER(k));
        /* the name is the first member of both row types */
        *(const char **)(void *)(rows->data + (size_t)(k - 1) * g_array_get_element_size(rows)) = name;
    }
    return rows->data + (size_t)(k - 1) * g_array_get_element_size(rows);
}

amfol_cov_view *amfol_coverage_view(amfol_engine *e)
{
    const amfol_coverage *c = e->coverage;
    amfol_cov_view *v = g_new0(amfol_cov_view, 1);
    v->amfs = g_array_new(FALSE, TRUE, sizeof(amfol_cov_amf));
    v->gnbs = g_array_new(FALSE, TRUE, sizeof(amfol_cov_gnb));
    v->sbi = c->sbi;
    GHashTable *amf_ix = g_hash_table_new(g_str_hash, g_str_equal);
    GHashTable *gnb_ix = g_hash_table_new(g_str_hash, g_str_equal);
    GHashTable *pairs = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    unsigned n_assoc = amfol_n2_assoc_count(e->n2);
    for (unsigned i = 0; i < n_assoc; i++) {
        const char *amf = amfol_n2_assoc_amf_name(e->n2, (int)i);
        const char *gnb = amfol_n2_assoc_gnb_name(e->n2, (int)i);
        const cov_assoc *a = i < c->assocs->len ? &g_array_index(c->assocs, cov_assoc, i) : NULL;
        if (!amf || !gnb)
            continue;
        amfol_cov_amf *ra = row_for(v->amfs, amf_ix, amf);
        amfol_cov_gnb *rg = row_for(v->gnbs, gnb_ix, gnb);
        /* row_for may move the other array's rows: none, they are distinct arrays */
        uint64_t pdus = a ? a->pdus : 0;
        bool setup = a && a->ng_setup;
        ra->n2_pdus += pdus;
        ra->ng_setup |= setup;
        char *pair = g_strconcat(amf, "\n", gnb, NULL);
        if (!g_hash_table_contains(pairs, pair)) {
            ra->gnbs++;
            g_hash_table_add(pairs, pair);
        } else {
            g_free(pair);
        }
        if (!rg->amf)
            rg->amf = amf;
        rg->associations++;
        rg->n2_pdus += pdus;
        rg->ng_setup |= setup;
    }
    GHashTableIter it;
    gpointer key, val;
    g_hash_table_iter_init(&it, c->rrc_by_gnb);
    while (g_hash_table_iter_next(&it, &key, &val)) {
        amfol_cov_gnb *rg = row_for(v->gnbs, gnb_ix, key);
        rg->rrc += *(const uint64_t *)val;
    }
    g_hash_table_iter_init(&it, c->nas_by_amf);
    while (g_hash_table_iter_next(&it, &key, &val)) {
        amfol_cov_amf *ra = row_for(v->amfs, amf_ix, key);
        ra->nas += ((const cov_nas *)val)->all;
        ra->nas_readable += ((const cov_nas *)val)->readable;
    }
    amfol_n2_episode_view ep;
    for (size_t i = 0; amfol_n2_episode_get(e->n2, i, &ep); i++) {
        if (!ep.amf)
            continue;
        amfol_cov_amf *ra = row_for(v->amfs, amf_ix, ep.amf);
        ra->episodes++;
        ra->starts_in_episode |= ep.start_unknown;
    }
    for (guint i = 0; i < v->amfs->len; i++) {
        amfol_cov_amf *ra = &g_array_index(v->amfs, amfol_cov_amf, i);
        int nf = amfol_sbi_nf_for_amf(e, ra->name);
        amfol_sbi_nf_view nfv;
        ra->nrf_reports = nf >= 0 && amfol_sbi_nf_get(e, (size_t)nf, &nfv) ? (int)nfv.n_reports : -1;
    }
    g_hash_table_destroy(amf_ix);
    g_hash_table_destroy(gnb_ix);
    g_hash_table_destroy(pairs);
    g_array_sort(v->amfs, by_amf_name);
    g_array_sort(v->gnbs, by_gnb_name);
    v->families = cov_families(e, v);
    return v;
}

void amfol_coverage_view_free(amfol_cov_view *v)
{
    if (!v)
        return;
    g_array_free(v->amfs, TRUE);
    g_array_free(v->gnbs, TRUE);
    g_array_free(v->families, TRUE);
    g_free(v);
}

const char *amfol_cov_status_name(int status)
{
    switch (status) {
    case AMFOL_COV_JUDGED: return "judged";
    case AMFOL_COV_PARTLY: return "partly judged";
    default: return "not judged";
    }
}
