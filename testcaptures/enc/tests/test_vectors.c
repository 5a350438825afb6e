/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Reproduces every verified hex vector of shared/reference/3gpp-facts.md §7 byte-exact from the
 * encoders' value structs (NGAP, NAS-5GS, NR RRC, F1AP). */
#include "enc_check.h"
#include "f1ap_enc.h"
#include "nas_enc.h"
#include "ngap_enc.h"
#include "rrc_enc.h"

#include <string.h>

static const enc_plmn plmn_00101 = {1, 1, 2};

static void test_overload(void)
{
    uint8_t b[256];
    ngap_overload_start s;
    memset(&s, 0, sizeof s);
    s.has_action = true;
    s.action = NGAP_OVERLOAD_REJECT_RRC_CR_SIGNALLING;
    s.has_reduction = true;
    s.reduction_pct = 50;
    size_t n = ngap_encode_overload_start(&s, b, sizeof b);
    check_hex("OverloadStart action 1 + 50%", b, n, "00 16 40 0d 00 00 02 00 02 00 01 10 00 09 40 01 62");

    memset(&s, 0, sizeof s);
    s.n_nssai = 1;
    s.nssai[0].slices.n = 1;
    s.nssai[0].slices.items[0] = (enc_snssai){.sst = 1, .has_sd = true, .sd = 1};
    s.nssai[0].has_action = true;
    s.nssai[0].action = NGAP_OVERLOAD_PERMIT_EMERGENCY_AND_MT_ONLY;
    s.nssai[0].has_reduction = true;
    s.nssai[0].reduction_pct = 30;
    n = ngap_encode_overload_start(&s, b, sizeof b);
    check_hex("OverloadStart NSSAI list", b, n,
              "00 16 40 13 00 00 01 00 31 40 0c 00 00 60 00 00 10 08 00 00 01 23 a0");

    n = ngap_encode_overload_stop(b, sizeof b);
    check_hex("OverloadStop", b, n, "00 17 00 03 00 00 00");

    /* invalid values are refused, never encoded */
    s.nssai[0].reduction_pct = 100;
    CHECK_EQ(ngap_encode_overload_start(&s, b, sizeof b), 0);
    s.nssai[0].reduction_pct = 30;
    s.nssai[0].slices.n = 0;
    CHECK_EQ(ngap_encode_overload_start(&s, b, sizeof b), 0);
    /* a too small buffer fails cleanly */
    s.nssai[0].slices.n = 1;
    CHECK_EQ(ngap_encode_overload_start(&s, b, 10), 0);
}

static void test_initial_ue_message(void)
{
    uint8_t nas[64], b[256];
    nas_registration_request r;
    memset(&r, 0, sizeof r);
    r.reg_type = NAS_REG_INITIAL;
    r.follow_on = true;
    r.ngksi = NAS_NGKSI_NONE;
    r.id.type = NAS_ID_SUCI;
    r.id.plmn = plmn_00101;
    r.id.msin = "01234567";
    r.has_ue_sec_cap = true;
    r.ea = 0xe0;
    r.ia = 0xe0;
    size_t nas_len = nas_encode_registration_request(&r, nas, sizeof nas);
    check_hex("Registration request (initial, FOR, SUCI)", nas, nas_len,
              "7e 00 41 79 00 0c 01 00 f1 10 f0 ff 00 00 10 32 54 76 2e 02 e0 e0");

    ngap_initial_ue_message m;
    memset(&m, 0, sizeof m);
    m.ran_ue_id = 1;
    m.nas = nas;
    m.nas_len = nas_len;
    m.cgi = (enc_nr_cgi){plmn_00101, 0x10};
    m.tai = (enc_tai){plmn_00101, 1};
    m.rrc_cause = NGAP_RRC_CAUSE_MO_SIGNALLING;
    m.has_s_tmsi = true;
    m.s_tmsi = (enc_5g_s_tmsi){1, 1, 0x12345678};
    m.ue_context_request = true;
    size_t n = ngap_encode_initial_ue_message(&m, b, sizeof b);
    check_hex("InitialUEMessage", b, n,
              "00 0f 40 4c 00 00 06 00 55 00 02 00 01 00 26 00 17 16 7e 00 41 79 00 0c 01 00 f1 10"
              " f0 ff 00 00 10 32 54 76 2e 02 e0 e0 00 79 00 0f 40 00 f1 10 00 00 00 01 00 00 f1 10"
              " 00 00 01 00 5a 40 01 18 00 1a 00 07 00 10 40 12 34 56 78 00 70 40 01 00");
}

