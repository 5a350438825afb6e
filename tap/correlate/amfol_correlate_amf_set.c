/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_correlate_amf_set.c: the rules that join N2 overload episodes with the SBI side of an
 * AMF Set (docs/faults.md): nrf-load-stale (N2 episode x NRF load reports), cascading-overload
 * (N2 episodes of one AMF Set x UEContextTransfer moves), rebalancing-to-loaded-target (moves x
 * the target's NRF load). They read only the SBI module's query API (tap/sbi/amfol_sbi.h): N2
 * episodes with the AMF names SBI interns (amfol_sbi_episode_get), NF profiles and their own
 * load reports, AMF Sets and UE context moves. AMF names from those views compare by pointer. */
#include "amfol_correlate_internal.h"
#include "../sbi/amfol_sbi.h"
#include "amfol_coverage.h"
#include "../core/amfol_rule_needs.h"

#include <stdio.h>
#include <string.h>

/* ---- nrf-load-stale ----------------------------------------------------------------------- */

void corr_nrf_load_stale(amfol_engine *e, amfol_findings *out)
{
    const amfol_config *cfg = &e->cfg;
    const amfol_capture_info *cap = &e->cap;
    double max_s = cfg->nrf_report_max_s;
    int high = (int)cfg->nrf_load_high;
    amfol_sbi_episode x;
    for (size_t i = 0; amfol_sbi_episode_get(e, i, &x); i++) {
        const amfol_sbi_episode *ep = &x;
        int nfi = amfol_sbi_nf_for_amf(e, ep->amf);
        amfol_sbi_nf_view nfv;
        /* Without the tie or without any own report we cannot see this AMF's NRF side. */
        if (nfi < 0 || !amfol_sbi_nf_get(e, (size_t)nfi, &nfv) || nfv.n_reports == 0)
            continue;
        const amfol_sbi_nf_view *nf = &nfv;
        amfol_time end = ep->end_frame ? ep->end : cap->last_time;
        /* Staleness is bounded by the NF's heart-beat timer when the capture shows it (the NRF
         * hears from a registered NF at least that often, TS 29.510), else amfol.nrf_report_max_s. */
        if (nf->heartbeat_s != AMFOL_ABSENT)
            max_s = nf->heartbeat_s;
        else
            max_s = cfg->nrf_report_max_s;
        bool early = false;
        int n_reports = 0, max_load = -1;
        amfol_frame frames[AMFOL_FINDING_MAX_FRAMES];
        amfol_sbi_load_report pt;
        for (size_t k = 0; amfol_sbi_load_report_get(e, (size_t)nfi, k, &pt); k++) {
            const amfol_sbi_load_report *p = &pt;
            if (p->is_register || p->load == AMFOL_ABSENT || p->t < ep->start || p->t > end)
                continue;
            /* A START before the capture: how late the first report came is unknown. */
            if (p->t <= ep->start + max_s || ep->start_unknown)
                early = true;
            if (n_reports < AMFOL_FINDING_MAX_FRAMES)
                frames[n_reports] = p->frame;
            n_reports++;
            if (p->load > max_load)
                max_load = p->load;
        }
        if (early && max_load >= high)
            continue;
        /* Silence proves something only after a whole reporting interval, and only while the
         * capture shows readable SBI at all: an episode shorter than that owed the NRF no report
         * yet; past the last readable HTTP/2 message (a ring buffer's later files decode none of
         * the connections begun earlier) the capture is blind. The evidence items are the
         * intervals passed in sight. */
        amfol_time vis0 = 0, vis1 = 0;
        bool vis = amfol_coverage_sbi_readable_span(e, &vis0, &vis1);
        amfol_time from = vis && vis0 > ep->start ? vis0 : ep->start;
        amfol_time to = vis && vis1 < end ? vis1 : end;
        uint32_t periods = max_s > 0 ? (uint32_t)((end - ep->start) / max_s) : 0;
        uint32_t silent_periods = max_s > 0 && vis && to > from ? (uint32_t)((to - from) / max_s) : 0;
        if (n_reports == 0 && periods == 0)
            continue;
        amfol_finding *f = amfol_findings_add(out, AMFOL_RULE_NRF_LOAD_STALE);
        if (!f)
            return;
        amfol_finding_set_entities(f, ep->amf, NULL, NULL, NULL);
        f->first_frame = ep->start_frame;
        amfol_finding_add_frame(f, ep->start_frame);
        for (int k = 0; k < n_reports && k < AMFOL_FINDING_MAX_FRAMES; k++)
            amfol_finding_add_frame(f, frames[k]);
        f->count = n_reports ? (uint32_t)n_reports : silent_periods ? silent_periods : periods;
        /* A report in a stream whose headers were unreadable (HPACK state lost: the capture
         * began after the connection, or was cut into files), or in a time without any readable
         * SBI, is not silence. */
        uint64_t unreadable = amfol_coverage_sbi_unreadable_in(e, ep->start, end);
        bool blind = !vis || vis1 + max_s < end || vis0 > ep->start + max_s;
        if ((unreadable || blind) && (n_reports == 0 || !early))
            f->missing |= AMFOL_NEED_SBI_HEADERS;
        if (n_reports == 0 && (unreadable || blind))
            amfol_finding_set_summary(f,
                "%s in N2 overload from frame %u (episode %d, %.0f s) sent no readable NRF load "
                "report (NFUpdate) during it; the capture shows %s", ep->amf, ep->start_frame,
                ep->number, end - ep->start,
                !vis ? "no readable HTTP/2 at all"
                     : unreadable ? "HTTP/2 messages with unreadable headers in that time, which may hold them"
                                  : "no readable HTTP/2 for part of it (a cut or a late start), which may hold them");
        else if (n_reports == 0)
            amfol_finding_set_summary(f,
                "%s in N2 overload from frame %u (episode %d, %.0f s) sent no NRF load report "
                "(NFUpdate) during it, %u reporting interval(s) of %.0f s: consumers keep its old load",
                ep->amf, ep->start_frame, ep->number, end - ep->start, silent_periods, max_s);
        else if (!early)
            amfol_finding_set_summary(f,
                "%s in N2 overload from frame %u (episode %d) sent no NRF load report within "
                "%.0f s of the START (%d reports during the episode, highest %d%%)", ep->amf,
                ep->start_frame, ep->number, max_s, n_reports, max_load);
        else
            amfol_finding_set_summary(f,
                "%s in N2 overload from frame %u (episode %d) kept reporting a low load to the "
                "NRF: %d reports during the episode, highest %d%% (< %d%%)", ep->amf,
                ep->start_frame, ep->number, n_reports, max_load, high);
    }
}

/* ---- AMF Set membership ---------------------------------------------------------------- */

/* "00101-2-1": PLMN, region, set, from N2 GUAMIs or the NFProfile (the SBI module's view). */
static bool set_of(amfol_engine *e, const char *amf, char *out, size_t cap)
{
    return amfol_sbi_amf_set(e, amf, out, cap);
}

/* TS 23.502 §4.2.2.2.2: a UEContextTransfer is re-balancing only between AMFs of one AMF Set,
 * with the source overloaded or asking the UE to re-register (CONFIGURATION UPDATE COMMAND,
 * registration requested: the preferred evidence); otherwise it is ordinary mobility. */
static bool is_rebalancing(amfol_engine *e, const amfol_sbi_move *m)
{
    char sset[64], tset[64];
    if (!set_of(e, m->source, sset, sizeof sset) || !set_of(e, m->target, tset, sizeof tset) ||
        strcmp(sset, tset) != 0)
        return false;
    return m->cuc_frame != 0 || m->source_in_overload;
}

/* ---- move index: (source, target) -> move indices, built once per finish ------------------ */

static char *pair_key(const void *a, const void *b)
{
    return g_strdup_printf("%p|%p", a, b);
}

static void free_array(gpointer p)
{
    g_array_free(p, TRUE);
}

static GHashTable *moves_by_pair(amfol_engine *e)
{
    GHashTable *h = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, free_array);
    amfol_sbi_move mv;
    for (guint i = 0; amfol_sbi_move_get(e, i, &mv); i++) {
        const amfol_sbi_move *m = &mv;
        char *k = pair_key(m->source, m->target);
        GArray *a = g_hash_table_lookup(h, k);
        if (!a) {
            a = g_array_new(FALSE, FALSE, sizeof(guint));
            g_hash_table_insert(h, k, a);
        } else {
            g_free(k);
        }
        g_array_append_val(a, i);
    }
    return h;
}

