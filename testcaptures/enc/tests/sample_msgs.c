/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Test-only: representative inputs for every encoder (NGAP, F1AP, NR RRC, NAS-5GS), each wrapped in
 * a function of the same shape so tests can loop over all message types. */
#include "sample_msgs.h"

#include "f1ap_enc.h"
#include "nas_enc.h"
#include "ngap_enc.h"
#include "rrc_enc.h"

#include <string.h>

static const enc_plmn plmn = {1, 1, 2};
static const enc_5g_guti guti = {{{1, 1, 2}, 2, 1, 1}, 0x01020304};

static size_t reg_request(uint8_t *b, size_t cap)
{
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
    r.requested_nssai[0] = (enc_snssai){1, false, 0};
    r.requested_nssai[1] = (enc_snssai){1, true, 1};
    return nas_encode_registration_request(&r, b, cap);
}

static size_t reg_accept(uint8_t *b, size_t cap)
{
    nas_registration_accept a;
    memset(&a, 0, sizeof a);
    a.has_guti = true;
    a.guti = guti;
    a.n_allowed_nssai = 1;
    a.allowed_nssai[0] = (enc_snssai){1, true, 1};
    return nas_encode_registration_accept(&a, b, cap);
}

static size_t reg_reject(uint8_t *b, size_t cap)
{
    nas_registration_reject r = {22, true, 0x21, true, 0x42};
    return nas_encode_registration_reject(&r, b, cap);
}

static size_t reg_reject_ciphered(uint8_t *b, size_t cap)
{
    uint8_t plain[16];
    size_t n = reg_reject(plain, sizeof plain);
    return nas_wrap_security(NAS_SEC_INTEGRITY_CIPHERED, 0x11223344, 9, 77, plain, n, b, cap);
}

static size_t service_request(uint8_t *b, size_t cap)
{
    nas_service_request s = {1, 2, {1, 1, 0x1234}};
    return nas_encode_service_request(&s, b, cap);
}

static size_t service_reject(uint8_t *b, size_t cap)
{
    nas_service_reject s = {22, true, 0x05};
    return nas_encode_service_reject(&s, b, cap);
}

static size_t dereg(uint8_t *b, size_t cap)
{
    nas_deregistration_request_ue_terminated d = {1, true, true, 22, true, 0x05};
    return nas_encode_deregistration_request_ue_terminated(&d, b, cap);
}

static size_t cuc(uint8_t *b, size_t cap)
{
    nas_configuration_update_command c = {true, true, true, true, guti};
    return nas_encode_configuration_update_command(&c, b, cap);
}

static size_t dl_nas_transport(uint8_t *b, size_t cap)
{
    const uint8_t sm[] = {0x2e, 0x05, 0x01, 0xc3, 0x1a, 0x37, 0x01, 0x21};
    nas_dl_nas_transport d = {1, sm, sizeof sm, true, 5, true, 22, true, 0x21};
    return nas_encode_dl_nas_transport(&d, b, cap);
}

static size_t ul_nas_transport(uint8_t *b, size_t cap)
{
    const uint8_t sm[] = {0x2e, 0x05, 0x01, 0xc1, 0xff, 0xff, 0x91};
    nas_ul_nas_transport u = {1, sm, sizeof sm, true, 5, true, 1, true, {1, true, 1}, "internet"};
    return nas_encode_ul_nas_transport(&u, b, cap);
}

static size_t initial_ue(uint8_t *b, size_t cap)
{
    uint8_t nas[64];
    size_t n = reg_request(nas, sizeof nas);
    ngap_initial_ue_message m = {1, nas, n, {plmn, 0x101}, {plmn, 1}, 3, true, {1, 1, 0x1234},
                                 true};
    return ngap_encode_initial_ue_message(&m, b, cap);
}

static size_t downlink_nas(uint8_t *b, size_t cap)
{
    const uint8_t nas[] = {0x7e, 0x00, 0x44, 0x16, 0x5f, 0x01, 0x21};
    ngap_downlink_nas_transport m = {7, 1, nas, sizeof nas};
    return ngap_encode_downlink_nas_transport(&m, b, cap);
}

