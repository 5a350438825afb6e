/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_keep.c: the one way a glue module keeps its per-frame record (amfol_glue.h, "Per-frame
 * storage policy"): one exactly sized block, count + items, staged until the core packs it. */
#include "amfol_glue.h"

#include <string.h>

/* Records are staged here during a frame's analysis, then packed by the core with the frame's
 * other records into one file-scope block (amfol_frame_pack): one allocation per frame. A record
 * that does not fit goes straight to wmem_file_scope (copied all the same, so still correct). */
#define KEEP_STAGE_BYTES (64 * 1024)
static uint64_t keep_stage[KEEP_STAGE_BYTES / sizeof(uint64_t)];
static size_t keep_used;

void amfol_keep_reset(void)
{
    keep_used = 0;
}

void *amfol_keep(const void *items, int n, size_t item_size)
{
    if (n <= 0)
        return NULL;
    size_t size = sizeof(amfol_kept) + (size_t)n * item_size;
    size_t need = (size + 7) & ~(size_t)7;
    amfol_kept *k;
    if (need <= KEEP_STAGE_BYTES - keep_used) {
        k = (amfol_kept *)(void *)((uint8_t *)keep_stage + keep_used);
        keep_used += need;
    } else {
        k = wmem_alloc(wmem_file_scope(), size);
    }
    k->n = (uint32_t)n;
    k->item_size = (uint32_t)item_size;
    memcpy(k + 1, items, (size_t)n * item_size);
    return k;
}
