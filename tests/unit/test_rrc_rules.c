/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_rrc_rules.c: the radio module ties RRC to cells, gNBs and START/STOP, matches answers,
 * and raises exactly the radio rules of docs/faults.md (and none for a compliant gNB). */
#include "engine/amfol_engine.h"
#include "core/amfol_context.h"
#include "rrc/amfol_rrc.h"
#include "rrc/amfol_rrc_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Not CHECK(): release builds define NDEBUG and the checks must always run. */
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); abort(); } } while (0)

#define AMF_EP "10.0.0.1:38412"
#define GNB_EP "10.0.1.1:38412"
#define DU_EP  "10.0.2.1:38472"
#define CU_EP  "10.0.1.1:38472"

static amfol_frame frame_no;

static void where(amfol_where *w, double t, const char *src, const char *dst)
{
    memset(w, 0, sizeof *w);
    w->frame = ++frame_no;
    w->time = t;
    g_strlcpy(w->src.text, src, sizeof w->src.text);
    g_strlcpy(w->dst.text, dst, sizeof w->dst.text);
}

static void ngap_blank(amfol_ngap_event *ev)
{
    memset(ev, 0, sizeof *ev);
    ev->ran_ue_id = ev->amf_ue_id = AMFOL_ABSENT;
    ev->overload_action = ev->reduction_pct = ev->rrc_cause = AMFOL_ABSENT;
    ev->ue_context_request = ev->time_to_wait = ev->relative_amf_capacity = AMFOL_ABSENT;
    ev->cause.group = AMFOL_ABSENT;
}

/* The engine routes NGAP to both modules (N2 and radio). */
static void feed_ngap(amfol_engine *e, amfol_ngap_event *ev)
{
    amfol_engine_frame(e, ev->where.frame, ev->where.time);
    amfol_engine_ngap(e, ev, NULL);
}

/* One association of gnb-1 (from gnb_ep) to AMF `amf` at amf_ep; its NG SETUP RESPONSE serves
 * GUAMI 00101 region 2 set 1 with `pointer` (none when pointer < 0). */
static void ng_setup_to(amfol_engine *e, double t, const char *gnb_ep, const char *amf_ep, const char *amf,
                        uint32_t gnb_id, int pointer)
{
    amfol_ngap_event ev;
    ngap_blank(&ev);
    where(&ev.where, t, gnb_ep, amf_ep);
    ev.proc = 21;
    strcpy(ev.ran_node_name, "gnb-1");
    ev.has_gnb_id = true;
    strcpy(ev.gnb_plmn.digits, "00101");
    ev.gnb_id = gnb_id;
    ev.gnb_id_bits = 22;
    feed_ngap(e, &ev);
    ngap_blank(&ev);
    where(&ev.where, t + 0.001, amf_ep, gnb_ep);
    ev.proc = 21;
    ev.pdu_type = AMFOL_PDU_SUCCESSFUL;
    strcpy(ev.amf_name, amf);
    if (pointer >= 0) {
        ev.n_guamis = 1;
        strcpy(ev.guamis[0].plmn.digits, "00101");
        ev.guamis[0].region_id = 2;
        ev.guamis[0].set_id = 1;
        ev.guamis[0].pointer = (uint8_t)pointer;
    }
    feed_ngap(e, &ev);
}

static void ng_setup(amfol_engine *e, double t, uint32_t gnb_id)
{
    ng_setup_to(e, t, GNB_EP, AMF_EP, "amf-1", gnb_id, -1);
}

static amfol_frame start(amfol_engine *e, double t, int action, int pct)
{
    amfol_ngap_event ev;
    ngap_blank(&ev);
    where(&ev.where, t, AMF_EP, GNB_EP);
    ev.proc = 22;
    ev.overload_action = action;
    ev.reduction_pct = pct;
    feed_ngap(e, &ev);
    return ev.where.frame;
}

static amfol_frame stop(amfol_engine *e, double t)
{
    amfol_ngap_event ev;
    ngap_blank(&ev);
    where(&ev.where, t, AMF_EP, GNB_EP);
    ev.proc = 23;
    feed_ngap(e, &ev);
    return ev.where.frame;
}

static void rrc_blank(amfol_rrc_event *ev)
{
    memset(ev, 0, sizeof *ev);
    ev->cause = ev->wait_time_s = AMFOL_ABSENT;
    ev->du_ue_id = ev->cu_ue_id = ev->c_rnti = AMFOL_ABSENT;
    ev->srb_id = AMFOL_ABSENT;
}

static uint32_t du_id;

/* One request in `cell` (gNB-ID 1 << 14 | cell) answered 5 ms later: outcome 'S' setup,
 * 'R' reject (waitTime w), 'N' nothing. Returns the request's frame; *answer its answer frame. */
static amfol_frame attempt_ue(amfol_engine *e, double t, uint64_t cell, int cause, char outcome, int w,
                              amfol_frame *answer, bool has_part1, uint64_t part1)
{
    amfol_rrc_event ev;
    amfol_rrc_result res;
    rrc_blank(&ev);
    where(&ev.where, t, DU_EP, CU_EP);
    ev.msg = AMFOL_RRC_SETUP_REQUEST;
    ev.cause = cause;
    ev.has_s_tmsi_part1 = has_part1;
    ev.s_tmsi_part1 = part1;
    ev.via_f1ap = true;
    ev.du_ue_id = ++du_id;
    ev.has_nr_cgi = true;
    strcpy(ev.nr_cgi.plmn.digits, "00101");
    ev.nr_cgi.cell_id = cell;
    amfol_engine_frame(e, ev.where.frame, t);
    amfol_engine_rrc(e, &ev, &res);
    CHECK(res.relevant && res.request_id > 0);
    amfol_frame req = ev.where.frame;
    if (answer)
        *answer = 0;
    if (outcome == 'N')
        return req;
    rrc_blank(&ev);
    where(&ev.where, t + 0.005, CU_EP, DU_EP);
    ev.msg = outcome == 'S' ? AMFOL_RRC_SETUP : AMFOL_RRC_REJECT;
    ev.wait_time_s = outcome == 'R' ? w : AMFOL_ABSENT;
    ev.via_f1ap = true;
    ev.du_ue_id = du_id;
    ev.cu_ue_id = du_id;
    ev.srb_id = 0;
    amfol_engine_frame(e, ev.where.frame, ev.where.time);
    amfol_engine_rrc(e, &ev, &res);
    CHECK(res.relevant && res.request_frame == req);
    if (answer)
        *answer = ev.where.frame;
    return req;
}

static amfol_frame attempt(amfol_engine *e, double t, uint64_t cell, int cause, char outcome, int w,
                           amfol_frame *answer)
{
    return attempt_ue(e, t, cell, cause, outcome, w, answer, false, 0);
}

#define CELL1 ((uint64_t)1 << 14 | 1)   /* gNB-ID 1 (22 bits), local cell 1 */
#define CELL2 ((uint64_t)1 << 14 | 2)

