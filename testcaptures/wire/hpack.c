/* SPDX-License-Identifier: GPL-2.0-or-later */
/* HPACK encoder (RFC 7541) without Huffman; the dynamic table lives in a fixed arena. */
#include "hpack.h"

#include <assert.h>
#include <string.h>

#include "hpack_static.h"

#define HPACK_ENTRY_OVERHEAD 32u

void hpack_encoder_init(hpack_encoder *e, uint32_t max_size)
{
    memset(e, 0, sizeof *e);
    e->max_size = max_size > HPACK_MAX_TABLE_SIZE ? HPACK_MAX_TABLE_SIZE : max_size;
}

size_t hpack_write_int(uint8_t *out, size_t cap, uint8_t first_bits, unsigned prefix_bits,
                       uint32_t value)
{
    if (prefix_bits < 1 || prefix_bits > 8 || cap == 0)
        return 0;
    uint32_t max_prefix = (1u << prefix_bits) - 1u;
    if (value < max_prefix) {
        out[0] = (uint8_t)(first_bits | value);
        return 1;
    }
    out[0] = (uint8_t)(first_bits | max_prefix);
    value -= max_prefix;
    size_t n = 1;
    while (value >= 128) {
        if (n >= cap)
            return 0;
        out[n++] = (uint8_t)(0x80u | (value & 0x7fu));
        value >>= 7;
    }
    if (n >= cap)
        return 0;
    out[n++] = (uint8_t)value;
    return n;
}

/* String literal, H bit clear (RFC 7541 §5.2). */
static size_t write_string(uint8_t *out, size_t cap, const char *s, size_t len)
{
    size_t n = hpack_write_int(out, cap, 0x00, 7, (uint32_t)len);
    if (n == 0 || len > cap - n)
        return 0;
    memcpy(out + n, s, len);
    return n + len;
}

static int str_eq(const char *a, size_t alen, const char *b, size_t blen)
{
    return alen == blen && memcmp(a, b, alen) == 0;
}

/* HPACK index of dynamic entry I (0 = oldest): newest is 62. */
static uint32_t dyn_index(const hpack_encoder *e, uint32_t i)
{
    return HPACK_STATIC_COUNT + (e->n - i);
}

/* Finds the header: returns the full-match index and sets *NAME_IDX to the best name-only
 * index (static first, lowest index), or 0s when absent. */
static uint32_t lookup(const hpack_encoder *e, const hpack_header *h, uint32_t *name_idx)
{
    *name_idx = 0;
    for (uint32_t i = 1; i <= HPACK_STATIC_COUNT; i++) {
        const hpack_static_entry *s = &hpack_static_table[i];
        if (!str_eq(s->name, strlen(s->name), h->name, h->name_len))
            continue;
        if (*name_idx == 0)
            *name_idx = i;
        if (str_eq(s->value, strlen(s->value), h->value, h->value_len))
            return i;
    }
    /* Newest first so the smallest dynamic index wins. */
    for (uint32_t k = e->n; k-- > 0;) {
        const char *name = e->arena + e->entry[k].off;
        if (!str_eq(name, e->entry[k].name_len, h->name, h->name_len))
            continue;
        if (*name_idx == 0)
            *name_idx = dyn_index(e, k);
        if (str_eq(name + e->entry[k].name_len, e->entry[k].value_len, h->value, h->value_len))
            return dyn_index(e, k);
    }
    return 0;
}

static void evict_oldest(hpack_encoder *e)
{
    uint32_t bytes = (uint32_t)e->entry[0].name_len + e->entry[0].value_len;
    memmove(e->arena, e->arena + bytes, e->arena_used - bytes);
    e->arena_used -= bytes;
    e->size -= bytes + HPACK_ENTRY_OVERHEAD;
    memmove(&e->entry[0], &e->entry[1], (e->n - 1) * sizeof e->entry[0]);
    e->n--;
    for (uint32_t i = 0; i < e->n; i++)
        e->entry[i].off = (uint16_t)(e->entry[i].off - bytes);
}

