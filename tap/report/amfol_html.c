/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_html.c: writes the overload timeline page from the chart model (amfol_html_data.h).
 *
 * Each AMF section is one SVG: a header row with the episode labels, then a stack of bands on
 * the shared time axis (the `bands` table below: add a band by adding a function there), then
 * the axis. Episode bands are drawn behind every band once the height is known. Every mark has
 * an SVG <title> (the browser's tooltip) naming its frames. Elements the tests count carry a
 * class and data-* attributes: g.episode, g.finding, g.mark, g.symptoms (rect.sym-bucket,
 * g.sym-onset). */
#include "amfol_html.h"
#include "amfol_html_data.h"
#include "amfol_report.h"
#include "../symptoms/amfol_symptoms.h"   /* enum amfol_sym_flag */

#include <math.h>
#include <string.h>

#define PAGE_W 1100.0
#define PLOT_L 190.0                 /* left edge of the plot (labels to its left) */
#define PLOT_R (PAGE_W - 20.0)
#define HEAD_H 40.0                  /* episode labels */
#define SUB_H 56.0                   /* one small chart (a gNB, a cell, ...) */
#define GAP 8.0

typedef struct page {
    const amfol_html_model *m;
    GString *out;                    /* the page */
    GString *svg;                    /* the bands of the section being drawn */
} page;

static double x_of(const page *p, amfol_time t)
{
    double span = p->m->nb * p->m->bucket_s;
    double f = span > 0 ? (t - p->m->origin) / span : 0;
    f = CLAMP(f, 0.0, 1.0);
    return PLOT_L + f * (PLOT_R - PLOT_L);
}

static double x_of_bucket(const page *p, unsigned j)
{
    return x_of(p, p->m->origin + (j + 0.5) * p->m->bucket_s);
}

static void esc(GString *s, const char *text)
{
    char *e = g_markup_escape_text(text ? text : "", -1);
    g_string_append(s, e);
    g_free(e);
}

/* "+12.5 s", "+3:20", "+2:05:00" from the axis origin. */
static void rel_time(char *buf, size_t cap, double off)
{
    if (off < 0)
        off = 0;
    if (off < 120)
        g_snprintf(buf, cap, "+%.3g s", off);
    else if (off < 7200)
        g_snprintf(buf, cap, "+%d:%02d", (int)off / 60, (int)off % 60);
    else
        g_snprintf(buf, cap, "+%d:%02d:%02d", (int)off / 3600, (int)off / 60 % 60, (int)off % 60);
}

static void abs_time(char *buf, size_t cap, amfol_time t)
{
    GDateTime *dt = g_date_time_new_from_unix_utc((gint64)floor(t));
    if (!dt) {
        g_snprintf(buf, cap, "%.3f", t);
        return;
    }
    char *s = g_date_time_format(dt, "%Y-%m-%d %H:%M:%S");
    g_snprintf(buf, cap, "%s.%03d UTC", s, (int)((t - floor(t)) * 1000));
    g_free(s);
    g_date_time_unref(dt);
}

static void bucket_words(char *buf, size_t cap, double w)
{
    if (w < 60)
        g_snprintf(buf, cap, "%g s", w);
    else if (w < 3600)
        g_snprintf(buf, cap, "%g min", w / 60);
    else
        g_snprintf(buf, cap, "%g h", w / 3600);
}

/* ---- small drawing helpers ---------------------------------------------------------------- */

static void label(page *p, double y, const char *cls, const char *text)
{
    g_string_append_printf(p->svg, "<text class=\"%s\" x=\"%.0f\" y=\"%.1f\">", cls, PLOT_L - 6, y);
    esc(p->svg, text);
    g_string_append(p->svg, "</text>\n");
}

static void frame_box(page *p, double y, double h)
{
    g_string_append_printf(p->svg, "<rect class=\"box\" x=\"%.0f\" y=\"%.1f\" width=\"%.0f\" height=\"%.1f\"/>\n",
                           PLOT_L, y, PLOT_R - PLOT_L, h);
}

/* A polyline of a counted series scaled to [0, max] inside (y, y + h). */
static void polyline(page *p, const amfol_html_line *l, const char *cls, double y, double h, double max,
                     const char *what)
{
    if (!l || max <= 0)
        return;
    g_string_append_printf(p->svg, "<polyline class=\"%s\" points=\"", cls);
    for (unsigned j = 0; j < p->m->nb; j++)
        g_string_append_printf(p->svg, "%.1f,%.1f ", x_of_bucket(p, j), y + h - h * l->v[j] / max);
    g_string_append_printf(p->svg, "\"><title>%s: %" G_GUINT64_FORMAT " in all, at most %u per bucket</title></polyline>\n",
                           what, l->total, l->max);
}

/* Transparent columns, one per non-empty bucket, whose tooltip gives the bucket's counts of up
 * to three series and the first frame counted. */
static void hover_columns(page *p, double y, double h, const amfol_html_line *const *l, const char *const *what, int n)
{
    double bw = (PLOT_R - PLOT_L) / p->m->nb;
    for (unsigned j = 0; j < p->m->nb; j++) {
        amfol_frame first = 0;
        bool any = false;
        for (int k = 0; k < n; k++) {
            if (l[k] && l[k]->v[j]) {
                any = true;
                if (!first || (l[k]->frame[j] && l[k]->frame[j] < first))
                    first = l[k]->frame[j];
            }
        }
        if (!any)
            continue;
        char t0[32], t1[32];
        rel_time(t0, sizeof t0, j * p->m->bucket_s);
        rel_time(t1, sizeof t1, (j + 1) * p->m->bucket_s);
        g_string_append_printf(p->svg, "<rect class=\"hover\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\">"
                               "<title>%s to %s:", PLOT_L + j * bw, y, bw, h, t0, t1);
        for (int k = 0; k < n; k++)
            if (l[k])
                g_string_append_printf(p->svg, " %u %s%s", l[k]->v[j], what[k], k + 1 < n ? "," : "");
        g_string_append_printf(p->svg, " (first frame %u)</title></rect>\n", first);
    }
}

static uint32_t max_of(GPtrArray *lines)
{
    uint32_t mx = 0;
    for (guint i = 0; i < lines->len; i++)
        mx = MAX(mx, ((amfol_html_line *)g_ptr_array_index(lines, i))->max);
    return mx;
}

static amfol_html_line *first_line(GPtrArray *lines)
{
    return lines->len ? g_ptr_array_index(lines, 0) : NULL;
}

static void scale_note(page *p, double y, uint32_t max)
{
    char bw[32];
    bucket_words(bw, sizeof bw, p->m->bucket_s);
    g_string_append_printf(p->svg, "<text class=\"scale\" x=\"%.0f\" y=\"%.1f\">max %u / %s</text>\n",
                           PLOT_L - 6, y, max, bw);
}

/* ---- bands ---------------------------------------------------------------------------------- */

/* OVERLOAD START / STOP per gNB: one lane per gNB. */
static double band_marks(page *p, const amfol_html_amf *a, double y)
{
    if (!a->marks->len)
        return y;
    double lane = 18;
    for (guint g = 0; g < a->gnbs->len; g++) {
        const char *gnb = g_ptr_array_index(a->gnbs, g);
        double cy = y + g * lane + lane / 2;
        char text[96];
        g_snprintf(text, sizeof text, "%s START/STOP", gnb);
        label(p, cy + 4, "lbl", text);
        g_string_append_printf(p->svg, "<line class=\"lane\" x1=\"%.0f\" x2=\"%.0f\" y1=\"%.1f\" y2=\"%.1f\"/>\n",
                               PLOT_L, PLOT_R, cy, cy);
        for (guint i = 0; i < a->marks->len; i++) {
            const amfol_chart_mark *mk = &g_array_index(a->marks, amfol_chart_mark, i);
            if (strcmp(mk->gnb, gnb) != 0)
                continue;
            double x = x_of(p, mk->time);
            g_string_append_printf(p->svg, "<g class=\"mark %s\" data-frame=\"%u\" data-episode=\"%d\" data-gnb=\"",
                                   mk->is_stop ? "stop" : "start", mk->frame, mk->episode);
            esc(p->svg, gnb);
            g_string_append(p->svg, "\"><title>");
            esc(p->svg, gnb);
            if (mk->is_stop) {
                if (mk->episode > 0)
                    g_string_append_printf(p->svg, ": OVERLOAD STOP, frame %u (episode %d)</title>", mk->frame,
                                           mk->episode);
                else
                    g_string_append_printf(p->svg, ": OVERLOAD STOP without a START in force, frame %u</title>",
                                           mk->frame);
                g_string_append_printf(p->svg, "<path d=\"M%.1f %.1fl-5 -8h10z\"/></g>\n", x, cy + 5);
            } else {
                g_string_append_printf(p->svg, ": OVERLOAD START, frame %u: %s", mk->frame,
                                       amfol_action_name(mk->action));
                if (mk->reduction_pct != AMFOL_ABSENT)
                    g_string_append_printf(p->svg, ", reduce by %d %%", mk->reduction_pct);
                g_string_append_printf(p->svg, " (episode %d%s)</title>", mk->episode,
                                       mk->replaced ? ", replaces the START in force" : "");
                g_string_append_printf(p->svg, "<path d=\"M%.1f %.1fl-5 8h10z\"/></g>\n", x, cy - 5);
            }
        }
    }
    return y + a->gnbs->len * lane + GAP;
}

/* Per gNB: every INITIAL UE MESSAGE, those of the shed class, and the pass-through asked. */
static double band_ium(page *p, const amfol_html_amf *a, double y)
{
    for (guint g = 0; g < a->gnbs->len; g++) {
        const char *gnb = g_ptr_array_index(a->gnbs, g);
        GPtrArray *all = amfol_html_lines(a, AMFOL_CK_IUM_ALL, gnb);
        GPtrArray *shed = amfol_html_lines(a, AMFOL_CK_IUM_SHED, gnb);
        double max = max_of(all);
        for (guint i = 0; i < a->asked->len; i++) {
            const amfol_html_asked *k = &g_array_index(a->asked, amfol_html_asked, i);
            if (strcmp(k->gnb, gnb) == 0 && k->per_bucket > max)
                max = k->per_bucket;
        }
        if (all->len && max > 0) {
            char text[96];
            g_snprintf(text, sizeof text, "%s InitialUEMessage", gnb);
            label(p, y + 14, "lbl", text);
            scale_note(p, y + 28, (uint32_t)ceil(max));
            frame_box(p, y, SUB_H);
            polyline(p, first_line(all), "s-all", y, SUB_H, max, "InitialUEMessages");
            polyline(p, first_line(shed), "s-shed", y, SUB_H, max,
                     "shed-class InitialUEMessages while in overload");
            const amfol_html_line *cols[] = { first_line(all), first_line(shed) };
            static const char *const words[] = { "InitialUEMessages", "of the shed class in overload" };
            hover_columns(p, y, SUB_H, cols, words, 2);
            for (guint i = 0; i < a->asked->len; i++) {
                const amfol_html_asked *k = &g_array_index(a->asked, amfol_html_asked, i);
                if (strcmp(k->gnb, gnb) != 0 || k->per_bucket < 0)
                    continue;
                double ly = y + SUB_H - SUB_H * k->per_bucket / max;
                g_string_append_printf(p->svg, "<line class=\"s-asked\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" "
                                       "y2=\"%.1f\"><title>pass-through asked by the START of frame %u: "
                                       "%.0f %% of the baseline shed-class rate = %.1f per bucket</title></line>\n",
                                       x_of(p, k->t0), x_of(p, k->t1), ly, ly, k->start_frame,
                                       k->expected_pct, k->per_bucket);
            }
            y += SUB_H + GAP;
        }
        g_ptr_array_free(all, TRUE);
        g_ptr_array_free(shed, TRUE);
    }
    return y;
}

/* Per cell: RRC requests, RRCSetups, RRCRejects. */
static double band_rrc(page *p, const amfol_html_amf *a, double y)
{
    GPtrArray *reqs = amfol_html_lines(a, AMFOL_CK_RRC_REQ, NULL);
    for (guint i = 0; i < reqs->len; i++) {
        const amfol_html_line *rq = g_ptr_array_index(reqs, i);
        const amfol_html_line *su = NULL, *rj = NULL;
        for (guint k = 0; k < a->lines->len; k++) {
            const amfol_html_line *l = g_ptr_array_index(a->lines, k);
            if (strcmp(l->owner, rq->owner) != 0 || strcmp(l->name, rq->name) != 0)
                continue;
            if (l->kind == AMFOL_CK_RRC_SETUP)
                su = l;
            else if (l->kind == AMFOL_CK_RRC_REJECT)
                rj = l;
        }
        double max = rq->max;
        if (su)
            max = MAX(max, su->max);
        if (rj)
            max = MAX(max, rj->max);
        char text[160];
        g_snprintf(text, sizeof text, "cell %s", rq->name);
        label(p, y + 14, "lbl", text);
        g_snprintf(text, sizeof text, "(%s) RRC", rq->owner);
        label(p, y + 28, "scale", text);
        scale_note(p, y + 42, (uint32_t)max);
        frame_box(p, y, SUB_H);
        polyline(p, rq, "s-req", y, SUB_H, max, "RRC requests");
        polyline(p, su, "s-setup", y, SUB_H, max, "RRCSetups");
        polyline(p, rj, "s-reject", y, SUB_H, max, "RRCRejects");
        const amfol_html_line *cols[] = { rq, su, rj };
        static const char *const words[] = { "requests", "RRCSetups", "RRCRejects" };
        hover_columns(p, y, SUB_H, cols, words, 3);
        y += SUB_H + GAP;
    }
    g_ptr_array_free(reqs, TRUE);
    return y;
}

/* Bars with one tooltip per non-empty bucket. */
static void bars(page *p, const amfol_html_line *l, const char *cls, double y, double h, double max,
                 const char *what, double shift)
{
    if (!l || max <= 0)
        return;
    double bw = (PLOT_R - PLOT_L) / p->m->nb;
    for (unsigned j = 0; j < p->m->nb; j++) {
        if (!l->v[j])
            continue;
        double bh = h * l->v[j] / max;
        char t[32];
        rel_time(t, sizeof t, j * p->m->bucket_s);
        g_string_append_printf(p->svg, "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\">"
                               "<title>%s %u %s, first frame %u</title></rect>\n", cls,
                               PLOT_L + j * bw + shift * bw, y + h - bh, MAX(bw / 2, 0.8), bh, t, l->v[j], what,
                               l->frame[j]);
    }
}

/* NAS congestion rejects and early retries per bucket. */
static double band_nas(page *p, const amfol_html_amf *a, double y)
{
    GPtrArray *cong = amfol_html_lines(a, AMFOL_CK_NAS_CONGESTION, NULL);
    GPtrArray *early = amfol_html_lines(a, AMFOL_CK_NAS_EARLY, NULL);
    double max = MAX(max_of(cong), max_of(early));
    if (max > 0) {
        label(p, y + 14, "lbl", "NAS congestion rejects");
        label(p, y + 28, "lbl", "and early retries");
        scale_note(p, y + 42, (uint32_t)max);
        frame_box(p, y, SUB_H);
        bars(p, first_line(cong), "b-cong", y, SUB_H, max, "congestion rejects (5GMM #22 etc.)", 0);
        bars(p, first_line(early), "b-early", y, SUB_H, max, "attempts inside a running back-off", 0.5);
        y += SUB_H + GAP;
    }
    g_ptr_array_free(cong, TRUE);
    g_ptr_array_free(early, TRUE);
    return y;
}

static void sbi_marks(page *p, const amfol_html_line *l, const char *cls, const char *what, double y)
{
    if (!l)
        return;
    for (unsigned j = 0; j < p->m->nb; j++) {
        if (!l->v[j])
            continue;
        char t[32];
        rel_time(t, sizeof t, j * p->m->bucket_s);
        double x = x_of_bucket(p, j);
        g_string_append_printf(p->svg, "<g class=\"%s\"><title>%s %u × %s, first frame %u</title>"
                               "<path d=\"M%.1f %.1fl4 4l-4 4l-4 -4z\"/></g>\n", cls, t, l->v[j], what,
                               l->frame[j], x, y);
    }
}

/* NRF load series per NF of this section, with SBI 503 / 429 / OCI marks below it. */
static double band_nrf(page *p, const amfol_html_amf *a, double y)
{
    GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);
    for (guint i = 0; i < a->lines->len; i++) {
        const amfol_html_line *l = g_ptr_array_index(a->lines, i);
        if (l->kind < AMFOL_CK_NRF_LOAD || g_hash_table_contains(seen, l->owner))
            continue;
        g_hash_table_add(seen, (void *)l->owner);
        const amfol_html_line *load = NULL, *s503 = NULL, *s429 = NULL, *oci = NULL;
        for (guint k = 0; k < a->lines->len; k++) {
            const amfol_html_line *o = g_ptr_array_index(a->lines, k);
            if (strcmp(o->owner, l->owner) != 0)
                continue;
            if (o->kind == AMFOL_CK_NRF_LOAD)
                load = o;
            else if (o->kind == AMFOL_CK_SBI_503)
                s503 = o;
            else if (o->kind == AMFOL_CK_SBI_429)
                s429 = o;
            else if (o->kind == AMFOL_CK_SBI_OCI)
                oci = o;
        }
        char text[128];
        g_snprintf(text, sizeof text, "%s load (NRF)", *l->owner ? l->owner : "SBI, NF unknown");
        label(p, y + 14, "lbl", text);
        label(p, y + 28, "scale", "0-100 %; 503 429 OCI below");
        frame_box(p, y, SUB_H);
        if (load) {
            GString *pts = g_string_new(NULL);
            for (unsigned j = 0; j < p->m->nb; j++) {
                if (!load->v[j])
                    continue;
                double cy = y + SUB_H - SUB_H * (load->v[j] - 1) / 100.0;
                g_string_append_printf(pts, "%.1f,%.1f ", x_of_bucket(p, j), cy);
                g_string_append_printf(p->svg, "<circle class=\"s-load\" cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\">"
                                       "<title>load %u %% reported, frame %u</title></circle>\n",
                                       x_of_bucket(p, j), cy, load->v[j] - 1, load->frame[j]);
            }
            g_string_append_printf(p->svg, "<polyline class=\"s-load\" points=\"%s\"/>\n", pts->str);
            g_string_free(pts, TRUE);
        }
        double my = y + SUB_H + 2;
        sbi_marks(p, s503, "m-503", "HTTP 503", my);
        sbi_marks(p, s429, "m-429", "HTTP 429", my + 9);
        sbi_marks(p, oci, "m-oci", "3gpp-Sbi-Oci", my + 18);
        y += SUB_H + 30 + GAP;
    }
    g_hash_table_destroy(seen);
    return y;
}

