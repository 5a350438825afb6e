/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_n2_report.c: the N2 section of -z amfol,timeline and the "amfs" member of -z amfol,json
 * (docs/output.md). */
#include "amfol_n2_internal.h"
#include "../core/amfol_engine_internal.h"
#include "../symptoms/amfol_symptoms.h"   /* amfs[].symptoms (issue 14) */

#include <string.h>

/* ---- shared helpers ------------------------------------------------------------------ */

static double rel(const amfol_engine *e, amfol_time t)
{
    return t - e->cap.first_time;
}

static void guami_text(const amfol_guami *g, char *buf, size_t cap)
{
    g_snprintf(buf, cap, "%s-%u-%u-%u", g->plmn.digits, (unsigned)g->region_id,
               (unsigned)g->set_id, (unsigned)g->pointer);
}

static const char *name_source(const n2_assoc *a)
{
    switch (a->gnb_source) {
    case N2_NAME_NODE_NAME: return "RANNodeName";
    case N2_NAME_GLOBAL_ID: return "GlobalRANNodeID";
    default: return "transport";
    }
}

static void counts_text(GString *out, const n2_cause_counts c)
{
    bool any = false;
    for (int k = 0; k < AMFOL_CAUSE_COUNT; k++) {
        if (!c[k])
            continue;
        g_string_append_printf(out, "%s%s %u", any ? ", " : "", amfol_cause_name(k), c[k]);
        any = true;
    }
    if (!any)
        g_string_append(out, "-");
}

static void params_text(GString *out, int action, int pct, const n2_update *u)
{
    g_string_append(out, amfol_action_name(action));
    if (pct > 0)
        g_string_append_printf(out, " %d %%", pct);
    if (!u)
        return;
    for (int i = 0; i < u->n_slice_items; i++) {
        const amfol_slice_item *s = &u->slice_items[i];
        g_string_append(out, i == 0 ? "; slices " : " | ");
        for (int k = 0; k < s->n_snssai; k++) {
            char sn[24];
            amfol_snssai_text(&s->snssai[k], sn, sizeof sn);
            g_string_append_printf(out, "%s%s", k ? "," : "", sn);
        }
        g_string_append_printf(out, " %s", amfol_action_name(s->action));
        if (s->reduction_pct > 0)
            g_string_append_printf(out, " %d %%", s->reduction_pct);
    }
}

/* ---- timeline ------------------------------------------------------------------------ */

