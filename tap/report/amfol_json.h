/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_json.h: one-line JSON members on top of wsutil's json_dumper, shared by the report
 * writers of every module (null for absent values, fixed number formats). */
#ifndef AMFOL_JSON_H
#define AMFOL_JSON_H

#include "../core/amfol_types.h"

#include <wsutil/json_dumper.h>

void amfol_json_uint(json_dumper *d, const char *name, uint64_t v);
void amfol_json_int_or_null(json_dumper *d, const char *name, int v);   /* AMFOL_ABSENT -> null */
void amfol_json_str(json_dumper *d, const char *name, const char *v);   /* NULL -> null */
void amfol_json_time(json_dumper *d, const char *name, amfol_time t);   /* seconds, 6 decimals */

#endif
