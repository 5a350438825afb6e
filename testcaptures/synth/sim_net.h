/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Packet output of the simulation: SCTP associations (NGAP, F1AP), SACKs, frame numbering. */
#ifndef AMFOL_SYNTH_SIM_NET_H
#define AMFOL_SYNTH_SIM_NET_H

#include "sim.h"

/* Event kind used for delayed SACKs (handled by sim_net_on_sack). */
#define SIM_SACK_DELAY_US 200000

int sim_ng_index(int gnb, int amf);
int sim_f1_index(int gnb);

/* Writes one Ethernet frame at s->now_us; returns its frame number (0 on failure). */
uint32_t sim_net_write(sim *s, const uint8_t *frame, size_t len);
/* Sets up association IDX (state only) between INITIATOR and RESPONDER addresses. */
void sim_net_assoc_init(sim *s, int idx, const uint8_t ini_ip[4], const uint8_t rsp_ip[4],
                        uint16_t port);
/* INIT / INIT ACK / COOKIE ECHO / COOKIE ACK at now, now+0.2 ms, ... */
void sim_net_handshake(sim *s, int idx);
/* One SCTP packet from side FROM bundling N PDUs; returns its frame number. */
uint32_t sim_net_send(sim *s, int idx, int from, uint16_t stream, uint32_t ppid,
                      const uint8_t *const *pdus, const size_t *lens, size_t n);
uint32_t sim_net_send1(sim *s, int idx, int from, uint16_t stream, uint32_t ppid,
                       const uint8_t *pdu, size_t len);
/* The delayed SACK fired. */
void sim_net_on_sack(sim *s, int idx, int from);

#endif
