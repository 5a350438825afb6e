/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sbi_glue.h: what the SBI glue's extraction (sbi_glue.c) and rendering (sbi_render.c) share.
 * The kept record holds amfol_sbi_result items (amfol_keep): SBI messages are few per frame. */
#ifndef SBI_GLUE_H
#define SBI_GLUE_H

#include "amfol_glue.h"
#include "sbi/amfol_sbi.h"

void sbi_render(amfol_frame_ctx *ctx, proto_tree *tree, void *record);
void sbi_register(int proto_amfol, expert_module_t *expert);

#endif