/* Every finding: a marker at its first frame, labelled with the rule and that frame. Labels go
 * on the first row where they do not overlap the previous label (at most FINDING_ROWS rows). */
#define FINDING_ROWS 12
static double band_findings(page *p, const amfol_html_amf *a, double y)
{
    if (!a->findings->len)
        return y;
    double row_h = 16, row_end[FINDING_ROWS];
    unsigned rows = 1;
    for (unsigned k = 0; k < FINDING_ROWS; k++)
        row_end[k] = -1e9;
    GString *marks = g_string_new(NULL);
    for (guint i = 0; i < a->findings->len; i++) {
        const amfol_html_finding *hf = &g_array_index(a->findings, amfol_html_finding, i);
        const amfol_finding *f = hf->f;
        double x = x_of(p, hf->t);
        char text[96];
        g_snprintf(text, sizeof text, "%s #%u", f->rule, f->first_frame);
        double w = 14 + 5.6 * strlen(text);
        unsigned row = 0;
        while (row < FINDING_ROWS - 1 && row_end[row] > x)
            row++;
        row_end[row] = x + w;
        rows = MAX(rows, row + 1);
        double cy = y + 4 + row * row_h + row_h / 2;
        bool left = x + w > PLOT_R + 16;        /* near the right edge: label to the left */
        g_string_append_printf(marks, "<g class=\"finding sev-%s\" data-rule=\"%s\" data-first-frame=\"%u\">"
                               "<title>", amfol_report_severity_name(f->severity), f->rule, f->first_frame);
        g_string_append_printf(marks, "%s (%s): ", f->rule, amfol_report_severity_name(f->severity));
        esc(marks, f->summary);
        g_string_append(marks, "\nframes:");
        for (int k = 0; k < f->n_frames; k++)
            g_string_append_printf(marks, " %u", f->frames[k]);
        if (f->count > (uint32_t)f->n_frames)
            g_string_append_printf(marks, " … (%u counted)", f->count);
        g_string_append_printf(marks, "</title><path d=\"M%.1f %.1fl5 5l-5 5l-5 -5z\"/>"
                               "<text x=\"%.1f\" y=\"%.1f\"%s>%s</text></g>\n", x, cy - 5, left ? x - 7 : x + 7,
                               cy + 4, left ? " text-anchor=\"end\"" : "", text);
    }
    label(p, y + 14, "lbl", "Findings");
    frame_box(p, y, rows * row_h + 4);
    g_string_append_len(p->svg, marks->str, marks->len);
    g_string_free(marks, TRUE);
    return y + rows * row_h + 4 + GAP;
}

