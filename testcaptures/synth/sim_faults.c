/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Faults decided after the run from bounded logs, with the thresholds of docs/faults.md. */
#include "sim_faults.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SEC 1000000
#define LOG_CAP 2000000u

typedef struct {
    uint32_t frame;
    int64_t t_us;
    int64_t t3346_s;  /* -2 absent */
    int16_t episode;  /* -1 for accepts */
    int16_t amf;
    uint8_t is_reject;
    int64_t retry_us;   /* the UE's next attempt on N2 (-1 none) */
} nas_entry;

typedef struct {
    uint32_t frame;
    int64_t t_us;
    int amf, load;
} nf_entry;

/* One slice at one gNB while a START of one AMF with a slice list is in force: the UEs of that
 * slice released after RRCSetupComplete and the UEs set up (same slice / unlisted slices). */
typedef struct {
    int active;
    int listed;             /* the START lists the slice */
    int pct;                /* its Slice Traffic Load Reduction Indication, 0 = none */
    uint32_t start_frame;
    int64_t since_us;
    truth_fault *fault;
    int same_ok, other_ok;
} slice_track;

typedef struct {
    uint32_t frame;
    int64_t t_us;
    int8_t gnb, amf, cause;
} ium_entry;

/* The last 10 s of one AMF's NAS outcomes, for backoff-storm (bounded ring). */
#define STORM_RING 65536u
typedef struct {
    uint32_t frame[STORM_RING];
    int64_t t_us[STORM_RING];
    uint8_t is_reject[STORM_RING];
    uint32_t head, len, rej, acc;
    uint32_t best_rej;
    GArray *best;   /* uint32 reject frames of the worst window so far */
} storm_window;

struct sim_faults {
    storm_window *storm[SC_MAX_AMFS];
    GArray *ium;   /* ium_entry, causes that some action exempts */
    GArray *nas;   /* nas_entry */
    GArray *nf;    /* nf_entry */
    slice_track slice[SC_MAX_AMFS][SC_MAX_GNBS][SC_MAX_SLICES];
    GPtrArray *slice_done; /* truth_fault* whose window closed without meeting the rule */
    int slices_used;       /* some START has a slice list: the RRC set-up is shown in full */
};

void sim_extra_init(sim *s)
{
    s->fx = calloc(1, sizeof *s->fx);
    s->fx->nas = g_array_new(FALSE, FALSE, sizeof(nas_entry));
    s->fx->ium = g_array_new(FALSE, FALSE, sizeof(ium_entry));
    s->fx->nf = g_array_new(FALSE, FALSE, sizeof(nf_entry));
    s->fx->slice_done = g_ptr_array_new();
    for (int e = 0; e < s->sc->n_episodes; e++)
        for (int k = 0; k < s->sc->episodes[e].n_starts; k++)
            s->fx->slices_used |= s->sc->episodes[e].starts[k].n_slices > 0;
}

void sim_extra_free(sim *s)
{
    if (!s->fx)
        return;
    g_array_free(s->fx->nas, TRUE);
    g_array_free(s->fx->ium, TRUE);
    for (int a = 0; a < SC_MAX_AMFS; a++)
        if (s->fx->storm[a]) {
            g_array_free(s->fx->storm[a]->best, TRUE);
            free(s->fx->storm[a]);
        }
    g_array_free(s->fx->nf, TRUE);
    g_ptr_array_free(s->fx->slice_done, TRUE);
    free(s->fx);
    s->fx = NULL;
}

/* The window starting at the ring's oldest entry is complete: judge it, then drop that entry. */
static void storm_pop(storm_window *w)
{
    uint32_t i = w->head;
    if (w->is_reject[i] && w->rej >= 50 && w->rej >= 3 * w->acc && w->rej > w->best_rej) {
        w->best_rej = w->rej;
        g_array_set_size(w->best, 0);
        for (uint32_t k = 0; k < w->len; k++) {
            uint32_t j = (w->head + k) % STORM_RING;
            if (w->is_reject[j])
                g_array_append_val(w->best, w->frame[j]);
        }
    }
    if (w->is_reject[i])
        w->rej--;
    else
        w->acc--;
    w->head = (w->head + 1) % STORM_RING;
    w->len--;
}

