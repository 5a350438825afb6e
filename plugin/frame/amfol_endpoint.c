/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_endpoint.c: transport endpoint text ("10.0.0.1:38412", "[2001:db8::1]:38412") of a
 * frame's addresses, for every glue module. A capture has few endpoints: the text of the last
 * few IP endpoints is remembered instead of formatted for every message. */
#include "frame/amfol_frame.h"

#include <epan/to_str.h>
#include <string.h>

/* Direct-mapped by a hash of (address, port): gNBs, DUs, CUs, AMFs, NFs of a storm fit, and a
 * hit costs a hash and one comparison instead of a scan. */
#define EP_CACHE_SIZE 256              /* ep_slot's IPv4 hash keeps its top 8 bits */

typedef struct ep_cache_entry {
    int type, len;                     /* len 0: empty */
    uint32_t port;
    uint8_t data[16];
    char text[sizeof(((amfol_endpoint *)0)->text)];
} ep_cache_entry;

/* A pure function of (address, port): safe to share across capture files. */
static ep_cache_entry ep_cache[EP_CACHE_SIZE];

static unsigned ep_slot(const address *addr, uint32_t port)
{
    const uint8_t *d = (const uint8_t *)addr->data;
    uint32_t h;
    if (addr->len == 4) {              /* IPv4: one multiply, not a loop */
        uint32_t a;
        memcpy(&a, d, 4);
        h = (a ^ (port << 16) ^ port ^ (uint32_t)addr->type) * 0x9e3779b1u;
        return h >> 24;                /* EP_CACHE_SIZE 256 */
    }
    h = 2166136261u ^ (uint32_t)addr->type ^ (port << 8);
    for (int i = 0; i < addr->len; i++)
        h = (h ^ d[i]) * 16777619u;
    return (h ^ (h >> 15)) % EP_CACHE_SIZE;
}

static bool same_data(const uint8_t *a, const void *b, int len)
{
    if (len == 4) {
        uint32_t x, y;
        memcpy(&x, a, 4);
        memcpy(&y, b, 4);
        return x == y;
    }
    return memcmp(a, b, (size_t)len) == 0;
}

static void format(const address *addr, uint32_t port, const char *none, amfol_endpoint *out)
{
    char buf[64];
    buf[0] = '\0';
    if (addr->type != AT_NONE)
        address_to_str_buf(addr, buf, (int)sizeof buf);
    const char *a = buf[0] ? buf : none;
    if (addr->type == AT_IPv6)
        g_snprintf(out->text, sizeof out->text, "[%s]:%u", a, port);
    else
        g_snprintf(out->text, sizeof out->text, "%s:%u", a, port);
}

void amfol_endpoint_text(const address *addr, uint32_t port, const char *none, amfol_endpoint *out)
{
    if (!none && addr->type == AT_NONE) {
        out->text[0] = '\0';
        return;
    }
    bool cacheable = (addr->type == AT_IPv4 || addr->type == AT_IPv6) && addr->len > 0 &&
                     addr->len <= (int)sizeof ep_cache[0].data && addr->data;
    ep_cache_entry *c = cacheable ? &ep_cache[ep_slot(addr, port)] : NULL;
    if (c && c->len == addr->len && c->type == (int)addr->type && c->port == port &&
        same_data(c->data, addr->data, addr->len)) {
        memcpy(out->text, c->text, sizeof out->text);
        return;
    }
    format(addr, port, none ? none : "", out);
    if (c) {
        c->type = (int)addr->type;
        c->len = addr->len;
        c->port = port;
        memcpy(c->data, addr->data, (size_t)addr->len);
        memcpy(c->text, out->text, sizeof c->text);
    }
}
