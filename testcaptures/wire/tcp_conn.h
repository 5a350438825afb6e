/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One TCP connection between two endpoints and the Ethernet/IPv4/TCP frames it sends. */
#ifndef AMFOL_WIRE_TCP_CONN_H
#define AMFOL_WIRE_TCP_CONN_H

#include "wire_common.h"

/* Side 0 = client (sends SYN), side 1 = server. Plain state, no heap. */
typedef struct {
    wire_endpoint ep[2];
    uint32_t next_seq[2];  /* next sequence number side i sends */
    uint16_t window[2];    /* advertised window (unscaled) */
    uint16_t ip_id[2];
    uint16_t mss;          /* payload bytes per segment, <= WIRE_TCP_MSS */
} tcp_conn;

/* State only; ISNs are the caller's deterministic choice. MSS 0 means WIRE_TCP_MSS. */
void tcp_conn_init(tcp_conn *c, const wire_endpoint *client, const wire_endpoint *server,
                   uint32_t isn_client, uint32_t isn_server, uint16_t mss);

/* Single-frame builders: write one Ethernet frame into BUF and return its length, or 0 if it
 * does not fit CAP / WIRE_MAX_FRAME. Checksums are correct; seq/ack follow the state. */
size_t tcp_build_syn(tcp_conn *c, uint8_t *buf, size_t cap);      /* side 0, with MSS option */
size_t tcp_build_syn_ack(tcp_conn *c, uint8_t *buf, size_t cap);  /* side 1, with MSS option */
size_t tcp_build_ack(tcp_conn *c, int from, uint8_t *buf, size_t cap);
/* PSH|ACK segment with LEN <= c->mss payload bytes. */
size_t tcp_build_data(tcp_conn *c, int from, const uint8_t *data, size_t len, uint8_t *buf,
                      size_t cap);
size_t tcp_build_fin(tcp_conn *c, int from, uint8_t *buf, size_t cap);  /* FIN|ACK */
size_t tcp_build_rst(tcp_conn *c, int from, uint8_t *buf, size_t cap);  /* RST|ACK */

/* Multi-frame helpers feeding SINK. */
/* SYN, SYN-ACK, ACK. */
int tcp_send_handshake(tcp_conn *c, wire_frame_sink sink, void *ctx);
/* Splits LEN bytes into c->mss segments from FROM; if ACK_AFTER, the peer then sends one ACK. */
int tcp_send_stream(tcp_conn *c, int from, const uint8_t *data, size_t len, int ack_after,
                    wire_frame_sink sink, void *ctx);
/* FIN from FROM, FIN from the peer, final ACK from FROM. */
int tcp_send_close(tcp_conn *c, int from, wire_frame_sink sink, void *ctx);

#endif
