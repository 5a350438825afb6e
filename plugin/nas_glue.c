/* SPDX-License-Identifier: GPL-2.0-or-later */
/* nas_glue.c: placeholder glue module until the nas module lands (reads nothing). */
#include "amfol_glue.h"

static const char *const nas_fields[] = { NULL };

const amfol_glue amfol_glue_nas = {
    .name = "nas",
    .field_names = nas_fields,
    .register_fields = NULL,
    .analyze = NULL,
    .render = NULL,
};
