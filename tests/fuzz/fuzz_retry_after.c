/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer harness: Retry-After (delta-seconds or HTTP-date) over arbitrary values; the result
 * is a delay >= 0 or AMFOL_ABSENT, never anything else. */
#include "sbi/amfol_sbi_olc.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        return 0;
    memcpy(s, data, size);
    s[size] = 0;
    /* "now" = 2026-01-01 and the epoch: dates before "now" must not give a negative delay. */
    static const double nows[] = { 1767225600.0, 0.0 };
    for (size_t i = 0; i < sizeof nows / sizeof nows[0]; i++) {
        int d = amfol_olc_retry_after_s(s, nows[i]);
        if (d != AMFOL_ABSENT && d < 0)
            __builtin_trap();
    }
    free(s);
    return 0;
}
