/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_engine.h: the analysis core's front door, and the only one. The plugin feeds events in
 * frame order on the first pass through amfol_engine_* and gets per-message results back
 * (stored per frame by the plugin); the engine routes each event to every module that registered
 * a handler for its kind (amfol_module.h). At any time amfol_engine_finish() (re)computes the
 * findings over everything seen so far. Analysis modules do not include this header. */
#ifndef AMFOL_ENGINE_H
#define AMFOL_ENGINE_H

#include "../core/amfol_module.h"
#include "amfol_chart_rec.h"
#include "../core/amfol_relay.h"

#include "../n2/amfol_n2.h"
#include "../rrc/amfol_rrc.h"
#include "../nas/amfol_nas.h"
#include "../sbi/amfol_sbi.h"
#include "../symptoms/amfol_symptoms.h"
#include "../kpi/amfol_kpi.h"             /* registration KPIs */
#include "../ue/amfol_ue.h"


amfol_engine *amfol_engine_new(const amfol_config *cfg);
void amfol_engine_free(amfol_engine *e);

const amfol_config *amfol_engine_config(const amfol_engine *e);
const amfol_capture_info *amfol_engine_capture(const amfol_engine *e);
/* The bucketed series the chart draws (amfol_chart_rec.h). */
const amfol_chart_rec *amfol_engine_chart(const amfol_engine *e);
/* The N2 state, for N2's query API (tap/n2/amfol_n2.h: episodes, PDU count) in the reports. */
const amfol_n2 *amfol_engine_n2(const amfol_engine *e);

/* Adds a sentence to the capture's caveat (amfol_capture_info.caveat), shown by every report. */
void amfol_engine_add_caveat(amfol_engine *e, const char *text);

/* Call once per frame, before the frame's events. */
void amfol_engine_frame(amfol_engine *e, amfol_frame frame, amfol_time t);
/* n frames amfol could not read (enum amfol_unread); DISSECTOR_STOPPED ones count as frames. */
void amfol_engine_unread(amfol_engine *e, int reason, uint64_t n);
/* The capture holds frames 1..last (a frame tap saw them): those after the last frame the plugin
 * reported were not read (DISSECTOR_STOPPED). */
void amfol_engine_frames_up_to(amfol_engine *e, amfol_frame last);

/* The same traffic seen twice: true when a frame with this key (transport identity + payload)
 * came within the dedup window (counted in amfol_capture_info.duplicates_ignored), or when every
 * SCTP DATA chunk of the frame (keys: association direction + TSN) was already seen within
 * RTO.Max (sctp_retransmissions_ignored). The caller then feeds nothing of the frame. */
bool amfol_engine_repeat_frame(amfol_engine *e, uint64_t key, amfol_frame frame, amfol_time t,
                               amfol_frame *first);
bool amfol_engine_repeat_chunks(amfol_engine *e, const uint64_t *keys, int n, amfol_frame frame,
                                amfol_time t, amfol_frame *first);
/* A relay's copy (amfol_relay.h): true when the frame travels on the AMF-side leg of a relay
 * (counted in amfol_capture_info.relayed_ignored); the caller then feeds nothing of it. */
bool amfol_engine_relayed_frame(amfol_engine *e, const amfol_relay_flow *flow, const amfol_relay_pdu *pdus, int n,
                                amfol_frame frame, amfol_time t);
/* The relays found ("10.0.9.9 between gNB ... and AMF ..."), NULL none. */
const char *amfol_engine_relays(amfol_engine *e);
/* A frame damaged after its sender (its receiver dropped it): counted, fed to no module. */
void amfol_engine_damaged_frame(amfol_engine *e);
/* Adds `n` to the counter of AMFOL_IGNORED_* `which` (amfol_events.h): a replay's copy of the
 * frames the exporting engine ignored. */
void amfol_engine_ignored(amfol_engine *e, int which, uint64_t n);
/* One call per message. `out` (may be NULL) receives the owning module's per-message result. */
void amfol_engine_ngap(amfol_engine *e, const amfol_ngap_event *ev, amfol_n2_result *out);
void amfol_engine_sctp(amfol_engine *e, const amfol_sctp_event *ev);
void amfol_engine_rrc(amfol_engine *e, const amfol_rrc_event *ev, amfol_rrc_result *out);
void amfol_engine_nas(amfol_engine *e, const amfol_nas_event *ev, amfol_nas_result *out);
void amfol_engine_sbi(amfol_engine *e, const amfol_sbi_event *ev, amfol_sbi_result *out);

/* Start (fn) or stop (NULL) observing every event fed to the engine (amfol_events.h). */
void amfol_engine_observe(amfol_engine *e, amfol_engine_observer fn, void *user);

/* Compute the findings over everything seen so far. Cheap when nothing new was fed since the
 * last call (returns the same list); recomputed from the state otherwise. */
const amfol_findings *amfol_engine_finish(amfol_engine *e);

#endif
