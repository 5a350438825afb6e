/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sbi_render.c: the SBI items of the "AMF Overload" subtree (amfol.sbi.*: NRF load reports,
 * consumer-seen loads, OCI/LCI, 503/429, UE moves), their registration and Expert Info, rendered
 * from the verdicts sbi_glue.c kept (sbi_msg_rec). */
#include "glue/sbi_glue.h"
#include "glue/amfol_render.h"
#include "sbi/amfol_sbi_json.h"

static int hf_amfol_sbi = -1;
static int hf_amfol_sbi_kind = -1;
static int hf_amfol_sbi_stream = -1;
static int hf_amfol_sbi_nf = -1;
static int hf_amfol_sbi_nf_instance_id = -1;
static int hf_amfol_sbi_tie = -1;
static int hf_amfol_sbi_load = -1;
static int hf_amfol_sbi_nf_status = -1;
static int hf_amfol_sbi_since_last_report = -1;
static int hf_amfol_sbi_in_overload = -1;
static int hf_amfol_sbi_start_frame = -1;
static int hf_amfol_sbi_seen = -1;
static int hf_amfol_sbi_seen_load = -1;
static int hf_amfol_sbi_seen_own_load = -1;
static int hf_amfol_sbi_seen_own_frame = -1;
static int hf_amfol_sbi_seen_stale = -1;
static int hf_amfol_sbi_oci = -1;
static int hf_amfol_sbi_lci = -1;
static int hf_amfol_sbi_olc_timestamp = -1;
static int hf_amfol_sbi_olc_validity = -1;
static int hf_amfol_sbi_olc_reduction = -1;
static int hf_amfol_sbi_olc_load = -1;
static int hf_amfol_sbi_olc_scope = -1;
static int hf_amfol_sbi_olc_scope_value = -1;
static int hf_amfol_sbi_olc_malformed = -1;
static int hf_amfol_sbi_status = -1;
static int hf_amfol_sbi_problem_cause = -1;
static int hf_amfol_sbi_retry_after = -1;
static int hf_amfol_sbi_request_frame = -1;
static int hf_amfol_sbi_response_time = -1;
static int hf_amfol_sbi_move_source = -1;
static int hf_amfol_sbi_move_target = -1;
static int hf_amfol_sbi_move_ue = -1;
static int hf_amfol_sbi_move_target_load = -1;
static int hf_amfol_sbi_move_registration = -1;
static int hf_amfol_sbi_move_cuc = -1;
static int hf_amfol_sbi_headers_unreadable = -1;
static int hf_amfol_sbi_inferred = -1;
static int hf_amfol_sbi_inferred_by = -1;
static int hf_amfol_sbi_relay_of = -1;
static int hf_amfol_sbi_request_unknown = -1;
static int hf_amfol_sbi_body_not_json = -1;
static int ett_amfol_sbi = -1;
static int ett_amfol_sbi_seen = -1;
static int ett_amfol_sbi_olc = -1;
static expert_field ei_amfol_sbi_oci_malformed = EI_INIT;
static expert_field ei_amfol_sbi_hpack_missing = EI_INIT;
static expert_field ei_amfol_sbi_overload_status = EI_INIT;

static void render_olc(amfol_frame_ctx *ctx, proto_tree *tree, const amfol_olc_header *h)
{
    tvbuff_t *tvb = ctx->tvb;
    proto_item *ti = amfol_gen_uint(tree, h->is_oci ? hf_amfol_sbi_oci : hf_amfol_sbi_lci, tvb,
                                    (uint32_t)h->n_elements_total);
    proto_tree *sub = proto_item_add_subtree(ti, ett_amfol_sbi_olc);
    for (int i = 0; i < h->n_elements; i++) {
        const amfol_olc_element *el = &h->el[i];
        amfol_gen_opt_string(sub, hf_amfol_sbi_olc_timestamp, tvb, el->timestamp_text);
        if (h->is_oci) {
            amfol_gen_opt_uint(sub, hf_amfol_sbi_olc_validity, tvb, el->validity_s);
            amfol_gen_opt_uint(sub, hf_amfol_sbi_olc_reduction, tvb, el->metric);
        } else {
            amfol_gen_opt_uint(sub, hf_amfol_sbi_olc_load, tvb, el->metric);
        }
        amfol_gen_opt_string(sub, hf_amfol_sbi_olc_scope, tvb, amfol_olc_scope_name(el->scope));
        amfol_gen_opt_string(sub, hf_amfol_sbi_olc_scope_value, tvb, el->scope_value);
    }
    if (h->malformed) {
        proto_item *ei = amfol_gen_string(sub, hf_amfol_sbi_olc_malformed, tvb, h->error);
        expert_add_info_format(ctx->pinfo, ei, &ei_amfol_sbi_oci_malformed,
                               "Malformed 3gpp-Sbi-%s header: %s", h->is_oci ? "Oci" : "Lci",
                               h->error);
    }
}

