/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas_timer.h: GPRS timer 2 and GPRS timer 3 decoding (TS 24.008 §10.5.7.4 / §10.5.7.4a), pure functions. */
#ifndef AMFOL_NAS_TIMER_H
#define AMFOL_NAS_TIMER_H

#include "../core/amfol_events.h"

/* Decode one timer octet. GPRS timer 2 (T3346 IE 0x5F, T3502 IE 0x16): unit 0 x2 s, 1 x1 min,
 * 2 x6 min, 7 deactivated, other units read as x1 min (24.008). GPRS timer 3 (back-off IE 0x37):
 * 0 x10 min, 1 x1 h, 2 x10 h, 3 x2 s, 4 x30 s, 5 x1 min, 6 x320 h, 7 deactivated.
 * A value of 0 in any non-deactivated unit is the "zero" timer. */
amfol_nas_timer amfol_gprs_timer2_decode(uint8_t octet);
amfol_nas_timer amfol_gprs_timer3_decode(uint8_t octet);

/* "absent", "zero", "deactivated" or "<n> s" into buf (at least 24 bytes). */
const char *amfol_nas_timer_text(const amfol_nas_timer *t, char *buf, size_t size);
/* The special state word for JSON/filters: "none", "zero", "deactivated", "value". */
const char *amfol_nas_timer_state_name(int state);

#endif
