/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of the synthesizer engine: PRNG reference values, event-heap order, scenario loader. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "event_heap.h"
#include "prng.h"
#include "scenario.h"
#include "sim_faults.h"

static int failures;

#define CHECK(cond, ...)                                                                   \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            failures++;                                                                    \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                   \
            printf(__VA_ARGS__);                                                           \
            printf("\n");                                                                  \
        }                                                                                  \
    } while (0)

static void test_prng(void)
{
    /* splitmix64 from state 0 gives 0xE220A8397B1DCDAF first (Vigna's reference code): the
     * first xoshiro state word is exactly that. */
    prng p;
    prng_seed(&p, 0);
    CHECK(p.s[0] == 0xE220A8397B1DCDAFull, "splitmix64(0) = %016llx", (unsigned long long)p.s[0]);
    prng a, b;
    prng_seed(&a, 42);
    prng_seed(&b, 42);
    int same = 1;
    for (int i = 0; i < 1000; i++)
        same &= prng_next(&a) == prng_next(&b);
    CHECK(same, "same seed, same sequence");
    prng_seed(&b, 43);
    CHECK(prng_next(&a) != prng_next(&b), "another seed, another sequence");
    double sum = 0;
    int in_range = 1;
    for (int i = 0; i < 200000; i++) {
        sum += (double)prng_exp_us(&a, 4.0);
        int64_t r = prng_range(&a, 3, 7);
        in_range &= r >= 3 && r <= 7;
    }
    double mean_s = sum / 200000 / 1e6;
    CHECK(fabs(mean_s - 0.25) < 0.005, "exponential mean %.4f s, want 0.25 s", mean_s);
    CHECK(in_range, "prng_range stays within [lo, hi]");
}

static void test_heap(void)
{
    event_heap h;
    CHECK(event_heap_init(&h, 5000) == 0, "init");
    prng r;
    prng_seed(&r, 7);
    for (int i = 0; i < 3000; i++) {
        sim_event ev = {.t_us = prng_range(&r, 0, 100), .a = i};
        CHECK(event_heap_push(&h, ev) == 0, "push %d", i);
    }
    sim_event prev = {.t_us = -1}, ev;
    int n = 0, ordered = 1;
    while (event_heap_pop(&h, &ev) == 0) {
        /* by time, and FIFO (insertion order) among equal times */
        if (ev.t_us < prev.t_us || (ev.t_us == prev.t_us && ev.a < prev.a))
            ordered = 0;
        prev = ev;
        n++;
    }
    CHECK(n == 3000 && ordered, "popped %d events in (time, insertion) order: %d", n, ordered);
    event_heap_free(&h);
    CHECK(event_heap_init(&h, 1024) == 0, "init small");
    int refused = 0;
    for (int i = 0; i < 1100; i++)
        refused += event_heap_push(&h, (sim_event){.t_us = i}) != 0;
    CHECK(refused == 76, "a full heap refuses instead of growing (%d refused)", refused);
    event_heap_free(&h);
}

static void test_loader(const char *scenarios)
{
    char path[1024], err[512];
    static scenario sc;
    snprintf(path, sizeof path, "%s/clean-episode.ini", scenarios);
    int rc = scenario_load(path, &sc, err, sizeof err);
    CHECK(rc == 0, "load clean-episode: %s", rc ? err : "");
    if (rc)
        return;
    CHECK(sc.n_amfs == 1 && sc.n_gnbs == 3 && sc.n_phases == 3 && sc.n_episodes == 1,
          "counts %d %d %d %d", sc.n_amfs, sc.n_gnbs, sc.n_phases, sc.n_episodes);
    CHECK(sc.epoch_us == 1767225600000000ll, "start 2026-01-01T00:00:00Z");
    CHECK(sc.duration_us == 200000000ll, "duration");
    const sc_episode *e = &sc.episodes[0];
    CHECK(e->n_starts == 3 && e->starts[0].action == ACTION_REJECT_SIGNALLING &&
              e->starts[0].reduction_pct == 50 && e->starts[1].action == ACTION_PERMIT_EMERGENCY_MT &&
              e->starts[1].at_us == 100000000ll && e->starts[2].n_slices == 1 &&
              e->starts[2].slices[0].snssai.sst == 2 && e->starts[2].slices[0].snssai.sd == 2 &&
              e->starts[2].slices[0].reduction_pct == 60 && e->stop_us == 150000000ll,
          "episode STARTs");
    CHECK(e->gnb_mask == 7 && e->t3346 == T3346_RANDOM && e->t3346_s == 120 &&
              e->t3346_max_s == 1800 && fabs(e->nas_reject_share - 0.3) < 1e-9,
          "episode gNBs and NAS policy");
    CHECK(sc.gnbs[0].f1 && !sc.gnbs[2].f1 && sc.gnbs[0].cells[1] == 0x102 &&
              sc.gnbs[0].plmn[0] == 0x00 && sc.gnbs[0].plmn[1] == 0xF1 && sc.gnbs[0].plmn[2] == 0x10,
          "gNB cells, F1 and TBCD PLMN");
    CHECK(fabs(sc.slice_share[0] - 0.8) < 1e-9 && sc.slices[1].sst == 2, "UE slices");
    /* shed / exempt classes of docs/faults.md */
    CHECK(cause_is_shed(0, CAUSE_MO_DATA) && !cause_is_shed(0, CAUSE_MO_SIGNALLING) &&
              cause_is_shed(1, CAUSE_MO_SIGNALLING) && cause_is_shed(2, CAUSE_HIGH_PRIORITY) &&
              !cause_is_shed(3, CAUSE_EMERGENCY) && !cause_is_exempt(3, CAUSE_EMERGENCY) && !cause_is_shed(3, CAUSE_MT_ACCESS) &&
              cause_is_exempt(1, CAUSE_MT_ACCESS) && !cause_is_exempt(2, CAUSE_HIGH_PRIORITY),
          "shed and exempt classes");
}

static void test_poisson(void)
{
    /* exact values (Python decimal); the last two need log-space terms (exp(-1000) underflows) */
    static const struct { uint32_t k; double lambda, p, tol; } v[] = {
        {2, 5, 0.12465201948308115, 1e-12},
        {0, 10, 4.5399929762484854e-05, 1e-15},
        {900, 1000, 0.0006977673277963068, 1e-9},
        {1100, 1000, 0.9991323590365564, 1e-9},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        double p = sim_poisson_cdf(v[i].k, v[i].lambda);
        CHECK(fabs(p - v[i].p) < v[i].tol, "poisson_cdf(%u, %g) = %.17g, want %.17g", v[i].k,
              v[i].lambda, p, v[i].p);
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_engine SCENARIO_DIR\n");
        return 2;
    }
    test_prng();
    test_heap();
    test_poisson();
    test_loader(argv[1]);
    if (failures)
        printf("%d check(s) failed\n", failures);
    else
        printf("all engine checks passed\n");
    return failures ? 1 : 0;
}
