/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_ue.h: the story of one UE: every attempt, reject, back-off, early retry and success of
 * one UE in the capture, with its frames and the findings they are evidence for.
 *
 * The engine hands this module each NAS and RRC message after its owner judged it (the UE the
 * NAS registry linked it to, the request an RRC answer answers); the module keeps one bounded,
 * frame-ordered log of 20-byte events (amfol_ue_log.c) and rebuilds a UE's story from it when a
 * report asks (amfol_ue_story.c): -z amfol,ue,<id>, the `ues` JSON member, the sample UE of a
 * finding, the amfol.ue field of a frame. */
#ifndef AMFOL_UE_H
#define AMFOL_UE_H

#include "../core/amfol_module.h"
#include "../core/amfol_rows.h"

#include <glib.h>

typedef struct amfol_engine amfol_engine;
typedef struct amfol_ue_log amfol_ue_log;
struct amfol_nas_result;
struct amfol_rrc_result;

#define AMFOL_UE_ID_LEN 100             /* a UE id as amfol prints it, NUL included */
#define AMFOL_UE_LOG_MAX (2u << 20)     /* events kept for the stories (20 bytes each: 40 MB) */
#define AMFOL_UE_STORY_MAX 500          /* events printed per story */
#define AMFOL_UE_SAMPLES_MAX 24         /* sample stories in the JSON document */
#define AMFOL_UE_SAMPLE_EVENTS 40       /* events per sample story in the JSON document and page */

/* State only (create/destroy); fed by the engine after routing (amfol_engine.c). */
extern const amfol_module amfol_ue_module;
void amfol_ue_log_nas(amfol_engine *e, const amfol_nas_event *ev, const struct amfol_nas_result *r);
void amfol_ue_log_rrc(amfol_engine *e, const amfol_rrc_event *ev, const struct amfol_rrc_result *r);

/* The UEs of a frame, as their ids now (for amfol.ue): written to ids[0..cap), returns how many. */
size_t amfol_ue_frame_ids(amfol_engine *e, amfol_frame frame, char (*ids)[AMFOL_UE_ID_LEN], size_t cap);

/* The UE a finding's evidence names (its `ue` entity, else the UE of its first evidence frame that
 * belongs to one) into id; false when none. */
bool amfol_ue_finding_sample(amfol_engine *e, const amfol_finding *x, char *id, size_t cap);

/* The writers read the findings: call them after amfol_engine_finish().
 * -z amfol,ue,<id>: the story of the UE `id` names, or a clear message with sample ids. */
void amfol_ue_report_story(amfol_engine *e, const char *id, GString *out);
/* The `ues` JSON member (sample stories: one per finding with UE evidence, then a few per
 * outcome, capped; `ues_left_out` says how many were not written) as rows, and its companion. */
amfol_rows *amfol_ue_json_rows(amfol_engine *e, uint64_t *left_out);
/* The story of a finding's sample UE as an HTML fragment (the timeline page), "" when none. */
void amfol_ue_html_story(amfol_engine *e, const amfol_finding *x, GString *out);
/* A few sample ids (one per outcome first), for the GUI and the "not found" message. */
size_t amfol_ue_sample_ids(amfol_engine *e, char (*ids)[AMFOL_UE_ID_LEN], size_t cap);

#endif
