/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Reproduces real NGAP/NAS PDUs byte-exact from the encoders' value structs. Hex taken from
 * tshark's ngap_raw of public captures (shared/captures/public, see its MANIFEST.md):
 *  - free5gc.pcap of telekom/5g-trace-visualizer (doc/free5gc.pcap @ f0234f074e2c), frames 13-15:
 *    NG SETUP REQUEST, NG SETUP RESPONSE, INITIAL UE MESSAGE with its Registration Request;
 *  - 5g-roaming-hr.pcapng of open5gs/open5gs (docs/assets/pcapng @ 8f25f3beaf13), frames 1345,
 *    1346, 1555, 1772, 1773, 1869: DL/UL NAS TRANSPORT, UL NAS transport (5GMM) with a PDU session
 *    establishment request, UE CONTEXT RELEASE COMMAND/COMPLETE. */
#include "enc_check.h"
#include "nas_enc.h"
#include "ngap_enc.h"

#include <string.h>

static const enc_plmn plmn_20893 = {208, 93, 2};

static void ng_setup_request(void)
{
    static ngap_ng_setup_request m;
    uint8_t b[256];
    memset(&m, 0, sizeof m);
    m.plmn = plmn_20893;
    m.gnb_id = 0x000102;
    m.gnb_id_bits = 24;
    m.ran_node_name = "free5gc";
    m.n_tas = 1;
    m.tas[0].tac = 1;
    m.tas[0].n_plmns = 1;
    m.tas[0].plmns[0].plmn = plmn_20893;
    m.tas[0].plmns[0].slices.n = 1;
    m.tas[0].plmns[0].slices.items[0] = (enc_snssai){1, true, 0x010203};
    m.paging_drx = NGAP_DRX_V128;
    size_t n = ngap_encode_ng_setup_request(&m, b, sizeof b);
    check_hex("free5gc frame 13 NGSetupRequest", b, n,
              "00150035000004001b00080002f83910000102005240090300667265653567630066001000000000"
              "010002f839000010080102030015400140");
}

static void ng_setup_response(void)
{
    static ngap_ng_setup_response m;
    uint8_t b[256];
    memset(&m, 0, sizeof m);
    m.amf_name = "AMF";
    m.n_guamis = 1;
    m.guamis[0] = (enc_guami){plmn_20893, 0xca, 1016, 0};
    m.relative_capacity = 255;
    m.n_plmn_support = 1;
    m.plmn_support[0].plmn = plmn_20893;
    m.plmn_support[0].slices.n = 2;
    m.plmn_support[0].slices.items[0] = (enc_snssai){1, true, 0x010203};
    m.plmn_support[0].slices.items[1] = (enc_snssai){1, true, 0x112233};
    size_t n = ngap_encode_ng_setup_response(&m, b, sizeof b);
    check_hex("free5gc frame 14 NGSetupResponse", b, n,
              "20150031000004000100050100414d4600600008000002f839cafe0000564001ff00500010000"
              "2f839000110080102031008112233");
}

static void initial_ue_message(void)
{
    uint8_t nas[64], b[256];
    nas_registration_request r;
    memset(&r, 0, sizeof r);
    r.reg_type = NAS_REG_INITIAL;
    r.follow_on = true;
    r.ngksi = 1;
    r.id.type = NAS_ID_SUCI;
    r.id.plmn = plmn_20893;
    r.id.msin = "00007487";
    r.has_5gmm_capability = true;
    r.gmm_capability = 0x07;
    r.has_ue_sec_cap = true;
    r.ea = 0xff;
    r.ia = 0xff;
    r.eea = 0xff;
    r.eia = 0xff;
    r.ue_sec_cap_len = 8;
    size_t nl = nas_encode_registration_request(&r, nas, sizeof nas);

    ngap_initial_ue_message m;
    memset(&m, 0, sizeof m);
    m.ran_ue_id = 1;
    m.nas = nas;
    m.nas_len = nl;
    m.cgi = (enc_nr_cgi){plmn_20893, 0x000000001};
    m.tai = (enc_tai){plmn_20893, 1};
    m.rrc_cause = NGAP_RRC_CAUSE_MT_ACCESS;
    m.ue_context_request = true;
    size_t n = ngap_encode_initial_ue_message(&m, b, sizeof b);
    check_hex("free5gc frame 15 InitialUEMessage", b, n,
              "000f404a000005005500020001002600201f7e004119000c0102f839f0ff000000004778100107"
              "2e08ffffffff000000000079000f4002f839000000001002f839000001005a4001100070400100");
}

