/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_nas_flow.c: the NAS module through the engine: UE linking, back-off verdicts (violation,
 * exemptions, not integrity protected), and the NAS findings with exact frames and counts. */
#include "engine/amfol_engine.h"
#include "core/amfol_context.h"   /* E->n2: the overload reference below */
#include "n2/amfol_n2.h"
#include "core/amfol_rules.h"
#include "nas/amfol_nas_parse.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define GNB "10.0.1.1:9487"
#define AMF "10.0.0.1:38412"

static amfol_engine *E;

/* One NGAP PDU carrying one NAS PDU. proc 15 InitialUEMessage / 46 Uplink / 4 Downlink. */
static amfol_nas_result feed(amfol_frame frame, double t, int proc, int64_t ran, int64_t amfid,
                             int rrc_cause, const uint8_t *nas, size_t len)
{
    amfol_ngap_event ng;
    memset(&ng, 0, sizeof ng);
    ng.where.frame = frame;
    ng.where.time = t;
    bool down = proc == 4 || proc == 14;
    snprintf(ng.where.src.text, sizeof ng.where.src.text, "%s", down ? AMF : GNB);
    snprintf(ng.where.dst.text, sizeof ng.where.dst.text, "%s", down ? GNB : AMF);
    ng.proc = proc;
    ng.ran_ue_id = ran;
    ng.amf_ue_id = amfid;
    ng.rrc_cause = rrc_cause;
    ng.overload_action = ng.reduction_pct = ng.time_to_wait = ng.relative_amf_capacity = AMFOL_ABSENT;
    ng.ue_context_request = AMFOL_ABSENT;
    ng.cause.group = AMFOL_ABSENT;
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
    return r;
}

#define FEED(frame, t, proc, ran, amfid, rrc, ...) \
    ({ static const uint8_t b_[] = {__VA_ARGS__}; feed(frame, t, proc, ran, amfid, rrc, b_, sizeof b_); })

#define A AMFOL_ABSENT
#define MO AMFOL_CAUSE_MO_SIGNALLING
/* Registration request, initial, SUCI 00101-000000000<n> (null scheme) */
#define REGREQ(n) 0x7e, 0x00, 0x41, 0x79, 0x00, 0x0d, 0x01, 0x00, 0xf1, 0x10, 0xf0, 0xff, 0x00, 0x00, \
    0x00, 0x00, 0x00, 0x00, (0x00 | (n) << 4)
#define REGREQ_EMERG(n) 0x7e, 0x00, 0x41, 0x7c, 0x00, 0x0d, 0x01, 0x00, 0xf1, 0x10, 0xf0, 0xff, 0x00, \
    0x00, 0x00, 0x00, 0x00, 0x00, (0x00 | (n) << 4)
#define IP 0x7e, 0x01, 0x11, 0x22, 0x33, 0x44, 0x05   /* integrity protected header */

/* OVERLOAD START (reject-non-emergency-mo-dt) from the AMF to the gNB. */
static void overload_start(amfol_frame frame, double t)
{
    amfol_ngap_event ng;
    memset(&ng, 0, sizeof ng);
    ng.where.frame = frame;
    ng.where.time = t;
    snprintf(ng.where.src.text, sizeof ng.where.src.text, "%s", AMF);
    snprintf(ng.where.dst.text, sizeof ng.where.dst.text, "%s", GNB);
    ng.proc = 22;
    ng.pdu_type = AMFOL_PDU_INITIATING;
    ng.ran_ue_id = ng.amf_ue_id = AMFOL_ABSENT;
    ng.overload_action = 0;
    ng.reduction_pct = ng.time_to_wait = ng.relative_amf_capacity = ng.rrc_cause = AMFOL_ABSENT;
    ng.ue_context_request = AMFOL_ABSENT;
    ng.cause.group = ng.cause.value = AMFOL_ABSENT;
    amfol_engine_frame(E, frame, t);
    amfol_engine_ngap(E, &ng, NULL);
}