/* The AMF's overload symptoms (tap/symptoms) in their own buckets: the initial-ue response time
 * p95 against its baseline (dashed), the share of unanswered requests as bars, one hover column
 * per symptom bucket and a marker at the onset of the first sustained symptom run. */
static double band_symptoms(page *p, const amfol_html_amf *a, double y)
{
    const amfol_html_symptoms *hs = a->symptoms;
    if (!hs || !hs->buckets->len)
        return y;
    double max = hs->baseline_p95_s;
    for (guint k = 0; k < hs->buckets->len; k++)
        max = MAX(max, g_array_index(hs->buckets, amfol_html_sym_bucket, k).p95_s);
    max = max > 0 ? max * 1.1 : 1;
    g_string_append(p->svg, "<g class=\"symptoms\" data-amf=\"");
    esc(p->svg, hs->amf);
    g_string_append_printf(p->svg, "\" data-buckets=\"%u\" data-onset-frame=\"%u\">\n", hs->buckets->len,
                           hs->onset_frame);
    label(p, y + 14, "lbl", "response time p95");
    label(p, y + 28, "lbl", "and unanswered share");
    g_string_append_printf(p->svg, "<text class=\"scale\" x=\"%.0f\" y=\"%.1f\">max %.0f ms</text>\n",
                           PLOT_L - 6, y + 42, max * 1000);
    frame_box(p, y, SUB_H);
    GString *pts = g_string_new(NULL);
    for (guint k = 0; k < hs->buckets->len; k++) {
        const amfol_html_sym_bucket *b = &g_array_index(hs->buckets, amfol_html_sym_bucket, k);
        double x0 = x_of(p, b->start), x1 = MAX(x_of(p, b->start + b->duration_s), x0 + 0.8);
        if (b->requests && b->unanswered) {
            double bh = SUB_H * b->unanswered / b->requests;
            g_string_append_printf(p->svg, "<rect class=\"b-unans\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                                   "height=\"%.1f\"/>\n", x0, y + SUB_H - bh, x1 - x0, bh);
        }
        if (b->p95_s >= 0)
            g_string_append_printf(pts, "%.1f,%.1f ", (x0 + x1) / 2, y + SUB_H - SUB_H * b->p95_s / max);
        char t[32];
        rel_time(t, sizeof t, b->start - p->m->origin);
        g_string_append_printf(p->svg, "<rect class=\"hover sym-bucket\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                               "height=\"%.1f\"><title>%s (%g s): ", x0, y, x1 - x0, SUB_H, t, b->duration_s);
        if (b->p95_s >= 0)
            g_string_append_printf(p->svg, "p95 %.1f ms over %u answers", b->p95_s * 1000, b->n);
        else
            g_string_append(p->svg, "no answered request");
        g_string_append_printf(p->svg, "; %u of %u requests unanswered%s%s%s%s</title></rect>\n", b->unanswered,
                               b->requests, b->symptoms ? "; symptoms:" : "",
                               b->symptoms & AMFOL_SYM_SLOW ? " slow" : "",
                               b->symptoms & AMFOL_SYM_SBI_SLOW ? " sbi-slow" : "",
                               b->symptoms & AMFOL_SYM_UNANSWERED ? " unanswered" : "");
    }
    if (pts->len)
        g_string_append_printf(p->svg, "<polyline class=\"s-p95\" points=\"%s\"/>\n", pts->str);
    g_string_free(pts, TRUE);
    if (hs->baseline_p95_s >= 0) {
        double ly = y + SUB_H - SUB_H * hs->baseline_p95_s / max;
        g_string_append_printf(p->svg, "<line class=\"s-baseline\" x1=\"%.0f\" x2=\"%.0f\" y1=\"%.1f\" "
                               "y2=\"%.1f\"><title>baseline p95 %.1f ms (calm start)</title></line>\n",
                               PLOT_L, PLOT_R, ly, ly, hs->baseline_p95_s * 1000);
    }
    if (hs->onset_frame) {
        double x = x_of(p, hs->onset_time);
        g_string_append_printf(p->svg, "<g class=\"sym-onset\" data-frame=\"%u\"><title>symptom onset, frame %u:%s%s%s"
                               "</title><path d=\"M%.1f %.1fl-5 -8h10z\"/><line x1=\"%.1f\" x2=\"%.1f\" "
                               "y1=\"%.1f\" y2=\"%.1f\"/></g>\n", hs->onset_frame, hs->onset_frame,
                               hs->onset_symptoms & AMFOL_SYM_SLOW ? " slow" : "",
                               hs->onset_symptoms & AMFOL_SYM_SBI_SLOW ? " sbi-slow" : "",
                               hs->onset_symptoms & AMFOL_SYM_UNANSWERED ? " unanswered" : "",
                               x, y, x, x, y, y + SUB_H);
    }
    g_string_append(p->svg, "</g>\n");
    return y + SUB_H + GAP;
}

