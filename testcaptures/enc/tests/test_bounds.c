/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Every encoder, given every buffer size smaller than its output, returns 0 and never writes past
 * the buffer; given the exact size it writes the same octets as with a large buffer. Also: bad
 * inputs (NULL strings, out-of-range values) are refused. */
#include "enc_check.h"
#include "f1ap_enc.h"
#include "nas_enc.h"
#include "ngap_enc.h"
#include "rrc_enc.h"
#include "sample_msgs.h"

#include <string.h>

#define GUARD 0xa5

static void test_every_size(void)
{
    for (size_t i = 0; i < sample_msgs_count; i++) {
        uint8_t ref[2048], buf[2048 + 16];
        size_t n = sample_msgs[i].encode(ref, sizeof ref);
        if (n == 0 || n > sizeof ref) {
            check_failures++;
            fprintf(stderr, "FAIL %s: reference encoding failed\n", sample_msgs[i].name);
            continue;
        }
        for (size_t cap = 0; cap <= n; cap++) {
            memset(buf, GUARD, sizeof buf);
            size_t got = sample_msgs[i].encode(buf, cap);
            bool guard_ok = true;
            for (size_t k = cap; k < cap + 16; k++)
                guard_ok = guard_ok && buf[k] == GUARD;
            if (!guard_ok || (cap < n && got != 0) || (cap == n && (got != n || memcmp(buf, ref, n)))) {
                check_failures++;
                fprintf(stderr, "FAIL %s: cap %zu of %zu gave %zu (guard %s)\n",
                        sample_msgs[i].name, cap, n, got, guard_ok ? "intact" : "OVERWRITTEN");
            }
        }
    }
}

