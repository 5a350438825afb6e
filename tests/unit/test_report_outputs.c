/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_report_outputs.c: the three reports on a calm capture and on one clean episode: exact
 * headline, JSON members written by json_dumper, timeline lines. */
#include "test_n2_util.h"
#include "report/amfol_report.h"


#define G1 "10.0.1.1:38412"
#define G2 "10.0.1.2:38412"

static void expect(const GString *s, const char *needle)
{
    if (!strstr(s->str, needle)) {
        printf("missing \"%s\" in:\n%s\n", needle, s->str);
        fflush(stdout);
        CHECK(0);
    }
}

int main(void)
{
    /* Calm: NG Setup and a few InitialUEMessages. */
    t_feed f = { amfol_engine_new(NULL), 0, 1767225600.0 };
    t_setup(&f, 0.0, G1, "gnb-1", "amf-1");
    t_iue(&f, 1.0, G1, AMFOL_CAUSE_MO_DATA);
    GString *s = g_string_new(NULL);
    amfol_report_diagnosis(f.e, s);
    expect(s, "No OVERLOAD START in this capture (3 NGAP PDUs from 1 association)\n");
    expect(s, "No findings.\n");
    g_string_truncate(s, 0);
    amfol_report_json(f.e, s);
    expect(s, "\"amfol_version\": \"" AMFOL_JSON_VERSION "\"");
    expect(s, "\"frames\": 3");
    expect(s, "\"first_time\": 1767225600.000000");
    expect(s, "\"last_time\": 1767225601.000000");
    expect(s, "\"episodes\": []");
    expect(s, "\"findings\": []");
    expect(s, "\"mo-Data\": 1");
    amfol_engine_free(f.e);

    /* One clean episode told to one of two gNBs (so one partial finding). */
    t_feed g = { amfol_engine_new(NULL), 0, 1767225600.0 };
    t_setup(&g, 0.0, G1, "gnb-1", "amf-1");       /* frames 1-2 */
    t_setup(&g, 0.0, G2, "gnb-2", "amf-1");       /* frames 3-4 */
    t_iue(&g, 30.0, G1, AMFOL_CAUSE_MO_SIGNALLING);   /* 5 */
    t_start(&g, 60.0, G1, AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING, 50);   /* 6 */
    t_iue(&g, 70.0, G1, AMFOL_CAUSE_MT_ACCESS);       /* 7 */
    t_stop(&g, 180.0, G1);                            /* 8 */
    t_iue(&g, 181.0, G1, AMFOL_CAUSE_MO_DATA);        /* 9 */
    g_string_truncate(s, 0);
    amfol_report_diagnosis(g.e, s);
    expect(s, "AMF amf-1: overload episode 1 from frame 6 (t+60.0 s) to frame 8 (t+180.0 s), amfol level Major "
              "(reject-rrc-cr-signalling, 50 %), told 1 of 2 gNBs\n");
    expect(s, "1. [note] overload-start-partial");   /* untold gnb-2 carried none of the shed class */
    expect(s, "   Where: AMF amf-1, gNB gnb-2\n");
    expect(s, "   Evidence: first frame 6; frames 6\n");
    expect(s, "   Check next: ");
    g_string_truncate(s, 0);
    amfol_report_json(g.e, s);
    expect(s, "\"start_frame\": 6");
    expect(s, "\"stop_frame\": 8");
    expect(s, "\"action\": \"reject-rrc-cr-signalling\"");
    expect(s, "\"reduction_pct\": 50");
    const char *nt = strstr(s->str, "\"gnbs_not_told\": [");
    CHECK(nt && strstr(nt, "\"gnb-2\"") && strstr(nt, "\"gnb-2\"") < strstr(nt, "]"));
    expect(s, "\"rule\": \"overload-start-partial\"");
    expect(s, "\"severity\": \"note\"");
    g_string_truncate(s, 0);
    amfol_report_timeline(g.e, s);
    expect(s, "AMF amf-1 (AMFName from NG SETUP RESPONSE, address " AMF_EP ", RelativeAMFCapacity 255)\n");
    expect(s, "  Episode 1: START frame 6 (t+60.000 s) to STOP frame 8 (t+180.000 s), 120.000 s, highest level Major (amfol's convention, not 3GPP)\n");
    expect(s, "    frame 6 (t+60.000 s) START to gnb-1: reject-rrc-cr-signalling 50 %\n");
    expect(s, "    gNB gnb-2: not told (no OVERLOAD START in this episode)\n");
    expect(s, "      InitialUEMessage before (60 s): mo-Signalling 1\n      during: mt-Access 1\n");
    expect(s, "      after (60 s): mo-Data 1\n");
    amfol_engine_free(g.e);

    /* No frames: the capture's times are null and, without a caveat, there is no caveat member;
     * with one it is said. */
    amfol_engine *z = amfol_engine_new(NULL);
    g_string_truncate(s, 0);
    amfol_report_json(z, s);
    expect(s, "\"capture\": {\n    \"frames\": 0,\n    \"first_time\": null,\n    \"last_time\": null,\n"
              "    \"duplicates_ignored\": 0,\n    \"sctp_retransmissions_ignored\": 0,\n"
              "    \"damaged_ignored\": 0\n  },");
    expect(s, "\"radio\": {\n    \"requests\": 0,");
    expect(s, "\"cells\": []");
    expect(s, "\"scps\": [],\n    \"dropped\": 0\n  },");
    expect(s, "\"tls_keylog_hint\": null");
    amfol_engine_add_caveat(z, "only one direction was captured");
    g_string_truncate(s, 0);
    amfol_report_json(z, s);
    expect(s, "\"damaged_ignored\": 0,\n    \"caveat\": \"only one direction was captured");
    amfol_engine_free(z);
    g_string_free(s, TRUE);
    printf("test_report_outputs: ok\n");
    return 0;
}
