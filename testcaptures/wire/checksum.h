/* SPDX-License-Identifier: GPL-2.0-or-later */
/* CRC32c (SCTP, RFC 9260 Appendix B) and the Internet checksum (RFC 1071) for IPv4 and TCP. */
#ifndef AMFOL_WIRE_CHECKSUM_H
#define AMFOL_WIRE_CHECKSUM_H

#include <stddef.h>
#include <stdint.h>

/* CRC32c (Castagnoli) of BUF, standard init/final XOR. crc32c("123456789") = 0xE3069283.
 * SCTP stores the result little-endian in the common header's checksum field. */
uint32_t wire_crc32c(const uint8_t *buf, size_t len);

/* One's-complement sum of 16-bit big-endian words, unfolded; chain with SUM (start with 0). */
uint32_t wire_csum_add(uint32_t sum, const uint8_t *buf, size_t len);
/* Folds and complements a partial sum into the 16-bit checksum (host order). */
uint16_t wire_csum_finish(uint32_t sum);

/* IPv4 header checksum of a 20-byte header whose checksum field is zero (host order). */
uint16_t wire_ipv4_header_checksum(const uint8_t *hdr, size_t hdr_len);

#endif
