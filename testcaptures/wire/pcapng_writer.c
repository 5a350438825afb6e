/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Streaming pcapng writer (little-endian blocks, one Ethernet interface) with a 1 MiB buffer. */
#include "pcapng_writer.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PCAPNG_BUF_SIZE (1u << 20)
#define PCAPNG_MAX_PACKET 65535u

struct pcapng_writer {
    FILE *f;
    pcapng_tsres res;
    int failed;
    uint64_t count;
    size_t used;
    uint8_t *buf; /* PCAPNG_BUF_SIZE bytes, owned */
};

static void put_le16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static void put_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static int flush_buf(pcapng_writer *w)
{
    if (w->used && fwrite(w->buf, 1, w->used, w->f) != w->used)
        w->failed = 1;
    w->used = 0;
    return w->failed ? -1 : 0;
}

/* Reserves LEN contiguous bytes in the buffer (LEN <= PCAPNG_BUF_SIZE), flushing first. */
static uint8_t *reserve(pcapng_writer *w, size_t len)
{
    if (w->used + len > PCAPNG_BUF_SIZE && flush_buf(w) != 0)
        return NULL;
    uint8_t *p = w->buf + w->used;
    w->used += len;
    return p;
}

static size_t pad4(size_t n)
{
    return (n + 3u) & ~(size_t)3u;
}

static int write_shb(pcapng_writer *w, const char *app)
{
    size_t app_len = app ? strlen(app) : 0;
    if (app_len > 256)
        app_len = 256; /* bounded option */
    size_t opts = app_len ? 4 + pad4(app_len) + 4 : 0;
    size_t total = 28 + opts;
    uint8_t *p = reserve(w, total);
    if (!p)
        return -1;
    memset(p, 0, total);
    put_le32(p, 0x0A0D0D0Au);
    put_le32(p + 4, (uint32_t)total);
    put_le32(p + 8, 0x1A2B3C4Du);
    put_le16(p + 12, 1);
    put_le16(p + 14, 0);
    memset(p + 16, 0xff, 8); /* section length unknown */
    if (app_len) {
        put_le16(p + 24, 4); /* shb_userappl */
        put_le16(p + 26, (uint16_t)app_len);
        memcpy(p + 28, app, app_len);
        /* opt_endofopt is the zeroed 4 bytes after the padded value */
    }
    put_le32(p + total - 4, (uint32_t)total);
    return 0;
}

static int write_idb(pcapng_writer *w)
{
    const size_t total = 20 + 8 + 4; /* header + if_tsresol (padded) + opt_endofopt */
    uint8_t *p = reserve(w, total);
    if (!p)
        return -1;
    memset(p, 0, total);
    put_le32(p, 0x00000001u);
    put_le32(p + 4, (uint32_t)total);
    put_le16(p + 8, 1); /* LINKTYPE_ETHERNET */
    put_le32(p + 12, PCAPNG_MAX_PACKET);
    put_le16(p + 16, 9); /* if_tsresol */
    put_le16(p + 18, 1);
    p[20] = (uint8_t)w->res;
    put_le32(p + total - 4, (uint32_t)total);
    return 0;
}

pcapng_writer *pcapng_writer_open(const char *path, pcapng_tsres res, const char *app_name)
{
    if (!path || (res != PCAPNG_TSRES_US && res != PCAPNG_TSRES_NS)) {
        errno = EINVAL;
        return NULL;
    }
    pcapng_writer *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->buf = malloc(PCAPNG_BUF_SIZE);
    w->f = w->buf ? fopen(path, "wb") : NULL;
    if (!w->f) {
        int e = errno;
        free(w->buf);
        free(w);
        errno = e;
        return NULL;
    }
    setvbuf(w->f, NULL, _IONBF, 0); /* we buffer ourselves */
    w->res = res;
    if (write_shb(w, app_name) != 0 || write_idb(w) != 0) {
        pcapng_writer_close(w);
        errno = EIO;
        return NULL;
    }
    return w;
}

int pcapng_writer_write(pcapng_writer *w, uint64_t ts_ns, const uint8_t *frame, size_t len)
{
    if (!w || w->failed || !frame || len == 0 || len > PCAPNG_MAX_PACKET)
        return -1;
    uint64_t ts = w->res == PCAPNG_TSRES_US ? ts_ns / 1000u : ts_ns;
    size_t total = 28 + pad4(len) + 4;
    uint8_t *p = reserve(w, total);
    if (!p)
        return -1;
    put_le32(p, 0x00000006u);
    put_le32(p + 4, (uint32_t)total);
    put_le32(p + 8, 0); /* interface 0 */
    put_le32(p + 12, (uint32_t)(ts >> 32));
    put_le32(p + 16, (uint32_t)ts);
    put_le32(p + 20, (uint32_t)len);
    put_le32(p + 24, (uint32_t)len);
    memcpy(p + 28, frame, len);
    memset(p + 28 + len, 0, pad4(len) - len);
    put_le32(p + total - 4, (uint32_t)total);
    w->count++;
    return 0;
}

uint64_t pcapng_writer_count(const pcapng_writer *w)
{
    return w ? w->count : 0;
}

int pcapng_writer_close(pcapng_writer *w)
{
    if (!w)
        return 0;
    flush_buf(w);
    if (fclose(w->f) != 0)
        w->failed = 1;
    int rc = w->failed ? -1 : 0;
    free(w->buf);
    free(w);
    return rc;
}
