/* SPDX-License-Identifier: GPL-2.0-or-later */
/* HTTP/2 frame writers (RFC 9113 §4.1 frame layout, §6 frame types). */
#include "http2.h"

#include <string.h>

#include "wire_bytes.h"

enum {
    FRAME_DATA = 0x0,
    FRAME_HEADERS = 0x1,
    FRAME_RST_STREAM = 0x3,
    FRAME_SETTINGS = 0x4,
    FRAME_PING = 0x6,
    FRAME_GOAWAY = 0x7,
    FRAME_WINDOW_UPDATE = 0x8,
};
enum { FLAG_END_STREAM = 0x1, FLAG_ACK = 0x1, FLAG_END_HEADERS = 0x4 };

void http2_conn_init(http2_conn *h)
{
    hpack_encoder_init(&h->hpack[0], HPACK_MAX_TABLE_SIZE);
    hpack_encoder_init(&h->hpack[1], HPACK_MAX_TABLE_SIZE);
    h->next_stream_id = 1;
}

uint32_t http2_conn_new_stream(http2_conn *h)
{
    if (h->next_stream_id == 0 || h->next_stream_id > 0x7fffffffu)
        return 0;
    uint32_t id = h->next_stream_id;
    h->next_stream_id = id + 2 > 0x7fffffffu ? 0 : id + 2;
    return id;
}

static void frame_header(uint8_t *p, uint32_t len, uint8_t type, uint8_t flags, uint32_t stream)
{
    p[0] = (uint8_t)(len >> 16);
    p[1] = (uint8_t)(len >> 8);
    p[2] = (uint8_t)len;
    p[3] = type;
    p[4] = flags;
    wire_put32(p + 5, stream & 0x7fffffffu);
}

size_t http2_write_preface(uint8_t *out, size_t cap)
{
    if (!out || cap < HTTP2_PREFACE_LEN)
        return 0;
    memcpy(out, HTTP2_PREFACE, HTTP2_PREFACE_LEN);
    return HTTP2_PREFACE_LEN;
}

size_t http2_write_settings(uint8_t *out, size_t cap, const http2_setting *s, size_t n)
{
    size_t len = HTTP2_FRAME_HEADER_LEN + 6 * n;
    if (!out || len > cap || (n && !s) || n > 64)
        return 0;
    frame_header(out, (uint32_t)(6 * n), FRAME_SETTINGS, 0, 0);
    for (size_t i = 0; i < n; i++) {
        wire_put16(out + 9 + 6 * i, s[i].id);
        wire_put32(out + 11 + 6 * i, s[i].value);
    }
    return len;
}

size_t http2_write_settings_ack(uint8_t *out, size_t cap)
{
    if (!out || cap < HTTP2_FRAME_HEADER_LEN)
        return 0;
    frame_header(out, 0, FRAME_SETTINGS, FLAG_ACK, 0);
    return HTTP2_FRAME_HEADER_LEN;
}

size_t http2_write_window_update(uint8_t *out, size_t cap, uint32_t stream, uint32_t increment)
{
    if (!out || cap < 13 || increment == 0 || increment > 0x7fffffffu)
        return 0;
    frame_header(out, 4, FRAME_WINDOW_UPDATE, 0, stream);
    wire_put32(out + 9, increment);
    return 13;
}

size_t http2_write_ping(uint8_t *out, size_t cap, bool ack, uint64_t opaque)
{
    if (!out || cap < 17)
        return 0;
    frame_header(out, 8, FRAME_PING, ack ? FLAG_ACK : 0, 0);
    wire_put64(out + 9, opaque);
    return 17;
}

size_t http2_write_goaway(uint8_t *out, size_t cap, uint32_t last_stream, uint32_t error_code)
{
    if (!out || cap < 17)
        return 0;
    frame_header(out, 8, FRAME_GOAWAY, 0, 0);
    wire_put32(out + 9, last_stream & 0x7fffffffu);
    wire_put32(out + 13, error_code);
    return 17;
}

size_t http2_write_rst_stream(uint8_t *out, size_t cap, uint32_t stream, uint32_t error_code)
{
    if (!out || cap < 13 || stream == 0)
        return 0;
    frame_header(out, 4, FRAME_RST_STREAM, 0, stream);
    wire_put32(out + 9, error_code);
    return 13;
}

size_t http2_write_headers(http2_conn *h, int from, uint32_t stream, const hpack_header *hdrs,
                           size_t n, bool end_stream, uint8_t *out, size_t cap)
{
    if (!h || (from != 0 && from != 1) || stream == 0 || !out || cap <= HTTP2_FRAME_HEADER_LEN)
        return 0;
    size_t room = cap - HTTP2_FRAME_HEADER_LEN;
    if (room > HTTP2_DEFAULT_MAX_FRAME)
        room = HTTP2_DEFAULT_MAX_FRAME;
    size_t block = hpack_encode(&h->hpack[from], hdrs, n, out + HTTP2_FRAME_HEADER_LEN, room);
    if (block == 0)
        return 0;
    uint8_t flags = FLAG_END_HEADERS | (end_stream ? FLAG_END_STREAM : 0);
    frame_header(out, (uint32_t)block, FRAME_HEADERS, flags, stream);
    return HTTP2_FRAME_HEADER_LEN + block;
}

size_t http2_write_data(uint8_t *out, size_t cap, uint32_t stream, const uint8_t *data, size_t len,
                        bool end_stream)
{
    if (!out || stream == 0 || (len && !data))
        return 0;
    size_t used = 0, off = 0;
    do {
        size_t chunk = len - off > HTTP2_DEFAULT_MAX_FRAME ? HTTP2_DEFAULT_MAX_FRAME : len - off;
        if (cap - used < HTTP2_FRAME_HEADER_LEN + chunk)
            return 0;
        bool last = off + chunk == len;
        frame_header(out + used, (uint32_t)chunk, FRAME_DATA,
                     (last && end_stream) ? FLAG_END_STREAM : 0, stream);
        if (chunk)
            memcpy(out + used + HTTP2_FRAME_HEADER_LEN, data + off, chunk);
        used += HTTP2_FRAME_HEADER_LEN + chunk;
        off += chunk;
    } while (off < len);
    return used;
}
