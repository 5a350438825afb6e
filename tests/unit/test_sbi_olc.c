/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_sbi_olc.c: the 3gpp-Sbi-Oci / 3gpp-Sbi-Lci parser against the TS 29.500 ABNF
 * (3gpp-facts.md §4.3), dates and Retry-After. */
#include "sbi/amfol_sbi_olc.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(cond) do { if (!(cond)) { failures++; \
    fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); } } while (0)

static void ok_oci(const char *v, int n, int validity, int metric, int scope, const char *value)
{
    amfol_olc_header h;
    bool ok = amfol_olc_parse_oci(v, &h);
    if (!ok)
        fprintf(stderr, "unexpected error for [%s]: %s\n", v, h.error);
    CHECK(ok && !h.malformed);
    CHECK(h.n_elements == n);
    CHECK(h.el[0].validity_s == validity);
    CHECK(h.el[0].metric == metric);
    CHECK(h.el[0].scope == scope);
    CHECK(strcmp(h.el[0].scope_value, value) == 0);
}

static void bad_oci(const char *v, const char *why_contains)
{
    amfol_olc_header h;
    bool ok = amfol_olc_parse_oci(v, &h);
    CHECK(!ok && h.malformed);
    if (!strstr(h.error, why_contains)) {
        failures++;
        fprintf(stderr, "[%s]: error '%s' does not mention '%s'\n", v, h.error, why_contains);
    }
}

