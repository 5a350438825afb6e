/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_vals.c: value_strings filled from the analysis core's 3GPP names (tap/core/amfol_3gpp.h),
 * so that every name is written once. The arrays are static (their address goes into the
 * hf_register_info initialisers); they are filled at registration, before the fields are
 * registered. */
#include "glue/amfol_glue.h"

void amfol_vals_fill(value_string *vals, int n, const char *(*name)(int value))
{
    int k = 0;
    for (int v = 0; v < n; v++) {
        const char *s = name(v);
        if (!s)
            continue;   /* a value that names nothing (an enum starting at 1) */
        vals[k].value = (guint32)v;
        vals[k].strptr = s;
        k++;
    }
    vals[k].value = 0;
    vals[k].strptr = NULL;
}
