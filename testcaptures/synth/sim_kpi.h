/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Ground truth of the registration KPIs (tap/kpi, docs/kpi.md): per AMF the registrations per
 * type and the service requests with the outcome the capture shows (an accept is ciphered and
 * shows only through the UE's REGISTRATION COMPLETE; a ciphered reject shows nothing), and per UE
 * its chains of attempts from the first request written to the accept, as the capture shows them.
 * Written as expected.kpi. */
#ifndef AMFOL_SYNTH_SIM_KPI_H
#define AMFOL_SYNTH_SIM_KPI_H

#include "sim.h"

void sim_kpi_init(sim *s);
void sim_kpi_free(sim *s);
/* Hooks, each right after the message was written. */
void sim_kpi_request(sim *s, int uei);                      /* INITIAL UE MESSAGE with the NAS request */
void sim_kpi_reject(sim *s, int uei, int visible, int binding_s);   /* binding_s: T3346 the UE runs, 0 none */
void sim_kpi_accept(sim *s, int uei);
void sim_kpi_complete(sim *s, int uei);                     /* REGISTRATION COMPLETE */
void sim_kpi_release(sim *s, int uei);                      /* UE CONTEXT RELEASE COMMAND */
/* The expected.kpi member as JSON text (owned by the caller), at the end of the run. */
char *sim_kpi_json(sim *s);

#endif
