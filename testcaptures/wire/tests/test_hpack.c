/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit test: HPACK encoder byte-exact against RFC 7541 C.1, C.3 and C.5 (eviction), plus limits. */
#include <stdint.h>

#include "hpack.h"
#include "http2.h"

static int failures;
#include "wire_test.h"

#define H(n, v) {n, sizeof(n) - 1, v, sizeof(v) - 1, HPACK_INCREMENTAL}

static void check_entry(const hpack_encoder *e, uint32_t idx, const char *name,
                        const char *value)
{
    const char *n, *v;
    size_t nl, vl;
    if (hpack_encoder_entry(e, idx, &n, &nl, &v, &vl) != 0) {
        fprintf(stderr, "dynamic entry %u missing\n", idx);
        failures++;
        return;
    }
    if (nl != strlen(name) || memcmp(n, name, nl) || vl != strlen(value) || memcmp(v, value, vl)) {
        fprintf(stderr, "dynamic entry %u = %.*s: %.*s, expected %s: %s\n", idx, (int)nl, n,
                (int)vl, v, name, value);
        failures++;
    }
}

static void test_integers(void)
{
    uint8_t b[8];
    CHECK_EQ_U(hpack_write_int(b, sizeof b, 0, 5, 10), 1);
    CHECK_EQ_U(b[0], 10);
    CHECK_EQ_U(hpack_write_int(b, sizeof b, 0xe0, 5, 1337), 3); /* C.1.2 */
    hex_equal(b, 3, "ff 9a 0a", &failures, "C.1.2");
    CHECK_EQ_U(hpack_write_int(b, sizeof b, 0, 8, 42), 1); /* C.1.3 */
    CHECK_EQ_U(b[0], 42);
    CHECK_EQ_U(hpack_write_int(b, 2, 0, 5, 1337), 0); /* does not fit */
}

static void test_c3_requests(void)
{
    hpack_encoder e;
    uint8_t out[512];
    size_t n;
    hpack_encoder_init(&e, 4096);

    const hpack_header r1[] = {H(":method", "GET"), H(":scheme", "http"), H(":path", "/"),
                               H(":authority", "www.example.com")};
    n = hpack_encode(&e, r1, 4, out, sizeof out);
    hex_equal(out, n, "8286 8441 0f77 7777 2e65 7861 6d70 6c65 2e63 6f6d", &failures, "C.3.1");
    CHECK_EQ_U(e.size, 57);
    check_entry(&e, 62, ":authority", "www.example.com");

    const hpack_header r2[] = {H(":method", "GET"), H(":scheme", "http"), H(":path", "/"),
                               H(":authority", "www.example.com"), H("cache-control", "no-cache")};
    n = hpack_encode(&e, r2, 5, out, sizeof out);
    hex_equal(out, n, "8286 84be 5808 6e6f 2d63 6163 6865", &failures, "C.3.2");
    CHECK_EQ_U(e.size, 110);
    check_entry(&e, 62, "cache-control", "no-cache");
    check_entry(&e, 63, ":authority", "www.example.com");

    const hpack_header r3[] = {H(":method", "GET"), H(":scheme", "https"),
                               H(":path", "/index.html"), H(":authority", "www.example.com"),
                               H("custom-key", "custom-value")};
    n = hpack_encode(&e, r3, 5, out, sizeof out);
    hex_equal(out, n,
              "8287 85bf 400a 6375 7374 6f6d 2d6b 6579 0c63 7573 746f 6d2d 7661 6c75 65",
              &failures, "C.3.3");
    CHECK_EQ_U(e.size, 164);
    CHECK_EQ_U(e.n, 3);
    check_entry(&e, 62, "custom-key", "custom-value");
    check_entry(&e, 63, "cache-control", "no-cache");
    check_entry(&e, 64, ":authority", "www.example.com");
}

