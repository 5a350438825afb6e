/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Binary heap implementation for the discrete-event simulation. */
#include "event_heap.h"

#include <stdlib.h>

static int before(const sim_event *x, const sim_event *y)
{
    if (x->t_us != y->t_us)
        return x->t_us < y->t_us;
    return x->seq < y->seq;
}

int event_heap_init(event_heap *h, size_t max_cap)
{
    h->len = 0;
    h->cap = 1024;
    h->max_cap = max_cap;
    h->next_seq = 0;
    h->v = malloc(h->cap * sizeof *h->v);
    return h->v ? 0 : -1;
}

void event_heap_free(event_heap *h)
{
    free(h->v);
    h->v = NULL;
    h->len = h->cap = 0;
}

int event_heap_push(event_heap *h, sim_event ev)
{
    if (h->len == h->cap) {
        if (h->cap >= h->max_cap)
            return -1;
        size_t ncap = h->cap * 2 > h->max_cap ? h->max_cap : h->cap * 2;
        sim_event *nv = realloc(h->v, ncap * sizeof *nv);
        if (!nv)
            return -1;
        h->v = nv;
        h->cap = ncap;
    }
    ev.seq = h->next_seq++;
    size_t i = h->len++;
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (!before(&ev, &h->v[parent]))
            break;
        h->v[i] = h->v[parent];
        i = parent;
    }
    h->v[i] = ev;
    return 0;
}

int event_heap_pop(event_heap *h, sim_event *out)
{
    if (h->len == 0)
        return -1;
    *out = h->v[0];
    sim_event last = h->v[--h->len];
    size_t i = 0;
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        const sim_event *best = &last;
        if (l < h->len && before(&h->v[l], best)) {
            m = l;
            best = &h->v[l];
        }
        if (r < h->len && before(&h->v[r], best))
            m = r;
        if (m == i)
            break;
        h->v[i] = h->v[m];
        i = m;
    }
    if (h->len > 0)
        h->v[i] = last;
    return 0;
}
