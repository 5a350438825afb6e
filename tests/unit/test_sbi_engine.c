/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_sbi_engine.c: the SBI module through the engine: N2 tie by GUAMI, load series and
 * staleness, request/response pairing across frames, the five SBI rules, JSON body readers and
 * table caps. */
#include "test_sbi_util.h"
#include "engine/amfol_engine.h"
#include "core/amfol_context.h"
#include "sbi/amfol_sbi_internal.h"
#include "sbi/amfol_sbi_json.h"
#include "sbi/amfol_sbi_text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(cond) do { if (!(cond)) { failures++; \
    fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); } } while (0)

static void add_patch(amfol_sbi_event *ev, int load)
{
    amfol_sbi_load *l = &ev->loads[ev->n_loads++];
    amfol_sbi_load_init(l, AMFOL_SBI_LOAD_PATCH);
    l->load = load;
    ev->is_json_patch = true;
}

static amfol_sbi_result nf_update(amfol_engine *e, amfol_frame f, double t, const char *client,
                                  uint32_t tcp, uint32_t sid, const char *id, int load)
{
    amfol_sbi_event *ev = sbi(f, t, client, NRF, tcp, sid);
    strcpy(ev->method, "PATCH");
    snprintf(ev->path, sizeof ev->path, "/nnrf-nfm/v1/nf-instances/%s", id);
    add_patch(ev, load);
    return feed(e, ev);
}

static const amfol_finding *find(const amfol_findings *fs, amfol_rule_id rule, const char *amf)
{
    for (size_t i = 0; i < amfol_findings_count(fs); i++) {
        const amfol_finding *x = amfol_findings_get(fs, i);
        if (x->rule_id == rule && (!amf || (x->amf && strcmp(x->amf, amf) == 0)))
            return x;
    }
    return NULL;
}

static bool frames_are(const amfol_finding *x, const amfol_frame *want, int n)
{
    if (!x || x->n_frames != n)
        return false;
    for (int i = 0; i < n; i++)
        if (x->frames[i] != want[i])
            return false;
    return true;
}

/* Registration, tie, NFUpdate across two frames, episode, nrf-load-stale, consumer staleness. */
static void test_stale(int report_during)
{
    amfol_engine *e = amfol_engine_new(NULL);
    ngap(e, 1, 0.0, 21, AMFOL_PDU_SUCCESSFUL, "10.0.0.1:38412", "10.0.1.1:38412", "amf-1", 1);

    amfol_sbi_event *ev = sbi(2, 1.0, "10.0.0.1:40000", NRF, 1, 1);
    strcpy(ev->method, "PUT");
    strcpy(ev->path, "/nnrf-nfm/v1/nf-instances/" ID1);
    add_profile(ev, ID1, 30, 1, "10.0.0.1");
    amfol_sbi_result r = feed(e, ev);
    CHECK(r.relevant && strcmp(r.kind, "NFRegister") == 0 && strcmp(r.nf, "amf-1") == 0);
    CHECK(r.reported_load == 30 && r.in_n2_overload == 0 && r.since_last_report_s < 0);
    CHECK(strstr(r.tie, "tied to the N2 AMF") != NULL);

    ev = sbi(3, 1.001, NRF, "10.0.0.1:40000", 1, 1);
    ev->status = 201;
    add_profile(ev, ID1, 30, 1, "10.0.0.1");
    r = feed(e, ev);
    CHECK(r.is_response && r.request_frame == 2 && fabs(r.response_time_s - 0.001) < 1e-6);
    CHECK(r.reported_load == AMFOL_ABSENT && r.n_seen == 0);   /* the NRF's echo is no report */

    /* HEADERS and DATA in different frames; :method hidden by HPACK (path still readable). */
    ev = sbi(4, 10.0, "10.0.0.1:40000", NRF, 1, 3);
    strcpy(ev->path, "/nnrf-nfm/v1/nf-instances/" ID1);
    ev->headers_unreadable = true;
    r = feed(e, ev);
    CHECK(r.headers_unreadable);
    ev = sbi(5, 10.0001, "10.0.0.1:40000", NRF, 1, 3);
    add_patch(ev, 30);
    r = feed(e, ev);
    CHECK(strcmp(r.kind, "NFUpdate") == 0 && strcmp(r.nf, "amf-1") == 0 && r.reported_load == 30);
    CHECK(fabs(r.since_last_report_s - 9.0001) < 1e-6 && !r.request_unknown);

    ngap(e, 6, 100.0, 22, AMFOL_PDU_INITIATING, "10.0.0.1:38412", "10.0.1.1:38412", NULL, 0);
    r = nf_update(e, 7, 110.0, "10.0.0.1:40000", 1, 5, ID1, report_during);
    CHECK(r.in_n2_overload == 1 && r.n2_start_frame == 6 && r.reported_load == report_during);
    r = nf_update(e, 8, 140.0, "10.0.0.1:40000", 1, 7, ID1, 30);

    /* A consumer is told the load: compare with the AMF's own reports. */
    ev = sbi(10, 150.0, NRF, "10.0.0.5:8080", 2, 1);
    strcpy(ev->method, "POST");
    strcpy(ev->path, "/callbacks/nf-status");
    ev->is_notification = true;
    amfol_sbi_load *l = &ev->loads[ev->n_loads++];
    amfol_sbi_load_init(l, AMFOL_SBI_LOAD_CHANGE);
    strcpy(l->nf_instance_id, ID1);
    l->load = report_during;
    r = feed(e, ev);
    CHECK(strcmp(r.kind, "NFStatusNotify") == 0 && r.n_seen == 1);
    CHECK(strcmp(r.seen[0].nf, "amf-1") == 0 && r.seen[0].load == report_during);
    CHECK(r.seen[0].own_load == 30 && r.seen[0].own_frame == 8);
    if (report_during == 30)
        CHECK(r.seen[0].stale_s == 0);
    else
        CHECK(fabs(r.seen[0].stale_s - 10.0) < 1e-9);   /* 90 was replaced by 30 at t = 140 */

    ngap(e, 11, 200.0, 23, AMFOL_PDU_INITIATING, "10.0.0.1:38412", "10.0.1.1:38412", NULL, 0);
    const amfol_findings *fs = amfol_engine_finish(e);
    const amfol_finding *x = find(fs, AMFOL_RULE_NRF_LOAD_STALE, "amf-1");
    if (report_during < 80) {
        amfol_frame want[] = { 6, 7, 8 };
        CHECK(x && x->first_frame == 6 && x->count == 2 && frames_are(x, want, 3));
    } else {
        CHECK(x == NULL);
    }
    amfol_engine_free(e);
}

