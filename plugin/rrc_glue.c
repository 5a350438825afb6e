/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rrc_glue.c: the radio glue: NR RRC CCCH messages (in F1AP, MAC-NR or any transport that
 * Wireshark dissects into nr-rrc) become amfol_rrc_events; the per-message verdicts are shown
 * under amfol.rrc.*. It also hands the frame's NGAP PDUs to the radio module, which ties cells to
 * gNBs and AMFs (SCTP trouble reaches it through the N2 module). */
#include "amfol_glue.h"
#include "rrc_table.h"
#include "rrc/amfol_rrc.h"

#include <epan/address.h>
#include <epan/to_str.h>
#include <stddef.h>
#include <string.h>

#define RRC_MAX_MSGS_PER_FRAME 16

/* Field slots (index into rrc_fields). */
enum {
    S_F1AP, S_F1_PROC, S_F1_DU_ID, S_F1_CU_ID, S_F1_SRB, S_F1_CELL, S_F1_PLMN, S_F1_CRNTI,
    S_SETUP_REQ, S_RESUME_REQ, S_RESUME_REQ1, S_SETUP, S_REJECT, S_RESUME, S_RELEASE,
    S_EST_CAUSE, S_RES_CAUSE, S_WAIT, S_TMSI1, S_MAC_RNTI, S_MAC_DIR,
    S_SETUP_COMPLETE, S_SST, S_SST_SD
};

static const char *const rrc_fields[] = {
    "f1ap", "f1ap.procedureCode",
    /* top-level IEs are GNB_*; the lower-case names are the same ids nested in other IEs */
    "f1ap.GNB_DU_UE_F1AP_ID|f1ap.gNB_DU_UE_F1AP_ID", "f1ap.GNB_CU_UE_F1AP_ID|f1ap.gNB_CU_UE_F1AP_ID", "f1ap.SRBID",
    "f1ap.nRCellIdentity", "f1ap.pLMN_Identity", "f1ap.C_RNTI",
    "nr-rrc.rrcSetupRequest_element", "nr-rrc.rrcResumeRequest_element", "nr-rrc.rrcResumeRequest1_element",
    "nr-rrc.rrcSetup_element", "nr-rrc.rrcReject_element",
    "nr-rrc.rrcResume_element", "nr-rrc.rrcRelease_element",   /* DCCH answers to a resume request */
    "nr-rrc.establishmentCause", "nr-rrc.resumeCause", "nr-rrc.waitTime", "nr-rrc.ng_5G_S_TMSI_Part1",
    "mac-nr.rnti", "mac-nr.direction",
    /* RRCSetupComplete's s-NSSAI-List (UL-DCCH, in F1AP UL RRC MESSAGE TRANSFER's PDCP-C PDU):
     * each S-NSSAI is a CHOICE of sst (8 bits) or sst-SD (32 bits: SST then SD) */
    "nr-rrc.rrcSetupComplete_element", "nr-rrc.sst", "nr-rrc.sst_SD",
    NULL
};

static int hf_amfol_rrc_msg = -1;
static int hf_amfol_rrc_cause = -1;
static int hf_amfol_rrc_cell = -1;
static int hf_amfol_rrc_gnb = -1;
static int hf_amfol_rrc_amf = -1;
static int hf_amfol_rrc_in_overload = -1;
static int hf_amfol_rrc_episode = -1;
static int hf_amfol_rrc_start_frame = -1;
static int hf_amfol_rrc_action = -1;
static int hf_amfol_rrc_reduction = -1;
static int hf_amfol_rrc_class = -1;
static int hf_amfol_rrc_in_grace = -1;
static int hf_amfol_rrc_outcome = -1;
static int hf_amfol_rrc_answer_frame = -1;
static int hf_amfol_rrc_answer_delay = -1;
static int hf_amfol_rrc_request_frame = -1;
static int hf_amfol_rrc_wait_time = -1;
static int ett_amfol_rrc = -1;
static expert_field ei_amfol_rrc_exempt_rejected = EI_INIT;
static expert_field ei_amfol_rrc_reject_no_overload = EI_INIT;
static expert_field ei_amfol_rrc_unanswered = EI_INIT;
static expert_field ei_amfol_rrc_unmatched = EI_INIT;

