/* SPDX-License-Identifier: GPL-2.0-or-later */
/* GPRS timer 2 / GPRS timer 3 octets: every unit, zero, deactivated, rounding and read-back. */
#include "enc_check.h"
#include "nas_enc.h"

static void test_timer2(void)
{
    /* unit codes (TS 24.008 §10.5.7.4): 000 2 s, 001 1 min, 010 6 min, 111 deactivated */
    CHECK_EQ(nas_gprs_timer2(NAS_T2_UNIT_2S, 5), 0x05);
    CHECK_EQ(nas_gprs_timer2(NAS_T2_UNIT_1MIN, 1), 0x21);
    CHECK_EQ(nas_gprs_timer2(NAS_T2_UNIT_DECIHOUR, 5), 0x45);
    CHECK_EQ(nas_gprs_timer2(NAS_T2_UNIT_DECIHOUR, 31), 0x5f);
    CHECK_EQ(nas_gprs_timer2(NAS_T2_UNIT_DEACTIVATED, 0), 0xe0);

    CHECK_EQ(nas_gprs_timer2_from_seconds(0), NAS_TIMER_ZERO);
    CHECK_EQ(nas_gprs_timer2_from_seconds(NAS_TIMER_DEACTIVATED), 0xe0);
    CHECK_EQ(nas_gprs_timer2_from_seconds(10), 0x05);        /* 5 x 2 s */
    CHECK_EQ(nas_gprs_timer2_from_seconds(62), 0x1f);        /* 31 x 2 s */
    CHECK_EQ(nas_gprs_timer2_from_seconds(60), 0x21);        /* tie: coarsest unit, 1 x 1 min */
    CHECK_EQ(nas_gprs_timer2_from_seconds(63), 0x22);        /* rounds up to 2 min */
    CHECK_EQ(nas_gprs_timer2_from_seconds(1800), 0x45);      /* 30 min = 5 x 6 min */
    CHECK_EQ(nas_gprs_timer2_from_seconds(31 * 60), 0x3f);   /* 31 min */
    CHECK_EQ(nas_gprs_timer2_from_seconds(186 * 60), 0x5f);  /* largest */
    CHECK_EQ(nas_gprs_timer2_from_seconds(100000), 0x5f);    /* capped */
    CHECK_EQ(nas_gprs_timer2_from_seconds(1), 0x01);         /* rounds up to 2 s */

    CHECK_EQ(nas_gprs_timer2_seconds(0x05), 10);
    CHECK_EQ(nas_gprs_timer2_seconds(0x21), 60);
    CHECK_EQ(nas_gprs_timer2_seconds(0x45), 1800);
    CHECK_EQ(nas_gprs_timer2_seconds(0x00), 0);
    CHECK_EQ(nas_gprs_timer2_seconds(0xe0), NAS_TIMER_DEACTIVATED);
    CHECK_EQ(nas_gprs_timer2_seconds(0x61), 60); /* undefined unit 011: read as 1 min */
    /* every encodable duration reads back exactly */
    for (unsigned unit = 0; unit <= 2; unit++)
        for (unsigned v = 0; v <= 31; v++) {
            uint32_t s = nas_gprs_timer2_seconds(nas_gprs_timer2(unit, v));
            CHECK_EQ(nas_gprs_timer2_seconds(nas_gprs_timer2_from_seconds(s)), s);
        }
}

static void test_timer3(void)
{
    /* units (TS 24.008 §10.5.7.4a): 000 10 min, 001 1 h, 010 10 h, 011 2 s, 100 30 s, 101 1 min,
     * 110 320 h, 111 deactivated */
    CHECK_EQ(nas_gprs_timer3(NAS_T3_UNIT_10MIN, 3), 0x03);
    CHECK_EQ(nas_gprs_timer3(NAS_T3_UNIT_1H, 1), 0x21);
    CHECK_EQ(nas_gprs_timer3(NAS_T3_UNIT_10H, 2), 0x42);
    CHECK_EQ(nas_gprs_timer3(NAS_T3_UNIT_2S, 4), 0x64);
    CHECK_EQ(nas_gprs_timer3(NAS_T3_UNIT_30S, 1), 0x81);
    CHECK_EQ(nas_gprs_timer3(NAS_T3_UNIT_1MIN, 7), 0xa7);
    CHECK_EQ(nas_gprs_timer3(NAS_T3_UNIT_320H, 1), 0xc1);
    CHECK_EQ(nas_gprs_timer3(NAS_T3_UNIT_DEACTIVATED, 0), 0xe0);

    CHECK_EQ(nas_gprs_timer3_from_seconds(0), 0x00);
    CHECK_EQ(nas_gprs_timer3_from_seconds(NAS_TIMER_DEACTIVATED), 0xe0);
    CHECK_EQ(nas_gprs_timer3_from_seconds(8), 0x64);         /* 4 x 2 s */
    CHECK_EQ(nas_gprs_timer3_from_seconds(30), 0x81);        /* tie 15 x 2 s: 1 x 30 s */
    CHECK_EQ(nas_gprs_timer3_from_seconds(420), 0xa7);       /* 7 min */
    CHECK_EQ(nas_gprs_timer3_from_seconds(600), 0x01);       /* 10 min */
    CHECK_EQ(nas_gprs_timer3_from_seconds(3600), 0x21);      /* 1 h */
    CHECK_EQ(nas_gprs_timer3_from_seconds(72000), 0x42);     /* 20 h */
    CHECK_EQ(nas_gprs_timer3_from_seconds(1152000), 0xc1);   /* 320 h */
    CHECK_EQ(nas_gprs_timer3_from_seconds(4000000000u), 0xdf); /* capped at 31 x 320 h */

    CHECK_EQ(nas_gprs_timer3_seconds(0x21), 3600);
    CHECK_EQ(nas_gprs_timer3_seconds(0xc1), 1152000);
    CHECK_EQ(nas_gprs_timer3_seconds(0xe0), NAS_TIMER_DEACTIVATED);
    for (unsigned unit = 0; unit <= 6; unit++)
        for (unsigned v = 0; v <= 31; v++) {
            uint64_t s = nas_gprs_timer3_seconds(nas_gprs_timer3(unit, v));
            CHECK_EQ(nas_gprs_timer3_seconds(nas_gprs_timer3_from_seconds((uint32_t)s)), s);
        }
}

int main(void)
{
    test_timer2();
    test_timer3();
    return check_report("test_timers");
}
