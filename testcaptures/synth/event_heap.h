/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Binary min-heap of timed simulation events, ordered by (time, insertion sequence). */
#ifndef AMFOL_SYNTH_EVENT_HEAP_H
#define AMFOL_SYNTH_EVENT_HEAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    int64_t t_us;   /* simulation time, microseconds since scenario start */
    uint64_t seq;   /* tie-breaker: FIFO among equal times, keeps runs deterministic */
    int kind;       /* what happens (sim.c's event kinds) */
    int32_t a, b;   /* kind-specific operands (UE index, gNB index, ...) */
    int64_t c;
} sim_event;

typedef struct {
    sim_event *v;
    size_t len, cap, max_cap;
    uint64_t next_seq;
} event_heap;

/* MAX_CAP bounds the heap: push fails (returns -1) rather than growing past it. */
int event_heap_init(event_heap *h, size_t max_cap);
void event_heap_free(event_heap *h);
int event_heap_push(event_heap *h, sim_event ev);
/* Pops the earliest event into OUT; returns 0, or -1 when empty. */
int event_heap_pop(event_heap *h, sim_event *out);

#endif