static const value_string rrc_msg_vals[] = {
    { AMFOL_RRC_SETUP_REQUEST, "RRCSetupRequest" },
    { AMFOL_RRC_RESUME_REQUEST, "RRCResumeRequest" },
    { AMFOL_RRC_SETUP, "RRCSetup" },
    { AMFOL_RRC_REJECT, "RRCReject" },
    { AMFOL_RRC_RESUME, "RRCResume" },
    { AMFOL_RRC_RELEASE, "RRCRelease" },
    { AMFOL_RRC_SETUP_COMPLETE, "RRCSetupComplete" },
    { 0, NULL }
};

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

static const value_string rrc_outcome_vals[] = {
    { AMFOL_RRC_OUT_PENDING, "pending" },
    { AMFOL_RRC_OUT_SETUP, "RRCSetup" },
    { AMFOL_RRC_OUT_REJECT, "RRCReject" },
    { AMFOL_RRC_OUT_UNANSWERED, "unanswered" },
    { AMFOL_RRC_OUT_OTHER, "other answer" },
    { 0, NULL }
};

/* What is kept per frame: the verdict on each RRC message. */
typedef struct rrc_record {
    int n;
    amfol_rrc_result r[RRC_MAX_MSGS_PER_FRAME];
} rrc_record;

/* One RRC message being assembled from the fields that follow its element. */
typedef struct msg_build {
    amfol_rrc_event ev;
    int depth;                     /* tree depth of its message element */
} msg_build;

static void where_of(amfol_frame_ctx *ctx, amfol_where *w)
{
    memset(w, 0, sizeof *w);
    w->frame = ctx->pinfo->num;
    w->time = nstime_to_sec(&ctx->pinfo->abs_ts);
    amfol_endpoint_text(&ctx->pinfo->src, ctx->pinfo->srcport, NULL, &w->src);
    amfol_endpoint_text(&ctx->pinfo->dst, ctx->pinfo->destport, NULL, &w->dst);
}

/* TBCD PLMN (3 octets) to "00101" / "310410". */
static bool plmn_digits(const uint8_t *b, size_t len, amfol_plmn *out)
{
    if (len < 3)
        return false;
    int d[6] = { b[0] & 0xF, b[0] >> 4, b[1] & 0xF, b[2] & 0xF, b[2] >> 4, b[1] >> 4 };
    int n = 0;
    for (int i = 0; i < 6; i++) {
        if (d[i] == 0xF && i == 5)
            break;
        if (d[i] > 9)
            return false;
        out->digits[n++] = (char)('0' + d[i]);
    }
    out->digits[n] = 0;
    return true;
}

/* BIT STRING bytes, MSB aligned, to an integer of `bits` bits. */
static bool bits_value(const uint8_t *b, size_t len, int bits, uint64_t *out)
{
    size_t need = (size_t)(bits + 7) / 8;
    if (len < need)
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < need; i++)
        v = v << 8 | b[i];
    *out = v >> (need * 8 - (size_t)bits);
    return true;
}

/* One S-NSSAI of s-NSSAI-List: sst BIT STRING (8) or sst-SD BIT STRING (32, SST then SD). */
static void add_snssai(amfol_rrc_event *ev, const uint8_t *b, size_t len, bool with_sd)
{
    uint64_t v;
    if (ev->n_requested_nssai >= AMFOL_MAX_NSSAI || !bits_value(b, len, with_sd ? 32 : 8, &v))
        return;
    amfol_snssai *sn = &ev->requested_nssai[ev->n_requested_nssai++];
    sn->sst = (uint8_t)(with_sd ? v >> 24 : v);
    sn->has_sd = with_sd;
    sn->sd = with_sd ? (uint32_t)(v & 0xFFFFFFu) : 0;
}

static void blank_event(amfol_rrc_event *ev)
{
    memset(ev, 0, sizeof *ev);
    ev->cause = ev->wait_time_s = AMFOL_ABSENT;
    ev->du_ue_id = ev->cu_ue_id = ev->c_rnti = AMFOL_ABSENT;
    ev->srb_id = AMFOL_ABSENT;
}

/* Transport context of the current F1AP PDU (or of the MAC PDU when there is no F1AP). */
typedef struct f1_ctx {
    bool f1ap;
    int proc;
    int64_t du_id, cu_id, crnti;
    int srb;
    bool has_cgi, has_plmn;
    amfol_nr_cgi cgi;
    int mac_dir;                   /* 0 UL, 1 DL, -1 unknown */
} f1_ctx;

static void ctx_reset(f1_ctx *c, bool f1ap)
{
    memset(c, 0, sizeof *c);
    c->f1ap = f1ap;
    c->proc = AMFOL_ABSENT;
    c->du_id = c->cu_id = c->crnti = AMFOL_ABSENT;
    c->srb = AMFOL_ABSENT;
    c->mac_dir = -1;
}

