/* SPDX-License-Identifier: GPL-2.0-or-later */
/* n2_glue.c: the N2 glue's fields and extraction: turns each NGAP PDU of a frame into an
 * amfol_ngap_event (and SCTP trouble into amfol_sctp_event), fills ctx->ngap[] for the later
 * modules, and keeps the packed result per PDU (rendered by n2_render.c). */
#include "glue/amfol_glue.h"
#include "glue/n2_glue.h"
#include "frame/amfol_sctp_wire.h"
#include "wire/amfol_per.h"

#include <epan/to_str.h>
#include <limits.h>
#include <stddef.h>
#include <string.h>

/* Our index in packet-amfol.c's module order: the walk tags each field with it. */
#define N2_MODULE_INDEX AMFOL_MOD_N2

/* The Wireshark fields the N2 glue reads (amfol_glue.h, "Field lists"). */
#define N2_FIELDS(X) \
    /* A message element starts a PDU; its procedure code and, from its IEs, the UE NGAP IDs, RRC \
     * establishment cause, UEContextRequest, Cause, NAS-PDUs, 5G-S-TMSI, the NR-CGI of the \
     * UserLocationInformation, TimeToWait, RelativeAMFCapacity, TrafficLoadReductionIndication \
     * and the reroute IEs are read from the bytes (pdu_proc, read_ies) */ \
    X(N2F_INIT, "ngap.initiatingMessage_element") \
    X(N2F_SUCC, "ngap.successfulOutcome_element") \
    X(N2F_UNSUCC, "ngap.unsuccessfulOutcome_element") \
    X(N2F_OVL_RESP, "ngap.OverloadResponse") \
    X(N2F_ACTION, "ngap.overloadAction") \
    X(N2F_NSSAI_ITEM, "ngap.OverloadStartNSSAIItem_element") \
    X(N2F_SLICE_ITEM, "ngap.SliceOverloadItem_element") \
    X(N2F_SLICE_RESP, "ngap.sliceOverloadResponse") \
    X(N2F_SLICE_TLRI, "ngap.sliceTrafficLoadReductionIndication") \
    X(N2F_SST, "ngap.sST") \
    X(N2F_SD, "ngap.sD") \
    /* Paging's 5G-S-TMSI and GUAMI: their AMF Set ID, Pointer, 5G-TMSI and Region ID are read \
     * from the bytes (s_tmsi_at, guami_ids) */ \
    X(N2F_STMSI_PAGING, "ngap.fiveG_S_TMSI_element") /* Paging's UEPagingIdentity */ \
    X(N2F_GUAMI, "ngap.gUAMI_element|ngap.GUAMI_element") \
    /* the PLMN of GUAMIs and GlobalGNB-IDs is read from the bytes (plmn_after_preamble): \
     * ngap.pLMNIdentity is also in every TAI */ \
    X(N2F_RAN_NAME, "ngap.RANNodeName") \
    X(N2F_GLOBAL_GNB, "ngap.globalGNB_ID_element") \
    X(N2F_GNB_ID, "ngap.gNB_ID") \
    X(N2F_AMF_NAME, "ngap.AMFName") \
    X(N2F_UNAV_ITEM, "ngap.UnavailableGUAMIItem_element") \
    X(N2F_BACKUP, "ngap.backupAMFName") \
    X(N2F_SCTP_RETX, "sctp.retransmission")   /* chunk types and tag: amfol_sctp_wire.c */

enum n2_slot { N2_FIELDS(AMFOL_SLOT_ENUM) N2F_COUNT };
static const char *const n2_field_names[] = { N2_FIELDS(AMFOL_SLOT_NAME) NULL };

static int8_t small(int v)
{
    return (int8_t)(v < -1 ? -1 : v > 127 ? 127 : v);
}

static void pack(n2_pdu_rec *p, const amfol_n2_result *r, const amfol_ngap_event *ev, bool shed_late)
{
    memset(p, 0, sizeof *p);
    p->amf = r->amf;
    p->gnb = r->gnb;
    p->link_frame = r->is_start ? r->replaced_frame : r->start_frame;
    p->seconds = (r->is_stop ? r->episode_duration_s : r->since_start_s);
    p->episode = (uint16_t)MIN(r->episode, 65535);
    p->n_unavailable_guamis = (uint16_t)MIN(MAX(r->n_unavailable_guamis, 0), 65535);
    p->relative_amf_capacity = (int16_t)r->relative_amf_capacity;
    p->action = small(r->action);
    p->reduction_pct = small(r->reduction_pct);
    p->rrc_cause = small(r->rrc_cause);
    p->time_to_wait_s = small(r->time_to_wait_s);
    p->proc = (uint8_t)ev->proc;
    p->pdu_type = (uint8_t)ev->pdu_type;
    p->level = (uint8_t)r->level;
    p->flags = (uint16_t)((r->is_start ? N2R_START : 0) | (r->replaced ? N2R_REPLACED : 0) |
        (r->is_stop ? N2R_STOP : 0) | (r->stop_without_start ? N2R_STOP_NO_START : 0) |
        (r->is_initial_ue ? N2R_IUE : 0) | (r->in_overload ? N2R_IN_OVERLOAD : 0) |
        (r->shed_expected ? N2R_SHED : 0) | (r->exempt ? N2R_EXEMPT : 0) |
        (r->overload_cause ? N2R_OVERLOAD_CAUSE : 0) | (r->amf_named_by_transport ? N2R_BY_TRANSPORT : 0) |
        (shed_late ? N2R_SHED_LATE : 0) | (r->stop_before_capture ? N2R_STOP_BEFORE_CAPTURE : 0) |
        (r->overload_unknown ? N2R_OVERLOAD_UNKNOWN : 0));
    p->assoc = r->assoc;
    if (r->is_start && ev->n_slice_items > 0) {
        p->n_slices = (uint8_t)MIN(ev->n_slice_items, AMFOL_MAX_SLICE_ITEMS);
        p->slices = wmem_memdup(wmem_file_scope(), ev->slice_items, p->n_slices * sizeof(amfol_slice_item));
    }
}

