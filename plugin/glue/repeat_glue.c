/* SPDX-License-Identifier: GPL-2.0-or-later */
/* repeat_glue.c: the first glue module: is this frame the same traffic seen again? Two probes,
 * mirrored ports or a mergecap of both deliver each packet twice (same transport identity and
 * payload, a short time apart); an SCTP sender retransmits DATA chunks (same TSN). Such a frame
 * is fed to no module (packet-amfol.c stops after this one), counted in the reports, and marked
 * amfol.repeat_of in the tree. So is a frame damaged after its sender (amfol.damaged,
 * frame_integrity.c). */
#include "glue/amfol_glue.h"
#include "glue/amfol_render.h"
#include "frame/amfol_sctp_wire.h"
#include "core/amfol_3gpp.h"

#include <string.h>

/* The repeat glue primes no field: the outermost IP header and SCTP's tag and TSNs are read
 * from the frame's bytes (amfol_sctp_wire.c); priming "ip" made epan build and label an item
 * on every frame. */

#define IPV4_PROTOCOL 9                /* offsets in the IPv4 header */
#define IPV4_ADDRESSES 12
#define IPV6_NEXT_HEADER 6
#define IPV6_ADDRESSES 8

enum repeat_kind { REPEAT_FRAME = 1, REPEAT_SCTP_CHUNKS = 2, REPEAT_DAMAGED = 3, REPEAT_RELAYED = 4 };

typedef struct repeat_rec {
    uint8_t kind;                      /* enum repeat_kind */
    amfol_frame first;                 /* the frame seen first */
    const char *damage;                /* REPEAT_DAMAGED: what is wrong (static) */
} repeat_rec;

static int hf_amfol_repeat_of = -1;
static int hf_amfol_repeat_kind = -1;
static int hf_amfol_damaged = -1;
static expert_field ei_amfol_repeat = EI_INIT;
static expert_field ei_amfol_damaged = EI_INIT;

static const value_string repeat_kind_vals[] = {
    { REPEAT_FRAME, "same transport identity and payload (duplicate)" },
    { REPEAT_SCTP_CHUNKS, "SCTP retransmission (every DATA chunk's TSN seen)" },
    { REPEAT_RELAYED, "a relay's AMF-side copy (each NGAP message counted once, on the gNB side)" },
    { 0, NULL }
};

/* amfol_hash_bytes(h, &octet, 1), without the call. */
static inline uint64_t hash_octet(uint64_t h, uint8_t octet)
{
    return (h ^ octet) * G_GUINT64_CONSTANT(0x100000001b3);
}

/* An SCTP packet of SACK and HEARTBEAT (ACK) chunks only: an SCTP stack sends the same SACK again
 * itself (nothing new to acknowledge, a window update), and it carries nothing amfol counts, so
 * it is never called a duplicate of an earlier frame (RFC 9260 §3.3.4, §3.3.5, §3.3.6). */
static bool sctp_keepalive_only(const amfol_sctp_wire *w)
{
    if (!w->found || w->n_chunks == 0)
        return false;
    for (int i = 0; i < w->n_chunks; i++)
        if (w->type[i] != 3 && w->type[i] != 4 && w->type[i] != 5)
            return false;
    return true;
}

/* Transport identity + payload: the outermost IP header from the protocol field on, except
 * what a second probe or hop may change (TTL / hop limit, checksum, identification). */
static bool frame_key(const amfol_sctp_wire *w, uint64_t *key)
{
    if (!w->outer_tvb || w->outer_at < 0 || sctp_keepalive_only(w))
        return false;
    bool v6 = w->outer_v6;
    guint total = (guint)w->n_bytes;   /* the frame's captured bytes (amfol_sctp_wire.h) */
    guint from = (guint)w->outer_at + (v6 ? IPV6_ADDRESSES : IPV4_ADDRESSES);
    if (from >= total)
        return false;
    const uint8_t *ip = w->bytes + w->outer_at;
    uint8_t proto = ip[v6 ? IPV6_NEXT_HEADER : IPV4_PROTOCOL];
    uint64_t h = hash_octet(AMFOL_HASH_INIT, proto);
    from -= (guint)w->outer_at;
    *key = amfol_hash_bytes(h, ip + from, total - (guint)w->outer_at - from);
    return true;
}

/* A DATA chunk's bytes (TSN, stream, PPID, payload): a retransmission repeats them exactly. The
 * chunks are in the frame's bytes (w->tvb is the frame's tvb). */
static uint64_t chunk_hash(uint64_t h, const amfol_sctp_wire *w, gint start)
{
    gint captured = w->n_bytes;
    if (start < 0 || start > captured - 4)     /* tvb_bytes_exist(tvb, start, 4) */
        return h;
    gint avail = captured - start;
    const uint8_t *p = w->bytes + start;
    gint n = MIN((gint)(p[2] << 8 | p[3]), avail);
    return n > 0 ? amfol_hash_bytes(h, p, (size_t)n) : h;
}