/* amf-1's NG SETUP (frame 1) and its NFRegister with load 30 (frame 2). */
static void register_amf1(amfol_engine *e)
{
    ngap(e, 1, 0.0, 21, AMFOL_PDU_SUCCESSFUL, "10.0.0.1:38412", "10.0.1.1:38412", "amf-1", 1);
    amfol_sbi_event *ev = sbi(2, 1.0, "10.0.0.1:40000", NRF, 1, 1);
    strcpy(ev->method, "PUT");
    strcpy(ev->path, "/nnrf-nfm/v1/nf-instances/" ID1);
    add_profile(ev, ID1, 30, 1, "10.0.0.1");
    feed(e, ev);
}

/* TS 29.510: a PUT on /nf-instances/{id} answered 200 replaces the profile: an update, whose
 * load counts; answered 201 it is a (re-)registration. Staleness is bounded by the heart-beat
 * timer of the NRF's answer (5 s here) instead of amfol.nrf_report_max_s (30 s). */
static void test_put_update_heartbeat(int status, double t_put, int heartbeat, bool want_finding)
{
    amfol_engine *e = amfol_engine_new(NULL);
    register_amf1(e);
    amfol_sbi_event *ev;
    ev = sbi(3, 1.001, NRF, "10.0.0.1:40000", 1, 1);
    ev->status = 201;
    add_profile(ev, ID1, 30, 1, "10.0.0.1");
    ev->loads[0].heartbeat_s = heartbeat;
    feed(e, ev);
    ngap(e, 4, 100.0, 22, AMFOL_PDU_INITIATING, "10.0.0.1:38412", "10.0.1.1:38412", NULL, 0);
    ev = sbi(5, t_put, "10.0.0.1:40000", NRF, 1, 3);
    strcpy(ev->method, "PUT");
    strcpy(ev->path, "/nnrf-nfm/v1/nf-instances/" ID1);
    add_profile(ev, ID1, 90, 1, "10.0.0.1");
    feed(e, ev);
    ev = sbi(6, t_put + 0.001, NRF, "10.0.0.1:40000", 1, 3);
    ev->status = status;
    feed(e, ev);
    ngap(e, 7, 200.0, 23, AMFOL_PDU_INITIATING, "10.0.0.1:38412", "10.0.1.1:38412", NULL, 0);
    const amfol_finding *x = find(amfol_engine_finish(e), AMFOL_RULE_NRF_LOAD_STALE, "amf-1");
    CHECK(want_finding ? x != NULL : x == NULL);
    amfol_engine_free(e);
}

/* amf-1's NFUpdate at t = 300 (frame 20) and the NRF's answer with `status` (frame 21), to fill. */
static amfol_sbi_event *nrf_answer(amfol_engine *e, int status)
{
    nf_update(e, 20, 300.0, "10.0.0.1:40000", 1, 5, ID1, 30);
    amfol_sbi_event *ev = sbi(21, 300.01, NRF, "10.0.0.1:40000", 1, 5);
    ev->status = status;
    return ev;
}

