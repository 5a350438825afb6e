/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rrc_render.c: the radio items of the "AMF Overload" subtree (amfol.rrc.*), their registration
 * and per-message Expert Info, rendered from the verdicts rrc_glue.c kept. */
#include "glue/rrc_glue.h"
#include "glue/amfol_render.h"

static int hf_amfol_rrc = -1;
static int hf_amfol_rrc_cause = -1;
static int hf_amfol_rrc_cell = -1;
static int hf_amfol_rrc_gnb = -1;
static int hf_amfol_rrc_amf = -1;
static int hf_amfol_rrc_in_overload = -1;
static int hf_amfol_rrc_start_before_capture = -1;
static int hf_amfol_rrc_episode = -1;
static int hf_amfol_rrc_start_frame = -1;
static int hf_amfol_rrc_action = -1;
static int hf_amfol_rrc_reduction_pct = -1;
static int hf_amfol_rrc_class = -1;
static int hf_amfol_rrc_in_grace = -1;
static int hf_amfol_rrc_outcome = -1;
static int hf_amfol_rrc_response_frame = -1;
static int hf_amfol_rrc_response_time_ms = -1;
static int hf_amfol_rrc_request_frame = -1;
static int hf_amfol_rrc_wait_time_s = -1;
static int ett_amfol_rrc = -1;
static expert_field ei_amfol_rrc_exempt_rejected = EI_INIT;
static expert_field ei_amfol_rrc_reject_without_overload = EI_INIT;
static expert_field ei_amfol_rrc_unanswered = EI_INIT;
static expert_field ei_amfol_rrc_reject_unmatched = EI_INIT;

/* Message names from tap/core/amfol_3gpp.c (enum amfol_rrc_msg: 1..7), filled in rrc_register(). */
#define RRC_MSG_MAX AMFOL_RRC_SETUP_COMPLETE
static value_string rrc_msg_vals[RRC_MSG_MAX + 2];

/* From tap/core/amfol_3gpp.c (through the radio module's cause index), filled in rrc_register(). */
static value_string rrc_cause_vals[AMFOL_RRC_NCAUSES + 1];
static value_string rrc_action_vals[AMFOL_ACTION_COUNT + 1];

static const value_string rrc_class_vals[] = {
    { AMFOL_RRC_CLASS_NONE, "no overload in force" },
    { AMFOL_RRC_CLASS_SHED, "shed (the action asks the gNB to reject it)" },
    { AMFOL_RRC_CLASS_EXEMPT, "exempt (must be let through)" },
    { AMFOL_RRC_CLASS_OTHER, "not named by the action" },
    { AMFOL_RRC_CLASS_SLICE, "shed for UEs of a listed slice only" },
    { AMFOL_RRC_CLASS_UNJUDGED, "not judged (no 3GPP text decides)" },
    { 0, NULL }
};

/* Outcome names from the radio module (tap/rrc/amfol_rrc_causes.c), filled in rrc_register(). */
#define RRC_OUTCOME_COUNT (AMFOL_RRC_OUT_OTHER + 1)
static value_string rrc_outcome_vals[RRC_OUTCOME_COUNT + 1];

