/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_ue_report.c: the UE stories as outputs: -z amfol,ue,<id> (text), the `ues` JSON member
 * (rows) and a finding's sample story on the timeline page (HTML). */
#include "amfol_ue_story.h"
#include "../nas/amfol_nas.h"
#include "../nas/amfol_nas_timer.h"

#include <string.h>

/* The findings whose evidence includes the frame, as "rule, rule" (after amfol_engine_finish). */
static void evidence_of(amfol_engine *e, amfol_frame frame, GString *out)
{
    const amfol_finding *hits[8];
    size_t n = amfol_findings_for_frame(e->findings, frame, hits, G_N_ELEMENTS(hits));
    for (size_t i = 0; i < n; i++) {
        bool dup = false;
        for (size_t j = 0; j < i; j++)
            dup |= hits[j]->rule == hits[i]->rule;
        if (!dup)
            g_string_append_printf(out, "%s%s", out->len ? ", " : "", hits[i]->rule);
    }
}

/* "UL Registration request (initial registration)" / "DL Registration reject #22 Congestion, T3346 60 s" */
static void event_text(const amfol_ue_words *w, GString *out)
{
    g_string_append_printf(out, "%s %s", w->downlink ? "DL" : "UL", w->message);
    if (w->sub)
        g_string_append_printf(out, " (%s)", w->sub);
    if (w->cause >= 0 && w->rrc)
        g_string_append_printf(out, " (%s)", w->cause_name ? w->cause_name : "unknown cause");
    else if (w->cause >= 0)
        g_string_append_printf(out, w->cause_name ? " #%d %s" : " #%d", w->cause, w->cause_name);
    if (w->timer && w->timer_state == AMFOL_TIMER_VALUE)
        g_string_append_printf(out, ", %s %u s", w->timer, w->timer_s);
    else if (w->timer)
        g_string_append_printf(out, ", %s %s", w->timer, amfol_nas_timer_state_name(w->timer_state));
}

static void story_head(const amfol_ue_story *s, amfol_time t0, GString *out)
{
    g_string_append_printf(out, "Outcome: %s", amfol_ue_outcome_words(s->outcome));
    if (s->outcome == AMFOL_UE_OUT_ACCEPTED_AFTER_REJECT || s->outcome == AMFOL_UE_OUT_ACCEPTED)
        g_string_append_printf(out, "; first attempt frame %u (%.6f s), accepted frame %u (%.6f s): %.6f s later",
                               s->first_attempt_frame, s->first_attempt_t - t0, s->success_frame, s->success_t - t0,
                               s->success_t - s->first_attempt_t);
    g_string_append(out, "\n");
    g_string_append_printf(out, "Attempts %u, NAS rejects %u, RRC rejects %u, early retries %u", s->attempts,
                           s->nas_rejects, s->rrc_rejects, s->early_retries);
    if (s->ciphered)
        g_string_append_printf(out, ", ciphered NAS messages %u (content unreadable)", s->ciphered);
    g_string_append_printf(out, "; %" G_GUINT64_FORMAT " event%s\n", s->total, s->total == 1 ? "" : "s");
}