/* The KPI lane (tap/kpi, docs/kpi.md): the registration success rate per KPI bucket (line, 0 to
 * 100 %) and the UEs whose registration completed in the bucket after being turned away (bars),
 * one hover column per bucket with the counts. */
static double band_kpi(page *p, const amfol_html_amf *a, double y)
{
    if (!a->kpi || !a->n_kpi)
        return y;
    uint32_t max_delayed = 0;
    for (size_t k = 0; k < a->n_kpi; k++)
        max_delayed = MAX(max_delayed, a->kpi[k].delayed_ues);
    g_string_append(p->svg, "<g class=\"kpi\" data-amf=\"");
    esc(p->svg, a->name);
    g_string_append_printf(p->svg, "\" data-buckets=\"%zu\">\n", a->n_kpi);
    label(p, y + 14, "lbl", "registration success rate");
    label(p, y + 28, "lbl", "and delayed UEs");
    g_string_append_printf(p->svg, "<text class=\"scale\" x=\"%.0f\" y=\"%.1f\">100 %%, max %u UEs</text>\n",
                           PLOT_L - 6, y + 42, max_delayed);
    frame_box(p, y, SUB_H);
    GString *pts = g_string_new(NULL);
    for (size_t k = 0; k < a->n_kpi; k++) {
        const amfol_kpi_point *b = &a->kpi[k];
        amfol_time t0 = p->m->first_time + b->start_rel_s;
        double x0 = x_of(p, t0), x1 = MAX(x_of(p, t0 + b->duration_s), x0 + 0.8);
        if (b->delayed_ues) {
            double bh = SUB_H * b->delayed_ues / max_delayed;
            g_string_append_printf(p->svg, "<rect class=\"b-delayed\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                                   "height=\"%.1f\"/>\n", x0, y + SUB_H - bh, x1 - x0, bh);
        }
        double rate = b->success_rate > 1 ? 1 : b->success_rate;
        if (b->success_rate >= 0)
            g_string_append_printf(pts, "%.1f,%.1f ", (x0 + x1) / 2, y + SUB_H - SUB_H * rate);
        char t[32];
        rel_time(t, sizeof t, t0 - p->m->origin);
        g_string_append_printf(p->svg, "<rect class=\"hover kpi-bucket\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                               "height=\"%.1f\"><title>%s (%g s): %u registration requests, %u successes",
                               x0, y, x1 - x0, SUB_H, t, b->duration_s, b->reg_requests, b->reg_successes);
        if (b->success_rate >= 0)
            g_string_append_printf(p->svg, " (%.1f %%)", 100 * b->success_rate);
        g_string_append_printf(p->svg, "; %u UEs through after being turned away</title></rect>\n", b->delayed_ues);
    }
    if (pts->len)
        g_string_append_printf(p->svg, "<polyline class=\"s-rate\" points=\"%s\"/>\n", pts->str);
    g_string_free(pts, TRUE);
    g_string_append(p->svg, "</g>\n");
    return y + SUB_H + GAP;
}

