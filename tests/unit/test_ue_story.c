/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_ue_story.c: the UE story log through the engine: a UE rejected with #22 + T3346 (1 min,
 * integrity protected) that retries early and is accepted; its story's frames, times, words,
 * outcome and counts; the frame lookup behind amfol.ue; the `ues` rows; ids that name no UE
 * (garbage, empty, 10 kB) give the "No UE" message. */
#include "engine/amfol_engine.h"
#include "nas/amfol_nas_parse.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#define GNB "10.0.1.1:9487"
#define AMF "10.0.0.1:38412"
#define A AMFOL_ABSENT

static amfol_engine *E;

/* One NGAP PDU (15 InitialUEMessage, 4 Downlink) carrying one NAS PDU. */
static void feed(amfol_frame frame, double t, int proc, int64_t ran, int64_t amfid, const uint8_t *nas, size_t len)
{
    amfol_ngap_event ng;
    memset(&ng, 0, sizeof ng);
    ng.where.frame = frame;
    ng.where.time = t;
    bool down = proc == 4;
    snprintf(ng.where.src.text, sizeof ng.where.src.text, "%s", down ? AMF : GNB);
    snprintf(ng.where.dst.text, sizeof ng.where.dst.text, "%s", down ? GNB : AMF);
    ng.proc = proc;
    ng.ran_ue_id = ran;
    ng.amf_ue_id = amfid;
    ng.rrc_cause = ng.overload_action = ng.reduction_pct = ng.time_to_wait = A;
    ng.relative_amf_capacity = ng.ue_context_request = ng.cause.group = A;
    ng.has_nas = true;
    amfol_engine_frame(E, frame, t);
    amfol_engine_ngap(E, &ng, NULL);
    amfol_nas_event ev;
    memset(&ev, 0, sizeof ev);
    ev.where = ng.where;
    ev.ngap = &ng;
    amfol_nas_parse(nas, len, false, &ev);
    amfol_nas_result r;
    amfol_engine_nas(E, &ev, &r);
}

#define FEED(frame, t, proc, ran, amfid, ...) \
    do { static const uint8_t b_[] = {__VA_ARGS__}; feed(frame, t, proc, ran, amfid, b_, sizeof b_); } while (0)
/* Registration request, initial, SUCI 00101-000000000<n> (null scheme) */
#define REGREQ(n) 0x7e, 0x00, 0x41, 0x79, 0x00, 0x0d, 0x01, 0x00, 0xf1, 0x10, 0xf0, 0xff, 0x00, 0x00, \
    0x00, 0x00, 0x00, 0x00, (0x00 | (n) << 4)
#define IP 0x7e, 0x01, 0x11, 0x22, 0x33, 0x44, 0x05   /* integrity protected header */

static void has(const char *text, const char *want)
{
    if (!strstr(text, want)) {
        fprintf(stderr, "missing %s in:\n%s\n", want, text);
        assert(0);
    }
}

int main(void)
{
    E = amfol_engine_new(NULL);
    FEED(1, 100.0, 15, 1, A, REGREQ(1));
    FEED(2, 100.1, 4, 1, 100, IP, 0x7e, 0x00, 0x44, 0x16, 0x5f, 0x01, 0x21);   /* #22, T3346 1 min */
    FEED(3, 110.0, 15, 2, A, REGREQ(1));                                        /* 50.1 s early */
    FEED(4, 110.2, 4, 2, 101, IP, 0x7e, 0x00, 0x42, 0x01, 0x01);                 /* accept */
    FEED(5, 111.0, 15, 3, A, REGREQ(2));                                        /* another UE */
    amfol_engine_finish(E);

    /* amfol.ue: the frame's UE by its id now. */
    char ids[4][AMFOL_UE_ID_LEN];
    assert(amfol_ue_frame_ids(E, 3, ids, 4) == 1 && strcmp(ids[0], "suci:00101-0000000001") == 0);
    assert(amfol_ue_frame_ids(E, 5, ids, 4) == 1 && strcmp(ids[0], "suci:00101-0000000002") == 0);
    assert(amfol_ue_frame_ids(E, 6, ids, 4) == 0 && amfol_ue_frame_ids(E, 0, ids, 4) == 0);

    GString *s = g_string_new(NULL);
    amfol_ue_report_story(E, "suci:00101-0000000001", s);
    has(s->str, "UE suci:00101-0000000001\n");
    has(s->str, "Outcome: turned away, then accepted; first attempt frame 1 (0.000000 s), accepted frame 4 "
                "(10.200000 s): 10.200000 s later\n");
    has(s->str, "Attempts 2, NAS rejects 1, RRC rejects 0, early retries 1; 4 events\n");
    has(s->str, "       1     0.000000  UL Registration request (initial registration)\n");
    has(s->str, "       2     0.100000  DL Registration reject #22 Congestion, T3346 60 s; back-off: T3346 60 s, "
                "until 60.100000 s [ue-early-retry, congestion-reject-outside-overload]\n");
    has(s->str, "       3    10.000000  UL Registration request (initial registration); EARLY RETRY: 50.100000 s "
                "before the back-off expired [ue-early-retry]\n");
    has(s->str, "       4    10.200000  DL Registration accept; accepted 10.200000 s after the first attempt "
                "since the last success (frame 1)\n");
    has(s->str, "Its frames: amfol.ue == \"suci:00101-0000000001\"\n");
    assert(!strstr(s->str, "     5 "));
    /* The same UE by its NGAP context and without the prefix. */
    g_string_truncate(s, 0);
    amfol_ue_report_story(E, "00101-0000000001", s);
    has(s->str, "UE suci:00101-0000000001 (asked as 00101-0000000001)\n");

    /* Ids that name no UE: the message, the forms, sample ids; never a crash. */
    char big[10001];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    const char *bad[] = {"garbage", "", "#0", "#99999999999999999999999", "ngap:/", "amf-ue:x/-1", "s-tmsi:", big};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        g_string_truncate(s, 0);
        amfol_ue_report_story(E, bad[i], s);
        has(s->str, "No UE \"");
        has(s->str, "Some UEs of this capture (2 in all):\n");
        assert(s->len < 2000);
    }
    g_string_truncate(s, 0);
    amfol_ue_report_story(E, "garbage", s);
    has(s->str, "=== amfol UE story ===\nNo UE \"garbage\" in this capture.\n");

    /* The ues rows: both UEs, the early retrier first (its finding), none left out. */
    uint64_t left = 99;
    amfol_rows *t = amfol_ue_json_rows(E, &left);
    assert(amfol_rows_count(t) == 2 && left == 0);
    assert(strcmp(amfol_rows_cell(t, 0, amfol_rows_find_column(t, "ue"))->v.s, "suci:00101-0000000001") == 0);
    assert(strcmp(amfol_rows_cell(t, 0, amfol_rows_find_column(t, "why"))->v.s, "finding 1 (ue-early-retry)") == 0);
    assert(amfol_rows_cell(t, 0, amfol_rows_find_column(t, "events_total"))->v.u == 4);
    amfol_rows_free(t);

    /* A finding's sample UE. */
    const amfol_findings *fs = amfol_engine_finish(E);
    char id[AMFOL_UE_ID_LEN];
    assert(amfol_findings_count(fs) >= 1 && amfol_ue_finding_sample(E, amfol_findings_get(fs, 0), id, sizeof id));
    assert(strcmp(id, "suci:00101-0000000001") == 0);

    g_string_free(s, TRUE);
    amfol_engine_free(E);
    printf("ok\n");
    return 0;
}