static void apply_ctx(const f1_ctx *c, amfol_rrc_event *ev)
{
    ev->via_f1ap = c->f1ap;
    ev->du_ue_id = c->du_id;
    ev->cu_ue_id = c->cu_id;
    ev->srb_id = c->srb;
    ev->c_rnti = c->crnti;
    if (c->has_cgi && c->has_plmn) {
        ev->has_nr_cgi = true;
        ev->nr_cgi = c->cgi;
    }
}

static void emit(amfol_frame_ctx *ctx, rrc_record *rec, msg_build *pending, int n_pending, const f1_ctx *c)
{
    for (int i = 0; i < n_pending; i++) {
        amfol_rrc_event *ev = &pending[i].ev;
        apply_ctx(c, ev);
        if (rec->n >= RRC_MAX_MSGS_PER_FRAME)
            return;
        amfol_engine_rrc(ctx->engine, ev, &rec->r[rec->n]);
        if (rec->r[rec->n].relevant)
            rec->n++;
    }
}

static void *rrc_analyze(amfol_frame_ctx *ctx)
{
    const int me = AMFOL_MOD_RRC;
    rrc_record rec;
    rec.n = 0;
    f1_ctx c;
    ctx_reset(&c, false);
    msg_build pending[RRC_MAX_MSGS_PER_FRAME];
    int n_pending = 0;
    amfol_where w;
    where_of(ctx, &w);

    for (int i = 0; i < ctx->n_fields; i++) {
        const amfol_fieldref *f = &ctx->fields[i];
        if (f->module != me)
            continue;
        size_t len = 0;
        const uint8_t *b;
        msg_build *m = n_pending ? &pending[n_pending - 1] : NULL;
        switch (f->slot) {
        case S_F1AP:   /* a new F1AP PDU: finish the messages of the previous one */
            emit(ctx, &rec, pending, n_pending, &c);
            n_pending = 0;
            ctx_reset(&c, true);
            break;
        case S_F1_PROC: if (c.proc == AMFOL_ABSENT) c.proc = (int)amfol_fi_uint(f->fi); break;
        case S_F1_DU_ID: if (c.du_id < 0) c.du_id = (int64_t)amfol_fi_uint(f->fi); break;
        case S_F1_CU_ID: if (c.cu_id < 0) c.cu_id = (int64_t)amfol_fi_uint(f->fi); break;
        case S_F1_SRB: if (c.srb < 0) c.srb = (int)amfol_fi_uint(f->fi); break;
        case S_F1_CRNTI: if (c.crnti < 0) c.crnti = (int64_t)amfol_fi_uint(f->fi); break;
        case S_MAC_RNTI: if (!c.f1ap && c.crnti < 0) c.crnti = (int64_t)amfol_fi_uint(f->fi); break;
        case S_MAC_DIR: if (!c.f1ap) c.mac_dir = (int)amfol_fi_uint(f->fi); break;
        case S_F1_CELL:
            b = amfol_fi_bytes(f->fi, &len);
            if (!c.has_cgi && b && bits_value(b, len, 36, &c.cgi.cell_id))
                c.has_cgi = true;
            break;
        case S_F1_PLMN:
            b = amfol_fi_bytes(f->fi, &len);
            if (!c.has_plmn && b && plmn_digits(b, len, &c.cgi.plmn))
                c.has_plmn = true;
            break;
        case S_SETUP_REQ: case S_RESUME_REQ: case S_RESUME_REQ1: case S_SETUP: case S_REJECT:
        case S_RESUME: case S_RELEASE: case S_SETUP_COMPLETE: {
            int msg = f->slot == S_SETUP_REQ ? AMFOL_RRC_SETUP_REQUEST
                    : f->slot == S_SETUP ? AMFOL_RRC_SETUP
                    : f->slot == S_SETUP_COMPLETE ? AMFOL_RRC_SETUP_COMPLETE
                    : f->slot == S_REJECT ? AMFOL_RRC_REJECT
                    : f->slot == S_RESUME ? AMFOL_RRC_RESUME
                    : f->slot == S_RELEASE ? AMFOL_RRC_RELEASE : AMFOL_RRC_RESUME_REQUEST;
            /* The element name repeats inside its own criticalExtensions (one abbrev, two hf
             * ids): a nested occurrence is the same message. */
            if (m && m->ev.msg == msg && f->depth > m->depth)
                break;
            if (n_pending >= RRC_MAX_MSGS_PER_FRAME)
                break;
            m = &pending[n_pending++];
            blank_event(&m->ev);
            m->ev.where = w;
            m->ev.msg = msg;
            m->depth = f->depth;
            break;
        }
        case S_EST_CAUSE:
            if (m && m->ev.msg == AMFOL_RRC_SETUP_REQUEST && m->ev.cause == AMFOL_ABSENT)
                m->ev.cause = (int)amfol_fi_uint(f->fi);
            break;
        case S_RES_CAUSE:
            if (m && m->ev.msg == AMFOL_RRC_RESUME_REQUEST && m->ev.cause == AMFOL_ABSENT) {
                m->ev.cause = (int)amfol_fi_uint(f->fi);
                m->ev.is_resume_cause = true;
            }
            break;
        case S_WAIT:
            if (m && m->ev.msg == AMFOL_RRC_REJECT && m->ev.wait_time_s == AMFOL_ABSENT)
                m->ev.wait_time_s = (int)amfol_fi_uint(f->fi);
            break;
        case S_SST: case S_SST_SD:
            b = amfol_fi_bytes(f->fi, &len);
            if (m && m->ev.msg == AMFOL_RRC_SETUP_COMPLETE && b)
                add_snssai(&m->ev, b, len, f->slot == S_SST_SD);
            break;
        case S_TMSI1:
            b = amfol_fi_bytes(f->fi, &len);
            if (m && b && bits_value(b, len, 39, &m->ev.s_tmsi_part1))
                m->ev.has_s_tmsi_part1 = true;
            break;
        default: break;
        }
    }
    emit(ctx, &rec, pending, n_pending, &c);
    if (rec.n == 0)
        return NULL;
    size_t size = offsetof(rrc_record, r) + sizeof(amfol_rrc_result) * (size_t)rec.n;
    return wmem_memdup(wmem_file_scope(), &rec, size);
}

