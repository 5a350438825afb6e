/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Throughput of every encoder (not a test: prints calls per second for the final report).
 * Usage: enc_bench_encoders [ITERATIONS_PER_MESSAGE] */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include "sample_msgs.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    long iterations = argc > 1 ? strtol(argv[1], NULL, 10) : 1000000;
    if (iterations <= 0)
        iterations = 1000000;
    uint8_t buf[2048];
    volatile size_t sink = 0;
    double total = 0;
    for (size_t i = 0; i < sample_msgs_count; i++) {
        double t0 = now_s();
        for (long k = 0; k < iterations; k++)
            sink += sample_msgs[i].encode(buf, sizeof buf);
        double dt = now_s() - t0;
        total += dt;
        printf("%-36s %10.0f calls/s  (%zu octets)\n", sample_msgs[i].name,
               (double)iterations / dt, sample_msgs[i].encode(buf, sizeof buf));
    }
    printf("%-36s %10.0f calls/s  (mean over all message types)\n", "ALL",
           (double)iterations * (double)sample_msgs_count / total);
    return sink == 0;
}
