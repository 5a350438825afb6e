/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rows.c: the report row model (amfol_rows.h): typed cells in one flat array per table,
 * strings in one string chunk per table, child tables owned by their cell. */
#include "amfol_rows.h"
#include "amfol_types.h"    /* AMFOL_ABSENT */

#include <glib.h>
#include <inttypes.h>
#include <string.h>

struct amfol_rows {
    const char *name;             /* static text */
    amfol_rows_shape shape;
    const amfol_column *cols;
    size_t ncols;
    size_t max_rows;
    GArray *cells;                /* amfol_cell, row-major: nrows * ncols */
    size_t nrows;
    uint32_t dropped;
    bool skipping;                /* the current row was dropped */
    GStringChunk *strings;
};

amfol_rows *amfol_rows_new(const char *name, amfol_rows_shape shape, const amfol_column *cols,
                           size_t ncols, size_t max_rows)
{
    g_return_val_if_fail(cols && ncols > 0 && max_rows > 0, NULL);
    g_return_val_if_fail(shape != AMFOL_ROWS_MAP || (ncols == 2 && cols[0].type == AMFOL_CELL_STR), NULL);
    g_return_val_if_fail(shape != AMFOL_ROWS_LIST || ncols == 1, NULL);
    amfol_rows *t = g_new0(amfol_rows, 1);
    t->name = name;
    t->shape = shape;
    t->cols = cols;
    t->ncols = ncols;
    t->max_rows = shape == AMFOL_ROWS_OBJECT ? 1 : max_rows;
    t->cells = g_array_new(FALSE, TRUE, sizeof(amfol_cell));
    t->strings = g_string_chunk_new(256);
    return t;
}

void amfol_rows_free(amfol_rows *t)
{
    if (!t)
        return;
    for (size_t c = 0; c < t->ncols; c++) {
        if (t->cols[c].type != AMFOL_CELL_TABLE)
            continue;
        for (size_t r = 0; r < t->nrows; r++)
            amfol_rows_free(g_array_index(t->cells, amfol_cell, r * t->ncols + c).v.t);
    }
    g_array_free(t->cells, TRUE);
    g_string_chunk_free(t->strings);
    g_free(t);
}

bool amfol_rows_add(amfol_rows *t)
{
    if (!t)
        return false;
    if (t->nrows >= t->max_rows) {
        t->dropped++;
        t->skipping = true;
        return false;
    }
    t->skipping = false;
    g_array_set_size(t->cells, (t->nrows + 1) * t->ncols);   /* zeroed: every cell absent */
    t->nrows++;
    return true;
}

/* The current row's cell `col` of type `type`, or NULL when there is none to set. */
static amfol_cell *slot(amfol_rows *t, size_t col, amfol_cell_type type)
{
    if (!t || t->skipping || t->nrows == 0)
        return NULL;
    g_return_val_if_fail(col < t->ncols && t->cols[col].type == type, NULL);
    return &g_array_index(t->cells, amfol_cell, (t->nrows - 1) * t->ncols + col);
}

void amfol_rows_str(amfol_rows *t, size_t col, const char *v)
{
    amfol_cell *c = slot(t, col, AMFOL_CELL_STR);
    if (!c || !v)
        return;
    c->v.s = g_string_chunk_insert_const(t->strings, v);
    c->present = true;
}

void amfol_rows_uint(amfol_rows *t, size_t col, uint64_t v)
{
    amfol_cell *c = slot(t, col, AMFOL_CELL_UINT);
    if (!c)
        return;
    c->v.u = v;
    c->present = true;
}

void amfol_rows_int(amfol_rows *t, size_t col, int64_t v)
{
    amfol_cell *c = slot(t, col, AMFOL_CELL_INT);
    if (!c)
        return;
    c->v.i = v;
    c->present = true;
}

void amfol_rows_real(amfol_rows *t, size_t col, double v)
{
    amfol_cell *c = slot(t, col, AMFOL_CELL_REAL);
    if (!c)
        return;
    c->v.d = v;
    c->present = true;
}