static void timeline_part(const amfol_engine *e, const n2_part *part, const n2_assoc *a, GString *out)
{
    const amfol_n2 *n2 = e->n2;
    if (part->before_capture) {
        g_string_append_printf(out, "    gNB %s: START before the capture began (action unknown), STOP frame "
                               "%u (t+%.3f s), at least %.3f s\n      InitialUEMessage before: unknown\n"
                               "      during (from its first frame): ", a->gnb_id, part->stop_frame,
                               rel(e, part->stop_time), part->stop_time - part->first_start_time);
        counts_text(out, part->during);
        g_string_append_printf(out, "\n      after (%u s): ", n2->cfg.baseline_s);
        counts_text(out, part->after);
        g_string_append(out, "\n");
        return;
    }
    g_string_append_printf(out, "    gNB %s: START frame %u (t+%.3f s)", a->gnb_id,
                           part->first_start_frame, rel(e, part->first_start_time));
    if (part->stop_frame)
        g_string_append_printf(out, ", STOP frame %u (t+%.3f s), %.3f s\n", part->stop_frame,
                               rel(e, part->stop_time), part->stop_time - part->first_start_time);
    else
        g_string_append_printf(out, ", no STOP (%.3f s at capture end)\n",
                               e->cap.last_time - part->first_start_time);
    g_string_append_printf(out, "      InitialUEMessage before (%.0f s): ", part->baseline_span_s);
    counts_text(out, part->before);
    g_string_append(out, "\n      during: ");
    counts_text(out, part->during);
    g_string_append_printf(out, "\n      after (%u s): ", n2->cfg.baseline_s);
    counts_text(out, part->after);
    g_string_append(out, "\n");
    for (guint s = 0; s < part->segments->len; s++) {
        const n2_segment *seg = g_ptr_array_index(part->segments, s);
        n2_judgement j;
        bool hit = n2_segment_judge(n2, part, seg, e->cap.last_time, &j);
        g_string_append_printf(out, "      segment from frame %u: ", seg->start_frame);
        if (seg->slice_only) {
            g_string_append(out, "slice-scoped START, pass-through not judged on N2\n");
            continue;
        }
        g_string_append_printf(out, "shed class %u in %.1f s after grace, baseline %u in %.0f s; "
                               "pass-through observed ", j.shed_during, j.during_s > 0 ? j.during_s : 0,
                               j.shed_baseline, j.baseline_s);
        if (j.observed >= 0)
            g_string_append_printf(out, "%.0f %%", 100.0 * j.observed);
        else
            g_string_append(out, "n/a");
        /* A later module may have cleared it (radio: offered requests, docs/faults.md). */
        bool kept = false;
        for (size_t i = 0; hit && !kept && i < amfol_findings_count(e->findings); i++) {
            const amfol_finding *f = amfol_findings_get(e->findings, i);
            kept = f->rule_id == AMFOL_RULE_GNB_IGNORES_OVERLOAD && f->first_frame == seg->start_frame &&
                   g_strcmp0(f->gnb, a->gnb_id) == 0;
        }
        g_string_append_printf(out, ", expected <= %.0f %%", 100.0 * j.expected);
        if (kept)
            g_string_append_printf(out, "  << %s", amfol_rule_get(AMFOL_RULE_GNB_IGNORES_OVERLOAD)->id);
        else if (hit)
            g_string_append(out, "  (cleared: the radio side shows the requested share of the offered requests shed)");
        g_string_append_c(out, '\n');
    }
}

static void timeline_episode(const amfol_engine *e, int amf_index, const n2_episode *ep, GString *out)
{
    const amfol_n2 *n2 = e->n2;
    if (ep->before_capture)
        g_string_append_printf(out, "  Episode %d: in force before the capture began (START not captured) "
                               "to STOP frame %u (t+%.3f s)", ep->number, ep->stop_frame, rel(e, ep->stop_time));
    else
        g_string_append_printf(out, "  Episode %d: START frame %u (t+%.3f s)", ep->number, ep->start_frame,
                               rel(e, ep->start_time));
    if (ep->before_capture)
        g_string_append(out, ", level unknown\n");
    else if (ep->closed)
        g_string_append_printf(out, " to STOP frame %u (t+%.3f s), %.3f s", ep->stop_frame,
                               rel(e, ep->stop_time), ep->stop_time - ep->start_time);
    else
        g_string_append_printf(out, ", no STOP by capture end (%.3f s)", e->cap.last_time - ep->start_time);
    /* Levels are amfol's convention (docs/faults.md "Levels"), never a 3GPP value: say so. */
    if (!ep->before_capture)
        g_string_append_printf(out, ", highest level %s (amfol's convention, not 3GPP)\n",
                               amfol_level_name(ep->max_level));
    for (guint u = 0; u < ep->updates->len; u++) {
        const n2_update *up = g_ptr_array_index(ep->updates, u);
        const n2_assoc *a = g_ptr_array_index(n2->assocs, up->assoc);
        g_string_append_printf(out, "    frame %u (t+%.3f s) START to %s: ", up->frame, rel(e, up->time),
                               a->gnb_id);
        params_text(out, up->action, up->reduction_pct, up);
        if (up->replaced)
            g_string_append_printf(out, " (replaces START frame %u)", up->replaced_frame);
        g_string_append(out, "\n");
    }
    if (ep->n_updates > ep->updates->len)
        g_string_append_printf(out, "    ... %u more STARTs not listed\n", ep->n_updates - ep->updates->len);
    for (guint p = 0; p < ep->parts->len; p++) {
        const n2_part *part = g_ptr_array_index(ep->parts, p);
        timeline_part(e, part, g_ptr_array_index(n2->assocs, part->assoc), out);
    }
    /* Associations of this AMF that were not told (unknowable before the capture) */
    if (ep->before_capture)
        return;
    amfol_frame end_frame = ep->closed ? ep->stop_frame : UINT32_MAX;
    for (guint i = 0; i < n2->assocs->len; i++) {
        const n2_assoc *a = g_ptr_array_index(n2->assocs, i);
        if (a->amf != amf_index || a->first_frame > end_frame)
            continue;
        bool told = false;
        for (guint p = 0; p < ep->parts->len && !told; p++)
            told = ((const n2_part *)g_ptr_array_index(ep->parts, p))->assoc == (int)i;
        if (!told)
            g_string_append_printf(out, "    gNB %s: not told (no OVERLOAD START in this episode)\n", a->gnb_id);
    }
}

