/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_n2_stats.c: binomial and Poisson tails against exact values (Python fractions/decimal). */
#include "n2/amfol_n2_stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int failures;

static void near(const char *what, double got, double want, double rel_tol)
{
    double err = fabs(got - want);
    if (err > rel_tol * fabs(want) && err > 1e-300) {
        printf("FAIL %s: got %.17g want %.17g\n", what, got, want);
        failures++;
    }
}

int main(void)
{
    near("binom_sf(3,10,.5)", amfol_binom_sf(3, 10, 0.5), 0.9453125, 1e-12);
    near("binom_sf(8,10,.5)", amfol_binom_sf(8, 10, 0.5), 0.0546875, 1e-12);
    near("binom_sf(600,1000,.5)", amfol_binom_sf(600, 1000, 0.5), 1.3642320780330092e-10, 1e-9);
    near("binom_sf(30,100,.2)", amfol_binom_sf(30, 100, 0.2), 0.011248978720991634, 1e-9);
    near("binom_sf(5,40,.25)", amfol_binom_sf(5, 40, 0.25), 0.9839577601812304, 1e-9);
    near("binom_sf(0,..)", amfol_binom_sf(0, 5, 0.3), 1.0, 0);
    near("binom_sf(k>n)", amfol_binom_sf(6, 5, 0.3), 0.0, 0);
    near("binom_sf(p=0)", amfol_binom_sf(1, 5, 0.0), 0.0, 0);
    near("binom_sf(p=1)", amfol_binom_sf(5, 5, 1.0), 1.0, 0);
    /* Large n: must neither overflow nor take O(n) (a million trials, far tail). */
    double big = amfol_binom_sf(600000, 1000000, 0.5);
    if (!(big >= 0.0 && big < 1e-300)) {
        printf("FAIL big binomial tail: %g\n", big);
        failures++;
    }
    near("binom_sf(500000,1e6,.5)", amfol_binom_sf(500000, 1000000, 0.5), 0.5003989422, 1e-6);

    near("poisson_cdf(2,5)", amfol_poisson_cdf(2, 5), 0.12465201948308115, 1e-10);
    near("poisson_cdf(0,10)", amfol_poisson_cdf(0, 10), 4.5399929762484854e-05, 1e-10);
    near("poisson_cdf(900,1000)", amfol_poisson_cdf(900, 1000), 0.0006977673277963068, 1e-8);
    near("poisson_cdf(1100,1000)", amfol_poisson_cdf(1100, 1000), 0.9991323590365564, 1e-9);
    near("poisson_cdf(3,20)", amfol_poisson_cdf(3, 20), 3.2037197804769982e-06, 1e-9);
    near("poisson_cdf(lambda=0)", amfol_poisson_cdf(0, 0), 1.0, 0);
    if (failures) {
        printf("test_n2_stats: %d failures\n", failures);
        return EXIT_FAILURE;
    }
    printf("test_n2_stats: ok\n");
    return 0;
}
