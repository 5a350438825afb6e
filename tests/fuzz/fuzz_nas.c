/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer harness: amfol_nas_parse over arbitrary NAS-5GS octets, read as plain and as
 * NEA0-deciphered. Whatever it returns, the event must stay within its declared ranges. */
#include "nas/amfol_nas_parse.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    for (int deciphered = 0; deciphered <= 1; deciphered++) {
        amfol_nas_event ev;
        memset(&ev, 0, sizeof ev);
        amfol_nas_event_clear(&ev);
        int st = amfol_nas_parse(data, size, deciphered, &ev);
        if (st < AMFOL_NAS_PARSE_OK || st > AMFOL_NAS_PARSE_NOT_NAS)
            __builtin_trap();
        if (memchr(ev.suci, 0, sizeof ev.suci) == NULL)          /* always a C string */
            __builtin_trap();
        if (ev.n_requested_nssai < 0 || ev.n_requested_nssai > AMFOL_MAX_NSSAI)
            __builtin_trap();
    }
    return 0;
}
