/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_correlate_internal.h: the cross-domain rule functions the correlate module calls. */
#ifndef AMFOL_CORRELATE_INTERNAL_H
#define AMFOL_CORRELATE_INTERNAL_H

#include "../core/amfol_context.h"

/* amfol_correlate_amf_set.c: N2 overload episodes joined with the SBI side of an AMF Set. */
void corr_nrf_load_stale(amfol_engine *e, amfol_findings *out);
void corr_cascading(amfol_engine *e, amfol_findings *out);
void corr_rebalancing(amfol_engine *e, amfol_findings *out);

/* amfol_correlate_control.c: symptom series joined with the AMF's overload controls. */
void corr_control(amfol_engine *e, amfol_findings *out);

#endif
