/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_rules.c: the SBI and AMF-Set rules of docs/faults.md (nrf-load-stale,
 * cascading-overload, rebalancing-to-loaded-target, sbi-overload-ignored, sbi-oci-malformed). */
#include "amfol_sbi_internal.h"

#include <stdio.h>
#include <string.h>

/* ---- nrf-load-stale ----------------------------------------------------------------------- */

void sbi_rules_nrf_load_stale(amfol_engine *e, amfol_findings *out)
{
    amfol_sbi *s = e->sbi;
    const amfol_capture_info *cap = &e->cap;
    double max_s = s->cfg.nrf_report_max_s;
    int high = (int)s->cfg.nrf_load_high;
    sbi_episode x;
    for (size_t i = 0; sbi_episode_get(e, i, &x); i++) {
        const sbi_episode *ep = &x;
        sbi_nf *nf = sbi_nf_for_amf(s, ep->amf);
        /* Without the tie or without any own report we cannot see this AMF's NRF side. */
        if (!nf || nf->own->len == 0)
            continue;
        amfol_time end = ep->end_frame ? ep->end : cap->last_time;
        /* Staleness is bounded by the NF's heart-beat timer when the capture shows it (the NRF
         * hears from a registered NF at least that often, TS 29.510), else amfol.nrf_report_max_s. */
        if (nf->heartbeat_s != AMFOL_ABSENT)
            max_s = nf->heartbeat_s;
        else
            max_s = s->cfg.nrf_report_max_s;
        bool early = false;
        int n_reports = 0, max_load = -1;
        amfol_frame frames[AMFOL_FINDING_MAX_FRAMES];
        for (guint k = 0; k < nf->own->len; k++) {
            const sbi_point *p = &g_array_index(nf->own, sbi_point, k);
            if (p->is_register || p->load == AMFOL_ABSENT || p->t < ep->start || p->t > end)
                continue;
            /* A START before the capture: how late the first report came is unknown. */
            if (p->t <= ep->start + max_s || ep->start_unknown)
                early = true;
            if (n_reports < AMFOL_FINDING_MAX_FRAMES)
                frames[n_reports] = p->frame;
            n_reports++;
            if (p->load > max_load)
                max_load = p->load;
        }
        if (early && max_load >= high)
            continue;
        amfol_finding *f = amfol_findings_add(out, AMFOL_RULE_NRF_LOAD_STALE);
        if (!f)
            return;
        amfol_finding_set_entities(f, ep->amf, NULL, NULL, NULL);
        f->first_frame = ep->start_frame;
        amfol_finding_add_frame(f, ep->start_frame);
        for (int k = 0; k < n_reports && k < AMFOL_FINDING_MAX_FRAMES; k++)
            amfol_finding_add_frame(f, frames[k]);
        f->count = (uint32_t)n_reports;
        if (n_reports == 0)
            amfol_finding_set_summary(f,
                "%s in N2 overload from frame %u (episode %d, %.0f s) sent no NRF load report "
                "(NFUpdate) during it; consumers keep its old load", ep->amf, ep->start_frame,
                ep->number, end - ep->start);
        else if (!early)
            amfol_finding_set_summary(f,
                "%s in N2 overload from frame %u (episode %d) sent no NRF load report within "
                "%.0f s of the START (%d reports during the episode, highest %d%%)", ep->amf,
                ep->start_frame, ep->number, max_s, n_reports, max_load);
        else
            amfol_finding_set_summary(f,
                "%s in N2 overload from frame %u (episode %d) kept reporting a low load to the "
                "NRF: %d reports during the episode, highest %d%% (< %d%%)", ep->amf,
                ep->start_frame, ep->number, n_reports, max_load, high);
    }
}

/* ---- AMF Set membership ---------------------------------------------------------------- */