void amfol_n2_report_timeline(amfol_engine *e, GString *out)
{
    const amfol_n2 *n2 = e->n2;
    g_string_append_printf(out, "N2: %" G_GUINT64_FORMAT " NGAP PDUs, %u AMF%s, %u gNB association%s\n",
                           n2->pdus, n2->amfs->len, n2->amfs->len == 1 ? "" : "s",
                           n2->assocs->len, n2->assocs->len == 1 ? "" : "s");
    for (guint m = 0; m < n2->amfs->len; m++) {
        const n2_amf *amf = g_ptr_array_index(n2->amfs, m);
        g_string_append_printf(out, "AMF %s (%s, address %s", amf->id,
                               amf->name ? "AMFName from NG SETUP RESPONSE" : "no NG Setup seen: transport address",
                               amf->address.text);
        if (amf->relative_capacity != AMFOL_ABSENT)
            g_string_append_printf(out, ", RelativeAMFCapacity %d", amf->relative_capacity);
        for (int g = 0; g < amf->n_guamis; g++) {
            char buf[48];
            guami_text(&amf->guamis[g], buf, sizeof buf);
            g_string_append_printf(out, "%s%s", g == 0 ? ", GUAMI " : " ", buf);
        }
        g_string_append(out, ")\n");
        for (guint i = 0; i < n2->assocs->len; i++) {
            const n2_assoc *a = g_ptr_array_index(n2->assocs, i);
            if (a->amf != (int)m)
                continue;
            g_string_append_printf(out, "  gNB %s (%s, %s) first frame %u, %" G_GUINT64_FORMAT
                                   " InitialUEMessages: before ", a->gnb_id, name_source(a),
                                   a->gnb_ep.text, a->first_frame, a->initial_ue);
            counts_text(out, a->tot_before);
            g_string_append(out, "; during ");
            counts_text(out, a->tot_during);
            g_string_append(out, "; after ");
            counts_text(out, a->tot_after);
            g_string_append(out, "\n");
            if (a->other_path[0])
                g_string_append_printf(out, "    multi-homed: also seen on %s (same SCTP verification tags), "
                                       "counted as one association\n", a->other_path);
        }
        if (amf->episodes->len == 0)
            g_string_append(out, "  no overload episode\n");
        for (guint i = 0; i < amf->episodes->len; i++)
            timeline_episode(e, (int)m, g_ptr_array_index(amf->episodes, i), out);
        if (amf->episodes_dropped)
            g_string_append_printf(out, "  ... %u more episodes not kept\n", amf->episodes_dropped);
    }
    if (n2->stops_without_start)
        g_string_append_printf(out, "OVERLOAD STOP without a START in force: %" G_GUINT64_FORMAT "\n",
                               n2->stops_without_start);
    if (n2->assocs_dropped || n2->amfs_dropped)
        g_string_append_printf(out, "Not tracked (tables full): %u PDUs of new associations, %u AMFs\n",
                               n2->assocs_dropped, n2->amfs_dropped);
}

/* ---- JSON ---------------------------------------------------------------------------- */

static void j_str_or_null(json_dumper *d, const char *name, const char *v)
{
    json_dumper_set_member_name(d, name);
    if (v)
        json_dumper_value_string(d, v);
    else
        json_dumper_value_anyf(d, "null");
}

