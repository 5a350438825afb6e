/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_event_codec.c: member tables -> JSON (json_dumper) and JSON (jsmn tokens) -> structs. */
#include "amfol_event_codec.h"

#include <inttypes.h>
#include <string.h>

/* ---- writing ----------------------------------------------------------------------------- */

static int64_t unset_value(const amfol_member *m)
{
    return m->absent_default ? AMFOL_ABSENT : 0;
}

/* Is every member of `obj` at its unset value (so that the reader's start is right)? */
static bool is_unset(const amfol_struct_schema *s, const void *obj)
{
    for (size_t i = 0; i < s->n; i++) {
        const amfol_member *m = &s->members[i];
        const char *p = (const char *)obj + m->offset;
        switch (m->kind) {
        case AMFOL_M_INT: if (*(const int *)p != unset_value(m)) return false; break;
        case AMFOL_M_I64: if (*(const int64_t *)p != unset_value(m)) return false; break;
        case AMFOL_M_U8: case AMFOL_M_U16: case AMFOL_M_U32: case AMFOL_M_U64:
            if (amfol_member_load(p, m->size)) return false;
            break;
        case AMFOL_M_BOOL: if (*(const bool *)p) return false; break;
        case AMFOL_M_DOUBLE: if (*(const double *)p != 0) return false; break;
        case AMFOL_M_STR: if (p[0]) return false; break;
        case AMFOL_M_OBJ: if (!is_unset(m->sub, p)) return false; break;
        case AMFOL_M_ARR: if (*(const int *)((const char *)obj + m->count_offset) > 0) return false; break;
        default: break;
        }
    }
    return true;
}

void amfol_codec_unset(const amfol_struct_schema *s, void *obj)
{
    for (size_t i = 0; i < s->n; i++) {
        const amfol_member *m = &s->members[i];
        char *p = (char *)obj + m->offset;
        if (m->kind == AMFOL_M_INT && m->absent_default)
            *(int *)p = AMFOL_ABSENT;
        else if (m->kind == AMFOL_M_I64 && m->absent_default)
            *(int64_t *)p = AMFOL_ABSENT;
        else if (m->kind == AMFOL_M_OBJ)
            amfol_codec_unset(m->sub, p);
    }
}

static void write_member(json_dumper *d, const amfol_member *m, const void *obj)
{
    const char *p = (const char *)obj + m->offset;
    switch (m->kind) {
    case AMFOL_M_INT:
        if (*(const int *)p != unset_value(m)) {
            json_dumper_set_member_name(d, m->name);
            json_dumper_value_anyf(d, "%d", *(const int *)p);
        }
        break;
    case AMFOL_M_I64:
        if (*(const int64_t *)p != unset_value(m)) {
            json_dumper_set_member_name(d, m->name);
            json_dumper_value_anyf(d, "%" PRId64, *(const int64_t *)p);
        }
        break;
    case AMFOL_M_U8: case AMFOL_M_U16: case AMFOL_M_U32: case AMFOL_M_U64: {
        uint64_t v = amfol_member_load(p, m->size);
        if (v != 0) {
            json_dumper_set_member_name(d, m->name);
            json_dumper_value_anyf(d, "%" PRIu64, v);
        }
        break;
    }
    case AMFOL_M_BOOL:
        if (*(const bool *)p) {
            json_dumper_set_member_name(d, m->name);
            json_dumper_value_anyf(d, "true");
        }
        break;
    case AMFOL_M_DOUBLE:
        if (*(const double *)p != 0) {
            json_dumper_set_member_name(d, m->name);
            json_dumper_value_double(d, *(const double *)p);   /* shortest exact round trip */
        }
        break;
    case AMFOL_M_STR:
        if (p[0]) {
            json_dumper_set_member_name(d, m->name);
            json_dumper_value_string(d, p);
        }
        break;
    case AMFOL_M_OBJ:
        if (!is_unset(m->sub, p)) {
            json_dumper_set_member_name(d, m->name);
            json_dumper_begin_object(d);
            amfol_codec_write_members(d, m->sub, p);
            json_dumper_end_object(d);
        }
        break;
    case AMFOL_M_ARR: {
        int n = *(const int *)((const char *)obj + m->count_offset);
        if (n > m->max)
            n = m->max;
        if (n <= 0)
            break;
        json_dumper_set_member_name(d, m->name);
        json_dumper_begin_array(d);
        for (int k = 0; k < n; k++) {
            json_dumper_begin_object(d);
            amfol_codec_write_members(d, m->sub, p + (size_t)k * m->size);
            json_dumper_end_object(d);
        }
        json_dumper_end_array(d);
        break;
    }
    default:
        break;
    }
}

void amfol_codec_write_members(json_dumper *d, const amfol_struct_schema *s, const void *obj)
{
    for (size_t i = 0; i < s->n; i++)
        write_member(d, &s->members[i], obj);
}

