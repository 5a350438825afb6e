/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Ethernet II + IPv4 header writer (no options, DF, TTL 64). */
#include "eth_ipv4.h"

#include <string.h>

#include "checksum.h"
#include "wire_bytes.h"

size_t wire_eth_ipv4_wrap(uint8_t *buf, size_t cap, const wire_endpoint *src,
                          const wire_endpoint *dst, uint8_t proto, uint16_t ip_id, size_t l4_len)
{
    return wire_eth_ipv4_wrap_max(buf, cap, src, dst, proto, ip_id, l4_len, WIRE_MAX_FRAME);
}

size_t wire_eth_ipv4_wrap_max(uint8_t *buf, size_t cap, const wire_endpoint *src,
                              const wire_endpoint *dst, uint8_t proto, uint16_t ip_id,
                              size_t l4_len, size_t max_frame)
{
    size_t frame_len = WIRE_L4_OFFSET + l4_len;
    if (!buf || !src || !dst || frame_len > cap || frame_len > max_frame || max_frame > WIRE_MAX_JUMBO_FRAME)
        return 0;
    memcpy(buf, dst->mac, 6);
    memcpy(buf + 6, src->mac, 6);
    wire_put16(buf + 12, 0x0800);

    uint8_t *ip = buf + 14;
    ip[0] = 0x45; /* version 4, IHL 5 */
    ip[1] = 0x00; /* DSCP/ECN: SCTP and TCP signalling usually leave it zero here */
    wire_put16(ip + 2, (uint16_t)(20 + l4_len));
    wire_put16(ip + 4, ip_id);
    wire_put16(ip + 6, 0x4000); /* DF, no fragments */
    ip[8] = 64;
    ip[9] = proto;
    wire_put16(ip + 10, 0);
    memcpy(ip + 12, src->ip, 4);
    memcpy(ip + 16, dst->ip, 4);
    wire_put16(ip + 10, wire_ipv4_header_checksum(ip, 20));
    return frame_len;
}
