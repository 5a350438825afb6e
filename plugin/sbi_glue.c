/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sbi_glue.c: placeholder glue module until the sbi module lands (reads nothing). */
#include "amfol_glue.h"

static const char *const sbi_fields[] = { NULL };

const amfol_glue amfol_glue_sbi = {
    .name = "sbi",
    .field_names = sbi_fields,
    .register_fields = NULL,
    .analyze = NULL,
    .render = NULL,
};
