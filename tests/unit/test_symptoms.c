/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_symptoms.c: overload symptoms through the engine: bucket size, percentiles,
 * the calm-start baseline, unanswered requests, SBI pairing per producer, and the rules
 * overload-control-absent / -late with exact frames; the compliant look-alikes (short spike,
 * timely control, calm) give nothing; the pending-request cap holds. */
#include "test_n2_util.h"
#include "core/amfol_rules.h"
#include "report/amfol_report.h"

#include <math.h>

#define GNB "10.0.1.1:9487"
#define AMF AMF_EP

static amfol_engine *E;

/* One NGAP PDU with the given frame number, uplink from the gNB or downlink from the AMF. */
static void ngap(amfol_frame frame, double t, int proc, int pdu_type, int64_t ran, bool down, bool nas)
{
    t_feed f = { .e = E, .frame = frame - 1 };
    amfol_ngap_event ev = t_ev(&f, t, down ? AMF : GNB, down ? GNB : AMF, pdu_type, proc);
    ev.ran_ue_id = ran;
    ev.has_nas = nas;
    amfol_engine_ngap(E, &ev, NULL);
}

static void sbi(amfol_frame frame, double t, uint32_t stream, const char *path, int status)
{
    amfol_sbi_event ev;
    memset(&ev, 0, sizeof ev);
    ev.where.frame = frame;
    ev.where.time = t;
    snprintf(ev.where.src.text, sizeof ev.where.src.text, status < 0 ? "10.0.0.1:43000" : "10.0.8.1:8080");
    snprintf(ev.where.dst.text, sizeof ev.where.dst.text, status < 0 ? "10.0.8.1:8080" : "10.0.0.1:43000");
    ev.tcp_stream = 7;
    ev.stream_id = stream;
    ev.is_request = status < 0;
    if (status < 0) {
        snprintf(ev.method, sizeof ev.method, "GET");
        snprintf(ev.path, sizeof ev.path, "%s", path);
    }
    ev.status = status < 0 ? AMFOL_ABSENT : status;
    amfol_engine_frame(E, frame, t);
    amfol_engine_sbi(E, &ev, NULL);
}

/* Requests every 0.5 s from 0 to 80 s (frame 2k+1), answered by a DOWNLINK NAS TRANSPORT (frame
 * 2k+2): after 10 ms before slow_from, after 500 ms from slow_from to slow_to with every 5th
 * request unanswered. A capture frame at 90 s ends it. Returns the frame of the first slow one. */
static amfol_frame storm(double slow_from, double slow_to, double start_at)
{
    amfol_config cfg;
    amfol_config_defaults(&cfg);
    E = amfol_engine_new(&cfg);
    amfol_frame onset = 0;
    for (int k = 0; k < 160; k++) {
        double t = k * 0.5;
        bool slow = t >= slow_from && t < slow_to;
        amfol_frame f = (amfol_frame)(2 * k + 1);
        if (start_at >= 0 && t >= start_at && t < start_at + 0.5)
            ngap(1000 + (amfol_frame)k, t, 22, AMFOL_PDU_INITIATING, AMFOL_ABSENT, true, false);
        ngap(f, t, 15, AMFOL_PDU_INITIATING, k + 1, false, true);
        if (slow && !onset)
            onset = f;
        if (slow && k % 5 == 0)
            continue;
        ngap(f + 1, t + (slow ? 0.5 : 0.010), 4, AMFOL_PDU_INITIATING, k + 1, true, true);
    }
    amfol_engine_frame(E, 2000, 90.0);
    return onset;
}

static const amfol_finding *only_finding(const char *rule)
{
    const amfol_findings *fs = amfol_engine_finish(E);
    const amfol_finding *hit = NULL;
    for (size_t i = 0; i < amfol_findings_count(fs); i++) {
        const amfol_finding *x = amfol_findings_get(fs, i);
        CHECK(strncmp(x->rule, "overload-control-", 17) != 0 || (rule && strcmp(x->rule, rule) == 0));
        if (rule && strcmp(x->rule, rule) == 0)
            hit = x;
    }
    CHECK(!rule || hit);
    return hit;
}

