/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rrc_glue.c: placeholder glue module until the rrc module lands (reads nothing). */
#include "amfol_glue.h"

static const char *const rrc_fields[] = { NULL };

const amfol_glue amfol_glue_rrc = {
    .name = "rrc",
    .field_names = rrc_fields,
    .register_fields = NULL,
    .analyze = NULL,
    .render = NULL,
};
