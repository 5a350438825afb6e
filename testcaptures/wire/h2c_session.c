/* SPDX-License-Identifier: GPL-2.0-or-later */
/* h2c session: HTTP/2 connection setup, SBI requests/responses and teardown as TCP frames. */
#include "h2c_session.h"

#include <string.h>

/* Room for one message: HEADERS frame (the header text plus HPACK overhead) and DATA frames. */
#define H2C_SCRATCH (HTTP2_FRAME_HEADER_LEN + SBI_HEADER_TEXT + 4 * SBI_MAX_HEADERS + 64 + \
                     2 * HTTP2_FRAME_HEADER_LEN + SBI_BODY_MAX)
/* Connection-level window both sides open at start, so bulky SearchResults never stall. */
#define H2C_CONN_WINDOW_INCREMENT (0x7fffffffu - 65535u)
#define H2C_STREAM_WINDOW 1048576u

void h2c_session_init(h2c_session *s, const wire_endpoint *client, const wire_endpoint *server,
                      uint32_t isn_client, uint32_t isn_server)
{
    tcp_conn_init(&s->tcp, client, server, isn_client, isn_server, 0);
    http2_conn_init(&s->h2);
}

int h2c_session_open(h2c_session *s, wire_frame_sink sink, void *ctx)
{
    uint8_t b[128];
    size_t n = 0, w;
    int rc = tcp_send_handshake(&s->tcp, sink, ctx);
    if (rc != 0)
        return rc;

    const http2_setting client_set[] = {
        {HTTP2_SETTINGS_ENABLE_PUSH, 0},
        {HTTP2_SETTINGS_INITIAL_WINDOW_SIZE, H2C_STREAM_WINDOW},
    };
    if (!(w = http2_write_preface(b, sizeof b)))
        return -1;
    n += w;
    if (!(w = http2_write_settings(b + n, sizeof b - n, client_set, 2)))
        return -1;
    n += w;
    if (!(w = http2_write_window_update(b + n, sizeof b - n, 0, H2C_CONN_WINDOW_INCREMENT)))
        return -1;
    n += w;
    if ((rc = tcp_send_stream(&s->tcp, 0, b, n, 0, sink, ctx)) != 0)
        return rc;

    const http2_setting server_set[] = {
        {HTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, 100},
        {HTTP2_SETTINGS_INITIAL_WINDOW_SIZE, H2C_STREAM_WINDOW},
    };
    n = 0;
    if (!(w = http2_write_settings(b, sizeof b, server_set, 2)))
        return -1;
    n += w;
    if (!(w = http2_write_window_update(b + n, sizeof b - n, 0, H2C_CONN_WINDOW_INCREMENT)))
        return -1;
    n += w;
    if (!(w = http2_write_settings_ack(b + n, sizeof b - n)))
        return -1;
    n += w;
    if ((rc = tcp_send_stream(&s->tcp, 1, b, n, 0, sink, ctx)) != 0)
        return rc;

    if (!(n = http2_write_settings_ack(b, sizeof b)))
        return -1;
    return tcp_send_stream(&s->tcp, 0, b, n, 1, sink, ctx);
}

/* HEADERS (+ DATA) of M on STREAM from FROM, then the peer's ACK. */
static int send_message(h2c_session *s, int from, uint32_t stream, const sbi_msg *m,
                        wire_frame_sink sink, void *ctx)
{
    uint8_t b[H2C_SCRATCH];
    hpack_header hh[SBI_MAX_HEADERS];
    if (!m || m->error || m->body_len > SBI_BODY_MAX)
        return -1;
    size_t nh = sbi_msg_hpack_headers(m, hh);
    bool has_body = m->body_len > 0;
    size_t n = http2_write_headers(&s->h2, from, stream, hh, nh, !has_body, b, sizeof b);
    if (n == 0)
        return -1;
    if (has_body) {
        size_t w = http2_write_data(b + n, sizeof b - n, stream, (const uint8_t *)m->body,
                                    m->body_len, true);
        if (w == 0)
            return -1;
        n += w;
    }
    return tcp_send_stream(&s->tcp, from, b, n, 1, sink, ctx);
}

int h2c_session_request(h2c_session *s, const sbi_msg *m, uint32_t *stream_id,
                        wire_frame_sink sink, void *ctx)
{
    uint32_t id = http2_conn_new_stream(&s->h2);
    if (id == 0)
        return -1;
    if (stream_id)
        *stream_id = id;
    return send_message(s, 0, id, m, sink, ctx);
}

int h2c_session_response(h2c_session *s, uint32_t stream_id, const sbi_msg *m,
                         wire_frame_sink sink, void *ctx)
{
    if (stream_id == 0 || (stream_id & 1u) == 0)
        return -1;
    return send_message(s, 1, stream_id, m, sink, ctx);
}

int h2c_session_close(h2c_session *s, int from, wire_frame_sink sink, void *ctx)
{
    uint8_t b[32];
    if (from != 0 && from != 1)
        return -1;
    /* The last peer-initiated stream this side processed: the client's last stream. */
    uint32_t last = s->h2.next_stream_id >= 3 ? s->h2.next_stream_id - 2 : 0;
    if (from == 0)
        last = 0; /* the server never initiates streams */
    size_t n = http2_write_goaway(b, sizeof b, last, 0);
    int rc = tcp_send_stream(&s->tcp, from, b, n, 1, sink, ctx);
    if (rc != 0)
        return rc;
    return tcp_send_close(&s->tcp, from, sink, ctx);
}
