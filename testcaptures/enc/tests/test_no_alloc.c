/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The encoders are called millions of times by the scenario engine. malloc/calloc/realloc/free are
 * wrapped at link time and counted while the encoders run: the project's own encoders (APER,
 * NGAP, F1AP, NAS, and the RRC messages without INTEGER fields) must not touch the heap at all;
 * where asn1c encodes an NR RRC INTEGER (its NativeInteger encoder converts through a temporary
 * heap INTEGER_t), every allocation must be freed in the same call. Repeated calls give identical
 * output. */
#include "enc_check.h"
#include "sample_msgs.h"

#include <stdlib.h>
#include <string.h>

/* Link-time wrappers (-Wl,--wrap=...): test-only counters, active while `counting` is set. */
static int counting;
static long allocs, frees;

void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);

void *__wrap_malloc(size_t n)
{
    allocs += counting;
    return __real_malloc(n);
}

void *__wrap_calloc(size_t k, size_t n)
{
    allocs += counting;
    return __real_calloc(k, n);
}

void *__wrap_realloc(void *p, size_t n)
{
    allocs += counting && p == NULL;
    return __real_realloc(p, n);
}

void __wrap_free(void *p)
{
    frees += counting && p != NULL;
    __real_free(p);
}

#define CALLS 100

int main(void)
{
    /* the wrappers really are in place (volatile: the compiler may not elide the pair) */
    void *(*volatile do_malloc)(size_t) = malloc;
    void (*volatile do_free)(void *) = free;
    counting = 1;
    do_free(do_malloc(16));
    counting = 0;
    CHECK_EQ(allocs, 1);
    CHECK_EQ(frees, 1);

    for (size_t i = 0; i < sample_msgs_count; i++) {
        uint8_t first[2048], again[2048];
        size_t n1, n2 = 0;
        allocs = frees = 0;
        counting = 1;
        n1 = sample_msgs[i].encode(first, sizeof first);
        for (int k = 1; k < CALLS; k++)
            n2 = sample_msgs[i].encode(again, sizeof again);
        counting = 0;
        bool ok = sample_msgs[i].asn1c_integers ? allocs == frees && allocs <= 8 * CALLS
                                                 : allocs == 0 && frees == 0;
        if (!ok) {
            check_failures++;
            fprintf(stderr, "FAIL %s: %ld allocation(s), %ld free(s) in %d calls\n",
                    sample_msgs[i].name, allocs, frees, CALLS);
        }
        CHECK(n1 > 0);
        CHECK(n1 == n2 && memcmp(first, again, n1) == 0);
    }
    return check_report("test_no_alloc");
}