static void render_one(amfol_frame_ctx *ctx, proto_tree *tree, const amfol_rrc_result *first_pass)
{
    tvbuff_t *tvb = ctx->tvb;
    packet_info *pinfo = ctx->pinfo;
    amfol_rrc_result after = *first_pass;
    const amfol_rrc_result *r = &after;
    bool request = r->msg == AMFOL_RRC_SETUP_REQUEST || r->msg == AMFOL_RRC_RESUME_REQUEST;
    /* Two passes (tshark -2, the GUI): a later STOP may show that an overload from before the
     * capture was in force (TS 38.413 §8.7.8); its action is unknown, so the class is "not judged". */
    amfol_rrc_request_info later;
    bool before_capture = request && !r->in_overload && PINFO_FD_VISITED(pinfo) && ctx->engine &&
                          amfol_engine_finish(ctx->engine) &&
                          amfol_rrc_request_info_get(ctx->engine, r->request_id, &later) && later.start_before_capture;
    if (before_capture) {
        after.in_overload = true;
        after.klass = AMFOL_RRC_CLASS_UNJUDGED;
    }
    proto_item *top = proto_tree_add_uint_format_value(tree, hf_amfol_rrc, tvb, 0, 0, (uint32_t)r->msg,
        "%s (%s)%s%s", val_to_str_const((uint32_t)r->msg, rrc_msg_vals, "?"),
        val_to_str_const((uint32_t)r->cause, rrc_cause_vals, "unknown"),
        r->in_overload ? ", AMF in overload: " : "", r->in_overload ? amfol_rrc_class_name(r->klass) : "");
    proto_item_set_generated(top);
    proto_tree *t = proto_item_add_subtree(top, ett_amfol_rrc);
    if (request || r->request_frame)
        amfol_gen_uint(t, hf_amfol_rrc_cause, tvb, (uint32_t)r->cause);
    if (r->cell)
        amfol_gen_string(t, hf_amfol_rrc_cell, tvb, r->cell);
    if (r->gnb)
        amfol_gen_string(t, hf_amfol_rrc_gnb, tvb, r->gnb);
    amfol_gen_bool(t, hf_amfol_rrc_in_overload, tvb, r->in_overload);
    if (before_capture) {
        amfol_gen_flag(t, hf_amfol_rrc_start_before_capture, tvb, true);
    } else if (r->in_overload) {
        if (r->amf)
            amfol_gen_string(t, hf_amfol_rrc_amf, tvb, r->amf);
        amfol_gen_uint(t, hf_amfol_rrc_episode, tvb, (uint32_t)r->episode);
        amfol_gen_uint(t, hf_amfol_rrc_start_frame, tvb, r->start_frame);
        amfol_gen_opt_uint(t, hf_amfol_rrc_action, tvb, r->action);
        amfol_gen_opt_uint(t, hf_amfol_rrc_reduction_pct, tvb, r->reduction_pct);
        amfol_gen_uint(t, hf_amfol_rrc_class, tvb, (uint32_t)r->klass);
    }
    amfol_gen_flag(t, hf_amfol_rrc_in_grace, tvb, r->in_grace);
    amfol_gen_opt_uint(t, hf_amfol_rrc_wait_time_s, tvb, r->wait_time_s);
    if (request) {
        amfol_rrc_request_info info;
        if (ctx->engine && amfol_rrc_request_info_get(ctx->engine, r->request_id, &info) &&
            info.outcome != AMFOL_RRC_OUT_PENDING) {
            proto_item *oi = amfol_gen_uint(t, hf_amfol_rrc_outcome, tvb, (uint32_t)info.outcome);
            if (info.answer_frame) {
                amfol_gen_frame(t, hf_amfol_rrc_response_frame, tvb, info.answer_frame);
                amfol_gen_double(t, hf_amfol_rrc_response_time_ms, tvb, info.answer_delay_ms);
            }
            amfol_gen_opt_uint(t, hf_amfol_rrc_wait_time_s, tvb, info.wait_time_s);
            if (info.outcome == AMFOL_RRC_OUT_UNANSWERED)
                expert_add_info(pinfo, oi, &ei_amfol_rrc_unanswered);
        }
        return;
    }
    amfol_gen_frame(t, hf_amfol_rrc_request_frame, tvb, r->request_frame);
    if (r->msg != AMFOL_RRC_REJECT)
        return;
    if (!r->request_frame)
        expert_add_info(pinfo, top, &ei_amfol_rrc_reject_unmatched);
    else if (r->in_overload && r->klass == AMFOL_RRC_CLASS_EXEMPT)
        expert_add_info_format(pinfo, top, &ei_amfol_rrc_exempt_rejected,
                               "Exempt access (%s) rejected although the overload action lets it through",
                               val_to_str_const((uint32_t)r->cause, rrc_cause_vals, "?"));
    else if (!r->in_overload && r->cell && !r->in_grace)
        expert_add_info(pinfo, top, &ei_amfol_rrc_reject_without_overload);
}

void rrc_render(amfol_frame_ctx *ctx, proto_tree *tree, void *record)
{
    amfol_rrc_result r;
    amfol_kept_iter it;
    amfol_kept_begin(&it, record, &rrc_item_layout);
    while (amfol_kept_next(&it, &r, sizeof r))
        render_one(ctx, tree, &r);
}