/* "00101-2-1": PLMN, region, set, from N2 GUAMIs or the NFProfile. */
static bool set_of(amfol_sbi *s, const char *amf, char *out, size_t cap)
{
    const sbi_n2_amf *a = sbi_n2_amf_by_name(s, amf);
    if (a && a->n_guamis > 0) {
        snprintf(out, cap, "%s-%u-%u", a->guamis[0].plmn.digits, a->guamis[0].region_id,
                 a->guamis[0].set_id);
        return true;
    }
    sbi_nf *nf = sbi_nf_for_amf(s, amf);
    if (nf && nf->n_guamis > 0) {
        snprintf(out, cap, "%s-%u-%u", nf->guamis[0].plmn.digits, nf->guamis[0].region_id,
                 nf->guamis[0].set_id);
        return true;
    }
    return false;
}

/* TS 23.502 §4.2.2.2.2: a UEContextTransfer is re-balancing only between AMFs of one AMF Set,
 * with the source overloaded or asking the UE to re-register (CONFIGURATION UPDATE COMMAND,
 * registration requested: the preferred evidence); otherwise it is ordinary mobility. */
static bool is_rebalancing(amfol_sbi *s, const sbi_move *m)
{
    char sset[64], tset[64];
    if (!set_of(s, m->source, sset, sizeof sset) || !set_of(s, m->target, tset, sizeof tset) ||
        strcmp(sset, tset) != 0)
        return false;
    return m->cuc_frame != 0 || m->source_in_overload;
}

/* ---- move index: (source, target) -> move indices, built once per finish ------------------ */

static char *pair_key(const void *a, const void *b)
{
    return g_strdup_printf("%p|%p", a, b);
}

static void free_array(gpointer p)
{
    g_array_free(p, TRUE);
}

static GHashTable *moves_by_pair(const amfol_sbi *s)
{
    GHashTable *h = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, free_array);
    for (guint i = 0; i < s->moves->len; i++) {
        const sbi_move *m = &g_array_index(s->moves, sbi_move, i);
        char *k = pair_key(m->source, m->target);
        GArray *a = g_hash_table_lookup(h, k);
        if (!a) {
            a = g_array_new(FALSE, FALSE, sizeof(guint));
            g_hash_table_insert(h, k, a);
        } else {
            g_free(k);
        }
        g_array_append_val(a, i);
    }
    return h;
}

static GArray *pair_moves(GHashTable *h, const void *source, const void *target)
{
    char *k = pair_key(source, target);
    GArray *a = g_hash_table_lookup(h, k);
    g_free(k);
    return a;
}

/* ---- cascading-overload ---------------------------------------------------------------- */

