/* SPDX-License-Identifier: GPL-2.0-or-later */
/* n2_render.c: the N2 fields of the "AMF Overload" subtree (amfol.*), their registration, the
 * per-packet Expert Info of the N2 glue, and the list of NGAP/SCTP fields the glue reads. */
#include "n2_glue_fields.h"

const char *const n2_field_names[] = {
    [N2F_NGAP] = "ngap",
    [N2F_PROC] = "ngap.procedureCode",
    [N2F_INIT] = "ngap.initiatingMessage_element",
    [N2F_SUCC] = "ngap.successfulOutcome_element",
    [N2F_UNSUCC] = "ngap.unsuccessfulOutcome_element",
    [N2F_RAN_UE] = "ngap.RAN_UE_NGAP_ID",
    [N2F_AMF_UE] = "ngap.AMF_UE_NGAP_ID",
    [N2F_OVL_RESP] = "ngap.OverloadResponse",
    [N2F_ACTION] = "ngap.overloadAction",
    [N2F_TLRI] = "ngap.TrafficLoadReductionIndication",
    [N2F_NSSAI_ITEM] = "ngap.OverloadStartNSSAIItem_element",
    [N2F_SLICE_ITEM] = "ngap.SliceOverloadItem_element",
    [N2F_SLICE_RESP] = "ngap.sliceOverloadResponse",
    [N2F_SLICE_TLRI] = "ngap.sliceTrafficLoadReductionIndication",
    [N2F_SST] = "ngap.sST",
    [N2F_SD] = "ngap.sD",
    [N2F_RRC_CAUSE] = "ngap.RRCEstablishmentCause",
    [N2F_STMSI] = "ngap.fiveG_S_TMSI_element|ngap.FiveG_S_TMSI_element",   /* paging | InitialUEMessage IE */
    [N2F_SETID] = "ngap.aMFSetID",
    [N2F_PTR] = "ngap.aMFPointer",
    [N2F_TMSI] = "ngap.fiveG_TMSI",
    [N2F_REGION] = "ngap.aMFRegionID",
    [N2F_GUAMI] = "ngap.gUAMI_element|ngap.GUAMI_element",
    [N2F_ULI_NR] = "ngap.userLocationInformationNR_element",
    [N2F_NRCGI] = "ngap.nR_CGI_element",
    [N2F_PLMN] = "ngap.pLMNIdentity",
    [N2F_CELLID] = "ngap.NRCellIdentity",
    [N2F_CAUSE] = "ngap.Cause",
    [N2F_C_RADIO] = "ngap.radioNetwork",
    [N2F_C_TRANSPORT] = "ngap.transport",
    [N2F_C_NAS] = "ngap.nas",
    [N2F_C_PROTOCOL] = "ngap.protocol",
    [N2F_C_MISC] = "ngap.misc",
    [N2F_TTW] = "ngap.TimeToWait",
    [N2F_CAP] = "ngap.RelativeAMFCapacity",
    [N2F_RAN_NAME] = "ngap.RANNodeName",
    [N2F_GLOBAL_GNB] = "ngap.globalGNB_ID_element",
    [N2F_GNB_ID] = "ngap.gNB_ID",
    [N2F_AMF_NAME] = "ngap.AMFName",
    [N2F_UNAV_ITEM] = "ngap.UnavailableGUAMIItem_element",
    [N2F_BACKUP] = "ngap.backupAMFName",
    [N2F_NAS_PDU] = "ngap.NAS_PDU",
    [N2F_UECTX] = "ngap.UEContextRequest",
    /* INITIAL UE MESSAGE after REROUTE NAS REQUEST (TS 38.413 §8.6.5): AMFSetID IE (id 3) or
     * SourceToTarget-AMFInformationReroute (id 171) */
    [N2F_REROUTE] = "ngap.AMFSetID|ngap.SourceToTarget_AMFInformationReroute_element",
    [N2F_SCTP_CHUNK] = "sctp.chunk_type",
    [N2F_SCTP_RETX] = "sctp.retransmission",
    [N2F_SCTP_VTAG] = "sctp.verification_tag",
    [N2F_COUNT] = NULL,
};