/* TS 29.500 §6.4: an OCI applies from its Timestamp for Period-of-Validity. A 100 % OCI whose
 * Timestamp is 55 s before the response with a 60 s validity asks for 5 s only: requests 8 s
 * later comply; with the Timestamp at the response they break it. */
static void test_oci_anchored_on_timestamp(bool old_timestamp)
{
    amfol_engine *e = amfol_engine_new(NULL);
    amfol_sbi_event *ev = nrf_answer(e, 204);
    /* the feed's times are seconds since the epoch: 300 s is 1970-01-01 00:05:00 */
    snprintf(ev->oci, sizeof ev->oci, "Timestamp: \"Thu, 01 Jan 1970 %s GMT\"; Period-of-Validity: 60s; "
             "Overload-Reduction-Metric: 100%%; NF-Instance: %s", old_timestamp ? "00:04:05" : "00:05:00",
             "6f1c00ff-0000-4000-8000-0000000000ff");
    feed(e, ev);
    nf_update(e, 22, 308.0, "10.0.0.1:40000", 1, 7, ID1, 30);
    nf_update(e, 23, 309.0, "10.0.0.1:40000", 1, 9, ID1, 30);
    const amfol_finding *x = find(amfol_engine_finish(e), AMFOL_RULE_SBI_OVERLOAD_IGNORED, NULL);
    CHECK(old_timestamp ? x == NULL : (x != NULL && x->first_frame == 21 && x->count == 2));
    amfol_engine_free(e);
}

/* A told value that the AMF has since replaced: outdated since the replacing report. */
static void test_seen_outdated(void)
{
    amfol_engine *e = amfol_engine_new(NULL);
    register_amf1(e);
    amfol_sbi_event *ev;
    nf_update(e, 3, 10.0, "10.0.0.1:40000", 1, 3, ID1, 30);
    nf_update(e, 4, 110.0, "10.0.0.1:40000", 1, 5, ID1, 90);
    /* NFDiscover answered with the old 30 at t = 150. */
    ev = sbi(5, 149.0, "10.0.0.5:41000", NRF, 3, 1);
    strcpy(ev->method, "GET");
    strcpy(ev->path, "/nnrf-disc/v1/nf-instances?target-nf-type=AMF&requester-nf-type=SMF");
    feed(e, ev);
    ev = sbi(6, 150.0, NRF, "10.0.0.5:41000", 3, 1);
    ev->status = 200;
    add_profile(ev, ID1, 30, 1, "10.0.0.1");
    amfol_sbi_result r = feed(e, ev);
    CHECK(strcmp(r.kind, "NFDiscover") == 0 && r.n_seen == 1);
    CHECK(r.seen[0].load == 30 && r.seen[0].own_load == 90 && r.seen[0].own_frame == 4);
    CHECK(fabs(r.seen[0].stale_s - 40.0) < 1e-9);
    amfol_engine_free(e);
}

/* 503 + Retry-After, then requests within it: sbi-overload-ignored (and not when compliant). */
static void test_ignored(bool comply)
{
    amfol_engine *e = amfol_engine_new(NULL);
    amfol_sbi_event *ev = nrf_answer(e, 503);
    strcpy(ev->retry_after, "10");
    strcpy(ev->problem_cause, "NF_CONGESTION");
    amfol_sbi_result r = feed(e, ev);
    CHECK(r.status == 503 && r.retry_after_s == 10 && strcmp(r.problem_cause, "NF_CONGESTION") == 0);
    nf_update(e, 22, comply ? 310.5 : 302.0, "10.0.0.1:40000", 1, 7, ID1, 30);
    nf_update(e, 23, comply ? 312.0 : 305.0, "10.0.0.1:40000", 1, 9, ID1, 30);
    const amfol_findings *fs = amfol_engine_finish(e);
    const amfol_finding *x = find(fs, AMFOL_RULE_SBI_OVERLOAD_IGNORED, NULL);
    if (comply) {
        CHECK(x == NULL);
    } else {
        amfol_frame want[] = { 21, 22, 23 };
        /* the consumer that kept sending is the entity; the overloaded NRF is in the summary */
        CHECK(x && strcmp(x->amf, "10.0.0.1") == 0 && strstr(x->summary, "kept sending requests to nrf") &&
              x->first_frame == 21 && x->count == 2 &&
              frames_are(x, want, 3));
    }
    amfol_engine_free(e);
}

/* The NRF's own NF instance: an OCI names the producer it is about (TS 29.500 §6.4). */
#define NRF_ID "6f1c00ff-0000-4000-8000-0000000000ff"

