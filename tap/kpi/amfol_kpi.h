/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_kpi.h: what the overload cost the subscribers, counted as the operator counts it:
 * registration requests and successes per registration type (TS 28.552 §5.2.2: RM.RegInitReq /
 * RM.RegInitSucc, RM.RegMobReq / Succ, RM.RegPeriodReq / Succ, RM.RegEmergReq / Succ), the
 * registration success rate of one AMF (TS 28.554 §6.2), service requests and PDU session
 * establishments with their outcomes, rejects by cause, RRC requests and rejects, time to register,
 * per AMF and time bucket (the symptom series' buckets); the cost of each overload episode
 * (before / during / after) and the trade-off figures of T3346 and re-balancing (docs/kpi.md).
 * A module registered after symptoms: it reads NGAP, RRC and NAS events and the N2 and SBI query
 * APIs; no rules of its own. */
#ifndef AMFOL_KPI_H
#define AMFOL_KPI_H

#include "../core/amfol_module.h"
#include "../core/amfol_rows.h"

#include <glib.h>

typedef struct amfol_kpi amfol_kpi;

extern const amfol_module amfol_kpi_module;

/* Registration types (TS 24.501 §9.11.3.7: 5GS registration type values 1..4). */
enum amfol_kpi_reg { AMFOL_KPI_REG_INITIAL = 0, AMFOL_KPI_REG_MOBILITY = 1, AMFOL_KPI_REG_PERIODIC = 2,
                     AMFOL_KPI_REG_EMERGENCY = 3, AMFOL_KPI_REG_TYPES = 4 };
const char *amfol_kpi_reg_name(int reg);   /* "initial", "mobility", "periodic", "emergency" */

/* One time bucket of one AMF, for the HTML lane: the registration success rate (< 0: no request
 * in the bucket) and the UEs whose registration completed in the bucket after being turned away. */
typedef struct amfol_kpi_point {
    double start_rel_s, duration_s;
    uint32_t reg_requests, reg_successes;
    double success_rate;           /* successes / requests, < 0 when no request */
    uint32_t delayed_ues;
} amfol_kpi_point;

/* Query API: the AMFs with registration traffic and one AMF's buckets (the caller frees the
 * array with g_free); NULL when the AMF has no KPI. */
size_t amfol_kpi_amf_count(amfol_engine *e);
const char *amfol_kpi_amf_name(amfol_engine *e, size_t i);
amfol_kpi_point *amfol_kpi_points(amfol_engine *e, const char *amf, size_t *n);
/* Grows whenever the KPIs may have changed. */
uint64_t amfol_kpi_version(amfol_engine *e);

/* Rows (amfol_kpi_rows.c; the caller frees them with amfol_rows_free): the amfs[].kpi JSON member
 * of one AMF (NULL: no KPI for it), and the table of -z amfol,kpi and the Statistics table (one
 * row per AMF and bucket with traffic, then one total row per AMF). */
amfol_rows *amfol_kpi_amf_rows(amfol_engine *e, const char *amf);
amfol_rows *amfol_kpi_table_rows(amfol_engine *e);
const amfol_column *amfol_kpi_table_columns(size_t *n);

#endif
