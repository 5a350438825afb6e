/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit test: builders given bad or random sizes never write past CAP and never crash. */
#include <stdint.h>
#include <stdlib.h>

#include "h2c_session.h"
#include "http2.h"
#include "sctp_assoc.h"
#include "tcp_conn.h"

static int failures;
#include "wire_test.h"

#define GUARD 64u
#define GUARD_BYTE 0xa5u

/* Output buffer with a guard zone after CAP: builders must leave the guard untouched. */
static uint8_t area[WIRE_MAX_FRAME + 20000 + GUARD];

static void arm(size_t cap)
{
    memset(area + cap, GUARD_BYTE, GUARD);
}

static void check_guard(size_t cap, size_t ret, const char *what)
{
    for (size_t i = 0; i < GUARD; i++)
        if (area[cap + i] != GUARD_BYTE) {
            fprintf(stderr, "%s: wrote past cap %zu\n", what, cap);
            failures++;
            return;
        }
    if (ret > cap) {
        fprintf(stderr, "%s: returned %zu > cap %zu\n", what, ret, cap);
        failures++;
    }
}

/* Deterministic xorshift so a failure is reproducible. */
static uint32_t rnd(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static void fuzz_sctp(void)
{
    const wire_endpoint x = {{2, 0, 0, 0, 0, 1}, {10, 0, 0, 1}, 38412};
    const wire_endpoint y = {{2, 0, 0, 0, 0, 2}, {10, 0, 0, 2}, 38412};
    sctp_assoc a;
    sctp_assoc_init(&a, &x, &y, 0, 0, 1, 1, 0); /* zero tags/streams get clamped */
    CHECK(a.vtag[0] != 0 && a.vtag[1] != 0 && a.n_streams == 1);
    sctp_assoc_init(&a, &x, &y, 7, 9, 1, 1, 1000);
    CHECK_EQ_U(a.n_streams, SCTP_ASSOC_MAX_STREAMS);
    static uint8_t payload[2000];
    uint32_t seed = 12345;
    for (int it = 0; it < 20000; it++) {
        size_t cap = rnd(&seed) % (WIRE_MAX_FRAME + 1);
        size_t n = 1 + rnd(&seed) % 5;
        sctp_data_chunk c[5];
        for (size_t i = 0; i < n; i++)
            c[i] = (sctp_data_chunk){.stream = (uint16_t)(rnd(&seed) % 80), .ppid = 60,
                                     .payload = payload, .len = rnd(&seed) % 1600};
        uint32_t tsn_before = a.next_tsn[0];
        arm(cap);
        size_t r = sctp_build_data(&a, it & 1, c, n, area, cap);
        check_guard(cap, r, "sctp_build_data");
        if (r == 0 && a.next_tsn[it & 1] != tsn_before && (it & 1) == 0)
            failures++, fprintf(stderr, "failed build consumed TSNs\n");
        arm(cap);
        check_guard(cap, sctp_build_data_retransmit(&a, 0, c, n, area, cap), "retransmit");
        arm(cap);
        check_guard(cap, sctp_build_init_ack(&a, area, cap), "init_ack");
        arm(cap);
        check_guard(cap, sctp_build_sack(&a, (int)(rnd(&seed) % 3), area, cap), "sack");
    }
    uint8_t f[WIRE_MAX_FRAME];
    CHECK_EQ_U(sctp_build_data(&a, 0, NULL, 1, f, sizeof f), 0);
    CHECK_EQ_U(sctp_build_data(&a, 0, (sctp_data_chunk[1]){{.len = 4}}, 1, f, sizeof f), 0);
    CHECK_EQ_U(sctp_build_abort(&a, -1, f, sizeof f), 0);
    CHECK_EQ_U(sctp_build_init(&a, NULL, 100), 0);
    CHECK_EQ_U(sctp_data_frame_len(NULL, 0), 0);
    sctp_gap_block gaps[17] = {{1, 2}};
    uint32_t dups[17] = {0};
    CHECK_EQ_U(sctp_build_sack_ex(&a, 0, 1, gaps, 17, NULL, 0, f, sizeof f), 0);
    CHECK_EQ_U(sctp_build_sack_ex(&a, 0, 1, NULL, 1, NULL, 0, f, sizeof f), 0);
    CHECK_EQ_U(sctp_build_sack_ex(&a, 0, 1, gaps, 16, dups, 16, f, 60), 0);
    CHECK_EQ_U(sctp_build_sack_ex(&a, 0, 1, gaps, 16, dups, 16, f, sizeof f), 34 + 12 + 16 + 128);
}

static int frame_sink(void *ctx, const uint8_t *f, size_t n)
{
    (void)f;
    if (n > WIRE_MAX_FRAME)
        return -2;
    ++*(int *)ctx;
    return 0;
}

static void fragments(void)
{
    const wire_endpoint x = {{2, 0, 0, 0, 0, 1}, {10, 0, 0, 1}, 5001};
    const wire_endpoint y = {{2, 0, 0, 0, 0, 2}, {10, 0, 0, 2}, 5002};
    static uint8_t msg[65536];
    sctp_assoc a;
    int frames = 0;
    uint32_t first;
    sctp_assoc_init(&a, &x, &y, 1, 2, 10, 20, 2);
    CHECK_EQ_U(sctp_send_message(&a, 0, 1, 60, msg, SCTP_MAX_DATA_PAYLOAD, &first, frame_sink,
                                 &frames), 0);
    CHECK_EQ_U(frames, 1);
    CHECK_EQ_U(first, 10);
    CHECK_EQ_U(sctp_send_message(&a, 0, 1, 60, msg, 65535, &first, frame_sink, &frames), 0);
    CHECK_EQ_U(frames, 1 + (65535 + SCTP_MAX_DATA_PAYLOAD - 1) / SCTP_MAX_DATA_PAYLOAD);
    CHECK_EQ_U(first, 11);
    CHECK_EQ_U(a.next_ssn[0][1], 2); /* one SSN per message, however many fragments */
    CHECK(sctp_send_message(&a, 0, 1, 60, msg, 65536, NULL, frame_sink, &frames) != 0);
    CHECK(sctp_send_message(&a, 0, 2, 60, msg, 10, NULL, frame_sink, &frames) != 0); /* stream */
    CHECK(sctp_send_message(&a, 0, 0, 60, msg, 0, NULL, frame_sink, &frames) != 0);
    CHECK(sctp_send_message(&a, 3, 0, 60, msg, 10, NULL, frame_sink, &frames) != 0);
    CHECK(sctp_send_message(NULL, 0, 0, 60, msg, 10, NULL, frame_sink, &frames) != 0);
}

static void fuzz_tcp_http2(void)
{
    const wire_endpoint x = {{2, 0, 0, 0, 0, 1}, {10, 0, 0, 1}, 40000};
    const wire_endpoint y = {{2, 0, 0, 0, 0, 2}, {10, 0, 0, 2}, 8080};
    tcp_conn c;
    tcp_conn_init(&c, &x, &y, 1, 2, 9999); /* MSS clamped */
    CHECK_EQ_U(c.mss, WIRE_TCP_MSS);
    static uint8_t data[20000];
    static http2_conn h;
    http2_conn_init(&h);
    uint32_t seed = 999;
    for (int it = 0; it < 20000; it++) {
        size_t cap = rnd(&seed) % (WIRE_MAX_FRAME + 1);
        size_t len = rnd(&seed) % 1600;
        arm(cap);
        check_guard(cap, tcp_build_data(&c, it & 1, data, len, area, cap), "tcp_build_data");
        cap = rnd(&seed) % 20000;
        arm(cap);
        check_guard(cap, http2_write_data(area, cap, 1, data, rnd(&seed) % 20000, true),
                    "http2_write_data");
        char value[300];
        size_t vl = rnd(&seed) % sizeof value;
        memset(value, 'a' + it % 26, vl);
        hpack_header hh[2] = {{":path", 5, value, vl, HPACK_INCREMENTAL},
                              {"x-y", 3, value, vl / 2, (hpack_policy)(it % 3)}};
        cap = rnd(&seed) % 700;
        arm(cap);
        check_guard(cap, http2_write_headers(&h, it & 1, 1, hh, 2, false, area, cap),
                    "http2_write_headers");
    }
}

static int count_sink(void *ctx, const uint8_t *f, size_t n)
{
    (void)f;
    (void)n;
    ++*(int *)ctx;
    return *(int *)ctx >= 3 ? 7 : 0; /* abort on the third frame */
}

static void sink_abort_and_bad_messages(void)
{
    const wire_endpoint x = {{2, 0, 0, 0, 0, 1}, {10, 0, 0, 1}, 40000};
    const wire_endpoint y = {{2, 0, 0, 0, 0, 2}, {10, 0, 0, 2}, 8080};
    static h2c_session s;
    static sbi_msg m;
    int count = 0;
    h2c_session_init(&s, &x, &y, 1, 2);
    CHECK_EQ_U(h2c_session_open(&s, count_sink, &count), 7); /* the sink's value comes back */
    CHECK_EQ_U(count, 3);
    sbi_msg_reset(&m);
    m.error = true;
    uint32_t id;
    count = -1000;
    CHECK(h2c_session_request(&s, &m, &id, count_sink, &count) != 0); /* errored message */
    CHECK(h2c_session_response(&s, 2, &m, count_sink, &count) != 0);  /* even stream id */
    CHECK(h2c_session_close(&s, 5, count_sink, &count) != 0);
}

int main(void)
{
    fuzz_sctp();
    fragments();
    fuzz_tcp_http2();
    sink_abort_and_bad_messages();
    if (failures)
        fprintf(stderr, "test_robustness: %d failure(s)\n", failures);
    return failures ? 1 : 0;
}
