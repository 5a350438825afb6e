/* SPDX-License-Identifier: GPL-2.0-or-later */
/* nas_glue.c: the NAS glue's fields and extraction: every NAS-PDU of the frame's NGAP PDUs is
 * read from its octets (tap/nas/amfol_nas_parse.c binds T3346 to IE 0x5F exactly, which
 * Wireshark's shared gsm_a.gm.gmm.gprs_timer2_* fields cannot) and fed to the engine; its
 * verdicts are kept packed and shown by nas_render.c under amfol.nas.*. */
#include "glue/amfol_glue.h"
#include "glue/nas_glue.h"
#include "nas/amfol_nas.h"
#include "nas/amfol_nas_parse.h"

#include <epan/prefs.h>
#include <epan/prefs-int.h>
#include <string.h>

/* Our index in packet-amfol.c's module order: the walk tags each field with it. */
#define NAS_MODULE_INDEX AMFOL_MOD_NAS

/* The Wireshark fields the NAS glue reads (amfol_glue.h, "Field lists"). The UE's NGAP ids come
 * with the NGAP event the N2 glue made (ev.ngap): read once. The NAS-PDU IEs themselves
 * (ngap.NAS_PDU) the N2 glue reads from the IE bytes (ctx->nas_pdus); only the rarer NAS PDUs of
 * PDU session resource items are primed. */
#define NAS_FIELDS(X) \
    X(NASF_NAS_PDU_ITEM, "ngap.nAS_PDU|ngap.pDUSessionNAS_PDU")

enum nas_slot { NAS_FIELDS(AMFOL_SLOT_ENUM) NASF_COUNT };
static const char *const nas_field_names[] = { NAS_FIELDS(AMFOL_SLOT_NAME) NULL };