static const amfol_finding *find(const amfol_findings *f, amfol_rule_id rule, int nth)
{
    for (size_t i = 0; i < amfol_findings_count(f); i++) {
        const amfol_finding *x = amfol_findings_get(f, i);
        if (x->rule_id == rule && nth-- == 0)
            return x;
    }
    return NULL;
}

static int count_rule(const amfol_findings *f, amfol_rule_id rule)
{
    int n = 0;
    for (size_t i = 0; i < amfol_findings_count(f); i++)
        n += amfol_findings_get(f, i)->rule_id == rule;
    return n;
}

static void basic(void)
{
    E = amfol_engine_new(NULL);
    amfol_nas_result r;
    /* UE 1: rejected (integrity protected, T3346 60 s), retries after 10 s: violation. */
    r = FEED(1, 0.0, 15, 1, A, MO, REGREQ(1));
    assert(r.linked_by == AMFOL_LINK_NEW && r.is_attempt && !r.in_backoff);
    assert(strcmp(r.ue, "suci:00101-0000000001") == 0 && strcmp(r.amf, AMF) == 0);
    r = FEED(2, 0.1, 4, 1, 100, A, IP, 0x7e, 0x00, 0x44, 0x16, 0x5f, 0x01, 0x21);
    assert(r.linked_by == AMFOL_LINK_NGAP_IDS && r.congestion && r.integrity_protected);
    assert(r.backoff_timer == 3346 && r.backoff_s == 60 && fabs(r.expiry - 60.1) < 1e-9);
    assert(!r.timer_not_binding && !r.exempt_rejected && !r.in_overload && r.episode == 0);
    r = FEED(3, 10.0, 15, 2, A, MO, REGREQ(1));
    assert(r.linked_by == AMFOL_LINK_SUCI && r.in_backoff && r.verdict == AMFOL_VERDICT_VIOLATION);
    assert(r.backoff_frame == 2 && fabs(r.to_expiry_s - 50.1) < 1e-9);
    r = FEED(4, 70.0, 15, 3, A, MO, REGREQ(1));
    assert(!r.in_backoff && r.verdict == AMFOL_VERDICT_NONE);

    /* UE 2: plain reject: the UE runs a random default T3346 (15 to 30 min) whatever the value
     * sent; 3.9 s is before 15 min: a violation, 896.1 s before the earliest default expiry. */
    r = FEED(5, 1.0, 15, 10, A, MO, REGREQ(2));
    r = FEED(6, 1.1, 4, 10, 110, A, 0x7e, 0x00, 0x44, 0x16, 0x5f, 0x01, 0x21);
    assert(r.timer_not_binding && r.backoff_timer == 3346);
    r = FEED(7, 5.0, 15, 11, A, MO, REGREQ(2));
    assert(r.in_backoff && r.verdict == AMFOL_VERDICT_VIOLATION && fabs(r.to_expiry_s - 896.1) < 1e-9);

    /* UE 3: emergency registration rejected for congestion; its emergency retry is allowed. */
    r = FEED(8, 2.0, 15, 20, A, MO, REGREQ_EMERG(3));
    r = FEED(9, 2.1, 4, 20, 120, A, IP, 0x7e, 0x00, 0x44, 0x16, 0x5f, 0x01, 0x21);
    assert(r.exempt_rejected && strstr(r.exempt_why, "emergency registration"));
    r = FEED(10, 3.0, 15, 21, A, MO, REGREQ_EMERG(3));
    assert(r.in_backoff && r.verdict == AMFOL_VERDICT_ALLOWED && strstr(r.reason, "emergency"));

    /* UE 4: #22 without T3346: no back-off, so its retry is not judged. */
    r = FEED(11, 3.0, 15, 30, A, MO, REGREQ(4));
    r = FEED(12, 3.1, 4, 30, 130, A, IP, 0x7e, 0x00, 0x44, 0x16);
    assert(r.congestion && r.backoff_timer == 0);
    r = FEED(13, 3.5, 15, 31, A, MO, REGREQ(4));
    assert(!r.in_backoff);

    /* UE 5: short T3346 (10 s); a CONFIGURATION UPDATE COMMAND then makes the retry allowed. */
    r = FEED(14, 4.0, 15, 40, A, MO, REGREQ(5));
    r = FEED(15, 4.1, 4, 40, 140, A, IP, 0x7e, 0x00, 0x44, 0x16, 0x5f, 0x01, 0x05);
    assert(r.backoff_s == 10);
    r = FEED(16, 4.2, 4, 40, 140, A, IP, 0x7e, 0x00, 0x54, 0xd2);
    assert(r.linked_by == AMFOL_LINK_NGAP_IDS);
    r = FEED(17, 6.0, 15, 41, A, MO, REGREQ(5));
    assert(r.verdict == AMFOL_VERDICT_ALLOWED && strstr(r.reason, "CONFIGURATION UPDATE"));

    /* UE 6: retry in the existing NGAP context (5GMM-CONNECTED): allowed. */
    r = FEED(18, 7.0, 15, 50, A, MO, REGREQ(6));
    r = FEED(19, 7.1, 4, 50, 150, A, IP, 0x7e, 0x00, 0x44, 0x16, 0x5f, 0x01, 0x21);
    r = FEED(20, 8.0, 46, 50, 150, A, REGREQ(6));
    assert(r.verdict == AMFOL_VERDICT_ALLOWED && strstr(r.reason, "5GMM-CONNECTED"));

    /* Not congestion (#7), and a ciphered PDU. */
    r = FEED(21, 9.0, 15, 60, A, MO, REGREQ(7));
    r = FEED(22, 9.1, 4, 60, 160, A, 0x7e, 0x00, 0x44, 0x07);
    assert(!r.congestion && r.mm_cause == 7);
    r = FEED(23, 9.2, 4, 60, 160, A, 0x7e, 0x02, 0x11, 0x22, 0x33, 0x44, 0x05, 0x99, 0x98);
    assert(r.ciphered && r.linked_by == AMFOL_LINK_NGAP_IDS);

    /* 5GSM congestion inside DL NAS TRANSPORT: T3396 1 h. */
    r = FEED(24, 9.3, 4, 60, 160, A, 0x7e, 0x00, 0x68, 0x01, 0x00, 0x08, 0x2e, 0x05, 0x01, 0xc3,
             0x1a, 0x37, 0x01, 0x21, 0x12, 0x05, 0x58, 0x16, 0x37, 0x01, 0x21);
    assert(r.congestion && r.backoff_timer == 3396 && r.backoff_s == 3600 && r.sm_cause == 26);

    /* 5GSM: #67 -> T3584, #69 -> T3585 (PDU session establishment reject in DL NAS TRANSPORT). */
    r = FEED(25, 9.4, 4, 60, 160, A, 0x7e, 0x00, 0x68, 0x01, 0x00, 0x08, 0x2e, 0x05, 0x01, 0xc3,
             0x43, 0x37, 0x01, 0x65);
    assert(r.sm_cause == 67 && r.backoff_timer == 3584 && r.backoff_s == 10 && r.congestion);
    r = FEED(26, 9.5, 4, 60, 160, A, 0x7e, 0x00, 0x68, 0x01, 0x00, 0x08, 0x2e, 0x05, 0x01, 0xc3,
             0x45, 0x37, 0x01, 0xe0);
    assert(r.sm_cause == 69 && r.backoff_timer == 3585 && r.backoff.state == AMFOL_TIMER_DEACTIVATED);
    /* A PDU session request inside that (valid) back-off is shown, never judged. */
    r = FEED(27, 9.45, 46, 60, 160, A, 0x7e, 0x00, 0x67, 0x01, 0x00, 0x04, 0x2e, 0x05, 0x02, 0xc1);
    assert(r.sm_type == 0xc1 && !r.in_backoff);          /* #69 gave "deactivated": no timed back-off */

    /* DEREGISTRATION REQUEST (UE terminated) #22 + T3346 starts a back-off, not a reject. */
    r = FEED(28, 30.0, 15, 70, A, MO, REGREQ(8));
    r = FEED(29, 30.1, 4, 70, 170, A, IP, 0x7e, 0x00, 0x47, 0x01, 0x58, 0x16, 0x5f, 0x01, 0x21);
    assert(r.congestion && r.backoff_timer == 3346 && r.backoff_s == 60);
    /* The UE comes back through another gNB context with its AMF UE NGAP ID only. */
    r = FEED(30, 31.0, 46, 71, 170, A, REGREQ(8));
    assert(r.linked_by == AMFOL_LINK_AMF_UE_ID && r.in_backoff && r.verdict == AMFOL_VERDICT_ALLOWED);

    /* UE 2 again, after 15 min but inside the default range (up to 30 min): uncertain, never a
     * violation; after 30 min it is on time. */
    r = FEED(31, 1000.0, 15, 12, A, MO, REGREQ(2));
    assert(r.in_backoff && r.verdict == AMFOL_VERDICT_UNCERTAIN && fabs(r.to_expiry_s - 801.1) < 1e-6);
    r = FEED(32, 1802.0, 15, 13, A, MO, REGREQ(2));
    assert(!r.in_backoff && r.verdict == AMFOL_VERDICT_NONE);

    const amfol_findings *f = amfol_engine_finish(E);
    const amfol_finding *x = find(f, AMFOL_RULE_UE_EARLY_RETRY, 0);
    assert(x && count_rule(f, AMFOL_RULE_UE_EARLY_RETRY) == 2);   /* UE 1, and UE 2's unprotected one */
    assert(x->first_frame == 3 && x->n_frames == 2 && x->frames[0] == 2 && x->frames[1] == 3);
    assert(strcmp(x->ue, "suci:00101-0000000001") == 0 && strcmp(x->amf, AMF) == 0 && x->count == 1);
    x = find(f, AMFOL_RULE_UE_EARLY_RETRY, 1);
    assert(x && x->first_frame == 7 && x->frames[0] == 6 && strcmp(x->ue, "suci:00101-0000000002") == 0);
    x = find(f, AMFOL_RULE_T3346_MISSING, 0);
    assert(x && x->first_frame == 12 && x->n_frames == 1 && x->count == 1);
    assert(strcmp(x->ue, "suci:00101-0000000004") == 0);
    x = find(f, AMFOL_RULE_T3346_SHORT, 0);
    assert(x && x->first_frame == 15 && x->n_frames == 1 && count_rule(f, AMFOL_RULE_T3346_SHORT) == 1);
    x = find(f, AMFOL_RULE_EXEMPT_ACCESS_REJECTED, 0);
    assert(x && x->first_frame == 9 && x->n_frames == 1 && strcmp(x->layer, "nas") == 0);
    x = find(f, AMFOL_RULE_CONGESTION_REJECT_OUTSIDE_OVERLOAD, 0);
    assert(x && x->first_frame == 2 && x->count == 6);
    amfol_frame want[] = {2, 6, 9, 12, 15, 19};
    for (int i = 0; i < 6; i++)
        assert(x->frames[i] == want[i]);
    assert(count_rule(f, AMFOL_RULE_T3346_ZERO_OR_DEACTIVATED) == 0);
    assert(count_rule(f, AMFOL_RULE_T3346_NOT_RANDOMISED) == 0 && count_rule(f, AMFOL_RULE_BACKOFF_STORM) == 0);

    GString *tl = g_string_new(NULL);
    amfol_nas_report_timeline(E, tl);
    assert(strstr(tl->str, "early retry: frame 3"));
    assert(strstr(tl->str, "Registration reject") && strstr(tl->str, "Congestion"));
    GString *js = g_string_new(NULL);
    json_dumper d = {.output_string = js};
    json_dumper_begin_object(&d);
    amfol_nas_report_json(E, &d);
    json_dumper_end_object(&d);
    assert(json_dumper_finish(&d));
    assert(strstr(js->str, "\"congestion_rejects\":6") && strstr(js->str, "\"60\":4"));
    assert(strstr(js->str, "\"ciphered\":1"));
    g_string_free(tl, TRUE);
    g_string_free(js, TRUE);
    amfol_engine_free(E);
}