static size_t uplink_nas(uint8_t *b, size_t cap)
{
    const uint8_t nas[] = {0x7e, 0x00, 0x4c, 0x12, 0x00, 0x07, 0xf4, 0x00, 0x41, 0, 0, 0x12, 0x34};
    ngap_uplink_nas_transport m = {7, 1, nas, sizeof nas, {plmn, 0x101}, {plmn, 1}};
    return ngap_encode_uplink_nas_transport(&m, b, cap);
}

static size_t ng_setup_request(uint8_t *b, size_t cap)
{
    static const ngap_ng_setup_request m = {
        .plmn = {1, 1, 2}, .gnb_id = 1, .gnb_id_bits = 22, .ran_node_name = "gnb-1",
        .tas = {{.tac = 1, .plmns = {{.plmn = {1, 1, 2}, .slices = {.items = {{1, true, 1}}, .n = 1}}},
                 .n_plmns = 1}},
        .n_tas = 1, .paging_drx = NGAP_DRX_V128};
    return ngap_encode_ng_setup_request(&m, b, cap);
}

static size_t ng_setup_response(uint8_t *b, size_t cap)
{
    static const ngap_ng_setup_response m = {
        .amf_name = "amf-1", .guamis = {{{1, 1, 2}, 2, 1, 1}}, .n_guamis = 1,
        .relative_capacity = 100,
        .plmn_support = {{.plmn = {1, 1, 2}, .slices = {.items = {{1, true, 1}}, .n = 1}}},
        .n_plmn_support = 1};
    return ngap_encode_ng_setup_response(&m, b, cap);
}

static size_t ng_setup_failure(uint8_t *b, size_t cap)
{
    ngap_ng_setup_failure m = {{NGAP_CAUSE_MISC, 0}, true, NGAP_TTW_60S};
    return ngap_encode_ng_setup_failure(&m, b, cap);
}

static size_t overload_start(uint8_t *b, size_t cap)
{
    static const ngap_overload_start m = {
        .has_action = true, .action = 1, .has_reduction = true, .reduction_pct = 50,
        .nssai = {{.slices = {.items = {{1, true, 1}, {2, false, 0}}, .n = 2}, .has_action = true,
                   .action = 2, .has_reduction = true, .reduction_pct = 30}},
        .n_nssai = 1};
    return ngap_encode_overload_start(&m, b, cap);
}

static size_t overload_stop(uint8_t *b, size_t cap)
{
    return ngap_encode_overload_stop(b, cap);
}

static size_t amf_config_update(uint8_t *b, size_t cap)
{
    ngap_amf_configuration_update m = {"amf-1", true, 10};
    return ngap_encode_amf_configuration_update(&m, b, cap);
}

static size_t amf_status(uint8_t *b, size_t cap)
{
    static const ngap_amf_status_indication m = {
        .items = {{{{1, 1, 2}, 2, 1, 1}, true, "amf-2"}}, .n = 1};
    return ngap_encode_amf_status_indication(&m, b, cap);
}

static size_t release_command(uint8_t *b, size_t cap)
{
    ngap_ue_context_release_command m = {7, 1, false, {NGAP_CAUSE_NAS, 0}};
    return ngap_encode_ue_context_release_command(&m, b, cap);
}

static size_t release_complete(uint8_t *b, size_t cap)
{
    ngap_ue_context_release_complete m = {7, 1};
    return ngap_encode_ue_context_release_complete(&m, b, cap);
}

static size_t error_indication(uint8_t *b, size_t cap)
{
    ngap_error_indication m = {true, 7, true, 1, true, {NGAP_CAUSE_PROTOCOL, 6}};
    return ngap_encode_error_indication(&m, b, cap);
}

static size_t rrc_setup_request_msg(uint8_t *b, size_t cap)
{
    rrc_setup_request m = {true, 0x4100000300ull, RRC_EST_MO_SIGNALLING};
    return rrc_encode_setup_request(&m, b, cap);
}

static size_t rrc_resume_request_msg(uint8_t *b, size_t cap)
{
    rrc_resume_request m = {0x10001, 0xbeef, RRC_RESUME_RNA_UPDATE};
    return rrc_encode_resume_request(&m, b, cap);
}

