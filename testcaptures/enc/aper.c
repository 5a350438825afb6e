/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Aligned PER (X.691 ALIGNED variant) bit writer: primitives used by the NGAP/F1AP encoders. */
#include "aper.h"
#include "enc_types.h"

#include <string.h>

void aper_init(aper_writer *w, uint8_t *buf, size_t cap)
{
    w->buf = buf;
    w->cap = cap;
    w->bitpos = 0;
    w->overflow = (buf == NULL && cap > 0);
}

size_t aper_octets(const aper_writer *w)
{
    return (w->bitpos + 7) / 8;
}

bool aper_ok(const aper_writer *w)
{
    return !w->overflow;
}

void aper_fail(aper_writer *w)
{
    w->overflow = true;
}

/* True if `nbits` more bits fit; otherwise marks the writer failed. */
static bool have_room(aper_writer *w, size_t nbits)
{
    if (w->overflow)
        return false;
    if (nbits > w->cap * 8 || w->bitpos > w->cap * 8 - nbits) {
        w->overflow = true;
        return false;
    }
    return true;
}

void aper_put_bits(aper_writer *w, uint64_t value, unsigned nbits)
{
    if (nbits > 64) {
        w->overflow = true;
        return;
    }
    if (!have_room(w, nbits))
        return;
    /* fill the current octet, then whole octets: at most 9 steps for 64 bits */
    while (nbits > 0) {
        size_t byte = w->bitpos / 8;
        unsigned used = (unsigned)(w->bitpos % 8);
        unsigned room = 8 - used;
        unsigned take = nbits < room ? nbits : room;
        unsigned chunk = (unsigned)(value >> (nbits - take)) & ((1u << take) - 1u);
        if (used == 0)
            w->buf[byte] = 0; /* fresh octet: clear stale caller data */
        w->buf[byte] |= (uint8_t)(chunk << (room - take));
        w->bitpos += take;
        nbits -= take;
    }
}

void aper_align(aper_writer *w)
{
    unsigned rem = (unsigned)(w->bitpos % 8);
    if (rem)
        aper_put_bits(w, 0, 8 - rem);
}

void aper_put_octets(aper_writer *w, const uint8_t *data, size_t len)
{
    if (len == 0)
        return;
    if (data == NULL) {
        w->overflow = true;
        return;
    }
    if (w->bitpos % 8 == 0) {
        if (!have_room(w, len * 8))
            return;
        memcpy(w->buf + w->bitpos / 8, data, len);
        w->bitpos += len * 8;
        return;
    }
    for (size_t i = 0; i < len; i++)
        aper_put_bits(w, data[i], 8);
}

void aper_put_bool(aper_writer *w, bool v)
{
    aper_put_bits(w, v ? 1 : 0, 1);
}

void aper_put_preamble(aper_writer *w, uint32_t bitmap, unsigned n)
{
    if (n > 32) {
        w->overflow = true;
        return;
    }
    aper_put_bits(w, bitmap, n);
}

/* Number of bits needed to hold values 0..range-1 (range >= 1). */
static unsigned bits_for_range(uint64_t range)
{
    unsigned n = 0;
    while (n < 64 && (range - 1) >> n)
        n++;
    return n;
}

/* Minimal number of octets (>= 1) holding the unsigned value v. */
static unsigned octets_for(uint64_t v)
{
    unsigned n = 1;
    while (n < 8 && (v >> (8 * n)))
        n++;
    return n;
}

void aper_put_constrained_whole(aper_writer *w, uint64_t value, uint64_t lb, uint64_t ub)
{
    if (ub < lb || value < lb || value > ub) {
        w->overflow = true;
        return;
    }
    uint64_t off = value - lb;
    uint64_t span = ub - lb; /* range - 1; avoids overflow of range for full 64-bit spans */
    if (span == 0)
        return; /* range 1: nothing to encode */
    if (span < 255) {
        aper_put_bits(w, off, bits_for_range(span + 1)); /* bit-field case */
    } else if (span == 255) {
        aper_align(w); /* one-octet case */
        aper_put_bits(w, off, 8);
    } else if (span < 65536) {
        aper_align(w); /* two-octet case */
        aper_put_bits(w, off, 16);
    } else {
        /* indefinite-length case: length (1..max octets) as a constrained number, then octets */
        unsigned max_octets = octets_for(span);
        unsigned n = octets_for(off);
        aper_put_constrained_whole(w, n, 1, max_octets);
        aper_align(w);
        aper_put_bits(w, off, 8 * n);
    }
}

