/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_bursts.c: reject bursts per cell: rrc-reject-without-overload and
 * reject-waittime-synchronised (with the retry wave). */
#include "amfol_rrc_rules.h"
#include "../core/amfol_context.h"

#include <math.h>
#include <stdlib.h>

/* Largest number of items of `t` (sorted times, indexes [lo,hi)) inside any window of w seconds. */
static uint32_t max_in_window(const double *t, uint32_t lo, uint32_t hi, double w)
{
    uint32_t best = 0, a = lo;
    for (uint32_t b = lo; b < hi; b++) {
        while (t[b] - t[a] >= w)
            a++;
        if (b - a + 1 > best)
            best = b - a + 1;
    }
    return best;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Count requests of the cell within ±1 s of reject time + waitTime (the retry wave). */
static uint32_t retry_wave(const amfol_rrc *s, uint32_t cell, const GArray *burst)
{
    double *c = g_new(double, burst->len + 1);
    guint n_c = 0;
    for (guint k = 0; k < burst->len; k++) {
        const rrc_rej *j = &g_array_index(s->rejs, rrc_rej, g_array_index(burst, uint32_t, k));
        if (j->wait_s > 0)
            c[n_c++] = j->time + j->wait_s;
    }
    qsort(c, n_c, sizeof *c, cmp_double);
    uint32_t n = 0;
    for (guint i = 0; n_c && i < s->reqs->len; i++) {
        const rrc_req *r = &g_array_index(s->reqs, rrc_req, i);
        if (r->cell != cell)
            continue;
        guint lo = 0, hi = n_c;    /* first centre >= time - 1 */
        while (lo < hi) {
            guint mid = (lo + hi) / 2;
            if (c[mid] < r->time - 1.0)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo < n_c && c[lo] <= r->time + 1.0)
            n++;
    }
    g_free(c);
    return n;
}

/* Retries measurably back at reject time + waitTime: UEs known by ng-5G-S-TMSI-Part1 whose next
 * request in the cell (within waitTime + RETRY_LOOK_S) comes within ±1 s of T302 expiry.
 * `linked` counts the rejected UEs seen again at all. */
#define RETRY_LOOK_S 30.0
static uint32_t retries_on_time(const amfol_rrc *s, uint32_t cell, const GArray *burst, uint32_t *linked)
{
    uint32_t on_time = 0;
    *linked = 0;
    for (guint k = 0; k < burst->len; k++) {
        const rrc_rej *j = &g_array_index(s->rejs, rrc_rej, g_array_index(burst, uint32_t, k));
        if (j->wait_s <= 0 || j->req == RRC_NO_IX)
            continue;
        const rrc_req *r = &g_array_index(s->reqs, rrc_req, j->req);
        if (!r->has_part1)
            continue;
        for (guint i = j->req + 1; i < s->reqs->len; i++) {
            const rrc_req *x = &g_array_index(s->reqs, rrc_req, i);
            if (x->time > j->time + j->wait_s + RETRY_LOOK_S)
                break;
            if (x->cell != cell || !x->has_part1 || x->part1 != r->part1 || x->time <= j->time)
                continue;
            (*linked)++;
            if (fabs(x->time - j->time - j->wait_s) <= 1.0)
                on_time++;
            break;
        }
    }
    return on_time;
}

/* rrc-reject-without-overload and reject-waittime-synchronised: bursts per cell. A cluster is a
 * run of the cell's rejects with gaps under the window; for the first rule only rejects with no
 * START in force at reject time (on any AMF of the cell's gNB) count, and one in force ends it. */
static void judge_cell_bursts(amfol_engine *e, amfol_findings *out, uint32_t cell, const GArray *all)
{
    amfol_rrc *s = e->rrc;
    guint n = all->len;
    double *t = g_new(double, n + 1);
    bool *inov = g_new0(bool, n + 1);
    bool bound = rrc_cell_bind(e, cell);
    for (guint i = 0; i < n; i++) {
        const rrc_rej *j = &g_array_index(s->rejs, rrc_rej, g_array_index(all, uint32_t, i));
        int32_t seg, stopped;
        t[i] = j->time;
        rrc_cell_governance(e, cell, j->time, &seg, &stopped);
        inov[i] = seg >= 0;
    }
    const char *gnb = rrc_cell_gnb(e, cell);
    for (int pass = bound ? 0 : 1; pass < 2; pass++) {
        guint i = 0;
        while (i < n) {
            if (pass == 0 && inov[i]) {
                i++;
                continue;
            }
            guint k = i + 1;
            while (k < n && !(pass == 0 && inov[k]) && t[k] - t[k - 1] < BURST_WINDOW_S)
                k++;
            uint32_t peak = max_in_window(t, i, k, BURST_WINDOW_S);
            if (pass == 0 && peak >= MIN_BURST) {
                amfol_finding *f = rrc_new_finding(out, AMFOL_RULE_RRC_REJECT_WITHOUT_OVERLOAD, NULL, gnb, rrc_cell_name(s, cell));
                if (f) {
                    for (guint x = i; x < k; x++)
                        amfol_finding_add_frame(f, g_array_index(s->rejs, rrc_rej, g_array_index(all, uint32_t, x)).frame);
                    f->count = k - i;
                    amfol_finding_set_summary(f,
                        "%u RRCRejects in %.1f s (up to %u within %.0f s) while no AMF of this gNB was in overload",
                        k - i, t[k - 1] - t[i], peak, BURST_WINDOW_S);
                }
            }
            if (pass == 1 && peak >= MIN_SYNC_BURST) {
                uint32_t hist[17] = { 0 };
                for (guint x = i; x < k; x++) {
                    int w = g_array_index(s->rejs, rrc_rej, g_array_index(all, uint32_t, x)).wait_s;
                    hist[w > 0 ? w : 0]++;
                }
                int dom = 1;
                for (int w = 1; w <= 16; w++)
                    if (hist[w] > hist[dom])
                        dom = w;
                if (hist[dom] >= SYNC_SHARE * (k - i)) {
                    GArray *burst = g_array_new(FALSE, FALSE, sizeof(uint32_t));
                    g_array_append_vals(burst, &g_array_index(all, uint32_t, i), k - i);
                    /* One configured waitTime is normal (TS 38.331 RejectWaitTime 1..16 s): a note,
                     * and only when the rejected UEs measurably come back at reject + waitTime. */
                    uint32_t linked = 0, on_time = retries_on_time(s, cell, burst, &linked);
                    bool bunched = on_time >= MIN_SYNC_RETRIES && 2 * on_time >= linked;
                    amfol_finding *f = bunched ? rrc_new_finding(out, AMFOL_RULE_REJECT_WAITTIME_SYNCHRONISED, NULL,
                                                                 gnb, rrc_cell_name(s, cell)) : NULL;
                    if (f) {
                        for (guint x = 0; x < burst->len; x++)
                            amfol_finding_add_frame(f, g_array_index(s->rejs, rrc_rej, g_array_index(burst, uint32_t, x)).frame);
                        f->count = burst->len;
                        amfol_finding_set_summary(f,
                            "%u of %u RRCRejects in %.1f s carry waitTime %d s; %u of the %u rejected UEs seen again "
                            "(by ng-5G-S-TMSI-Part1) came back within ±1 s of reject time + waitTime; retry wave: "
                            "%u requests in this cell within ±1 s of reject time + waitTime",
                            hist[dom], k - i, t[k - 1] - t[i], dom, on_time, linked, retry_wave(s, cell, burst));
                    }
                    g_array_free(burst, TRUE);
                }
            }
            i = k;
        }
    }
    g_free(t);
    g_free(inov);
}

void rrc_judge_bursts(amfol_engine *e, amfol_findings *out)
{
    amfol_rrc *s = e->rrc;
    /* Rejects per cell, in frame order. */
    GArray **by_cell = g_new0(GArray *, s->n_cells + 1);
    for (guint i = 0; i < s->rejs->len; i++) {
        const rrc_rej *j = &g_array_index(s->rejs, rrc_rej, i);
        if (j->cell >= s->n_cells)
            continue;
        if (!by_cell[j->cell])
            by_cell[j->cell] = g_array_new(FALSE, FALSE, sizeof(uint32_t));
        uint32_t ji = i;
        g_array_append_val(by_cell[j->cell], ji);
    }
    for (uint32_t cell = 0; cell < s->n_cells; cell++) {
        if (!by_cell[cell])
            continue;
        judge_cell_bursts(e, out, cell, by_cell[cell]);
        g_array_free(by_cell[cell], TRUE);
    }
    g_free(by_cell);
}

