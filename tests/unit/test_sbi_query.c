/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_sbi_query.c: the SBI module's public query API (tap/sbi/amfol_sbi.h, "Query API"), the
 * only way other modules (tap/correlate) read the SBI side: N2 episodes with SBI's AMF names, NF
 * profiles and their own NRF load reports, AMF Sets, UE context moves and back-off answers, with
 * exact values. Only public headers: events go in through amfol_engine_*, as the glue feeds them. */
#include "test_sbi_util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(cond) do { if (!(cond)) { failures++; \
    fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); } } while (0)
#define NEAR(a, b) (fabs((a) - (b)) < 1e-9)

/* NFRegister (PUT) of `id` and the NRF's 201 with a heart-beat timer. */
static void nf_register(amfol_engine *e, amfol_frame f, double t, const char *client, uint32_t tcp,
                        const char *id, int load, int pointer, const char *ip, int heartbeat)
{
    amfol_sbi_event *ev = sbi(f, t, client, NRF, tcp, 1);
    strcpy(ev->method, "PUT");
    snprintf(ev->path, sizeof ev->path, "/nnrf-nfm/v1/nf-instances/%s", id);
    add_profile(ev, id, load, pointer, ip);
    feed(e, ev);
    ev = sbi(f + 1, t + 0.001, NRF, client, tcp, 1);
    ev->status = 201;
    add_profile(ev, id, load, pointer, ip);
    ev->loads[0].heartbeat_s = heartbeat;
    feed(e, ev);
}

static void nf_update(amfol_engine *e, amfol_frame f, double t, const char *client, uint32_t tcp,
                      uint32_t sid, const char *id, int load)
{
    amfol_sbi_event *ev = sbi(f, t, client, NRF, tcp, sid);
    strcpy(ev->method, "PATCH");
    snprintf(ev->path, sizeof ev->path, "/nnrf-nfm/v1/nf-instances/%s", id);
    amfol_sbi_load *l = &ev->loads[ev->n_loads++];
    amfol_sbi_load_init(l, AMFOL_SBI_LOAD_PATCH);
    l->load = load;
    ev->is_json_patch = true;
    feed(e, ev);
}

/* A UE at amf-1 (5G-S-TMSI seen, frame 55) told to re-register (frame 56), registering at
 * amf-2 with its amf-1 5G-GUTI (frame 60), and amf-2's UEContextTransfer to amf-1 (frame 61). */
static void move_one_ue(amfol_engine *e)
{
    amfol_ngap_event sr;
    memset(&sr, 0, sizeof sr);
    where(&sr.where, 55, 55.0, "10.0.1.1:38412", "10.0.0.1:38412");
    sr.proc = AMFOL_NGAP_INITIAL_UE_MESSAGE;
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
    amfol_engine_frame(e, 55, 55.0);
    amfol_engine_nas(e, &nas, NULL);

    amfol_ngap_event cuc;
    memset(&cuc, 0, sizeof cuc);
    where(&cuc.where, 56, 56.0, "10.0.0.1:38412", "10.0.1.1:38412");
    cuc.proc = AMFOL_NGAP_DOWNLINK_NAS_TRANSPORT;
    cuc.ran_ue_id = 7;
    memset(&nas, 0, sizeof nas);
    nas.where = cuc.where;
    nas.ngap = &cuc;
    nas.mm_type = 0x54;                                  /* CONFIGURATION UPDATE COMMAND */
    nas.reg_type = AMFOL_ABSENT;
    nas.conf_update_red = true;
    amfol_engine_frame(e, 56, 56.0);
    amfol_engine_nas(e, &nas, NULL);

    amfol_ngap_event iue;
    memset(&iue, 0, sizeof iue);
    where(&iue.where, 60, 60.0, "10.0.1.1:38413", "10.0.0.2:38412");
    iue.proc = AMFOL_NGAP_INITIAL_UE_MESSAGE;
    memset(&nas, 0, sizeof nas);
    nas.where = iue.where;
    nas.ngap = &iue;
    nas.mm_type = 0x41;                                  /* REGISTRATION REQUEST, mobility */
    nas.reg_type = 2;
    nas.has_guti = true;
    nas.guti_guami = guami(1);
    nas.guti_tmsi = 0x794;
    amfol_engine_frame(e, 60, 60.0);
    amfol_engine_nas(e, &nas, NULL);

    amfol_sbi_event *ev = sbi(61, 60.005, "10.0.0.2:41000", "10.0.0.1:8080", 4, 1);
    strcpy(ev->method, "POST");
    /* amfId of region 2, set 1, pointer 1 = 0x020041 */
    strcpy(ev->path, "/namf-comm/v1/ue-contexts/5g-guti-0010102004100000794/transfer");
    feed(e, ev);
}

