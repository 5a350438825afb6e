/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_table.h: helpers shared by the statistics tables (episodes, radio, NAS, SBI) that are
 * rebuilt from the engine's rows: create the table, append typed rows, set cells, free them. */
#ifndef AMFOL_TABLE_H
#define AMFOL_TABLE_H

#include "glue/amfol_glue.h"

#include <epan/stat_tap_ui.h>
#include "core/amfol_rows.h"

/* The ui's table called `name`, created on first use (init callback of a stat_tap_table_ui). */
stat_tap_table *amfol_table_init(stat_tap_table_ui *ui, const char *name);

/* Append a row typed after the ui's columns (numbers 0, strings ""); returns its index. */
guint amfol_table_append_row(stat_tap_table *t, const stat_tap_table_item *columns, guint ncols);

/* Cell setters; strings are copied (and left alone when unchanged). */
void amfol_table_set_string(stat_tap_table *t, guint row, guint col, const char *v);
void amfol_table_set_uint(stat_tap_table *t, guint row, guint col, guint v);
void amfol_table_set_int(stat_tap_table *t, guint row, guint col, int v);

/* stat_tap_free_table_item_cb for tables whose strings were set with the helpers above. */
void amfol_table_free_item(stat_tap_table *t, guint row, guint column, stat_tap_table_item_type *it);

/* The report row model in a statistics table: the columns a domain shows (those with a title,
 * no child tables) as GUI columns, once at registration (allocated for the process's life: the
 * stat_tap_table_ui keeps them); reals and text as text ("-" when absent), whole numbers as
 * numbers. */
stat_tap_table_item *amfol_table_items(const amfol_column *cols, size_t ncols, guint *nitems);

/* Writes `rows` into `t` from row 0, appending rows as needed; rows left from an earlier, longer
 * build are blanked. */
void amfol_table_put_rows(stat_tap_table *t, const stat_tap_table_item *items, guint nitems,
                          const amfol_rows *rows);

#endif
