/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_n2_report.c: the N2 section of -z amfol,timeline (prose over the rows of
 * amfol_n2_rows.c), the "amfs" and "gnbs" members of -z amfol,json (the same rows through the
 * generic writer, docs/output.md) and the diagnosis headline. */
#include "amfol_n2_rows.h"
#include "../core/amfol_context.h"
#include "../core/amfol_rules.h"
#include "../core/amfol_rows_line.h"
#include "../core/amfol_rows_write.h"

#include <inttypes.h>
#include <string.h>

/* ---- timeline: prose over the rows of amfol_n2_rows.c ------------------------------------- */

static const char *plural(uint64_t n)
{
    return n == 1 ? "" : "s";
}

static void timeline_segment(const amfol_rows *t, size_t r, GString *out)
{
    amfol_rows_line(out, t, r, "      segment from frame {start_frame}: ");
    if (amfol_rows_get_bool(t, r, SGR_SLICE_ONLY)) {
        g_string_append(out, "slice-scoped START, pass-through not judged on N2\n");
        return;
    }
    amfol_rows_line(out, t, r, "shed class {shed_during} in {during_s:%.1f} s after grace, baseline "
                               "{shed_baseline} in {Baseline (s)} s; pass-through observed ");
    amfol_rows_line(out, t, r, amfol_rows_has(t, r, SGR_OBSERVED_PCT) ? "{Observed (%)} %" : "n/a");
    amfol_rows_line(out, t, r, ", expected <= {Expected (%)} %");
    /* A later module may have cleared it (radio: offered requests, docs/faults.md). */
    if (amfol_rows_get_bool(t, r, SGR_REPORTED))
        g_string_append_printf(out, "  << %s", amfol_rule_get(AMFOL_RULE_GNB_IGNORES_OVERLOAD)->id);
    else if (amfol_rows_get_bool(t, r, SGR_IGNORES))
        g_string_append(out, "  (cleared: the radio side shows the requested share of the offered requests shed)");
    g_string_append(out, "\n");
}

static void timeline_part(const amfol_rows *t, size_t r, GString *out)
{
    if (amfol_rows_get_bool(t, r, PTR_BEFORE_CAPTURE)) {
        amfol_rows_line(out, t, r, "    gNB {id}: START before the capture began (action unknown), STOP frame "
                                   "{stop_frame} (t+{Stop (t+s)} s), at least {min_duration_s:%.3f} s\n"
                                   "      InitialUEMessage before: unknown\n"
                                   "      during (from its first frame): {initial_ue.during}\n"
                                   "      after ({initial_ue.after_window_s} s): {initial_ue.after}\n");
        return;
    }
    amfol_rows_line(out, t, r, "    gNB {id}: START frame {start_frame} (t+{Start (t+s)} s)");
    amfol_rows_line(out, t, r, amfol_rows_has(t, r, PTR_STOP_FRAME)
                               ? ", STOP frame {stop_frame} (t+{Stop (t+s)} s), {duration_s:%.3f} s\n"
                               : ", no STOP ({duration_s:%.3f} s at capture end)\n");
    amfol_rows_line(out, t, r, "      InitialUEMessage before ({initial_ue.before_window_s:%.0f} s): "
                               "{initial_ue.before}\n"
                               "      during: {initial_ue.during}\n"
                               "      after ({initial_ue.after_window_s} s): {initial_ue.after}\n");
    const amfol_rows *segs = amfol_rows_get_table(t, r, PTR_SEGMENTS);
    for (size_t s = 0; s < amfol_rows_count(segs); s++)
        timeline_segment(segs, s, out);
}

