/* SPDX-License-Identifier: GPL-2.0-or-later */
/* GPRS timer 2 and GPRS timer 3 octets (TS 24.008 §10.5.7.4, §10.5.7.4a) used by NAS-5GS. */
#include "nas_enc.h"

/* Seconds per unit, indexed by the 3-bit unit code; 0 = not a duration unit. */
static const uint32_t t2_unit_s[8] = {2, 60, 360, 60, 60, 60, 60, 0};
static const uint32_t t3_unit_s[8] = {600, 3600, 36000, 2, 30, 60, 1152000, 0};

uint8_t nas_gprs_timer2(unsigned unit, unsigned value)
{
    return (uint8_t)((unit & 7u) << 5 | (value & 31u));
}

uint8_t nas_gprs_timer3(unsigned unit, unsigned value)
{
    return (uint8_t)((unit & 7u) << 5 | (value & 31u));
}

/* Picks, among `n` candidate units, the smallest duration >= seconds; ties go to the coarser
 * unit (listed later in `order`). Falls back to the largest representable duration. */
static uint8_t from_seconds(uint32_t seconds, const uint32_t unit_s[8], const unsigned *order,
                            size_t n)
{
    if (seconds == 0)
        return NAS_TIMER_ZERO;
    if (seconds == NAS_TIMER_DEACTIVATED)
        return nas_gprs_timer2(7, 0);
    uint64_t best = UINT64_MAX;
    uint8_t best_octet = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t u = unit_s[order[i]];
        uint64_t v = (seconds + u - 1) / u;
        if (v > 31)
            continue;
        if (v * u <= best) {
            best = v * u;
            best_octet = nas_gprs_timer2(order[i], (unsigned)v);
        }
    }
    if (best == UINT64_MAX) /* too long for any unit: the largest value of the coarsest unit */
        best_octet = nas_gprs_timer2(order[n - 1], 31);
    return best_octet;
}

uint8_t nas_gprs_timer2_from_seconds(uint32_t seconds)
{
    static const unsigned order[] = {NAS_T2_UNIT_2S, NAS_T2_UNIT_1MIN, NAS_T2_UNIT_DECIHOUR};
    return from_seconds(seconds, t2_unit_s, order, 3);
}

uint8_t nas_gprs_timer3_from_seconds(uint32_t seconds)
{
    static const unsigned order[] = {NAS_T3_UNIT_2S,  NAS_T3_UNIT_30S, NAS_T3_UNIT_1MIN,
                                     NAS_T3_UNIT_10MIN, NAS_T3_UNIT_1H, NAS_T3_UNIT_10H,
                                     NAS_T3_UNIT_320H};
    return from_seconds(seconds, t3_unit_s, order, 7);
}

uint32_t nas_gprs_timer2_seconds(uint8_t octet)
{
    unsigned unit = octet >> 5;
    if (unit == NAS_T2_UNIT_DEACTIVATED)
        return NAS_TIMER_DEACTIVATED;
    return t2_unit_s[unit] * (octet & 31u);
}

uint64_t nas_gprs_timer3_seconds(uint8_t octet)
{
    unsigned unit = octet >> 5;
    if (unit == NAS_T3_UNIT_DEACTIVATED)
        return NAS_TIMER_DEACTIVATED;
    return (uint64_t)t3_unit_s[unit] * (octet & 31u);
}
