/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Test-only: writes a small pcapng exercising every wire builder, for the tshark decode test. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "h2c_session.h"
#include "pcapng_writer.h"
#include "sbi_msg.h"
#include "sctp_assoc.h"

/* Frame sink: stamps each frame 1 ms after the previous one. */
typedef struct {
    pcapng_writer *w;
    uint64_t t_ns;
} sample_out;

static int put_frame(void *ctx, const uint8_t *frame, size_t len)
{
    sample_out *o = ctx;
    o->t_ns += 1000000u;
    return pcapng_writer_write(o->w, o->t_ns, frame, len);
}

/* Emits a single-frame builder result; a zero length is a bug in the sample. */
static void emit(sample_out *o, const uint8_t *f, size_t n, const char *what)
{
    if (n == 0 || put_frame(o, f, n) != 0) {
        fprintf(stderr, "wire_sample: %s failed\n", what);
        exit(1);
    }
}

static void check(int rc, const char *what)
{
    if (rc != 0) {
        fprintf(stderr, "wire_sample: %s failed (%d)\n", what, rc);
        exit(1);
    }
}

/* Verified NGAP vectors (3gpp-facts.md §7). */
static const uint8_t ngap_overload_start[] = {0x00, 0x16, 0x40, 0x0d, 0x00, 0x00, 0x02, 0x00, 0x02,
                                              0x00, 0x01, 0x10, 0x00, 0x09, 0x40, 0x01, 0x62};
static const uint8_t ngap_overload_start_nssai[] = {
    0x00, 0x16, 0x40, 0x13, 0x00, 0x00, 0x01, 0x00, 0x31, 0x40, 0x0c, 0x00,
    0x00, 0x60, 0x00, 0x00, 0x10, 0x08, 0x00, 0x00, 0x01, 0x23, 0xa0};
static const uint8_t ngap_overload_stop[] = {0x00, 0x17, 0x00, 0x03, 0x00, 0x00, 0x00};
static const uint8_t ngap_initial_ue[] = {
    0x00, 0x0f, 0x40, 0x4c, 0x00, 0x00, 0x06, 0x00, 0x55, 0x00, 0x02, 0x00, 0x01, 0x00, 0x26,
    0x00, 0x17, 0x16, 0x7e, 0x00, 0x41, 0x79, 0x00, 0x0c, 0x01, 0x00, 0xf1, 0x10, 0xf0, 0xff,
    0x00, 0x00, 0x10, 0x32, 0x54, 0x76, 0x2e, 0x02, 0xe0, 0xe0, 0x00, 0x79, 0x00, 0x0f, 0x40,
    0x00, 0xf1, 0x10, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0xf1, 0x10, 0x00, 0x00, 0x01, 0x00,
    0x5a, 0x40, 0x01, 0x18, 0x00, 0x1a, 0x00, 0x07, 0x00, 0x10, 0x40, 0x12, 0x34, 0x56, 0x78,
    0x00, 0x70, 0x40, 0x01, 0x00};

/* F1AP vectors (3gpp-facts.md §7): InitialULRRCMessageTransfer (RRCSetupRequest) and
 * DLRRCMessageTransfer on SRB0 (RRCReject, waitTime 10 s). */
static const uint8_t f1ap_initial_ul_rrc[] = {0x00, 0x0b, 0x40, 0x14, 0x00, 0x00, 0x02, 0x00,
                                              0x29, 0x00, 0x02, 0x00, 0x01, 0x00, 0x32, 0x00,
                                              0x07, 0x06, 0x10, 0x00, 0x00, 0x00, 0x00, 0x26};
static const uint8_t f1ap_dl_rrc_reject[] = {0x00, 0x0c, 0x40, 0x1b, 0x00, 0x00, 0x04, 0x00,
                                             0x28, 0x00, 0x02, 0x00, 0x01, 0x00, 0x29, 0x00,
                                             0x02, 0x00, 0x01, 0x00, 0x40, 0x00, 0x01, 0x00,
                                             0x00, 0x32, 0x00, 0x03, 0x02, 0x09, 0x20};

#define AMF1_ID "6f1c1a5e-0000-4000-8000-000000000001"
#define AMF2_ID "6f1c1a5e-0000-4000-8000-000000000002"
#define AMF3_ID "6f1c1a5e-0000-4000-8000-000000000003"
#define T0_S 1767225600u /* 2026-01-01T00:00:00Z */

