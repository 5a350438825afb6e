/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SCTP (RFC 9260) packet builders over Ethernet/IPv4: handshake, bundled DATA, SACK, teardown. */
#include "sctp_assoc.h"

#include <string.h>

#include "checksum.h"
#include "eth_ipv4.h"
#include "wire_bytes.h"

enum {
    CHUNK_DATA = 0,
    CHUNK_INIT = 1,
    CHUNK_INIT_ACK = 2,
    CHUNK_SACK = 3,
    CHUNK_HEARTBEAT = 4,
    CHUNK_HEARTBEAT_ACK = 5,
    CHUNK_ABORT = 6,
    CHUNK_SHUTDOWN = 7,
    CHUNK_SHUTDOWN_ACK = 8,
    CHUNK_COOKIE_ECHO = 10,
    CHUNK_COOKIE_ACK = 11,
    CHUNK_SHUTDOWN_COMPLETE = 14,
};

#define SCTP_COMMON_LEN 12u
#define SCTP_COOKIE_LEN 32u
/* Room for the SCTP packet (common header + chunks) in one frame. */
#define SCTP_MAX_PACKET (WIRE_MAX_FRAME - WIRE_L4_OFFSET)

void sctp_assoc_init(sctp_assoc *a, const wire_endpoint *initiator, const wire_endpoint *responder,
                     uint32_t tag_initiator, uint32_t tag_responder, uint32_t tsn_initiator,
                     uint32_t tsn_responder, uint16_t n_streams)
{
    memset(a, 0, sizeof *a);
    a->ep[0] = *initiator;
    a->ep[1] = *responder;
    a->vtag[0] = tag_initiator ? tag_initiator : 1u; /* a zero tag is reserved for INIT */
    a->vtag[1] = tag_responder ? tag_responder : 1u;
    a->next_tsn[0] = tsn_initiator;
    a->next_tsn[1] = tsn_responder;
    a->a_rwnd[0] = a->a_rwnd[1] = 106496u; /* Linux default receive window */
    a->ip_id[0] = (uint16_t)(tag_initiator ^ (tag_initiator >> 16));
    a->ip_id[1] = (uint16_t)(tag_responder ^ (tag_responder >> 16));
    if (n_streams == 0)
        n_streams = 1;
    if (n_streams > SCTP_ASSOC_MAX_STREAMS)
        n_streams = SCTP_ASSOC_MAX_STREAMS;
    a->n_streams = n_streams;
}

static int valid_side(int from)
{
    return from == 0 || from == 1;
}

#define SCTP_MAX_GAPS 16u
#define SCTP_MAX_DUPS 16u

/* Writes the common header with VTAG, the CRC32c over the SCTP packet of L4_LEN bytes already
 * at BUF + WIRE_L4_OFFSET + 12, and the Ethernet/IPv4 headers. */
static size_t finish(sctp_assoc *a, int from, uint8_t *buf, size_t cap, size_t l4_len,
                     uint32_t vtag)
{
    uint8_t *s = buf + WIRE_L4_OFFSET;
    wire_put16(s, a->ep[from].port);
    wire_put16(s + 2, a->ep[!from].port);
    wire_put32(s + 4, vtag);
    memset(s + 8, 0, 4);
    uint32_t crc = wire_crc32c(s, l4_len);
    /* RFC 9260 Appendix B: the CRC goes on the wire least significant byte first. */
    s[8] = (uint8_t)crc;
    s[9] = (uint8_t)(crc >> 8);
    s[10] = (uint8_t)(crc >> 16);
    s[11] = (uint8_t)(crc >> 24);
    size_t n = wire_eth_ipv4_wrap_max(buf, cap, &a->ep[from], &a->ep[!from], WIRE_IPPROTO_SCTP,
                                      a->ip_id[from], l4_len, a->max_frame ? a->max_frame : WIRE_MAX_FRAME);
    if (n)
        a->ip_id[from]++;
    return n;
}

/* Chunk area of the frame if CHUNK_BYTES fit in CAP, else NULL. */
static uint8_t *chunk_area(uint8_t *buf, size_t cap, size_t chunk_bytes)
{
    if (!buf || chunk_bytes > SCTP_MAX_PACKET - SCTP_COMMON_LEN ||
        WIRE_L4_OFFSET + SCTP_COMMON_LEN + chunk_bytes > cap)
        return NULL;
    return buf + WIRE_L4_OFFSET + SCTP_COMMON_LEN;
}

static void chunk_header(uint8_t *c, uint8_t type, uint8_t flags, uint16_t len)
{
    c[0] = type;
    c[1] = flags;
    wire_put16(c + 2, len);
}

