/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Test-only: writes one PDU of every message type the encoders produce as text2pcap hex dumps
 * (one NGAP file, one F1AP file) in a fixed order that decode_test.sh checks frame by frame. */
#include "f1ap_enc.h"
#include "nas_enc.h"
#include "ngap_enc.h"
#include "rrc_enc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const enc_plmn plmn = {1, 1, 2};
static int failures;

/* One packet in text2pcap's offset/hex format. A zero length means an encoder failed. */
static void emit(FILE *f, const char *what, const uint8_t *p, size_t n)
{
    if (n == 0) {
        fprintf(stderr, "dump_all_pdus: encoder failed: %s\n", what);
        failures++;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        if (i % 16 == 0)
            fprintf(f, "%s%06zx", i ? "\n" : "", i);
        fprintf(f, " %02x", p[i]);
    }
    fprintf(f, "\n\n");
}

static enc_snssai slice(uint8_t sst, uint32_t sd)
{
    return (enc_snssai){.sst = sst, .has_sd = sd != 0, .sd = sd};
}

static enc_nr_cgi cell(uint64_t id)
{
    return (enc_nr_cgi){plmn, id};
}

static const enc_5g_guti guti = {{{1, 1, 2}, 2, 1, 1}, 0x00000001};

/* NGAP wrappers around NAS: InitialUEMessage and DownlinkNASTransport. */
static void initial_ue(FILE *f, const char *what, uint32_t ran_id, uint8_t cause,
                       const uint8_t *nas, size_t nas_len)
{
    uint8_t b[512];
    ngap_initial_ue_message m;
    memset(&m, 0, sizeof m);
    m.ran_ue_id = ran_id;
    m.nas = nas;
    m.nas_len = nas_len;
    m.cgi = cell(0x000000101);
    m.tai = (enc_tai){plmn, 1};
    m.rrc_cause = cause;
    m.has_s_tmsi = ran_id % 2 == 0;
    m.s_tmsi = (enc_5g_s_tmsi){1, 1, 0x100 + ran_id};
    m.ue_context_request = ran_id % 3 == 0;
    emit(f, what, b, nas_len ? ngap_encode_initial_ue_message(&m, b, sizeof b) : 0);
}

static void downlink(FILE *f, const char *what, const uint8_t *nas, size_t nas_len)
{
    uint8_t b[512];
    ngap_downlink_nas_transport m = {.amf_ue_id = 7, .ran_ue_id = 1, .nas = nas,
                                     .nas_len = nas_len};
    emit(f, what, b, nas_len ? ngap_encode_downlink_nas_transport(&m, b, sizeof b) : 0);
}

static void ngap_setup_frames(FILE *f)
{
    uint8_t b[1024];
    static ngap_ng_setup_request rq;
    memset(&rq, 0, sizeof rq);
    rq.plmn = plmn;
    rq.gnb_id = 1;
    rq.gnb_id_bits = 22;
    rq.ran_node_name = "gnb-1";
    rq.n_tas = 2;
    for (size_t i = 0; i < 2; i++) {
        rq.tas[i].tac = (uint32_t)(1 + i);
        rq.tas[i].n_plmns = 1;
        rq.tas[i].plmns[0].plmn = plmn;
        rq.tas[i].plmns[0].slices.n = 2;
        rq.tas[i].plmns[0].slices.items[0] = slice(1, 0);
        rq.tas[i].plmns[0].slices.items[1] = slice(1, 1);
    }
    rq.paging_drx = NGAP_DRX_V128;
    emit(f, "NGSetupRequest", b, ngap_encode_ng_setup_request(&rq, b, sizeof b)); /* 1 */

    static ngap_ng_setup_response rs;
    memset(&rs, 0, sizeof rs);
    rs.amf_name = "amf-1";
    rs.n_guamis = 2;
    rs.guamis[0] = (enc_guami){plmn, 2, 1, 1};
    rs.guamis[1] = (enc_guami){plmn, 2, 1, 2};
    rs.relative_capacity = 255;
    rs.n_plmn_support = 1;
    rs.plmn_support[0].plmn = plmn;
    rs.plmn_support[0].slices.n = 2;
    rs.plmn_support[0].slices.items[0] = slice(1, 0);
    rs.plmn_support[0].slices.items[1] = slice(2, 0xabcdef);
    emit(f, "NGSetupResponse", b, ngap_encode_ng_setup_response(&rs, b, sizeof b)); /* 2 */

    ngap_ng_setup_failure fl = {{NGAP_CAUSE_MISC, NGAP_CAUSE_MISC_CONTROL_PROCESSING_OVERLOAD},
                                true, NGAP_TTW_10S};
    emit(f, "NGSetupFailure", b, ngap_encode_ng_setup_failure(&fl, b, sizeof b)); /* 3 */
}

