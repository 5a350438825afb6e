/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sctp_wire.c: SCTP headers from the bytes behind a primed IP header (RFC 9260 §3). */
#include "amfol_sctp_wire.h"

#include <string.h>

#define IPPROTO_SCTP_NUM 132
#define SCTP_COMMON_HEADER 12
#define SCTP_VTAG_OFFSET 4
#define CHUNK_HEADER 4
#define DATA_CHUNK 0
#define IDATA_CHUNK 64
#define DATA_HEADER_LEN 16             /* a shorter DATA chunk carries no TSN Wireshark shows */
#define IDATA_HEADER_LEN 20

static int hf_ip_proto = -1, hf_ipv6_proto = -1;

void amfol_sctp_wire_init(void)
{
    hf_ip_proto = proto_get_id_by_filter_name("ip");
    hf_ipv6_proto = proto_get_id_by_filter_name("ipv6");
}

bool amfol_sctp_span(tvbuff_t *tvb, gint ip, bool v6, gint *off, gint *len)
{
    if (!v6) {
        if (!tvb_bytes_exist(tvb, ip, 20))
            return false;
        guint ihl = (guint)(tvb_get_guint8(tvb, ip) & 0x0f) * 4;
        guint16 total = tvb_get_ntohs(tvb, ip + 2);
        guint16 frag = tvb_get_ntohs(tvb, ip + 6);
        if (tvb_get_guint8(tvb, ip + 9) != IPPROTO_SCTP_NUM || (frag & 0x3fff) || ihl < 20 || total < ihl)
            return false;
        *off = ip + (gint)ihl;
        *len = (gint)(total - ihl);
        return true;
    }
    if (!tvb_bytes_exist(tvb, ip, 40))
        return false;
    guint16 payload = tvb_get_ntohs(tvb, ip + 4);
    if (tvb_get_guint8(tvb, ip + 6) != IPPROTO_SCTP_NUM)
        return false;                  /* extension headers: not read here */
    *off = ip + 40;
    *len = payload;
    return true;
}

static void read_chunks(tvbuff_t *tvb, gint off, gint len, amfol_sctp_wire *out)
{
    gint captured = tvb_captured_length_remaining(tvb, off);
    if (captured < SCTP_COMMON_HEADER)
        return;
    gint end = off + MIN(len, captured);
    out->found = true;
    out->tvb = tvb;
    out->vtag = tvb_get_ntohl(tvb, off + SCTP_VTAG_OFFSET);
    gint at = off + SCTP_COMMON_HEADER;
    while (at + CHUNK_HEADER <= end && out->n_chunks < AMFOL_SCTP_MAX_CHUNKS) {
        uint8_t type = tvb_get_guint8(tvb, at);
        guint16 clen = tvb_get_ntohs(tvb, at + 2);
        out->type[out->n_chunks++] = type;
        if (clen < CHUNK_HEADER)
            break;                     /* bogus length: Wireshark stops there too */
        if (((type == DATA_CHUNK && clen >= DATA_HEADER_LEN) || (type == IDATA_CHUNK && clen >= IDATA_HEADER_LEN)) &&
            at + 8 <= end)
            out->data_start[out->n_data++] = at;
        at += (gint)((clen + 3u) & ~3u);
    }
}

void amfol_sctp_wire_read(const amfol_fieldref *fields, int n_fields, amfol_sctp_wire *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < n_fields; i++) {
        const field_info *fi = fields[i].fi;
        int id = fi && fi->hfinfo ? fi->hfinfo->id : -1;
        if (id < 0 || (id != hf_ip_proto && id != hf_ipv6_proto) || !fi->ds_tvb || fi->start < 0)
            continue;
        gint off = 0, len = 0;
        bool span = amfol_sctp_span(fi->ds_tvb, fi->start, id == hf_ipv6_proto, &off, &len);
        if (!out->outer_ip) {
            out->outer_ip = fi;
            out->outer_sctp = span;
            out->outer_off = off;
            out->outer_len = len;
        }
        if (span && len >= SCTP_COMMON_HEADER) {
            read_chunks(fi->ds_tvb, off, len, out);
            return;
        }
    }
}