void amfol_rows_bool(amfol_rows *t, size_t col, bool v)
{
    amfol_cell *c = slot(t, col, AMFOL_CELL_BOOL);
    if (!c)
        return;
    c->v.b = v;
    c->present = true;
}

void amfol_rows_opt_int(amfol_rows *t, size_t col, int v)
{
    if (v != AMFOL_ABSENT)
        amfol_rows_int(t, col, v);
}

void amfol_rows_opt_frame(amfol_rows *t, size_t col, uint32_t frame)
{
    if (frame)
        amfol_rows_uint(t, col, frame);
}

amfol_rows *amfol_rows_count_map(const char *name, const amfol_column *cols, const uint32_t *v, int n,
                                 const char *(*name_of)(int k))
{
    amfol_rows *t = amfol_rows_new(name, AMFOL_ROWS_MAP, cols, 2, n > 0 ? (size_t)n : 1);
    for (int k = 0; t && k < n; k++) {
        if (!v[k])
            continue;
        amfol_rows_add(t);
        amfol_rows_str(t, 0, name_of(k));
        amfol_rows_uint(t, 1, v[k]);
    }
    return t;
}

void amfol_rows_table(amfol_rows *t, size_t col, amfol_rows *child)
{
    amfol_cell *c = slot(t, col, AMFOL_CELL_TABLE);
    if (!c || !child) {
        amfol_rows_free(child);
        return;
    }
    amfol_rows_free(c->v.t);   /* set twice: the last one wins */
    c->v.t = child;
    c->present = true;
}

const char *amfol_rows_name(const amfol_rows *t)
{
    return t->name;
}

amfol_rows_shape amfol_rows_shape_of(const amfol_rows *t)
{
    return t->shape;
}

size_t amfol_rows_ncols(const amfol_rows *t)
{
    return t->ncols;
}

const amfol_column *amfol_rows_column(const amfol_rows *t, size_t col)
{
    return col < t->ncols ? &t->cols[col] : NULL;
}

size_t amfol_rows_count(const amfol_rows *t)
{
    return t ? t->nrows : 0;
}

uint32_t amfol_rows_dropped(const amfol_rows *t)
{
    return t ? t->dropped : 0;
}

const amfol_cell *amfol_rows_cell(const amfol_rows *t, size_t row, size_t col)
{
    if (!t || row >= t->nrows || col >= t->ncols)
        return NULL;
    return &g_array_index(t->cells, amfol_cell, row * t->ncols + col);
}

size_t amfol_rows_find_column(const amfol_rows *t, const char *name)
{
    for (size_t c = 0; t && name && c < t->ncols; c++)
        if ((t->cols[c].key && strcmp(t->cols[c].key, name) == 0) ||
            (t->cols[c].title && strcmp(t->cols[c].title, name) == 0) ||
            (t->cols[c].line && strcmp(t->cols[c].line, name) == 0))
            return c;
    return SIZE_MAX;
}

const char *amfol_rows_cell_text(const amfol_rows *t, size_t row, size_t col, char *buf, size_t cap)
{
    const amfol_cell *c = amfol_rows_cell(t, row, col);
    if (!c || !c->present)
        return "-";
    switch (t->cols[col].type) {
    case AMFOL_CELL_STR: return c->v.s;
    case AMFOL_CELL_UINT: g_snprintf(buf, (gulong)cap, "%" PRIu64, c->v.u); break;
    case AMFOL_CELL_INT: g_snprintf(buf, (gulong)cap, "%" PRId64, c->v.i); break;
    case AMFOL_CELL_REAL:
        g_snprintf(buf, (gulong)cap, t->cols[col].text_fmt ? t->cols[col].text_fmt : "%.1f", c->v.d);
        break;
    case AMFOL_CELL_BOOL: return c->v.b ? "yes" : "no";
    case AMFOL_CELL_TABLE: g_snprintf(buf, (gulong)cap, "%zu rows", amfol_rows_count(c->v.t)); break;
    }
    return buf;
}
