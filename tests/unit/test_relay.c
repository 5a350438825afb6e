/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_relay.c: one AMF seen through a relay (tap/core/amfol_relay.h): the relay's AMF-side leg
 * is set aside whichever way the first relayed PDU went; two real AMFs that get the same PDU from
 * one gNB are never a relay; a PDU of unknown direction decides nothing; the check can be off. */
#include "core/amfol_relay.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

static amfol_relay_flow flow(uint8_t s3, uint16_t sp, uint8_t d3, uint16_t dp)
{
    amfol_relay_flow f;
    memset(&f, 0, sizeof f);
    f.src[0] = f.dst[0] = 10;
    f.src[3] = s3;
    f.dst[3] = d3;
    f.sport = sp;
    f.dport = dp;
    return f;
}

enum { GNB = 11, RELAY = 99, AMF = 1, AMF2 = 2 };

/* Uplink first (NG SETUP REQUEST: the gNB sends it): gNB -> relay, then relay -> AMF. */
static void uplink_first(void)
{
    amfol_relay *r = amfol_relay_new(1.0);
    amfol_relay_flow a_up = flow(GNB, 38412, RELAY, 38412), b_up = flow(RELAY, 40001, AMF, 38412);
    amfol_relay_flow a_down = flow(RELAY, 38412, GNB, 38412), b_down = flow(AMF, 38412, RELAY, 40001);
    amfol_relay_pdu setup = { 0x1111, -1 }, response = { 0x2222, +1 };
    assert(!amfol_relay_check(r, &a_up, &setup, 1, 10, 0.0));
    assert(amfol_relay_check(r, &b_up, &setup, 1, 11, 0.0001));      /* the relay's copy */
    assert(amfol_relay_check(r, &b_down, &response, 1, 12, 0.003));  /* the AMF leg from now on */
    assert(!amfol_relay_check(r, &a_down, &response, 1, 13, 0.0031));
    assert(amfol_relay_check(r, &b_down, NULL, 0, 14, 0.2));          /* its SACK too */
    const char *d = amfol_relay_describe(r);
    assert(d && strcmp(d, "10.0.0.99 between gNB 10.0.0.11:38412 and AMF 10.0.0.1:38412 (from frame 11; 3 frames "
                          "of its AMF side not counted again)") == 0);
    amfol_relay_free(r);
}

/* Downlink first (the capture begins mid-stream): AMF -> relay is read, relay -> gNB is kept,
 * the AMF leg is set aside from then on. */
static void downlink_first(void)
{
    amfol_relay *r = amfol_relay_new(1.0);
    amfol_relay_flow a_down = flow(RELAY, 38412, GNB, 38412), b_down = flow(AMF, 38412, RELAY, 40001);
    amfol_relay_flow b_up = flow(RELAY, 40001, AMF, 38412);
    amfol_relay_pdu dl = { 0x3333, +1 }, ul = { 0x4444, -1 };
    assert(!amfol_relay_check(r, &b_down, &dl, 1, 1, 0.0));
    assert(!amfol_relay_check(r, &a_down, &dl, 1, 2, 0.0001));        /* the gNB leg: kept */
    assert(amfol_relay_check(r, &b_up, &ul, 1, 4, 0.01));
    amfol_relay_free(r);
}

/* One gNB, two real AMFs, the same NG SETUP REQUEST to both: never a relay. */
static void two_amfs(void)
{
    amfol_relay *r = amfol_relay_new(1.0);
    amfol_relay_flow to1 = flow(GNB, 38412, AMF, 38412), to2 = flow(GNB, 38412, AMF2, 38412);
    amfol_relay_pdu setup = { 0x5555, -1 };
    assert(!amfol_relay_check(r, &to1, &setup, 1, 1, 0.0));
    assert(!amfol_relay_check(r, &to2, &setup, 1, 2, 0.0001));
    assert(!amfol_relay_describe(r));
    amfol_relay_free(r);
}

/* Unknown direction (ERROR INDICATION, NG RESET), too late, or the check off: nothing decided. */
static void undecided(void)
{
    amfol_relay *r = amfol_relay_new(1.0);
    amfol_relay_flow a = flow(GNB, 38412, RELAY, 38412), b = flow(RELAY, 40001, AMF, 38412);
    amfol_relay_pdu either = { 0x6666, 0 }, late = { 0x7777, -1 };
    assert(!amfol_relay_check(r, &a, &either, 1, 1, 0.0));
    assert(!amfol_relay_check(r, &b, &either, 1, 2, 0.0001));
    assert(!amfol_relay_check(r, &a, &late, 1, 3, 1.0));
    assert(!amfol_relay_check(r, &b, &late, 1, 4, 2.5));              /* outside the 1 s window */
    assert(!amfol_relay_describe(r));
    amfol_relay_free(r);
    r = amfol_relay_new(0);
    assert(!amfol_relay_check(r, &a, &late, 1, 1, 0.0) && !amfol_relay_check(r, &b, &late, 1, 2, 0.0));
    amfol_relay_free(r);
    amfol_relay_free(NULL);
}

int main(void)
{
    uplink_first();
    downlink_first();
    two_amfs();
    undecided();
    printf("test_relay: ok\n");
    return 0;
}
