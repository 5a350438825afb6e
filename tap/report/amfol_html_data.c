/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_html_data.c: gathers the chart's model from the engine's public read side: the N2
 * timeline (episodes) and rows (gNBs), the findings, the chart recorder's series and the symptom
 * series (see amfol_html_data.h). */
#include "amfol_html_data.h"
#include "../symptoms/amfol_symptoms.h"
#include "../kpi/amfol_kpi.h"

/* Findings (in report order) that get the story of a sample UE on the page: each story is a pass
 * over the UE story log. */
#define HTML_UE_STORIES 20

#include <math.h>
#include <string.h>

static void line_free(void *p)
{
    amfol_html_line *l = p;
    g_free(l->v);
    g_free(l->frame);
    g_free(l);
}

static void amf_free(void *p)
{
    amfol_html_amf *a = p;
    g_array_free(a->episodes, TRUE);
    g_array_free(a->marks, TRUE);
    g_ptr_array_free(a->gnbs, TRUE);
    g_array_free(a->asked, TRUE);
    g_ptr_array_free(a->lines, TRUE);
    for (guint i = 0; i < a->findings->len; i++)
        g_free(g_array_index(a->findings, amfol_html_finding, i).ue_story);
    g_array_free(a->findings, TRUE);
    if (a->symptoms) {
        g_array_free(a->symptoms->buckets, TRUE);
        g_free(a->symptoms);
    }
    g_free(a->kpi);
    g_free(a);
}

void amfol_html_model_free(amfol_html_model *m)
{
    if (!m)
        return;
    g_ptr_array_free(m->amfs, TRUE);
    g_ptr_array_free(m->all_lines, TRUE);
    g_free(m->capture_name);
    g_free(m);
}

