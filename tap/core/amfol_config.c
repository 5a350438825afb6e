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
    cfg->max_ues = 500000;         /* < 100 MB of UE state (docs/faults.md, amfol.7) */
}
