/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_n2_stats.h: binomial and Poisson tail probabilities for the statistical N2 rules,
 * computed in log space so that large counts neither overflow nor underflow. */
#ifndef AMFOL_N2_STATS_H
#define AMFOL_N2_STATS_H

#include <stdint.h>

/* P(X >= k) for X ~ Binomial(n, p). */
double amfol_binom_sf(uint64_t k, uint64_t n, double p);
/* P(X <= k) for X ~ Poisson(lambda). */
double amfol_poisson_cdf(uint64_t k, double lambda);

#endif
