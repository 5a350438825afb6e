/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rrc_glue.c: the radio glue's fields and extraction: NR RRC CCCH messages (in F1AP, MAC-NR or
 * any transport that Wireshark dissects into nr-rrc) become amfol_rrc_events; the engine's
 * verdict on each is kept per frame and shown by rrc_render.c under amfol.rrc.*. (The radio
 * module gets NGAP and SCTP trouble through the engine, not from here.) */
#include "glue/amfol_glue.h"
#include "glue/rrc_glue.h"
#include "rrc/amfol_rrc.h"
#include "wire/amfol_per.h"

#include <epan/address.h>
#include <epan/to_str.h>
#include <string.h>

/* Our index in packet-amfol.c's module order: the walk tags each field with it. */
#define RRC_MODULE_INDEX AMFOL_MOD_RRC
#define RRC_MAX_MSGS_PER_FRAME 16

/* The Wireshark fields the radio glue reads (amfol_glue.h, "Field lists"). */
#define RRC_FIELDS(X) \
    /* An F1AP PDU: its UE F1AP IDs, SRB ID, C-RNTI and NR CGI are read from its bytes (f1_read) \
     * when it carries one of the RRC messages below */ \
    X(RRCF_F1AP, "f1ap") \
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
    const field_info *pdu;         /* the F1AP protocol item: the PDU's bytes */
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

/* ---- the F1AP PDU's IEs from the bytes ------------------------------------------------------
 * Instead of priming f1ap.* fields (docs/performance.md: each primed field found costs epan an
 * item per frame), the F1AP PDU (its protocol item gives the bytes) is read when it carries an
 * RRC message. F1AP is aligned PER (TS 38.473 §9.4, X.691) and laid out as NGAP is (n2_glue.c):
 * the F1AP-PDU CHOICE (extension bit, 2-bit index), procedureCode (1 octet, aligned), criticality
 * (2 bits), the message as an open type; the message's extension bit, its IE count (2 octets) and
 * per IE its id (2 octets), criticality (2 bits) and value (an open type). Wireshark dissects an
 * IE value by its id alone, in a tvb that ends at the declared length or at the captured bytes;
 * the readers below do the same and keep what the primed fields gave: per value the first one in
 * tree order (IE order, then the order inside an IE), i.e. f1ap.GNB_DU_UE_F1AP_ID (ids 41, 47, 156,
 * 219) or f1ap.gNB_DU_UE_F1AP_ID (in UE-associatedLogicalF1-ConnectionItem 80),
 * f1ap.GNB_CU_UE_F1AP_ID (40, 217) or f1ap.gNB_CU_UE_F1AP_ID (in 80 and in
 * Dedicated-SIDelivery-NeededUE-Item 190), f1ap.SRBID (64), f1ap.C_RNTI (95), and the first
 * f1ap.nRCellIdentity and the first f1ap.pLMN_Identity with valid digits, of an NRCGI IE (111,
 * SpCell-ID 63, requestedTargetCellGlobalID 376) or of the NRCGIs in 190, targetCellsToCancel
 * (375), ConditionalIntraDUMobilityInformation (374) and the SCell / candidate / potential SpCell
 * lists and items of UE CONTEXT SETUP / MODIFICATION (51-56, 90-93). The other IEs holding NRCGIs
 * (served cell lists of F1 Setup and the configuration updates, cell status, paging, PWS, ...)
 * are in messages that carry no RRC and are not read. Which IE ids give which of these fields was
 * taken from tshark 4.0's own decode of every id 0..799.
 * Exceptions as tshark 4.0 has them (test rrc.f1_bytes): a read past an IE value's window ends
 * the message there (the values not yet read stay absent, as when Wireshark threw before adding
 * the field); an IE or list item whose value is declared empty is not dissected and the next
 * one is. Not followed: an exception inside the RRC container itself (a malformed RRC message)
 * also ends Wireshark's message, while the reader goes on to the IEs after the container. */

