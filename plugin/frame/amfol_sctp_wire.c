/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sctp_wire.c: the frame's outermost IP header, found by its link-layer encapsulation,
 * and the SCTP headers behind it (RFC 9260 §3), read from the frame's bytes. */
#include "frame/amfol_sctp_wire.h"

#include <wiretap/wtap.h>

#include <stddef.h>
#include <string.h>

#define IPPROTO_SCTP_NUM 132
#define SCTP_COMMON_HEADER 12
#define SCTP_VTAG_OFFSET 4
#define CHUNK_HEADER 4
#define DATA_CHUNK 0
#define IDATA_CHUNK 64
#define DATA_HEADER_LEN 16             /* a shorter DATA chunk carries no TSN Wireshark shows */
#define IDATA_HEADER_LEN 20

int amfol_proto_ip = -1, amfol_proto_ipv6 = -1;

/* The chunks of the frame being dissected (amfol_sctp_wire.type / data_start point here). */
static uint8_t chunk_type[AMFOL_SCTP_MAX_CHUNKS];
static gint chunk_data_start[AMFOL_SCTP_MAX_CHUNKS];

void amfol_sctp_wire_init(void)
{
    amfol_proto_ip = proto_get_id_by_filter_name("ip");
    amfol_proto_ipv6 = proto_get_id_by_filter_name("ipv6");
}

/* The frame's captured bytes, read directly (a tvb_* call per field read cost as much as the
 * rest of the search): every read goes through has(). */
typedef struct frame_bytes {
    const guint8 *p;
    gint len;
} frame_bytes;

/* The readers read_plain (the hot path) calls: always inlined, so the storm's frame is read in one
 * short run of code (a call each touched its own I-cache lines) with v6 = false folded away. */
#define READ_INLINE static inline __attribute__((always_inline))

static inline bool has(const frame_bytes *f, gint at, gint n)
{
    return at >= 0 && n >= 0 && n <= f->len && at <= f->len - n;
}

static inline guint16 get16(const frame_bytes *f, gint at)     /* has(f, at, 2) checked */
{
    return (guint16)((f->p[at] << 8) | f->p[at + 1]);
}

READ_INLINE guint32 get32(const frame_bytes *f, gint at)     /* has(f, at, 4) checked */
{
    return (guint32)f->p[at] << 24 | (guint32)f->p[at + 1] << 16 | (guint32)f->p[at + 2] << 8 | f->p[at + 3];
}

/* Offset and length of the SCTP packet behind the IP header at `ip` of the frame's bytes, false
 * when the header carries no SCTP or is a fragment (reassembled SCTP is not read from the wire).
 * The length is the IP header's claim: check that the bytes exist before reading them. */
READ_INLINE bool span_of(const frame_bytes *f, gint ip, bool v6, gint *off, gint *len)
{
    if (!v6) {
        if (!has(f, ip, 20))
            return false;
        guint ihl = (guint)(f->p[ip] & 0x0f) * 4;
        guint16 total = get16(f, ip + 2);
        guint16 frag = get16(f, ip + 6);
        if (f->p[ip + 9] != IPPROTO_SCTP_NUM || (frag & 0x3fff) || ihl < 20 || total < ihl)
            return false;
        *off = ip + (gint)ihl;
        *len = (gint)(total - ihl);
        return true;
    }
    if (!has(f, ip, 40))
        return false;
    guint16 payload = get16(f, ip + 4);
    if (f->p[ip + 6] != IPPROTO_SCTP_NUM)
        return false;                  /* extension headers: not read here */
    *off = ip + 40;
    *len = payload;
    return true;
}

