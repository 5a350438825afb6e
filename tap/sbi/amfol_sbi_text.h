/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_text.h: copying wire text into fixed buffers as clean UTF-8 (invalid bytes and
 * control characters become U+FFFD, truncation never splits a character), so that what amfol
 * keeps is always printable and valid in the JSON report, whatever the capture holds. (Not '?':
 * that would turn a broken path segment into a query.) */
#ifndef AMFOL_SBI_TEXT_H
#define AMFOL_SBI_TEXT_H

#include <glib.h>
#include <string.h>

static inline void amfol_sbi_copy_text(char *dst, size_t cap, const char *src)
{
    if (!cap)
        return;
    size_t o = 0;
    const char *p = src ? src : "";
    while (*p) {
        unsigned char b = (unsigned char)*p;
        if (b >= 0x20 && b < 0x7f) {        /* printable ASCII, what names mostly are: as is */
            if (o + 1 >= cap)
                break;
            dst[o++] = (char)b;
            p++;
            continue;
        }
        gunichar c = g_utf8_get_char_validated(p, -1);
        if (c == (gunichar)-1 || c == (gunichar)-2 || c < 0x20 || c == 0x7f) {
            if (o + 3 >= cap)
                break;
            memcpy(dst + o, "\xef\xbf\xbd", 3);   /* U+FFFD REPLACEMENT CHARACTER */
            o += 3;
            p++;
            continue;
        }
        const char *next = g_utf8_next_char(p);
        size_t n = (size_t)(next - p);
        if (o + n >= cap)
            break;
        memcpy(dst + o, p, n);
        o += n;
        p = next;
    }
    dst[o] = '\0';
}

#endif
