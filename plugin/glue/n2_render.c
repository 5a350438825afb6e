/* SPDX-License-Identifier: GPL-2.0-or-later */
/* n2_render.c: the N2 items of the "AMF Overload" subtree (amfol.n2.*), their registration and
 * the per-packet Expert Info of the N2 glue, rendered from the record n2_glue.c kept. */
#include "glue/n2_glue.h"
#include "glue/amfol_render.h"

#include <string.h>

static int hf_amfol_n2 = -1;
static int hf_amfol_n2_amf = -1;
static int hf_amfol_n2_gnb = -1;
static int hf_amfol_n2_named_by_transport = -1;
static int hf_amfol_n2_episode = -1;
static int hf_amfol_n2_level = -1;
static int hf_amfol_n2_action = -1;
static int hf_amfol_n2_reduction_pct = -1;
static int hf_amfol_n2_slice = -1;
static int hf_amfol_n2_slice_snssai = -1;
static int hf_amfol_n2_slice_action = -1;
static int hf_amfol_n2_slice_reduction_pct = -1;
static int hf_amfol_n2_replaced = -1;
static int hf_amfol_n2_replaced_frame = -1;
static int hf_amfol_n2_start_frame = -1;
static int hf_amfol_n2_duration_s = -1;
static int hf_amfol_n2_stop_without_start = -1;
static int hf_amfol_n2_stop_before_capture = -1;
static int hf_amfol_n2_start_before_capture = -1;
static int hf_amfol_n2_overload_unknown = -1;
static int hf_amfol_n2_stop_frame = -1;
static int hf_amfol_n2_rrc_cause = -1;
static int hf_amfol_n2_in_overload = -1;
static int hf_amfol_n2_since_start_s = -1;
static int hf_amfol_n2_shed_expected = -1;
static int hf_amfol_n2_exempt = -1;
static int hf_amfol_n2_overload_related = -1;
static int hf_amfol_n2_overload_cause = -1;
static int hf_amfol_n2_time_to_wait_s = -1;
static int hf_amfol_n2_relative_amf_capacity = -1;
static int hf_amfol_n2_unavailable_guamis = -1;
static int ett_amfol_n2 = -1;
static int ett_amfol_n2_slice = -1;

static expert_field ei_amfol_n2_overload_start = EI_INIT;
static expert_field ei_amfol_n2_overload_stop = EI_INIT;
static expert_field ei_amfol_n2_stop_without_start = EI_INIT;
static expert_field ei_amfol_n2_shed_forwarded = EI_INIT;
static expert_field ei_amfol_n2_overload_cause = EI_INIT;

/* From tap/core/amfol_3gpp.c, filled in n2_register_fields(). */
static value_string n2_action_vals[AMFOL_ACTION_COUNT + 1];
static value_string n2_cause_vals[AMFOL_CAUSE_COUNT + 1];

/* amfol's own level convention (docs/faults.md), not 3GPP: NGAP has no levels. */
static const value_string n2_level_vals[] = {
    { 0, "Normal" }, { 1, "Minor" }, { 2, "Major" }, { 3, "Critical" }, { 0, NULL }
};


static void add_slices(packet_info *pinfo, proto_tree *sub, tvbuff_t *tvb, const amfol_slice_item *slices, int n)
{
    for (int i = 0; i < n; i++) {
        const amfol_slice_item *s = &slices[i];
        for (int k = 0; k < s->n_snssai; k++) {
            char sn[24];
            amfol_snssai_text(&s->snssai[k], sn, sizeof sn);
            proto_item *ti = proto_tree_add_string_format_value(sub, hf_amfol_n2_slice, tvb, 0, 0, sn,
                "%s: %s%s", sn, amfol_action_name(s->action),
                s->reduction_pct > 0 ? wmem_strdup_printf(pinfo->pool, ", %d %%", s->reduction_pct) : "");
            proto_item_set_generated(ti);
            proto_tree *st = proto_item_add_subtree(ti, ett_amfol_n2_slice);
            amfol_gen_string(st, hf_amfol_n2_slice_snssai, tvb, sn);
            amfol_gen_opt_uint(st, hf_amfol_n2_slice_action, tvb, s->action);
            amfol_gen_opt_uint(st, hf_amfol_n2_slice_reduction_pct, tvb, s->reduction_pct);
        }
    }
}

