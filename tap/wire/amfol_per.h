/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_per.h: a small aligned-PER reader (ITU-T X.691) over a window of captured octets, for the
 * few NGAP / F1AP values the glue reads from the bytes instead of priming Wireshark's fields. A
 * read past the window sets `bad` and returns 0; every later read of that window returns 0. */
#ifndef AMFOL_PER_H
#define AMFOL_PER_H

#include "../core/amfol_types.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct per_rd {
    const uint8_t *p;
    size_t bit, end_bit;               /* position and end of the window, in bits from p */
    bool bad;                          /* a read went past the window */
} per_rd;

/* The general readers (any alignment, reads that run past the window); the inline ones below
 * take the common cases (a field within one octet, whole octets from an aligned position, all
 * inside the window) with direct loads and give the same values, positions and `bad`. */
uint32_t amfol_per_bits_any(per_rd *r, int n);
uint64_t amfol_per_octets_any(per_rd *r, int n);

static inline void amfol_per_align(per_rd *r)
{
    r->bit = (r->bit + 7) & ~(size_t)7;
}

static inline uint32_t amfol_per_bits(per_rd *r, int n)   /* n <= 32 */
{
    size_t bit = r->bit;
    unsigned off = (unsigned)(bit & 7);
    if (!r->bad && off + (unsigned)n <= 8 && bit + (size_t)n <= r->end_bit) {
        r->bit = bit + (size_t)n;
        return n ? ((uint32_t)r->p[bit >> 3] >> (8 - off - (unsigned)n)) & ((1u << n) - 1) : 0;
    }
    return amfol_per_bits_any(r, n);
}

static inline uint64_t amfol_per_octets(per_rd *r, int n)   /* aligns first */
{
    amfol_per_align(r);
    size_t bit = r->bit;
    if (!r->bad && n >= 0 && bit <= r->end_bit && (size_t)n <= (r->end_bit - bit) >> 3) {
        const uint8_t *b = r->p + (bit >> 3);
        uint64_t v = 0;
        for (int i = 0; i < n; i++)
            v = (v << 8) | b[i];
        r->bit = bit + (size_t)n * 8;
        return v;
    }
    return amfol_per_octets_any(r, n);
}

size_t amfol_per_length_any(per_rd *r);

/* Length determinant, below 16K (the one-octet form inline). */
static inline size_t amfol_per_length(per_rd *r)
{
    amfol_per_align(r);
    size_t bit = r->bit;
    if (!r->bad && bit + 8 <= r->end_bit) {
        uint8_t b = r->p[bit >> 3];
        if (!(b & 0x80)) {
            r->bit = bit + 8;
            return b;
        }
    }
    return amfol_per_length_any(r);
}

/* An open type's contents as their own window (the declared length cut to this window, as
 * Wireshark cuts it to the captured bytes); r moves past the declared length. */
static inline per_rd amfol_per_open_type(per_rd *r)
{
    size_t len = amfol_per_length(r);
    per_rd v = { r->p, r->bit, r->bit + len * 8, r->bad };
    if (v.end_bit > r->end_bit)
        v.end_bit = r->end_bit;
    r->bit += len * 8;
    return v;
}
int amfol_per_enum_ext(per_rd *r, int root_bits, int n_root);
void amfol_per_skip_extensions(per_rd *r);          /* ProtocolExtensionContainer */

/* An IE value read into an optional slot: the first one read is kept, as the first field of
 * that name is the one a display filter or tshark -T fields shows first. */
static inline void amfol_per_keep_first(int64_t *slot, int64_t v)
{
    if (*slot == AMFOL_ABSENT)
        *slot = v;
}
/* A constrained whole number whose range needs more than 2 octets (X.691 §11.5.7.4, aligned; e.g.
 * INTEGER (0..4294967295)): the octet count minus 1 in len_bits bits, then the octets, aligned. */
static inline uint64_t amfol_per_whole_octets(per_rd *r, int len_bits)
{
    int n = (int)amfol_per_bits(r, len_bits) + 1;
    return amfol_per_octets(r, n);
}
int64_t amfol_per_int_ext(per_rd *r, int root_bits, bool aligned); /* INTEGER (lb..ub, ...) */
const uint8_t *amfol_per_octet_ptr(per_rd *r, size_t n); /* aligns; n octets in the window */
void amfol_per_skip_additions(per_rd *r);           /* a SEQUENCE's extension additions */

#endif