typedef double (*band_fn)(page *p, const amfol_html_amf *a, double y);

/* The bands of a section, top to bottom. A new band is one entry here. */
static const band_fn bands[] = {
    band_marks, band_ium, band_rrc, band_nas, band_nrf, band_symptoms, band_kpi, band_findings,
};

/* ---- section: episode bands, bands, axis ------------------------------------------------------ */

static void axis(page *p, double top, double y)
{
    static const double steps[] = { 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200,
                                    14400, 21600, 43200, 86400 };
    double span = p->m->nb * p->m->bucket_s;
    double step = steps[G_N_ELEMENTS(steps) - 1];
    for (size_t i = 0; i < G_N_ELEMENTS(steps); i++) {
        if (span / steps[i] <= 10) {
            step = steps[i];
            break;
        }
    }
    g_string_append_printf(p->svg, "<line class=\"axis\" x1=\"%.0f\" x2=\"%.0f\" y1=\"%.1f\" y2=\"%.1f\"/>\n",
                           PLOT_L, PLOT_R, y, y);
    for (double t = 0; t <= span + 1e-9; t += step) {
        double x = x_of(p, p->m->origin + t);
        char buf[32];
        rel_time(buf, sizeof buf, t);
        g_string_append_printf(p->svg, "<line class=\"grid\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>"
                               "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\">%s</text>\n", x, x, top, y + 4, x,
                               y + 16, buf);
    }
}

