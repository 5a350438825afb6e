/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas_report.c: the NAS timeline section (prose per AMF and episode, then its reject rows as
 * text columns) and the NAS rows: the "nas" JSON member and the reject table, stated once and
 * written by the generic writers (core/amfol_rows_write.c, plugin/ui/amfol_table.c). */
#include "amfol_nas_internal.h"
#include "../core/amfol_rows_line.h"
#include "../core/amfol_rows_write.h"
#include "amfol_nas_ids.h"
#include "amfol_nas_timer.h"
#include "../core/amfol_context.h"

#include <stdio.h>

#define TIMELINE_MAX_RETRIES 50   /* early retries listed one per line in the timeline */

/* Congestion rejects with a T3346 value that were not integrity protected. */
static uint64_t unprotected_t3346(const amfol_nas_amf *a)
{
    uint64_t n = 0;
    for (guint i = 0; i < a->rejects->len; i++) {
        const amfol_nas_reject *r = &g_array_index(a->rejects, amfol_nas_reject, i);
        n += !r->integrity && r->t3346.state == AMFOL_TIMER_VALUE;
    }
    return n;
}

static const char *row_msg(const amfol_nas_stat_row *r)
{
    return r->sm_type != AMFOL_ABSENT ? amfol_nas_sm_type_name(r->sm_type)
                                      : amfol_nas_mm_type_name(r->mm_type);
}

static const char *row_cause(const amfol_nas_stat_row *r)
{
    return r->sm_type != AMFOL_ABSENT ? amfol_nas_sm_cause_name(r->cause)
                                      : amfol_nas_mm_cause_name(r->cause);
}

static void timer_text(int state, uint32_t seconds, char *buf, size_t n)
{
    amfol_nas_timer t = {state, seconds, 0, 0};
    amfol_nas_timer_text(&t, buf, n);
}


/* Per (AMF, episode) summary computed from the kept rejects and early retries. */
typedef struct episode_sum {
    int episode;
    uint32_t rejects, backed_off, no_t3346, early;
    uint64_t buckets[AMFOL_NAS_RETRY_BUCKETS];
    GArray *values;                       /* guint seconds, sorted, with counts in `counts` */
    GArray *counts;
    GHashTable *ues;                      /* distinct UEs backed off (serials) */
} episode_sum;

/* Distinct UEs that were told a binding back-off (integrity protected, valid T3346). */
static uint32_t ues_backed_off(const amfol_nas_amf *a)
{
    GHashTable *set = g_hash_table_new(g_int64_hash, g_int64_equal);
    uint32_t anonymous = 0;
    for (guint i = 0; i < a->rejects->len; i++) {
        amfol_nas_reject *r = &g_array_index(a->rejects, amfol_nas_reject, i);
        if (r->t3346.state != AMFOL_TIMER_VALUE || !r->integrity)
            continue;
        if (r->ue_serial)
            g_hash_table_add(set, &r->ue_serial);
        else
            anonymous++;
    }
    uint32_t n = g_hash_table_size(set) + anonymous;
    g_hash_table_destroy(set);
    return n;
}

