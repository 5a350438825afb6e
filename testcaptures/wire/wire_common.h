/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Shared wire-layer types: endpoints, the frame sink callback and size limits. */
#ifndef AMFOL_WIRE_COMMON_H
#define AMFOL_WIRE_COMMON_H

#include <stddef.h>
#include <stdint.h>

/* One side of an IPv4 transport association or connection. All fields in network order as
 * they appear on the wire (ip[0] is the first octet of the dotted quad). */
typedef struct {
    uint8_t mac[6];
    uint8_t ip[4];
    uint16_t port; /* host order */
} wire_endpoint;

/* Largest Ethernet frame any builder writes (no jumbo frames; 1514 without FCS). */
#define WIRE_MAX_FRAME 1514u
/* Largest frame an association may be allowed (sctp_assoc.max_frame): Ethernet + the largest
 * IPv4 packet, as a host capture with segmentation offload or on loopback (MTU 65536) shows a
 * load generator's bundles. */
#define WIRE_MAX_JUMBO_FRAME 65535u        /* the pcapng writer's limit too */
/* Ethernet (14) + IPv4 without options (20): where the transport header starts. */
#define WIRE_L4_OFFSET 34u
/* Largest transport payload for a 1500-byte IP MTU: TCP = 1460, SCTP DATA total = 1468. */
#define WIRE_TCP_MSS 1460u

/* Receives each finished Ethernet frame, in order. The frame memory is only valid during the
 * call. Return 0 to go on, non-zero to abort (the builder then returns that value). Used by the
 * multi-frame helpers (h2c sessions); the single-frame builders write into caller buffers. */
typedef int (*wire_frame_sink)(void *ctx, const uint8_t *frame, size_t len);

#endif
