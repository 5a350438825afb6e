/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_keep.c: the one way a glue module keeps its per-frame record (amfol_glue.h, "Per-frame
 * storage policy"): one exactly sized wmem_file_scope block, count + items. */
#include "amfol_glue.h"

#include <string.h>

void *amfol_keep(const void *items, int n, size_t item_size)
{
    if (n <= 0)
        return NULL;
    amfol_kept *k = wmem_alloc(wmem_file_scope(), sizeof *k + (size_t)n * item_size);
    k->n = (uint32_t)n;
    k->item_size = (uint32_t)item_size;
    memcpy(k + 1, items, (size_t)n * item_size);
    return k;
}