static void storm_push(sim *s, int amf, uint32_t frame, int is_reject)
{
    storm_window *w = s->fx->storm[amf];
    if (!w) {
        w = s->fx->storm[amf] = calloc(1, sizeof *w);
        if (!w) {
            s->tr.log_overflow = 1;
            return;
        }
        w->best = g_array_new(FALSE, FALSE, sizeof(uint32_t));
    }
    while (w->len && w->t_us[w->head] + 10 * (int64_t)SEC <= s->now_us)
        storm_pop(w);
    if (w->len == STORM_RING) { /* more than 6553 outcomes per second: give up the window */
        s->tr.log_overflow = 1;
        storm_pop(w);
    }
    uint32_t j = (w->head + w->len) % STORM_RING;
    w->frame[j] = frame;
    w->t_us[j] = s->now_us;
    w->is_reject[j] = (uint8_t)is_reject;
    w->len++;
    if (is_reject)
        w->rej++;
    else
        w->acc++;
}

int sim_record_nas_reject(sim *s, int ep, uint32_t frame, int64_t t3346_s, int is_reject)
{
    storm_push(s, ep >= 0 ? s->sc->episodes[ep].amf : -1 - ep, frame, is_reject);
    if (!is_reject)
        return -1; /* accepts only matter for the back-off storm window */
    if (s->fx->nas->len >= LOG_CAP) {
        s->tr.log_overflow = 1;
        return -1;
    }
    nas_entry e = {.frame = frame, .t_us = s->now_us, .t3346_s = t3346_s,
                   .episode = (int16_t)(ep >= 0 ? ep : -1),
                   .amf = (int16_t)(ep >= 0 ? s->sc->episodes[ep].amf : -1 - ep),
                   .is_reject = (uint8_t)is_reject, .retry_us = -1};
    g_array_append_val(s->fx->nas, e);
    return (int)s->fx->nas->len - 1;
}

void sim_record_retry(sim *s, int reject_index)
{
    if (reject_index >= 0 && (guint)reject_index < s->fx->nas->len)
        g_array_index(s->fx->nas, nas_entry, reject_index).retry_us = s->now_us;
}

void sim_record_ium(sim *s, int gnb, int amf, int cause, uint32_t frame)
{
    int maybe_exempt = cause == CAUSE_EMERGENCY || cause == CAUSE_HIGH_PRIORITY ||
                       cause == CAUSE_MT_ACCESS || cause == CAUSE_MPS || cause == CAUSE_MCS;
    if (!maybe_exempt || s->fx->ium->len >= LOG_CAP)
        return;
    ium_entry e = {.frame = frame, .t_us = s->now_us, .gnb = (int8_t)gnb, .amf = (int8_t)amf,
                   .cause = (int8_t)cause};
    g_array_append_val(s->fx->ium, e);
}

void sim_record_nfupdate(sim *s, int amf, uint32_t frame, int load)
{
    if (s->fx->nf->len >= LOG_CAP)
        return;
    nf_entry e = {.frame = frame, .t_us = s->now_us, .amf = amf, .load = load};
    g_array_append_val(s->fx->nf, e);
}

int sim_slices_used(const sim *s)
{
    return s->fx && s->fx->slices_used;
}

/* docs/faults.md slice-overload-blocks-slice: a listed slice without percentage is raised when
 * >= 5 of its UEs were released, none set up and >= 5 UEs of unlisted slices set up (the AMF's
 * list decides: a warning); a listed slice with a percentage when clearly more than that share
 * was released (the gNB's error); an unlisted slice when >= 5 of its UEs were released (the
 * gNB's error). */
/* P(X >= k) for X ~ Bin(n, p). */
static double binom_sf(uint32_t k, uint32_t n, double p)
{
    if (k == 0)
        return 1.0;
    if (k > n)
        return 0.0;
    double sum = 0;
    for (uint32_t i = k; i <= n; i++)
        sum += exp(lgamma(n + 1.0) - lgamma(i + 1.0) - lgamma(n - i + 1.0) + i * log(p) +
                   (n - i) * log1p(-p));
    return sum > 1.0 ? 1.0 : sum;
}

