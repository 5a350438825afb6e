/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_rows.c: the report row model and its writers: exact JSON (every cell type, absent cells,
 * the three shapes, nesting), exact text columns, the row cap and what a dropped row ignores. */
#include "core/amfol_rows.h"
#include "core/amfol_rows_write.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#define CHECK(x) do { if (!(x)) { printf("%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #x); return 1; } } while (0)
#define SAME(got, want) do { if (strcmp((got), (want)) != 0) { \
    printf("%s:%d: got\n%s\nwant\n%s\n", __FILE__, __LINE__, (got), (want)); return 1; } } while (0)

enum { C_NAME, C_N, C_DELTA, C_MS, C_OK, C_CAUSES, C_COUNT };
static const amfol_column cols[C_COUNT] = {
    AMFOL_COL("name", "Name", AMFOL_CELL_STR),
    AMFOL_COL("n", "N", AMFOL_CELL_UINT),
    AMFOL_COL("delta", "Delta", AMFOL_CELL_INT),
    { .key = "ms", .title = "Time (ms)", .type = AMFOL_CELL_REAL, .json_fmt = "%.3f", .text_fmt = "%.1f" },
    AMFOL_JCOL("ok", AMFOL_CELL_BOOL),
    AMFOL_COL("causes", "Causes", AMFOL_CELL_TABLE),
};
static const amfol_column map_cols[2] = {
    AMFOL_JCOL("cause", AMFOL_CELL_STR),
    AMFOL_JCOL("count", AMFOL_CELL_UINT),
};
static const amfol_column obj_cols[3] = {
    AMFOL_COL("total", "Total", AMFOL_CELL_UINT),
    AMFOL_TCOL("Shown only", NULL, AMFOL_CELL_STR),
    AMFOL_JOPT("hint", AMFOL_CELL_STR),
};

static char *json_of(const amfol_rows *t)
{
    GString *s = g_string_new(NULL);
    json_dumper d = { 0 };
    d.output_string = s;
    amfol_rows_json(&d, t);
    json_dumper_finish(&d);
    if (s->len && s->str[s->len - 1] == '\n')   /* json_dumper ends the document with one */
        g_string_truncate(s, s->len - 1);
    return g_string_free(s, FALSE);
}

int main(void)
{
    amfol_rows *t = amfol_rows_new("test", AMFOL_ROWS_ARRAY, cols, C_COUNT, 2);
    CHECK(amfol_rows_add(t));
    amfol_rows_str(t, C_NAME, "gnb-1");
    amfol_rows_uint(t, C_N, 7);
    amfol_rows_int(t, C_DELTA, -3);
    amfol_rows_real(t, C_MS, 12.34567);
    amfol_rows_bool(t, C_OK, true);
    amfol_rows *m = amfol_rows_new("causes", AMFOL_ROWS_MAP, map_cols, 2, 8);
    amfol_rows_add(m);
    amfol_rows_str(m, 0, "mo-Data");
    amfol_rows_uint(m, 1, 5);
    amfol_rows_table(t, C_CAUSES, m);
    CHECK(amfol_rows_add(t));             /* second row: only a name, the rest absent */
    amfol_rows_table(t, C_CAUSES, NULL);  /* NULL stays absent */
    amfol_rows_str(t, C_NAME, "a-much-longer-name");
    CHECK(!amfol_rows_add(t));            /* cap of 2: dropped, counted, setters ignored */
    amfol_rows_str(t, C_NAME, "dropped");
    amfol_rows_table(t, C_CAUSES, amfol_rows_new("x", AMFOL_ROWS_MAP, map_cols, 2, 1));  /* freed */
    CHECK(amfol_rows_count(t) == 2);
    CHECK(amfol_rows_dropped(t) == 1);

    char *j = json_of(t);
    SAME(j, "[{\"name\":\"gnb-1\",\"n\":7,\"delta\":-3,\"ms\":12.346,\"ok\":true,\"causes\":{\"mo-Data\":5}},"
            "{\"name\":\"a-much-longer-name\",\"n\":null,\"delta\":null,\"ms\":null,\"ok\":null,\"causes\":null}]");
    g_free(j);

    GString *s = g_string_new(NULL);
    amfol_rows_text(s, t, "  ");
    SAME(s->str, "  Name                N  Delta  Time (ms)\n"
                 "  gnb-1               7     -3       12.3\n"
                 "  a-much-longer-name  -      -          -\n"
                 "  (1 more rows not kept)\n");
    g_string_free(s, TRUE);

    char buf[32];
    SAME(amfol_rows_cell_text(t, 0, C_OK, buf, sizeof buf), "yes");
    SAME(amfol_rows_cell_text(t, 0, C_CAUSES, buf, sizeof buf), "1 rows");
    SAME(amfol_rows_cell_text(t, 5, C_NAME, buf, sizeof buf), "-");   /* out of range: absent */
    CHECK(amfol_rows_find_column(t, "Delta") == C_DELTA && amfol_rows_find_column(t, "ms") == C_MS);
    CHECK(amfol_rows_find_column(t, "nothing") == SIZE_MAX);
    amfol_rows_free(t);

    /* OBJECT: one row at most; columns without a key are not in the JSON. */
    amfol_rows *o = amfol_rows_new("obj", AMFOL_ROWS_OBJECT, obj_cols, 3, 10);
    CHECK(amfol_rows_add(o));
    amfol_rows_uint(o, 0, 42);
    amfol_rows_str(o, 1, "text");
    j = json_of(o);
    SAME(j, "{\"total\":42}");           /* the optional "hint" is absent: left out */
    g_free(j);
    amfol_rows_str(o, 2, "try this");
    CHECK(!amfol_rows_add(o));           /* a second row of an object is dropped... */
    amfol_rows_uint(o, 0, 7);            /* ...and so are its cells */
    j = json_of(o);
    SAME(j, "{\"total\":42,\"hint\":\"try this\"}");
    g_free(j);
    amfol_rows_free(o);

    /* An empty array and a missing table. */
    amfol_rows *e = amfol_rows_new("empty", AMFOL_ROWS_ARRAY, cols, C_COUNT, 1);
    j = json_of(e);
    SAME(j, "[]");
    g_free(j);
    amfol_rows_free(e);
    /* LIST: a plain array of one column's values; an optional child list left out when absent. */
    static const amfol_column list_col[1] = { AMFOL_JCOL("frame", AMFOL_CELL_UINT) };
    amfol_rows *l = amfol_rows_new("frames", AMFOL_ROWS_LIST, list_col, 1, 4);
    amfol_rows_add(l);
    amfol_rows_uint(l, 0, 3);
    amfol_rows_add(l);                   /* absent: null */
    amfol_rows_add(l);
    amfol_rows_uint(l, 0, 9);
    j = json_of(l);
    SAME(j, "[3,null,9]");
    g_free(j);
    amfol_rows_free(l);
    CHECK(amfol_rows_new("bad", AMFOL_ROWS_LIST, cols, C_COUNT, 1) == NULL);   /* one column only */
    j = json_of(NULL);
    SAME(j, "null");
    g_free(j);
    amfol_rows_free(NULL);
    printf("ok\n");
    return 0;
}