static int hf_amfol_n2 = -1;
static int hf_amfol_amf = -1;
static int hf_amfol_gnb = -1;
static int hf_amfol_named_by_transport = -1;
static int hf_amfol_episode = -1;
static int hf_amfol_level = -1;
static int hf_amfol_action = -1;
static int hf_amfol_reduction_pct = -1;
static int hf_amfol_slice = -1;
static int hf_amfol_slice_snssai = -1;
static int hf_amfol_slice_action = -1;
static int hf_amfol_slice_reduction_pct = -1;
static int hf_amfol_replaced = -1;
static int hf_amfol_replaced_frame = -1;
static int hf_amfol_start_frame = -1;
static int hf_amfol_duration = -1;
static int hf_amfol_stop_without_start = -1;
static int hf_amfol_stop_before_capture = -1;
static int hf_amfol_start_before_capture = -1;
static int hf_amfol_overload_unknown = -1;
static int hf_amfol_stop_frame = -1;
static int hf_amfol_rrc_cause = -1;
static int hf_amfol_in_overload = -1;
static int hf_amfol_since_start = -1;
static int hf_amfol_shed_expected = -1;
static int hf_amfol_exempt = -1;
static int hf_amfol_overload_related = -1;
static int hf_amfol_overload_cause = -1;
static int hf_amfol_time_to_wait = -1;
static int hf_amfol_relative_amf_capacity = -1;
static int hf_amfol_unavailable_guamis = -1;
static int ett_amfol_n2 = -1;
static int ett_amfol_slice = -1;

static expert_field ei_amfol_overload_start = EI_INIT;
static expert_field ei_amfol_overload_stop = EI_INIT;
static expert_field ei_amfol_stop_without_start = EI_INIT;
static expert_field ei_amfol_shed_forwarded = EI_INIT;
static expert_field ei_amfol_overload_cause = EI_INIT;

/* From tap/core/amfol_3gpp.c, filled in n2_register_fields(). */
static value_string amfol_action_vals[AMFOL_ACTION_COUNT + 1];
static value_string amfol_cause_vals[AMFOL_CAUSE_COUNT + 1];

/* amfol's own level convention (docs/faults.md), not 3GPP: NGAP has no levels. */
static const value_string amfol_level_vals[] = {
    { 0, "Normal" }, { 1, "Minor" }, { 2, "Major" }, { 3, "Critical" }, { 0, NULL }
};


static const char *message_name(int proc, int pdu_type)
{
    switch (proc) {
    case 0: return pdu_type == 2 ? "AMFConfigurationUpdateFailure"
                 : pdu_type == 1 ? "AMFConfigurationUpdateAcknowledge" : "AMFConfigurationUpdate";
    case 1: return "AMFStatusIndication";
    case 9: return "ErrorIndication";
    case 15: return "InitialUEMessage";
    case 21: return pdu_type == 2 ? "NGSetupFailure" : pdu_type == 1 ? "NGSetupResponse" : "NGSetupRequest";
    case 22: return "OverloadStart";
    case 23: return "OverloadStop";
    case 35: return pdu_type == 2 ? "RANConfigurationUpdateFailure" : "RANConfigurationUpdate";
    case 41: return pdu_type == 1 ? "UEContextReleaseComplete" : "UEContextReleaseCommand";
    case 42: return "UEContextReleaseRequest";
    default: return "NGAP";
    }
}

/* Flags (in_overload, shed_expected, exempt, replaced, ...) are added only when true, as
 * Wireshark's own analysis flags are, so that a bare "amfol.in_overload" filter means true. */
#define ADD_GEN(expr) do { proto_item *gi_ = (expr); proto_item_set_generated(gi_); } while (0)

static void add_slices(packet_info *pinfo, proto_tree *sub, tvbuff_t *tvb, const amfol_slice_item *slices, int n)
{
    for (int i = 0; i < n; i++) {
        const amfol_slice_item *s = &slices[i];
        for (int k = 0; k < s->n_snssai; k++) {
            char sn[24];
            amfol_snssai_text(&s->snssai[k], sn, sizeof sn);
            proto_item *ti = proto_tree_add_string_format_value(sub, hf_amfol_slice, tvb, 0, 0, sn,
                "%s: %s%s", sn, amfol_action_name(s->action),
                s->reduction_pct > 0 ? wmem_strdup_printf(pinfo->pool, ", %d %%", s->reduction_pct) : "");
            proto_item_set_generated(ti);
            proto_tree *st = proto_item_add_subtree(ti, ett_amfol_slice);
            ADD_GEN(proto_tree_add_string(st, hf_amfol_slice_snssai, tvb, 0, 0, sn));
            if (s->action != AMFOL_ABSENT)
                ADD_GEN(proto_tree_add_uint(st, hf_amfol_slice_action, tvb, 0, 0, (guint32)s->action));
            if (s->reduction_pct != AMFOL_ABSENT)
                ADD_GEN(proto_tree_add_uint(st, hf_amfol_slice_reduction_pct, tvb, 0, 0, (guint32)s->reduction_pct));
        }
    }
}