void sbi_rules_cascading(amfol_engine *e, amfol_findings *out)
{
    amfol_sbi *s = e->sbi;
    GHashTable *pairs = moves_by_pair(s);
    sbi_episode tx, cx, srcx;
    for (size_t ti = 0; sbi_episode_get(e, ti, &tx); ti++) {
        const sbi_episode *t = &tx;
        char tset[64], sset[64];
        /* An episode that began before the capture did not visibly follow another one. */
        if (t->start_unknown || !set_of(s, t->amf, tset, sizeof tset))
            continue;
        const sbi_episode *src = NULL;
        uint32_t n_moves = 0, best_moves = 0;
        int concurrent = 1;
        for (size_t si = 0; sbi_episode_get(e, si, &cx); si++) {
            const sbi_episode *c = &cx;
            if (c->amf == t->amf || c->start >= t->start)
                continue;
            if (!set_of(s, c->amf, sset, sizeof sset) || strcmp(sset, tset) != 0)
                continue;
            bool in_force = c->end_frame == 0 || c->end > t->start;
            concurrent += in_force;
            /* Moves from c's AMF to t's AMF made while c was in overload, before t's START and
             * no more than baseline_s before it. */
            n_moves = 0;
            amfol_time last_move = -1;
            GArray *pm = pair_moves(pairs, c->amf, t->amf);
            for (guint k = 0; pm && k < pm->len; k++) {
                const sbi_move *m = &g_array_index(s->moves, sbi_move, g_array_index(pm, guint, k));
                if (m->source_in_overload && m->t >= c->start && m->t <= t->start) {
                    n_moves++;
                    last_move = m->t;
                }
            }
            bool moved = n_moves > 0 && t->start - last_move <= s->cfg.baseline_s;
            if (moved && (!src || best_moves == 0)) {
                srcx = *c;   /* c is overwritten by the next episode */
                src = &srcx;
                best_moves = n_moves;
            } else if (!moved && in_force && !src) {
                srcx = *c;
                src = &srcx;
            }
        }
        if (!src)
            continue;
        amfol_finding *f = amfol_findings_add(out, AMFOL_RULE_CASCADING_OVERLOAD);
        if (!f)
            break;
        amfol_finding_set_entities(f, t->amf, NULL, NULL, NULL);
        f->first_frame = t->start_frame;
        amfol_finding_add_frame(f, src->start_frame);
        amfol_finding_add_frame(f, t->start_frame);
        if (best_moves > 0) {
            GArray *pm = pair_moves(pairs, src->amf, t->amf);
            for (guint k = 0; pm && k < pm->len; k++) {
                const sbi_move *m = &g_array_index(s->moves, sbi_move, g_array_index(pm, guint, k));
                if (m->source_in_overload && m->t >= src->start && m->t <= t->start)
                    amfol_finding_add_frame(f, m->frame);
            }
            f->count = best_moves;
            amfol_finding_set_summary(f,
                "%s entered overload (frame %u) after %u UEs moved to it from %s, in overload "
                "since frame %u; AMF Set %s", t->amf, t->start_frame, best_moves, src->amf,
                src->start_frame, tset);
        } else {
            /* No move from the overloaded AMF: nothing cascaded, the set as a whole is short of
             * capacity (TS 23.501 §5.19.4): a note, not an accusation. */
            f->severity = AMFOL_SEV_NOTE;
            f->count = (uint32_t)concurrent;
            amfol_finding_set_summary(f,
                "set-wide overload: capacity. %s entered overload (frame %u) while %s of the same AMF "
                "Set %s was in overload since frame %u, with no UE moved between them: %d AMFs of "
                "the set in overload at once", t->amf, t->start_frame, src->amf, tset, src->start_frame,
                concurrent);
        }
    }
    g_hash_table_destroy(pairs);
}

/* ---- rebalancing-to-loaded-target ----------------------------------------------------- */

typedef struct pair_finding {
    amfol_finding *f;
    const sbi_move *first;
    int max_load;
} pair_finding;

void sbi_rules_rebalancing(amfol_sbi *s, amfol_findings *out)
{
    int high = (int)s->cfg.nrf_load_high;
    /* One finding per (source, target) pair, in order of their first loaded move. */
    GHashTable *by_pair = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    GPtrArray *order = g_ptr_array_new();
    for (guint i = 0; i < s->moves->len; i++) {
        const sbi_move *m = &g_array_index(s->moves, sbi_move, i);
        if (m->target_load == AMFOL_ABSENT || m->target_load < high || !is_rebalancing(s, m))
            continue;
        char *k = pair_key(m->source, m->target);
        pair_finding *pf = g_hash_table_lookup(by_pair, k);
        if (!pf) {
            amfol_finding *f = amfol_findings_add(out, AMFOL_RULE_REBALANCING_TO_LOADED_TARGET);
            if (!f) {
                g_free(k);
                break;
            }
            pf = g_new0(pair_finding, 1);
            pf->f = f;
            pf->first = m;
            amfol_finding_set_entities(f, m->target, NULL, NULL, NULL);
            f->first_frame = m->frame;
            g_hash_table_insert(by_pair, k, pf);
            g_ptr_array_add(order, pf);
        } else {
            g_free(k);
        }
        amfol_finding_add_frame(pf->f, m->frame);
        pf->f->count++;
        if (m->target_load > pf->max_load)
            pf->max_load = m->target_load;
    }
    for (guint i = 0; i < order->len; i++) {
        const pair_finding *pf = g_ptr_array_index(order, i);
        amfol_finding_set_summary(pf->f,
            "%u UEs moved from %s to %s while %s's last NRF load report was >= %d%% (up to %d%%, "
            "first at frame %u)", pf->f->count, pf->first->source, pf->first->target,
            pf->first->target, high, pf->max_load, pf->first->target_load_frame);
    }
    g_ptr_array_free(order, TRUE);
    g_hash_table_destroy(by_pair);
}

