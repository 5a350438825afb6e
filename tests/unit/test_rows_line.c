/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_rows_line.c: the LIST shape of the report row model (exact JSON) and the prose writer
 * amfol_rows_line: placeholders by key and by title, formats, absent cells, nested objects,
 * MAP and LIST children inline, text outside braces kept as it is, unknown names visible. */
#include "core/amfol_rows.h"
#include "core/amfol_rows_line.h"
#include "core/amfol_rows_write.h"

#include <stdio.h>
#include <string.h>

#define CHECK(x) do { if (!(x)) { printf("%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #x); return 1; } } while (0)
#define SAME(got, want) do { if (strcmp((got), (want)) != 0) { \
    printf("%s:%d: got\n%s\nwant\n%s\n", __FILE__, __LINE__, (got), (want)); return 1; } } while (0)

enum { C_ID, C_N, C_T, C_REL, C_LIST, C_INNER, C_COUNT };
static const amfol_column cols[C_COUNT] = {
    AMFOL_JCOL("id", AMFOL_CELL_STR),
    AMFOL_JCOL("n", AMFOL_CELL_UINT),
    { .key = "t", .type = AMFOL_CELL_REAL, .json_fmt = "%.6f" },
    AMFOL_TREAL("Start (t+s)", NULL, "%.3f"),
    AMFOL_JCOL("frames", AMFOL_CELL_TABLE),
    AMFOL_JCOL("inner", AMFOL_CELL_TABLE),
};
static const amfol_column list_cols[1] = { AMFOL_JCOL("frame", AMFOL_CELL_UINT) };
static const amfol_column inner_cols[2] = {
    AMFOL_JCOL("window_s", AMFOL_CELL_REAL),
    AMFOL_JCOL("causes", AMFOL_CELL_TABLE),
};
static const amfol_column map_cols[2] = {
    AMFOL_JCOL("cause", AMFOL_CELL_STR),
    AMFOL_JCOL("count", AMFOL_CELL_UINT),
};

static char *json_of(const amfol_rows *t)
{
    GString *s = g_string_new(NULL);
    json_dumper d = { 0 };
    d.output_string = s;
    amfol_rows_json(&d, t);
    json_dumper_finish(&d);
    if (s->len && s->str[s->len - 1] == '\n')
        g_string_truncate(s, s->len - 1);
    return g_string_free(s, FALSE);
}

static char *line(const amfol_rows *t, size_t row, const char *tmpl)
{
    GString *s = g_string_new(NULL);
    amfol_rows_line(s, t, row, tmpl);
    return g_string_free(s, FALSE);
}