static const enc_plmn plmn_00101 = {1, 1, 2};

static void open5gs_nas_transport(void)
{
    uint8_t b[256], nas[128];
    static const uint8_t dl_nas[] = {0x7e, 0x00, 0x5b, 0x01}; /* Identity request */
    ngap_downlink_nas_transport dl = {1, 1, dl_nas, sizeof dl_nas};
    size_t n = ngap_encode_downlink_nas_transport(&dl, b, sizeof b);
    check_hex("open5gs frame 1345 DownlinkNASTransport", b, n,
              "00044018000003000a0002000100550002000100260005047e005b01");

    uint8_t ul_nas[32];
    size_t ul_len = check_parse_hex("7e005c000d0199f907f0ff00000000203190", ul_nas, sizeof ul_nas);
    ngap_uplink_nas_transport ul = {1, 1, ul_nas, ul_len, {plmn_00101, 0x000040001},
                                    {plmn_00101, 1}};
    n = ngap_encode_uplink_nas_transport(&ul, b, sizeof b);
    check_hex("open5gs frame 1346 UplinkNASTransport", b, n,
              "002e4039000004000a0002000100550002000100260013127e005c000d0199f907f0ff0000000020"
              "31900079400f4000f110000040001000f110000001");

    /* frame 1555: the plain 5GMM UL NAS transport inside its security header */
    uint8_t sm[64];
    size_t sm_len = check_parse_hex("2e0501c1ffff93a17b00238080211001000010810600000000830600000000"
                                    "000c00000d00000200000a00001000", sm, sizeof sm);
    nas_ul_nas_transport u = {.payload_type = 1, .payload = sm, .payload_len = sm_len,
                              .has_pdu_session_id = true, .pdu_session_id = 5,
                              .has_request_type = true, .request_type = 1, .dnn = "internet"};
    n = nas_encode_ul_nas_transport(&u, nas, sizeof nas);
    check_hex("open5gs frame 1555 UL NAS transport (inner)", nas, n,
              "7e006701002e2e0501c1ffff93a17b00238080211001000010810600000000830600000000000c0000"
              "0d00000200000a00001000120581250908696e7465726e6574");
}

static void open5gs_release(void)
{
    uint8_t b[64];
    ngap_ue_context_release_command c = {1, 1, false, {NGAP_CAUSE_RADIO_NETWORK,
                                                       NGAP_CAUSE_RADIO_USER_INACTIVITY}};
    size_t n = ngap_encode_ue_context_release_command(&c, b, sizeof b);
    check_hex("open5gs frame 1772 UEContextReleaseCommand", b, n,
              "002900110000020072000400010001000f40020500");
    ngap_ue_context_release_complete cc = {1, 1};
    n = ngap_encode_ue_context_release_complete(&cc, b, sizeof b);
    check_hex("open5gs frame 1773 UEContextReleaseComplete", b, n,
              "2029000f000002000a40020001005540020001");
    c = (ngap_ue_context_release_command){2, 2, false, {NGAP_CAUSE_NAS, NGAP_CAUSE_NAS_DEREGISTER}};
    n = ngap_encode_ue_context_release_command(&c, b, sizeof b);
    check_hex("open5gs frame 1869 UEContextReleaseCommand", b, n,
              "002900100000020072000400020002000f400148");
}

int main(void)
{
    ng_setup_request();
    ng_setup_response();
    initial_ue_message();
    open5gs_nas_transport();
    open5gs_release();
    return check_report("test_real_pdus");
}