static GArray *episode_sums(const amfol_nas_amf *a)
{
    GArray *out = g_array_new(FALSE, TRUE, sizeof(episode_sum));
    for (guint i = 0; i < a->rejects->len; i++) {
        const amfol_nas_reject *r = &g_array_index(a->rejects, amfol_nas_reject, i);
        episode_sum *e = NULL;
        for (guint k = 0; k < out->len && !e; k++)
            if (g_array_index(out, episode_sum, k).episode == r->episode)
                e = &g_array_index(out, episode_sum, k);
        if (!e) {
            episode_sum z = {0};
            z.episode = r->episode;
            z.values = g_array_new(FALSE, FALSE, sizeof(guint));
            z.counts = g_array_new(FALSE, FALSE, sizeof(guint));
            z.ues = g_hash_table_new(g_int64_hash, g_int64_equal);
            guint pos = 0;                /* keep episodes ascending */
            while (pos < out->len && g_array_index(out, episode_sum, pos).episode < r->episode)
                pos++;
            g_array_insert_val(out, pos, z);
            e = &g_array_index(out, episode_sum, pos);
        }
        e->rejects++;
        if (r->t3346.state == AMFOL_TIMER_ABSENT)
            e->no_t3346++;
        if (r->t3346.state == AMFOL_TIMER_VALUE) {
            if (r->integrity) {
                if (r->ue_serial)
                    g_hash_table_add(e->ues, (gpointer)&r->ue_serial);
                else
                    e->backed_off++;          /* no UE identity: count the reject */
            }
            guint pos = 0;
            while (pos < e->values->len && g_array_index(e->values, guint, pos) < r->t3346.seconds)
                pos++;
            if (pos < e->values->len && g_array_index(e->values, guint, pos) == r->t3346.seconds) {
                g_array_index(e->counts, guint, pos)++;
            } else {
                guint sec = r->t3346.seconds, one = 1;
                g_array_insert_val(e->values, pos, sec);
                g_array_insert_val(e->counts, pos, one);
            }
            if (r->retried)
                e->buckets[amfol_nas_retry_bucket(r->retry_rel_expiry)]++;
        }
    }
    for (guint k = 0; k < out->len; k++) {
        episode_sum *e = &g_array_index(out, episode_sum, k);
        e->backed_off += g_hash_table_size(e->ues);
    }
    for (guint i = 0; i < a->retries->len; i++) {
        const amfol_nas_retry *r = &g_array_index(a->retries, amfol_nas_retry, i);
        for (guint k = 0; k < out->len; k++)
            if (g_array_index(out, episode_sum, k).episode == r->episode)
                g_array_index(out, episode_sum, k).early++;
    }
    return out;
}

static void episode_sums_free(GArray *v)
{
    for (guint k = 0; k < v->len; k++) {
        g_array_free(g_array_index(v, episode_sum, k).values, TRUE);
        g_array_free(g_array_index(v, episode_sum, k).counts, TRUE);
        g_hash_table_destroy(g_array_index(v, episode_sum, k).ues);
    }
    g_array_free(v, TRUE);
}

/* ---- rows: the "nas" JSON member, the reject table (timeline text and statistics table) ---- */

/* One row per (AMF, episode, message, cause, timer value): JSON amfs[].rejects[], the timeline
 * and the "AMF Overload NAS" table. */
enum { R_AMF, R_EPISODE, R_MESSAGE, R_CAUSE, R_CAUSE_NAME, R_TIMER, R_TIMER_TEXT, R_TIMER_S, R_COUNT_N, R_COUNT };
static const amfol_column reject_cols[R_COUNT] = {
    AMFOL_TCOL("AMF", NULL, AMFOL_CELL_STR),
    { .key = "episode", .title = "Episode (0 = no overload)", .short_title = "episode", .type = AMFOL_CELL_UINT },
    AMFOL_COL("message", "Message", AMFOL_CELL_STR),
    AMFOL_COL("cause", "Cause", AMFOL_CELL_UINT),
    AMFOL_COL("cause_name", "Cause name", AMFOL_CELL_STR),
    AMFOL_JCOL("timer", AMFOL_CELL_STR),
    AMFOL_TCOL("T3346 / back-off", "timer", AMFOL_CELL_STR),
    AMFOL_JOPT("timer_s", AMFOL_CELL_UINT),
    AMFOL_COL("count", "Count", AMFOL_CELL_UINT),
};

const amfol_column *amfol_nas_table_columns(size_t *n)
{
    *n = R_COUNT;
    return reject_cols;
}

static void reject_row(amfol_rows *t, const amfol_nas_amf *a, const amfol_nas_stat_row *r)
{
    char tb[32];
    timer_text(r->timer_state, r->seconds, tb, sizeof tb);
    amfol_rows_add(t);
    amfol_rows_str(t, R_AMF, a->name);
    amfol_rows_uint(t, R_EPISODE, (uint64_t)r->episode);
    amfol_rows_str(t, R_MESSAGE, row_msg(r));
    amfol_rows_uint(t, R_CAUSE, (uint64_t)r->cause);
    amfol_rows_str(t, R_CAUSE_NAME, row_cause(r));
    amfol_rows_str(t, R_TIMER, amfol_nas_timer_state_name(r->timer_state));
    amfol_rows_str(t, R_TIMER_TEXT, tb);
    if (r->timer_state == AMFOL_TIMER_VALUE)
        amfol_rows_uint(t, R_TIMER_S, r->seconds);
    amfol_rows_uint(t, R_COUNT_N, r->count);
}

