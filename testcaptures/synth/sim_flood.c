/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Load-generator floods: a [flood] scenario written as a load generator and an AMF show it on
 * the wire (docs/synthesizer.md, "Load-generator floods"). Every UE sends one REGISTRATION
 * REQUEST in an INITIAL UE MESSAGE; each gNB socket's messages leave in the kernel's bundles (up
 * to bundle_max DATA chunks per SCTP packet, one packet per socket per bundle_ms), the AMF answers
 * with an Authentication Request in DOWNLINK NAS TRANSPORT, slower and slower, some with an
 * ERROR INDICATION (control-processing-overload) instead, and from silent_from_s on not at all,
 * while SCTP SACKs and heartbeats go on to the capture's end. The truth holds the exact counts. */
#include "sim_flood.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "prng.h"
#include "../enc/nas_enc.h"
#include "../enc/ngap_enc.h"
#include "../wire/pcapng_writer.h"
#include "../wire/sctp_assoc.h"

#define FL_MAX_SOCKETS 16
#define FL_MAX_UES 50000
#define FL_PDU_BUF 512

typedef struct {
    char name[48], description[256];
    uint64_t seed;
    int64_t epoch_us, end_us;
    int ues, sockets, bundle_max;
    int64_t start_us, burst_us, bundle_us, silent_from_us, heartbeat_us;
    int answer_ms_min, answer_ms_max;
    double error_indication_share, release_share;
    /* one more gNB the AMF refuses: NG SETUP FAILURE (control-processing-overload, Time To
     * Wait 5 s) to each of its setup_attempts requests, setup_retry_us apart */
    int refused_gnb, setup_attempts;
    int64_t setup_retry_us;
    uint8_t amf_ip[4], gnb_ip[4];
} fl_cfg;

#define FL_TTW_S 5                     /* the refused gNB's Time To Wait (NGAP v5s) */

enum { SEND_DATA, SEND_SACK, SEND_HB, SEND_HB_ACK, SEND_INIT, SEND_INIT_ACK, SEND_COOKIE_ECHO, SEND_COOKIE_ACK };

/* One frame to write: at t_us, on socket `sock`, from `side` (0 gNB, 1 AMF); DATA carries the
 * PDUs [first, first + n) of the PDU table. seq keeps equal times in the order they were made. */
typedef struct {
    int64_t t_us;
    uint32_t seq;
    uint8_t kind, sock, side;
    uint32_t first, n;
} fl_send;

typedef struct {
    uint32_t off, len;
    int proc;
} fl_pdu;

typedef struct {
    const fl_cfg *c;
    GArray *sends;      /* fl_send */
    GArray *pdus;       /* fl_pdu */
    GByteArray *bytes;  /* the PDUs' octets */
    uint32_t seq;
    /* truth */
    uint64_t ngap_pdus, ium, dl_nas, error_ind, unanswered, frames, data_packets;
    uint64_t packets_over_16, max_per_packet, per_proc[64];
    uint64_t setup_failures, early_setups;
    uint32_t first_unanswered_frame, last_ngap_frame;
    int64_t last_ngap_us, last_frame_us;
} fl_state;

static int parse_ip(const char *s, uint8_t ip[4])
{
    unsigned a, b, c, d;
    char tail;
    if (!s || sscanf(s, "%u.%u.%u.%u%c", &a, &b, &c, &d, &tail) != 4 || a > 255 || b > 255 || c > 255 || d > 255)
        return -1;
    ip[0] = (uint8_t)a, ip[1] = (uint8_t)b, ip[2] = (uint8_t)c, ip[3] = (uint8_t)d;
    return 0;
}

static double get_double(GKeyFile *k, const char *group, const char *key, double dflt)
{
    GError *e = NULL;
    double v = g_key_file_get_double(k, group, key, &e);
    if (e) {
        g_error_free(e);
        return dflt;
    }
    return v;
}

static int64_t us_of(double s)
{
    return (int64_t)(s * 1e6 + (s >= 0 ? 0.5 : -0.5));
}