/* ---- sbi-overload-ignored ------------------------------------------------------------- */

/* A consumer overloaded by notifications may send its OCI (NFC-* / Callback-Uri scope) in a
 * request too (TS 29.500 §6.4): then the server is the one asked to reduce. */
static bool consumer_scope(int scope)
{
    return scope >= AMFOL_OLC_SCOPE_NFC_INSTANCE && scope <= AMFOL_OLC_SCOPE_CALLBACK_URI;
}

static bool is_backoff(const sbi_indication *x)
{
    if (x->malformed || (!x->sender_is_server && !(x->kind == SBI_IND_OCI && consumer_scope(x->scope))))
        return false;
    if (x->kind == SBI_IND_OCI)
        return x->metric != AMFOL_ABSENT && x->metric > 0 && x->validity_s != AMFOL_ABSENT &&
               x->validity_s > 0;
    if (x->kind == SBI_IND_503 || x->kind == SBI_IND_429)
        return x->validity_s != AMFOL_ABSENT && x->validity_s > 0;
    return false;
}

/* Requests per consumer address, sorted by time: built once per finish. */
static gint by_time(gconstpointer a, gconstpointer b)
{
    const sbi_request *x = a, *y = b;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    return x->frame < y->frame ? -1 : x->frame > y->frame;
}

static GHashTable *requests_by_client(const amfol_sbi *s)
{
    GHashTable *h = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, free_array);
    for (guint i = 0; i < s->requests->len; i++) {
        const sbi_request *r = &g_array_index(s->requests, sbi_request, i);
        GArray *a = g_hash_table_lookup(h, r->client_ip);
        if (!a) {
            a = g_array_new(FALSE, FALSE, sizeof(sbi_request));
            g_hash_table_insert(h, (gpointer)r->client_ip, a);
        }
        g_array_append_val(a, *r);
    }
    GHashTableIter it;
    gpointer key, val;
    g_hash_table_iter_init(&it, h);
    while (g_hash_table_iter_next(&it, &key, &val))
        g_array_sort(val, by_time);
    return h;
}

/* The consumer's requests the scope covers, split by 3gpp-Sbi-Message-Priority: values up to
 * SBI_PRIORITY_PASS_MAX may pass the throttling (TS 29.500 §6.8.1: SMP guides throttling). */
