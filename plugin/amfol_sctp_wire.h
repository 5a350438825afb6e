/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sctp_wire.h: the SCTP common header and chunk headers of a frame, read from the packet
 * bytes behind its IP header instead of from primed sctp.* fields. Priming a field that occurs
 * in every frame costs epan an item and a table entry per frame (docs/performance.md); these
 * three (chunk type, verification tag, TSN) were a quarter of all primed fields found. */
#ifndef AMFOL_SCTP_WIRE_H
#define AMFOL_SCTP_WIRE_H

#include "amfol_glue.h"

#define AMFOL_SCTP_MAX_CHUNKS 32       /* chunk headers read per packet */

typedef struct amfol_sctp_wire {
    bool found;                        /* an SCTP common header was read */
    uint32_t vtag;
    int n_chunks;
    uint8_t type[AMFOL_SCTP_MAX_CHUNKS];        /* chunk types, in packet order */
    tvbuff_t *tvb;                     /* where the chunks are (the IP header's data source) */
    int n_data;
    gint data_start[AMFOL_SCTP_MAX_CHUNKS];     /* offsets of DATA / I-DATA chunks in tvb */
    /* The outermost IP header (the first one in the tree) and its amfol_sctp_span result, which
     * the damage check (frame_integrity.c) reuses. */
    const field_info *outer_ip;
    bool outer_sctp;
    gint outer_off, outer_len;
} amfol_sctp_wire;

/* The hfids of the IP protocol items (the core primes "ip" and "ipv6"), once per capture. */
void amfol_sctp_wire_init(void);
/* Offset and length of the SCTP packet behind the IP header at `ip` of tvb, false when the
 * header carries no SCTP or is a fragment (reassembled SCTP is not read from the wire). The
 * length is the IP header's claim: check that the bytes exist before reading them. */
bool amfol_sctp_span(tvbuff_t *tvb, gint ip, bool v6, gint *off, gint *len);
/* The first IP header of the frame that carries SCTP (not a fragment), its SCTP packet. */
void amfol_sctp_wire_read(const amfol_fieldref *fields, int n_fields, amfol_sctp_wire *out);

#endif