/* One key per DATA chunk, for every chunk of the packet (a frame is a retransmission only when
 * all of them repeat): verification tag (names the association and direction on every path of a
 * multi-homed association), ports, and the chunk from its TSN on. *keys: pinfo->pool. */
static int chunk_keys(const amfol_frame_ctx *ctx, uint64_t **keys_out)
{
    const amfol_sctp_wire *w = ctx->sctp;
    *keys_out = NULL;
    if (!w || w->n_data <= 0)
        return 0;
    uint64_t *keys = *keys_out = wmem_alloc_array(ctx->pinfo->pool, uint64_t, w->n_data);
    uint32_t id[3] = { w->vtag, ctx->pinfo->srcport, ctx->pinfo->destport };
    uint64_t h = amfol_hash_bytes(AMFOL_HASH_INIT, (const uint8_t *)id, sizeof id);   /* the same for each */
    int n = 0;
    for (int i = 0; i < w->n_data; i++)
        keys[n++] = w->tvb ? chunk_hash(h, w, w->data_start[i]) : h;
    return n;
}

#define SCTP_PPID_NGAP 60
#define DATA_CHUNK_TYPE 0
#define DATA_HEADER 16                 /* DATA: type, flags, length, TSN, stream, SSN, PPID */
#define IDATA_HEADER 20                /* I-DATA: type, flags, length, TSN, stream, MID, PPID/FSN */

/* Who sends an NGAP PDU, from its first two octets (APER: the NGAP-PDU choice, then the
 * procedure code): +1 the AMF, -1 the gNB, 0 either (TS 38.413 §8). */
static int8_t ngap_sender(const uint8_t *pdu, gint len)
{
    if (len < 2 || (pdu[0] & 0x80))
        return 0;
    int choice = pdu[0] >> 5 & 3, init = amfol_ngap_initiator(pdu[1]);
    if (choice > 2 || !init)
        return 0;
    return (int8_t)(choice == 0 ? init : -init);
}

/* The frame's flow and its NGAP PDUs (unfragmented DATA / I-DATA chunks with PPID 60), for the
 * relay check; false when the outermost IP header and SCTP behind it were not read. */
static bool relay_input(const amfol_sctp_wire *w, amfol_relay_flow *f, amfol_relay_pdu **pdus, int *n,
                        wmem_allocator_t *pool)
{
    *n = 0;
    *pdus = NULL;
    if (!w->found || !w->outer_tvb || !w->outer_sctp || w->outer_off + 4 > w->n_bytes)
        return false;
    const uint8_t *ip = w->bytes + w->outer_at;
    memset(f, 0, sizeof *f);
    f->v6 = w->outer_v6;
    memcpy(f->src, ip + (f->v6 ? IPV6_ADDRESSES : IPV4_ADDRESSES), f->v6 ? 16 : 4);
    memcpy(f->dst, ip + (f->v6 ? IPV6_ADDRESSES + 16 : IPV4_ADDRESSES + 4), f->v6 ? 16 : 4);
    const uint8_t *sctp = w->bytes + w->outer_off;
    f->sport = (uint16_t)(sctp[0] << 8 | sctp[1]);
    f->dport = (uint16_t)(sctp[2] << 8 | sctp[3]);
    if (w->n_data <= 0)
        return true;
    amfol_relay_pdu *out = *pdus = wmem_alloc_array(pool, amfol_relay_pdu, w->n_data);
    for (int i = 0; i < w->n_data; i++) {
        gint at = w->data_start[i];
        if (at < 0 || at + 4 > w->n_bytes)
            continue;
        const uint8_t *c = w->bytes + at;
        bool data = c[0] == DATA_CHUNK_TYPE;
        gint head = data ? DATA_HEADER : IDATA_HEADER;
        gint clen = MIN((gint)(c[2] << 8 | c[3]), w->n_bytes - at);
        if ((c[1] & 3) != 3 || clen <= head)      /* B and E: the whole message in this chunk */
            continue;
        const uint8_t *ppid = c + (data ? 12 : 16);
        if ((uint32_t)(ppid[0] << 24 | ppid[1] << 16 | ppid[2] << 8 | ppid[3]) != SCTP_PPID_NGAP)
            continue;
        out[*n].key = amfol_hash_bytes(AMFOL_HASH_INIT, c + head, (size_t)(clen - head));
        out[*n].sender = ngap_sender(c + head, clen - head);
        (*n)++;
    }
    return true;
}

