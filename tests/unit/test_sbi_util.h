/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_sbi_util.h: builders of NGAP and SBI events for the SBI unit tests (test_sbi_engine.c,
 * test_sbi_query.c), fed through amfol_engine_* as the glue feeds them. Public headers only. */
#ifndef TEST_SBI_UTIL_H
#define TEST_SBI_UTIL_H

#include "engine/amfol_engine.h"
#include "sbi/amfol_sbi_json.h"

#include <stdio.h>
#include <string.h>

#define ID1 "6f1c0001-0000-4000-8000-000000000001"
#define ID2 "6f1c0002-0000-4000-8000-000000000002"
#define NRF "10.0.9.1:8080"

/* AMF Set of the AMF with pointer 2 (amf-2); every other AMF is in Set 1. A test that moves
 * amf-2 into another Set sets it and puts it back. */
static int guami_set_of_pointer2 = 1;

/* PLMN 00101, region 2, pointer = the AMF's number. */
static inline amfol_guami guami(int pointer)
{
    amfol_guami g;
    memset(&g, 0, sizeof g);
    strcpy(g.plmn.digits, "00101");
    g.region_id = 2;
    g.set_id = (uint16_t)(pointer == 2 ? guami_set_of_pointer2 : 1);
    g.pointer = (uint8_t)pointer;
    return g;
}

static inline void where(amfol_where *w, amfol_frame f, double t, const char *src, const char *dst)
{
    memset(w, 0, sizeof *w);
    w->frame = f;
    w->time = t;
    snprintf(w->src.text, sizeof w->src.text, "%s", src);
    snprintf(w->dst.text, sizeof w->dst.text, "%s", dst);
}

/* An NGAP PDU; the engine routes it to N2 and SBI. */
static inline void ngap(amfol_engine *e, amfol_frame f, double t, int proc, int pdu, const char *src,
                        const char *dst, const char *amf_name, int pointer)
{
    amfol_ngap_event ev;
    memset(&ev, 0, sizeof ev);
    where(&ev.where, f, t, src, dst);
    ev.proc = proc;
    ev.pdu_type = pdu;
    ev.ran_ue_id = ev.amf_ue_id = AMFOL_ABSENT;
    ev.overload_action = ev.reduction_pct = ev.rrc_cause = ev.ue_context_request = AMFOL_ABSENT;
    ev.cause.group = AMFOL_ABSENT;
    ev.time_to_wait = ev.relative_amf_capacity = AMFOL_ABSENT;
    if (amf_name) {
        snprintf(ev.amf_name, sizeof ev.amf_name, "%s", amf_name);
        ev.n_guamis = 1;
        ev.guamis[0] = guami(pointer);
    }
    if (proc == AMFOL_NGAP_OVERLOAD_START)
        ev.overload_action = 1;
    amfol_engine_frame(e, f, t);
    amfol_engine_ngap(e, &ev, NULL);
}

/* An empty SBI message (one static event: fill it, then feed it). */
static inline amfol_sbi_event *sbi(amfol_frame f, double t, const char *src, const char *dst,
                                   uint32_t tcp, uint32_t sid)
{
    static amfol_sbi_event ev;
    memset(&ev, 0, sizeof ev);
    where(&ev.where, f, t, src, dst);
    ev.tcp_stream = tcp;
    ev.stream_id = sid;
    ev.status = AMFOL_ABSENT;
    ev.message_priority = AMFOL_ABSENT;
    ev.problem_status = AMFOL_ABSENT;
    return &ev;
}

static inline amfol_sbi_result feed(amfol_engine *e, amfol_sbi_event *ev)
{
    amfol_sbi_result r;
    amfol_engine_frame(e, ev->where.frame, ev->where.time);
    amfol_engine_sbi(e, ev, &r);
    return r;
}

/* An AMF NF profile (Set 1, region 2) with one GUAMI of the given pointer. */
static inline void add_profile(amfol_sbi_event *ev, const char *id, int load, int pointer, const char *ip)
{
    amfol_sbi_load *l = &ev->loads[ev->n_loads++];
    amfol_sbi_load_init(l, AMFOL_SBI_LOAD_PROFILE);
    snprintf(l->nf_instance_id, sizeof l->nf_instance_id, "%s", id);
    strcpy(l->nf_type, "AMF");
    strcpy(l->nf_status, "REGISTERED");
    l->load = load;
    l->amf_set_id = 1;
    l->amf_region_id = 2;
    l->n_guamis = 1;
    l->guamis[0] = guami(pointer);
    snprintf(l->ipv4, sizeof l->ipv4, "%s", ip);
}

#endif
