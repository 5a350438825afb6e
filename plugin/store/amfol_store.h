/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_store.h: the per-frame record store (plugin/store/). A frame's record is kept only for
 * frames with a module record (or truncated fields), as bytes: one byte of flags (bit m: module
 * m kept a record; truncated fields), then each kept module record (amfol_keep.h) in module order
 * behind its length (varint). Records live in a per-page buffer found by frame number, no
 * allocation per frame (amfol_store.c says how); per capture file, like the engine. */
#ifndef AMFOL_STORE_H
#define AMFOL_STORE_H

#include "frame/amfol_frame.h"
#include "store/amfol_keep.h"

typedef struct amfol_frame_view {
    bool fields_truncated;
    const void *module[AMFOL_N_MODULES];    /* NULL: that module kept nothing */
} amfol_frame_view;

/* The frame's staged records (amfol_keep; recs[m] NULL: module m kept nothing) copied into the
 * record of frame num, returned. */
const uint8_t *amfol_store_pack(guint32 num, void *const *recs, bool truncated);
/* The record of frame num, NULL when it has none. */
const uint8_t *amfol_store_get(guint32 num);
/* Reads the record at rec into *v; returns the byte after it. */
const uint8_t *amfol_store_view(const uint8_t *rec, amfol_frame_view *v);
/* Forget every record (the capture file's cleanup). */
void amfol_store_free(void);

#endif
