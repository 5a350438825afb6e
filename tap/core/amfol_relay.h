/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_relay.h: one AMF seen through a relay. A test relay or an attacker
 * between gNB and AMF terminates the gNB's SCTP association and opens its own to the AMF: every
 * NGAP PDU appears twice, gNB -> relay and relay -> AMF (downlink the other way), with other IP
 * addresses, ports, tags and TSNs, so the duplicate and retransmission checks (amfol_dedup.h)
 * do not see it. Counted twice, it makes a second AMF (the relay's address) and doubles every
 * count. A relayed copy is the same NGAP PDU (its bytes) leaving, shortly after, the address it
 * was sent to, towards another address. The PDU's direction (TS 38.413 §8: who initiates each
 * procedure) says which leg faces the gNB; amfol keeps that leg and drops every frame of the
 * other (the relay <-> AMF leg) from then on: each message counted once, requests and answers on
 * the same association. Two AMFs that get similar traffic from one gNB are never merged (no PDU
 * leaves an AMF's address towards another AMF). */
#ifndef AMFOL_RELAY_H
#define AMFOL_RELAY_H

#include "amfol_types.h"

#include <glib.h>

#include <stdbool.h>
#include <stdint.h>

typedef struct amfol_relay amfol_relay;

/* One direction of an SCTP association: outermost IP addresses (IPv4 in the first 4 octets,
 * the rest 0) and SCTP ports. */
typedef struct amfol_relay_flow {
    uint8_t src[16], dst[16];
    bool v6;
    uint16_t sport, dport;
} amfol_relay_flow;

/* One NGAP PDU of the frame (SCTP PPID 60): a key of its bytes only (amfol_hash_bytes), and who
 * sends it: +1 the AMF, -1 the gNB, 0 either or unknown. */
typedef struct amfol_relay_pdu {
    uint64_t key;
    int8_t sender;
} amfol_relay_pdu;

#define AMFOL_RELAY_MAX 8     /* relays remembered (more: their copies are counted twice) */

/* window_s <= 0 disables the check (amfol.dedup_window_ms 0 turns every repeat check off). */
amfol_relay *amfol_relay_new(double window_s);
void amfol_relay_free(amfol_relay *r);
/* A frame (its PDUs may be none: SACK, HEARTBEAT): true when it travels on a relay's AMF-side
 * leg, found now or before: not to be counted. */
bool amfol_relay_check(amfol_relay *r, const amfol_relay_flow *f, const amfol_relay_pdu *pdus, int n,
                       amfol_frame frame, amfol_time t);
/* The relays found, for the reports: "10.0.9.9 between gNB 10.0.1.1:38412 and AMF
 * 10.0.0.1:38412 (from frame 12; 340 frames of its AMF side not counted again)", "; "
 * between several; NULL when none. Valid until the next check. */
const char *amfol_relay_describe(amfol_relay *r);

#endif