static void ngap_uplink_frames(FILE *f)
{
    uint8_t nas[256], prot[256];
    size_t n;
    nas_registration_request r;
    memset(&r, 0, sizeof r);
    r.reg_type = NAS_REG_INITIAL;
    r.follow_on = true;
    r.ngksi = NAS_NGKSI_NONE;
    r.id.type = NAS_ID_SUCI;
    r.id.plmn = plmn;
    r.id.msin = "0000000001";
    r.has_ue_sec_cap = true;
    r.ea = 0xf0;
    r.ia = 0x70;
    r.n_requested_nssai = 2;
    r.requested_nssai[0] = slice(1, 0);
    r.requested_nssai[1] = slice(1, 1);
    n = nas_encode_registration_request(&r, nas, sizeof nas);
    initial_ue(f, "IUE reg initial", 1, NGAP_RRC_CAUSE_MO_SIGNALLING, nas, n); /* 4 */

    r.reg_type = NAS_REG_MOBILITY;
    r.follow_on = false;
    r.ngksi = 1;
    r.id.type = NAS_ID_5G_GUTI;
    r.id.guti = guti;
    r.n_requested_nssai = 1;
    n = nas_encode_registration_request(&r, nas, sizeof nas);
    n = nas_wrap_security(NAS_SEC_INTEGRITY, 0xa1b2c3d4, 0, 0, nas, n, prot, sizeof prot);
    initial_ue(f, "IUE reg mobility (integrity)", 2, NGAP_RRC_CAUSE_MO_SIGNALLING, prot, n); /* 5 */

    r.reg_type = NAS_REG_PERIODIC;
    r.has_ue_sec_cap = false;
    r.n_requested_nssai = 0;
    n = nas_encode_registration_request(&r, nas, sizeof nas);
    initial_ue(f, "IUE reg periodic", 3, NGAP_RRC_CAUSE_MO_SIGNALLING, nas, n); /* 6 */

    r.reg_type = NAS_REG_EMERGENCY;
    r.id.type = NAS_ID_SUCI;
    r.id.routing_indicator = "1234";
    r.id.msin = "123456789";
    n = nas_encode_registration_request(&r, nas, sizeof nas);
    initial_ue(f, "IUE reg emergency", 4, NGAP_RRC_CAUSE_EMERGENCY, nas, n); /* 7 */

    /* Service Request: every service type 0..6, frames 8..14 */
    for (uint8_t st = 0; st <= 6; st++) {
        nas_service_request sr = {.service_type = st, .ngksi = 1, .s_tmsi = {1, 1, 0x100u + st}};
        n = nas_encode_service_request(&sr, nas, sizeof nas);
        initial_ue(f, "IUE service request", 10u + st, NGAP_RRC_CAUSE_MO_DATA, nas, n);
    }

    /* RRCEstablishmentCause 0..11, frames 15..26 (the extension values 10 and 11 included) */
    nas_service_request sr = {.service_type = 0, .ngksi = 2, .s_tmsi = {1, 1, 0x200}};
    n = nas_encode_service_request(&sr, nas, sizeof nas);
    for (uint8_t c = 0; c <= 11; c++)
        initial_ue(f, "IUE cause", 20u + c, c, nas, n);

    /* UplinkNASTransport with a PDU session establishment request, frame 27 */
    uint8_t sm[64], b[512];
    nas_pdu_session_establishment_request pq = {.pdu_session_id = 5, .pti = 1,
                                                .has_pdu_session_type = true,
                                                .pdu_session_type = 1};
    size_t sml = nas_encode_pdu_session_establishment_request(&pq, sm, sizeof sm);
    nas_ul_nas_transport ul = {.payload_type = 1, .payload = sm, .payload_len = sml,
                               .has_pdu_session_id = true, .pdu_session_id = 5,
                               .has_request_type = true, .request_type = 1, .has_snssai = true,
                               .snssai = slice(1, 1), .dnn = "internet"};
    n = sml ? nas_encode_ul_nas_transport(&ul, nas, sizeof nas) : 0;
    ngap_uplink_nas_transport up = {.amf_ue_id = 7, .ran_ue_id = 1, .nas = nas, .nas_len = n,
                                    .cgi = cell(0x000000101), .tai = {plmn, 1}};
    emit(f, "UplinkNASTransport", b, n ? ngap_encode_uplink_nas_transport(&up, b, sizeof b) : 0);
}

