/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A small, general ALIGNED PER (ITU-T X.691) bit writer used to build NGAP and F1AP PDUs. */
#ifndef AMFOL_APER_H
#define AMFOL_APER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The writer appends bits MSB-first into a caller buffer. It never writes past `cap`: on overflow
 * it sets `overflow` and ignores further writes, so encoders can write a whole PDU and check once.
 * Errors in values (out of range, too long) also set `overflow` (one sticky "failed" flag).
 * No allocation: a writer is a plain struct on the caller's stack.
 */
typedef struct {
    uint8_t *buf;   /* caller-owned output */
    size_t cap;     /* capacity of buf in octets */
    size_t bitpos;  /* bits written so far */
    bool overflow;  /* sticky: set on overflow or invalid value */
} aper_writer;

/* Unbounded upper bound for sizes (no SIZE constraint / no upper bound). */
#define APER_NO_UB SIZE_MAX

/* Criticality (NGAP/F1AP Criticality ::= ENUMERATED {reject, ignore, notify}). */
enum { APER_CRIT_REJECT = 0, APER_CRIT_IGNORE = 1, APER_CRIT_NOTIFY = 2 };

/* NGAP-PDU / F1AP-PDU CHOICE index. */
enum { APER_PDU_INITIATING = 0, APER_PDU_SUCCESSFUL = 1, APER_PDU_UNSUCCESSFUL = 2 };

void aper_init(aper_writer *w, uint8_t *buf, size_t cap);
/* Octets used so far (a partial last octet counts, its padding bits are zero). */
size_t aper_octets(const aper_writer *w);
/* True when nothing failed. */
bool aper_ok(const aper_writer *w);
/* Marks the writer failed (for encoders that detect a bad value themselves). */
void aper_fail(aper_writer *w);

/* Raw bits: the `nbits` (0..64) low bits of value, MSB first. */
void aper_put_bits(aper_writer *w, uint64_t value, unsigned nbits);
/* Pads with zero bits to the next octet boundary. */
void aper_align(aper_writer *w);
/* Copies whole octets at the current (not necessarily aligned) position. */
void aper_put_octets(aper_writer *w, const uint8_t *data, size_t len);

/* One bit: the extension bit of an extensible type, or a BOOLEAN. */
void aper_put_bool(aper_writer *w, bool v);
/* Sequence preamble: `n` (0..32) presence bits, bit n-1 of `bitmap` first (first OPTIONAL
 * component is the most significant of the n bits). */
void aper_put_preamble(aper_writer *w, uint32_t bitmap, unsigned n);

/* Constrained whole number lb..ub (X.691 10.5.7): bit-field (range <= 255), one aligned octet
 * (range 256), two aligned octets (range <= 64K), or length-prefixed minimal octets (> 64K). */
void aper_put_constrained_whole(aper_writer *w, uint64_t value, uint64_t lb, uint64_t ub);
/* Normally small non-negative whole number (X.691 10.6). */
void aper_put_normally_small(aper_writer *w, uint64_t n);
/* Length determinant. ub < 64K: constrained whole number lb..ub (nothing when lb == ub);
 * otherwise (APER_NO_UB or ub >= 64K): unconstrained, aligned, 1 octet < 128, 2 octets < 16K.
 * Lengths >= 16K (fragmentation) fail. */
void aper_put_length(aper_writer *w, size_t len, size_t lb, size_t ub);

/* INTEGER (lb..ub[, ...]): extension bit when extensible (value outside root: encoded as
 * unconstrained integer after a 1 bit). */
void aper_put_integer(aper_writer *w, int64_t value, int64_t lb, int64_t ub, bool extensible);
/* Unconstrained INTEGER: length octet + minimal two's complement octets. */
void aper_put_integer_unconstrained(aper_writer *w, int64_t value);

/* ENUMERATED with `root_count` root values; values >= root_count are extension values
 * (needs extensible). */
void aper_put_enumerated(aper_writer *w, unsigned value, unsigned root_count, bool extensible);
/* CHOICE index among `root_count` root alternatives (same rules as ENUMERATED). */
void aper_put_choice(aper_writer *w, unsigned index, unsigned root_count, bool extensible);

/* BIT STRING (SIZE(lb..ub[, ...])), `nbits` bits taken MSB-first from `bits`. Fixed sizes up to
 * 16 bits are not aligned; longer fixed sizes up to 64K are aligned with no length. */
void aper_put_bit_string(aper_writer *w, const uint8_t *bits, size_t nbits, size_t lb, size_t ub,
                         bool extensible);
/* Convenience: a BIT STRING whose value is the `nbits` low bits of `value` (nbits <= 64). */
void aper_put_bit_string_u64(aper_writer *w, uint64_t value, size_t nbits, size_t lb, size_t ub,
                             bool extensible);
/* OCTET STRING (SIZE(lb..ub[, ...])). Fixed sizes up to 2 octets are not aligned. */
void aper_put_octet_string(aper_writer *w, const uint8_t *data, size_t len, size_t lb, size_t ub,
                           bool extensible);
/* PrintableString / VisibleString / IA5String with SIZE(lb..ub[, ...]) and no alphabet
 * constraint: 8 bits per character in ALIGNED PER; characters are checked to be printable. */
void aper_put_known_multiplier_string(aper_writer *w, const char *s, size_t lb, size_t ub,
                                      bool extensible);

/* Open type: call aper_open_begin, write the inner value with the same writer, then
 * aper_open_end, which pads the inner encoding to octets, writes at least one octet, and inserts
 * the length determinant (moving the content by one octet when it is >= 128 octets). */
size_t aper_open_begin(aper_writer *w);
void aper_open_end(aper_writer *w, size_t mark);

/* ProtocolIE-Container: number of fields, SIZE (0..65535). */
void aper_put_ie_count(aper_writer *w, unsigned n);
/* ProtocolIE-Field: id (0..65535), criticality, then the open-type value: write the value
 * between aper_ie_begin and aper_ie_end. */
size_t aper_ie_begin(aper_writer *w, unsigned id, unsigned criticality);
void aper_ie_end(aper_writer *w, size_t mark);

/* Start of a message SEQUENCE { protocolIEs ProtocolIE-Container, ... }: extension bit (0) and
 * the number of IEs that follow. */
void aper_put_ie_message_start(aper_writer *w, unsigned n_ies);

/* NGAP-PDU: CHOICE (extensible, 3 roots) + procedureCode (0..255) + criticality +
 * open-type value. Write the message's SEQUENCE between aper_pdu_begin and aper_pdu_end. */
size_t aper_pdu_begin(aper_writer *w, unsigned pdu_type, unsigned procedure_code,
                      unsigned criticality);
/* F1AP-PDU ::= CHOICE { initiatingMessage, successfulOutcome, unsuccessfulOutcome,
 * choice-extension }: 4 roots and no extension marker (unlike NGAP-PDU); otherwise the same. */
size_t aper_pdu_begin_f1ap(aper_writer *w, unsigned pdu_type, unsigned procedure_code,
                           unsigned criticality);
/* Returns the total PDU length in octets, or 0 when the writer failed. */
size_t aper_pdu_end(aper_writer *w, size_t mark);

#endif