static amfol_rows *reject_rows(const amfol_nas_amf *a)
{
    amfol_rows *t = amfol_rows_new("rejects", AMFOL_ROWS_ARRAY, reject_cols, R_COUNT, AMFOL_NAS_MAX_STAT_ROWS);
    for (int k = 0; k < a->n_rows; k++)
        reject_row(t, a, &a->rows[k]);
    return t;
}

amfol_rows *amfol_nas_table_rows(amfol_engine *e)
{
    amfol_nas *s = e->nas;
    amfol_rows *t = amfol_rows_new("NAS rejects per AMF, episode, cause and timer", AMFOL_ROWS_ARRAY,
                                   reject_cols, R_COUNT, MAX(s->amfs->len, 1) * AMFOL_NAS_MAX_STAT_ROWS);
    for (guint i = 0; i < s->amfs->len; i++) {
        const amfol_nas_amf *a = g_ptr_array_index(s->amfs, i);
        for (int k = 0; k < a->n_rows; k++)
            reject_row(t, a, &a->rows[k]);
    }
    return t;
}

/* {"60": 3, ...}: T3346 seconds (ascending) -> count; the shape of the ground truth's
 * "expected.nas.t3346_values_s". */
static const amfol_column seconds_cols[2] = {
    AMFOL_JCOL("seconds", AMFOL_CELL_STR), AMFOL_JCOL("count", AMFOL_CELL_UINT),
};

static amfol_rows *seconds_map(const GArray *values, const GArray *counts)
{
    amfol_rows *t = amfol_rows_new("t3346_values_s", AMFOL_ROWS_MAP, seconds_cols, 2, MAX(values->len, 1));
    for (guint v = 0; v < values->len; v++) {
        char name[16];
        snprintf(name, sizeof name, "%u", g_array_index(values, guint, v));
        amfol_rows_add(t);
        amfol_rows_str(t, 0, name);
        amfol_rows_uint(t, 1, g_array_index(counts, guint, v));
    }
    return t;
}

/* {"more than 60 s early": n, ...}: first attempts after a T3346 reject, relative to expiry. */
static amfol_rows *retry_map(const uint64_t buckets[AMFOL_NAS_RETRY_BUCKETS])
{
    amfol_rows *t = amfol_rows_new("retry_vs_expiry", AMFOL_ROWS_MAP, seconds_cols, 2, AMFOL_NAS_RETRY_BUCKETS);
    for (int b = 0; b < AMFOL_NAS_RETRY_BUCKETS; b++) {
        amfol_rows_add(t);
        amfol_rows_str(t, 0, amfol_nas_retry_bucket_name(b));
        amfol_rows_uint(t, 1, buckets[b]);
    }
    return t;
}

enum { E_EPISODE, E_REJECTS, E_NO_T3346, E_BACKED_OFF, E_EARLY, E_VALUES, E_RETRY, E_COUNT };
static const amfol_column episode_cols[E_COUNT] = {
    AMFOL_JCOL("episode", AMFOL_CELL_UINT),
    AMFOL_JCOL("congestion_rejects", AMFOL_CELL_UINT),
    AMFOL_JCOL("without_t3346", AMFOL_CELL_UINT),
    AMFOL_JCOL("ues_backed_off", AMFOL_CELL_UINT),
    AMFOL_JCOL("early_retries", AMFOL_CELL_UINT),
    AMFOL_JCOL("t3346_values_s", AMFOL_CELL_TABLE),
    AMFOL_JCOL("retry_vs_expiry", AMFOL_CELL_TABLE),
};

static amfol_rows *episode_rows(const amfol_nas_amf *a)
{
    GArray *eps = episode_sums(a);
    amfol_rows *t = amfol_rows_new("episodes", AMFOL_ROWS_ARRAY, episode_cols, E_COUNT, MAX(eps->len, 1));
    for (guint k = 0; k < eps->len; k++) {
        const episode_sum *es = &g_array_index(eps, episode_sum, k);
        amfol_rows_add(t);
        amfol_rows_uint(t, E_EPISODE, (uint64_t)es->episode);
        amfol_rows_uint(t, E_REJECTS, es->rejects);
        amfol_rows_uint(t, E_NO_T3346, es->no_t3346);
        amfol_rows_uint(t, E_BACKED_OFF, es->backed_off);
        amfol_rows_uint(t, E_EARLY, es->early);
        amfol_rows_table(t, E_VALUES, seconds_map(es->values, es->counts));
        amfol_rows_table(t, E_RETRY, retry_map(es->buckets));
    }
    episode_sums_free(eps);
    return t;
}

