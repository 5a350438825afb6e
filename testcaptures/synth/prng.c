/* SPDX-License-Identifier: GPL-2.0-or-later */
/* xoshiro256** with a splitmix64 seeder: portable, no libc randomness, byte-identical runs. */
#include "prng.h"

#include <math.h>

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void prng_seed(prng *p, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        p->s[i] = splitmix64(&x);
}

uint64_t prng_next(prng *p)
{
    uint64_t *s = p->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

double prng_unit(prng *p)
{
    return (double)(prng_next(p) >> 11) * (1.0 / 9007199254740992.0);
}

int64_t prng_range(prng *p, int64_t lo, int64_t hi)
{
    uint64_t span = (uint64_t)(hi - lo) + 1u;
    if (span == 0)
        return lo + (int64_t)prng_next(p);
    return lo + (int64_t)(prng_next(p) % span);
}

int64_t prng_exp_us(prng *p, double rate_per_s)
{
    double u = prng_unit(p);
    /* 1 - u is in (0, 1], so the log is finite. */
    double dt = -log(1.0 - u) / rate_per_s;
    if (dt > 1e6)
        dt = 1e6;
    int64_t us = (int64_t)(dt * 1e6);
    return us < 1 ? 1 : us;
}

int prng_chance(prng *p, double pr)
{
    if (pr <= 0.0)
        return 0;
    if (pr >= 1.0)
        return 1;
    return prng_unit(p) < pr;
}