/* The SCTP packet at off (len octets claimed) of the frame's bytes f, which are tvb's. */
READ_INLINE void read_chunks(tvbuff_t *tvb, const frame_bytes *f, gint off, gint len, amfol_sctp_wire *out)
{
    gint captured = off >= 0 && off <= f->len ? f->len - off : -1;   /* tvb_captured_length_remaining */
    if (captured < SCTP_COMMON_HEADER)
        return;
    gint end = off + MIN(len, captured);
    out->found = true;
    out->tvb = tvb;
    out->vtag = get32(f, off + SCTP_VTAG_OFFSET);
    gint at = off + SCTP_COMMON_HEADER;
    while (at + CHUNK_HEADER <= end && out->n_chunks < AMFOL_SCTP_MAX_CHUNKS) {
        uint8_t type = f->p[at];
        guint16 clen = get16(f, at + 2);
        chunk_type[out->n_chunks++] = type;
        if (clen < CHUNK_HEADER)
            break;                     /* bogus length: Wireshark stops there too */
        if (((type == DATA_CHUNK && clen >= DATA_HEADER_LEN) || (type == IDATA_CHUNK && clen >= IDATA_HEADER_LEN)) &&
            at + 8 <= end)
            chunk_data_start[out->n_data++] = at;
        at += (gint)((clen + 3u) & ~3u);
    }
}

/* Where the frame's first network-layer header is, by the capture's link-layer encapsulation,
 * and which dissector Wireshark hands it to: ip (which passes a header of version 6 on to
 * ipv6), ipv6, or (raw IP, MPLS) the one its version names; LINK_NONE: no IP header there (or
 * not one parsed here: PPPoE, LLC/SNAP, ...), LINK_UNKNOWN: an encapsulation not parsed here.
 * Every read bounds-checked. */
enum link_next { LINK_UNKNOWN, LINK_NONE, LINK_IP, LINK_IPV6, LINK_RAW };

#define ETHERTYPE_IPV4 0x0800
#define ETHERTYPE_IPV6_NUM 0x86dd
#define ETH_HEADER 14
#define SLL_HEADER 16
#define SLL2_HEADER 20
#define NULL_HEADER 4
#define MAX_VLAN_TAGS 4
#define MAX_MPLS_LABELS 8
#define ARPHRD_IPGRE_NUM 778           /* Linux cooked: GRE, not an ethertype */
#define ARPHRD_NETLINK_NUM 824

static gint packet_encap(const packet_info *pinfo)
{
    if (!pinfo->rec || pinfo->rec->rec_type != REC_TYPE_PACKET)
        return -1;
    return pinfo->rec->rec_header.packet_header.pkt_encap;
}

/* The ethertype at type_at, its payload at payload_at (802.1Q, 802.1ad and the old QinQ tags
 * skipped: each is a TCI and the next ethertype at the start of the payload). */
static enum link_next by_ethertype(const frame_bytes *f, gint type_at, gint payload_at, gint *ip)
{
    for (int tags = 0; has(f, type_at, 2); tags++) {
        guint16 type = get16(f, type_at);
        if (type == ETHERTYPE_IPV4 || type == ETHERTYPE_IPV6_NUM) {
            *ip = payload_at;
            return type == ETHERTYPE_IPV4 ? LINK_IP : LINK_IPV6;
        }
        if (type == 0x8847 || type == 0x8848) {
            /* MPLS: labels up to the bottom of the stack, then IP by its version (Wireshark's
             * guess too, checked against its layers below). */
            for (int n = 0; n < MAX_MPLS_LABELS && has(f, payload_at, 4); n++) {
                bool bottom = f->p[payload_at + 2] & 0x01;
                payload_at += 4;
                if (bottom) {
                    *ip = payload_at;
                    return LINK_RAW;
                }
            }
            return LINK_NONE;
        }
        if ((type != 0x8100 && type != 0x88a8 && type != 0x9100) || tags == MAX_VLAN_TAGS)
            return LINK_NONE;
        type_at = payload_at + 2;
        payload_at += 4;
    }
    return LINK_NONE;
}

/* BSD loopback / null: an address family (host order for DLT_NULL, which Wireshark guesses). */
static enum link_next by_family(guint32 family, gint *ip)
{
    *ip = NULL_HEADER;
    switch (family) {
    case 2: return LINK_IP;                            /* AF_INET */
    case 24: case 28: case 30: return LINK_IPV6;       /* AF_INET6: BSD, FreeBSD, Darwin */
    default: return LINK_NONE;
    }
}

