/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One SCTP association between two endpoints and the Ethernet/IPv4/SCTP frames it sends. */
#ifndef AMFOL_WIRE_SCTP_ASSOC_H
#define AMFOL_WIRE_SCTP_ASSOC_H

#include <stdbool.h>
#include "wire_common.h"

/* Stream ids 0..SCTP_ASSOC_MAX_STREAMS-1 are usable; each keeps its own SSN per direction. */
#define SCTP_ASSOC_MAX_STREAMS 64u

/* Well-known payload protocol identifiers and ports (IANA; TS 38.412 / 38.472). */
#define SCTP_PPID_NGAP 60u
#define SCTP_PPID_F1AP 62u
#define SCTP_PORT_NGAP 38412u
#define SCTP_PORT_F1AP 38472u

/* Bytes of one DATA chunk on the wire for a payload of LEN (16-byte header + padding to 4). */
#define SCTP_DATA_CHUNK_WIRE_LEN(len) (16u + (((size_t)(len) + 3u) & ~(size_t)3u))
/* Room for DATA chunks in one 1514-byte frame: 1500 - 20 (IPv4) - 12 (SCTP common header). */
#define SCTP_MAX_CHUNK_BYTES 1468u

/* Side 0 = the initiator (gNB / gNB-DU: sends INIT), side 1 = the responder (AMF / gNB-CU).
 * Every builder takes FROM (0 or 1): the side that sends the frame. Plain state, no heap: copy
 * it, keep millions of them if needed. */
typedef struct {
    wire_endpoint ep[2];
    uint32_t vtag[2];            /* Initiate Tag chosen by side i (side !i puts it in packets to i) */
    uint32_t next_tsn[2];        /* next TSN side i will send */
    uint32_t a_rwnd[2];          /* advertised receiver window of side i */
    uint16_t ip_id[2];           /* next IPv4 identification of side i */
    uint16_t n_streams;          /* streams negotiated (OS = MIS), <= SCTP_ASSOC_MAX_STREAMS */
    uint16_t next_ssn[2][SCTP_ASSOC_MAX_STREAMS]; /* next SSN per direction and stream */
    uint32_t max_frame;          /* DATA frames up to this (0: WIRE_MAX_FRAME; at most
                                    WIRE_MAX_JUMBO_FRAME): a load generator's bundles */
} sctp_assoc;

/* One DATA chunk to send. Fill stream/ppid/payload/len (and unordered if wanted); the DATA
 * builder writes the assigned tsn and ssn back so the chunk can be retransmitted later. */
typedef struct {
    uint16_t stream;
    uint32_t ppid;            /* host order, e.g. SCTP_PPID_NGAP */
    const uint8_t *payload;   /* caller-owned, must stay valid until the frame is built */
    size_t len;               /* 1..SCTP_MAX_CHUNK_BYTES-16 */
    bool unordered;           /* U bit: no SSN consumed */
    uint32_t tsn;             /* out (in for retransmission) */
    uint16_t ssn;             /* out (in for retransmission) */
} sctp_data_chunk;

/* Sets up an association (state only, no frames). Tags and initial TSNs are the caller's
 * deterministic choice (non-zero tags). N_STREAMS is clamped to 1..SCTP_ASSOC_MAX_STREAMS. */
void sctp_assoc_init(sctp_assoc *a, const wire_endpoint *initiator, const wire_endpoint *responder,
                     uint32_t tag_initiator, uint32_t tag_responder, uint32_t tsn_initiator,
                     uint32_t tsn_responder, uint16_t n_streams);

/* All builders below write one whole Ethernet frame into BUF (CAP bytes; WIRE_MAX_FRAME is
 * always enough) and return its length, or 0 if it does not fit or an argument is invalid.
 * They advance IPv4 identification (and TSN/SSN for DATA) of the sending side. */

/* Four-way handshake: INIT (side 0), INIT ACK with a State Cookie (side 1), COOKIE ECHO
 * (side 0, echoes the same cookie), COOKIE ACK (side 1). */
size_t sctp_build_init(sctp_assoc *a, uint8_t *buf, size_t cap);
size_t sctp_build_init_ack(sctp_assoc *a, uint8_t *buf, size_t cap);
size_t sctp_build_cookie_echo(sctp_assoc *a, uint8_t *buf, size_t cap);
size_t sctp_build_cookie_ack(sctp_assoc *a, uint8_t *buf, size_t cap);

