/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rows_write.h: the generic writers of the report row model (core/amfol_rows.h): JSON
 * (through wsutil's json_dumper) and plain text. The GUI writer is plugin/ui/amfol_table.c. */
#ifndef AMFOL_ROWS_WRITE_H
#define AMFOL_ROWS_WRITE_H

#include "amfol_rows.h"

#include <glib.h>
#include <wsutil/json_dumper.h>

/* The table as one JSON value (array, object or map by its shape; NULL: null). The caller has
 * set the member name, if any. Columns without a key are left out. */
void amfol_rows_json(json_dumper *d, const amfol_rows *t);
/* The members of an AMFOL_ROWS_OBJECT table into the object the caller has begun. */
void amfol_rows_json_members(json_dumper *d, const amfol_rows *t);

/* The table as aligned text columns under a header line of the column titles (columns without
 * a title and child tables are left out), each line prefixed with `indent`; rows beyond the
 * table's cap are said in one line. Numbers are right-aligned, text left-aligned. */
void amfol_rows_text(GString *out, const amfol_rows *t, const char *indent);

#endif