void amfol_ue_report_story(amfol_engine *e, const char *id, GString *out)
{
    g_string_append(out, "=== amfol UE story ===\n");
    uint64_t serial = amfol_nas_ue_by_id(e, id);
    amfol_ue_story *s = serial ? amfol_ue_story_build(e, serial, AMFOL_UE_STORY_MAX) : NULL;
    if (!s || !s->total) {
        g_string_append_printf(out, "No UE \"%.*s%s\" in this capture.\n", 120, id ? id : "",
                               id && strlen(id) > 120 ? "..." : "");
        g_string_append(out, "A UE is named by an identity amfol follows: \"suci:<SUCI>\", \"guti:<PLMN>-<region>-<set>-"
                             "<pointer>-<TMSI hex>\", \"s-tmsi:<set>-<pointer>-<TMSI hex>\", \"ngap:<gNB>/<RAN UE NGAP ID>\", "
                             "\"amf-ue:<AMF>/<AMF UE NGAP ID>\" (the values of the amfol.ue and amfol.nas.ue fields, "
                             "the ue of a finding).\n");
        char ids[5][AMFOL_UE_ID_LEN];
        size_t n = amfol_ue_sample_ids(e, ids, G_N_ELEMENTS(ids));
        if (n == 0)
            g_string_append(out, "This capture has no UE amfol could follow.\n");
        else
            g_string_append_printf(out, "Some UEs of this capture (%" G_GUINT64_FORMAT " in all):\n", amfol_ue_count(e));
        for (size_t i = 0; i < n; i++)
            g_string_append_printf(out, "  %s\n", ids[i]);
        g_string_append(out, "===\n");
        amfol_ue_story_free(s);
        return;
    }
    amfol_time t0 = e->cap.first_time;
    g_string_append_printf(out, "UE %s", s->id);
    if (strcmp(s->id, id) != 0)
        g_string_append_printf(out, " (asked as %s)", id);
    g_string_append(out, "\n");
    story_head(s, t0, out);
    g_string_append_printf(out, "%8s %12s  %s\n", "frame", "time (s)", "event; what it means [evidence for]");
    GString *line = g_string_new(NULL), *note = g_string_new(NULL), *ev = g_string_new(NULL);
    amfol_time expiry = 0;
    for (size_t i = 0; i < s->n; i++) {
        amfol_ue_words w;
        amfol_ue_item_words(&s->ev[i], &w);
        g_string_truncate(line, 0);
        g_string_truncate(note, 0);
        g_string_truncate(ev, 0);
        event_text(&w, line);
        amfol_ue_item_note(s, i, &w, &expiry, t0, note);
        evidence_of(e, s->ev[i].ev.frame, ev);
        g_string_append_printf(out, "%8u %12.6f  %s%s%s%s%s%s\n", s->ev[i].ev.frame, s->ev[i].t - t0, line->str,
                               note->len ? "; " : "", note->str, ev->len ? " [" : "", ev->str, ev->len ? "]" : "");
    }
    if (s->total > s->n)
        g_string_append_printf(out, "(story capped at %zu events: %" G_GUINT64_FORMAT " more, up to frame %u, not shown)\n",
                               s->n, s->total - s->n, s->last_frame);
    if (e->ue->dropped)
        g_string_append_printf(out, "(the story log was full from frame %u: %" G_GUINT64_FORMAT " later events of all UEs "
                               "not kept)\n", e->ue->first_dropped, e->ue->dropped);
    g_string_append_printf(out, "Its frames: amfol.ue == \"%s\"\n===\n", s->id);
    g_string_free(line, TRUE);
    g_string_free(note, TRUE);
    g_string_free(ev, TRUE);
    amfol_ue_story_free(s);
}

/* ---- the `ues` JSON member ------------------------------------------------------------------ */

enum { EV_FRAME, EV_TIME, EV_DIR, EV_MSG, EV_SUB, EV_CAUSE, EV_CAUSE_NAME, EV_TIMER, EV_TIMER_S, EV_NOTE,
       EV_FINDINGS, EV_COUNT };
static const amfol_column event_cols[EV_COUNT] = {
    AMFOL_JCOL("frame", AMFOL_CELL_UINT),
    AMFOL_JREAL("time_s", "%.6f"),
    AMFOL_JCOL("direction", AMFOL_CELL_STR),
    AMFOL_JCOL("message", AMFOL_CELL_STR),
    AMFOL_JOPT("type", AMFOL_CELL_STR),
    AMFOL_JOPT("cause", AMFOL_CELL_UINT),
    AMFOL_JOPT("cause_name", AMFOL_CELL_STR),
    AMFOL_JOPT("timer", AMFOL_CELL_STR),
    AMFOL_JOPT("timer_s", AMFOL_CELL_UINT),
    AMFOL_JOPT("note", AMFOL_CELL_STR),
    AMFOL_JOPT("findings", AMFOL_CELL_TABLE),
};
static const amfol_column rule_col[1] = { AMFOL_JCOL("rule", AMFOL_CELL_STR) };

enum { UE_ID, UE_WHY, UE_OUTCOME, UE_ATTEMPTS, UE_NAS_REJ, UE_RRC_REJ, UE_EARLY, UE_FIRST, UE_SUCCESS, UE_DELAY,
       UE_EVENTS_TOTAL, UE_EVENTS, UE_LEFT_OUT, UE_FILTER, UE_COUNT };
static const amfol_column ue_cols[UE_COUNT] = {
    AMFOL_JCOL("ue", AMFOL_CELL_STR),
    AMFOL_JCOL("why", AMFOL_CELL_STR),
    AMFOL_JCOL("outcome", AMFOL_CELL_STR),
    AMFOL_JCOL("attempts", AMFOL_CELL_UINT),
    AMFOL_JCOL("nas_rejects", AMFOL_CELL_UINT),
    AMFOL_JCOL("rrc_rejects", AMFOL_CELL_UINT),
    AMFOL_JCOL("early_retries", AMFOL_CELL_UINT),
    AMFOL_JCOL("first_attempt_frame", AMFOL_CELL_UINT),
    AMFOL_JCOL("accepted_frame", AMFOL_CELL_UINT),
    AMFOL_JREAL("delay_s", "%.6f"),
    AMFOL_JCOL("events_total", AMFOL_CELL_UINT),
    AMFOL_JCOL("events", AMFOL_CELL_TABLE),
    AMFOL_JCOL("events_left_out", AMFOL_CELL_UINT),
    AMFOL_JCOL("filter", AMFOL_CELL_STR),
};

