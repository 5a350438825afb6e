/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rrc_glue.c: the radio glue's fields and extraction: NR RRC CCCH messages (in F1AP, MAC-NR or
 * any transport that Wireshark dissects into nr-rrc) become amfol_rrc_events; the engine's
 * verdict on each is kept per frame and shown by rrc_render.c under amfol.rrc.*. (The radio
 * module gets NGAP and SCTP trouble through the engine, not from here.) */
#include "amfol_glue.h"
#include "rrc_glue.h"
#include "rrc/amfol_rrc.h"

#include <epan/address.h>
#include <epan/to_str.h>
#include <string.h>

/* Our index in packet-amfol.c's module order: the walk tags each field with it. */
#define RRC_MODULE_INDEX AMFOL_MOD_RRC
#define RRC_MAX_MSGS_PER_FRAME 16

/* The Wireshark fields the radio glue reads (amfol_glue.h, "Field lists"). */
#define RRC_FIELDS(X) \
    X(RRCF_F1AP, "f1ap") \
    X(RRCF_F1_PROC, "f1ap.procedureCode") \
    /* top-level IEs are GNB_*; the lower-case names are the same ids nested in other IEs */ \
    X(RRCF_F1_DU_ID, "f1ap.GNB_DU_UE_F1AP_ID|f1ap.gNB_DU_UE_F1AP_ID") \
    X(RRCF_F1_CU_ID, "f1ap.GNB_CU_UE_F1AP_ID|f1ap.gNB_CU_UE_F1AP_ID") \
    X(RRCF_F1_SRB, "f1ap.SRBID") \
    X(RRCF_F1_CELL, "f1ap.nRCellIdentity") \
    X(RRCF_F1_PLMN, "f1ap.pLMN_Identity") \
    X(RRCF_F1_CRNTI, "f1ap.C_RNTI") \
    X(RRCF_SETUP_REQ, "nr-rrc.rrcSetupRequest_element") \
    X(RRCF_RESUME_REQ, "nr-rrc.rrcResumeRequest_element") \
    X(RRCF_RESUME_REQ1, "nr-rrc.rrcResumeRequest1_element") \
    X(RRCF_SETUP, "nr-rrc.rrcSetup_element") \
    X(RRCF_REJECT, "nr-rrc.rrcReject_element") \
    /* DCCH answers to a resume request */ \
    X(RRCF_RESUME, "nr-rrc.rrcResume_element") \
    X(RRCF_RELEASE, "nr-rrc.rrcRelease_element") \
    X(RRCF_EST_CAUSE, "nr-rrc.establishmentCause") \
    X(RRCF_RES_CAUSE, "nr-rrc.resumeCause") \
    X(RRCF_WAIT, "nr-rrc.waitTime") \
    X(RRCF_TMSI1, "nr-rrc.ng_5G_S_TMSI_Part1") \
    X(RRCF_MAC_RNTI, "mac-nr.rnti") \
    X(RRCF_MAC_DIR, "mac-nr.direction") \
    /* RRCSetupComplete's s-NSSAI-List (UL-DCCH, in F1AP UL RRC MESSAGE TRANSFER's PDCP-C PDU): \
     * each S-NSSAI is a CHOICE of sst (8 bits) or sst-SD (32 bits: SST then SD) */ \
    X(RRCF_SETUP_COMPLETE, "nr-rrc.rrcSetupComplete_element") \
    X(RRCF_SST, "nr-rrc.sst") \
    X(RRCF_SST_SD, "nr-rrc.sst_SD")

enum rrc_slot { RRC_FIELDS(AMFOL_SLOT_ENUM) RRCF_COUNT };
static const char *const rrc_field_names[] = { RRC_FIELDS(AMFOL_SLOT_NAME) NULL };