/* OCI with 50 % reduction for 60 s: half the previous rate is allowed. */
static void test_oci_reduction(void)
{
    amfol_engine *e = amfol_engine_new(NULL);
    amfol_frame f = 100;
    uint32_t sid = 1;
    for (int i = 0; i < 4; i++)
        nf_update(e, f++, 1000.0 + i * 10, "10.0.0.1:40000", 1, sid += 2, ID1, 30);
    amfol_sbi_event *ev = sbi(f++, 1045.0, NRF, "10.0.0.1:40000", 1, sid);
    ev->status = 204;
    strcpy(ev->oci, "Timestamp: \"Thu, 01 Jan 1970 00:17:25 GMT\"; Period-of-Validity: 60s; "
                    "Overload-Reduction-Metric: 50%; NF-Instance: " NRF_ID);
    amfol_sbi_result r = feed(e, ev);
    CHECK(r.has_oci && !r.oci.malformed && r.oci.el[0].metric == 50 && r.oci.el[0].validity_s == 60);
    amfol_frame oci_frame = f - 1;
    for (int i = 0; i < 4; i++)   /* 4 requests where 2 are allowed */
        nf_update(e, f++, 1050.0 + i * 10, "10.0.0.1:40000", 1, sid += 2, ID1, 30);
    const amfol_findings *fs = amfol_engine_finish(e);
    const amfol_finding *x = find(fs, AMFOL_RULE_SBI_OVERLOAD_IGNORED, "10.0.0.1");
    amfol_frame want[] = { oci_frame, oci_frame + 3, oci_frame + 4 };
    CHECK(x && x->count == 2 && frames_are(x, want, 3));
    amfol_engine_free(e);
}

static void test_malformed(void)
{
    amfol_engine *e = amfol_engine_new(NULL);
    nf_update(e, 1, 1.0, "10.0.0.1:40000", 1, 1, ID1, 30);
    for (int i = 0; i < 3; i++) {
        amfol_sbi_event *ev = sbi(2 + i, 1.0 + i, NRF, "10.0.0.1:40000", 1, 1);
        ev->status = 503;
        strcpy(ev->oci, "Timestamp: \"Thu, 01 Jan 2026 00:01:30 GMT\"; Period-of-Validity: 5s; "
                        "Overload-Reduction-Metric: 150%; NF-Instance: nrf");
        amfol_sbi_result r = feed(e, ev);
        CHECK(r.has_oci && r.oci.malformed);
    }
    amfol_sbi_event *ev = sbi(9, 9.0, NRF, "10.0.0.1:40000", 1, 1);
    strcpy(ev->lci, "Timestamp: \"Thu, 01 Jan 2026 00:01:30 GMT\"; Load-Metric: 20%; NF-Set: s");
    CHECK(!feed(e, ev).lci.malformed);
    const amfol_findings *fs = amfol_engine_finish(e);
    const amfol_finding *x = find(fs, AMFOL_RULE_SBI_OCI_MALFORMED, "nrf");
    amfol_frame want[] = { 2, 3, 4 };
    CHECK(x && x->first_frame == 2 && x->count == 3 && frames_are(x, want, 3));
    CHECK(e->sbi->oci_headers == 3 && e->sbi->lci_headers == 1 && e->sbi->status_503 == 3);
    amfol_engine_free(e);
}