/* A listed slice with percentage p: more released than asked (amfol's ratio and binomial test:
 * n >= 5, k/n > p + 0.2, P(X >= k | Bin(n, p)) < 0.001). */
static int over_pct(const slice_track *t)
{
    uint32_t k = t->fault->count, n = k + (uint32_t)t->same_ok;
    double p = t->pct / 100.0;
    return n >= 5 && (double)k / n > p + 0.2 && binom_sf(k, n, p) < 0.001;
}

static void close_track(sim *s, slice_track *t)
{
    if (t->active && t->fault) {
        int holds = !t->listed ? t->fault->count >= 5
                  : t->pct     ? over_pct(t)
                               : t->fault->count >= 5 && t->same_ok == 0 && t->other_ok >= 5;
        if (!holds)
            g_ptr_array_add(s->fx->slice_done, t->fault);
    }
    memset(t, 0, sizeof *t);
}

static int start_lists(const sc_start *st, const sc_snssai *sn, int *pct)
{
    for (int i = 0; i < st->n_slices; i++)
        if (snssai_equal(&st->slices[i].snssai, sn)) {
            *pct = st->slices[i].reduction_pct;
            return 1;
        }
    return 0;
}

void sim_slice_start(sim *s, int episode, int k, int gnb, uint32_t start_frame)
{
    const sc_episode *ep = &s->sc->episodes[episode];
    const sc_start *st = &ep->starts[k];
    int amf = ep->amf;
    for (int sl = 0; sl < s->sc->n_slices; sl++) {
        slice_track *t = &s->fx->slice[amf][gnb][sl];
        int pct = 0, listed = start_lists(st, &s->sc->slices[sl], &pct);
        /* a replacing START keeps the window only when it judges the slice the same way */
        if (t->active && t->listed == listed && t->pct == pct && st->n_slices > 0)
            continue;
        close_track(s, t);
        if (st->n_slices == 0)
            continue;
        t->active = 1;
        t->listed = listed;
        t->pct = pct;
        t->start_frame = start_frame;
        t->since_us = s->now_us;
        t->fault = truth_fault_new(&s->tr, "slice-overload-blocks-slice", s->sc->amfs[amf].name,
                                   s->sc->gnbs[gnb].name, NULL, NULL);
        t->fault->first_frame = start_frame; /* frames: only the RRCReleases */
        char sn[24];
        snssai_format(&s->sc->slices[sl], sn, sizeof sn);
        t->fault->details = g_strdup_printf("{\"snssai\": \"%s\", \"listed\": %s, \"pct\": %d}", sn,
                                            listed ? "true" : "false", pct);
    }
}

void sim_slice_stop(sim *s, int episode, int gnb)
{
    int amf = s->sc->episodes[episode].amf;
    for (int sl = 0; sl < s->sc->n_slices; sl++)
        close_track(s, &s->fx->slice[amf][gnb][sl]);
}

void sim_slice_success(sim *s, int uei)
{
    const sim_ue *u = &s->ues[uei];
    const slice_track *own = &s->fx->slice[u->target_amf][u->gnb][u->slice];
    for (int sl = 0; sl < s->sc->n_slices; sl++) {
        slice_track *t = &s->fx->slice[u->target_amf][u->gnb][sl];
        if (!t->active)
            continue;
        if (sl == u->slice)
            t->same_ok++;
        else if (own->active && !own->listed)
            t->other_ok++;   /* "others": UEs of slices the START does not list */
    }
}

/* The gNB released UE after its RRCSetupComplete (frame: the RRCRelease). Releases of unlisted
 * slices count only for requests the START's AMF-wide action does not shed (docs/faults.md). */
void sim_slice_failure(sim *s, int uei, uint32_t frame)
{
    const sim_ue *u = &s->ues[uei];
    slice_track *t = &s->fx->slice[u->target_amf][u->gnb][u->slice];
    const sim_ng_view *v = &s->view[u->gnb][u->target_amf];
    if (!t->active || !t->fault || !frame)
        return;
    if (!t->listed && v->in_force) {
        const sc_start *st = v->start;
        int act = st->action == ACTION_NONE ? ACTION_REJECT_SIGNALLING : st->action;
        if ((st->action != ACTION_NONE || st->reduction_pct > 0) && cause_is_shed(act, u->cause))
            return;
    }
    truth_fault_add(t->fault, frame);
    t->fault->count++;
}

