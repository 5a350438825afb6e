/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_episodes.c: what the SBI rules need from N2: which AMF is which (NG SETUP RESPONSE
 * name, address and GUAMIs) and when each AMF is in overload (an episode runs while at least
 * one of its associations has an OVERLOAD START not yet followed by a STOP, docs/faults.md). */
#include "amfol_sbi_internal.h"
#include "../core/amfol_engine_internal.h"

#include <stdio.h>
#include <string.h>

#define PROC_NG_SETUP 21
#define PROC_AMF_CONFIGURATION_UPDATE 0
#define PROC_OVERLOAD_START 22
#define PROC_OVERLOAD_STOP 23

/* The AMF's name as the N2 module gives it; the N2 module may not know it (yet), then the
 * NG SETUP RESPONSE's AMFName we saw on this association, else the AMF's address. */
static const char *amf_name_for(amfol_engine *e, const amfol_ngap_event *ev,
                                const amfol_endpoint *amf_side)
{
    amfol_sbi *s = e->sbi;
    const char *n = amfol_n2_amf_name(e->n2, &ev->where.src, &ev->where.dst);
    if (n && n[0])
        return sbi_intern(s, n);
    char ip[48];
    sbi_ip_of(amf_side->text, ip, sizeof ip);
    const char *by_ip = sbi_name_for_ip(s, ip);
    if (by_ip)
        return by_ip;
    return sbi_intern(s, amf_side->text);
}

static sbi_assoc *assoc_get(amfol_sbi *s, const char *amf, const char *amf_ep, const char *gnb_ep)
{
    char key[160];
    snprintf(key, sizeof key, "%s|%s", amf_ep, gnb_ep);
    for (guint i = 0; i < s->assocs->len; i++) {
        sbi_assoc *a = &g_array_index(s->assocs, sbi_assoc, i);
        if (strcmp(a->key, key) == 0)
            return a;
    }
    if (s->assocs->len >= SBI_MAX_ASSOCS) {
        s->dropped++;
        return NULL;
    }
    sbi_assoc a = { amf, sbi_intern(s, key), false };
    g_array_append_val(s->assocs, a);
    return &g_array_index(s->assocs, sbi_assoc, s->assocs->len - 1);
}

static sbi_episode *open_episode(amfol_sbi *s, const char *amf)
{
    for (guint i = s->episodes->len; i-- > 0;) {
        sbi_episode *x = &g_array_index(s->episodes, sbi_episode, i);
        if (x->amf == amf)
            return x->end_frame == 0 ? x : NULL;
    }
    return NULL;
}

static int episodes_of(const amfol_sbi *s, const char *amf)
{
    int n = 0;
    for (guint i = 0; i < s->episodes->len; i++)
        n += g_array_index(s->episodes, sbi_episode, i).amf == amf;
    return n;
}

void sbi_episodes_on_ngap(amfol_engine *e, const amfol_ngap_event *ev)
{
    amfol_sbi *s = e->sbi;
    if (!ev)
        return;
    if ((ev->proc == PROC_NG_SETUP && ev->pdu_type == AMFOL_PDU_SUCCESSFUL) ||
        (ev->proc == PROC_AMF_CONFIGURATION_UPDATE && ev->pdu_type == AMFOL_PDU_INITIATING)) {
        /* Sent by the AMF: its address is the source. */
        char ip[48];
        sbi_ip_of(ev->where.src.text, ip, sizeof ip);
        const char *n2 = amfol_n2_amf_name(e->n2, &ev->where.src, &ev->where.dst);
        const char *name = n2 && n2[0] ? n2 : ev->amf_name[0] ? ev->amf_name : ev->where.src.text;
        sbi_n2_learn_amf(s, name, ip, ev->guamis, ev->n_guamis, ev->where.frame);
        return;
    }
    if (ev->proc != PROC_OVERLOAD_START && ev->proc != PROC_OVERLOAD_STOP)
        return;
    /* START and STOP go from the AMF to the gNB. */
    const char *amf = amf_name_for(e, ev, &ev->where.src);
    sbi_assoc *a = assoc_get(s, amf, ev->where.src.text, ev->where.dst.text);
    if (!a)
        return;
    sbi_episode *ep = open_episode(s, amf);
    if (ev->proc == PROC_OVERLOAD_START) {
        if (!a->in_force) {
            a->in_force = true;
            if (!ep) {
                if (s->episodes->len >= SBI_MAX_EPISODES) {
                    s->dropped++;
                    a->in_force = false;
                    return;
                }
                sbi_episode x = { amf, episodes_of(s, amf) + 1, ev->where.frame, ev->where.time,
                                  0, 0, 0 };
                g_array_append_val(s->episodes, x);
                ep = &g_array_index(s->episodes, sbi_episode, s->episodes->len - 1);
            }
            ep->assocs_in_force++;
        }
    } else if (a->in_force) {
        a->in_force = false;
        if (ep && --ep->assocs_in_force <= 0) {
            ep->end_frame = ev->where.frame;
            ep->end = ev->where.time;
        }
    }
}

const sbi_episode *sbi_episode_at(const amfol_sbi *s, const char *amf, amfol_time t)
{
    for (guint i = 0; amf && i < s->episodes->len; i++) {
        const sbi_episode *x = &g_array_index(s->episodes, sbi_episode, i);
        if (strcmp(x->amf, amf) == 0 && x->start <= t && (x->end_frame == 0 || t < x->end))
            return x;
    }
    return NULL;
}
