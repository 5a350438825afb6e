/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rows_line.h: the prose writer of the report row model (core/amfol_rows.h): one line of
 * text from a template whose {placeholders} name the cells of a row, so that a text report (the
 * timeline) reads its numbers from the same rows as the JSON writer instead of walking a
 * module's state a second time. */
#ifndef AMFOL_ROWS_LINE_H
#define AMFOL_ROWS_LINE_H

#include "amfol_rows.h"

#include <glib.h>

/* Appends `tmpl` to out, each "{name}" or "{name:fmt}" replaced by a cell of row `row`:
 *   name   a column's key or title (amfol_rows_find_column); "a.b" is column b of the first row
 *          of the child table in column a (a nested object);
 *   fmt    the printf format of a REAL cell (else the column's text format).
 * A cell shows as amfol_rows_cell_text does ("-" when absent), except child tables of shape
 * MAP ("key value, key value", "-" when empty) and LIST (the values, blank-separated).
 * Everything outside braces is copied as it is ('%' included). An unknown name is a
 * programming error: it shows as "{name?}". */
void amfol_rows_line(GString *out, const amfol_rows *t, size_t row, const char *tmpl);

/* Cell readers for the choices a template cannot make (which sentence, singular or plural). */
bool amfol_rows_has(const amfol_rows *t, size_t row, size_t col);
uint64_t amfol_rows_get_uint(const amfol_rows *t, size_t row, size_t col);   /* 0 when absent */
int64_t amfol_rows_get_int(const amfol_rows *t, size_t row, size_t col);     /* 0 when absent */
double amfol_rows_get_real(const amfol_rows *t, size_t row, size_t col);     /* 0 when absent */
const char *amfol_rows_get_str(const amfol_rows *t, size_t row, size_t col);  /* NULL when absent */
bool amfol_rows_get_bool(const amfol_rows *t, size_t row, size_t col);       /* false when absent */
const amfol_rows *amfol_rows_get_table(const amfol_rows *t, size_t row, size_t col);   /* NULL */

#endif