static void ngap_downlink_frames(FILE *f)
{
    uint8_t nas[256], prot[256];
    size_t n;
    nas_registration_accept ra;
    memset(&ra, 0, sizeof ra);
    ra.result = 1;
    ra.has_guti = true;
    ra.guti = guti;
    ra.n_allowed_nssai = 2;
    ra.allowed_nssai[0] = slice(1, 0);
    ra.allowed_nssai[1] = slice(1, 1);
    n = nas_encode_registration_accept(&ra, nas, sizeof nas);
    downlink(f, "Registration accept", nas, n); /* 28 */

    nas_registration_reject rj = {.cause = NAS_5GMM_CONGESTION, .has_t3346 = true,
                                  .t3346 = nas_gprs_timer2(NAS_T2_UNIT_1MIN, 1),
                                  .has_t3502 = true,
                                  .t3502 = nas_gprs_timer2(NAS_T2_UNIT_DECIHOUR, 2)};
    n = nas_encode_registration_reject(&rj, nas, sizeof nas);
    downlink(f, "Registration reject #22 T3346 T3502", nas, n); /* 29 */

    rj = (nas_registration_reject){.cause = NAS_5GMM_CONGESTION, .has_t3346 = true,
                                   .t3346 = nas_gprs_timer2(NAS_T2_UNIT_DECIHOUR, 5)};
    n = nas_encode_registration_reject(&rj, nas, sizeof nas);
    n = nas_wrap_security(NAS_SEC_INTEGRITY, 0x11223344, 5, 0, nas, n, prot, sizeof prot);
    downlink(f, "Registration reject integrity protected", prot, n); /* 30 */

    n = nas_encode_registration_reject(&rj, nas, sizeof nas);
    n = nas_wrap_security(NAS_SEC_INTEGRITY_CIPHERED, 0x11223344, 6, 42, nas, n, prot,
                          sizeof prot);
    downlink(f, "Registration reject ciphered", prot, n); /* 31 */

    rj = (nas_registration_reject){.cause = NAS_5GMM_5GS_SERVICES_NOT_ALLOWED};
    n = nas_encode_registration_reject(&rj, nas, sizeof nas);
    downlink(f, "Registration reject #7", nas, n); /* 32 */

    nas_service_accept sa = {0};
    n = nas_encode_service_accept(&sa, nas, sizeof nas);
    downlink(f, "Service accept", nas, n); /* 33 */

    nas_service_reject sj = {.cause = NAS_5GMM_CONGESTION, .has_t3346 = true,
                             .t3346 = NAS_TIMER_ZERO};
    n = nas_encode_service_reject(&sj, nas, sizeof nas);
    downlink(f, "Service reject T3346 zero", nas, n); /* 34 */
    sj.t3346 = nas_gprs_timer2_from_seconds(NAS_TIMER_DEACTIVATED);
    n = nas_encode_service_reject(&sj, nas, sizeof nas);
    downlink(f, "Service reject T3346 deactivated", nas, n); /* 35 */
    sj = (nas_service_reject){.cause = NAS_5GMM_PROTOCOL_ERROR_UNSPECIFIED};
    n = nas_encode_service_reject(&sj, nas, sizeof nas);
    downlink(f, "Service reject #111", nas, n); /* 36 */

    nas_deregistration_request_ue_terminated dr = {.access_type = 1,
                                                   .re_registration_required = true,
                                                   .has_cause = true,
                                                   .cause = NAS_5GMM_CONGESTION,
                                                   .has_t3346 = true,
                                                   .t3346 = nas_gprs_timer2_from_seconds(10)};
    n = nas_encode_deregistration_request_ue_terminated(&dr, nas, sizeof nas);
    downlink(f, "Deregistration request UE terminated", nas, n); /* 37 */

    nas_configuration_update_command cuc = {.has_indication = true,
                                            .registration_requested = true,
                                            .ack_requested = true, .has_guti = true,
                                            .guti = guti};
    n = nas_encode_configuration_update_command(&cuc, nas, sizeof nas);
    downlink(f, "Configuration update command", nas, n); /* 38 */

    /* DL NAS transport carrying 5GSM rejects #26 / #67 / #69 with back-off, frames 39..41 */
    const uint8_t sm_causes[3] = {NAS_5GSM_INSUFFICIENT_RESOURCES,
                                  NAS_5GSM_INSUFFICIENT_RESOURCES_SLICE_AND_DNN,
                                  NAS_5GSM_INSUFFICIENT_RESOURCES_SLICE};
    const uint8_t backoffs[3] = {0x21, 0x01, 0xe0}; /* 1 h, 10 min, deactivated */
    for (size_t i = 0; i < 3; i++) {
        uint8_t sm[32];
        nas_pdu_session_establishment_reject pr = {.pdu_session_id = 5, .pti = 1,
                                                   .cause = sm_causes[i], .has_backoff = true,
                                                   .backoff = backoffs[i]};
        size_t sml = nas_encode_pdu_session_establishment_reject(&pr, sm, sizeof sm);
        nas_dl_nas_transport dl = {.payload_type = 1, .payload = sm, .payload_len = sml,
                                   .has_pdu_session_id = true, .pdu_session_id = 5,
                                   .has_cause = i == 0, .cause = NAS_5GMM_CONGESTION,
                                   .has_backoff = i == 0, .backoff = 0x21};
        n = sml ? nas_encode_dl_nas_transport(&dl, nas, sizeof nas) : 0;
        downlink(f, "DL NAS transport 5GSM reject", nas, n);
    }
}

