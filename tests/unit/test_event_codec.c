/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_event_codec.c: the -z amfol,events schema covers every member of every event struct
 * (a member added to amfol_events.h but not to amfol_event_schema.c fails here, unless it hides
 * in the trailing padding of the struct), and every
 * event survives write -> read unchanged, extreme values included. */
#include "events/amfol_event_codec.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- coverage: every byte of a struct is a described member or alignment padding --------- */

typedef struct span {
    size_t start, end, align;
} span;

static int by_start(const void *a, const void *b)
{
    const span *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

static size_t scalar_align(size_t size)
{
    return size >= 8 ? 8 : size;
}

static size_t member_align(const amfol_member *m);

static size_t struct_align(const amfol_struct_schema *s)
{
    size_t al = 1;
    for (size_t i = 0; i < s->n; i++)
        if (member_align(&s->members[i]) > al)
            al = member_align(&s->members[i]);
    return al;
}

static size_t member_align(const amfol_member *m)
{
    if (m->kind == AMFOL_M_OBJ || m->kind == AMFOL_M_ARR)
        return struct_align(m->sub);
    return m->kind == AMFOL_M_STR ? 1 : scalar_align(m->size);
}

static size_t collect(const amfol_struct_schema *s, size_t base, span *out, size_t n);

/* A nested struct starts at its own alignment (its first member span carries it) and ends with
 * its trailing padding (covered here when shorter than that alignment). */
static size_t collect_nested(const amfol_struct_schema *sub, size_t base, size_t size, span *out, size_t n)
{
    size_t n0 = n, end = base;
    n = collect(sub, base, out, n);
    for (size_t j = n0; j < n; j++) {
        if (out[j].start == base && out[j].align < struct_align(sub))
            out[j].align = struct_align(sub);
        if (out[j].end > end)
            end = out[j].end;
    }
    if (end < base + size && base + size - end < struct_align(sub))
        out[n++] = (span){ end, base + size, 1 };
    return n;
}

static size_t collect(const amfol_struct_schema *s, size_t base, span *out, size_t n)
{
    for (size_t i = 0; i < s->n; i++) {
        const amfol_member *m = &s->members[i];
        if (m->kind == AMFOL_M_OBJ) {
            n = collect_nested(m->sub, base + m->offset, m->size, out, n);
        } else if (m->kind == AMFOL_M_ARR) {
            for (int k = 0; k < m->max; k++)
                n = collect_nested(m->sub, base + m->offset + (size_t)k * m->size, m->size, out, n);
            out[n++] = (span){ base + m->count_offset, base + m->count_offset + sizeof(int), sizeof(int) };
        } else {
            out[n++] = (span){ base + m->offset, base + m->offset + m->size, member_align(m) };
        }
    }
    return n;
}

/* Every byte of a struct of `size` is a member of `schema` (padding aside). */
static void check_schema_coverage(const amfol_struct_schema *schema, const char *name, size_t size,
                                  size_t extra_start, size_t extra_size)
{
    static span spans[20000];
    size_t n = collect(schema, 0, spans, 0);
    if (extra_size)
        spans[n++] = (span){ extra_start, extra_start + extra_size, 8 };
    qsort(spans, n, sizeof spans[0], by_start);
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        if (spans[i].start > at) {
            size_t gap = spans[i].start - at;
            if (!(spans[i].start % spans[i].align == 0 && gap < spans[i].align)) {
                fprintf(stderr, "%s: bytes [%zu,%zu) are no member of the schema (next align %zu)\n",
                        name, at, spans[i].start, spans[i].align);
                assert(0);
            }
        }
        assert(spans[i].start >= at);   /* no two members overlap */
        at = spans[i].end;
    }
    /* trailing padding only: shorter than the struct's alignment (a 4-byte member missing at
     * the end of amfol_config once hid here, so a replay judged with its default) */
    if (size - at >= struct_align(schema))
        fprintf(stderr, "%s: bytes [%zu,%zu) are no member of the schema\n", name, at, size);
    assert(size - at < struct_align(schema));
}

