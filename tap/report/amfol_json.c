/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_json.c: one-line JSON members shared by the report writers. */
#include "amfol_json.h"

#include <glib.h>

void amfol_json_uint(json_dumper *d, const char *name, uint64_t v)
{
    json_dumper_set_member_name(d, name);
    json_dumper_value_anyf(d, "%" G_GUINT64_FORMAT, v);
}

void amfol_json_int_or_null(json_dumper *d, const char *name, int v)
{
    json_dumper_set_member_name(d, name);
    if (v == AMFOL_ABSENT)
        json_dumper_value_anyf(d, "null");
    else
        json_dumper_value_anyf(d, "%d", v);
}

void amfol_json_str(json_dumper *d, const char *name, const char *v)
{
    json_dumper_set_member_name(d, name);
    if (v)
        json_dumper_value_string(d, v);
    else
        json_dumper_value_anyf(d, "null");
}

void amfol_json_time(json_dumper *d, const char *name, amfol_time t)
{
    json_dumper_set_member_name(d, name);
    json_dumper_value_anyf(d, "%.6f", t);
}