/* A consumer (10.0.0.5) asks amf-1's SBI; amf-1 answers 503 + Retry-After 5 and an OCI. */
static void answer_503(amfol_engine *e)
{
    amfol_sbi_event *ev = sbi(53, 53.0, "10.0.0.5:42000", "10.0.0.1:8080", 5, 1);
    strcpy(ev->method, "POST");
    strcpy(ev->path, "/namf-comm/v1/ue-contexts/imsi-001010000000001/n1-n2-messages");
    feed(e, ev);
    ev = sbi(54, 53.5, "10.0.0.1:8080", "10.0.0.5:42000", 5, 1);
    ev->status = 503;
    strcpy(ev->retry_after, "5");
    strcpy(ev->problem_cause, "NF_CONGESTION");
    /* 53.5 s after the epoch: Thu, 01 Jan 1970 00:00:53 GMT */
    strcpy(ev->oci, "Timestamp: \"Thu, 01 Jan 1970 00:00:53 GMT\"; Period-of-Validity: 30s; "
                    "Overload-Reduction-Metric: 40%; NF-Instance: " ID1);
    feed(e, ev);
}

static amfol_engine *scenario(void)
{
    amfol_engine *e = amfol_engine_new(NULL);
    ngap(e, 1, 0.0, AMFOL_NGAP_NG_SETUP, AMFOL_PDU_SUCCESSFUL, "10.0.0.1:38412", "10.0.1.1:38412",
         "amf-1", 1);
    ngap(e, 2, 0.1, AMFOL_NGAP_NG_SETUP, AMFOL_PDU_SUCCESSFUL, "10.0.0.2:38412", "10.0.1.1:38413",
         "amf-2", 2);
    nf_register(e, 3, 1.0, "10.0.0.1:40000", 1, ID1, 30, 1, "10.0.0.1", 10);
    nf_register(e, 5, 2.0, "10.0.0.2:40001", 2, ID2, 85, 2, "10.0.0.2", AMFOL_ABSENT);
    nf_update(e, 10, 10.0, "10.0.0.1:40000", 1, 3, ID1, 40);
    ngap(e, 50, 50.0, AMFOL_NGAP_OVERLOAD_START, AMFOL_PDU_INITIATING, "10.0.0.1:38412",
         "10.0.1.1:38412", NULL, 0);
    nf_update(e, 52, 52.0, "10.0.0.1:40000", 1, 5, ID1, 90);
    answer_503(e);
    move_one_ue(e);
    ngap(e, 70, 70.0, AMFOL_NGAP_OVERLOAD_STOP, AMFOL_PDU_INITIATING, "10.0.0.1:38412",
         "10.0.1.1:38412", NULL, 0);
    ngap(e, 80, 80.0, AMFOL_NGAP_OVERLOAD_START, AMFOL_PDU_INITIATING, "10.0.0.2:38412",
         "10.0.1.1:38413", NULL, 0);
    return e;
}