enum {
    A_AMF, A_MESSAGES, A_CIPHERED, A_CONGESTION, A_OTHER, A_DEREGS, A_SM, A_BACKED_OFF, A_ATTEMPTS,
    A_ALLOWED, A_UNCERTAIN, A_UNPROTECTED, A_EARLY, A_ACCEPTED, A_DROPPED, A_REJECTS, A_RETRY,
    A_EPISODES, A_RETRIES_KEPT_L, A_RETRIES_L, A_COUNT
};
static const amfol_column amf_cols[A_COUNT] = {
    AMFOL_JCOL("amf", AMFOL_CELL_STR),
    AMFOL_JCOL("messages", AMFOL_CELL_UINT),
    AMFOL_JCOL("ciphered", AMFOL_CELL_UINT),
    AMFOL_JCOL("congestion_rejects", AMFOL_CELL_UINT),
    AMFOL_JCOL("other_rejects", AMFOL_CELL_UINT),
    AMFOL_JCOL("congestion_deregistrations", AMFOL_CELL_UINT),
    AMFOL_JCOL("sm_congestion", AMFOL_CELL_UINT),
    AMFOL_JCOL("ues_backed_off", AMFOL_CELL_UINT),
    AMFOL_JCOL("attempts_in_backoff", AMFOL_CELL_UINT),
    AMFOL_JCOL("allowed_in_backoff", AMFOL_CELL_UINT),
    AMFOL_JCOL("uncertain_in_backoff", AMFOL_CELL_UINT),
    /* listed apart: t3346-short / t3346-not-randomised judge protected rejects only */
    AMFOL_JCOL("unprotected_t3346_rejects", AMFOL_CELL_UINT),
    AMFOL_JCOL("early_retries", AMFOL_CELL_UINT),
    AMFOL_JCOL("accepted_registrations", AMFOL_CELL_UINT),
    AMFOL_JCOL("rejects_dropped", AMFOL_CELL_UINT),
    AMFOL_JCOL("rejects", AMFOL_CELL_TABLE),
    AMFOL_JCOL("retry_vs_expiry", AMFOL_CELL_TABLE),
    AMFOL_JCOL("episodes", AMFOL_CELL_TABLE),
    /* prose only: the timeline lists the first early retries one per line */
    AMFOL_LCOL("retries_kept", AMFOL_CELL_UINT),
    AMFOL_LCOL("retries", AMFOL_CELL_TABLE),
};

/* The early retries kept, the first TIMELINE_MAX_RETRIES of them as rows (the rest counted as
 * dropped): the timeline's "early retry" lines. */
enum { ER_RETRY, ER_UE, ER_BEFORE, ER_REJECT, ER_COUNT };
static const amfol_column retry_cols[ER_COUNT] = {
    AMFOL_LCOL("retry_frame", AMFOL_CELL_UINT),
    AMFOL_LCOL("ue", AMFOL_CELL_STR),
    AMFOL_LCOL("before_expiry_s", AMFOL_CELL_REAL),
    AMFOL_LCOL("reject_frame", AMFOL_CELL_UINT),
};

static amfol_rows *retry_rows(const amfol_nas *s, const amfol_nas_amf *a)
{
    amfol_rows *t = amfol_rows_new("retries", AMFOL_ROWS_ARRAY, retry_cols, ER_COUNT, TIMELINE_MAX_RETRIES);
    for (guint k = 0; k < a->retries->len; k++) {
        const amfol_nas_retry *r = &g_array_index(a->retries, amfol_nas_retry, k);
        if (!amfol_rows_add(t))
            continue;
        amfol_rows_uint(t, ER_RETRY, r->retry_frame);
        amfol_rows_str(t, ER_UE, amfol_nas_ue_name((amfol_nas *)s, r->ue_serial, r->ue));
        amfol_rows_real(t, ER_BEFORE, r->before_expiry_s);
        amfol_rows_uint(t, ER_REJECT, r->reject_frame);
    }
    return t;
}

