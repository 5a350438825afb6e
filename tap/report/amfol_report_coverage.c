/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_report_coverage.c: "What this capture can tell" (docs/output.md): what was seen per AMF
 * and gNB, and per rule family judged / partly judged / not judged with the reason: a few
 * lines of the diagnosis text (one per AMF, one for SBI, one for what was not judged), and in full
 * the "coverage" member of the JSON document, a section of the HTML page and the GUI window. Everything comes from the coverage view (tap/correlate/amfol_coverage.h). */
#include "amfol_report.h"
#include "../correlate/amfol_coverage.h"
#include "../core/amfol_rules.h"

#include <string.h>

#define TEXT_AMFS_MAX 4   /* AMF lines in the text; the JSON lists them all */

/* "; NAS x % readable of n" or "; no NAS": the same words in the short and the detailed view. */
static void nas_text(GString *out, const amfol_cov_amf *a)
{
    if (a->nas)
        g_string_append_printf(out, "; NAS %.0f %% readable of %" G_GUINT64_FORMAT,
                               100.0 * (double)a->nas_readable / (double)a->nas, a->nas);
    else
        g_string_append(out, "; no NAS");
}

static void amf_text(GString *out, const amfol_cov_amf *a)
{
    g_string_append_printf(out, "  AMF %s: ", a->name);
    if (a->n2_pdus)
        g_string_append_printf(out, "N2 with %u gNB(s)%s", a->gnbs, a->ng_setup ? ", NG SETUP seen" : ", no NG SETUP");
    else
        g_string_append(out, "no N2");
    nas_text(out, a);
    if (a->nrf_reports > 0)
        g_string_append_printf(out, "; %d own NRF load report(s)", a->nrf_reports);
    else
        g_string_append(out, a->nrf_reports == 0 ? "; NF profile seen, no own NRF load report" : "; no NRF traffic tied to it");
    if (a->starts_in_episode)
        g_string_append(out, "; the capture starts inside an overload episode");
    g_string_append_c(out, '\n');
}

/* Its gNBs (by the AMF of their first association) on N2, and of them those with a radio side. */
static void amf_gnbs(const amfol_cov_view *v, const char *amf, unsigned *on_n2, unsigned *radio,
                     const char **without)
{
    *on_n2 = *radio = 0;
    *without = NULL;
    for (guint i = 0; i < v->gnbs->len; i++) {
        const amfol_cov_gnb *g = &g_array_index(v->gnbs, amfol_cov_gnb, i);
        if (!g->amf || !g->n2_pdus || strcmp(g->amf, amf) != 0)
            continue;
        (*on_n2)++;
        if (g->rrc > 0)
            (*radio)++;
        else if (!*without)
            *without = g->name;
    }
}

/* One "seen:" line per AMF; the radio side per gNB only where the AMF's gNBs differ. */
static void amf_seen(GString *out, const amfol_cov_view *v, const amfol_cov_amf *a)
{
    g_string_append_printf(out, "  AMF %s seen: ", a->name);
    if (a->n2_pdus)
        g_string_append_printf(out, "N2 with %u gNB(s)%s", a->gnbs, a->ng_setup ? ", NG SETUP" : ", no NG SETUP");
    else
        g_string_append(out, "no N2");
    unsigned on_n2, radio;
    const char *without;
    amf_gnbs(v, a->name, &on_n2, &radio, &without);
    if (on_n2 && radio == on_n2)
        g_string_append(out, "; radio side of every gNB");
    else if (radio)
        g_string_append_printf(out, "; radio side of %u of %u gNBs (not %s%s)", radio, on_n2, without,
                               on_n2 - radio > 1 ? ", ..." : "");
    else if (on_n2)
        g_string_append(out, "; no radio side");
    nas_text(out, a);
    if (a->nrf_reports > 0)
        g_string_append_printf(out, "; %d NRF load report(s)", a->nrf_reports);
    else
        g_string_append(out, a->nrf_reports == 0 ? "; no own NRF load report" : "; no NRF traffic tied to it");
    if (a->starts_in_episode)
        g_string_append(out, "; starts inside an overload episode");
    g_string_append_c(out, '\n');
}