static amfol_rows *event_rows(amfol_engine *e, const amfol_ue_story *s, amfol_time t0)
{
    amfol_rows *t = amfol_rows_new("events", AMFOL_ROWS_ARRAY, event_cols, EV_COUNT, MAX(s->n, 1));
    GString *note = g_string_new(NULL);
    amfol_time expiry = 0;
    for (size_t i = 0; i < s->n; i++) {
        amfol_ue_words w;
        amfol_ue_item_words(&s->ev[i], &w);
        g_string_truncate(note, 0);
        amfol_ue_item_note(s, i, &w, &expiry, t0, note);
        amfol_rows_add(t);
        amfol_rows_uint(t, EV_FRAME, s->ev[i].ev.frame);
        amfol_rows_real(t, EV_TIME, s->ev[i].t - t0);
        amfol_rows_str(t, EV_DIR, w.downlink ? "dl" : "ul");
        amfol_rows_str(t, EV_MSG, w.message);
        amfol_rows_str(t, EV_SUB, w.sub);
        if (w.cause >= 0)
            amfol_rows_uint(t, EV_CAUSE, (uint64_t)w.cause);
        amfol_rows_str(t, EV_CAUSE_NAME, w.cause_name);
        if (w.timer) {
            amfol_rows_str(t, EV_TIMER, w.timer);
            if (w.timer_state == AMFOL_TIMER_VALUE)
                amfol_rows_uint(t, EV_TIMER_S, w.timer_s);
        }
        amfol_rows_str(t, EV_NOTE, note->len ? note->str : NULL);
        const amfol_finding *hits[8];
        size_t n = amfol_findings_for_frame(e->findings, s->ev[i].ev.frame, hits, G_N_ELEMENTS(hits));
        if (n) {
            amfol_rows *r = amfol_rows_new("findings", AMFOL_ROWS_LIST, rule_col, 1, n);
            for (size_t k = 0; k < n; k++) {
                amfol_rows_add(r);
                amfol_rows_str(r, 0, hits[k]->rule);
            }
            amfol_rows_table(t, EV_FINDINGS, r);
        }
    }
    g_string_free(note, TRUE);
    return t;
}

static void story_row(amfol_engine *e, amfol_rows *t, uint64_t serial, const char *why, amfol_time t0)
{
    amfol_ue_story *s = amfol_ue_story_build(e, serial, AMFOL_UE_SAMPLE_EVENTS);
    amfol_rows_add(t);
    amfol_rows_str(t, UE_ID, s->id);
    amfol_rows_str(t, UE_WHY, why);
    amfol_rows_str(t, UE_OUTCOME, amfol_ue_outcome_name(s->outcome));
    amfol_rows_uint(t, UE_ATTEMPTS, s->attempts);
    amfol_rows_uint(t, UE_NAS_REJ, s->nas_rejects);
    amfol_rows_uint(t, UE_RRC_REJ, s->rrc_rejects);
    amfol_rows_uint(t, UE_EARLY, s->early_retries);
    amfol_rows_opt_frame(t, UE_FIRST, s->first_attempt_frame);
    amfol_rows_opt_frame(t, UE_SUCCESS, s->success_frame);
    if ((s->outcome == AMFOL_UE_OUT_ACCEPTED || s->outcome == AMFOL_UE_OUT_ACCEPTED_AFTER_REJECT) &&
        s->first_attempt_frame && s->success_frame >= s->first_attempt_frame)
        amfol_rows_real(t, UE_DELAY, s->success_t - s->first_attempt_t);
    amfol_rows_uint(t, UE_EVENTS_TOTAL, s->total);
    amfol_rows_table(t, UE_EVENTS, event_rows(e, s, t0));
    amfol_rows_uint(t, UE_LEFT_OUT, s->total - s->n);
    char *filter = g_strdup_printf("amfol.ue == \"%s\"", s->id);
    amfol_rows_str(t, UE_FILTER, filter);
    g_free(filter);
    amfol_ue_story_free(s);
}

typedef struct samples {
    amfol_rows *t;
    uint64_t done[AMFOL_UE_SAMPLES_MAX];
    size_t n;
} samples;

static void sample(amfol_engine *e, samples *m, uint64_t serial, const char *why, amfol_time t0)
{
    bool dup = !serial || m->n >= AMFOL_UE_SAMPLES_MAX;
    for (size_t k = 0; k < m->n; k++)
        dup |= m->done[k] == serial;
    if (dup)
        return;
    m->done[m->n++] = serial;
    story_row(e, m->t, serial, why, t0);
}

