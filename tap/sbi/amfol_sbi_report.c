/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_report.c: the SBI timeline section and the "sbi" member of -z amfol,json. */
#include "amfol_sbi_internal.h"
#include "../report/amfol_json.h"
#include "../core/amfol_engine_internal.h"

#include <string.h>

#define TIMELINE_MAX_POINTS 40      /* load points printed per NF; JSON has them all */
#define TIMELINE_MAX_LINES  40      /* indications / moves printed */
#define JSON_MAX_ITEMS      SBI_MAX_MOVES   /* not below any table cap: the JSON lists everything kept */

static const char *ind_text(int kind)
{
    switch (kind) {
    case SBI_IND_OCI: return "oci";
    case SBI_IND_LCI: return "lci";
    case SBI_IND_503: return "503";
    default: return "429";
    }
}

#define TLS_KEYLOG_HINT "give Wireshark the NFs' TLS key log (SSLKEYLOGFILE) with -o tls.keylog_file:<file> " \
    "(GUI: Preferences > Protocols > TLS): the decrypted HTTP/2 is then analysed like h2c"

/* The NF name of an endpoint's address when the capture knows it (NF profile, N2 AMF, or the
 * NF type its API root names), else NULL. */
static const char *sbi_peer_name(amfol_sbi *s, const char *endpoint)
{
    char ip[48];
    sbi_ip_of(endpoint, ip, sizeof ip);
    const char *name = sbi_display_for_ip(s, ip);
    return name && strcmp(name, ip) != 0 ? name : NULL;
}

/* A TLS connection amfol cannot read is named only when one end is a known SBI peer; the rest
 * (databases, the internet) is counted, not listed as SBI. */
static bool tls_sbi_peer(amfol_sbi *s, const sbi_conn *c)
{
    return sbi_peer_name(s, c->client) || sbi_peer_name(s, c->server);
}

/* Overload/load indications sent and received by one address, by kind. */
static void indication_counts(amfol_sbi *s, const char *ip, uint32_t sent[4], uint32_t recv[4])
{
    memset(sent, 0, 4 * sizeof sent[0]);
    memset(recv, 0, 4 * sizeof recv[0]);
    const char *in = ip && ip[0] ? sbi_intern(s, ip) : NULL;
    for (guint i = 0; in && i < s->indications->len; i++) {
        const sbi_indication *x = &g_array_index(s->indications, sbi_indication, i);
        if (x->sender_ip == in)
            sent[x->kind]++;
        if (x->peer_ip == in)
            recv[x->kind]++;
    }
}

static void append_counts(GString *out, const char *what, const uint32_t c[4])
{
    g_string_append_printf(out, " %s 503 x%u, 429 x%u, OCI x%u, LCI x%u;", what, c[SBI_IND_503],
                           c[SBI_IND_429], c[SBI_IND_OCI], c[SBI_IND_LCI]);
}

