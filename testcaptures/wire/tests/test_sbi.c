/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit test: OCI/LCI header values, dates, the JSON writer and every SBI builder's headers/body. */
#include <stdint.h>
#include <stdlib.h>

#include "json_writer.h"
#include "sbi_msg.h"

static int failures;
#include "json_check.h"
#include "wire_test.h"

#define UUID "6f1c1a5e-0000-4000-8000-000000000001"
#define TS_2020 1580806177u /* Tue, 04 Feb 2020 08:49:37 GMT (TS 29.500 example) */

static void test_dates(void)
{
    char b[64];
    CHECK_EQ_U(sbi_format_http_date(b, sizeof b, TS_2020), 29);
    CHECK_STR(b, "Tue, 04 Feb 2020 08:49:37 GMT");
    sbi_format_http_date(b, sizeof b, 951782400u);
    CHECK_STR(b, "Tue, 29 Feb 2000 00:00:00 GMT");
    sbi_format_http_date(b, sizeof b, 0);
    CHECK_STR(b, "Thu, 01 Jan 1970 00:00:00 GMT");
    sbi_format_http_date(b, sizeof b, 4107542400u);
    CHECK_STR(b, "Mon, 01 Mar 2100 00:00:00 GMT");
    CHECK_EQ_U(sbi_format_http_date(b, 29, TS_2020), 0); /* no room for the NUL */
    sbi_format_date_time(b, sizeof b, (uint64_t)TS_2020 * 1000000u + 1234u);
    CHECK_STR(b, "2020-02-04T08:49:37.001234Z");
}

static void test_oci_lci(void)
{
    char b[256];
    size_t n = sbi_format_oci(b, sizeof b, TS_2020, 75, 50, UUID);
    CHECK_STR(b, "Timestamp: \"Tue, 04 Feb 2020 08:49:37 GMT\"; Period-of-Validity: 75s; "
                 "Overload-Reduction-Metric: 50%; NF-Instance: " UUID);
    CHECK_EQ_U(n, strlen(b));
    sbi_format_oci_nf_set(b, sizeof b, TS_2020, 75, 50, "setxyz");
    CHECK_STR(b, "Timestamp: \"Tue, 04 Feb 2020 08:49:37 GMT\"; Period-of-Validity: 75s; "
                 "Overload-Reduction-Metric: 50%; NF-Set: setxyz");
    sbi_format_oci(b, sizeof b, TS_2020, 0, 100, UUID);
    CHECK_STR(b, "Timestamp: \"Tue, 04 Feb 2020 08:49:37 GMT\"; Period-of-Validity: 0s; "
                 "Overload-Reduction-Metric: 100%; NF-Instance: " UUID);
    CHECK_EQ_U(sbi_format_oci(b, sizeof b, TS_2020, 75, 101, UUID), 0); /* metric is 0..100 */
    CHECK_EQ_U(sbi_format_oci(b, 40, TS_2020, 75, 50, UUID), 0);        /* truncation refused */
    sbi_format_lci(b, sizeof b, TS_2020, 70, UUID);
    CHECK_STR(b, "Timestamp: \"Tue, 04 Feb 2020 08:49:37 GMT\"; Load-Metric: 70%; "
                 "NF-Instance: " UUID);
    CHECK_EQ_U(sbi_format_lci(b, sizeof b, TS_2020, 101, UUID), 0);

    sbi_format_oci_malformed(b, sizeof b, SBI_OCI_BAD_METRIC_OVER_100, TS_2020, 75, 50, UUID);
    CHECK_STR(b, "Timestamp: \"Tue, 04 Feb 2020 08:49:37 GMT\"; Period-of-Validity: 75s; "
                 "Overload-Reduction-Metric: 150%; NF-Instance: " UUID);
    sbi_format_oci_malformed(b, sizeof b, SBI_OCI_UNQUOTED_TIMESTAMP, TS_2020, 75, 50, UUID);
    CHECK_STR(b, "Timestamp: Tue, 04 Feb 2020 08:49:37 GMT; Period-of-Validity: 75s; "
                 "Overload-Reduction-Metric: 50%; NF-Instance: " UUID);
    sbi_format_oci_malformed(b, sizeof b, SBI_OCI_NO_VALIDITY_UNIT, TS_2020, 75, 50, UUID);
    CHECK_STR(b, "Timestamp: \"Tue, 04 Feb 2020 08:49:37 GMT\"; Period-of-Validity: 75; "
                 "Overload-Reduction-Metric: 50%; NF-Instance: " UUID);
    sbi_format_oci_malformed(b, sizeof b, SBI_OCI_MISSING_SCOPE, TS_2020, 75, 50, UUID);
    CHECK_STR(b, "Timestamp: \"Tue, 04 Feb 2020 08:49:37 GMT\"; Period-of-Validity: 75s; "
                 "Overload-Reduction-Metric: 50%");
    sbi_format_oci_malformed(b, sizeof b, SBI_OCI_GARBAGE, TS_2020, 75, 50, UUID);
    CHECK_STR(b, "overload=yes");
}