static void check_coverage(int kind, size_t extra_start, size_t extra_size)
{
    check_schema_coverage(amfol_event_schema(kind), amfol_event_kind_name(kind), amfol_event_size(kind),
                          extra_start, extra_size);
}

/* ---- round trip ---------------------------------------------------------------------------- */

static unsigned seed = 1;

static void fill(const amfol_struct_schema *s, void *obj, bool extreme)
{
    for (size_t i = 0; i < s->n; i++) {
        const amfol_member *m = &s->members[i];
        char *p = (char *)obj + m->offset;
        seed = seed * 1103515245u + 12345u;
        switch (m->kind) {
        case AMFOL_M_INT: *(int *)p = extreme ? (seed & 1 ? INT32_MIN : INT32_MAX) : (int)(seed % 2000) - 1000; break;
        case AMFOL_M_I64: *(int64_t *)p = extreme ? (seed & 1 ? INT64_MIN : INT64_MAX) : -1; break;
        case AMFOL_M_U8: *(uint8_t *)p = extreme ? UINT8_MAX : (uint8_t)seed; break;
        case AMFOL_M_U16: *(uint16_t *)p = extreme ? UINT16_MAX : (uint16_t)seed; break;
        case AMFOL_M_U32: *(uint32_t *)p = extreme ? UINT32_MAX : seed; break;
        case AMFOL_M_U64: *(uint64_t *)p = extreme ? UINT64_MAX : (uint64_t)seed << 20; break;
        case AMFOL_M_BOOL: *(bool *)p = true; break;
        case AMFOL_M_DOUBLE: *(double *)p = extreme ? 1767225600.123456789 : seed / 7.0; break;
        case AMFOL_M_STR:
            /* quotes, backslash, control and UTF-8 characters survive; extreme: full length */
            if (extreme) {
                memset(p, 'x', m->size - 1);
                p[m->size - 1] = '\0';
            } else {
                snprintf(p, m->size, "%s\"\\\t\xc3\xa9", m->name);
            }
            break;
        case AMFOL_M_OBJ: fill(m->sub, p, extreme); break;
        case AMFOL_M_ARR:
            *(int *)((char *)obj + m->count_offset) = m->max;
            for (int k = 0; k < m->max; k++)
                fill(m->sub, p + (size_t)k * m->size, extreme);
            break;
        default: break;
        }
    }
}

/* fill: random values (extreme: limits) or none at all (every member 0, even the
 * "or AMFOL_ABSENT" ones); the frame line's frame and time are the event's own or not. */
static void round_trip(int kind, bool do_fill, bool extreme, bool own_frame)
{
    static amfol_event_rec in, out;
    memset(&in, 0, sizeof in);
    memset(&out, 0, sizeof out);
    if (do_fill)
        fill(amfol_event_schema(kind), &in.u, extreme);
    if (kind == AMFOL_EV_NAS) {
        if (do_fill)
            fill(amfol_event_schema(AMFOL_EV_NGAP), &in.nas_ngap, extreme);
        if (own_frame)
            in.nas_ngap.where = in.u.nas.where;
        in.u.nas.ngap = &in.nas_ngap;
    }
    const amfol_where *w = (const amfol_where *)&in.u;
    amfol_frame frame = own_frame ? w->frame : w->frame + 1;
    amfol_time t = own_frame ? w->time : w->time + 0.5;
    GString *line = g_string_new(NULL);
    amfol_codec_write_event(line, kind, &in.u, frame, t);
    if (own_frame && do_fill)
        assert(!strstr(line->str, "\"frame\"") && !strstr(line->str, "\"time\"") &&
               (kind != AMFOL_EV_NAS || !strstr(strstr(line->str, "\"ngap\""), "\"src\"")));
    assert(line->len > 0 && line->str[line->len - 1] == '\n' && !memchr(line->str, '\n', line->len - 1));
    static jsmntok_t tk[8192];
    int ntok = json_parse(line->str, tk, 8192);
    assert(ntok > 0);
    /* what the reader does: unset values, the frame line's frame and time */
    amfol_codec_unset(amfol_event_schema(kind), &out.u);
    ((amfol_where *)&out.u)->frame = frame;
    ((amfol_where *)&out.u)->time = t;
    int i = 0;
    GString *err = g_string_new(NULL);
    bool ok = amfol_codec_read_members(line->str, tk, ntok, &i, amfol_event_schema(kind), &out.u,
                                       kind == AMFOL_EV_NAS ? &out.nas_ngap : NULL, err);
    if (!ok)
        fprintf(stderr, "%s: %s\n", amfol_event_kind_name(kind), err->str);
    assert(ok && i == ntok);
    if (kind == AMFOL_EV_NAS) {
        assert(out.u.nas.ngap == &out.nas_ngap);
        out.u.nas.ngap = in.u.nas.ngap;
        assert(memcmp(&in.nas_ngap, &out.nas_ngap, sizeof in.nas_ngap) == 0);
    }
    if (memcmp(&in.u, &out.u, amfol_event_size(kind)) != 0) {
        fprintf(stderr, "%s (fill %d extreme %d own frame %d): %s", amfol_event_kind_name(kind), do_fill, extreme,
                own_frame, line->str);
        assert(0);
    }
    g_string_free(line, TRUE);
    g_string_free(err, TRUE);
}

