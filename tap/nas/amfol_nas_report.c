/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas_report.c: the NAS timeline section and the "nas" JSON member. */
#include "amfol_nas_internal.h"
#include "../report/amfol_json.h"
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
        for (int k = 0; k < a->n_rows; k++) {
            const amfol_nas_stat_row *r = &a->rows[k];
            char tb[32];
            timer_text(r->timer_state, r->seconds, tb, sizeof tb);
            char ep[24];
            if (r->episode)
                snprintf(ep, sizeof ep, "episode %d", r->episode);
            else
                snprintf(ep, sizeof ep, "no overload");
            g_string_append_printf(out, "    %-11s %-42s #%-3d %-46s timer %-12s x%u\n", ep,
                                   row_msg(r), r->cause, row_cause(r), tb, r->count);
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

void amfol_nas_report_json(amfol_engine *e, json_dumper *d)
{
    amfol_nas *s = e->nas;
    const amfol_nas_registry_stats *rs = amfol_nas_registry_stats_get(s->reg);
    json_dumper_set_member_name(d, "nas");
    json_dumper_begin_object(d);
    json_dumper_set_member_name(d, "congestion_causes");
    json_dumper_value_string(d, s->cfg.congestion_causes);
    amfol_json_uint(d, "messages", s->messages);
    amfol_json_uint(d, "ciphered", s->ciphered);
    if (s->ciphered) {
        json_dumper_set_member_name(d, "hint");
        json_dumper_value_string(d, "ciphered NAS is unreadable; if the network uses NEA0 try -o nas-5gs.null_decipher:TRUE");
    }
    amfol_json_uint(d, "out_of_order", s->out_of_order);
    amfol_json_uint(d, "ues", rs->ues_created);
    amfol_json_uint(d, "ue_evictions", rs->evictions);
    amfol_json_uint(d, "max_ues", s->cfg.max_ues);
    amfol_json_uint(d, "backoffs_lost_to_eviction", rs->backoffs_lost);
    amfol_json_uint(d, "identity_rebinds", rs->rebinds);
    amfol_json_uint(d, "radio_requests_with_part1", s->radio_with_part1);
    amfol_json_uint(d, "radio_requests_linked", s->radio_linked);
    amfol_json_uint(d, "radio_requests_in_backoff", s->radio_in_backoff);
    amfol_json_uint(d, "radio_requests_in_backoff_first_frame", s->radio_in_backoff_first);
    if (s->names_overflow)
        amfol_json_uint(d, "names_overflow", s->names_overflow);
    uint64_t total_cong = 0;
    GHashTable *values = g_hash_table_new(g_direct_hash, g_direct_equal);
    for (guint i = 0; i < s->amfs->len; i++) {
        amfol_nas_amf *a = g_ptr_array_index(s->amfs, i);
        total_cong += a->congestion_rejects;
        for (guint k = 0; k < a->rejects->len; k++) {
            const amfol_nas_reject *r = &g_array_index(a->rejects, amfol_nas_reject, k);
            if (r->t3346.state != AMFOL_TIMER_VALUE)
                continue;
            gpointer key = GUINT_TO_POINTER(r->t3346.seconds);
            g_hash_table_insert(values, key,
                                GUINT_TO_POINTER(GPOINTER_TO_UINT(g_hash_table_lookup(values, key)) + 1));
        }
    }
    amfol_json_uint(d, "congestion_rejects", total_cong);
    /* Same shape as ground truth "expected.nas.t3346_values_s": {"60": 3}. */
    json_dumper_set_member_name(d, "t3346_values_s");
    json_dumper_begin_object(d);
    GHashTableIter it;
    gpointer k, v;
    /* deterministic order: ascending seconds */
    GArray *sorted = g_array_new(FALSE, FALSE, sizeof(guint));
    g_hash_table_iter_init(&it, values);
    while (g_hash_table_iter_next(&it, &k, &v)) {
        guint sec = GPOINTER_TO_UINT(k);
        guint pos = 0;
        while (pos < sorted->len && g_array_index(sorted, guint, pos) < sec)
            pos++;
        g_array_insert_val(sorted, pos, sec);
    }
    for (guint i = 0; i < sorted->len; i++) {
        guint sec = g_array_index(sorted, guint, i);
        char name[16];
        snprintf(name, sizeof name, "%u", sec);
        amfol_json_uint(d, name, GPOINTER_TO_UINT(g_hash_table_lookup(values, GUINT_TO_POINTER(sec))));
    }
    g_array_free(sorted, TRUE);
    g_hash_table_destroy(values);
    json_dumper_end_object(d);

    json_dumper_set_member_name(d, "amfs");
    json_dumper_begin_array(d);
    for (guint i = 0; i < s->amfs->len; i++) {
        amfol_nas_amf *a = g_ptr_array_index(s->amfs, i);
        json_dumper_begin_object(d);
        json_dumper_set_member_name(d, "amf");
        json_dumper_value_string(d, a->name);
        amfol_json_uint(d, "messages", a->messages);
        amfol_json_uint(d, "ciphered", a->ciphered);
        amfol_json_uint(d, "congestion_rejects", a->congestion_rejects);
        amfol_json_uint(d, "other_rejects", a->other_rejects);
        amfol_json_uint(d, "congestion_deregistrations", a->congestion_deregs);
        amfol_json_uint(d, "sm_congestion", a->sm_congestion);
        amfol_json_uint(d, "ues_backed_off", ues_backed_off(a));
        amfol_json_uint(d, "attempts_in_backoff", a->attempts_in_backoff);
        amfol_json_uint(d, "allowed_in_backoff", a->allowed_in_backoff);
        amfol_json_uint(d, "uncertain_in_backoff", a->uncertain_in_backoff);
        /* listed apart: t3346-short / t3346-not-randomised judge protected rejects only */
        amfol_json_uint(d, "unprotected_t3346_rejects", unprotected_t3346(a));
        amfol_json_uint(d, "early_retries", a->retries->len + a->retries_dropped);
        amfol_json_uint(d, "accepted_registrations", a->accepts->len + a->accepts_dropped);
        amfol_json_uint(d, "rejects_dropped", a->rejects_dropped);
        json_dumper_set_member_name(d, "rejects");
        json_dumper_begin_array(d);
        for (int r = 0; r < a->n_rows; r++) {
            const amfol_nas_stat_row *row = &a->rows[r];
            json_dumper_begin_object(d);
            amfol_json_uint(d, "episode", (uint64_t)row->episode);
            json_dumper_set_member_name(d, "message");
            json_dumper_value_string(d, row_msg(row));
            amfol_json_uint(d, "cause", (uint64_t)row->cause);
            json_dumper_set_member_name(d, "cause_name");
            json_dumper_value_string(d, row_cause(row));
            json_dumper_set_member_name(d, "timer");
            json_dumper_value_string(d, amfol_nas_timer_state_name(row->timer_state));
            if (row->timer_state == AMFOL_TIMER_VALUE)
                amfol_json_uint(d, "timer_s", row->seconds);
            amfol_json_uint(d, "count", row->count);
            json_dumper_end_object(d);
        }
        json_dumper_end_array(d);
        json_dumper_set_member_name(d, "retry_vs_expiry");
        json_dumper_begin_object(d);
        for (int b = 0; b < AMFOL_NAS_RETRY_BUCKETS; b++)
            amfol_json_uint(d, amfol_nas_retry_bucket_name(b), a->retry_buckets[b]);
        json_dumper_end_object(d);
        json_dumper_set_member_name(d, "episodes");
        json_dumper_begin_array(d);
        GArray *eps = episode_sums(a);
        for (guint k = 0; k < eps->len; k++) {
            const episode_sum *es = &g_array_index(eps, episode_sum, k);
            json_dumper_begin_object(d);
            amfol_json_uint(d, "episode", (uint64_t)es->episode);
            amfol_json_uint(d, "congestion_rejects", es->rejects);
            amfol_json_uint(d, "without_t3346", es->no_t3346);
            amfol_json_uint(d, "ues_backed_off", es->backed_off);
            amfol_json_uint(d, "early_retries", es->early);
            json_dumper_set_member_name(d, "t3346_values_s");
            json_dumper_begin_object(d);
            for (guint v = 0; v < es->values->len; v++) {
                char name[16];
                snprintf(name, sizeof name, "%u", g_array_index(es->values, guint, v));
                amfol_json_uint(d, name, g_array_index(es->counts, guint, v));
            }
            json_dumper_end_object(d);
            json_dumper_set_member_name(d, "retry_vs_expiry");
            json_dumper_begin_object(d);
            for (int b = 0; b < AMFOL_NAS_RETRY_BUCKETS; b++)
                amfol_json_uint(d, amfol_nas_retry_bucket_name(b), es->buckets[b]);
            json_dumper_end_object(d);
            json_dumper_end_object(d);
        }
        episode_sums_free(eps);
        json_dumper_end_array(d);
        json_dumper_end_object(d);
    }
    json_dumper_end_array(d);
    json_dumper_end_object(d);
}

void amfol_nas_rows(amfol_engine *e, void (*cb)(const amfol_nas_row *row, void *user), void *user)
{
    amfol_nas *s = e->nas;
    for (guint i = 0; i < s->amfs->len; i++) {
        amfol_nas_amf *a = g_ptr_array_index(s->amfs, i);
        for (int k = 0; k < a->n_rows; k++) {
            const amfol_nas_stat_row *r = &a->rows[k];
            char tb[32];
            timer_text(r->timer_state, r->seconds, tb, sizeof tb);
            amfol_nas_row row = {(uint32_t)(i * AMFOL_NAS_MAX_STAT_ROWS + (guint)k), a->name,
                                 r->episode, row_msg(r), r->cause, row_cause(r), tb, r->count};
            cb(&row, user);
        }
    }
}

uint64_t amfol_nas_rows_version(amfol_engine *e)
{
    return e->nas->rows_version;
}
