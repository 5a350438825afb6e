/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Throughput bench (not a test): SCTP DATA frames and h2c SBI exchanges per second into pcapng. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime under strict C11 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "h2c_session.h"
#include "pcapng_writer.h"
#include "sctp_assoc.h"

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

typedef struct {
    pcapng_writer *w;
    uint64_t t_ns;
} bench_out;

static int put_frame(void *ctx, const uint8_t *frame, size_t len)
{
    bench_out *o = ctx;
    o->t_ns += 50000u;
    return o->w ? pcapng_writer_write(o->w, o->t_ns, frame, len) : 0;
}

/* N SCTP DATA packets, each bundling CHUNKS copies of an 80-byte NGAP-sized payload, over 64
 * associations; frames go to the pcapng writer when W is set. Returns seconds taken. */
static double bench_sctp(pcapng_writer *w, unsigned long n, unsigned chunks, size_t *bytes)
{
    enum { N_ASSOC = 64 };
    static sctp_assoc assoc[N_ASSOC];
    uint8_t payload[80], f[WIRE_MAX_FRAME];
    for (size_t i = 0; i < sizeof payload; i++)
        payload[i] = (uint8_t)i;
    for (unsigned i = 0; i < N_ASSOC; i++) {
        wire_endpoint gnb = {{2, 0, 0, 1, 0, (uint8_t)i}, {10, 1, 0, (uint8_t)i}, 38412};
        wire_endpoint amf = {{2, 0, 0, 0, 0, 1}, {10, 0, 0, 1}, 38412};
        sctp_assoc_init(&assoc[i], &gnb, &amf, 0x1000u + i, 0x2000u + i, 1, 1, 16);
    }
    sctp_data_chunk c[4];
    uint64_t t = 1767225600ull * 1000000000ull;
    *bytes = 0;
    double t0 = now_s();
    for (unsigned long k = 0; k < n; k++) {
        for (unsigned j = 0; j < chunks; j++)
            c[j] = (sctp_data_chunk){.stream = (uint16_t)((k + j) % 16), .ppid = SCTP_PPID_NGAP,
                                     .payload = payload, .len = sizeof payload};
        size_t len = sctp_build_data(&assoc[k % N_ASSOC], (int)(k & 1), c, chunks, f, sizeof f);
        if (len == 0) {
            fprintf(stderr, "build failed\n");
            exit(1);
        }
        *bytes += len;
        t += 20000u;
        if (w && pcapng_writer_write(w, t, f, len) != 0) {
            fprintf(stderr, "write failed\n");
            exit(1);
        }
    }
    return now_s() - t0;
}

static double bench_sbi(pcapng_writer *w, unsigned long exchanges, unsigned long *frames)
{
    static sbi_msg req, rsp;
    wire_endpoint amf = {{2, 0, 0, 0, 0, 1}, {10, 0, 0, 1}, 40000};
    wire_endpoint nrf = {{2, 0, 0, 0, 3, 1}, {10, 0, 3, 1}, 8080};
    h2c_session s;
    bench_out o = {w, 1767225600ull * 1000000000ull};
    uint64_t before = pcapng_writer_count(w);
    h2c_session_init(&s, &amf, &nrf, 1, 1);
    double t0 = now_s();
    if (h2c_session_open(&s, put_frame, &o) != 0)
        exit(1);
    for (unsigned long k = 0; k < exchanges; k++) {
        uint32_t id;
        if (sbi_nf_update_req(&req, "10.0.3.1:8080", "6f1c1a5e-0000-4000-8000-000000000001",
                              (int)(k % 101), 1767225600000000ull + k * 1000u, NULL) != 0 ||
            sbi_no_content_rsp(&rsp) != 0 || h2c_session_request(&s, &req, &id, put_frame, &o) ||
            h2c_session_response(&s, id, &rsp, put_frame, &o)) {
            fprintf(stderr, "sbi exchange %lu failed\n", k);
            exit(1);
        }
        if (s.h2.next_stream_id > 0x7ffff000u) { /* a real client would reconnect */
            h2c_session_init(&s, &amf, &nrf, 1, 1);
            h2c_session_open(&s, put_frame, &o);
        }
    }
    double dt = now_s() - t0;
    *frames = (unsigned long)(pcapng_writer_count(w) - before);
    return dt;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "/tmp/wire_bench.pcapng";
    unsigned long n = argc > 2 ? strtoul(argv[2], NULL, 10) : 3000000ul;
    size_t bytes;

    double dt = bench_sctp(NULL, n, 2, &bytes);
    printf("SCTP DATA build only (2 chunks/frame): %lu frames in %.3f s = %.2f M frames/s\n", n,
           dt, n / dt / 1e6);
    for (unsigned chunks = 1; chunks <= 3; chunks++) {
        pcapng_writer *w = pcapng_writer_open(path, PCAPNG_TSRES_NS, "wire_bench");
        if (!w) {
            perror(path);
            return 1;
        }
        double t0 = now_s();
        bench_sctp(w, n, chunks, &bytes);
        if (pcapng_writer_close(w) != 0) {
            fprintf(stderr, "close failed\n");
            return 1;
        }
        dt = now_s() - t0;
        printf("SCTP DATA build + pcapng write (%u chunk(s)/frame, %zu B/frame): %lu frames in "
               "%.3f s = %.2f M frames/s = %.0f M frames/min\n",
               chunks, bytes / n, n, dt, n / dt / 1e6, n / dt * 60 / 1e6);
    }
    pcapng_writer *w = pcapng_writer_open(path, PCAPNG_TSRES_NS, "wire_bench");
    unsigned long frames, ex = n / 20;
    double t0 = now_s();
    bench_sbi(w, ex, &frames);
    pcapng_writer_close(w);
    dt = now_s() - t0;
    printf("h2c NFUpdate PATCH + 204 (+ TCP ACKs) + pcapng write: %lu exchanges, %lu frames in "
           "%.3f s = %.0f k exchanges/s, %.2f M frames/s\n",
           ex, frames, dt, ex / dt / 1e3, frames / dt / 1e6);
    return 0;
}