/* An event's members; those of its amfol_where that equal `implied` (what the reader will
 * assume) are left out. */
static void write_event_members(json_dumper *d, int kind, const void *ev, const amfol_where *implied)
{
    const amfol_struct_schema *s = amfol_event_schema(kind);
    const amfol_where *w = ev;   /* every event struct starts with its amfol_where */
    for (size_t i = 0; i < s->n; i++) {
        const amfol_member *m = &s->members[i];
        if (m->offset == offsetof(amfol_where, frame)) {
            if (w->frame != implied->frame) {   /* even 0: the reader would assume the implied one */
                json_dumper_set_member_name(d, m->name);
                json_dumper_value_anyf(d, "%u", w->frame);
            }
        } else if (m->offset == offsetof(amfol_where, time)) {
            if (w->time != implied->time) {
                json_dumper_set_member_name(d, m->name);
                json_dumper_value_double(d, w->time);
            }
        } else if (m->offset == offsetof(amfol_where, src) || m->offset == offsetof(amfol_where, dst)) {
            const char *text = (const char *)ev + m->offset;
            if (strcmp(text, (const char *)implied + m->offset) != 0) {
                json_dumper_set_member_name(d, m->name);
                json_dumper_value_string(d, text);
            }
        } else {
            write_member(d, m, ev);
        }
    }
}

void amfol_codec_write_event(GString *out, int kind, const void *ev, amfol_frame frame, amfol_time t)
{
    json_dumper d;
    memset(&d, 0, sizeof d);
    d.output_string = out;
    json_dumper_begin_object(&d);
    json_dumper_set_member_name(&d, "t");
    json_dumper_value_string(&d, amfol_event_kind_name(kind));
    amfol_where implied;
    memset(&implied, 0, sizeof implied);
    implied.frame = frame;
    implied.time = t;
    write_event_members(&d, kind, ev, &implied);
    if (kind == AMFOL_EV_NAS && ((const amfol_nas_event *)ev)->ngap) {
        /* the NGAP PDU that carried it: where and when are the NAS message's own */
        json_dumper_set_member_name(&d, "ngap");
        json_dumper_begin_object(&d);
        write_event_members(&d, AMFOL_EV_NGAP, ((const amfol_nas_event *)ev)->ngap, ev);
        json_dumper_end_object(&d);
    }
    json_dumper_end_object(&d);
    json_dumper_finish(&d);   /* ends the line */
}

/* ---- reading ----------------------------------------------------------------------------- */

int amfol_codec_skip(const jsmntok_t *tk, int ntok, int i)
{
    if (i >= ntok)
        return ntok;
    int n = tk[i].size;
    i++;
    while (n-- > 0 && i < ntok)
        i = amfol_codec_skip(tk, ntok, i);
    return i;
}

bool amfol_codec_key_is(const char *buf, const jsmntok_t *t, const char *name)
{
    size_t len = (size_t)(t->end - t->start);
    return t->type == JSMN_STRING && strlen(name) == len && memcmp(buf + t->start, name, len) == 0;
}

bool amfol_codec_int(const char *buf, const jsmntok_t *t, int64_t min, uint64_t max, uint64_t *out)
{
    if (t->type != JSMN_PRIMITIVE)
        return false;
    const char *s = buf + t->start;
    const char *end = buf + t->end;
    bool neg = *s == '-';
    const char *digits = neg ? s + 1 : s;
    if (digits >= end || (size_t)(end - digits) > 20)
        return false;
    uint64_t v = 0;
    for (const char *c = digits; c < end; c++) {
        if (*c < '0' || *c > '9')
            return false;
        uint64_t next = v * 10 + (uint64_t)(*c - '0');
        if (next / 10 != v)
            return false;   /* overflow */
        v = next;
    }
    if (neg) {
        if (min >= 0 || v > (uint64_t)(-(min + 1)) + 1)
            return false;
        *out = (uint64_t)(-(int64_t)(v - 1) - 1);
        return true;
    }
    if (v > max)
        return false;
    *out = v;
    return true;
}

bool amfol_codec_double(const char *buf, const jsmntok_t *t, double *out)
{
    if (t->type != JSMN_PRIMITIVE)
        return false;
    char tmp[64];
    size_t len = (size_t)(t->end - t->start);
    if (len == 0 || len >= sizeof tmp)
        return false;
    memcpy(tmp, buf + t->start, len);
    tmp[len] = '\0';
    char *end;
    *out = g_ascii_strtod(tmp, &end);
    return *end == '\0' && (tmp[0] == '-' || (tmp[0] >= '0' && tmp[0] <= '9'));
}

