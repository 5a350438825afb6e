/* SPDX-License-Identifier: GPL-2.0-or-later */
/* nas_render.c: the NAS items of the "AMF Overload" subtree (amfol.nas.*), their registration
 * and the online Expert Info (early retry, missing T3346, ciphered NAS), rendered from the packed
 * verdicts nas_glue.c kept. */
#include "glue/nas_glue.h"
#include "glue/amfol_render.h"
#include "nas/amfol_nas_timer.h"

#include <string.h>

static int hf_amfol_nas = -1;
static int hf_amfol_nas_cause = -1;
static int hf_amfol_nas_sm_cause = -1;
static int hf_amfol_nas_congestion = -1;
static int hf_amfol_nas_security_header = -1;
static int hf_amfol_nas_integrity_protected = -1;
static int hf_amfol_nas_ciphered = -1;
static int hf_amfol_nas_t3346 = -1;
static int hf_amfol_nas_t3346_s = -1;
static int hf_amfol_nas_t3502 = -1;
static int hf_amfol_nas_backoff = -1;
static int hf_amfol_nas_timer = -1;
static int hf_amfol_nas_timer_s = -1;
static int hf_amfol_nas_expiry = -1;
static int hf_amfol_nas_timer_not_binding = -1;
static int hf_amfol_nas_amf = -1;
static int hf_amfol_nas_episode = -1;
static int hf_amfol_nas_start_frame = -1;
static int hf_amfol_nas_in_overload = -1;
static int hf_amfol_nas_ue = -1;
static int hf_amfol_nas_linked_by = -1;
static int hf_amfol_nas_attempt = -1;
static int hf_amfol_nas_in_backoff = -1;
static int hf_amfol_nas_verdict = -1;
static int hf_amfol_nas_reason = -1;
static int hf_amfol_nas_backoff_frame = -1;
static int hf_amfol_nas_to_expiry_s = -1;
static int hf_amfol_nas_exempt_rejected = -1;
static int hf_amfol_nas_exempt_reason = -1;
static int ett_amfol_nas = -1;
static expert_field ei_amfol_nas_early_retry = EI_INIT;
static expert_field ei_amfol_nas_t3346_missing = EI_INIT;
static expert_field ei_amfol_nas_t3346_zero = EI_INIT;
static expert_field ei_amfol_nas_exempt_rejected = EI_INIT;
static expert_field ei_amfol_nas_ciphered = EI_INIT;
static expert_field ei_amfol_nas_not_integrity_protected = EI_INIT;

static void unpack_timer(const nas_pdu_rec *p, int i, amfol_nas_timer *t)
{
    t->state = p->timer_state[i];
    t->seconds = p->timer_s[i];
}

static void unpack(const nas_pdu_rec *p, amfol_nas_result *r)
{
    memset(r, 0, sizeof *r);
    r->relevant = true;
    r->amf = p->amf;
    r->ue = p->ue;
    r->reason = p->reason;
    r->exempt_why = p->exempt_why;
    r->expiry = p->expiry;
    r->to_expiry_s = p->to_expiry_s;
    r->episode_start = p->episode_start;
    r->backoff_frame = p->backoff_frame;
    r->backoff_s = p->backoff_s;
    unpack_timer(p, 0, &r->t3346);
    unpack_timer(p, 1, &r->t3502);
    unpack_timer(p, 2, &r->backoff);
    r->episode = p->episode;
    r->mm_type = p->mm_type;
    r->sm_type = p->sm_type;
    r->mm_cause = p->mm_cause;
    r->sm_cause = p->sm_cause;
    r->security_header = p->security_header;
    r->backoff_timer = p->backoff_timer;
    r->linked_by = p->linked_by;
    r->verdict = p->verdict;
    r->ciphered = p->flags & NASR_CIPHERED;
    r->integrity_protected = p->flags & NASR_INTEGRITY;
    r->congestion = p->flags & NASR_CONGESTION;
    r->timer_not_binding = p->flags & NASR_NOT_BINDING;
    r->in_overload = p->flags & NASR_IN_OVERLOAD;
    r->is_attempt = p->flags & NASR_ATTEMPT;
    r->in_backoff = p->flags & NASR_IN_BACKOFF;
    r->exempt_rejected = p->flags & NASR_EXEMPT_REJ;
}

static void add_timer(proto_tree *t, tvbuff_t *tvb, int hf_text, int hf_s, const amfol_nas_timer *tm)
{
    char buf[32];
    amfol_gen_string(t, hf_text, tvb, amfol_nas_timer_text(tm, buf, sizeof buf));
    if (hf_s >= 0 && tm->state == AMFOL_TIMER_VALUE)
        amfol_gen_uint(t, hf_s, tvb, tm->seconds);
}