static const char *level_name(int level)
{
    return amfol_level_name((enum amfol_level)level);
}

static void episodes(page *p, const amfol_html_amf *a, double h)
{
    for (guint i = 0; i < a->episodes->len; i++) {
        const amfol_html_episode *ep = &g_array_index(a->episodes, amfol_html_episode, i);
        double x0 = x_of(p, ep->t0), x1 = MAX(x_of(p, ep->t1), x0 + 2);
        g_string_append_printf(p->out, "<g class=\"episode level-%s\" data-episode=\"%d\" data-start-frame=\"%u\" "
                               "data-stop-frame=\"%u\"><title>Episode %d: OVERLOAD START frame %u, ",
                               level_name(ep->level), ep->number, ep->start_frame, ep->open ? 0 : ep->stop_frame,
                               ep->number, ep->start_frame);
        if (ep->open)
            g_string_append(p->out, "not every gNB got a STOP before the capture ends");
        else
            g_string_append_printf(p->out, "last STOP frame %u", ep->stop_frame);
        g_string_append_printf(p->out, "; %u gNB(s); %.1f s</title>", ep->gnbs, ep->t1 - ep->t0);
        g_string_append_printf(p->out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>", x0, 2.0,
                               x1 - x0, h - 2);
        char pct[24] = "";
        if (ep->reduction_pct != AMFOL_ABSENT)
            g_snprintf(pct, sizeof pct, " %d %%", ep->reduction_pct);
        g_string_append_printf(p->out, "<text x=\"%.1f\" y=\"%.1f\">Episode %d: %s%s</text>"
                               "<text x=\"%.1f\" y=\"%.1f\">amfol level %s</text></g>\n", x0 + 3, 15.0, ep->number,
                               amfol_action_name(ep->action), pct, x0 + 3, 30.0, level_name(ep->level));
    }
}

static int by_value(const void *x, const void *y, void *user)
{
    const amfol_chart_t3346 *h = user;
    uint32_t a = h->seconds[*(const int *)x], b = h->seconds[*(const int *)y];
    return a < b ? -1 : a > b;
}

/* The T3346 values of the congestion rejects, smallest first, then "none" and "other". */
static void t3346_histogram(page *p, const amfol_chart_t3346 *h)
{
    int order[AMFOL_CHART_T3346_BINS];
    for (int i = 0; i < h->n; i++)
        order[i] = i;
    g_qsort_with_data(order, h->n, sizeof order[0], by_value, (void *)h);
    uint32_t mx = MAX(h->none, h->other);
    for (int i = 0; i < h->n; i++)
        mx = MAX(mx, h->count[i]);
    int n = h->n + 2;
    double bw = MIN(60.0, (PAGE_W - 20) / n), hh = 80;
    g_string_append_printf(p->out, "<h3>T3346 values in congestion rejects</h3>\n<svg class=\"t3346\" "
                           "xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\">\n",
                           n * bw + 20, hh + 36);
    for (int i = 0; i < n; i++) {
        uint32_t c = i < h->n ? h->count[order[i]] : (i == h->n ? h->none : h->other);
        char name[32];
        if (i < h->n)
            g_snprintf(name, sizeof name, "%u s", h->seconds[order[i]]);
        else
            g_snprintf(name, sizeof name, "%s", i == h->n ? "none" : "other");
        double bh = mx ? hh * c / mx : 0, x = 10 + i * bw;
        g_string_append_printf(p->out, "<g class=\"t3346-bin\"><title>T3346 %s: %u rejects</title>"
                               "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>"
                               "<text x=\"%.1f\" y=\"%.0f\">%s</text><text x=\"%.1f\" y=\"%.1f\">%u</text></g>\n",
                               name, c, x, 14 + hh - bh, bw - 6, bh, x, hh + 28, name, x, 12 + hh - bh, c);
    }
    g_string_append(p->out, "</svg>\n");
}

