/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_dedup.h: "seen this within the last W seconds?" for 64-bit keys, bounded. Used for the
 * same traffic seen twice (two probes, mirrored ports, a mergecap of both: identical transport
 * identity and payload) and for SCTP retransmissions (same association, direction and TSN). */
#ifndef AMFOL_DEDUP_H
#define AMFOL_DEDUP_H

#include "amfol_types.h"

#include <glib.h>

#include <stdbool.h>
#include <stdint.h>

typedef struct amfol_dedup amfol_dedup;

/* window_s <= 0 disables (nothing is ever a repeat); at most `cap` keys are remembered, the
 * oldest forgotten first. */
amfol_dedup *amfol_dedup_new(double window_s, unsigned cap);
void amfol_dedup_free(amfol_dedup *d);
/* True when `key` was recorded less than window_s before t, with *first (may be NULL) = the
 * frame that recorded it (a repeat is not recorded again, so a third copy still counts against
 * the first). Otherwise records it for `frame` and returns false. */
bool amfol_dedup_repeat(amfol_dedup *d, uint64_t key, amfol_time t, amfol_frame frame, amfol_frame *first);

/* 64-bit key of a byte string, 8 bytes per step (FNV-1a-like xor-multiply with a shift to
 * fold the high bits down); continue with h = the previous result. In-memory keys only: never
 * written anywhere, so it may change between versions. */
uint64_t amfol_hash_bytes(uint64_t h, const uint8_t *b, size_t len);
#define AMFOL_HASH_INIT G_GUINT64_CONSTANT(0xcbf29ce484222325)

#endif
