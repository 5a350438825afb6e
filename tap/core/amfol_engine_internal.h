/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_engine_internal.h: the engine's layout, for the analysis modules only (not the plugin),
 * so that one module can ask another (e.g. NAS asks N2 whether its AMF is in overload). */
#ifndef AMFOL_ENGINE_INTERNAL_H
#define AMFOL_ENGINE_INTERNAL_H

#include "amfol_engine.h"

struct amfol_engine {
    amfol_config cfg;
    amfol_capture_info cap;
    amfol_n2 *n2;
    amfol_rrc *rrc;
    amfol_nas *nas;
    amfol_sbi *sbi;
    amfol_symptoms *symptoms;   /* issue 14: overload symptoms, fed after the modules above */
    amfol_findings *findings;
    uint64_t fed;               /* events fed so far */
    uint64_t fed_at_finish;     /* value of `fed` when the findings were last computed */
    uint64_t frames_at_finish;
    bool finished;              /* findings computed at least once */
};

#endif