static void test_nas_rejects(void)
{
    uint8_t plain[64], b[64];
    nas_registration_reject rj;
    memset(&rj, 0, sizeof rj);
    rj.cause = NAS_5GMM_CONGESTION;
    rj.has_t3346 = true;
    rj.t3346 = nas_gprs_timer2(NAS_T2_UNIT_1MIN, 1);
    size_t pl = nas_encode_registration_reject(&rj, plain, sizeof plain);
    check_hex("Registration reject #22 T3346 1 min", plain, pl, "7e 00 44 16 5f 01 21");

    size_t n = nas_wrap_security(NAS_SEC_INTEGRITY, 0x11223344, 5, 0, plain, pl, b, sizeof b);
    check_hex("Registration reject, integrity protected", b, n,
              "7e 01 11 22 33 44 05 7e 00 44 16 5f 01 21");

    n = nas_wrap_security(NAS_SEC_INTEGRITY_CIPHERED, 0x11223344, 5, 0xabcdef, plain, pl, b,
                          sizeof b);
    CHECK_EQ(n, 7 + pl);
    check_hex("ciphered header", b, 7, "7e 02 11 22 33 44 05");
    CHECK(memcmp(b + 7, plain, pl) != 0); /* the body is scrambled */
    uint8_t again[64];
    CHECK_EQ(nas_wrap_security(NAS_SEC_INTEGRITY_CIPHERED, 0x11223344, 5, 0xabcdef, plain, pl, again,
                               sizeof again), n);
    CHECK(memcmp(again, b, n) == 0); /* deterministic */
    CHECK_EQ(nas_wrap_security(NAS_SEC_INTEGRITY, 1, 1, 0, plain, pl, b, 7 + pl - 1), 0);

    nas_service_reject sr = {.cause = NAS_5GMM_CONGESTION, .has_t3346 = true,
                             .t3346 = nas_gprs_timer2_from_seconds(10)};
    n = nas_encode_service_reject(&sr, b, sizeof b);
    check_hex("Service reject #22 T3346 10 s", b, n, "7e 00 4d 16 5f 01 05");

    nas_deregistration_request_ue_terminated dr;
    memset(&dr, 0, sizeof dr);
    dr.access_type = 1;
    dr.has_cause = true;
    dr.cause = NAS_5GMM_CONGESTION;
    dr.has_t3346 = true;
    dr.t3346 = 0x05;
    n = nas_encode_deregistration_request_ue_terminated(&dr, b, sizeof b);
    check_hex("Deregistration request UE terminated #22", b, n, "7e 00 47 01 58 16 5f 01 05");

    uint8_t sm[32];
    nas_pdu_session_establishment_reject pr = {.pdu_session_id = 5, .pti = 1,
                                               .cause = NAS_5GSM_INSUFFICIENT_RESOURCES,
                                               .has_backoff = true,
                                               .backoff = nas_gprs_timer3_from_seconds(3600)};
    size_t sml = nas_encode_pdu_session_establishment_reject(&pr, sm, sizeof sm);
    check_hex("PDU session establishment reject #26", sm, sml, "2e 05 01 c3 1a 37 01 21");

    nas_dl_nas_transport dl;
    memset(&dl, 0, sizeof dl);
    dl.payload_type = 1;
    dl.payload = sm;
    dl.payload_len = sml;
    dl.has_pdu_session_id = true;
    dl.pdu_session_id = 5;
    dl.has_cause = true;
    dl.cause = NAS_5GMM_CONGESTION;
    dl.has_backoff = true;
    dl.backoff = nas_gprs_timer3(NAS_T3_UNIT_1H, 1);
    n = nas_encode_dl_nas_transport(&dl, b, sizeof b);
    check_hex("DL NAS transport with 5GSM reject", b, n,
              "7e 00 68 01 00 08 2e 05 01 c3 1a 37 01 21 12 05 58 16 37 01 21");

    nas_configuration_update_command cuc;
    memset(&cuc, 0, sizeof cuc);
    cuc.has_indication = true;
    cuc.registration_requested = true;
    n = nas_encode_configuration_update_command(&cuc, b, sizeof b);
    check_hex("Configuration update command RED", b, n, "7e 00 54 d2");
}

