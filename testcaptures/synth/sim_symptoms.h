/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Overload symptoms without (or with late) overload control: a slow AMF that leaves
 * requests unanswered, a slow UDM, and the ground truth of overload-control-absent / -late. */
#ifndef AMFOL_SYNTH_SIM_SYMPTOMS_H
#define AMFOL_SYNTH_SIM_SYMPTOMS_H

#include "sim.h"

/* Called for every INITIAL UE MESSAGE (frame IUM) the AMF would answer normally. Schedules what
 * comes next (the UDM query or the AMF's answer) and returns 1, or returns 0 when the AMF leaves
 * the request unanswered (the caller then frees the UE). */
int sim_symptoms_on_initial(sim *s, int uei, uint32_t ium);
void sim_symptoms_event(sim *s, const sim_event *ev);
/* After the run: the overload-control-absent / -late faults of the truth. */
void sim_symptoms_finish(sim *s);
void sim_symptoms_free(sim *s);

#endif
