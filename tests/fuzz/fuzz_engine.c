/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer harness: the analysis engine fed a random sequence of events (frames, NGAP, SCTP
 * trouble, RRC, NAS parsed from the input's octets, SBI with OCI/LCI/Retry-After), then the
 * findings and all three reports. Identities come from small ranges so that the events meet
 * (same AMF, gNB, UE, stream) and the correlation and rule code is reached. */
#include "engine/amfol_engine.h"
#include "nas/amfol_nas_parse.h"
#include "report/amfol_report.h"
#include "sbi/amfol_sbi_json.h"

#include <stdio.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct input {
    const uint8_t *p;
    size_t left;
} input;

static unsigned byte(input *in)
{
    if (!in->left)
        return 0;
    in->left--;
    return *in->p++;
}

/* A small number in 0..n-1, or AMFOL_ABSENT one time in eight. */
static int small_or_absent(input *in, int n)
{
    unsigned b = byte(in);
    return (b & 7) == 7 ? AMFOL_ABSENT : (int)((b >> 3) % (unsigned)n);
}

static void text_from(input *in, char *dst, size_t cap)
{
    size_t n = byte(in) % cap;
    for (size_t i = 0; i < n; i++)
        dst[i] = (char)(byte(in) | 0x20);      /* printable-ish, never NUL */
    dst[n] = 0;
}

static void where(input *in, amfol_where *w, amfol_frame frame, amfol_time t)
{
    w->frame = frame;
    w->time = t;
    unsigned b = byte(in);
    int gnb = (int)(b & 3), amf = (int)((b >> 2) & 1);
    char g[64], a[64];
    snprintf(g, sizeof g, "10.0.1.%d:38412", gnb + 1);
    snprintf(a, sizeof a, "10.0.0.%d:38412", amf + 1);
    bool up = b & 0x10;
    snprintf(w->src.text, sizeof w->src.text, "%s", up ? g : a);
    snprintf(w->dst.text, sizeof w->dst.text, "%s", up ? a : g);
}

static void feed_ngap(amfol_engine *e, input *in, amfol_ngap_event *ev, amfol_frame f, amfol_time t)
{
    static const int procs[] = { 21, 22, 23, 15, 4, 46, 41, 9, 0, 1, 14, 12 };
    memset(ev, 0, sizeof *ev);
    where(in, &ev->where, f, t);
    ev->pdu_type = byte(in) % 3;
    ev->proc = procs[byte(in) % (sizeof procs / sizeof procs[0])];
    ev->ran_ue_id = small_or_absent(in, 64);
    ev->amf_ue_id = small_or_absent(in, 64);
    ev->overload_action = small_or_absent(in, 6);
    ev->reduction_pct = small_or_absent(in, 101);
    ev->n_slice_items = byte(in) % (AMFOL_MAX_SLICE_ITEMS + 1);
    for (int i = 0; i < ev->n_slice_items; i++) {
        amfol_slice_item *s = &ev->slice_items[i];
        s->n_snssai = byte(in) % (AMFOL_MAX_SLICES_PER_ITEM + 1);
        for (int k = 0; k < s->n_snssai; k++) {
            s->snssai[k].sst = (uint8_t)(byte(in) % 4);
            s->snssai[k].has_sd = byte(in) & 1;
            s->snssai[k].sd = byte(in) % 3;
        }
        s->action = small_or_absent(in, 6);
        s->reduction_pct = small_or_absent(in, 100);
    }
    ev->rrc_cause = small_or_absent(in, 12);
    ev->has_s_tmsi = byte(in) & 1;
    ev->s_tmsi.set_id = 1;
    ev->s_tmsi.tmsi = byte(in);
    ev->has_nr_cgi = byte(in) & 1;
    snprintf(ev->nr_cgi.plmn.digits, sizeof ev->nr_cgi.plmn.digits, "00101");
    ev->nr_cgi.cell_id = byte(in) % 8;
    ev->ue_context_request = small_or_absent(in, 1);
    ev->cause.group = small_or_absent(in, 5);
    ev->cause.value = byte(in) % 50;
    ev->time_to_wait = small_or_absent(in, 6);
    ev->relative_amf_capacity = small_or_absent(in, 256);
    text_from(in, ev->ran_node_name, 8);
    text_from(in, ev->amf_name, 8);
    ev->n_guamis = byte(in) % (AMFOL_MAX_GUAMIS + 1);
    for (int i = 0; i < ev->n_guamis; i++) {
        snprintf(ev->guamis[i].plmn.digits, sizeof ev->guamis[i].plmn.digits, "00101");
        ev->guamis[i].set_id = byte(in) % 4;
    }
    ev->has_nas = byte(in) & 1;
    amfol_n2_result r;
    amfol_engine_ngap(e, ev, &r);
}

static void feed_nas(amfol_engine *e, input *in, const amfol_ngap_event *carrier, amfol_frame f,
                     amfol_time t)
{
    amfol_nas_event ev;
    memset(&ev, 0, sizeof ev);
    amfol_nas_event_clear(&ev);
    where(in, &ev.where, f, t);
    ev.ngap = (byte(in) & 1) ? carrier : NULL;
    bool deciphered = byte(in) & 1;
    size_t len = byte(in) % 48;
    if (len > in->left)
        len = in->left;
    int st = amfol_nas_parse(in->p, len, deciphered, &ev);
    in->p += len;
    in->left -= len;
    if (st == AMFOL_NAS_PARSE_NOT_NAS)
        return;
    amfol_nas_result r;
    amfol_engine_nas(e, &ev, &r);
}

