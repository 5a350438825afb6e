/* SPDX-License-Identifier: GPL-2.0-or-later */
/* HPACK (RFC 7541) encoder: static table, literals with incremental indexing, bounded dynamic table. */
#ifndef AMFOL_WIRE_HPACK_H
#define AMFOL_WIRE_HPACK_H

#include <stddef.h>
#include <stdint.h>

/* Largest dynamic table this encoder keeps (SETTINGS_HEADER_TABLE_SIZE default, RFC 7540). */
#define HPACK_MAX_TABLE_SIZE 4096u
/* Each entry costs name + value + 32 octets, so at most this many entries fit. */
#define HPACK_MAX_ENTRIES (HPACK_MAX_TABLE_SIZE / 32u)

/* How a header that is not fully found in a table is sent (RFC 7541 §6.2). */
typedef enum {
    HPACK_INCREMENTAL = 0, /* literal with incremental indexing (the default) */
    HPACK_NO_INDEX,        /* literal without indexing, e.g. per-request unique values */
    HPACK_NEVER_INDEX,     /* literal never indexed, e.g. credentials */
} hpack_policy;

/* One header field to encode. Names must already be lowercase (HTTP/2 rule). */
typedef struct {
    const char *name;
    size_t name_len;
    const char *value;
    size_t value_len;
    hpack_policy policy;
} hpack_header;

/* Encoder state for one direction of one connection. Strings of the dynamic table live in the
 * fixed ARENA (oldest entry first); no heap. Indices: 62 = newest entry. */
typedef struct {
    uint32_t max_size;   /* table size limit in RFC octets (<= HPACK_MAX_TABLE_SIZE) */
    uint32_t size;       /* current RFC size: sum of name_len + value_len + 32 */
    uint32_t n;          /* entries in use */
    uint32_t arena_used;
    struct {
        uint16_t off, name_len, value_len;
    } entry[HPACK_MAX_ENTRIES]; /* entry[0] = oldest */
    char arena[HPACK_MAX_TABLE_SIZE];
} hpack_encoder;

/* MAX_SIZE is clamped to HPACK_MAX_TABLE_SIZE (use 4096 for HTTP/2 defaults). */
void hpack_encoder_init(hpack_encoder *e, uint32_t max_size);

/* Encodes N headers as one header block into OUT, in order. Per header: exact match in the
 * static or dynamic table -> Indexed Header Field; otherwise a literal (name indexed if the
 * name is in a table, static preferred) sent per its policy, and with HPACK_INCREMENTAL
 * inserted into the dynamic table with eviction of the oldest entries. No Huffman coding.
 * Returns the block length, or 0 if OUT is too small or a header is invalid; the encoder
 * state is then unchanged. Output is byte-exact with RFC 7541 C.3 and C.5. */
size_t hpack_encode(hpack_encoder *e, const hpack_header *hdrs, size_t n, uint8_t *out,
                    size_t cap);

/* Looks up a dynamic entry by HPACK index (62 = newest). Returns 0 and sets the out pointers
 * (not NUL-terminated), or -1 if out of range. For tests and debugging. */
int hpack_encoder_entry(const hpack_encoder *e, uint32_t index, const char **name,
                        size_t *name_len, const char **value, size_t *value_len);

/* HPACK prefixed integer (RFC 7541 §5.1): writes VALUE with an N-bit prefix, OR-ing FIRST_BITS
 * into the first octet. Returns bytes written or 0 if CAP is too small. */
size_t hpack_write_int(uint8_t *out, size_t cap, uint8_t first_bits, unsigned prefix_bits,
                       uint32_t value);

#endif
