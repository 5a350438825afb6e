/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_kpi_cost.c: what each overload episode cost the subscribers (before / during / after:
 * UEs turned away, UEs that got through later and their delay, UEs not through at the capture's
 * end, emergency and high-priority attempts, the delay per lever) and the trade-off figures of
 * T3346 and of re-balancing (docs/kpi.md). Computed from the chains of attempts on demand. */
#include "amfol_kpi_internal.h"
#include "../core/amfol_context.h"
#include "../n2/amfol_n2.h"      /* the AMF's episodes */
#include "../sbi/amfol_sbi.h"    /* UE moves of re-balancing */

#include <math.h>
#include <string.h>

/* TS 24.501 §5.5.1.2.7: without a back-off timer the UE retries on T3511 (10 s) until its attempt
 * counter reaches 5, then waits T3502 (default 12 min) and starts again. */
#define T3511_S 10.0
#define T3502_S 720.0
#define ATTEMPT_MAX 5

uint32_t kpi_retries_in(double w)
{
    uint32_t n = 0;
    double t = 0;
    for (unsigned attempt = 1; n < 100000; attempt++) {
        t += attempt % ATTEMPT_MAX == 0 ? T3502_S : T3511_S;
        if (t > w)
            break;
        n++;
    }
    return n;
}