static void test_names(void)
{
    CHECK(amfol_sym_bucket_size(0) == 5);
    CHECK(amfol_sym_bucket_size(600) == 5);
    CHECK(amfol_sym_bucket_size(601) == 10);
    CHECK(amfol_sym_bucket_size(3600) == 30);
    CHECK(amfol_sym_bucket_size(86400) == 900);
    CHECK(amfol_sym_series_for_path("/nudm-sdm/v2/imsi-1/am-data") == AMFOL_SYM_SBI_UDM);
    CHECK(amfol_sym_series_for_path("http://10.0.8.1:8080/nausf-auth/v1/ue-authentications") == AMFOL_SYM_SBI_AUSF);
    CHECK(amfol_sym_series_for_path("/nudr-dr/v2/subscription-data") == AMFOL_SYM_SBI_UDR);
    CHECK(amfol_sym_series_for_path("/npcf-am-policy-control/v1/policies") == AMFOL_SYM_SBI_PCF);
    CHECK(amfol_sym_series_for_path("/nnrf-nfm/v1/nf-instances/x") == AMFOL_SYM_SBI_NRF);
    CHECK(amfol_sym_series_for_path("/namf-comm/v1/ue-contexts/x/transfer") == -1);
    CHECK(amfol_sym_series_for_path("") == -1 && amfol_sym_series_for_path(NULL) == -1);
    CHECK(amfol_rule_find("overload-control-absent")->severity == AMFOL_SEV_WARNING);
    CHECK(amfol_rule_find("overload-control-late")->severity == AMFOL_SEV_WARNING);
}

static void test_absent(void)
{
    amfol_frame onset = storm(40, 1e9, -1);
    CHECK(onset == 161);                                   /* k = 80 at t = 40 s */
    const amfol_finding *x = only_finding("overload-control-absent");
    CHECK(x->first_frame == onset && x->frames[0] == onset);
    CHECK(x->count == 1 && x->n_frames == 1);               /* the onset; the run is in the series */
    CHECK(strcmp(x->amf, AMF) == 0);
    CHECK(amfol_symptoms_amf_count(E) == 1);
    const amfol_symptom_series *s = amfol_symptoms_series(E, 0);
    CHECK(s->bucket_s == 5 && s->n_buckets == 19);         /* 90 s of capture */
    /* Baseline: the first 20 % of the requests' span, 0..15.9 s: 32 answers of 10 ms. */
    CHECK(s->baseline[AMFOL_SYM_INITIAL_UE].source == AMFOL_BASELINE_MEASURED);
    CHECK(s->baseline[AMFOL_SYM_INITIAL_UE].samples == 32);
    CHECK(fabs(s->baseline[AMFOL_SYM_INITIAL_UE].p95_s - 0.010) < 1e-6);
    CHECK(fabs(s->baseline_to - 15.9) < 1e-9);
    const amfol_symptom_bucket *calm = &s->buckets[2], *slow = &s->buckets[8];
    CHECK(calm->requests == 10 && calm->unanswered == 0 && calm->symptoms == 0);
    CHECK(fabs(calm->initial_ue_rate - 2.0) < 1e-9 && fabs(calm->ngap_rate - 4.0) < 1e-9);
    CHECK(slow->requests == 10 && slow->unanswered == 2);
    CHECK(slow->latency[AMFOL_SYM_INITIAL_UE].n == 8);
    CHECK(fabs(slow->latency[AMFOL_SYM_INITIAL_UE].p95_s - 0.5) < 1e-6);
    CHECK(slow->symptoms == (AMFOL_SYM_SLOW | AMFOL_SYM_UNANSWERED));
    /* No UE CONTEXT RELEASE in this capture: every request up to 45 s still has its context. */
    CHECK(slow->ue_contexts == 90);
    CHECK(s->onset_frame == onset && fabs(s->peak_ratio - 50) < 1e-3);
    CHECK(s->control_frame == 0);
    GString *d = g_string_new(NULL);
    amfol_report_diagnosis(E, d);
    CHECK(strstr(d->str, "AMF " AMF " answered registrations 50\u00d7 slower from t+40 s (frame 161), "
                          "no overload control used\n"));
    g_string_free(d, TRUE);
    amfol_engine_free(E);
}

