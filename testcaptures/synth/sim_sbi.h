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

#endif
