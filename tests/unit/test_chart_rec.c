/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_chart_rec.c: the chart recorder keeps its bounds whatever the capture length (widening
 * merges buckets exactly), tolerates out-of-order and absurd times, and aggregates reject
 * bursts over AMFOL_CHART_BURST_S. */
#include "engine/amfol_chart_rec.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static amfol_where at(amfol_frame f, amfol_time t)
{
    amfol_where w;
    memset(&w, 0, sizeof w);
    w.frame = f;
    w.time = t;
    return w;
}

static uint64_t sum(const amfol_chart_series *s, unsigned used)
{
    uint64_t n = 0;
    for (unsigned i = 0; i < used; i++)
        n += s->b[i].value;
    return n;
}

int main(void)
{
    /* 24 h of one reject per second: the width steps up to fit, nothing is lost. */
    amfol_chart_rec *r = amfol_chart_rec_new();
    amfol_rrc_result rej;
    memset(&rej, 0, sizeof rej);
    rej.relevant = true;
    rej.msg = AMFOL_RRC_REJECT;
    rej.gnb = "gnb-1";
    rej.cell = "00101-000000101";
    const amfol_time t0 = 1767225600.0;
    for (amfol_frame f = 1; f <= 86400; f++) {
        amfol_where w = at(f, t0 + (f - 1));
        amfol_chart_rec_frame(r, f, w.time);
        amfol_chart_rec_rrc(r, &w, &rej);
    }
    assert(amfol_chart_rec_buckets(r) <= AMFOL_CHART_MAX_BUCKETS);
    assert(amfol_chart_rec_width(r) == 60);          /* 0.1 .. 20 s overflow, 60 s fits 24 h */
    assert(amfol_chart_rec_series_count(r) == 1);
    const amfol_chart_series *s = amfol_chart_rec_series(r, 0);
    assert(s->kind == AMFOL_CK_RRC_REJECT && s->total == 86400);
    assert(sum(s, amfol_chart_rec_buckets(r)) == 86400);
    assert(s->b[0].value == 60 && s->b[0].frame == 1 && s->b[1].frame == 61);
    /* Bursts: one per 10 s window, each of 10 rejects, up to the cap (8640 windows). */
    assert(amfol_chart_rec_flow_count(r) == AMFOL_CHART_MAX_FLOW);
    assert(amfol_chart_rec_dropped(r) == (8640 - AMFOL_CHART_MAX_FLOW) * 10);   /* per message */
    const amfol_chart_flow *b = amfol_chart_rec_flow(r, 0);
    assert(b->kind == AMFOL_FLOW_RRC_REJECTS && b->count == 10 && b->first_frame == 1 && b->last_frame == 10);
    assert(amfol_chart_rec_flow_at(r, 11) == 1 && amfol_chart_rec_flow_at(r, 12) == -1);
    /* Frame times come back within their bucket. */
    amfol_time t = amfol_chart_rec_frame_time(r, 3601);
    assert(fabs(t - (t0 + 3600)) <= 60);
    amfol_chart_rec_free(r);

    /* Out-of-order and absurd times stay in bounds. */
    r = amfol_chart_rec_new();
    amfol_where w = at(1, t0);
    amfol_chart_rec_frame(r, 1, t0);
    amfol_chart_rec_rrc(r, &w, &rej);
    w = at(2, t0 - 1000);
    amfol_chart_rec_frame(r, 2, w.time);
    amfol_chart_rec_rrc(r, &w, &rej);
    w = at(3, t0 + 1e12);
    amfol_chart_rec_frame(r, 3, w.time);
    amfol_chart_rec_rrc(r, &w, &rej);
    w = at(4, NAN);
    amfol_chart_rec_frame(r, 4, w.time);
    amfol_chart_rec_rrc(r, &w, &rej);
    assert(amfol_chart_rec_buckets(r) <= AMFOL_CHART_MAX_BUCKETS);
    s = amfol_chart_rec_series(r, 0);
    assert(sum(s, amfol_chart_rec_buckets(r)) == 4);
    amfol_chart_rec_free(r);

    /* The series cap. */
    r = amfol_chart_rec_new();
    char cell[32];
    for (int i = 0; i < AMFOL_CHART_MAX_SERIES + 10; i++) {
        snprintf(cell, sizeof cell, "cell-%d", i);
        rej.cell = cell;
        w = at((amfol_frame)i + 1, t0);
        amfol_chart_rec_rrc(r, &w, &rej);
    }
    assert(amfol_chart_rec_series_count(r) == AMFOL_CHART_MAX_SERIES);
    assert(amfol_chart_rec_dropped(r) == 10);
    amfol_chart_rec_free(r);
    printf("chart recorder: ok\n");
    return 0;
}