static void test_late_and_timely(void)
{
    storm(40, 1e9, 75);                                     /* START 35 s after the onset */
    const amfol_finding *x = only_finding("overload-control-late");
    CHECK(x->first_frame == 161 && x->n_frames == 2 && x->frames[0] == 161 && x->frames[1] == 1150);
    amfol_engine_free(E);
    storm(40, 1e9, 60);                                     /* 20 s: in time */
    only_finding(NULL);
    CHECK(amfol_symptoms_series(E, 0)->control_frame == 1120);
    amfol_engine_free(E);
}

/* The other controls count as well: a #22 REGISTRATION REJECT, an NRF load report >= 80 %. */
static void test_other_controls(void)
{
    storm(40, 1e9, -1);
    t_feed f = { .e = E, .frame = 3000 - 1 };
    amfol_ngap_event ng = t_ev(&f, 50.0, AMF, GNB, AMFOL_PDU_INITIATING, 4);
    ng.ran_ue_id = 101;
    ng.has_nas = true;
    amfol_engine_ngap(E, &ng, NULL);
    amfol_nas_event nas;
    memset(&nas, 0, sizeof nas);
    nas.where = ng.where;
    nas.ngap = &ng;
    nas.epd = 0x7e;
    nas.mm_type = 0x44;
    nas.mm_cause = 22;
    nas.sm_type = nas.sm_cause = nas.reg_type = nas.service_type = AMFOL_ABSENT;
    amfol_engine_nas(E, &nas, NULL);
    only_finding(NULL);
    CHECK(amfol_symptoms_series(E, 0)->control_frame == 3000);
    CHECK(strcmp(amfol_symptoms_series(E, 0)->control_kind, "NAS congestion reject") == 0);
    amfol_engine_free(E);

    storm(40, 1e9, -1);
    amfol_sbi_event up;
    memset(&up, 0, sizeof up);
    up.where.frame = 3001;
    up.where.time = 75.0;                                   /* 35 s after the onset: late */
    snprintf(up.where.src.text, sizeof up.where.src.text, "10.0.0.1:40000");
    snprintf(up.where.dst.text, sizeof up.where.dst.text, "10.0.9.1:8080");
    up.is_request = true;
    snprintf(up.method, sizeof up.method, "PATCH");
    snprintf(up.path, sizeof up.path, "/nnrf-nfm/v1/nf-instances/6f1c0001-0000-4000-8000-000000000001");
    up.status = AMFOL_ABSENT;
    up.n_loads = 1;
    up.loads[0].load = 90;
    up.loads[0].source = AMFOL_SBI_LOAD_PATCH;
    up.loads[0].amf_set_id = up.loads[0].amf_region_id = AMFOL_ABSENT;
    amfol_engine_sbi(E, &up, NULL);
    const amfol_finding *x = only_finding("overload-control-late");
    CHECK(x->n_frames == 2 && x->frames[0] == 161 && x->frames[1] == 3001);
    amfol_engine_free(E);
}