static const amfol_finding *only(const amfol_findings *f, amfol_rule_id rule, int *n)
{
    const amfol_finding *hit = NULL;
    *n = 0;
    for (size_t i = 0; i < amfol_findings_count(f); i++) {
        const amfol_finding *x = amfol_findings_get(f, i);
        if (x->rule_id == rule) {
            hit = x;
            (*n)++;
        }
    }
    return hit;
}

/* Findings of the radio module (the N2 module, run in the same engine, adds its own). */
static size_t radio_count(const amfol_findings *f)
{
    static const amfol_rule_id radio[] = { AMFOL_RULE_RRC_REJECT_WITHOUT_OVERLOAD, AMFOL_RULE_REJECTS_AFTER_OVERLOAD_STOP,
        AMFOL_RULE_GNB_OVER_SHEDS, AMFOL_RULE_EXEMPT_ACCESS_REJECTED, AMFOL_RULE_SLICE_OVERLOAD_BLOCKS_SLICE, AMFOL_RULE_SLICE_OVERLOAD_MISCONFIGURED,
        AMFOL_RULE_REJECT_WAITTIME_SYNCHRONISED, AMFOL_RULE_GNB_IGNORES_OVERLOAD };
    size_t n = 0;
    for (size_t i = 0; i < amfol_findings_count(f); i++) {
        const amfol_finding *x = amfol_findings_get(f, i);
        for (size_t k = 0; k < G_N_ELEMENTS(radio); k++)
            if (x->rule_id == radio[k] && x->layer && (strcmp(x->layer, "rrc") == 0 || strcmp(x->layer, "n2") == 0)) {
                if (getenv("TEST_RRC_VERBOSE"))
                    fprintf(stderr, "  %s %s/%s/%s count %u first %u: %s\n", x->rule, x->amf ? x->amf : "-",
                            x->gnb ? x->gnb : "-", x->cell ? x->cell : "-", x->count, x->first_frame, x->summary);
                n++;
            }
    }
    return n;
}

static amfol_engine *fresh(void)
{
    frame_no = 0;
    amfol_config cfg;
    amfol_config_defaults(&cfg);
    strcpy(cfg.protected_snssai, "1-000001");
    amfol_engine *e = amfol_engine_new(&cfg);
    ng_setup(e, 1000.0, 1);
    return e;
}

/* A compliant gNB: 50 % random shedding of the shed class, exempt through, normal after STOP. */
static void test_compliant(void)
{
    for (uint32_t seed = 1; seed <= 200; seed++) {
        amfol_engine *e = fresh();
        GRand *rng = g_rand_new_with_seed(seed);
        for (int i = 0; i < 30; i++)
            attempt(e, 1001.0 + i * 0.5, CELL1, AMFOL_CAUSE_MO_DATA, 'S', 0, NULL);
        start(e, 1020.0, AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING, 50);
        for (int i = 0; i < 200; i++) {
            int cause = i % 10 == 0 ? AMFOL_CAUSE_EMERGENCY : AMFOL_CAUSE_MO_SIGNALLING;
            char out = cause == AMFOL_CAUSE_EMERGENCY ? 'S' : g_rand_boolean(rng) ? 'R' : 'S';
            attempt(e, 1021.0 + i * 0.2, CELL1, cause, out, 1 + g_rand_int_range(rng, 0, 16), NULL);
        }
        stop(e, 1070.0);
        for (int i = 0; i < 30; i++)
            attempt(e, 1071.0 + i * 0.5, CELL1, AMFOL_CAUSE_MO_DATA, 'S', 0, NULL);
        const amfol_findings *f = amfol_engine_finish(e);
        if (radio_count(f) != 0) {
            fprintf(stderr, "seed %u: unexpected radio findings\n", seed);
            abort();
        }
        g_rand_free(rng);
        amfol_engine_free(e);
    }
}

static void test_ignores_and_exempt(void)
{
    amfol_engine *e = fresh();
    amfol_frame st = start(e, 1010.0, AMFOL_ACTION_PERMIT_EMERGENCY_AND_MT_ONLY, AMFOL_ABSENT);
    amfol_frame first_setup = 0, ans;
    attempt(e, 1010.2, CELL1, AMFOL_CAUSE_MO_DATA, 'S', 0, &ans);   /* in grace: not judged */
    for (int i = 0; i < 12; i++) {
        attempt(e, 1012.0 + i, CELL1, AMFOL_CAUSE_MO_SIGNALLING, 'S', 0, &ans);
        if (!first_setup)
            first_setup = ans;
    }
    /* one reject could be the gNB's own congestion: three, with none before the episode */
    amfol_frame ereq = attempt(e, 1030.0, CELL1, AMFOL_CAUSE_EMERGENCY, 'R', 5, &ans);
    amfol_frame erej = ans;
    attempt(e, 1031.0, CELL1, AMFOL_CAUSE_EMERGENCY, 'R', 5, NULL);
    attempt(e, 1032.0, CELL1, AMFOL_CAUSE_EMERGENCY, 'R', 5, NULL);
    const amfol_findings *f = amfol_engine_finish(e);
    int n;
    const amfol_finding *x = only(f, AMFOL_RULE_GNB_IGNORES_OVERLOAD, &n);
    CHECK(n == 1 && x->first_frame == st && x->count == 12 && x->n_frames == 13);
    CHECK(x->frames[0] == st && x->frames[1] == first_setup);
    CHECK(strcmp(x->amf, "amf-1") == 0 && strcmp(x->gnb, "gnb-1") == 0 && strcmp(x->layer, "rrc") == 0);
    CHECK(strcmp(x->cell, "00101-000004001") == 0);
    x = only(f, AMFOL_RULE_EXEMPT_ACCESS_REJECTED, &n);
    CHECK(n == 1 && x->count == 3 && x->first_frame == erej && x->n_frames == 6 && x->frames[0] == ereq);
    CHECK(radio_count(f) == 2);
    amfol_engine_free(e);
}

