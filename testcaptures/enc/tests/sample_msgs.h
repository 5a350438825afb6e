/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Test-only: one representative encode call per message type, as (name, function) pairs, shared
 * by the bounds, no-allocation and throughput checks. */
#ifndef AMFOL_SAMPLE_MSGS_H
#define AMFOL_SAMPLE_MSGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    const char *name;
    size_t (*encode)(uint8_t *buf, size_t cap); /* octets written, 0 on error */
    bool asn1c_integers; /* encodes an NR RRC INTEGER with asn1c, whose NativeInteger encoder
                            makes one transient malloc+free per INTEGER */
} sample_msg;

/* The table and its length. */
extern const sample_msg sample_msgs[];
extern const size_t sample_msgs_count;

#endif