static void timeline_episode(const amfol_rows *t, size_t r, GString *out)
{
    if (amfol_rows_get_bool(t, r, EPR_BEFORE_CAPTURE)) {
        amfol_rows_line(out, t, r, "  Episode {number}: in force before the capture began (START not captured) "
                                   "to STOP frame {stop_frame} (t+{Stop (t+s)} s), level unknown\n");
    } else {
        amfol_rows_line(out, t, r, "  Episode {number}: START frame {start_frame} (t+{Start (t+s)} s)");
        amfol_rows_line(out, t, r, amfol_rows_has(t, r, EPR_STOP_TIME)
                                   ? " to STOP frame {stop_frame} (t+{Stop (t+s)} s), {duration_s:%.3f} s"
                                   : ", no STOP by capture end ({duration_s:%.3f} s)");
        /* Levels are amfol's convention (docs/faults.md "Levels"), never a 3GPP value: say so. */
        amfol_rows_line(out, t, r, ", highest level {max_level} (amfol's convention, not 3GPP)\n");
    }
    const amfol_rows *ups = amfol_rows_get_table(t, r, EPR_UPDATES);
    for (size_t u = 0; u < amfol_rows_count(ups); u++) {
        amfol_rows_line(out, ups, u, "    frame {frame} (t+{Time (t+s)} s) START to {gnb}: {Parameters}");
        if (amfol_rows_get_bool(ups, u, UPR_REPLACED))
            amfol_rows_line(out, ups, u, " (replaces START frame {replaced_frame})");
        g_string_append(out, "\n");
    }
    uint64_t starts = amfol_rows_get_uint(t, r, EPR_STARTS);
    if (starts > amfol_rows_count(ups))
        g_string_append_printf(out, "    ... %" PRIu64 " more STARTs not listed\n", starts - amfol_rows_count(ups));
    const amfol_rows *parts = amfol_rows_get_table(t, r, EPR_GNBS);
    for (size_t p = 0; p < amfol_rows_count(parts); p++)
        timeline_part(parts, p, out);
    const amfol_rows *not_told = amfol_rows_get_table(t, r, EPR_NOT_TOLD);
    for (size_t i = 0; i < amfol_rows_count(not_told); i++)
        amfol_rows_line(out, not_told, i, "    gNB {gnb}: not told (no OVERLOAD START in this episode)\n");
}

static void timeline_amf(const amfol_rows *t, size_t m, GString *out)
{
    amfol_rows_line(out, t, m, amfol_rows_has(t, m, AMFR_NAME)
                               ? "AMF {id} (AMFName from NG SETUP RESPONSE, address {address}"
                               : "AMF {id} (no NG Setup seen: transport address, address {address}");
    if (amfol_rows_has(t, m, AMFR_CAPACITY))
        amfol_rows_line(out, t, m, ", RelativeAMFCapacity {relative_capacity}");
    if (amfol_rows_count(amfol_rows_get_table(t, m, AMFR_GUAMIS)))
        amfol_rows_line(out, t, m, ", GUAMI {guamis}");
    g_string_append(out, ")\n");
    const amfol_rows *gnbs = amfol_rows_get_table(t, m, AMFR_GNBS);
    for (size_t i = 0; i < amfol_rows_count(gnbs); i++) {
        amfol_rows_line(out, gnbs, i, "  gNB {id} ({named_by}, {address}) first frame {first_frame}, "
                                      "{InitialUEMessages} InitialUEMessages: before {initial_ue.before}; "
                                      "during {initial_ue.during}; after {initial_ue.after}\n");
        if (amfol_rows_has(gnbs, i, AGR_OTHER_PATH))
            amfol_rows_line(out, gnbs, i, "    multi-homed: also seen on {other_path} (same SCTP verification "
                                          "tags), counted as one association\n");
    }
    const amfol_rows *eps = amfol_rows_get_table(t, m, AMFR_EPISODES);
    if (amfol_rows_count(eps) == 0)
        g_string_append(out, "  no overload episode\n");
    for (size_t i = 0; i < amfol_rows_count(eps); i++)
        timeline_episode(eps, i, out);
    if (amfol_rows_get_uint(t, m, AMFR_EPISODES_DROPPED))
        amfol_rows_line(out, t, m, "  ... {episodes_dropped} more episodes not kept\n");
}

void amfol_n2_report_timeline(amfol_engine *e, GString *out)
{
    amfol_rows *t = n2_report_rows(e, NULL);
    uint64_t amfs = amfol_rows_get_uint(t, 0, N2R_AMF_COUNT), assocs = amfol_rows_get_uint(t, 0, N2R_ASSOC_COUNT);
    g_string_append_printf(out, "N2: %" PRIu64 " NGAP PDUs, %" PRIu64 " AMF%s, %" PRIu64 " gNB association%s\n",
                           amfol_rows_get_uint(t, 0, N2R_PDUS), amfs, plural(amfs), assocs, plural(assocs));
    const amfol_rows *amf_rows = amfol_rows_get_table(t, 0, N2R_AMFS);
    for (size_t m = 0; m < amfol_rows_count(amf_rows); m++)
        timeline_amf(amf_rows, m, out);
    if (amfol_rows_get_uint(t, 0, N2R_STOPS_WITHOUT_START))
        amfol_rows_line(out, t, 0, "OVERLOAD STOP without a START in force: {STOPs without START}\n");
    if (amfol_rows_get_uint(t, 0, N2R_ASSOCS_DROPPED) || amfol_rows_get_uint(t, 0, N2R_AMFS_DROPPED))
        amfol_rows_line(out, t, 0, "Not tracked (tables full): {PDUs of untracked associations} PDUs of new "
                                   "associations, {AMFs not tracked} AMFs\n");
    amfol_rows_free(t);
}