void amfol_sbi_report_timeline(amfol_engine *e, GString *out)
{
    sbi_retie(e->sbi);
    amfol_sbi *s = e->sbi;
    amfol_time t0 = e->cap.first_time;
    g_string_append(out, "== SBI: NRF load reports, overload control, AMF Set ==\n");
    g_string_append_printf(out,
        "messages %" G_GUINT64_FORMAT ", NFUpdate load reports %u, OCI %u, LCI %u (malformed %u), "
        "503 %u, 429 %u, UE context transfers %u\n",
        s->messages, s->nfupdate_load_reports, s->oci_headers, s->lci_headers, s->oci_malformed,
        s->status_503, s->status_429, s->moves->len);
    /* Counted apart, only when they happened (clean captures read as before). */
    if (s->reports_inferred || s->reports_relayed || s->reports_unattributed)
        g_string_append_printf(out, "NFUpdate load reports also: %u inferred (headers unreadable, body "
                               "recognised, NF from its connection or address), %u relayed copies counted "
                               "once (SCP in the path), %u recognised but not attributable\n",
                               s->reports_inferred, s->reports_relayed, s->reports_unattributed);
    if (s->problems_inferred || s->problems_unattributed)
        g_string_append_printf(out, "ProblemDetails behind unreadable headers (status read from the body): "
                               "%u inferred (503 x%u, 429 x%u), producer named by its stream, connection "
                               "or address; %u recognised but not attributable\n",
                               s->problems_inferred, s->problems_503_inferred, s->problems_429_inferred,
                               s->problems_unattributed);
    for (guint i = 0; i < s->nfs->len; i++) {
        const sbi_nf *nf = g_ptr_array_index(s->nfs, i);
        g_string_append_printf(out, "NF %s (%s, id %s)", sbi_nf_name(nf),
                               nf->type[0] ? nf->type : "type unknown", nf->id);
        if (nf->set_id != AMFOL_ABSENT)
            g_string_append_printf(out, " AMF Set %03x region %02x", (unsigned)nf->set_id,
                                   (unsigned)(nf->region_id == AMFOL_ABSENT ? 0 : nf->region_id));
        g_string_append_printf(out, ": %s\n", nf->why[0] ? nf->why : sbi_tie_text(nf->tie));
        if (nf->own->len) {
            g_string_append(out, "  load reported to the NRF:");
            for (guint k = 0; k < nf->own->len && k < TIMELINE_MAX_POINTS; k++) {
                const sbi_point *p = &g_array_index(nf->own, sbi_point, k);
                if (p->load == AMFOL_ABSENT)
                    g_string_append_printf(out, " +%.3fs status-only (#%u)", p->t - t0, p->frame);
                else
                    g_string_append_printf(out, " +%.3fs %d%% (#%u%s)", p->t - t0, p->load,
                                           p->frame, p->is_register ? " register" : "");
            }
            if (nf->own->len > TIMELINE_MAX_POINTS)
                g_string_append_printf(out, " ... %u more", nf->own->len - TIMELINE_MAX_POINTS);
            g_string_append_c(out, '\n');
        }
        if (nf->n2_name) {
            sbi_episode x;
            for (size_t k = 0; sbi_episode_get(e, k, &x); k++) {
                const sbi_episode *ep = &x;
                if (ep->amf != nf->n2_name)
                    continue;
                if (ep->start_unknown)
                    g_string_append_printf(out, "  N2 overload episode %d: in force before the capture",
                                           ep->number);
                else
                    g_string_append_printf(out, "  N2 overload episode %d: START #%u +%.3fs", ep->number,
                                           ep->start_frame, ep->start - t0);
                if (ep->end_frame)
                    g_string_append_printf(out, " to STOP #%u +%.3fs\n", ep->end_frame, ep->end - t0);
                else
                    g_string_append(out, ", no STOP by the end of the capture\n");
            }
        }
        if (nf->moves_in || nf->moves_out)
            g_string_append_printf(out, "  UEs moved in %u, out %u\n", nf->moves_in, nf->moves_out);
        const sbi_n2_amf *a = nf->n2_name ? sbi_n2_amf_by_name(s, nf->n2_name) : NULL;
        const char *ip = nf->ipv4[0] ? nf->ipv4 : a ? a->ip : NULL;
        uint32_t sent[4], recv[4];
        indication_counts(s, ip, sent, recv);
        if (sent[0] + sent[1] + sent[2] + sent[3] + recv[0] + recv[1] + recv[2] + recv[3]) {
            g_string_append(out, "  SBI overload control:");
            append_counts(out, "received", recv);
            append_counts(out, "sent", sent);
            g_string_append_c(out, '\n');
        }
    }
    for (int i = 0; i < s->n_n2_amfs; i++)
        if (s->n2_amfs[i].rereg_requests)
            g_string_append_printf(out, "AMF %s asked %u UEs to re-register (CONFIGURATION UPDATE "
                                   "COMMAND, registration requested; first #%u)\n",
                                   s->n2_amfs[i].name, s->n2_amfs[i].rereg_requests,
                                   s->n2_amfs[i].first_rereg);
    sbi_episode x;
    for (size_t k = 0; sbi_episode_get(e, k, &x); k++) {
        const sbi_episode *ep = &x;
        if (!sbi_nf_for_amf(s, ep->amf))
            g_string_append_printf(out,
                "AMF %s: N2 overload episode %d from #%u, but no NRF profile is tied to it: its "
                "NRF load reports cannot be judged\n", ep->amf, ep->number, ep->start_frame);
    }
    guint shown = 0;
    for (guint i = 0; i < s->indications->len && shown < TIMELINE_MAX_LINES; i++, shown++) {
        const sbi_indication *x = &g_array_index(s->indications, sbi_indication, i);
        g_string_append_printf(out, "  +%.3fs #%u %s from %s to %s", x->t - t0, x->frame,
                               ind_text(x->kind), sbi_display_for_ip(s, x->sender_ip),
                               sbi_display_for_ip(s, x->peer_ip));
        if (x->malformed)
            g_string_append(out, ": MALFORMED");
        else if (x->kind == SBI_IND_OCI) {
            char scope[200];
            sbi_scope_text(x, scope, sizeof scope);
            /* valid from its Timestamp (TS 29.500 §6.4), as sbi-overload-ignored judges it */
            g_string_append_printf(out, ": reduce %d%% for %ds (until +%.3fs), scope %s", x->metric,
                                   x->validity_s, x->valid_until - t0, scope);
        }
        else if (x->kind == SBI_IND_LCI)
            g_string_append_printf(out, ": load %d%%", x->metric);
        else if (x->validity_s != AMFOL_ABSENT)
            g_string_append_printf(out, ": Retry-After %ds (until +%.3fs)", x->validity_s,
                                   x->t + x->validity_s - t0);
        g_string_append_c(out, '\n');
    }
    if (s->indications->len > shown)
        g_string_append_printf(out, "  ... %u more overload/load indications\n",
                               s->indications->len - shown);
    /* Moves: a line per (source, target), then the first ones one by one. */
    for (guint i = 0; i < s->moves->len; i++) {
        const sbi_move *m = &g_array_index(s->moves, sbi_move, i);
        bool first = true;
        for (guint k = 0; k < i && first; k++) {
            const sbi_move *p = &g_array_index(s->moves, sbi_move, k);
            first = !(p->source == m->source && p->target == m->target);
        }
        if (!first)
            continue;
        uint32_t n = 0, loaded = 0, linked = 0;
        int lo = 101, hi = -1;
        const sbi_move *last = m;
        for (guint k = i; k < s->moves->len; k++) {
            const sbi_move *p = &g_array_index(s->moves, sbi_move, k);
            if (p->source != m->source || p->target != m->target)
                continue;
            n++;
            last = p;
            linked += p->frame != p->transfer_frame;
            if (p->target_load != AMFOL_ABSENT) {
                lo = p->target_load < lo ? p->target_load : lo;
                hi = p->target_load > hi ? p->target_load : hi;
                loaded += p->target_load >= (int)s->cfg.nrf_load_high;
            }
        }
        g_string_append_printf(out, "Re-balancing %s -> %s: %u UEs from +%.3fs (#%u) to +%.3fs "
                               "(#%u), %u with their registration at the target seen", m->source,
                               m->target, n, m->t - t0, m->frame, last->t - t0, last->frame, linked);
        if (hi >= 0)
            g_string_append_printf(out, "; target's reported load %d..%d%%, %u moves while >= %u%%",
                                   lo, hi, loaded, s->cfg.nrf_load_high);
        else
            g_string_append(out, "; target's load unknown (no NRF report tied to it)");
        g_string_append_c(out, '\n');
    }
    for (guint i = 0; i < s->moves->len && i < TIMELINE_MAX_LINES / 4; i++) {
        const sbi_move *m = &g_array_index(s->moves, sbi_move, i);
        g_string_append_printf(out, "  +%.3fs #%u UE %s moved %s -> %s (", m->t - t0, m->frame,
                               m->ue, m->source, m->target);
        if (m->cuc_frame)
            g_string_append_printf(out, "CONFIGURATION UPDATE COMMAND #%u, ", m->cuc_frame);
        g_string_append_printf(out, "UEContextTransfer #%u, target load ", m->transfer_frame);
        if (m->target_load == AMFOL_ABSENT)
            g_string_append(out, "unknown)\n");
        else
            g_string_append_printf(out, "%d%% from #%u)\n", m->target_load, m->target_load_frame);
    }
    if (s->moves->len > TIMELINE_MAX_LINES / 4)
        g_string_append_printf(out, "  ... %u more moves\n", s->moves->len - TIMELINE_MAX_LINES / 4);
    /* What could not be read, per connection: never guessed, only counted. */
    guint conn_lines = 0, conn_more = 0, tls_sbi = 0, tls_other = 0;
    for (guint i = 0; i < s->conns->len; i++) {
        const sbi_conn *c = &g_array_index(s->conns, sbi_conn, i);
        if (!c->hpack_unreadable && !c->tls && !c->body_not_json)
            continue;
        if (c->tls && !c->hpack_unreadable && !c->body_not_json && !tls_sbi_peer(s, c)) {
            tls_other++;
            continue;
        }
        tls_sbi += c->tls > 0;
        if (conn_lines++ >= TIMELINE_MAX_LINES) {
            conn_more++;
            continue;
        }
        const char *cn = sbi_peer_name(s, c->client), *sn = sbi_peer_name(s, c->server);
        g_string_append_printf(out, "  tcp.stream %u %s%s%s -> %s%s%s: %u messages", c->tcp_stream,
                               cn ? cn : "", cn ? " " : "", c->client, sn ? sn : "", sn ? " " : "",
                               c->server, c->messages);
        if (c->hpack_unreadable)
            g_string_append_printf(out, ", %u with headers not decodable (HPACK state missing: "
                                   "capture started mid-connection)", c->hpack_unreadable);
        if (c->tls)
            g_string_append_printf(out, ", %u TLS-protected (content hidden)", c->tls);
        if (c->body_not_json)
            g_string_append_printf(out, ", %u bodies not decoded as JSON", c->body_not_json);
        g_string_append_c(out, '\n');
    }
    if (conn_more)
        g_string_append_printf(out, "  ... %u more connections with unreadable content (JSON: "
                               "sbi.connections)\n", conn_more);
    if (tls_sbi)
        g_string_append_printf(out, "  %u TLS connection%s of SBI peers unread: %s\n", tls_sbi,
                               tls_sbi == 1 ? "" : "s", TLS_KEYLOG_HINT);
    if (tls_other)
        g_string_append_printf(out, "  %u other TLS connection%s (no known SBI peer) not listed\n", tls_other,
                               tls_other == 1 ? "" : "s");
    if (s->orphan_bodies)
        g_string_append_printf(out, "  %u bodies whose request headers were not seen (not "
                               "attributed to an NF)\n", s->orphan_bodies);
    if (s->dropped)
        g_string_append_printf(out, "  %u SBI items not kept (table caps)\n", s->dropped);
}