/* Re-balancing amf-1 -> amf-2 (same set) while amf-2 reports 85 %, then amf-2 overloads. */
static void test_moves(int amf2_set)
{
    guami_set_of_pointer2 = amf2_set;
    amfol_engine *e = amfol_engine_new(NULL);
    ngap(e, 1, 0.0, 21, AMFOL_PDU_SUCCESSFUL, "10.0.0.1:38412", "10.0.1.1:38412", "amf-1", 1);
    ngap(e, 2, 0.1, 21, AMFOL_PDU_SUCCESSFUL, "10.0.0.2:38412", "10.0.1.1:38413", "amf-2", 2);
    amfol_sbi_event *ev = sbi(3, 1.0, "10.0.0.2:40001", NRF, 1, 1);
    strcpy(ev->method, "PUT");
    strcpy(ev->path, "/nnrf-nfm/v1/nf-instances/" ID2);
    add_profile(ev, ID2, 85, 2, "10.0.0.2");
    feed(e, ev);
    ngap(e, 50, 50.0, 22, AMFOL_PDU_INITIATING, "10.0.0.1:38412", "10.0.1.1:38412", NULL, 0);

    /* At amf-1: the UE's service request shows its 5G-S-TMSI, then amf-1 tells it to
     * re-register (CONFIGURATION UPDATE COMMAND) on the same UE association. The SBI module
     * learns these from the NAS events the engine routes to it (as the NAS module decoded them). */
    amfol_ngap_event sr;
    memset(&sr, 0, sizeof sr);
    where(&sr.where, 55, 55.0, "10.0.1.1:38412", "10.0.0.1:38412");
    sr.proc = 15;
    sr.ran_ue_id = 7;
    amfol_nas_event nas;
    memset(&nas, 0, sizeof nas);
    nas.where = sr.where;
    nas.ngap = &sr;
    nas.mm_type = 0x4c;                                  /* SERVICE REQUEST */
    nas.reg_type = AMFOL_ABSENT;
    nas.has_s_tmsi = true;
    nas.s_tmsi.set_id = 1;
    nas.s_tmsi.pointer = 1;
    nas.s_tmsi.tmsi = 0x794;
    amfol_engine_nas(e, &nas, NULL);
    amfol_ngap_event cuc;
    memset(&cuc, 0, sizeof cuc);
    where(&cuc.where, 56, 56.0, "10.0.0.1:38412", "10.0.1.1:38412");
    cuc.proc = 4;
    cuc.ran_ue_id = 7;
    memset(&nas, 0, sizeof nas);
    nas.where = cuc.where;
    nas.ngap = &cuc;
    nas.mm_type = 0x54;                                  /* CONFIGURATION UPDATE COMMAND */
    nas.reg_type = AMFOL_ABSENT;
    nas.conf_update_red = true;
    amfol_engine_nas(e, &nas, NULL);
    /* The UE's mobility registration at amf-2 with its amf-1 5G-GUTI, then the transfer. */
    amfol_ngap_event iue;
    memset(&iue, 0, sizeof iue);
    where(&iue.where, 60, 60.0, "10.0.1.1:38413", "10.0.0.2:38412");
    iue.proc = 15;
    memset(&nas, 0, sizeof nas);
    nas.where = iue.where;
    nas.ngap = &iue;
    nas.mm_type = 0x41;                                  /* REGISTRATION REQUEST, mobility */
    nas.reg_type = 2;
    nas.has_guti = true;
    nas.guti_guami = guami(1);
    nas.guti_tmsi = 0x794;
    amfol_engine_nas(e, &nas, NULL);
    ev = sbi(61, 60.005, "10.0.0.2:41000", "10.0.0.1:8080", 4, 1);
    strcpy(ev->method, "POST");
    /* amfId of region 2, set 1, pointer 1 = 0x020041 */
    strcpy(ev->path, "/namf-comm/v1/ue-contexts/5g-guti-0010102004100000794/transfer");
    amfol_sbi_result r = feed(e, ev);
    CHECK(r.is_move && strcmp(r.move_source, "amf-1") == 0 && strcmp(r.move_target, "amf-2") == 0);
    CHECK(r.move_registration == 60 && r.move_cuc == 56 && r.target_load == 85);
    /* A transfer whose UE registered elsewhere: the transfer frame is the move. */
    ev = sbi(62, 61.0, "10.0.0.2:41000", "10.0.0.1:8080", 4, 3);
    strcpy(ev->method, "POST");
    strcpy(ev->path, "/namf-comm/v1/ue-contexts/5g-guti-0010102004100000999/transfer");
    r = feed(e, ev);
    CHECK(r.is_move && r.move_registration == 0 && r.move_cuc == 0);

    ngap(e, 70, 70.0, 22, AMFOL_PDU_INITIATING, "10.0.0.2:38412", "10.0.1.1:38413", NULL, 0);
    const amfol_findings *fs = amfol_engine_finish(e);
    const amfol_finding *rb = find(fs, AMFOL_RULE_REBALANCING_TO_LOADED_TARGET, "amf-2");
    if (amf2_set != 1) {
        /* amf-2 in another AMF Set: ordinary mobility (TS 23.502 §4.2.2.2.2), no set rule */
        CHECK(rb == NULL && find(fs, AMFOL_RULE_CASCADING_OVERLOAD, "amf-2") == NULL);
        amfol_engine_free(e);
        guami_set_of_pointer2 = 1;
        return;
    }
    amfol_frame want_rb[] = { 60, 62 };
    CHECK(rb && rb->first_frame == 60 && rb->count == 2 && frames_are(rb, want_rb, 2));
    const amfol_finding *co = find(fs, AMFOL_RULE_CASCADING_OVERLOAD, "amf-2");
    amfol_frame want_co[] = { 50, 60, 62, 70 };   /* START, the two moves, START */
    CHECK(co && co->first_frame == 70 && co->count == 2 && frames_are(co, want_co, 4));
    CHECK(co->severity == AMFOL_SEV_WARNING);  /* after moves from the overloaded AMF: no "shall", at most a warning */
    CHECK(find(fs, AMFOL_RULE_CASCADING_OVERLOAD, "amf-1") == NULL);

    GString *t = g_string_new(NULL);
    amfol_sbi_report_timeline(e, t);
    CHECK(strstr(t->str, "#60 UE 5g-guti-0010102004100000794 moved amf-1 -> amf-2 (CONFIGURATION "
                         "UPDATE COMMAND #56, UEContextTransfer #61, target load 85% from #3)") != NULL);
    CHECK(strstr(t->str, "AMF amf-1 asked 1 UEs to re-register") != NULL);
    CHECK(strstr(t->str, "Re-balancing amf-1 -> amf-2: 2 UEs from +60.000s (#60) to +61.000s (#62), "
                         "1 with their registration at the target seen; target's reported load "
                         "85..85%, 2 moves while >= 80%") != NULL);
    g_string_free(t, TRUE);
    amfol_engine_free(e);
}

