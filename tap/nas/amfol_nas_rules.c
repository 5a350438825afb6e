/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas_rules.c: the NAS rules of docs/faults.md, computed from the module state at finish. */
#include "amfol_nas_internal.h"
#include "../core/amfol_context.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NOT_RANDOMISED_MIN_REJECTS 20
#define NOT_RANDOMISED_SHARE 0.8
#define RETRY_WAVE_S 2.0
#define STORM_WINDOW_S 10.0
#define STORM_MIN_REJECTS 50
#define STORM_REJECT_TO_ACCEPT 3

typedef bool (*reject_pred)(const amfol_nas *s, const amfol_nas_reject *r);

/* One finding per AMF over the rejects matching pred; the UE is that of the first one. */
static amfol_finding *per_amf_finding(amfol_nas *s, amfol_nas_amf *a, amfol_findings *out,
                                      amfol_rule_id rule, reject_pred pred, bool with_ue,
                                      uint32_t *count)
{
    amfol_finding *f = NULL;
    *count = 0;
    for (guint i = 0; i < a->rejects->len; i++) {
        const amfol_nas_reject *r = &g_array_index(a->rejects, amfol_nas_reject, i);
        if (!pred(s, r))
            continue;
        if (!f) {
            f = amfol_findings_add(out, rule);
            if (!f)
                return NULL;
            amfol_finding_set_entities(f, a->name, NULL, NULL,
                                       with_ue ? amfol_nas_ue_name(s, r->ue_serial, r->ue) : NULL);
            f->first_frame = r->frame;
        }
        amfol_finding_add_frame(f, r->frame);
        if (r->frame < f->first_frame)
            f->first_frame = r->frame;
        (*count)++;
    }
    if (f) {
        f->count = *count;
        f->layer = g_strdup("nas");
    }
    return f;
}

static bool p_missing(const amfol_nas *s, const amfol_nas_reject *r)
{ (void)s; return r->t3346.state == AMFOL_TIMER_ABSENT; }
static bool p_zero_deact(const amfol_nas *s, const amfol_nas_reject *r)
{ (void)s; return r->t3346.state == AMFOL_TIMER_ZERO || r->t3346.state == AMFOL_TIMER_DEACTIVATED; }
/* Only an integrity-protected reject binds the UE to the value sent (TS 24.501 §5.5.1.2.5). */
static bool p_short(const amfol_nas *s, const amfol_nas_reject *r)
{ return r->integrity && r->t3346.state == AMFOL_TIMER_VALUE && r->t3346.seconds < s->cfg.t3346_floor_s; }
static bool p_outside(const amfol_nas *s, const amfol_nas_reject *r)
{ (void)s; return !r->in_overload; }
static bool p_exempt(const amfol_nas *s, const amfol_nas_reject *r)
{ (void)s; return r->exempt_why != NULL; }

static void rule_simple(amfol_nas *s, amfol_nas_amf *a, amfol_findings *out)
{
    uint32_t n;
    amfol_finding *f;
    if ((f = per_amf_finding(s, a, out, AMFOL_RULE_T3346_MISSING, p_missing, true, &n)))
        amfol_finding_set_summary(f, "%s sent %u congestion reject(s) without T3346: TS 24.501 treats "
                                  "that as an abnormal case, the UEs do not back off", a->name, n);
    if ((f = per_amf_finding(s, a, out, AMFOL_RULE_T3346_ZERO_OR_DEACTIVATED, p_zero_deact, true, &n)))
        amfol_finding_set_summary(f, "%s sent %u congestion reject(s) with T3346 zero or deactivated: "
                                  "no back-off (abnormal case)", a->name, n);
    if ((f = per_amf_finding(s, a, out, AMFOL_RULE_T3346_SHORT, p_short, true, &n)))
        amfol_finding_set_summary(f, "%s sent %u congestion reject(s) with T3346 below the %u s floor",
                                  a->name, n, s->cfg.t3346_floor_s);
    if ((f = per_amf_finding(s, a, out, AMFOL_RULE_CONGESTION_REJECT_OUTSIDE_OVERLOAD, p_outside, false, &n)))
        amfol_finding_set_summary(f, "%s sent %u congestion reject(s) while N2 shows no overload "
                                  "episode: some cores send #22 when AUSF/UDM is unreachable, check "
                                  "the SBI side", a->name, n);
    if ((f = per_amf_finding(s, a, out, AMFOL_RULE_EXEMPT_ACCESS_REJECTED, p_exempt, true, &n))) {
        const amfol_nas_reject *first = NULL;
        for (guint i = 0; i < a->rejects->len && !first; i++)
            if (g_array_index(a->rejects, amfol_nas_reject, i).exempt_why)
                first = &g_array_index(a->rejects, amfol_nas_reject, i);
        /* TS 24.501 §5.3.9: the AMF "should not reject" these (a should, not a shall): at most a
         * warning, and one reject alone is a note. */
        f->severity = n > 1 ? AMFOL_SEV_WARNING : AMFOL_SEV_NOTE;
        amfol_finding_set_summary(f, "%s rejected %u request(s) for congestion that TS 24.501 §5.3.9 says "
                                  "it should not reject (first: %s)", a->name, n, first ? first->exempt_why : "?");
    }
}