/* The usual kept item: an InitialUEMessage outside overload (absent values as pack() leaves them). */
static const n2_pdu_rec n2_usual = {
    .relative_amf_capacity = AMFOL_ABSENT, .action = AMFOL_ABSENT, .reduction_pct = AMFOL_ABSENT,
    .rrc_cause = AMFOL_ABSENT, .time_to_wait_s = AMFOL_ABSENT, .proc = AMFOL_NGAP_INITIAL_UE_MESSAGE,
    .pdu_type = AMFOL_PDU_INITIATING, .flags = N2R_IUE,
};
#define AMFOL_ITEM_TYPE n2_pdu_rec
static const amfol_item_field n2_item_fields[] = { N2_PDU_REC_MEMBERS(AMFOL_MEMBER_FIELD) };
#undef AMFOL_ITEM_TYPE
const amfol_item_layout n2_item_layout = {
    sizeof(n2_pdu_rec), &n2_usual, n2_item_fields, (int)G_N_ELEMENTS(n2_item_fields)
};

/* ---- parsing one PDU ------------------------------------------------------------------- */

typedef struct mark {
    bool open;
    int depth;
} mark;

/* What parse_pdu remembers while it walks one PDU's fields. */
typedef struct pdu_walk {
    mark marks[N2F_COUNT];
    int open_slots[N2F_COUNT];         /* the slots whose mark is open (each at most once) */
    int n_open;
    const field_info *global_gnb;      /* the GlobalGNB-ID whose gNB-ID comes next */
} pdu_walk;

static void open_mark(pdu_walk *w, int slot, int depth)
{
    if (!w->marks[slot].open)
        w->open_slots[w->n_open++] = slot;
    w->marks[slot].open = true;
    w->marks[slot].depth = depth;
}

/* ev: uninitialised. Clears what comes before the bulky members (names, GUAMIs, slice items:
 * amfol_events.h) and their first chars; clearing all of the event (about 1.5 KB) cost more than
 * the rest of this function. */
static void init_event(amfol_frame_ctx *ctx, amfol_ngap_event *ev, int index)
{
    packet_info *pinfo = ctx->pinfo;
    memset(ev, 0, offsetof(amfol_ngap_event, ran_node_name));
    ev->ran_node_name[0] = ev->amf_name[0] = ev->backup_amf_name[0] = '\0';
    ev->where.frame = pinfo->num;
    ev->where.time = nstime_to_sec(&pinfo->abs_ts);
    amfol_endpoint_text(&pinfo->net_src, pinfo->srcport, "unknown", &ev->where.src);
    amfol_endpoint_text(&pinfo->net_dst, pinfo->destport, "unknown", &ev->where.dst);
    ev->pdu_type = AMFOL_ABSENT;
    ev->proc = AMFOL_ABSENT;
    ev->index_in_frame = index;
    ev->ran_ue_id = ev->amf_ue_id = AMFOL_ABSENT;
    ev->overload_action = ev->reduction_pct = AMFOL_ABSENT;
    ev->rrc_cause = AMFOL_ABSENT;
    ev->ue_context_request = AMFOL_ABSENT;
    ev->cause.group = ev->cause.value = AMFOL_ABSENT;
    ev->time_to_wait = AMFOL_ABSENT;
    ev->relative_amf_capacity = AMFOL_ABSENT;
}

static uint32_t bytes_be(const uint8_t *b, size_t len)
{
    uint32_t v = 0;
    for (size_t i = 0; i < len && i < 4; i++)
        v = (v << 8) | b[i];
    return v;
}

static amfol_slice_item *cur_slice(amfol_ngap_event *ev)
{
    return ev->n_slice_items > 0 ? &ev->slice_items[ev->n_slice_items - 1] : NULL;
}


/* The fields [from, to) of ctx->fields belong to one NGAP PDU. */
/* The gNB-ID's bit length (22..32) is not a Wireshark field (the BIT STRING is its own data
 * source): read it from the aligned-PER encoding of GlobalGNB-ID, whose first octet holds the
 * CHOICE/extension/optional bits, then the 3-octet PLMN, then one octet with GNB-ID's CHOICE
 * index (1 bit) and the BIT STRING length minus 22 (4 bits). Falls back to whole octets when
 * that octet does not agree with the value's size. */
static int gnb_id_bit_length(const field_info *global_gnb, size_t blen)
{
    int fallback = (int)MIN(blen, 4) * 8;
    if (!global_gnb || !global_gnb->ds_tvb || global_gnb->start < 0 ||
        global_gnb->start + 4 >= (int)tvb_captured_length(global_gnb->ds_tvb))
        return fallback;
    uint8_t octet = amfol_tvb_u8(global_gnb->ds_tvb, global_gnb->start + 4);
    int bits = 22 + ((octet >> 3) & 0x0f);
    if ((octet & 0x80) || bits > 32 || (size_t)(bits + 7) / 8 != blen)
        return fallback;
    return bits;
}

/* Bytes instead of primed fields (docs/performance.md: each primed field found costs epan an
 * item and a table entry per frame). NGAP is aligned PER (TS 38.413 §9.4.4, X.691); the PER
 * dissector puts a SEQUENCE's or CHOICE's item at the octet holding its first bit, so a value
 * that starts an open type (an IE value, the NGAP-PDU) starts at bit 0 of its item's first octet.
 * Each reader checks that octet's CHOICE bits and gives up (nothing read) if they disagree. */