static void test_after_stop_and_without(void)
{
    amfol_engine *e = fresh();
    start(e, 1010.0, AMFOL_ACTION_REJECT_NON_EMERGENCY_MO_DT, AMFOL_ABSENT);
    for (int i = 0; i < 5; i++)
        attempt(e, 1012.0 + i, CELL1, AMFOL_CAUSE_MO_DATA, 'R', 10, NULL);
    amfol_sctp_event sc;
    memset(&sc, 0, sizeof sc);
    where(&sc.where, 1019.5, AMF_EP, GNB_EP);
    sc.kind = AMFOL_SCTP_RETRANSMISSION;
    amfol_engine_sctp(e, &sc);
    amfol_frame sp = stop(e, 1020.0);
    attempt(e, 1020.3, CELL1, AMFOL_CAUSE_MO_DATA, 'R', 10, NULL);     /* in grace */
    amfol_frame rej[4];
    for (int i = 0; i < 4; i++)
        attempt(e, 1022.0 + i, CELL1, AMFOL_CAUSE_MO_DATA, 'R', 10, &rej[i]);
    /* mo-Signalling is not shed by action 0: these rejects have no overload to explain them */
    amfol_frame w[6];
    for (int i = 0; i < 6; i++)
        attempt(e, 1030.0 + i, CELL2, AMFOL_CAUSE_MO_SIGNALLING, 'R', 3 + i, &w[i]);
    const amfol_findings *f = amfol_engine_finish(e);
    int n;
    const amfol_finding *x = only(f, AMFOL_RULE_REJECTS_AFTER_OVERLOAD_STOP, &n);
    CHECK(n == 1 && x->first_frame == sp && x->count == 4 && x->n_frames == 5 && x->frames[1] == rej[0]);
    CHECK(strstr(x->summary, "1 retransmission") != NULL);
    /* Out of overload every reject counts, the shed class after the STOP too (5 in cell 1, the
     * first within grace included: from the gNB's view no START is in force any more). */
    x = only(f, AMFOL_RULE_RRC_REJECT_WITHOUT_OVERLOAD, &n);
    CHECK(n == 2 && x->count == 6 && x->first_frame == w[0] && strcmp(x->cell, "00101-000004002") == 0);
    const amfol_finding *y = amfol_findings_get(f, 0);
    for (size_t i = 0; i < amfol_findings_count(f); i++)
        if (amfol_findings_get(f, i)->rule_id == AMFOL_RULE_RRC_REJECT_WITHOUT_OVERLOAD) {
            y = amfol_findings_get(f, i);
            break;
        }
    CHECK(y->count == 5 && y->first_frame == sp + 2 && strcmp(y->cell, "00101-000004001") == 0);
    CHECK(radio_count(f) == 3);
    amfol_engine_free(e);
}

static void test_over_sheds_and_sync(void)
{
    amfol_engine *e = fresh();
    amfol_frame st = start(e, 1010.0, AMFOL_ACTION_REJECT_NON_EMERGENCY_MO_DT, 20);
    for (int i = 0; i < 25; i++)
        attempt_ue(e, 1012.0 + i * 0.1, CELL1, AMFOL_CAUSE_MO_VOICECALL, 'R', 8, NULL, true, 100 + i);
    /* 20 of the rejected UEs come back when T302 (8 s) expires: measurably bunched */
    for (int i = 0; i < 20; i++)
        attempt_ue(e, 1020.3 + i * 0.1, CELL1, AMFOL_CAUSE_MO_SIGNALLING, 'S', 0, NULL, true, 100 + i);
    const amfol_findings *f = amfol_engine_finish(e);
    int n;
    const amfol_finding *x = only(f, AMFOL_RULE_GNB_OVER_SHEDS, &n);
    /* 25 of 25 rejected where 20 % (5) were asked: count = the segment's 25 shed-class rejects */
    CHECK(n == 1 && x->first_frame == st && x->count == 25 && x->n_frames == 26);
    x = only(f, AMFOL_RULE_REJECT_WAITTIME_SYNCHRONISED, &n);
    CHECK(n == 1 && x->count == 25 && x->severity == AMFOL_SEV_NOTE && strstr(x->summary, "waitTime 8 s") != NULL &&
          strstr(x->summary, "20 of the 20 rejected UEs seen again") != NULL);
    CHECK(radio_count(f) == 2);
    /* The radio table: one period (during), 25 rejects, all of the shed class, waitTime 8 s. */
    amfol_rows *rows = amfol_rrc_table_rows(e);
    char buf[32];
    CHECK(amfol_rows_count(rows) == 1);
    CHECK(strcmp(amfol_rows_cell_text(rows, 0, amfol_rows_find_column(rows, "Period"), buf, sizeof buf), "during") == 0);
    CHECK(amfol_rows_cell(rows, 0, amfol_rows_find_column(rows, "Rejects"))->v.u == 25);
    CHECK(amfol_rows_cell(rows, 0, amfol_rows_find_column(rows, "Shed rejected %"))->v.d == 100.0);
    CHECK(strcmp(amfol_rows_cell_text(rows, 0, amfol_rows_find_column(rows, "Top waitTime"), buf, sizeof buf),
                 "8 s (x25)") == 0);
    amfol_rows_free(rows);
    /* The "radio" JSON member: its cells' periods are rows of the same column list, with the
     * JSON-only child tables (per-cause rejects, the shed class) filled. */
    amfol_rows *radio = amfol_rrc_json_rows(e);
    size_t ncols;
    const amfol_column *cols = amfol_rrc_table_columns(&ncols);
    const amfol_rows *cells = amfol_rows_cell(radio, 0, amfol_rows_find_column(radio, "cells"))->v.t;
    CHECK(amfol_rows_count(cells) == 1);
    const amfol_rows *periods = amfol_rows_cell(cells, 0, amfol_rows_find_column(cells, "periods"))->v.t;
    CHECK(amfol_rows_count(periods) == 1 && amfol_rows_ncols(periods) == ncols && amfol_rows_column(periods, 0) == &cols[0]);
    const amfol_rows *rej = amfol_rows_cell(periods, 0, amfol_rows_find_column(periods, "rejects"))->v.t;
    CHECK(amfol_rows_count(rej) == 1 && strcmp(amfol_rows_cell(rej, 0, 0)->v.s, "mo-VoiceCall") == 0 &&
          amfol_rows_cell(rej, 0, 1)->v.u == 25);
    const amfol_rows *shed = amfol_rows_cell(periods, 0, amfol_rows_find_column(periods, "shed"))->v.t;
    CHECK(amfol_rows_cell(shed, 0, amfol_rows_find_column(shed, "observed_reject_pct"))->v.d == 100.0);
    CHECK(amfol_rows_cell(shed, 0, amfol_rows_find_column(shed, "requested_pct"))->v.i == 20);
    amfol_rows_free(radio);
    amfol_engine_free(e);
}

/* A gNB that rejects some mo-Data for its own admission control before the episode and goes on
 * at that rate after the STOP resumed normal operation (TS 38.413 §8.7.8.2): no finding; eight
 * rejects within 4 s after the STOP are far above that rate: rejects-after-overload-stop. */
static void test_after_stop_pre_episode_rate(void)
{
    for (int violate = 0; violate < 2; violate++) {
        amfol_engine *e = fresh();
        for (int i = 0; i < 12; i++)                  /* 12 in the 60 s before the START */
            attempt(e, 1001.0 + 5 * i, CELL1, AMFOL_CAUSE_MO_DATA, 'R', 10, NULL);
        start(e, 1060.0, AMFOL_ACTION_REJECT_NON_EMERGENCY_MO_DT, AMFOL_ABSENT);
        amfol_frame sp = stop(e, 1100.0);
        for (int i = 0; i < (violate ? 8 : 6); i++)
            attempt(e, violate ? 1102.0 + 0.5 * i : 1102.0 + 5 * i, CELL1, AMFOL_CAUSE_MO_DATA, 'R', 10, NULL);
        int n;
        const amfol_finding *x = only(amfol_engine_finish(e), AMFOL_RULE_REJECTS_AFTER_OVERLOAD_STOP, &n);
        if (violate)
            CHECK(n == 1 && x->first_frame == sp && x->count == 8);
        else
            CHECK(n == 0);
        amfol_engine_free(e);
    }
}

