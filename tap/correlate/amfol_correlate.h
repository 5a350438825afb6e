/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_correlate.h: the rules that span domains (docs/faults.md), one module with only a
 * `finish` handler, registered last in the engine's modules[] so that every domain module has
 * seen all events and added its own findings first. The rules read the domains only through
 * their public query APIs (N2 timeline, symptom series, SBI views: tap/sbi/amfol_sbi.h), never a
 * module's _internal.h (tests/unit/check_structure.py). */
#ifndef AMFOL_CORRELATE_H
#define AMFOL_CORRELATE_H

#include "../core/amfol_module.h"

extern const amfol_module amfol_correlate_module;

#endif