static void test_look_alikes(void)
{
    storm(40, 55, -1);                                      /* 15 s spike: too short */
    only_finding(NULL);
    CHECK(amfol_symptoms_series(E, 0)->onset_frame == 0);
    amfol_engine_free(E);
    storm(1e9, 1e9, -1);                                    /* calm */
    only_finding(NULL);
    amfol_engine_free(E);
    /* Two probes: every INITIAL UE MESSAGE seen twice, 2 ms apart; one request each. */
    amfol_config cfg2;
    amfol_config_defaults(&cfg2);
    E = amfol_engine_new(&cfg2);
    for (int k = 0; k < 160; k++) {
        ngap((amfol_frame)(3 * k + 1), k * 0.5, 15, AMFOL_PDU_INITIATING, k + 1, false, true);
        ngap((amfol_frame)(3 * k + 2), k * 0.5 + 0.002, 15, AMFOL_PDU_INITIATING, k + 1, false, true);
        ngap((amfol_frame)(3 * k + 3), k * 0.5 + 0.010, 4, AMFOL_PDU_INITIATING, k + 1, true, true);
    }
    amfol_engine_frame(E, 1000, 90.0);
    only_finding(NULL);
    CHECK(amfol_symptoms_series(E, 0)->buckets[3].requests == 10);
    CHECK(amfol_symptoms_series(E, 0)->buckets[3].unanswered == 0);
    CHECK(fabs(amfol_symptoms_series(E, 0)->buckets[3].latency[AMFOL_SYM_INITIAL_UE].p95_s - 0.010) < 1e-6);
    amfol_engine_free(E);
    /* A probe that sees only the gNBs' side: no answer at all is no "unanswered" symptom. */
    amfol_config cfg;
    amfol_config_defaults(&cfg);
    E = amfol_engine_new(&cfg);
    for (int k = 0; k < 160; k++)
        ngap((amfol_frame)k + 1, k * 0.5, 15, AMFOL_PDU_INITIATING, k + 1, false, true);
    amfol_engine_frame(E, 200, 90.0);
    only_finding(NULL);
    const amfol_symptom_series *s = amfol_symptoms_series(E, 0);
    CHECK(s->baseline[AMFOL_SYM_INITIAL_UE].source == AMFOL_BASELINE_NONE);
    CHECK(s->buckets[3].requests == 10 && s->buckets[3].unanswered == 10 && s->buckets[3].symptoms == 0);
    amfol_engine_free(E);
}

static void test_sbi_and_user_baseline(void)
{
    amfol_config cfg;
    amfol_config_defaults(&cfg);
    cfg.baseline_sbi_latency_ms = 20;
    E = amfol_engine_new(&cfg);
    ngap(1, 0, 15, AMFOL_PDU_INITIATING, 1, false, true);   /* makes the AMF known */
    amfol_frame f = 10;
    for (int k = 0; k < 120; k++) {                         /* one UDM query per 0.5 s */
        double t = k * 0.5, wait = t >= 30 ? 0.080 : 0.015;
        sbi(f++, t, (uint32_t)(2 * k + 1), "/nudm-sdm/v2/imsi-001010000000001/am-data", -1);
        sbi(f++, t + wait, (uint32_t)(2 * k + 1), NULL, 200);
    }
    const amfol_finding *x = only_finding("overload-control-absent");
    CHECK(x->first_frame == 10 + 2 * 60);                  /* the request at 30 s */
    const amfol_symptom_series *s = amfol_symptoms_series(E, 0);
    CHECK(s->baseline[AMFOL_SYM_SBI_UDM].source == AMFOL_BASELINE_USER);
    CHECK(s->buckets[6].latency[AMFOL_SYM_SBI_UDM].n == 10);
    CHECK(fabs(s->buckets[6].latency[AMFOL_SYM_SBI_UDM].p50_s - 0.080) < 1e-6);
    CHECK(s->onset_symptoms == AMFOL_SYM_SBI_SLOW);
    amfol_engine_free(E);
}

/* Two AMFs; amf-1's SBI address (10.0.5.1) is not its N2 address: its NF profile (tied to the N2
 * AMF by GUAMI) says so, and its UDM queries and its 503 as a producer are amf-1's. */
