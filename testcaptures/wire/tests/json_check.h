/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Test-only strict JSON syntax checker (RFC 8259) for the SBI bodies; recursive, depth-bounded. */
#ifndef AMFOL_WIRE_JSON_CHECK_H
#define AMFOL_WIRE_JSON_CHECK_H

#include <stddef.h>
#include <string.h>

typedef struct {
    const char *p, *end;
    int depth;
} json_cursor;

static int jc_value(json_cursor *c);

static void jc_ws(json_cursor *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
        c->p++;
}

static int jc_lit(json_cursor *c, const char *lit)
{
    size_t n = strlen(lit);
    if ((size_t)(c->end - c->p) < n || memcmp(c->p, lit, n) != 0)
        return 0;
    c->p += n;
    return 1;
}

static int jc_string(json_cursor *c)
{
    if (c->p >= c->end || *c->p != '"')
        return 0;
    for (c->p++; c->p < c->end; c->p++) {
        unsigned char ch = (unsigned char)*c->p;
        if (ch == '"') {
            c->p++;
            return 1;
        }
        if (ch < 0x20)
            return 0;
        if (ch == '\\') {
            if (++c->p >= c->end)
                return 0;
            if (*c->p == 'u') {
                for (int i = 0; i < 4; i++)
                    if (++c->p >= c->end || !strchr("0123456789abcdefABCDEF", *c->p))
                        return 0;
            } else if (!strchr("\"\\/bfnrt", *c->p)) {
                return 0;
            }
        }
    }
    return 0;
}

static int jc_digits(json_cursor *c)
{
    const char *s = c->p;
    while (c->p < c->end && *c->p >= '0' && *c->p <= '9')
        c->p++;
    return c->p > s;
}

static int jc_number(json_cursor *c)
{
    if (c->p < c->end && *c->p == '-')
        c->p++;
    if (c->p < c->end && *c->p == '0')
        c->p++;
    else if (!jc_digits(c))
        return 0;
    if (c->p < c->end && *c->p == '.') {
        c->p++;
        if (!jc_digits(c))
            return 0;
    }
    return 1;
}

static int jc_container(json_cursor *c, char close, int is_object)
{
    if (++c->depth > 64)
        return 0;
    c->p++;
    jc_ws(c);
    if (c->p < c->end && *c->p == close) {
        c->p++;
        c->depth--;
        return 1;
    }
    for (;;) {
        jc_ws(c);
        if (is_object) {
            if (!jc_string(c))
                return 0;
            jc_ws(c);
            if (c->p >= c->end || *c->p++ != ':')
                return 0;
        }
        if (!jc_value(c))
            return 0;
        jc_ws(c);
        if (c->p >= c->end)
            return 0;
        if (*c->p == ',') {
            c->p++;
            continue;
        }
        if (*c->p++ != close)
            return 0;
        c->depth--;
        return 1;
    }
}

static int jc_value(json_cursor *c)
{
    jc_ws(c);
    if (c->p >= c->end)
        return 0;
    switch (*c->p) {
    case '{': return jc_container(c, '}', 1);
    case '[': return jc_container(c, ']', 0);
    case '"': return jc_string(c);
    case 't': return jc_lit(c, "true");
    case 'f': return jc_lit(c, "false");
    case 'n': return jc_lit(c, "null");
    default: return jc_number(c);
    }
}

/* 1 if BUF[0..LEN) is exactly one well-formed JSON value. */
static inline int json_is_valid(const char *buf, size_t len)
{
    json_cursor c = {buf, buf + len, 0};
    if (!jc_value(&c))
        return 0;
    jc_ws(&c);
    return c.p == c.end;
}

#endif