int sim_flood_is(const char *ini_path)
{
    GKeyFile *k = g_key_file_new();
    int yes = g_key_file_load_from_file(k, ini_path, G_KEY_FILE_NONE, NULL) && g_key_file_has_group(k, "flood");
    g_key_file_free(k);
    return yes;
}

static int load(const char *path, fl_cfg *c, char *err, int err_len)
{
    GKeyFile *k = g_key_file_new();
    GError *e = NULL;
    memset(c, 0, sizeof *c);
    if (!g_key_file_load_from_file(k, path, G_KEY_FILE_NONE, &e)) {
        snprintf(err, (size_t)err_len, "%s: %s", path, e ? e->message : "cannot read");
        g_clear_error(&e);
        g_key_file_free(k);
        return -1;
    }
    char *s = g_key_file_get_string(k, "scenario", "name", NULL);
    g_strlcpy(c->name, s ? s : "flood", sizeof c->name);
    g_free(s);
    s = g_key_file_get_string(k, "scenario", "description", NULL);
    g_strlcpy(c->description, s ? s : "", sizeof c->description);
    g_free(s);
    c->seed = (uint64_t)get_double(k, "scenario", "seed", 1);
    c->epoch_us = (int64_t)get_double(k, "scenario", "epoch_s", 1767225600) * 1000000;
    c->end_us = us_of(get_double(k, "scenario", "duration_s", 10));
    c->ues = (int)get_double(k, "flood", "ues", 1000);
    c->sockets = (int)get_double(k, "flood", "sockets", 2);
    c->bundle_max = (int)get_double(k, "flood", "bundle_max", 170);
    c->start_us = us_of(get_double(k, "flood", "start_s", 0.5));
    c->burst_us = us_of(get_double(k, "flood", "burst_s", 1.0));
    c->bundle_us = us_of(get_double(k, "flood", "bundle_ms", 20) / 1000.0);
    c->silent_from_us = us_of(get_double(k, "flood", "silent_from_s", 1e6));
    c->heartbeat_us = us_of(get_double(k, "flood", "heartbeat_s", 1.0));
    c->answer_ms_min = (int)get_double(k, "flood", "answer_ms_min", 5);
    c->answer_ms_max = (int)get_double(k, "flood", "answer_ms_max", 5);
    c->error_indication_share = get_double(k, "flood", "error_indication_share", 0);
    c->release_share = get_double(k, "flood", "release_share", 0);
    c->refused_gnb = (int)get_double(k, "flood", "refused_gnb", 0);
    c->setup_attempts = (int)get_double(k, "flood", "setup_attempts", 2);
    c->setup_retry_us = us_of(get_double(k, "flood", "setup_retry_s", 6));
    s = g_key_file_get_string(k, "flood", "amf_address", NULL);
    int bad_ip = parse_ip(s ? s : "10.0.0.1", c->amf_ip);
    g_free(s);
    s = g_key_file_get_string(k, "flood", "gnb_address", NULL);
    bad_ip |= parse_ip(s ? s : "10.0.1.1", c->gnb_ip);
    g_free(s);
    g_key_file_free(k);
    const char *why = bad_ip ? "an address is not a dotted IPv4 address"
                    : c->ues < 1 || c->ues > FL_MAX_UES ? "ues must be 1..50000"
                    : c->sockets < 1 || c->sockets > FL_MAX_SOCKETS ? "sockets must be 1..16"
                    : c->bundle_max < 1 || c->bundle_max > 1000 ? "bundle_max must be 1..1000"
                    : c->bundle_us < 1 || c->burst_us < 0 || c->start_us < 100000 ? "bundle_ms > 0, burst_s >= 0, start_s >= 0.1"
                    : c->heartbeat_us < 10000 ? "heartbeat_s must be at least 0.01"
                    : c->answer_ms_min < 0 || c->answer_ms_max < c->answer_ms_min ? "0 <= answer_ms_min <= answer_ms_max"
                    : c->error_indication_share < 0 || c->release_share < 0 ||
                      c->error_indication_share + c->release_share > 1 ? "error_indication_share + release_share must be 0..1"
                    : c->refused_gnb < 0 || c->refused_gnb > 1 || c->sockets + c->refused_gnb > FL_MAX_SOCKETS ||
                      c->setup_attempts < 1 || c->setup_attempts > 10 || c->setup_retry_us < 1000 ? "refused_gnb 0/1 (sockets + it <= 16), setup_attempts 1..10, setup_retry_s >= 0.001"
                    : c->end_us <= c->start_us + c->burst_us || c->end_us > 3600 * 1000000LL ? "duration_s must end after the burst (at most 1 h)"
                    : NULL;
    if (why) {
        snprintf(err, (size_t)err_len, "%s: [flood] %s", path, why);
        return -1;
    }
    return 0;
}

