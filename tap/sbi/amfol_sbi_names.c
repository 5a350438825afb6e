/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_names.c: bounded string interning and endpoint helpers for the SBI module. */
#include "amfol_sbi_internal.h"
#include "amfol_sbi_text.h"

#include <string.h>

const char *sbi_intern(amfol_sbi *s, const char *raw)
{
    if (!raw)
        return NULL;
    char text[256];                     /* names come from the wire: keep them clean UTF-8 */
    amfol_sbi_copy_text(text, sizeof text, raw);
    char *known = g_hash_table_lookup(s->names, text);
    if (known)
        return known;
    if (g_hash_table_size(s->names) >= SBI_MAX_NAMES) {
        s->dropped++;
        return "(too many names)";
    }
    char *copy = g_strdup(text);
    g_hash_table_insert(s->names, copy, copy);
    return copy;
}

/* "10.0.0.1:8080" -> "10.0.0.1"; "[2001:db8::1]:80" -> "2001:db8::1". */
void sbi_ip_of(const char *endpoint, char *out, size_t cap)
{
    if (!cap)
        return;
    out[0] = '\0';
    if (!endpoint)
        return;
    const char *start = endpoint, *end;
    if (*start == '[') {
        start++;
        end = strchr(start, ']');
    } else {
        end = strrchr(start, ':');
    }
    size_t n = end ? (size_t)(end - start) : strlen(start);
    if (n >= cap)
        n = cap - 1;
    memcpy(out, start, n);
    out[n] = '\0';
}