static void rejects(const char *json, int kind)
{
    char buf[512];
    g_strlcpy(buf, json, sizeof buf);
    static jsmntok_t tk[64];
    int ntok = json_parse(buf, tk, 64);
    assert(ntok > 0);
    static amfol_event_rec out;
    memset(&out, 0, sizeof out);
    amfol_codec_unset(amfol_event_schema(kind), &out.u);
    int i = 0;
    GString *err = g_string_new(NULL);
    assert(!amfol_codec_read_members(buf, tk, ntok, &i, amfol_event_schema(kind), &out.u, NULL, err));
    assert(err->len > 0);
    g_string_free(err, TRUE);
}

int main(void)
{
    const int kinds[] = { AMFOL_EV_NGAP, AMFOL_EV_SCTP, AMFOL_EV_RRC, AMFOL_EV_NAS, AMFOL_EV_SBI };
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        /* Not members: a NAS event's NGAP pointer (written nested), an SBI event's raw body
         * (a pointer into the frame, not exported). */
        size_t skip_at = 0, skip_len = 0;
        if (kinds[k] == AMFOL_EV_NAS) {
            skip_at = offsetof(amfol_nas_event, ngap);
            skip_len = sizeof(void *);
        } else if (kinds[k] == AMFOL_EV_SBI) {
            skip_at = offsetof(amfol_sbi_event, raw_body);
            skip_len = offsetof(amfol_sbi_event, raw_len) + sizeof(size_t) - skip_at;
        }
        check_coverage(kinds[k], skip_at, skip_len);
        for (int own = 0; own < 2; own++) {
            round_trip(kinds[k], true, false, own);
            round_trip(kinds[k], true, true, own);
            round_trip(kinds[k], false, false, own);
        }
    }
    /* The header's preferences: a replay must analyse with every setting of the export. */
    check_schema_coverage(amfol_config_schema(), "config", sizeof(amfol_config), 0, 0);
    /* Out of range, wrong type, unknown member, too long a string: refused, never truncated. */
    rejects("{\"proc\":2147483648}", AMFOL_EV_NGAP);
    rejects("{\"proc\":1.5}", AMFOL_EV_NGAP);
    rejects("{\"proc\":\"15\"}", AMFOL_EV_NGAP);
    rejects("{\"has_nas\":1}", AMFOL_EV_NGAP);
    rejects("{\"colour\":1}", AMFOL_EV_NGAP);
    rejects("{\"s_tmsi\":{\"pointer\":256}}", AMFOL_EV_NGAP);
    rejects("{\"method\":\"GETGETGET\"}", AMFOL_EV_SBI);
    rejects("{\"guamis\":[{},{},{},{},{},{},{},{},{}]}", AMFOL_EV_NGAP);
    printf("event codec: schema covers every member; round trips exact\n");
    return 0;
}
