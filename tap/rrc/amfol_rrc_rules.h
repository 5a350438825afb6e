/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_rules.h: thresholds of the radio rules (docs/faults.md) and helpers shared by the rule files. */
#ifndef AMFOL_RRC_RULES_H
#define AMFOL_RRC_RULES_H

#include "amfol_rrc_internal.h"

#define MIN_IGNORE_SAMPLES   10
#define MIN_OVERSHED_SAMPLES 20
#define MIN_WRONG_CLASS      3
#define MIN_AFTER_STOP       3
#define MIN_BURST            5
#define BURST_WINDOW_S       10.0
#define MIN_SYNC_BURST       20
#define SYNC_SHARE           0.9
#define P_LIMIT              0.001
#define MARGIN               0.2
#define TROUBLE_WINDOW_S     5.0
#define MIN_SLICE_BLOCKED_UES 5
#define MIN_SLICE_OTHER_UES  5

void rrc_add_frame(GArray *a, amfol_frame f);            /* bounded evidence list */
const char *rrc_cell_name(const amfol_rrc *s, uint32_t cell);
amfol_finding *rrc_new_finding(amfol_findings *out, amfol_rule_id rule, const char *amf, const char *gnb,
                               const char *cell);        /* layer "rrc" */
void rrc_add_frames(amfol_finding *x, const GArray *a);
const char *rrc_action_text(int action);

/* One file per rule family, called from amfol_rrc_finish(). */
void rrc_judge_after_stop(amfol_engine *e, amfol_findings *out);    /* amfol_rrc_after_stop.c */
void rrc_judge_bursts(amfol_engine *e, amfol_findings *out);        /* amfol_rrc_bursts.c */
void rrc_judge_protected_slices(amfol_engine *e, amfol_findings *out); /* amfol_rrc_slice_rules.c */
void rrc_judge_blocked_slices(amfol_engine *e, amfol_findings *out);   /* amfol_rrc_slice_rules.c */

#endif
