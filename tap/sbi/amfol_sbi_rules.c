/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_rules.c: the SBI-only rules of docs/faults.md (sbi-overload-ignored, sbi-oci-malformed);
 * the rules that join N2 with SBI live in tap/correlate/amfol_correlate_amf_set.c. */
#include "amfol_sbi_internal.h"

#include <stdio.h>
#include <string.h>

static void free_array(gpointer p)
{
    g_array_free(p, TRUE);
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
                /* The accused is the consumer that kept sending; the overloaded target is
                 * context (summary). */
                amfol_finding_set_entities(f, sbi_display_for_ip(s, first->peer_ip), NULL, NULL, NULL);
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
