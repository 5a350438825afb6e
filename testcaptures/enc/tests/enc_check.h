/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tiny assertion helpers for the encoder unit tests: compare octets with hex text, count failures. */
#ifndef AMFOL_ENC_CHECK_H
#define AMFOL_ENC_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

static int check_failures;

/* Parses hex text (spaces ignored) into out; returns the octet count or SIZE_MAX on bad text. */
static inline size_t check_parse_hex(const char *hex, uint8_t *out, size_t cap)
{
    size_t n = 0;
    int hi = -1;
    for (const char *p = hex; *p; p++) {
        int v;
        if (*p >= '0' && *p <= '9')
            v = *p - '0';
        else if (*p >= 'a' && *p <= 'f')
            v = *p - 'a' + 10;
        else if (*p >= 'A' && *p <= 'F')
            v = *p - 'A' + 10;
        else if (*p == ' ')
            continue;
        else
            return SIZE_MAX;
        if (hi < 0) {
            hi = v;
        } else {
            if (n >= cap)
                return SIZE_MAX;
            out[n++] = (uint8_t)(hi << 4 | v);
            hi = -1;
        }
    }
    return hi < 0 ? n : SIZE_MAX;
}

static inline void check_print_hex(const char *label, const uint8_t *p, size_t n)
{
    fprintf(stderr, "  %s (%zu):", label, n);
    for (size_t i = 0; i < n; i++)
        fprintf(stderr, " %02x", p[i]);
    fprintf(stderr, "\n");
}

/* Asserts that got[0..got_len) equals the hex text. */
static inline void check_hex(const char *what, const uint8_t *got, size_t got_len, const char *hex)
{
    uint8_t want[512];
    size_t want_len = check_parse_hex(hex, want, sizeof want);
    bool ok = want_len != SIZE_MAX && want_len == got_len;
    for (size_t i = 0; ok && i < got_len; i++)
        ok = got[i] == want[i];
    if (!ok) {
        check_failures++;
        fprintf(stderr, "FAIL %s\n", what);
        check_print_hex("want", want, want_len == SIZE_MAX ? 0 : want_len);
        check_print_hex("got ", got, got_len);
    }
}

#define CHECK(cond)                                                                   \
    do {                                                                              \
        if (!(cond)) {                                                                \
            check_failures++;                                                         \
            fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);           \
        }                                                                             \
    } while (0)

#define CHECK_EQ(a, b)                                                                \
    do {                                                                              \
        unsigned long long check_a_ = (unsigned long long)(a);                        \
        unsigned long long check_b_ = (unsigned long long)(b);                        \
        if (check_a_ != check_b_) {                                                   \
            check_failures++;                                                         \
            fprintf(stderr, "FAIL %s:%d: %s == %s (%llu != %llu, 0x%llx != 0x%llx)\n", \
                    __FILE__, __LINE__, #a, #b, check_a_, check_b_, check_a_, check_b_); \
        }                                                                             \
    } while (0)

static inline int check_report(const char *suite)
{
    if (check_failures) {
        fprintf(stderr, "%s: %d check(s) failed\n", suite, check_failures);
        return 1;
    }
    printf("%s: all checks passed\n", suite);
    return 0;
}

#endif