static void test_json_writer(void)
{
    char b[128];
    json_writer w;
    json_init(&w, b, sizeof b);
    json_begin_object(&w, NULL);
    json_string(&w, "s", "a\"b\\c\n\x01/é");
    json_int(&w, "n", -42);
    json_begin_array(&w, "a");
    json_bool(&w, NULL, true);
    json_begin_object(&w, NULL);
    json_end_object(&w);
    json_end_array(&w);
    json_end_object(&w);
    CHECK(json_ok(&w));
    CHECK_STR(b, "{\"s\":\"a\\\"b\\\\c\\n\\u0001/é\",\"n\":-42,\"a\":[true,{}]}");
    CHECK(json_is_valid(b, w.len));
    /* Overflow is sticky and never writes past the buffer. */
    char small[8];
    json_init(&w, small, sizeof small);
    json_begin_object(&w, NULL);
    json_string(&w, "key", "value");
    json_end_object(&w);
    CHECK(!json_ok(&w));
    CHECK(w.len < sizeof small);
    /* Unbalanced documents are not ok. */
    json_init(&w, b, sizeof b);
    json_begin_array(&w, NULL);
    CHECK(!json_ok(&w));
    json_end_array(&w);
    json_end_array(&w);
    CHECK(!json_ok(&w));
}

/* Value of the header NAME in M, or "" (NUL-terminated copy in a static buffer). */
static const char *header(const sbi_msg *m, const char *name)
{
    static char v[SBI_HEADER_TEXT + 1];
    for (size_t i = 0; i < m->n_hdr; i++) {
        if (m->hdr[i].name_len == strlen(name) &&
            memcmp(m->text + m->hdr[i].name_off, name, m->hdr[i].name_len) == 0) {
            memcpy(v, m->text + m->hdr[i].value_off, m->hdr[i].value_len);
            v[m->hdr[i].value_len] = '\0';
            return v;
        }
    }
    return "";
}

/* Header names of M in order, comma-separated (static buffer). */
static const char *header_names(const sbi_msg *m)
{
    static char v[SBI_HEADER_TEXT + SBI_MAX_HEADERS + 1];
    size_t n = 0;
    for (size_t i = 0; i < m->n_hdr; i++) {
        if (i)
            v[n++] = ',';
        memcpy(v + n, m->text + m->hdr[i].name_off, m->hdr[i].name_len);
        n += m->hdr[i].name_len;
    }
    v[n] = '\0';
    return v;
}

/* Body is valid JSON, content-length matches it, and it contains NEEDLE. */
static void check_body(const sbi_msg *m, const char *ctype, const char *needle)
{
    CHECK(!m->error);
    CHECK(json_is_valid(m->body, m->body_len));
    CHECK_STR(header(m, "content-type"), ctype);
    CHECK_EQ_U(strtoul(header(m, "content-length"), NULL, 10), m->body_len);
    if (!strstr(m->body, needle)) {
        fprintf(stderr, "body lacks %s: %s\n", needle, m->body);
        failures++;
    }
}

