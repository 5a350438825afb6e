/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_n2_classes.c: shed / exempt classes per OverloadAction (TS 38.413 §8.7.7.2), amfol's level
 * convention, names and TBCD PLMN decoding. */
#include "test_n2_util.h"

int main(void)
{
    /* action 0: reject non-emergency MO data */
    CHECK(amfol_cause_is_shed(0, AMFOL_CAUSE_MO_DATA) && amfol_cause_is_shed(0, AMFOL_CAUSE_MO_SMS));
    CHECK(!amfol_cause_is_shed(0, AMFOL_CAUSE_MO_SIGNALLING) && !amfol_cause_is_exempt(0, AMFOL_CAUSE_MO_SIGNALLING));
    CHECK(amfol_cause_is_exempt(0, AMFOL_CAUSE_EMERGENCY) && amfol_cause_is_exempt(0, AMFOL_CAUSE_MT_ACCESS));
    /* action 1 and "no action IE" */
    for (int act = 1; act >= AMFOL_ABSENT; act -= 2) {
        CHECK(amfol_cause_is_shed(act, AMFOL_CAUSE_MO_SIGNALLING) && amfol_cause_is_shed(act, AMFOL_CAUSE_MO_VIDEOCALL));
        CHECK(amfol_cause_is_exempt(act, AMFOL_CAUSE_MPS) && amfol_cause_is_exempt(act, AMFOL_CAUSE_HIGH_PRIORITY));
        CHECK(!amfol_cause_is_shed(act, AMFOL_CAUSE_MT_ACCESS));
    }
    /* action 2: only emergency and MT pass */
    CHECK(amfol_cause_is_shed(2, AMFOL_CAUSE_HIGH_PRIORITY) && amfol_cause_is_shed(2, AMFOL_CAUSE_MCS));
    CHECK(amfol_cause_is_exempt(2, AMFOL_CAUSE_EMERGENCY) && !amfol_cause_is_exempt(2, AMFOL_CAUSE_MPS));
    /* action 3: emergency is not in the permit list (verbatim 38.413) */
    /* emergency under action 3: neither class */
    CHECK(!amfol_cause_is_shed(3, AMFOL_CAUSE_EMERGENCY) && !amfol_cause_is_exempt(3, AMFOL_CAUSE_EMERGENCY) &&
          amfol_cause_is_exempt(3, AMFOL_CAUSE_MPS));
    CHECK(amfol_cause_is_exempt(3, AMFOL_CAUSE_MO_EXCEPTION_DATA) && !amfol_cause_is_shed(3, AMFOL_CAUSE_HIGH_PRIORITY));
    /* no action sheds mt-Access; notAvailable and unknown causes are in no class */
    for (int act = 0; act < AMFOL_ACTION_COUNT; act++) {
        CHECK(!amfol_cause_is_shed(act, AMFOL_CAUSE_MT_ACCESS) && amfol_cause_is_exempt(act, AMFOL_CAUSE_MT_ACCESS));
        CHECK(!amfol_cause_is_shed(act, AMFOL_CAUSE_NOT_AVAILABLE) && !amfol_cause_is_exempt(act, AMFOL_CAUSE_NOT_AVAILABLE));
        CHECK(!amfol_cause_is_shed(act, 42) && !amfol_cause_is_exempt(act, -1));
    }
    CHECK(amfol_level_for_action(0) == AMFOL_LEVEL_MINOR && amfol_level_for_action(1) == AMFOL_LEVEL_MAJOR);
    CHECK(amfol_level_for_action(2) == AMFOL_LEVEL_CRITICAL && amfol_level_for_action(3) == AMFOL_LEVEL_CRITICAL);
    CHECK(amfol_level_for_action(AMFOL_ABSENT) == AMFOL_LEVEL_MAJOR);
    CHECK(strcmp(amfol_action_name(1), "reject-rrc-cr-signalling") == 0 && strcmp(amfol_action_name(-1), "none") == 0);
    CHECK(strcmp(amfol_cause_name(AMFOL_CAUSE_MO_SIGNALLING), "mo-Signalling") == 0);
    CHECK(strcmp(amfol_level_name(AMFOL_LEVEL_CRITICAL), "Critical") == 0);

    amfol_plmn p;
    const uint8_t two[] = { 0x00, 0xf1, 0x10 }, three[] = { 0x13, 0x00, 0x14 }, ws[] = { 0x99, 0xf9, 0x07 };
    amfol_plmn_from_tbcd(two, 3, &p);
    CHECK(strcmp(p.digits, "00101") == 0);
    amfol_plmn_from_tbcd(three, 3, &p);
    CHECK(strcmp(p.digits, "310410") == 0);
    amfol_plmn_from_tbcd(ws, 3, &p);
    CHECK(strcmp(p.digits, "99970") == 0);
    amfol_plmn_from_tbcd(two, 2, &p);                  /* truncated: empty, no crash */
    CHECK(p.digits[0] == '\0');
    amfol_snssai sn = { 1, true, 0x000001 };
    char buf[24];
    amfol_snssai_text(&sn, buf, sizeof buf);
    CHECK(strcmp(buf, "1-000001") == 0);
    printf("test_n2_classes: ok\n");
    return 0;
}