static enum link_next link_ip(const frame_bytes *f, gint encap, gint *ip)
{
    switch (encap) {
    case WTAP_ENCAP_ETHERNET:
        return by_ethertype(f, ETH_HEADER - 2, ETH_HEADER, ip);
    case WTAP_ENCAP_SLL:
        if (!has(f, 0, SLL_HEADER) || get16(f, 2) == ARPHRD_IPGRE_NUM || get16(f, 2) == ARPHRD_NETLINK_NUM)
            return LINK_NONE;
        return by_ethertype(f, SLL_HEADER - 2, SLL_HEADER, ip);
    case WTAP_ENCAP_SLL2:
        if (!has(f, 0, SLL2_HEADER) || get16(f, 8) == ARPHRD_IPGRE_NUM || get16(f, 8) == ARPHRD_NETLINK_NUM)
            return LINK_NONE;
        return by_ethertype(f, 0, SLL2_HEADER, ip);     /* the protocol field comes first */
    case WTAP_ENCAP_RAW_IP:
        *ip = 0;
        return LINK_RAW;
    case WTAP_ENCAP_RAW_IP4:
        *ip = 0;
        return LINK_IP;
    case WTAP_ENCAP_RAW_IP6:
        *ip = 0;
        return LINK_IPV6;
    case WTAP_ENCAP_NULL:
    case WTAP_ENCAP_LOOP: {
        if (!has(f, 0, NULL_HEADER))
            return LINK_NONE;
        guint32 be = ((guint32)get16(f, 0) << 16) | get16(f, 2);
        if (encap == WTAP_ENCAP_LOOP)
            return by_family(be, ip);
        if (get16(f, 0) == 0xff03)
            return LINK_NONE;          /* PPP in HDLC framing */
        guint32 le = GUINT32_SWAP_LE_BE(be);
        return by_family(le & 0xffff0000u ? be : le, ip);
    }
    default:
        return LINK_UNKNOWN;
    }
}

/* Does the IP header at `at` (bytes checked) hold addr as its source (and dst as its destination
 * when dst is not NULL)? */
READ_INLINE bool header_has(const frame_bytes *f, gint at, bool v6, const address *src, const address *dst)
{
    if (v6) {
        if (src->type != AT_IPv6 || src->len != 16 || memcmp(f->p + at + 8, src->data, 16))
            return false;
        return !dst || (dst->type == AT_IPv6 && dst->len == 16 && !memcmp(f->p + at + 24, dst->data, 16));
    }
    if (src->type != AT_IPv4 || src->len != 4 || memcmp(f->p + at + 12, src->data, 4))
        return false;
    return !dst || (dst->type == AT_IPv4 && dst->len == 4 && !memcmp(f->p + at + 16, dst->data, 4));
}

/* Is the header's destination the one Wireshark shows as net_dst? Not with IPv4 options (a
 * source route names the final destination) or IPv6 extension headers (a routing header). */
READ_INLINE bool plain_dst(const frame_bytes *f, gint at, bool v6)
{
    if (!v6)
        return (f->p[at] & 0x0f) == 5;
    guint8 next = f->p[at + 6];
    return next == 6 || next == 17 || next == IPPROTO_SCTP_NUM || next == 58;
}

/* The first IP header from `from` on (up to `to`) whose addresses are pinfo's network addresses
 * (the last IP header Wireshark decoded); with sctp, one carrying the SCTP ports pinfo holds. */
static gint scan_ip(tvbuff_t *tvb, const frame_bytes *f, gint from, gint to, packet_info *pinfo, bool sctp)
{
    bool v6 = pinfo->net_src.type == AT_IPv6;
    if (!v6 && pinfo->net_src.type != AT_IPv4)
        return -1;
    if (sctp && pinfo->ptype != PT_SCTP)
        return -1;
    gint hdr = v6 ? 40 : 20;
    to = MIN(to, f->len - hdr);
    for (gint at = MAX(from, 0); at <= to; at++) {
        if (f->p[at] >> 4 != (v6 ? 6 : 4))
            continue;
        if (!header_has(f, at, v6, &pinfo->net_src, plain_dst(f, at, v6) ? &pinfo->net_dst : NULL))
            continue;
        if (!sctp)
            return at;
        gint off, len;
        if (span_of(f, at, v6, &off, &len) && has(f, off, 4) &&
            get16(f, off) == pinfo->srcport && get16(f, off + 2) == pinfo->destport)
            return at;
    }
    return -1;
}

