/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_event_read.h: reads one events file group by group: a frame with its events, or a run
 * of frames without events. Both encodings of -z amfol,events are read, told apart by the first
 * bytes: JSON Lines (a regular file: its "end" line is read first) and the compact encoding
 * (amfol_event_bin.h; a regular file, or a stream: "-" is standard input). Every error names the
 * file and the line (JSON Lines) or the byte offset (compact). */
#ifndef AMFOL_EVENT_READ_H
#define AMFOL_EVENT_READ_H

#include "amfol_event_codec.h"

#include <stdio.h>

enum amfol_group_kind { AMFOL_GROUP_FRAME = 1, AMFOL_GROUP_RUN = 2, AMFOL_GROUP_END = 3,
                        AMFOL_GROUP_UNREAD = 4 };

typedef struct amfol_event_group {
    int kind;                        /* enum amfol_group_kind */
    amfol_frame frame;               /* the frame, or the first frame of the run (file numbering) */
    amfol_time time;                 /* its time, or the run's first time */
    amfol_time last_time;            /* RUN: time of the run's last frame */
    uint64_t count;                  /* RUN: frames in the run; UNREAD: frames not read */
    int reason;                      /* UNREAD: enum amfol_unread_reason (amfol_module.h) */
    GPtrArray *events;               /* FRAME: amfol_event_rec *, owned by the file and valid until
                                      * its next group (no allocation per event) */
} amfol_event_group;

typedef struct amfol_event_file amfol_event_file;

/* Opens `path`, reads the header (schema version, settings) and the frame count of the "end"
 * line. NULL with "path:line: why" in `err` when the file cannot be used. */
amfol_event_file *amfol_event_file_open(const char *path, GString *err);
void amfol_event_file_close(amfol_event_file *f);

const char *amfol_event_file_path(const amfol_event_file *f);
const amfol_config *amfol_event_file_config(const amfol_event_file *f);
uint64_t amfol_event_file_frames(const amfol_event_file *f);   /* from the "end" line */
uint64_t amfol_event_file_line(const amfol_event_file *f);     /* line last read (1-based) */
/* A stream (compact events on a pipe): its frame count is known only at its end record. */
bool amfol_event_file_is_stream(const amfol_event_file *f);
/* "path:LINE" (JSON Lines) or "path: byte N" (compact): where the last group was read. */
void amfol_event_file_where(const amfol_event_file *f, GString *out);

/* The next group into `g` (its `events` array is reused). False with `err` on bad input; an
 * AMFOL_GROUP_END group at the end line. */
bool amfol_event_file_next(amfol_event_file *f, amfol_event_group *g, GString *err);

void amfol_event_group_init(amfol_event_group *g);
void amfol_event_group_clear(amfol_event_group *g);

#endif