static size_t rrc_reject_msg(uint8_t *b, size_t cap)
{
    rrc_reject m = {true, 10};
    return rrc_encode_reject(&m, b, cap);
}

static size_t rrc_setup_msg(uint8_t *b, size_t cap)
{
    rrc_setup m = {1};
    return rrc_encode_setup(&m, b, cap);
}

static size_t f1_setup_request(uint8_t *b, size_t cap)
{
    static const f1ap_f1_setup_request m = {
        .transaction_id = 1, .du_id = 3584, .du_name = "du-1",
        .cells = {{{{1, 1, 2}, 0x101}, 10, true, 1, 0}}, .n_cells = 1};
    return f1ap_encode_f1_setup_request(&m, b, cap);
}

static size_t f1_setup_response(uint8_t *b, size_t cap)
{
    static const f1ap_f1_setup_response m = {
        .transaction_id = 1, .cu_name = "cu-1", .activate = {{{1, 1, 2}, 0x101}},
        .activate_pci = {10}, .n_activate = 1};
    return f1ap_encode_f1_setup_response(&m, b, cap);
}

static size_t f1_initial_ul(uint8_t *b, size_t cap)
{
    uint8_t rrc[16], cg[8];
    size_t rl = rrc_setup_request_msg(rrc, sizeof rrc);
    size_t cl = rrc_encode_minimal_cell_group_config(cg, sizeof cg);
    f1ap_initial_ul_rrc_message_transfer m = {100, {plmn, 0x101}, 0x4601, rrc, rl, cg, cl, false};
    return f1ap_encode_initial_ul_rrc_message_transfer(&m, b, cap);
}

static size_t f1_dl_rrc(uint8_t *b, size_t cap)
{
    uint8_t rrc[16];
    size_t rl = rrc_reject_msg(rrc, sizeof rrc);
    f1ap_dl_rrc_message_transfer m = {1, 100, 0, rrc, rl};
    return f1ap_encode_dl_rrc_message_transfer(&m, b, cap);
}

const sample_msg sample_msgs[] = {
    {"NAS Registration request", reg_request, false},
    {"NAS Registration accept", reg_accept, false},
    {"NAS Registration reject", reg_reject, false},
    {"NAS Registration reject (ciphered)", reg_reject_ciphered, false},
    {"NAS Service request", service_request, false},
    {"NAS Service reject", service_reject, false},
    {"NAS Deregistration request", dereg, false},
    {"NAS Configuration update command", cuc, false},
    {"NAS DL NAS transport", dl_nas_transport, false},
    {"NAS UL NAS transport", ul_nas_transport, false},
    {"NGAP InitialUEMessage", initial_ue, false},
    {"NGAP DownlinkNASTransport", downlink_nas, false},
    {"NGAP UplinkNASTransport", uplink_nas, false},
    {"NGAP NGSetupRequest", ng_setup_request, false},
    {"NGAP NGSetupResponse", ng_setup_response, false},
    {"NGAP NGSetupFailure", ng_setup_failure, false},
    {"NGAP OverloadStart", overload_start, false},
    {"NGAP OverloadStop", overload_stop, false},
    {"NGAP AMFConfigurationUpdate", amf_config_update, false},
    {"NGAP AMFStatusIndication", amf_status, false},
    {"NGAP UEContextReleaseCommand", release_command, false},
    {"NGAP UEContextReleaseComplete", release_complete, false},
    {"NGAP ErrorIndication", error_indication, false},
    {"RRC RRCSetupRequest", rrc_setup_request_msg, false},
    {"RRC RRCResumeRequest", rrc_resume_request_msg, false},
    {"RRC RRCReject", rrc_reject_msg, true},
    {"RRC RRCSetup", rrc_setup_msg, true},
    {"F1AP F1SetupRequest", f1_setup_request, true},
    {"F1AP F1SetupResponse", f1_setup_response, false},
    {"F1AP InitialULRRCMessageTransfer", f1_initial_ul, true},
    {"F1AP DLRRCMessageTransfer", f1_dl_rrc, true},
};
const size_t sample_msgs_count = sizeof sample_msgs / sizeof sample_msgs[0];