static GArray *pair_moves(GHashTable *h, const void *source, const void *target)
{
    char *k = pair_key(source, target);
    GArray *a = g_hash_table_lookup(h, k);
    g_free(k);
    return a;
}

/* ---- cascading-overload ---------------------------------------------------------------- */

void corr_cascading(amfol_engine *e, amfol_findings *out)
{
    GHashTable *pairs = moves_by_pair(e);
    amfol_sbi_episode tx, cx, srcx;
    amfol_sbi_move mv;
    for (size_t ti = 0; amfol_sbi_episode_get(e, ti, &tx); ti++) {
        const amfol_sbi_episode *t = &tx;
        char tset[64], sset[64];
        /* An episode that began before the capture did not visibly follow another one. */
        if (t->start_unknown || !set_of(e, t->amf, tset, sizeof tset))
            continue;
        const amfol_sbi_episode *src = NULL;
        uint32_t n_moves = 0, best_moves = 0;
        int concurrent = 1;
        for (size_t si = 0; amfol_sbi_episode_get(e, si, &cx); si++) {
            const amfol_sbi_episode *c = &cx;
            if (c->amf == t->amf || c->start >= t->start)
                continue;
            if (!set_of(e, c->amf, sset, sizeof sset) || strcmp(sset, tset) != 0)
                continue;
            bool in_force = c->end_frame == 0 || c->end > t->start;
            concurrent += in_force;
            /* Moves from c's AMF to t's AMF made while c was in overload, before t's START and
             * no more than baseline_s before it. */
            n_moves = 0;
            amfol_time last_move = -1;
            GArray *pm = pair_moves(pairs, c->amf, t->amf);
            for (guint k = 0; pm && k < pm->len; k++) {
                amfol_sbi_move_get(e, g_array_index(pm, guint, k), &mv);
                const amfol_sbi_move *m = &mv;
                if (m->source_in_overload && m->t >= c->start && m->t <= t->start) {
                    n_moves++;
                    last_move = m->t;
                }
            }
            bool moved = n_moves > 0 && t->start - last_move <= e->cfg.baseline_s;
            if (moved && (!src || best_moves == 0)) {
                srcx = *c;   /* c is overwritten by the next episode */
                src = &srcx;
                best_moves = n_moves;
            } else if (!moved && in_force && !src) {
                srcx = *c;
                src = &srcx;
            }
        }
        if (!src)
            continue;
        amfol_finding *f = amfol_findings_add(out, AMFOL_RULE_CASCADING_OVERLOAD);
        if (!f)
            break;
        amfol_finding_set_entities(f, t->amf, NULL, NULL, NULL);
        f->first_frame = t->start_frame;
        amfol_finding_add_frame(f, src->start_frame);
        amfol_finding_add_frame(f, t->start_frame);
        if (best_moves > 0) {
            GArray *pm = pair_moves(pairs, src->amf, t->amf);
            for (guint k = 0; pm && k < pm->len; k++) {
                amfol_sbi_move_get(e, g_array_index(pm, guint, k), &mv);
                const amfol_sbi_move *m = &mv;
                if (m->source_in_overload && m->t >= src->start && m->t <= t->start)
                    amfol_finding_add_frame(f, m->frame);
            }
            f->count = best_moves;
            amfol_finding_set_summary(f,
                "%s entered overload (frame %u) after %u UEs moved to it from %s, in overload "
                "since frame %u; AMF Set %s", t->amf, t->start_frame, best_moves, src->amf,
                src->start_frame, tset);
        } else {
            /* No move from the overloaded AMF: nothing cascaded, the set as a whole is short of
             * capacity (TS 23.501 §5.19.4): a note, not an accusation. */
            f->severity = AMFOL_SEV_NOTE;
            f->count = (uint32_t)concurrent;
            amfol_finding_set_summary(f,
                "set-wide overload: capacity. %s entered overload (frame %u) while %s of the same AMF "
                "Set %s was in overload since frame %u, with no UE moved between them: %d AMFs of "
                "the set in overload at once", t->amf, t->start_frame, src->amf, tset, src->start_frame,
                concurrent);
        }
    }
    g_hash_table_destroy(pairs);
}

