/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas_timer.c: GPRS timer 2 / 3 octets to seconds or a special state. */
#include "amfol_nas_timer.h"

#include <stdio.h>

/* Seconds per unit code; 0 marks "deactivated". Timer 2 units 3..6 are undefined and read as
 * 1 minute (TS 24.008 §10.5.7.4: "Other values shall be interpreted as multiples of 1 minute"). */
static const uint32_t t2_unit_s[8] = {2, 60, 360, 60, 60, 60, 60, 0};
static const uint32_t t3_unit_s[8] = {600, 3600, 36000, 2, 30, 60, 1152000, 0};

static amfol_nas_timer decode(uint8_t octet, const uint32_t unit_s[8])
{
    amfol_nas_timer t = {0};
    t.unit = (uint8_t)(octet >> 5);
    t.value = (uint8_t)(octet & 0x1f);
    if (t.unit == 7)
        t.state = AMFOL_TIMER_DEACTIVATED;
    else if (t.value == 0)
        t.state = AMFOL_TIMER_ZERO;
    else {
        t.state = AMFOL_TIMER_VALUE;
        t.seconds = unit_s[t.unit] * t.value;
    }
    return t;
}

amfol_nas_timer amfol_gprs_timer2_decode(uint8_t octet)
{
    return decode(octet, t2_unit_s);
}

amfol_nas_timer amfol_gprs_timer3_decode(uint8_t octet)
{
    return decode(octet, t3_unit_s);
}

const char *amfol_nas_timer_text(const amfol_nas_timer *t, char *buf, size_t size)
{
    switch (t->state) {
    case AMFOL_TIMER_VALUE:
        snprintf(buf, size, "%u s", t->seconds);
        break;
    case AMFOL_TIMER_ZERO:
        snprintf(buf, size, "zero");
        break;
    case AMFOL_TIMER_DEACTIVATED:
        snprintf(buf, size, "deactivated");
        break;
    default:
        snprintf(buf, size, "none");
        break;
    }
    return buf;
}

const char *amfol_nas_timer_state_name(int state)
{
    switch (state) {
    case AMFOL_TIMER_VALUE: return "value";
    case AMFOL_TIMER_ZERO: return "zero";
    case AMFOL_TIMER_DEACTIVATED: return "deactivated";
    default: return "none";
    }
}