/* ---- what is sent, before it is written --------------------------------------------------- */

static void add_send(fl_state *st, int64_t t, int kind, int sock, int side, uint32_t first, uint32_t n)
{
    fl_send x = { t, st->seq++, (uint8_t)kind, (uint8_t)sock, (uint8_t)side, first, n };
    g_array_append_val(st->sends, x);
}

static uint32_t add_pdu(fl_state *st, const uint8_t *b, size_t len, int proc)
{
    fl_pdu p = { st->bytes->len, (uint32_t)len, proc };
    g_byte_array_append(st->bytes, b, (guint)len);
    g_array_append_val(st->pdus, p);
    return st->pdus->len - 1;
}

/* A DATA packet of PDUs [first, first + n) and the receiver's SACK 0.2 ms later. */
static void add_data(fl_state *st, int64_t t, int sock, int side, uint32_t first, uint32_t n)
{
    add_send(st, t, SEND_DATA, sock, side, first, n);
    add_send(st, t + 200, SEND_SACK, sock, !side, 0, 0);
}

static const enc_plmn plmn = { 1, 1, 2 };

static size_t ng_setup(const fl_cfg *c, int sock, int side, uint8_t *buf)
{
    char name[32];
    snprintf(name, sizeof name, "loadgen-gnb-%d", sock + 1);
    if (side == 0) {
        ngap_ng_setup_request m = {0};
        m.plmn = plmn;
        m.gnb_id = (uint32_t)(sock + 1);
        m.gnb_id_bits = 22;
        m.ran_node_name = name;
        m.n_tas = 1;
        m.tas[0].tac = 1;
        m.tas[0].n_plmns = 1;
        m.tas[0].plmns[0].plmn = plmn;
        m.tas[0].plmns[0].slices.items[0].sst = 1;
        m.tas[0].plmns[0].slices.n = 1;
        m.paging_drx = NGAP_DRX_V128;
        return ngap_encode_ng_setup_request(&m, buf, FL_PDU_BUF);
    }
    if (side == 2) {
        ngap_ng_setup_failure f = {0};
        f.cause = (ngap_cause){ NGAP_CAUSE_MISC, NGAP_CAUSE_MISC_CONTROL_PROCESSING_OVERLOAD };
        f.has_time_to_wait = true;
        f.time_to_wait = NGAP_TTW_5S;
        return ngap_encode_ng_setup_failure(&f, buf, FL_PDU_BUF);
    }
    ngap_ng_setup_response m = {0};
    m.amf_name = "open5gs-amf0";
    m.n_guamis = 1;
    m.guamis[0] = (enc_guami){ plmn, 2, 1, 0 };
    m.relative_capacity = 255;
    m.n_plmn_support = 1;
    m.plmn_support[0].plmn = plmn;
    m.plmn_support[0].slices.items[0].sst = 1;
    m.plmn_support[0].slices.n = 1;
    (void)c;
    return ngap_encode_ng_setup_response(&m, buf, FL_PDU_BUF);
}

