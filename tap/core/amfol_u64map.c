/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_u64map.c: see amfol_u64map.h. */
#include "amfol_u64map.h"

#include <glib.h>

/* The home slot: the key mixed (splitmix64's finaliser), so that keys built of a hash and a
 * small id spread over the whole table. */
static size_t home(const amfol_u64map *m, uint64_t key)
{
    key ^= key >> 30;
    key *= G_GUINT64_CONSTANT(0xbf58476d1ce4e5b9);
    key ^= key >> 27;
    key *= G_GUINT64_CONSTANT(0x94d049bb133111eb);
    key ^= key >> 31;
    return (size_t)key & (m->cap - 1);
}

void amfol_u64map_clear(amfol_u64map *m)
{
    g_free(m->e);
    m->e = NULL;
    m->cap = m->n = 0;
}

/* Slot of key, or of the empty slot that ends its probe run. */
static size_t slot_of(const amfol_u64map *m, uint64_t key)
{
    size_t i = home(m, key);
    while (m->e[i].val && m->e[i].key != key)
        i = (i + 1) & (m->cap - 1);
    return i;
}

uint64_t amfol_u64map_get(const amfol_u64map *m, uint64_t key)
{
    return m->cap ? m->e[slot_of(m, key)].val : 0;
}

static void grow(amfol_u64map *m)
{
    amfol_u64map old = *m;
    m->cap = old.cap ? old.cap * 2 : 64;
    m->e = g_new0(amfol_u64map_entry, m->cap);
    for (size_t i = 0; i < old.cap; i++)
        if (old.e[i].val)
            m->e[slot_of(m, old.e[i].key)] = old.e[i];
    g_free(old.e);
}

void amfol_u64map_put(amfol_u64map *m, uint64_t key, uint64_t val)
{
    g_return_if_fail(val != 0);
    if ((m->n + 1) * 4 > m->cap * 3)
        grow(m);
    amfol_u64map_entry *x = &m->e[slot_of(m, key)];
    if (!x->val)
        m->n++;
    x->key = key;
    x->val = val;
}

bool amfol_u64map_remove(amfol_u64map *m, uint64_t key)
{
    if (!m->cap)
        return false;
    size_t mask = m->cap - 1, i = slot_of(m, key);
    if (!m->e[i].val)
        return false;
    m->e[i].val = 0;
    m->n--;
    /* Shift back the entries after it whose home is not between the hole and them. */
    for (size_t j = (i + 1) & mask; m->e[j].val; j = (j + 1) & mask) {
        size_t h = home(m, m->e[j].key);
        if (((j - h) & mask) >= ((j - i) & mask)) {
            m->e[i] = m->e[j];
            m->e[j].val = 0;
            i = j;
        }
    }
    return true;
}