/* Removes F from the truth's fault list (and frees it). */
static void drop_fault(sim *s, truth_fault *f)
{
    g_ptr_array_remove(s->tr.faults, f);
}

static void start_partial_and_stop_missing(sim *s)
{
    for (int e = 0; e < s->sc->n_episodes; e++) {
        const sc_episode *ep = &s->sc->episodes[e];
        const truth_episode *te = &s->tr.episodes[e];
        if (!te->start_frame)
            continue;
        for (int g = 0; g < s->sc->n_gnbs; g++) {
            const sc_gnb *gn = &s->sc->gnbs[g];
            if (!(gn->amf_mask & (1u << ep->amf)))
                continue;
            if (!(ep->gnb_mask & (1u << g))) {
                truth_fault *f = truth_fault_new(&s->tr, "overload-start-partial",
                                                 s->sc->amfs[ep->amf].name, gn->name, NULL, NULL);
                f->first_frame = te->start_frame;
                for (int u = 0; u < te->n_updates; u++)
                    truth_fault_add(f, te->updates[u].frame);
                f->count = (uint32_t)te->n_updates;
                continue;
            }
            if (te->gnb_stop_frame[g] == 0) {
                truth_fault *f = truth_fault_new(&s->tr, "overload-stop-missing",
                                                 s->sc->amfs[ep->amf].name, gn->name, NULL, NULL);
                f->first_frame = te->gnb_start_frame[g];
                for (int u = 0; u < te->n_updates; u++)
                    if (te->updates[u].gnb == g) {
                        truth_fault_add(f, te->updates[u].frame);
                        f->count++;
                    }
                f->details = g_strdup_printf("{\"lasted_s\": %.6f}",
                                             (double)(s->tr.last_us - te->start_us) / SEC);
            }
        }
    }
}

static void t3346_not_randomised(sim *s)
{
    for (int e = 0; e < s->sc->n_episodes; e++) {
        GHashTable *h = g_hash_table_new(g_int64_hash, g_int64_equal);
        uint32_t total = 0;
        nas_entry *v = (nas_entry *)s->fx->nas->data;
        for (guint i = 0; i < s->fx->nas->len; i++) {
            if (v[i].episode != e || !v[i].is_reject)
                continue;
            total++;
            /* candidates: real timer values only (absent, zero and deactivated have no expiry) */
            if (v[i].t3346_s <= 0 || v[i].t3346_s == (int64_t)UINT32_MAX)
                continue;
            gpointer old = g_hash_table_lookup(h, &v[i].t3346_s);
            g_hash_table_insert(h, &v[i].t3346_s, GUINT_TO_POINTER(GPOINTER_TO_UINT(old) + 1));
        }
        int64_t best = -1;
        uint32_t best_n = 0;
        GHashTableIter it;
        gpointer k, val;
        g_hash_table_iter_init(&it, h);
        while (g_hash_table_iter_next(&it, &k, &val)) {
            uint32_t n = GPOINTER_TO_UINT(val);
            int64_t key = *(int64_t *)k;
            if (n > best_n || (n == best_n && key < best)) {
                best_n = n;
                best = key;
            }
        }
        g_hash_table_destroy(h);
        if (total < 20 || best_n * 10 < total * 8)
            continue;
        const sc_episode *ep = &s->sc->episodes[e];
        truth_fault *f = truth_fault_new(&s->tr, "t3346-not-randomised",
                                         s->sc->amfs[ep->amf].name, NULL, NULL, NULL);
        for (guint i = 0; i < s->fx->nas->len; i++)
            if (v[i].episode == e && v[i].is_reject && v[i].t3346_s == best) {
                if (!f->first_frame)
                    f->first_frame = v[i].frame;
                truth_fault_add(f, v[i].frame);
                f->count++;
            }
        /* the retry wave: attempts by those UEs within +-2 s of their T3346 expiry */
        uint32_t wave = 0;
        for (guint i = 0; i < s->fx->nas->len; i++)
            if (v[i].episode == e && v[i].is_reject && v[i].t3346_s == best && v[i].retry_us >= 0 &&
                llabs(v[i].retry_us - (v[i].t_us + best * (int64_t)SEC)) <= 2 * (int64_t)SEC)
                wave++;
        f->details = g_strdup_printf("{\"t3346_s\": %lld, \"rejects\": %u, \"retry_wave\": %u}",
                                     (long long)best, total, wave);
    }
}

