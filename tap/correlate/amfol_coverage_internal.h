/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_coverage_internal.h: the coverage state and what its files share. */
#ifndef AMFOL_COVERAGE_INTERNAL_H
#define AMFOL_COVERAGE_INTERNAL_H

#include "amfol_coverage.h"
#include "../core/amfol_context.h"

typedef struct cov_assoc {
    uint64_t pdus;
    bool ng_setup;
} cov_assoc;

typedef struct cov_nas {
    uint64_t all, readable;
} cov_nas;

typedef struct cov_run {           /* HTTP/2 messages with unreadable headers, close in time */
    amfol_time t0, t1;
    uint64_t n;
} cov_run;

struct amfol_coverage {
    GArray *assocs;                /* cov_assoc by N2 association number */
    uint64_t n2_pdus, rrc, nas, nas_readable;
    GHashTable *rrc_by_gnb;        /* interned gNB name -> uint64_t RRC messages */
    GHashTable *nas_by_amf;        /* interned AMF name -> cov_nas */
    amfol_cov_sbi sbi;
    GArray *runs;                  /* cov_run, in time order */
    bool sbi_readable_seen;
    amfol_time sbi_readable_first, sbi_readable_last;   /* HTTP/2 messages with readable headers */
};

/* amfol_coverage_families.c: the rule families judged / partly / not, with the reason. */
GArray *cov_families(amfol_engine *e, const amfol_cov_view *v);

#endif