static proto_item *add_gen_uint(proto_tree *t, int hf, tvbuff_t *tvb, uint32_t v)
{
    proto_item *pi = proto_tree_add_uint(t, hf, tvb, 0, 0, v);
    proto_item_set_generated(pi);
    return pi;
}

static proto_item *add_gen_string(proto_tree *t, int hf, tvbuff_t *tvb, const char *v)
{
    proto_item *pi = proto_tree_add_string(t, hf, tvb, 0, 0, v);
    proto_item_set_generated(pi);
    return pi;
}

static void render_one(amfol_frame_ctx *ctx, proto_tree *tree, const amfol_rrc_result *r)
{
    tvbuff_t *tvb = ctx->tvb;
    packet_info *pinfo = ctx->pinfo;
    bool request = r->msg == AMFOL_RRC_SETUP_REQUEST || r->msg == AMFOL_RRC_RESUME_REQUEST;
    proto_item *top = proto_tree_add_uint_format_value(tree, hf_amfol_rrc_msg, tvb, 0, 0, (uint32_t)r->msg,
        "%s (%s)%s%s", val_to_str_const((uint32_t)r->msg, rrc_msg_vals, "?"),
        val_to_str_const((uint32_t)r->cause, rrc_cause_vals, "unknown"),
        r->in_overload ? ", AMF in overload: " : "", r->in_overload ? amfol_rrc_class_name(r->klass) : "");
    proto_item_set_generated(top);
    proto_tree *t = proto_item_add_subtree(top, ett_amfol_rrc);
    if (request || r->request_frame)
        add_gen_uint(t, hf_amfol_rrc_cause, tvb, (uint32_t)r->cause);
    if (r->cell)
        add_gen_string(t, hf_amfol_rrc_cell, tvb, r->cell);
    if (r->gnb)
        add_gen_string(t, hf_amfol_rrc_gnb, tvb, r->gnb);
    proto_item *ov = proto_tree_add_boolean(t, hf_amfol_rrc_in_overload, tvb, 0, 0, r->in_overload);
    proto_item_set_generated(ov);
    if (r->in_overload) {
        if (r->amf)
            add_gen_string(t, hf_amfol_rrc_amf, tvb, r->amf);
        add_gen_uint(t, hf_amfol_rrc_episode, tvb, (uint32_t)r->episode);
        add_gen_uint(t, hf_amfol_rrc_start_frame, tvb, r->start_frame);
        if (r->action != AMFOL_ABSENT)
            add_gen_uint(t, hf_amfol_rrc_action, tvb, (uint32_t)r->action);
        if (r->reduction_pct != AMFOL_ABSENT)
            add_gen_uint(t, hf_amfol_rrc_reduction, tvb, (uint32_t)r->reduction_pct);
        add_gen_uint(t, hf_amfol_rrc_class, tvb, (uint32_t)r->klass);
    }
    if (r->in_grace) {
        proto_item *g = proto_tree_add_boolean(t, hf_amfol_rrc_in_grace, tvb, 0, 0, TRUE);
        proto_item_set_generated(g);
    }
    if (r->wait_time_s != AMFOL_ABSENT)
        add_gen_uint(t, hf_amfol_rrc_wait_time, tvb, (uint32_t)r->wait_time_s);
    if (request) {
        amfol_rrc_request_info info;
        if (ctx->engine && amfol_rrc_request_info_get(ctx->engine, r->request_id, &info) &&
            info.outcome != AMFOL_RRC_OUT_PENDING) {
            proto_item *oi = add_gen_uint(t, hf_amfol_rrc_outcome, tvb, (uint32_t)info.outcome);
            if (info.answer_frame) {
                add_gen_uint(t, hf_amfol_rrc_answer_frame, tvb, info.answer_frame);
                proto_item *d = proto_tree_add_double(t, hf_amfol_rrc_answer_delay, tvb, 0, 0, info.answer_delay_ms);
                proto_item_set_generated(d);
            }
            if (info.wait_time_s != AMFOL_ABSENT)
                add_gen_uint(t, hf_amfol_rrc_wait_time, tvb, (uint32_t)info.wait_time_s);
            if (info.outcome == AMFOL_RRC_OUT_UNANSWERED)
                expert_add_info(pinfo, oi, &ei_amfol_rrc_unanswered);
        }
        return;
    }
    if (r->request_frame)
        add_gen_uint(t, hf_amfol_rrc_request_frame, tvb, r->request_frame);
    if (r->msg != AMFOL_RRC_REJECT)
        return;
    if (!r->request_frame)
        expert_add_info(pinfo, top, &ei_amfol_rrc_unmatched);
    else if (r->in_overload && r->klass == AMFOL_RRC_CLASS_EXEMPT)
        expert_add_info_format(pinfo, top, &ei_amfol_rrc_exempt_rejected,
                               "Exempt access (%s) rejected although the overload action lets it through",
                               val_to_str_const((uint32_t)r->cause, rrc_cause_vals, "?"));
    else if (!r->in_overload && r->cell && !r->in_grace)
        expert_add_info(pinfo, top, &ei_amfol_rrc_reject_no_overload);
}