static void test_oci(void)
{
    /* The example Wireshark parses (3gpp-facts.md §4.3). */
    ok_oci("Timestamp: \"Tue, 04 Feb 2020 08:49:37 GMT\"; Period-of-Validity: 75s; "
           "Overload-Reduction-Metric: 50%; NF-Set: setxyz",
           1, 75, 50, AMFOL_OLC_SCOPE_NF_SET, "setxyz");
    /* What the synthesizer writes (sbi_format_oci). */
    ok_oci("Timestamp: \"Thu, 01 Jan 2026 00:01:30 GMT\"; Period-of-Validity: 5s; "
           "Overload-Reduction-Metric: 50%; NF-Instance: 6f1c00ff-0000-4000-8000-0000000000ff",
           1, 5, 50, AMFOL_OLC_SCOPE_NF_INSTANCE, "6f1c00ff-0000-4000-8000-0000000000ff");
    /* 0 %, 100 %, two elements (the comma inside the quoted date is not a separator), S-NSSAI
     * and DNN, a service instance with NF-Inst, a consumer scope, case-insensitive names. */
    ok_oci("Timestamp: \"Tue, 04 Feb 2020 08:49:37 GMT\"; Period-of-Validity: 0s; "
           "Overload-Reduction-Metric: 0%; SCP-FQDN: scp1.example.com",
           1, 0, 0, AMFOL_OLC_SCOPE_SCP_FQDN, "scp1.example.com");
    ok_oci("Timestamp: \"Tue, 04 Feb 2020 08:49:37 GMT\"; Period-of-Validity: 600s; "
           "Overload-Reduction-Metric: 100%; NF-Instance: 54804518-4191-46b3-955c-ac631f953ed8, "
           "Timestamp: \"Tue, 04 Feb 2020 08:49:38 GMT\"; Period-of-Validity: 60s; "
           "Overload-Reduction-Metric: 10%; NF-Set: set1.amfset.5gc.mnc01.mcc001; "
           "S-NSSAI: 1-000001; DNN: internet",
           2, 600, 100, AMFOL_OLC_SCOPE_NF_INSTANCE, "54804518-4191-46b3-955c-ac631f953ed8");
    ok_oci("timestamp: \"Tue, 04 Feb 2020 08:49:37 GMT\"; period-of-validity: 9s; "
           "overload-reduction-metric: 9%; NF-Service-Instance: svc-1; "
           "NF-Inst: 54804518-4191-46b3-955c-ac631f953ed8",
           1, 9, 9, AMFOL_OLC_SCOPE_NF_SERVICE_INSTANCE, "svc-1");
    ok_oci("Timestamp: \"Tue, 04 Feb 2020 08:49:37 GMT\"; Period-of-Validity: 30s; "
           "Overload-Reduction-Metric: 25%; NFC-Instance: 54804518-4191-46b3-955c-ac631f953ed8; "
           "Service-Name: nsmf-pdusession",
           1, 30, 25, AMFOL_OLC_SCOPE_NFC_INSTANCE, "54804518-4191-46b3-955c-ac631f953ed8");

    amfol_olc_header h;
    CHECK(amfol_olc_parse_oci("Timestamp: \"Tue, 04 Feb 2020 08:49:37 GMT\"; Period-of-Validity: "
                              "75s; Overload-Reduction-Metric: 50%; NF-Set: x, Timestamp: "
                              "\"Tue, 04 Feb 2020 08:49:38 GMT\"; Period-of-Validity: 5s; "
                              "Overload-Reduction-Metric: 7%; NF-Set: y", &h));
    CHECK(h.n_elements == 2 && h.el[1].validity_s == 5 && h.el[1].metric == 7);
    CHECK(fabs(h.el[0].timestamp - 1580806177.0) < 0.5);

    /* The synthesizer's five malformations (sbi_format_oci_malformed), then ABNF corners. */
    bad_oci("Timestamp: \"Thu, 01 Jan 2026 00:01:30 GMT\"; Period-of-Validity: 5s; "
            "Overload-Reduction-Metric: 150%; NF-Instance: nrf", "Overload-Reduction-Metric");
    bad_oci("Timestamp: Thu, 01 Jan 2026 00:01:30 GMT; Period-of-Validity: 5s; "
            "Overload-Reduction-Metric: 50%; NF-Instance: 6f1c00ff-0000-4000-8000-0000000000ff",
            "quoted");
    bad_oci("Timestamp: \"Thu, 01 Jan 2026 00:01:30 GMT\"; Period-of-Validity: 75; "
            "Overload-Reduction-Metric: 50%; NF-Instance: 6f1c00ff-0000-4000-8000-0000000000ff",
            "Period-of-Validity");
    bad_oci("Timestamp: \"Thu, 01 Jan 2026 00:01:30 GMT\"; Period-of-Validity: 5s; "
            "Overload-Reduction-Metric: 50%", "scope");
    bad_oci("overload=yes", "Timestamp");
    bad_oci("", "empty");
    bad_oci("Timestamp: \"Thu, 01 Jan 2026 00:01:30 GMT\"; Period-of-Validity: 5s; "
            "Overload-Reduction-Metric: 050%; NF-Set: x", "Overload-Reduction-Metric");
    bad_oci("Timestamp: \"Thu, 01 Jan 2026 00:01:30 GMT\";Period-of-Validity: 5s; "
            "Overload-Reduction-Metric: 50%; NF-Set: x", "Timestamp");
    bad_oci("Timestamp: \"Thu, 01 Jan 2026 25:01:30 GMT\"; Period-of-Validity: 5s; "
            "Overload-Reduction-Metric: 50%; NF-Set: x", "RFC 5322");
    bad_oci("Timestamp: \"Thu, 01 Jan 2026 00:01:30 GMT\"; Period-of-Validity: 5s; "
            "Overload-Reduction-Metric: 50%; NF-Instance: not-a-uuid", "UUID");
    bad_oci("Timestamp: \"Thu, 01 Jan 2026 00:01:30 GMT\"; Period-of-Validity: 5s; "
            "Overload-Reduction-Metric: 50%; NF-Set: x; DNN: internet", "DNN");
    bad_oci("Timestamp: \"Thu, 01 Jan 2026 00:01:30 GMT\"; Period-of-Validity: 5s; "
            "Overload-Reduction-Metric: 50%; NF-Set: x; Load-Metric: 5%", "unexpected");
    bad_oci("Timestamp: \"Thu, 01 Jan 2026 00:01:30 GMT\"; Period-of-Validity: 5s; "
            "Overload-Reduction-Metric: 50%; NF-Set: x junk", "scope value");
    bad_oci("Timestamp: \"Thu, 01 Jan 2026 00:01:30 GMT\"; Period-of-Validity: 5s; "
            "Overload-Reduction-Metric: 50%; NF-Set: x,", "Timestamp");
    bad_oci("Timestamp: \"Thu, 01 Jan 2026 00:01:30 GMT", "unterminated");
    bad_oci(NULL, "empty");
    /* A good element before a bad one is kept. */
    CHECK(!amfol_olc_parse_oci("Timestamp: \"Tue, 04 Feb 2020 08:49:37 GMT\"; Period-of-Validity: "
                               "75s; Overload-Reduction-Metric: 50%; NF-Set: x, garbage", &h));
    CHECK(h.malformed && h.n_elements == 1 && h.n_elements_total == 2);
}

/* the full TS 29.500 §5.2.3.3 grammar: "&" lists (RWS "&" RWS), every scope,
 * parameters a scope does not allow. Vectors built from the ABNF (3gpp-facts.md §4.3). */