/* Worst window [t, t + 10 s) starting at a reject, with >= 50 rejects and >= 3 x accepts. */
static void backoff_storm(sim *s)
{
    for (int a = 0; a < s->sc->n_amfs; a++) {
        storm_window *w = s->fx->storm[a];
        if (!w)
            continue;
        while (w->len)
            storm_pop(w);
        if (!w->best_rej)
            continue;
        truth_fault *f = truth_fault_new(&s->tr, "backoff-storm", s->sc->amfs[a].name, NULL,
                                         NULL, NULL);
        f->first_frame = g_array_index(w->best, uint32_t, 0);
        for (guint k = 0; k < w->best->len; k++) {
            truth_fault_add(f, g_array_index(w->best, uint32_t, k));
            f->count++;
        }
    }
}

static void nrf_load_stale(sim *s)
{
    if (!s->sc->nrf_enabled)
        return;
    nf_entry *v = (nf_entry *)s->fx->nf->data;
    for (int e = 0; e < s->sc->n_episodes; e++) {
        const sc_episode *ep = &s->sc->episodes[e];
        const truth_episode *te = &s->tr.episodes[e];
        if (!te->start_frame)
            continue;
        int64_t end = te->stop_frame ? te->stop_us : s->tr.last_us;
        int early = 0, high = 0, any = 0;
        for (guint i = 0; i < s->fx->nf->len; i++) {
            if (v[i].amf != ep->amf || v[i].t_us < te->start_us || v[i].t_us > end)
                continue;
            any = 1;
            /* bounded by the profile's heartBeatTimer, as amfol reads it (TS 29.510) */
            if (v[i].t_us <= te->start_us + s->sc->nrf_heartbeat_s * (int64_t)SEC)
                early = 1;
            if (v[i].load >= 80)
                high = 1;
        }
        (void)any;
        if (early && high)
            continue;
        truth_fault *f = truth_fault_new(&s->tr, "nrf-load-stale", s->sc->amfs[ep->amf].name,
                                         NULL, NULL, NULL);
        f->first_frame = te->start_frame;
        truth_fault_add(f, te->start_frame);
        for (guint i = 0; i < s->fx->nf->len; i++)
            if (v[i].amf == ep->amf && v[i].t_us >= te->start_us && v[i].t_us <= end) {
                truth_fault_add(f, v[i].frame);
                f->count++;
            }
    }
}

static void cascades(sim *s)
{
    for (int r = 0; r < s->sc->n_rebalances; r++) {
        const sc_rebalance *rb = &s->sc->rebalances[r];
        GArray *moves = s->rebalance_moves[r];
        if (moves->len == 0)
            continue;
        uint32_t first_move = g_array_index(moves, uint32_t, 0);
        if (s->rebalance_target_loaded[r]) {
            truth_fault *f = truth_fault_new(&s->tr, "rebalancing-to-loaded-target",
                                             s->sc->amfs[rb->to_amf].name, NULL, NULL, NULL);
            f->first_frame = first_move;
            for (guint i = 0; i < moves->len; i++)
                truth_fault_add(f, g_array_index(moves, uint32_t, i));
            f->count = moves->len;
        }
        uint32_t src_start = 0, dst_start = 0;
        for (int e = 0; e < s->sc->n_episodes; e++) {
            const truth_episode *te = &s->tr.episodes[e];
            if (!te->start_frame)
                continue;
            if (s->sc->episodes[e].amf == rb->from_amf && te->start_frame < first_move &&
                !src_start)
                src_start = te->start_frame;
            if (s->sc->episodes[e].amf == rb->to_amf && te->start_frame > first_move &&
                !dst_start)
                dst_start = te->start_frame;
        }
        if (!dst_start)
            continue;
        truth_fault *f = truth_fault_new(&s->tr, "cascading-overload",
                                         s->sc->amfs[rb->to_amf].name, NULL, NULL, NULL);
        f->first_frame = dst_start;
        if (src_start)
            truth_fault_add(f, src_start);
        uint32_t moved_before = 0;
        for (guint i = 0; i < moves->len; i++) {
            uint32_t m = g_array_index(moves, uint32_t, i);
            if (m < dst_start) {
                truth_fault_add(f, m);
                moved_before++;
            }
        }
        truth_fault_add(f, dst_start);
        f->count = moved_before;
        f->details = g_strdup_printf("{\"source\": \"%s\", \"set_id\": %d, \"moves\": %u}",
                                     s->sc->amfs[rb->from_amf].name,
                                     s->sc->amfs[rb->to_amf].set_id, moved_before);
    }
}

