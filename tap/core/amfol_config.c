/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_config.c: documented defaults of the analysis settings (see docs/faults.md). */
#include "amfol_config.h"

#include <string.h>

void amfol_config_defaults(amfol_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->grace_ms = 1000;
    cfg->baseline_s = 60;
    cfg->rrc_answer_timeout_ms = 1000;
    strcpy(cfg->congestion_causes, "22");
    cfg->t3346_floor_s = 60;
    cfg->nrf_report_max_s = 30;
    cfg->nrf_load_high = 80;
    /* Overload symptoms */
    cfg->answer_timeout_ms = 5000;
    cfg->baseline_mode = AMFOL_BASELINE_FIRST_20PCT;
    cfg->symptom_latency_factor = 3;
    cfg->symptom_latency_min_ms = 200;
    cfg->symptom_sbi_factor = 2;
    cfg->symptom_sbi_min_ms = 50;
    cfg->symptom_unanswered_pct = 10;
    cfg->symptom_min_samples = 5;
    cfg->symptom_min_s = 20;
    cfg->symptom_floor_unanswered = 100;
    cfg->control_late_s = 30;
    cfg->dedup_window_ms = 1000;
    cfg->max_ues = 500000;         /* < 100 MB of UE state (docs/faults.md, amfol.7) */
}
