/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_stats.c: the binomial tail used by the radio rules' one-sided tests. */
#include "amfol_rrc_internal.h"

#include <math.h>

/* P(X >= k) for X ~ Bin(n, p), summed in log space (n is at most a few hundred thousand). */
double rrc_binom_sf(uint32_t k, uint32_t n, double p)
{
    if (k == 0)
        return 1.0;
    if (k > n)
        return 0.0;
    if (p <= 0.0)
        return 0.0;
    if (p >= 1.0)
        return 1.0;
    double lp = log(p), lq = log1p(-p), sum = 0.0;
    double lnf = lgamma((double)n + 1.0);
    for (uint32_t i = k; i <= n; i++) {
        double term = lnf - lgamma((double)i + 1.0) - lgamma((double)(n - i) + 1.0) + i * lp + (n - i) * lq;
        double v = exp(term);
        sum += v;
        if (i > k + 50 && v < sum * 1e-17)   /* the tail has stopped contributing */
            break;
    }
    return sum > 1.0 ? 1.0 : sum;
}