static size_t initial_ue(int ue, int sock, uint32_t ran_ue_id, uint8_t *buf)
{
    uint8_t nas[128];
    char msin[16];
    snprintf(msin, sizeof msin, "%010d", ue + 1);
    nas_registration_request r = {0};
    r.reg_type = NAS_REG_INITIAL;
    r.follow_on = true;
    r.ngksi = NAS_NGKSI_NONE;
    r.id.type = NAS_ID_SUCI;
    r.id.plmn = plmn;
    r.id.msin = msin;
    r.has_ue_sec_cap = true;
    r.ea = 0xF0;
    r.ia = 0x70;
    r.requested_nssai[0].sst = 1;
    r.n_requested_nssai = 1;
    ngap_initial_ue_message m = {0};
    m.ran_ue_id = ran_ue_id;
    m.nas = nas;
    m.nas_len = nas_encode_registration_request(&r, nas, sizeof nas);
    m.cgi.plmn = plmn;
    m.cgi.cell_id = ((uint64_t)(sock + 1) << 14) | 1u;
    m.tai.plmn = plmn;
    m.tai.tac = 1;
    m.rrc_cause = NGAP_RRC_CAUSE_MO_SIGNALLING;
    return m.nas_len ? ngap_encode_initial_ue_message(&m, buf, FL_PDU_BUF) : 0;
}

/* AUTHENTICATION REQUEST (TS 24.501 §8.2.1), plain: ngKSI 0, ABBA 0x0000, RAND and AUTN. */
static size_t authentication_request(int ue, uint8_t *nas)
{
    size_t n = 0;
    nas[n++] = 0x7e;
    nas[n++] = 0x00;
    nas[n++] = 0x56;
    nas[n++] = 0x00;                   /* spare half octet, ngKSI 0 */
    nas[n++] = 0x02;                   /* ABBA: length 2, 0x0000 */
    nas[n++] = 0x00;
    nas[n++] = 0x00;
    nas[n++] = 0x21;                   /* RAND */
    for (int i = 0; i < 16; i++)
        nas[n++] = (uint8_t)(ue * 31 + i * 7);
    nas[n++] = 0x20;                   /* AUTN */
    nas[n++] = 16;
    for (int i = 0; i < 16; i++)
        nas[n++] = (uint8_t)(ue * 17 + i * 5);
    return n;
}

static size_t answer(int ue, uint32_t ran_ue_id, int kind, uint8_t *buf)
{
    if (kind == NGAP_PROC_UE_CONTEXT_RELEASE) {   /* the AMF pushes back: release for overload */
        ngap_ue_context_release_command m = {0};
        m.amf_ue_id = (uint64_t)ue + 1;
        m.ran_ue_id = ran_ue_id;
        m.cause = (ngap_cause){ NGAP_CAUSE_MISC, NGAP_CAUSE_MISC_CONTROL_PROCESSING_OVERLOAD };
        return ngap_encode_ue_context_release_command(&m, buf, FL_PDU_BUF);
    }
    if (kind == NGAP_PROC_ERROR_INDICATION) {
        ngap_error_indication m = {0};
        m.has_ran_ue_id = true;
        m.ran_ue_id = ran_ue_id;
        m.has_cause = true;
        m.cause = (ngap_cause){ NGAP_CAUSE_MISC, NGAP_CAUSE_MISC_CONTROL_PROCESSING_OVERLOAD };
        return ngap_encode_error_indication(&m, buf, FL_PDU_BUF);
    }
    uint8_t nas[64];
    ngap_downlink_nas_transport m = {0};
    m.amf_ue_id = (uint64_t)ue + 1;
    m.ran_ue_id = ran_ue_id;
    m.nas = nas;
    m.nas_len = authentication_request(ue, nas);
    return ngap_encode_downlink_nas_transport(&m, buf, FL_PDU_BUF);
}

typedef struct {
    int64_t t;
    int ue;
} fl_item;

static gint by_time(gconstpointer a, gconstpointer b)
{
    const fl_item *x = a, *y = b;
    return x->t < y->t ? -1 : x->t > y->t ? 1 : x->ue - y->ue;
}