#define TS_VP "Timestamp: \"Tue, 04 Feb 2020 08:49:37 GMT\"; Period-of-Validity: 60s; Overload-Reduction-Metric: 20%; "
static void test_oci_lists_and_scopes(void)
{
    amfol_olc_header h;
    CHECK(amfol_olc_parse_oci(TS_VP "NF-Set: set1; S-NSSAI: 1-000001 & 2; DNN: internet & ims", &h));
    CHECK(h.el[0].has_snssai && h.el[0].n_snssai == 2 && h.el[0].has_dnn && h.el[0].n_dnn == 2);
    CHECK(amfol_olc_parse_oci(TS_VP "NF-Service-Instance: s1; NF-Inst: 54804518-4191-46b3-955c-ac631f953ed8; "
                              "S-NSSAI: 1 & 2 & 3; DNN: a", &h) && h.el[0].n_snssai == 3);
    CHECK(amfol_olc_parse_oci(TS_VP "NF-Service-Set: ss1", &h));
    CHECK(amfol_olc_parse_oci(TS_VP "NFC-Instance: 54804518-4191-46b3-955c-ac631f953ed8; Service-Name: namf-comm", &h));
    CHECK(amfol_olc_parse_oci(TS_VP "NFC-Set: set-c", &h) && h.el[0].scope == AMFOL_OLC_SCOPE_NFC_SET);
    CHECK(amfol_olc_parse_oci(TS_VP "NFC-Service-Instance: si-1", &h) &&
          h.el[0].scope == AMFOL_OLC_SCOPE_NFC_SERVICE_INSTANCE);
    CHECK(amfol_olc_parse_oci(TS_VP "NFC-Service-Set: sset", &h));
    CHECK(amfol_olc_parse_oci(TS_VP "Callback-Uri: http://10.0.0.5/cb1 & http://10.0.0.5/cb2", &h) &&
          h.el[0].n_scope_values == 2 && strcmp(h.el[0].scope_value, "http://10.0.0.5/cb1") == 0);
    CHECK(amfol_olc_parse_oci(TS_VP "SEPP-FQDN: sepp.example.org", &h));
    bad_oci(TS_VP "NF-Set: set1; S-NSSAI: 1&2; DNN: a", "S-NSSAI");              /* no RWS around & */
    bad_oci(TS_VP "NF-Set: set1; S-NSSAI: 1 &; DNN: a", "S-NSSAI");              /* dangling & */
    bad_oci(TS_VP "NF-Set: set1; S-NSSAI: 1 & 2; DNN: a &", "DNN");
    bad_oci(TS_VP "NFC-Set: set-c; S-NSSAI: 1; DNN: a", "not allowed");          /* consumer scope */
    bad_oci(TS_VP "SCP-FQDN: scp1; S-NSSAI: 1; DNN: a", "not allowed");
    bad_oci(TS_VP "NF-Set: set1; NF-Inst: 54804518-4191-46b3-955c-ac631f953ed8", "NF-Inst");
    bad_oci(TS_VP "NF-Set: set1; Service-Name: namf-comm", "Service-Name");
    /* TS 29.500 Rel-18 ABNF: nfConsumerScope allows NF-Inst after NFC-Service-Instance and
     * Service-Name after NFC-Set: valid headers, never sbi-oci-malformed. */
    CHECK(amfol_olc_parse_oci(TS_VP "NFC-Service-Instance: si-1; NF-Inst: 54804518-4191-46b3-955c-ac631f953ed8", &h) &&
          !h.malformed && h.el[0].scope == AMFOL_OLC_SCOPE_NFC_SERVICE_INSTANCE);
    CHECK(amfol_olc_parse_oci(TS_VP "NFC-Set: set-c; Service-Name: nudm-sdm", &h) && !h.malformed &&
          h.el[0].scope == AMFOL_OLC_SCOPE_NFC_SET);
    bad_oci(TS_VP "NFC-Service-Instance: si-1; NF-Inst: not-a-uuid", "NF-Inst");
    bad_oci(TS_VP "NFC-Service-Set: ss; Service-Name: nudm-sdm", "Service-Name");
    bad_oci(TS_VP "NFC-Instance: 54804518-4191-46b3-955c-ac631f953ed8; NF-Inst: 54804518-4191-46b3-955c-ac631f953ed8",
            "NF-Inst");
    bad_oci(TS_VP "NF-Set: set1; Relative-Capacity: 50%", "Relative-Capacity");  /* LCI only */
    bad_oci(TS_VP "Callback-Uri: http://a/1 &http://a/2", "Callback-Uri");
    amfol_olc_header l;
    CHECK(amfol_olc_parse_lci("Timestamp: \"Tue, 04 Feb 2020 08:49:37 GMT\"; Load-Metric: 40%; NF-Set: s; "
                              "S-NSSAI: 1 & 2; DNN: internet; Relative-Capacity: 50%", &l) &&
          l.el[0].n_snssai == 2 && l.el[0].relative_capacity == 50);
    CHECK(!amfol_olc_parse_lci("Timestamp: \"Tue, 04 Feb 2020 08:49:37 GMT\"; Load-Metric: 40%; SCP-FQDN: s; "
                               "Relative-Capacity: 50%", &l) && l.malformed);
}