static amfol_rows *amf_rows(const amfol_nas *s)
{
    amfol_rows *t = amfol_rows_new("amfs", AMFOL_ROWS_ARRAY, amf_cols, A_COUNT, MAX(s->amfs->len, 1));
    for (guint i = 0; i < s->amfs->len; i++) {
        const amfol_nas_amf *a = g_ptr_array_index(s->amfs, i);
        amfol_rows_add(t);
        amfol_rows_str(t, A_AMF, a->name);
        amfol_rows_uint(t, A_MESSAGES, a->messages);
        amfol_rows_uint(t, A_CIPHERED, a->ciphered);
        amfol_rows_uint(t, A_CONGESTION, a->congestion_rejects);
        amfol_rows_uint(t, A_OTHER, a->other_rejects);
        amfol_rows_uint(t, A_DEREGS, a->congestion_deregs);
        amfol_rows_uint(t, A_SM, a->sm_congestion);
        amfol_rows_uint(t, A_BACKED_OFF, ues_backed_off(a));
        amfol_rows_uint(t, A_ATTEMPTS, a->attempts_in_backoff);
        amfol_rows_uint(t, A_ALLOWED, a->allowed_in_backoff);
        amfol_rows_uint(t, A_UNCERTAIN, a->uncertain_in_backoff);
        amfol_rows_uint(t, A_UNPROTECTED, unprotected_t3346(a));
        amfol_rows_uint(t, A_EARLY, a->retries->len + a->retries_dropped);
        amfol_rows_uint(t, A_ACCEPTED, a->accepts->len + a->accepts_dropped);
        amfol_rows_uint(t, A_DROPPED, a->rejects_dropped);
        amfol_rows_table(t, A_REJECTS, reject_rows(a));
        amfol_rows_table(t, A_RETRY, retry_map(a->retry_buckets));
        amfol_rows_table(t, A_EPISODES, episode_rows(a));
        amfol_rows_uint(t, A_RETRIES_KEPT_L, a->retries->len);
        amfol_rows_table(t, A_RETRIES_L, retry_rows(s, a));
    }
    return t;
}

/* Every congestion reject's T3346 value, over all AMFs. */
static amfol_rows *all_seconds(const amfol_nas *s)
{
    GArray *values = g_array_new(FALSE, FALSE, sizeof(guint)), *counts = g_array_new(FALSE, FALSE, sizeof(guint));
    for (guint i = 0; i < s->amfs->len; i++) {
        const amfol_nas_amf *a = g_ptr_array_index(s->amfs, i);
        for (guint k = 0; k < a->rejects->len; k++) {
            const amfol_nas_reject *r = &g_array_index(a->rejects, amfol_nas_reject, k);
            if (r->t3346.state != AMFOL_TIMER_VALUE)
                continue;
            guint pos = 0, sec = r->t3346.seconds, one = 1;
            while (pos < values->len && g_array_index(values, guint, pos) < sec)
                pos++;
            if (pos < values->len && g_array_index(values, guint, pos) == sec) {
                g_array_index(counts, guint, pos)++;
            } else {
                g_array_insert_val(values, pos, sec);
                g_array_insert_val(counts, pos, one);
            }
        }
    }
    amfol_rows *t = seconds_map(values, counts);
    g_array_free(values, TRUE);
    g_array_free(counts, TRUE);
    return t;
}

