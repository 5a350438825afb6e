/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_n2_util.h: builders of NGAP events for the N2 and report unit tests. */
#ifndef TEST_N2_UTIL_H
#define TEST_N2_UTIL_H

#include "engine/amfol_engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* assert() vanishes under NDEBUG (RelWithDebInfo): tests use CHECK, which never does. */
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); \
                                   exit(EXIT_FAILURE); } } while (0)

#define AMF_EP "10.0.0.1:38412"

typedef struct t_feed {
    amfol_engine *e;
    amfol_frame frame;
    amfol_time t0;
} t_feed;

static inline amfol_ngap_event t_ev(t_feed *f, double t, const char *src, const char *dst,
                                    int pdu_type, int proc)
{
    amfol_ngap_event ev;
    memset(&ev, 0, sizeof ev);
    ev.where.frame = ++f->frame;
    ev.where.time = f->t0 + t;
    snprintf(ev.where.src.text, sizeof ev.where.src.text, "%s", src);
    snprintf(ev.where.dst.text, sizeof ev.where.dst.text, "%s", dst);
    ev.pdu_type = pdu_type;
    ev.proc = proc;
    ev.ran_ue_id = ev.amf_ue_id = AMFOL_ABSENT;
    ev.overload_action = ev.reduction_pct = ev.rrc_cause = AMFOL_ABSENT;
    ev.ue_context_request = ev.time_to_wait = ev.relative_amf_capacity = AMFOL_ABSENT;
    ev.cause.group = AMFOL_ABSENT;
    amfol_engine_frame(f->e, ev.where.frame, ev.where.time);
    return ev;
}

static inline amfol_n2_result t_push(t_feed *f, const amfol_ngap_event *ev)
{
    amfol_n2_result r;
    amfol_engine_ngap(f->e, ev, &r);
    return r;
}

static inline void t_setup(t_feed *f, double t, const char *gnb_ep, const char *gnb_name, const char *amf_name)
{
    amfol_ngap_event req = t_ev(f, t, gnb_ep, AMF_EP, 0, 21);
    snprintf(req.ran_node_name, sizeof req.ran_node_name, "%s", gnb_name);
    t_push(f, &req);
    amfol_ngap_event rsp = t_ev(f, t + 0.001, AMF_EP, gnb_ep, 1, 21);
    snprintf(rsp.amf_name, sizeof rsp.amf_name, "%s", amf_name);
    rsp.relative_amf_capacity = 255;
    t_push(f, &rsp);
}

static inline amfol_n2_result t_iue(t_feed *f, double t, const char *gnb_ep, int cause)
{
    amfol_ngap_event ev = t_ev(f, t, gnb_ep, AMF_EP, 0, 15);
    ev.rrc_cause = cause;
    ev.ran_ue_id = f->frame;
    return t_push(f, &ev);
}

static inline amfol_n2_result t_start(t_feed *f, double t, const char *gnb_ep, int action, int pct)
{
    amfol_ngap_event ev = t_ev(f, t, AMF_EP, gnb_ep, 0, 22);
    ev.overload_action = action;
    ev.reduction_pct = pct;
    return t_push(f, &ev);
}

static inline amfol_n2_result t_stop(t_feed *f, double t, const char *gnb_ep)
{
    amfol_ngap_event ev = t_ev(f, t, AMF_EP, gnb_ep, 0, 23);
    return t_push(f, &ev);
}

#endif
