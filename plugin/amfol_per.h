/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_per.h: a small aligned-PER reader (ITU-T X.691) over a window of captured octets, for the
 * few NGAP / F1AP values the glue reads from the bytes instead of priming Wireshark's fields. A
 * read past the window sets `bad` and returns 0; every later read of that window returns 0. */
#ifndef AMFOL_PER_H
#define AMFOL_PER_H

#include "core/amfol_types.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct per_rd {
    const uint8_t *p;
    size_t bit, end_bit;               /* position and end of the window, in bits from p */
    bool bad;                          /* a read went past the window */
} per_rd;

uint32_t amfol_per_bits(per_rd *r, int n);          /* n <= 32 */
void amfol_per_align(per_rd *r);
uint64_t amfol_per_octets(per_rd *r, int n);        /* aligns first */
size_t amfol_per_length(per_rd *r);                 /* length determinant, below 16K */
per_rd amfol_per_open_type(per_rd *r);              /* contents as their own window */
int amfol_per_enum_ext(per_rd *r, int root_bits, int n_root);
void amfol_per_skip_extensions(per_rd *r);          /* ProtocolExtensionContainer */

/* An IE value read into an optional slot: the first one read is kept, as the first field of
 * that name is the one a display filter or tshark -T fields shows first. */
static inline void amfol_per_keep_first(int64_t *slot, int64_t v)
{
    if (*slot == AMFOL_ABSENT)
        *slot = v;
}
uint64_t amfol_per_whole_octets(per_rd *r, int len_bits); /* INTEGER of more than 2 octets' range */
int64_t amfol_per_int_ext(per_rd *r, int root_bits, bool aligned); /* INTEGER (lb..ub, ...) */
const uint8_t *amfol_per_octet_ptr(per_rd *r, size_t n); /* aligns; n octets in the window */
void amfol_per_skip_additions(per_rd *r);           /* a SEQUENCE's extension additions */

#endif