enum {
    N_CAUSES, N_MESSAGES, N_CIPHERED, N_HINT, N_OUT_OF_ORDER, N_UES, N_EVICTIONS, N_MAX_UES, N_LOST,
    N_REBINDS, N_PART1, N_LINKED, N_IN_BACKOFF, N_IN_BACKOFF_FIRST, N_NAMES_OVERFLOW, N_CONGESTION,
    N_VALUES, N_AMFS, N_COUNT
};
static const amfol_column nas_cols[N_COUNT] = {
    AMFOL_JCOL("congestion_causes", AMFOL_CELL_STR),
    AMFOL_JCOL("messages", AMFOL_CELL_UINT),
    AMFOL_JCOL("ciphered", AMFOL_CELL_UINT),
    AMFOL_JOPT("hint", AMFOL_CELL_STR),
    AMFOL_JCOL("out_of_order", AMFOL_CELL_UINT),
    AMFOL_JCOL("ues", AMFOL_CELL_UINT),
    AMFOL_JCOL("ue_evictions", AMFOL_CELL_UINT),
    AMFOL_JCOL("max_ues", AMFOL_CELL_UINT),
    AMFOL_JCOL("backoffs_lost_to_eviction", AMFOL_CELL_UINT),
    AMFOL_JCOL("identity_rebinds", AMFOL_CELL_UINT),
    AMFOL_JCOL("radio_requests_with_part1", AMFOL_CELL_UINT),
    AMFOL_JCOL("radio_requests_linked", AMFOL_CELL_UINT),
    AMFOL_JCOL("radio_requests_in_backoff", AMFOL_CELL_UINT),
    AMFOL_JCOL("radio_requests_in_backoff_first_frame", AMFOL_CELL_UINT),
    AMFOL_JOPT("names_overflow", AMFOL_CELL_UINT),
    AMFOL_JCOL("congestion_rejects", AMFOL_CELL_UINT),
    AMFOL_JCOL("t3346_values_s", AMFOL_CELL_TABLE),
    AMFOL_JCOL("amfs", AMFOL_CELL_TABLE),
};

#define CIPHERED_HINT "ciphered NAS is unreadable; if the network uses NEA0 try -o nas-5gs.null_decipher:TRUE"

amfol_rows *amfol_nas_json_rows(amfol_engine *e)
{
    amfol_nas *s = e->nas;
    const amfol_nas_registry_stats *rs = amfol_nas_registry_stats_get(s->reg);
    uint64_t total_cong = 0;
    for (guint i = 0; i < s->amfs->len; i++)
        total_cong += ((const amfol_nas_amf *)g_ptr_array_index(s->amfs, i))->congestion_rejects;
    amfol_rows *t = amfol_rows_new("nas", AMFOL_ROWS_OBJECT, nas_cols, N_COUNT, 1);
    amfol_rows_add(t);
    amfol_rows_str(t, N_CAUSES, s->cfg.congestion_causes);
    amfol_rows_uint(t, N_MESSAGES, s->messages);
    amfol_rows_uint(t, N_CIPHERED, s->ciphered);
    if (s->ciphered)
        amfol_rows_str(t, N_HINT, CIPHERED_HINT);
    amfol_rows_uint(t, N_OUT_OF_ORDER, s->out_of_order);
    amfol_rows_uint(t, N_UES, rs->ues_created);
    amfol_rows_uint(t, N_EVICTIONS, rs->evictions);
    amfol_rows_uint(t, N_MAX_UES, s->cfg.max_ues);
    amfol_rows_uint(t, N_LOST, rs->backoffs_lost);
    amfol_rows_uint(t, N_REBINDS, rs->rebinds);
    amfol_rows_uint(t, N_PART1, s->radio_with_part1);
    amfol_rows_uint(t, N_LINKED, s->radio_linked);
    amfol_rows_uint(t, N_IN_BACKOFF, s->radio_in_backoff);
    amfol_rows_uint(t, N_IN_BACKOFF_FIRST, s->radio_in_backoff_first);
    if (s->names_overflow)
        amfol_rows_uint(t, N_NAMES_OVERFLOW, s->names_overflow);
    amfol_rows_uint(t, N_CONGESTION, total_cong);
    amfol_rows_table(t, N_VALUES, all_seconds(s));
    amfol_rows_table(t, N_AMFS, amf_rows(s));
    return t;
}

void amfol_nas_report_json(amfol_engine *e, json_dumper *d)
{
    amfol_rows *t = amfol_nas_json_rows(e);
    json_dumper_set_member_name(d, "nas");
    amfol_rows_json(d, t);
    amfol_rows_free(t);
}

/* ---- timeline: prose over the same rows --------------------------------------------------- */

