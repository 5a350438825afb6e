/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_correlate.c: the correlate module as the engine sees it: no events, no state, the
 * cross-domain rules at finish (in the order they ran before they moved here). */
#include "amfol_correlate.h"
#include "amfol_correlate_internal.h"

static void correlate_finish(amfol_engine *e, amfol_findings *out)
{
    corr_nrf_load_stale(e, out);
    corr_cascading(e, out);
    corr_rebalancing(e, out);
    corr_control(e, out);
}

const amfol_module amfol_correlate_module = {
    .name = "correlate",
    .owns = 0,
    .finish = correlate_finish,
};