static void rule_early_retry(amfol_nas *s, amfol_nas_amf *a, amfol_findings *out)
{
    for (guint i = 0; i < a->retries->len; i++) {
        const amfol_nas_retry *r = &g_array_index(a->retries, amfol_nas_retry, i);
        amfol_finding *f = amfol_findings_add(out, AMFOL_RULE_UE_EARLY_RETRY);
        if (!f)
            return;
        amfol_finding_set_entities(f, a->name, NULL, NULL, amfol_nas_ue_name(s, r->ue_serial, r->ue));
        amfol_finding_add_frame(f, r->reject_frame);
        amfol_finding_add_frame(f, r->retry_frame);
        f->first_frame = r->retry_frame;
        f->count = 1;
        f->layer = g_strdup("nas");
        amfol_finding_set_summary(f, "UE %s retried %.1f s before its T3346 (started by frame %u) "
                                  "expired, with no exemption",
                                  amfol_nas_ue_name(s, r->ue_serial, r->ue), r->before_expiry_s,
                                  r->reject_frame);
    }
}

/* Per (AMF, episode): >= 20 congestion rejects, >= 80 % with the same T3346 value. */
static void rule_not_randomised(amfol_nas *s, amfol_nas_amf *a, amfol_findings *out)
{
    GHashTable *episodes = g_hash_table_new(g_direct_hash, g_direct_equal);
    for (guint i = 0; i < a->rejects->len; i++) {
        int ep = g_array_index(a->rejects, amfol_nas_reject, i).episode;
        g_hash_table_add(episodes, GINT_TO_POINTER(ep + 1));
    }
    GHashTableIter it;
    gpointer key;
    g_hash_table_iter_init(&it, episodes);
    while (g_hash_table_iter_next(&it, &key, NULL)) {
        int ep = GPOINTER_TO_INT(key) - 1;
        if (ep <= 0)
            continue;                          /* the rule is about an overload episode */
        uint32_t total = 0;
        GHashTable *by_value = g_hash_table_new(g_direct_hash, g_direct_equal);
        for (guint i = 0; i < a->rejects->len; i++) {
            const amfol_nas_reject *r = &g_array_index(a->rejects, amfol_nas_reject, i);
            if (r->episode != ep || !r->integrity)
                continue;                      /* unprotected: the UE draws its own value */
            total++;
            if (r->t3346.state != AMFOL_TIMER_VALUE)
                continue;
            gpointer k = GUINT_TO_POINTER(r->t3346.seconds);
            g_hash_table_insert(by_value, k,
                                GUINT_TO_POINTER(GPOINTER_TO_UINT(g_hash_table_lookup(by_value, k)) + 1));
        }
        uint32_t best_n = 0, best_s = 0;
        GHashTableIter vi;
        gpointer vk, vv;
        g_hash_table_iter_init(&vi, by_value);
        while (g_hash_table_iter_next(&vi, &vk, &vv)) {
            uint32_t n = GPOINTER_TO_UINT(vv), sec = GPOINTER_TO_UINT(vk);
            if (n > best_n || (n == best_n && sec < best_s)) {
                best_n = n;
                best_s = sec;
            }
        }
        g_hash_table_destroy(by_value);
        if (total < NOT_RANDOMISED_MIN_REJECTS || best_n < NOT_RANDOMISED_SHARE * total)
            continue;
        amfol_finding *f = amfol_findings_add(out, AMFOL_RULE_T3346_NOT_RANDOMISED);
        if (!f)
            break;
        uint32_t wave = 0, retried = 0;
        for (guint i = 0; i < a->rejects->len; i++) {
            const amfol_nas_reject *r = &g_array_index(a->rejects, amfol_nas_reject, i);
            if (r->episode != ep || !r->integrity || r->t3346.state != AMFOL_TIMER_VALUE ||
                r->t3346.seconds != best_s)
                continue;
            if (f->first_frame == 0 || r->frame < f->first_frame)
                f->first_frame = r->frame;
            amfol_finding_add_frame(f, r->frame);
            if (r->retried) {
                retried++;
                if (fabs(r->retry_rel_expiry) <= RETRY_WAVE_S)
                    wave++;
            }
        }
        amfol_finding_set_entities(f, a->name, NULL, NULL, NULL);
        f->count = best_n;
        f->layer = g_strdup("nas");
        amfol_finding_set_summary(f, "%u of %u congestion rejects of %s%s carry the same T3346 (%u s); "
                                  "retry wave: %u of the %u UEs seen again came back within %.0f s "
                                  "of expiry", best_n, total, a->name,
                                  ep ? " in this episode" : " outside overload", best_s, wave, retried,
                                  RETRY_WAVE_S);
    }
    g_hash_table_destroy(episodes);
}