void n2_render_pdu(amfol_frame_ctx *ctx, proto_tree *tree, const amfol_n2_result *r, int proc,
                   int pdu_type, bool shed_after_grace, const amfol_slice_item *slices, int n_slices)
{
    tvbuff_t *tvb = ctx->tvb;
    packet_info *pinfo = ctx->pinfo;
    const char *msg = message_name(proc, pdu_type);
    proto_item *top = proto_tree_add_string_format_value(tree, hf_amfol_n2, tvb, 0, 0, msg,
        "%s, AMF %s, gNB %s", msg, r->amf ? r->amf : "?", r->gnb ? r->gnb : "?");
    proto_item_set_generated(top);
    proto_tree *sub = proto_item_add_subtree(top, ett_amfol_n2);
    if (r->amf)
        ADD_GEN(proto_tree_add_string(sub, hf_amfol_amf, tvb, 0, 0, r->amf));
    if (r->gnb)
        ADD_GEN(proto_tree_add_string(sub, hf_amfol_gnb, tvb, 0, 0, r->gnb));
    if (r->amf_named_by_transport)
        ADD_GEN(proto_tree_add_boolean(sub, hf_amfol_named_by_transport, tvb, 0, 0, TRUE));
    if (r->episode)
        ADD_GEN(proto_tree_add_uint(sub, hf_amfol_episode, tvb, 0, 0, (guint32)r->episode));
    if (r->is_start || r->in_overload)
        ADD_GEN(proto_tree_add_uint(sub, hf_amfol_level, tvb, 0, 0, (guint32)r->level));
    if (r->action != AMFOL_ABSENT && (r->is_start || r->in_overload || r->is_stop))
        ADD_GEN(proto_tree_add_uint(sub, hf_amfol_action, tvb, 0, 0, (guint32)r->action));
    if (r->reduction_pct != AMFOL_ABSENT && (r->is_start || r->in_overload || r->is_stop))
        ADD_GEN(proto_tree_add_uint(sub, hf_amfol_reduction_pct, tvb, 0, 0, (guint32)r->reduction_pct));

    if (r->is_start) {
        add_slices(pinfo, sub, tvb, slices, n_slices);
        if (r->replaced) {
            ADD_GEN(proto_tree_add_boolean(sub, hf_amfol_replaced, tvb, 0, 0, TRUE));
            ADD_GEN(proto_tree_add_uint(sub, hf_amfol_replaced_frame, tvb, 0, 0, r->replaced_frame));
        }
        expert_add_info_format(pinfo, top, &ei_amfol_overload_start,
            "OVERLOAD START to %s: %s%s%s (episode %d, amfol level %s, not 3GPP)%s", r->gnb ? r->gnb : "?",
            n_slices > 0 && r->action == AMFOL_ABSENT ? "slice-scoped" : amfol_action_name(r->action),
            r->reduction_pct > 0 ? ", reduce by " : "",
            r->reduction_pct > 0 ? wmem_strdup_printf(pinfo->pool, "%d %%", r->reduction_pct) : "",
            r->episode, amfol_level_name(r->level),
            r->replaced ? wmem_strdup_printf(pinfo->pool, ", replaces START in frame %u", r->replaced_frame) : "");
    }
    if (r->is_stop) {
        if (r->stop_without_start) {
            ADD_GEN(proto_tree_add_boolean(sub, hf_amfol_stop_without_start, tvb, 0, 0, TRUE));
            expert_add_info_format(pinfo, top, &ei_amfol_stop_without_start,
                "OVERLOAD STOP to %s without an OVERLOAD START in force", r->gnb ? r->gnb : "?");
        } else if (r->stop_before_capture) {
            ADD_GEN(proto_tree_add_boolean(sub, hf_amfol_stop_before_capture, tvb, 0, 0, TRUE));
            expert_add_info_format(pinfo, top, &ei_amfol_overload_stop,
                "OVERLOAD STOP to %s: overload in force before the capture began, at least %.3f s "
                "(episode %d)", r->gnb ? r->gnb : "?", r->episode_duration_s, r->episode);
        } else {
            ADD_GEN(proto_tree_add_uint(sub, hf_amfol_start_frame, tvb, 0, 0, r->start_frame));
            ADD_GEN(proto_tree_add_double(sub, hf_amfol_duration, tvb, 0, 0, r->episode_duration_s));
            expert_add_info_format(pinfo, top, &ei_amfol_overload_stop,
                "OVERLOAD STOP to %s: overload lasted %.3f s from frame %u (episode %d)",
                r->gnb ? r->gnb : "?", r->episode_duration_s, r->start_frame, r->episode);
        }
    }
    if (r->is_initial_ue) {
        if (r->rrc_cause != AMFOL_ABSENT)
            ADD_GEN(proto_tree_add_uint(sub, hf_amfol_rrc_cause, tvb, 0, 0, (guint32)r->rrc_cause));
        if (r->in_overload) {
            ADD_GEN(proto_tree_add_boolean(sub, hf_amfol_in_overload, tvb, 0, 0, TRUE));
            ADD_GEN(proto_tree_add_uint(sub, hf_amfol_start_frame, tvb, 0, 0, r->start_frame));
            ADD_GEN(proto_tree_add_double(sub, hf_amfol_since_start, tvb, 0, 0, r->since_start_s));
            if (r->shed_expected)
                ADD_GEN(proto_tree_add_boolean(sub, hf_amfol_shed_expected, tvb, 0, 0, TRUE));
            if (r->exempt)
                ADD_GEN(proto_tree_add_boolean(sub, hf_amfol_exempt, tvb, 0, 0, TRUE));
        } else if (PINFO_FD_VISITED(pinfo)) {
            /* The whole capture is known (tshark -2, the GUI): a later STOP of an overload
             * started before the capture began puts this message inside it (TS 38.413 §8.7.8).
             * Its action is unknown, so shed/exempt stay unset. */
            amfol_frame stop = amfol_n2_before_capture_stop(ctx->engine, r->assoc);
            if (stop && pinfo->num < stop) {
                ADD_GEN(proto_tree_add_boolean(sub, hf_amfol_in_overload, tvb, 0, 0, TRUE));
                ADD_GEN(proto_tree_add_boolean(sub, hf_amfol_start_before_capture, tvb, 0, 0, TRUE));
                ADD_GEN(proto_tree_add_uint(sub, hf_amfol_stop_frame, tvb, 0, 0, stop));
            }
        } else if (r->overload_unknown) {
            /* One pass: no START or STOP seen yet on this association, a later STOP could still
             * show an overload from before the capture: unknown, not "not in overload". */
            ADD_GEN(proto_tree_add_boolean(sub, hf_amfol_overload_unknown, tvb, 0, 0, TRUE));
        }
        if (shed_after_grace)
            expert_add_info_format(pinfo, top, &ei_amfol_shed_forwarded,
                "%s InitialUEMessage forwarded %.3f s after OVERLOAD START (frame %u) asked gNB %s to shed it",
                val_to_str_const((guint32)r->rrc_cause, amfol_cause_vals, "unknown"), r->since_start_s,
                r->start_frame, r->gnb ? r->gnb : "?");
    }
    bool related = r->overload_cause || r->time_to_wait_s != AMFOL_ABSENT ||
                   r->relative_amf_capacity != AMFOL_ABSENT || proc == AMFOL_NGAP_AMF_STATUS_INDICATION;
    if (related) {
        ADD_GEN(proto_tree_add_string(sub, hf_amfol_overload_related, tvb, 0, 0, msg));
        if (r->overload_cause) {
            ADD_GEN(proto_tree_add_boolean(sub, hf_amfol_overload_cause, tvb, 0, 0, TRUE));
            expert_add_info_format(pinfo, top, &ei_amfol_overload_cause,
                "%s with cause control-processing-overload%s", msg,
                r->time_to_wait_s != AMFOL_ABSENT ? wmem_strdup_printf(pinfo->pool, ", TimeToWait %d s", r->time_to_wait_s) : "");
        }
        if (r->time_to_wait_s != AMFOL_ABSENT)
            ADD_GEN(proto_tree_add_uint(sub, hf_amfol_time_to_wait, tvb, 0, 0, (guint32)r->time_to_wait_s));
        if (r->relative_amf_capacity != AMFOL_ABSENT)
            ADD_GEN(proto_tree_add_uint(sub, hf_amfol_relative_amf_capacity, tvb, 0, 0, (guint32)r->relative_amf_capacity));
        if (proc == AMFOL_NGAP_AMF_STATUS_INDICATION)
            ADD_GEN(proto_tree_add_uint(sub, hf_amfol_unavailable_guamis, tvb, 0, 0, (guint32)r->n_unavailable_guamis));
    }
}

