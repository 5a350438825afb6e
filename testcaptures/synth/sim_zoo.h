/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The message zoo: message types the storm model does not need, behind scenario keys that
 * default to off (RRCResumeRequest, AMF STATUS / ERROR INDICATION, UE-terminated
 * deregistration #22 + T3346, 5GSM PDU session establishment rejects, NFStatusNotify,
 * NFDiscover). With every key off nothing here draws a random number or writes a frame. */
#ifndef AMFOL_SYNTH_SIM_ZOO_H
#define AMFOL_SYNTH_SIM_ZOO_H

#include "sim.h"

/* Schedules the per-association N2 messages and the NFDiscovers; sets s->tr.zoo. */
void sim_zoo_setup(sim *s);
/* F1 attempt of UE: 1 if it was sent as an RRCResumeRequest (then no RRCSetupRequest). */
int sim_zoo_resume(sim *s, int ue);
/* After an accepted SERVICE REQUEST during episode EPI (-1 none): 1 if the zoo took the UE over
 * (deregistration or PDU session reject, then release), 0 = release as usual. */
int sim_zoo_after_accept(sim *s, int ue, int epi);
/* Zoo events (EV_ZOO_*). */
void sim_zoo_event(sim *s, const sim_event *ev);

#endif