/* 25 UEs rejected with the same T3346 (60 s) in 1 s; 20 come back within 2 s of expiry. Then
 * (#111 configured as congestion) 60 rejects without T3346 in 6 s and 4 accepts: a storm. */
static void synchronised(void)
{
    amfol_config cfg;
    amfol_config_defaults(&cfg);
    strcpy(cfg.congestion_causes, "22,111");
    E = amfol_engine_new(&cfg);
    overload_start(1, 99.0);
    amfol_frame fr = 2;
    for (int i = 0; i < 25; i++) {
        uint8_t req[] = {REGREQ(0)};
        req[17] = (uint8_t)(i / 10 << 4 | 0);
        req[18] = (uint8_t)((i % 10) << 4 | 1);
        feed(fr++, 100 + i * 0.04, 15, 1000 + i, A, MO, req, sizeof req);
        static const uint8_t rej[] = {IP, 0x7e, 0x00, 0x44, 0x16, 0x5f, 0x01, 0x21};
        amfol_nas_result r = feed(fr++, 100 + i * 0.04 + 0.01, 4, 1000 + i, 5000 + i, A, rej, sizeof rej);
        assert(r.in_overload && r.episode == 1 && r.episode_start == 1);
    }
    for (int i = 0; i < 20; i++) {
        uint8_t req[] = {REGREQ(0)};
        req[17] = (uint8_t)(i / 10 << 4 | 0);
        req[18] = (uint8_t)((i % 10) << 4 | 1);
        amfol_nas_result r = feed(fr++, 160.5 + i * 0.04, 15, 2000 + i, A, MO, req, sizeof req);
        assert(r.linked_by == AMFOL_LINK_SUCI && !r.in_backoff);
    }
    const amfol_findings *f = amfol_engine_finish(E);
    const amfol_finding *x = find(f, AMFOL_RULE_T3346_NOT_RANDOMISED, 0);
    assert(x && count_rule(f, AMFOL_RULE_T3346_NOT_RANDOMISED) == 1);
    assert(x->first_frame == 3 && x->count == 25 && x->n_frames == 25);
    assert(strstr(x->summary, "retry wave: 20 of the 20"));
    assert(count_rule(f, AMFOL_RULE_UE_EARLY_RETRY) == 0 && count_rule(f, AMFOL_RULE_BACKOFF_STORM) == 0);
    assert(count_rule(f, AMFOL_RULE_CONGESTION_REJECT_OUTSIDE_OVERLOAD) == 0);
    amfol_engine_free(E);

    E = amfol_engine_new(&cfg);
    fr = 1;
    amfol_frame storm_first = fr;
    for (int i = 0; i < 60; i++) {
        static const uint8_t rej[] = {0x7e, 0x00, 0x4d, 0x6f};  /* service reject #111 */
        feed(fr++, 300 + i * 0.1, 4, 3000 + i, 7000 + i, A, rej, sizeof rej);
    }
    for (int i = 0; i < 4; i++) {
        static const uint8_t acc[] = {0x7e, 0x00, 0x42, 0x01, 0x01};
        feed(fr++, 301 + i, 4, 4000 + i, 8000 + i, A, acc, sizeof acc);
    }
    f = amfol_engine_finish(E);
    x = find(f, AMFOL_RULE_BACKOFF_STORM, 0);
    assert(x && x->first_frame == storm_first && x->count == 60 && x->n_frames == 32);
    assert(find(f, AMFOL_RULE_T3346_MISSING, 0)->count == 60);
    assert(count_rule(f, AMFOL_RULE_T3346_NOT_RANDOMISED) == 0);
    amfol_engine_free(E);

    /* The same rejects with 20 registrations accepted (ciphered accept answering a readable
     * request in the same NGAP context): 60 < 3 x 24, no storm. */
    E = amfol_engine_new(&cfg);
    fr = 1;
    for (int i = 0; i < 60; i++) {
        static const uint8_t rej[] = {0x7e, 0x00, 0x4d, 0x6f};
        feed(fr++, 300 + i * 0.1, 4, 3000 + i, 7000 + i, A, rej, sizeof rej);
    }
    for (int i = 0; i < 24; i++) {
        uint8_t req[] = {REGREQ(0)};
        req[18] = (uint8_t)((i % 10) << 4 | 2);
        req[17] = (uint8_t)(i / 10 << 4);
        feed(fr++, 301 + i * 0.2, 15, 5000 + i, A, MO, req, sizeof req);
        static const uint8_t acc[] = {0x7e, 0x02, 1, 2, 3, 4, 5, 0x99, 0x98, 0x97};
        amfol_nas_result r = feed(fr++, 301.05 + i * 0.2, 4, 5000 + i, 9000 + i, A, acc, sizeof acc);
        assert(r.ciphered && r.linked_by == AMFOL_LINK_NGAP_IDS);
    }
    f = amfol_engine_finish(E);
    assert(count_rule(f, AMFOL_RULE_BACKOFF_STORM) == 0 && find(f, AMFOL_RULE_T3346_MISSING, 0)->count == 60);
    amfol_engine_free(E);

    /* Default cause set: #111 is not congestion, so no storm and no missing T3346. */
    E = amfol_engine_new(NULL);
    for (int i = 0; i < 60; i++) {
        static const uint8_t rej[] = {0x7e, 0x00, 0x4d, 0x6f};
        feed((amfol_frame)(i + 1), 300 + i * 0.1, 4, 3000 + i, 7000 + i, A, rej, sizeof rej);
    }
    f = amfol_engine_finish(E);
    assert(amfol_findings_count(f) == 0);
    amfol_engine_free(E);
}