/* Several AMFs of one set in overload at once, without moves. */
static void test_concurrent(void)
{
    amfol_engine *e = amfol_engine_new(NULL);
    ngap(e, 1, 0.0, 21, AMFOL_PDU_SUCCESSFUL, "10.0.0.1:38412", "10.0.1.1:38412", "amf-1", 1);
    ngap(e, 2, 0.1, 21, AMFOL_PDU_SUCCESSFUL, "10.0.0.2:38412", "10.0.1.1:38413", "amf-2", 2);
    ngap(e, 10, 10.0, 22, AMFOL_PDU_INITIATING, "10.0.0.1:38412", "10.0.1.1:38412", NULL, 0);
    ngap(e, 20, 20.0, 22, AMFOL_PDU_INITIATING, "10.0.0.2:38412", "10.0.1.1:38413", NULL, 0);
    const amfol_findings *fs = amfol_engine_finish(e);
    const amfol_finding *co = find(fs, AMFOL_RULE_CASCADING_OVERLOAD, "amf-2");
    amfol_frame want[] = { 10, 20 };
    CHECK(co && co->first_frame == 20 && co->count == 2 && frames_are(co, want, 2));
    /* no move between them: a note ("set-wide overload: capacity") */
    CHECK(co->severity == AMFOL_SEV_NOTE && strstr(co->summary, "set-wide overload: capacity") != NULL);
    /* No NRF side seen: nrf-load-stale is not judged. */
    CHECK(find(fs, AMFOL_RULE_NRF_LOAD_STALE, NULL) == NULL);
    amfol_engine_free(e);
}

