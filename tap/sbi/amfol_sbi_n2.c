/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_n2.c: what the SBI rules need from N2: which AMF is which (NG SETUP RESPONSE
 * name, address and GUAMIs) and when each AMF is in overload, asked of the N2 timeline
 * (amfol_n2_episode_*): SBI keeps no START/STOP state of its own. */
#include "amfol_sbi_internal.h"
#include "../core/amfol_context.h"

#include <stdio.h>
#include <string.h>


void sbi_episodes_on_ngap(amfol_engine *e, const amfol_ngap_event *ev)
{
    if (!ev || !((ev->proc == AMFOL_NGAP_NG_SETUP && ev->pdu_type == AMFOL_PDU_SUCCESSFUL) ||
                 (ev->proc == AMFOL_NGAP_AMF_CONFIGURATION_UPDATE && ev->pdu_type == AMFOL_PDU_INITIATING)))
        return;
    /* Sent by the AMF: its address is the source. */
    const char *n2 = amfol_n2_assoc_amf_name(e->n2, amfol_n2_where_assoc(e->n2, &ev->where));
    const char *name = n2 && n2[0] ? n2 : ev->amf_name[0] ? ev->amf_name : ev->where.src.text;
    sbi_n2_learn_amf(e->sbi, name, ev->where.src.text, ev->guamis, ev->n_guamis, ev->where.frame);
}

static void from_view(const amfol_engine *e, const amfol_n2_episode_view *v, sbi_episode *out)
{
    out->amf = sbi_intern(e->sbi, v->amf);    /* SBI compares AMF names by pointer */
    out->number = v->number;
    out->start_frame = v->start_frame;
    out->start_unknown = v->start_unknown;
    /* Before the capture: judge only from the first frame on. */
    out->start = v->start_unknown ? e->cap.first_time : v->start_time;
    out->end_frame = v->stop_frame;
    out->end = v->stop_time;
}

size_t sbi_episode_count(const amfol_engine *e)
{
    return amfol_n2_episode_count(e->n2);
}

bool sbi_episode_get(amfol_engine *e, size_t i, sbi_episode *out)
{
    amfol_n2_episode_view v;
    if (!amfol_n2_episode_get(e->n2, i, &v) || !v.amf)
        return false;
    from_view(e, &v, out);
    return true;
}

bool sbi_episode_at(amfol_engine *e, const char *amf, amfol_time t, sbi_episode *out)
{
    amfol_n2_episode_view v;
    if (!amfol_n2_episode_at(e->n2, amf, t, &v))
        return false;
    from_view(e, &v, out);
    return true;
}
