/* SPDX-License-Identifier: GPL-2.0-or-later */
/* nas_glue.c: the NAS glue: every NAS-PDU of the frame's NGAP PDUs is read from its octets
 * (tap/nas/amfol_nas_parse.c binds T3346 to IE 0x5F exactly, which Wireshark's shared
 * gsm_a.gm.gmm.gprs_timer2_* fields cannot), fed to the NAS module, and its verdicts are shown
 * under amfol.nas.* with online Expert Info (early retry, missing T3346, ciphered NAS). */
#include "amfol_glue.h"
#include "nas/amfol_nas.h"
#include "nas/amfol_nas_parse.h"
#include "nas/amfol_nas_timer.h"
#include "nas_table.h"

#include <math.h>
#include <string.h>

#define NAS_MODULE_INDEX AMFOL_MOD_NAS
#define NAS_MAX_PER_FRAME 8

/* Field slots (index into nas_fields). */
enum { S_NAS_PDU, S_NAS_PDU_ITEM, S_MM_TYPE, S_SM_TYPE };

static const char *const nas_fields[] = {
    "ngap.NAS_PDU",
    "ngap.nAS_PDU|ngap.pDUSessionNAS_PDU",   /* NAS PDU of PDU session resource items */
    /* Only used to see whether Wireshark deciphered a ciphered PDU (nas-5gs.null_decipher). */
    "nas-5gs.mm.message_type|nas_5gs.mm.message_type",
    "nas-5gs.sm.message_type|nas_5gs.sm.message_type",
    /* The UE's NGAP ids come with the NGAP event the N2 glue made (ev.ngap): read once. */
    NULL
};

/* One NAS verdict as kept per frame, packed (96 bytes instead of amfol_nas_result's 176): a
 * storm has a million of these. Strings point to engine-interned names or static text. */
typedef struct nas_pdu_rec {
    const char *amf, *ue, *reason, *exempt_why;
    amfol_time expiry;
    double to_expiry_s;
    amfol_frame episode_start, backoff_frame;
    uint32_t backoff_s;
    uint32_t timer_s[3];               /* t3346, t3502, backoff: seconds */
    int32_t episode;
    int16_t mm_type, sm_type, mm_cause, sm_cause, security_header, backoff_timer;
    uint8_t timer_state[3];            /* enum amfol_timer_state */
    uint8_t linked_by, verdict, flags;
} nas_pdu_rec;

enum {
    NASR_CIPHERED = 1 << 0, NASR_INTEGRITY = 1 << 1, NASR_CONGESTION = 1 << 2, NASR_NOT_BINDING = 1 << 3,
    NASR_IN_OVERLOAD = 1 << 4, NASR_ATTEMPT = 1 << 5, NASR_IN_BACKOFF = 1 << 6, NASR_EXEMPT_REJ = 1 << 7,
};

typedef struct nas_frame_rec {
    int n;
    nas_pdu_rec r[];
} nas_frame_rec;

static void pack_timer(nas_pdu_rec *p, int i, const amfol_nas_timer *t)
{
    p->timer_state[i] = (uint8_t)t->state;
    p->timer_s[i] = t->seconds;
}

static void unpack_timer(const nas_pdu_rec *p, int i, amfol_nas_timer *t)
{
    t->state = p->timer_state[i];
    t->seconds = p->timer_s[i];
}