static void test_c5_responses_eviction(void)
{
    hpack_encoder e;
    uint8_t out[512];
    size_t n;
    hpack_encoder_init(&e, 256);

    const hpack_header r1[] = {H(":status", "302"), H("cache-control", "private"),
                               H("date", "Mon, 21 Oct 2013 20:13:21 GMT"),
                               H("location", "https://www.example.com")};
    n = hpack_encode(&e, r1, 4, out, sizeof out);
    hex_equal(out, n,
              "4803 3330 3258 0770 7269 7661 7465 611d 4d6f 6e2c 2032 3120 4f63 7420 3230 3133"
              " 2032 303a 3133 3a32 3120 474d 546e 1768 7474 7073 3a2f 2f77 7777 2e65 7861 6d70"
              " 6c65 2e63 6f6d",
              &failures, "C.5.1");
    CHECK_EQ_U(e.size, 222);
    check_entry(&e, 62, "location", "https://www.example.com");
    check_entry(&e, 65, ":status", "302");

    /* ":status: 307" needs 42 more octets: ":status: 302" is evicted. */
    const hpack_header r2[] = {H(":status", "307"), H("cache-control", "private"),
                               H("date", "Mon, 21 Oct 2013 20:13:21 GMT"),
                               H("location", "https://www.example.com")};
    n = hpack_encode(&e, r2, 4, out, sizeof out);
    hex_equal(out, n, "4803 3330 37c1 c0bf", &failures, "C.5.2");
    CHECK_EQ_U(e.size, 222);
    CHECK_EQ_U(e.n, 4);
    check_entry(&e, 62, ":status", "307");
    check_entry(&e, 65, "cache-control", "private");

    const hpack_header r3[] = {
        H(":status", "200"), H("cache-control", "private"),
        H("date", "Mon, 21 Oct 2013 20:13:22 GMT"), H("location", "https://www.example.com"),
        H("content-encoding", "gzip"),
        H("set-cookie", "foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1")};
    n = hpack_encode(&e, r3, 6, out, sizeof out);
    hex_equal(out, n,
              "88c1 611d 4d6f 6e2c 2032 3120 4f63 7420 3230 3133 2032 303a 3133 3a32 3220 474d"
              " 54c0 5a04 677a 6970 7738 666f 6f3d 4153 444a 4b48 514b 425a 584f 5157 454f 5049"
              " 5541 5851 5745 4f49 553b 206d 6178 2d61 6765 3d33 3630 303b 2076 6572 7369 6f6e"
              " 3d31",
              &failures, "C.5.3");
    CHECK_EQ_U(e.size, 215);
    CHECK_EQ_U(e.n, 3);
    check_entry(&e, 62, "set-cookie", "foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1");
    check_entry(&e, 63, "content-encoding", "gzip");
    check_entry(&e, 64, "date", "Mon, 21 Oct 2013 20:13:22 GMT");
}