/* T3346 zero and deactivated: no back-off, one t3346-zero-or-deactivated finding per AMF. */
static void zero_and_deactivated(void)
{
    E = amfol_engine_new(NULL);
    amfol_nas_result r;
    FEED(1, 1.0, 15, 1, A, MO, REGREQ(1));
    r = FEED(2, 1.1, 4, 1, 1, A, IP, 0x7e, 0x00, 0x44, 0x16, 0x5f, 0x01, 0x00);
    assert(r.t3346.state == AMFOL_TIMER_ZERO && r.backoff_timer == 0);
    r = FEED(3, 1.5, 15, 2, A, MO, REGREQ(1));
    assert(!r.in_backoff);                               /* zero: may retry at once */
    FEED(4, 2.0, 15, 3, A, MO, REGREQ(2));
    r = FEED(5, 2.1, 4, 3, 3, A, IP, 0x7e, 0x00, 0x4d, 0x16, 0x5f, 0x01, 0xe0);
    assert(r.t3346.state == AMFOL_TIMER_DEACTIVATED);
    r = FEED(6, 2.5, 15, 4, A, MO, REGREQ(2));
    assert(!r.in_backoff);                               /* deactivated: abnormal case, no back-off */
    const amfol_findings *f = amfol_engine_finish(E);
    const amfol_finding *x = find(f, AMFOL_RULE_T3346_ZERO_OR_DEACTIVATED, 0);
    assert(x && count_rule(f, AMFOL_RULE_T3346_ZERO_OR_DEACTIVATED) == 1);
    assert(x->first_frame == 2 && x->n_frames == 2 && x->frames[1] == 5 && x->count == 2);
    assert(strcmp(x->ue, "suci:00101-0000000001") == 0);
    assert(count_rule(f, AMFOL_RULE_T3346_MISSING) == 0 && count_rule(f, AMFOL_RULE_T3346_SHORT) == 0);
    assert(count_rule(f, AMFOL_RULE_UE_EARLY_RETRY) == 0);
    amfol_engine_free(E);
}

