/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_n2_stats.c: tail sums of binomial and Poisson terms in log space. Each sum starts at the
 * tail's inner end and walks away from the mode, where terms only shrink, so it stops as soon as
 * the terms no longer change the sum: cost grows like the standard deviation, not like n. */
#include "amfol_n2_stats.h"

#include <math.h>

static double log_binom_pmf(uint64_t i, uint64_t n, double lp, double lq)
{
    return lgamma((double)n + 1) - lgamma((double)i + 1) - lgamma((double)(n - i) + 1) +
           (double)i * lp + (double)(n - i) * lq;
}

/* log(exp(a) + exp(b)) */
static double log_add(double a, double b)
{
    if (a == -INFINITY)
        return b;
    if (b == -INFINITY)
        return a;
    return a > b ? a + log1p(exp(b - a)) : b + log1p(exp(a - b));
}

/* log of sum_{i=from..to} pmf(i), walking from `from` in direction `step` (+1/-1); the caller
 * makes sure terms shrink along the walk. */
static double binom_tail_log(uint64_t from, uint64_t to, int step, uint64_t n, double lp, double lq)
{
    double acc = -INFINITY;
    for (uint64_t i = from;; i += (uint64_t)(int64_t)step) {
        double t = log_binom_pmf(i, n, lp, lq);
        double next = log_add(acc, t);
        if (acc != -INFINITY && t - next < -40.0)    /* term below 4e-18 of the sum */
            return next;
        acc = next;
        if (i == to)
            break;
    }
    return acc;
}

double amfol_binom_sf(uint64_t k, uint64_t n, double p)
{
    if (k == 0)
        return 1.0;
    if (k > n || p <= 0.0)
        return 0.0;
    if (p >= 1.0)
        return 1.0;
    double lp = log(p), lq = log1p(-p);
    double mode = floor(((double)n + 1) * p);
    if ((double)k > mode)                                 /* upper tail: terms shrink as i grows */
        return exp(binom_tail_log(k, n, +1, n, lp, lq));
    /* k at or below the mode: 1 - P(X <= k-1), the lower tail shrinks as i falls */
    double lower = exp(binom_tail_log(k - 1, 0, -1, n, lp, lq));
    double r = 1.0 - lower;
    return r < 0.0 ? 0.0 : r;
}

static double log_pois_pmf(uint64_t i, double ll, double lambda)
{
    return (double)i * ll - lambda - lgamma((double)i + 1);
}

double amfol_poisson_cdf(uint64_t k, double lambda)
{
    if (lambda <= 0.0)
        return 1.0;
    double ll = log(lambda);
    if ((double)k < lambda) {                             /* lower tail, walk down from k */
        double acc = -INFINITY;
        for (uint64_t i = k;; i--) {
            double t = log_pois_pmf(i, ll, lambda);
            double next = log_add(acc, t);
            if (acc != -INFINITY && t - next < -40.0)
                return exp(next);
            acc = next;
            if (i == 0)
                break;
        }
        return exp(acc);
    }
    /* upper tail P(X >= k+1), walk up from k+1 */
    double acc = -INFINITY;
    for (uint64_t i = k + 1;; i++) {
        double t = log_pois_pmf(i, ll, lambda);
        double next = log_add(acc, t);
        if (acc != -INFINITY && t - next < -40.0) {
            acc = next;
            break;
        }
        acc = next;
    }
    double r = 1.0 - exp(acc);
    return r < 0.0 ? 0.0 : r;
}