#define OUTER_SCAN_LIMIT 256           /* link-layer headers amfol does not parse: this far */

/* The outermost IP header: where the link layer says, if Wireshark decoded the same there. */
static bool find_outer(tvbuff_t *tvb, const frame_bytes *f, packet_info *pinfo, const amfol_ip_layers *l, gint *at,
                       bool *v6, bool *handed_v6, int *headers)
{
    *handed_v6 = false;
    gint ip = 0;
    enum link_next next = link_ip(f, packet_encap(pinfo), &ip);
    bool known = next != LINK_UNKNOWN;
    bool ok = next != LINK_NONE && known && has(f, ip, 1);
    int version = ok ? f->p[ip] >> 4 : 0;
    if (next == LINK_RAW)
        next = version == 4 ? LINK_IP : version == 6 ? LINK_IPV6 : LINK_NONE;
    ok = ok && next != LINK_NONE;
    if (l->n_ip == 0) {
        /* Wireshark 4.6's MPLS hands its payload to ip without a layer (the ip item is there):
         * then the header must be the one whose addresses IP set, version as the link says. */
        *v6 = next == LINK_IPV6 || (next == LINK_IP && version == 6);
        *headers = 1;
        *at = ip;
        return ok && version == (*v6 ? 6 : 4) && has(f, ip, *v6 ? 40 : 20) &&
               header_has(f, ip, *v6, &pinfo->net_src, plain_dst(f, ip, *v6) ? &pinfo->net_dst : NULL);
    }
    ok = ok && l->first_ip == (next == LINK_IPV6 ? amfol_proto_ipv6 : amfol_proto_ip);
    /* ip hands a header of version 6 to ipv6: two layers and two items (Wireshark 4.0: an ip item
     * saying "Version: 6", then the ipv6 item), one header. */
    bool handed = ok && next == LINK_IP && version == 6;
    if (handed)
        ok = l->second_ip == amfol_proto_ipv6;
    *v6 = next == LINK_IPV6 || handed;
    *headers = handed ? l->n_ip - 1 : l->n_ip;
    *handed_v6 = handed;
    if (ok && *headers == 1) {
        /* The only IP header: Wireshark's addresses are its (none when its dissector gave up
         * on a broken header: then the link layer alone says where it is). */
        if (pinfo->net_src.type != AT_NONE)
            ok = has(f, ip, *v6 ? 40 : 20) &&
                 header_has(f, ip, *v6, &pinfo->net_src, plain_dst(f, ip, *v6) ? &pinfo->net_dst : NULL);
    } else if (ok && !*v6) {
        /* Tunnels, ICMP errors: pinfo's addresses are the inner header's; ip keeps each header's
         * protocol number per layer (for Decode As). */
        ok = has(f, ip, 20) &&
             GPOINTER_TO_UINT(p_get_proto_data(pinfo->pool, pinfo, amfol_proto_ip, (guint32)l->first_num)) == f->p[ip + 9];
    }
    if (ok) {
        *at = ip;
        *v6 = *v6 && !handed;          /* the first item, ip, is read as IPv4 */
        return true;
    }
    /* An encapsulation not parsed here (ERF, PPP, 802.11, ...): the only IP header is the one
     * with Wireshark's addresses. Not for the ones parsed here: a header the link layer puts
     * elsewhere than Wireshark decoded is not looked for (no key, no damage check). */
    if (known || l->n_ip != 1)
        return false;
    *headers = 1;
    *at = scan_ip(tvb, f, 0, OUTER_SCAN_LIMIT, pinfo, false);
    *v6 = pinfo->net_src.type == AT_IPv6;
    return *at >= 0 && l->first_ip == (*v6 ? amfol_proto_ipv6 : amfol_proto_ip);
}