static void test_rrc_and_f1ap(void)
{
    uint8_t rrc[32], b[128];
    rrc_setup_request sq = {.use_s_tmsi_part1 = false, .identity = 1,
                            .cause = RRC_EST_MO_SIGNALLING};
    size_t rl = rrc_encode_setup_request(&sq, rrc, sizeof rrc);
    check_hex("RRCSetupRequest randomValue mo-Signalling", rrc, rl, "10 00 00 00 00 26");

    f1ap_initial_ul_rrc_message_transfer ul;
    memset(&ul, 0, sizeof ul);
    ul.du_ue_id = 1;
    ul.rrc = rrc;
    ul.rrc_len = rl;
    ul.omit_cgi_and_crnti = true;
    size_t n = f1ap_encode_initial_ul_rrc_message_transfer(&ul, b, sizeof b);
    check_hex("F1AP InitialULRRCMessageTransfer", b, n,
              "00 0b 40 14 00 00 02 00 29 00 02 00 01 00 32 00 07 06 10 00 00 00 00 26");

    rrc_resume_request rr = {.short_resume_id = 1, .resume_mac_i = 0,
                             .cause = RRC_RESUME_RNA_UPDATE};
    n = rrc_encode_resume_request(&rr, b, sizeof b);
    check_hex("RRCResumeRequest rna-Update", b, n, "20 00 00 20 00 10");

    rrc_reject rj = {.has_wait_time = true, .wait_time_s = 10};
    rl = rrc_encode_reject(&rj, rrc, sizeof rrc);
    check_hex("RRCReject waitTime 10", rrc, rl, "09 20");
    rj.wait_time_s = 17;
    CHECK_EQ(rrc_encode_reject(&rj, b, sizeof b), 0);

    f1ap_dl_rrc_message_transfer dl = {.cu_ue_id = 1, .du_ue_id = 1, .srb_id = 0, .rrc = rrc,
                                       .rrc_len = rl};
    n = f1ap_encode_dl_rrc_message_transfer(&dl, b, sizeof b);
    check_hex("F1AP DLRRCMessageTransfer SRB0 RRCReject", b, n,
              "00 0c 40 1b 00 00 04 00 28 00 02 00 01 00 29 00 02 00 01 00 40 00 01 00 00 32 00 03"
              " 02 09 20");

    /* the measurement timing configuration decoded from a real OAI F1 SETUP REQUEST */
    n = rrc_encode_meas_timing_config(630048, b, sizeof b);
    check_hex("MeasurementTimingConfiguration (OAI sample)", b, n, "10 11 33 a4 05 00 00");

    enc_5g_s_tmsi st = {1, 1, 0x12345678};
    /* 48 bits: set 1 << 38 | pointer 1 << 32 | TMSI; Part1 keeps the 39 LSBs */
    CHECK_EQ(rrc_s_tmsi_part1(&st), 0x4112345678ull);
}

int main(void)
{
    test_overload();
    test_initial_ue_message();
    test_nas_rejects();
    test_rrc_and_f1ap();
    return check_report("test_vectors");
}