static void j_int(json_dumper *d, const char *name, int64_t v)
{
    json_dumper_set_member_name(d, name);
    json_dumper_value_anyf(d, "%" G_GINT64_FORMAT, (gint64)v);
}

static void j_int_or_null(json_dumper *d, const char *name, int v)
{
    json_dumper_set_member_name(d, name);
    if (v == AMFOL_ABSENT)
        json_dumper_value_anyf(d, "null");
    else
        json_dumper_value_anyf(d, "%d", v);
}

static void j_frame_or_null(json_dumper *d, const char *name, amfol_frame f)
{
    json_dumper_set_member_name(d, name);
    if (f)
        json_dumper_value_anyf(d, "%u", f);
    else
        json_dumper_value_anyf(d, "null");
}

static void j_time(json_dumper *d, const char *name, amfol_time t)
{
    json_dumper_set_member_name(d, name);
    json_dumper_value_anyf(d, "%.6f", t);
}

static void j_time_or_null(json_dumper *d, const char *name, amfol_time t, bool present)
{
    if (present)
        j_time(d, name, t);
    else
        j_str_or_null(d, name, NULL);
}

static void j_double(json_dumper *d, const char *name, double v)
{
    json_dumper_set_member_name(d, name);
    json_dumper_value_anyf(d, "%.6g", v);
}

static void j_counts(json_dumper *d, const char *name, const n2_cause_counts c)
{
    json_dumper_set_member_name(d, name);
    json_dumper_begin_object(d);
    for (int k = 0; k < AMFOL_CAUSE_COUNT; k++)
        if (c[k])
            j_int(d, amfol_cause_name(k), c[k]);
    json_dumper_end_object(d);
}

static void j_update(json_dumper *d, const amfol_n2 *n2, const n2_update *u)
{
    const n2_assoc *a = g_ptr_array_index(n2->assocs, u->assoc);
    json_dumper_begin_object(d);
    j_int(d, "frame", u->frame);
    j_time(d, "time", u->time);
    j_str_or_null(d, "gnb", a->gnb_id);
    j_str_or_null(d, "action", u->action == AMFOL_ABSENT ? NULL : amfol_action_name(u->action));
    j_int_or_null(d, "reduction_pct", u->reduction_pct);
    j_str_or_null(d, "level", amfol_level_name(u->slice_only ? AMFOL_LEVEL_NORMAL : amfol_level_for_action(u->action)));
    json_dumper_set_member_name(d, "replaced");
    json_dumper_value_anyf(d, u->replaced ? "true" : "false");
    j_frame_or_null(d, "replaced_frame", u->replaced_frame);
    json_dumper_set_member_name(d, "slices");
    json_dumper_begin_array(d);
    for (int i = 0; i < u->n_slice_items; i++) {
        const amfol_slice_item *s = &u->slice_items[i];
        for (int k = 0; k < s->n_snssai; k++) {
            char sn[24];
            amfol_snssai_text(&s->snssai[k], sn, sizeof sn);
            json_dumper_begin_object(d);
            j_str_or_null(d, "snssai", sn);
            j_str_or_null(d, "action", s->action == AMFOL_ABSENT ? NULL : amfol_action_name(s->action));
            j_int_or_null(d, "reduction_pct", s->reduction_pct);
            j_int(d, "item", i);
            json_dumper_end_object(d);
        }
    }
    json_dumper_end_array(d);
    json_dumper_end_object(d);
}