static void ngap_overload_frames(FILE *f)
{
    uint8_t b[512];
    ngap_overload_start s;
    memset(&s, 0, sizeof s);
    emit(f, "OverloadStart no IE", b, ngap_encode_overload_start(&s, b, sizeof b)); /* 42 */

    s.has_action = true;
    s.action = NGAP_OVERLOAD_REJECT_NON_EMERGENCY_MO_DT;
    emit(f, "OverloadStart action 0", b, ngap_encode_overload_start(&s, b, sizeof b)); /* 43 */

    memset(&s, 0, sizeof s);
    s.has_reduction = true;
    s.reduction_pct = 99;
    emit(f, "OverloadStart 99%", b, ngap_encode_overload_start(&s, b, sizeof b)); /* 44 */

    memset(&s, 0, sizeof s);
    s.has_action = true;
    s.action = NGAP_OVERLOAD_PERMIT_HIGH_PRIORITY_AND_MT_ONLY;
    s.has_reduction = true;
    s.reduction_pct = 1;
    s.n_nssai = 2;
    s.nssai[0].slices.n = 2;
    s.nssai[0].slices.items[0] = slice(1, 1);
    s.nssai[0].slices.items[1] = slice(1, 2);
    s.nssai[0].has_action = true;
    s.nssai[0].action = NGAP_OVERLOAD_REJECT_RRC_CR_SIGNALLING;
    s.nssai[1].slices.n = 2;
    s.nssai[1].slices.items[0] = slice(2, 0);
    s.nssai[1].slices.items[1] = slice(3, 0x123456);
    s.nssai[1].has_reduction = true;
    s.nssai[1].reduction_pct = 40;
    emit(f, "OverloadStart all IEs", b, ngap_encode_overload_start(&s, b, sizeof b)); /* 45 */

    emit(f, "OverloadStop", b, ngap_encode_overload_stop(b, sizeof b)); /* 46 */

    ngap_amf_configuration_update cu = {.amf_name = "amf-1", .has_relative_capacity = true,
                                        .relative_capacity = 10};
    emit(f, "AMFConfigurationUpdate", b, ngap_encode_amf_configuration_update(&cu, b, sizeof b)); /* 47 */

    ngap_amf_status_indication si;
    memset(&si, 0, sizeof si);
    si.n = 2;
    si.items[0].guami = (enc_guami){plmn, 2, 1, 1};
    si.items[0].timer_approach = true;
    si.items[0].backup_amf_name = "amf-2";
    si.items[1].guami = (enc_guami){plmn, 2, 1, 2};
    emit(f, "AMFStatusIndication", b, ngap_encode_amf_status_indication(&si, b, sizeof b)); /* 48 */
}

