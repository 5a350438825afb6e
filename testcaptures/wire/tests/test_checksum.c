/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit test: CRC32c (RFC 3720 B.4 vectors) and the Internet checksum (IPv4 and TCP). */
#include <stdint.h>

#include "checksum.h"
#include "eth_ipv4.h"
#include "tcp_conn.h"

static int failures;
#include "wire_test.h"

/* Bit-at-a-time reference CRC32c, independent of the table and SSE4.2 paths. */
static uint32_t crc32c_ref(const uint8_t *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0x82f63b78u & (0u - (c & 1u)));
    }
    return ~c;
}

static void test_crc32c(void)
{
    uint8_t b[64];
    CHECK_EQ_U(wire_crc32c((const uint8_t *)"123456789", 9), 0xe3069283u);
    memset(b, 0, 32);
    CHECK_EQ_U(wire_crc32c(b, 32), 0x8a9136aau);
    memset(b, 0xff, 32);
    CHECK_EQ_U(wire_crc32c(b, 32), 0x62a8ab43u);
    for (int i = 0; i < 32; i++)
        b[i] = (uint8_t)i;
    CHECK_EQ_U(wire_crc32c(b, 32), 0x46dd794eu);
    for (int i = 0; i < 32; i++)
        b[i] = (uint8_t)(31 - i);
    CHECK_EQ_U(wire_crc32c(b, 32), 0x113fdb5cu);
    /* Every length and alignment against the reference: exercises the 8-byte and tail paths. */
    uint8_t big[300];
    for (size_t i = 0; i < sizeof big; i++)
        big[i] = (uint8_t)(i * 131u + 7u);
    for (size_t off = 0; off < 8; off++)
        for (size_t len = 0; len + off <= sizeof big; len += 13)
            CHECK_EQ_U(wire_crc32c(big + off, len), crc32c_ref(big + off, len));
}

static void test_ipv4(void)
{
    /* Classic example header: 192.168.0.1 -> 192.168.0.199, UDP, checksum 0xb861. */
    const uint8_t hdr[20] = {0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11,
                             0x00, 0x00, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7};
    CHECK_EQ_U(wire_ipv4_header_checksum(hdr, 20), 0xb861u);
    /* RFC 1071 §3 example words 0001 f203 f4f5 f6f7: sum 0xddf2, checksum 0x220d. */
    const uint8_t words[8] = {0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7};
    CHECK_EQ_U(wire_csum_finish(wire_csum_add(0, words, 8)), 0x220du);
    /* Odd length pads with zero. */
    const uint8_t odd[3] = {0x12, 0x34, 0x56};
    CHECK_EQ_U(wire_csum_finish(wire_csum_add(0, odd, 3)), (uint16_t)~(0x1234u + 0x5600u));
}

static void test_tcp_segment(void)
{
    const wire_endpoint cl = {{2, 0, 0, 0, 0, 1}, {10, 0, 0, 1}, 40000};
    const wire_endpoint sv = {{2, 0, 0, 0, 3, 1}, {10, 0, 3, 1}, 8080};
    tcp_conn c;
    uint8_t f[WIRE_MAX_FRAME];
    tcp_conn_init(&c, &cl, &sv, 1000, 2000, 0);
    size_t n = tcp_build_syn(&c, f, sizeof f);
    CHECK_EQ_U(n, 58);
    /* Known value (verified with tshark 4.0.17 -o tcp.check_checksum:TRUE: "Good"). */
    CHECK_EQ_U((unsigned)f[50] << 8 | f[51], 0xc16cu);
    CHECK_EQ_U((unsigned)f[24] << 8 | f[25], 0x23c4u); /* IPv4 header checksum */
    /* Property: the IPv4 header sums to 0xffff, and so do pseudo-header + segment. */
    CHECK_EQ_U(wire_csum_finish(wire_csum_add(0, f + 14, 20)), 0);
    n = tcp_build_data(&c, 0, (const uint8_t *)"hello", 5, f, sizeof f);
    CHECK_EQ_U(n, 59);
    uint8_t pseudo[12] = {10, 0, 0, 1, 10, 0, 3, 1, 0, 6, 0, 25};
    uint32_t s = wire_csum_add(0, pseudo, 12);
    s = wire_csum_add(s, f + WIRE_L4_OFFSET, 25);
    CHECK_EQ_U(wire_csum_finish(s), 0);
    CHECK_EQ_U(c.next_seq[0], 1000u + 1u + 5u);
    /* Refuses what does not fit instead of writing past the buffer. */
    CHECK_EQ_U(tcp_build_data(&c, 0, (const uint8_t *)"hello", 5, f, 40), 0);
    CHECK_EQ_U(c.next_seq[0], 1006u);
    uint8_t big[WIRE_TCP_MSS + 1] = {0};
    CHECK_EQ_U(tcp_build_data(&c, 0, big, sizeof big, f, sizeof f), 0);
    CHECK_EQ_U(tcp_build_ack(&c, 2, f, sizeof f), 0);
}

int main(void)
{
    test_crc32c();
    test_ipv4();
    test_tcp_segment();
    if (failures)
        fprintf(stderr, "test_checksum: %d failure(s)\n", failures);
    return failures ? 1 : 0;
}