static void pack(nas_pdu_rec *p, const amfol_nas_result *r)
{
    memset(p, 0, sizeof *p);
    p->amf = r->amf;
    p->ue = r->ue;
    p->reason = r->reason;
    p->exempt_why = r->exempt_why;
    p->expiry = r->expiry;
    p->to_expiry_s = r->to_expiry_s;
    p->episode_start = r->episode_start;
    p->backoff_frame = r->backoff_frame;
    p->backoff_s = r->backoff_s;
    pack_timer(p, 0, &r->t3346);
    pack_timer(p, 1, &r->t3502);
    pack_timer(p, 2, &r->backoff);
    p->episode = r->episode;
    p->mm_type = (int16_t)r->mm_type;
    p->sm_type = (int16_t)r->sm_type;
    p->mm_cause = (int16_t)r->mm_cause;
    p->sm_cause = (int16_t)r->sm_cause;
    p->security_header = (int16_t)r->security_header;
    p->backoff_timer = (int16_t)r->backoff_timer;
    p->linked_by = (uint8_t)r->linked_by;
    p->verdict = (uint8_t)r->verdict;
    p->flags = (uint8_t)((r->ciphered ? NASR_CIPHERED : 0) | (r->integrity_protected ? NASR_INTEGRITY : 0) |
        (r->congestion ? NASR_CONGESTION : 0) | (r->timer_not_binding ? NASR_NOT_BINDING : 0) |
        (r->in_overload ? NASR_IN_OVERLOAD : 0) | (r->is_attempt ? NASR_ATTEMPT : 0) |
        (r->in_backoff ? NASR_IN_BACKOFF : 0) | (r->exempt_rejected ? NASR_EXEMPT_REJ : 0));
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

static int hf_amfol_nas_message = -1;
static int hf_amfol_nas_cause = -1;
static int hf_amfol_nas_sm_cause = -1;
static int hf_amfol_nas_congestion = -1;
static int hf_amfol_nas_security = -1;
static int hf_amfol_nas_integrity = -1;
static int hf_amfol_nas_ciphered = -1;
static int hf_amfol_nas_t3346 = -1;
static int hf_amfol_nas_t3346_s = -1;
static int hf_amfol_nas_t3502 = -1;
static int hf_amfol_nas_backoff = -1;
static int hf_amfol_nas_timer = -1;
static int hf_amfol_nas_timer_s = -1;
static int hf_amfol_nas_expiry = -1;
static int hf_amfol_nas_not_binding = -1;
static int hf_amfol_nas_amf = -1;
static int hf_amfol_nas_episode = -1;
static int hf_amfol_nas_episode_start = -1;
static int hf_amfol_nas_in_overload = -1;
static int hf_amfol_nas_ue = -1;
static int hf_amfol_nas_linked_by = -1;
static int hf_amfol_nas_attempt = -1;
static int hf_amfol_nas_in_backoff = -1;
static int hf_amfol_nas_verdict = -1;
static int hf_amfol_nas_reason = -1;
static int hf_amfol_nas_backoff_frame = -1;
static int hf_amfol_nas_to_expiry = -1;
static int hf_amfol_nas_exempt_rejected = -1;
static int hf_amfol_nas_exempt_reason = -1;
static int ett_amfol_nas = -1;
static expert_field ei_amfol_nas_early_retry = EI_INIT;
static expert_field ei_amfol_nas_t3346_missing = EI_INIT;
static expert_field ei_amfol_nas_t3346_zero = EI_INIT;
static expert_field ei_amfol_nas_exempt_rejected = EI_INIT;
static expert_field ei_amfol_nas_ciphered = EI_INIT;
static expert_field ei_amfol_nas_not_binding = EI_INIT;

/* Index of the NGAP PDU whose field range holds field i, or -1. */
static int ngap_of(const amfol_frame_ctx *ctx, int i)
{
    for (int k = 0; k < ctx->n_ngap; k++)
        if (i >= ctx->ngap_first[k] && i < ctx->ngap_end[k])
            return k;
    return -1;
}

/* Did Wireshark decode a message type inside this NAS-PDU's subtree? For a ciphered PDU that
 * means it was deciphered as NEA0 (-o nas-5gs.null_decipher:TRUE). */
static bool wireshark_read_inside(const amfol_frame_ctx *ctx, int i)
{
    int depth = ctx->fields[i].depth;
    for (int j = i + 1; j < ctx->n_fields && ctx->fields[j].depth > depth; j++) {
        const amfol_fieldref *f = &ctx->fields[j];
        if (f->module == NAS_MODULE_INDEX && (f->slot == S_MM_TYPE || f->slot == S_SM_TYPE))
            return true;
    }
    return false;
}

static void *nas_analyze(amfol_frame_ctx *ctx)
{
    amfol_nas_result tmp[NAS_MAX_PER_FRAME];
    int n = 0;
    for (int i = 0; i < ctx->n_fields && n < NAS_MAX_PER_FRAME; i++) {
        const amfol_fieldref *f = &ctx->fields[i];
        if (f->module != NAS_MODULE_INDEX || (f->slot != S_NAS_PDU && f->slot != S_NAS_PDU_ITEM))
            continue;
        /* Guard against a changed module order in packet-amfol.c: the slot must be ours. */
        if (!f->fi || !f->fi->hfinfo || !strstr(nas_fields[f->slot], f->fi->hfinfo->abbrev))
            continue;
        int k = ngap_of(ctx, i);
        if (k < 0 || !ctx->ngap)
            continue;
        /* NAS NON DELIVERY INDICATION (19) returns a downlink NAS-PDU the gNB could not deliver,
         * REROUTE NAS REQUEST (36) carries the original InitialUEMessage: neither is a new NAS
         * message, and reading them would count rejects and attempts twice. */
        if (ctx->ngap[k].proc == AMFOL_NGAP_NAS_NON_DELIVERY_INDICATION || ctx->ngap[k].proc == AMFOL_NGAP_REROUTE_NAS_REQUEST)
            continue;
        size_t len = 0;
        const uint8_t *bytes = amfol_fi_bytes(f->fi, &len);
        if (!bytes || len == 0)
            continue;
        const amfol_ngap_event *ng = &ctx->ngap[k];
        amfol_nas_event ev;
        memset(&ev, 0, sizeof ev);
        ev.where = ng->where;
        ev.ngap = ng;
        int sht = len >= 2 ? (bytes[1] & 0x0f) : 0;
        bool deciphered = (sht == 2 || sht == 4) && wireshark_read_inside(ctx, i);
        if (amfol_nas_parse(bytes, len, deciphered, &ev) == AMFOL_NAS_PARSE_NOT_NAS)
            continue;
        amfol_engine_nas(ctx->engine, &ev, &tmp[n]);
        if (tmp[n].relevant)
            n++;
    }
    if (n == 0)
        return NULL;
    nas_frame_rec *rec = wmem_alloc(wmem_file_scope(), sizeof *rec + (size_t)n * sizeof rec->r[0]);
    rec->n = n;
    for (int j = 0; j < n; j++)
        pack(&rec->r[j], &tmp[j]);
    return rec;
}

static proto_item *add_gen(proto_item *ti)
{
    proto_item_set_generated(ti);
    return ti;
}

static void add_timer(proto_tree *t, tvbuff_t *tvb, int hf_text, int hf_s, const amfol_nas_timer *tm)
{
    char buf[32];
    add_gen(proto_tree_add_string(t, hf_text, tvb, 0, 0, amfol_nas_timer_text(tm, buf, sizeof buf)));
    if (hf_s >= 0 && tm->state == AMFOL_TIMER_VALUE)
        add_gen(proto_tree_add_uint(t, hf_s, tvb, 0, 0, tm->seconds));
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
    proto_item *top = add_gen(proto_tree_add_string(tree, hf_amfol_nas_message, tvb, 0, 0, message_name(r)));
    proto_tree *t = proto_item_add_subtree(top, ett_amfol_nas);
    add_gen(proto_tree_add_uint(t, hf_amfol_nas_security, tvb, 0, 0, (guint32)MAX(r->security_header, 0)));
    add_gen(proto_tree_add_boolean(t, hf_amfol_nas_integrity, tvb, 0, 0, r->integrity_protected));
    if (r->ciphered) {
        add_gen(proto_tree_add_boolean(t, hf_amfol_nas_ciphered, tvb, 0, 0, TRUE));
        expert_add_info(pinfo, top, &ei_amfol_nas_ciphered);
    }
    if (r->amf && r->amf[0])
        add_gen(proto_tree_add_string(t, hf_amfol_nas_amf, tvb, 0, 0, r->amf));
    add_gen(proto_tree_add_boolean(t, hf_amfol_nas_in_overload, tvb, 0, 0, r->in_overload));
    if (r->episode) {
        add_gen(proto_tree_add_uint(t, hf_amfol_nas_episode, tvb, 0, 0, (guint32)r->episode));
        if (r->episode_start)
            add_gen(proto_tree_add_uint(t, hf_amfol_nas_episode_start, tvb, 0, 0, r->episode_start));
    }
    if (r->ue && r->ue[0]) {
        add_gen(proto_tree_add_string(t, hf_amfol_nas_ue, tvb, 0, 0, r->ue));
        add_gen(proto_tree_add_string(t, hf_amfol_nas_linked_by, tvb, 0, 0, amfol_nas_link_name(r->linked_by)));
    }
    if (r->mm_cause != AMFOL_ABSENT)
        add_gen(proto_tree_add_uint_format_value(t, hf_amfol_nas_cause, tvb, 0, 0, (guint32)r->mm_cause,
                                                 "%s (%d)", amfol_nas_mm_cause_name(r->mm_cause), r->mm_cause));
    if (r->sm_cause != AMFOL_ABSENT)
        add_gen(proto_tree_add_uint_format_value(t, hf_amfol_nas_sm_cause, tvb, 0, 0, (guint32)r->sm_cause,
                                                 "%s (%d)", amfol_nas_sm_cause_name(r->sm_cause), r->sm_cause));
    bool is_mm_reject = r->mm_type == 0x44 || r->mm_type == 0x4d || r->mm_type == 0x47;
    if (r->mm_cause != AMFOL_ABSENT || r->sm_cause != AMFOL_ABSENT)
        add_gen(proto_tree_add_boolean(t, hf_amfol_nas_congestion, tvb, 0, 0, r->congestion));
    if (is_mm_reject)
        add_timer(t, tvb, hf_amfol_nas_t3346, hf_amfol_nas_t3346_s, &r->t3346);
    if (r->t3502.state != AMFOL_TIMER_ABSENT)
        add_timer(t, tvb, hf_amfol_nas_t3502, -1, &r->t3502);
    if (r->backoff.state != AMFOL_TIMER_ABSENT)
        add_timer(t, tvb, hf_amfol_nas_backoff, -1, &r->backoff);
    if (r->congestion && r->backoff_timer) {
        char name[8];
        g_snprintf(name, sizeof name, "T%d", r->backoff_timer);
        add_gen(proto_tree_add_string(t, hf_amfol_nas_timer, tvb, 0, 0, name));
        if (r->expiry > 0) {
            add_gen(proto_tree_add_uint(t, hf_amfol_nas_timer_s, tvb, 0, 0, r->backoff_s));
            nstime_t ts;
            ts.secs = (time_t)floor(r->expiry);
            ts.nsecs = (int)((r->expiry - floor(r->expiry)) * 1e9);
            add_gen(proto_tree_add_time(t, hf_amfol_nas_expiry, tvb, 0, 0, &ts));
        }
    }
    if (r->timer_not_binding) {
        proto_item *ti = add_gen(proto_tree_add_boolean(t, hf_amfol_nas_not_binding, tvb, 0, 0, TRUE));
        expert_add_info(pinfo, ti, &ei_amfol_nas_not_binding);
    }
    if (r->congestion && (r->mm_type == 0x44 || r->mm_type == 0x4d)) {
        if (r->t3346.state == AMFOL_TIMER_ABSENT)
            expert_add_info(pinfo, top, &ei_amfol_nas_t3346_missing);
        else if (r->t3346.state != AMFOL_TIMER_VALUE)
            expert_add_info(pinfo, top, &ei_amfol_nas_t3346_zero);
    }
    if (r->exempt_rejected) {
        proto_item *ti = add_gen(proto_tree_add_boolean(t, hf_amfol_nas_exempt_rejected, tvb, 0, 0, TRUE));
        add_gen(proto_tree_add_string(t, hf_amfol_nas_exempt_reason, tvb, 0, 0, r->exempt_why));
        expert_add_info_format(pinfo, ti, &ei_amfol_nas_exempt_rejected,
                               "Congestion reject of a request that must be let through: %s", r->exempt_why);
    }
    if (r->is_attempt || r->in_backoff) {
        add_gen(proto_tree_add_boolean(t, hf_amfol_nas_attempt, tvb, 0, 0, r->is_attempt));
        add_gen(proto_tree_add_boolean(t, hf_amfol_nas_in_backoff, tvb, 0, 0, r->in_backoff));
    }
    if (r->in_backoff) {
        add_gen(proto_tree_add_uint(t, hf_amfol_nas_backoff_frame, tvb, 0, 0, r->backoff_frame));
        add_gen(proto_tree_add_double(t, hf_amfol_nas_to_expiry, tvb, 0, 0, r->to_expiry_s));
        if (r->verdict != AMFOL_VERDICT_NONE)
            add_gen(proto_tree_add_string(t, hf_amfol_nas_verdict, tvb, 0, 0, amfol_nas_verdict_name(r->verdict)));
    }
    if (r->reason)
        add_gen(proto_tree_add_string(t, hf_amfol_nas_reason, tvb, 0, 0, r->reason));
    if (r->verdict == AMFOL_VERDICT_VIOLATION)
        expert_add_info_format(pinfo, top, &ei_amfol_nas_early_retry,
                               "Early retry: back-off T%d from frame %u still runs for %.1f s, no exemption",
                               r->backoff_timer, r->backoff_frame, r->to_expiry_s);
}

static void nas_render(amfol_frame_ctx *ctx, proto_tree *tree, void *record)
{
    const nas_frame_rec *rec = record;
    for (int i = 0; i < rec->n; i++) {
        amfol_nas_result r;
        unpack(&rec->r[i], &r);
        render_one(ctx, tree, &r);
    }
}

static void nas_register_fields(int proto, expert_module_t *expert)
{
    static hf_register_info hf[] = {
        { &hf_amfol_nas_message, { "NAS message", "amfol.nas", FT_STRING, BASE_NONE, NULL, 0x0,
            "NAS message as amfol read it from the NAS-PDU octets", HFILL } },
        { &hf_amfol_nas_cause, { "5GMM cause", "amfol.nas.cause", FT_UINT32, BASE_DEC, NULL, 0x0,
            "5GMM cause in words", HFILL } },
        { &hf_amfol_nas_sm_cause, { "5GSM cause", "amfol.nas.sm_cause", FT_UINT32, BASE_DEC, NULL, 0x0,
            "5GSM cause in words", HFILL } },
        { &hf_amfol_nas_congestion, { "Congestion", "amfol.nas.congestion", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            "The cause is in the congestion cause set (preference amfol.congestion_causes) or is 5GSM #26/#67/#69", HFILL } },
        { &hf_amfol_nas_security, { "Security header type", "amfol.nas.security_header", FT_UINT32, BASE_DEC, NULL, 0x0,
            NULL, HFILL } },
        { &hf_amfol_nas_integrity, { "Integrity protected", "amfol.nas.integrity_protected", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
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
        { &hf_amfol_nas_not_binding, { "Timer value not binding", "amfol.nas.timer_not_binding", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            "Not integrity protected: the UE runs a random T3346 from the TS 24.008 default range", HFILL } },
        { &hf_amfol_nas_amf, { "AMF", "amfol.nas.amf", FT_STRING, BASE_NONE, NULL, 0x0, NULL, HFILL } },
        { &hf_amfol_nas_episode, { "Overload episode", "amfol.nas.episode", FT_UINT32, BASE_DEC, NULL, 0x0,
            "The AMF's N2 overload episode at this time", HFILL } },
        { &hf_amfol_nas_episode_start, { "Overload START in force", "amfol.nas.start_frame", FT_FRAMENUM, BASE_NONE, NULL, 0x0,
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
        { &hf_amfol_nas_to_expiry, { "Seconds to expiry", "amfol.nas.to_expiry_s", FT_DOUBLE, BASE_NONE, NULL, 0x0,
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
        { &ei_amfol_nas_not_binding, { "amfol.nas.not_integrity_protected", PI_SECURITY, PI_NOTE,
            "Reject not integrity protected: the UE runs a random default T3346, not the value given", EXPFILL } },
    };
    proto_register_field_array(proto, hf, array_length(hf));
    proto_register_subtree_array(ett, array_length(ett));
    expert_register_field_array(expert, ei, array_length(ei));
    amfol_nas_table_register();
}

const amfol_glue amfol_glue_nas = {
    .name = "nas",
    .field_names = nas_fields,
    .register_fields = nas_register_fields,
    .analyze = nas_analyze,
    .render = nas_render,
};
