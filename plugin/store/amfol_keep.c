/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_keep.c: the one way a glue module keeps its per-frame record (amfol_glue.h, "Per-frame
 * storage policy"): a byte string (kind, count, items raw or packed), staged until the core
 * copies the frame's records into the frame's record (packet-amfol.c). */
#include "store/amfol_keep.h"

#include <glib.h>

#include <string.h>

/* Records are staged here during a frame's analysis, each behind its length (4 bytes), then
 * copied by the core into the frame's record. A record that does not fit gets its own block,
 * freed at the next reset. */
#define KEEP_STAGE_BYTES (64 * 1024)
static uint8_t keep_stage[KEEP_STAGE_BYTES];
static size_t keep_used;
static GPtrArray *keep_big;            /* blocks of records that did not fit */

void amfol_keep_reset(void)
{
    keep_used = 0;
    if (keep_big && keep_big->len)
        g_ptr_array_set_size(keep_big, 0);
}

/* Room for a record of at most `bound` bytes, behind its 4-byte length. */
static uint8_t *stage(size_t bound)
{
    size_t need = 4 + bound;
    uint8_t *b;
    if (need <= KEEP_STAGE_BYTES - keep_used) {
        b = keep_stage + keep_used;
    } else {
        if (!keep_big)
            keep_big = g_ptr_array_new_with_free_func(g_free);
        b = g_malloc(need);
        g_ptr_array_add(keep_big, b);
    }
    return b + 4;
}

/* Close a staged record of `len` bytes (at most the bound asked for). */
static void *staged(uint8_t *rec, size_t len)
{
    uint32_t n = (uint32_t)len;
    memcpy(rec - 4, &n, 4);
    if (rec - 4 >= keep_stage && rec - 4 < keep_stage + KEEP_STAGE_BYTES)
        keep_used = (size_t)(rec - keep_stage) + len;
    return rec;
}

/* Names (AMFOL_ITEM_NAME members): pointer -> number, and back. A few hundred distinct names
 * at most in a capture (AMFs, gNBs, cells, static reasons); a small cache in front of the hash
 * table, as consecutive items name the same few. */
static GHashTable *name_numbers;       /* pointer -> number + 1 */
static GPtrArray *names;               /* number -> pointer */
#define NAME_CACHE 64
static struct { const void *p; uint32_t n; bool set; } name_cache[NAME_CACHE];

void amfol_keep_forget_names(void)
{
    if (name_numbers)
        g_hash_table_destroy(name_numbers);
    if (names)
        g_ptr_array_free(names, TRUE);
    name_numbers = NULL;
    names = NULL;
    memset(name_cache, 0, sizeof name_cache);
}

static uint32_t name_number(const void *p)
{
    unsigned c = (unsigned)(((uintptr_t)p >> 3) % NAME_CACHE);
    if (name_cache[c].set && name_cache[c].p == p)
        return name_cache[c].n;
    if (!name_numbers) {
        name_numbers = g_hash_table_new(g_direct_hash, g_direct_equal);
        names = g_ptr_array_new();
    }
    uint32_t n = GPOINTER_TO_UINT(g_hash_table_lookup(name_numbers, p));
    if (n) {
        n--;
    } else {
        n = names->len;
        g_ptr_array_add(names, (gpointer)p);
        g_hash_table_insert(name_numbers, (gpointer)p, GUINT_TO_POINTER(n + 1));
    }
    name_cache[c].p = p;
    name_cache[c].n = n;
    name_cache[c].set = true;
    return n;
}

static const void *name_of(uint32_t n)
{
    return names && n < names->len ? g_ptr_array_index(names, n) : NULL;
}

size_t amfol_kept_size(const void *record)
{
    uint32_t n;
    memcpy(&n, (const uint8_t *)record - 4, 4);
    return n;
}

void *amfol_keep(const void *items, int n, size_t item_size)
{
    if (n <= 0)
        return NULL;
    uint8_t *rec = stage(1 + 5 + 5 + (size_t)n * item_size);
    size_t at = 0;
    rec[at++] = AMFOL_KEPT_RAW;
    at += amfol_varint_put(rec + at, (uint32_t)n);
    at += amfol_varint_put(rec + at, (uint32_t)item_size);
    memcpy(rec + at, items, (size_t)n * item_size);
    return staged(rec, at + (size_t)n * item_size);
}

/* memcmp(a, b, size) == 0, inline for the usual member sizes (every member of every item is
 * compared with the usual item: a call per member costs more than the compare). */
static inline bool same_bytes(const uint8_t *a, const uint8_t *b, size_t size)
{
    switch (size) {
    case 1:
        return *a == *b;
    case 2: {
        uint16_t x, y;
        memcpy(&x, a, 2);
        memcpy(&y, b, 2);
        return x == y;
    }
    case 4: {
        uint32_t x, y;
        memcpy(&x, a, 4);
        memcpy(&y, b, 4);
        return x == y;
    }
    case 8: {
        uint64_t x, y;
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        return x == y;
    }
    default:
        return memcmp(a, b, size) == 0;
    }
}

/* A layout compiled for the compare: each member as the aligned 8-byte word of the item that
 * holds it and the mask of its bytes in that word (members that fit one word inside the item,
 * on a little-endian host), so that a member is compared and copied without dispatching on its
 * size. A few layouts per build (one per glue module), found by pointer. */
typedef struct packed_field {
    uint64_t mask;                     /* its bytes in the word */
    uint16_t word;                     /* offset of the 8-byte word */
    uint8_t in_word;                   /* the member fits in that word (else: same_bytes) */
    uint8_t shift;                     /* 8 * its offset in the word */
    uint8_t size, kind;
    uint8_t mask_byte, mask_bit;       /* its bit in the record's member mask */
} packed_field;
typedef struct packed_layout {
    const amfol_item_layout *layout;
    packed_field f[AMFOL_ITEM_MAX_FIELDS];
} packed_layout;
#define PACKED_LAYOUTS 8
static packed_layout packed_layouts[PACKED_LAYOUTS];

static const packed_layout *packed_of(const amfol_item_layout *layout)
{
    if (G_BYTE_ORDER != G_LITTLE_ENDIAN || layout->n_fields > AMFOL_ITEM_MAX_FIELDS)
        return NULL;
    for (int k = 0; k < PACKED_LAYOUTS; k++) {
        packed_layout *c = &packed_layouts[k];
        if (c->layout == layout)
            return c;
        if (c->layout)
            continue;
        for (int i = 0; i < layout->n_fields; i++) {
            const amfol_item_field *f = &layout->fields[i];
            size_t word = (size_t)f->off & ~(size_t)7, in = (size_t)f->off - word;
            packed_field *p = &c->f[i];
            p->kind = f->kind;
            p->size = f->size;
            p->mask_byte = (uint8_t)(i >> 3);
            p->mask_bit = (uint8_t)(1u << (i & 7));
            p->in_word = f->size >= 1 && in + f->size <= 8 && word + 8 <= layout->size &&
                         (f->kind != AMFOL_ITEM_NAME || (in == 0 && f->size == 8));
            p->word = (uint16_t)word;
            p->shift = (uint8_t)(8 * in);
            uint64_t bytes = f->size >= 8 ? ~UINT64_C(0) : ((UINT64_C(1) << (8 * f->size)) - 1);
            p->mask = p->in_word ? bytes << (8 * in) : 0;
        }
        c->layout = layout;
        return c;
    }
    return NULL;
}

/* A member that differs from the usual item: its name's number (a varint) or its bytes. */
static inline size_t put_member(uint8_t *rec, size_t at, const uint8_t *item, const amfol_item_field *f)
{
    if (f->kind == AMFOL_ITEM_NAME) {
        const void *ptr;
        memcpy(&ptr, item + f->off, sizeof ptr);
        return at + amfol_varint_put(rec + at, name_number(ptr));
    }
    memcpy(rec + at, item + f->off, f->size);
    return at + f->size;
}

/* One item's members that differ from the usual item's, by the compiled layout: at rec + at,
 * its member mask then those members; returns the new `at`. Writes up to 8 bytes past it (the
 * caller's record has that slack). */
static size_t pack_item(uint8_t *rec, size_t at, const uint8_t *item, const uint8_t *usual,
                        const amfol_item_layout *layout, const packed_layout *pl, size_t mask_bytes)
{
    uint8_t *mask = rec + at;
    uint64_t zero = 0;
    memcpy(mask, &zero, 8);                  /* mask_bytes <= 8 */
    at += mask_bytes;
    const packed_field *p = pl->f, *end = pl->f + layout->n_fields;
    for (; p < end; p++) {
        if (p->in_word) {
            uint64_t x, y;
            memcpy(&x, item + p->word, 8);
            memcpy(&y, usual + p->word, 8);
            if (!((x ^ y) & p->mask))
                continue;
            mask[p->mask_byte] |= p->mask_bit;
            if (p->kind == AMFOL_ITEM_NAME) {
                at += amfol_varint_put(rec + at, name_number((const void *)(uintptr_t)x));
            } else {
                uint64_t v = x >> p->shift;      /* its bytes first, as they are in memory */
                memcpy(rec + at, &v, 8);
                at += p->size;
            }
            continue;
        }
        const amfol_item_field *f = &layout->fields[p - pl->f];
        if (same_bytes(item + f->off, usual + f->off, f->size))
            continue;
        mask[p->mask_byte] |= p->mask_bit;
        at = put_member(rec, at, item, f);
    }
    return at;
}

void *amfol_keep_packed(const void *items, int n, const amfol_item_layout *layout)
{
    if (n <= 0)
        return NULL;
    size_t mask_bytes = ((size_t)layout->n_fields + 7) / 8;
    /* + 8: pack_item's 8-byte stores past the end */
    uint8_t *rec = stage(1 + 5 + (size_t)n * (mask_bytes + layout->size) + 8);
    size_t at = 0;
    rec[at++] = AMFOL_KEPT_PACKED;
    at += amfol_varint_put(rec + at, (uint32_t)n);
    const uint8_t *usual = layout->usual;
    const packed_layout *pl = packed_of(layout);
    for (int k = 0; k < n; k++) {
        const uint8_t *item = (const uint8_t *)items + (size_t)k * layout->size;
        if (pl) {
            at = pack_item(rec, at, item, usual, layout, pl, mask_bytes);
            continue;
        }
        uint8_t *mask = rec + at;
        memset(mask, 0, mask_bytes);
        at += mask_bytes;
        for (int i = 0; i < layout->n_fields; i++) {
            const amfol_item_field *f = &layout->fields[i];
            if (same_bytes(item + f->off, usual + f->off, f->size))
                continue;
            mask[i >> 3] |= (uint8_t)(1u << (i & 7));
            at = put_member(rec, at, item, f);
        }
    }
    return staged(rec, at);
}

void amfol_kept_begin(amfol_kept_iter *it, const void *record, const amfol_item_layout *layout)
{
    memset(it, 0, sizeof *it);
    if (!record)
        return;
    const uint8_t *p = record;
    it->kind = *p++;
    it->left = amfol_varint_get(&p);
    if (it->kind == AMFOL_KEPT_RAW) {
        it->item_size = amfol_varint_get(&p);
    } else {
        it->layout = layout;
        it->item_size = layout ? (uint32_t)layout->size : 0;
    }
    it->p = p;
}

bool amfol_kept_next(amfol_kept_iter *it, void *item, size_t item_size)
{
    if (it->left == 0 || it->item_size != item_size)
        return false;
    it->left--;
    if (it->kind == AMFOL_KEPT_RAW) {
        memcpy(item, it->p, item_size);
        it->p += item_size;
        return true;
    }
    const amfol_item_layout *layout = it->layout;
    const uint8_t *mask = it->p;
    const uint8_t *p = mask + (layout->n_fields + 7) / 8;
    memcpy(item, layout->usual, item_size);
    for (int i = 0; i < layout->n_fields; i++) {
        if (!(mask[i >> 3] & (1u << (i & 7))))
            continue;
        const amfol_item_field *f = &layout->fields[i];
        if (f->kind == AMFOL_ITEM_NAME) {
            const void *name = name_of(amfol_varint_get(&p));
            memcpy((uint8_t *)item + f->off, &name, sizeof name);
        } else {
            memcpy((uint8_t *)item + f->off, p, f->size);
            p += f->size;
        }
    }
    it->p = p;
    return true;
}