void aper_put_normally_small(aper_writer *w, uint64_t n)
{
    if (n <= 63) {
        aper_put_bits(w, 0, 1);
        aper_put_bits(w, n, 6);
        return;
    }
    aper_put_bits(w, 1, 1);
    /* semi-constrained whole number (lb 0): unconstrained length + minimal octets */
    unsigned len = octets_for(n);
    aper_put_length(w, len, 0, APER_NO_UB);
    aper_put_bits(w, n, 8 * len);
}

void aper_put_length(aper_writer *w, size_t len, size_t lb, size_t ub)
{
    if (ub != APER_NO_UB && ub < 65536) {
        if (len < lb || len > ub) {
            w->overflow = true;
            return;
        }
        aper_put_constrained_whole(w, len, lb, ub);
        return;
    }
    if (len < lb) {
        w->overflow = true;
        return;
    }
    aper_align(w);
    if (len < 128) {
        aper_put_bits(w, len, 8);
    } else if (len < 16384) {
        aper_put_bits(w, 0x8000u | len, 16);
    } else {
        w->overflow = true; /* fragmentation is not needed by the synthesizer */
    }
}

/* Minimal two's complement octet count for a signed value. */
static unsigned signed_octets(int64_t v)
{
    unsigned n = 1;
    while (n < 8) {
        int64_t lo = -((int64_t)1 << (8 * n - 1));
        int64_t hi = ((int64_t)1 << (8 * n - 1)) - 1;
        if (v >= lo && v <= hi)
            break;
        n++;
    }
    return n;
}

void aper_put_integer_unconstrained(aper_writer *w, int64_t value)
{
    unsigned n = signed_octets(value);
    aper_put_length(w, n, 0, APER_NO_UB);
    aper_put_bits(w, (uint64_t)value, 8 * n);
}

void aper_put_integer(aper_writer *w, int64_t value, int64_t lb, int64_t ub, bool extensible)
{
    bool in_root = value >= lb && value <= ub;
    if (extensible) {
        aper_put_bool(w, !in_root);
        if (!in_root) {
            aper_put_integer_unconstrained(w, value);
            return;
        }
    } else if (!in_root) {
        w->overflow = true;
        return;
    }
    aper_put_constrained_whole(w, (uint64_t)(value - lb), 0, (uint64_t)(ub - lb));
}

void aper_put_enumerated(aper_writer *w, unsigned value, unsigned root_count, bool extensible)
{
    if (root_count == 0) {
        w->overflow = true;
        return;
    }
    if (value < root_count) {
        if (extensible)
            aper_put_bool(w, false);
        aper_put_constrained_whole(w, value, 0, root_count - 1);
        return;
    }
    if (!extensible) {
        w->overflow = true;
        return;
    }
    aper_put_bool(w, true);
    aper_put_normally_small(w, value - root_count);
}

void aper_put_choice(aper_writer *w, unsigned index, unsigned root_count, bool extensible)
{
    /* Same rules as ENUMERATED for the index; an extension alternative would also need its value
     * wrapped as an open type, which the caller does with aper_open_begin/end. */
    aper_put_enumerated(w, index, root_count, extensible);
}

/* Shared size handling of BIT STRING, OCTET STRING and known-multiplier character strings.
 * Returns false when the writer failed. `fixed_limit` is the largest fixed size (in bits for bit
 * strings, octets/characters otherwise) written without alignment (16 bits / 2 octets).
 * `char_string`: a variable-size character string whose ub fits in 16 bits is not aligned either
 * (X.691 30.5.7); bit and octet strings of variable size always are (16.11, 17.8). */
static bool put_size(aper_writer *w, size_t n, size_t lb, size_t ub, bool extensible,
                     size_t fixed_limit, bool char_string)
{
    bool in_root = n >= lb && (ub == APER_NO_UB || n <= ub);
    if (extensible)
        aper_put_bool(w, !in_root);
    else if (!in_root) {
        w->overflow = true;
        return false;
    }
    if (!in_root) {
        aper_put_length(w, n, 0, APER_NO_UB);
        return aper_ok(w);
    }
    if (lb == ub && ub != APER_NO_UB) {
        if (n > fixed_limit && ub < 65536)
            aper_align(w);
        else if (ub >= 65536)
            aper_put_length(w, n, 0, APER_NO_UB);
        return aper_ok(w);
    }
    aper_put_length(w, n, lb, ub);
    /* a variable-size string is octet-aligned after its length (X.691 16.11, 17.8, 30.5.7) */
    if (n > 0 && !(char_string && ub != APER_NO_UB && ub <= fixed_limit))
        aper_align(w);
    return aper_ok(w);
}