static void pack_timer(nas_pdu_rec *p, int i, const amfol_nas_timer *t)
{
    p->timer_state[i] = (uint8_t)t->state;
    p->timer_s[i] = t->seconds;
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

/* The usual kept item: a 5GMM message outside overload, no cause, no timer. */
static const nas_pdu_rec nas_usual = {
    .sm_type = AMFOL_ABSENT, .mm_cause = AMFOL_ABSENT, .sm_cause = AMFOL_ABSENT,
};
#define AMFOL_ITEM_TYPE nas_pdu_rec
static const amfol_item_field nas_item_fields[] = { NAS_PDU_REC_MEMBERS(AMFOL_MEMBER_FIELD) };
#undef AMFOL_ITEM_TYPE
const amfol_item_layout nas_item_layout = {
    sizeof(nas_pdu_rec), &nas_usual, nas_item_fields, (int)G_N_ELEMENTS(nas_item_fields)
};

/* Index of the NGAP PDU whose field range holds field i, or -1. */
static int ngap_of(const amfol_frame_ctx *ctx, int i)
{
    for (int k = 0; k < ctx->n_ngap; k++)
        if (i >= ctx->ngap_first[k] && i < ctx->ngap_end[k])
            return k;
    return -1;
}

/* Did Wireshark decode a message type inside this ciphered NAS-PDU (security header type 2 or
 * 4)? It does when nas-5gs.null_decipher is on (NEA0 assumed): the plain message after the 7-octet
 * security header (also without the preference when octet 2's spare bits are set) gets a
 * nas_5gs.mm.message_type item when its EPD is 5GMM (0x7e) and octet 9
 * is in that field's value table, a nas_5gs.sm.message_type item when its EPD is 5GSM and octet
 * 10 is in its table (packet-nas_5gs.c, dissect_nas_5gs). Read here from the bytes, the
 * preference and the tables instead of priming the two fields (each one found costs epan an
 * item and a table entry per frame). amfol_nas_parse reads a deciphered PDU only when its inner
 * EPD is 5GMM, so the 5GSM case gives the same result either way; it is kept for clarity. */
static bool type_in_table(const header_field_info *h, uint32_t v)
{
    if (!h || !h->strings)
        return false;
    if (h->display & BASE_EXT_STRING)
        return try_val_to_str_ext(v, (value_string_ext *)h->strings) != NULL;
    if (h->display & (BASE_RANGE_STRING | BASE_VAL64_STRING | BASE_CUSTOM))
        return false;
    return try_val_to_str(v, (const value_string *)h->strings) != NULL;
}

static bool wireshark_deciphers(const uint8_t *b, size_t len)
{
    static bool looked_up;
    static pref_t *null_decipher;
    static protocol_t *nas_5gs;
    static header_field_info *mm_type, *sm_type;
    if (!looked_up) {
        module_t *m = prefs_find_module("nas-5gs");
        null_decipher = m ? prefs_find_preference(m, "null_decipher") : NULL;
        int proto = proto_get_id_by_filter_name("nas-5gs");
        nas_5gs = proto >= 0 ? find_protocol_by_id(proto) : NULL;
        /* nas_5gs.* in Wireshark 4.0, nas-5gs.* from 4.2 */
        mm_type = proto_registrar_get_byname("nas-5gs.mm.message_type");
        if (!mm_type)
            mm_type = proto_registrar_get_byname("nas_5gs.mm.message_type");
        sm_type = proto_registrar_get_byname("nas-5gs.sm.message_type");
        if (!sm_type)
            sm_type = proto_registrar_get_byname("nas_5gs.sm.message_type");
        looked_up = true;
    }
    /* Wireshark compares the whole octet 2 with 2 and 4: with spare bits set it reads on. Asked
     * first: without the preference (the usual case) the protocol's state does not matter. */
    if ((b[1] & 0xf0) == 0 && !(null_decipher && prefs_get_bool_value(null_decipher, pref_current)))
        return false;
    if (!nas_5gs || !proto_is_protocol_enabled(nas_5gs))
        return false;
    if (len >= 10 && b[7] == 0x7e)
        return type_in_table(mm_type, b[9]);
    if (len >= 11 && b[7] == 0x2e)
        return type_in_table(sm_type, b[10]);
    return false;
}

/* One NAS-PDU of NGAP PDU k: parse it and feed the engine; *n counts the relevant results. */
static void feed(amfol_frame_ctx *ctx, int k, const uint8_t *bytes, size_t len, amfol_nas_result *tmp, int *n)
{
    if (k < 0 || !ctx->ngap)
        return;
    /* NAS NON DELIVERY INDICATION (19) returns a downlink NAS-PDU the gNB could not deliver,
     * REROUTE NAS REQUEST (36) carries the original InitialUEMessage: neither is a new NAS
     * message, and reading them would count rejects and attempts twice. */
    if (ctx->ngap[k].proc == AMFOL_NGAP_NAS_NON_DELIVERY_INDICATION || ctx->ngap[k].proc == AMFOL_NGAP_REROUTE_NAS_REQUEST)
        return;
    if (!bytes || len == 0)
        return;
    const amfol_ngap_event *ng = &ctx->ngap[k];
    amfol_nas_event ev;               /* cleared by amfol_nas_parse but for where and ngap */
    ev.where = ng->where;
    ev.ngap = ng;
    int sht = len >= 2 ? (bytes[1] & 0x0f) : 0;
    bool deciphered = (sht == 2 || sht == 4) && wireshark_deciphers(bytes, len);
    if (amfol_nas_parse(bytes, len, deciphered, &ev) == AMFOL_NAS_PARSE_NOT_NAS)
        return;
    amfol_engine_nas(ctx->engine, &ev, &tmp[*n]);
    if (tmp[*n].relevant)
        (*n)++;
}

/* Does the NAS-PDU IE r come before the item field fi of NGAP PDU k in dissection order? PER is
 * dissected in octet order, so within one PDU (one data source) the offset decides. */
static bool ie_before(const amfol_nas_ref *r, int k, const field_info *fi)
{
    if (r->ngap != k)
        return r->ngap < k;
    return r->ds != fi->ds_tvb || r->start < fi->start;
}

static void *nas_analyze(amfol_frame_ctx *ctx)
{
    /* Every NAS message of the frame (a load generator bundles 170 NGAP PDUs, each with its
     * NAS-PDU): at most one per NAS-PDU IE read from the bytes and one per item field. */
    int cap = ctx->n_nas_pdus;
    for (int i = 0; i < ctx->n_fields; i++)
        cap += ctx->fields[i].module == NAS_MODULE_INDEX && ctx->fields[i].slot == NASF_NAS_PDU_ITEM;
    if (cap == 0)
        return NULL;
    amfol_nas_result *tmp = wmem_alloc_array(ctx->pinfo->pool, amfol_nas_result, cap);
    int n = 0, j = 0;                  /* j: the next of ctx->nas_pdus */
    /* The item fields in tree order, and before each the NAS-PDU IEs that precede it. */
    for (int i = 0; i <= ctx->n_fields && n < cap; i++) {
        const amfol_fieldref *f = i < ctx->n_fields ? &ctx->fields[i] : NULL;
        if (f && (f->module != NAS_MODULE_INDEX || f->slot != NASF_NAS_PDU_ITEM))
            continue;
        /* Guard against a changed module order in packet-amfol.c: the slot must be ours. */
        if (f && (!f->fi || !f->fi->hfinfo || !strstr(nas_field_names[f->slot], f->fi->hfinfo->abbrev)))
            continue;
        int k = f ? ngap_of(ctx, i) : -1;
        for (; j < ctx->n_nas_pdus && n < cap && (!f || (k >= 0 && ie_before(&ctx->nas_pdus[j], k, f->fi))); j++)
            feed(ctx, ctx->nas_pdus[j].ngap, ctx->nas_pdus[j].bytes, ctx->nas_pdus[j].len, tmp, &n);
        if (!f || k < 0 || n >= cap)
            continue;
        size_t len = 0;
        const uint8_t *bytes = amfol_fi_bytes(f->fi, &len);
        feed(ctx, k, bytes, len, tmp, &n);
    }
    nas_pdu_rec *packed = wmem_alloc_array(ctx->pinfo->pool, nas_pdu_rec, MAX(n, 1));
    for (int j2 = 0; j2 < n; j2++)
        pack(&packed[j2], &tmp[j2]);
    return amfol_keep_packed(packed, n, &nas_item_layout);
}

const amfol_glue amfol_glue_nas = {
    .name = "nas",
    .field_names = nas_field_names,
    .register_fields = nas_register,
    .analyze = nas_analyze,
    .render = nas_render,
};
