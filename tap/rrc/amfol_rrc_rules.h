/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_rules.h: thresholds of the radio rules (docs/faults.md) and helpers shared by the rule files. */
#ifndef AMFOL_RRC_RULES_H
#define AMFOL_RRC_RULES_H

#include "amfol_rrc_internal.h"

#define MIN_IGNORE_SAMPLES   10
#define MIN_OVERSHED_SAMPLES 20
#define MIN_WRONG_CLASS      3
#define MIN_AFTER_STOP       3
#define MIN_EXEMPT_REJECTS   3      /* exempt-access-rejected (radio), and above the pre-episode rate */
#define MIN_BURST            5
#define BURST_WINDOW_S       10.0
#define MIN_SYNC_BURST       20
#define SYNC_SHARE           0.9
#define MIN_SYNC_RETRIES     10     /* rejected UEs back at reject + waitTime (reject-waittime-synchronised) */
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
/* When the episode of segment `sg` began on its association (its first START). */
amfol_time rrc_episode_first_start(const amfol_rrc *s, const rrc_segment *sg);
/* The cell's rejects of class `klass` (as `sg` classifies their causes) in the baseline window
 * before `from` (cfg.baseline_s, not before the capture): count, and the window in *span_s. */
uint32_t rrc_rejects_before(const amfol_engine *e, uint32_t cell, const rrc_segment *sg, int klass,
                            amfol_time from, double *span_s);
/* One-sided Poisson: is k clearly above `expected` (P(X >= k) < P_LIMIT)? */
bool rrc_clearly_above(uint32_t k, double expected);

/* One file per rule family, called from amfol_rrc_finish(). */
void rrc_judge_after_stop(amfol_engine *e, amfol_findings *out);    /* amfol_rrc_after_stop.c */
void rrc_judge_bursts(amfol_engine *e, amfol_findings *out);        /* amfol_rrc_bursts.c */
void rrc_judge_protected_slices(amfol_engine *e, amfol_findings *out); /* amfol_rrc_slice_rules.c */
void rrc_judge_blocked_slices(amfol_engine *e, amfol_findings *out);   /* amfol_rrc_slice_rules.c */

#endif