static void j_part(json_dumper *d, const amfol_engine *e, const n2_part *part)
{
    const amfol_n2 *n2 = e->n2;
    const n2_assoc *a = g_ptr_array_index(n2->assocs, part->assoc);
    json_dumper_begin_object(d);
    j_str_or_null(d, "id", a->gnb_id);
    j_frame_or_null(d, "start_frame", part->first_start_frame);
    j_frame_or_null(d, "stop_frame", part->stop_frame);
    j_time_or_null(d, "start_time", part->first_start_time, !part->before_capture);
    j_time_or_null(d, "stop_time", part->stop_time, part->stop_frame != 0);
    /* Before the capture: at least from the association's first frame. */
    j_double(d, part->before_capture ? "min_duration_s" : "duration_s",
             (part->stop_frame ? part->stop_time : e->cap.last_time) - part->first_start_time);
    json_dumper_set_member_name(d, "start_before_capture");
    json_dumper_value_anyf(d, part->before_capture ? "true" : "false");
    json_dumper_set_member_name(d, "start_frames");
    json_dumper_begin_array(d);
    for (int k = 0; k < part->n_start_frames; k++)
        json_dumper_value_anyf(d, "%u", part->start_frames[k]);
    json_dumper_end_array(d);
    json_dumper_set_member_name(d, "initial_ue");
    json_dumper_begin_object(d);
    j_double(d, "before_window_s", part->baseline_span_s);
    if (part->before_capture)
        j_str_or_null(d, "before", NULL);      /* the state before the first frame is unknown */
    else
        j_counts(d, "before", part->before);
    j_counts(d, "during", part->during);
    j_int(d, "after_window_s", n2->cfg.baseline_s);
    j_counts(d, "after", part->after);
    json_dumper_end_object(d);
    json_dumper_set_member_name(d, "segments");
    json_dumper_begin_array(d);
    for (guint s = 0; s < part->segments->len; s++) {
        const n2_segment *seg = g_ptr_array_index(part->segments, s);
        n2_judgement j;
        bool hit = n2_segment_judge(n2, part, seg, e->cap.last_time, &j);
        json_dumper_begin_object(d);
        j_int(d, "start_frame", seg->start_frame);
        j_frame_or_null(d, "end_frame", seg->ended ? seg->end_frame : 0);
        j_str_or_null(d, "action", seg->action == AMFOL_ABSENT ? NULL : amfol_action_name(seg->action));
        j_int_or_null(d, "reduction_pct", seg->reduction_pct);
        json_dumper_set_member_name(d, "slice_only");
        json_dumper_value_anyf(d, seg->slice_only ? "true" : "false");
        j_int(d, "shed_during", j.shed_during);
        j_int(d, "shed_baseline", j.shed_baseline);
        j_double(d, "during_s", j.during_s > 0 ? j.during_s : 0);
        j_double(d, "expected_pass_through", j.expected);
        json_dumper_set_member_name(d, "observed_pass_through");
        if (j.observed >= 0)
            json_dumper_value_anyf(d, "%.6g", j.observed);
        else
            json_dumper_value_anyf(d, "null");
        json_dumper_set_member_name(d, "p_value");
        if (j.judged)
            json_dumper_value_anyf(d, "%.6g", j.p_value);
        else
            json_dumper_value_anyf(d, "null");
        json_dumper_set_member_name(d, "ignores_overload");
        json_dumper_value_anyf(d, hit ? "true" : "false");
        json_dumper_end_object(d);
    }
    json_dumper_end_array(d);
    json_dumper_end_object(d);
}

