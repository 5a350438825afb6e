/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rows_line.c: one line of prose from a template over a row (amfol_rows_line.h). */
#include "amfol_rows_line.h"

#include <string.h>

bool amfol_rows_has(const amfol_rows *t, size_t row, size_t col)
{
    const amfol_cell *c = amfol_rows_cell(t, row, col);
    return c && c->present;
}

uint64_t amfol_rows_get_uint(const amfol_rows *t, size_t row, size_t col)
{
    return amfol_rows_has(t, row, col) ? amfol_rows_cell(t, row, col)->v.u : 0;
}

int64_t amfol_rows_get_int(const amfol_rows *t, size_t row, size_t col)
{
    return amfol_rows_has(t, row, col) ? amfol_rows_cell(t, row, col)->v.i : 0;
}

double amfol_rows_get_real(const amfol_rows *t, size_t row, size_t col)
{
    return amfol_rows_has(t, row, col) ? amfol_rows_cell(t, row, col)->v.d : 0;
}

const char *amfol_rows_get_str(const amfol_rows *t, size_t row, size_t col)
{
    return amfol_rows_has(t, row, col) ? amfol_rows_cell(t, row, col)->v.s : NULL;
}

bool amfol_rows_get_bool(const amfol_rows *t, size_t row, size_t col)
{
    return amfol_rows_has(t, row, col) && amfol_rows_cell(t, row, col)->v.b;
}

const amfol_rows *amfol_rows_get_table(const amfol_rows *t, size_t row, size_t col)
{
    return amfol_rows_has(t, row, col) ? amfol_rows_cell(t, row, col)->v.t : NULL;
}

/* A child table of shape MAP or LIST inline; false for the other shapes. */
static bool inline_table(GString *out, const amfol_rows *x)
{
    amfol_rows_shape shape = amfol_rows_shape_of(x);
    if (shape != AMFOL_ROWS_MAP && shape != AMFOL_ROWS_LIST)
        return false;
    size_t n = amfol_rows_count(x);
    char buf[64];
    if (n == 0)
        g_string_append(out, "-");
    for (size_t r = 0; r < n; r++) {
        if (shape == AMFOL_ROWS_MAP)
            g_string_append_printf(out, "%s%s %s", r ? ", " : "", amfol_rows_cell_text(x, r, 0, buf, sizeof buf),
                                   amfol_rows_cell_text(x, r, 1, buf + 32, sizeof buf - 32));
        else
            g_string_append_printf(out, "%s%s", r ? " " : "", amfol_rows_cell_text(x, r, 0, buf, sizeof buf));
    }
    return true;
}

static void placeholder(GString *out, const amfol_rows *t, size_t row, const char *spec, size_t len)
{
    char *name = g_strndup(spec, len), *fmt = strchr(name, ':');
    if (fmt)
        *fmt++ = '\0';
    char **path = g_strsplit(name, ".", -1);
    size_t col = SIZE_MAX;
    for (int i = 0; path[i] && t; i++) {
        col = amfol_rows_find_column(t, path[i]);
        if (col == SIZE_MAX) {
            g_warning("amfol_rows_line: no column \"%s\" in table \"%s\"", path[i], amfol_rows_name(t));
            g_string_append_printf(out, "{%s?}", name);
            t = NULL;
        } else if (path[i + 1]) {     /* into the child table's first row */
            t = amfol_rows_get_table(t, row, col);
            row = 0;
            if (!t)
                g_string_append(out, "-");
        }
    }
    if (t) {
        const amfol_cell *c = amfol_rows_cell(t, row, col);
        const amfol_column *k = amfol_rows_column(t, col);
        char buf[64];
        if (c && c->present && k->type == AMFOL_CELL_REAL && fmt && *fmt)
            g_string_append_printf(out, fmt, c->v.d);
        else if (!(c && c->present && k->type == AMFOL_CELL_TABLE && inline_table(out, c->v.t)))
            g_string_append(out, amfol_rows_cell_text(t, row, col, buf, sizeof buf));
    }
    g_strfreev(path);
    g_free(name);
}

void amfol_rows_line(GString *out, const amfol_rows *t, size_t row, const char *tmpl)
{
    for (const char *p = tmpl; *p;) {
        const char *open = strchr(p, '{'), *close = open ? strchr(open, '}') : NULL;
        if (!close) {
            g_string_append(out, p);
            return;
        }
        g_string_append_len(out, p, open - p);
        placeholder(out, t, row, open + 1, (size_t)(close - open - 1));
        p = close + 1;
    }
}