/* The items (sorted) of one socket and side, bundled as the kernel does: the messages written
 * within one bundle_ms window leave at its end, at most bundle_max per packet. */
static int bundle(fl_state *st, GArray *items, int sock, int side)
{
    const fl_cfg *c = st->c;
    uint8_t buf[FL_PDU_BUF];
    guint i = 0;
    while (i < items->len) {
        int64_t slot_end = (g_array_index(items, fl_item, i).t / c->bundle_us + 1) * c->bundle_us;
        uint32_t first = st->pdus->len, n = 0;
        for (; i < items->len && g_array_index(items, fl_item, i).t < slot_end && n < (uint32_t)c->bundle_max; i++, n++) {
            int ue = g_array_index(items, fl_item, i).ue;
            uint32_t ran = (uint32_t)(ue / c->sockets) + 1;
            size_t len;
            int proc;
            if (side == 0) {
                len = initial_ue(ue, sock, ran, buf);
                proc = NGAP_PROC_INITIAL_UE_MESSAGE;
            } else {
                int per_mille = ue % 1000, ei = (int)(c->error_indication_share * 1000 + 0.5);
                proc = per_mille < ei ? NGAP_PROC_ERROR_INDICATION
                     : per_mille < ei + (int)(c->release_share * 1000 + 0.5) ? NGAP_PROC_UE_CONTEXT_RELEASE
                                                                             : NGAP_PROC_DOWNLINK_NAS_TRANSPORT;
                len = answer(ue, ran, proc, buf);
            }
            if (!len)
                return -1;
            add_pdu(st, buf, len, proc);
        }
        add_data(st, slot_end, sock, side, first, n);
    }
    return 0;
}

/* Everything the scenario sends, in fl_send records (sorted later). */
static int plan(fl_state *st, prng *rng)
{
    const fl_cfg *c = st->c;
    uint8_t buf[FL_PDU_BUF];
    for (int k = 0; k < c->sockets; k++) {
        int64_t t0 = 10000 + (int64_t)k * 5000;
        add_send(st, t0, SEND_INIT, k, 0, 0, 0);
        add_send(st, t0 + 200, SEND_INIT_ACK, k, 1, 0, 0);
        add_send(st, t0 + 400, SEND_COOKIE_ECHO, k, 0, 0, 0);
        add_send(st, t0 + 600, SEND_COOKIE_ACK, k, 1, 0, 0);
        for (int side = 0; side < 2; side++) {
            size_t len = ng_setup(c, k, side, buf);
            if (!len)
                return -1;
            uint32_t p = add_pdu(st, buf, len, NGAP_PROC_NG_SETUP);
            add_data(st, t0 + 1000 + side * 2000, k, side, p, 1);
        }
        /* SCTP keeps the paths alive whatever the AMF's application does. */
        for (int64_t t = t0 + c->heartbeat_us; t < c->end_us; t += c->heartbeat_us) {
            add_send(st, t, SEND_HB, k, 0, 0, 0);
            add_send(st, t + 300, SEND_HB_ACK, k, 1, 0, 0);
        }
    }
    if (c->refused_gnb) {              /* the extra socket: refused, retried */
        int k = c->sockets;
        int64_t t0 = c->start_us + 300000;
        add_send(st, t0 - 5000, SEND_INIT, k, 0, 0, 0);
        add_send(st, t0 - 4800, SEND_INIT_ACK, k, 1, 0, 0);
        add_send(st, t0 - 4600, SEND_COOKIE_ECHO, k, 0, 0, 0);
        add_send(st, t0 - 4400, SEND_COOKIE_ACK, k, 1, 0, 0);
        for (int n = 0; n < c->setup_attempts; n++) {
            int64_t t = t0 + n * c->setup_retry_us;
            for (int side = 0; side < 2; side++) {
                size_t len = ng_setup(c, k, side ? 2 : 0, buf);
                if (!len)
                    return -1;
                add_data(st, t + side * 2000, k, side, add_pdu(st, buf, len, NGAP_PROC_NG_SETUP), 1);
            }
            st->setup_failures++;
            st->early_setups += n > 0 && c->setup_retry_us < FL_TTW_S * 1000000LL;
        }
    }
    GArray *req[FL_MAX_SOCKETS], *ans[FL_MAX_SOCKETS];
    for (int k = 0; k < c->sockets; k++) {
        req[k] = g_array_new(FALSE, FALSE, sizeof(fl_item));
        ans[k] = g_array_new(FALSE, FALSE, sizeof(fl_item));
    }
    for (int ue = 0; ue < c->ues; ue++) {
        int k = ue % c->sockets;
        int64_t t = c->start_us + (c->ues > 1 ? c->burst_us * ue / (c->ues - 1) : 0) + prng_range(rng, 0, 200);
        fl_item r = { t, ue };
        g_array_append_val(req[k], r);
        /* The answer slows from answer_ms_min to answer_ms_max until the AMF falls silent. */
        double frac = c->silent_from_us > c->start_us
                      ? (double)(t - c->start_us) / (double)(c->silent_from_us - c->start_us) : 1.0;
        frac = frac < 0 ? 0 : frac > 1 ? 1 : frac;
        int64_t lat = (int64_t)((c->answer_ms_min + (c->answer_ms_max - c->answer_ms_min) * frac) * 1000) +
                      prng_range(rng, 0, 500);
        /* the request leaves at the end of its bundle window: answered after that */
        int64_t sent = (t / c->bundle_us + 1) * c->bundle_us;
        fl_item a = { sent + lat, ue };
        if (a.t < c->silent_from_us && a.t < c->end_us)
            g_array_append_val(ans[k], a);
    }
    int rc = 0;
    for (int k = 0; k < c->sockets && !rc; k++) {
        g_array_sort(req[k], by_time);
        g_array_sort(ans[k], by_time);
        rc = bundle(st, req[k], k, 0) || bundle(st, ans[k], k, 1) ? -1 : 0;
    }
    for (int k = 0; k < c->sockets; k++) {
        g_array_free(req[k], TRUE);
        g_array_free(ans[k], TRUE);
    }
    return rc;
}