/* exempt-access-rejected needs exempt rejects clearly above the cell's pre-episode rate: a gNB
 * that rejected one emergency call every 10 s before the episode and goes on so during it rejects
 * for its own congestion (no finding); one reject alone is no finding either; eight within 4 s are. */
static void test_exempt_rejects_pre_episode_rate(void)
{
    for (int k = 0; k < 3; k++) {
        amfol_engine *e = fresh();
        if (k == 0)
            for (int i = 0; i < 6; i++)
                attempt(e, 1001.0 + 10 * i, CELL1, AMFOL_CAUSE_EMERGENCY, 'R', 5, NULL);
        start(e, 1060.0, AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING, 50);
        int n_rej = k == 0 ? 4 : k == 1 ? 1 : 8;
        for (int i = 0; i < n_rej; i++)
            attempt(e, k == 2 ? 1062.0 + 0.5 * i : 1062.0 + 10 * i, CELL1, AMFOL_CAUSE_EMERGENCY, 'R', 5, NULL);
        int n;
        const amfol_finding *x = only(amfol_engine_finish(e), AMFOL_RULE_EXEMPT_ACCESS_REJECTED, &n);
        CHECK(k == 2 ? (n == 1 && x->count == 8) : n == 0);
        amfol_engine_free(e);
    }
}

/* TS 38.413 §8.7.7.1: a gNB with associations to amf-1 (pointer 0) and amf-2 (pointer 1) gets
 * OVERLOAD START from amf-1 only. Setting up amf-2's registered UEs (ng-5G-S-TMSI-Part1 AMF
 * pointer 1) is compliant; setting up amf-1's is gnb-ignores-overload; new UEs (randomValue)
 * cannot be attributed: counted apart, never evidence. */
/* gnb-1 with associations to amf-1 (pointer 0) and amf-2 (pointer 1); amf-1 sends OVERLOAD START
 * (reject-rrc-cr-signalling, reduction pct) at 1010 s. Returns the engine; *st the START frame. */
static amfol_engine *two_amf_gnb(int pct, amfol_frame *st)
{
    frame_no = 0;
    amfol_config cfg;
    amfol_config_defaults(&cfg);
    amfol_engine *e = amfol_engine_new(&cfg);
    ng_setup_to(e, 1000.0, GNB_EP, AMF_EP, "amf-1", 1, 0);
    ng_setup_to(e, 1000.1, "10.0.1.1:38413", "10.0.0.2:38412", "amf-2", 1, 1);
    *st = start(e, 1010.0, AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING, pct);
    return e;
}

static void test_multi_amf_gnb(void)
{
    for (int violate = 0; violate < 2; violate++) {
        amfol_frame st;
        amfol_engine *e = two_amf_gnb(AMFOL_ABSENT, &st);
        uint64_t pointer = violate ? 0 : 1;
        for (int i = 0; i < 15; i++)
            attempt_ue(e, 1012.0 + i, CELL1, AMFOL_CAUSE_MO_SIGNALLING, 'S', 0, NULL, true,
                       (1ull << 38) | pointer << 32 | (uint64_t)(0x100 + i));
        for (int i = 0; i < 15; i++)       /* new UEs: target unknown */
            attempt(e, 1012.5 + i, CELL1, AMFOL_CAUSE_MO_DATA, 'S', 0, NULL);
        int n;
        const amfol_finding *x = only(amfol_engine_finish(e), AMFOL_RULE_GNB_IGNORES_OVERLOAD, &n);
        if (violate)
            CHECK(n == 1 && x->first_frame == st && x->count == 15 && strcmp(x->amf, "amf-1") == 0);
        else
            CHECK(n == 0 && radio_count(amfol_engine_finish(e)) == 0);
        amfol_engine_free(e);
    }
}

/* The INITIAL UE MESSAGE of a new UE in `cell`, from the gNB endpoint gnb_ep to amf_ep. */
static amfol_frame initial_ue(amfol_engine *e, double t, const char *gnb_ep, const char *amf_ep, uint64_t cell, int cause)
{
    amfol_ngap_event ev;
    ngap_blank(&ev);
    where(&ev.where, t, gnb_ep, amf_ep);
    ev.proc = 15;
    ev.rrc_cause = cause;
    ev.has_nr_cgi = true;
    strcpy(ev.nr_cgi.plmn.digits, "00101");
    ev.nr_cgi.cell_id = cell;
    feed_ngap(e, &ev);
    return ev.where.frame;
}

/* TS 38.413 §8.7.7.1: a new UE's target is the AMF its INITIAL UE MESSAGE goes to. gnb-1 serves
 * amf-1 (overloaded, START without percentage) and amf-2. New UEs sent to amf-2 are compliant;
 * new UEs of the shed class set up and sent to amf-1 are radio evidence. Two new UEs set up at
 * once in the same cell and cause cannot be told apart: both stay unattributed. */
static void test_multi_amf_new_ues(void)
{
    for (int violate = 0; violate < 3; violate++) {
        amfol_frame st;
        amfol_engine *e = two_amf_gnb(violate == 2 ? 50 : AMFOL_ABSENT, &st);
        for (int i = 0; i < 15; i++) {
            attempt(e, 1012.0 + i, CELL1, AMFOL_CAUSE_MO_SIGNALLING, 'S', 0, NULL);
            if (violate)
                initial_ue(e, 1012.03 + i, GNB_EP, AMF_EP, CELL1, AMFOL_CAUSE_MO_SIGNALLING);
            else
                initial_ue(e, 1012.03 + i, "10.0.1.1:38413", "10.0.0.2:38412", CELL1, AMFOL_CAUSE_MO_SIGNALLING);
        }
        attempt(e, 1030.0, CELL1, AMFOL_CAUSE_MO_DATA, 'S', 0, NULL);      /* two at once: ambiguous */
        attempt(e, 1030.001, CELL1, AMFOL_CAUSE_MO_DATA, 'S', 0, NULL);
        initial_ue(e, 1030.03, GNB_EP, AMF_EP, CELL1, AMFOL_CAUSE_MO_DATA);
        initial_ue(e, 1030.04, GNB_EP, AMF_EP, CELL1, AMFOL_CAUSE_MO_DATA);
        int n;
        const amfol_findings *f = amfol_engine_finish(e);
        const amfol_finding *x = only(f, AMFOL_RULE_GNB_IGNORES_OVERLOAD, &n);
        CHECK(e->rrc->new_ue_linked == 15 && e->rrc->new_ue_ambiguous == 2);
        uint32_t unattributed = 0;
        for (guint i = 0; i < e->rrc->reqs->len; i++)
            unattributed += g_array_index(e->rrc->reqs, rrc_req, i).unattributed;
        CHECK(unattributed == 2);
        uint32_t shed = 0, unjudged = 0;
        for (guint i = 0; i < e->rrc->reqs->len; i++) {
            const rrc_req *r = &g_array_index(e->rrc->reqs, rrc_req, i);
            shed += r->klass == AMFOL_RRC_CLASS_SHED && r->via_assoc == 0;
            unjudged += r->klass == AMFOL_RRC_CLASS_UNJUDGED && !r->unattributed;
        }
        /* N2 judges the same INITIAL UE MESSAGEs on amf-1's association (and the radio side
         * then adds nothing): the radio evidence is checked on the requests' classes. */
        if (violate == 1)   /* no percentage: every admitted shed-class request towards amf-1 is evidence */
            CHECK(n == 1 && x->first_frame == st && strcmp(x->amf, "amf-1") == 0 && shed == 15 && unjudged == 0);
        else if (violate == 2)   /* 50 %: admitted new UEs alone are a biased sample, not judged */
            CHECK(shed == 0 && unjudged == 15);
        else                /* amf-2's UEs: amf-2 is not in overload */
            CHECK(n == 0 && x == NULL && shed == 0 && unjudged == 0 && radio_count(f) == 0);
        amfol_engine_free(e);
    }
}

