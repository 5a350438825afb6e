/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Streaming pcapng writer: SHB + one Ethernet IDB + Enhanced Packet Blocks, constant memory. */
#ifndef AMFOL_PCAPNG_WRITER_H
#define AMFOL_PCAPNG_WRITER_H

#include <stddef.h>
#include <stdint.h>

/* Timestamp resolution of the single interface (if_tsresol): 10^-6 or 10^-9 s. */
typedef enum {
    PCAPNG_TSRES_US = 6,
    PCAPNG_TSRES_NS = 9,
} pcapng_tsres;

/* Opaque: owns the FILE and its write buffer. */
typedef struct pcapng_writer pcapng_writer;

/* Creates PATH (truncating), writes the Section Header Block (shb_userappl = APP_NAME, may be
 * NULL) and one Interface Description Block (LINKTYPE_ETHERNET, snaplen 65535, if_tsresol RES).
 * Returns NULL on error (errno is set). Output is byte-identical for identical calls. */
pcapng_writer *pcapng_writer_open(const char *path, pcapng_tsres res, const char *app_name);

/* Appends one Enhanced Packet Block on interface 0. TS_NS = nanoseconds since the Unix epoch;
 * with PCAPNG_TSRES_US it is truncated to microseconds. LEN must be 1..65535.
 * Returns 0, or -1 on a write error or bad argument (the writer then stays failed). */
int pcapng_writer_write(pcapng_writer *w, uint64_t ts_ns, const uint8_t *frame, size_t len);

/* Number of packets written so far (= the last Wireshark frame number). */
uint64_t pcapng_writer_count(const pcapng_writer *w);

/* Flushes, closes and frees W (NULL is allowed). Returns 0, or -1 if any write failed. */
int pcapng_writer_close(pcapng_writer *w);

#endif
