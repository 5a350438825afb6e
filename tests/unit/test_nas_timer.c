/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_nas_timer.c: GPRS timer 2 and 3 decoding: every unit, zero and deactivated. */
#include "nas/amfol_nas_timer.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

static void t2(uint8_t octet, int state, uint32_t seconds)
{
    amfol_nas_timer t = amfol_gprs_timer2_decode(octet);
    if (t.state != state || (state == AMFOL_TIMER_VALUE && t.seconds != seconds)) {
        fprintf(stderr, "timer2 0x%02x: state %d seconds %u, want %d %u\n", octet, t.state,
                t.seconds, state, seconds);
        assert(0);
    }
    assert(t.unit == octet >> 5 && t.value == (octet & 31));
}

static void t3(uint8_t octet, int state, uint32_t seconds)
{
    amfol_nas_timer t = amfol_gprs_timer3_decode(octet);
    if (t.state != state || (state == AMFOL_TIMER_VALUE && t.seconds != seconds)) {
        fprintf(stderr, "timer3 0x%02x: state %d seconds %u, want %d %u\n", octet, t.state,
                t.seconds, state, seconds);
        assert(0);
    }
}

int main(void)
{
    /* GPRS timer 2: 000 x2 s, 001 x1 min, 010 x6 min, 011..110 read as x1 min, 111 deactivated. */
    t2(0x05, AMFOL_TIMER_VALUE, 10);          /* §7 vector: service reject 10 s */
    t2(0x1f, AMFOL_TIMER_VALUE, 62);
    t2(0x21, AMFOL_TIMER_VALUE, 60);          /* §7 vector: 1 min */
    t2(0x45, AMFOL_TIMER_VALUE, 1800);        /* 5 decihours = 30 min */
    t2(0x5f, AMFOL_TIMER_VALUE, 186 * 60);
    t2(0x63, AMFOL_TIMER_VALUE, 180);         /* unit 3: 1 min */
    t2(0x83, AMFOL_TIMER_VALUE, 180);         /* unit 4 */
    t2(0xa3, AMFOL_TIMER_VALUE, 180);         /* unit 5 */
    t2(0xc3, AMFOL_TIMER_VALUE, 180);         /* unit 6 */
    t2(0xe0, AMFOL_TIMER_DEACTIVATED, 0);
    t2(0xe5, AMFOL_TIMER_DEACTIVATED, 0);     /* deactivated whatever the value bits */
    t2(0x00, AMFOL_TIMER_ZERO, 0);            /* "0 sec" */
    t2(0x20, AMFOL_TIMER_ZERO, 0);
    t2(0x40, AMFOL_TIMER_ZERO, 0);
    /* GPRS timer 3: 000 x10 min, 001 x1 h, 010 x10 h, 011 x2 s, 100 x30 s, 101 x1 min,
     * 110 x320 h, 111 deactivated. */
    t3(0x01, AMFOL_TIMER_VALUE, 600);
    t3(0x21, AMFOL_TIMER_VALUE, 3600);        /* §7 vector: back-off 1 h */
    t3(0x42, AMFOL_TIMER_VALUE, 72000);
    t3(0x65, AMFOL_TIMER_VALUE, 10);
    t3(0x83, AMFOL_TIMER_VALUE, 90);
    t3(0xa2, AMFOL_TIMER_VALUE, 120);
    t3(0xc1, AMFOL_TIMER_VALUE, 1152000);
    t3(0xdf, AMFOL_TIMER_VALUE, 31u * 1152000u);
    t3(0xe0, AMFOL_TIMER_DEACTIVATED, 0);
    t3(0xff, AMFOL_TIMER_DEACTIVATED, 0);
    t3(0x00, AMFOL_TIMER_ZERO, 0);
    t3(0x60, AMFOL_TIMER_ZERO, 0);

    char buf[32];
    amfol_nas_timer x = amfol_gprs_timer2_decode(0x21);
    assert(strcmp(amfol_nas_timer_text(&x, buf, sizeof buf), "60 s") == 0);
    x = amfol_gprs_timer2_decode(0xe0);
    assert(strcmp(amfol_nas_timer_text(&x, buf, sizeof buf), "deactivated") == 0);
    x = amfol_gprs_timer2_decode(0x00);
    assert(strcmp(amfol_nas_timer_text(&x, buf, sizeof buf), "zero") == 0);
    amfol_nas_timer none = {0};
    assert(strcmp(amfol_nas_timer_text(&none, buf, sizeof buf), "none") == 0);
    assert(strcmp(amfol_nas_timer_state_name(AMFOL_TIMER_ZERO), "zero") == 0);
    printf("test_nas_timer: ok\n");
    return 0;
}