/* TS 38.413 §8.7.7.2 on offered requests: rejected UEs retry, the gNB is offered 3 shed-class
 * requests/s instead of 1/s. Shedding 80 % of them forwards 60 % of the baseline rate: N2 alone
 * would accuse the gNB, the radio side shows the share of offered requests and clears it. Setting
 * up 60 % of them is a violation on both sides. */
static void test_n2_judged_on_offered(void)
{
    for (int violate = 0; violate < 2; violate++) {
        amfol_engine *e = fresh();
        for (int i = 0; i < 60; i++) {
            attempt(e, 1001.0 + i, CELL1, AMFOL_CAUSE_MO_SIGNALLING, 'S', 0, NULL);
            initial_ue(e, 1001.03 + i, GNB_EP, AMF_EP, CELL1, AMFOL_CAUSE_MO_SIGNALLING);
        }
        amfol_frame st = start(e, 1062.0, AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING, 80);
        for (int i = 0; i < 150; i++) {
            bool admit = violate ? i % 5 < 3 : i % 5 == 0;
            attempt(e, 1064.0 + i / 3.0, CELL1, AMFOL_CAUSE_MO_SIGNALLING, admit ? 'S' : 'R', 4, NULL);
            if (admit)
                initial_ue(e, 1064.03 + i / 3.0, GNB_EP, AMF_EP, CELL1, AMFOL_CAUSE_MO_SIGNALLING);
        }
        stop(e, 1120.0);
        int n;
        const amfol_finding *x = only(amfol_engine_finish(e), AMFOL_RULE_GNB_IGNORES_OVERLOAD, &n);
        if (violate)
            CHECK(n == 1 && x->first_frame == st && x->count == 90 && e->rrc->n2_ignores_cleared == 0);
        else
            CHECK(n == 0 && e->rrc->n2_ignores_cleared == 1);
        amfol_engine_free(e);
    }
}

/* Pass-through is what reached the AMF (TS 38.413 §8.7.7.2 limits what the gNB sends to it):
 * under a START without percentage, 15 shed-class UEs get RRCSetup and are released before
 * anything reached the AMF: 0 before their RRCSetupComplete, 1 right after it with no INITIAL UE
 * MESSAGE: the gNB shed them, no finding. 2: the same UEs forwarded to the AMF (INITIAL UE
 * MESSAGE), then released (the AMF's release): they passed, N2 accuses the gNB. */
static void srb1_event(amfol_rrc_event *ev, double t, bool up, int msg, uint32_t id);

static void test_released_not_pass_through(void)
{
    for (int variant = 0; variant < 3; variant++) {
        amfol_engine *e = fresh();
        amfol_frame st = start(e, 1010.0, AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING, AMFOL_ABSENT);
        for (int u = 0; u < 15; u++) {
            double t = 1012.0 + u;
            attempt(e, t, CELL1, AMFOL_CAUSE_MO_SIGNALLING, 'S', 0, NULL);
            uint32_t id = du_id;
            amfol_rrc_event ev;
            amfol_rrc_result res;
            if (variant > 0) {
                srb1_event(&ev, t + 0.015, true, AMFOL_RRC_SETUP_COMPLETE, id);
                amfol_engine_frame(e, ev.where.frame, ev.where.time);
                amfol_engine_rrc(e, &ev, &res);
            }
            if (variant == 2)
                initial_ue(e, t + 0.02, GNB_EP, AMF_EP, CELL1, AMFOL_CAUSE_MO_SIGNALLING);
            srb1_event(&ev, t + 0.03, false, AMFOL_RRC_RELEASE, id);
            amfol_engine_frame(e, ev.where.frame, ev.where.time);
            amfol_engine_rrc(e, &ev, &res);
            CHECK(res.relevant);
        }
        int n;
        const amfol_finding *x = only(amfol_engine_finish(e), AMFOL_RULE_GNB_IGNORES_OVERLOAD, &n);
        CHECK(e->rrc->released_at_setup == (variant == 1 ? 15u : 0u));
        if (variant < 2)
            CHECK(n == 0);
        else
            CHECK(n == 1 && x->first_frame == st && x->count == 15 && x->severity == AMFOL_SEV_ERROR &&
                  (!x->layer || strcmp(x->layer, "rrc") != 0));
        amfol_engine_free(e);
    }
}

/* One waitTime for a burst is normal (TS 38.331): the UEs that come back 20 s later, not at
 * T302 expiry, give no reject-waittime-synchronised. */
static void test_same_waittime_not_bunched(void)
{
    amfol_engine *e = fresh();
    start(e, 1010.0, AMFOL_ACTION_REJECT_NON_EMERGENCY_MO_DT, 20);
    for (int i = 0; i < 25; i++)
        attempt_ue(e, 1012.0 + i * 0.1, CELL1, AMFOL_CAUSE_MO_VOICECALL, 'R', 8, NULL, true, 100 + i);
    for (int i = 0; i < 20; i++)
        attempt_ue(e, 1032.3 + i * 0.5, CELL1, AMFOL_CAUSE_MO_SIGNALLING, 'S', 0, NULL, true, 100 + i);
    int n;
    only(amfol_engine_finish(e), AMFOL_RULE_REJECT_WAITTIME_SYNCHRONISED, &n);
    CHECK(n == 0);
    amfol_engine_free(e);
}

/* gnb-over-sheds, wrong class, has the baseline check of exempt-access-rejected: a cell that
 * rejected mo-Signalling for its own congestion at 1 every 4 s for 60 s before a START "reject
 * non-emergency MO DT" and goes on at that rate is not over-shedding (the violating twin, no
 * rejects before, is test_wrong_class); 3 a second under it are. */
