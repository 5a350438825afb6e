/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SBI side of the simulation: NRF registration and load reports, AMF-to-AMF context transfer. */
#ifndef AMFOL_SYNTH_SIM_SBI_H
#define AMFOL_SYNTH_SIM_SBI_H

#include "sim.h"

/* Schedules the SBI connections from time *T on (advancing *T). */
void sim_sbi_setup(sim *s, int64_t *t);
void sim_sbi_event(sim *s, const sim_event *ev);
void sim_sbi_free(sim *s);
/* Message zoo: AMF's NFDiscover of its AMF Set (200 SearchResult with every AMF's load). */
void sim_sbi_discover(sim *s, int amf);

/* Frame sink for h2c sessions: writes each frame 40 us after the previous one and remembers the
 * first frame written through this context. */
typedef struct sim_sbi_sink_ctx {
    sim *s;
    uint32_t first;
} sim_sbi_sink_ctx;
int sim_sbi_sink(void *ctx, const uint8_t *frame, size_t len);
/* A wire endpoint at IP:PORT (MAC 02:00:<ip>). */
void sim_sbi_endpoint(wire_endpoint *e, const uint8_t ip[4], uint16_t port);

#endif
