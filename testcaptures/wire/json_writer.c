/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Minimal bounded JSON writer: objects, arrays, escaped strings, integers, booleans. */
#include "json_writer.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

void json_init(json_writer *w, char *buf, size_t cap)
{
    memset(w, 0, sizeof *w);
    w->buf = buf;
    w->cap = cap;
    if (!buf || cap == 0)
        w->error = true;
    else
        buf[0] = '\0';
}

static void put(json_writer *w, const char *s, size_t n)
{
    if (w->error)
        return;
    if (n >= w->cap - w->len) { /* keep one byte for the NUL */
        w->error = true;
        return;
    }
    memcpy(w->buf + w->len, s, n);
    w->len += n;
    w->buf[w->len] = '\0';
}

static void put_escaped(json_writer *w, const char *s)
{
    put(w, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)s; *p && !w->error; p++) {
        char esc[8];
        switch (*p) {
        case '"': put(w, "\\\"", 2); break;
        case '\\': put(w, "\\\\", 2); break;
        case '\n': put(w, "\\n", 2); break;
        case '\r': put(w, "\\r", 2); break;
        case '\t': put(w, "\\t", 2); break;
        default:
            if (*p < 0x20) {
                snprintf(esc, sizeof esc, "\\u%04x", *p);
                put(w, esc, 6);
            } else {
                put(w, (const char *)p, 1); /* UTF-8 bytes pass through unchanged */
            }
        }
    }
    put(w, "\"", 1);
}

/* Comma and "key": before an item at the current depth. */
static void item_prefix(json_writer *w, const char *key)
{
    if (w->error)
        return;
    if (w->has_item[w->depth])
        put(w, ",", 1);
    w->has_item[w->depth] = true;
    if (key) {
        put_escaped(w, key);
        put(w, ":", 1);
    }
}

static void open_container(json_writer *w, const char *key, const char *bracket)
{
    if (w->error)
        return;
    if (w->depth >= JSON_MAX_DEPTH) {
        w->error = true;
        return;
    }
    item_prefix(w, key);
    put(w, bracket, 1);
    w->depth++;
    w->has_item[w->depth] = false;
}

static void close_(json_writer *w, const char *bracket)
{
    if (w->error)
        return;
    if (w->depth == 0) {
        w->error = true;
        return;
    }
    put(w, bracket, 1);
    w->depth--;
}

void json_begin_object(json_writer *w, const char *key) { open_container(w, key, "{"); }
void json_end_object(json_writer *w) { close_(w, "}"); }
void json_begin_array(json_writer *w, const char *key) { open_container(w, key, "["); }
void json_end_array(json_writer *w) { close_(w, "]"); }

void json_string(json_writer *w, const char *key, const char *value)
{
    item_prefix(w, key);
    put_escaped(w, value ? value : "");
}

void json_int(json_writer *w, const char *key, int64_t value)
{
    char num[24];
    int n = snprintf(num, sizeof num, "%" PRId64, value);
    item_prefix(w, key);
    put(w, num, (size_t)n);
}

void json_bool(json_writer *w, const char *key, bool value)
{
    item_prefix(w, key);
    put(w, value ? "true" : "false", value ? 4 : 5);
}

bool json_ok(const json_writer *w)
{
    return !w->error && w->depth == 0;
}
