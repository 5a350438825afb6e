/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Minimal bounded JSON writer with string escaping (RFC 8259); no heap. */
#ifndef AMFOL_WIRE_JSON_WRITER_H
#define AMFOL_WIRE_JSON_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JSON_MAX_DEPTH 16

/* Writes compact JSON into BUF (CAP bytes, NUL-terminated while room remains). Any overflow or
 * misuse sets ERROR and later calls do nothing, so callers check once at the end. */
typedef struct {
    char *buf;
    size_t cap;
    size_t len;
    bool error;
    int depth;
    bool has_item[JSON_MAX_DEPTH + 1]; /* a comma is due before the next item at this depth */
} json_writer;

void json_init(json_writer *w, char *buf, size_t cap);
/* KEY is the member name inside an object, NULL inside an array or at top level. */
void json_begin_object(json_writer *w, const char *key);
void json_end_object(json_writer *w);
void json_begin_array(json_writer *w, const char *key);
void json_end_array(json_writer *w);
void json_string(json_writer *w, const char *key, const char *value);
void json_int(json_writer *w, const char *key, int64_t value);
void json_bool(json_writer *w, const char *key, bool value);
/* True when the document is complete (depth 0) and nothing overflowed. */
bool json_ok(const json_writer *w);

#endif