static void test_sbi_address_tie(void)
{
    amfol_config cfg;
    amfol_config_defaults(&cfg);
    E = amfol_engine_new(&cfg);
    t_feed f = { .e = E, .frame = 0 };
    const char *amfs[2] = { "10.0.0.1:38412", "10.0.0.2:38412" };
    for (int a = 0; a < 2; a++) {
        amfol_ngap_event rsp = t_ev(&f, 0.01 * a, amfs[a], GNB, AMFOL_PDU_SUCCESSFUL, 21);
        snprintf(rsp.amf_name, sizeof rsp.amf_name, "amf-%d", a + 1);
        rsp.n_guamis = 1;
        snprintf(rsp.guamis[0].plmn.digits, sizeof rsp.guamis[0].plmn.digits, "00101");
        rsp.guamis[0].region_id = 2;
        rsp.guamis[0].set_id = 1;
        rsp.guamis[0].pointer = (uint8_t)(a + 1);
        amfol_engine_ngap(E, &rsp, NULL);
        amfol_ngap_event ium = t_ev(&f, 0.5, GNB, amfs[a], AMFOL_PDU_INITIATING, 15);
        ium.ran_ue_id = a + 1;
        amfol_engine_ngap(E, &ium, NULL);
    }
    amfol_sbi_event reg;
    memset(&reg, 0, sizeof reg);
    reg.where.frame = ++f.frame;
    reg.where.time = 1.0;
    snprintf(reg.where.src.text, sizeof reg.where.src.text, "10.0.5.1:40000");
    snprintf(reg.where.dst.text, sizeof reg.where.dst.text, "10.0.9.1:8080");
    reg.tcp_stream = 1;
    reg.stream_id = 1;
    reg.is_request = true;
    snprintf(reg.method, sizeof reg.method, "PUT");
    snprintf(reg.path, sizeof reg.path, "/nnrf-nfm/v1/nf-instances/6f1c0001-0000-4000-8000-000000000001");
    reg.status = AMFOL_ABSENT;
    reg.n_loads = 1;
    amfol_sbi_load *l = &reg.loads[0];
    snprintf(l->nf_instance_id, sizeof l->nf_instance_id, "6f1c0001-0000-4000-8000-000000000001");
    snprintf(l->nf_type, sizeof l->nf_type, "AMF");
    snprintf(l->nf_status, sizeof l->nf_status, "REGISTERED");
    l->load = 30;
    l->source = AMFOL_SBI_LOAD_PROFILE;
    l->amf_set_id = 1;
    l->amf_region_id = 2;
    l->n_guamis = 1;
    snprintf(l->guamis[0].plmn.digits, sizeof l->guamis[0].plmn.digits, "00101");
    l->guamis[0].region_id = 2;
    l->guamis[0].set_id = 1;
    l->guamis[0].pointer = 1;
    snprintf(l->ipv4, sizeof l->ipv4, "10.0.5.1");
    amfol_engine_frame(E, reg.where.frame, reg.where.time);
    amfol_engine_sbi(E, &reg, NULL);
    CHECK(amfol_sbi_amf_for_ip(E, "10.0.5.1") && strcmp(amfol_sbi_amf_for_ip(E, "10.0.5.1"), "amf-1") == 0);
    CHECK(amfol_sbi_amf_for_ip(E, "10.0.0.9") == NULL);
    /* UDM queries from 10.0.5.1, answered in 20 ms */
    for (int k = 0; k < 10; k++) {
        amfol_sbi_event q;
        memset(&q, 0, sizeof q);
        q.where.frame = ++f.frame;
        q.where.time = 2.0 + k;
        snprintf(q.where.src.text, sizeof q.where.src.text, "10.0.5.1:43000");
        snprintf(q.where.dst.text, sizeof q.where.dst.text, "10.0.8.1:8080");
        q.tcp_stream = 9;
        q.stream_id = (uint32_t)(2 * k + 1);
        q.is_request = true;
        snprintf(q.path, sizeof q.path, "/nudm-sdm/v2/imsi-001010000000001/am-data");
        q.status = AMFOL_ABSENT;
        amfol_engine_frame(E, q.where.frame, q.where.time);
        amfol_engine_sbi(E, &q, NULL);
        q.where.frame = ++f.frame;
        q.where.time += 0.02;
        snprintf(q.where.src.text, sizeof q.where.src.text, "10.0.8.1:8080");
        snprintf(q.where.dst.text, sizeof q.where.dst.text, "10.0.5.1:43000");
        q.is_request = false;
        q.path[0] = '\0';
        q.status = 200;
        amfol_engine_frame(E, q.where.frame, q.where.time);
        amfol_engine_sbi(E, &q, NULL);
    }
    CHECK(amfol_symptoms_amf_count(E) == 2);
    for (size_t i = 0; i < 2; i++) {
        const amfol_symptom_series *s = amfol_symptoms_series(E, i);
        uint32_t n = s->buckets[0].latency[AMFOL_SYM_SBI_UDM].n + s->buckets[1].latency[AMFOL_SYM_SBI_UDM].n +
                     s->buckets[2].latency[AMFOL_SYM_SBI_UDM].n;
        CHECK(n == (strcmp(s->amf, "amf-1") == 0 ? 10u : 0u));
    }
    amfol_engine_free(E);
}