/* Deterministic state cookie: what the responder would have MAC-ed, here just the two tags. */
static void make_cookie(const sctp_assoc *a, uint8_t *cookie)
{
    for (unsigned i = 0; i < SCTP_COOKIE_LEN; i += 8) {
        wire_put32(cookie + i, a->vtag[0] ^ (0x9e3779b9u * (i + 1)));
        wire_put32(cookie + i + 4, a->vtag[1] ^ (0x85ebca6bu * (i + 1)));
    }
}

static size_t build_init_like(sctp_assoc *a, int from, uint8_t type, uint8_t *buf, size_t cap)
{
    if (!a)
        return 0;
    /* 20-byte INIT body + IPv4 Address parameter (8) [+ State Cookie parameter for INIT ACK] */
    size_t len = 20 + 8 + (type == CHUNK_INIT_ACK ? 4 + SCTP_COOKIE_LEN : 0);
    uint8_t *c = chunk_area(buf, cap, len);
    if (!c)
        return 0;
    chunk_header(c, type, 0, (uint16_t)len);
    wire_put32(c + 4, a->vtag[from]);
    wire_put32(c + 8, a->a_rwnd[from]);
    wire_put16(c + 12, a->n_streams); /* outbound streams */
    wire_put16(c + 14, a->n_streams); /* max inbound streams */
    wire_put32(c + 16, a->next_tsn[from]);
    wire_put16(c + 20, 5); /* IPv4 Address parameter */
    wire_put16(c + 22, 8);
    memcpy(c + 24, a->ep[from].ip, 4);
    if (type == CHUNK_INIT_ACK) {
        wire_put16(c + 28, 7); /* State Cookie */
        wire_put16(c + 30, 4 + SCTP_COOKIE_LEN);
        make_cookie(a, c + 32);
    }
    /* INIT carries verification tag 0; INIT ACK carries the initiator's tag. */
    return finish(a, from, buf, cap, SCTP_COMMON_LEN + len,
                  type == CHUNK_INIT ? 0 : a->vtag[!from]);
}

size_t sctp_build_init(sctp_assoc *a, uint8_t *buf, size_t cap)
{
    return build_init_like(a, 0, CHUNK_INIT, buf, cap);
}

size_t sctp_build_init_ack(sctp_assoc *a, uint8_t *buf, size_t cap)
{
    return build_init_like(a, 1, CHUNK_INIT_ACK, buf, cap);
}

size_t sctp_build_cookie_echo(sctp_assoc *a, uint8_t *buf, size_t cap)
{
    if (!a)
        return 0;
    size_t len = 4 + SCTP_COOKIE_LEN;
    uint8_t *c = chunk_area(buf, cap, len);
    if (!c)
        return 0;
    chunk_header(c, CHUNK_COOKIE_ECHO, 0, (uint16_t)len);
    make_cookie(a, c + 4);
    return finish(a, 0, buf, cap, SCTP_COMMON_LEN + len, a->vtag[1]);
}

/* Chunks that are just a 4-byte header (COOKIE ACK, ABORT, SHUTDOWN ACK/COMPLETE). */
static size_t build_bare(sctp_assoc *a, int from, uint8_t type, uint8_t *buf, size_t cap)
{
    if (!a || !valid_side(from))
        return 0;
    uint8_t *c = chunk_area(buf, cap, 4);
    if (!c)
        return 0;
    chunk_header(c, type, 0, 4);
    return finish(a, from, buf, cap, SCTP_COMMON_LEN + 4, a->vtag[!from]);
}

size_t sctp_build_cookie_ack(sctp_assoc *a, uint8_t *buf, size_t cap)
{
    return build_bare(a, 1, CHUNK_COOKIE_ACK, buf, cap);
}

static size_t data_frame_len(const sctp_data_chunk *chunks, size_t n, size_t max_frame)
{
    if (!chunks || n == 0 || max_frame > WIRE_MAX_JUMBO_FRAME)
        return 0;
    size_t total = WIRE_L4_OFFSET + SCTP_COMMON_LEN;
    for (size_t i = 0; i < n; i++) {
        if (chunks[i].len == 0 || chunks[i].len > SCTP_MAX_CHUNK_BYTES)
            return 0;
        total += SCTP_DATA_CHUNK_WIRE_LEN(chunks[i].len);
        if (total > max_frame)
            return 0;
    }
    return total;
}

size_t sctp_data_frame_len(const sctp_data_chunk *chunks, size_t n)
{
    return data_frame_len(chunks, n, WIRE_MAX_FRAME);
}