/* The findings' samples: the first finding of each rule when `first_of_rule`, else the rest. */
static void finding_samples(amfol_engine *e, samples *m, bool first_of_rule, amfol_time t0)
{
    const amfol_findings *fs = e->findings;
    char id[AMFOL_UE_ID_LEN], why[160];
    for (size_t i = 0; i < amfol_findings_count(fs) && m->n < AMFOL_UE_SAMPLES_MAX; i++) {
        const amfol_finding *x = amfol_findings_get(fs, i);
        bool first = true;
        for (size_t j = 0; j < i && first; j++)
            first = amfol_findings_get(fs, j)->rule_id != x->rule_id;
        if (first != first_of_rule || !amfol_ue_finding_sample(e, x, id, sizeof id))
            continue;
        snprintf(why, sizeof why, "finding %zu (%s)", i + 1, x->rule);
        sample(e, m, amfol_nas_ue_by_id(e, id), why, t0);
    }
}

amfol_rows *amfol_ue_json_rows(amfol_engine *e, uint64_t *left_out)
{
    amfol_time t0 = e->cap.first_time;
    samples m = { .t = amfol_rows_new("ues", AMFOL_ROWS_ARRAY, ue_cols, UE_COUNT, AMFOL_UE_SAMPLES_MAX) };
    /* One sample UE per rule with UE evidence, two per outcome, then the other findings'. */
    finding_samples(e, &m, true, t0);
    uint64_t serials[AMFOL_UE_SAMPLES_MAX];
    int outcomes[AMFOL_UE_SAMPLES_MAX];
    size_t k = amfol_ue_outcome_samples(e, serials, outcomes, AMFOL_UE_SAMPLES_MAX, 2);
    char why[160];
    for (size_t i = 0; i < k; i++) {
        snprintf(why, sizeof why, "outcome %s", amfol_ue_outcome_name(outcomes[i]));
        sample(e, &m, serials[i], why, t0);
    }
    finding_samples(e, &m, false, t0);
    uint64_t ues = amfol_ue_count(e);
    *left_out = ues > m.n ? ues - m.n : 0;
    return m.t;
}

/* ---- the timeline page ---------------------------------------------------------------------- */

static void html_text(GString *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': g_string_append(out, "&lt;"); break;
        case '>': g_string_append(out, "&gt;"); break;
        case '&': g_string_append(out, "&amp;"); break;
        case '"': g_string_append(out, "&quot;"); break;
        default: g_string_append_c(out, *s);
        }
    }
}

void amfol_ue_html_story(amfol_engine *e, const amfol_finding *x, GString *out)
{
    char id[AMFOL_UE_ID_LEN];
    if (!amfol_ue_finding_sample(e, x, id, sizeof id))
        return;
    uint64_t serial = amfol_nas_ue_by_id(e, id);
    amfol_ue_story *s = serial ? amfol_ue_story_build(e, serial, AMFOL_UE_SAMPLE_EVENTS) : NULL;
    if (!s || !s->total) {
        amfol_ue_story_free(s);
        return;
    }
    amfol_time t0 = e->cap.first_time;
    g_string_append(out, "<details class=\"ue-story\" open><summary>Story of a sample UE: ");
    html_text(out, s->id);
    g_string_append(out, " (");
    html_text(out, amfol_ue_outcome_words(s->outcome));
    g_string_append(out, ")</summary>\n<table class=\"ue\"><tr><th>frame</th><th>time (s)</th><th>event</th><th>what it means</th></tr>\n");
    GString *line = g_string_new(NULL), *note = g_string_new(NULL);
    amfol_time expiry = 0;
    for (size_t i = 0; i < s->n; i++) {
        amfol_ue_words w;
        amfol_ue_item_words(&s->ev[i], &w);
        g_string_truncate(line, 0);
        g_string_truncate(note, 0);
        event_text(&w, line);
        amfol_ue_item_note(s, i, &w, &expiry, t0, note);
        g_string_append_printf(out, "<tr><td>%u</td><td>%.6f</td><td>", s->ev[i].ev.frame, s->ev[i].t - t0);
        html_text(out, line->str);
        g_string_append(out, "</td><td>");
        html_text(out, note->str);
        g_string_append(out, "</td></tr>\n");
    }
    g_string_append(out, "</table>\n");
    if (s->total > s->n)
        g_string_append_printf(out, "<p>%" G_GUINT64_FORMAT " more events not shown.</p>\n", s->total - s->n);
    g_string_append(out, "<p>All of it: <code>tshark -r CAPTURE -2 -q -z amfol,ue,");
    html_text(out, s->id);
    g_string_append(out, "</code>; its frames: <code>amfol.ue == &quot;");
    html_text(out, s->id);
    g_string_append(out, "&quot;</code></p></details>\n");
    g_string_free(line, TRUE);
    g_string_free(note, TRUE);
    amfol_ue_story_free(s);
}
