/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sctp_wire.h: the outermost IP header of a frame and the SCTP common header and chunk
 * headers behind it, read from the frame's own bytes instead of from primed fields. Priming a
 * field that occurs in every frame costs epan an item and a table entry per frame
 * (docs/performance.md): the chunk type, verification tag and TSN were a quarter of all primed
 * fields found, the `ip` protocol item alone (real on every frame, its "Src: ..., Dst: ..." text
 * formatted) about 4 % of a whole run. The IP header is found by the capture's link-layer
 * encapsulation and checked against what Wireshark decoded (its layers and addresses). */
#ifndef AMFOL_SCTP_WIRE_H
#define AMFOL_SCTP_WIRE_H

#include "frame/amfol_frame.h"

/* Every chunk of the packet is read: an IP packet holds at most 65535 octets and a chunk at least
 * 4, so no SCTP packet has more chunks than this (a load generator bundles 170 NGAP PDUs). */
#define AMFOL_SCTP_MAX_CHUNKS 16384

/* What pinfo->layers says about the frame's IP layers (amfol_ip_layers_note, one pass over the
 * layers that packet-amfol.c makes anyway). */
typedef struct amfol_ip_layers {
    int first_ip;                      /* proto id of the first ip / ipv6 layer, -1: none */
    int first_num;                     /* its layer number (1 = the first layer) */
    int second_ip;                     /* proto id of the next one, -1: none */
    int n_ip;                          /* ip and ipv6 layers */
    bool sctp_after_second;            /* an sctp layer after the second IP layer */
} amfol_ip_layers;

typedef struct amfol_sctp_wire {
    bool found;                        /* an SCTP common header was read */
    uint32_t vtag;
    int n_chunks;
    tvbuff_t *tvb;                     /* where the chunks are (the frame's bytes) */
    /* The frame's captured bytes (tvb_get_ptr of all of them), valid while it is dissected: the
     * repeat and damage checks read them directly, not through a tvb_* call per read. */
    const guint8 *bytes;
    gint n_bytes;
    int n_data;
    /* The outermost IP header (what was the first ip / ipv6 item of the tree), found in the
     * frame's bytes, and the SCTP packet behind it (offset, and length as the IP header claims),
     * which the damage check (frame_integrity.c) reuses. outer_tvb NULL: not found (an encapsulation amfol does not parse, or bytes that
     * disagree with what Wireshark decoded): no duplicate key, no damage check for the frame. */
    tvbuff_t *outer_tvb;
    gint outer_at;
    bool outer_v6;
    bool outer_sctp;
    gint outer_off, outer_len;
    /* In storage shared by all frames (one frame is dissected at a time), valid while the frame
     * is dissected; only the first n_chunks / n_data entries are set. */
    const uint8_t *type;               /* chunk types, in packet order */
    const gint *data_start;            /* offsets of DATA / I-DATA chunks in tvb */
} amfol_sctp_wire;

/* The protocol ids of ip and ipv6, once per capture. */
void amfol_sctp_wire_init(void);
static inline void amfol_ip_layers_start(amfol_ip_layers *l)
{
    l->first_ip = l->second_ip = -1;
    l->first_num = 0;
    l->n_ip = 0;
    l->sctp_after_second = false;
}
/* Layer number num (1-based) of the frame is protocol id; sctp_id: the id of sctp. Called for
 * every layer of every frame: inline. */
extern int amfol_proto_ip, amfol_proto_ipv6;   /* set by amfol_sctp_wire_init */
static inline void amfol_ip_layers_note(amfol_ip_layers *l, int id, int num, int sctp_id)
{
    if (id < 0)
        return;
    if (id == amfol_proto_ip || id == amfol_proto_ipv6) {
        if (l->n_ip == 0) {
            l->first_ip = id;
            l->first_num = num;
        } else if (l->n_ip == 1) {
            l->second_ip = id;
        }
        l->n_ip++;
    } else if (id == sctp_id && l->n_ip >= 2) {
        l->sctp_after_second = true;
    }
}
/* The frame's outermost IP header, and the SCTP packet of the first IP header that carries SCTP
 * (not a fragment): the outermost, an IP-in-IP inner one, or (inside another tunnel or an ICMP
 * error) the one with the addresses and ports Wireshark decoded last. tvb: the frame's bytes
 * (the tvb a postdissector gets). */
void amfol_sctp_wire_read(tvbuff_t *tvb, packet_info *pinfo, const amfol_ip_layers *layers,
                          amfol_sctp_wire *out);

#endif