static void test_wrong_class_baseline(void)
{
    for (int violate = 0; violate < 2; violate++) {
        amfol_engine *e = fresh();
        for (int i = 0; i < 15; i++)
            attempt(e, 1001.0 + 4 * i, CELL1, AMFOL_CAUSE_MO_SIGNALLING, 'R', 5, NULL);
        amfol_frame st = start(e, 1062.0, AMFOL_ACTION_REJECT_NON_EMERGENCY_MO_DT, AMFOL_ABSENT);
        int n_rej = violate ? 30 : 5;
        for (int i = 0; i < n_rej; i++)
            attempt(e, 1064.0 + (violate ? i / 3.0 : 4 * i), CELL1, AMFOL_CAUSE_MO_SIGNALLING, 'R', 5, NULL);
        const amfol_findings *f = amfol_engine_finish(e);
        int n;
        const amfol_finding *x = only(f, AMFOL_RULE_GNB_OVER_SHEDS, &n);
        if (violate)
            CHECK(n == 1 && x->first_frame == st && x->count == 30 && x->n_frames == 31 &&
                  strstr(x->summary, "expected at the cell's pre-episode reject rate"));
        else
            CHECK(n == 0 && radio_count(f) == 0);
        amfol_engine_free(e);
    }
}

/* Rejecting a class the action does not name (mo-Signalling under action 0), across a replacing
 * START: one finding per gNB and cell, anchored on the START of the first such reject. */
static void test_wrong_class(void)
{
    amfol_engine *e = fresh();
    amfol_frame st = start(e, 1010.0, AMFOL_ACTION_REJECT_NON_EMERGENCY_MO_DT, AMFOL_ABSENT);
    amfol_frame rej[4];
    attempt(e, 1010.5, CELL1, AMFOL_CAUSE_MO_SIGNALLING, 'R', 5, NULL);   /* in grace: not judged */
    attempt(e, 1012.0, CELL1, AMFOL_CAUSE_MO_SIGNALLING, 'R', 5, &rej[0]);
    attempt(e, 1013.0, CELL1, AMFOL_CAUSE_MO_SIGNALLING, 'R', 6, &rej[1]);
    start(e, 1020.0, AMFOL_ACTION_REJECT_NON_EMERGENCY_MO_DT, 50);
    attempt(e, 1022.0, CELL1, AMFOL_CAUSE_MO_SIGNALLING, 'R', 7, &rej[2]);
    attempt(e, 1023.0, CELL1, AMFOL_CAUSE_MO_SIGNALLING, 'R', 8, &rej[3]);
    const amfol_findings *f = amfol_engine_finish(e);
    int n;
    const amfol_finding *x = only(f, AMFOL_RULE_GNB_OVER_SHEDS, &n);
    CHECK(n == 1 && x->first_frame == st && x->count == 4 && x->n_frames == 5);
    CHECK(x->frames[1] == rej[0] && x->frames[4] == rej[3] && strcmp(x->amf, "amf-1") == 0);
    CHECK(radio_count(f) == 1);
    amfol_engine_free(e);
}

static void test_protected_slice_and_unanswered(void)
{
    amfol_engine *e = fresh();
    amfol_ngap_event ev;
    ngap_blank(&ev);
    where(&ev.where, 1010.0, AMF_EP, GNB_EP);
    ev.proc = 22;
    ev.n_slice_items = 1;
    ev.slice_items[0].n_snssai = 1;
    ev.slice_items[0].snssai[0].sst = 1;
    ev.slice_items[0].snssai[0].has_sd = true;
    ev.slice_items[0].snssai[0].sd = 1;
    ev.slice_items[0].action = 2;
    ev.slice_items[0].reduction_pct = 30;
    feed_ngap(e, &ev);
    attempt(e, 1011.0, CELL1, AMFOL_CAUSE_MT_ACCESS, 'N', 0, NULL);
    attempt(e, 1015.0, CELL1, AMFOL_CAUSE_MT_ACCESS, 'S', 0, NULL);
    const amfol_findings *f = amfol_engine_finish(e);
    int n;
    const amfol_finding *x = only(f, AMFOL_RULE_SLICE_OVERLOAD_MISCONFIGURED, &n);
    CHECK(n == 1 && x->first_frame == ev.where.frame && x->count == 1 && strstr(x->summary, "1-000001"));
    amfol_rrc_request_info info;
    CHECK(amfol_rrc_request_info_get(e, 1, &info) && info.outcome == AMFOL_RRC_OUT_UNANSWERED);
    CHECK(amfol_rrc_request_info_get(e, 2, &info) && info.outcome == AMFOL_RRC_OUT_SETUP &&
           fabs(info.answer_delay_ms - 5.0) < 0.01);
    CHECK(!amfol_rrc_request_info_get(e, 3, &info));
    amfol_engine_free(e);
}

/* Without F1AP (MAC-NR): answers match by C-RNTI, and cells are unknown. */
static void test_mac_rnti_matching(void)
{
    amfol_engine *e = fresh();
    amfol_rrc_event ev;
    amfol_rrc_result res;
    for (int k = 0; k < 2; k++) {
        rrc_blank(&ev);
        where(&ev.where, 1001.0 + k, "", "");
        ev.msg = AMFOL_RRC_SETUP_REQUEST;
        ev.cause = AMFOL_CAUSE_MO_SIGNALLING;
        ev.c_rnti = 0x4601 + k;
        amfol_engine_rrc(e, &ev, &res);
        CHECK(res.relevant && res.cell == NULL && !res.in_overload);
    }
    rrc_blank(&ev);
    where(&ev.where, 1002.01, "", "");
    ev.msg = AMFOL_RRC_SETUP;
    ev.c_rnti = 0x4602;
    amfol_engine_rrc(e, &ev, &res);
    CHECK(res.request_frame == frame_no - 1 && res.cause == AMFOL_CAUSE_MO_SIGNALLING);
    amfol_engine_free(e);
}

/* A cell whose identity does not carry the gNB-ID and that no NGAP user location names is tied
 * to no gNB (overload unknown) until the cell_map setting names its gNB. */
static void test_cell_map(void)
{
    for (int mapped = 0; mapped < 2; mapped++) {
        frame_no = 0;
        amfol_config cfg;
        amfol_config_defaults(&cfg);
        if (mapped)
            strcpy(cfg.cell_map, "00101-000000777 = gnb-1, 00101-000000778=gnb-9");
        amfol_engine *e = amfol_engine_new(&cfg);
        ng_setup(e, 1000.0, 1);
        start(e, 1010.0, AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING, AMFOL_ABSENT);
        amfol_rrc_event ev;
        amfol_rrc_result res;
        rrc_blank(&ev);
        where(&ev.where, 1012.0, DU_EP, CU_EP);
        ev.msg = AMFOL_RRC_SETUP_REQUEST;
        ev.cause = AMFOL_CAUSE_MO_DATA;
        ev.du_ue_id = 77;
        ev.has_nr_cgi = true;
        strcpy(ev.nr_cgi.plmn.digits, "00101");
        ev.nr_cgi.cell_id = 0x777;
        amfol_engine_rrc(e, &ev, &res);
        CHECK(res.relevant && strcmp(res.cell, "00101-000000777") == 0);
        CHECK(res.in_overload == (mapped == 1));
        CHECK(strcmp(res.gnb, mapped ? "gnb-1" : CU_EP) == 0);
        CHECK(res.klass == (mapped ? AMFOL_RRC_CLASS_SHED : AMFOL_RRC_CLASS_NONE));
        amfol_engine_free(e);
    }
}