static void test_lci(void)
{
    amfol_olc_header h;
    CHECK(amfol_olc_parse_lci("Timestamp: \"Thu, 01 Jan 2026 00:01:30 GMT\"; Load-Metric: 20%; "
                              "NF-Instance: 6f1c00ff-0000-4000-8000-0000000000ff", &h));
    CHECK(!h.is_oci && h.n_elements == 1 && h.el[0].metric == 20 &&
          h.el[0].validity_s == AMFOL_ABSENT && h.el[0].scope == AMFOL_OLC_SCOPE_NF_INSTANCE);
    CHECK(amfol_olc_parse_lci("Timestamp: \"Thu, 01 Jan 2026 00:01:30 GMT\"; Load-Metric: 5%; "
                              "NF-Set: s1; S-NSSAI: 1; DNN: ims; Relative-Capacity: 60%", &h));
    CHECK(h.el[0].relative_capacity == 60 && h.el[0].has_snssai && h.el[0].has_dnn);
    /* Consumer scopes and Period-of-Validity do not belong in an LCI. */
    CHECK(!amfol_olc_parse_lci("Timestamp: \"Thu, 01 Jan 2026 00:01:30 GMT\"; Load-Metric: 5%; "
                               "NFC-Set: s1", &h) && h.malformed);
    CHECK(!amfol_olc_parse_lci("Timestamp: \"Thu, 01 Jan 2026 00:01:30 GMT\"; Period-of-Validity: "
                               "5s; Load-Metric: 5%; NF-Set: s1", &h) && h.malformed);
    CHECK(!amfol_olc_parse_lci("Timestamp: \"Thu, 01 Jan 2026 00:01:30 GMT\"; Load-Metric: 101%; "
                               "NF-Set: s1", &h) && h.malformed);
    CHECK(strcmp(amfol_olc_scope_name(AMFOL_OLC_SCOPE_NF_SET), "NF-Set") == 0);
    CHECK(strcmp(amfol_olc_scope_name(99), "none") == 0);
}

static void test_dates(void)
{
    double t;
    CHECK(amfol_olc_parse_date("Thu, 01 Jan 1970 00:00:00 GMT", &t) && t == 0.0);
    CHECK(amfol_olc_parse_date("Thu, 01 Jan 2026 00:01:30 GMT", &t) && t == 1767225690.0);
    CHECK(amfol_olc_parse_date("1 Jan 2026 01:01 +0100", &t) && t == 1767225660.0);
    CHECK(amfol_olc_parse_date("Wed, 19 Aug 2026 11:37:11 UT", &t));
    CHECK(!amfol_olc_parse_date("Thu, 01 Jam 2026 00:01:30 GMT", &t));
    CHECK(!amfol_olc_parse_date("Thu, 01 Jan 2026 00:01:30", &t));
    CHECK(!amfol_olc_parse_date("Thu, 01 Jan 2026 00:01:30 GMT extra", &t));
    CHECK(amfol_olc_retry_after_s("5", 0) == 5);
    CHECK(amfol_olc_retry_after_s(" 120 ", 0) == 120);
    CHECK(amfol_olc_retry_after_s("Thu, 01 Jan 2026 00:01:30 GMT", 1767225680.0) == 10);
    CHECK(amfol_olc_retry_after_s("Thu, 01 Jan 2026 00:01:30 GMT", 1767225700.0) == 0);
    CHECK(amfol_olc_retry_after_s("soon", 0) == AMFOL_ABSENT);
    /* Far-future date: saturates instead of overflowing the int (found by fuzzing). */
    CHECK(amfol_olc_retry_after_s("Fri, 31 Dec 9999 23:59:59 GMT", 0) == INT_MAX);
    CHECK(amfol_olc_retry_after_s("", 0) == AMFOL_ABSENT);
    CHECK(amfol_olc_retry_after_s("5s", 0) == AMFOL_ABSENT);
    CHECK(amfol_olc_retry_after_s(NULL, 0) == AMFOL_ABSENT);
    CHECK(amfol_olc_retry_after_s("99999999999999999999", 0) > 0);   /* saturates, no overflow */
}