void rrc_register(int proto_amfol, expert_module_t *expert)
{
    amfol_vals_fill(rrc_msg_vals, RRC_MSG_MAX + 1, amfol_rrc_msg_name);
    amfol_vals_fill(rrc_outcome_vals, RRC_OUTCOME_COUNT, amfol_rrc_outcome_name);
    amfol_vals_fill(rrc_cause_vals, AMFOL_RRC_NCAUSES, amfol_rrc_cause_name);
    amfol_vals_fill(rrc_action_vals, AMFOL_ACTION_COUNT, amfol_action_name);
    static hf_register_info hf[] = {
        { &hf_amfol_rrc, { "RRC message", "amfol.rrc", FT_UINT32, BASE_DEC, VALS(rrc_msg_vals), 0x0,
          "NR RRC CCCH message amfol analysed", HFILL } },
        { &hf_amfol_rrc_cause, { "Cause", "amfol.rrc.cause", FT_UINT32, BASE_DEC, VALS(rrc_cause_vals), 0x0,
          "Establishment or resume cause (of the request an answer answers)", HFILL } },
        { &hf_amfol_rrc_cell, { "Cell", "amfol.rrc.cell", FT_STRING, BASE_NONE, NULL, 0x0,
          "NR-CGI as <mcc><mnc>-<cell identity hex>", HFILL } },
        { &hf_amfol_rrc_gnb, { "gNB", "amfol.rrc.gnb", FT_STRING, BASE_NONE, NULL, 0x0,
          "gNB of the cell (N2 name), or the F1 CU address when the cell is not tied to N2", HFILL } },
        { &hf_amfol_rrc_amf, { "Governing AMF", "amfol.rrc.amf", FT_STRING, BASE_NONE, NULL, 0x0,
          "AMF whose OVERLOAD START governs the cell at this instant", HFILL } },
        { &hf_amfol_rrc_start_before_capture, { "In an overload from before the capture", "amfol.rrc.start_before_capture",
            FT_BOOLEAN, BASE_NONE, NULL, 0x0, "Request before the first OVERLOAD STOP of its gNB's association, "
            "whose START was sent before the capture began (two passes only); action unknown, not judged", HFILL } },
        { &hf_amfol_rrc_in_overload, { "AMF in overload", "amfol.rrc.in_overload", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
          "An AMF of the cell's gNB has an OVERLOAD START in force", HFILL } },
        { &hf_amfol_rrc_episode, { "Episode", "amfol.rrc.episode", FT_UINT32, BASE_DEC, NULL, 0x0,
          "Overload episode number of that AMF association", HFILL } },
        { &hf_amfol_rrc_start_frame, { "OVERLOAD START in", "amfol.rrc.start_frame", FT_FRAMENUM, BASE_NONE,
          FRAMENUM_TYPE(FT_FRAMENUM_REQUEST), 0x0, "The OVERLOAD START whose parameters are in force", HFILL } },
        { &hf_amfol_rrc_action, { "Overload action", "amfol.rrc.action", FT_UINT32, BASE_DEC, VALS(rrc_action_vals), 0x0,
          "OverloadAction in force (absent: read as reject-rrc-cr-signalling)", HFILL } },
        { &hf_amfol_rrc_reduction_pct, { "Requested reduction (%)", "amfol.rrc.reduction_pct", FT_UINT32, BASE_DEC, NULL, 0x0,
          "TrafficLoadReductionIndication in force", HFILL } },
        { &hf_amfol_rrc_class, { "Class under the action", "amfol.rrc.class", FT_UINT32, BASE_DEC, VALS(rrc_class_vals), 0x0,
          "Whether the action asks to shed this cause, exempts it, or does not name it", HFILL } },
        { &hf_amfol_rrc_in_grace, { "In grace period", "amfol.rrc.in_grace", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
          "Within amfol.grace_ms of a START/STOP: in flight, not judged", HFILL } },
        { &hf_amfol_rrc_outcome, { "Outcome", "amfol.rrc.outcome", FT_UINT32, BASE_DEC, VALS(rrc_outcome_vals), 0x0,
          "What answered the request (known once the answer was read)", HFILL } },
        { &hf_amfol_rrc_response_frame, { "Answered in", "amfol.rrc.response_frame", FT_FRAMENUM, BASE_NONE,
          FRAMENUM_TYPE(FT_FRAMENUM_RESPONSE), 0x0, "The RRCSetup / RRCReject that answers this request", HFILL } },
        { &hf_amfol_rrc_response_time_ms, { "Answer delay (ms)", "amfol.rrc.response_time_ms", FT_DOUBLE, BASE_NONE, NULL, 0x0,
          "Time from the request to its answer", HFILL } },
        { &hf_amfol_rrc_request_frame, { "Request in", "amfol.rrc.request_frame", FT_FRAMENUM, BASE_NONE,
          FRAMENUM_TYPE(FT_FRAMENUM_REQUEST), 0x0, "The request this message answers", HFILL } },
        { &hf_amfol_rrc_wait_time_s, { "waitTime (s)", "amfol.rrc.wait_time_s", FT_UINT32, BASE_DEC, NULL, 0x0,
          "RRCReject waitTime", HFILL } },
    };
    static int *ett[] = { &ett_amfol_rrc };
    static ei_register_info ei[] = {
        { &ei_amfol_rrc_exempt_rejected, { "amfol.rrc.exempt_rejected", PI_PROTOCOL, PI_WARN,
          "Exempt access rejected during overload", EXPFILL } },
        { &ei_amfol_rrc_reject_without_overload, { "amfol.rrc.reject_without_overload", PI_PROTOCOL, PI_NOTE,
          "RRCReject while no AMF of the cell's gNB is in overload", EXPFILL } },
        { &ei_amfol_rrc_unanswered, { "amfol.rrc.unanswered", PI_RESPONSE_CODE, PI_NOTE,
          "RRC request without RRCSetup/RRCReject within amfol.rrc_answer_timeout_ms", EXPFILL } },
        { &ei_amfol_rrc_reject_unmatched, { "amfol.rrc.reject_unmatched", PI_SEQUENCE, PI_NOTE,
          "RRCReject without a request seen in the capture", EXPFILL } },
    };
    proto_register_field_array(proto_amfol, hf, array_length(hf));
    proto_register_subtree_array(ett, array_length(ett));
    expert_register_field_array(expert, ei, array_length(ei));
}