void aper_put_bit_string(aper_writer *w, const uint8_t *bits, size_t nbits, size_t lb, size_t ub,
                         bool extensible)
{
    if (nbits > 0 && bits == NULL) {
        w->overflow = true;
        return;
    }
    if (!put_size(w, nbits, lb, ub, extensible, 16, false))
        return;
    size_t full = nbits / 8;
    aper_put_octets(w, bits, full);
    if (nbits % 8)
        aper_put_bits(w, (uint64_t)(bits[full] >> (8 - nbits % 8)), (unsigned)(nbits % 8));
}

void aper_put_bit_string_u64(aper_writer *w, uint64_t value, size_t nbits, size_t lb, size_t ub,
                             bool extensible)
{
    if (nbits > 64) {
        w->overflow = true;
        return;
    }
    if (!put_size(w, nbits, lb, ub, extensible, 16, false))
        return;
    uint64_t mask = nbits == 64 ? UINT64_MAX : ((uint64_t)1 << nbits) - 1;
    aper_put_bits(w, value & mask, (unsigned)nbits);
}

void aper_put_octet_string(aper_writer *w, const uint8_t *data, size_t len, size_t lb, size_t ub,
                           bool extensible)
{
    if (len > 0 && data == NULL) {
        w->overflow = true;
        return;
    }
    if (!put_size(w, len, lb, ub, extensible, 2, false))
        return;
    aper_put_octets(w, data, len);
}

void aper_put_known_multiplier_string(aper_writer *w, const char *s, size_t lb, size_t ub,
                                      bool extensible)
{
    if (s == NULL) {
        w->overflow = true;
        return;
    }
    size_t len = enc_strnlen(s, 16384);
    for (size_t i = 0; i < len; i++) {
        if (s[i] < 0x20 || s[i] > 0x7e) {
            w->overflow = true;
            return;
        }
    }
    /* 8 bits per character (ALIGNED): a fixed size of up to 2 characters is not aligned, like an
     * OCTET STRING (X.691 30.5.7 with ub*8 <= 16). */
    if (!put_size(w, len, lb, ub, extensible, 2, true))
        return;
    aper_put_octets(w, (const uint8_t *)s, len);
}

size_t aper_open_begin(aper_writer *w)
{
    aper_align(w);
    size_t mark = w->bitpos / 8;
    aper_put_bits(w, 0, 8); /* placeholder for a 1-octet length */
    return mark;
}

void aper_open_end(aper_writer *w, size_t mark)
{
    if (w->overflow)
        return;
    aper_align(w);
    size_t end = w->bitpos / 8;
    if (end < mark + 1) {
        w->overflow = true;
        return;
    }
    size_t len = end - (mark + 1);
    if (len == 0) {
        aper_put_bits(w, 0, 8); /* an empty encoding is one zero octet (X.691 11.1) */
        if (w->overflow)
            return;
        len = 1;
    }
    if (len < 128) {
        w->buf[mark] = (uint8_t)len;
    } else if (len < 16384) {
        if (!have_room(w, 8))
            return;
        memmove(w->buf + mark + 2, w->buf + mark + 1, len);
        w->buf[mark] = (uint8_t)(0x80u | (len >> 8));
        w->buf[mark + 1] = (uint8_t)(len & 0xffu);
        w->bitpos += 8;
    } else {
        w->overflow = true;
    }
}

void aper_put_ie_count(aper_writer *w, unsigned n)
{
    aper_put_length(w, n, 0, 65535);
}

void aper_put_ie_message_start(aper_writer *w, unsigned n_ies)
{
    aper_put_bool(w, false);
    aper_put_ie_count(w, n_ies);
}

size_t aper_ie_begin(aper_writer *w, unsigned id, unsigned criticality)
{
    aper_put_constrained_whole(w, id, 0, 65535);
    aper_put_enumerated(w, criticality, 3, false);
    return aper_open_begin(w);
}

void aper_ie_end(aper_writer *w, size_t mark)
{
    aper_open_end(w, mark);
}

size_t aper_pdu_begin(aper_writer *w, unsigned pdu_type, unsigned procedure_code,
                      unsigned criticality)
{
    aper_put_choice(w, pdu_type, 3, true);
    aper_put_constrained_whole(w, procedure_code, 0, 255);
    aper_put_enumerated(w, criticality, 3, false);
    return aper_open_begin(w);
}

size_t aper_pdu_begin_f1ap(aper_writer *w, unsigned pdu_type, unsigned procedure_code,
                           unsigned criticality)
{
    aper_put_choice(w, pdu_type, 4, false);
    aper_put_constrained_whole(w, procedure_code, 0, 255);
    aper_put_enumerated(w, criticality, 3, false);
    return aper_open_begin(w);
}

size_t aper_pdu_end(aper_writer *w, size_t mark)
{
    aper_open_end(w, mark);
    return aper_ok(w) ? aper_octets(w) : 0;
}