static void ngap_release_frames(FILE *f)
{
    uint8_t b[256];
    ngap_ue_context_release_command c = {.amf_ue_id = 1099511627775ull, .ran_ue_id = 4294967295u,
                                         .cause = {NGAP_CAUSE_NAS, NGAP_CAUSE_NAS_NORMAL_RELEASE}};
    emit(f, "UEContextReleaseCommand pair", b,
         ngap_encode_ue_context_release_command(&c, b, sizeof b)); /* 49 */
    c.amf_id_only = true;
    c.amf_ue_id = 7;
    c.cause = (ngap_cause){NGAP_CAUSE_RADIO_NETWORK, NGAP_CAUSE_RADIO_USER_INACTIVITY};
    emit(f, "UEContextReleaseCommand AMF id", b,
         ngap_encode_ue_context_release_command(&c, b, sizeof b)); /* 50 */
    ngap_ue_context_release_complete cc = {.amf_ue_id = 7, .ran_ue_id = 1};
    emit(f, "UEContextReleaseComplete", b,
         ngap_encode_ue_context_release_complete(&cc, b, sizeof b)); /* 51 */
    ngap_error_indication e = {.has_amf_ue_id = true, .amf_ue_id = 7, .has_ran_ue_id = true,
                               .ran_ue_id = 1, .has_cause = true,
                               .cause = {NGAP_CAUSE_PROTOCOL, 6}};
    emit(f, "ErrorIndication", b, ngap_encode_error_indication(&e, b, sizeof b)); /* 52 */
    e = (ngap_error_indication){.has_cause = true, .cause = {NGAP_CAUSE_RADIO_NETWORK, 45}};
    emit(f, "ErrorIndication extension cause", b, ngap_encode_error_indication(&e, b, sizeof b)); /* 53 */
}

/* DL NAS transport with a 5GSM reject whose back-off timer uses each remaining GPRS timer 3 unit
 * (10 h, 2 s, 30 s, 1 min, 320 h): frames 54..58 */
static void ngap_timer3_frames(FILE *f)
{
    const uint8_t units[5] = {NAS_T3_UNIT_10H, NAS_T3_UNIT_2S, NAS_T3_UNIT_30S, NAS_T3_UNIT_1MIN,
                              NAS_T3_UNIT_320H};
    for (size_t i = 0; i < 5; i++) {
        uint8_t sm[32], nas[64];
        nas_pdu_session_establishment_reject pr = {
            .pdu_session_id = 6, .pti = 2, .cause = NAS_5GSM_INSUFFICIENT_RESOURCES_SLICE,
            .has_backoff = true, .backoff = nas_gprs_timer3(units[i], (unsigned)(3 + i))};
        size_t sml = nas_encode_pdu_session_establishment_reject(&pr, sm, sizeof sm);
        nas_dl_nas_transport dl = {.payload_type = 1, .payload = sm, .payload_len = sml,
                                   .has_pdu_session_id = true, .pdu_session_id = 6};
        size_t n = sml ? nas_encode_dl_nas_transport(&dl, nas, sizeof nas) : 0;
        downlink(f, "DL NAS transport back-off units", nas, n);
    }
}

