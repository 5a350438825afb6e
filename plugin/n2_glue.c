/* SPDX-License-Identifier: GPL-2.0-or-later */
/* n2_glue.c: placeholder glue module until the n2 module lands (reads nothing). */
#include "amfol_glue.h"

static const char *const n2_fields[] = { NULL };

const amfol_glue amfol_glue_n2 = {
    .name = "n2",
    .field_names = n2_fields,
    .register_fields = NULL,
    .analyze = NULL,
    .render = NULL,
};