/* The overload a NAS message is shown in, as N2 answers it directly: the association's own view,
 * else the AMF's, at t and then at t - grace (an episode that ended within the grace). */
static bool expected_overload(int assoc, const char *amf, double t, double grace, int *episode,
                              amfol_frame *start)
{
    amfol_time when[2] = {t, t - grace};
    for (int i = 0; i < 2; i++) {
        amfol_overload_view v;
        memset(&v, 0, sizeof v);
        bool ok = amfol_n2_assoc_overload(E->n2, assoc, when[i], &v) && v.in_overload;
        if (!ok) {
            memset(&v, 0, sizeof v);
            ok = amfol_n2_overload_for_amf(E->n2, amf, when[i], &v) && v.in_overload;
        }
        if (ok) {
            *episode = v.episode;
            *start = v.start_frame;
            return true;
        }
    }
    return false;
}

/* The NAS module asks N2 about t - grace only when an OVERLOAD START / STOP came after it: a
 * random stream of STARTs and STOPs on two gNBs of one AMF, NAS messages between them (times
 * mostly rising, sometimes falling: a capture out of order), gives every message the overload
 * that asking N2 at t and at t - grace gives. */
static void overload_grace_random(void)
{
    E = amfol_engine_new(NULL);
    const char *gnbs[2] = {GNB, "10.0.1.2:9487"};
    GRand *rnd = g_rand_new_with_seed(7);
    double t = 0.0, grace = E->cfg.grace_ms / 1000.0;
    int in_grace_only = 0, in_overload = 0, skipped_possible = 0;
    for (amfol_frame frame = 1; frame <= 20000; frame++) {
        t += g_rand_double_range(rnd, 0.0, 0.6);
        if (g_rand_int_range(rnd, 0, 40) == 0)
            t -= g_rand_double_range(rnd, 0.0, 4.0);
        int g = g_rand_int_range(rnd, 0, 2);
        int what = g_rand_int_range(rnd, 0, 100);
        amfol_ngap_event ng;
        memset(&ng, 0, sizeof ng);
        ng.where.frame = frame;
        ng.where.time = t;
        ng.overload_action = ng.reduction_pct = ng.time_to_wait = ng.relative_amf_capacity = AMFOL_ABSENT;
        ng.ue_context_request = ng.rrc_cause = AMFOL_ABSENT;
        ng.cause.group = ng.cause.value = AMFOL_ABSENT;
        ng.ran_ue_id = ng.amf_ue_id = AMFOL_ABSENT;
        amfol_engine_frame(E, frame, t);
        if (what < 6) {                                  /* OVERLOAD START / STOP, AMF -> gNB */
            snprintf(ng.where.src.text, sizeof ng.where.src.text, "%s", AMF);
            snprintf(ng.where.dst.text, sizeof ng.where.dst.text, "%s", gnbs[g]);
            ng.proc = what < 3 ? AMFOL_NGAP_OVERLOAD_START : AMFOL_NGAP_OVERLOAD_STOP;
            ng.pdu_type = AMFOL_PDU_INITIATING;
            ng.overload_action = what < 3 ? 0 : AMFOL_ABSENT;
            amfol_engine_ngap(E, &ng, NULL);
            continue;
        }
        snprintf(ng.where.src.text, sizeof ng.where.src.text, "%s", gnbs[g]);   /* UPLINK NAS TRANSPORT */
        snprintf(ng.where.dst.text, sizeof ng.where.dst.text, "%s", AMF);
        ng.proc = AMFOL_NGAP_UPLINK_NAS_TRANSPORT;
        ng.pdu_type = AMFOL_PDU_INITIATING;
        ng.ran_ue_id = g_rand_int_range(rnd, 1, 50);
        ng.amf_ue_id = ng.ran_ue_id + 1000;
        ng.has_nas = true;
        amfol_engine_ngap(E, &ng, NULL);
        int assoc = amfol_n2_assoc_find(E->n2, &ng.where.src, &ng.where.dst);
        const char *amf = amfol_n2_assoc_amf_name(E->n2, assoc);
        if (!amf || !*amf)
            amf = AMF;
        int episode = 0;
        amfol_frame start = 0;
        bool want = expected_overload(assoc, amf, t, grace, &episode, &start);
        int e0;
        amfol_frame s0;
        bool at_t = expected_overload(assoc, amf, t, 0.0, &e0, &s0);
        in_overload += want;
        in_grace_only += want && !at_t;
        skipped_possible += !want;
        static const uint8_t regreq[] = {REGREQ(1)};
        amfol_nas_event ev;
        memset(&ev, 0, sizeof ev);
        ev.where = ng.where;
        ev.ngap = &ng;
        amfol_nas_parse(regreq, sizeof regreq, false, &ev);
        amfol_nas_result r;
        amfol_engine_nas(E, &ev, &r);
        assert(r.in_overload == want);
        assert(r.episode == (want ? episode : 0) && r.episode_start == (want ? start : 0));
    }
    /* every case met: in overload, only within the grace after a STOP, not in overload */
    assert(in_overload > 1000 && in_grace_only > 50 && skipped_possible > 1000);
    g_rand_free(rnd);
    amfol_engine_free(E);
}