/* The 3 octets of an item's PLMN (first component, octet aligned) when the item's preamble
 * (CHOICE index, extension and optional bits before it) ends within its first octet: GUAMI
 * (2 bits; 3-4 more for a ServedGUAMIItem / UnavailableGUAMIItem around it) and GlobalGNB-ID
 * (2 bits after the 2-bit GlobalRANNodeID CHOICE; gnb_id_bit_length reads the octet after). */
static const uint8_t *plmn_after_preamble(const field_info *fi)
{
    if (!fi->ds_tvb || fi->start < 0 || !tvb_bytes_exist(fi->ds_tvb, fi->start + 1, 3))
        return NULL;
    return tvb_get_ptr(fi->ds_tvb, fi->start + 1, 3);
}

/* GUAMI: PLMN (3 octets), AMFRegionID (8 bits), AMFSetID (10), AMFPointer (6) (TS 38.413
 * §9.3.3.3): the three IDs fill the 3 octets after the aligned PLMN. */
static void guami_ids(const field_info *fi, amfol_guami *guami)
{
    const uint8_t *b = plmn_after_preamble(fi);
    if (!b)
        return;
    amfol_plmn_from_tbcd(b, 3, &guami->plmn);
    if (!tvb_bytes_exist(fi->ds_tvb, fi->start + 4, 3))
        return;
    const uint8_t *id = tvb_get_ptr(fi->ds_tvb, fi->start + 4, 3);
    guami->region_id = id[0];
    guami->set_id = (uint16_t)((id[1] << 2) | (id[2] >> 6));
    guami->pointer = (uint8_t)(id[2] & 0x3f);
}

/* FiveG-S-TMSI starting at bit `bit` of b[0] (0 as an IE value; 1 in Paging, after
 * UEPagingIdentity's 1-bit CHOICE index, which must be 0), n octets readable: 2 preamble bits,
 * AMFSetID (10 bits) and AMFPointer (6 bits) unaligned, then the 5G-TMSI (4 octets, aligned:
 * octet 3). */
static void s_tmsi_bytes(const uint8_t *b, size_t n, int bit, amfol_ngap_event *ev)
{
    if (n < 3)
        return;
    uint32_t v = (uint32_t)b[0] << 16 | (uint32_t)b[1] << 8 | b[2];
    if (bit == 1 && (v & 0x800000))
        return;
    ev->s_tmsi.set_id = (uint16_t)((v >> (24 - bit - 12)) & 0x3ff);
    ev->s_tmsi.pointer = (uint8_t)((v >> (24 - bit - 18)) & 0x3f);
    if (n < 7)
        return;
    ev->s_tmsi.tmsi = (uint32_t)b[3] << 24 | (uint32_t)b[4] << 16 | (uint32_t)b[5] << 8 | b[6];
    ev->has_s_tmsi = true;
}

/* Paging's fiveG-S-TMSI item (bit 1 of its first octet). */
static void s_tmsi_at(const field_info *fi, amfol_ngap_event *ev)
{
    tvbuff_t *tvb = fi->ds_tvb;
    if (!tvb || fi->start < 0 || !tvb_bytes_exist(tvb, fi->start, 3))
        return;
    gint n = tvb_captured_length_remaining(tvb, fi->start);
    s_tmsi_bytes(tvb_get_ptr(tvb, fi->start, n), (size_t)n, 1, ev);
}

/* The procedure code of an NGAP-PDU's message element: the PDU's first octet holds the CHOICE
 * (extension bit, 2-bit index: 0 initiating, 1 successful, 2 unsuccessful), the message
 * SEQUENCE has no preamble, its procedureCode INTEGER (0..255) is the next octet. */
static int pdu_proc(const field_info *fi, int choice)
{
    if (!fi->ds_tvb || fi->start < 0 || !tvb_bytes_exist(fi->ds_tvb, fi->start, 2) ||
        (amfol_tvb_u8(fi->ds_tvb, fi->start) >> 5) != choice)
        return AMFOL_ABSENT;
    return amfol_tvb_u8(fi->ds_tvb, fi->start + 1);
}

/* UserLocationInformation (an IE value, b: its n readable octets) is a CHOICE of 4 without
 * extension marker: index 1 (2 bits) is userLocationInformationNR, whose preamble (3 bits) and
 * its NR-CGI's (2 bits) end in the first octet; then the PLMN (3 octets) and NRCellIdentity (BIT
 * STRING (SIZE(36)), octet aligned, left-aligned in 5 octets). A PLMN without cell (snapped) is
 * kept, not reported. */
static void uli_nr_cgi(const uint8_t *b, size_t n, amfol_ngap_event *ev)
{
    if (n < 4 || (b[0] >> 6) != 1)
        return;
    amfol_plmn_from_tbcd(b + 1, 3, &ev->nr_cgi.plmn);
    if (n < 9)
        return;
    uint64_t cell = 0;
    for (int i = 4; i < 9; i++)
        cell = (cell << 8) | b[i];
    ev->nr_cgi.cell_id = cell >> 4;
    ev->has_nr_cgi = ev->nr_cgi.plmn.digits[0] != '\0';
}