static sbi_amf_profile amf_profile(const char *id, uint8_t last_octet, uint8_t pointer, int load)
{
    sbi_amf_profile p;
    memset(&p, 0, sizeof p);
    snprintf(p.nf_instance_id, sizeof p.nf_instance_id, "%s", id);
    p.nf_status = "REGISTERED";
    p.ipv4[0] = 10, p.ipv4[3] = last_octet;
    snprintf(p.mcc, sizeof p.mcc, "001");
    snprintf(p.mnc, sizeof p.mnc, "01");
    p.priority = 1;
    p.capacity = 100;
    p.load = load;
    p.load_time_us = (uint64_t)T0_S * 1000000u + 250000u;
    p.amf_region_id = 2;
    p.amf_set_id = 1;
    p.amf_pointer = pointer;
    p.n_snssai = 1;
    p.snssai[0].sst = 1;
    p.snssai[0].sd = 1;
    p.olc_h_support = true;
    p.lc_h_support = true;
    p.heart_beat_s = 10;
    return p;
}

static void sctp_part(sample_out *o)
{
    const wire_endpoint gnb = {{0x02, 0, 0, 0, 0x01, 0x01}, {10, 0, 1, 1}, SCTP_PORT_NGAP};
    const wire_endpoint amf = {{0x02, 0, 0, 0, 0x00, 0x01}, {10, 0, 0, 1}, SCTP_PORT_NGAP};
    sctp_assoc a;
    uint8_t f[WIRE_MAX_FRAME];
    sctp_assoc_init(&a, &gnb, &amf, 0x11223344u, 0x55667788u, 1000u, 5000u, 4);
    emit(o, f, sctp_build_init(&a, f, sizeof f), "INIT");
    emit(o, f, sctp_build_init_ack(&a, f, sizeof f), "INIT ACK");
    emit(o, f, sctp_build_cookie_echo(&a, f, sizeof f), "COOKIE ECHO");
    emit(o, f, sctp_build_cookie_ack(&a, f, sizeof f), "COOKIE ACK");

    /* Frame 5: three NGAP PDUs bundled in one packet from the AMF. */
    sctp_data_chunk three[3] = {
        {.stream = 0, .ppid = SCTP_PPID_NGAP, .payload = ngap_overload_start,
         .len = sizeof ngap_overload_start},
        {.stream = 0, .ppid = SCTP_PPID_NGAP, .payload = ngap_overload_start_nssai,
         .len = sizeof ngap_overload_start_nssai},
        {.stream = 0, .ppid = SCTP_PPID_NGAP, .payload = ngap_overload_stop,
         .len = sizeof ngap_overload_stop},
    };
    emit(o, f, sctp_build_data(&a, 1, three, 3, f, sizeof f), "DATA x3");
    emit(o, f, sctp_build_sack(&a, 0, f, sizeof f), "SACK");

    /* Frames 7-9: an InitialUEMessage on stream 1, its retransmission, then the SACK. */
    sctp_data_chunk iue = {.stream = 1, .ppid = SCTP_PPID_NGAP, .payload = ngap_initial_ue,
                           .len = sizeof ngap_initial_ue};
    emit(o, f, sctp_build_data(&a, 0, &iue, 1, f, sizeof f), "DATA IUE");
    emit(o, f, sctp_build_data_retransmit(&a, 0, &iue, 1, f, sizeof f), "DATA retransmit");
    emit(o, f, sctp_build_sack(&a, 1, f, sizeof f), "SACK 2");
    emit(o, f, sctp_build_heartbeat(&a, 0, 0x0102030405060708ull, f, sizeof f), "HEARTBEAT");
    emit(o, f, sctp_build_heartbeat_ack(&a, 1, 0x0102030405060708ull, f, sizeof f), "HB ACK");
    emit(o, f, sctp_build_shutdown(&a, 0, f, sizeof f), "SHUTDOWN");
    emit(o, f, sctp_build_shutdown_ack(&a, 1, f, sizeof f), "SHUTDOWN ACK");
    emit(o, f, sctp_build_shutdown_complete(&a, 0, f, sizeof f), "SHUTDOWN COMPLETE");
}

/* One request/response exchange on S. */
static void exchange(sample_out *o, h2c_session *s, const sbi_msg *req, const sbi_msg *rsp)
{
    uint32_t id = 0;
    check(h2c_session_request(s, req, &id, put_frame, o), "request");
    check(h2c_session_response(s, id, rsp, put_frame, o), "response");
}

