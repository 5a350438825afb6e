/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rows.h: the report row model. A domain module describes what it reports once, as tables
 * of typed cells (static column lists, rows filled from its state); generic writers turn them
 * into the JSON document and the text report (amfol_rows_json / amfol_rows_text in
 * amfol_rows_write.c, prose in amfol_rows_line.c, beside this file) and the GUI statistics tables
 * (plugin/ui/amfol_table.c). No epan, no json_dumper here: plain data.
 *
 * Shapes, for the JSON writer (text and GUI show every shape as rows):
 *   AMFOL_ROWS_ARRAY   [ {col: cell, ...}, ... ]       one object per row
 *   AMFOL_ROWS_OBJECT  {col: cell, ...}                exactly one row (more are dropped)
 *   AMFOL_ROWS_MAP     {row[0]: row[1], ...}           two columns: STR key, any value
 *   AMFOL_ROWS_LIST    [row[0], ...]                    one column: a plain array of values
 * A cell of type AMFOL_CELL_TABLE holds a child table (owned by the parent), which is how nested
 * members (per-cause counts, per-series latencies, a list inside a row) are expressed.
 *
 * Ownership and bounds: a table owns its cells, their strings (copied) and child tables; rows
 * beyond max_rows are not kept, only counted (amfol_rows_dropped), and setters on such a row are
 * no-ops, so a builder never needs to check. Cells not set are absent: JSON null, text "-". */
#ifndef AMFOL_ROWS_H
#define AMFOL_ROWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum amfol_cell_type {
    AMFOL_CELL_STR,
    AMFOL_CELL_UINT,
    AMFOL_CELL_INT,
    AMFOL_CELL_REAL,
    AMFOL_CELL_BOOL,
    AMFOL_CELL_TABLE,
} amfol_cell_type;

typedef enum amfol_rows_shape {
    AMFOL_ROWS_ARRAY,
    AMFOL_ROWS_OBJECT,
    AMFOL_ROWS_MAP,
    AMFOL_ROWS_LIST,
} amfol_rows_shape;

typedef struct amfol_column {
    const char *key;        /* JSON member name; NULL: not in the JSON document */
    const char *title;      /* header in text and GUI tables; NULL: JSON only */
    amfol_cell_type type;
    const char *json_fmt;   /* REAL: printf format of the JSON number (NULL: "%.6g") */
    const char *text_fmt;   /* REAL: printf format in text and GUI (NULL: "%.1f") */
    const char *short_title;   /* header in the text report, for wide tables (NULL: title) */
    bool json_optional;     /* JSON: an absent cell leaves the member out instead of null */
    const char *line;       /* prose only (no key, no title): its name in amfol_rows_line templates */
} amfol_column;

/* Column definitions (designated, so that new fields default to 0):
 *   AMFOL_JCOL("requests", AMFOL_CELL_UINT)              JSON only
 *   AMFOL_JREAL("rate", "%.3f")                           JSON only, a number with its format
 *   AMFOL_JOPT("hint", AMFOL_CELL_STR)                    JSON only, left out when absent
 *   AMFOL_TCOL("Requests", "req", AMFOL_CELL_UINT)        text and GUI only (short title or NULL)
 *   AMFOL_TREAL("NGAP/s", NULL, "%.1f")                   text and GUI only, a number with its format
 *   AMFOL_COL("cause", "Cause", AMFOL_CELL_UINT)          everywhere
 *   AMFOL_LCOL("answered", AMFOL_CELL_UINT)                prose only (amfol_rows_line), a value
 *                                                         the timeline says but JSON and tables do not */
#define AMFOL_JCOL(k, t) { .key = (k), .type = (t) }
#define AMFOL_JREAL(k, f) { .key = (k), .type = AMFOL_CELL_REAL, .json_fmt = (f) }
#define AMFOL_JOPT(k, t) { .key = (k), .type = (t), .json_optional = true }
#define AMFOL_TCOL(ti, sh, t) { .title = (ti), .short_title = (sh), .type = (t) }
#define AMFOL_TREAL(ti, sh, f) { .title = (ti), .short_title = (sh), .type = AMFOL_CELL_REAL, .text_fmt = (f) }
#define AMFOL_COL(k, ti, t) { .key = (k), .title = (ti), .type = (t) }
#define AMFOL_LCOL(n, t) { .line = (n), .type = (t) }

typedef struct amfol_rows amfol_rows;

typedef struct amfol_cell {
    bool present;
    union {
        const char *s;      /* owned by the table */
        uint64_t u;
        int64_t i;
        double d;
        bool b;
        amfol_rows *t;      /* owned by the table */
    } v;
} amfol_cell;

/* `cols` must outlive the table (a static const array). `max_rows` > 0. */
amfol_rows *amfol_rows_new(const char *name, amfol_rows_shape shape, const amfol_column *cols,
                           size_t ncols, size_t max_rows);
void amfol_rows_free(amfol_rows *t);

/* Starts a row; the setters below fill the row started last. false when the table is full
 * (the row is counted as dropped and the setters ignore it). */
bool amfol_rows_add(amfol_rows *t);

/* Setters of the current row. `col` is the column's index; a type other than the column's is a
 * programming error (g_return_if_fail). NULL strings and NULL child tables stay absent. */
void amfol_rows_str(amfol_rows *t, size_t col, const char *v);
void amfol_rows_uint(amfol_rows *t, size_t col, uint64_t v);
void amfol_rows_int(amfol_rows *t, size_t col, int64_t v);
void amfol_rows_real(amfol_rows *t, size_t col, double v);
void amfol_rows_bool(amfol_rows *t, size_t col, bool v);
/* amfol's own "not known" values stay absent (JSON null, text "-"): an int that is AMFOL_ABSENT,
 * a frame number that is 0 (none). */
void amfol_rows_opt_int(amfol_rows *t, size_t col, int v);
void amfol_rows_opt_frame(amfol_rows *t, size_t col, uint32_t frame);
/* Takes ownership of `child` (freed at once when the row was dropped). */
void amfol_rows_table(amfol_rows *t, size_t col, amfol_rows *child);

/* A MAP table {name_of(k): v[k]} of the n counts in v, zeros left out (per-cause counts). `cols`
 * are the map's two columns (STR key, UINT count). */
amfol_rows *amfol_rows_count_map(const char *name, const amfol_column *cols, const uint32_t *v, int n,
                                 const char *(*name_of)(int k));

/* Read side (writers, tests). */
const char *amfol_rows_name(const amfol_rows *t);
amfol_rows_shape amfol_rows_shape_of(const amfol_rows *t);
size_t amfol_rows_ncols(const amfol_rows *t);
const amfol_column *amfol_rows_column(const amfol_rows *t, size_t col);
size_t amfol_rows_count(const amfol_rows *t);
uint32_t amfol_rows_dropped(const amfol_rows *t);
const amfol_cell *amfol_rows_cell(const amfol_rows *t, size_t row, size_t col);
/* The column whose key, title or line name is `name`, or SIZE_MAX (tests and tools read rows by name). */
size_t amfol_rows_find_column(const amfol_rows *t, const char *name);

/* A cell as display text into buf ("-" when absent, "yes"/"no", REAL with text_fmt; a child
 * table as its row count): what the text and GUI writers show. */
const char *amfol_rows_cell_text(const amfol_rows *t, size_t row, size_t col, char *buf, size_t cap);

#endif
