/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_symptoms_series.c: from the stored counts and samples to the per-AMF bucket series:
 * bucket size, percentiles, the calm-start baseline, symptom flags, the first sustained run and
 * the AMF's first overload control around it. */
#include "amfol_symptoms_internal.h"
#include "../core/amfol_context.h"

#include <math.h>
#include <string.h>

/* The smallest of these that covers the capture in at most 120 buckets; never below 5 s, so
 * that a bucket holds enough requests for a p95 even at a few requests per second. */
double amfol_sym_bucket_size(double span_s)
{
    static const double sizes[] = { 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600 };
    for (size_t i = 0; i < G_N_ELEMENTS(sizes); i++)
        if (span_s / sizes[i] <= 120)
            return sizes[i];
    return 3600;
}

static gint cmp_float(gconstpointer a, gconstpointer b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* Nearest rank: the smallest value with at least q of the values at or below it. */
double sym_percentile(GArray *sorted, double q)
{
    if (!sorted || sorted->len == 0)
        return -1;
    size_t rank = (size_t)ceil(q * sorted->len);
    if (rank < 1)
        rank = 1;
    return g_array_index(sorted, float, rank - 1);
}


int sym_sample_owner(const amfol_symptoms *s, const sym_sample *x)
{
    const sym_sample *first = (const sym_sample *)(void *)s->samples->data;
    if (s->owners && x >= first && x < first + s->owners->len)
        return g_array_index(s->owners, int, x - first);
    return x->owner != SYM_NO_OWNER ? x->owner : -1;
}

void sym_series_clear(amfol_symptoms *s)
{
    if (s->bucket_arrays)
        g_ptr_array_free(s->bucket_arrays, TRUE);
    if (s->series)
        g_array_free(s->series, TRUE);
    if (s->owners)
        g_array_free(s->owners, TRUE);
    s->owners = NULL;
    s->bucket_arrays = NULL;
    s->series = NULL;
}

static bool is_sbi(int series)
{
    return series >= AMFOL_SYM_FIRST_SBI;
}

/* Per series: threshold a bucket's p95 must reach (0: cannot be judged, no baseline). */
static void thresholds(const amfol_config *cfg, const amfol_symptom_series *ser, double thr[AMFOL_SYM_SERIES])
{
    for (int k = 0; k < AMFOL_SYM_SERIES; k++) {
        const amfol_sym_baseline *b = &ser->baseline[k];
        thr[k] = 0;
        if (b->source == AMFOL_BASELINE_NONE)
            continue;
        double factor = is_sbi(k) ? cfg->symptom_sbi_factor : cfg->symptom_latency_factor;
        double floor_s = (is_sbi(k) ? cfg->symptom_sbi_min_ms : cfg->symptom_latency_min_ms) / 1000.0;
        thr[k] = MAX(factor * b->p95_s, floor_s);
        if (thr[k] <= 0)
            thr[k] = 1e-9;
    }
}

/* The span of the AMF's requests (of its SBI exchanges when it has no N2 requests). */
static bool traffic_span(const amfol_symptoms *s, int amf, bool sbi, amfol_time *first, amfol_time *last)
{
    bool any = false;
    for (guint i = 0; i < s->samples->len; i++) {
        const sym_sample *x = &g_array_index(s->samples, sym_sample, i);
        if (is_sbi(x->series) != sbi || sym_sample_owner(s, x) != amf)
            continue;
        if (!any || x->t < *first)
            *first = x->t;
        if (!any || x->t > *last)
            *last = x->t;
        any = true;
    }
    return any;
}

/* The calm start: the first 20 % of the AMF's traffic, or its first minute (amfol.baseline). */
static void baseline(const amfol_config *cfg, const amfol_symptoms *s, int amf, amfol_symptom_series *ser)
{
    amfol_time first = 0, last = 0;
    bool any = traffic_span(s, amf, false, &first, &last) || traffic_span(s, amf, true, &first, &last);
    if (any) {
        ser->baseline_from = first;
        ser->baseline_to = cfg->baseline_mode == AMFOL_BASELINE_FIRST_MINUTE ? first + 60
                                                                              : first + 0.2 * (last - first);
    }
    GArray *v[AMFOL_SYM_SERIES];
    for (int k = 0; k < AMFOL_SYM_SERIES; k++)
        v[k] = g_array_new(FALSE, FALSE, sizeof(float));
    for (guint i = 0; any && i < s->samples->len; i++) {
        const sym_sample *x = &g_array_index(s->samples, sym_sample, i);
        if (x->latency_s >= 0 && x->t >= ser->baseline_from && x->t <= ser->baseline_to &&
            sym_sample_owner(s, x) == amf)
            g_array_append_val(v[x->series], x->latency_s);
    }
    for (int k = 0; k < AMFOL_SYM_SERIES; k++) {
        amfol_sym_baseline *b = &ser->baseline[k];
        uint32_t user_ms = is_sbi(k) ? cfg->baseline_sbi_latency_ms : cfg->baseline_latency_ms;
        b->samples = v[k]->len;
        g_array_sort(v[k], cmp_float);
        b->observed_p95_s = sym_percentile(v[k], 0.95);
        if (user_ms) {
            b->source = AMFOL_BASELINE_USER;
            b->p95_s = user_ms / 1000.0;
        } else if (v[k]->len >= MAX(cfg->symptom_min_samples, 1)) {
            b->source = AMFOL_BASELINE_MEASURED;
            b->p95_s = sym_percentile(v[k], 0.95);
        }
        g_array_free(v[k], TRUE);
    }
}

static void counts(const amfol_engine *e, const sym_amf *a, amfol_symptom_bucket *bk, size_t nb, double size)
{
    uint32_t contexts = 0;
    size_t last_b = 0;
    for (guint k = 0; k < a->slots->len; k++) {
        const sym_slot *sl = &g_array_index(a->slots, sym_slot, k);
        size_t b = MIN((size_t)(k / size), nb - 1);
        for (size_t j = last_b + 1; j < b; j++)   /* buckets without events keep the count */
            bk[j].ue_contexts = contexts;
        last_b = b;
        bk[b].ngap_rate += sl->ngap;
        bk[b].nas_rate += sl->nas;
        bk[b].initial_ue_rate += sl->initial_ue;
        bk[b].error_indications += sl->error_indications;
        bk[b].ng_setup_failures += sl->ng_setup_failures;
        bk[b].overload_releases += sl->overload_releases;
        if (sl->has_contexts)
            contexts = sl->ue_contexts;
        bk[b].ue_contexts = contexts;
    }
    for (size_t j = last_b + 1; j < nb; j++)
        bk[j].ue_contexts = contexts;
    for (size_t b = 0; b < nb; b++) {
        bk[b].start_rel_s = b * size;
        bk[b].start = e->cap.first_time + bk[b].start_rel_s;
        bk[b].duration_s = size;
        bk[b].ngap_rate /= size;
        bk[b].nas_rate /= size;
        bk[b].initial_ue_rate /= size;
    }
}

static size_t bucket_of(const amfol_engine *e, amfol_time t, double size, size_t nb)
{
    double b = floor((t - e->cap.first_time) / size);
    return b < 0 ? 0 : MIN((size_t)b, nb - 1);
}

/* Percentiles and symptom flags per bucket. */
static void latencies(const amfol_engine *e, int amf, amfol_symptom_series *ser, amfol_symptom_bucket *bk)
{
    const amfol_symptoms *s = e->symptoms;
    const amfol_config *cfg = &s->cfg;
    size_t nb = ser->n_buckets;
    GArray **v = g_new0(GArray *, nb * AMFOL_SYM_SERIES);
    for (guint i = 0; i < s->samples->len; i++) {
        const sym_sample *x = &g_array_index(s->samples, sym_sample, i);
        if (sym_sample_owner(s, x) != amf)
            continue;
        size_t b = bucket_of(e, x->t, ser->bucket_s, nb);
        if (x->series == AMFOL_SYM_INITIAL_UE) {
            bk[b].requests++;
            bk[b].unanswered += x->latency_s == -1.0f;
        }
        if (x->latency_s < 0)
            continue;
        GArray **slot = &v[b * AMFOL_SYM_SERIES + x->series];
        if (!*slot)
            *slot = g_array_new(FALSE, FALSE, sizeof(float));
        g_array_append_val(*slot, x->latency_s);
    }
    double thr[AMFOL_SYM_SERIES];
    thresholds(cfg, ser, thr);
    for (size_t b = 0; b < nb; b++) {
        for (int k = 0; k < AMFOL_SYM_SERIES; k++) {
            GArray *a = v[b * AMFOL_SYM_SERIES + k];
            amfol_sym_latency *l = &bk[b].latency[k];
            l->p50_s = l->p95_s = -1;
            if (!a)
                continue;
            g_array_sort(a, cmp_float);
            l->n = a->len;
            l->p50_s = sym_percentile(a, 0.50);
            l->p95_s = sym_percentile(a, 0.95);
            g_array_free(a, TRUE);
            if (thr[k] > 0 && l->n >= cfg->symptom_min_samples && l->p95_s >= thr[k])
                bk[b].symptoms |= is_sbi(k) ? AMFOL_SYM_SBI_SLOW : AMFOL_SYM_SLOW;
        }
        /* Only where the AMF's answers are known to be in the capture (a baseline of them):
         * a probe that sees one direction only must not make every request "unanswered". */
        if (ser->baseline[AMFOL_SYM_INITIAL_UE].source != AMFOL_BASELINE_NONE &&
            bk[b].requests >= MAX(cfg->symptom_min_samples, 1) &&
            bk[b].unanswered * 100.0 >= cfg->symptom_unanswered_pct * (double)bk[b].requests)
            bk[b].symptoms |= AMFOL_SYM_UNANSWERED;
    }
    g_free(v);
}

/* Does sample x show one of the symptoms `flags` of its bucket? */
static bool sample_shows(const sym_sample *x, unsigned flags, const double thr[AMFOL_SYM_SERIES])
{
    if (x->latency_s == -1.0f)
        return x->series == AMFOL_SYM_INITIAL_UE && (flags & AMFOL_SYM_UNANSWERED);
    if (x->latency_s < 0 || thr[x->series] <= 0 || x->latency_s < thr[x->series])
        return false;
    return (flags & (is_sbi(x->series) ? AMFOL_SYM_SBI_SLOW : AMFOL_SYM_SLOW)) != 0;
}

/* The first run of symptomatic buckets lasting at least symptom_min_s (or leaving at least
 * symptom_floor_unanswered requests unanswered); its onset frame is the
 * earliest request of the onset bucket that shows one of the bucket's symptoms. */
static void first_run(const amfol_engine *e, int amf, amfol_symptom_series *ser, const amfol_symptom_bucket *bk)
{
    const amfol_symptoms *s = e->symptoms;
    size_t nb = ser->n_buckets, run0 = 0, len = 0;
    uint64_t unanswered = 0;           /* in the run */
    bool found = false;
    for (size_t b = 0; b <= nb && !found; b++) {
        if (b < nb && bk[b].symptoms) {
            if (len++ == 0) {
                run0 = b;
                unanswered = 0;
            }
            unanswered += bk[b].unanswered;
            continue;
        }
        /* Sustained, or short and grave: the floor (amfol's policy, docs/faults.md). */
        found = len > 0 && (len * ser->bucket_s >= s->cfg.symptom_min_s ||
                            (s->cfg.symptom_floor_unanswered && unanswered >= s->cfg.symptom_floor_unanswered));
        if (!found)
            len = 0;
    }
    if (!found)
        return;
    double thr[AMFOL_SYM_SERIES];
    thresholds(&s->cfg, ser, thr);
    for (guint i = 0; i < s->samples->len; i++) {
        const sym_sample *x = &g_array_index(s->samples, sym_sample, i);
        if (sym_sample_owner(s, x) != amf || bucket_of(e, x->t, ser->bucket_s, nb) != run0 ||
            !sample_shows(x, bk[run0].symptoms, thr))
            continue;
        if (!ser->onset_frame || x->frame < ser->onset_frame) {
            ser->onset_frame = x->frame;
            ser->onset_time = x->t;
        }
    }
    ser->onset_symptoms = bk[run0].symptoms;
    ser->run_end_time = bk[run0 + len - 1].start + ser->bucket_s;
    for (size_t b = run0; b < run0 + len; b++)
        for (int k = AMFOL_SYM_INITIAL_UE; k <= AMFOL_SYM_REGISTRATION; k++) {
            const amfol_sym_baseline *base = &ser->baseline[k];
            if (base->source != AMFOL_BASELINE_NONE && base->p95_s > 0 && bk[b].latency[k].n)
                ser->peak_ratio = MAX(ser->peak_ratio, bk[b].latency[k].p95_s / base->p95_s);
        }
}

/* The control that answers the run: the first one from late_s before the onset on (controls
 * already in force count as timely). Without a run: the AMF's first control. A full control
 * table counts as "control seen" after its last entry, so that nothing is accused blindly. */
static void control(const amfol_config *cfg, const sym_amf *a, amfol_symptom_series *ser)
{
    amfol_time from = ser->onset_frame ? ser->onset_time - cfg->control_late_s : -INFINITY;
    for (int i = 0; i < a->n_controls; i++)
        if (a->controls[i].t >= from) {
            ser->control_frame = a->controls[i].frame;
            ser->control_time = a->controls[i].t;
            ser->control_kind = a->controls[i].kind;
            return;
        }
    if (a->controls_dropped && a->n_controls) {
        const sym_control *c = &a->controls[a->n_controls - 1];
        ser->control_frame = c->frame;
        ser->control_time = MAX(c->t, from);
        ser->control_kind = "overload control (table full)";
    }
}

static bool has_n2_ue_traffic(const sym_amf *a)
{
    for (guint k = 0; k < a->slots->len; k++) {
        const sym_slot *sl = &g_array_index(a->slots, sym_slot, k);
        if (sl->nas || sl->initial_ue || sl->ue_contexts)
            return true;
    }
    return false;
}

static int sole_amf(const amfol_symptoms *s)
{
    int found = -1;
    for (guint i = 0; i < s->amfs->len; i++)
        if (has_n2_ue_traffic(g_ptr_array_index(s->amfs, i))) {
            if (found >= 0)
                return -1;
            found = (int)i;
        }
    return found;
}

static bool has_ue_traffic(const amfol_symptoms *s, const sym_amf *a, int amf)
{
    if (a->n_controls || has_n2_ue_traffic(a))
        return true;
    for (guint i = 0; i < s->samples->len; i++)
        if (sym_sample_owner(s, &g_array_index(s->samples, sym_sample, i)) == amf)
            return true;
    return false;
}

void sym_series_ensure(amfol_engine *e)
{
    amfol_symptoms *s = e->symptoms;
    if (e->cap.frames && sym_close_at(s, e->cap.last_time))
        s->version++;
    if (s->series && s->computed_version == s->version && s->computed_frames == e->cap.frames)
        return;
    s->computed_version = s->version;
    s->computed_frames = e->cap.frames;
    sym_series_clear(s);
    s->series = g_array_new(FALSE, TRUE, sizeof(amfol_symptom_series));
    s->bucket_arrays = g_ptr_array_new_with_free_func(g_free);
    s->sole_amf = sole_amf(s);
    /* SBI samples: the AMF whose N2 (or profile) address the consumer used; else the only AMF. */
    int consumer_owner[SYM_MAX_CONSUMERS];
    for (int c = 0; c < s->n_consumers; c++) {
        int ai = sym_amf_by_ip(e, s->consumers[c]);
        consumer_owner[c] = ai >= 0 ? ai : s->sole_amf;
    }
    GArray *owners = g_array_sized_new(FALSE, FALSE, sizeof(int), s->samples->len);
    for (guint i = 0; i < s->samples->len; i++) {
        const sym_sample *x = &g_array_index(s->samples, sym_sample, i);
        int o = x->owner != SYM_NO_OWNER ? x->owner : consumer_owner[x->consumer];
        g_array_append_val(owners, o);
    }
    s->owners = owners;
    double span = e->cap.frames ? e->cap.last_time - e->cap.first_time : 0;
    double size = amfol_sym_bucket_size(span);
    size_t nb = (size_t)floor(span / size) + 1;
    for (guint i = 0; i < s->amfs->len; i++) {
        const sym_amf *a = g_ptr_array_index(s->amfs, i);
        if (!has_ue_traffic(s, a, (int)i))
            continue;   /* e.g. the transport name an AMF had until its NG SETUP RESPONSE */
        amfol_symptom_series ser = { .amf = a->name, .bucket_s = size, .n_buckets = nb };
        amfol_symptom_bucket *bk = g_new0(amfol_symptom_bucket, nb);
        g_ptr_array_add(s->bucket_arrays, bk);
        ser.buckets = bk;
        counts(e, a, bk, nb, size);
        baseline(&s->cfg, s, (int)i, &ser);
        latencies(e, (int)i, &ser, bk);
        first_run(e, (int)i, &ser, bk);
        control(&s->cfg, a, &ser);
        ser.open_at_end = sym_open_at_end(s, (int)i);
        g_array_append_val(s->series, ser);
    }
}

size_t amfol_symptoms_amf_count(amfol_engine *e)
{
    sym_series_ensure(e);
    return e->symptoms->series->len;
}

const amfol_symptom_series *amfol_symptoms_series(amfol_engine *e, size_t i)
{
    sym_series_ensure(e);
    GArray *a = e->symptoms->series;
    return a && i < a->len ? &g_array_index(a, amfol_symptom_series, i) : NULL;
}
