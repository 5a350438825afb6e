/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Deterministic PRNG (xoshiro256** seeded by splitmix64): same seed, same capture. */
#ifndef AMFOL_SYNTH_PRNG_H
#define AMFOL_SYNTH_PRNG_H

#include <stdint.h>

typedef struct {
    uint64_t s[4];
} prng;

void prng_seed(prng *p, uint64_t seed);
uint64_t prng_next(prng *p);
/* Uniform in [0, 1). */
double prng_unit(prng *p);
/* Uniform integer in [lo, hi] (inclusive; lo <= hi). */
int64_t prng_range(prng *p, int64_t lo, int64_t hi);
/* Exponential inter-arrival time with the given rate (events per second), in microseconds. */
int64_t prng_exp_us(prng *p, double rate_per_s);
/* True with probability P. */
int prng_chance(prng *p, double pr);

#endif
