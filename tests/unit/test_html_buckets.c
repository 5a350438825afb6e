/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_html_buckets.c: the chart's time buckets for captures from 10 s to 24 h, with the widths
 * the recorder reaches for those lengths (feeding one event per second through it). */
#include "engine/amfol_chart_rec.h"
#include "report/amfol_html_data.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* The recorder's width and the page's bucket for a capture of `span` seconds. */
static double page_bucket(double span, double *recorded)
{
    amfol_chart_rec *r = amfol_chart_rec_new();
    for (double t = 0; t <= span; t += span / 1000)
        amfol_chart_rec_frame(r, (amfol_frame)(t + 1), 1767225600.0 + t);
    *recorded = amfol_chart_rec_width(r);
    double w = amfol_html_bucket_s(*recorded, amfol_chart_rec_buckets(r) * *recorded);
    amfol_chart_rec_free(r);
    return w;
}

int main(void)
{
    static const struct { double span, recorded, bucket; } cases[] = {
        { 10, 0.1, 0.1 },        /* 101 buckets */
        { 60, 0.1, 0.5 },
        { 300, 0.2, 2 },
        { 3600, 2, 30 },
        { 6 * 3600, 20, 300 },
        { 24 * 3600, 60, 600 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double rec, w = page_bucket(cases[i].span, &rec);
        printf("%6.0f s: recorded %g s, page %g s\n", cases[i].span, rec, w);
        assert(rec == cases[i].recorded);
        assert(w == cases[i].bucket);
        assert(cases[i].span / w <= AMFOL_HTML_MAX_BUCKETS + 1);
    }
    printf("html buckets: ok\n");
    return 0;
}