static void timeline_amf(const amfol_rows *t, size_t i, GString *out)
{
    amfol_rows_line(out, t, i, "  AMF {amf}: {messages} NAS messages ({ciphered} ciphered/unreadable), "
                               "{congestion_rejects} congestion rejects, {other_rejects} other rejects, "
                               "{ues_backed_off} UEs backed off, {retries_kept} early retries\n");
    const amfol_rows *eps = amfol_rows_get_table(t, i, A_EPISODES);
    for (size_t k = 0; k < amfol_rows_count(eps); k++) {
        amfol_rows_line(out, eps, k, amfol_rows_get_uint(eps, k, E_EPISODE) ? "    episode {episode}" : "    no overload");
        amfol_rows_line(out, eps, k, ": {congestion_rejects} congestion rejects ({without_t3346} without T3346), "
                                     "{ues_backed_off} UEs backed off, {early_retries} early retries; T3346 values:");
        const amfol_rows *values = amfol_rows_get_table(eps, k, E_VALUES);
        for (size_t v = 0; v < amfol_rows_count(values); v++)
            amfol_rows_line(out, values, v, " {seconds}s x{count}");
        g_string_append(out, amfol_rows_count(values) ? "\n" : " -\n");
    }
    const amfol_rows *rejects = amfol_rows_get_table(t, i, A_REJECTS);
    if (amfol_rows_count(rejects))
        amfol_rows_text(out, rejects, "    ");
    const amfol_rows *retries = amfol_rows_get_table(t, i, A_RETRIES_L);
    for (size_t k = 0; k < amfol_rows_count(retries); k++)
        amfol_rows_line(out, retries, k, "    early retry: frame {retry_frame} by {ue}, {before_expiry_s:%.1f} s "
                                         "before expiry (reject frame {reject_frame})\n");
    if (amfol_rows_dropped(retries))      /* the JSON and the findings have them all */
        g_string_append_printf(out, "    ... and %u more early retries\n", amfol_rows_dropped(retries));
    const amfol_rows *buckets = amfol_rows_get_table(t, i, A_RETRY);
    bool any = false;
    for (size_t b = 0; b < amfol_rows_count(buckets); b++)
        any |= amfol_rows_get_uint(buckets, b, 1) != 0;
    if (any) {
        g_string_append(out, "    first attempt after a T3346 reject, relative to expiry:");
        for (size_t b = 0; b < amfol_rows_count(buckets); b++)
            if (amfol_rows_get_uint(buckets, b, 1))
                amfol_rows_line(out, buckets, b, " {seconds} {count};");
        g_string_append_c(out, '\n');
    }
}

void amfol_nas_report_timeline(amfol_engine *e, GString *out)
{
    amfol_rows *t = amfol_nas_json_rows(e);
    const char *causes = amfol_rows_get_str(t, 0, N_CAUSES);
    amfol_rows_line(out, t, 0, causes && causes[0] ? "NAS congestion (congestion causes: {congestion_causes})\n"
                                                   : "NAS congestion (congestion causes: none)\n");
    amfol_rows_line(out, t, 0, "  NAS messages {messages}, ciphered (unreadable) {ciphered}, UEs followed {ues} "
                               "(evicted {ue_evictions}, identity rebinds {identity_rebinds})\n");
    if (amfol_rows_get_uint(t, 0, N_PART1))
        amfol_rows_line(out, t, 0, amfol_rows_get_uint(t, 0, N_IN_BACKOFF)
                        ? "  RRCSetupRequests with ng-5G-S-TMSI-Part1 {radio_requests_with_part1}, joined to a "
                          "NAS UE {radio_requests_linked}, of them during the UE's T3346 {radio_requests_in_backoff} "
                          "(first: radio_requests_in_backoff_first_frame in the JSON)\n"
                        : "  RRCSetupRequests with ng-5G-S-TMSI-Part1 {radio_requests_with_part1}, joined to a "
                          "NAS UE {radio_requests_linked}, of them during the UE's T3346 {radio_requests_in_backoff}\n");
    if (amfol_rows_get_uint(t, 0, N_EVICTIONS))
        amfol_rows_line(out, t, 0, "  UE cap reached (amfol.max_ues {max_ues}): {backoffs_lost_to_eviction} "
                                   "reject(s) lost their UE to eviction before a retry could be judged\n");
    if (amfol_rows_has(t, 0, N_HINT))
        amfol_rows_line(out, t, 0, "  hint: {hint}\n");
    const amfol_rows *amfs = amfol_rows_get_table(t, 0, N_AMFS);
    for (size_t i = 0; i < amfol_rows_count(amfs); i++)
        timeline_amf(amfs, i, out);
    amfol_rows_free(t);
}

uint64_t amfol_nas_rows_version(amfol_engine *e)
{
    return e->nas->rows_version;
}