static void test_episodes(amfol_engine *e)
{
    amfol_sbi_episode a, b;
    CHECK(amfol_sbi_episode_count(e) == 2);
    CHECK(amfol_sbi_episode_get(e, 0, &a));
    CHECK(strcmp(a.amf, "amf-1") == 0 && a.number == 1 && a.start_frame == 50 && NEAR(a.start, 50.0));
    CHECK(!a.start_unknown && a.end_frame == 70 && NEAR(a.end, 70.0));
    CHECK(amfol_sbi_episode_get(e, 1, &b));
    CHECK(strcmp(b.amf, "amf-2") == 0 && b.number == 1 && b.start_frame == 80 && NEAR(b.start, 80.0));
    CHECK(!b.start_unknown && b.end_frame == 0);         /* still open */
    CHECK(!amfol_sbi_episode_get(e, 2, &b));
    /* the same AMF, the same pointer, in every view */
    amfol_sbi_episode again;
    CHECK(amfol_sbi_episode_get(e, 0, &again) && again.amf == a.amf);
}

static void test_nfs(amfol_engine *e)
{
    amfol_sbi_episode ep;
    amfol_sbi_episode_get(e, 0, &ep);
    CHECK(amfol_sbi_nf_count(e) == 2);
    CHECK(amfol_sbi_nf_for_amf(e, "amf-1") == 0 && amfol_sbi_nf_for_amf(e, "amf-2") == 1);
    CHECK(amfol_sbi_nf_for_amf(e, "amf-9") == -1 && amfol_sbi_nf_for_amf(e, NULL) == -1);

    amfol_sbi_nf_view v;
    CHECK(amfol_sbi_nf_get(e, 0, &v));
    CHECK(strcmp(v.name, "amf-1") == 0 && strcmp(v.id, ID1) == 0 && strcmp(v.type, "AMF") == 0);
    CHECK(strcmp(v.status, "REGISTERED") == 0 && v.amf == ep.amf && strcmp(v.tie, "guami") == 0);
    CHECK(v.heartbeat_s == 10 && v.n_reports == 3);
    amfol_sbi_load_report r;
    CHECK(amfol_sbi_load_report_get(e, 0, 0, &r));
    CHECK(r.frame == 3 && NEAR(r.t, 1.0) && r.load == 30 && r.is_register && !r.inferred);
    CHECK(amfol_sbi_load_report_get(e, 0, 1, &r));
    CHECK(r.frame == 10 && NEAR(r.t, 10.0) && r.load == 40 && !r.is_register && !r.inferred);
    CHECK(amfol_sbi_load_report_get(e, 0, 2, &r));
    CHECK(r.frame == 52 && NEAR(r.t, 52.0) && r.load == 90 && !r.is_register);
    CHECK(!amfol_sbi_load_report_get(e, 0, 3, &r));

    CHECK(amfol_sbi_nf_get(e, 1, &v));
    CHECK(strcmp(v.name, "amf-2") == 0 && strcmp(v.id, ID2) == 0 && v.heartbeat_s == AMFOL_ABSENT);
    CHECK(v.n_reports == 1);
    CHECK(amfol_sbi_load_report_get(e, 1, 0, &r) && r.frame == 5 && r.load == 85 && r.is_register);
    CHECK(!amfol_sbi_nf_get(e, 2, &v) && !amfol_sbi_load_report_get(e, 2, 0, &r));

    char set[64];
    CHECK(amfol_sbi_amf_set(e, "amf-1", set, sizeof set) && strcmp(set, "00101-2-1") == 0);
    CHECK(amfol_sbi_amf_set(e, "amf-2", set, sizeof set) && strcmp(set, "00101-2-1") == 0);
    CHECK(!amfol_sbi_amf_set(e, "amf-9", set, sizeof set));
}