/* A DCCH message of UE `id` on SRB1 in F1AP, up (DU -> CU) or down. */
static void srb1_event(amfol_rrc_event *ev, double t, bool up, int msg, uint32_t id)
{
    rrc_blank(ev);
    where(&ev->where, t, up ? DU_EP : CU_EP, up ? CU_EP : DU_EP);
    ev->msg = msg;
    ev->via_f1ap = true;
    ev->du_ue_id = ev->cu_ue_id = id;
    ev->srb_id = 1;
}

/* One UE that gets RRCSetup, then sends RRCSetupComplete with requested NSSAI `sst`-`sd` (sd 0:
 * SST only; sst2 > 0: a second S-NSSAI sst2-000001) and is released ('X', RRCRelease 2 ms later)
 * or kept ('K'). Returns the RRCRelease frame (0 when kept). */
static amfol_frame connect_ue(amfol_engine *e, double t, int cause, int sst, uint32_t sd, int sst2, char fate)
{
    amfol_frame setup;
    attempt_ue(e, t, CELL1, cause, 'S', 0, &setup, false, 0);
    uint32_t id = du_id;
    amfol_rrc_event ev;
    amfol_rrc_result res;
    srb1_event(&ev, t + 0.015, true, AMFOL_RRC_SETUP_COMPLETE, id);
    ev.n_requested_nssai = sst2 > 0 ? 2 : 1;
    ev.requested_nssai[0] = (amfol_snssai){ (uint8_t)sst, sd != 0, sd };
    ev.requested_nssai[1] = (amfol_snssai){ (uint8_t)sst2, true, 1 };
    amfol_engine_frame(e, ev.where.frame, ev.where.time);
    amfol_engine_rrc(e, &ev, &res);
    CHECK(res.relevant && res.msg == AMFOL_RRC_SETUP_COMPLETE);
    if (fate != 'X')
        return 0;
    srb1_event(&ev, t + 0.017, false, AMFOL_RRC_RELEASE, id);
    amfol_engine_frame(e, ev.where.frame, ev.where.time);
    amfol_engine_rrc(e, &ev, &res);
    CHECK(res.relevant);
    return ev.where.frame;
}

/* slice-overload-blocks-slice: the gNB reads the requested NSSAI in RRCSetupComplete and releases
 * UEs. Variants:
 *   0 START lists 2-000002 without percentage, every slice-2 UE released, 7 slice-1 UEs kept:
 *     compliant gNB, warning about the AMF's list;
 *   1 as 0 but one slice-2 UE kept: nothing;  2 only 4 slice-1 UEs kept: nothing;
 *   3 only 4 slice-2 UEs released: nothing;
 *   4 the item asks for 30 %: releasing all 8 is more than asked: error;
 *   5 a slice-only START listing 3-000002: releasing slice-2 UEs (unlisted) is the gNB's error;
 *   6 as 4 but 3 of 10 released (the share asked): nothing;
 *   7 as 5 but the START has an AMF-wide action shedding mo-Signalling: those releases are allowed.
 * Releases after the STOP, releases later than 1 s after RRCSetupComplete, UEs with two slices
 * (one listed, one not: "other") are never evidence of the listed slice. */
static void test_slice_blocked(void)
{
    for (int variant = 0; variant < 8; variant++) {
        amfol_engine *e = fresh();
        amfol_ngap_event ev;
        ngap_blank(&ev);
        where(&ev.where, 1010.0, AMF_EP, GNB_EP);
        ev.proc = 22;
        bool slice_only = variant == 5;
        ev.overload_action = slice_only ? AMFOL_ABSENT : AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING;
        ev.reduction_pct = slice_only ? AMFOL_ABSENT : 10;
        ev.n_slice_items = 1;
        ev.slice_items[0].n_snssai = 1;
        ev.slice_items[0].snssai[0] = (amfol_snssai){ (uint8_t)(variant == 5 || variant == 7 ? 3 : 2), true, 2 };
        ev.slice_items[0].action = AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING;
        ev.slice_items[0].reduction_pct = variant == 4 || variant == 6 ? 30 : AMFOL_ABSENT;
        feed_ngap(e, &ev);
        amfol_frame start_frame = ev.where.frame;
        amfol_frame rel[16];
        int n_rel = 0;
        double t = 1011.0;
        int blocked = variant == 3 ? 4 : variant == 6 ? 10 : 8;
        for (int u = 0; u < blocked; u++) {
            char fate = (variant == 1 && u == 2) || (variant == 6 && u >= 3) ? 'K' : 'X';
            amfol_frame r = connect_ue(e, t += 0.5, AMFOL_CAUSE_MO_SIGNALLING, 2, 2, 0, fate);
            if (r)
                rel[n_rel++] = r;
        }
        int others = variant == 2 ? 4 : 7;
        for (int u = 0; u < others; u++)
            connect_ue(e, t += 0.5, AMFOL_CAUSE_MO_DATA, 1, 1, 0, 'K');
        connect_ue(e, t += 0.5, AMFOL_CAUSE_MO_DATA, 2, 2, 1, 'X');   /* slices 2 and 1: "other" */
        stop(e, 1100.0);
        connect_ue(e, 1101.0, AMFOL_CAUSE_MO_SIGNALLING, 2, 2, 0, 'X'); /* after the STOP */
        const amfol_findings *f = amfol_engine_finish(e);
        int n;
        const amfol_finding *x = only(f, AMFOL_RULE_SLICE_OVERLOAD_BLOCKS_SLICE, &n);
        if (variant == 5) {
            CHECK(n == 1 && x->severity == AMFOL_SEV_ERROR && strstr(x->summary, "does not list") != NULL);
            /* the 8 slice-2 UEs and the UE of slices 2 and 1 (both unlisted) */
            CHECK(x->first_frame == start_frame && x->count == 9 && x->n_frames == 9);
        } else if (variant == 0 || variant == 4) {
            CHECK(n == 1 && x->severity == (variant == 4 ? AMFOL_SEV_ERROR : AMFOL_SEV_WARNING));
            CHECK(strstr(x->summary, variant == 4 ? "by 30 % only" : "without a reduction percentage") != NULL);
            CHECK(x->amf && strcmp(x->amf, "amf-1") == 0 && x->gnb && strcmp(x->gnb, "gnb-1") == 0);
            CHECK(x->cell == NULL && x->layer && strcmp(x->layer, "rrc") == 0);
            CHECK(x->first_frame == start_frame && x->count == 8 && n_rel == 8 && x->n_frames == 8);
            for (int k = 0; k < n_rel; k++)
                CHECK(x->frames[k] == rel[k]);
            CHECK(strstr(x->summary, "2-000002") != NULL);
            if (variant == 0)
                CHECK(strstr(x->summary, "all 8 such UEs") && strstr(x->summary, " 7 UEs of unlisted"));
        } else {
            CHECK(n == 0);
        }
        amfol_engine_free(e);
    }
}

/* A slice-only START (no Overload Action IE) listing slice `sst`-000002 with `item_pct`, and an
 * AMF-wide Traffic Load Reduction Indication `pct`. Returns the START frame. */
