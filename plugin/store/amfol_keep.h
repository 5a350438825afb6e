/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_keep.h: how a glue module keeps its per-frame record (amfol_glue.h, "Per-frame storage
 * policy"), written by amfol_keep.c and read item by item on every pass; the core stores the
 * frame's records by frame number (amfol_store.h). */
#ifndef AMFOL_KEEP_H
#define AMFOL_KEEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A kept per-frame record (policy above) is a byte string, read with the functions below:
 *   kind (1 byte: AMFOL_KEPT_RAW or AMFOL_KEPT_PACKED), the item count (varint), then
 *   raw:    the item size (varint) and the items' bytes as they are;
 *   packed: per item, a bit mask of the members that differ from the layout's usual item and
 *           those members' bytes (amfol_item_layout): a storm's items are mostly usual values.
 * It lives unaligned inside the frame's record (packet-amfol.c): items are copied out, never
 * pointed into. */
enum { AMFOL_KEPT_RAW = 0, AMFOL_KEPT_PACKED = 1 };

/* One member of a packed item: offset, size (an array member is one member) and how it is
 * stored when it differs from the usual item: its bytes, or (AMFOL_ITEM_NAME, a pointer to an
 * engine-interned name or static text: amf, gNB, cell names, reasons) the number of that pointer
 * in a table of the names kept so far (a varint, one byte for the first 128 names; the table
 * lives until amfol_keep_forget_names). Not for pointers with a value per UE or per message. */
enum { AMFOL_ITEM_BYTES = 0, AMFOL_ITEM_NAME = 1 };
typedef struct amfol_item_field {
    uint16_t off;
    uint8_t size, kind;
} amfol_item_field;

/* How items of one type are packed. List every member: a member left out comes back as the
 * usual item's value. Derive the list from an X-macro of the struct's members where the struct
 * is the glue's own (n2_glue.h, nas_glue.h) or from the core's member list of its struct
 * (AMFOL_RRC_RESULT_MEMBERS, tap/rrc/amfol_rrc.h), so that none can be missed. */
typedef struct amfol_item_layout {
    size_t size;                       /* sizeof the item */
    const void *usual;                 /* members equal to this item's are not stored */
    const amfol_item_field *fields;
    int n_fields;                      /* at most AMFOL_ITEM_MAX_FIELDS */
} amfol_item_layout;
#define AMFOL_ITEM_MAX_FIELDS 64
#define AMFOL_ITEM_FIELD(type, member) \
    { (uint16_t)offsetof(type, member), (uint8_t)sizeof(((type *)0)->member), AMFOL_ITEM_BYTES }
#define AMFOL_ITEM_NAME_FIELD(type, member) \
    { (uint16_t)offsetof(type, member), (uint8_t)sizeof(((type *)0)->member), AMFOL_ITEM_NAME }
/* X-macro helpers: X(type, name, array suffix or nothing, AMFOL_ITEM_BYTES or AMFOL_ITEM_NAME) */
#define AMFOL_MEMBER_DECL(type, name, dim, kind) type name dim;
#define AMFOL_MEMBER_FIELD(type, name, dim, kind) \
    { (uint16_t)offsetof(AMFOL_ITEM_TYPE, name), (uint8_t)sizeof(((AMFOL_ITEM_TYPE *)0)->name), kind },

/* Keep items[0..n-1] as they are (raw), or packed by `layout`; valid until the end of the
 * frame's analysis, when the core copies it into the frame's record; NULL when n == 0. */
void *amfol_keep(const void *items, int n, size_t item_size);
void *amfol_keep_packed(const void *items, int n, const amfol_item_layout *layout);
/* The core, before a frame's analysis: forget the records staged for the previous frame. */
void amfol_keep_reset(void);
/* The core, when the capture file's records are freed: forget the table of names. */
void amfol_keep_forget_names(void);
/* Bytes of a record returned by amfol_keep / amfol_keep_packed (staged, this frame only). */
size_t amfol_kept_size(const void *record);

/* Reading a kept record, item after item (every pass). */
typedef struct amfol_kept_iter {
    const uint8_t *p;
    uint32_t left, item_size;
    int kind;
    const amfol_item_layout *layout;
} amfol_kept_iter;
/* layout: the one the record was packed with (ignored for a raw record). */
void amfol_kept_begin(amfol_kept_iter *it, const void *record, const amfol_item_layout *layout);
/* Copy the next item into *item (item_size bytes, the module's item type); false at the end or
 * when the record does not hold items of that size. */
bool amfol_kept_next(amfol_kept_iter *it, void *item, size_t item_size);

/* Unsigned LEB128, for lengths and counts in kept records. */
static inline size_t amfol_varint_put(uint8_t *out, uint32_t v)
{
    size_t n = 0;
    while (v >= 0x80) {
        out[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    out[n++] = (uint8_t)v;
    return n;
}

static inline uint32_t amfol_varint_get(const uint8_t **p)
{
    uint32_t v = 0;
    for (int shift = 0; shift < 35; shift += 7) {
        uint8_t b = *(*p)++;
        v |= (uint32_t)(b & 0x7f) << shift;
        if (!(b & 0x80))
            break;
    }
    return v;
}

static inline size_t amfol_varint_len(uint32_t v)
{
    size_t n = 1;
    while (v >= 0x80) {
        v >>= 7;
        n++;
    }
    return n;
}

#endif