/* JSON readers on documents built in walk order (depth as the glue sees them). */
static void test_json(void)
{
    amfol_jnode nodes[64];
    amfol_jdoc d;
    amfol_sbi_event ev;

    /* [{"op":"replace","path":"/nfStatus","value":"REGISTERED"},{"op":"replace","path":"/load","value":7}] */
    amfol_jdoc_init(&d, nodes, 64);
    amfol_jdoc_add(&d, AMFOL_J_ARRAY, 2, NULL, 0);
    const char *items[2][3] = { { "replace", "/nfStatus", "REGISTERED" }, { "replace", "/load", NULL } };
    for (int i = 0; i < 2; i++) {
        amfol_jdoc_add(&d, AMFOL_J_OBJECT, 3, NULL, 0);
        amfol_jdoc_add(&d, AMFOL_J_MEMBER, 4, "op", 0);
        amfol_jdoc_add(&d, AMFOL_J_STRING, 5, items[i][0], 0);
        amfol_jdoc_add(&d, AMFOL_J_MEMBER, 4, "path", 0);
        amfol_jdoc_add(&d, AMFOL_J_STRING, 5, items[i][1], 0);
        amfol_jdoc_add(&d, AMFOL_J_MEMBER, 4, "value", 0);
        if (items[i][2])
            amfol_jdoc_add(&d, AMFOL_J_STRING, 5, items[i][2], 0);
        else
            amfol_jdoc_add(&d, AMFOL_J_NUMBER, 5, NULL, 7);
    }
    memset(&ev, 0, sizeof ev);
    CHECK(amfol_sbi_json_read(&d, &ev) == 0);
    CHECK(ev.is_json_patch && ev.n_loads == 1 && ev.loads[0].load == 7 &&
          ev.loads[0].source == AMFOL_SBI_LOAD_PATCH && strcmp(ev.loads[0].nf_status, "REGISTERED") == 0);

    /* {"validityPeriod":60,"nfInstances":[{"nfInstanceId":ID1,"nfType":"AMF","load":42,
     *   "amfInfo":{"amfSetId":"001","amfRegionId":"02","guamiList":[{"plmnId":{"mcc":"001","mnc":"01"},"amfId":"020041"}]},
     *   "ipv4Addresses":["10.0.0.1"]}]} */
    amfol_jdoc_init(&d, nodes, 64);
    amfol_jdoc_add(&d, AMFOL_J_OBJECT, 1, NULL, 0);
    amfol_jdoc_add(&d, AMFOL_J_MEMBER, 2, "validityPeriod", 0);
    amfol_jdoc_add(&d, AMFOL_J_NUMBER, 3, NULL, 60);
    amfol_jdoc_add(&d, AMFOL_J_MEMBER, 2, "nfInstances", 0);
    amfol_jdoc_add(&d, AMFOL_J_ARRAY, 3, NULL, 0);
    amfol_jdoc_add(&d, AMFOL_J_OBJECT, 4, NULL, 0);
    amfol_jdoc_add(&d, AMFOL_J_MEMBER, 5, "nfInstanceId", 0);
    amfol_jdoc_add(&d, AMFOL_J_STRING, 6, ID1, 0);
    amfol_jdoc_add(&d, AMFOL_J_MEMBER, 5, "nfType", 0);
    amfol_jdoc_add(&d, AMFOL_J_STRING, 6, "AMF", 0);
    amfol_jdoc_add(&d, AMFOL_J_MEMBER, 5, "load", 0);
    amfol_jdoc_add(&d, AMFOL_J_NUMBER, 6, NULL, 42);
    amfol_jdoc_add(&d, AMFOL_J_MEMBER, 5, "amfInfo", 0);
    amfol_jdoc_add(&d, AMFOL_J_OBJECT, 6, NULL, 0);
    amfol_jdoc_add(&d, AMFOL_J_MEMBER, 7, "amfSetId", 0);
    amfol_jdoc_add(&d, AMFOL_J_STRING, 8, "001", 0);
    amfol_jdoc_add(&d, AMFOL_J_MEMBER, 7, "amfRegionId", 0);
    amfol_jdoc_add(&d, AMFOL_J_STRING, 8, "02", 0);
    amfol_jdoc_add(&d, AMFOL_J_MEMBER, 7, "guamiList", 0);
    amfol_jdoc_add(&d, AMFOL_J_ARRAY, 8, NULL, 0);
    amfol_jdoc_add(&d, AMFOL_J_OBJECT, 9, NULL, 0);
    amfol_jdoc_add(&d, AMFOL_J_MEMBER, 10, "plmnId", 0);
    amfol_jdoc_add(&d, AMFOL_J_OBJECT, 11, NULL, 0);
    amfol_jdoc_add(&d, AMFOL_J_MEMBER, 12, "mcc", 0);
    amfol_jdoc_add(&d, AMFOL_J_STRING, 13, "001", 0);
    amfol_jdoc_add(&d, AMFOL_J_MEMBER, 12, "mnc", 0);
    amfol_jdoc_add(&d, AMFOL_J_STRING, 13, "01", 0);
    amfol_jdoc_add(&d, AMFOL_J_MEMBER, 10, "amfId", 0);
    amfol_jdoc_add(&d, AMFOL_J_STRING, 11, "020041", 0);
    amfol_jdoc_add(&d, AMFOL_J_MEMBER, 5, "ipv4Addresses", 0);
    amfol_jdoc_add(&d, AMFOL_J_ARRAY, 6, NULL, 0);
    amfol_jdoc_add(&d, AMFOL_J_STRING, 7, "10.0.0.1", 0);
    memset(&ev, 0, sizeof ev);
    amfol_sbi_json_read(&d, &ev);
    CHECK(ev.n_loads == 1 && ev.loads[0].load == 42 && strcmp(ev.loads[0].nf_instance_id, ID1) == 0);
    CHECK(ev.loads[0].amf_set_id == 1 && ev.loads[0].amf_region_id == 2 && ev.loads[0].n_guamis == 1);
    CHECK(ev.loads[0].guamis[0].region_id == 2 && ev.loads[0].guamis[0].set_id == 1 &&
          ev.loads[0].guamis[0].pointer == 1 && strcmp(ev.loads[0].guamis[0].plmn.digits, "00101") == 0);
    CHECK(strcmp(ev.loads[0].ipv4, "10.0.0.1") == 0 && !ev.is_json_patch);

    /* Too many items for the storage: truncated, no crash, what fits is still read. */
    amfol_jnode small[5];
    amfol_jdoc_init(&d, small, 5);
    for (int i = 0; i < 50; i++)
        amfol_jdoc_add(&d, AMFOL_J_OBJECT, i, NULL, 0);
    CHECK(d.truncated && d.n == 5);
    memset(&ev, 0, sizeof ev);
    CHECK(amfol_sbi_json_read(&d, &ev) == 0 && ev.n_loads == 0);
    /* Nesting deeper than the builder's stack: truncated, no crash. */
    amfol_jnode deep[200];
    amfol_jdoc_init(&d, deep, 200);
    for (int i = 0; i < 200; i++)
        amfol_jdoc_add(&d, AMFOL_J_ARRAY, i, NULL, 0);
    CHECK(d.truncated);
    amfol_guami gg;
    CHECK(!amfol_sbi_guami_from_amf_id("001", "01", "02004", &gg));
    CHECK(!amfol_sbi_guami_from_amf_id("0a1", "01", "020041", &gg));
    CHECK(!amfol_sbi_guami_from_amf_id("001", "01", "02004g", &gg));
}

/* Wire text is kept as clean UTF-8: invalid bytes and controls become U+FFFD, no split
 * characters. */