static void j_episode(json_dumper *d, const amfol_engine *e, int amf_index, const n2_episode *ep)
{
    const amfol_n2 *n2 = e->n2;
    json_dumper_begin_object(d);
    j_int(d, "number", ep->number);
    j_frame_or_null(d, "start_frame", ep->start_frame);
    j_frame_or_null(d, "stop_frame", ep->closed ? ep->stop_frame : 0);
    j_time_or_null(d, "start_time", ep->start_time, !ep->before_capture);
    j_time_or_null(d, "stop_time", ep->stop_time, ep->closed);
    j_double(d, ep->before_capture ? "min_duration_s" : "duration_s",
             (ep->closed ? ep->stop_time : e->cap.last_time) - ep->start_time);
    json_dumper_set_member_name(d, "start_before_capture");
    json_dumper_value_anyf(d, ep->before_capture ? "true" : "false");
    j_str_or_null(d, "max_level", ep->before_capture ? NULL : amfol_level_name(ep->max_level));
    j_int(d, "starts", ep->n_updates);
    json_dumper_set_member_name(d, "updates");
    json_dumper_begin_array(d);
    for (guint u = 0; u < ep->updates->len; u++)
        j_update(d, n2, g_ptr_array_index(ep->updates, u));
    json_dumper_end_array(d);
    json_dumper_set_member_name(d, "gnbs");
    json_dumper_begin_array(d);
    for (guint p = 0; p < ep->parts->len; p++)
        j_part(d, e, g_ptr_array_index(ep->parts, p));
    json_dumper_end_array(d);
    json_dumper_set_member_name(d, "gnbs_not_told");
    json_dumper_begin_array(d);
    amfol_frame end_frame = ep->closed ? ep->stop_frame : UINT32_MAX;
    for (guint i = 0; !ep->before_capture && i < n2->assocs->len; i++) {
        const n2_assoc *a = g_ptr_array_index(n2->assocs, i);
        if (a->amf != amf_index || a->first_frame > end_frame)
            continue;
        bool told = false;
        for (guint p = 0; p < ep->parts->len && !told; p++)
            told = ((const n2_part *)g_ptr_array_index(ep->parts, p))->assoc == (int)i;
        if (!told)
            json_dumper_value_string(d, a->gnb_id);
    }
    json_dumper_end_array(d);
    json_dumper_end_object(d);
}


/* The associations (from index `from` on) whose gNB is `gnb` (interned: pointer equality). */
static void gnb_associations(json_dumper *d, const amfol_n2 *n2, const char *gnb, guint from)
{
    json_dumper_begin_array(d);
    for (guint k = from; k < n2->assocs->len; k++) {
        const n2_assoc *x = g_ptr_array_index(n2->assocs, k);
        if (x->gnb_id != gnb)
            continue;
        const n2_amf *amf = n2_amf_of(n2, x);
        json_dumper_begin_object(d);
        j_str_or_null(d, "amf", amf ? amf->id : NULL);
        j_str_or_null(d, "address", x->gnb_ep.text);
        j_str_or_null(d, "amf_address", x->amf_ep.text);
        j_int(d, "first_frame", x->first_frame);
        json_dumper_end_object(d);
    }
    json_dumper_end_array(d);
}

void amfol_n2_report_json(amfol_engine *e, json_dumper *d)
{
    const amfol_n2 *n2 = e->n2;
    json_dumper_set_member_name(d, "amfs");
    json_dumper_begin_array(d);
    for (guint m = 0; m < n2->amfs->len; m++) {
        const n2_amf *amf = g_ptr_array_index(n2->amfs, m);
        json_dumper_begin_object(d);
        j_str_or_null(d, "id", amf->id);
        j_str_or_null(d, "name", amf->name);
        j_str_or_null(d, "named_by", amf->name ? "NGSetupResponse" : "transport");
        j_str_or_null(d, "address", amf->address.text);
        j_int_or_null(d, "relative_capacity", amf->relative_capacity);
        json_dumper_set_member_name(d, "guamis");
        json_dumper_begin_array(d);
        for (int g = 0; g < amf->n_guamis; g++) {
            char buf[48];
            guami_text(&amf->guamis[g], buf, sizeof buf);
            json_dumper_value_string(d, buf);
        }
        json_dumper_end_array(d);
        json_dumper_set_member_name(d, "gnbs");
        json_dumper_begin_array(d);
        for (guint i = 0; i < n2->assocs->len; i++) {
            const n2_assoc *a = g_ptr_array_index(n2->assocs, i);
            if (a->amf != (int)m)
                continue;
            json_dumper_begin_object(d);
            j_str_or_null(d, "id", a->gnb_id);
            j_str_or_null(d, "named_by", name_source(a));
            j_str_or_null(d, "address", a->gnb_ep.text);
            j_int(d, "first_frame", a->first_frame);
            j_int(d, "ngap_pdus", (int64_t)a->pdus);
            j_int(d, "stops_without_start", a->stops_without_start);
            j_str_or_null(d, "other_path", a->other_path[0] ? a->other_path : NULL);
            json_dumper_set_member_name(d, "initial_ue");
            json_dumper_begin_object(d);
            j_counts(d, "before", a->tot_before);
            j_counts(d, "during", a->tot_during);
            j_counts(d, "after", a->tot_after);
            json_dumper_end_object(d);
            json_dumper_end_object(d);
        }
        json_dumper_end_array(d);
        json_dumper_set_member_name(d, "episodes");
        json_dumper_begin_array(d);
        for (guint i = 0; i < amf->episodes->len; i++)
            j_episode(d, e, (int)m, g_ptr_array_index(amf->episodes, i));
        json_dumper_end_array(d);
        j_int(d, "episodes_dropped", amf->episodes_dropped);
        amfol_symptoms_report_json_amf(e, amf->id, d);   /* issue 14: amfs[].symptoms */
        json_dumper_end_object(d);
    }
    json_dumper_end_array(d);
    /* One gNB is one gNB (issue 9): each gNB once, with its associations to the AMFs. */
    json_dumper_set_member_name(d, "gnbs");
    json_dumper_begin_array(d);
    for (guint i = 0; i < n2->assocs->len; i++) {
        const n2_assoc *a = g_ptr_array_index(n2->assocs, i);
        bool seen = false;
        for (guint k = 0; k < i && !seen; k++)
            seen = ((const n2_assoc *)g_ptr_array_index(n2->assocs, k))->gnb_id == a->gnb_id;
        if (seen)
            continue;
        json_dumper_begin_object(d);
        j_str_or_null(d, "id", a->gnb_id);
        json_dumper_set_member_name(d, "associations");
        gnb_associations(d, n2, a->gnb_id, i);
        json_dumper_end_object(d);
    }
    json_dumper_end_array(d);
}