void amfol_sbi_report_json(amfol_engine *e, json_dumper *d)
{
    sbi_retie(e->sbi);
    amfol_sbi *s = e->sbi;
    json_dumper_set_member_name(d, "sbi");
    json_dumper_begin_object(d);
    amfol_json_uint(d, "messages", s->messages);
    amfol_json_uint(d, "nfupdate_load_reports", s->nfupdate_load_reports);
    amfol_json_uint(d, "load_reports_inferred", s->reports_inferred);
    amfol_json_uint(d, "load_reports_relayed", s->reports_relayed);
    amfol_json_uint(d, "load_reports_unattributed", s->reports_unattributed);
    amfol_json_uint(d, "oci_headers", s->oci_headers);
    amfol_json_uint(d, "lci_headers", s->lci_headers);
    amfol_json_uint(d, "oci_malformed", s->oci_malformed);
    amfol_json_uint(d, "status_503", s->status_503);
    amfol_json_uint(d, "status_429", s->status_429);
    amfol_json_uint(d, "problems_inferred", s->problems_inferred);
    amfol_json_uint(d, "status_503_inferred", s->problems_503_inferred);
    amfol_json_uint(d, "status_429_inferred", s->problems_429_inferred);
    amfol_json_uint(d, "problems_unattributed", s->problems_unattributed);

    json_dumper_set_member_name(d, "nfs");
    json_dumper_begin_array(d);
    for (guint i = 0; i < s->nfs->len; i++) {
        const sbi_nf *nf = g_ptr_array_index(s->nfs, i);
        json_dumper_begin_object(d);
        amfol_json_str(d, "nf_instance_id", nf->id);
        amfol_json_str(d, "nf_type", nf->type[0] ? nf->type : NULL);
        amfol_json_str(d, "name", sbi_nf_name(nf));
        amfol_json_str(d, "amf", nf->n2_name);
        amfol_json_str(d, "tie", sbi_tie_id(nf->tie));
        amfol_json_str(d, "tie_reason", nf->why[0] ? nf->why : sbi_tie_text(nf->tie));
        amfol_json_int_or_null(d, "amf_set_id", nf->set_id);
        amfol_json_int_or_null(d, "amf_region_id", nf->region_id);
        json_dumper_set_member_name(d, "guamis");
        json_dumper_begin_array(d);
        for (int g = 0; g < nf->n_guamis; g++)
            json_dumper_value_anyf(d, "\"%s-%u-%u-%u\"", nf->guamis[g].plmn.digits,
                                   nf->guamis[g].region_id, nf->guamis[g].set_id,
                                   nf->guamis[g].pointer);
        json_dumper_end_array(d);
        amfol_json_uint(d, "nfupdate_load_reports", nf->nfupdate_load_reports);
        json_dumper_set_member_name(d, "load_reports");
        json_dumper_begin_array(d);
        for (guint k = 0; k < nf->own->len && k < JSON_MAX_ITEMS; k++) {
            const sbi_point *p = &g_array_index(nf->own, sbi_point, k);
            json_dumper_begin_object(d);
            amfol_json_uint(d, "frame", p->frame);
            amfol_json_time(d, "time", p->t);
            amfol_json_int_or_null(d, "load", p->load);
            amfol_json_str(d, "op", p->is_register ? "register" : "update");
            json_dumper_set_member_name(d, "inferred");
            json_dumper_value_anyf(d, p->inferred ? "true" : "false");
            json_dumper_end_object(d);
        }
        json_dumper_end_array(d);
        amfol_json_uint(d, "moves_in", nf->moves_in);
        amfol_json_uint(d, "moves_out", nf->moves_out);
        json_dumper_end_object(d);
    }
    json_dumper_end_array(d);

    json_dumper_set_member_name(d, "reregistration_requests");
    json_dumper_begin_array(d);
    for (int i = 0; i < s->n_n2_amfs; i++) {
        if (!s->n2_amfs[i].rereg_requests)
            continue;
        json_dumper_begin_object(d);
        amfol_json_str(d, "amf", s->n2_amfs[i].name);
        amfol_json_uint(d, "count", s->n2_amfs[i].rereg_requests);
        amfol_json_uint(d, "first_frame", s->n2_amfs[i].first_rereg);
        json_dumper_end_object(d);
    }
    json_dumper_end_array(d);

    json_dumper_set_member_name(d, "episodes");
    json_dumper_begin_array(d);
    sbi_episode x;
    for (size_t i = 0; sbi_episode_get(e, i, &x); i++) {
        const sbi_episode *ep = &x;
        json_dumper_begin_object(d);
        amfol_json_str(d, "amf", ep->amf);
        amfol_json_uint(d, "number", (uint64_t)ep->number);
        json_dumper_set_member_name(d, "start_frame");
        if (ep->start_frame)
            json_dumper_value_anyf(d, "%u", ep->start_frame);
        else
            json_dumper_value_anyf(d, "null");
        json_dumper_set_member_name(d, "stop_frame");
        if (ep->end_frame)
            json_dumper_value_anyf(d, "%u", ep->end_frame);
        else
            json_dumper_value_anyf(d, "null");
        json_dumper_end_object(d);
    }
    json_dumper_end_array(d);

    json_dumper_set_member_name(d, "indications");
    json_dumper_begin_array(d);
    for (guint i = 0; i < s->indications->len && i < JSON_MAX_ITEMS; i++) {
        const sbi_indication *x = &g_array_index(s->indications, sbi_indication, i);
        json_dumper_begin_object(d);
        amfol_json_str(d, "kind", ind_text(x->kind));
        amfol_json_uint(d, "frame", x->frame);
        amfol_json_time(d, "time", x->t);
        amfol_json_str(d, "from", sbi_display_for_ip(s, x->sender_ip));
        amfol_json_str(d, "to", sbi_display_for_ip(s, x->peer_ip));
        json_dumper_set_member_name(d, "malformed");
        json_dumper_value_anyf(d, x->malformed ? "true" : "false");
        amfol_json_int_or_null(d, "metric", x->metric);
        amfol_json_int_or_null(d, "validity_s", x->validity_s);
        char scope[200] = "";
        if (x->kind == SBI_IND_OCI && !x->malformed)
            sbi_scope_text(x, scope, sizeof scope);
        amfol_json_str(d, "scope", scope[0] ? scope : NULL);
        json_dumper_end_object(d);
    }
    json_dumper_end_array(d);

    json_dumper_set_member_name(d, "moves");
    json_dumper_begin_array(d);
    for (guint i = 0; i < s->moves->len && i < JSON_MAX_ITEMS; i++) {
        const sbi_move *m = &g_array_index(s->moves, sbi_move, i);
        json_dumper_begin_object(d);
        amfol_json_uint(d, "frame", m->frame);
        amfol_json_time(d, "time", m->t);
        amfol_json_str(d, "ue", m->ue);
        amfol_json_str(d, "source", m->source);
        amfol_json_str(d, "target", m->target);
        amfol_json_uint(d, "transfer_frame", m->transfer_frame);
        json_dumper_set_member_name(d, "cuc_frame");
        if (m->cuc_frame)
            json_dumper_value_anyf(d, "%u", m->cuc_frame);
        else
            json_dumper_value_anyf(d, "null");
        amfol_json_int_or_null(d, "target_load", m->target_load);
        json_dumper_end_object(d);
    }
    json_dumper_end_array(d);

    json_dumper_set_member_name(d, "connections");
    json_dumper_begin_array(d);
    for (guint i = 0; i < s->conns->len && i < JSON_MAX_ITEMS; i++) {
        const sbi_conn *c = &g_array_index(s->conns, sbi_conn, i);
        json_dumper_begin_object(d);
        amfol_json_uint(d, "tcp_stream", c->tcp_stream);
        amfol_json_str(d, "client", c->client);
        amfol_json_str(d, "server", c->server);
        amfol_json_str(d, "client_name", sbi_peer_name(s, c->client));
        amfol_json_str(d, "server_name", sbi_peer_name(s, c->server));
        amfol_json_uint(d, "messages", c->messages);
        amfol_json_uint(d, "headers_unreadable", c->hpack_unreadable);
        amfol_json_uint(d, "tls", c->tls);
        amfol_json_uint(d, "body_not_json", c->body_not_json);
        amfol_json_uint(d, "problems_inferred", c->problems_inferred);
        json_dumper_end_object(d);
    }
    json_dumper_end_array(d);
    amfol_json_uint(d, "unreadable_headers", s->unreadable_headers);
    amfol_json_uint(d, "bodies_without_request", s->orphan_bodies);
    amfol_json_uint(d, "tls_messages", s->tls_messages);
    bool tls_sbi = false;
    for (guint i = 0; i < s->conns->len && !tls_sbi; i++) {
        const sbi_conn *c = &g_array_index(s->conns, sbi_conn, i);
        tls_sbi = c->tls && tls_sbi_peer(s, c);
    }
    amfol_json_str(d, "tls_keylog_hint", tls_sbi ? TLS_KEYLOG_HINT : NULL);
    json_dumper_set_member_name(d, "scps");
    json_dumper_begin_array(d);
    for (guint i = 0; i < s->scps->len; i++)
        json_dumper_value_string(d, g_ptr_array_index(s->scps, i));
    json_dumper_end_array(d);
    amfol_json_uint(d, "dropped", s->dropped);
    json_dumper_end_object(d);
}