static void render_one(amfol_frame_ctx *ctx, proto_tree *tree, const sbi_msg_rec *r)
{
    tvbuff_t *tvb = ctx->tvb;
    proto_item *ti = proto_tree_add_string_format_value(tree, hf_amfol_sbi, tvb, 0, 0, r->kind,
        "%s%s%s%s", r->kind, r->is_response ? " response" : "", r->nf[0] ? ", NF " : "", r->nf);
    proto_item_set_generated(ti);
    proto_tree *t = proto_item_add_subtree(ti, ett_amfol_sbi);
    amfol_gen_opt_string(t, hf_amfol_sbi_kind, tvb, r->kind);
    amfol_gen_opt_uint(t, hf_amfol_sbi_stream, tvb, (int)r->stream_id);
    amfol_gen_opt_string(t, hf_amfol_sbi_nf, tvb, r->nf);
    amfol_gen_opt_string(t, hf_amfol_sbi_nf_instance_id, tvb, r->nf_id);
    amfol_gen_opt_string(t, hf_amfol_sbi_tie, tvb, r->tie);
    amfol_gen_opt_uint(t, hf_amfol_sbi_load, tvb, r->reported_load);
    amfol_gen_opt_string(t, hf_amfol_sbi_nf_status, tvb, r->nf_status);
    if (r->reported_load != AMFOL_ABSENT && r->since_last_report_s >= 0)
        amfol_gen_double(t, hf_amfol_sbi_since_last_report, tvb, r->since_last_report_s);
    if (r->in_n2_overload >= 0) {
        amfol_gen_bool(t, hf_amfol_sbi_in_overload, tvb, r->in_n2_overload != 0);
        amfol_gen_frame(t, hf_amfol_sbi_start_frame, tvb, r->n2_start_frame);
    }
    for (int i = 0; i < r->n_seen; i++) {
        const amfol_sbi_seen *s = &r->seen[i];
        proto_item *si = amfol_gen_string(t, hf_amfol_sbi_seen, tvb, s->nf);
        proto_tree *st = proto_item_add_subtree(si, ett_amfol_sbi_seen);
        amfol_gen_opt_uint(st, hf_amfol_sbi_seen_load, tvb, s->load);
        amfol_gen_opt_uint(st, hf_amfol_sbi_seen_own_load, tvb, s->own_load);
        amfol_gen_frame(st, hf_amfol_sbi_seen_own_frame, tvb, s->own_frame);
        if (s->stale_s >= 0)
            amfol_gen_double(st, hf_amfol_sbi_seen_stale, tvb, s->stale_s);
    }
    if (r->oci)
        render_olc(ctx, t, r->oci);
    if (r->lci)
        render_olc(ctx, t, r->lci);
    if (r->status == 503 || r->status == 429) {
        proto_item *pi = amfol_gen_uint(t, hf_amfol_sbi_status, tvb, (uint32_t)r->status);
        expert_add_info_format(ctx->pinfo, pi, &ei_amfol_sbi_overload_status, "SBI %d%s%s%s%s", r->status,
                               r->problem_cause[0] ? " " : "", r->problem_cause,
                               r->retry_after_s != AMFOL_ABSENT ? " with Retry-After" : "",
                               r->inferred ? " (inferred from a ProblemDetails body: headers unreadable)" : "");
    }
    amfol_gen_opt_string(t, hf_amfol_sbi_problem_cause, tvb, r->problem_cause);
    amfol_gen_opt_uint(t, hf_amfol_sbi_retry_after, tvb, r->retry_after_s);
    if (r->is_response && r->request_frame) {
        amfol_gen_frame(t, hf_amfol_sbi_request_frame, tvb, r->request_frame);
        amfol_gen_double(t, hf_amfol_sbi_response_time, tvb, r->response_time_s);
    }
    if (r->move) {
        amfol_gen_opt_string(t, hf_amfol_sbi_move_source, tvb, r->move->source);
        amfol_gen_opt_string(t, hf_amfol_sbi_move_target, tvb, r->move->target);
        amfol_gen_opt_string(t, hf_amfol_sbi_move_ue, tvb, r->move->ue);
        amfol_gen_opt_uint(t, hf_amfol_sbi_move_target_load, tvb, r->move->target_load);
        amfol_gen_frame(t, hf_amfol_sbi_move_registration, tvb, r->move->registration);
        amfol_gen_frame(t, hf_amfol_sbi_move_cuc, tvb, r->move->cuc);
    }
    if (r->headers_unreadable) {
        proto_item *hi = amfol_gen_flag(t, hf_amfol_sbi_headers_unreadable, tvb, true);
        expert_add_info(ctx->pinfo, hi, &ei_amfol_sbi_hpack_missing);
    }
    amfol_gen_flag(t, hf_amfol_sbi_inferred, tvb, r->inferred);
    amfol_gen_opt_string(t, hf_amfol_sbi_inferred_by, tvb, r->inferred_by);
    amfol_gen_frame(t, hf_amfol_sbi_relay_of, tvb, r->relay_of);
    amfol_gen_flag(t, hf_amfol_sbi_request_unknown, tvb, r->request_unknown);
    amfol_gen_flag(t, hf_amfol_sbi_body_not_json, tvb, r->body_not_json);
}