#define FFFD "\xef\xbf\xbd"
static void test_text(void)
{
    char out[10];
    amfol_sbi_copy_text(out, sizeof out, "1f313\xe4" "86");
    CHECK(strcmp(out, "1f313" FFFD "8") == 0);          /* cap 10 includes the NUL */
    amfol_sbi_copy_text(out, sizeof out, "ab\t\xc3\xa9\xc3\xa9\xc3\xa9");
    CHECK(strcmp(out, "ab" FFFD "\xc3\xa9\xc3\xa9") == 0);   /* the third é would not fit whole */
    amfol_sbi_copy_text(out, sizeof out, NULL);
    CHECK(out[0] == '\0');
    CHECK(g_utf8_validate(out, -1, NULL));
    /* Through the engine: an NF id with a broken byte stays valid UTF-8 everywhere. */
    amfol_engine *e = amfol_engine_new(NULL);
    amfol_sbi_event *ev = sbi(1, 1.0, "10.0.0.1:40000", NRF, 1, 1);
    strcpy(ev->method, "PATCH");
    strcpy(ev->path, "/nnrf-nfm/v1/nf-instances/6f1c\xe4" "0001-0000");
    add_patch(ev, 10);
    amfol_sbi_result r = feed(e, ev);
    CHECK(g_utf8_validate(r.nf_id, -1, NULL) && strcmp(r.nf_id, "6f1c" FFFD "0001-0000") == 0);
    GString *t = g_string_new(NULL);
    amfol_sbi_report_timeline(e, t);
    CHECK(g_utf8_validate(t->str, -1, NULL));
    g_string_free(t, TRUE);
    amfol_engine_free(e);
}

/* Caps: open exchanges are evicted (oldest first) and counted, never unbounded. */
static void test_caps(void)
{
    amfol_engine *e = amfol_engine_new(NULL);
    for (uint32_t i = 0; i < SBI_MAX_XCHG + 1000; i++) {
        amfol_sbi_event *ev = sbi(i + 1, i * 0.001, "10.0.0.7:40000", NRF, 9, 2 * i + 1);
        strcpy(ev->method, "GET");
        strcpy(ev->path, "/nnrf-disc/v1/nf-instances?target-nf-type=AMF");
        feed(e, ev);
    }
    CHECK(g_hash_table_size(e->sbi->xchg) == SBI_MAX_XCHG);
    CHECK(e->sbi->dropped == 1000);
    /* A body for a stream whose request was evicted: counted, not attributed. */
    amfol_sbi_event *ev = sbi(99999, 99.0, NRF, "10.0.0.7:40000", 9, 1);
    add_patch(ev, 50);
    amfol_sbi_result r = feed(e, ev);
    CHECK(r.request_unknown);
    amfol_engine_free(e);
}

/* Many back-offs and requests: finish stays fast (indexed by pair and time) and exact. */
static void test_scale(void)
{
    amfol_engine *e = amfol_engine_new(NULL);
    amfol_frame f = 1;
    uint32_t sid = 1;
    for (int k = 0; k < 2000; k++) {
        double t0 = 2.0 * k;
        nf_update(e, f++, t0, "10.0.0.1:40000", 1, sid, ID1, 30);
        amfol_sbi_event *ev = sbi(f++, t0 + 0.001, NRF, "10.0.0.1:40000", 1, sid);
        ev->status = 503;
        strcpy(ev->retry_after, "1");
        feed(e, ev);
        sid += 2;
        for (int j = 0; j < 2; j++, sid += 2)     /* two requests inside the Retry-After */
            nf_update(e, f++, t0 + 0.25 + 0.5 * j, "10.0.0.1:40000", 1, sid, ID1, 30);
    }
    const amfol_findings *fs = amfol_engine_finish(e);
    size_t n = 0;
    uint32_t total = 0;
    for (size_t i = 0; i < amfol_findings_count(fs); i++) {
        const amfol_finding *x = amfol_findings_get(fs, i);
        if (x->rule_id == AMFOL_RULE_SBI_OVERLOAD_IGNORED) {
            n++;
            total += x->count;
        }
    }
    CHECK(n == 2000 && total == 4000);
    amfol_engine_free(e);
}

int main(void)
{
    test_stale(30);
    test_stale(90);
    test_seen_outdated();
    test_ignored(false);
    test_ignored(true);
    test_oci_reduction();
    test_malformed();
    test_put_update_heartbeat(200, 104.0, 5, false);          /* update within the heart-beat */
    test_put_update_heartbeat(201, 104.0, 5, true);           /* a registration is no update */
    test_put_update_heartbeat(200, 110.0, 5, true);           /* later than the heart-beat */
    test_put_update_heartbeat(200, 110.0, AMFOL_ABSENT, false); /* no heart-beat: 30 s */
    test_oci_anchored_on_timestamp(false);
    test_oci_anchored_on_timestamp(true);
    test_moves(1);
    test_moves(2);
    test_concurrent();
    test_json();
    test_caps();
    test_scale();
    test_text();
    if (failures) {
        fprintf(stderr, "%d failures\n", failures);
        return 1;
    }
    printf("test_sbi_engine: all passed\n");
    return 0;
}
