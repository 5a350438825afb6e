/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_findings.h: the list of findings a finished analysis produced (rule hits + evidence). */
#ifndef AMFOL_FINDINGS_H
#define AMFOL_FINDINGS_H

#include "amfol_types.h"
#include "amfol_rules.h"

#define AMFOL_FINDING_MAX_FRAMES 32      /* evidence frames kept; `count` has the full number */
#define AMFOL_FINDINGS_MAX 5000          /* findings kept per capture; more are counted only */

typedef struct amfol_finding {
    amfol_rule_id rule_id;               /* the catalogue row (amfol_rules.def) */
    const char *rule;                    /* its id string, static (from the catalogue) */
    int severity;                        /* enum amfol_severity */
    char *amf, *gnb, *cell, *ue, *layer; /* owned; NULL when not applicable */
    amfol_frame first_frame;
    amfol_frame frames[AMFOL_FINDING_MAX_FRAMES];  /* sorted, unique */
    int n_frames;
    uint32_t count;                      /* evidence items the rule counted */
    char *summary;                       /* owned, plain language */
    unsigned missing;                    /* enum amfol_need bits the capture lacks for this
                                          * finding (amfol_rule_needs.h): a rule may set them, the
                                          * engine's evidence check adds its own; non-zero: the
                                          * finding is a note that says what would settle it */
} amfol_finding;

typedef struct amfol_findings amfol_findings;

amfol_findings *amfol_findings_new(void);
void amfol_findings_free(amfol_findings *f);
void amfol_findings_clear(amfol_findings *f);

/* A new finding for a catalogue rule (severity taken from it). Returns NULL when the cap is
 * reached (the drop is counted). */
amfol_finding *amfol_findings_add(amfol_findings *f, amfol_rule_id rule);
void amfol_finding_set_entities(amfol_finding *x, const char *amf, const char *gnb,
                                const char *cell, const char *ue);
void amfol_finding_add_frame(amfol_finding *x, amfol_frame frame);
void amfol_finding_set_summary(amfol_finding *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Withdraw finding i (before amfol_findings_sort): a module that runs later holds the evidence
 * the verdict must rest on, and it clears the element (e.g. the radio side's offered requests). */
void amfol_findings_remove(amfol_findings *f, size_t i);

/* Most severe first, then by first frame. Also rebuilds the frame index. */
void amfol_findings_sort(amfol_findings *f);

size_t amfol_findings_count(const amfol_findings *f);
const amfol_finding *amfol_findings_get(const amfol_findings *f, size_t i);
/* The same, to amend (the engine's evidence check, before amfol_findings_sort). */
amfol_finding *amfol_findings_edit(amfol_findings *f, size_t i);
uint32_t amfol_findings_dropped(const amfol_findings *f);

/* Findings whose evidence includes `frame` (after amfol_findings_sort). Returns how many were
 * written to out (at most cap). */
size_t amfol_findings_for_frame(const amfol_findings *f, amfol_frame frame,
                                const amfol_finding **out, size_t cap);

#endif