/* Any byte string: never a crash, always either well formed or a reason. */
static void test_fuzz(void)
{
    const char *seed = "Timestamp: \"Tue, 04 Feb 2020 08:49:37 GMT\"; Period-of-Validity: 75s; "
                       "Overload-Reduction-Metric: 50%; NF-Set: setxyz";
    char buf[256];
    uint32_t x = 12345;
    for (int i = 0; i < 20000; i++) {
        snprintf(buf, sizeof buf, "%s", seed);
        size_t n = strlen(buf);
        for (int k = 0; k < 3; k++) {
            x = x * 1103515245u + 12345u;
            size_t pos = (x >> 8) % n;
            x = x * 1103515245u + 12345u;
            buf[pos] = (char)((x >> 16) & 0x7f ? (x >> 16) & 0x7f : ' ');
        }
        x = x * 1103515245u + 12345u;
        buf[(x >> 8) % (n + 1)] = (i & 1) ? buf[(x >> 8) % (n + 1)] : '\0';
        amfol_olc_header h;
        bool ok = amfol_olc_parse_oci(buf, &h);
        CHECK(ok != h.malformed);
        CHECK(!h.malformed || h.error[0]);
        CHECK(h.n_elements <= AMFOL_OLC_MAX_ELEMENTS);
        amfol_olc_parse_lci(buf, &h);
    }
}

/* the scope's items are kept for judging (S-NSSAI, DNN, Callback-Uri, NF-Inst). */
static void test_oci_items(void)
{
    amfol_olc_header h;
    amfol_olc_items it[AMFOL_OLC_MAX_ELEMENTS];
    CHECK(amfol_olc_parse_oci_items(TS_VP "NF-Instance: 54804518-4191-46b3-955c-ac631f953ed8; "
                                    "S-NSSAI: 1-000001 & 2; DNN: internet & ims, " TS_VP
                                    "Callback-Uri: http://a:80/cb & https://b/x/y", &h, it));
    CHECK(h.n_elements == 2 && it[0].n_snssai == 2 && it[0].n_dnn == 2 && it[0].n_uri == 0);
    CHECK(strcmp(it[0].snssai[0], "1-000001") == 0 && strcmp(it[0].snssai[1], "2") == 0);
    CHECK(strcmp(it[0].dnn[0], "internet") == 0 && strcmp(it[0].dnn[1], "ims") == 0);
    CHECK(it[1].n_uri == 2 && strcmp(it[1].uri[0], "http://a:80/cb") == 0 &&
          strcmp(it[1].uri[1], "https://b/x/y") == 0 && it[1].n_snssai == 0);
    CHECK(amfol_olc_parse_oci_items(TS_VP "NF-Service-Instance: s1; NF-Inst: 54804518-4191-46b3-955c-ac631f953ed8",
                                    &h, it) && strcmp(it[0].nf_inst, "54804518-4191-46b3-955c-ac631f953ed8") == 0);
    /* more items than kept: all counted, the first AMFOL_OLC_MAX_ITEMS kept */
    CHECK(amfol_olc_parse_oci_items(TS_VP "NF-Set: x; S-NSSAI: 1 & 2 & 3 & 4 & 5; DNN: d", &h, it));
    CHECK(h.el[0].n_snssai == 5 && it[0].n_snssai == AMFOL_OLC_MAX_ITEMS && strcmp(it[0].snssai[3], "4") == 0);
    /* malformed: what was parsed before the error stays, no crash with items */
    CHECK(!amfol_olc_parse_oci_items(TS_VP "NF-Set: x; S-NSSAI: 1&2; DNN: d", &h, it) && h.malformed);
    CHECK(!amfol_olc_parse_oci_items(NULL, &h, it) && h.malformed);
}

int main(void)
{
    test_oci();
    test_lci();
    test_oci_lists_and_scopes();
    test_oci_items();
    test_dates();
    test_fuzz();
    if (failures) {
        fprintf(stderr, "%d failures\n", failures);
        return 1;
    }
    printf("test_sbi_olc: all passed\n");
    return 0;
}