static const char *message_name(const amfol_nas_result *r)
{
    if (r->ciphered)
        return "Ciphered NAS message";
    if (r->mm_type != AMFOL_ABSENT && r->mm_type != 0x68 && r->mm_type != 0x67)
        return amfol_nas_mm_type_name(r->mm_type);
    if (r->sm_type != AMFOL_ABSENT)
        return amfol_nas_sm_type_name(r->sm_type);
    return r->mm_type != AMFOL_ABSENT ? amfol_nas_mm_type_name(r->mm_type) : "NAS message";
}

static void render_one(amfol_frame_ctx *ctx, proto_tree *tree, const amfol_nas_result *r)
{
    tvbuff_t *tvb = ctx->tvb;
    packet_info *pinfo = ctx->pinfo;
    proto_item *top = amfol_gen_string(tree, hf_amfol_nas, tvb, message_name(r));
    proto_tree *t = proto_item_add_subtree(top, ett_amfol_nas);
    amfol_gen_uint(t, hf_amfol_nas_security_header, tvb, (uint32_t)MAX(r->security_header, 0));
    amfol_gen_bool(t, hf_amfol_nas_integrity_protected, tvb, r->integrity_protected);
    if (r->ciphered) {
        amfol_gen_bool(t, hf_amfol_nas_ciphered, tvb, true);
        expert_add_info(pinfo, top, &ei_amfol_nas_ciphered);
    }
    amfol_gen_opt_string(t, hf_amfol_nas_amf, tvb, r->amf);
    amfol_gen_bool(t, hf_amfol_nas_in_overload, tvb, r->in_overload);
    if (r->episode) {
        amfol_gen_uint(t, hf_amfol_nas_episode, tvb, (uint32_t)r->episode);
        amfol_gen_frame(t, hf_amfol_nas_start_frame, tvb, r->episode_start);
    }
    if (r->ue && r->ue[0]) {
        amfol_gen_string(t, hf_amfol_nas_ue, tvb, r->ue);
        amfol_gen_string(t, hf_amfol_nas_linked_by, tvb, amfol_nas_link_name(r->linked_by));
    }
    if (r->mm_cause != AMFOL_ABSENT)
        amfol_gen(proto_tree_add_uint_format_value(t, hf_amfol_nas_cause, tvb, 0, 0, (guint32)r->mm_cause,
                                                   "%s (%d)", amfol_nas_mm_cause_name(r->mm_cause), r->mm_cause));
    if (r->sm_cause != AMFOL_ABSENT)
        amfol_gen(proto_tree_add_uint_format_value(t, hf_amfol_nas_sm_cause, tvb, 0, 0, (guint32)r->sm_cause,
                                                   "%s (%d)", amfol_nas_sm_cause_name(r->sm_cause), r->sm_cause));
    bool is_mm_reject = r->mm_type == 0x44 || r->mm_type == 0x4d || r->mm_type == 0x47;
    if (r->mm_cause != AMFOL_ABSENT || r->sm_cause != AMFOL_ABSENT)
        amfol_gen_bool(t, hf_amfol_nas_congestion, tvb, r->congestion);
    if (is_mm_reject)
        add_timer(t, tvb, hf_amfol_nas_t3346, hf_amfol_nas_t3346_s, &r->t3346);
    if (r->t3502.state != AMFOL_TIMER_ABSENT)
        add_timer(t, tvb, hf_amfol_nas_t3502, -1, &r->t3502);
    if (r->backoff.state != AMFOL_TIMER_ABSENT)
        add_timer(t, tvb, hf_amfol_nas_backoff, -1, &r->backoff);
    if (r->congestion && r->backoff_timer) {
        char name[8];
        g_snprintf(name, sizeof name, "T%d", r->backoff_timer);
        amfol_gen_string(t, hf_amfol_nas_timer, tvb, name);
        if (r->expiry > 0) {
            amfol_gen_uint(t, hf_amfol_nas_timer_s, tvb, r->backoff_s);
            amfol_gen_time(t, hf_amfol_nas_expiry, tvb, r->expiry);
        }
    }
    if (r->timer_not_binding) {
        proto_item *ti = amfol_gen_bool(t, hf_amfol_nas_timer_not_binding, tvb, true);
        expert_add_info(pinfo, ti, &ei_amfol_nas_not_integrity_protected);
    }
    if (r->congestion && (r->mm_type == 0x44 || r->mm_type == 0x4d)) {
        if (r->t3346.state == AMFOL_TIMER_ABSENT)
            expert_add_info(pinfo, top, &ei_amfol_nas_t3346_missing);
        else if (r->t3346.state != AMFOL_TIMER_VALUE)
            expert_add_info(pinfo, top, &ei_amfol_nas_t3346_zero);
    }
    if (r->exempt_rejected) {
        proto_item *ti = amfol_gen_bool(t, hf_amfol_nas_exempt_rejected, tvb, true);
        amfol_gen_string(t, hf_amfol_nas_exempt_reason, tvb, r->exempt_why);
        expert_add_info_format(pinfo, ti, &ei_amfol_nas_exempt_rejected,
                               "Congestion reject of a request that must be let through: %s", r->exempt_why);
    }
    if (r->is_attempt || r->in_backoff) {
        amfol_gen_bool(t, hf_amfol_nas_attempt, tvb, r->is_attempt);
        amfol_gen_bool(t, hf_amfol_nas_in_backoff, tvb, r->in_backoff);
    }
    if (r->in_backoff) {
        amfol_gen_uint(t, hf_amfol_nas_backoff_frame, tvb, r->backoff_frame);
        amfol_gen_double(t, hf_amfol_nas_to_expiry_s, tvb, r->to_expiry_s);
        if (r->verdict != AMFOL_VERDICT_NONE)
            amfol_gen_string(t, hf_amfol_nas_verdict, tvb, amfol_nas_verdict_name(r->verdict));
    }
    if (r->reason)
        amfol_gen_string(t, hf_amfol_nas_reason, tvb, r->reason);
    if (r->verdict == AMFOL_VERDICT_VIOLATION)
        expert_add_info_format(pinfo, top, &ei_amfol_nas_early_retry,
                               "Early retry: back-off T%d from frame %u still runs for %.1f s, no exemption",
                               r->backoff_timer, r->backoff_frame, r->to_expiry_s);
}