/* ---- JSON: the generic writer over the same rows ------------------------------------------ */

void amfol_n2_report_json(amfol_engine *e, json_dumper *d, const amfol_n2_amf_children *children)
{
    amfol_rows *t = n2_report_rows(e, children);
    amfol_rows_json_members(d, t);     /* "amfs", "gnbs" */
    amfol_rows_free(t);
}

/* A finding's "gnb_associations": the N2 associations of the gNB it names (one gNB, listed once
 * with all of them); an empty list for a gNB N2 does not know, null for no gNB. */
void amfol_n2_report_gnb_associations(amfol_engine *e, json_dumper *d, const char *gnb)
{
    json_dumper_set_member_name(d, "gnb_associations");
    amfol_rows *t = gnb ? n2_gnb_association_rows(e->n2, gnb) : NULL;
    amfol_rows_json(d, t);
    amfol_rows_free(t);
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

/* ---- diagnosis headline: one line per episode, from the same rows --------------------------- */

static void headline_episode(const amfol_rows *amfs, size_t m, const amfol_rows *t, size_t r, GString *out)
{
    uint64_t told = amfol_rows_count(amfol_rows_get_table(t, r, EPR_GNBS));
    amfol_rows_line(out, amfs, m, "AMF {id}: ");
    if (amfol_rows_get_bool(t, r, EPR_BEFORE_CAPTURE)) {
        amfol_rows_line(out, t, r, "overload episode {number} in force before the capture began, STOP to ");
        g_string_append_printf(out, "%" PRIu64 " gNB%s", told, plural(told));
        amfol_rows_line(out, t, r, " by frame {stop_frame} (t+{Stop (t+s):%.1f} s); START and action not captured\n");
        return;
    }
    amfol_rows_line(out, t, r, "overload episode {number} from frame {start_frame} (t+{Start (t+s):%.1f} s) ");
    amfol_rows_line(out, t, r, amfol_rows_has(t, r, EPR_STOP_TIME) ? "to frame {stop_frame} (t+{Stop (t+s):%.1f} s)"
                                                                 : "with no STOP by capture end ({duration_s:%.1f} s)");
    amfol_rows_line(out, t, r, ", amfol level {max_level} ({First action}");
    if (amfol_rows_has(t, r, EPR_FIRST_PCT))
        amfol_rows_line(out, t, r, ", {First reduction %} %");
    uint64_t seen = amfol_rows_get_uint(t, r, EPR_SEEN), starts = amfol_rows_get_uint(t, r, EPR_STARTS);
    g_string_append_printf(out, "), told %" PRIu64 " of %" PRIu64 " gNB%s", told, seen, plural(seen));
    if (starts > told)
        g_string_append_printf(out, ", %" PRIu64 " replacing START%s", starts - told, plural(starts - told));
    g_string_append(out, "\n");
}

void amfol_n2_report_headline(amfol_engine *e, GString *out)
{
    amfol_rows *t = n2_report_rows(e, NULL);
    const amfol_rows *amfs = amfol_rows_get_table(t, 0, N2R_AMFS);
    size_t episodes = 0;
    for (size_t m = 0; m < amfol_rows_count(amfs); m++) {
        const amfol_rows *eps = amfol_rows_get_table(amfs, m, AMFR_EPISODES);
        for (size_t i = 0; i < amfol_rows_count(eps); i++, episodes++)
            headline_episode(amfs, m, eps, i, out);
    }
    uint64_t assocs = amfol_rows_get_uint(t, 0, N2R_ASSOC_COUNT);
    if (episodes == 0)
        g_string_append_printf(out, "No OVERLOAD START in this capture (%" PRIu64 " NGAP PDUs from %" PRIu64
                               " association%s)\n", amfol_rows_get_uint(t, 0, N2R_PDUS), assocs, plural(assocs));
    amfol_rows_free(t);
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