/* ---- a message's IEs from the bytes ------------------------------------------------------
 * Every NGAP message is SEQUENCE { protocolIEs ProtocolIE-Container, ... } in the open type
 * `value` of its message element (TS 38.413 §9.4, X.691 aligned): the NGAP-PDU CHOICE (3 bits),
 * procedureCode (1 octet, aligned), criticality (2 bits), the open type's length determinant
 * (aligned), then the message: its extension bit, the IE count (SIZE (0..65535): 2 octets,
 * aligned) and per IE its id (2 octets), criticality (2 bits) and value (an open type). Wireshark
 * dissects an IE value by its id alone, in a tvb that ends at the declared length or at the
 * captured bytes, whichever comes first; the readers below do the same, with the same bounds, and
 * keep what the former primed fields gave: the first RAN-UE-NGAP-ID and AMF-UE-NGAP-ID in IE
 * order (also those inside UE-NGAP-IDs, NGReset's connection lists and the NGAP-Message a REROUTE
 * NAS REQUEST carries), the first RRCEstablishmentCause, the last UEContextRequest, the first
 * Cause IE (ngap.Cause and its group's value), the last FiveG-S-TMSI IE (ngap.FiveG_S_TMSI_element),
 * the first UserLocationInformation IE with an NR-CGI (ngap.userLocationInformationNR_element),
 * every NAS-PDU and NASC IE (ngap.NAS_PDU, handed to the NAS glue in ctx->nas_pdus), the last
 * TimeToWait, RelativeAMFCapacity and TrafficLoadReductionIndication, whether an AMFSetID or
 * SourceToTarget-AMFInformationReroute IE is there (INITIAL UE MESSAGE after REROUTE NAS REQUEST,
 * TS 38.413 §8.6.5). Wireshark dissects these types only as the values of those IE ids (no other
 * IE id or extension id has them; AMFName is also IE 48, not read here). A read past its window stops that window: the value stays absent, as when Wireshark
 * threw before adding the field. */

enum {
    N2_IE_AMF_SET_ID = 3,
    N2_IE_TRAFFIC_LOAD_REDUCTION = 9,
    N2_IE_AMF_UE_NGAP_ID = 10,
    N2_IE_CAUSE = 15,
    N2_IE_FIVEG_S_TMSI = 26,
    N2_IE_NASC = 37,                   /* type NAS-PDU too (HandoverCommand, HandoverRequest) */
    N2_IE_NAS_PDU = 38,
    N2_IE_NGAP_MESSAGE = 42,
    N2_IE_RAN_UE_NGAP_ID = 85,
    N2_IE_RESET_TYPE = 88,
    N2_IE_RRC_ESTABLISHMENT_CAUSE = 90,
    N2_IE_UE_CONTEXT_REQUEST = 112,
    N2_IE_UE_NGAP_IDS = 114,
    N2_IE_RELATIVE_AMF_CAPACITY = 86,
    N2_IE_TIME_TO_WAIT = 107,
    N2_IE_S2T_AMF_INFORMATION_REROUTE = 171,
    N2_IE_UE_ASSOC_CONNECTION_LIST = 111,
    N2_IE_USER_LOCATION_INFORMATION = 121,
    N2_PROC_PRIVATE_MESSAGE = 31,      /* PrivateIE-Container: other IE ids */
    N2_MAX_NESTED_PDUS = 4,            /* NGAP-Message inside NGAP-Message ... */
};

/* INTEGER (0..4294967295) or (0..1099511627775) (X.691 §11.5.7.4, aligned): the octet count
 * minus 1 in len_bits bits, then the octets, aligned. */
static int64_t rd_ue_id(per_rd *r, int len_bits)
{
    uint64_t v = amfol_per_whole_octets(r, len_bits);
    return r->bad ? AMFOL_ABSENT : (int64_t)(v & G_GUINT64_CONSTANT(0xffffffffff));
}

/* UE-associatedLogicalNG-connectionList (SIZE (1..65536): the count as a length determinant) of
 * UE-associatedLogicalNG-connectionItem { aMF-UE-NGAP-ID OPT, rAN-UE-NGAP-ID OPT, iE-Extensions
 * OPT, ... }. An item with extension additions ends the walk. */
static void rd_connection_list(per_rd *r, amfol_ngap_event *ev)
{
    size_t n = amfol_per_length(r);
    for (size_t i = 0; i < n && !r->bad; i++) {
        uint32_t pre = amfol_per_bits(r, 4);
        if (r->bad || (pre & 0x8))
            return;
        if (pre & 0x4)
            amfol_per_keep_first(&ev->amf_ue_id, rd_ue_id(r, 3));
        if (pre & 0x2)
            amfol_per_keep_first(&ev->ran_ue_id, rd_ue_id(r, 2));
        if (pre & 0x1)
            amfol_per_skip_extensions(r);
        if (ev->amf_ue_id != AMFOL_ABSENT && ev->ran_ue_id != AMFOL_ABSENT)
            return;
    }
}

/* Where the octets of the windows come from (r.p of read_ies), for the NAS-PDUs handed on. */
typedef struct n2_src {
    amfol_frame_ctx *ctx;
    int k;                             /* the PDU's index in ctx->ngap */
    tvbuff_t *ds;                      /* p[0] is octet `base` of the data source ds */
    gint base;
} n2_src;

/* Cause (TS 38.413 §9.3.1.2) is a CHOICE of 6 without extension marker (3 bits: radioNetwork,
 * transport, nas, protocol, misc, choice-Extensions); each group an ENUMERATED with extension
 * marker, with these root value counts (Wireshark 4.0's NGAP ASN.1) and bits for them. */
static const struct { int bits, roots; } cause_enum[5] = {
    { 6, 45 },                         /* CauseRadioNetwork: unspecified .. release-due-to-cn-detected-mobility */
    { 1, 2 },                          /* CauseTransport */
    { 2, 4 },                          /* CauseNas: normal-release .. unspecified */
    { 3, 7 },                          /* CauseProtocol */
    { 3, 6 },                          /* CauseMisc: control-processing-overload .. unspecified */
};