static void feed_rrc(amfol_engine *e, input *in, amfol_frame f, amfol_time t)
{
    amfol_rrc_event ev;
    memset(&ev, 0, sizeof ev);
    where(in, &ev.where, f, t);
    ev.msg = 1 + byte(in) % 6;
    ev.cause = small_or_absent(in, 16);
    ev.is_resume_cause = byte(in) & 1;
    ev.wait_time_s = small_or_absent(in, 17);
    ev.has_s_tmsi_part1 = byte(in) & 1;
    ev.s_tmsi_part1 = byte(in);
    ev.via_f1ap = byte(in) & 1;
    ev.du_ue_id = small_or_absent(in, 32);
    ev.cu_ue_id = small_or_absent(in, 32);
    ev.srb_id = small_or_absent(in, 4);
    ev.has_nr_cgi = byte(in) & 1;
    snprintf(ev.nr_cgi.plmn.digits, sizeof ev.nr_cgi.plmn.digits, "00101");
    ev.nr_cgi.cell_id = byte(in) % 8;
    ev.c_rnti = small_or_absent(in, 32);
    amfol_rrc_result r;
    amfol_engine_rrc(e, &ev, &r);
}

static void feed_sbi(amfol_engine *e, input *in, amfol_frame f, amfol_time t)
{
    static const char *paths[] = { "/nnrf-nfm/v1/nf-instances/1", "/nnrf-disc/v1/nf-instances",
                                   "/namf-comm/v1/ue-contexts/x/n1-n2-messages", "/nnrf-nfm/v1/subscriptions" };
    static const char *methods[] = { "PATCH", "PUT", "GET", "POST" };
    amfol_sbi_event ev;
    memset(&ev, 0, sizeof ev);
    where(in, &ev.where, f, t);
    ev.tcp_stream = byte(in) % 4;
    ev.stream_id = byte(in) % 8;
    ev.is_request = byte(in) & 1;
    snprintf(ev.method, sizeof ev.method, "%s", methods[byte(in) % 4]);
    snprintf(ev.path, sizeof ev.path, "%s", paths[byte(in) % 4]);
    ev.status = (byte(in) & 1) ? AMFOL_ABSENT : 200 + (int)(byte(in) % 4) * 100 + (int)(byte(in) % 30);
    text_from(in, ev.oci, sizeof ev.oci);
    text_from(in, ev.lci, sizeof ev.lci);
    text_from(in, ev.retry_after, sizeof ev.retry_after);
    ev.n_loads = byte(in) % (AMFOL_SBI_MAX_LOADS + 1);
    for (int i = 0; i < ev.n_loads; i++) {
        amfol_sbi_load *l = &ev.loads[i];
        amfol_sbi_load_init(l, byte(in) % 3);
        snprintf(l->nf_instance_id, sizeof l->nf_instance_id, "nf-%u", byte(in) % 4);
        snprintf(l->nf_type, sizeof l->nf_type, "%s", (byte(in) & 1) ? "AMF" : "NRF");
        l->load = small_or_absent(in, 101);
    }
    ev.is_json_patch = byte(in) & 1;
    ev.is_notification = byte(in) & 1;
    ev.headers_unreadable = (byte(in) & 15) == 0;
    amfol_sbi_result r;
    amfol_engine_sbi(e, &ev, &r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    amfol_config cfg;
    amfol_config_defaults(&cfg);
    amfol_engine *e = amfol_engine_new(&cfg);
    input in = { data, size };
    static amfol_ngap_event ngap;               /* large: not on the stack */
    memset(&ngap, 0, sizeof ngap);
    amfol_frame frame = 0;
    amfol_time t = 1767225600.0;
    while (in.left) {
        unsigned op = byte(&in);
        if ((op & 3) == 0 || frame == 0) {      /* next frame; time mostly forward */
            frame++;
            t += (op >> 4) == 15 ? -1.0 : (op >> 4) * 0.25;
            amfol_engine_frame(e, frame, t);
        }
        switch (op % 7) {
        case 0: feed_ngap(e, &in, &ngap, frame, t); break;
        case 1: feed_nas(e, &in, &ngap, frame, t); break;
        case 2: feed_rrc(e, &in, frame, t); break;
        case 3: feed_sbi(e, &in, frame, t); break;
        case 4: {
            amfol_sctp_event s;
            memset(&s, 0, sizeof s);
            where(&in, &s.where, frame, t);
            s.kind = 1 + byte(&in) % 3;
            amfol_engine_sctp(e, &s);
            break;
        }
        case 5: amfol_engine_finish(e); break;   /* findings mid-capture, then more events */
        default: break;
        }
    }
    amfol_engine_finish(e);
    GString *out = g_string_new(NULL);
    amfol_report_timeline(e, out);
    amfol_report_json(e, out);
    amfol_report_diagnosis(e, out);
    g_string_free(out, TRUE);
    amfol_engine_free(e);
    return 0;
}
