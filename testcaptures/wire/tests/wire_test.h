/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tiny assertion helpers for the wire-layer unit tests: count failures, print what differed. */
#ifndef AMFOL_WIRE_TEST_H
#define AMFOL_WIRE_TEST_H

#include <stdio.h>
#include <string.h>

/* Each test file defines `static int failures;` before including this header's users. */
#define CHECK(cond)                                                                   \
    do {                                                                              \
        if (!(cond)) {                                                                \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                               \
        }                                                                             \
    } while (0)

#define CHECK_EQ_U(a, b)                                                                     \
    do {                                                                                     \
        unsigned long long va_ = (unsigned long long)(a), vb_ = (unsigned long long)(b);     \
        if (va_ != vb_) {                                                                    \
            fprintf(stderr, "%s:%d: %s = %llu (0x%llx), expected %llu (0x%llx)\n", __FILE__, \
                    __LINE__, #a, va_, va_, vb_, vb_);                                       \
            failures++;                                                                      \
        }                                                                                    \
    } while (0)

#define CHECK_STR(a, b)                                                                  \
    do {                                                                                 \
        const char *sa_ = (a), *sb_ = (b);                                               \
        if (strcmp(sa_, sb_) != 0) {                                                     \
            fprintf(stderr, "%s:%d: %s =\n  \"%s\"\nexpected\n  \"%s\"\n", __FILE__, __LINE__, \
                    #a, sa_, sb_);                                                       \
            failures++;                                                                  \
        }                                                                                \
    } while (0)

/* Compares LEN bytes against a hex string ("8286 84be", spaces ignored). */
static inline int hex_equal(const unsigned char *buf, size_t len, const char *hex, int *failures_,
                            const char *what)
{
    unsigned char want[2048];
    size_t n = 0;
    for (const char *p = hex; *p && n < sizeof want;) {
        if (*p == ' ' || *p == '\n') {
            p++;
            continue;
        }
        unsigned v;
        if (sscanf(p, "%2x", &v) != 1)
            break;
        want[n++] = (unsigned char)v;
        p += 2;
    }
    if (n == len && memcmp(buf, want, n) == 0)
        return 1;
    fprintf(stderr, "%s: got %zu bytes:", what, len);
    for (size_t i = 0; i < len; i++)
        fprintf(stderr, " %02x", buf[i]);
    fprintf(stderr, "\n  expected %zu bytes: %s\n", n, hex);
    (*failures_)++;
    return 0;
}

#endif