size_t sctp_data_frame_len_in(const sctp_assoc *a, const sctp_data_chunk *chunks, size_t n)
{
    return a ? data_frame_len(chunks, n, a->max_frame ? a->max_frame : WIRE_MAX_FRAME) : 0;
}

static size_t write_data(sctp_assoc *a, int from, const sctp_data_chunk *chunks, size_t n,
                         uint8_t *buf, size_t cap)
{
    size_t frame = sctp_data_frame_len_in(a, chunks, n);
    if (!a || !valid_side(from) || frame == 0 || frame > cap || !buf)
        return 0;
    uint8_t *c = buf + WIRE_L4_OFFSET + SCTP_COMMON_LEN;
    for (size_t i = 0; i < n; i++) {
        const sctp_data_chunk *d = &chunks[i];
        if (!d->payload || d->stream >= a->n_streams)
            return 0;
        uint8_t flags = 0x03 | (d->unordered ? 0x04 : 0); /* B and E: unfragmented */
        chunk_header(c, CHUNK_DATA, flags, (uint16_t)(16 + d->len));
        wire_put32(c + 4, d->tsn);
        wire_put16(c + 8, d->stream);
        wire_put16(c + 10, d->unordered ? 0 : d->ssn);
        wire_put32(c + 12, d->ppid);
        memcpy(c + 16, d->payload, d->len);
        size_t padded = SCTP_DATA_CHUNK_WIRE_LEN(d->len);
        memset(c + 16 + d->len, 0, padded - 16 - d->len);
        c += padded;
    }
    return finish(a, from, buf, cap, frame - WIRE_L4_OFFSET, a->vtag[!from]);
}

size_t sctp_build_data(sctp_assoc *a, int from, sctp_data_chunk *chunks, size_t n, uint8_t *buf,
                       size_t cap)
{
    if (!a || !valid_side(from) || sctp_data_frame_len_in(a, chunks, n) == 0)
        return 0;
    /* Assign on a copy of the counters so a failed build consumes nothing. */
    uint32_t tsn = a->next_tsn[from];
    uint16_t ssn[SCTP_ASSOC_MAX_STREAMS];
    memcpy(ssn, a->next_ssn[from], sizeof ssn);
    for (size_t i = 0; i < n; i++) {
        if (chunks[i].stream >= a->n_streams)
            return 0;
        chunks[i].tsn = tsn++;
        chunks[i].ssn = chunks[i].unordered ? 0 : ssn[chunks[i].stream]++;
    }
    size_t len = write_data(a, from, chunks, n, buf, cap);
    if (len) {
        a->next_tsn[from] = tsn;
        memcpy(a->next_ssn[from], ssn, sizeof ssn);
    }
    return len;
}

size_t sctp_build_data_retransmit(sctp_assoc *a, int from, const sctp_data_chunk *chunks,
                                  size_t n, uint8_t *buf, size_t cap)
{
    return write_data(a, from, chunks, n, buf, cap);
}

size_t sctp_build_sack_ex(sctp_assoc *a, int from, uint32_t cum_tsn_ack,
                          const sctp_gap_block *gaps, size_t n_gaps, const uint32_t *dups,
                          size_t n_dups, uint8_t *buf, size_t cap)
{
    if (!a || !valid_side(from) || n_gaps > SCTP_MAX_GAPS || n_dups > SCTP_MAX_DUPS ||
        (n_gaps && !gaps) || (n_dups && !dups))
        return 0;
    size_t len = 16 + 4 * n_gaps + 4 * n_dups;
    uint8_t *c = chunk_area(buf, cap, len);
    if (!c)
        return 0;
    chunk_header(c, CHUNK_SACK, 0, (uint16_t)len);
    wire_put32(c + 4, cum_tsn_ack);
    wire_put32(c + 8, a->a_rwnd[from]);
    wire_put16(c + 12, (uint16_t)n_gaps);
    wire_put16(c + 14, (uint16_t)n_dups);
    uint8_t *p = c + 16;
    for (size_t i = 0; i < n_gaps; i++, p += 4) {
        wire_put16(p, gaps[i].start);
        wire_put16(p + 2, gaps[i].end);
    }
    for (size_t i = 0; i < n_dups; i++, p += 4)
        wire_put32(p, dups[i]);
    return finish(a, from, buf, cap, SCTP_COMMON_LEN + len, a->vtag[!from]);
}

size_t sctp_build_sack_cum(sctp_assoc *a, int from, uint32_t cum_tsn_ack, uint8_t *buf, size_t cap)
{
    return sctp_build_sack_ex(a, from, cum_tsn_ack, NULL, 0, NULL, 0, buf, cap);
}