/* P(X <= k) for X ~ Poisson(lambda). Each term in log space: exp(-lambda) alone underflows
 * for lambda > ~745, while the terms near the mode stay representable. */
double sim_poisson_cdf(uint32_t k, double lambda)
{
    if (lambda <= 0)
        return 1.0;
    double sum = 0, ll = log(lambda);
    for (uint32_t i = 0; i <= k; i++)
        sum += exp(-lambda + i * ll - lgamma((double)i + 1.0));
    return sum > 1.0 ? 1.0 : sum;
}

/* overload-exempt-shed counts the exempt causes the UE originates: mt-Access follows paging. */
static int exempt_originated(int action, int cause)
{
    return cause != CAUSE_MT_ACCESS && cause_is_exempt(action, cause);
}

/* overload-exempt-shed: exempt causes stop arriving during the episode (N2 view). */
static void exempt_shed(sim *s)
{
    ium_entry *v = (ium_entry *)s->fx->ium->data;
    for (int e = 0; e < s->sc->n_episodes; e++) {
        const sc_episode *ep = &s->sc->episodes[e];
        const truth_episode *te = &s->tr.episodes[e];
        if (!te->start_frame)
            continue;
        int act = ep->starts[0].action == ACTION_NONE ? ACTION_REJECT_SIGNALLING
                                                      : ep->starts[0].action;
        for (int g = 0; g < s->sc->n_gnbs; g++) {
            if (!te->gnb_start_frame[g])
                continue;
            int64_t t0 = s->tr.episodes[e].start_us;
            int64_t t1 = te->gnb_stop_frame[g] ? te->stop_us : s->tr.last_us;
            uint32_t base = 0, during = 0;
            for (guint i = 0; i < s->fx->ium->len; i++) {
                if (v[i].gnb != g || v[i].amf != ep->amf || !exempt_originated(act, v[i].cause))
                    continue;
                if (v[i].t_us >= t0 - 60 * (int64_t)SEC && v[i].t_us < t0)
                    base++;
                else if (v[i].t_us >= t0 && v[i].t_us < t1)
                    during++;
            }
            double lambda = base / 60.0 * ((double)(t1 - t0) / SEC);
            if (lambda < 5 || sim_poisson_cdf(during, lambda) >= 0.001)
                continue;
            truth_fault *f = truth_fault_new(&s->tr, "overload-exempt-shed",
                                             s->sc->amfs[ep->amf].name, s->sc->gnbs[g].name, NULL,
                                             NULL);
            f->first_frame = te->gnb_start_frame[g];
            truth_fault_add(f, te->gnb_start_frame[g]);
            for (guint i = 0; i < s->fx->ium->len; i++)
                if (v[i].gnb == g && v[i].amf == ep->amf && exempt_originated(act, v[i].cause) &&
                    v[i].t_us >= t0 - 60 * (int64_t)SEC && v[i].t_us < t0)
                    truth_fault_add(f, v[i].frame);
            f->count = base; /* evidence: the baseline exempt IUMs */
            f->details = g_strdup_printf("{\"baseline\": %u, \"during\": %u, \"lambda\": %.3f}",
                                         base, during, lambda);
        }
    }
}

/* overload-flapping: an AMF whose next START came less than 10 s after its previous episode's last
 * STOP, at least twice (tap/n2/amfol_n2_rules.c). Its episodes in time order (they never overlap). */
