/* SPDX-License-Identifier: GPL-2.0-or-later */
/* HTTP/2 (RFC 9113) frame writer for cleartext h2c connections with prior knowledge. */
#ifndef AMFOL_WIRE_HTTP2_H
#define AMFOL_WIRE_HTTP2_H

#include <stdbool.h>
#include "hpack.h"

#define HTTP2_PREFACE "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
#define HTTP2_PREFACE_LEN 24u
#define HTTP2_FRAME_HEADER_LEN 9u
#define HTTP2_DEFAULT_MAX_FRAME 16384u

enum {
    HTTP2_SETTINGS_HEADER_TABLE_SIZE = 1,
    HTTP2_SETTINGS_ENABLE_PUSH = 2,
    HTTP2_SETTINGS_MAX_CONCURRENT_STREAMS = 3,
    HTTP2_SETTINGS_INITIAL_WINDOW_SIZE = 4,
    HTTP2_SETTINGS_MAX_FRAME_SIZE = 5,
    HTTP2_SETTINGS_MAX_HEADER_LIST_SIZE = 6,
};

typedef struct {
    uint16_t id;
    uint32_t value;
} http2_setting;

/* One connection: an HPACK encoder per direction (0 = client->server, 1 = server->client)
 * and the client stream id counter. Plain state (about 10 KiB), no heap. */
typedef struct {
    hpack_encoder hpack[2];
    uint32_t next_stream_id; /* next client-initiated stream: 1, 3, 5, ... */
} http2_conn;

void http2_conn_init(http2_conn *h);
/* Allocates the next odd stream id (0 once the 31-bit space is exhausted). */
uint32_t http2_conn_new_stream(http2_conn *h);

/* Frame writers: append to OUT (CAP bytes), return bytes written or 0 if they do not fit. */
size_t http2_write_preface(uint8_t *out, size_t cap);
size_t http2_write_settings(uint8_t *out, size_t cap, const http2_setting *s, size_t n);
size_t http2_write_settings_ack(uint8_t *out, size_t cap);
size_t http2_write_window_update(uint8_t *out, size_t cap, uint32_t stream, uint32_t increment);
size_t http2_write_ping(uint8_t *out, size_t cap, bool ack, uint64_t opaque);
size_t http2_write_goaway(uint8_t *out, size_t cap, uint32_t last_stream, uint32_t error_code);
size_t http2_write_rst_stream(uint8_t *out, size_t cap, uint32_t stream, uint32_t error_code);
/* One HEADERS frame (END_HEADERS; END_STREAM if END_STREAM) with the block HPACK-encoded by
 * FROM's encoder. Returns 0 if the block exceeds HTTP2_DEFAULT_MAX_FRAME (no CONTINUATION). */
size_t http2_write_headers(http2_conn *h, int from, uint32_t stream, const hpack_header *hdrs,
                           size_t n, bool end_stream, uint8_t *out, size_t cap);
/* DATA frames of at most HTTP2_DEFAULT_MAX_FRAME payload each; END_STREAM on the last one if
 * END_STREAM. LEN 0 writes one empty DATA frame. */
size_t http2_write_data(uint8_t *out, size_t cap, uint32_t stream, const uint8_t *data, size_t len,
                        bool end_stream);

#endif