/* The octets left in a window that starts octet aligned (an open type's contents). */
static const uint8_t *win_octets(const per_rd *v, size_t *n)
{
    *n = !v->bad && v->bit < v->end_bit ? (v->end_bit - v->bit) / 8 : 0;
    return *n ? v->p + v->bit / 8 : NULL;
}

/* NAS-PDU ::= OCTET STRING: a length determinant, then the octets (aligned); Wireshark adds
 * ngap.NAS_PDU when all of them are in the window. */
static void rd_nas_pdu(per_rd *v, amfol_ngap_event *ev, const n2_src *src)
{
    size_t len = amfol_per_length(v);
    if (v->bad || v->bit + len * 8 > v->end_bit) {
        v->bad = true;
        return;
    }
    ev->has_nas = true;
    amfol_frame_ctx *ctx = src->ctx;
    if (ctx->n_nas_pdus == ctx->cap_nas_pdus) {
        ctx->cap_nas_pdus = ctx->cap_nas_pdus ? 2 * ctx->cap_nas_pdus : 8;
        ctx->nas_pdus = wmem_realloc(ctx->pinfo->pool, ctx->nas_pdus, ctx->cap_nas_pdus * sizeof *ctx->nas_pdus);
    }
    amfol_nas_ref *n = &ctx->nas_pdus[ctx->n_nas_pdus++];
    n->ngap = src->k;
    n->ds = src->ds;
    n->start = src->base + (gint)(v->bit / 8);
    n->bytes = v->p + v->bit / 8;
    n->len = len;
    v->bit += len * 8;
}

static void read_pdu_ies(per_rd *r, amfol_ngap_event *ev, int nesting, const n2_src *src);

static void read_ie(uint32_t id, per_rd *v, amfol_ngap_event *ev, int nesting, const n2_src *src)
{
    size_t n;
    const uint8_t *b;
    switch (id) {
    case N2_IE_CAUSE:
        if (ev->cause.group == AMFOL_ABSENT) {
            /* Indexes 6 and 7 are no alternative: Wireshark adds no ngap.Cause and throws
             * (PER_NOT_DECODED_YET), as for an extension value of more than 4 octets. */
            uint32_t g = amfol_per_bits(v, 3);
            if (g > 5)
                v->bad = true;
            if (v->bad)
                break;
            ev->cause.group = (int)g;
            if (g < 5) {                   /* choice-Extensions (5): no group value */
                ev->cause.value = amfol_per_enum_ext(v, cause_enum[g].bits, cause_enum[g].roots);
                if (ev->cause.value == AMFOL_ABSENT)
                    v->bad = true;
            }
        }
        break;
    case N2_IE_FIVEG_S_TMSI:
        if ((b = win_octets(v, &n)) != NULL)
            s_tmsi_bytes(b, n, 0, ev);
        break;
    case N2_IE_USER_LOCATION_INFORMATION:
        if (!ev->has_nr_cgi && (b = win_octets(v, &n)) != NULL)
            uli_nr_cgi(b, n, ev);
        break;
    case N2_IE_NASC:
    case N2_IE_NAS_PDU:
        rd_nas_pdu(v, ev, src);
        break;
    case N2_IE_TIME_TO_WAIT: {           /* ENUMERATED { v1s, v2s, v5s, v10s, v20s, v60s, ... } */
        int t = amfol_per_enum_ext(v, 3, 6);
        if (t == AMFOL_ABSENT)
            v->bad = true;
        else
            ev->time_to_wait = t;
        break;
    }
    case N2_IE_RELATIVE_AMF_CAPACITY: {  /* INTEGER (0..255): one octet, aligned */
        uint32_t c = (uint32_t)amfol_per_octets(v, 1);
        if (!v->bad)
            ev->relative_amf_capacity = (int)c;
        break;
    }
    case N2_IE_TRAFFIC_LOAD_REDUCTION: { /* INTEGER (1..99): 7 bits */
        uint32_t pct = amfol_per_bits(v, 7);
        if (!v->bad)
            ev->reduction_pct = (int)pct + 1;
        break;
    }
    case N2_IE_AMF_SET_ID:               /* BIT STRING (SIZE (10)) */
        (void)amfol_per_bits(v, 10);
        if (!v->bad)
            ev->rerouted = true;
        break;
    case N2_IE_S2T_AMF_INFORMATION_REROUTE:   /* a SEQUENCE: its item comes first (not empty) */
        ev->rerouted = true;
        break;
    case N2_IE_RAN_UE_NGAP_ID:
        amfol_per_keep_first(&ev->ran_ue_id, rd_ue_id(v, 2));
        break;
    case N2_IE_AMF_UE_NGAP_ID:
        amfol_per_keep_first(&ev->amf_ue_id, rd_ue_id(v, 3));
        break;
    case N2_IE_RRC_ESTABLISHMENT_CAUSE:   /* 10 root values (4 bits) */
        if (ev->rrc_cause == AMFOL_ABSENT)
            ev->rrc_cause = amfol_per_enum_ext(v, 4, 10);
        break;
    case N2_IE_UE_CONTEXT_REQUEST: {      /* ENUMERATED { requested, ... }: 0 bits for the root */
        int u = amfol_per_enum_ext(v, 0, 1);
        if (u != AMFOL_ABSENT)
            ev->ue_context_request = u;
        break;
    }
    case N2_IE_UE_NGAP_IDS:              /* CHOICE (2 bits) { uE-NGAP-ID-pair, aMF-UE-NGAP-ID, ext } */
        switch (amfol_per_bits(v, 2)) {
        case 0:                          /* SEQUENCE { aMF, rAN, iE-Extensions OPT, ... } */
            amfol_per_bits(v, 2);
            amfol_per_keep_first(&ev->amf_ue_id, rd_ue_id(v, 3));
            amfol_per_keep_first(&ev->ran_ue_id, rd_ue_id(v, 2));
            break;
        case 1:
            amfol_per_keep_first(&ev->amf_ue_id, rd_ue_id(v, 3));
            break;
        default:                         /* ProtocolIE-SingleContainer: id, criticality, value */
            amfol_per_octets(v, 2);
            amfol_per_bits(v, 2);
            (void)amfol_per_open_type(v);
            break;
        }
        break;
    case N2_IE_RESET_TYPE:               /* CHOICE (2 bits) { nG-Interface, partOfNG-Interface, ext } */
        if (amfol_per_bits(v, 2) == 1)
            rd_connection_list(v, ev);
        break;
    case N2_IE_UE_ASSOC_CONNECTION_LIST:
        rd_connection_list(v, ev);
        break;
    case N2_IE_NGAP_MESSAGE:             /* OCTET STRING holding an NGAP-PDU */
        if (nesting < N2_MAX_NESTED_PDUS) {
            /* Wireshark reads the whole OCTET STRING before it dissects the PDU inside */
            per_rd pdu = amfol_per_open_type(v);
            if (pdu.bit > pdu.end_bit || v->bit > v->end_bit) {
                v->bad = true;
                break;
            }
            read_pdu_ies(&pdu, ev, nesting + 1, src);
            v->bad |= pdu.bad;
        }
        break;
    default:
        break;
    }
}