static void test_moves(amfol_engine *e)
{
    amfol_sbi_episode a, b;
    amfol_sbi_episode_get(e, 0, &a);
    amfol_sbi_episode_get(e, 1, &b);
    CHECK(amfol_sbi_move_count(e) == 1);
    amfol_sbi_move m;
    CHECK(amfol_sbi_move_get(e, 0, &m));
    CHECK(m.frame == 60 && m.transfer_frame == 61 && m.cuc_frame == 56 && NEAR(m.t, 60.0));
    CHECK(m.source == a.amf && m.target == b.amf);       /* joined by pointer */
    CHECK(strcmp(m.ue, "5g-guti-0010102004100000794") == 0);
    CHECK(m.target_load == 85 && m.target_load_frame == 5 && m.source_in_overload);
    CHECK(!amfol_sbi_move_get(e, 1, &m));
}

static void test_answers(amfol_engine *e)
{
    CHECK(amfol_sbi_answer_count(e) == 2);
    amfol_sbi_answer x;
    bool saw_oci = false, saw_503 = false;
    for (size_t i = 0; amfol_sbi_answer_get(e, i, &x); i++) {
        CHECK(x.frame == 54 && NEAR(x.t, 53.5) && x.sender_is_server && !x.malformed);
        CHECK(strcmp(x.sender_ip, "10.0.0.1") == 0 && strcmp(x.peer_ip, "10.0.0.5") == 0);
        if (x.kind == AMFOL_SBI_ANSWER_OCI) {
            saw_oci = true;
            CHECK(x.metric == 40 && x.validity_s == 30 && NEAR(x.valid_until, 83.0));
        } else if (x.kind == AMFOL_SBI_ANSWER_503) {
            saw_503 = true;
            CHECK(x.metric == AMFOL_ABSENT && x.validity_s == 5 && NEAR(x.valid_until, 58.5));
        }
    }
    CHECK(saw_oci && saw_503);
    CHECK(!amfol_sbi_answer_get(e, 2, &x));
}

/* An engine that saw no SBI: every view is empty. */
static void test_empty(void)
{
    amfol_engine *e = amfol_engine_new(NULL);
    amfol_sbi_episode ep;
    amfol_sbi_nf_view v;
    amfol_sbi_load_report r;
    amfol_sbi_move m;
    amfol_sbi_answer x;
    char set[16];
    CHECK(amfol_sbi_episode_count(e) == 0 && !amfol_sbi_episode_get(e, 0, &ep));
    CHECK(amfol_sbi_nf_count(e) == 0 && !amfol_sbi_nf_get(e, 0, &v) && amfol_sbi_nf_for_amf(e, "a") == -1);
    CHECK(!amfol_sbi_load_report_get(e, 0, 0, &r) && !amfol_sbi_amf_set(e, "a", set, sizeof set));
    CHECK(amfol_sbi_move_count(e) == 0 && !amfol_sbi_move_get(e, 0, &m));
    CHECK(amfol_sbi_answer_count(e) == 0 && !amfol_sbi_answer_get(e, 0, &x));
    amfol_engine_free(e);
}

int main(void)
{
    amfol_engine *e = scenario();
    test_episodes(e);
    test_nfs(e);
    test_moves(e);
    test_answers(e);
    /* The views are what the correlate rules read: the same engine's findings. */
    const amfol_findings *fs = amfol_engine_finish(e);
    bool rebalancing = false;
    for (size_t i = 0; i < amfol_findings_count(fs); i++) {
        const amfol_finding *f = amfol_findings_get(fs, i);
        if (f->rule_id == AMFOL_RULE_REBALANCING_TO_LOADED_TARGET)
            rebalancing = f->first_frame == 60 && f->count == 1 && strcmp(f->amf, "amf-2") == 0;
    }
    CHECK(rebalancing);
    test_nfs(e);                   /* unchanged by finish */
    amfol_engine_free(e);
    test_empty();
    if (failures)
        fprintf(stderr, "%d check(s) failed\n", failures);
    else
        printf("test_sbi_query: all checks passed\n");
    return failures ? 1 : 0;
}