static void rrc_render(amfol_frame_ctx *ctx, proto_tree *tree, void *record)
{
    const rrc_record *rec = record;
    for (int i = 0; i < rec->n && i < RRC_MAX_MSGS_PER_FRAME; i++)
        render_one(ctx, tree, &rec->r[i]);
}

static void rrc_register(int proto_amfol, expert_module_t *expert)
{
    amfol_vals_fill(rrc_cause_vals, AMFOL_RRC_NCAUSES, amfol_rrc_cause_name);
    amfol_vals_fill(rrc_action_vals, AMFOL_ACTION_COUNT, amfol_action_name);
    static hf_register_info hf[] = {
        { &hf_amfol_rrc_msg, { "RRC message", "amfol.rrc.msg", FT_UINT32, BASE_DEC, VALS(rrc_msg_vals), 0x0,
          "NR RRC CCCH message amfol analysed", HFILL } },
        { &hf_amfol_rrc_cause, { "Cause", "amfol.rrc.cause", FT_UINT32, BASE_DEC, VALS(rrc_cause_vals), 0x0,
          "Establishment or resume cause (of the request an answer answers)", HFILL } },
        { &hf_amfol_rrc_cell, { "Cell", "amfol.rrc.cell", FT_STRING, BASE_NONE, NULL, 0x0,
          "NR-CGI as <mcc><mnc>-<cell identity hex>", HFILL } },
        { &hf_amfol_rrc_gnb, { "gNB", "amfol.rrc.gnb", FT_STRING, BASE_NONE, NULL, 0x0,
          "gNB of the cell (N2 name), or the F1 CU address when the cell is not tied to N2", HFILL } },
        { &hf_amfol_rrc_amf, { "Governing AMF", "amfol.rrc.amf", FT_STRING, BASE_NONE, NULL, 0x0,
          "AMF whose OVERLOAD START governs the cell at this instant", HFILL } },
        { &hf_amfol_rrc_in_overload, { "AMF in overload", "amfol.rrc.in_overload", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
          "An AMF of the cell's gNB has an OVERLOAD START in force", HFILL } },
        { &hf_amfol_rrc_episode, { "Episode", "amfol.rrc.episode", FT_UINT32, BASE_DEC, NULL, 0x0,
          "Overload episode number of that AMF association", HFILL } },
        { &hf_amfol_rrc_start_frame, { "OVERLOAD START in", "amfol.rrc.start_frame", FT_FRAMENUM, BASE_NONE,
          FRAMENUM_TYPE(FT_FRAMENUM_REQUEST), 0x0, "The OVERLOAD START whose parameters are in force", HFILL } },
        { &hf_amfol_rrc_action, { "Overload action", "amfol.rrc.action", FT_UINT32, BASE_DEC, VALS(rrc_action_vals), 0x0,
          "OverloadAction in force (absent: read as reject-rrc-cr-signalling)", HFILL } },
        { &hf_amfol_rrc_reduction, { "Requested reduction (%)", "amfol.rrc.reduction_pct", FT_UINT32, BASE_DEC, NULL, 0x0,
          "TrafficLoadReductionIndication in force", HFILL } },
        { &hf_amfol_rrc_class, { "Class under the action", "amfol.rrc.class", FT_UINT32, BASE_DEC, VALS(rrc_class_vals), 0x0,
          "Whether the action asks to shed this cause, exempts it, or does not name it", HFILL } },
        { &hf_amfol_rrc_in_grace, { "In grace period", "amfol.rrc.in_grace", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
          "Within amfol.grace_ms of a START/STOP: in flight, not judged", HFILL } },
        { &hf_amfol_rrc_outcome, { "Outcome", "amfol.rrc.outcome", FT_UINT32, BASE_DEC, VALS(rrc_outcome_vals), 0x0,
          "What answered the request (known once the answer was read)", HFILL } },
        { &hf_amfol_rrc_answer_frame, { "Answered in", "amfol.rrc.answer_frame", FT_FRAMENUM, BASE_NONE,
          FRAMENUM_TYPE(FT_FRAMENUM_RESPONSE), 0x0, "The RRCSetup / RRCReject that answers this request", HFILL } },
        { &hf_amfol_rrc_answer_delay, { "Answer delay (ms)", "amfol.rrc.answer_delay_ms", FT_DOUBLE, BASE_NONE, NULL, 0x0,
          "Time from the request to its answer", HFILL } },
        { &hf_amfol_rrc_request_frame, { "Request in", "amfol.rrc.request_frame", FT_FRAMENUM, BASE_NONE,
          FRAMENUM_TYPE(FT_FRAMENUM_REQUEST), 0x0, "The request this message answers", HFILL } },
        { &hf_amfol_rrc_wait_time, { "waitTime (s)", "amfol.rrc.wait_time_s", FT_UINT32, BASE_DEC, NULL, 0x0,
          "RRCReject waitTime", HFILL } },
    };
    static int *ett[] = { &ett_amfol_rrc };
    static ei_register_info ei[] = {
        { &ei_amfol_rrc_exempt_rejected, { "amfol.rrc.exempt_rejected", PI_PROTOCOL, PI_WARN,
          "Exempt access rejected during overload", EXPFILL } },
        { &ei_amfol_rrc_reject_no_overload, { "amfol.rrc.reject_without_overload", PI_PROTOCOL, PI_NOTE,
          "RRCReject while no AMF of the cell's gNB is in overload", EXPFILL } },
        { &ei_amfol_rrc_unanswered, { "amfol.rrc.unanswered", PI_RESPONSE_CODE, PI_NOTE,
          "RRC request without RRCSetup/RRCReject within amfol.rrc_answer_timeout_ms", EXPFILL } },
        { &ei_amfol_rrc_unmatched, { "amfol.rrc.reject_unmatched", PI_SEQUENCE, PI_NOTE,
          "RRCReject without a request seen in the capture", EXPFILL } },
    };
    proto_register_field_array(proto_amfol, hf, array_length(hf));
    proto_register_subtree_array(ett, array_length(ett));
    expert_register_field_array(expert, ei, array_length(ei));
    amfol_rrc_table_register();
}

const amfol_glue amfol_glue_rrc = {
    .name = "rrc",
    .field_names = rrc_fields,
    .register_fields = rrc_register,
    .analyze = rrc_analyze,
    .render = rrc_render,
};