static void f1ap_frames(FILE *f)
{
    uint8_t b[1024], rrc[64], cg[16];
    static f1ap_f1_setup_request rq;
    memset(&rq, 0, sizeof rq);
    rq.transaction_id = 1;
    rq.du_id = 3584;
    rq.du_name = "gnb-1-du";
    rq.n_cells = 2;
    for (size_t i = 0; i < 2; i++) {
        rq.cells[i].cgi = cell(0x000000101 + i);
        rq.cells[i].pci = (uint16_t)(10 + i);
        rq.cells[i].has_tac = true;
        rq.cells[i].tac = 1;
    }
    emit(f, "F1SetupRequest", b, f1ap_encode_f1_setup_request(&rq, b, sizeof b)); /* 1 */

    static f1ap_f1_setup_response rs;
    memset(&rs, 0, sizeof rs);
    rs.transaction_id = 1;
    rs.cu_name = "gnb-1-cu";
    rs.n_activate = 2;
    rs.activate[0] = cell(0x000000101);
    rs.activate_pci[0] = 10;
    rs.activate[1] = cell(0x000000102);
    rs.activate_pci[1] = 11;
    emit(f, "F1SetupResponse", b, f1ap_encode_f1_setup_response(&rs, b, sizeof b)); /* 2 */

    size_t cgl = rrc_encode_minimal_cell_group_config(cg, sizeof cg);
    /* InitialULRRCMessageTransfer + RRCSetupRequest, every EstablishmentCause 0..9: frames 3..12 */
    for (uint8_t c = 0; c <= 9; c++) {
        enc_5g_s_tmsi st = {1, 1, 0x300u + c};
        rrc_setup_request sq = {.use_s_tmsi_part1 = c % 2 == 0,
                                .identity = c % 2 == 0 ? rrc_s_tmsi_part1(&st) : 0x123456789ull + c,
                                .cause = c};
        size_t rl = rrc_encode_setup_request(&sq, rrc, sizeof rrc);
        f1ap_initial_ul_rrc_message_transfer ul = {.du_ue_id = 100u + c, .cgi = cell(0x000000101),
                                                   .c_rnti = (uint16_t)(0x4601 + c), .rrc = rrc,
                                                   .rrc_len = rl, .du_to_cu = cg,
                                                   .du_to_cu_len = cgl};
        emit(f, "InitialUL RRCSetupRequest", b,
             rl && cgl ? f1ap_encode_initial_ul_rrc_message_transfer(&ul, b, sizeof b) : 0);
    }
    /* InitialULRRCMessageTransfer + RRCResumeRequest, every ResumeCause 0..10: frames 13..23 */
    for (uint8_t c = 0; c <= 10; c++) {
        rrc_resume_request rr = {.short_resume_id = 0x10000u + c, .resume_mac_i = 0xbeef,
                                 .cause = c};
        size_t rl = rrc_encode_resume_request(&rr, rrc, sizeof rrc);
        f1ap_initial_ul_rrc_message_transfer ul = {.du_ue_id = 200u + c, .cgi = cell(0x000000102),
                                                   .c_rnti = (uint16_t)(0x4701 + c), .rrc = rrc,
                                                   .rrc_len = rl};
        emit(f, "InitialUL RRCResumeRequest", b,
             rl ? f1ap_encode_initial_ul_rrc_message_transfer(&ul, b, sizeof b) : 0);
    }
    /* DLRRCMessageTransfer SRB0: RRCReject waitTime 1, 16, absent; RRCSetup: frames 24..27 */
    const rrc_reject rejects[3] = {{true, 1}, {true, 16}, {false, 0}};
    for (size_t i = 0; i < 3; i++) {
        size_t rl = rrc_encode_reject(&rejects[i], rrc, sizeof rrc);
        f1ap_dl_rrc_message_transfer dl = {.cu_ue_id = 1, .du_ue_id = 100, .srb_id = 0,
                                           .rrc = rrc, .rrc_len = rl};
        emit(f, "DL RRCReject", b, rl ? f1ap_encode_dl_rrc_message_transfer(&dl, b, sizeof b) : 0);
    }
    rrc_setup su = {.transaction_id = 0};
    size_t rl = rrc_encode_setup(&su, rrc, sizeof rrc);
    f1ap_dl_rrc_message_transfer dl = {.cu_ue_id = 2, .du_ue_id = 101, .srb_id = 0, .rrc = rrc,
                                       .rrc_len = rl};
    emit(f, "DL RRCSetup", b, rl ? f1ap_encode_dl_rrc_message_transfer(&dl, b, sizeof b) : 0);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s NGAP_HEX_OUT F1AP_HEX_OUT\n", argv[0]);
        return 2;
    }
    FILE *ng = fopen(argv[1], "w");
    FILE *f1 = fopen(argv[2], "w");
    if (!ng || !f1) {
        perror("dump_all_pdus");
        return 2;
    }
    ngap_setup_frames(ng);
    ngap_uplink_frames(ng);
    ngap_downlink_frames(ng);
    ngap_overload_frames(ng);
    ngap_release_frames(ng);
    ngap_timer3_frames(ng);
    f1ap_frames(f1);
    if (fclose(ng) != 0 || fclose(f1) != 0)
        failures++;
    return failures ? 1 : 0;
}
