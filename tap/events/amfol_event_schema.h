/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_event_schema.h: how each event struct of tap/core/amfol_events.h is spelled in the
 * JSON Lines export (docs/events.md). One table of members per struct drives both the writer
 * and the reader, so the two cannot drift apart. */
#ifndef AMFOL_EVENT_SCHEMA_H
#define AMFOL_EVENT_SCHEMA_H

#include "engine/amfol_engine.h"

#include <stddef.h>
#include <stdint.h>

/* Bump when a member changes meaning or name; readers refuse any other version. */
#define AMFOL_EVENTS_SCHEMA 2   /* 2: "unread" lines (frames amfol could not read); config symptom_floor_unanswered */

enum amfol_member_kind {
    AMFOL_M_INT, AMFOL_M_I64, AMFOL_M_U8, AMFOL_M_U16, AMFOL_M_U32, AMFOL_M_U64,
    AMFOL_M_BOOL, AMFOL_M_DOUBLE,
    AMFOL_M_STR,                     /* char array of `size` bytes */
    AMFOL_M_OBJ,                     /* nested struct described by `sub` */
    AMFOL_M_ARR                      /* array of `max` structs of `size` bytes, count at count_offset */
};

typedef struct amfol_struct_schema amfol_struct_schema;

typedef struct amfol_member {
    const char *name;
    int kind;                        /* enum amfol_member_kind */
    size_t offset;
    size_t size;
    const amfol_struct_schema *sub;  /* OBJ, ARR */
    size_t count_offset;             /* ARR: offset of the int element count */
    int max;                         /* ARR: capacity */
    bool absent_default;             /* INT/I64 "or AMFOL_ABSENT": unset means AMFOL_ABSENT, not 0 */
} amfol_member;

struct amfol_struct_schema {
    const amfol_member *members;
    size_t n;
};

/* Event kinds (amfol_event_kind bits, or AMFOL_EV_FRAME) by name ("frame", "ngap", ...) and
 * their member tables (NULL for "frame"). */
const char *amfol_event_kind_name(int kind);
int amfol_event_kind_by_name(const char *name, size_t len);   /* -1 if unknown */
const amfol_struct_schema *amfol_event_schema(int kind);
size_t amfol_event_size(int kind);
const amfol_struct_schema *amfol_config_schema(void);

/* An unsigned member of `size` bytes (1, 2, 4 or 8) read or written as 64 bits: the JSON and
 * the compact codec both walk the tables with these. */
static inline uint64_t amfol_member_load(const void *p, size_t size)
{
    switch (size) {
    case 1: return *(const uint8_t *)p;
    case 2: return *(const uint16_t *)p;
    case 4: return *(const uint32_t *)p;
    default: return *(const uint64_t *)p;
    }
}

static inline void amfol_member_store(void *p, size_t size, uint64_t v)
{
    switch (size) {
    case 1: *(uint8_t *)p = (uint8_t)v; break;
    case 2: *(uint16_t *)p = (uint16_t)v; break;
    case 4: *(uint32_t *)p = (uint32_t)v; break;
    default: *(uint64_t *)p = v; break;
    }
}

#endif