/* A finding's "gnb_associations": the N2 associations of the gNB it names (one gNB, listed once
 * with all of them); an empty list for a gNB N2 does not know, null for no gNB. */
void amfol_n2_report_gnb_associations(amfol_engine *e, json_dumper *d, const char *gnb)
{
    json_dumper_set_member_name(d, "gnb_associations");
    if (!gnb) {
        json_dumper_value_anyf(d, "null");
        return;
    }
    const amfol_n2 *n2 = e->n2;
    for (guint i = 0; i < n2->assocs->len; i++) {
        const n2_assoc *a = g_ptr_array_index(n2->assocs, i);
        if (strcmp(a->gnb_id, gnb) == 0) {
            gnb_associations(d, n2, a->gnb_id, i);
            return;
        }
    }
    json_dumper_begin_array(d);
    json_dumper_end_array(d);
}

/* Numbers for the other reports (diagnosis headline). */
uint64_t amfol_n2_pdu_count(const amfol_n2 *n2)
{
    return n2 ? n2->pdus : 0;
}

unsigned amfol_n2_assoc_count(const amfol_n2 *n2)
{
    return n2 ? n2->assocs->len : 0;
}

/* ---- diagnosis headline -------------------------------------------------------------- */

void amfol_n2_report_headline(amfol_engine *e, GString *out)
{
    const amfol_n2 *n2 = e->n2;
    unsigned episodes = 0;
    for (guint m = 0; m < n2->amfs->len; m++) {
        const n2_amf *amf = g_ptr_array_index(n2->amfs, m);
        for (guint i = 0; i < amf->episodes->len; i++) {
            const n2_episode *ep = g_ptr_array_index(amf->episodes, i);
            episodes++;
            if (ep->before_capture) {
                g_string_append_printf(out, "AMF %s: overload episode %d in force before the capture began, "
                                       "STOP to %u gNB%s by frame %u (t+%.1f s); START and action not captured\n",
                                       amf->id, ep->number, ep->parts->len, ep->parts->len == 1 ? "" : "s",
                                       ep->stop_frame, rel(e, ep->stop_time));
                continue;
            }
            g_string_append_printf(out, "AMF %s: overload episode %d from frame %u (t+%.1f s) ", amf->id,
                                   ep->number, ep->start_frame, rel(e, ep->start_time));
            if (ep->closed)
                g_string_append_printf(out, "to frame %u (t+%.1f s)", ep->stop_frame, rel(e, ep->stop_time));
            else
                g_string_append_printf(out, "with no STOP by capture end (%.1f s)",
                                       e->cap.last_time - ep->start_time);
            const n2_update *u = ep->updates->len ? g_ptr_array_index(ep->updates, 0) : NULL;
            g_string_append_printf(out, ", amfol level %s (", amfol_level_name(ep->max_level));
            if (u && u->slice_only)
                g_string_append(out, "slice-scoped");
            else
                g_string_append(out, u ? amfol_action_name(u->action) : "?");
            if (u && u->reduction_pct > 0)
                g_string_append_printf(out, ", %d %%", u->reduction_pct);
            unsigned seen = 0;
            amfol_frame end_frame = ep->closed ? ep->stop_frame : UINT32_MAX;
            for (guint k = 0; k < n2->assocs->len; k++) {
                const n2_assoc *a = g_ptr_array_index(n2->assocs, k);
                bool told = false;
                for (guint p = 0; p < ep->parts->len && !told; p++)
                    told = ((const n2_part *)g_ptr_array_index(ep->parts, p))->assoc == (int)k;
                if (told || (a->amf == (int)m && a->first_frame <= end_frame))
                    seen++;
            }
            g_string_append_printf(out, "), told %u of %u gNB%s", ep->parts->len, seen, seen == 1 ? "" : "s");
            if (ep->n_updates > ep->parts->len) {
                unsigned more = ep->n_updates - ep->parts->len;
                g_string_append_printf(out, ", %u replacing START%s", more, more == 1 ? "" : "s");
            }
            g_string_append(out, "\n");
        }
    }
    if (episodes == 0)
        g_string_append_printf(out, "No OVERLOAD START in this capture (%" G_GUINT64_FORMAT
                               " NGAP PDUs from %u association%s)\n", n2->pdus, n2->assocs->len,
                               n2->assocs->len == 1 ? "" : "s");
}