/* Bytes a DATA frame with these chunks takes (Ethernet..last chunk), or 0 if it exceeds
 * WIRE_MAX_FRAME: lets a caller decide how many PDUs to bundle. */
size_t sctp_data_frame_len(const sctp_data_chunk *chunks, size_t n);
/* The same under the association's own limit (max_frame). */
size_t sctp_data_frame_len_in(const sctp_assoc *a, const sctp_data_chunk *chunks, size_t n);

/* One packet from FROM with N >= 1 DATA chunks (B and E bits set: no fragmentation). Assigns
 * consecutive TSNs and per-stream SSNs and writes them back into CHUNKS. */
size_t sctp_build_data(sctp_assoc *a, int from, sctp_data_chunk *chunks, size_t n,
                       uint8_t *buf, size_t cap);

/* Retransmission: the same chunks again with the tsn/ssn they already carry (no TSN/SSN
 * consumed). Wireshark's SCTP TSN analysis then shows them as retransmissions. */
size_t sctp_build_data_retransmit(sctp_assoc *a, int from, const sctp_data_chunk *chunks,
                                  size_t n, uint8_t *buf, size_t cap);

/* SACK from FROM acknowledging everything the peer has sent so far (cumulative TSN ack =
 * peer's next_tsn - 1), no gap blocks, a_rwnd = a->a_rwnd[from]. */
size_t sctp_build_sack(sctp_assoc *a, int from, uint8_t *buf, size_t cap);
/* SACK with an explicit cumulative TSN ack (e.g. to show a lost chunk before retransmission). */
size_t sctp_build_sack_cum(sctp_assoc *a, int from, uint32_t cum_tsn_ack, uint8_t *buf, size_t cap);

/* One Gap Ack Block: TSNs cum+start .. cum+end were received (offsets from the cum TSN ack). */
typedef struct {
    uint16_t start, end;
} sctp_gap_block;

/* Full SACK: cumulative TSN ack, up to 16 gap blocks and up to 16 duplicate TSNs. */
size_t sctp_build_sack_ex(sctp_assoc *a, int from, uint32_t cum_tsn_ack,
                          const sctp_gap_block *gaps, size_t n_gaps, const uint32_t *dups,
                          size_t n_dups, uint8_t *buf, size_t cap);

/* Largest payload one DATA chunk can carry in a 1514-byte frame. */
#define SCTP_MAX_DATA_PAYLOAD (SCTP_MAX_CHUNK_BYTES - 16u)

/* Sends a user message of any LEN (1..65535) as one or more DATA packets: unfragmented if it
 * fits one chunk, else fragments of SCTP_MAX_DATA_PAYLOAD bytes (B bit on the first, E bit on
 * the last) with consecutive TSNs and one SSN. Each frame goes to SINK. Returns 0, -1 on a bad
 * argument, or the sink's non-zero value. *FIRST_TSN (may be NULL) gets the first TSN used. */
int sctp_send_message(sctp_assoc *a, int from, uint16_t stream, uint32_t ppid,
                      const uint8_t *payload, size_t len, uint32_t *first_tsn,
                      wire_frame_sink sink, void *ctx);

/* HEARTBEAT (with a Heartbeat Info parameter carrying INFO, 8 bytes) and its HEARTBEAT ACK. */
size_t sctp_build_heartbeat(sctp_assoc *a, int from, uint64_t info, uint8_t *buf, size_t cap);
size_t sctp_build_heartbeat_ack(sctp_assoc *a, int from, uint64_t info, uint8_t *buf, size_t cap);

/* ABORT from FROM (T bit clear, no error causes). */
size_t sctp_build_abort(sctp_assoc *a, int from, uint8_t *buf, size_t cap);
/* Graceful close: SHUTDOWN (cum TSN ack of the peer's data), SHUTDOWN ACK, SHUTDOWN COMPLETE. */
size_t sctp_build_shutdown(sctp_assoc *a, int from, uint8_t *buf, size_t cap);
size_t sctp_build_shutdown_ack(sctp_assoc *a, int from, uint8_t *buf, size_t cap);
size_t sctp_build_shutdown_complete(sctp_assoc *a, int from, uint8_t *buf, size_t cap);

#endif