static bool read_member(char *buf, const jsmntok_t *tk, int ntok, int *i, const amfol_member *m,
                        void *obj, GString *err)
{
    char *p = (char *)obj + m->offset;
    const jsmntok_t *t = &tk[*i];
    uint64_t v;
    switch (m->kind) {
    case AMFOL_M_INT:
        if (!amfol_codec_int(buf, t, INT32_MIN, INT32_MAX, &v))
            goto bad;
        *(int *)p = (int)(int64_t)v;
        break;
    case AMFOL_M_I64:
        if (!amfol_codec_int(buf, t, INT64_MIN, INT64_MAX, &v))
            goto bad;
        *(int64_t *)p = (int64_t)v;
        break;
    case AMFOL_M_U8: case AMFOL_M_U16: case AMFOL_M_U32: case AMFOL_M_U64: {
        uint64_t max = m->size >= 8 ? UINT64_MAX : ((uint64_t)1 << (8 * m->size)) - 1;
        if (!amfol_codec_int(buf, t, 0, max, &v))
            goto bad;
        amfol_member_store(p, m->size, v);
        break;
    }
    case AMFOL_M_BOOL:
        if (t->type != JSMN_PRIMITIVE || (buf[t->start] != 't' && buf[t->start] != 'f'))
            goto bad;
        *(bool *)p = buf[t->start] == 't';
        break;
    case AMFOL_M_DOUBLE:
        if (!amfol_codec_double(buf, t, (double *)p))
            goto bad;
        break;
    case AMFOL_M_STR: {
        if (t->type != JSMN_STRING)
            goto bad;
        buf[t->end] = '\0';   /* the closing quote: tokens never need it again */
        if (!json_decode_string_inplace(buf + t->start) || strlen(buf + t->start) >= m->size)
            goto bad;
        /* canonical: zeros after the NUL, also over a longer value copied before (a NAS event's
         * NGAP PDU starts from the NAS message's where), as the compact reader leaves them */
        size_t len = strlen(buf + t->start), old = strlen(p);
        memcpy(p, buf + t->start, len + 1);
        if (old > len)
            memset(p + len + 1, 0, old - len);
        break;
    }
    case AMFOL_M_OBJ:
        if (t->type != JSMN_OBJECT)
            goto bad;
        return amfol_codec_read_members(buf, tk, ntok, i, m->sub, p, NULL, err);
    case AMFOL_M_ARR: {
        if (t->type != JSMN_ARRAY || t->size > m->max)
            goto bad;
        int n = t->size;
        (*i)++;
        for (int k = 0; k < n; k++) {
            if (*i >= ntok || tk[*i].type != JSMN_OBJECT)
                goto bad;
            amfol_codec_unset(m->sub, p + (size_t)k * m->size);
            if (!amfol_codec_read_members(buf, tk, ntok, i, m->sub, p + (size_t)k * m->size, NULL, err))
                return false;
        }
        *(int *)((char *)obj + m->count_offset) = n;
        return true;
    }
    default:
        goto bad;
    }
    (*i)++;
    return true;
bad:
    g_string_printf(err, "bad value for \"%s\"", m->name);
    return false;
}

bool amfol_codec_read_members(char *buf, const jsmntok_t *tk, int ntok, int *i,
                              const amfol_struct_schema *s, void *obj, amfol_ngap_event *nas_ngap,
                              GString *err)
{
    int nkeys = tk[*i].size;
    (*i)++;
    for (int k = 0; k < nkeys; k++) {
        if (*i + 1 >= ntok) {
            g_string_printf(err, "truncated object");
            return false;
        }
        const jsmntok_t *key = &tk[*i];
        (*i)++;
        if (amfol_codec_key_is(buf, key, "t")) {          /* the kind: read by the caller */
            *i = amfol_codec_skip(tk, ntok, *i);
            continue;
        }
        if (nas_ngap && amfol_codec_key_is(buf, key, "ngap") && tk[*i].type == JSMN_OBJECT) {
            amfol_nas_event *nas = obj;
            amfol_codec_unset(amfol_event_schema(AMFOL_EV_NGAP), nas_ngap);
            nas_ngap->where = nas->where;   /* its where and when are the NAS message's own */
            if (!amfol_codec_read_members(buf, tk, ntok, i, amfol_event_schema(AMFOL_EV_NGAP), nas_ngap, NULL, err))
                return false;
            nas->ngap = nas_ngap;
            continue;
        }
        const amfol_member *m = NULL;
        for (size_t j = 0; j < s->n && !m; j++)
            if (amfol_codec_key_is(buf, key, s->members[j].name))
                m = &s->members[j];
        if (!m) {
            g_string_printf(err, "unknown member \"%.*s\"", key->end - key->start, buf + key->start);
            return false;
        }
        if (!read_member(buf, tk, ntok, i, m, obj, err))
            return false;
    }
    return true;
}