void nas_render(amfol_frame_ctx *ctx, proto_tree *tree, void *record)
{
    nas_pdu_rec rec;
    amfol_kept_iter it;
    amfol_kept_begin(&it, record, &nas_item_layout);
    while (amfol_kept_next(&it, &rec, sizeof rec)) {
        amfol_nas_result r;
        unpack(&rec, &r);
        render_one(ctx, tree, &r);
    }
}

void nas_register(int proto, expert_module_t *expert)
{
    static hf_register_info hf[] = {
        { &hf_amfol_nas, { "NAS message", "amfol.nas", FT_STRING, BASE_NONE, NULL, 0x0,
            "NAS message as amfol read it from the NAS-PDU octets", HFILL } },
        { &hf_amfol_nas_cause, { "5GMM cause", "amfol.nas.cause", FT_UINT32, BASE_DEC, NULL, 0x0,
            "5GMM cause in words", HFILL } },
        { &hf_amfol_nas_sm_cause, { "5GSM cause", "amfol.nas.sm_cause", FT_UINT32, BASE_DEC, NULL, 0x0,
            "5GSM cause in words", HFILL } },
        { &hf_amfol_nas_congestion, { "Congestion", "amfol.nas.congestion", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            "The cause is in the congestion cause set (preference amfol.congestion_causes) or is 5GSM #26/#67/#69", HFILL } },
        { &hf_amfol_nas_security_header, { "Security header type", "amfol.nas.security_header", FT_UINT32, BASE_DEC, NULL, 0x0,
            NULL, HFILL } },
        { &hf_amfol_nas_integrity_protected, { "Integrity protected", "amfol.nas.integrity_protected", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            "Security header type 1..4", HFILL } },
        { &hf_amfol_nas_ciphered, { "Ciphered (unreadable)", "amfol.nas.ciphered", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            NULL, HFILL } },
        { &hf_amfol_nas_t3346, { "T3346", "amfol.nas.t3346", FT_STRING, BASE_NONE, NULL, 0x0,
            "T3346 value IE (0x5F): seconds, none, zero or deactivated", HFILL } },
        { &hf_amfol_nas_t3346_s, { "T3346 (s)", "amfol.nas.t3346_s", FT_UINT32, BASE_DEC, NULL, 0x0,
            NULL, HFILL } },
        { &hf_amfol_nas_t3502, { "T3502", "amfol.nas.t3502", FT_STRING, BASE_NONE, NULL, 0x0,
            "T3502 value IE (0x16), never used as a back-off", HFILL } },
        { &hf_amfol_nas_backoff, { "Back-off timer", "amfol.nas.backoff", FT_STRING, BASE_NONE, NULL, 0x0,
            "Back-off timer value IE (0x37, GPRS timer 3)", HFILL } },
        { &hf_amfol_nas_timer, { "UE back-off timer", "amfol.nas.timer", FT_STRING, BASE_NONE, NULL, 0x0,
            "The timer the UE starts: T3346, T3396, T3584 or T3585", HFILL } },
        { &hf_amfol_nas_timer_s, { "UE back-off (s)", "amfol.nas.timer_s", FT_UINT32, BASE_DEC, NULL, 0x0,
            NULL, HFILL } },
        { &hf_amfol_nas_expiry, { "Back-off expires", "amfol.nas.expiry", FT_ABSOLUTE_TIME, ABSOLUTE_TIME_UTC, NULL, 0x0,
            "Reject time plus the timer value", HFILL } },
        { &hf_amfol_nas_timer_not_binding, { "Timer value not binding", "amfol.nas.timer_not_binding", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            "Not integrity protected: the UE runs a random T3346 from the TS 24.008 default range", HFILL } },
        { &hf_amfol_nas_amf, { "AMF", "amfol.nas.amf", FT_STRING, BASE_NONE, NULL, 0x0, NULL, HFILL } },
        { &hf_amfol_nas_episode, { "Overload episode", "amfol.nas.episode", FT_UINT32, BASE_DEC, NULL, 0x0,
            "The AMF's N2 overload episode at this time", HFILL } },
        { &hf_amfol_nas_start_frame, { "Overload START in force", "amfol.nas.start_frame", FT_FRAMENUM, BASE_NONE, NULL, 0x0,
            NULL, HFILL } },
        { &hf_amfol_nas_in_overload, { "AMF in overload", "amfol.nas.in_overload", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            NULL, HFILL } },
        { &hf_amfol_nas_ue, { "UE", "amfol.nas.ue", FT_STRING, BASE_NONE, NULL, 0x0,
            "Best identity seen for the UE (docs/faults.md naming)", HFILL } },
        { &hf_amfol_nas_linked_by, { "Linked by", "amfol.nas.linked_by", FT_STRING, BASE_NONE, NULL, 0x0,
            "Identity that linked this message to the UE (new, suci, 5g-guti, 5g-s-tmsi, amf-ue-ngap-id, ngap-ue-context)", HFILL } },
        { &hf_amfol_nas_attempt, { "Attempt", "amfol.nas.attempt", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            "Registration request or service request", HFILL } },
        { &hf_amfol_nas_in_backoff, { "In back-off", "amfol.nas.in_backoff", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            "Sent while a back-off timer of the UE runs", HFILL } },
        { &hf_amfol_nas_verdict, { "Verdict", "amfol.nas.verdict", FT_STRING, BASE_NONE, NULL, 0x0,
            "allowed (exempt), violation (early retry) or uncertain (reject not integrity protected)", HFILL } },
        { &hf_amfol_nas_reason, { "Reason", "amfol.nas.reason", FT_STRING, BASE_NONE, NULL, 0x0, NULL, HFILL } },
        { &hf_amfol_nas_backoff_frame, { "Back-off started by", "amfol.nas.backoff_frame", FT_FRAMENUM, BASE_NONE, NULL, 0x0,
            "The reject that started the running back-off", HFILL } },
        { &hf_amfol_nas_to_expiry_s, { "Seconds to expiry", "amfol.nas.to_expiry_s", FT_DOUBLE, BASE_NONE, NULL, 0x0,
            NULL, HFILL } },
        { &hf_amfol_nas_exempt_rejected, { "Exempt request rejected", "amfol.nas.exempt_rejected", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            NULL, HFILL } },
        { &hf_amfol_nas_exempt_reason, { "Exempt because", "amfol.nas.exempt_reason", FT_STRING, BASE_NONE, NULL, 0x0,
            NULL, HFILL } },
    };
    static int *ett[] = { &ett_amfol_nas };
    static ei_register_info ei[] = {
        { &ei_amfol_nas_early_retry, { "amfol.nas.early_retry", PI_SEQUENCE, PI_ERROR,
            "UE retried before its back-off timer expired, without an exemption", EXPFILL } },
        { &ei_amfol_nas_t3346_missing, { "amfol.nas.t3346_missing", PI_PROTOCOL, PI_WARN,
            "Congestion reject without T3346: the UE does not back off (TS 24.501 abnormal case)", EXPFILL } },
        { &ei_amfol_nas_t3346_zero, { "amfol.nas.t3346_zero", PI_PROTOCOL, PI_WARN,
            "Congestion reject with T3346 zero or deactivated: no back-off", EXPFILL } },
        { &ei_amfol_nas_exempt_rejected, { "amfol.nas.exempt_rejected.expert", PI_PROTOCOL, PI_WARN,
            "Congestion reject of an emergency or high-priority request", EXPFILL } },
        { &ei_amfol_nas_ciphered, { "amfol.nas.ciphered.expert", PI_UNDECODED, PI_NOTE,
            "Ciphered NAS is unreadable (if the network uses NEA0, try -o nas-5gs.null_decipher:TRUE)", EXPFILL } },
        { &ei_amfol_nas_not_integrity_protected, { "amfol.nas.not_integrity_protected", PI_SECURITY, PI_NOTE,
            "Reject not integrity protected: the UE runs a random default T3346, not the value given", EXPFILL } },
    };
    proto_register_field_array(proto, hf, array_length(hf));
    proto_register_subtree_array(ett, array_length(ett));
    expert_register_field_array(expert, ei, array_length(ei));
}

