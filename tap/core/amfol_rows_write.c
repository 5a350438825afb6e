/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rows_write.c: JSON and text writers of the report row model. The JSON numbers are
 * printed exactly as the hand-written writers did (%u, %d, the column's format, true/false), so a
 * member moved onto rows keeps its bytes. */
#include "amfol_rows_write.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

static void json_cell(json_dumper *d, const amfol_rows *t, size_t row, size_t col)
{
    const amfol_column *c = amfol_rows_column(t, col);
    const amfol_cell *x = amfol_rows_cell(t, row, col);
    if (!x->present) {
        json_dumper_value_anyf(d, "null");
        return;
    }
    switch (c->type) {
    case AMFOL_CELL_STR: json_dumper_value_string(d, x->v.s); break;
    case AMFOL_CELL_UINT: json_dumper_value_anyf(d, "%" PRIu64, x->v.u); break;
    case AMFOL_CELL_INT: json_dumper_value_anyf(d, "%" PRId64, x->v.i); break;
    case AMFOL_CELL_REAL:   /* JSON has no inf or NaN: a value a damaged capture made endless is null */
        if (isfinite(x->v.d))
            json_dumper_value_anyf(d, c->json_fmt ? c->json_fmt : "%.6g", x->v.d);
        else
            json_dumper_value_anyf(d, "null");
        break;
    case AMFOL_CELL_BOOL: json_dumper_value_anyf(d, x->v.b ? "true" : "false"); break;
    case AMFOL_CELL_TABLE: amfol_rows_json(d, x->v.t); break;
    }
}

static void json_row_members(json_dumper *d, const amfol_rows *t, size_t row)
{
    for (size_t col = 0; col < amfol_rows_ncols(t); col++) {
        const amfol_column *c = amfol_rows_column(t, col);
        if (!c->key || (c->json_optional && !amfol_rows_cell(t, row, col)->present))
            continue;
        json_dumper_set_member_name(d, c->key);
        json_cell(d, t, row, col);
    }
}

void amfol_rows_json_members(json_dumper *d, const amfol_rows *t)
{
    if (t && amfol_rows_count(t) > 0)
        json_row_members(d, t, 0);
}

void amfol_rows_json(json_dumper *d, const amfol_rows *t)
{
    if (!t) {
        json_dumper_value_anyf(d, "null");
        return;
    }
    size_t n = amfol_rows_count(t);
    switch (amfol_rows_shape_of(t)) {
    case AMFOL_ROWS_ARRAY:
        json_dumper_begin_array(d);
        for (size_t r = 0; r < n; r++) {
            json_dumper_begin_object(d);
            json_row_members(d, t, r);
            json_dumper_end_object(d);
        }
        json_dumper_end_array(d);
        break;
    case AMFOL_ROWS_OBJECT:
        json_dumper_begin_object(d);
        amfol_rows_json_members(d, t);
        json_dumper_end_object(d);
        break;
    case AMFOL_ROWS_MAP:
        json_dumper_begin_object(d);
        for (size_t r = 0; r < n; r++) {
            const amfol_cell *k = amfol_rows_cell(t, r, 0);
            if (!k->present)
                continue;
            json_dumper_set_member_name(d, k->v.s);
            json_cell(d, t, r, 1);
        }
        json_dumper_end_object(d);
        break;
    case AMFOL_ROWS_LIST:
        json_dumper_begin_array(d);
        for (size_t r = 0; r < n; r++)
            json_cell(d, t, r, 0);
        json_dumper_end_array(d);
        break;
    }
}

static bool shown(const amfol_column *c)
{
    return c->title && c->type != AMFOL_CELL_TABLE;
}

static const char *header(const amfol_column *c)
{
    return c->short_title ? c->short_title : c->title;
}

void amfol_rows_text(GString *out, const amfol_rows *t, const char *indent)
{
    size_t ncols = amfol_rows_ncols(t), n = amfol_rows_count(t);
    size_t *width = g_new0(size_t, ncols);
    char buf[64];
    for (size_t c = 0; c < ncols; c++) {
        const amfol_column *col = amfol_rows_column(t, c);
        if (!shown(col))
            continue;
        width[c] = strlen(header(col));
        for (size_t r = 0; r < n; r++)
            width[c] = MAX(width[c], strlen(amfol_rows_cell_text(t, r, c, buf, sizeof buf)));
    }
    for (size_t r = 0; r <= n; r++) {   /* row 0 of the loop is the header */
        g_string_append(out, indent);
        bool first = true;
        for (size_t c = 0; c < ncols; c++) {
            const amfol_column *col = amfol_rows_column(t, c);
            if (!shown(col))
                continue;
            const char *v = r == 0 ? header(col) : amfol_rows_cell_text(t, r - 1, c, buf, sizeof buf);
            bool left = col->type == AMFOL_CELL_STR || col->type == AMFOL_CELL_BOOL;
            g_string_append_printf(out, "%s%*s%s", first ? "" : "  ", left ? 0 : (int)(width[c] - strlen(v)), "", v);
            if (left && c + 1 < ncols)
                g_string_append_printf(out, "%*s", (int)(width[c] - strlen(v)), "");
            first = false;
        }
        /* no trailing blanks */
        while (out->len && out->str[out->len - 1] == ' ')
            g_string_truncate(out, out->len - 1);
        g_string_append_c(out, '\n');
    }
    if (amfol_rows_dropped(t))
        g_string_append_printf(out, "%s(%u more rows not kept)\n", indent, amfol_rows_dropped(t));
    g_free(width);
}
