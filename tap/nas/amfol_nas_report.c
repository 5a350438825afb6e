/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas_report.c: the NAS timeline section (prose per AMF and episode, then its reject rows as
 * text columns) and the NAS rows: the "nas" JSON member and the reject table, stated once and
 * written by the generic writers (report/amfol_rows_write.c, plugin/amfol_table.c). */
#include "amfol_nas_internal.h"
#include "../report/amfol_rows_write.h"
#include "amfol_nas_ids.h"
#include "amfol_nas_timer.h"
#include "../core/amfol_engine_internal.h"

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
    A_EPISODES, A_COUNT
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
};

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

/* ---- timeline ------------------------------------------------------------------------------ */

void amfol_nas_report_timeline(amfol_engine *e, GString *out)
{
    amfol_nas *s = e->nas;
    const amfol_nas_registry_stats *rs = amfol_nas_registry_stats_get(s->reg);
    g_string_append_printf(out, "NAS congestion (congestion causes: %s)\n",
                           s->cfg.congestion_causes[0] ? s->cfg.congestion_causes : "none");
    g_string_append_printf(out, "  NAS messages %" G_GUINT64_FORMAT ", ciphered (unreadable) %" G_GUINT64_FORMAT
                           ", UEs followed %" G_GUINT64_FORMAT " (evicted %" G_GUINT64_FORMAT
                           ", identity rebinds %" G_GUINT64_FORMAT ")\n",
                           s->messages, s->ciphered, rs->ues_created, rs->evictions, rs->rebinds);
    if (s->radio_with_part1)
        g_string_append_printf(out, "  RRCSetupRequests with ng-5G-S-TMSI-Part1 %" G_GUINT64_FORMAT ", joined "
                               "to a NAS UE %" G_GUINT64_FORMAT ", of them during the UE's T3346 %" G_GUINT64_FORMAT
                               "%s\n", s->radio_with_part1, s->radio_linked, s->radio_in_backoff,
                               s->radio_in_backoff ? " (first: radio_requests_in_backoff_first_frame in the JSON)" : "");
    if (rs->evictions)
        g_string_append_printf(out, "  UE cap reached (amfol.max_ues %u): %" G_GUINT64_FORMAT
                               " reject(s) lost their UE to eviction before a retry could be judged\n",
                               s->cfg.max_ues, rs->backoffs_lost);
    if (s->ciphered)
        g_string_append(out, "  hint: ciphered NAS is unreadable; if the network uses NEA0 try "
                             "-o nas-5gs.null_decipher:TRUE\n");
    for (guint i = 0; i < s->amfs->len; i++) {
        amfol_nas_amf *a = g_ptr_array_index(s->amfs, i);
        g_string_append_printf(out, "  AMF %s: %" G_GUINT64_FORMAT " NAS messages (%" G_GUINT64_FORMAT
                               " ciphered/unreadable), %" G_GUINT64_FORMAT " congestion rejects, %"
                               G_GUINT64_FORMAT " other rejects, %" G_GUINT64_FORMAT
                               " UEs backed off, %u early retries\n",
                               a->name, a->messages, a->ciphered, a->congestion_rejects,
                               a->other_rejects, (uint64_t)ues_backed_off(a), a->retries->len);
        GArray *eps = episode_sums(a);
        for (guint k = 0; k < eps->len; k++) {
            const episode_sum *es = &g_array_index(eps, episode_sum, k);
            char ep[24];
            if (es->episode)
                snprintf(ep, sizeof ep, "episode %d", es->episode);
            else
                snprintf(ep, sizeof ep, "no overload");
            g_string_append_printf(out, "    %s: %u congestion rejects (%u without T3346), %u UEs backed "
                                   "off, %u early retries; T3346 values:", ep, es->rejects, es->no_t3346,
                                   es->backed_off, es->early);
            for (guint v = 0; v < es->values->len; v++)
                g_string_append_printf(out, " %us x%u", g_array_index(es->values, guint, v),
                                       g_array_index(es->counts, guint, v));
            if (es->values->len == 0)
                g_string_append(out, " -");
            g_string_append_c(out, '\n');
        }
        episode_sums_free(eps);
        if (a->n_rows) {
            amfol_rows *t = reject_rows(a);
            amfol_rows_text(out, t, "    ");
            amfol_rows_free(t);
        }
        for (guint k = 0; k < a->retries->len; k++) {
            if (k == TIMELINE_MAX_RETRIES) {      /* the JSON and the findings have them all */
                g_string_append_printf(out, "    ... and %u more early retries\n",
                                       a->retries->len - TIMELINE_MAX_RETRIES);
                break;
            }
            const amfol_nas_retry *r = &g_array_index(a->retries, amfol_nas_retry, k);
            g_string_append_printf(out, "    early retry: frame %u by %s, %.1f s before expiry (reject frame %u)\n",
                                   r->retry_frame, amfol_nas_ue_name(s, r->ue_serial, r->ue),
                                   r->before_expiry_s, r->reject_frame);
        }
        bool any = false;
        for (int b = 0; b < AMFOL_NAS_RETRY_BUCKETS; b++)
            any |= a->retry_buckets[b] != 0;
        if (any) {
            g_string_append(out, "    first attempt after a T3346 reject, relative to expiry:");
            for (int b = 0; b < AMFOL_NAS_RETRY_BUCKETS; b++)
                if (a->retry_buckets[b])
                    g_string_append_printf(out, " %s %" G_GUINT64_FORMAT ";",
                                           amfol_nas_retry_bucket_name(b), a->retry_buckets[b]);
            g_string_append_c(out, '\n');
        }
    }
}

uint64_t amfol_nas_rows_version(amfol_engine *e)
{
    return e->nas->rows_version;
}