static void unpack(const n2_pdu_rec *p, amfol_n2_result *r)
{
    memset(r, 0, sizeof *r);
    r->relevant = true;
    r->amf = p->amf;
    r->gnb = p->gnb;
    r->amf_named_by_transport = p->flags & N2R_BY_TRANSPORT;
    r->episode = p->episode;
    r->level = (enum amfol_level)p->level;
    r->action = p->action;
    r->reduction_pct = p->reduction_pct;
    r->is_start = p->flags & N2R_START;
    r->replaced = p->flags & N2R_REPLACED;
    r->replaced_frame = r->is_start ? p->link_frame : 0;
    r->n_slice_items = p->n_slices;
    r->is_stop = p->flags & N2R_STOP;
    r->stop_without_start = p->flags & N2R_STOP_NO_START;
    r->stop_before_capture = p->flags & N2R_STOP_BEFORE_CAPTURE;
    r->episode_duration_s = r->is_stop ? p->seconds : 0;
    r->start_frame = r->is_start ? 0 : p->link_frame;
    r->is_initial_ue = p->flags & N2R_IUE;
    r->rrc_cause = p->rrc_cause;
    r->in_overload = p->flags & N2R_IN_OVERLOAD;
    r->overload_unknown = p->flags & N2R_OVERLOAD_UNKNOWN;
    r->assoc = p->assoc;
    r->since_start_s = r->is_initial_ue ? p->seconds : 0;
    r->shed_expected = p->flags & N2R_SHED;
    r->exempt = p->flags & N2R_EXEMPT;
    r->overload_cause = p->flags & N2R_OVERLOAD_CAUSE;
    r->time_to_wait_s = p->time_to_wait_s;
    r->relative_amf_capacity = p->relative_amf_capacity;
    r->n_unavailable_guamis = p->n_unavailable_guamis;
}

/* Flags (in_overload, shed_expected, exempt, replaced, ...) are added only when true
 * (amfol_gen_flag), as Wireshark's own analysis flags are. */