/* r: an NGAP-PDU from its first octet. */
static void read_pdu_ies(per_rd *r, amfol_ngap_event *ev, int nesting, const n2_src *src)
{
    uint32_t choice = amfol_per_bits(r, 3);     /* extension bit, 2-bit index */
    if (choice > 2) {
        r->bad = true;
        return;
    }
    uint32_t proc = (uint32_t)amfol_per_octets(r, 1);
    amfol_per_bits(r, 2);
    if (r->bad || (choice == 0 && proc == N2_PROC_PRIVATE_MESSAGE))
        return;
    per_rd msg = amfol_per_open_type(r);
    r->bad |= msg.bad;
    amfol_per_bits(&msg, 1);
    uint32_t n = (uint32_t)amfol_per_octets(&msg, 2);
    for (uint32_t i = 0; i < n && !msg.bad; i++) {
        uint32_t id;
        per_rd value;
        if ((msg.bit & 7) == 0 && msg.bit + 32 <= msg.end_bit && !(msg.p[(msg.bit >> 3) + 3] & 0x80)) {
            /* The usual IE header, aligned and in the window: id (2 octets), criticality (2
             * bits, then aligned), a one-octet length; as the three reads below. */
            const uint8_t *q = msg.p + (msg.bit >> 3);
            id = (uint32_t)q[0] << 8 | q[1];
            msg.bit += 32;
            value = (per_rd){ msg.p, msg.bit, msg.bit + (size_t)q[3] * 8, false };
            if (value.end_bit > msg.end_bit)
                value.end_bit = msg.end_bit;
            msg.bit += (size_t)q[3] * 8;
        } else {
            id = (uint32_t)amfol_per_octets(&msg, 2);
            amfol_per_bits(&msg, 2);
            value = amfol_per_open_type(&msg);
        }
        if (!msg.bad && msg.bit > value.bit)    /* Wireshark dissects no empty value, reads on */
            read_ie(id, &value, ev, nesting, src);
        if (msg.bad || value.bad) {
            r->bad = true;               /* Wireshark's exception ends the message there */
            return;
        }
    }
}

/* Where the PDU that starts at `start` of tvb (a field's data source) ends: the end of the SCTP
 * DATA / I-DATA chunk holding it when tvb is the packet's (the rest of the packet is padding and
 * other chunks); else the end of tvb (NGAP reassembled from several chunks, or without SCTP). */
static gint pdu_end(const amfol_frame_ctx *ctx, tvbuff_t *tvb, gint start)
{
    gint end = (gint)tvb_reported_length(tvb);
    const amfol_sctp_wire *w = ctx->sctp;
    if (!w || w->tvb != tvb)
        return end;
    gint captured = (gint)tvb_captured_length(tvb);
    for (int i = 0; i < w->n_data; i++) {
        gint at = w->data_start[i];
        if (at < 0 || at > captured - 4)            /* tvb_bytes_exist(tvb, at, 4) */
            continue;
        const guint8 *h = tvb_get_ptr(tvb, at, 4);
        gint header = h[0] == 0 ? 16 : 20;          /* DATA, I-DATA (RFC 8260) */
        gint chunk_end = at + (h[2] << 8 | h[3]);
        if (start >= at + header && start < chunk_end)
            return MIN(end, chunk_end);
    }
    return end;
}

/* The IEs of the PDU whose message element is fi (its first octet holds the PDU's CHOICE). */
static void read_ies(amfol_frame_ctx *ctx, int k, const field_info *fi, amfol_ngap_event *ev)
{
    if (!fi->ds_tvb || fi->start < 0)
        return;
    gint remaining = tvb_captured_length_remaining(fi->ds_tvb, fi->start);
    gint in_chunk = pdu_end(ctx, fi->ds_tvb, fi->start) - fi->start;
    gint cap = MIN(remaining, in_chunk);
    if (cap < 4)
        return;
    per_rd r = { tvb_get_ptr(fi->ds_tvb, fi->start, cap), 0, (size_t)cap * 8, false };
    n2_src src = { ctx, k, fi->ds_tvb, fi->start };
    read_pdu_ies(&r, ev, 0, &src);
}