static gint send_order(gconstpointer a, gconstpointer b)
{
    const fl_send *x = a, *y = b;
    if (x->t_us != y->t_us)
        return x->t_us < y->t_us ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* ---- writing --------------------------------------------------------------------------- */

static int write_frame(fl_state *st, pcapng_writer *w, int64_t t, const uint8_t *f, size_t len)
{
    if (!len || pcapng_writer_write(w, (uint64_t)(st->c->epoch_us + t) * 1000u, f, len) < 0)
        return -1;
    st->frames = pcapng_writer_count(w);
    st->last_frame_us = t;
    return 0;
}

/* One DATA send: as many packets as the frame limit needs (a bundle never exceeds 64 KiB). */
static int write_data(fl_state *st, pcapng_writer *w, sctp_assoc *a, const fl_send *x, uint8_t *f)
{
    sctp_data_chunk ch[1000];
    uint32_t done = 0;
    while (done < x->n) {
        uint32_t n = 0;
        while (done + n < x->n) {
            const fl_pdu *p = &g_array_index(st->pdus, fl_pdu, x->first + done + n);
            ch[n] = (sctp_data_chunk){ .stream = (uint16_t)(p->proc == NGAP_PROC_NG_SETUP ? 0 : 1 + (x->first + done + n) % 15),
                                       .ppid = SCTP_PPID_NGAP, .payload = st->bytes->data + p->off, .len = p->len };
            if (!sctp_data_frame_len_in(a, ch, n + 1))
                break;
            n++;
        }
        if (!n || write_frame(st, w, x->t_us, f, sctp_build_data(a, x->side, ch, n, f, WIRE_MAX_JUMBO_FRAME)) < 0)
            return -1;
        st->data_packets++;
        st->max_per_packet = MAX(st->max_per_packet, n);
        st->packets_over_16 += n > 16;
        for (uint32_t i = 0; i < n; i++) {
            int proc = g_array_index(st->pdus, fl_pdu, x->first + done + i).proc;
            st->per_proc[proc & 63]++;
            st->ngap_pdus++;
        }
        st->last_ngap_frame = (uint32_t)st->frames;
        st->last_ngap_us = x->t_us;
        done += n;
    }
    return 0;
}

static int write_all(fl_state *st, const char *pcap_path, prng *rng)
{
    const fl_cfg *c = st->c;
    pcapng_writer *w = pcapng_writer_open(pcap_path, PCAPNG_TSRES_US, "amfol-synth (flood)");
    if (!w)
        return -1;
    sctp_assoc as[FL_MAX_SOCKETS];
    for (int k = 0; k < c->sockets + c->refused_gnb; k++) {
        wire_endpoint g = { { 0x02, 0x00, c->gnb_ip[0], c->gnb_ip[1], c->gnb_ip[2], c->gnb_ip[3] },
                            { c->gnb_ip[0], c->gnb_ip[1], c->gnb_ip[2], c->gnb_ip[3] }, (uint16_t)(9487 + k) };
        wire_endpoint m = { { 0x02, 0x00, c->amf_ip[0], c->amf_ip[1], c->amf_ip[2], c->amf_ip[3] },
                            { c->amf_ip[0], c->amf_ip[1], c->amf_ip[2], c->amf_ip[3] }, SCTP_PORT_NGAP };
        sctp_assoc_init(&as[k], &g, &m, (uint32_t)prng_next(rng) | 1u, (uint32_t)prng_next(rng) | 1u,
                        (uint32_t)prng_next(rng), (uint32_t)prng_next(rng), 16);
        as[k].max_frame = WIRE_MAX_JUMBO_FRAME;
        as[k].a_rwnd[0] = as[k].a_rwnd[1] = 4194304u;   /* a load generator's big buffers */
    }
    static uint8_t f[WIRE_MAX_JUMBO_FRAME];
    uint32_t sacked[FL_MAX_SOCKETS][2];   /* next TSN of the peer when side last SACKed */
    for (int k = 0; k < c->sockets + c->refused_gnb; k++)
        sacked[k][0] = as[k].next_tsn[1], sacked[k][1] = as[k].next_tsn[0];
    int rc = 0;
    for (guint i = 0; i < st->sends->len && !rc; i++) {
        const fl_send *x = &g_array_index(st->sends, fl_send, i);
        sctp_assoc *a = &as[x->sock];
        size_t len = 0;
        switch (x->kind) {
        case SEND_DATA: rc = write_data(st, w, a, x, f); continue;
        case SEND_SACK:
            /* one SACK per new DATA: none when an earlier one acknowledged it already */
            if (a->next_tsn[!x->side] == sacked[x->sock][x->side])
                continue;
            sacked[x->sock][x->side] = a->next_tsn[!x->side];
            len = sctp_build_sack(a, x->side, f, sizeof f);
            break;
        case SEND_HB: len = sctp_build_heartbeat(a, x->side, (uint64_t)x->t_us, f, sizeof f); break;
        case SEND_HB_ACK: len = sctp_build_heartbeat_ack(a, x->side, (uint64_t)x->t_us - 300, f, sizeof f); break;
        case SEND_INIT: len = sctp_build_init(a, f, sizeof f); break;
        case SEND_INIT_ACK: len = sctp_build_init_ack(a, f, sizeof f); break;
        case SEND_COOKIE_ECHO: len = sctp_build_cookie_echo(a, f, sizeof f); break;
        default: len = sctp_build_cookie_ack(a, f, sizeof f); break;
        }
        rc = write_frame(st, w, x->t_us, f, len);
    }
    if (pcapng_writer_close(w) < 0)
        rc = -1;
    return rc;
}

/* ---- truth ------------------------------------------------------------------------------ */

static int write_truth(const fl_state *st, const char *path)
{
    const fl_cfg *c = st->c;
    FILE *o = fopen(path, "w");
    if (!o)
        return -1;
    /* a release answers too (symptoms: released, not unanswered) */
    uint64_t answered = st->per_proc[NGAP_PROC_DOWNLINK_NAS_TRANSPORT] + st->per_proc[NGAP_PROC_UE_CONTEXT_RELEASE];
    fprintf(o, "{\n  \"scenario\": \"%s\",\n  \"kind\": \"flood\",\n  \"seed\": %llu,\n", c->name,
            (unsigned long long)c->seed);
    fprintf(o, "  \"frames\": %llu,\n  \"last_time_s\": %.6f,\n", (unsigned long long)st->frames,
            st->last_frame_us / 1e6);
    fprintf(o, "  \"expected\": {\n");
    fprintf(o, "    \"ngap_pdus\": %llu,\n    \"initial_ue_messages\": %llu,\n",
            (unsigned long long)st->ngap_pdus, (unsigned long long)st->per_proc[NGAP_PROC_INITIAL_UE_MESSAGE]);
    fprintf(o, "    \"answered\": %llu,\n    \"unanswered\": %llu,\n    \"error_indications\": %llu,\n",
            (unsigned long long)answered,
            (unsigned long long)(st->per_proc[NGAP_PROC_INITIAL_UE_MESSAGE] - answered),
            (unsigned long long)st->per_proc[NGAP_PROC_ERROR_INDICATION]);
    fprintf(o, "    \"overload_releases\": %llu,\n    \"ng_setup_failures\": %llu,\n"
               "    \"ng_setups_before_time_to_wait\": %llu,\n",
            (unsigned long long)st->per_proc[NGAP_PROC_UE_CONTEXT_RELEASE], (unsigned long long)st->setup_failures,
            (unsigned long long)st->early_setups);
    fprintf(o, "    \"sockets\": %d,\n    \"data_packets\": %llu,\n    \"max_pdus_per_packet\": %llu,\n"
               "    \"packets_over_16_pdus\": %llu,\n",
            c->sockets, (unsigned long long)st->data_packets, (unsigned long long)st->max_per_packet,
            (unsigned long long)st->packets_over_16);
    fprintf(o, "    \"last_ngap_frame\": %u,\n    \"last_ngap_time_s\": %.6f,\n    \"silent_from_s\": %.6f\n  }\n}\n",
            st->last_ngap_frame, st->last_ngap_us / 1e6, c->silent_from_us / 1e6);
    return fclose(o) == 0 ? 0 : -1;
}

int sim_flood_run(const char *ini_path, uint64_t seed, int have_seed, const char *pcap_path,
                  const char *truth_path, char *err, int err_len)
{
    fl_cfg c;
    if (load(ini_path, &c, err, err_len) < 0)
        return -1;
    if (have_seed)
        c.seed = seed;
    fl_state st;
    memset(&st, 0, sizeof st);
    st.c = &c;
    st.sends = g_array_new(FALSE, FALSE, sizeof(fl_send));
    st.pdus = g_array_new(FALSE, FALSE, sizeof(fl_pdu));
    st.bytes = g_byte_array_new();
    prng rng;
    prng_seed(&rng, c.seed);
    int rc = plan(&st, &rng);
    if (!rc) {
        g_array_sort(st.sends, send_order);
        rc = write_all(&st, pcap_path, &rng);
    }
    if (!rc)
        rc = write_truth(&st, truth_path);
    else
        snprintf(err, (size_t)err_len, "%s: a message or frame could not be built or written", c.name);
    if (!rc)
        fprintf(stderr, "amfol-synth: %s: %llu frames, %llu NGAP PDUs (up to %llu per packet) -> %s, %s\n", c.name,
                (unsigned long long)st.frames, (unsigned long long)st.ngap_pdus,
                (unsigned long long)st.max_per_packet, pcap_path, truth_path);
    g_array_free(st.sends, TRUE);
    g_array_free(st.pdus, TRUE);
    g_byte_array_free(st.bytes, TRUE);
    return rc;
}