/* "name (reason up to its first ':' or ';')" of the families with STATUS, ", "-separated. */
static unsigned families_with(GString *out, const amfol_cov_view *v, int status)
{
    unsigned n = 0;
    for (guint i = 0; i < v->families->len; i++) {
        const amfol_cov_family *f = &g_array_index(v->families, amfol_cov_family, i);
        if (f->status != status)
            continue;
        size_t len = strcspn(f->reason, ":;");
        g_string_append_printf(out, "%s%s (%.*s)", n++ ? ", " : "", f->name, (int)len, f->reason);
    }
    return n;
}

/* The diagnosis' few lines: one per AMF (what was seen), one for SBI, one for the rule families
 * not (fully) judged. The full detail is in the JSON "coverage", the HTML page and the GUI. */
void amfol_report_coverage_text(amfol_engine *e, GString *out)
{
    amfol_cov_view *v = amfol_coverage_view(e);
    g_string_append(out, "What this capture can tell:\n");
    for (guint i = 0; i < v->amfs->len && i < TEXT_AMFS_MAX; i++)
        amf_seen(out, v, &g_array_index(v->amfs, amfol_cov_amf, i));
    if (v->amfs->len > TEXT_AMFS_MAX)
        g_string_append_printf(out, "  (%u more AMFs: see the JSON \"coverage\")\n", v->amfs->len - TEXT_AMFS_MAX);
    if (v->sbi.messages || v->sbi.tls)
        g_string_append_printf(out, "  SBI seen: %" G_GUINT64_FORMAT " HTTP/2 messages, %" G_GUINT64_FORMAT
                               " with unreadable headers, %" G_GUINT64_FORMAT " to the NRF%s\n", v->sbi.messages,
                               v->sbi.unreadable, v->sbi.nrf, v->sbi.tls ? ", and TLS (content hidden)" : "");
    GString *line = g_string_new("  Not judged: ");
    if (!families_with(line, v, AMFOL_COV_NOT_JUDGED))
        g_string_append(line, "none");
    g_string_append(line, "; partly: ");
    if (!families_with(line, v, AMFOL_COV_PARTLY))
        g_string_append(line, "none");
    g_string_append_printf(out, "%s\n", line->str);
    g_string_free(line, TRUE);
    amfol_coverage_view_free(v);
}

void amfol_report_coverage_detail(amfol_engine *e, GString *out)
{
    amfol_cov_view *v = amfol_coverage_view(e);
    g_string_append(out, "What this capture can tell:\n");
    for (guint i = 0; i < v->amfs->len && i < TEXT_AMFS_MAX; i++)
        amf_text(out, &g_array_index(v->amfs, amfol_cov_amf, i));
    if (v->amfs->len > TEXT_AMFS_MAX)
        g_string_append_printf(out, "  (%u more AMFs: see the JSON \"coverage\")\n", v->amfs->len - TEXT_AMFS_MAX);
    unsigned on_n2 = 0, setup = 0, radio = 0;
    for (guint i = 0; i < v->gnbs->len; i++) {
        const amfol_cov_gnb *g = &g_array_index(v->gnbs, amfol_cov_gnb, i);
        on_n2 += g->n2_pdus > 0;
        setup += g->ng_setup;
        radio += g->rrc > 0;
    }
    g_string_append_printf(out, "  gNBs: %u on N2 (%u with NG SETUP), %u with their radio side (F1 with NR RRC)\n",
                           on_n2, setup, radio);
    g_string_append_printf(out, "  SBI: %" G_GUINT64_FORMAT " HTTP/2 messages, %" G_GUINT64_FORMAT " with unreadable "
                           "headers, %" G_GUINT64_FORMAT " to the NRF%s\n", v->sbi.messages, v->sbi.unreadable,
                           v->sbi.nrf, v->sbi.tls ? ", and TLS (content hidden)" : "");
    for (guint i = 0; i < v->families->len; i++) {
        const amfol_cov_family *f = &g_array_index(v->families, amfol_cov_family, i);
        g_string_append_printf(out, "  %s: %s: %s\n", amfol_cov_status_name(f->status), f->name, f->reason);
    }
    amfol_coverage_view_free(v);
}

static void member_uint(json_dumper *d, const char *name, uint64_t v)
{
    json_dumper_set_member_name(d, name);
    json_dumper_value_anyf(d, "%" G_GUINT64_FORMAT, v);
}

static void member_bool(json_dumper *d, const char *name, bool v)
{
    json_dumper_set_member_name(d, name);
    json_dumper_value_anyf(d, v ? "true" : "false");
}

static void member_str(json_dumper *d, const char *name, const char *v)
{
    json_dumper_set_member_name(d, name);
    if (v)
        json_dumper_value_string(d, v);
    else
        json_dumper_value_anyf(d, "null");
}