void n2_register_fields(int proto_amfol, expert_module_t *expert)
{
    amfol_vals_fill(amfol_action_vals, AMFOL_ACTION_COUNT, amfol_action_name);
    amfol_vals_fill(amfol_cause_vals, AMFOL_CAUSE_COUNT, amfol_cause_name);
    static hf_register_info hf[] = {
        { &hf_amfol_n2, { "N2", "amfol.n2", FT_STRING, BASE_NONE, NULL, 0x0,
            "NGAP message amfol has something to say about", HFILL } },
        { &hf_amfol_amf, { "AMF", "amfol.amf", FT_STRING, BASE_NONE, NULL, 0x0,
            "AMF of the N2 association: AMFName from NG SETUP RESPONSE, else its transport address", HFILL } },
        { &hf_amfol_gnb, { "gNB", "amfol.gnb", FT_STRING, BASE_NONE, NULL, 0x0,
            "gNB of the N2 association: RANNodeName, else gNB-<PLMN>-<gNB-ID>, else its transport address", HFILL } },
        { &hf_amfol_named_by_transport, { "AMF named by transport address", "amfol.named_by_transport",
            FT_BOOLEAN, BASE_NONE, NULL, 0x0, "No NG SETUP RESPONSE seen for this AMF", HFILL } },
        { &hf_amfol_episode, { "Overload episode", "amfol.episode", FT_UINT32, BASE_DEC, NULL, 0x0,
            "Number of the AMF's overload episode (1-based)", HFILL } },
        { &hf_amfol_level, { "Level (amfol convention)", "amfol.level", FT_UINT32, BASE_DEC,
            VALS(amfol_level_vals), 0x0,
            "amfol's own Normal/Minor/Major/Critical convention derived from the action; not 3GPP", HFILL } },
        { &hf_amfol_action, { "Overload action", "amfol.action", FT_UINT32, BASE_DEC,
            VALS(amfol_action_vals), 0x0, "OverloadAction in force (TS 38.413 9.3.1.105)", HFILL } },
        { &hf_amfol_reduction_pct, { "Traffic load reduction (%)", "amfol.reduction_pct", FT_UINT32,
            BASE_DEC, NULL, 0x0, "AMF Traffic Load Reduction Indication in force", HFILL } },
        { &hf_amfol_slice, { "Slice", "amfol.slice", FT_STRING, BASE_NONE, NULL, 0x0,
            "Overload Start NSSAI List entry", HFILL } },
        { &hf_amfol_slice_snssai, { "S-NSSAI", "amfol.slice.snssai", FT_STRING, BASE_NONE, NULL, 0x0,
            "SST or SST-SD (hex)", HFILL } },
        { &hf_amfol_slice_action, { "Slice overload action", "amfol.slice.action", FT_UINT32, BASE_DEC,
            VALS(amfol_action_vals), 0x0, NULL, HFILL } },
        { &hf_amfol_slice_reduction_pct, { "Slice traffic load reduction (%)", "amfol.slice.reduction_pct",
            FT_UINT32, BASE_DEC, NULL, 0x0, NULL, HFILL } },
        { &hf_amfol_replaced, { "Replaces an earlier START", "amfol.replaced", FT_BOOLEAN, BASE_NONE,
            NULL, 0x0, "A START was already in force on this association (TS 38.413 8.7.7.2: replaced)", HFILL } },
        { &hf_amfol_replaced_frame, { "Replaced START", "amfol.replaced_frame", FT_FRAMENUM, BASE_NONE,
            NULL, 0x0, NULL, HFILL } },
        { &hf_amfol_start_frame, { "OVERLOAD START", "amfol.start_frame", FT_FRAMENUM, BASE_NONE,
            FRAMENUM_TYPE(FT_FRAMENUM_REQUEST), 0x0, "The START in force (STOP: the association's first START of the episode)", HFILL } },
        { &hf_amfol_duration, { "Overload duration (s)", "amfol.duration", FT_DOUBLE, BASE_NONE, NULL, 0x0,
            "From the association's first START of the episode to this STOP", HFILL } },
        { &hf_amfol_stop_without_start, { "STOP without START", "amfol.stop_without_start", FT_BOOLEAN,
            BASE_NONE, NULL, 0x0, "No OVERLOAD START was in force on this association", HFILL } },
        { &hf_amfol_stop_before_capture, { "STOP of an overload from before the capture", "amfol.stop_before_capture",
            FT_BOOLEAN, BASE_NONE, NULL, 0x0, "First OVERLOAD STOP of this association and no START seen: "
            "the START was sent before the capture began", HFILL } },
        { &hf_amfol_start_before_capture, { "In an overload from before the capture", "amfol.start_before_capture",
            FT_BOOLEAN, BASE_NONE, NULL, 0x0, "InitialUEMessage before the association's first OVERLOAD STOP, "
            "whose START was sent before the capture began (two passes only: -2 or the GUI); action unknown", HFILL } },
        { &hf_amfol_overload_unknown, { "Overload state unknown", "amfol.overload_unknown",
            FT_BOOLEAN, BASE_NONE, NULL, 0x0, "One pass: no OVERLOAD START or STOP seen yet on this association, "
            "a later STOP may show an overload from before the capture (run tshark -2 to know)", HFILL } },
        { &hf_amfol_stop_frame, { "STOP frame", "amfol.stop_frame", FT_FRAMENUM, BASE_NONE,
            FRAMENUM_TYPE(FT_FRAMENUM_NONE), 0x0, "The OVERLOAD STOP that ended the overload in force", HFILL } },
        { &hf_amfol_rrc_cause, { "RRC establishment cause", "amfol.rrc_cause", FT_UINT32, BASE_DEC,
            VALS(amfol_cause_vals), 0x0, NULL, HFILL } },
        { &hf_amfol_in_overload, { "AMF in overload", "amfol.in_overload", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            "The gNB had an OVERLOAD START of this AMF in force (after its START, before its STOP)", HFILL } },
        { &hf_amfol_since_start, { "Since START (s)", "amfol.since_start", FT_DOUBLE, BASE_NONE, NULL, 0x0,
            "Seconds since the START in force", HFILL } },
        { &hf_amfol_shed_expected, { "Shed class", "amfol.shed_expected", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            "The cause is in the traffic the action asks the gNB to reject", HFILL } },
        { &hf_amfol_exempt, { "Exempt", "amfol.exempt", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            "The cause is exempt under the action (emergency, high priority, MPS/MCS, mt-Access as the action says)", HFILL } },
        { &hf_amfol_overload_related, { "Overload-related message", "amfol.overload_related", FT_STRING,
            BASE_NONE, NULL, 0x0, NULL, HFILL } },
        { &hf_amfol_overload_cause, { "Cause control-processing-overload", "amfol.overload_cause",
            FT_BOOLEAN, BASE_NONE, NULL, 0x0, NULL, HFILL } },
        { &hf_amfol_time_to_wait, { "TimeToWait (s)", "amfol.time_to_wait", FT_UINT32, BASE_DEC, NULL, 0x0,
            NULL, HFILL } },
        { &hf_amfol_relative_amf_capacity, { "Relative AMF capacity", "amfol.relative_amf_capacity",
            FT_UINT32, BASE_DEC, NULL, 0x0, "RelativeAMFCapacity (0..255, the AMF's weight factor)", HFILL } },
        { &hf_amfol_unavailable_guamis, { "Unavailable GUAMIs", "amfol.unavailable_guamis", FT_UINT32,
            BASE_DEC, NULL, 0x0, "AMF STATUS INDICATION: GUAMIs the AMF takes out of service", HFILL } },
    };
    static int *ett[] = { &ett_amfol_n2, &ett_amfol_slice };
    static ei_register_info ei[] = {
        { &ei_amfol_overload_start, { "amfol.overload_start", PI_SEQUENCE, PI_CHAT,
            "OVERLOAD START", EXPFILL } },
        { &ei_amfol_overload_stop, { "amfol.overload_stop", PI_SEQUENCE, PI_CHAT,
            "OVERLOAD STOP", EXPFILL } },
        { &ei_amfol_stop_without_start, { "amfol.stop_without_start.expert", PI_SEQUENCE, PI_NOTE,
            "OVERLOAD STOP without a START in force", EXPFILL } },
        { &ei_amfol_shed_forwarded, { "amfol.shed_forwarded", PI_PROTOCOL, PI_WARN,
            "Shed-class InitialUEMessage forwarded during overload", EXPFILL } },
        { &ei_amfol_overload_cause, { "amfol.overload_cause.expert", PI_RESPONSE_CODE, PI_NOTE,
            "Cause control-processing-overload", EXPFILL } },
    };
    proto_register_field_array(proto_amfol, hf, array_length(hf));
    proto_register_subtree_array(ett, array_length(ett));
    expert_register_field_array(expert, ei, array_length(ei));
}
