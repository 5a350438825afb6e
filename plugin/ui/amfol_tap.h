/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_tap.h: the amfol tap (one record per frame with amfol results) and the statistics
 * registration (-z amfol,... and the GUI tables). */
#ifndef AMFOL_TAP_H
#define AMFOL_TAP_H

#include "glue/amfol_glue.h"

/* Tap data queued by the core for every frame that has amfol results, on every pass. */
typedef struct amfol_frame_tap {
    amfol_frame frame;
    amfol_engine *engine;
} amfol_frame_tap;

extern int amfol_tap_id;

/* Called from proto_register_amfol(): registers the tap and the statistics. */
void amfol_stats_register(int proto_amfol);

/* -z amfol,events (amfol_export.c): registered with the statistics; told when the engine of a
 * capture file is created and before it is freed. */
void amfol_export_register(void);
void amfol_export_engine_created(amfol_engine *e);
void amfol_export_engine_freed(amfol_engine *e);

/* The story of one UE (amfol_ue_story.c): the amfol.ue field (registered with the statistics,
 * rendered on every pass), -z amfol,ue,<id>, Tools → AMF Overload → UE story, and the sample-UE
 * buttons of the Diagnosis window. */
struct _funnel_text_window_t;
void amfol_ue_story_register(int proto_amfol);
void amfol_ue_story_render(amfol_frame_ctx *ctx, proto_tree *tree);
void amfol_ue_story_buttons(struct _funnel_text_window_t *tw, amfol_engine *e);

#endif
