/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_per.c: the aligned-PER reader of amfol_per.h. */
#include "amfol_per.h"

#include "../core/amfol_types.h"

#include <limits.h>

uint32_t amfol_per_bits_any(per_rd *r, int n)   /* n <= 32 */
{
    if (r->bad || r->bit + (size_t)n > r->end_bit) {
        r->bad = true;
        return 0;
    }
    if (n == 0)
        return 0;
    /* The octets holding bits [bit, bit + n), all inside the window, then the n bits of them. */
    size_t first = r->bit >> 3, last = (r->bit + (size_t)n - 1) >> 3;
    uint64_t acc = 0;
    for (size_t i = first; i <= last; i++)
        acc = (acc << 8) | r->p[i];
    unsigned tail = (unsigned)(((last + 1) << 3) - (r->bit + (size_t)n));
    r->bit += (size_t)n;
    return (uint32_t)((acc >> tail) & ((UINT64_C(1) << n) - 1));
}

uint64_t amfol_per_octets_any(per_rd *r, int n)
{
    amfol_per_align(r);
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v = (v << 8) | amfol_per_bits_any(r, 8);
    return v;
}

/* Length determinant (X.691 §11.9.3.6-7, aligned): one octet below 128, two below 16K. A
 * fragmented length (16K and more) is not followed: the window ends there. */
size_t amfol_per_length_any(per_rd *r)
{
    amfol_per_align(r);
    uint32_t b = amfol_per_bits(r, 8);
    if (!(b & 0x80))
        return b;
    if ((b & 0xc0) == 0x80)
        return ((b & 0x3f) << 8) | amfol_per_bits(r, 8);
    r->bad = true;
    return 0;
}

/* ENUMERATED with an extension marker and `root_bits` bits for its root values: Wireshark's
 * value is the root index, or the number of root values plus the extension index (a normally
 * small number, X.691 §11.6: 6 bits, or a length and that many octets). */
int amfol_per_enum_ext(per_rd *r, int root_bits, int n_root)
{
    uint64_t v;
    if (!amfol_per_bits(r, 1)) {
        v = amfol_per_bits(r, root_bits);
    } else if (!amfol_per_bits(r, 1)) {
        v = (uint64_t)n_root + amfol_per_bits(r, 6);
    } else {
        size_t n = amfol_per_length(r);
        if (n > 4)
            return AMFOL_ABSENT;
        v = (uint64_t)n_root + amfol_per_octets(r, (int)n);
    }
    return r->bad || v > INT_MAX ? AMFOL_ABSENT : (int)v;
}

/* Skips a ProtocolExtensionContainer (SIZE (1..65535): count - 1 in 2 octets; per extension its
 * id, criticality and open type). */
void amfol_per_skip_extensions(per_rd *r)
{
    uint32_t n = (uint32_t)amfol_per_octets(r, 2) + 1;
    for (uint32_t i = 0; i < n && !r->bad; i++) {
        amfol_per_octets(r, 2);
        amfol_per_bits(r, 2);
        (void)amfol_per_open_type(r);
    }
}

/* INTEGER (lb..ub, ...) read as Wireshark reads it (dissect_per_constrained_integer): the
 * extension bit, then the root value less lb as root_bits bits (aligned: in whole octets, for a
 * range of 256 and more); an extended value is dissect_per_integer's: a length determinant and
 * that many octets, two's complement, kept as its 32 bits (more than 4 octets: Wireshark throws).
 * lb is 0 for the F1AP types read here. AMFOL_ABSENT when a read failed. */
int64_t amfol_per_int_ext(per_rd *r, int root_bits, bool aligned)
{
    uint64_t v;
    if (!amfol_per_bits(r, 1)) {
        if (aligned)
            amfol_per_align(r);
        v = amfol_per_bits(r, root_bits);
    } else {
        size_t n = amfol_per_length(r);
        if (n > 4)
            r->bad = true;
        uint32_t u = 0;
        for (size_t i = 0; i < n && !r->bad; i++) {
            uint32_t b = amfol_per_bits(r, 8);
            if (i == 0 && (b & 0x80))
                u = 0xffffffffu;
            u = (u << 8) | b;
        }
        v = u;
    }
    return r->bad ? AMFOL_ABSENT : (int64_t)v;
}

/* The next n octets, after aligning, when the window holds them (r moves past them); else NULL
 * and r is bad. */
const uint8_t *amfol_per_octet_ptr(per_rd *r, size_t n)
{
    amfol_per_align(r);
    if (r->bad || r->bit + n * 8 > r->end_bit) {
        r->bad = true;
        return NULL;
    }
    const uint8_t *p = r->p + (r->bit >> 3);
    r->bit += n * 8;
    return p;
}

/* Skips the extension additions of a SEQUENCE whose extension bit was set and that has none known
 * (X.691 §19.7-19.9, Wireshark's dissect_per_sequence): their count minus 1 as a normally small
 * number (6 bits, or a length and octets), one presence bit each, then each present one as an
 * open type. */
void amfol_per_skip_additions(per_rd *r)
{
    uint64_t n;
    if (!amfol_per_bits(r, 1)) {
        n = amfol_per_bits(r, 6);
    } else {
        size_t len = amfol_per_length(r);
        if (len > 4) {                 /* Wireshark: "too long integer", taken as 0 */
            r->bit += len * 8;
            n = 0;
        } else {
            n = amfol_per_octets(r, (int)len);
        }
    }
    n++;
    uint64_t present = 0;
    for (uint64_t i = 0; i < n && !r->bad; i++)
        present += amfol_per_bits(r, 1);
    for (uint64_t i = 0; i < present && !r->bad; i++)
        (void)amfol_per_open_type(r);
}
