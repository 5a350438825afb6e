/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_rules.c: the SBI and AMF-Set rules of docs/faults.md (nrf-load-stale,
 * cascading-overload, rebalancing-to-loaded-target, sbi-overload-ignored, sbi-oci-malformed). */
#include "amfol_sbi_internal.h"

#include <stdio.h>
#include <string.h>

/* ---- nrf-load-stale ----------------------------------------------------------------------- */

void sbi_rules_nrf_load_stale(amfol_sbi *s, const amfol_capture_info *cap, amfol_findings *out)
{
    double max_s = s->cfg.nrf_report_max_s;
    int high = (int)s->cfg.nrf_load_high;
    for (guint i = 0; i < s->episodes->len; i++) {
        const sbi_episode *ep = &g_array_index(s->episodes, sbi_episode, i);
        sbi_nf *nf = sbi_nf_for_amf(s, ep->amf);
        /* Without the tie or without any own report we cannot see this AMF's NRF side. */
        if (!nf || nf->own->len == 0)
            continue;
        amfol_time end = ep->end_frame ? ep->end : cap->last_time;
        bool early = false;
        int n_reports = 0, max_load = -1;
        amfol_frame frames[AMFOL_FINDING_MAX_FRAMES];
        for (guint k = 0; k < nf->own->len; k++) {
            const sbi_point *p = &g_array_index(nf->own, sbi_point, k);
            if (p->is_register || p->load == AMFOL_ABSENT || p->t < ep->start || p->t > end)
                continue;
            if (p->t <= ep->start + max_s)
                early = true;
            if (n_reports < AMFOL_FINDING_MAX_FRAMES)
                frames[n_reports] = p->frame;
            n_reports++;
            if (p->load > max_load)
                max_load = p->load;
        }
        if (early && max_load >= high)
            continue;
        amfol_finding *f = amfol_findings_add(out, "nrf-load-stale");
        if (!f)
            return;
        amfol_finding_set_entities(f, ep->amf, NULL, NULL, NULL);
        f->first_frame = ep->start_frame;
        amfol_finding_add_frame(f, ep->start_frame);
        for (int k = 0; k < n_reports && k < AMFOL_FINDING_MAX_FRAMES; k++)
            amfol_finding_add_frame(f, frames[k]);
        f->count = (uint32_t)n_reports;
        if (n_reports == 0)
            amfol_finding_set_summary(f,
                "%s in N2 overload from frame %u (episode %d, %.0f s) sent no NRF load report "
                "(NFUpdate) during it; consumers keep its old load", ep->amf, ep->start_frame,
                ep->number, end - ep->start);
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

/* "00101-2-1": PLMN, region, set, from N2 GUAMIs or the NFProfile. */
static bool set_of(amfol_sbi *s, const char *amf, char *out, size_t cap)
{
    const sbi_n2_amf *a = sbi_n2_amf_by_name(s, amf);
    if (a && a->n_guamis > 0) {
        snprintf(out, cap, "%s-%u-%u", a->guamis[0].plmn.digits, a->guamis[0].region_id,
                 a->guamis[0].set_id);
        return true;
    }
    sbi_nf *nf = sbi_nf_for_amf(s, amf);
    if (nf && nf->n_guamis > 0) {
        snprintf(out, cap, "%s-%u-%u", nf->guamis[0].plmn.digits, nf->guamis[0].region_id,
                 nf->guamis[0].set_id);
        return true;
    }
    return false;
}

/* ---- cascading-overload ---------------------------------------------------------------- */

void sbi_rules_cascading(amfol_sbi *s, amfol_findings *out)
{
    for (guint ti = 0; ti < s->episodes->len; ti++) {
        const sbi_episode *t = &g_array_index(s->episodes, sbi_episode, ti);
        char tset[64], sset[64];
        if (!set_of(s, t->amf, tset, sizeof tset))
            continue;
        const sbi_episode *src = NULL;
        uint32_t n_moves = 0, best_moves = 0;
        int concurrent = 1;
        for (guint si = 0; si < s->episodes->len; si++) {
            const sbi_episode *c = &g_array_index(s->episodes, sbi_episode, si);
            if (c->amf == t->amf || c->start >= t->start)
                continue;
            if (!set_of(s, c->amf, sset, sizeof sset) || strcmp(sset, tset) != 0)
                continue;
            bool in_force = c->end_frame == 0 || c->end > t->start;
            concurrent += in_force;
            /* Moves from c's AMF to t's AMF made while c was in overload, before t's START and
             * no more than baseline_s before it. */
            n_moves = 0;
            amfol_time last_move = -1;
            for (guint mi = 0; mi < s->moves->len; mi++) {
                const sbi_move *m = &g_array_index(s->moves, sbi_move, mi);
                if (m->source == c->amf && m->target == t->amf && m->source_in_overload &&
                    m->t >= c->start && m->t <= t->start) {
                    n_moves++;
                    last_move = m->t;
                }
            }
            bool moved = n_moves > 0 && t->start - last_move <= s->cfg.baseline_s;
            if (moved && (!src || best_moves == 0)) {
                src = c;
                best_moves = n_moves;
            } else if (!moved && in_force && !src) {
                src = c;
            }
        }
        if (!src)
            continue;
        amfol_finding *f = amfol_findings_add(out, "cascading-overload");
        if (!f)
            return;
        amfol_finding_set_entities(f, t->amf, NULL, NULL, NULL);
        f->first_frame = t->start_frame;
        amfol_finding_add_frame(f, src->start_frame);
        amfol_finding_add_frame(f, t->start_frame);
        if (best_moves > 0) {
            for (guint mi = 0; mi < s->moves->len; mi++) {
                const sbi_move *m = &g_array_index(s->moves, sbi_move, mi);
                if (m->source == src->amf && m->target == t->amf && m->source_in_overload &&
                    m->t >= src->start && m->t <= t->start)
                    amfol_finding_add_frame(f, m->frame);
            }
            f->count = best_moves;
            amfol_finding_set_summary(f,
                "%s entered overload (frame %u) after %u UEs moved to it from %s, in overload "
                "since frame %u; AMF Set %s", t->amf, t->start_frame, best_moves, src->amf,
                src->start_frame, tset);
        } else {
            f->count = (uint32_t)concurrent;
            amfol_finding_set_summary(f,
                "%s entered overload (frame %u) while %s of the same AMF Set %s was in overload "
                "since frame %u: %d AMFs of the set in overload at once, the set is short of "
                "capacity", t->amf, t->start_frame, src->amf, tset, src->start_frame, concurrent);
        }
    }
}

/* ---- rebalancing-to-loaded-target ----------------------------------------------------- */

void sbi_rules_rebalancing(amfol_sbi *s, amfol_findings *out)
{
    int high = (int)s->cfg.nrf_load_high;
    /* One finding per (source, target) pair; pairs in order of their first loaded move. */
    for (guint i = 0; i < s->moves->len; i++) {
        const sbi_move *m = &g_array_index(s->moves, sbi_move, i);
        if (m->target_load == AMFOL_ABSENT || m->target_load < high)
            continue;
        bool seen = false;
        for (guint k = 0; k < i && !seen; k++) {
            const sbi_move *p = &g_array_index(s->moves, sbi_move, k);
            seen = p->source == m->source && p->target == m->target &&
                   p->target_load != AMFOL_ABSENT && p->target_load >= high;
        }
        if (seen)
            continue;
        amfol_finding *f = amfol_findings_add(out, "rebalancing-to-loaded-target");
        if (!f)
            return;
        amfol_finding_set_entities(f, m->target, NULL, NULL, NULL);
        f->first_frame = m->frame;
        int max_load = 0;
        for (guint k = i; k < s->moves->len; k++) {
            const sbi_move *p = &g_array_index(s->moves, sbi_move, k);
            if (p->source == m->source && p->target == m->target &&
                p->target_load != AMFOL_ABSENT && p->target_load >= high) {
                amfol_finding_add_frame(f, p->frame);
                f->count++;
                if (p->target_load > max_load)
                    max_load = p->target_load;
            }
        }
        amfol_finding_set_summary(f,
            "%u UEs moved from %s to %s while %s's last NRF load report was >= %d%% (up to %d%%, "
            "first at frame %u)", f->count, m->source, m->target, m->target, high, max_load,
            m->target_load_frame);
    }
}

/* ---- sbi-overload-ignored ------------------------------------------------------------- */

static bool is_backoff(const sbi_indication *x)
{
    if (!x->sender_is_server || x->malformed)
        return false;
    if (x->kind == SBI_IND_OCI)
        return x->metric != AMFOL_ABSENT && x->metric > 0 && x->validity_s != AMFOL_ABSENT &&
               x->validity_s > 0;
    if (x->kind == SBI_IND_503 || x->kind == SBI_IND_429)
        return x->validity_s != AMFOL_ABSENT && x->validity_s > 0;
    return false;
}

static int requests_between(const amfol_sbi *s, const sbi_indication *x, amfol_time from,
                            amfol_time to, amfol_frame after_frame, amfol_frame before_frame,
                            amfol_frame *frames, int cap)
{
    int n = 0;
    for (guint i = 0; i < s->requests->len; i++) {
        const sbi_request *r = &g_array_index(s->requests, sbi_request, i);
        if (r->client_ip != x->peer_ip || r->server_ip != x->sender_ip)
            continue;
        if (r->t < from || r->t >= to || r->frame <= after_frame ||
            (before_frame && r->frame >= before_frame))
            continue;
        if (frames && n < cap)
            frames[n] = r->frame;
        n++;
    }
    return n;
}

void sbi_rules_overload_ignored(amfol_sbi *s, amfol_findings *out)
{
    guint n = s->indications->len;
    bool *done = g_new0(bool, n ? n : 1);
    for (guint i = 0; i < n; i++) {
        const sbi_indication *first = &g_array_index(s->indications, sbi_indication, i);
        if (done[i] || !is_backoff(first))
            continue;
        /* A chain: back-off indications from the same producer to the same consumer whose
         * windows overlap. Each request is judged against the indication in force. */
        GArray *violations = g_array_new(FALSE, FALSE, sizeof(amfol_frame));
        GArray *inds = g_array_new(FALSE, FALSE, sizeof(amfol_frame));
        uint32_t n_viol = 0;          /* frames beyond the kept ones are still counted */
        amfol_time window_end = first->t + first->validity_s;
        for (guint k = i; k < n; k++) {
            const sbi_indication *x = &g_array_index(s->indications, sbi_indication, k);
            if (!is_backoff(x) || x->sender_ip != first->sender_ip || x->peer_ip != first->peer_ip)
                continue;
            if (k > i && x->t >= window_end)
                break;
            done[k] = true;
            g_array_append_val(inds, x->frame);
            /* Next indication of the chain ends this one's judgement. */
            amfol_frame next_frame = 0;
            for (guint j = k + 1; j < n; j++) {
                const sbi_indication *y = &g_array_index(s->indications, sbi_indication, j);
                if (is_backoff(y) && y->sender_ip == x->sender_ip && y->peer_ip == x->peer_ip) {
                    next_frame = y->frame;
                    break;
                }
            }
            int allowed = 0;
            if (x->kind == SBI_IND_OCI) {
                int before = requests_between(s, x, x->t - x->validity_s, x->t, 0, x->frame, NULL, 0);
                allowed = (int)(before * (100 - x->metric) / 100);
            }
            amfol_frame fr[256];
            int during = requests_between(s, x, x->t, x->t + x->validity_s, x->frame, next_frame,
                                          fr, 256);
            for (int r = allowed; r < during && r < 256; r++)
                g_array_append_val(violations, fr[r]);
            if (during > allowed)
                n_viol += (uint32_t)(during - allowed);
            if (x->t + x->validity_s > window_end)
                window_end = x->t + x->validity_s;
        }
        if (n_viol >= 2) {
            amfol_finding *f = amfol_findings_add(out, "sbi-overload-ignored");
            if (f) {
                amfol_finding_set_entities(f, sbi_display_for_ip(s, first->sender_ip), NULL, NULL, NULL);
                f->first_frame = first->frame;
                for (guint k = 0; k < inds->len; k++)
                    amfol_finding_add_frame(f, g_array_index(inds, amfol_frame, k));
                for (guint k = 0; k < violations->len; k++)
                    amfol_finding_add_frame(f, g_array_index(violations, amfol_frame, k));
                f->count = n_viol;
                amfol_finding_set_summary(f,
                    "%s kept sending requests to %s (%s) during the back-off it was given: %u "
                    "requests beyond what %u overload indication(s) from frame %u allowed",
                    sbi_display_for_ip(s, first->peer_ip), sbi_display_for_ip(s, first->sender_ip),
                    first->sender_ip, n_viol,
                    inds->len, first->frame);
            }
        }
        g_array_free(violations, TRUE);
        g_array_free(inds, TRUE);
    }
    g_free(done);
}

/* ---- sbi-oci-malformed ---------------------------------------------------------------- */

void sbi_rules_oci_malformed(amfol_sbi *s, amfol_findings *out)
{
    guint n = s->indications->len;
    for (guint i = 0; i < n; i++) {
        const sbi_indication *x = &g_array_index(s->indications, sbi_indication, i);
        if (!x->malformed)
            continue;
        bool seen = false;
        for (guint k = 0; k < i && !seen; k++) {
            const sbi_indication *p = &g_array_index(s->indications, sbi_indication, k);
            seen = p->malformed && p->sender_ip == x->sender_ip;
        }
        if (seen)
            continue;
        amfol_finding *f = amfol_findings_add(out, "sbi-oci-malformed");
        if (!f)
            return;
        const char *who = sbi_display_for_ip(s, x->sender_ip);
        amfol_finding_set_entities(f, who, NULL, NULL, NULL);
        f->first_frame = x->frame;
        uint32_t n_oci = 0, n_lci = 0;
        for (guint k = i; k < n; k++) {
            const sbi_indication *p = &g_array_index(s->indications, sbi_indication, k);
            if (p->malformed && p->sender_ip == x->sender_ip) {
                amfol_finding_add_frame(f, p->frame);
                f->count++;
                if (p->kind == SBI_IND_OCI)
                    n_oci++;
                else
                    n_lci++;
            }
        }
        amfol_finding_set_summary(f,
            "%s sent %u malformed 3gpp-Sbi-Oci and %u malformed 3gpp-Sbi-Lci headers (TS 29.500 "
            "§5.2.3.3); peers ignore them", who, n_oci, n_lci);
    }
}