/* The findings as a table too: tooltips do not print. */
#define TABLE_MAX_ROWS 200
static void findings_table(page *p, const amfol_html_amf *a)
{
    if (!a->findings->len)
        return;
    g_string_append(p->out, "<table class=\"findings\"><tr><th>rule</th><th>severity</th><th>first frame</th>"
                            "<th>count</th><th>summary</th></tr>\n");
    for (guint i = 0; i < a->findings->len && i < TABLE_MAX_ROWS; i++) {
        const amfol_finding *f = g_array_index(a->findings, amfol_html_finding, i).f;
        g_string_append_printf(p->out, "<tr><td>%s</td><td>%s</td><td>%u</td><td>%u</td><td>", f->rule,
                               amfol_report_severity_name(f->severity), f->first_frame, f->count);
        esc(p->out, f->summary);
        g_string_append(p->out, "</td></tr>\n");
    }
    g_string_append(p->out, "</table>\n");
    for (guint i = 0; i < a->findings->len && i < TABLE_MAX_ROWS; i++) {
        const amfol_html_finding *hf = &g_array_index(a->findings, amfol_html_finding, i);
        if (!hf->ue_story)
            continue;
        g_string_append_printf(p->out, "<div class=\"finding-ue\" data-rule=\"%s\"><b>%s</b>: ", hf->f->rule, hf->f->rule);
        g_string_append(p->out, hf->ue_story);
        g_string_append(p->out, "</div>\n");
    }
    if (a->findings->len > TABLE_MAX_ROWS)
        g_string_append_printf(p->out, "<p class=\"meta\">%u more findings: see -z amfol,diagnosis.</p>\n",
                               a->findings->len - TABLE_MAX_ROWS);
}

static void section_svg(page *p, const amfol_html_amf *a)
{
    g_string_append(p->out, "<section class=\"amf\"><h2>");
    if (a->name) {
        g_string_append(p->out, "AMF ");
        esc(p->out, a->name);
    } else {
        g_string_append(p->out, "Not tied to an N2 AMF");
    }
    g_string_append(p->out, "</h2>\n");
    p->svg = g_string_new(NULL);
    double y = HEAD_H;
    for (size_t i = 0; i < G_N_ELEMENTS(bands); i++)
        y = bands[i](p, a, y);
    if (y == HEAD_H && !a->episodes->len)
        g_string_append(p->out, "<p class=\"empty\">Nothing to draw for this section.</p>\n");
    axis(p, HEAD_H, y);
    double h = y + 24;
    g_string_append_printf(p->out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                           "viewBox=\"0 0 %.0f %.0f\">\n", PAGE_W, h, PAGE_W, h);
    episodes(p, a, y);
    g_string_append_len(p->out, p->svg->str, p->svg->len);
    g_string_append(p->out, "</svg>\n");
    g_string_free(p->svg, TRUE);
    p->svg = NULL;

    if (a->t3346)
        t3346_histogram(p, a->t3346);
    findings_table(p, a);
    g_string_append(p->out, "</section>\n");
}

/* ---- the page --------------------------------------------------------------------------------- */

static const char css[] =
    "body{font:13px sans-serif;margin:16px;color:#222;background:#fff}"
    "h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:18px 0 4px}h3{font-size:13px;margin:6px 0}"
    ".meta{color:#444;margin:2px 0}.empty{font-size:15px;color:#8a1c00;font-weight:bold}"
    "svg{display:block;font:11px sans-serif}"
    "text.lbl,text.scale{text-anchor:end}text.scale{fill:#666;font-size:10px}text.tick{text-anchor:middle;fill:#444}"
    ".box{fill:none;stroke:#ccc}.lane{stroke:#ddd}.axis{stroke:#444}.grid{stroke:#eee}"
    "polyline{fill:none;stroke-width:1.5}.hover{fill:transparent}.hover:hover{fill:#0001}"
    ".s-all{stroke:#999}.s-shed{stroke:#d62728}.s-asked{stroke:#111;stroke-dasharray:5 3;stroke-width:1.5}"
    ".s-req{stroke:#1f77b4}.s-setup{stroke:#2ca02c}.s-reject{stroke:#d62728}"
    ".b-cong{fill:#ff7f0e}.b-early{fill:#9467bd}"
    "polyline.s-load{stroke:#17becf}circle.s-load{fill:#17becf}"
    ".m-503 path{fill:#d62728}.m-429 path{fill:#ff7f0e}.m-oci path{fill:#9467bd}"
    ".mark.start path{fill:#d62728}.mark.stop path{fill:#2ca02c}"
    ".episode rect{fill:#ffd9b3;fill-opacity:.45}.episode.level-Minor rect{fill:#fff2b3}"
    ".episode.level-Critical rect{fill:#ffb3b3}.episode text{font-weight:bold;fill:#7a3b00}"
    ".s-p95{stroke:#8c564b}.s-baseline{stroke:#8c564b;stroke-dasharray:5 3;stroke-width:1.5}"
    ".s-rate{stroke:#3f51b5}.b-delayed{fill:#bcbd22;fill-opacity:.6}"
    ".b-unans{fill:#e377c2;fill-opacity:.5}.sym-onset path{fill:#8c564b}.sym-onset line{stroke:#8c564b}"
    ".finding path{fill:#555}.finding.sev-error path{fill:#d62728}.finding.sev-warning path{fill:#ff7f0e}"
    ".finding text{font-size:10px}.t3346 rect{fill:#ff7f0e}.t3346 text{font-size:10px}"
    ".legend span{display:inline-block;margin-right:14px}.sw{display:inline-block;width:18px;height:10px;"
    "margin-right:4px;vertical-align:middle}"
    "table.findings{border-collapse:collapse;margin:6px 0;font-size:12px}"
    "table.findings td,table.findings th{border:1px solid #ddd;padding:2px 6px;text-align:left;vertical-align:top}"
    "table.findings td:first-child{white-space:nowrap}"
    ".finding-ue{margin:4px 0;font-size:12px}.finding-ue details{display:inline}"
    "table.ue{border-collapse:collapse;margin:4px 0 4px 16px}table.ue td,table.ue th{border:1px solid #ddd;"
    "padding:1px 6px;text-align:left}"
    "@media print{body{margin:0}section{break-inside:avoid}}";