enum {
    F1_IE_GNB_CU_UE_F1AP_ID = 40,
    F1_IE_SCELL_TO_BE_REMOVED_ITEM = 51,
    F1_IE_SCELL_TO_BE_REMOVED_LIST = 52,
    F1_IE_SCELL_TO_BE_SETUP_ITEM = 53,
    F1_IE_SCELL_TO_BE_SETUP_LIST = 54,
    F1_IE_SCELL_TO_BE_SETUP_MOD_ITEM = 55,
    F1_IE_SCELL_TO_BE_SETUP_MOD_LIST = 56,
    F1_IE_GNB_DU_UE_F1AP_ID = 41,
    F1_IE_OLD_GNB_DU_UE_F1AP_ID = 47,
    F1_IE_SPCELL_ID = 63,
    F1_IE_SRBID = 64,
    F1_IE_UE_ASSOC_CONNECTION_ITEM = 80,
    F1_IE_CANDIDATE_SPCELL_LIST = 90,
    F1_IE_CANDIDATE_SPCELL_ITEM = 91,
    F1_IE_POTENTIAL_SPCELL_LIST = 92,
    F1_IE_POTENTIAL_SPCELL_ITEM = 93,
    F1_IE_C_RNTI = 95,
    F1_IE_NRCGI = 111,
    F1_IE_CONFIRMED_UE_ID = 156,
    F1_IE_SI_DELIVERY_NEEDED_UE_ITEM = 190,
    F1_IE_NEW_GNB_CU_UE_F1AP_ID = 217,
    F1_IE_NEW_GNB_DU_UE_F1AP_ID = 219,
    F1_IE_COND_INTRA_DU_MOBILITY = 374,
    F1_IE_TARGET_CELLS_TO_CANCEL = 375,
    F1_IE_REQUESTED_TARGET_CELL = 376,
    F1_PROC_PRIVATE_MESSAGE = 14,      /* PrivateIE-Container: other IE ids */
};

/* GNB-CU-UE-F1AP-ID / GNB-DU-UE-F1AP-ID ::= INTEGER (0..4294967295) */
static int64_t rd_ue_f1ap_id(per_rd *r)
{
    uint64_t v = amfol_per_whole_octets(r, 2);
    return r->bad ? AMFOL_ABSENT : (int64_t)(v & 0xffffffffu);
}

/* A SEQUENCE's tail after its root components: iE-Extensions when present, then the extension
 * additions when the extension bit was set. */
static void rd_tail(per_rd *r, bool ext, bool ie_extensions)
{
    if (ie_extensions)
        amfol_per_skip_extensions(r);
    if (ext)
        amfol_per_skip_additions(r);
}

/* NRCGI ::= SEQUENCE { pLMN-Identity OCTET STRING (SIZE(3)), nRCellIdentity BIT STRING
 * (SIZE(36)), iE-Extensions OPT, ... }: 2 preamble bits, the PLMN aligned, the 36 bits aligned. */
static void rd_nrcgi(per_rd *r, f1_ctx *c)
{
    uint32_t pre = amfol_per_bits(r, 2);
    const uint8_t *plmn = amfol_per_octet_ptr(r, 3);
    if (plmn && !c->has_plmn && plmn_digits(plmn, 3, &c->cgi.plmn))
        c->has_plmn = true;
    if (!amfol_per_octet_ptr(r, 5))    /* Wireshark takes the 5 octets that hold the 36 bits */
        return;
    r->bit -= 40;
    uint64_t cell = (uint64_t)amfol_per_bits(r, 32) << 4;
    cell |= amfol_per_bits(r, 4);
    if (!c->has_cgi) {
        c->cgi.cell_id = cell;
        c->has_cgi = true;
    }
    rd_tail(r, pre & 2, pre & 1);
}

static void rd_ie(uint32_t id, per_rd *v, f1_ctx *c);

/* SEQUENCE (SIZE(lb..ub)) OF ProtocolIE-SingleContainer: the count less lb in count_bits bits,
 * then per item its id (2 octets), criticality (2 bits) and value (an open type), dissected by its
 * id as a top-level IE is. */
static void rd_single_container_list(per_rd *v, f1_ctx *c, int count_bits, uint32_t lb)
{
    uint32_t n = amfol_per_bits(v, count_bits) + lb;
    for (uint32_t i = 0; i < n && !v->bad; i++) {
        uint32_t id = (uint32_t)amfol_per_octets(v, 2);
        amfol_per_bits(v, 2);
        per_rd item = amfol_per_open_type(v);
        if (v->bad)
            return;
        if (item.end_bit > item.bit || v->bit > v->end_bit)   /* see rd_pdu */
            rd_ie(id, &item, c);
        v->bad |= item.bad;
    }
}

