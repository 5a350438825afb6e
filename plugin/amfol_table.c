/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_table.c: helpers shared by the statistics tables rebuilt from the engine's rows. */
#include "amfol_table.h"

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

void amfol_table_set_float(stat_tap_table *t, guint row, guint col, double v)
{
    stat_tap_table_item_type *it = stat_tap_get_field_data(t, row, col);
    it->value.float_value = v;
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