static void sbi_part(sample_out *o)
{
    const wire_endpoint amf1_c = {{0x02, 0, 0, 0, 0x00, 0x01}, {10, 0, 0, 1}, 40000};
    const wire_endpoint amf1_s = {{0x02, 0, 0, 0, 0x00, 0x01}, {10, 0, 0, 1}, 7777};
    const wire_endpoint amf1_s8080 = {{0x02, 0, 0, 0, 0x00, 0x01}, {10, 0, 0, 1}, 8080};
    const wire_endpoint amf2_c = {{0x02, 0, 0, 0, 0x00, 0x02}, {10, 0, 0, 2}, 41000};
    const wire_endpoint nrf_s = {{0x02, 0, 0, 0, 0x03, 0x01}, {10, 0, 3, 1}, 8080};
    const wire_endpoint nrf_c = {{0x02, 0, 0, 0, 0x03, 0x01}, {10, 0, 3, 1}, 45000};
    static sbi_msg req, rsp; /* 20 KiB each: keep them off the stack */
    char hv[256];
    uint64_t now = T0_S + 1;

    sbi_amf_profile amfs[3] = {amf_profile(AMF1_ID, 1, 1, 87), amf_profile(AMF2_ID, 2, 2, 35),
                               amf_profile(AMF3_ID, 3, 3, 12)};

    /* Connection A: AMF-1 -> NRF on 8080 (found by the HTTP/2 preface heuristic). */
    h2c_session a;
    h2c_session_init(&a, &amf1_c, &nrf_s, 100000u, 200000u);
    check(h2c_session_open(&a, put_frame, o), "open A");
    check(sbi_nf_register_req(&req, "10.0.3.1:8080", &amfs[0]), "register req");
    check(sbi_nf_register_rsp(&rsp, "10.0.3.1:8080", &amfs[0]), "register rsp");
    exchange(o, &a, &req, &rsp);
    check(sbi_nf_update_req(&req, "10.0.3.1:8080", AMF1_ID, 87, (uint64_t)now * 1000000u,
                            "REGISTERED"),
          "update req");
    check(sbi_nf_update_rsp(&rsp, NULL), "update rsp");
    exchange(o, &a, &req, &rsp);
    check(sbi_nf_discover_req(&req, "10.0.3.1:8080", "AMF", "AMF", AMF1_ID, "amf-set-id=001"),
          "discover req");
    check(sbi_nf_discover_rsp(&rsp, 60, amfs, 3), "discover rsp");
    exchange(o, &a, &req, &rsp);
    /* The NRF itself is overloaded: 503 + retry-after + OCI. */
    check(sbi_nf_update_req(&req, "10.0.3.1:8080", AMF1_ID, 95, 0, NULL), "update 95");
    check(sbi_problem_rsp(&rsp, 503, "Service Unavailable", "NF_CONGESTION",
                          "NRF overloaded", 10),
          "503");
    if (!sbi_format_oci(hv, sizeof hv, now, 75, 50, "6f1c1a5e-0000-4000-8000-0000000000ff"))
        check(-1, "oci");
    check(sbi_msg_add_header(&rsp, "3gpp-Sbi-Oci", hv, HPACK_INCREMENTAL), "oci hdr");
    exchange(o, &a, &req, &rsp);
    check(sbi_nf_update_req(&req, "10.0.3.1:8080", AMF1_ID, 96, 0, NULL), "update 96");
    check(sbi_problem_rsp(&rsp, 429, "Too Many Requests", "NF_CONGESTION_RISK", NULL, 5),
          "429");
    exchange(o, &a, &req, &rsp);
    check(sbi_nf_update_req(&req, "10.0.3.1:8080", AMF1_ID, -1, 0, "REGISTERED"), "heartbeat");
    check(sbi_no_content_rsp(&rsp), "204");
    if (!sbi_format_lci(hv, sizeof hv, now, 70, "6f1c1a5e-0000-4000-8000-0000000000ff"))
        check(-1, "lci");
    check(sbi_msg_add_header(&rsp, "3gpp-sbi-lci", hv, HPACK_INCREMENTAL), "lci hdr");
    exchange(o, &a, &req, &rsp);

    /* Connection B: NRF -> AMF-1 callback server on 7777 (needs Decode As). */
    h2c_session b;
    h2c_session_init(&b, &nrf_c, &amf1_s, 300000u, 400000u);
    check(h2c_session_open(&b, put_frame, o), "open B");
    check(sbi_nf_status_notify_req(&req, "10.0.0.1:7777", "/namf-callback/v1/nf-status-notify",
                                   "10.0.3.1:8080", &amfs[1], false),
          "notify");
    check(sbi_no_content_rsp(&rsp), "notify 204");
    exchange(o, &b, &req, &rsp);

    /* Connection C: AMF-2 -> AMF-1 on 8080: UE context transfer. */
    h2c_session c;
    h2c_session_init(&c, &amf2_c, &amf1_s8080, 500000u, 600000u);
    check(h2c_session_open(&c, put_frame, o), "open C");
    check(sbi_ue_context_transfer_req(&req, "10.0.0.1:8080", AMF2_ID,
                                      "5g-guti-00101020041cafe0001", "INIT_REG", "001", "01"),
          "transfer req");
    check(sbi_ue_context_transfer_rsp(&rsp, "imsi-001010000000001"), "transfer rsp");
    exchange(o, &c, &req, &rsp);

    check(h2c_session_close(&a, 0, put_frame, o), "close A");
    check(h2c_session_close(&b, 0, put_frame, o), "close B");
    check(h2c_session_close(&c, 0, put_frame, o), "close C");
}