/* TargetCellList ::= SEQUENCE (SIZE(1..maxnoofCHOtargets = 8)) OF SEQUENCE { target-cell NRCGI,
 * iE-Extensions OPT, ... } */
static void rd_target_cell_list(per_rd *v, f1_ctx *c)
{
    uint32_t n = amfol_per_bits(v, 3) + 1;
    for (uint32_t i = 0; i < n && !v->bad; i++) {
        uint32_t pre = amfol_per_bits(v, 2);
        if (v->bad)
            break;
        rd_nrcgi(v, c);
        rd_tail(v, pre & 2, pre & 1);
    }
}

static void rd_ie(uint32_t id, per_rd *v, f1_ctx *c)
{
    switch (id) {
    case F1_IE_GNB_CU_UE_F1AP_ID:
    case F1_IE_NEW_GNB_CU_UE_F1AP_ID:
        amfol_per_keep_first(&c->cu_id, rd_ue_f1ap_id(v));
        break;
    case F1_IE_GNB_DU_UE_F1AP_ID:
    case F1_IE_OLD_GNB_DU_UE_F1AP_ID:
    case F1_IE_CONFIRMED_UE_ID:
    case F1_IE_NEW_GNB_DU_UE_F1AP_ID:
        amfol_per_keep_first(&c->du_id, rd_ue_f1ap_id(v));
        break;
    case F1_IE_SRBID: {                  /* SRBID ::= INTEGER (0..3, ...) */
        int64_t srb = amfol_per_int_ext(v, 2, false);
        if (c->srb < 0 && srb != AMFOL_ABSENT)   /* as (int) of the field's uint32 */
            c->srb = (int)(uint32_t)srb;
        break;
    }
    case F1_IE_C_RNTI:                   /* C-RNTI ::= INTEGER (0..65535, ...) */
        amfol_per_keep_first(&c->crnti, amfol_per_int_ext(v, 16, true));
        break;
    case F1_IE_NRCGI:
    case F1_IE_SPCELL_ID:
    case F1_IE_REQUESTED_TARGET_CELL:
        rd_nrcgi(v, c);
        break;
    case F1_IE_UE_ASSOC_CONNECTION_ITEM: {
        /* SEQUENCE { gNB-CU-UE-F1AP-ID OPT, gNB-DU-UE-F1AP-ID OPT, iE-Extensions OPT, ... } */
        uint32_t pre = amfol_per_bits(v, 4);
        if (v->bad)
            break;
        if (pre & 4)
            amfol_per_keep_first(&c->cu_id, rd_ue_f1ap_id(v));
        if (pre & 2)
            amfol_per_keep_first(&c->du_id, rd_ue_f1ap_id(v));
        rd_tail(v, pre & 8, pre & 1);
        break;
    }
    case F1_IE_SI_DELIVERY_NEEDED_UE_ITEM: {
        /* SEQUENCE { gNB-CU-UE-F1AP-ID, nRCGI, iE-Extensions OPT, ... } */
        uint32_t pre = amfol_per_bits(v, 2);
        amfol_per_keep_first(&c->cu_id, rd_ue_f1ap_id(v));
        if (v->bad)
            break;
        rd_nrcgi(v, c);
        rd_tail(v, pre & 2, pre & 1);
        break;
    }
    case F1_IE_TARGET_CELLS_TO_CANCEL:
        rd_target_cell_list(v, c);
        break;
    case F1_IE_COND_INTRA_DU_MOBILITY: {
        /* SEQUENCE { cHO-trigger ENUMERATED (3, ...), targetCellsTocancel TargetCellList OPT,
         * iE-Extensions OPT, ... } */
        uint32_t pre = amfol_per_bits(v, 3);
        amfol_per_enum_ext(v, 2, 3);
        if (v->bad)
            break;
        if (pre & 2)
            rd_target_cell_list(v, c);
        rd_tail(v, pre & 4, pre & 1);
        break;
    }
    case F1_IE_SCELL_TO_BE_REMOVED_LIST:     /* SIZE(1..maxnoofSCells = 32) */
    case F1_IE_SCELL_TO_BE_SETUP_LIST:
    case F1_IE_SCELL_TO_BE_SETUP_MOD_LIST:
        rd_single_container_list(v, c, 5, 1);
        break;
    case F1_IE_CANDIDATE_SPCELL_LIST:        /* SIZE(1..maxnoofCandidateSpCells = 64) */
        rd_single_container_list(v, c, 6, 1);
        break;
    case F1_IE_POTENTIAL_SPCELL_LIST:        /* SIZE(0..maxnoofPotentialSpCells = 64) */
        rd_single_container_list(v, c, 7, 0);
        break;
    case F1_IE_SCELL_TO_BE_REMOVED_ITEM:     /* SEQUENCE { NRCGI, iE-Extensions OPT, ... } */
    case F1_IE_CANDIDATE_SPCELL_ITEM:
    case F1_IE_POTENTIAL_SPCELL_ITEM: {
        uint32_t pre = amfol_per_bits(v, 2);
        if (v->bad)
            break;
        rd_nrcgi(v, c);
        rd_tail(v, pre & 2, pre & 1);
        break;
    }
    case F1_IE_SCELL_TO_BE_SETUP_ITEM:       /* SEQUENCE { sCell-ID NRCGI, sCellIndex INTEGER */
    case F1_IE_SCELL_TO_BE_SETUP_MOD_ITEM: { /* (0..31, ...), sCellULConfigured ENUMERATED (4, */
        uint32_t pre = amfol_per_bits(v, 3); /* ...) OPT, iE-Extensions OPT, ... } */
        if (v->bad)
            break;
        rd_nrcgi(v, c);
        amfol_per_int_ext(v, 5, false);
        if (pre & 2)
            amfol_per_enum_ext(v, 2, 4);
        rd_tail(v, pre & 4, pre & 1);
        break;
    }
    default:
        break;
    }
}

