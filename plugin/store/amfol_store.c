/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_store.c: the per-frame record store of amfol_store.h. */
#include "store/amfol_store.h"

#include <string.h>

#include <wsutil/bits_count_ones.h>

/* The frame's record (amfol_glue.h, "Per-frame storage policy"), kept only for frames with a
 * module record (or truncated fields), as bytes: one byte of flags (bit m: module m kept a
 * record; FRAME_REC_TRUNCATED), then each kept module record in module order behind its length
 * (varint). Read it through amfol_store_view. */
#define FRAME_REC_TRUNCATED 0x80

const uint8_t *amfol_store_view(const uint8_t *rec, amfol_frame_view *v)
{
    memset(v, 0, sizeof *v);
    uint8_t flags = *rec++;
    v->fields_truncated = flags & FRAME_REC_TRUNCATED;
    for (int m = 0; m < AMFOL_N_MODULES; m++) {
        if (!(flags & (1u << m)))
            continue;
        uint32_t len = amfol_varint_get(&rec);
        v->module[m] = rec;
        rec += len;
    }
    return rec;
}

/* Frame number -> record, per page of FRAME_REC_PAGE frames made when a frame of theirs first
 * has a record: the page holds its frames' records back to back, in frame order, in one
 * buffer, and per group of 16 frames a bit per frame (has a record) and where the group's
 * records start: 6 bytes per 16 frames, no allocation per frame; a record is found by skipping
 * the records of its group before it. Frames get their record in order on the first pass, so
 * records are appended and one page at a time grows (open_page); a page left behind is cut to
 * its exact size. Per capture file, like the engine. */
#define FRAME_REC_PAGE 4096
#define FRAME_REC_GROUP 16
typedef struct rec_page {
    uint8_t *data;
    uint32_t len, cap;
    int32_t last;                      /* highest frame slot with a record, -1 none */
    uint32_t group_at[FRAME_REC_PAGE / FRAME_REC_GROUP];   /* bytes of the groups before (up
                                                            * to the group of `last`) */
    uint16_t has[FRAME_REC_PAGE / FRAME_REC_GROUP];        /* bit i: frame i of the group */
} rec_page;
static GPtrArray *frame_recs;          /* rec_page *, NULL for a page without records */
static rec_page *open_page;

static void rec_page_free(gpointer p)
{
    rec_page *page = p;
    if (page)
        g_free(page->data);
    g_free(page);
}

/* The byte after a frame's record. */
static const uint8_t *frame_rec_skip(const uint8_t *rec)
{
    amfol_frame_view unused;
    return amfol_store_view(rec, &unused);
}

/* Offset in the page's buffer of the record of frame `slot` (or where it goes). */
static uint32_t rec_page_offset(const rec_page *page, guint slot)
{
    guint g = slot / FRAME_REC_GROUP;
    if ((int32_t)slot > page->last)
        return page->len;              /* after every record of the page (capture order) */
    uint64_t before = page->has[g] & ((1u << (slot % FRAME_REC_GROUP)) - 1);
    const uint8_t *p = page->data + page->group_at[g];
    for (int n = ws_count_ones(before); n > 0; n--)
        p = frame_rec_skip(p);
    return (uint32_t)(p - page->data);
}

/* Room for the record of frame num (len bytes), to be written at the returned address. */
static uint8_t *frame_rec_add(guint32 num, size_t len)
{
    guint ix = num / FRAME_REC_PAGE, slot = num % FRAME_REC_PAGE, g = slot / FRAME_REC_GROUP;
    uint16_t bit = (uint16_t)(1u << (slot % FRAME_REC_GROUP));
    if (!frame_recs)
        frame_recs = g_ptr_array_new_with_free_func(rec_page_free);
    if (frame_recs->len <= ix)
        g_ptr_array_set_size(frame_recs, (gint)ix + 1);
    rec_page *page = g_ptr_array_index(frame_recs, ix);
    if (!page) {
        page = g_new0(rec_page, 1);
        page->last = -1;
        g_ptr_array_index(frame_recs, ix) = page;
    }
    if (page != open_page) {
        if (open_page && open_page->cap > open_page->len) {
            open_page->data = g_realloc(open_page->data, MAX(open_page->len, 1));
            open_page->cap = open_page->len;
        }
        open_page = page;
    }
    uint32_t at;
    int32_t last_group = page->last < 0 ? -1 : page->last / FRAME_REC_GROUP;
    if ((int32_t)slot > page->last) {
        /* Capture order: at the end; the groups up to this one start there. */
        at = page->len;
        for (int32_t k = last_group + 1; k <= (int32_t)g; k++)
            page->group_at[k] = at;
        last_group = (int32_t)g;
    } else {
        at = rec_page_offset(page, slot);
        if (page->has[g] & bit) {
            /* A frame analysed again (not expected): its new record replaces the old one. */
            uint32_t old = (uint32_t)(frame_rec_skip(page->data + at) - (page->data + at));
            memmove(page->data + at, page->data + at + old, page->len - at - old);
            page->len -= old;
            for (int32_t k = (int32_t)g + 1; k <= last_group; k++)
                page->group_at[k] -= old;
        }
        for (int32_t k = (int32_t)g + 1; k <= last_group; k++)
            page->group_at[k] += (uint32_t)len;
    }
    if (page->cap - page->len < len) {
        size_t cap = MAX((size_t)page->cap * 2, (size_t)64 * 1024);
        while (cap - page->len < len)
            cap *= 2;
        page->data = g_realloc(page->data, cap);
        page->cap = (uint32_t)cap;
    }
    /* Out of capture order (not expected), the records after it move up. */
    memmove(page->data + at + len, page->data + at, page->len - at);
    page->len += (uint32_t)len;
    page->has[g] |= bit;
    page->last = MAX(page->last, (int32_t)slot);
    return page->data + at;
}

const uint8_t *amfol_store_pack(guint32 num, void *const *recs, bool truncated)
{
    size_t total = 1;
    for (int m = 0; m < AMFOL_N_MODULES; m++)
        if (recs[m]) {
            size_t n = amfol_kept_size(recs[m]);
            total += amfol_varint_len((uint32_t)n) + n;
        }
    uint8_t *r = frame_rec_add(num, total);
    const uint8_t *rec = r;
    uint8_t *flags = r++;
    *flags = truncated ? FRAME_REC_TRUNCATED : 0;
    for (int m = 0; m < AMFOL_N_MODULES; m++) {
        if (!recs[m])
            continue;
        size_t n = amfol_kept_size(recs[m]);
        *flags |= (uint8_t)(1u << m);
        r += amfol_varint_put(r, (uint32_t)n);
        memcpy(r, recs[m], n);
        r += n;
    }
    return rec;
}

const uint8_t *amfol_store_get(guint32 num)
{
    guint ix = num / FRAME_REC_PAGE, slot = num % FRAME_REC_PAGE;
    if (!frame_recs || ix >= frame_recs->len)
        return NULL;
    const rec_page *page = g_ptr_array_index(frame_recs, ix);
    if (!page || !(page->has[slot / FRAME_REC_GROUP] & (1u << (slot % FRAME_REC_GROUP))))
        return NULL;
    return page->data + rec_page_offset(page, slot);
}

void amfol_store_free(void)
{
    if (frame_recs)
        g_ptr_array_free(frame_recs, TRUE);
    frame_recs = NULL;
    open_page = NULL;
}
