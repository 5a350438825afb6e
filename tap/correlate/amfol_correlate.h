/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_correlate.h: the rules that span domains (docs/faults.md), one module with only a
 * `finish` handler, registered last in the engine's modules[] so that every domain module has
 * seen all events and added its own findings first. The rules read the domains through their
 * query APIs (N2 timeline, symptom series) or, for the AMF-Set rules, the SBI module's state. */
#ifndef AMFOL_CORRELATE_H
#define AMFOL_CORRELATE_H

#include "../core/amfol_module.h"

extern const amfol_module amfol_correlate_module;

#endif
