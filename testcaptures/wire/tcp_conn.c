/* SPDX-License-Identifier: GPL-2.0-or-later */
/* TCP (RFC 9293) segment builders over Ethernet/IPv4 with correct seq/ack and checksums. */
#include "tcp_conn.h"

#include <string.h>

#include "checksum.h"
#include "eth_ipv4.h"
#include "wire_bytes.h"

enum { TCP_FIN = 0x01, TCP_SYN = 0x02, TCP_RST = 0x04, TCP_PSH = 0x08, TCP_ACK = 0x10 };

void tcp_conn_init(tcp_conn *c, const wire_endpoint *client, const wire_endpoint *server,
                   uint32_t isn_client, uint32_t isn_server, uint16_t mss)
{
    memset(c, 0, sizeof *c);
    c->ep[0] = *client;
    c->ep[1] = *server;
    c->next_seq[0] = isn_client;
    c->next_seq[1] = isn_server;
    c->window[0] = c->window[1] = 65535u;
    c->ip_id[0] = (uint16_t)(isn_client >> 7);
    c->ip_id[1] = (uint16_t)(isn_server >> 7);
    c->mss = (mss == 0 || mss > WIRE_TCP_MSS) ? WIRE_TCP_MSS : mss;
}

/* Builds one segment from FROM; SYN and FIN consume one sequence number each. */
static size_t build_segment(tcp_conn *c, int from, uint8_t flags, const uint8_t *data,
                            size_t len, uint8_t *buf, size_t cap)
{
    if ((from != 0 && from != 1) || !buf || (len && !data))
        return 0;
    size_t opt_len = (flags & TCP_SYN) ? 4 : 0;
    size_t hdr_len = 20 + opt_len;
    size_t l4_len = hdr_len + len;
    if (len > c->mss || WIRE_L4_OFFSET + l4_len > cap || WIRE_L4_OFFSET + l4_len > WIRE_MAX_FRAME)
        return 0;
    const wire_endpoint *src = &c->ep[from], *dst = &c->ep[!from];
    uint8_t *t = buf + WIRE_L4_OFFSET;
    wire_put16(t, src->port);
    wire_put16(t + 2, dst->port);
    wire_put32(t + 4, c->next_seq[from]);
    wire_put32(t + 8, (flags & TCP_ACK) ? c->next_seq[!from] : 0);
    t[12] = (uint8_t)((hdr_len / 4) << 4);
    t[13] = flags;
    wire_put16(t + 14, c->window[from]);
    wire_put16(t + 16, 0);
    wire_put16(t + 18, 0);
    if (opt_len) {
        t[20] = 2; /* MSS option */
        t[21] = 4;
        wire_put16(t + 22, c->mss);
    }
    if (len)
        memcpy(t + hdr_len, data, len);

    uint8_t pseudo[12];
    memcpy(pseudo, src->ip, 4);
    memcpy(pseudo + 4, dst->ip, 4);
    pseudo[8] = 0;
    pseudo[9] = WIRE_IPPROTO_TCP;
    wire_put16(pseudo + 10, (uint16_t)l4_len);
    uint32_t sum = wire_csum_add(0, pseudo, sizeof pseudo);
    sum = wire_csum_add(sum, t, l4_len);
    wire_put16(t + 16, wire_csum_finish(sum));

    size_t n = wire_eth_ipv4_wrap(buf, cap, src, dst, WIRE_IPPROTO_TCP, c->ip_id[from], l4_len);
    if (!n)
        return 0;
    c->ip_id[from]++;
    c->next_seq[from] += (uint32_t)len + ((flags & (TCP_SYN | TCP_FIN)) ? 1u : 0u);
    return n;
}

size_t tcp_build_syn(tcp_conn *c, uint8_t *buf, size_t cap)
{
    return build_segment(c, 0, TCP_SYN, NULL, 0, buf, cap);
}

size_t tcp_build_syn_ack(tcp_conn *c, uint8_t *buf, size_t cap)
{
    return build_segment(c, 1, TCP_SYN | TCP_ACK, NULL, 0, buf, cap);
}

size_t tcp_build_ack(tcp_conn *c, int from, uint8_t *buf, size_t cap)
{
    return build_segment(c, from, TCP_ACK, NULL, 0, buf, cap);
}

size_t tcp_build_data(tcp_conn *c, int from, const uint8_t *data, size_t len, uint8_t *buf,
                      size_t cap)
{
    if (len == 0)
        return 0;
    return build_segment(c, from, TCP_PSH | TCP_ACK, data, len, buf, cap);
}

size_t tcp_build_fin(tcp_conn *c, int from, uint8_t *buf, size_t cap)
{
    return build_segment(c, from, TCP_FIN | TCP_ACK, NULL, 0, buf, cap);
}

size_t tcp_build_rst(tcp_conn *c, int from, uint8_t *buf, size_t cap)
{
    return build_segment(c, from, TCP_RST | TCP_ACK, NULL, 0, buf, cap);
}

/* Emits a frame of length N (0 = build failure -> -1). */
static int emit(size_t n, const uint8_t *frame, wire_frame_sink sink, void *ctx)
{
    if (n == 0)
        return -1;
    return sink(ctx, frame, n);
}

int tcp_send_handshake(tcp_conn *c, wire_frame_sink sink, void *ctx)
{
    uint8_t f[WIRE_MAX_FRAME];
    int rc;
    if ((rc = emit(tcp_build_syn(c, f, sizeof f), f, sink, ctx)) != 0)
        return rc;
    if ((rc = emit(tcp_build_syn_ack(c, f, sizeof f), f, sink, ctx)) != 0)
        return rc;
    return emit(tcp_build_ack(c, 0, f, sizeof f), f, sink, ctx);
}

int tcp_send_stream(tcp_conn *c, int from, const uint8_t *data, size_t len, int ack_after,
                    wire_frame_sink sink, void *ctx)
{
    uint8_t f[WIRE_MAX_FRAME];
    if (from != 0 && from != 1)
        return -1;
    for (size_t off = 0; off < len;) {
        size_t seg = len - off < c->mss ? len - off : c->mss;
        int rc = emit(tcp_build_data(c, from, data + off, seg, f, sizeof f), f, sink, ctx);
        if (rc != 0)
            return rc;
        off += seg;
    }
    if (ack_after && len)
        return emit(tcp_build_ack(c, !from, f, sizeof f), f, sink, ctx);
    return 0;
}

int tcp_send_close(tcp_conn *c, int from, wire_frame_sink sink, void *ctx)
{
    uint8_t f[WIRE_MAX_FRAME];
    int rc;
    if (from != 0 && from != 1)
        return -1;
    if ((rc = emit(tcp_build_fin(c, from, f, sizeof f), f, sink, ctx)) != 0)
        return rc;
    if ((rc = emit(tcp_build_fin(c, !from, f, sizeof f), f, sink, ctx)) != 0)
        return rc;
    return emit(tcp_build_ack(c, from, f, sizeof f), f, sink, ctx);
}