/* F1 association with a loss: the CU's first DATA never reaches the capture, the DU SACKs
 * the later one with a gap block, the CU retransmits, the DU acks everything. */
static void f1_part(sample_out *o)
{
    const wire_endpoint du = {{0x02, 0, 0, 0, 0x02, 0x01}, {10, 0, 2, 1}, SCTP_PORT_F1AP};
    const wire_endpoint cu = {{0x02, 0, 0, 0, 0x01, 0x01}, {10, 0, 1, 1}, SCTP_PORT_F1AP};
    sctp_assoc a;
    uint8_t f[WIRE_MAX_FRAME];
    sctp_assoc_init(&a, &du, &cu, 0x0a0b0c0du, 0x01020304u, 7000u, 9000u, 2);
    emit(o, f, sctp_build_init(&a, f, sizeof f), "F1 INIT");
    emit(o, f, sctp_build_init_ack(&a, f, sizeof f), "F1 INIT ACK");
    emit(o, f, sctp_build_cookie_echo(&a, f, sizeof f), "F1 COOKIE ECHO");
    emit(o, f, sctp_build_cookie_ack(&a, f, sizeof f), "F1 COOKIE ACK");
    sctp_data_chunk ul = {.stream = 1, .ppid = SCTP_PPID_F1AP, .payload = f1ap_initial_ul_rrc,
                          .len = sizeof f1ap_initial_ul_rrc};
    emit(o, f, sctp_build_data(&a, 0, &ul, 1, f, sizeof f), "F1 UL");
    sctp_data_chunk lost = {.stream = 1, .ppid = SCTP_PPID_F1AP, .payload = f1ap_dl_rrc_reject,
                            .len = sizeof f1ap_dl_rrc_reject};
    if (!sctp_build_data(&a, 1, &lost, 1, f, sizeof f)) /* built (TSN 9000) but not captured */
        check(-1, "F1 lost DL");
    sctp_data_chunk dl = lost;
    emit(o, f, sctp_build_data(&a, 1, &dl, 1, f, sizeof f), "F1 DL");          /* TSN 9001 */
    const sctp_gap_block gap = {2, 2};
    const uint32_t dup = 7000u;
    emit(o, f, sctp_build_sack_ex(&a, 0, 8999u, &gap, 1, &dup, 1, f, sizeof f), "F1 SACK gap");
    emit(o, f, sctp_build_data_retransmit(&a, 1, &lost, 1, f, sizeof f), "F1 retransmit");
    emit(o, f, sctp_build_sack(&a, 0, f, sizeof f), "F1 SACK");
}

/* A 3000-byte user message on an unassigned port pair, split into three DATA fragments. */
static void fragment_part(sample_out *o)
{
    const wire_endpoint x = {{0x02, 0, 0, 0, 0x05, 0x01}, {10, 0, 5, 1}, 5001};
    const wire_endpoint y = {{0x02, 0, 0, 0, 0x05, 0x02}, {10, 0, 5, 2}, 5002};
    static uint8_t big[3000];
    sctp_assoc a;
    uint8_t f[WIRE_MAX_FRAME];
    uint32_t first = 0;
    for (size_t i = 0; i < sizeof big; i++)
        big[i] = (uint8_t)(i % 251);
    sctp_assoc_init(&a, &x, &y, 0x51u, 0x52u, 100u, 200u, 1);
    emit(o, f, sctp_build_init(&a, f, sizeof f), "X INIT");
    emit(o, f, sctp_build_init_ack(&a, f, sizeof f), "X INIT ACK");
    emit(o, f, sctp_build_cookie_echo(&a, f, sizeof f), "X COOKIE ECHO");
    emit(o, f, sctp_build_cookie_ack(&a, f, sizeof f), "X COOKIE ACK");
    check(sctp_send_message(&a, 0, 0, 0, big, sizeof big, &first, put_frame, o), "fragments");
    if (first != 100u || a.next_tsn[0] != 103u)
        check(-1, "fragment TSNs");
    emit(o, f, sctp_build_sack(&a, 1, f, sizeof f), "X SACK");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: wire_sample OUT.pcapng\n");
        return 2;
    }
    sample_out o = {pcapng_writer_open(argv[1], PCAPNG_TSRES_NS, "amfol wire_sample"),
                    (uint64_t)T0_S * 1000000000u};
    if (!o.w) {
        perror(argv[1]);
        return 1;
    }
    sctp_part(&o);
    sbi_part(&o);
    f1_part(&o);
    fragment_part(&o);
    uint64_t n = pcapng_writer_count(o.w);
    if (pcapng_writer_close(o.w) != 0) {
        fprintf(stderr, "wire_sample: write failed\n");
        return 1;
    }
    printf("%llu\n", (unsigned long long)n);
    return 0;
}