static void test_pending_cap(void)
{
    amfol_config cfg;
    amfol_config_defaults(&cfg);
    E = amfol_engine_new(&cfg);
    for (int k = 0; k < 70000; k++)                         /* never answered, all at once */
        ngap((amfol_frame)k + 1, 1.0, 15, AMFOL_PDU_INITIATING, k, false, true);
    amfol_engine_frame(E, 70001, 10.0);
    const amfol_symptom_series *s = amfol_symptoms_series(E, 0);
    /* 65536 stayed pending until their timeout; the oldest 4464 were evicted unjudged. A frame
     * without events (an SCTP heartbeat) is enough: its time closes them, unanswered. */
    CHECK(s->buckets[0].requests == 65536 && s->buckets[0].unanswered == 65536 && s->open_at_end == 0);
    ngap(70002, 10.0, 9, AMFOL_PDU_INITIATING, AMFOL_ABSENT, false, false);   /* time moves on */
    /* NG SETUP FAILURE, and a UE CONTEXT RELEASE COMMAND with misc control-processing-overload
     * that ends a context (COMPLETE) */
    t_feed f = { .e = E, .frame = 70002 };
    amfol_ngap_event ev = t_ev(&f, 10.5, AMF, GNB, AMFOL_PDU_UNSUCCESSFUL, 21);
    ev.cause.group = 4;
    ev.cause.value = AMFOL_NGAP_MISC_CONTROL_PROCESSING_OVERLOAD;
    amfol_engine_ngap(E, &ev, NULL);
    ev = t_ev(&f, 10.6, AMF, GNB, AMFOL_PDU_INITIATING, 41);
    ev.ran_ue_id = 7;
    ev.cause.group = 4;
    ev.cause.value = AMFOL_NGAP_MISC_CONTROL_PROCESSING_OVERLOAD;
    amfol_engine_ngap(E, &ev, NULL);
    ev = t_ev(&f, 10.7, GNB, AMF, AMFOL_PDU_SUCCESSFUL, 41);
    ev.ran_ue_id = 7;
    amfol_engine_ngap(E, &ev, NULL);
    s = amfol_symptoms_series(E, 0);
    CHECK(s->buckets[0].requests == 65536 && s->buckets[0].unanswered == 65536);
    CHECK(s->buckets[1].error_indications == 1 && s->buckets[1].ng_setup_failures == 1);
    CHECK(s->buckets[1].overload_releases == 1);
    CHECK(s->buckets[0].ue_contexts == 70000 && s->buckets[1].ue_contexts == 69999);
    amfol_engine_free(E);
}

/* The capture's end closes the requests past their answer time (unanswered); those still within
 * it stay open, counted apart. */
static void test_capture_end(void)
{
    amfol_config cfg;
    amfol_config_defaults(&cfg);
    E = amfol_engine_new(&cfg);
    for (int k = 0; k < 6; k++)
        ngap((amfol_frame)k + 1, 1.0 + k, 15, AMFOL_PDU_INITIATING, k, false, true);
    amfol_engine_frame(E, 7, 8.0);    /* heartbeats only: 1 s, 2 s, 3 s waited 5 s or more */
    const amfol_symptom_series *s = amfol_symptoms_series(E, 0);
    CHECK(s->buckets[0].requests == 3 && s->buckets[0].unanswered == 3 && s->open_at_end == 3);
    amfol_engine_frame(E, 8, 11.0);   /* the last frame: every one of them waited 5 s */
    s = amfol_symptoms_series(E, 0);
    CHECK(s->buckets[0].unanswered + s->buckets[1].unanswered == 6 && s->open_at_end == 0);
    amfol_engine_free(E);
}

int main(void)
{
    test_names();
    test_absent();
    test_late_and_timely();
    test_other_controls();
    test_look_alikes();
    test_sbi_and_user_baseline();
    test_sbi_address_tie();
    test_pending_cap();
    test_capture_end();
    printf("test_symptoms: ok\n");
    return 0;
}
