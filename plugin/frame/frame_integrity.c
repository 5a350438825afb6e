/* SPDX-License-Identifier: GPL-2.0-or-later */
/* frame_integrity.c: was this frame damaged after it left its sender (a bad probe, a corrupted
 * file, editcap -E)? Its receiver discarded it: an IPv4 header with a wrong checksum (RFC 791
 * §3.1) or an SCTP packet with a wrong CRC32c (RFC 9260 §6.8) is dropped, so nobody acted on it
 * and it can be no evidence of what a gNB or an AMF did. A checksum field of 0 is left
 * unverified (not computed: offload on the capturing host). TCP checksums are not checked: send
 * offload leaves them wrong in most captures taken on an NF's host. */
#include "frame/amfol_frame.h"
#include "frame/amfol_sctp_wire.h"

#include <wsutil/crc32.h>

#include <string.h>

#define IPV4_MIN_HEADER   20
#define IPV4_CHECKSUM     10
#define SCTP_COMMON_HEADER 12          /* ports, verification tag, checksum (RFC 9260 §3.1) */
#define SCTP_CHECKSUM     8

/* sctp_crc with wsutil's table loop: a CPU without SSE4.2. */
__attribute__((cold, noinline)) static guint32 sctp_crc_table(const guint8 *p, gint len)
{
    static const guint8 zero[4] = { 0, 0, 0, 0 };
    guint32 crc = crc32c_calculate_no_swap(p, SCTP_CHECKSUM, CRC32C_PRELOAD);
    crc = crc32c_calculate_no_swap(zero, 4, crc);
    return crc32c_calculate_no_swap(p + SCTP_COMMON_HEADER, len - SCTP_COMMON_HEADER, crc);
}

/* The CRC32c update of wsutil's crc32c_calculate_no_swap (reflected, no pre/post inversion), with
 * the SSE4.2 crc32 instruction where the CPU has it: every SCTP frame is checked, and the table
 * loop costs about 5 instructions per octet. Used only after it gave wsutil's results on a test
 * buffer (crc_hw_ok). */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define AMFOL_CRC32C_HW 1
__attribute__((target("sse4.2")))
static guint32 crc32c_hw(const void *buf, gint len, guint32 crc)
{
    const guint8 *p = (const guint8 *)buf;
    guint64 c = crc;
    for (; len >= 8; p += 8, len -= 8) {
        guint64 v;
        memcpy(&v, p, 8);              /* little-endian: the 8 octets in order */
        c = __builtin_ia32_crc32di(c, v);
    }
    guint32 c32 = (guint32)c;
    for (; len > 0; p++, len--)
        c32 = __builtin_ia32_crc32qi(c32, *p);
    return c32;
}

/* sctp_crc in one call: octets 0-7, the checksum field as four zero octets, the rest. len is at
 * least SCTP_COMMON_HEADER. */
__attribute__((target("sse4.2")))
static guint32 sctp_crc_hw(const guint8 *p, gint len)
{
    guint64 head;
    memcpy(&head, p, 8);
    guint32 crc = (guint32)__builtin_ia32_crc32di(CRC32C_PRELOAD, head);
    crc = __builtin_ia32_crc32si(crc, 0);
    return crc32c_hw(p + SCTP_COMMON_HEADER, len - SCTP_COMMON_HEADER, crc);
}

/* Once per process: out of the hot code. */
__attribute__((cold, noinline)) static int crc_hw_probe(void)
{
    if (!__builtin_cpu_supports("sse4.2"))
        return 0;
    guint8 t[61];
    for (size_t i = 0; i < sizeof t; i++)
        t[i] = (guint8)(i * 37 + 11);
    int ok = 1;
    for (gint n = 0; n <= (gint)sizeof t && ok; n++)
        ok = crc32c_hw(t, n, CRC32C_PRELOAD) == crc32c_calculate_no_swap(t, n, CRC32C_PRELOAD) &&
             crc32c_hw(t, n, 0x12345678) == crc32c_calculate_no_swap(t, n, 0x12345678) &&
             (n < SCTP_COMMON_HEADER || sctp_crc_hw(t, n) == sctp_crc_table(t, n));
    return ok;
}

