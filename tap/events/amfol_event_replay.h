/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_event_replay.h: feeds a fresh engine with the events of several files as one timeline.
 *
 * Files are merged by time (within a file, its order is kept). Frames are numbered as
 * `mergecap -a` of the capture files in the order given would number them: file k's frame f
 * becomes f plus the frame counts of files 0..k-1. A frame whose events equal those of a frame
 * of another file within `dedup_window_s` is the same packet seen by two probes: it is fed
 * once. */
#ifndef AMFOL_EVENT_REPLAY_H
#define AMFOL_EVENT_REPLAY_H

#include "engine/amfol_engine.h"

#include <glib.h>

typedef struct amfol_replay amfol_replay;

typedef struct amfol_replay_stats {
    uint64_t frames;                 /* frames fed */
    uint64_t events;                 /* events fed */
    uint64_t duplicate_frames;       /* frames dropped as seen by another probe */
    uint64_t sbi_events;             /* of `events`, SBI ones */
} amfol_replay_stats;

amfol_replay *amfol_replay_new(double dedup_window_s);
void amfol_replay_free(amfol_replay *r);

/* Opens and checks a file (header, schema version, end line). False with "path:line: why". */
bool amfol_replay_add(amfol_replay *r, const char *path, GString *err);

/* The settings of the first file (the engine should be created with them); warns in `warn`
 * (may be empty) when later files were exported with other settings. */
const amfol_config *amfol_replay_config(const amfol_replay *r, GString *warn);

/* Feed everything into `e` (NULL: read and merge only, for benchmarks). False with
 * "path:line: why" on bad input (the engine then holds the events before the error). */
bool amfol_replay_run(amfol_replay *r, amfol_engine *e, GString *err);

const amfol_replay_stats *amfol_replay_stats_get(const amfol_replay *r);

/* After the run: true, with the sentence in `out`, when the replay may lack SBI the whole capture
 * has. HTTP/2 does not survive a cut: a connection's preface and HPACK header state stay in the
 * file where it began, so the per-file export of a later file decodes none of its frames (issue
 * 12). Said whenever several files are replayed and any of them carries SBI events. */
bool amfol_replay_sbi_caveat(const amfol_replay *r, GString *out);

#endif