static sbi_amf_profile profile(int load)
{
    sbi_amf_profile p;
    memset(&p, 0, sizeof p);
    strcpy(p.nf_instance_id, UUID);
    p.nf_status = "REGISTERED";
    p.ipv4[0] = 10, p.ipv4[3] = 1;
    strcpy(p.mcc, "001");
    strcpy(p.mnc, "01");
    p.priority = 1, p.capacity = 100, p.load = load;
    p.load_time_us = (uint64_t)TS_2020 * 1000000u;
    p.amf_region_id = 0xca, p.amf_set_id = 0x3fe, p.amf_pointer = 0x3f;
    p.n_snssai = 2;
    p.snssai[0].sst = 1, p.snssai[0].sd = 0xffffffffu;
    p.snssai[1].sst = 2, p.snssai[1].sd = 0xabcdef;
    p.fqdn = "amf1.5gc.mnc001.mcc001.3gppnetwork.org";
    return p;
}

static void test_builders(void)
{
    static sbi_msg m; /* 20 KiB */
    sbi_amf_profile p = profile(87);

    CHECK_EQ_U(sbi_nf_register_req(&m, "nrf:8080", &p), 0);
    CHECK_STR(header(&m, ":method"), "PUT");
    CHECK_STR(header(&m, ":path"), "/nnrf-nfm/v1/nf-instances/" UUID);
    CHECK_STR(header(&m, ":scheme"), "http");
    CHECK_STR(header(&m, ":authority"), "nrf:8080");
    CHECK_STR(header(&m, "user-agent"), "AMF-" UUID);
    check_body(&m, "application/json", "\"load\":87,\"loadTimeStamp\":\"2020-02-04T08:49:37.000000Z\"");
    check_body(&m, "application/json", "\"amfSetId\":\"3fe\",\"amfRegionId\":\"ca\"");
    check_body(&m, "application/json", "\"amfId\":\"caffbf\"");
    check_body(&m, "application/json", "\"sNssais\":[{\"sst\":1},{\"sst\":2,\"sd\":\"abcdef\"}]");
    CHECK_STR(header_names(&m),
              ":method,:scheme,:authority,:path,user-agent,content-type,content-length");

    CHECK_EQ_U(sbi_nf_register_rsp(&m, "nrf:8080", &p), 0);
    CHECK_STR(header(&m, ":status"), "201");
    CHECK_STR(header(&m, "location"), "http://nrf:8080/nnrf-nfm/v1/nf-instances/" UUID);
    check_body(&m, "application/json", "\"nfType\":\"AMF\"");

    CHECK_EQ_U(sbi_nf_update_req(&m, "nrf:8080", UUID, 87, 0, "REGISTERED"), 0);
    CHECK_STR(header(&m, ":method"), "PATCH");
    CHECK_STR(m.body, "[{\"op\":\"replace\",\"path\":\"/load\",\"value\":87},"
                      "{\"op\":\"replace\",\"path\":\"/nfStatus\",\"value\":\"REGISTERED\"}]");
    check_body(&m, "application/json-patch+json", "/load");
    CHECK_EQ_U(sbi_nf_update_req(&m, "nrf:8080", UUID, -1, 0, NULL), (uint64_t)-1); /* empty */
    CHECK_EQ_U(sbi_nf_update_req(&m, "nrf:8080", UUID, 101, 0, NULL), (uint64_t)-1);
    CHECK_EQ_U(sbi_nf_update_rsp(&m, NULL), 0);
    CHECK_STR(header(&m, ":status"), "204");
    CHECK_EQ_U(m.body_len, 0);
    CHECK_STR(header(&m, "content-length"), "");
    CHECK_EQ_U(sbi_nf_update_rsp(&m, &p), 0);
    CHECK_STR(header(&m, ":status"), "200");

    CHECK_EQ_U(sbi_nf_status_notify_req(&m, "amf:7777", "/cb/nf-status", "nrf:8080", &p, false), 0);
    CHECK_STR(header(&m, ":path"), "/cb/nf-status");
    CHECK_STR(header(&m, "user-agent"), "NRF");
    CHECK_STR(header(&m, "3gpp-sbi-callback"), "Nnrf_NFManagement_NFStatusNotify");
    check_body(&m, "application/json",
               "{\"event\":\"NF_PROFILE_CHANGED\",\"nfInstanceUri\":\"http://nrf:8080/nnrf-nfm/v1/"
               "nf-instances/" UUID "\",\"profileChanges\":[{\"op\":\"REPLACE\",\"path\":\"/load\","
               "\"newValue\":87}");
    CHECK_EQ_U(sbi_nf_status_notify_req(&m, "amf:7777", "/cb", "nrf:8080", &p, true), 0);
    check_body(&m, "application/json", "\"nfProfile\":{\"nfInstanceId\"");
    CHECK(sbi_nf_status_notify_req(&m, "amf:7777", "no-slash", "nrf", &p, true) != 0);

    CHECK_EQ_U(sbi_nf_discover_req(&m, "nrf:8080", "AMF", "AMF", UUID, "amf-set-id=3fe"), 0);
    CHECK_STR(header(&m, ":method"), "GET");
    CHECK_STR(header(&m, ":path"),
              "/nnrf-disc/v1/nf-instances?target-nf-type=AMF&requester-nf-type=AMF&amf-set-id=3fe");
    CHECK_EQ_U(m.body_len, 0);
    sbi_amf_profile ps[3] = {profile(10), profile(55), profile(99)};
    CHECK_EQ_U(sbi_nf_discover_rsp(&m, 60, ps, 3), 0);
    check_body(&m, "application/json", "{\"validityPeriod\":60,\"nfInstances\":[{");
    check_body(&m, "application/json", "\"numNfInstComplete\":3}");
    /* Too many profiles for one body: an error, not a truncated document. */
    static sbi_amf_profile many[64];
    for (int i = 0; i < 64; i++)
        many[i] = profile(i);
    CHECK(sbi_nf_discover_rsp(&m, 60, many, 64) != 0);
    CHECK(m.error);

    CHECK_EQ_U(sbi_ue_context_transfer_req(&m, "amf1:8080", UUID, "5g-guti-00101cafe0000000001",
                                           "MOBI_REG", "001", "01"),
               0);
    CHECK_STR(header(&m, ":path"), "/namf-comm/v1/ue-contexts/5g-guti-00101cafe0000000001/transfer");
    CHECK_EQ_U(m.hdr[3].policy, HPACK_NO_INDEX);
    check_body(&m, "application/json",
               "{\"reason\":\"MOBI_REG\",\"accessType\":\"3GPP_ACCESS\",\"plmnId\":{\"mcc\":\"001\","
               "\"mnc\":\"01\"}}");
    CHECK_EQ_U(sbi_ue_context_transfer_rsp(&m, "imsi-001010000000001"), 0);
    check_body(&m, "application/json", "\"supi\":\"imsi-001010000000001\"");

    CHECK_EQ_U(sbi_problem_rsp(&m, 503, "Service Unavailable", "NF_CONGESTION", "busy \"now\"", 10),
               0);
    CHECK_STR(header(&m, ":status"), "503");
    CHECK_STR(header(&m, "retry-after"), "10");
    check_body(&m, "application/problem+json",
               "{\"title\":\"Service Unavailable\",\"status\":503,\"detail\":\"busy \\\"now\\\"\","
               "\"cause\":\"NF_CONGESTION\"}");
    CHECK_EQ_U(sbi_problem_rsp(&m, 429, "Too Many Requests", "NF_CONGESTION_RISK", NULL, -1), 0);
    CHECK_STR(header(&m, "retry-after"), "");
    check_body(&m, "application/problem+json", "\"cause\":\"NF_CONGESTION_RISK\"");
    CHECK(sbi_problem_rsp(&m, 42, "x", "y", NULL, -1) != 0);

    /* Header names are lowercased; the header list is bounded. */
    CHECK_EQ_U(sbi_no_content_rsp(&m), 0);
    CHECK_EQ_U(sbi_msg_add_header(&m, "3GPP-Sbi-Oci", "x", HPACK_INCREMENTAL), 0);
    CHECK_STR(header(&m, "3gpp-sbi-oci"), "x");
    while (m.n_hdr < SBI_MAX_HEADERS)
        sbi_msg_add_header(&m, "x-fill", "1", HPACK_INCREMENTAL);
    CHECK(sbi_msg_add_header(&m, "x-over", "1", HPACK_INCREMENTAL) != 0);
    CHECK(m.error);
}

int main(void)
{
    test_dates();
    test_oci_lci();
    test_json_writer();
    test_builders();
    if (failures)
        fprintf(stderr, "test_sbi: %d failure(s)\n", failures);
    return failures ? 1 : 0;
}