static void *repeat_analyze(amfol_frame_ctx *ctx)
{
    amfol_time t = nstime_to_sec(&ctx->pinfo->abs_ts);
    repeat_rec r = { 0, 0, NULL };
    const amfol_sctp_wire *w = ctx->sctp;
    if (w && w->outer_tvb) {           /* the outermost IP header only */
        /* Damaged after its sender: its receiver dropped it, it is no evidence (frame_integrity.c). */
        r.damage = amfol_frame_damage(w);
        uint64_t key;
        if (r.damage) {
            r.kind = REPEAT_DAMAGED;
            amfol_engine_damaged_frame(ctx->engine);
        } else if (frame_key(w, &key) && amfol_engine_repeat_frame(ctx->engine, key, ctx->pinfo->num, t, &r.first)) {
            r.kind = REPEAT_FRAME;
        }
    }
    uint64_t *keys = NULL;
    int n_keys = r.kind ? 0 : chunk_keys(ctx, &keys);
    if (!r.kind && amfol_engine_repeat_chunks(ctx->engine, keys, n_keys, ctx->pinfo->num, t, &r.first))
        r.kind = REPEAT_SCTP_CHUNKS;
    amfol_relay_flow flow;
    amfol_relay_pdu *pdus;
    int n_pdus;
    if (!r.kind && w && relay_input(w, &flow, &pdus, &n_pdus, ctx->pinfo->pool) &&
        amfol_engine_relayed_frame(ctx->engine, &flow, pdus, n_pdus, ctx->pinfo->num, t))
        r.kind = REPEAT_RELAYED;
    if (!r.kind)
        return NULL;
    ctx->repeat = true;
    return amfol_keep(&r, 1, sizeof r);
}

static void repeat_render(amfol_frame_ctx *ctx, proto_tree *tree, void *record)
{
    repeat_rec rec;
    amfol_kept_iter it;
    amfol_kept_begin(&it, record, NULL);
    if (!amfol_kept_next(&it, &rec, sizeof rec))
        return;
    const repeat_rec *r = &rec;
    if (r->kind == REPEAT_DAMAGED) {
        proto_item *di = amfol_gen_string(tree, hf_amfol_damaged, ctx->tvb, r->damage);
        expert_add_info_format(ctx->pinfo, di, &ei_amfol_damaged, "Damaged after its sender (%s wrong): its "
                               "receiver discarded it, not analysed", r->damage);
        return;
    }
    if (r->kind == REPEAT_RELAYED) {
        proto_item *ki = amfol_gen_uint(tree, hf_amfol_repeat_kind, ctx->tvb, r->kind);
        expert_add_info_format(ctx->pinfo, ki, &ei_amfol_repeat, "A relay's copy of NGAP seen on its gNB side: "
                               "not counted again");
        return;
    }
    proto_item *ti = amfol_gen_uint(tree, hf_amfol_repeat_of, ctx->tvb, r->first);
    amfol_gen_uint(tree, hf_amfol_repeat_kind, ctx->tvb, r->kind);
    expert_add_info_format(ctx->pinfo, ti, &ei_amfol_repeat, "Seen before in frame %u (%s): not counted again",
                           r->first, val_to_str_const(r->kind, repeat_kind_vals, "?"));
}

static void repeat_register(int proto_amfol, expert_module_t *expert)
{
    static hf_register_info hf[] = {
        { &hf_amfol_repeat_of, { "Same traffic as frame", "amfol.repeat_of", FT_FRAMENUM, BASE_NONE, NULL, 0x0,
            "This frame repeats an earlier one (second probe, mirrored port, SCTP retransmission) "
            "and is not counted again", HFILL } },
        { &hf_amfol_repeat_kind, { "Repeat", "amfol.repeat_kind", FT_UINT8, BASE_DEC, VALS(repeat_kind_vals), 0x0,
            NULL, HFILL } },
        { &hf_amfol_damaged, { "Damaged frame", "amfol.damaged", FT_STRING, BASE_NONE, NULL, 0x0,
            "The checksum that is wrong (IPv4 header checksum, SCTP CRC32c): the frame was damaged after "
            "its sender, its receiver discarded it (RFC 791, RFC 9260 §6.8); amfol does not analyse it", HFILL } },
    };
    static ei_register_info ei[] = {
        { &ei_amfol_repeat, { "amfol.repeat", PI_SEQUENCE, PI_NOTE, "Repeat of an earlier frame, not counted",
            EXPFILL } },
        { &ei_amfol_damaged, { "amfol.damaged.expert", PI_CHECKSUM, PI_WARN, "Frame damaged after its sender, not analysed",
            EXPFILL } },
    };
    proto_register_field_array(proto_amfol, hf, array_length(hf));
    expert_register_field_array(expert, ei, array_length(ei));
}

const amfol_glue amfol_glue_repeat = {
    .name = "repeat",
    .field_names = NULL,
    .register_fields = repeat_register,
    .analyze = repeat_analyze,
    .render = repeat_render,
};