void sbi_render(amfol_frame_ctx *ctx, proto_tree *tree, void *record)
{
    sbi_msg_rec r;
    amfol_kept_iter it;
    amfol_kept_begin(&it, record, NULL);
    while (amfol_kept_next(&it, &r, sizeof r))
        render_one(ctx, tree, &r);
}

void sbi_register(int proto, expert_module_t *expert)
{
    static hf_register_info hf[] = {
        { &hf_amfol_sbi, { "SBI", "amfol.sbi", FT_STRING, BASE_NONE, NULL, 0x0,
            "What amfol makes of this SBI message", HFILL } },
        { &hf_amfol_sbi_kind, { "Operation", "amfol.sbi.kind", FT_STRING, BASE_NONE, NULL, 0x0,
            "NFRegister, NFUpdate, NFDeregister, NFStatusNotify, NFDiscover, UEContextTransfer or other", HFILL } },
        { &hf_amfol_sbi_stream, { "HTTP/2 stream", "amfol.sbi.stream", FT_UINT32, BASE_DEC, NULL, 0x0,
            NULL, HFILL } },
        { &hf_amfol_sbi_nf, { "NF", "amfol.sbi.nf", FT_STRING, BASE_NONE, NULL, 0x0,
            "The NF the message is about: the N2 AMF name when tied by GUAMI, else its NF instance id", HFILL } },
        { &hf_amfol_sbi_nf_instance_id, { "NF instance id", "amfol.sbi.nf_instance_id", FT_STRING, BASE_NONE, NULL, 0x0,
            NULL, HFILL } },
        { &hf_amfol_sbi_tie, { "Tie to N2", "amfol.sbi.tie", FT_STRING, BASE_NONE, NULL, 0x0,
            "Whether (and why not) the NF is tied to an AMF seen on N2", HFILL } },
        { &hf_amfol_sbi_load, { "Reported load", "amfol.sbi.load", FT_UINT32, BASE_DEC|BASE_UNIT_STRING,
            &units_percent, 0x0, "Load the NF reports to the NRF in this message", HFILL } },
        { &hf_amfol_sbi_nf_status, { "NF status", "amfol.sbi.nf_status", FT_STRING, BASE_NONE, NULL, 0x0,
            NULL, HFILL } },
        { &hf_amfol_sbi_since_last_report, { "Time since last report", "amfol.sbi.since_last_report", FT_DOUBLE,
            BASE_NONE|BASE_UNIT_STRING, &units_seconds, 0x0, NULL, HFILL } },
        { &hf_amfol_sbi_in_overload, { "In N2 overload", "amfol.sbi.in_overload", FT_BOOLEAN, BASE_NONE,
            NULL, 0x0, "The AMF had an OVERLOAD START in force on N2 when it reported", HFILL } },
        { &hf_amfol_sbi_start_frame, { "N2 episode START", "amfol.sbi.start_frame", FT_FRAMENUM, BASE_NONE,
            NULL, 0x0, NULL, HFILL } },
        { &hf_amfol_sbi_seen, { "Consumer sees", "amfol.sbi.seen", FT_STRING, BASE_NONE, NULL, 0x0,
            "An NF load told to a consumer (NFStatusNotify, NFDiscover result)", HFILL } },
        { &hf_amfol_sbi_seen_load, { "Load told", "amfol.sbi.seen.load", FT_UINT32, BASE_DEC|BASE_UNIT_STRING,
            &units_percent, 0x0, NULL, HFILL } },
        { &hf_amfol_sbi_seen_own_load, { "NF's own latest report", "amfol.sbi.seen.own_load", FT_UINT32,
            BASE_DEC|BASE_UNIT_STRING, &units_percent, 0x0, NULL, HFILL } },
        { &hf_amfol_sbi_seen_own_frame, { "Own report in", "amfol.sbi.seen.own_frame", FT_FRAMENUM, BASE_NONE,
            NULL, 0x0, NULL, HFILL } },
        { &hf_amfol_sbi_seen_stale, { "Outdated for", "amfol.sbi.seen.stale", FT_DOUBLE,
            BASE_NONE|BASE_UNIT_STRING, &units_seconds, 0x0,
            "How long the told load has been superseded by the NF's own reports (0 = current)", HFILL } },
        { &hf_amfol_sbi_oci, { "3gpp-Sbi-Oci elements", "amfol.sbi.oci", FT_UINT32, BASE_DEC, NULL, 0x0,
            NULL, HFILL } },
        { &hf_amfol_sbi_lci, { "3gpp-Sbi-Lci elements", "amfol.sbi.lci", FT_UINT32, BASE_DEC, NULL, 0x0,
            NULL, HFILL } },
        { &hf_amfol_sbi_olc_timestamp, { "Timestamp", "amfol.sbi.olc.timestamp", FT_STRING, BASE_NONE, NULL,
            0x0, NULL, HFILL } },
        { &hf_amfol_sbi_olc_validity, { "Period of validity", "amfol.sbi.olc.validity", FT_UINT32,
            BASE_DEC|BASE_UNIT_STRING, &units_seconds, 0x0, NULL, HFILL } },
        { &hf_amfol_sbi_olc_reduction, { "Overload reduction", "amfol.sbi.olc.reduction", FT_UINT32,
            BASE_DEC|BASE_UNIT_STRING, &units_percent, 0x0, NULL, HFILL } },
        { &hf_amfol_sbi_olc_load, { "Load metric", "amfol.sbi.olc.load", FT_UINT32,
            BASE_DEC|BASE_UNIT_STRING, &units_percent, 0x0, NULL, HFILL } },
        { &hf_amfol_sbi_olc_scope, { "Scope", "amfol.sbi.olc.scope", FT_STRING, BASE_NONE, NULL, 0x0,
            NULL, HFILL } },
        { &hf_amfol_sbi_olc_scope_value, { "Scope value", "amfol.sbi.olc.scope_value", FT_STRING, BASE_NONE,
            NULL, 0x0, NULL, HFILL } },
        { &hf_amfol_sbi_olc_malformed, { "Malformed", "amfol.sbi.olc.malformed", FT_STRING, BASE_NONE, NULL, 0x0,
            "Why the header breaks TS 29.500 syntax", HFILL } },
        { &hf_amfol_sbi_status, { "Overload status", "amfol.sbi.status", FT_UINT32, BASE_DEC, NULL, 0x0,
            "503 (NF_CONGESTION) or 429 (NF_CONGESTION_RISK)", HFILL } },
        { &hf_amfol_sbi_problem_cause, { "Problem cause", "amfol.sbi.problem_cause", FT_STRING, BASE_NONE, NULL, 0x0,
            "ProblemDetails cause", HFILL } },
        { &hf_amfol_sbi_retry_after, { "Retry-After", "amfol.sbi.retry_after", FT_UINT32,
            BASE_DEC|BASE_UNIT_STRING, &units_seconds, 0x0, NULL, HFILL } },
        { &hf_amfol_sbi_request_frame, { "Request in", "amfol.sbi.request_frame", FT_FRAMENUM, BASE_NONE,
            FRAMENUM_TYPE(FT_FRAMENUM_REQUEST), 0x0, NULL, HFILL } },
        { &hf_amfol_sbi_response_time, { "Response time", "amfol.sbi.response_time", FT_DOUBLE,
            BASE_NONE|BASE_UNIT_STRING, &units_seconds, 0x0, NULL, HFILL } },
        { &hf_amfol_sbi_move_source, { "UE moved from", "amfol.sbi.move.source", FT_STRING, BASE_NONE, NULL,
            0x0, NULL, HFILL } },
        { &hf_amfol_sbi_move_target, { "UE moved to", "amfol.sbi.move.target", FT_STRING, BASE_NONE, NULL,
            0x0, NULL, HFILL } },
        { &hf_amfol_sbi_move_ue, { "UE context", "amfol.sbi.move.ue", FT_STRING, BASE_NONE, NULL, 0x0,
            NULL, HFILL } },
        { &hf_amfol_sbi_move_target_load, { "Target's last reported load", "amfol.sbi.move.target_load",
            FT_UINT32, BASE_DEC|BASE_UNIT_STRING, &units_percent, 0x0, NULL, HFILL } },
        { &hf_amfol_sbi_move_registration, { "Registration at target", "amfol.sbi.move.registration",
            FT_FRAMENUM, BASE_NONE, NULL, 0x0,
            "The UE's mobility REGISTRATION REQUEST at the target AMF (same 5G-GUTI)", HFILL } },
        { &hf_amfol_sbi_move_cuc, { "Told to re-register in", "amfol.sbi.move.cuc", FT_FRAMENUM, BASE_NONE,
            NULL, 0x0, "The source AMF's CONFIGURATION UPDATE COMMAND (registration requested) to "
            "this UE (same 5G-S-TMSI)", HFILL } },
        { &hf_amfol_sbi_headers_unreadable, { "Headers not decodable", "amfol.sbi.headers_unreadable",
            FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            "HPACK state missing (capture started mid-connection): some headers are unknown", HFILL } },
        { &hf_amfol_sbi_inferred, { "Inferred", "amfol.sbi.inferred", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            "A load report, NF profile or ProblemDetails (503/429 status read from its body) recognised "
            "in a body whose headers were unreadable; its NF comes from the stream, the connection's "
            "readable messages or an address the capture names (counted apart)", HFILL } },
        { &hf_amfol_sbi_inferred_by, { "Inferred NF from", "amfol.sbi.inferred_by", FT_STRING, BASE_NONE, NULL, 0x0,
            "stream: its own request :path; connection: the one NF the connection's readable requests "
            "named (ProblemDetails: the server of a connection with readable messages); address: the only "
            "NF profile with the client's address (ProblemDetails: the sender's known SBI address); "
            "profile: an NF profile body", HFILL } },
        { &hf_amfol_sbi_relay_of, { "Relayed copy of", "amfol.sbi.relay_of", FT_FRAMENUM, BASE_NONE, NULL, 0x0,
            "The same NF's same load report, already counted from this frame on another connection "
            "(NF -> SCP -> NRF): counted once", HFILL } },
        { &hf_amfol_sbi_request_unknown, { "Request not seen", "amfol.sbi.request_unknown", FT_BOOLEAN,
            BASE_NONE, NULL, 0x0, "A body whose request headers amfol could not read", HFILL } },
        { &hf_amfol_sbi_body_not_json, { "Body not JSON", "amfol.sbi.body_not_json", FT_BOOLEAN, BASE_NONE,
            NULL, 0x0, NULL, HFILL } },
    };
    static int *ett[] = { &ett_amfol_sbi, &ett_amfol_sbi_seen, &ett_amfol_sbi_olc };
    static ei_register_info ei[] = {
        { &ei_amfol_sbi_oci_malformed, { "amfol.sbi.oci_malformed", PI_MALFORMED, PI_WARN,
            "3gpp-Sbi-Oci / 3gpp-Sbi-Lci header breaks TS 29.500 syntax", EXPFILL } },
        { &ei_amfol_sbi_hpack_missing, { "amfol.sbi.hpack_missing", PI_UNDECODED, PI_NOTE,
            "HTTP/2 headers not decodable (HPACK state missing: capture started mid-connection)",
            EXPFILL } },
        { &ei_amfol_sbi_overload_status, { "amfol.sbi.overload_status", PI_RESPONSE_CODE, PI_NOTE,
            "SBI overload response (503 / 429)", EXPFILL } },
    };
    proto_register_field_array(proto, hf, array_length(hf));
    proto_register_subtree_array(ett, array_length(ett));
    expert_register_field_array(expert, ei, array_length(ei));
}