static bool same(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* The section of an AMF name (NULL: the section of what is tied to no AMF); created on demand. */
static amfol_html_amf *section(amfol_html_model *m, const char *name, bool create)
{
    for (guint i = 0; i < m->amfs->len; i++) {
        amfol_html_amf *a = g_ptr_array_index(m->amfs, i);
        if (same(a->name, name))
            return a;
    }
    if (!create)
        return NULL;
    amfol_html_amf *a = g_new0(amfol_html_amf, 1);
    a->name = name;
    a->episodes = g_array_new(FALSE, TRUE, sizeof(amfol_html_episode));
    a->marks = g_array_new(FALSE, TRUE, sizeof(amfol_chart_mark));
    a->gnbs = g_ptr_array_new();
    a->asked = g_array_new(FALSE, TRUE, sizeof(amfol_html_asked));
    a->lines = g_ptr_array_new();
    a->findings = g_array_new(FALSE, TRUE, sizeof(amfol_html_finding));
    g_ptr_array_add(m->amfs, a);
    return a;
}

static void add_gnb(amfol_html_amf *a, const char *gnb)
{
    for (guint i = 0; i < a->gnbs->len; i++)
        if (strcmp(g_ptr_array_index(a->gnbs, i), gnb) == 0)
            return;
    g_ptr_array_add(a->gnbs, (void *)gnb);
}

/* ---- display buckets ------------------------------------------------------------------------- */

double amfol_html_bucket_s(double recorded_s, double span_s)
{
    static const double nice[] = { 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 900, 1200,
                                   1800, 3600, 7200, 10800, 21600, 43200, 86400 };
    double w = recorded_s;
    for (size_t i = 0; i < G_N_ELEMENTS(nice); i++) {
        double ratio = nice[i] / recorded_s;
        if (ratio < 1 - 1e-9 || fabs(ratio - round(ratio)) > 1e-6)
            continue;
        w = nice[i];
        if (span_s / nice[i] <= AMFOL_HTML_MAX_BUCKETS + 1e-9)
            break;
    }
    return w;
}

static void pick_buckets(amfol_html_model *m, const amfol_chart_rec *r)
{
    double span = amfol_chart_rec_buckets(r) * amfol_chart_rec_width(r);
    m->bucket_s = amfol_html_bucket_s(amfol_chart_rec_width(r), span);
    m->origin = amfol_chart_rec_origin(r);
    m->nb = (unsigned)ceil(span / m->bucket_s - 1e-9);
    if (m->nb == 0)
        m->nb = 1;
    if (m->nb > AMFOL_HTML_MAX_BUCKETS)
        m->nb = AMFOL_HTML_MAX_BUCKETS;
}

static amfol_html_line *line_from(amfol_html_model *m, const amfol_chart_rec *r, const amfol_chart_series *s)
{
    amfol_html_line *l = g_new0(amfol_html_line, 1);
    l->kind = s->kind;
    l->owner = s->owner;
    l->name = s->name;
    l->total = s->total;
    l->v = g_new0(uint32_t, m->nb);
    l->frame = g_new0(amfol_frame, m->nb);
    unsigned ratio = (unsigned)llround(m->bucket_s / amfol_chart_rec_width(r));
    if (ratio == 0)
        ratio = 1;
    unsigned used = amfol_chart_rec_buckets(r);
    for (unsigned k = 0; k < used; k++) {
        unsigned j = MIN(k / ratio, m->nb - 1);
        const amfol_chart_bucket *b = &s->b[k];
        if (!b->value)
            continue;
        if (s->kind == AMFOL_CK_NRF_LOAD) {
            l->v[j] = b->value;          /* the last report in the display bucket */
            l->frame[j] = b->frame;
        } else {
            l->v[j] += b->value;
            if (!l->frame[j] || (b->frame && b->frame < l->frame[j]))
                l->frame[j] = b->frame;
        }
    }
    for (unsigned j = 0; j < m->nb; j++)
        l->max = MAX(l->max, l->v[j]);
    g_ptr_array_add(m->all_lines, l);
    return l;
}

GPtrArray *amfol_html_lines(const amfol_html_amf *a, int kind, const char *owner)
{
    GPtrArray *out = g_ptr_array_new();
    for (guint i = 0; i < a->lines->len; i++) {
        amfol_html_line *l = g_ptr_array_index(a->lines, i);
        if (l->kind == kind && (!owner || strcmp(l->owner, owner) == 0))
            g_ptr_array_add(out, l);
    }
    return out;
}

/* ---- episodes: the N2 timeline, and per gNB the N2 rows ------------------------------------ */

/* One band per AMF-wide episode of the N2 timeline (amfol_n2_episode_get): first START to the
 * STOP that ended it, or to the end of the capture while in force. */
static void add_episodes(amfol_html_model *m, const amfol_n2 *n2)
{
    amfol_n2_episode_view v;
    for (size_t i = 0; amfol_n2_episode_get(n2, i, &v); i++) {
        amfol_html_amf *a = section(m, v.amf, true);
        amfol_html_episode ep = {
            .number = v.number, .t0 = v.start_time, .t1 = v.stop_frame ? v.stop_time : m->last_time,
            .open = v.stop_frame == 0, .start_frame = v.start_frame, .stop_frame = v.stop_frame,
            .action = AMFOL_ABSENT, .reduction_pct = AMFOL_ABSENT, .level = AMFOL_LEVEL_NORMAL,
        };
        g_array_append_val(a->episodes, ep);
    }
}

typedef struct rows_ctx {
    amfol_html_model *m;
    const amfol_chart_rec *r;
    const amfol_config *cfg;
} rows_ctx;

/* A gNB's part of an episode: its START's action and level, and the pass-through it was asked. */
static void on_row(const amfol_n2_row *row, void *user)
{
    rows_ctx *c = user;
    amfol_html_amf *a = section(c->m, row->amf, true);
    add_gnb(a, row->gnb);
    amfol_time t0 = amfol_chart_rec_frame_time(c->r, row->start_frame);
    amfol_time t1 = t0 + row->duration_s;
    for (guint i = 0; i < a->episodes->len; i++) {
        amfol_html_episode *ep = &g_array_index(a->episodes, amfol_html_episode, i);
        if (ep->number != row->episode)
            continue;
        if (row->start_frame == ep->start_frame) {   /* the START that opened the episode */
            ep->action = row->action;
            ep->reduction_pct = row->reduction_pct;
        }
        if (!row->slice_only)
            ep->level = MAX(ep->level, (int)amfol_level_for_action(row->action));
        ep->gnbs++;
    }

    /* The pass-through asked: the shed-class rate of the baseline window times the fraction the
     * START lets through (the same baseline and fraction the N2 rules judge with). */
    amfol_html_asked ask = { .gnb = row->gnb, .episode = row->episode, .t0 = t0, .t1 = t1,
                             .per_bucket = -1, .expected_pct = row->expected_pass * 100.0,
                             .start_frame = row->start_frame };
    double span = MIN((double)c->cfg->baseline_s, t0 - c->m->first_time);
    if (row->observed_pass >= 0 && span > 0)
        ask.per_bucket = row->shed_before / span * c->m->bucket_s * row->expected_pass;
    g_array_append_val(a->asked, ask);
}

static bool is_rrc(int kind)
{
    return kind == AMFOL_CK_RRC_REQ || kind == AMFOL_CK_RRC_SETUP || kind == AMFOL_CK_RRC_REJECT;
}

/* Radio messages seen before their F1 CU was tied to a gNB carry the CU's address as the gNB:
 * count them with the same cell of the named gNB when there is one. */
static bool merge_cell(amfol_html_model *m, const amfol_chart_rec *r, const amfol_chart_series *s)
{
    for (size_t i = 0; i < amfol_chart_rec_series_count(r); i++) {
        const amfol_chart_series *o = amfol_chart_rec_series(r, i);
        if (o == s || o->kind != s->kind || strcmp(o->name, s->name) != 0 || strcmp(o->owner, s->owner) == 0)
            continue;
        for (guint k = 0; k < m->all_lines->len; k++) {
            amfol_html_line *l = g_ptr_array_index(m->all_lines, k);
            if (l->kind != s->kind || strcmp(l->owner, o->owner) != 0 || strcmp(l->name, s->name) != 0)
                continue;
            amfol_html_line *extra = line_from(m, r, s);    /* kept in all_lines, freed with the model */
            for (unsigned j = 0; j < m->nb; j++) {
                l->v[j] += extra->v[j];
                if (extra->frame[j] && (!l->frame[j] || extra->frame[j] < l->frame[j]))
                    l->frame[j] = extra->frame[j];
                l->max = MAX(l->max, l->v[j]);
            }
            l->total += extra->total;
            return true;
        }
    }
    return false;
}

/* ---- symptoms: the AMF's response time and unanswered share per symptom bucket -------------- */

/* Copies, because the series stay valid only until the engine is fed again. */
static void add_symptoms(amfol_html_model *m, amfol_engine *e)
{
    for (size_t i = 0; i < amfol_symptoms_amf_count(e); i++) {
        const amfol_symptom_series *ser = amfol_symptoms_series(e, i);
        if (!ser || !ser->n_buckets)
            continue;
        amfol_html_symptoms *hs = g_new0(amfol_html_symptoms, 1);
        hs->amf = ser->amf;
        hs->bucket_s = ser->bucket_s;
        const amfol_sym_baseline *b = &ser->baseline[AMFOL_SYM_INITIAL_UE];
        hs->baseline_p95_s = b->source != AMFOL_BASELINE_NONE ? b->p95_s : -1;
        hs->onset_frame = ser->onset_frame;
        hs->onset_time = ser->onset_time;
        hs->onset_symptoms = ser->onset_symptoms;
        hs->buckets = g_array_sized_new(FALSE, TRUE, sizeof(amfol_html_sym_bucket), (guint)ser->n_buckets);
        for (size_t k = 0; k < ser->n_buckets; k++) {
            const amfol_symptom_bucket *sb = &ser->buckets[k];
            const amfol_sym_latency *lat = &sb->latency[AMFOL_SYM_INITIAL_UE];
            amfol_html_sym_bucket hb = { .start = sb->start, .duration_s = sb->duration_s,
                                         .p95_s = lat->n ? lat->p95_s : -1, .n = lat->n,
                                         .requests = sb->requests, .unanswered = sb->unanswered,
                                         .symptoms = sb->symptoms };
            g_array_append_val(hs->buckets, hb);
        }
        amfol_html_amf *a = section(m, ser->amf, true);
        if (a->symptoms) {                   /* one series per AMF name; keep the first */
            g_array_free(hs->buckets, TRUE);
            g_free(hs);
            continue;
        }
        a->symptoms = hs;
    }
}

/* ---- KPIs: the registration success rate and the delayed UEs per bucket (tap/kpi) ---------- */

static void add_kpi(amfol_html_model *m, amfol_engine *e)
{
    for (size_t i = 0; i < amfol_kpi_amf_count(e); i++) {
        const char *name = amfol_kpi_amf_name(e, i);
        size_t n;
        amfol_kpi_point *pts = amfol_kpi_points(e, name, &n);
        uint32_t req = 0;
        for (size_t k = 0; k < n; k++)
            req += pts[k].reg_requests;
        amfol_html_amf *a = req ? section(m, name, true) : NULL;
        if (!a || a->kpi) {                  /* no registration, or the AMF's lane already made */
            g_free(pts);
            continue;
        }
        a->kpi = pts;
        a->n_kpi = n;
    }
}

/* ---- the model ------------------------------------------------------------------------------ */

/* Which section a recorded series belongs to. */
static amfol_html_amf *section_of(amfol_html_model *m, const amfol_chart_series *s, GHashTable *gnb_amf)
{
    switch (s->kind) {
    case AMFOL_CK_IUM_ALL:
    case AMFOL_CK_IUM_SHED:
    case AMFOL_CK_RRC_REQ:
    case AMFOL_CK_RRC_SETUP:
    case AMFOL_CK_RRC_REJECT: {
        const char *amf = g_hash_table_lookup(gnb_amf, s->owner);
        if (!amf)
            amf = s->amf;
        return section(m, amf, true);
    }
    case AMFOL_CK_NAS_CONGESTION:
    case AMFOL_CK_NAS_EARLY:
        return section(m, s->owner, true);
    default: {                           /* SBI: the AMF the NF was tied to, by name */
        amfol_html_amf *a = section(m, s->owner, false);
        return a ? a : section(m, NULL, true);
    }
    }
}

amfol_html_model *amfol_html_model_new(amfol_engine *e, const char *capture_name)
{
    const amfol_findings *fs = amfol_engine_finish(e);
    const amfol_capture_info *cap = amfol_engine_capture(e);
    const amfol_chart_rec *r = amfol_engine_chart(e);
    amfol_html_model *m = g_new0(amfol_html_model, 1);
    m->capture_name = g_strdup(capture_name && *capture_name ? capture_name : "capture");
    m->frames = cap->frames;
    m->first_time = cap->first_time;
    m->last_time = cap->last_time;
    m->ngap_pdus = amfol_n2_pdu_count(amfol_engine_n2(e));
    m->amfs = g_ptr_array_new_with_free_func(amf_free);
    m->all_lines = g_ptr_array_new_with_free_func(line_free);
    m->dropped = amfol_chart_rec_dropped(r);
    m->findings_dropped = amfol_findings_dropped(fs);
    pick_buckets(m, r);

    /* Episodes (N2 timeline), then gNBs and the pass-through asked (N2 rows). */
    add_episodes(m, amfol_engine_n2(e));
    rows_ctx rc = { m, r, amfol_engine_config(e) };
    amfol_n2_rows(e, on_row, &rc);
    /* START/STOP marks per gNB. */
    for (size_t i = 0; i < amfol_chart_rec_mark_count(r); i++) {
        const amfol_chart_mark *mk = amfol_chart_rec_mark(r, i);
        amfol_html_amf *a = section(m, mk->amf, true);
        add_gnb(a, mk->gnb);
        g_array_append_val(a->marks, *mk);
    }
    /* Series: a gNB's lines go to the AMF it is in overload with, else the AMF it talks to. */
    GHashTable *gnb_amf = g_hash_table_new(g_str_hash, g_str_equal);
    for (guint i = 0; i < m->amfs->len; i++) {
        amfol_html_amf *a = g_ptr_array_index(m->amfs, i);
        for (guint j = 0; j < a->gnbs->len; j++)
            g_hash_table_insert(gnb_amf, g_ptr_array_index(a->gnbs, j), (void *)a->name);
    }
    for (size_t i = 0; i < amfol_chart_rec_series_count(r); i++) {
        const amfol_chart_series *s = amfol_chart_rec_series(r, i);
        if (s->kind == AMFOL_CK_IUM_ALL && s->amf && !g_hash_table_contains(gnb_amf, s->owner))
            g_hash_table_insert(gnb_amf, s->owner, s->amf);
    }
    /* Three passes: the series of known gNBs and AMFs; radio series of a not yet named gNB,
     * merged into the same cell of a named one when there is one; SBI series, which join an
     * AMF section by name. */
    for (int pass = 0; pass < 3; pass++) {
        for (size_t i = 0; i < amfol_chart_rec_series_count(r); i++) {
            const amfol_chart_series *s = amfol_chart_rec_series(r, i);
            bool orphan = is_rrc(s->kind) && !g_hash_table_contains(gnb_amf, s->owner);
            int want = s->kind >= AMFOL_CK_NRF_LOAD ? 2 : orphan ? 1 : 0;
            if (want != pass || (orphan && merge_cell(m, r, s)))
                continue;
            amfol_html_amf *a = section_of(m, s, gnb_amf);
            if (s->kind == AMFOL_CK_IUM_ALL)
                add_gnb(a, s->owner);
            g_ptr_array_add(a->lines, line_from(m, r, s));
        }
    }
    g_hash_table_destroy(gnb_amf);
    for (size_t i = 0; i < amfol_chart_rec_t3346_count(r); i++) {
        const amfol_chart_t3346 *h = amfol_chart_rec_t3346(r, i);
        section(m, h->amf, true)->t3346 = h;
    }
    /* Findings: in their AMF's section, else in the section of what is tied to no AMF. */
    for (size_t i = 0; i < amfol_findings_count(fs); i++) {
        const amfol_finding *f = amfol_findings_get(fs, i);
        amfol_html_amf *a = f->amf ? section(m, f->amf, false) : NULL;
        if (!a)
            a = section(m, NULL, true);
        amfol_html_finding hf = { f, amfol_chart_rec_frame_time(r, f->first_frame), NULL };
        if (i < HTML_UE_STORIES) {
            GString *story = g_string_new(NULL);
            amfol_ue_html_story(e, f, story);
            hf.ue_story = story->len ? g_string_free(story, FALSE) : (g_string_free(story, TRUE), NULL);
        }
        g_array_append_val(a->findings, hf);
    }
    add_symptoms(m, e);
    add_kpi(m, e);
    /* The section of untied things goes last. */
    amfol_html_amf *untied = section(m, NULL, false);
    guint ix;
    if (untied && g_ptr_array_find(m->amfs, untied, &ix))
        g_ptr_array_add(m->amfs, g_ptr_array_steal_index(m->amfs, ix));
    return m;
}
