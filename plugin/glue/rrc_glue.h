/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rrc_glue.h: what the radio glue's extraction (rrc_glue.c) and rendering (rrc_render.c) share.
 * The kept record holds amfol_rrc_result items (amfol_keep): RRC messages are few per frame. */
#ifndef RRC_GLUE_H
#define RRC_GLUE_H

#include "glue/amfol_glue.h"
#include "rrc/amfol_rrc.h"

/* The items are kept packed (amfol_glue.h): only the members that differ from the usual item. */
extern const amfol_item_layout rrc_item_layout;

void rrc_render(amfol_frame_ctx *ctx, proto_tree *tree, void *record);
void rrc_register(int proto_amfol, expert_module_t *expert);

#endif