static void test_bad_inputs(void)
{
    uint8_t b[512];
    ngap_ng_setup_response rs;
    memset(&rs, 0, sizeof rs);
    rs.n_guamis = 1;
    rs.n_plmn_support = 1;
    rs.plmn_support[0].slices.n = 1;
    rs.plmn_support[0].plmn = (enc_plmn){1, 1, 2};
    rs.guamis[0].plmn = (enc_plmn){1, 1, 2};
    CHECK_EQ(ngap_encode_ng_setup_response(&rs, b, sizeof b), 0); /* AMFName NULL */
    rs.amf_name = "";
    CHECK_EQ(ngap_encode_ng_setup_response(&rs, b, sizeof b), 0); /* empty name */
    rs.amf_name = "amf\x01";
    CHECK_EQ(ngap_encode_ng_setup_response(&rs, b, sizeof b), 0); /* not printable */
    rs.amf_name = "amf-1";
    CHECK(ngap_encode_ng_setup_response(&rs, b, sizeof b) > 0);
    rs.guamis[0].set_id = 1024;
    CHECK_EQ(ngap_encode_ng_setup_response(&rs, b, sizeof b), 0);
    rs.guamis[0].set_id = 1;
    rs.plmn_support[0].plmn.mcc = 1000;
    CHECK_EQ(ngap_encode_ng_setup_response(&rs, b, sizeof b), 0);

    ngap_initial_ue_message iu;
    memset(&iu, 0, sizeof iu);
    iu.cgi.plmn = iu.tai.plmn = (enc_plmn){1, 1, 2};
    CHECK_EQ(ngap_encode_initial_ue_message(&iu, b, sizeof b), 0); /* no NAS-PDU */
    const uint8_t nas[3] = {0x7e, 0, 0x4e};
    iu.nas = nas;
    iu.nas_len = sizeof nas;
    CHECK(ngap_encode_initial_ue_message(&iu, b, sizeof b) > 0);
    iu.cgi.cell_id = 1ull << 36;
    CHECK_EQ(ngap_encode_initial_ue_message(&iu, b, sizeof b), 0);
    iu.cgi.cell_id = 1;
    iu.rrc_cause = 12;
    CHECK_EQ(ngap_encode_initial_ue_message(&iu, b, sizeof b), 0);
    iu.rrc_cause = 0;
    iu.tai.tac = 1u << 24;
    CHECK_EQ(ngap_encode_initial_ue_message(&iu, b, sizeof b), 0);

    ngap_ng_setup_request rq;
    memset(&rq, 0, sizeof rq);
    CHECK_EQ(ngap_encode_ng_setup_request(&rq, b, sizeof b), 0); /* no TA */
    rq.gnb_id_bits = 21;
    rq.n_tas = 1;
    CHECK_EQ(ngap_encode_ng_setup_request(&rq, b, sizeof b), 0);
    rq.gnb_id_bits = 22;
    rq.gnb_id = 1u << 22;
    CHECK_EQ(ngap_encode_ng_setup_request(&rq, b, sizeof b), 0);

    ngap_overload_start os;
    memset(&os, 0, sizeof os);
    os.has_action = true;
    os.action = 4;
    CHECK_EQ(ngap_encode_overload_start(&os, b, sizeof b), 0);
    os.action = 0;
    os.has_reduction = true;
    os.reduction_pct = 0;
    CHECK_EQ(ngap_encode_overload_start(&os, b, sizeof b), 0);
    os.reduction_pct = 1;
    os.n_nssai = NGAP_ENC_MAX_NSSAI_ITEMS + 1;
    CHECK_EQ(ngap_encode_overload_start(&os, b, sizeof b), 0);

    ngap_error_indication ei = {.has_cause = true, .cause = {5, 0}};
    CHECK_EQ(ngap_encode_error_indication(&ei, b, sizeof b), 0);

    nas_registration_request rr;
    memset(&rr, 0, sizeof rr);
    rr.reg_type = 1;
    rr.id.type = NAS_ID_SUCI;
    rr.id.plmn = (enc_plmn){1, 1, 2};
    CHECK_EQ(nas_encode_registration_request(&rr, b, sizeof b), 0); /* MSIN NULL */
    rr.id.msin = "12a4";
    CHECK_EQ(nas_encode_registration_request(&rr, b, sizeof b), 0);
    rr.id.msin = "12345678901";
    CHECK_EQ(nas_encode_registration_request(&rr, b, sizeof b), 0); /* 11 digits */
    rr.id.msin = "1234";
    rr.id.routing_indicator = "12345";
    CHECK_EQ(nas_encode_registration_request(&rr, b, sizeof b), 0);
    rr.id.routing_indicator = NULL;
    CHECK(nas_encode_registration_request(&rr, b, sizeof b) > 0);
    rr.n_requested_nssai = NAS_ENC_MAX_SLICES + 1;
    CHECK_EQ(nas_encode_registration_request(&rr, b, sizeof b), 0);
    rr.n_requested_nssai = 0;
    rr.id.type = 3;
    CHECK_EQ(nas_encode_registration_request(&rr, b, sizeof b), 0);

    nas_ul_nas_transport ul = {.payload_type = 1, .payload = nas, .payload_len = 3, .dnn = "a..b"};
    CHECK_EQ(nas_encode_ul_nas_transport(&ul, b, sizeof b), 0); /* empty DNN label */
    nas_dl_nas_transport dl = {.payload_type = 1};
    CHECK_EQ(nas_encode_dl_nas_transport(&dl, b, sizeof b), 0); /* no payload */
    CHECK_EQ(nas_wrap_security(3, 0, 0, 0, nas, sizeof nas, b, sizeof b), 0);
    CHECK_EQ(nas_wrap_security(NAS_SEC_INTEGRITY, 0, 0, 0, b, 3, b + 1, 100), 0); /* overlap */

    rrc_setup_request sq = {false, 1ull << 39, 0};
    CHECK_EQ(rrc_encode_setup_request(&sq, b, sizeof b), 0);
    rrc_resume_request rq2 = {1u << 24, 0, 0};
    CHECK_EQ(rrc_encode_resume_request(&rq2, b, sizeof b), 0);
    rrc_setup su = {4};
    CHECK_EQ(rrc_encode_setup(&su, b, sizeof b), 0);
    CHECK_EQ(rrc_encode_meas_timing_config(3279166, b, sizeof b), 0);

    f1ap_dl_rrc_message_transfer fd = {.srb_id = 4, .rrc = nas, .rrc_len = 3};
    CHECK_EQ(f1ap_encode_dl_rrc_message_transfer(&fd, b, sizeof b), 0);
    fd.srb_id = 1;
    fd.rrc = NULL;
    CHECK_EQ(f1ap_encode_dl_rrc_message_transfer(&fd, b, sizeof b), 0);
    f1ap_f1_setup_request fs;
    memset(&fs, 0, sizeof fs);
    fs.du_id = 1ull << 36;
    CHECK_EQ(f1ap_encode_f1_setup_request(&fs, b, sizeof b), 0);
    fs.du_id = 1;
    fs.n_cells = 1;
    fs.cells[0].pci = 1008;
    CHECK_EQ(f1ap_encode_f1_setup_request(&fs, b, sizeof b), 0);

    /* NULL output buffers */
    CHECK_EQ(ngap_encode_overload_stop(NULL, 100), 0);
    CHECK_EQ(nas_encode_service_accept(&(nas_service_accept){0}, NULL, 100), 0);
    rrc_reject rj = {true, 5};
    CHECK_EQ(rrc_encode_reject(&rj, NULL, 100), 0);
}

int main(void)
{
    test_every_size();
    test_bad_inputs();
    return check_report("test_bounds");
}
