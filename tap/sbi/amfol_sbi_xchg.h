/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_xchg.h: HTTP/2 exchange pairing and per-connection counts (SBI module internal). */
#ifndef AMFOL_SBI_XCHG_H
#define AMFOL_SBI_XCHG_H

#include "amfol_sbi_internal.h"

sbi_xchg *sbi_xchg_find(amfol_sbi *s, uint32_t tcp_stream, uint32_t stream_id);
sbi_xchg *sbi_xchg_new(amfol_sbi *s, uint32_t tcp_stream, uint32_t stream_id);
/* Record the request side (any of method/path may be "" when HPACK could not decode it). */
void sbi_xchg_set_request(sbi_xchg *x, const char *method, const char *path, const char *client,
                          const char *server, amfol_frame f, amfol_time t);
/* What the exchange is, from method and path (TS 29.510 / 29.518 resource paths). */
void sbi_xchg_classify(sbi_xchg *x);

sbi_conn *sbi_conn_get(amfol_sbi *s, uint32_t tcp_stream, const char *src, const char *dst,
                       bool src_is_client);

#endif