static void overload_flapping(sim *s)
{
    for (int a = 0; a < s->sc->n_amfs; a++) {
        int order[SC_MAX_EPISODES], n = 0;
        for (int e = 0; e < s->sc->n_episodes; e++)
            if (s->sc->episodes[e].amf == a && s->tr.episodes[e].start_frame) {
                int k = n++;
                while (k > 0 && s->tr.episodes[order[k - 1]].start_us > s->tr.episodes[e].start_us) {
                    order[k] = order[k - 1];
                    k--;
                }
                order[k] = e;
            }
        uint32_t restarts = 0;
        for (int i = 1; i < n; i++) {
            const truth_episode *prev = &s->tr.episodes[order[i - 1]], *te = &s->tr.episodes[order[i]];
            restarts += prev->stop_frame && te->start_us - prev->stop_us < 10 * SEC;
        }
        if (restarts < 2)
            continue;
        truth_fault *f = truth_fault_new(&s->tr, "overload-flapping", s->sc->amfs[a].name, NULL, NULL, NULL);
        for (int i = 1; i < n; i++) {
            const truth_episode *prev = &s->tr.episodes[order[i - 1]], *te = &s->tr.episodes[order[i]];
            if (!prev->stop_frame || te->start_us - prev->stop_us >= 10 * SEC)
                continue;
            if (!f->first_frame)
                f->first_frame = prev->stop_frame;
            truth_fault_add(f, prev->stop_frame);
            truth_fault_add(f, te->start_frame);
        }
        f->count = restarts;
    }
}

/* slice-overload-misconfigured: per (AMF, gNB), the STARTs whose slice list names a protected
 * slice ([scenario] protected_snssai; tap/rrc/amfol_rrc_slice_rules.c). */
static void protected_slices(sim *s)
{
    if (!s->sc->n_protected)
        return;
    for (int a = 0; a < s->sc->n_amfs; a++)
        for (int g = 0; g < s->sc->n_gnbs; g++) {
            truth_fault *f = NULL;
            for (int e = 0; e < s->sc->n_episodes; e++) {
                const truth_episode *te = &s->tr.episodes[e];
                if (s->sc->episodes[e].amf != a)
                    continue;
                for (int u = 0; u < te->n_updates; u++) {
                    const truth_update *up = &te->updates[u];
                    int hit = 0;
                    for (int k = 0; up->gnb == g && k < up->start->n_slices; k++)
                        for (int p = 0; p < s->sc->n_protected; p++)
                            hit |= snssai_equal(&up->start->slices[k].snssai, &s->sc->protected_snssai[p]);
                    if (!hit)
                        continue;
                    if (!f) {
                        f = truth_fault_new(&s->tr, "slice-overload-misconfigured", s->sc->amfs[a].name,
                                            s->sc->gnbs[g].name, NULL, NULL);
                        f->first_frame = up->frame;
                    }
                    truth_fault_add(f, up->frame);
                    f->count++;
                }
            }
        }
}

void sim_finish_faults(sim *s)
{
    for (int g = 0; g < SC_MAX_GNBS; g++)
        for (int a = 0; a < SC_MAX_AMFS; a++)
            for (int sl = 0; sl < SC_MAX_SLICES; sl++)
                close_track(s, &s->fx->slice[a][g][sl]);
    for (guint i = 0; i < s->fx->slice_done->len; i++)
        drop_fault(s, g_ptr_array_index(s->fx->slice_done, i));
    g_ptr_array_set_size(s->fx->slice_done, 0);
    /* gnb-ignores-overload needs at least 10 shed-class messages in the segment. */
    for (guint i = 0; i < s->tr.faults->len;) {
        truth_fault *f = g_ptr_array_index(s->tr.faults, i);
        if (!strcmp(f->rule, "gnb-ignores-overload") && f->count < 10)
            g_ptr_array_remove_index(s->tr.faults, i);
        else if (!strcmp(f->rule, "rejects-after-overload-stop") && f->count < 3)
            g_ptr_array_remove_index(s->tr.faults, i);
        else if (!strcmp(f->rule, "gnb-over-sheds") && f->count < 3)
            g_ptr_array_remove_index(s->tr.faults, i);
        else
            i++;
    }
    start_partial_and_stop_missing(s);
    t3346_not_randomised(s);
    backoff_storm(s);
    nrf_load_stale(s);
    cascades(s);
    exempt_shed(s);
    overload_flapping(s);
    protected_slices(s);
}