static gint cmp_float(gconstpointer a, gconstpointer b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

static kpi_lat lat_of(GArray *v)
{
    kpi_lat l = { .n = v->len, .p50_s = -1, .p95_s = -1, .max_s = -1 };
    if (!v->len)
        return l;
    g_array_sort(v, cmp_float);
    size_t r50 = (size_t)ceil(0.5 * v->len), r95 = (size_t)ceil(0.95 * v->len);
    l.p50_s = g_array_index(v, float, (r50 ? r50 : 1) - 1);
    l.p95_s = g_array_index(v, float, (r95 ? r95 : 1) - 1);
    l.max_s = g_array_index(v, float, v->len - 1);
    return l;
}

kpi_lat kpi_delays(const amfol_kpi *k, int amf, amfol_time from, amfol_time to, bool turned_away_only)
{
    GArray *v = g_array_new(FALSE, FALSE, sizeof(float));
    for (guint i = 0; i < k->delays->len; i++) {
        const kpi_delay *d = &g_array_index(k->delays, kpi_delay, i);
        if (d->amf == amf && d->t >= from && d->t < to && (!turned_away_only || d->turned_away))
            g_array_append_val(v, d->delay_s);
    }
    kpi_lat l = lat_of(v);
    g_array_free(v, TRUE);
    return l;
}

/* ---- the cost of an episode ------------------------------------------------------------- */

typedef struct prio_cost {
    uint32_t ues, accepted, turned_away, delayed, not_through, unknown;
} prio_cost;

typedef struct phase_cost {
    uint32_t ues, turned_away, turned_away_rrc, turned_away_nas, got_through_later, not_through,
        in_backoff_at_end, unknown;
    GArray *delays;                /* float: got through later, first attempt to success */
    double t3346_s, wait_s, amf_s, other_s;
    prio_cost emergency, high_priority;
} phase_cost;

/* The AMF a chain belongs to: its own, or the only AMF when it never reached one (RRC only). */
static int quest_amf(const amfol_kpi *k, const kpi_quest *q)
{
    if (q->amf != KPI_NO_AMF)
        return q->amf;
    return k->amfs->len == 1 ? 0 : -1;
}

static void prio_add(prio_cost *p, const kpi_quest *q, bool turned, bool success, bool active)
{
    p->ues++;
    p->accepted += success;
    p->turned_away += turned;
    p->delayed += success && turned;
    p->not_through += !success && active;
    p->unknown += !success && !active;
}

static void phase_add(phase_cost *c, const kpi_quest *q, bool active, amfol_time end)
{
    bool turned = q->nas_rejects + q->rrc_rejects > 0;
    bool success = (q->flags & QF_SUCCESS) != 0;
    c->ues++;
    c->turned_away += turned;
    c->turned_away_rrc += q->rrc_rejects > 0;
    c->turned_away_nas += q->nas_rejects > 0;
    if (turned && success) {
        float d = (float)(q->end_t - q->first_t);
        c->got_through_later++;
        g_array_append_val(c->delays, d);
        c->t3346_s += q->t3346_s;
        c->wait_s += q->wait_s;
        c->amf_s += q->amf_s;
        double other = d - q->t3346_s - q->wait_s - q->amf_s;
        c->other_s += other > 0 ? other : 0;
    }
    if (!success && active) {
        c->not_through++;
        c->in_backoff_at_end += q->backoff_until > end;
    }
    c->unknown += !success && !active;
    if (q->flags & QF_EMERGENCY)
        prio_add(&c->emergency, q, turned, success, active);
    if (q->flags & QF_HIGH_PRIO)
        prio_add(&c->high_priority, q, turned, success, active);
}

enum { PR_UES, PR_ACCEPTED, PR_TURNED, PR_DELAYED, PR_NOT_THROUGH, PR_UNKNOWN, PR_SUMMARY, PR_COUNT };
static const amfol_column prio_cols[PR_COUNT] = {
    AMFOL_JCOL("ues", AMFOL_CELL_UINT),
    AMFOL_JCOL("accepted", AMFOL_CELL_UINT),
    AMFOL_JCOL("turned_away", AMFOL_CELL_UINT),
    AMFOL_JCOL("delayed", AMFOL_CELL_UINT),
    AMFOL_JCOL("not_through", AMFOL_CELL_UINT),
    AMFOL_JCOL("outcome_unknown", AMFOL_CELL_UINT),
    AMFOL_JCOL("summary", AMFOL_CELL_STR),
};

enum { DL_N, DL_P50, DL_P95, DL_MAX, DL_COUNT };
static const amfol_column delay_cols[DL_COUNT] = {
    AMFOL_JCOL("n", AMFOL_CELL_UINT),
    AMFOL_JREAL("p50_s", "%.3f"),
    AMFOL_JREAL("p95_s", "%.3f"),
    AMFOL_JREAL("max_s", "%.3f"),
};

enum { LV_T3346, LV_WAIT, LV_AMF, LV_OTHER, LV_COUNT };
static const amfol_column lever_cols[LV_COUNT] = {
    AMFOL_JREAL("t3346_s", "%.3f"),
    AMFOL_JREAL("wait_time_s", "%.3f"),
    AMFOL_JREAL("amf_answer_s", "%.3f"),
    AMFOL_JREAL("other_s", "%.3f"),
};

enum { PH_NAME, PH_FROM, PH_TO, PH_UES, PH_TURNED, PH_TURNED_RRC, PH_TURNED_NAS, PH_LATER, PH_DELAY,
       PH_LEVERS, PH_NOT_THROUGH, PH_BACKOFF_END, PH_UNKNOWN, PH_EMERGENCY, PH_HIGH, PH_COUNT };
static const amfol_column phase_cols[PH_COUNT] = {
    AMFOL_JCOL("phase", AMFOL_CELL_STR),
    AMFOL_JREAL("from_rel_s", "%.3f"),
    AMFOL_JREAL("to_rel_s", "%.3f"),
    AMFOL_JCOL("ues", AMFOL_CELL_UINT),
    AMFOL_JCOL("turned_away", AMFOL_CELL_UINT),
    AMFOL_JCOL("turned_away_rrc", AMFOL_CELL_UINT),
    AMFOL_JCOL("turned_away_nas", AMFOL_CELL_UINT),
    AMFOL_JCOL("got_through_later", AMFOL_CELL_UINT),
    AMFOL_JCOL("delay", AMFOL_CELL_TABLE),
    AMFOL_JCOL("delay_by_lever", AMFOL_CELL_TABLE),
    AMFOL_JCOL("not_through_at_end", AMFOL_CELL_UINT),
    AMFOL_JCOL("in_backoff_at_end", AMFOL_CELL_UINT),
    AMFOL_JCOL("outcome_unknown", AMFOL_CELL_UINT),
    AMFOL_JCOL("emergency", AMFOL_CELL_TABLE),
    AMFOL_JCOL("high_priority", AMFOL_CELL_TABLE),
};

enum { EP_NUMBER, EP_START, EP_STOP, EP_PHASES, EP_COUNT };
static const amfol_column episode_cols[EP_COUNT] = {
    AMFOL_JCOL("episode", AMFOL_CELL_UINT),
    AMFOL_JCOL("start_frame", AMFOL_CELL_UINT),
    AMFOL_JCOL("stop_frame", AMFOL_CELL_UINT),
    AMFOL_JCOL("phases", AMFOL_CELL_TABLE),
};

/* "all 14 emergency attempts accepted, none delayed" */
static void prio_summary(const prio_cost *p, const char *what, char *buf, size_t cap)
{
    if (!p->ues)
        g_snprintf(buf, cap, "no %s attempt", what);
    else if (p->accepted == p->ues && !p->delayed)
        g_snprintf(buf, cap, "all %u %s UEs accepted, none delayed", p->ues, what);
    else
        g_snprintf(buf, cap, "%u %s UEs: %u accepted (%u after being turned away), %u not through at the end, %u outcome unknown",
                   p->ues, what, p->accepted, p->delayed, p->not_through, p->unknown);
}

static amfol_rows *prio_rows(const prio_cost *p, const char *what)
{
    amfol_rows *t = amfol_rows_new(what, AMFOL_ROWS_OBJECT, prio_cols, PR_COUNT, 1);
    char buf[200];
    amfol_rows_add(t);
    amfol_rows_uint(t, PR_UES, p->ues);
    amfol_rows_uint(t, PR_ACCEPTED, p->accepted);
    amfol_rows_uint(t, PR_TURNED, p->turned_away);
    amfol_rows_uint(t, PR_DELAYED, p->delayed);
    amfol_rows_uint(t, PR_NOT_THROUGH, p->not_through);
    amfol_rows_uint(t, PR_UNKNOWN, p->unknown);
    prio_summary(p, what, buf, sizeof buf);
    amfol_rows_str(t, PR_SUMMARY, buf);
    return t;
}

static void phase_row(amfol_rows *t, amfol_engine *e, const char *name, amfol_time from, amfol_time to, int amf)
{
    const amfol_kpi *k = e->kpi;
    amfol_time end = e->cap.last_time;
    phase_cost c = { .delays = g_array_new(FALSE, FALSE, sizeof(float)) };
    for (guint i = 0; i < k->quests->len; i++) {
        const kpi_quest *q = &g_array_index(k->quests, kpi_quest, i);
        if (quest_amf(k, q) == amf && q->first_t >= from && q->first_t < to)
            phase_add(&c, q, false, end);
    }
    for (guint i = 0; i < k->ues->len; i++) {
        const kpi_ue *u = &g_array_index(k->ues, kpi_ue, i);
        if (u->active && quest_amf(k, &u->q) == amf && u->q.first_t >= from && u->q.first_t < to)
            phase_add(&c, &u->q, true, end);
    }
    amfol_rows_add(t);
    amfol_rows_str(t, PH_NAME, name);
    amfol_rows_real(t, PH_FROM, from - e->cap.first_time);
    /* an open phase (no next START, no STOP) and a damaged capture's times end at the capture's end */
    amfol_rows_real(t, PH_TO, (!isfinite(to) || to > end || to < from ? end : to) - e->cap.first_time);
    amfol_rows_uint(t, PH_UES, c.ues);
    amfol_rows_uint(t, PH_TURNED, c.turned_away);
    amfol_rows_uint(t, PH_TURNED_RRC, c.turned_away_rrc);
    amfol_rows_uint(t, PH_TURNED_NAS, c.turned_away_nas);
    amfol_rows_uint(t, PH_LATER, c.got_through_later);
    kpi_lat l = lat_of(c.delays);
    amfol_rows *d = amfol_rows_new("delay", AMFOL_ROWS_OBJECT, delay_cols, DL_COUNT, 1);
    amfol_rows_add(d);
    amfol_rows_uint(d, DL_N, l.n);
    if (l.n) {
        amfol_rows_real(d, DL_P50, l.p50_s);
        amfol_rows_real(d, DL_P95, l.p95_s);
        amfol_rows_real(d, DL_MAX, l.max_s);
    }
    amfol_rows_table(t, PH_DELAY, d);
    amfol_rows *lv = amfol_rows_new("delay_by_lever", AMFOL_ROWS_OBJECT, lever_cols, LV_COUNT, 1);
    amfol_rows_add(lv);
    amfol_rows_real(lv, LV_T3346, c.t3346_s);
    amfol_rows_real(lv, LV_WAIT, c.wait_s);
    amfol_rows_real(lv, LV_AMF, c.amf_s);
    amfol_rows_real(lv, LV_OTHER, c.other_s);
    amfol_rows_table(t, PH_LEVERS, lv);
    amfol_rows_uint(t, PH_NOT_THROUGH, c.not_through);
    amfol_rows_uint(t, PH_BACKOFF_END, c.in_backoff_at_end);
    amfol_rows_uint(t, PH_UNKNOWN, c.unknown);
    amfol_rows_table(t, PH_EMERGENCY, prio_rows(&c.emergency, "emergency"));
    amfol_rows_table(t, PH_HIGH, prio_rows(&c.high_priority, "high-priority"));
    g_array_free(c.delays, TRUE);
}

amfol_rows *kpi_episode_rows(amfol_engine *e, int amf)
{
    const kpi_amf *a = g_ptr_array_index(e->kpi->amfs, amf);
    size_t n = amfol_n2_episode_count(e->n2);
    amfol_rows *t = amfol_rows_new("episodes", AMFOL_ROWS_ARRAY, episode_cols, EP_COUNT, 64);
    amfol_time prev_end = -INFINITY;   /* the previous episode's STOP: "before" starts there */
    for (size_t i = 0; i < n; i++) {
        amfol_n2_episode_view ep, next;
        if (!amfol_n2_episode_get(e->n2, i, &ep) || strcmp(ep.amf, a->name) != 0)
            continue;
        amfol_time stop = ep.stop_frame ? ep.stop_time : INFINITY;
        amfol_time after_end = INFINITY;
        for (size_t j = i + 1; j < n; j++)
            if (amfol_n2_episode_get(e->n2, j, &next) && strcmp(next.amf, a->name) == 0) {
                after_end = next.start_time;
                break;
            }
        amfol_rows_add(t);
        amfol_rows_uint(t, EP_NUMBER, (uint64_t)ep.number);
        amfol_rows_opt_frame(t, EP_START, ep.start_frame);
        amfol_rows_opt_frame(t, EP_STOP, ep.stop_frame);
        amfol_rows *ph = amfol_rows_new("phases", AMFOL_ROWS_ARRAY, phase_cols, PH_COUNT, 3);
        amfol_time cap_from = e->cap.first_time;
        if (!ep.start_unknown)
            phase_row(ph, e, "before", prev_end > cap_from ? prev_end : cap_from, ep.start_time, amf);
        phase_row(ph, e, "during", ep.start_unknown ? cap_from : ep.start_time, stop, amf);
        if (ep.stop_frame)
            phase_row(ph, e, "after", stop, after_end, amf);
        amfol_rows_table(t, EP_PHASES, ph);
        prev_end = stop;
    }
    return t;
}

/* ---- trade-offs -------------------------------------------------------------------------- */

enum { T3_REJECTS, T3_GIVEN, T3_WAITED, T3_AVOIDED, T3_DELAY_ADDED, T3_RETRIED, T3_WAITING, T3_COUNT };
static const amfol_column t3346_cols[T3_COUNT] = {
    AMFOL_JCOL("rejects_with_t3346", AMFOL_CELL_UINT),
    AMFOL_JREAL("backoff_given_s", "%.3f"),
    AMFOL_JREAL("backoff_observed_s", "%.3f"),
    AMFOL_JCOL("retries_avoided", AMFOL_CELL_UINT),
    AMFOL_JREAL("delay_added_s", "%.3f"),
    AMFOL_JCOL("ues_retried", AMFOL_CELL_UINT),
    AMFOL_JCOL("still_backed_off_at_end", AMFOL_CELL_UINT),
};

enum { RB_SOURCE, RB_TARGET, RB_MOVES, RB_WINDOW, RB_RATE, RB_REGISTERED, RB_MOB_REJECTS, RB_MOB_UNKNOWN,
       RB_COUNT };
static const amfol_column rebalance_cols[RB_COUNT] = {
    AMFOL_JCOL("source", AMFOL_CELL_STR),
    AMFOL_JCOL("target", AMFOL_CELL_STR),
    AMFOL_JCOL("moves", AMFOL_CELL_UINT),
    AMFOL_JREAL("window_s", "%.3f"),
    AMFOL_JREAL("moves_per_s", "%.3f"),
    AMFOL_JCOL("registered_at_target", AMFOL_CELL_UINT),
    AMFOL_JCOL("mobility_rejects_at_target", AMFOL_CELL_UINT),
    AMFOL_JCOL("mobility_unknown_at_target", AMFOL_CELL_UINT),
};

enum { TO_T3346, TO_REBALANCING, TO_COUNT };
static const amfol_column tradeoff_cols[TO_COUNT] = {
    AMFOL_JCOL("t3346", AMFOL_CELL_TABLE),
    AMFOL_JCOL("rebalancing", AMFOL_CELL_TABLE),
};

#define MAX_PAIRS 16
typedef struct move_pair {
    const char *target;
    uint32_t moves, registered;
    amfol_time first, last;
} move_pair;

/* Mobility registrations at `amf` rejected / of unknown outcome in [from, to]. */
static void mobility_outcomes(amfol_engine *e, const char *amf, amfol_time from, amfol_time to,
                              uint32_t *rejects, uint32_t *unknown)
{
    int i = kpi_amf_find(e->kpi, amf);
    *rejects = *unknown = 0;
    if (i < 0)
        return;
    const kpi_amf *a = g_ptr_array_index(e->kpi->amfs, i);
    for (guint s = 0; s < a->slots->len; s++) {
        amfol_time t = e->cap.first_time + s;
        if (t + 1 <= from || t > to)
            continue;
        const kpi_slot *sl = &g_array_index(a->slots, kpi_slot, s);
        *rejects += sl->reg_rej[AMFOL_KPI_REG_MOBILITY];
        *unknown += sl->reg_unknown[AMFOL_KPI_REG_MOBILITY];
    }
}

static amfol_rows *rebalance_rows(amfol_engine *e, const char *source)
{
    move_pair pairs[MAX_PAIRS];
    int np = 0;
    size_t n = amfol_sbi_move_count(e);
    for (size_t i = 0; i < n; i++) {
        amfol_sbi_move m;
        if (!amfol_sbi_move_get(e, i, &m) || !m.source || !m.target || strcmp(m.source, source) != 0)
            continue;
        int p = 0;
        while (p < np && strcmp(pairs[p].target, m.target) != 0)
            p++;
        if (p == np) {
            if (np == MAX_PAIRS)
                continue;
            pairs[np++] = (move_pair){ .target = m.target, .first = m.t, .last = m.t };
        }
        pairs[p].moves++;
        pairs[p].registered += m.frame != m.transfer_frame;
        pairs[p].last = m.t;
    }
    amfol_rows *t = amfol_rows_new("rebalancing", AMFOL_ROWS_ARRAY, rebalance_cols, RB_COUNT, MAX_PAIRS);
    for (int p = 0; p < np; p++) {
        double window = pairs[p].last - pairs[p].first;
        uint32_t rej, unk;
        mobility_outcomes(e, pairs[p].target, pairs[p].first, pairs[p].last + 10.0, &rej, &unk);
        amfol_rows_add(t);
        amfol_rows_str(t, RB_SOURCE, source);
        amfol_rows_str(t, RB_TARGET, pairs[p].target);
        amfol_rows_uint(t, RB_MOVES, pairs[p].moves);
        amfol_rows_real(t, RB_WINDOW, window);
        if (window > 0)
            amfol_rows_real(t, RB_RATE, pairs[p].moves / window);
        amfol_rows_uint(t, RB_REGISTERED, pairs[p].registered);
        amfol_rows_uint(t, RB_MOB_REJECTS, rej);
        amfol_rows_uint(t, RB_MOB_UNKNOWN, unk);
    }
    return t;
}

amfol_rows *kpi_tradeoff_rows(amfol_engine *e, int amf)
{
    const amfol_kpi *k = e->kpi;
    amfol_time end = e->cap.last_time;
    uint32_t rejects = 0, avoided = 0, retried = 0, waiting = 0;
    double given = 0, observed = 0, added = 0;
    for (guint i = 0; i < k->backoffs->len; i++) {
        const kpi_backoff *b = &g_array_index(k->backoffs, kpi_backoff, i);
        if (b->amf != amf)
            continue;
        rejects++;
        given += b->value_s;
        double until = b->next_t > 0 ? b->next_t : end;
        double w = until - b->t;
        if (w > b->value_s)
            w = b->value_s;
        if (w < 0)
            w = 0;
        observed += w;
        avoided += kpi_retries_in(w);
        if (b->next_t > 0) {
            retried++;
            added += w;
        } else if (b->t + b->value_s > end)
            waiting++;
    }
    amfol_rows *t3 = amfol_rows_new("t3346", AMFOL_ROWS_OBJECT, t3346_cols, T3_COUNT, 1);
    amfol_rows_add(t3);
    amfol_rows_uint(t3, T3_REJECTS, rejects);
    amfol_rows_real(t3, T3_GIVEN, given);
    amfol_rows_real(t3, T3_WAITED, observed);
    amfol_rows_uint(t3, T3_AVOIDED, avoided);
    amfol_rows_real(t3, T3_DELAY_ADDED, added);
    amfol_rows_uint(t3, T3_RETRIED, retried);
    amfol_rows_uint(t3, T3_WAITING, waiting);
    amfol_rows *t = amfol_rows_new("tradeoffs", AMFOL_ROWS_OBJECT, tradeoff_cols, TO_COUNT, 1);
    amfol_rows_add(t);
    amfol_rows_table(t, TO_T3346, t3);
    amfol_rows_table(t, TO_REBALANCING,
                     rebalance_rows(e, ((const kpi_amf *)g_ptr_array_index(k->amfs, amf))->name));
    return t;
}