static void legend(GString *out)
{
    static const struct { const char *style, *text; } items[] = {
        { "background:#ffd9b3", "overload episode (first START until every gNB told got its STOP)" },
        { "border-bottom:8px solid #d62728;height:0;width:0;border-left:6px solid transparent;"
          "border-right:6px solid transparent", "OVERLOAD START" },
        { "border-top:8px solid #2ca02c;height:0;width:0;border-left:6px solid transparent;"
          "border-right:6px solid transparent", "OVERLOAD STOP" },
        { "border-top:2px solid #999;height:0", "InitialUEMessages" },
        { "border-top:2px solid #d62728;height:0", "shed-class InitialUEMessages / RRCRejects" },
        { "border-top:2px dashed #111;height:0", "pass-through the START asked" },
        { "border-top:2px solid #1f77b4;height:0", "RRC requests" },
        { "border-top:2px solid #2ca02c;height:0", "RRCSetups" },
        { "background:#ff7f0e", "NAS congestion rejects / HTTP 429" },
        { "background:#9467bd", "early retries / 3gpp-Sbi-Oci" },
        { "border-top:2px solid #17becf;height:0", "NRF load" },
        { "background:#d62728;transform:rotate(45deg);width:8px;height:8px", "finding (error) / HTTP 503" },
        { "border-top:2px solid #8c564b;height:0", "AMF response time p95 (InitialUEMessage to first answer)" },
        { "border-top:2px dashed #8c564b;height:0", "its baseline p95" },
        { "background:#e377c2;opacity:.5", "unanswered share" },
        { "border-top:8px solid #8c564b;height:0;width:0;border-left:6px solid transparent;"
          "border-right:6px solid transparent", "symptom onset" },
        { "border-top:2px solid #3f51b5;height:0", "registration success rate (TS 28.554)" },
        { "background:#bcbd22;opacity:.6", "UEs registered after being turned away" },
    };
    g_string_append(out, "<p class=\"legend\">");
    for (size_t i = 0; i < G_N_ELEMENTS(items); i++)
        g_string_append_printf(out, "<span><i class=\"sw\" style=\"%s\"></i>%s</span>", items[i].style,
                               items[i].text);
    g_string_append(out, "</p>\n");
}

void amfol_report_html(amfol_engine *e, const char *capture_name, GString *out)
{
    amfol_html_model *m = amfol_html_model_new(e, capture_name);
    page p = { .m = m, .out = out };
    g_string_append(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>amfol: ");
    esc(out, m->capture_name);
    g_string_append_printf(out, "</title><style>%s</style></head><body>\n<h1>AMF overload timeline: ", css);
    esc(out, m->capture_name);
    char t0[48], t1[48], bw[32];
    abs_time(t0, sizeof t0, m->first_time);
    abs_time(t1, sizeof t1, m->last_time);
    bucket_words(bw, sizeof bw, m->bucket_s);
    g_string_append_printf(out, "</h1>\n<p class=\"meta\" id=\"capture\">%" G_GUINT64_FORMAT " frames, %s to %s "
                           "(%.1f s); time buckets of %s; %" G_GUINT64_FORMAT " NGAP PDUs analysed; amfol %s.</p>\n",
                           m->frames, t0, t1, m->last_time - m->first_time, bw, m->ngap_pdus, AMFOL_JSON_VERSION);
    g_string_append(out, "<p class=\"meta\">Levels (Normal, Minor, Major, Critical) are amfol's own convention "
                         "derived from the OverloadAction (docs/faults.md); NGAP itself has no levels. Hover a "
                         "mark for its frames.</p>\n");
    if (m->ngap_pdus == 0)
        g_string_append(out, "<p class=\"empty\" id=\"no-ngap\">No NGAP in this capture: amfol saw no N2 "
                              "signalling, so there is no AMF, OVERLOAD START or STOP to draw.</p>\n");
    if (m->dropped || m->findings_dropped)
        g_string_append_printf(out, "<p class=\"meta\">Not drawn: %u series or marks beyond amfol's limits, "
                               "%u findings beyond the findings cap.</p>\n", m->dropped, m->findings_dropped);
    amfol_report_coverage_html(e, out);
    legend(out);
    for (guint i = 0; i < m->amfs->len; i++)
        section_svg(&p, g_ptr_array_index(m->amfs, i));
    g_string_append(out, "</body></html>\n");
    amfol_html_model_free(m);
}