/* After a #22 that was not integrity protected the UE runs a random T3346 from the TS 24.008
 * default range (15 to 30 min) whatever value was sent (TS 24.501 §5.5.1.2.5, §5.5.1.3.5): with
 * 1 h sent, a retry at 10 min is still early (before the range's 15 min), one at 20 min cannot be
 * judged (the UE may have drawn 15 min), one after 30 min is on time, though all three come
 * before the 1 h that was sent. */
static void unprotected_long_value(void)
{
    E = amfol_engine_new(NULL);
    amfol_nas_result r;
    r = FEED(1, 0.0, 15, 1, A, MO, REGREQ(1));
    r = FEED(2, 0.1, 4, 1, 101, A, 0x7e, 0x00, 0x44, 0x16, 0x5f, 0x01, 0x4a);   /* plain, T3346 1 h */
    assert(r.congestion && r.timer_not_binding && r.backoff_s == 3600);
    r = FEED(3, 600.0, 15, 2, A, MO, REGREQ(1));
    assert(r.in_backoff && r.verdict == AMFOL_VERDICT_VIOLATION && fabs(r.to_expiry_s - 300.1) < 1e-6);
    r = FEED(4, 1200.0, 15, 3, A, MO, REGREQ(1));
    assert(r.in_backoff && r.verdict == AMFOL_VERDICT_UNCERTAIN);
    r = FEED(5, 1900.0, 15, 4, A, MO, REGREQ(1));
    assert(!r.in_backoff && r.verdict == AMFOL_VERDICT_NONE);
    const amfol_findings *f = amfol_engine_finish(E);
    const amfol_finding *x = find(f, AMFOL_RULE_UE_EARLY_RETRY, 0);
    assert(x && count_rule(f, AMFOL_RULE_UE_EARLY_RETRY) == 1 && x->first_frame == 3 && x->frames[0] == 2);
    amfol_engine_free(E);
    E = NULL;
}

int main(void)
{
    basic();
    unprotected_long_value();
    zero_and_deactivated();
    synchronised();
    overload_grace_random();
    printf("test_nas_flow: ok\n");
    return 0;
}
