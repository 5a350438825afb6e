/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_n2_setup_wait.c: a gNB that sends its next NG SETUP REQUEST to an AMF before the Time To
 * Wait of that AMF's NG SETUP FAILURE has passed (TS 38.413 §8.7.1.3: "the NG-RAN node shall wait
 * at least for the indicated time before reinitiating the NG Setup towards the same AMF"). Per
 * gNB and AMF (by name: the retry usually comes on a new SCTP association). A failure without
 * Time To Wait sets no wait; a retry after the wait is compliant. */
#include "amfol_n2_internal.h"

#define SETUP_WAIT_MAX 1024            /* gNB-AMF pairs followed; more are counted, not judged */
#define SETUP_WAIT_FRAMES 32           /* early requests kept as evidence per pair */

typedef struct setup_wait {
    const char *gnb, *amf;             /* interned */
    amfol_time failed_at, until;       /* the last failure with Time To Wait, and its end */
    amfol_frame failure_frame;
    int ttw_s;
    /* the first early request: its failure, wait and how soon it came */
    amfol_frame first_failure;
    int first_ttw_s;
    double first_after_s;
    uint32_t early;
    int n_frames;
    amfol_frame frames[SETUP_WAIT_FRAMES];
} setup_wait;

static setup_wait *find(amfol_n2 *n2, const char *gnb, const char *amf, bool add)
{
    if (!n2->setup_waits)
        n2->setup_waits = g_array_new(FALSE, TRUE, sizeof(setup_wait));
    for (guint i = 0; i < n2->setup_waits->len; i++) {
        setup_wait *w = &g_array_index(n2->setup_waits, setup_wait, i);
        if (w->gnb == gnb && w->amf == amf)   /* interned: one pointer per name */
            return w;
    }
    if (!add)
        return NULL;
    if (n2->setup_waits->len >= SETUP_WAIT_MAX) {
        n2->setup_waits_dropped++;
        return NULL;
    }
    setup_wait w = { .gnb = gnb, .amf = amf };
    g_array_append_val(n2->setup_waits, w);
    return &g_array_index(n2->setup_waits, setup_wait, n2->setup_waits->len - 1);
}

void n2_setup_wait_on_ngap(amfol_n2 *n2, const char *gnb, const char *amf, const amfol_ngap_event *ev,
                           int ttw_s)
{
    if (!gnb || !amf || ev->proc != AMFOL_NGAP_NG_SETUP)
        return;
    gnb = n2_intern(n2, gnb);
    amf = n2_intern(n2, amf);
    amfol_time t = ev->where.time;
    if (ev->pdu_type == AMFOL_PDU_INITIATING) {
        setup_wait *w = find(n2, gnb, amf, false);
        if (!w || w->failure_frame == 0 || !(t < w->until))
            return;
        if (w->early++ == 0) {
            w->first_failure = w->failure_frame;
            w->first_ttw_s = w->ttw_s;
            w->first_after_s = t - w->failed_at;
        }
        if (w->n_frames < SETUP_WAIT_FRAMES)
            w->frames[w->n_frames++] = ev->where.frame;
    } else if (ev->pdu_type == AMFOL_PDU_UNSUCCESSFUL && ttw_s > 0) {
        setup_wait *w = find(n2, gnb, amf, true);
        if (!w)
            return;
        w->failed_at = t;
        w->until = t + ttw_s;
        w->failure_frame = ev->where.frame;
        w->ttw_s = ttw_s;
    }
}

void n2_setup_wait_finish(const amfol_n2 *n2, amfol_findings *out)
{
    for (guint i = 0; n2->setup_waits && i < n2->setup_waits->len; i++) {
        const setup_wait *w = &g_array_index(n2->setup_waits, setup_wait, i);
        if (!w->early)
            continue;
        amfol_finding *f = amfol_findings_add(out, AMFOL_RULE_NG_SETUP_BEFORE_TIME_TO_WAIT);
        if (!f)
            return;
        amfol_finding_set_entities(f, w->amf, w->gnb, NULL, NULL);
        amfol_finding_add_frame(f, w->first_failure);
        for (int k = 0; k < w->n_frames; k++)
            amfol_finding_add_frame(f, w->frames[k]);
        f->first_frame = w->frames[0];
        f->count = w->early;
        amfol_finding_set_summary(f,
            "gNB %s sent NG SETUP REQUEST (frame %u) to AMF %s %.1f s after its NG SETUP FAILURE (frame %u) "
            "said Time To Wait %d s; %u request%s before the wait ended",
            w->gnb, w->frames[0], w->amf, w->first_after_s, w->first_failure, w->first_ttw_s, w->early,
            w->early == 1 ? "" : "s");
    }
}