/* ---- rebalancing-to-loaded-target ----------------------------------------------------- */

typedef struct pair_finding {
    amfol_finding *f;
    amfol_sbi_move first;          /* a copy: a view's pointers outlive it, the view does not */
    int max_load;
} pair_finding;

void corr_rebalancing(amfol_engine *e, amfol_findings *out)
{
    int high = (int)e->cfg.nrf_load_high;
    /* One finding per (source, target) pair, in order of their first loaded move. */
    GHashTable *by_pair = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    GPtrArray *order = g_ptr_array_new();
    amfol_sbi_move mv;
    for (guint i = 0; amfol_sbi_move_get(e, i, &mv); i++) {
        const amfol_sbi_move *m = &mv;
        if (m->target_load == AMFOL_ABSENT || m->target_load < high || !is_rebalancing(e, m))
            continue;
        char *k = pair_key(m->source, m->target);
        pair_finding *pf = g_hash_table_lookup(by_pair, k);
        if (!pf) {
            amfol_finding *f = amfol_findings_add(out, AMFOL_RULE_REBALANCING_TO_LOADED_TARGET);
            if (!f) {
                g_free(k);
                break;
            }
            pf = g_new0(pair_finding, 1);
            pf->f = f;
            pf->first = *m;
            amfol_finding_set_entities(f, m->target, NULL, NULL, NULL);
            f->first_frame = m->frame;
            g_hash_table_insert(by_pair, k, pf);
            g_ptr_array_add(order, pf);
        } else {
            g_free(k);
        }
        amfol_finding_add_frame(pf->f, m->frame);
        pf->f->count++;
        if (m->target_load > pf->max_load)
            pf->max_load = m->target_load;
    }
    for (guint i = 0; i < order->len; i++) {
        const pair_finding *pf = g_ptr_array_index(order, i);
        amfol_finding_set_summary(pf->f,
            "%u UEs moved from %s to %s while %s's last NRF load report was >= %d%% (up to %d%%, "
            "first at frame %u)", pf->f->count, pf->first.source, pf->first.target,
            pf->first.target, high, pf->max_load, pf->first.target_load_frame);
    }
    g_ptr_array_free(order, TRUE);
    g_hash_table_destroy(by_pair);
}