int sctp_send_message(sctp_assoc *a, int from, uint16_t stream, uint32_t ppid,
                      const uint8_t *payload, size_t len, uint32_t *first_tsn,
                      wire_frame_sink sink, void *ctx)
{
    uint8_t f[WIRE_MAX_FRAME];
    if (!a || !valid_side(from) || !payload || len == 0 || len > 65535 || !sink ||
        stream >= a->n_streams)
        return -1;
    if (first_tsn)
        *first_tsn = a->next_tsn[from];
    if (len <= SCTP_MAX_DATA_PAYLOAD) {
        sctp_data_chunk c = {.stream = stream, .ppid = ppid, .payload = payload, .len = len};
        size_t n = sctp_build_data(a, from, &c, 1, f, sizeof f);
        return n ? sink(ctx, f, n) : -1;
    }
    /* RFC 9260 §6.9: all fragments share the SSN; B on the first, E on the last. */
    uint16_t ssn = a->next_ssn[from][stream]++;
    for (size_t off = 0; off < len; off += SCTP_MAX_DATA_PAYLOAD) {
        size_t part = len - off < SCTP_MAX_DATA_PAYLOAD ? len - off : SCTP_MAX_DATA_PAYLOAD;
        uint8_t *c = f + WIRE_L4_OFFSET + SCTP_COMMON_LEN;
        uint8_t flags = (off == 0 ? 0x02 : 0) | (off + part == len ? 0x01 : 0);
        chunk_header(c, CHUNK_DATA, flags, (uint16_t)(16 + part));
        wire_put32(c + 4, a->next_tsn[from]++);
        wire_put16(c + 8, stream);
        wire_put16(c + 10, ssn);
        wire_put32(c + 12, ppid);
        memcpy(c + 16, payload + off, part);
        size_t padded = SCTP_DATA_CHUNK_WIRE_LEN(part);
        memset(c + 16 + part, 0, padded - 16 - part);
        size_t n = finish(a, from, f, sizeof f, SCTP_COMMON_LEN + padded, a->vtag[!from]);
        if (n == 0)
            return -1;
        int rc = sink(ctx, f, n);
        if (rc != 0)
            return rc;
    }
    return 0;
}

size_t sctp_build_sack(sctp_assoc *a, int from, uint8_t *buf, size_t cap)
{
    if (!a || !valid_side(from))
        return 0;
    return sctp_build_sack_cum(a, from, a->next_tsn[!from] - 1u, buf, cap);
}

static size_t build_heartbeat_like(sctp_assoc *a, int from, uint8_t type, uint64_t info,
                                   uint8_t *buf, size_t cap)
{
    if (!a || !valid_side(from))
        return 0;
    uint8_t *c = chunk_area(buf, cap, 16);
    if (!c)
        return 0;
    chunk_header(c, type, 0, 16);
    wire_put16(c + 4, 1); /* Heartbeat Info parameter */
    wire_put16(c + 6, 12);
    wire_put64(c + 8, info);
    return finish(a, from, buf, cap, SCTP_COMMON_LEN + 16, a->vtag[!from]);
}

size_t sctp_build_heartbeat(sctp_assoc *a, int from, uint64_t info, uint8_t *buf, size_t cap)
{
    return build_heartbeat_like(a, from, CHUNK_HEARTBEAT, info, buf, cap);
}

size_t sctp_build_heartbeat_ack(sctp_assoc *a, int from, uint64_t info, uint8_t *buf, size_t cap)
{
    return build_heartbeat_like(a, from, CHUNK_HEARTBEAT_ACK, info, buf, cap);
}

size_t sctp_build_abort(sctp_assoc *a, int from, uint8_t *buf, size_t cap)
{
    return build_bare(a, from, CHUNK_ABORT, buf, cap);
}

size_t sctp_build_shutdown(sctp_assoc *a, int from, uint8_t *buf, size_t cap)
{
    if (!a || !valid_side(from))
        return 0;
    uint8_t *c = chunk_area(buf, cap, 8);
    if (!c)
        return 0;
    chunk_header(c, CHUNK_SHUTDOWN, 0, 8);
    wire_put32(c + 4, a->next_tsn[!from] - 1u);
    return finish(a, from, buf, cap, SCTP_COMMON_LEN + 8, a->vtag[!from]);
}

size_t sctp_build_shutdown_ack(sctp_assoc *a, int from, uint8_t *buf, size_t cap)
{
    return build_bare(a, from, CHUNK_SHUTDOWN_ACK, buf, cap);
}

size_t sctp_build_shutdown_complete(sctp_assoc *a, int from, uint8_t *buf, size_t cap)
{
    return build_bare(a, from, CHUNK_SHUTDOWN_COMPLETE, buf, cap);
}