void amfol_report_coverage_json(amfol_engine *e, json_dumper *d)
{
    amfol_cov_view *v = amfol_coverage_view(e);
    json_dumper_set_member_name(d, "coverage");
    json_dumper_begin_object(d);
    json_dumper_set_member_name(d, "amfs");
    json_dumper_begin_array(d);
    for (guint i = 0; i < v->amfs->len; i++) {
        const amfol_cov_amf *a = &g_array_index(v->amfs, amfol_cov_amf, i);
        json_dumper_begin_object(d);
        member_str(d, "amf", a->name);
        member_uint(d, "n2_pdus", a->n2_pdus);
        member_uint(d, "gnbs", a->gnbs);
        member_bool(d, "ng_setup", a->ng_setup);
        member_uint(d, "nas_messages", a->nas);
        member_uint(d, "nas_readable", a->nas_readable);
        json_dumper_set_member_name(d, "nrf_load_reports");
        if (a->nrf_reports >= 0)
            json_dumper_value_anyf(d, "%d", a->nrf_reports);
        else
            json_dumper_value_anyf(d, "null");
        member_uint(d, "episodes", a->episodes);
        member_bool(d, "starts_in_episode", a->starts_in_episode);
        json_dumper_end_object(d);
    }
    json_dumper_end_array(d);
    json_dumper_set_member_name(d, "gnbs");
    json_dumper_begin_array(d);
    for (guint i = 0; i < v->gnbs->len; i++) {
        const amfol_cov_gnb *g = &g_array_index(v->gnbs, amfol_cov_gnb, i);
        json_dumper_begin_object(d);
        member_str(d, "gnb", g->name);
        member_str(d, "amf", g->amf);
        member_uint(d, "associations", g->associations);
        member_uint(d, "n2_pdus", g->n2_pdus);
        member_bool(d, "ng_setup", g->ng_setup);
        member_uint(d, "rrc_messages", g->rrc);
        member_bool(d, "radio_side", g->rrc > 0);
        json_dumper_end_object(d);
    }
    json_dumper_end_array(d);
    json_dumper_set_member_name(d, "sbi");
    json_dumper_begin_object(d);
    member_uint(d, "messages", v->sbi.messages);
    member_uint(d, "headers_unreadable", v->sbi.unreadable);
    member_uint(d, "tls", v->sbi.tls);
    member_uint(d, "nrf_messages", v->sbi.nrf);
    json_dumper_end_object(d);
    json_dumper_set_member_name(d, "families");
    json_dumper_begin_array(d);
    for (guint i = 0; i < v->families->len; i++) {
        const amfol_cov_family *f = &g_array_index(v->families, amfol_cov_family, i);
        json_dumper_begin_object(d);
        member_str(d, "family", f->name);
        json_dumper_set_member_name(d, "rules");
        json_dumper_begin_array(d);
        size_t n_rules;
        const amfol_rule *rules = amfol_rules(&n_rules);
        for (size_t k = 0; k < n_rules; k++)
            if (amfol_coverage_family_of(rules[k].num) == (int)i)
                json_dumper_value_string(d, rules[k].id);
        json_dumper_end_array(d);
        member_str(d, "status", amfol_cov_status_name(f->status));
        member_str(d, "reason", f->reason);
        json_dumper_end_object(d);
    }
    json_dumper_end_array(d);
    json_dumper_end_object(d);
    amfol_coverage_view_free(v);
}

static void esc(GString *s, const char *text)
{
    for (const char *c = text; c && *c; c++) {
        switch (*c) {
        case '<': g_string_append(s, "&lt;"); break;
        case '>': g_string_append(s, "&gt;"); break;
        case '&': g_string_append(s, "&amp;"); break;
        case '"': g_string_append(s, "&quot;"); break;
        default: g_string_append_c(s, *c);
        }
    }
}

void amfol_report_coverage_html(amfol_engine *e, GString *out)
{
    GString *text = g_string_new(NULL);
    amfol_report_coverage_detail(e, text);
    /* The same lines as the diagnosis, the first one as the heading. */
    const char *body = strchr(text->str, '\n');
    g_string_append(out, "<section id=\"coverage\"><h2>What this capture can tell</h2><pre class=\"coverage\">");
    esc(out, body ? body + 1 : "");
    g_string_append(out, "</pre></section>\n");
    g_string_free(text, TRUE);
}