static bool crc_hw_ok(void)
{
    static int ok = -1;
    if (G_UNLIKELY(ok < 0))
        ok = crc_hw_probe();
    return ok == 1;
}
#endif

/* CRC32c (reflected, preloaded, no final inversion) of an SCTP packet with its checksum field
 * (octets 8-11) taken as zero. */
static guint32 sctp_crc(const guint8 *p, gint len)
{
#ifdef AMFOL_CRC32C_HW
    if (crc_hw_ok())
        return sctp_crc_hw(p, len);
#endif
    return sctp_crc_table(p, len);
}

/* RFC 9260 Appendix A: CRC32c over the packet (len octets at start of the frame's bytes) with
 * the checksum field taken as zero. A snapped packet (bytes missing) cannot be checked: not
 * called damaged. */
static bool sctp_crc_wrong(const amfol_sctp_wire *wire, gint start, gint len)
{
    if (len < SCTP_COMMON_HEADER || start < 0 || len > wire->n_bytes || start > wire->n_bytes - len)
        return false;                  /* tvb_bytes_exist(tvb, start, len) */
    const guint8 *p = wire->bytes + start;
    guint32 sent = (guint32)p[SCTP_CHECKSUM] << 24 | (guint32)p[SCTP_CHECKSUM + 1] << 16 |
                   (guint32)p[SCTP_CHECKSUM + 2] << 8 | p[SCTP_CHECKSUM + 3];
    if (sent == 0)
        return false;
    guint32 crc = sctp_crc(p, len);  /* CRC32C_SWAP names its argument four times */
    return ~CRC32C_SWAP(crc) != sent;
}

/* The Internet checksum (RFC 1071) over an IPv4 header of ihl octets (a multiple of 4), as
 * epan's ip_checksum_tvb computes it: 0 when the header's checksum is right. */
static guint16 ipv4_header_checksum(const guint8 *p, gint ihl)
{
    /* 32-bit words in host order, folded: the ones' complement sum of the 16-bit words, byte
     * swapped on a little-endian host; 0xffff either way exactly when the header is right. */
    guint64 sum = 0;
    for (gint i = 0; i < ihl; i += 4) {
        guint32 w;
        memcpy(&w, p + i, 4);
        sum += w;
    }
    while (sum >> 16)
        sum = (sum & 0xffff) + (sum >> 16);
    return (guint16)~sum;
}

const char *amfol_frame_damage(const struct amfol_sctp_wire *wire)
{
    if (!wire || !wire->outer_tvb)
        return NULL;
    /* The outermost IP header, read from the frame's bytes (amfol_sctp_wire.h). */
    gint at = wire->outer_at;
    gint avail = at >= 0 && at <= wire->n_bytes ? wire->n_bytes - at : -1;   /* tvb_captured_length_remaining */
    if (!wire->outer_v6) {
        if (avail < IPV4_MIN_HEADER)
            return NULL;
        const guint8 *h = wire->bytes + at;
        gint ihl = (h[0] & 0x0f) * 4;
        if (ihl < IPV4_MIN_HEADER || ihl > avail)
            return "IPv4 header length";
        if ((h[IPV4_CHECKSUM] | h[IPV4_CHECKSUM + 1]) != 0 && ipv4_header_checksum(h, ihl) != 0)
            return "IPv4 header checksum";
    }
    /* Not SCTP, or a fragment (reassembled SCTP is not checked from the wire): the span
     * amfol_sctp_wire_read found for this header. */
    if (!wire->outer_sctp)
        return NULL;
    return sctp_crc_wrong(wire, wire->outer_off, wire->outer_len) ? "SCTP CRC32c" : NULL;
}
