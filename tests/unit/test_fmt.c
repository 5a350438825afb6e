/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_fmt.c: the printf-free key texts (core/amfol_fmt.h) equal snprintf's, truncation included. */
#include "core/amfol_fmt.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void same(const char *what, const char *got, const char *want)
{
    if (strcmp(got, want) != 0) {
        fprintf(stderr, "%s: got \"%s\", want \"%s\"\n", what, got, want);
        failures++;
    }
}

int main(void)
{
    const long long decs[] = { 0, 1, 9, 10, 42, 4294967295LL, -1, -42, 9223372036854775807LL };
    const uint64_t hexes[] = { 0, 1, 0xabcdef, 0xFFFFFFFFF, 0x123456789abULL, UINT64_MAX };
    const size_t caps[] = { 1, 2, 5, 9, 12, 40 };
    for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++) {
        for (size_t i = 0; i < sizeof decs / sizeof decs[0]; i++) {
            char got[64], want[64];
            memset(got, 'x', sizeof got);
            amfol_fmt f = amfol_fmt_start(got, caps[c]);
            amfol_fmt_str(&f, "ngap:");
            amfol_fmt_str(&f, "gnb-1");
            amfol_fmt_char(&f, '/');
            amfol_fmt_dec(&f, decs[i]);
            snprintf(want, caps[c], "ngap:%s/%lld", "gnb-1", decs[i]);
            same("dec", got, want);
        }
        for (size_t i = 0; i < sizeof hexes / sizeof hexes[0]; i++) {
            for (int w = 0; w <= 10; w += 2) {
                char got[64], want[64];
                amfol_fmt f = amfol_fmt_start(got, caps[c]);
                amfol_fmt_str(&f, "part1:");
                amfol_fmt_hex(&f, hexes[i], w);
                snprintf(want, caps[c], "part1:%0*" PRIx64, w, hexes[i]);
                same("hex", got, want);
            }
        }
    }
    if (failures)
        return EXIT_FAILURE;
    printf("amfol_fmt: key texts equal snprintf's (decimal, zero-padded hex, truncation)\n");
    return 0;
}