/* A name IE's text into dst: the first one a PDU carries. */
static void first_name(char *dst, size_t n, const field_info *fi)
{
    const char *s = amfol_fi_string(fi);
    if (s && !dst[0])
        g_strlcpy(dst, s, n);
}

/* A field of the rarer messages (OVERLOAD START, NG SETUP, AMF CONFIGURATION UPDATE, AMF STATUS
 * INDICATION, Paging): out of parse_pdu's loop, which the storm's messages run through. */
static void __attribute__((cold)) parse_field(pdu_walk *w, const amfol_fieldref *f, amfol_ngap_event *ev)
{
    const field_info *fi = f->fi;
    size_t blen = 0;
    const uint8_t *b;
    switch (f->slot) {
    case N2F_NSSAI_ITEM:
        if (ev->n_slice_items < AMFOL_MAX_SLICE_ITEMS) {
            amfol_slice_item *s = &ev->slice_items[ev->n_slice_items++];
            memset(s, 0, sizeof *s);
            s->action = s->reduction_pct = AMFOL_ABSENT;
        } else {
            ev->slice_items_truncated = true;
        }
        open_mark(w, f->slot, f->depth);
        break;
    case N2F_ACTION: {
        int v = (int)amfol_fi_uint(fi);
        amfol_slice_item *s = cur_slice(ev);
        if (w->marks[N2F_SLICE_RESP].open || (w->marks[N2F_NSSAI_ITEM].open && !w->marks[N2F_OVL_RESP].open)) {
            if (s && !ev->slice_items_truncated)
                s->action = v;
        } else {
            ev->overload_action = v;
        }
        break;
    }
    case N2F_SLICE_TLRI:
        if (cur_slice(ev) && !ev->slice_items_truncated)
            cur_slice(ev)->reduction_pct = (int)amfol_fi_uint(fi);
        break;
    case N2F_SST:
        b = amfol_fi_bytes(fi, &blen);
        if (w->marks[N2F_NSSAI_ITEM].open && cur_slice(ev) && !ev->slice_items_truncated && b && blen >= 1) {
            amfol_slice_item *s = cur_slice(ev);
            if (s->n_snssai < AMFOL_MAX_SLICES_PER_ITEM) {
                s->snssai[s->n_snssai].sst = b[0];
                s->snssai[s->n_snssai].has_sd = false;
                s->n_snssai++;
            }
        }
        break;
    case N2F_SD:
        b = amfol_fi_bytes(fi, &blen);
        if (w->marks[N2F_NSSAI_ITEM].open && cur_slice(ev) && b && blen >= 3) {
            amfol_slice_item *s = cur_slice(ev);
            if (s->n_snssai > 0) {
                s->snssai[s->n_snssai - 1].has_sd = true;
                s->snssai[s->n_snssai - 1].sd = bytes_be(b, 3);
            }
        }
        break;
    case N2F_GUAMI:
        if (ev->n_guamis < AMFOL_MAX_GUAMIS) {
            amfol_guami *guami = &ev->guamis[ev->n_guamis++];
            memset(guami, 0, sizeof *guami);
            guami_ids(fi, guami);
        }
        break;
    case N2F_GNB_ID:
        b = amfol_fi_bytes(fi, &blen);
        if (w->marks[N2F_GLOBAL_GNB].open && b && blen >= 1 && blen <= 4 && !ev->has_gnb_id) {
            /* BIT STRING left-aligned in its octets: drop the pad bits (22-bit IDs: 2). */
            ev->gnb_id_bits = gnb_id_bit_length(w->global_gnb, blen);
            ev->gnb_id = bytes_be(b, blen) >> (blen * 8 - (size_t)ev->gnb_id_bits);
            ev->has_gnb_id = true;
        }
        break;
    case N2F_RAN_NAME:
        first_name(ev->ran_node_name, sizeof ev->ran_node_name, fi);
        break;
    case N2F_AMF_NAME:
        if (ev->proc == AMFOL_NGAP_NG_SETUP || ev->proc == AMFOL_NGAP_AMF_CONFIGURATION_UPDATE)
            first_name(ev->amf_name, sizeof ev->amf_name, fi);
        break;
    case N2F_UNAV_ITEM:
        ev->n_unavailable_guamis++;
        break;
    case N2F_BACKUP:
        first_name(ev->backup_amf_name, sizeof ev->backup_amf_name, fi);
        break;
    case N2F_OVL_RESP:
    case N2F_SLICE_RESP:
    case N2F_SLICE_ITEM:
        open_mark(w, f->slot, f->depth);
        break;
    case N2F_STMSI_PAGING:
        s_tmsi_at(fi, ev);
        break;
    case N2F_GLOBAL_GNB:
        if (!w->global_gnb)
            w->global_gnb = fi;
        if ((b = plmn_after_preamble(fi)) != NULL)
            amfol_plmn_from_tbcd(b, 3, &ev->gnb_plmn);
        open_mark(w, f->slot, f->depth);
        break;
    default:
        break;
    }
}

