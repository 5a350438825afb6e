/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_n2_retry_bound.c: gnb-ignores-overload on N2 alone against a simulation of retrying UEs.
 * One gNB, one AMF: fresh mo-Signalling UEs arrive (Poisson, rate r) for 60 s, then OVERLOAD START
 * (reject-rrc-cr-signalling, reduction p) for 60 s, then STOP. A compliant gNB applies the START
 * somewhere in the grace period and turns each attempt away with probability p; every UE turned
 * away retries after waitTime W (TS 38.331 §5.3.15) until admitted. An ignoring gNB forwards every
 * attempt. Sweep W in {1, 4, 16} s, p in {10, 50, 90} %, r in {2, 20, 100} UE/s:
 *  - a compliant gNB never gets a warning or an error (any rule), whatever W;
 *  - the detection power left for an ignoring gNB is printed, and asserted where the bound must
 *    find it: a storm of 20 UE/s whose fresh rate doubles at the START (every p), and a steady
 *    20 UE/s under a 90 % START. */
#include "test_n2_util.h"
#include "core/amfol_context.h"
#include "n2/amfol_n2_internal.h"

#include <math.h>

#define G1 "10.0.1.1:38412"
#define BASELINE_S 60.0
#define DURING_S 60.0

typedef struct rng { uint64_t s; } rng;

static double uniform(rng *g)
{
    g->s ^= g->s >> 12;
    g->s ^= g->s << 25;
    g->s ^= g->s >> 27;
    return ((g->s * 0x2545F4914F6CDD1DULL) >> 11) * (1.0 / 9007199254740992.0);
}

/* Pending attempts, a binary min-heap of times. */
typedef struct heap { double *t; size_t n, cap; } heap;