/* ---- table rows ---------------------------------------------------------------------- */

void amfol_n2_rows(amfol_engine *e, amfol_n2_row_cb cb, void *user)
{
    const amfol_n2 *n2 = e->n2;
    for (guint m = 0; m < n2->amfs->len; m++) {
        const n2_amf *amf = g_ptr_array_index(n2->amfs, m);
        for (guint i = 0; i < amf->episodes->len; i++) {
            const n2_episode *ep = g_ptr_array_index(amf->episodes, i);
            for (guint p = 0; p < ep->parts->len; p++) {
                const n2_part *part = g_ptr_array_index(ep->parts, p);
                const n2_assoc *a = g_ptr_array_index(n2->assocs, part->assoc);
                const n2_segment *seg = part->segments->len ? g_ptr_array_index(part->segments, 0) : NULL;
                amfol_n2_row row;
                memset(&row, 0, sizeof row);
                row.amf = amf->id;
                row.gnb = a->gnb_id;
                row.episode = ep->number;
                row.start_frame = part->first_start_frame;
                row.stop_frame = part->stop_frame;
                row.duration_s = (part->stop_frame ? part->stop_time : e->cap.last_time) - part->first_start_time;
                row.action = seg ? seg->action : AMFOL_ABSENT;
                row.reduction_pct = seg ? seg->reduction_pct : AMFOL_ABSENT;
                row.starts = part->n_starts;
                row.slice_only = seg && seg->slice_only;
                row.observed_pass = -1.0;
                if (seg && !seg->slice_only) {
                    row.shed_before = n2_shed_in(part->before, seg->action);
                    row.shed_during = n2_shed_in(part->during, seg->action);
                    row.shed_after = n2_shed_in(part->after, seg->action);
                    n2_judgement j;
                    n2_segment_judge(n2, part, seg, e->cap.last_time, &j);
                    row.observed_pass = j.observed;
                    row.expected_pass = j.expected;
                }
                cb(&row, user);
            }
        }
    }
}