static void parse_pdu(amfol_frame_ctx *ctx, int k, int from, int to, amfol_ngap_event *ev)
{
    pdu_walk w;
    memset(w.marks, 0, sizeof w.marks);
    w.n_open = 0;
    w.global_gnb = NULL;

    for (int i = from; i < to; i++) {
        const amfol_fieldref *f = &ctx->fields[i];
        if (f->module != N2_MODULE_INDEX)
            continue;
        int kept = 0;                  /* leaving a container closes it */
        for (int k = 0; k < w.n_open; k++) {
            int m = w.open_slots[k];
            if (f->depth <= w.marks[m].depth)
                w.marks[m].open = false;
            else
                w.open_slots[kept++] = m;
        }
        w.n_open = kept;
        if (f->slot != N2F_INIT && f->slot != N2F_SUCC && f->slot != N2F_UNSUCC) {
            parse_field(&w, f, ev);
            continue;
        }
        if (ev->pdu_type == AMFOL_ABSENT)
            ev->pdu_type = f->slot == N2F_INIT ? AMFOL_PDU_INITIATING
                         : f->slot == N2F_SUCC ? AMFOL_PDU_SUCCESSFUL : AMFOL_PDU_UNSUCCESSFUL;
        if (ev->proc == AMFOL_ABSENT && (ev->proc = pdu_proc(f->fi, f->slot - N2F_INIT)) != AMFOL_ABSENT)
            read_ies(ctx, k, f->fi, ev);
    }
}

/* One SCTP trouble event (rare: out of n2_analyze's way). */
static void __attribute__((cold)) feed_sctp_kind(amfol_frame_ctx *ctx, int kind)
{
    amfol_sctp_event ev;
    memset(&ev, 0, sizeof ev);
    ev.where.frame = ctx->pinfo->num;
    ev.where.time = nstime_to_sec(&ctx->pinfo->abs_ts);
    amfol_endpoint_text(&ctx->pinfo->net_src, ctx->pinfo->srcport, "unknown", &ev.where.src);
    amfol_endpoint_text(&ctx->pinfo->net_dst, ctx->pinfo->destport, "unknown", &ev.where.dst);
    ev.kind = kind;
    amfol_engine_sctp(ctx->engine, &ev);
}

/* SCTP trouble in this frame: one event per kind. */
static void feed_sctp(amfol_frame_ctx *ctx, bool retx)
{
    bool abort_seen = false, shutdown = false;
    for (int i = 0; ctx->sctp && i < ctx->sctp->n_chunks; i++) {
        abort_seen |= ctx->sctp->type[i] == 6;
        shutdown |= ctx->sctp->type[i] == 7;
    }
    int kinds[3] = { retx ? AMFOL_SCTP_RETRANSMISSION : 0, abort_seen ? AMFOL_SCTP_ABORT : 0,
                     shutdown ? AMFOL_SCTP_SHUTDOWN : 0 };
    for (int k = 0; k < 3; k++)
        if (kinds[k])
            feed_sctp_kind(ctx, kinds[k]);
}

static void *n2_analyze(amfol_frame_ctx *ctx)
{
    /* Split the frame's fields into NGAP PDUs: a top-level message element (initiatingMessage,
     * successfulOutcome, unsuccessfulOutcome) starts one; deeper ones (an NGAP message carried
     * inside another) belong to the PDU around them. The same pass sees sctp.retransmission.
     * Every PDU is read: no more starts than fields (pinfo->pool, freed with the frame). */
    int *starts = NULL;
    int n = 0, base_depth = -1;
    bool retx = false;
    for (int i = 0; i < ctx->n_fields; i++) {
        const amfol_fieldref *f = &ctx->fields[i];
        if (f->module != N2_MODULE_INDEX)
            continue;
        if (f->slot == N2F_SCTP_RETX) {
            retx = true;
            continue;
        }
        if (f->slot != N2F_INIT && f->slot != N2F_SUCC && f->slot != N2F_UNSUCC)
            continue;
        if (base_depth < 0)
            base_depth = f->depth;
        if (f->depth > base_depth)
            continue;
        if (!starts)
            starts = wmem_alloc_array(ctx->pinfo->pool, int, ctx->n_fields - i);
        starts[n++] = i;
    }
    feed_sctp(ctx, retx);
    ctx->n_ngap = n;
    if (n == 0)
        return NULL;
    uint32_t vtag = ctx->sctp ? ctx->sctp->vtag : 0;   /* one SCTP common header per packet */
    ctx->ngap = wmem_alloc_array(ctx->pinfo->pool, amfol_ngap_event, n);   /* init_event clears */
    ctx->ngap_first = starts;
    ctx->ngap_end = wmem_alloc_array(ctx->pinfo->pool, int, n);
    int relevant = 0;
    n2_pdu_rec *tmp = wmem_alloc_array(ctx->pinfo->pool, n2_pdu_rec, n);
    const amfol_config *cfg = amfol_engine_config(ctx->engine);
    for (int k = 0; k < n; k++) {
        ctx->ngap_end[k] = k + 1 < n ? starts[k + 1] : ctx->n_fields;
        amfol_ngap_event *ev = &ctx->ngap[k];
        init_event(ctx, ev, k);
        parse_pdu(ctx, k, ctx->ngap_first[k], ctx->ngap_end[k], ev);
        ev->sctp_vtag = vtag;
        if (ev->proc == AMFOL_ABSENT || ev->pdu_type == AMFOL_ABSENT)
            continue;                  /* truncated or malformed PDU: nothing to say */
        amfol_n2_result r;
        amfol_engine_ngap(ctx->engine, ev, &r);
        if (!r.relevant)
            continue;
        bool shed_late = r.is_initial_ue && r.in_overload && r.shed_expected &&
                         r.since_start_s >= cfg->grace_ms / 1000.0;
        pack(&tmp[relevant], &r, ev, shed_late);
        relevant++;
    }
    return amfol_keep_packed(tmp, relevant, &n2_item_layout);
}

const amfol_glue amfol_glue_n2 = {
    .name = "n2",
    .field_names = n2_field_names,
    .register_fields = n2_register,
    .analyze = n2_analyze,
    .render = n2_render,
};