static void test_policies_and_limits(void)
{
    hpack_encoder e;
    uint8_t out[8192];
    hpack_encoder_init(&e, 4096);
    /* C.2.2 literal without indexing, C.2.3 never indexed: not added to the table. */
    hpack_header h = {":path", 5, "/sample/path", 12, HPACK_NO_INDEX};
    size_t n = hpack_encode(&e, &h, 1, out, sizeof out);
    hex_equal(out, n, "040c 2f73 616d 706c 652f 7061 7468", &failures, "C.2.2");
    hpack_header s = {"password", 8, "secret", 6, HPACK_NEVER_INDEX};
    n = hpack_encode(&e, &s, 1, out, sizeof out);
    hex_equal(out, n, "1008 7061 7373 776f 7264 0673 6563 7265 74", &failures, "C.2.3");
    CHECK_EQ_U(e.n, 0);
    /* C.2.4: indexed static field. */
    hpack_header g = {":method", 7, "GET", 3, HPACK_INCREMENTAL};
    n = hpack_encode(&e, &g, 1, out, sizeof out);
    hex_equal(out, n, "82", &failures, "C.2.4");

    /* Many distinct headers: the table never exceeds its limit and keeps the newest. */
    char name[16], value[64];
    for (int i = 0; i < 1000; i++) {
        snprintf(name, sizeof name, "x-h%d", i % 37);
        snprintf(value, sizeof value, "value-%d-%0*d", i, i % 40, 0);
        hpack_header x = {name, strlen(name), value, strlen(value), HPACK_INCREMENTAL};
        CHECK(hpack_encode(&e, &x, 1, out, sizeof out) > 0);
        CHECK(e.size <= 4096);
    }
    check_entry(&e, 62, name, value);
    /* An entry larger than the table empties it (RFC 7541 §4.4) and is still encoded. */
    static char huge[5000];
    memset(huge, 'a', sizeof huge);
    hpack_header big = {"x-big", 5, huge, sizeof huge, HPACK_INCREMENTAL};
    CHECK(hpack_encode(&e, &big, 1, out, sizeof out) > sizeof huge);
    CHECK_EQ_U(e.n, 0);
    CHECK_EQ_U(e.size, 0);
    /* Too small an output buffer is refused, never overrun, and leaves the table as it was. */
    hpack_header two[2] = {H("x-a", "1"), {"x-big", 5, huge, sizeof huge, HPACK_INCREMENTAL}};
    CHECK_EQ_U(hpack_encode(&e, two, 2, out, 100), 0);
    CHECK_EQ_U(e.n, 0);
    CHECK_EQ_U(hpack_encode(&e, two, 1, out, sizeof out), 7);
    CHECK_EQ_U(e.n, 1);
    hpack_header bad = {NULL, 0, "v", 1, HPACK_INCREMENTAL};
    CHECK_EQ_U(hpack_encode(&e, &bad, 1, out, sizeof out), 0);
}

static void test_http2_frames(void)
{
    uint8_t b[64];
    http2_conn h;
    http2_conn_init(&h);
    CHECK_EQ_U(http2_conn_new_stream(&h), 1);
    CHECK_EQ_U(http2_conn_new_stream(&h), 3);
    CHECK_EQ_U(http2_write_preface(b, sizeof b), 24);
    CHECK(memcmp(b, "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 24) == 0);
    http2_setting s = {HTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, 100};
    size_t n = http2_write_settings(b, sizeof b, &s, 1);
    hex_equal(b, n, "000006 04 00 00000000 0003 00000064", &failures, "SETTINGS");
    n = http2_write_settings_ack(b, sizeof b);
    hex_equal(b, n, "000000 04 01 00000000", &failures, "SETTINGS ACK");
    n = http2_write_window_update(b, sizeof b, 0, 1000);
    hex_equal(b, n, "000004 08 00 00000000 000003e8", &failures, "WINDOW_UPDATE");
    n = http2_write_data(b, sizeof b, 3, (const uint8_t *)"{}", 2, true);
    hex_equal(b, n, "000002 00 01 00000003 7b7d", &failures, "DATA");
    hpack_header st = {":status", 7, "204", 3, HPACK_INCREMENTAL};
    n = http2_write_headers(&h, 1, 3, &st, 1, true, b, sizeof b);
    hex_equal(b, n, "000001 01 05 00000003 89", &failures, "HEADERS 204");
    CHECK_EQ_U(http2_write_headers(&h, 1, 0, &st, 1, true, b, sizeof b), 0); /* stream 0 */
    CHECK_EQ_U(http2_write_data(b, 10, 3, (const uint8_t *)"{}", 2, true), 0);
}

int main(void)
{
    test_integers();
    test_c3_requests();
    test_c5_responses_eviction();
    test_policies_and_limits();
    test_http2_frames();
    if (failures)
        fprintf(stderr, "test_hpack: %d failure(s)\n", failures);
    return failures ? 1 : 0;
}
