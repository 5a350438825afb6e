/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_fmt.h: the few key texts built for every message ("s-tmsi:1-2-0000abcd",
 * "ngap:gnb-1/42", cell names) without printf: the same text snprintf would write (truncated
 * the same way), at a fraction of the cost. */
#ifndef AMFOL_FMT_H
#define AMFOL_FMT_H

#include <stddef.h>
#include <stdint.h>

typedef struct amfol_fmt {
    char *p, *last;                    /* next byte, the byte kept for the terminating NUL */
} amfol_fmt;

static inline amfol_fmt amfol_fmt_start(char *buf, size_t n)
{
    amfol_fmt f = { buf, buf + (n ? n - 1 : 0) };
    if (n)
        *buf = '\0';
    return f;
}

static inline void amfol_fmt_char(amfol_fmt *f, char c)
{
    if (f->p < f->last) {
        *f->p++ = c;
        *f->p = '\0';
    }
}

static inline void amfol_fmt_str(amfol_fmt *f, const char *s)
{
    if (!s)
        s = "(null)";                  /* what glibc's %s writes: never a crash */
    while (*s && f->p < f->last)
        *f->p++ = *s++;
    if (f->p <= f->last)
        *f->p = '\0';
}

/* %llu / %lld */
static inline void amfol_fmt_dec(amfol_fmt *f, long long v)
{
    char t[24];
    int n = 0;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do {
        t[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        amfol_fmt_char(f, '-');
    while (n)
        amfol_fmt_char(f, t[--n]);
}

/* %0<width>llx (lower case; more digits when the value needs them, like printf) */
static inline void amfol_fmt_hex(amfol_fmt *f, uint64_t v, int width)
{
    char t[16];
    int n = 0;
    do {
        t[n++] = "0123456789abcdef"[v & 0xf];
        v >>= 4;
    } while (v);
    for (int i = n; i < width; i++)
        amfol_fmt_char(f, '0');
    while (n)
        amfol_fmt_char(f, t[--n]);
}

#endif