int main(void)
{
    amfol_rows *t = amfol_rows_new("test", AMFOL_ROWS_ARRAY, cols, C_COUNT, 2);
    amfol_rows_add(t);
    amfol_rows_str(t, C_ID, "gnb-1");
    amfol_rows_uint(t, C_N, 3);
    amfol_rows_real(t, C_T, 1700000000.25);
    amfol_rows_real(t, C_REL, 12.3456);
    amfol_rows *l = amfol_rows_new("frames", AMFOL_ROWS_LIST, list_cols, 1, 4);
    amfol_rows_add(l);
    amfol_rows_uint(l, 0, 10);
    amfol_rows_add(l);
    amfol_rows_uint(l, 0, 12);
    amfol_rows_table(t, C_LIST, l);
    amfol_rows *in = amfol_rows_new("inner", AMFOL_ROWS_OBJECT, inner_cols, 2, 1);
    amfol_rows_add(in);
    amfol_rows_real(in, 0, 30);
    amfol_rows *m = amfol_rows_new("causes", AMFOL_ROWS_MAP, map_cols, 2, 4);
    amfol_rows_add(m);
    amfol_rows_str(m, 0, "mo-Data");
    amfol_rows_uint(m, 1, 5);
    amfol_rows_add(m);
    amfol_rows_str(m, 0, "mo-Signalling");
    amfol_rows_uint(m, 1, 2);
    amfol_rows_table(in, 1, m);
    amfol_rows_table(t, C_INNER, in);
    amfol_rows_add(t);                    /* second row: only an id, an empty list */
    amfol_rows_str(t, C_ID, "gnb-2");
    amfol_rows_table(t, C_LIST, amfol_rows_new("frames", AMFOL_ROWS_LIST, list_cols, 1, 1));

    /* LIST: a plain array; text-only columns are not in the JSON */
    char *j = json_of(t);
    SAME(j, "[{\"id\":\"gnb-1\",\"n\":3,\"t\":1700000000.250000,\"frames\":[10,12],"
            "\"inner\":{\"window_s\":30,\"causes\":{\"mo-Data\":5,\"mo-Signalling\":2}}},"
            "{\"id\":\"gnb-2\",\"n\":null,\"t\":null,\"frames\":[],\"inner\":null}]");
    g_free(j);

    j = line(t, 0, "gNB {id}: {n} (t+{Start (t+s)} s, {Start (t+s):%.0f}) frames {frames}; "
                   "{inner.window_s:%.1f} s: {inner.causes}, 50 % done\n");
    SAME(j, "gNB gnb-1: 3 (t+12.346 s, 12) frames 10 12; 30.0 s: mo-Data 5, mo-Signalling 2, 50 % done\n");
    g_free(j);
    j = line(t, 1, "gNB {id}: {n} {t:%.3f} frames {frames}; {inner.causes} {inner.window_s}");
    SAME(j, "gNB gnb-2: - - frames -; - -");
    g_free(j);
    j = line(t, 0, "no placeholder, a lone { brace");
    SAME(j, "no placeholder, a lone { brace");
    g_free(j);
    j = line(t, 0, "{nothing} {inner.nothing}");   /* a programming error, shown */
    SAME(j, "{nothing?} {inner.nothing?}");
    g_free(j);

    CHECK(amfol_rows_has(t, 0, C_N) && !amfol_rows_has(t, 1, C_N));
    CHECK(amfol_rows_get_uint(t, 0, C_N) == 3 && amfol_rows_get_uint(t, 1, C_N) == 0);
    CHECK(amfol_rows_get_table(t, 1, C_INNER) == NULL);
    CHECK(amfol_rows_count(amfol_rows_get_table(t, 0, C_LIST)) == 2);
    amfol_rows_free(t);

    /* A prose-only column (AMFOL_LCOL): found by amfol_rows_line, in neither the JSON nor the text
     * table; the readers for int, real and string cells. */
    static const amfol_column pcols[3] = {
        AMFOL_COL("amf", "AMF", AMFOL_CELL_STR),
        AMFOL_LCOL("delay_s", AMFOL_CELL_REAL),
        AMFOL_LCOL("level", AMFOL_CELL_INT),
    };
    amfol_rows *p = amfol_rows_new("prose", AMFOL_ROWS_ARRAY, pcols, 3, 2);
    amfol_rows_add(p);
    amfol_rows_str(p, 0, "amf-1");
    amfol_rows_real(p, 1, 12.75);
    amfol_rows_int(p, 2, -3);
    j = json_of(p);
    SAME(j, "[{\"amf\":\"amf-1\"}]");
    g_free(j);
    GString *txt = g_string_new(NULL);
    amfol_rows_text(txt, p, "");
    CHECK(strstr(txt->str, "amf-1") && !strstr(txt->str, "12") && !strstr(txt->str, "-3"));
    g_string_free(txt, TRUE);
    j = line(p, 0, "AMF {AMF}: control {delay_s:%.0f} s later, level {level}");
    SAME(j, "AMF amf-1: control 13 s later, level -3");
    g_free(j);
    CHECK(amfol_rows_find_column(p, "delay_s") == 1);
    CHECK(amfol_rows_get_real(p, 0, 1) == 12.75 && amfol_rows_get_int(p, 0, 2) == -3);
    CHECK(strcmp(amfol_rows_get_str(p, 0, 0), "amf-1") == 0 && amfol_rows_get_str(p, 1, 0) == NULL);
    amfol_rows_free(p);
    printf("ok\n");
    return 0;
}