/* r: an F1AP-PDU from its first octet. */
static void rd_pdu(per_rd *r, f1_ctx *c)
{
    uint32_t choice = amfol_per_bits(r, 3);     /* extension bit, 2-bit index */
    if (choice > 2)
        return;
    uint32_t proc = (uint32_t)amfol_per_octets(r, 1);
    amfol_per_bits(r, 2);
    if (r->bad || (choice == 0 && proc == F1_PROC_PRIVATE_MESSAGE))
        return;
    per_rd msg = amfol_per_open_type(r);
    amfol_per_bits(&msg, 1);
    uint32_t n = (uint32_t)amfol_per_octets(&msg, 2);
    for (uint32_t i = 0; i < n && !msg.bad; i++) {
        uint32_t id = (uint32_t)amfol_per_octets(&msg, 2);
        amfol_per_bits(&msg, 2);
        per_rd value = amfol_per_open_type(&msg);
        if (msg.bad)
            return;
        /* A value declared empty is not dissected: tshark 4.0 goes on with the next IE (one cut
         * short by the end of the bytes is, and throws). */
        if (value.end_bit == value.bit && msg.bit <= msg.end_bit)
            continue;
        rd_ie(id, &value, c);
        if (value.bad)
            return;                    /* Wireshark's exception ends the message there */
    }
}

/* The IEs of the F1AP PDU whose protocol item is c->pdu (read once, when it carries RRC). */
static void f1_read(f1_ctx *c)
{
    const field_info *fi = c->pdu;
    c->pdu = NULL;
    if (!fi || !fi->ds_tvb || fi->start < 0 || fi->length <= 0)
        return;
    gint cap = MIN(tvb_captured_length_remaining(fi->ds_tvb, fi->start), fi->length);
    if (cap <= 0)
        return;
    per_rd r = { tvb_get_ptr(fi->ds_tvb, fi->start, cap), 0, (size_t)cap * 8, false };
    rd_pdu(&r, c);
}

static void emit(amfol_frame_ctx *ctx, rrc_found *rec, msg_build *pending, int n_pending, f1_ctx *c)
{
    if (n_pending > 0 && c->pdu)
        f1_read(c);
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
            c.pdu = f->fi;
            break;
        case RRCF_MAC_RNTI: if (!c.f1ap && c.crnti < 0) c.crnti = (int64_t)amfol_fi_uint(f->fi); break;
        case RRCF_MAC_DIR: if (!c.f1ap) c.mac_dir = (int)amfol_fi_uint(f->fi); break;
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
    if (n_pending == 0 && rec.n == 0)
        return NULL;                   /* most frames: no RRC message */
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