uint64_t amfol_sbi_version(amfol_engine *e)
{
    return e && e->sbi ? e->sbi->messages + e->sbi->ngap_events : 0;
}

/* The table "NRF load and SBI overload control per NF" (GUI, -z amfol,sbi): one row per NF. */
enum {
    T_NF, T_TYPE, T_ID, T_TIE, T_REPORTS, T_LAST, T_MAX, T_LAST_FRAME, T_EPISODES, T_503, T_429,
    T_OCI, T_LCI, T_IN, T_OUT, T_COUNT
};
static const amfol_column table_cols[T_COUNT] = {
    AMFOL_TCOL("NF", NULL, AMFOL_CELL_STR),   /* AMF name when tied, else the NF instance id */
    AMFOL_TCOL("Type", NULL, AMFOL_CELL_STR),
    AMFOL_TCOL("NF instance id", NULL, AMFOL_CELL_STR),
    AMFOL_TCOL("Tie to N2", NULL, AMFOL_CELL_STR),
    AMFOL_TCOL("NFUpdate load reports", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("Last load % (-1 = none)", NULL, AMFOL_CELL_INT),   /* own NFRegister/NFUpdate */
    AMFOL_TCOL("Max load % (-1 = none)", NULL, AMFOL_CELL_INT),
    AMFOL_TCOL("Last report frame", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("N2 overload episodes", NULL, AMFOL_CELL_UINT),   /* of the tied AMF */
    AMFOL_TCOL("503 received", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("429 received", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("OCI received", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("LCI received", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("UEs moved in", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("UEs moved out", NULL, AMFOL_CELL_UINT),
};

const amfol_column *amfol_sbi_table_columns(size_t *n)
{
    *n = T_COUNT;
    return table_cols;
}

amfol_rows *amfol_sbi_table_rows(amfol_engine *e)
{
    sbi_retie(e->sbi);
    amfol_sbi *s = e->sbi;
    /* Indications received per address, in one pass. */
    GHashTable *recv = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
    for (guint i = 0; i < s->indications->len; i++) {
        const sbi_indication *x = &g_array_index(s->indications, sbi_indication, i);
        uint32_t *c = g_hash_table_lookup(recv, x->peer_ip);
        if (!c) {
            c = g_new0(uint32_t, 4);
            g_hash_table_insert(recv, (gpointer)x->peer_ip, c);
        }
        c[x->kind]++;
    }
    amfol_rows *t = amfol_rows_new("NRF load and SBI overload control per NF", AMFOL_ROWS_ARRAY,
                                   table_cols, T_COUNT, MAX(s->nfs->len, 1));
    for (guint i = 0; i < s->nfs->len; i++) {
        const sbi_nf *nf = g_ptr_array_index(s->nfs, i);
        int last_load = AMFOL_ABSENT, max_load = AMFOL_ABSENT;
        amfol_frame last_frame = 0;
        for (guint k = 0; k < nf->own->len; k++) {
            const sbi_point *p = &g_array_index(nf->own, sbi_point, k);
            if (p->load == AMFOL_ABSENT)
                continue;
            last_load = p->load;
            last_frame = p->frame;
            if (p->load > max_load)
                max_load = p->load;
        }
        const sbi_n2_amf *a = nf->n2_name ? sbi_n2_amf_by_name(s, nf->n2_name) : NULL;
        const char *ip = nf->ipv4[0] ? nf->ipv4 : a ? a->ip : NULL;
        const uint32_t *c = ip ? g_hash_table_lookup(recv, sbi_intern(s, ip)) : NULL;
        uint32_t episodes = 0;
        sbi_episode x;
        for (size_t k = 0; nf->n2_name && sbi_episode_get(e, k, &x); k++)
            episodes += x.amf == nf->n2_name;
        amfol_rows_add(t);
        amfol_rows_str(t, T_NF, sbi_nf_name(nf));
        amfol_rows_str(t, T_TYPE, nf->type);
        amfol_rows_str(t, T_ID, nf->id);
        amfol_rows_str(t, T_TIE, sbi_tie_id(nf->tie));
        amfol_rows_uint(t, T_REPORTS, nf->nfupdate_load_reports);
        amfol_rows_int(t, T_LAST, last_load == AMFOL_ABSENT ? -1 : last_load);
        amfol_rows_int(t, T_MAX, max_load == AMFOL_ABSENT ? -1 : max_load);
        amfol_rows_uint(t, T_LAST_FRAME, last_frame);
        amfol_rows_uint(t, T_EPISODES, episodes);
        amfol_rows_uint(t, T_503, c ? c[SBI_IND_503] : 0);
        amfol_rows_uint(t, T_429, c ? c[SBI_IND_429] : 0);
        amfol_rows_uint(t, T_OCI, c ? c[SBI_IND_OCI] : 0);
        amfol_rows_uint(t, T_LCI, c ? c[SBI_IND_LCI] : 0);
        amfol_rows_uint(t, T_IN, nf->moves_in);
        amfol_rows_uint(t, T_OUT, nf->moves_out);
    }
    g_hash_table_destroy(recv);
    return t;
}