static void render_pdu(amfol_frame_ctx *ctx, proto_tree *tree, const amfol_n2_result *r, int proc,
                       int pdu_type, bool shed_after_grace, const amfol_slice_item *slices, int n_slices)
{
    tvbuff_t *tvb = ctx->tvb;
    packet_info *pinfo = ctx->pinfo;
    const char *msg = amfol_ngap_message_name(proc, pdu_type);
    proto_item *top = proto_tree_add_string_format_value(tree, hf_amfol_n2, tvb, 0, 0, msg,
        "%s, AMF %s, gNB %s", msg, r->amf ? r->amf : "?", r->gnb ? r->gnb : "?");
    proto_item_set_generated(top);
    proto_tree *sub = proto_item_add_subtree(top, ett_amfol_n2);
    if (r->amf)
        amfol_gen_string(sub, hf_amfol_n2_amf, tvb, r->amf);
    if (r->gnb)
        amfol_gen_string(sub, hf_amfol_n2_gnb, tvb, r->gnb);
    amfol_gen_flag(sub, hf_amfol_n2_named_by_transport, tvb, r->amf_named_by_transport);
    if (r->episode)
        amfol_gen_uint(sub, hf_amfol_n2_episode, tvb, (uint32_t)r->episode);
    if (r->is_start || r->in_overload)
        amfol_gen_uint(sub, hf_amfol_n2_level, tvb, (uint32_t)r->level);
    if (r->action != AMFOL_ABSENT && (r->is_start || r->in_overload || r->is_stop))
        amfol_gen_uint(sub, hf_amfol_n2_action, tvb, (uint32_t)r->action);
    if (r->reduction_pct != AMFOL_ABSENT && (r->is_start || r->in_overload || r->is_stop))
        amfol_gen_uint(sub, hf_amfol_n2_reduction_pct, tvb, (uint32_t)r->reduction_pct);

    if (r->is_start) {
        add_slices(pinfo, sub, tvb, slices, n_slices);
        if (r->replaced) {
            amfol_gen_flag(sub, hf_amfol_n2_replaced, tvb, true);
            amfol_gen_uint(sub, hf_amfol_n2_replaced_frame, tvb, r->replaced_frame);
        }
        expert_add_info_format(pinfo, top, &ei_amfol_n2_overload_start,
            "OVERLOAD START to %s: %s%s%s (episode %d, amfol level %s, not 3GPP)%s", r->gnb ? r->gnb : "?",
            n_slices > 0 && r->action == AMFOL_ABSENT ? "slice-scoped" : amfol_action_name(r->action),
            r->reduction_pct > 0 ? ", reduce by " : "",
            r->reduction_pct > 0 ? wmem_strdup_printf(pinfo->pool, "%d %%", r->reduction_pct) : "",
            r->episode, amfol_level_name(r->level),
            r->replaced ? wmem_strdup_printf(pinfo->pool, ", replaces START in frame %u", r->replaced_frame) : "");
    }
    if (r->is_stop) {
        if (r->stop_without_start) {
            amfol_gen_flag(sub, hf_amfol_n2_stop_without_start, tvb, true);
            expert_add_info_format(pinfo, top, &ei_amfol_n2_stop_without_start,
                "OVERLOAD STOP to %s without an OVERLOAD START in force", r->gnb ? r->gnb : "?");
        } else if (r->stop_before_capture) {
            amfol_gen_flag(sub, hf_amfol_n2_stop_before_capture, tvb, true);
            expert_add_info_format(pinfo, top, &ei_amfol_n2_overload_stop,
                "OVERLOAD STOP to %s: overload in force before the capture began, at least %.3f s "
                "(episode %d)", r->gnb ? r->gnb : "?", r->episode_duration_s, r->episode);
        } else {
            amfol_gen_uint(sub, hf_amfol_n2_start_frame, tvb, r->start_frame);
            amfol_gen_double(sub, hf_amfol_n2_duration_s, tvb, r->episode_duration_s);
            expert_add_info_format(pinfo, top, &ei_amfol_n2_overload_stop,
                "OVERLOAD STOP to %s: overload lasted %.3f s from frame %u (episode %d)",
                r->gnb ? r->gnb : "?", r->episode_duration_s, r->start_frame, r->episode);
        }
    }
    if (r->is_initial_ue) {
        amfol_gen_opt_uint(sub, hf_amfol_n2_rrc_cause, tvb, r->rrc_cause);
        if (r->in_overload) {
            amfol_gen_flag(sub, hf_amfol_n2_in_overload, tvb, true);
            amfol_gen_uint(sub, hf_amfol_n2_start_frame, tvb, r->start_frame);
            amfol_gen_double(sub, hf_amfol_n2_since_start_s, tvb, r->since_start_s);
            amfol_gen_flag(sub, hf_amfol_n2_shed_expected, tvb, r->shed_expected);
            amfol_gen_flag(sub, hf_amfol_n2_exempt, tvb, r->exempt);
        } else if (PINFO_FD_VISITED(pinfo)) {
            /* The whole capture is known (tshark -2, the GUI): a later STOP of an overload
             * started before the capture began puts this message inside it (TS 38.413 §8.7.8).
             * Its action is unknown, so shed/exempt stay unset. */
            amfol_frame stop = amfol_n2_before_capture_stop(ctx->engine, r->assoc);
            if (stop && pinfo->num < stop) {
                amfol_gen_flag(sub, hf_amfol_n2_in_overload, tvb, true);
                amfol_gen_flag(sub, hf_amfol_n2_start_before_capture, tvb, true);
                amfol_gen_uint(sub, hf_amfol_n2_stop_frame, tvb, stop);
            }
        } else if (r->overload_unknown) {
            /* One pass: no START or STOP seen yet on this association, a later STOP could still
             * show an overload from before the capture: unknown, not "not in overload". */
            amfol_gen_flag(sub, hf_amfol_n2_overload_unknown, tvb, true);
        }
        if (shed_after_grace)
            expert_add_info_format(pinfo, top, &ei_amfol_n2_shed_forwarded,
                "%s InitialUEMessage forwarded %.3f s after OVERLOAD START (frame %u) asked gNB %s to shed it",
                val_to_str_const((guint32)r->rrc_cause, n2_cause_vals, "unknown"), r->since_start_s,
                r->start_frame, r->gnb ? r->gnb : "?");
    }
    bool related = r->overload_cause || r->time_to_wait_s != AMFOL_ABSENT ||
                   r->relative_amf_capacity != AMFOL_ABSENT || proc == AMFOL_NGAP_AMF_STATUS_INDICATION;
    if (related) {
        amfol_gen_string(sub, hf_amfol_n2_overload_related, tvb, msg);
        if (r->overload_cause) {
            amfol_gen_flag(sub, hf_amfol_n2_overload_cause, tvb, true);
            expert_add_info_format(pinfo, top, &ei_amfol_n2_overload_cause,
                "%s with cause control-processing-overload%s", msg,
                r->time_to_wait_s != AMFOL_ABSENT ? wmem_strdup_printf(pinfo->pool, ", TimeToWait %d s", r->time_to_wait_s) : "");
        }
        amfol_gen_opt_uint(sub, hf_amfol_n2_time_to_wait_s, tvb, r->time_to_wait_s);
        amfol_gen_opt_uint(sub, hf_amfol_n2_relative_amf_capacity, tvb, r->relative_amf_capacity);
        if (proc == AMFOL_NGAP_AMF_STATUS_INDICATION)
            amfol_gen_uint(sub, hf_amfol_n2_unavailable_guamis, tvb, (uint32_t)r->n_unavailable_guamis);
    }
}

