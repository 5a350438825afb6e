/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_n2_rows.h: the tables the N2 module reports (amfol_n2_rows.c), shared by the files of
 * tap/n2/ only: the column indices that the timeline text (amfol_n2_report.c) asks for. The JSON
 * document takes every column with a key; columns with only a title are for the text. */
#ifndef AMFOL_N2_ROWS_H
#define AMFOL_N2_ROWS_H

#include "amfol_n2_internal.h"

/* The N2 report, one row (AMFOL_ROWS_OBJECT): the "amfs" and "gnbs" members of -z amfol,json. */
enum {
    N2R_AMFS, N2R_GNBS, N2R_PDUS, N2R_AMF_COUNT, N2R_ASSOC_COUNT, N2R_STOPS_WITHOUT_START,
    N2R_ASSOCS_DROPPED, N2R_AMFS_DROPPED, N2R_COUNT
};
/* amfs[]: one row per AMF */
enum {
    AMFR_ID, AMFR_NAME, AMFR_NAMED_BY, AMFR_ADDRESS, AMFR_CAPACITY, AMFR_GUAMIS, AMFR_GNBS,
    AMFR_EPISODES, AMFR_EPISODES_DROPPED, AMFR_SYMPTOMS, AMFR_KPI, AMFR_COUNT
};
/* amfs[].episodes[] */
enum {
    EPR_NUMBER, EPR_START_FRAME, EPR_STOP_FRAME, EPR_START_TIME, EPR_STOP_TIME, EPR_MIN_DURATION,
    EPR_DURATION, EPR_BEFORE_CAPTURE, EPR_MAX_LEVEL, EPR_STARTS, EPR_UPDATES, EPR_GNBS, EPR_NOT_TOLD,
    EPR_START_REL, EPR_STOP_REL, EPR_FIRST_ACTION, EPR_FIRST_PCT, EPR_SEEN, EPR_COUNT
};
/* amfs[].episodes[].gnbs[]: one association's part of an episode */
enum {
    PTR_ID, PTR_START_FRAME, PTR_STOP_FRAME, PTR_START_TIME, PTR_STOP_TIME, PTR_MIN_DURATION,
    PTR_DURATION, PTR_BEFORE_CAPTURE, PTR_START_FRAMES, PTR_INITIAL_UE, PTR_SEGMENTS, PTR_START_REL,
    PTR_STOP_REL, PTR_COUNT
};
/* amfs[].episodes[].gnbs[].segments[] */
enum {
    SGR_START_FRAME, SGR_END_FRAME, SGR_ACTION, SGR_PCT, SGR_SLICE_ONLY, SGR_SHED_DURING,
    SGR_SHED_BASELINE, SGR_DURING_S, SGR_EXPECTED, SGR_OBSERVED, SGR_P_VALUE, SGR_IGNORES,
    SGR_BASELINE_S, SGR_OBSERVED_PCT, SGR_EXPECTED_PCT, SGR_REPORTED, SGR_COUNT
};
/* amfs[].episodes[].updates[] */
enum {
    UPR_FRAME, UPR_TIME, UPR_GNB, UPR_ACTION, UPR_PCT, UPR_LEVEL, UPR_REPLACED, UPR_REPLACED_FRAME,
    UPR_SLICES, UPR_TIME_REL, UPR_PARAMS, UPR_COUNT
};
/* amfs[].gnbs[]: one association of the AMF */
enum {
    AGR_ID, AGR_NAMED_BY, AGR_ADDRESS, AGR_FIRST_FRAME, AGR_PDUS, AGR_STOPS_WITHOUT_START,
    AGR_OTHER_PATH, AGR_INITIAL_UE, AGR_INITIAL_UE_COUNT, AGR_COUNT
};

/* The whole N2 report; `children` (or NULL): with amfs[].symptoms and amfs[].kpi (the JSON
 * document; the timeline text has its own symptoms section). The caller frees it with
 * amfol_rows_free. */
amfol_rows *n2_report_rows(amfol_engine *e, const amfol_n2_amf_children *children);
/* A finding's "gnb_associations": the associations of gNB `gnb`, an empty table when N2 does
 * not know it. */
amfol_rows *n2_gnb_association_rows(const amfol_n2 *n2, const char *gnb);

#endif