/* RFC 7541 §4.4: evict until the new entry fits; an entry larger than the table empties it. */
static void insert(hpack_encoder *e, const hpack_header *h)
{
    uint32_t need = (uint32_t)(h->name_len + h->value_len) + HPACK_ENTRY_OVERHEAD;
    while (e->n && e->size + need > e->max_size)
        evict_oldest(e);
    if (need > e->max_size)
        return;
    /* Entries cost >= 32 octets and the arena holds max_size - 32n bytes, so both fit. */
    e->entry[e->n].off = (uint16_t)e->arena_used;
    e->entry[e->n].name_len = (uint16_t)h->name_len;
    e->entry[e->n].value_len = (uint16_t)h->value_len;
    memcpy(e->arena + e->arena_used, h->name, h->name_len);
    memcpy(e->arena + e->arena_used + h->name_len, h->value, h->value_len);
    e->arena_used += (uint32_t)(h->name_len + h->value_len);
    e->size += need;
    e->n++;
}

static size_t encode_one(hpack_encoder *e, const hpack_header *h, uint8_t *out, size_t cap)
{
    uint32_t name_idx;
    uint32_t full = lookup(e, h, &name_idx);
    if (full)
        return hpack_write_int(out, cap, 0x80, 7, full); /* Indexed Header Field */

    uint8_t first;
    unsigned prefix;
    switch (h->policy) {
    case HPACK_NO_INDEX:
        first = 0x00, prefix = 4;
        break;
    case HPACK_NEVER_INDEX:
        first = 0x10, prefix = 4;
        break;
    default:
        first = 0x40, prefix = 6;
        break;
    }
    size_t n = hpack_write_int(out, cap, first, prefix, name_idx);
    if (n == 0)
        return 0;
    if (name_idx == 0) {
        size_t s = write_string(out + n, cap - n, h->name, h->name_len);
        if (s == 0)
            return 0;
        n += s;
    }
    size_t s = write_string(out + n, cap - n, h->value, h->value_len);
    if (s == 0)
        return 0;
    n += s;
    if (h->policy == HPACK_INCREMENTAL)
        insert(e, h);
    return n;
}

/* Most bytes one header can take: prefixed index (<= 2), two length prefixes (<= 4 each for
 * 16-bit lengths) and the two strings. */
static size_t worst_case(const hpack_header *h)
{
    return 10 + h->name_len + h->value_len;
}

static size_t encode_all(hpack_encoder *e, const hpack_header *hdrs, size_t n, uint8_t *out,
                         size_t cap)
{
    size_t used = 0;
    for (size_t i = 0; i < n; i++) {
        size_t w = encode_one(e, &hdrs[i], out + used, cap - used);
        if (w == 0)
            return 0;
        used += w;
    }
    return used;
}

size_t hpack_encode(hpack_encoder *e, const hpack_header *hdrs, size_t n, uint8_t *out,
                    size_t cap)
{
    if (!e || (n && (!hdrs || !out)))
        return 0;
    size_t worst = 0;
    for (size_t i = 0; i < n; i++) {
        const hpack_header *h = &hdrs[i];
        /* Lengths beyond the table's 16-bit bookkeeping are not SBI headers: refuse them. */
        if (!h->name || !h->value || h->name_len == 0 || h->name_len > 0xffffu ||
            h->value_len > 0xffffu)
            return 0;
        worst += worst_case(h);
    }
    if (worst <= cap)
        return encode_all(e, hdrs, n, out, cap); /* cannot run out of room */
    /* Might not fit: encode on a copy so a failure leaves the table in step with the peer. */
    static_assert(sizeof(hpack_encoder) < 8192, "encoder copy must stay small");
    hpack_encoder trial = *e;
    size_t used = encode_all(&trial, hdrs, n, out, cap);
    if (used)
        *e = trial;
    return used;
}

int hpack_encoder_entry(const hpack_encoder *e, uint32_t index, const char **name,
                        size_t *name_len, const char **value, size_t *value_len)
{
    if (index <= HPACK_STATIC_COUNT || index > HPACK_STATIC_COUNT + e->n)
        return -1;
    uint32_t k = e->n - (index - HPACK_STATIC_COUNT); /* 62 -> newest = n-1 */
    *name = e->arena + e->entry[k].off;
    *name_len = e->entry[k].name_len;
    *value = *name + e->entry[k].name_len;
    *value_len = e->entry[k].value_len;
    return 0;
}