/* amfol_rrc_result as kept: every member of it, from its member list (tap/rrc/amfol_rrc.h). */
static const amfol_rrc_result rrc_usual = {
    .relevant = true, .action = AMFOL_ABSENT, .reduction_pct = AMFOL_ABSENT, .wait_time_s = AMFOL_ABSENT,
};
#define RRC_KIND_VALUE AMFOL_ITEM_BYTES
#define RRC_KIND_INTERNED AMFOL_ITEM_NAME
#define RRC_ITEM_FIELD(type, name, kind) \
    { (uint16_t)offsetof(amfol_rrc_result, name), (uint8_t)sizeof(((amfol_rrc_result *)0)->name), \
      RRC_KIND_##kind },
static const amfol_item_field rrc_item_fields[] = { AMFOL_RRC_RESULT_MEMBERS(RRC_ITEM_FIELD) };
const amfol_item_layout rrc_item_layout = {
    sizeof(amfol_rrc_result), &rrc_usual, rrc_item_fields, (int)G_N_ELEMENTS(rrc_item_fields)
};

/* The verdicts on the frame's RRC messages, kept (amfol_keep_packed) when there are any. */
typedef struct rrc_found {
    int n;
    amfol_rrc_result r[RRC_MAX_MSGS_PER_FRAME];
} rrc_found;

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

static void emit(amfol_frame_ctx *ctx, rrc_found *rec, msg_build *pending, int n_pending, const f1_ctx *c)
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
    rrc_found rec;
    rec.n = 0;
    f1_ctx c;
    ctx_reset(&c, false);
    msg_build pending[RRC_MAX_MSGS_PER_FRAME];
    int n_pending = 0;
    amfol_where w;                     /* made when the frame has an RRC message (most have none) */
    bool have_w = false;

    for (int i = 0; i < ctx->n_fields; i++) {
        const amfol_fieldref *f = &ctx->fields[i];
        if (f->module != RRC_MODULE_INDEX)
            continue;
        size_t len = 0;
        const uint8_t *b;
        msg_build *m = n_pending ? &pending[n_pending - 1] : NULL;
        switch (f->slot) {
        case RRCF_F1AP:   /* a new F1AP PDU: finish the messages of the previous one */
            emit(ctx, &rec, pending, n_pending, &c);
            n_pending = 0;
            ctx_reset(&c, true);
            break;
        case RRCF_F1_PROC: if (c.proc == AMFOL_ABSENT) c.proc = (int)amfol_fi_uint(f->fi); break;
        case RRCF_F1_DU_ID: if (c.du_id < 0) c.du_id = (int64_t)amfol_fi_uint(f->fi); break;
        case RRCF_F1_CU_ID: if (c.cu_id < 0) c.cu_id = (int64_t)amfol_fi_uint(f->fi); break;
        case RRCF_F1_SRB: if (c.srb < 0) c.srb = (int)amfol_fi_uint(f->fi); break;
        case RRCF_F1_CRNTI: if (c.crnti < 0) c.crnti = (int64_t)amfol_fi_uint(f->fi); break;
        case RRCF_MAC_RNTI: if (!c.f1ap && c.crnti < 0) c.crnti = (int64_t)amfol_fi_uint(f->fi); break;
        case RRCF_MAC_DIR: if (!c.f1ap) c.mac_dir = (int)amfol_fi_uint(f->fi); break;
        case RRCF_F1_CELL:
            b = amfol_fi_bytes(f->fi, &len);
            if (!c.has_cgi && b && bits_value(b, len, 36, &c.cgi.cell_id))
                c.has_cgi = true;
            break;
        case RRCF_F1_PLMN:
            b = amfol_fi_bytes(f->fi, &len);
            if (!c.has_plmn && b && plmn_digits(b, len, &c.cgi.plmn))
                c.has_plmn = true;
            break;
        case RRCF_SETUP_REQ: case RRCF_RESUME_REQ: case RRCF_RESUME_REQ1: case RRCF_SETUP: case RRCF_REJECT:
        case RRCF_RESUME: case RRCF_RELEASE: case RRCF_SETUP_COMPLETE: {
            int msg = f->slot == RRCF_SETUP_REQ ? AMFOL_RRC_SETUP_REQUEST
                    : f->slot == RRCF_SETUP ? AMFOL_RRC_SETUP
                    : f->slot == RRCF_SETUP_COMPLETE ? AMFOL_RRC_SETUP_COMPLETE
                    : f->slot == RRCF_REJECT ? AMFOL_RRC_REJECT
                    : f->slot == RRCF_RESUME ? AMFOL_RRC_RESUME
                    : f->slot == RRCF_RELEASE ? AMFOL_RRC_RELEASE : AMFOL_RRC_RESUME_REQUEST;
            /* The element name repeats inside its own criticalExtensions (one abbrev, two hf
             * ids): a nested occurrence is the same message. */
            if (m && m->ev.msg == msg && f->depth > m->depth)
                break;
            if (n_pending >= RRC_MAX_MSGS_PER_FRAME)
                break;
            if (!have_w) {
                where_of(ctx, &w);
                have_w = true;
            }
            m = &pending[n_pending++];
            blank_event(&m->ev);
            m->ev.where = w;
            m->ev.msg = msg;
            m->depth = f->depth;
            break;
        }
        case RRCF_EST_CAUSE:
            if (m && m->ev.msg == AMFOL_RRC_SETUP_REQUEST && m->ev.cause == AMFOL_ABSENT)
                m->ev.cause = (int)amfol_fi_uint(f->fi);
            break;
        case RRCF_RES_CAUSE:
            if (m && m->ev.msg == AMFOL_RRC_RESUME_REQUEST && m->ev.cause == AMFOL_ABSENT) {
                m->ev.cause = (int)amfol_fi_uint(f->fi);
                m->ev.is_resume_cause = true;
            }
            break;
        case RRCF_WAIT:
            if (m && m->ev.msg == AMFOL_RRC_REJECT && m->ev.wait_time_s == AMFOL_ABSENT)
                m->ev.wait_time_s = (int)amfol_fi_uint(f->fi);
            break;
        case RRCF_SST: case RRCF_SST_SD:
            b = amfol_fi_bytes(f->fi, &len);
            if (m && m->ev.msg == AMFOL_RRC_SETUP_COMPLETE && b)
                add_snssai(&m->ev, b, len, f->slot == RRCF_SST_SD);
            break;
        case RRCF_TMSI1:
            b = amfol_fi_bytes(f->fi, &len);
            if (m && b && bits_value(b, len, 39, &m->ev.s_tmsi_part1))
                m->ev.has_s_tmsi_part1 = true;
            break;
        default: break;
        }
    }
    emit(ctx, &rec, pending, n_pending, &c);
    return amfol_keep_packed(rec.r, rec.n, &rrc_item_layout);
}

const amfol_glue amfol_glue_rrc = {
    .name = "rrc",
    .field_names = rrc_field_names,
    .register_fields = rrc_register,
    .analyze = rrc_analyze,
    .render = rrc_render,
};
