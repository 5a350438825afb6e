/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Ethernet II + IPv4 header writer around a transport segment already placed in the buffer. */
#ifndef AMFOL_WIRE_ETH_IPV4_H
#define AMFOL_WIRE_ETH_IPV4_H

#include "wire_common.h"

#define WIRE_IPPROTO_TCP 6u
#define WIRE_IPPROTO_SCTP 132u

/* Fills BUF[0..WIRE_L4_OFFSET) with an Ethernet II header (type 0x0800) from SRC->mac to
 * DST->mac and an IPv4 header (no options, DF set, TTL 64, identification IP_ID, protocol
 * PROTO, total length 20 + L4_LEN, correct header checksum). The transport segment of L4_LEN
 * bytes must already sit at BUF + WIRE_L4_OFFSET. Returns the frame length, or 0 when it would
 * exceed CAP or WIRE_MAX_FRAME. */
size_t wire_eth_ipv4_wrap(uint8_t *buf, size_t cap, const wire_endpoint *src,
                          const wire_endpoint *dst, uint8_t proto, uint16_t ip_id, size_t l4_len);
/* The same with a larger limit than WIRE_MAX_FRAME (at most WIRE_MAX_JUMBO_FRAME). */
size_t wire_eth_ipv4_wrap_max(uint8_t *buf, size_t cap, const wire_endpoint *src,
                              const wire_endpoint *dst, uint8_t proto, uint16_t ip_id,
                              size_t l4_len, size_t max_frame);

#endif