static void heap_push(heap *h, double t)
{
    if (h->n == h->cap) {
        h->cap = h->cap ? 2 * h->cap : 4096;
        h->t = realloc(h->t, h->cap * sizeof *h->t);
        CHECK(h->t);
    }
    size_t i = h->n++;
    while (i > 0 && h->t[(i - 1) / 2] > t) {
        h->t[i] = h->t[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->t[i] = t;
}

static double heap_pop(heap *h)
{
    double top = h->t[0], last = h->t[--h->n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= h->n)
            break;
        if (c + 1 < h->n && h->t[c + 1] < h->t[c])
            c++;
        if (h->t[c] >= last)
            break;
        h->t[i] = h->t[c];
        i = c;
    }
    if (h->n)
        h->t[i] = last;
    return top;
}

enum verdict { V_NONE, V_NOTE, V_WARNING_OR_ERROR };

/* One run; returns the worst severity of any finding, and whether gnb-ignores-overload is an error. */
static enum verdict run(double rate, double p, double wait_s, bool ignores, double storm_factor, uint64_t seed,
                        bool *ignores_error)
{
    rng g = { seed * 0x9E3779B97F4A7C15ULL + 1 };
    t_feed f = { amfol_engine_new(NULL), 0, 1000.0 };
    t_setup(&f, 0.0, G1, "gnb-1", "amf-1");
    heap h = { 0 };
    /* fresh arrivals */
    double t = 0.5;
    for (;;) {
        double r = t < BASELINE_S ? rate : rate * storm_factor;
        t += -log(1.0 - uniform(&g)) / r;
        if (t >= BASELINE_S + DURING_S + 10.0)
            break;
        heap_push(&h, t);
    }
    double start = BASELINE_S, stop = BASELINE_S + DURING_S;
    double applied = start + uniform(&g);          /* within amfol.grace_ms (1000 ms) */
    bool started = false, stopped = false;
    while (h.n) {
        double a = heap_pop(&h);
        if (!started && a >= start) {
            t_start(&f, start, G1, AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING, (int)lround(100 * p));
            started = true;
        }
        if (!stopped && a >= stop) {
            t_stop(&f, stop, G1);
            stopped = true;
        }
        bool shedding = !ignores && a >= applied && a < stop;
        if (shedding && uniform(&g) < p) {
            heap_push(&h, a + wait_s);             /* RRCReject, retry at waitTime expiry */
            continue;
        }
        t_iue(&f, a + 0.01, G1, AMFOL_CAUSE_MO_SIGNALLING);   /* RRCSetup .. RRCSetupComplete */
    }
    free(h.t);
    const amfol_findings *fs = amfol_engine_finish(f.e);
    enum verdict worst = V_NONE;
    *ignores_error = false;
    for (size_t i = 0; i < amfol_findings_count(fs); i++) {
        const amfol_finding *x = amfol_findings_get(fs, i);
        enum verdict v = x->severity >= AMFOL_SEV_WARNING ? V_WARNING_OR_ERROR : V_NOTE;
        if (v > worst)
            worst = v;
        if (x->rule_id == AMFOL_RULE_GNB_IGNORES_OVERLOAD && x->severity == AMFOL_SEV_ERROR)
            *ignores_error = true;
        if (!ignores && v == V_WARNING_OR_ERROR)
            printf("  compliant gNB accused (r %.0f, p %.0f %%, W %.0f s, seed %llu): %s %s\n", rate, 100 * p,
                   wait_s, (unsigned long long)seed, x->rule, x->summary);
    }
    amfol_engine_free(f.e);
    return worst;
}

static void check_bound_shape(void)
{
    /* No retries can come back in the first second: the bound is 1 - p + p (grace arrivals). */
    CHECK(fabs(n2_retry_bound(0.5, 1.0, 1.0) - 1.0) < 1e-12);
    /* tau = 2, grace 1: (2 - p - p^2 + p) / 2 */
    CHECK(fabs(n2_retry_bound(0.9, 2.0, 1.0) - (2.0 - 0.81) / 2.0) < 1e-12);
    /* Long windows: every UE gets through in the end, the bound tends to 1. */
    CHECK(n2_retry_bound(0.5, 1000.0, 1.0) > 0.99 && n2_retry_bound(0.5, 1000.0, 1.0) <= 1.0);
    CHECK(n2_retry_bound(0.9, 4.0, 1.0) < 0.46);
    for (double p = 0.05; p < 1.0; p += 0.05)
        for (double tau = 0.25; tau < 64; tau *= 1.5)
            CHECK(n2_retry_bound(p, tau, 1.0) <= 1.0 + 1e-12 && n2_retry_bound(p, tau, 1.0) > 0.0);
}

int main(void)
{
    check_bound_shape();
    static const double waits[] = { 1, 4, 16 }, reductions[] = { 0.1, 0.5, 0.9 }, rates[] = { 2, 20, 100 };
    int accused = 0, compliant_runs = 0;
    printf("compliant gNB, notes (N2 cannot tell) / runs:\n");
    for (int ri = 0; ri < 3; ri++)
        for (int pi = 0; pi < 3; pi++)
            for (int wi = 0; wi < 3; wi++) {
                int seeds = rates[ri] >= 100 ? 4 : 12, notes = 0;
                for (int s = 0; s < seeds; s++) {
                    bool err;
                    enum verdict v = run(rates[ri], reductions[pi], waits[wi], false, 1.0, (uint64_t)(s + 1), &err);
                    accused += v == V_WARNING_OR_ERROR;
                    notes += v == V_NOTE;
                    compliant_runs++;
                }
                printf("  r %3.0f UE/s  reduction %2.0f %%  waitTime %2.0f s: %d / %d\n", rates[ri],
                       100 * reductions[pi], waits[wi], notes, seeds);
            }
    printf("compliant gNB accused in %d of %d runs\n", accused, compliant_runs);
    CHECK(accused == 0);

    /* Detection power left for an ignoring gNB (its waitTime plays no part: it turns nobody away). */
    printf("ignoring gNB found (error) / runs:   steady load   fresh load x2 at the START\n");
    for (int ri = 0; ri < 3; ri++)
        for (int pi = 0; pi < 3; pi++) {
            int seeds = rates[ri] >= 100 ? 4 : 12, found[2] = { 0, 0 };
            for (int k = 0; k < 2; k++)
                for (int s = 0; s < seeds; s++) {
                    bool err;
                    run(rates[ri], reductions[pi], 1.0, true, k ? 2.0 : 1.0, (uint64_t)(s + 101), &err);
                    found[k] += err;
                }
            printf("  r %3.0f UE/s  reduction %2.0f %%:  %2d / %d        %2d / %d\n", rates[ri], 100 * reductions[pi],
                   found[0], seeds, found[1], seeds);
            if (rates[ri] == 20) {
                CHECK(found[1] == seeds);                    /* a storm of 20 UE/s per gNB */
                if (reductions[pi] >= 0.9)
                    CHECK(found[0] == seeds);
            }
        }
    printf("test_n2_retry_bound: ok\n");
    return 0;
}
