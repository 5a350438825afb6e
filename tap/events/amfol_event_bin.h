/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_event_bin.h: the compact binary event encoding (-z amfol,events,bin; docs/events.md,
 * "Compact encoding"). Same events, same member tables (amfol_event_schema.c) as the JSON Lines
 * export, written as deltas:
 *   - every event is encoded against the previous event of its kind: a bitmap of the members
 *     that changed, then their new values (integers as zigzag varint differences, booleans
 *     toggled, strings as references into a string table both sides build the same way);
 *   - frame numbers and times are differences to the previous record (times as the difference of
 *     the IEEE-754 bit patterns: exact, and one to three bytes for close times).
 * The encoder and the decoder keep the same state; the decoder writes each event into a slot it
 * keeps (no allocation per event) and every decoded struct equals the one the JSON reader gives,
 * byte for byte. Every read is bounds-checked: bad input gives an error, never a read out of the
 * buffer. */
#ifndef AMFOL_EVENT_BIN_H
#define AMFOL_EVENT_BIN_H

#include "amfol_event_codec.h"

#include <stdint.h>

#define AMFOL_BIN_MAGIC "AMFOLEV"          /* 7 bytes, then the format version byte */
#define AMFOL_BIN_VERSION 1
#define AMFOL_BIN_MAX_RECORD (256 * 1024)  /* no valid record is longer */
#define AMFOL_BIN_TRAILER 12               /* the END record: 0x03 "END" frames (u64 LE) */

enum amfol_bin_tag {
    AMFOL_BIN_FRAME = 0x01,                /* a frame with events; its events follow */
    AMFOL_BIN_RUN = 0x02,                  /* frames without events */
    AMFOL_BIN_END = 0x03,                  /* last record */
    AMFOL_BIN_UNREAD = 0x04,               /* frames amfol could not read: reason, count */
    AMFOL_BIN_EVENT = 0x10                 /* + kind index: 0 ngap, 1 sctp, 2 rrc, 3 nas, 4 sbi */
};

/* ---- encoder ------------------------------------------------------------------------------ */

typedef struct amfol_bin_enc amfol_bin_enc;

amfol_bin_enc *amfol_bin_enc_new(void);
void amfol_bin_enc_free(amfol_bin_enc *x);

/* Records are appended to the encoder's buffer; take them with amfol_bin_enc_data() and
 * amfol_bin_enc_consume(). */
void amfol_bin_enc_header(amfol_bin_enc *x, const char *generator, const amfol_config *cfg);
void amfol_bin_enc_frame(amfol_bin_enc *x, amfol_frame frame, amfol_time t);
void amfol_bin_enc_run(amfol_bin_enc *x, amfol_frame first, uint64_t count, amfol_time first_time,
                       amfol_time last_time);
/* An event of the frame last given to amfol_bin_enc_frame(). */
void amfol_bin_enc_event(amfol_bin_enc *x, int kind, const void *ev);
void amfol_bin_enc_unread(amfol_bin_enc *x, int reason, uint64_t count);
void amfol_bin_enc_end(amfol_bin_enc *x, uint64_t frames);

const uint8_t *amfol_bin_enc_data(const amfol_bin_enc *x, size_t *len);
void amfol_bin_enc_consume(amfol_bin_enc *x);   /* empties the buffer */

/* ---- decoder ------------------------------------------------------------------------------ */

typedef struct amfol_bin_dec amfol_bin_dec;

typedef struct amfol_bin_record {
    int tag;                         /* enum amfol_bin_tag (AMFOL_BIN_EVENT for every event) */
    amfol_frame frame;               /* FRAME, RUN (its first frame) */
    amfol_time time;                 /* FRAME, RUN (its first frame's) */
    amfol_time last_time;            /* RUN */
    uint64_t count;                  /* RUN: frames; END: frames of the capture; UNREAD: frames */
    int reason;                      /* UNREAD: enum amfol_unread_reason */
    amfol_event_rec *rec;            /* EVENT: the decoder's slot, valid until the next FRAME */
} amfol_bin_record;

amfol_bin_dec *amfol_bin_dec_new(void);
void amfol_bin_dec_free(amfol_bin_dec *d);

/* Does `p` start with the magic? (len >= 7) */
bool amfol_bin_is_compact(const uint8_t *p, size_t len);

/* The header at p[0..len): bytes used, or 0 with the reason in `err`. */
size_t amfol_bin_dec_header(amfol_bin_dec *d, const uint8_t *p, size_t len, amfol_config *cfg, GString *err);

/* One record at p[0..len): bytes used, or 0 with the reason in `err` (a record cut short says
 * "truncated"). Events go to slots that a FRAME record recycles. */
size_t amfol_bin_dec_record(amfol_bin_dec *d, const uint8_t *p, size_t len, amfol_bin_record *r, GString *err);

/* The frame count of an END record of AMFOL_BIN_TRAILER bytes; false if it is none. */
bool amfol_bin_trailer(const uint8_t *p, uint64_t *frames);

#endif