static amfol_frame slice_start(amfol_engine *e, double t, int sst, int item_pct, int pct)
{
    amfol_ngap_event ev;
    ngap_blank(&ev);
    where(&ev.where, t, AMF_EP, GNB_EP);
    ev.proc = 22;
    ev.reduction_pct = pct;
    ev.n_slice_items = 1;
    ev.slice_items[0].n_snssai = 1;
    ev.slice_items[0].snssai[0] = (amfol_snssai){ (uint8_t)sst, true, 2 };
    ev.slice_items[0].action = AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING;
    ev.slice_items[0].reduction_pct = item_pct;
    feed_ngap(e, &ev);
    return ev.where.frame;
}

/* Slices (TS 38.413 §8.7.7.2), what is the gNB's and what is not:
 *   0 the START lists 2-000002 without percentage and the gNB lets 8 of its mo-Signalling UEs
 *     through after RRCSetupComplete: the missed violation, gnb-ignores-overload (radio) against
 *     the gNB, the START and the 8 RRCSetupComplete frames as evidence;
 *   1 the same UEs released right after RRCSetupComplete: compliant (the warning about the list);
 *   2 the item asks 30 %, the 8 UEs are forwarded (INITIAL UE MESSAGE) and then released, the
 *     AMF's release (a reject): not the gNB's shedding, no finding (releasing all 8 itself was an
 *     error of the gNB);
 *   3 no Overload Action IE, a slice list and an AMF-wide percentage: nothing AMF-wide is asked
 *     (as on N2): 15 mo-Signalling set-ups of UEs without the slice are no evidence. */
static void test_slice_ignored_and_amf_release(void)
{
    for (int variant = 0; variant < 4; variant++) {
        amfol_engine *e = fresh();
        amfol_frame st = variant == 3 ? slice_start(e, 1010.0, 3, AMFOL_ABSENT, 50)
                                      : slice_start(e, 1010.0, 2, variant == 2 ? 30 : AMFOL_ABSENT, AMFOL_ABSENT);
        amfol_frame kept[8];
        double t = 1012.0;
        for (int u = 0; u < (variant == 3 ? 15 : 8); u++) {
            amfol_frame setup;
            attempt_ue(e, t += 0.5, CELL1, AMFOL_CAUSE_MO_SIGNALLING, 'S', 0, &setup, false, 0);
            uint32_t id = du_id;
            amfol_rrc_event ev;
            amfol_rrc_result res;
            srb1_event(&ev, t + 0.015, true, AMFOL_RRC_SETUP_COMPLETE, id);
            ev.n_requested_nssai = 1;
            ev.requested_nssai[0] = (amfol_snssai){ 2, true, 2 };
            amfol_engine_frame(e, ev.where.frame, ev.where.time);
            amfol_engine_rrc(e, &ev, &res);
            if (u < 8)
                kept[u] = ev.where.frame;
            if (variant == 2)
                initial_ue(e, t + 0.02, GNB_EP, AMF_EP, CELL1, AMFOL_CAUSE_MO_SIGNALLING);
            if (variant == 1 || variant == 2) {
                srb1_event(&ev, t + 0.03, false, AMFOL_RRC_RELEASE, id);
                amfol_engine_frame(e, ev.where.frame, ev.where.time);
                amfol_engine_rrc(e, &ev, &res);
            }
        }
        for (int u = 0; u < 7; u++)
            connect_ue(e, t += 0.5, AMFOL_CAUSE_MO_DATA, 1, 1, 0, 'K');
        const amfol_findings *f = amfol_engine_finish(e);
        int n, nb;
        const amfol_finding *x = only(f, AMFOL_RULE_GNB_IGNORES_OVERLOAD, &n);
        only(f, AMFOL_RULE_SLICE_OVERLOAD_BLOCKS_SLICE, &nb);
        if (variant == 0) {
            CHECK(n == 1 && x->severity == AMFOL_SEV_ERROR && strcmp(x->layer, "rrc") == 0 &&
                  strcmp(x->gnb, "gnb-1") == 0 && x->first_frame == st && x->count == 8 && x->n_frames == 9);
            for (int k = 0; k < 8; k++)
                CHECK(x->frames[k + 1] == kept[k]);
            CHECK(strstr(x->summary, "2-000002") && nb == 0);
        } else {
            CHECK(n == 0 && nb == (variant == 1 ? 1 : 0));
        }
        CHECK(radio_count(f) == (variant == 0 || variant == 1 ? 1u : 0u));
        amfol_engine_free(e);
    }
}

/* Distinct requested NSSAIs beyond RRC_MAX_NSSAI_SETS are counted in `overflow`, not learnt. */
static void test_slice_table_caps(void)
{
    amfol_engine *e = fresh();
    for (int k = 0; k < RRC_MAX_NSSAI_SETS + 2; k++)
        connect_ue(e, 1001.0 + 0.01 * k, AMFOL_CAUSE_MO_DATA, 1, (uint32_t)k + 1, 0, 'K');
    CHECK(e->rrc->nssai_sets->len == RRC_MAX_NSSAI_SETS && e->rrc->overflow == 2);
    CHECK(e->rrc->setup_completes == RRC_MAX_NSSAI_SETS + 2);
    amfol_engine_free(e);
}

int main(void)
{
    CHECK(fabs(rrc_binom_sf(5, 10, 0.5) - 0.623046875) < 1e-9);
    CHECK(rrc_binom_sf(0, 10, 0.3) == 1.0 && rrc_binom_sf(11, 10, 0.3) == 0.0);
    CHECK(amfol_rrc_classify(AMFOL_ACTION_REJECT_NON_EMERGENCY_MO_DT, AMFOL_CAUSE_MO_SIGNALLING) == AMFOL_RRC_CLASS_OTHER);
    CHECK(amfol_rrc_classify(AMFOL_ACTION_PERMIT_HIGH_PRIORITY_AND_MT_ONLY, AMFOL_CAUSE_EMERGENCY) == AMFOL_RRC_CLASS_UNJUDGED);
    CHECK(amfol_rrc_classify(AMFOL_ABSENT, AMFOL_CAUSE_MT_ACCESS) == AMFOL_RRC_CLASS_EXEMPT);
    CHECK(amfol_rrc_cause_ix(9, true) == AMFOL_CAUSE_MPS && amfol_rrc_cause_ix(8, true) == AMFOL_RRC_CAUSE_RNA_UPDATE);
    test_compliant();
    test_ignores_and_exempt();
    test_after_stop_and_without();
    test_over_sheds_and_sync();
    test_same_waittime_not_bunched();
    test_after_stop_pre_episode_rate();
    test_exempt_rejects_pre_episode_rate();
    test_multi_amf_gnb();
    test_multi_amf_new_ues();
    test_n2_judged_on_offered();
    test_released_not_pass_through();
    test_protected_slice_and_unanswered();
    test_wrong_class();
    test_wrong_class_baseline();
    test_cell_map();
    test_mac_rnti_matching();
    test_slice_blocked();
    test_slice_ignored_and_amf_release();
    test_slice_table_caps();
    printf("test_rrc_rules: ok\n");
    return 0;
}
