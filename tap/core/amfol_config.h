/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_config.h: the analysis settings (mirrored by the plugin's preferences). */
#ifndef AMFOL_CONFIG_H
#define AMFOL_CONFIG_H

#include <stdint.h>

typedef struct amfol_config {
    uint32_t grace_ms;             /* messages in flight after START/STOP are not judged */
    uint32_t baseline_s;           /* window before an episode used as the rate baseline */
    uint32_t rrc_answer_timeout_ms;/* an RRC request with no answer after this is "unanswered" */
    char protected_snssai[256];    /* "1-000001,2": slices that must never be throttled */
    char congestion_causes[64];    /* 5GMM causes treated as congestion, "22" by default */
    uint32_t t3346_floor_s;        /* t3346-short below this */
    uint32_t nrf_report_max_s;     /* nrf-load-stale when no report within this */
    uint32_t nrf_load_high;        /* load (%) considered high */
    uint32_t max_ues;              /* UEs the NAS module follows at once (least recently seen evicted beyond) */
    char cell_map[512];            /* "00101-000000101=gnb-1,...": cells to gNB names when the capture lacks them */
} amfol_config;

void amfol_config_defaults(amfol_config *cfg);

#endif