static void scoped_requests(amfol_sbi *s, const sbi_indication *x, const GArray *mine,
                            amfol_time from, amfol_time to, GArray *judged, GArray *passed)
{
    if (!mine)
        return;
    guint lo = 0, hi = mine->len;
    while (lo < hi) {               /* first request with t >= from: only the chain's span */
        guint mid = lo + (hi - lo) / 2;
        if (g_array_index(mine, sbi_request, mid).t < from)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (guint i = lo; i < mine->len; i++) {
        const sbi_request *r = &g_array_index(mine, sbi_request, i);
        if (r->t >= to)
            break;
        if (!sbi_scope_covers(s, x, r))
            continue;
        if (r->priority != AMFOL_ABSENT && r->priority <= SBI_PRIORITY_PASS_MAX)
            g_array_append_val(passed, *r);
        else
            g_array_append_val(judged, *r);
    }
}

/* Requests of `pair` with from <= t < to, after `after_frame` and before `before_frame` (0 = no
 * limit). Frames of the first `cap` go to `frames`. */
static int requests_between(const GArray *pair, amfol_time from, amfol_time to,
                            amfol_frame after_frame, amfol_frame before_frame,
                            amfol_frame *frames, int cap)
{
    if (!pair)
        return 0;
    guint lo = 0, hi = pair->len;
    while (lo < hi) {               /* first request with t >= from */
        guint mid = lo + (hi - lo) / 2;
        if (g_array_index(pair, sbi_request, mid).t < from)
            lo = mid + 1;
        else
            hi = mid;
    }
    int n = 0;
    for (guint i = lo; i < pair->len; i++) {
        const sbi_request *r = &g_array_index(pair, sbi_request, i);
        if (r->t >= to)
            break;
        if (r->frame <= after_frame || (before_frame && r->frame >= before_frame))
            continue;
        if (frames && n < cap)
            frames[n] = r->frame;
        n++;
    }
    return n;
}

typedef struct chain_member {
    guint index;                  /* in s->indications */
    amfol_frame next_frame;       /* the next indication of the same scope, 0 = none */
} chain_member;

void sbi_rules_overload_ignored(amfol_sbi *s, amfol_findings *out)
{
    guint n = s->indications->len;
    bool *done = g_new0(bool, n ? n : 1);
    char **keys = g_new0(char *, n ? n : 1);
    sbi_scope_begin(s);
    for (guint i = 0; i < n; i++) {
        const sbi_indication *x = &g_array_index(s->indications, sbi_indication, i);
        if (is_backoff(x))
            keys[i] = sbi_scope_key(s, x);
    }
    GHashTable *clients = requests_by_client(s);
    GArray *members = g_array_new(FALSE, FALSE, sizeof(chain_member));
    for (guint i = 0; i < n; i++) {
        const sbi_indication *first = &g_array_index(s->indications, sbi_indication, i);
        if (done[i] || !keys[i])
            continue;
        /* A chain: back-off indications of one scope to one consumer whose windows overlap. */
        g_array_set_size(members, 0);
        amfol_time window_end = first->valid_until, span_from = first->t;
        guint next = i;
        for (guint k2 = i; k2 < n; k2 = next) {
            const sbi_indication *x = &g_array_index(s->indications, sbi_indication, k2);
            next = k2 + 1;
            while (next < n && !(keys[next] && strcmp(keys[next], keys[i]) == 0))
                next++;
            if (k2 > i && x->t >= window_end)
                break;
            done[k2] = true;
            chain_member m = { k2, next < n ? g_array_index(s->indications, sbi_indication, next).frame : 0 };
            g_array_append_val(members, m);
            double len = x->valid_until - x->t;
            if (len > 0 && x->t - len < span_from)
                span_from = x->t - len;
            if (x->valid_until > window_end)
                window_end = x->valid_until;
        }
        /* The requests the scope covers, over the chain's span only. */
        GArray *judged = g_array_new(FALSE, FALSE, sizeof(sbi_request));
        GArray *passed = g_array_new(FALSE, FALSE, sizeof(sbi_request));
        scoped_requests(s, first, g_hash_table_lookup(clients, first->peer_ip), span_from, window_end,
                        judged, passed);
        GArray *violations = g_array_new(FALSE, FALSE, sizeof(amfol_frame));
        uint32_t n_viol = 0;          /* frames beyond the kept ones are still counted */
        uint32_t n_passed = 0;        /* high-priority requests inside the windows */
        for (guint k = 0; k < members->len; k++) {
            const chain_member *m = &g_array_index(members, chain_member, k);
            const sbi_indication *x = &g_array_index(s->indications, sbi_indication, m->index);
            /* Validity anchored on the OCI's Timestamp (TS 29.500 §6.4); the allowance comes
             * from a window of the same length before the indication. */
            double len = x->valid_until - x->t;
            if (len <= 0)
                continue;                 /* already expired when it arrived: asks nothing */
            int allowed = 0;
            if (x->kind == SBI_IND_OCI) {
                int before = requests_between(judged, x->t - len, x->t, 0, x->frame, NULL, 0);
                allowed = (int)(before * (100 - x->metric) / 100);
            }
            amfol_frame fr[AMFOL_FINDING_MAX_FRAMES + 1];
            int during = requests_between(judged, x->t, x->valid_until, x->frame, m->next_frame,
                                          fr, (int)G_N_ELEMENTS(fr));
            n_passed += (uint32_t)requests_between(passed, x->t, x->valid_until, x->frame,
                                                   m->next_frame, NULL, 0);
            for (int r = allowed; r < during && r < (int)G_N_ELEMENTS(fr); r++)
                g_array_append_val(violations, fr[r]);
            if (during > allowed)
                n_viol += (uint32_t)(during - allowed);
        }
        if (n_viol >= 2) {
            amfol_finding *f = amfol_findings_add(out, AMFOL_RULE_SBI_OVERLOAD_IGNORED);
            if (f) {
                const char *target = sbi_scope_entity(s, first);
                char scope[200];
                sbi_scope_text(first, scope, sizeof scope);
                amfol_finding_set_entities(f, target, NULL, NULL, NULL);
                f->first_frame = first->frame;
                for (guint j = 0; j < members->len; j++)
                    amfol_finding_add_frame(f, g_array_index(s->indications, sbi_indication,
                                                             g_array_index(members, chain_member, j).index).frame);
                for (guint j = 0; j < violations->len; j++)
                    amfol_finding_add_frame(f, g_array_index(violations, amfol_frame, j));
                f->count = n_viol;
                amfol_finding_set_summary(f,
                    "%s kept sending requests to %s (scope %s, indicated by %s) during the "
                    "back-off it was given: %u requests beyond what %u overload indication(s) "
                    "from frame %u allowed; %u high-priority requests (3gpp-Sbi-Message-Priority "
                    "<= %d) passed", sbi_display_for_ip(s, first->peer_ip), target, scope,
                    first->sender_ip, n_viol, members->len, first->frame, n_passed,
                    SBI_PRIORITY_PASS_MAX);
            }
        }
        g_array_free(judged, TRUE);
        g_array_free(passed, TRUE);
        g_array_free(violations, TRUE);
    }
    g_array_free(members, TRUE);
    g_hash_table_destroy(clients);
    sbi_scope_end(s);
    for (guint i = 0; i < n; i++)
        g_free(keys[i]);
    g_free(keys);
    g_free(done);
}

/* ---- sbi-oci-malformed ---------------------------------------------------------------- */

typedef struct sender_finding {
    amfol_finding *f;
    const char *who;
    uint32_t n_oci, n_lci;
} sender_finding;

void sbi_rules_oci_malformed(amfol_sbi *s, amfol_findings *out)
{
    /* One finding per sender address, in order of its first malformed header. */
    GHashTable *by_sender = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
    GPtrArray *order = g_ptr_array_new();
    for (guint i = 0; i < s->indications->len; i++) {
        const sbi_indication *x = &g_array_index(s->indications, sbi_indication, i);
        if (!x->malformed)
            continue;
        sender_finding *sf = g_hash_table_lookup(by_sender, x->sender_ip);
        if (!sf) {
            amfol_finding *f = amfol_findings_add(out, AMFOL_RULE_SBI_OCI_MALFORMED);
            if (!f)
                break;
            sf = g_new0(sender_finding, 1);
            sf->f = f;
            sf->who = sbi_display_for_ip(s, x->sender_ip);
            amfol_finding_set_entities(f, sf->who, NULL, NULL, NULL);
            f->first_frame = x->frame;
            g_hash_table_insert(by_sender, (gpointer)x->sender_ip, sf);
            g_ptr_array_add(order, sf);
        }
        amfol_finding_add_frame(sf->f, x->frame);
        sf->f->count++;
        if (x->kind == SBI_IND_OCI)
            sf->n_oci++;
        else
            sf->n_lci++;
    }
    for (guint i = 0; i < order->len; i++) {
        const sender_finding *sf = g_ptr_array_index(order, i);
        amfol_finding_set_summary(sf->f,
            "%s sent %u malformed 3gpp-Sbi-Oci and %u malformed 3gpp-Sbi-Lci headers (TS 29.500 "
            "§5.2.3.3); peers ignore them", sf->who, sf->n_oci, sf->n_lci);
    }
    g_ptr_array_free(order, TRUE);
    g_hash_table_destroy(by_sender);
}
