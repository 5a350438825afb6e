/* SPDX-License-Identifier: GPL-2.0-or-later */
/* An h2c (HTTP/2 over cleartext TCP, prior knowledge) session that turns SBI messages into frames. */
#ifndef AMFOL_WIRE_H2C_SESSION_H
#define AMFOL_WIRE_H2C_SESSION_H

#include "http2.h"
#include "sbi_msg.h"
#include "tcp_conn.h"

/* Side 0 = client (SBI consumer), side 1 = server (producer, e.g. the NRF). Plain state. */
typedef struct {
    tcp_conn tcp;
    http2_conn h2;
} h2c_session;

void h2c_session_init(h2c_session *s, const wire_endpoint *client, const wire_endpoint *server,
                      uint32_t isn_client, uint32_t isn_server);

/* TCP handshake, client preface + SETTINGS + connection WINDOW_UPDATE, server SETTINGS +
 * SETTINGS ACK, client SETTINGS ACK (7 frames). Returns 0, -1 on a build error, or the sink's
 * non-zero value. */
int h2c_session_open(h2c_session *s, wire_frame_sink sink, void *ctx);

/* Sends M as a request on a new stream (HEADERS, then DATA if it has a body; END_STREAM on the
 * last frame), TCP-segmented, followed by the server's ACK. *STREAM_ID gets the stream. */
int h2c_session_request(h2c_session *s, const sbi_msg *m, uint32_t *stream_id,
                        wire_frame_sink sink, void *ctx);
/* Sends M as the response on STREAM_ID, followed by the client's ACK. */
int h2c_session_response(h2c_session *s, uint32_t stream_id, const sbi_msg *m,
                         wire_frame_sink sink, void *ctx);

/* GOAWAY from FROM, then the TCP FIN exchange. */
int h2c_session_close(h2c_session *s, int from, wire_frame_sink sink, void *ctx);

#endif
