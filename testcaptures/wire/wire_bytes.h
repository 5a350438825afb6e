/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Big-endian store helpers shared by the frame builders (internal header). */
#ifndef AMFOL_WIRE_BYTES_H
#define AMFOL_WIRE_BYTES_H

#include <stdint.h>

static inline void wire_put16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

static inline void wire_put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static inline void wire_put64(uint8_t *p, uint64_t v)
{
    wire_put32(p, (uint32_t)(v >> 32));
    wire_put32(p + 4, (uint32_t)v);
}

#endif
