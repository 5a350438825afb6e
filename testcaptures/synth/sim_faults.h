/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Inputs of the rules decided after the run (slices, NAS bursts, NRF staleness, cascades). */
#ifndef AMFOL_SYNTH_SIM_FAULTS_H
#define AMFOL_SYNTH_SIM_FAULTS_H

#include "sim.h"

void sim_extra_init(sim *s);
void sim_extra_free(sim *s);
/* NAS outcome log. EP >= 0: a congestion reject of that episode (T3346 seconds, -2 = absent);
 * EP < 0: a REGISTRATION ACCEPT of AMF (-1 - EP). */
int sim_record_nas_reject(sim *s, int ep, uint32_t frame, int64_t t3346_s, int is_reject);
/* The UE rejected at log entry REJECT_INDEX (returned above) attempts again now (N2). */
void sim_record_retry(sim *s, int reject_index);
/* An NFUpdate with a load value was sent by AMF. */
void sim_record_nfupdate(sim *s, int amf, uint32_t frame, int load);
void sim_slice_start(sim *s, int episode, int start_index, int gnb, uint32_t start_frame);
void sim_slice_stop(sim *s, int episode, int gnb);
/* Some START of the scenario has a slice list: its F1 gNBs show RRCSetupComplete. */
int sim_slices_used(const sim *s);
/* UE's RRCSetupComplete was forwarded (it is set up). */
void sim_slice_success(sim *s, int ue);
/* The gNB released UE after its RRCSetupComplete (frame: the RRCRelease). */
void sim_slice_failure(sim *s, int ue, uint32_t frame);
/* An InitialUEMessage (kept when its cause may be exempt, for overload-exempt-shed). */
void sim_record_ium(sim *s, int gnb, int amf, int cause, uint32_t frame);
void sim_finish_faults(sim *s);
/* P(X <= k) for X ~ Poisson(lambda), accurate for large lambda. */
double sim_poisson_cdf(uint32_t k, double lambda);

#endif