static int cmp_time(const void *x, const void *y)
{
    amfol_time a = *(const amfol_time *)x, b = *(const amfol_time *)y;
    return a < b ? -1 : a > b;
}

static int cmp_reject_time(const void *x, const void *y)
{
    const amfol_nas_reject *a = *(const amfol_nas_reject *const *)x;
    const amfol_nas_reject *b = *(const amfol_nas_reject *const *)y;
    if (a->t != b->t)
        return a->t < b->t ? -1 : 1;
    return a->frame < b->frame ? -1 : a->frame > b->frame;
}

static size_t count_in(const amfol_time *v, size_t n, amfol_time lo, amfol_time hi)
{
    size_t a = 0, b = n;                       /* first >= lo */
    while (a < b) { size_t m = (a + b) / 2; if (v[m] < lo) a = m + 1; else b = m; }
    size_t start = a;
    b = n;                                     /* first >= hi */
    while (a < b) { size_t m = (a + b) / 2; if (v[m] < hi) a = m + 1; else b = m; }
    return a - start;
}

/* Worst 10 s window with >= 50 congestion rejects and rejects >= 3 x accepted registrations. */
static void rule_storm(amfol_nas *s, amfol_nas_amf *a, amfol_findings *out)
{
    (void)s;
    size_t n = a->rejects->len;
    if (n < STORM_MIN_REJECTS)
        return;
    const amfol_nas_reject **v = g_new(const amfol_nas_reject *, n);
    for (size_t i = 0; i < n; i++)
        v[i] = &g_array_index(a->rejects, amfol_nas_reject, i);
    qsort(v, n, sizeof v[0], cmp_reject_time);
    size_t na = a->accepts->len;
    amfol_time *acc = g_memdup2(a->accepts->data, (gsize)(na * sizeof(amfol_time)));
    qsort(acc, na, sizeof acc[0], cmp_time);
    size_t best_i = 0, best_n = 0, best_acc = 0, j = 0;
    for (size_t i = 0; i < n; i++) {
        if (j < i)
            j = i;
        while (j < n && v[j]->t < v[i]->t + STORM_WINDOW_S)
            j++;
        size_t k = j - i;
        size_t ac = count_in(acc, na, v[i]->t, v[i]->t + STORM_WINDOW_S);
        if (k >= STORM_MIN_REJECTS && k >= STORM_REJECT_TO_ACCEPT * ac && k > best_n) {
            best_n = k;
            best_i = i;
            best_acc = ac;
        }
    }
    if (best_n) {
        amfol_finding *f = amfol_findings_add(out, AMFOL_RULE_BACKOFF_STORM);
        if (f) {
            amfol_finding_set_entities(f, a->name, NULL, NULL, NULL);
            f->first_frame = v[best_i]->frame;
            for (size_t i = best_i; i < best_i + best_n; i++)
                amfol_finding_add_frame(f, v[i]->frame);
            f->first_frame = v[best_i]->frame;
            f->count = (uint32_t)best_n;
            f->layer = g_strdup("nas");
            amfol_finding_set_summary(f, "%zu congestion rejects in 10 s (%.1f/s) against %zu accepted "
                                      "registrations: the rejects are the load", best_n,
                                      best_n / STORM_WINDOW_S, best_acc);
        }
    }
    g_free(acc);
    g_free(v);
}

/* A reject stored as "no overload" may fall in an episode that began before the capture: N2
 * learns of it only at its STOP, later in the first pass. */
static void learn_before_capture(amfol_engine *e, amfol_nas_amf *a)
{
    for (guint k = 0; k < a->rejects->len; k++) {
        amfol_nas_reject *r = &g_array_index(a->rejects, amfol_nas_reject, k);
        amfol_n2_episode_view v;
        if (!r->in_overload && amfol_n2_episode_at(e->n2, a->name, r->t, &v) && v.start_unknown) {
            r->in_overload = true;
            r->episode = v.number;
        }
    }
}

void amfol_nas_finish(amfol_engine *e, amfol_findings *out)
{
    amfol_nas *s = e->nas;
    for (guint i = 0; i < s->amfs->len; i++) {
        amfol_nas_amf *a = g_ptr_array_index(s->amfs, i);
        learn_before_capture(e, a);
        rule_early_retry(s, a, out);
        rule_simple(s, a, out);
        rule_not_randomised(s, a, out);
        rule_storm(s, a, out);
    }
}