/* The outermost IP header at `at` and the SCTP packet its header claims behind it, noted in out;
 * true when that packet's chunks were read. */
READ_INLINE bool take_outer(tvbuff_t *tvb, const frame_bytes *f, gint at, bool v6, amfol_sctp_wire *out)
{
    gint off = 0, len = 0;
    bool span = span_of(f, at, v6, &off, &len);
    out->outer_tvb = tvb;
    out->outer_at = at;
    out->outer_v6 = v6;
    out->outer_sctp = span;
    out->outer_off = off;
    out->outer_len = len;
    if (!span || len < SCTP_COMMON_HEADER)
        return false;
    read_chunks(tvb, f, off, len, out);
    return true;
}
/* Any frame amfol_sctp_wire_read does not take as plain: the outermost IP header by the link
 * layer (or by Wireshark's addresses), and SCTP behind it, behind the ipv6 header ip handed on,
 * or inside a tunnel. Rare in a storm: kept out of the hot code. */
__attribute__((cold)) static void read_general(tvbuff_t *tvb, const frame_bytes *f, packet_info *pinfo,
                                               const amfol_ip_layers *layers, amfol_sctp_wire *out)
{
    gint at = 0;
    bool v6 = false;
    int headers = 0;
    bool handed_v6 = false;
    if (!find_outer(tvb, f, pinfo, layers, &at, &v6, &handed_v6, &headers))
        return;
    if (take_outer(tvb, f, at, v6, out))
        return;
    gint off = 0, len = 0;
    if (handed_v6) {                   /* the ipv6 item of that header comes next */
        if (span_of(f, at, true, &off, &len) && len >= SCTP_COMMON_HEADER) {
            read_chunks(tvb, f, off, len, out);
            return;
        }
    }
    /* SCTP inside a tunnel (IP in IP, GRE, VXLAN, GTP-U) or quoted by an ICMP error: the header
     * Wireshark decoded last, with its addresses and SCTP ports. */
    if (headers < 2 || !layers->sctp_after_second)
        return;
    gint inner = scan_ip(tvb, f, at + (v6 ? 40 : 20), G_MAXINT, pinfo, true);
    bool inner_v6 = pinfo->net_src.type == AT_IPv6;
    if (inner >= 0 && span_of(f, inner, inner_v6, &off, &len) && len >= SCTP_COMMON_HEADER)
        read_chunks(tvb, f, off, len, out);
}

/* The storm's frame: Ethernet without a VLAN tag, one IPv4 header (the only IP layer Wireshark
 * decoded, with its addresses). What read_general finds for it, in a few cache lines; false:
 * another frame, nothing written. */
static bool read_plain(tvbuff_t *tvb, const frame_bytes *f, packet_info *pinfo, const amfol_ip_layers *layers,
                       amfol_sctp_wire *out)
{
    const gint ip = ETH_HEADER;
    if (packet_encap(pinfo) != WTAP_ENCAP_ETHERNET || layers->n_ip != 1 || layers->first_ip != amfol_proto_ip ||
        pinfo->net_src.type != AT_IPv4 || !has(f, ip, 20) || get16(f, ETH_HEADER - 2) != ETHERTYPE_IPV4 ||
        f->p[ip] >> 4 != 4 || !header_has(f, ip, false, &pinfo->net_src, plain_dst(f, ip, false) ? &pinfo->net_dst : NULL))
        return false;
    take_outer(tvb, f, ip, false, out);
    return true;
}

void amfol_sctp_wire_read(tvbuff_t *tvb, packet_info *pinfo, const amfol_ip_layers *layers, amfol_sctp_wire *out)
{
    memset(out, 0, sizeof *out);
    out->type = chunk_type;
    out->data_start = chunk_data_start;
    frame_bytes f = { NULL, tvb ? (gint)tvb_captured_length(tvb) : 0 };
    if (f.len <= 0)
        return;
    f.p = tvb_get_ptr(tvb, 0, f.len);
    out->bytes = f.p;
    out->n_bytes = f.len;
    if (!read_plain(tvb, &f, pinfo, layers, out))
        read_general(tvb, &f, pinfo, layers, out);
}