void n2_render(amfol_frame_ctx *ctx, proto_tree *tree, void *record)
{
    n2_pdu_rec rec;
    amfol_kept_iter it;
    amfol_kept_begin(&it, record, &n2_item_layout);
    while (amfol_kept_next(&it, &rec, sizeof rec)) {
        const n2_pdu_rec *p = &rec;
        amfol_n2_result r;
        unpack(p, &r);
        render_pdu(ctx, tree, &r, p->proc, p->pdu_type, p->flags & N2R_SHED_LATE, p->slices, p->n_slices);
    }
}

void n2_register(int proto_amfol, expert_module_t *expert)
{
    amfol_vals_fill(n2_action_vals, AMFOL_ACTION_COUNT, amfol_action_name);
    amfol_vals_fill(n2_cause_vals, AMFOL_CAUSE_COUNT, amfol_cause_name);
    static hf_register_info hf[] = {
        { &hf_amfol_n2, { "N2", "amfol.n2", FT_STRING, BASE_NONE, NULL, 0x0,
            "NGAP message amfol has something to say about", HFILL } },
        { &hf_amfol_n2_amf, { "AMF", "amfol.n2.amf", FT_STRING, BASE_NONE, NULL, 0x0,
            "AMF of the N2 association: AMFName from NG SETUP RESPONSE, else its transport address", HFILL } },
        { &hf_amfol_n2_gnb, { "gNB", "amfol.n2.gnb", FT_STRING, BASE_NONE, NULL, 0x0,
            "gNB of the N2 association: RANNodeName, else gNB-<PLMN>-<gNB-ID>, else its transport address", HFILL } },
        { &hf_amfol_n2_named_by_transport, { "AMF named by transport address", "amfol.n2.named_by_transport",
            FT_BOOLEAN, BASE_NONE, NULL, 0x0, "No NG SETUP RESPONSE seen for this AMF", HFILL } },
        { &hf_amfol_n2_episode, { "Overload episode", "amfol.n2.episode", FT_UINT32, BASE_DEC, NULL, 0x0,
            "Number of the AMF's overload episode (1-based)", HFILL } },
        { &hf_amfol_n2_level, { "Level (amfol convention)", "amfol.n2.level", FT_UINT32, BASE_DEC,
            VALS(n2_level_vals), 0x0,
            "amfol's own Normal/Minor/Major/Critical convention derived from the action; not 3GPP", HFILL } },
        { &hf_amfol_n2_action, { "Overload action", "amfol.n2.action", FT_UINT32, BASE_DEC,
            VALS(n2_action_vals), 0x0, "OverloadAction in force (TS 38.413 9.3.1.105)", HFILL } },
        { &hf_amfol_n2_reduction_pct, { "Traffic load reduction (%)", "amfol.n2.reduction_pct", FT_UINT32,
            BASE_DEC, NULL, 0x0, "AMF Traffic Load Reduction Indication in force", HFILL } },
        { &hf_amfol_n2_slice, { "Slice", "amfol.n2.slice", FT_STRING, BASE_NONE, NULL, 0x0,
            "Overload Start NSSAI List entry", HFILL } },
        { &hf_amfol_n2_slice_snssai, { "S-NSSAI", "amfol.n2.slice.snssai", FT_STRING, BASE_NONE, NULL, 0x0,
            "SST or SST-SD (hex)", HFILL } },
        { &hf_amfol_n2_slice_action, { "Slice overload action", "amfol.n2.slice.action", FT_UINT32, BASE_DEC,
            VALS(n2_action_vals), 0x0, NULL, HFILL } },
        { &hf_amfol_n2_slice_reduction_pct, { "Slice traffic load reduction (%)", "amfol.n2.slice.reduction_pct",
            FT_UINT32, BASE_DEC, NULL, 0x0, NULL, HFILL } },
        { &hf_amfol_n2_replaced, { "Replaces an earlier START", "amfol.n2.replaced", FT_BOOLEAN, BASE_NONE,
            NULL, 0x0, "A START was already in force on this association (TS 38.413 8.7.7.2: replaced)", HFILL } },
        { &hf_amfol_n2_replaced_frame, { "Replaced START", "amfol.n2.replaced_frame", FT_FRAMENUM, BASE_NONE,
            NULL, 0x0, NULL, HFILL } },
        { &hf_amfol_n2_start_frame, { "OVERLOAD START", "amfol.n2.start_frame", FT_FRAMENUM, BASE_NONE,
            FRAMENUM_TYPE(FT_FRAMENUM_REQUEST), 0x0, "The START in force (STOP: the association's first START of the episode)", HFILL } },
        { &hf_amfol_n2_duration_s, { "Overload duration (s)", "amfol.n2.duration_s", FT_DOUBLE, BASE_NONE, NULL, 0x0,
            "From the association's first START of the episode to this STOP", HFILL } },
        { &hf_amfol_n2_stop_without_start, { "STOP without START", "amfol.n2.stop_without_start", FT_BOOLEAN,
            BASE_NONE, NULL, 0x0, "No OVERLOAD START was in force on this association", HFILL } },
        { &hf_amfol_n2_stop_before_capture, { "STOP of an overload from before the capture", "amfol.n2.stop_before_capture",
            FT_BOOLEAN, BASE_NONE, NULL, 0x0, "First OVERLOAD STOP of this association and no START seen: "
            "the START was sent before the capture began", HFILL } },
        { &hf_amfol_n2_start_before_capture, { "In an overload from before the capture", "amfol.n2.start_before_capture",
            FT_BOOLEAN, BASE_NONE, NULL, 0x0, "InitialUEMessage before the association's first OVERLOAD STOP, "
            "whose START was sent before the capture began (two passes only: -2 or the GUI); action unknown", HFILL } },
        { &hf_amfol_n2_overload_unknown, { "Overload state unknown", "amfol.n2.overload_unknown",
            FT_BOOLEAN, BASE_NONE, NULL, 0x0, "One pass: no OVERLOAD START or STOP seen yet on this association, "
            "a later STOP may show an overload from before the capture (run tshark -2 to know)", HFILL } },
        { &hf_amfol_n2_stop_frame, { "STOP frame", "amfol.n2.stop_frame", FT_FRAMENUM, BASE_NONE,
            FRAMENUM_TYPE(FT_FRAMENUM_NONE), 0x0, "The OVERLOAD STOP that ended the overload in force", HFILL } },
        { &hf_amfol_n2_rrc_cause, { "RRC establishment cause", "amfol.n2.rrc_cause", FT_UINT32, BASE_DEC,
            VALS(n2_cause_vals), 0x0, NULL, HFILL } },
        { &hf_amfol_n2_in_overload, { "AMF in overload", "amfol.n2.in_overload", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            "The gNB had an OVERLOAD START of this AMF in force (after its START, before its STOP)", HFILL } },
        { &hf_amfol_n2_since_start_s, { "Since START (s)", "amfol.n2.since_start_s", FT_DOUBLE, BASE_NONE, NULL, 0x0,
            "Seconds since the START in force", HFILL } },
        { &hf_amfol_n2_shed_expected, { "Shed class", "amfol.n2.shed_expected", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            "The cause is in the traffic the action asks the gNB to reject", HFILL } },
        { &hf_amfol_n2_exempt, { "Exempt", "amfol.n2.exempt", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            "The cause is exempt under the action (emergency, high priority, MPS/MCS, mt-Access as the action says)", HFILL } },
        { &hf_amfol_n2_overload_related, { "Overload-related message", "amfol.n2.overload_related", FT_STRING,
            BASE_NONE, NULL, 0x0, NULL, HFILL } },
        { &hf_amfol_n2_overload_cause, { "Cause control-processing-overload", "amfol.n2.overload_cause",
            FT_BOOLEAN, BASE_NONE, NULL, 0x0, NULL, HFILL } },
        { &hf_amfol_n2_time_to_wait_s, { "TimeToWait (s)", "amfol.n2.time_to_wait_s", FT_UINT32, BASE_DEC, NULL, 0x0,
            NULL, HFILL } },
        { &hf_amfol_n2_relative_amf_capacity, { "Relative AMF capacity", "amfol.n2.relative_amf_capacity",
            FT_UINT32, BASE_DEC, NULL, 0x0, "RelativeAMFCapacity (0..255, the AMF's weight factor)", HFILL } },
        { &hf_amfol_n2_unavailable_guamis, { "Unavailable GUAMIs", "amfol.n2.unavailable_guamis", FT_UINT32,
            BASE_DEC, NULL, 0x0, "AMF STATUS INDICATION: GUAMIs the AMF takes out of service", HFILL } },
    };
    static int *ett[] = { &ett_amfol_n2, &ett_amfol_n2_slice };
    static ei_register_info ei[] = {
        { &ei_amfol_n2_overload_start, { "amfol.n2.overload_start", PI_SEQUENCE, PI_CHAT,
            "OVERLOAD START", EXPFILL } },
        { &ei_amfol_n2_overload_stop, { "amfol.n2.overload_stop", PI_SEQUENCE, PI_CHAT,
            "OVERLOAD STOP", EXPFILL } },
        { &ei_amfol_n2_stop_without_start, { "amfol.n2.stop_without_start.expert", PI_SEQUENCE, PI_NOTE,
            "OVERLOAD STOP without a START in force", EXPFILL } },
        { &ei_amfol_n2_shed_forwarded, { "amfol.n2.shed_forwarded", PI_PROTOCOL, PI_WARN,
            "Shed-class InitialUEMessage forwarded during overload", EXPFILL } },
        { &ei_amfol_n2_overload_cause, { "amfol.n2.overload_cause.expert", PI_RESPONSE_CODE, PI_NOTE,
            "Cause control-processing-overload", EXPFILL } },
    };
    proto_register_field_array(proto_amfol, hf, array_length(hf));
    proto_register_subtree_array(ett, array_length(ett));
    expert_register_field_array(expert, ei, array_length(ei));
}
