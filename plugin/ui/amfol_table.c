/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_table.c: helpers shared by the statistics tables rebuilt from the engine's rows. */
#include "ui/amfol_table.h"

#include <string.h>

stat_tap_table *amfol_table_init(stat_tap_table_ui *ui, const char *name)
{
    stat_tap_table *t = stat_tap_find_table(ui, name);
    if (!t) {
        t = stat_tap_init_table(name, (int)ui->nfields, 0, NULL);
        stat_tap_add_table(ui, t);
    }
    return t;
}

guint amfol_table_append_row(stat_tap_table *t, const stat_tap_table_item *columns, guint ncols)
{
    stat_tap_table_item_type *items = g_new0(stat_tap_table_item_type, ncols);
    for (guint c = 0; c < ncols; c++) {
        items[c].type = columns[c].type;
        if (items[c].type == TABLE_ITEM_STRING)
            items[c].value.string_value = g_strdup("");
    }
    guint row = t->num_elements;
    stat_tap_init_table_row(t, row, ncols, items);   /* copies the items */
    g_free(items);
    return row;
}

void amfol_table_set_string(stat_tap_table *t, guint row, guint col, const char *v)
{
    stat_tap_table_item_type *it = stat_tap_get_field_data(t, row, col);
    if (!v)
        v = "";
    if (it->value.string_value && strcmp(it->value.string_value, v) == 0)
        return;
    g_free((char *)it->value.string_value);
    it->value.string_value = g_strdup(v);
    stat_tap_set_field_data(t, row, col, it);
}

void amfol_table_set_uint(stat_tap_table *t, guint row, guint col, guint v)
{
    stat_tap_table_item_type *it = stat_tap_get_field_data(t, row, col);
    it->value.uint_value = v;
    stat_tap_set_field_data(t, row, col, it);
}

void amfol_table_set_int(stat_tap_table *t, guint row, guint col, int v)
{
    stat_tap_table_item_type *it = stat_tap_get_field_data(t, row, col);
    it->value.int_value = v;
    stat_tap_set_field_data(t, row, col, it);
}

void amfol_table_free_item(stat_tap_table *t _U_, guint row _U_, guint column _U_,
                           stat_tap_table_item_type *it)
{
    if (it->type == TABLE_ITEM_STRING) {
        g_free((char *)it->value.string_value);
        it->value.string_value = NULL;
    }
}

/* ---- the generic writer of the report row model (tap/core/amfol_rows.h) --------------------- */

static gboolean shown_in_gui(const amfol_column *c)
{
    return c->title && c->type != AMFOL_CELL_TABLE;
}

stat_tap_table_item *amfol_table_items(const amfol_column *cols, size_t ncols, guint *nitems)
{
    guint n = 0;
    for (size_t c = 0; c < ncols; c++)
        n += shown_in_gui(&cols[c]);
    stat_tap_table_item *items = g_new0(stat_tap_table_item, n ? n : 1);
    n = 0;
    for (size_t c = 0; c < ncols; c++) {
        if (!shown_in_gui(&cols[c]))
            continue;
        stat_tap_table_item *it = &items[n++];
        it->column_name = cols[c].title;
        switch (cols[c].type) {
        case AMFOL_CELL_UINT:
            it->type = TABLE_ITEM_UINT; it->align = TAP_ALIGN_RIGHT; it->field_format = "%u"; break;
        case AMFOL_CELL_INT:
            it->type = TABLE_ITEM_INT; it->align = TAP_ALIGN_RIGHT; it->field_format = "%d"; break;
        case AMFOL_CELL_REAL:   /* as text: keeps the column's format, and "-" when absent */
            it->type = TABLE_ITEM_STRING; it->align = TAP_ALIGN_RIGHT; it->field_format = "%s"; break;
        default:
            it->type = TABLE_ITEM_STRING; it->align = TAP_ALIGN_LEFT; it->field_format = "%s"; break;
        }
    }
    *nitems = n;
    return items;
}

/* Row `row` of the stat table from row `r` of `rows` (r == SIZE_MAX: blanks). */
static void put_row(stat_tap_table *t, guint row, const amfol_rows *rows, size_t r)
{
    char buf[64];
    guint item = 0;
    for (size_t c = 0; c < amfol_rows_ncols(rows); c++) {
        const amfol_column *col = amfol_rows_column(rows, c);
        if (!shown_in_gui(col))
            continue;
        const amfol_cell *x = r == SIZE_MAX ? NULL : amfol_rows_cell(rows, r, c);
        if (col->type == AMFOL_CELL_UINT)
            amfol_table_set_uint(t, row, item, x && x->present ? (guint)x->v.u : 0);
        else if (col->type == AMFOL_CELL_INT)
            amfol_table_set_int(t, row, item, x && x->present ? (int)x->v.i : 0);
        else
            amfol_table_set_string(t, row, item, r == SIZE_MAX ? "" : amfol_rows_cell_text(rows, r, c, buf, sizeof buf));
        item++;
    }
}

void amfol_table_put_rows(stat_tap_table *t, const stat_tap_table_item *items, guint nitems,
                          const amfol_rows *rows)
{
    guint n = (guint)amfol_rows_count(rows);
    for (guint r = 0; r < n; r++) {
        if (r >= t->num_elements)
            amfol_table_append_row(t, items, nitems);
        put_row(t, r, rows, r);
    }
    for (guint r = n; r < t->num_elements; r++)   /* left from an earlier, longer build */
        put_row(t, r, rows, SIZE_MAX);
}
