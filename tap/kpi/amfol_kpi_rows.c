/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_kpi_rows.c: what the KPI module reports, once, as rows (core/amfol_rows.h): the
 * amfs[].kpi member of -z amfol,json and the table of -z amfol,kpi and of the Statistics menu
 * (one row per AMF and bucket with traffic, then the AMF's whole capture). The writers are
 * generic; the definitions are in docs/kpi.md. */
#include "amfol_kpi_internal.h"
#include "../core/amfol_3gpp.h"
#include "../core/amfol_context.h"
#include "../symptoms/amfol_symptoms.h"   /* the bucket scheme of the symptom series */

#include <math.h>
#include <string.h>

/* ---- sums -------------------------------------------------------------------------------- */

static void slot_add(kpi_slot *to, const kpi_slot *s)
{
    const uint32_t *a = (const uint32_t *)s;
    uint32_t *b = (uint32_t *)to;
    for (size_t i = 0; i < sizeof *s / sizeof(uint32_t); i++)
        b[i] += a[i];
}
G_STATIC_ASSERT(sizeof(kpi_slot) % sizeof(uint32_t) == 0);

static uint32_t reg_sum(const uint32_t *v)
{
    uint32_t n = 0;
    for (int r = 0; r < AMFOL_KPI_REG_TYPES; r++)
        n += v[r];
    return n;
}

static bool slot_empty(const kpi_slot *s)
{
    static const kpi_slot zero;
    return memcmp(s, &zero, sizeof zero) == 0;
}

/* The radio counts belong to an AMF only when the capture has one AMF with UE traffic: RRC
 * messages do not name their AMF (docs/kpi.md). */
static bool radio_is_amfs(const amfol_kpi *k)
{
    return k->radio_seen && k->amfs->len == 1;
}

static double bucket_size(const amfol_engine *e)
{
    return amfol_sym_bucket_size(e->cap.frames ? e->cap.last_time - e->cap.first_time : 0);
}

/* The sums of AMF `amf` over [from_s, to_s) seconds since the first frame (radio included when
 * it is the AMF's). */
static kpi_slot sum_range(const amfol_kpi *k, int amf, size_t from_s, size_t to_s)
{
    kpi_slot sum = { 0 };
    const kpi_amf *a = g_ptr_array_index(k->amfs, amf);
    for (size_t i = from_s; i < to_s && i < a->slots->len; i++)
        slot_add(&sum, &g_array_index(a->slots, kpi_slot, i));
    if (radio_is_amfs(k))
        for (size_t i = from_s; i < to_s && i < k->radio->len; i++) {
            const kpi_slot *r = &g_array_index(k->radio, kpi_slot, i);
            sum.rrc_req += r->rrc_req;
            sum.rrc_setup += r->rrc_setup;
            sum.rrc_rej += r->rrc_rej;
        }
    return sum;
}

/* ---- query API --------------------------------------------------------------------------- */

size_t amfol_kpi_amf_count(amfol_engine *e)
{
    return e && e->kpi ? e->kpi->amfs->len : 0;
}

const char *amfol_kpi_amf_name(amfol_engine *e, size_t i)
{
    return i < amfol_kpi_amf_count(e) ? ((const kpi_amf *)g_ptr_array_index(e->kpi->amfs, i))->name : NULL;
}

amfol_kpi_point *amfol_kpi_points(amfol_engine *e, const char *amf, size_t *n)
{
    *n = 0;
    int i = e ? kpi_amf_find(e->kpi, amf) : -1;
    if (i < 0)
        return NULL;
    double size = bucket_size(e);
    double span = e->cap.last_time - e->cap.first_time;
    size_t nb = (size_t)floor((span > 0 ? span : 0) / size) + 1;
    amfol_kpi_point *p = g_new0(amfol_kpi_point, nb);
    for (size_t b = 0; b < nb; b++) {
        kpi_slot s = sum_range(e->kpi, i, (size_t)(b * size), (size_t)((b + 1) * size));
        p[b].start_rel_s = b * size;
        p[b].duration_s = size;
        p[b].reg_requests = reg_sum(s.reg_req);
        p[b].reg_successes = reg_sum(s.reg_succ);
        p[b].success_rate = p[b].reg_requests ? (double)p[b].reg_successes / p[b].reg_requests : -1;
        p[b].delayed_ues = s.delayed;
    }
    *n = nb;
    return p;
}

/* ---- the table: -z amfol,kpi and Statistics -> AMF Overload -> KPIs --------------------- */

enum { C_AMF, C_START, C_REG_REQ, C_REG_SUCC, C_RATE, C_INIT, C_MOB, C_PERIOD, C_EMERG, C_UNKNOWN,
       C_REJ22, C_REJ_OTHER, C_SRV_REQ, C_SRV_ACC, C_SRV_REJ, C_PDU_REQ, C_PDU_ACC, C_PDU_REJ, C_RRC_REQ,
       C_RRC_REJ, C_TTR_P50, C_TTR_P95, C_DELAYED, C_COUNT };
static const amfol_column table_cols[C_COUNT] = {
    AMFOL_TCOL("AMF", NULL, AMFOL_CELL_STR),
    AMFOL_TCOL("Start (s)", "t+s", AMFOL_CELL_STR),
    AMFOL_TCOL("Registration requests", "regReq", AMFOL_CELL_UINT),
    AMFOL_TCOL("Registration successes", "regSucc", AMFOL_CELL_UINT),
    AMFOL_TREAL("Success rate (%)", "succ%", "%.1f"),
    AMFOL_TCOL("Initial req/succ", "init", AMFOL_CELL_STR),
    AMFOL_TCOL("Mobility req/succ", "mob", AMFOL_CELL_STR),
    AMFOL_TCOL("Periodic req/succ", "period", AMFOL_CELL_STR),
    AMFOL_TCOL("Emergency req/succ", "emerg", AMFOL_CELL_STR),
    AMFOL_TCOL("Outcome unknown", "unknown", AMFOL_CELL_UINT),
    AMFOL_TCOL("Rejects #22", "rej22", AMFOL_CELL_UINT),
    AMFOL_TCOL("Rejects other", "rejOther", AMFOL_CELL_UINT),
    AMFOL_TCOL("Service requests", "srvReq", AMFOL_CELL_UINT),
    AMFOL_TCOL("Service accepts", "srvAcc", AMFOL_CELL_UINT),
    AMFOL_TCOL("Service rejects", "srvRej", AMFOL_CELL_UINT),
    AMFOL_TCOL("PDU session requests", "pduReq", AMFOL_CELL_UINT),
    AMFOL_TCOL("PDU session accepts", "pduAcc", AMFOL_CELL_UINT),
    AMFOL_TCOL("PDU session rejects", "pduRej", AMFOL_CELL_UINT),
    AMFOL_TCOL("RRC requests", "rrcReq", AMFOL_CELL_UINT),
    AMFOL_TCOL("RRC rejects", "rrcRej", AMFOL_CELL_UINT),
    AMFOL_TREAL("Time to register p50 (s)", "ttr p50", "%.3f"),
    AMFOL_TREAL("Time to register p95 (s)", "ttr p95", "%.3f"),
    AMFOL_TCOL("Delayed UEs", "delayed", AMFOL_CELL_UINT),
};

const amfol_column *amfol_kpi_table_columns(size_t *n)
{
    *n = C_COUNT;
    return table_cols;
}

static void req_succ(amfol_rows *t, size_t col, uint32_t req, uint32_t succ)
{
    char buf[32];
    g_snprintf(buf, sizeof buf, "%u/%u", req, succ);
    amfol_rows_str(t, col, buf);
}

static void table_row(amfol_rows *t, const amfol_kpi *k, const char *amf, const char *start, const kpi_slot *s,
                      kpi_lat ttr)
{
    amfol_rows_add(t);
    amfol_rows_str(t, C_AMF, amf);
    amfol_rows_str(t, C_START, start);
    uint32_t req = reg_sum(s->reg_req), succ = reg_sum(s->reg_succ);
    amfol_rows_uint(t, C_REG_REQ, req);
    amfol_rows_uint(t, C_REG_SUCC, succ);
    if (req)
        amfol_rows_real(t, C_RATE, 100.0 * succ / req);
    for (int r = 0; r < AMFOL_KPI_REG_TYPES; r++)
        req_succ(t, C_INIT + (size_t)r, s->reg_req[r], s->reg_succ[r]);
    amfol_rows_uint(t, C_UNKNOWN, reg_sum(s->reg_unknown) + s->srv_unknown);
    amfol_rows_uint(t, C_REJ22, s->rej_22);
    amfol_rows_uint(t, C_REJ_OTHER, s->rej_other);
    amfol_rows_uint(t, C_SRV_REQ, s->srv_req);
    amfol_rows_uint(t, C_SRV_ACC, s->srv_acc);
    amfol_rows_uint(t, C_SRV_REJ, s->srv_rej);
    amfol_rows_uint(t, C_PDU_REQ, s->pdu_req);
    amfol_rows_uint(t, C_PDU_ACC, s->pdu_acc);
    amfol_rows_uint(t, C_PDU_REJ, s->pdu_rej);
    if (radio_is_amfs(k)) {
        amfol_rows_uint(t, C_RRC_REQ, s->rrc_req);
        amfol_rows_uint(t, C_RRC_REJ, s->rrc_rej);
    }
    if (ttr.n) {
        amfol_rows_real(t, C_TTR_P50, ttr.p50_s);
        amfol_rows_real(t, C_TTR_P95, ttr.p95_s);
    }
    amfol_rows_uint(t, C_DELAYED, s->delayed);
}

amfol_rows *amfol_kpi_table_rows(amfol_engine *e)
{
    const amfol_kpi *k = e->kpi;
    double size = bucket_size(e);
    double span = e->cap.frames ? e->cap.last_time - e->cap.first_time : 0;
    size_t nb = (size_t)floor(span / size) + 1;
    amfol_rows *t = amfol_rows_new("kpi", AMFOL_ROWS_ARRAY, table_cols, C_COUNT, 100000);
    for (guint i = 0; i < k->amfs->len; i++) {
        const kpi_amf *a = g_ptr_array_index(k->amfs, i);
        kpi_slot total = sum_range(k, (int)i, 0, KPI_MAX_SLOTS);
        if (slot_empty(&total))
            continue;
        for (size_t b = 0; b < nb; b++) {
            size_t from = (size_t)(b * size), to = (size_t)((b + 1) * size);
            kpi_slot s = sum_range(k, (int)i, from, to);
            if (slot_empty(&s))
                continue;
            char start[24];
            g_snprintf(start, sizeof start, "%.0f", b * size);
            amfol_time t0 = e->cap.first_time + from;
            table_row(t, k, a->name, start, &s, kpi_delays(k, (int)i, t0, t0 + size, false));
        }
        table_row(t, k, a->name, "all", &total, kpi_delays(k, (int)i, -INFINITY, INFINITY, false));
    }
    return t;
}

/* ---- the JSON member: amfs[].kpi (docs/output.md, docs/kpi.md) --------------------------- */

enum { RT_REQ, RT_SUCC, RT_REJ, RT_UNKNOWN, RT_COUNT };
static const amfol_column reg_type_cols[RT_COUNT] = {
    AMFOL_JCOL("requests", AMFOL_CELL_UINT),
    AMFOL_JCOL("successes", AMFOL_CELL_UINT),
    AMFOL_JCOL("rejects", AMFOL_CELL_UINT),
    AMFOL_JCOL("outcome_unknown", AMFOL_CELL_UINT),
};
#define REG_COL(name) AMFOL_JCOL(name, AMFOL_CELL_TABLE)
static const amfol_column reg_cols[AMFOL_KPI_REG_TYPES] = {
    REG_COL("initial"), REG_COL("mobility"), REG_COL("periodic"), REG_COL("emergency"),
};

enum { PS_REQ, PS_ACC, PS_REJ, PS_UNKNOWN, PS_COUNT };
static const amfol_column srv_cols[PS_COUNT] = {
    AMFOL_JCOL("requests", AMFOL_CELL_UINT),
    AMFOL_JCOL("accepts", AMFOL_CELL_UINT),
    AMFOL_JCOL("rejects", AMFOL_CELL_UINT),
    AMFOL_JOPT("outcome_unknown", AMFOL_CELL_UINT),
};

enum { RR_REQ, RR_SETUP, RR_REJ, RR_COUNT };
static const amfol_column rrc_cols[RR_COUNT] = {
    AMFOL_JCOL("requests", AMFOL_CELL_UINT),
    AMFOL_JCOL("setups", AMFOL_CELL_UINT),
    AMFOL_JCOL("rejects", AMFOL_CELL_UINT),
};

enum { TT_N, TT_P50, TT_P95, TT_FROM, TT_COUNT };
static const amfol_column ttr_cols[TT_COUNT] = {
    AMFOL_JCOL("n", AMFOL_CELL_UINT),
    AMFOL_JREAL("p50_s", "%.3f"),
    AMFOL_JREAL("p95_s", "%.3f"),
    AMFOL_JCOL("from_rrc", AMFOL_CELL_UINT),
};

static const amfol_column cause_cols[2] = {
    AMFOL_COL("cause", "Cause", AMFOL_CELL_STR),
    AMFOL_COL("count", "Rejects", AMFOL_CELL_UINT),
};
static const amfol_column note_cols[1] = { AMFOL_JCOL("note", AMFOL_CELL_STR) };

enum { BK_START_REL, BK_REG_REQ, BK_REG_SUCC, BK_RATE, BK_REG_REJ, BK_REG_UNKNOWN, BK_SRV_REQ, BK_SRV_ACC,
       BK_SRV_REJ, BK_PDU_REQ, BK_PDU_ACC, BK_PDU_REJ, BK_REJ22, BK_REJ_OTHER, BK_RRC_REQ, BK_RRC_REJ,
       BK_TTR_P50, BK_TTR_P95, BK_DELAYED, BK_COUNT };
static const amfol_column bucket_cols[BK_COUNT] = {
    AMFOL_JREAL("start_rel_s", "%.3f"),
    AMFOL_JCOL("registration_requests", AMFOL_CELL_UINT),
    AMFOL_JCOL("registration_successes", AMFOL_CELL_UINT),
    AMFOL_JREAL("registration_success_rate", "%.4f"),
    AMFOL_JCOL("registration_rejects", AMFOL_CELL_UINT),
    AMFOL_JCOL("registration_outcome_unknown", AMFOL_CELL_UINT),
    AMFOL_JCOL("service_requests", AMFOL_CELL_UINT),
    AMFOL_JCOL("service_accepts", AMFOL_CELL_UINT),
    AMFOL_JCOL("service_rejects", AMFOL_CELL_UINT),
    AMFOL_JCOL("pdu_session_requests", AMFOL_CELL_UINT),
    AMFOL_JCOL("pdu_session_accepts", AMFOL_CELL_UINT),
    AMFOL_JCOL("pdu_session_rejects", AMFOL_CELL_UINT),
    AMFOL_JCOL("rejects_22", AMFOL_CELL_UINT),
    AMFOL_JCOL("rejects_other", AMFOL_CELL_UINT),
    AMFOL_JOPT("rrc_requests", AMFOL_CELL_UINT),
    AMFOL_JOPT("rrc_rejects", AMFOL_CELL_UINT),
    AMFOL_JREAL("time_to_register_p50_s", "%.3f"),
    AMFOL_JREAL("time_to_register_p95_s", "%.3f"),
    AMFOL_JCOL("delayed_ues", AMFOL_CELL_UINT),
};

enum { K_BUCKET_S, K_REG, K_RATE, K_INFERRED, K_WITHOUT, K_SERVICE, K_PDU, K_CAUSES, K_SM_CAUSES, K_RRC, K_TTR, K_BUCKETS,
       K_EPISODES, K_TRADEOFFS, K_NOT_COUNTED, K_COUNT };
static const amfol_column kpi_cols[K_COUNT] = {
    AMFOL_JREAL("bucket_s", "%.0f"),
    AMFOL_JCOL("registration", AMFOL_CELL_TABLE),
    AMFOL_JREAL("registration_success_rate", "%.4f"),
    AMFOL_JCOL("successes_inferred", AMFOL_CELL_UINT),
    AMFOL_JCOL("answers_without_request", AMFOL_CELL_UINT),
    AMFOL_JCOL("service", AMFOL_CELL_TABLE),
    AMFOL_JCOL("pdu_session", AMFOL_CELL_TABLE),
    AMFOL_JCOL("reject_causes", AMFOL_CELL_TABLE),
    AMFOL_JCOL("pdu_session_reject_causes", AMFOL_CELL_TABLE),
    AMFOL_JOPT("rrc", AMFOL_CELL_TABLE),
    AMFOL_JCOL("time_to_register", AMFOL_CELL_TABLE),
    AMFOL_JCOL("buckets", AMFOL_CELL_TABLE),
    AMFOL_JCOL("episodes", AMFOL_CELL_TABLE),
    AMFOL_JCOL("tradeoffs", AMFOL_CELL_TABLE),
    AMFOL_JCOL("not_counted", AMFOL_CELL_TABLE),
};

static const char *mm_cause_text(int c)
{
    static char buf[80];   /* amfol_rows_count_map copies it at once */
    g_snprintf(buf, sizeof buf, "#%d %s", c, amfol_nas_mm_cause_name(c));
    return buf;
}

static const char *sm_cause_text(int c)
{
    static char buf[80];
    g_snprintf(buf, sizeof buf, "#%d %s", c, amfol_nas_sm_cause_name(c));
    return buf;
}

static amfol_rows *counts_rows(const char *name, const amfol_column *cols, size_t n, const uint32_t *v, bool opt_last)
{
    amfol_rows *t = amfol_rows_new(name, AMFOL_ROWS_OBJECT, cols, n, 1);
    amfol_rows_add(t);
    for (size_t i = 0; i < n; i++)
        if (!(opt_last && i == n - 1 && v[i] == 0))
            amfol_rows_uint(t, i, v[i]);
    return t;
}

static void note(amfol_rows *t, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static void note(amfol_rows *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    amfol_rows_add(t);
    amfol_rows_str(t, 0, s);
    g_free(s);
}

/* What the capture could not count as the specification counts it: said, not guessed. */
static amfol_rows *not_counted_rows(amfol_engine *e, int amf, const kpi_slot *tot)
{
    const amfol_kpi *k = e->kpi;
    const kpi_amf *a = g_ptr_array_index(k->amfs, amf);
    amfol_rows *t = amfol_rows_new("not_counted", AMFOL_ROWS_LIST, note_cols, 1, 16);
    uint32_t open_reg = 0, open_srv = 0, open_ciphered = 0;
    for (uint32_t i = 0; k->procs && i < KPI_MAX_PROCS; i++) {
        const kpi_proc *p = &k->procs[i];
        if (!p->used || p->amf != amf)
            continue;
        if (p->kind < AMFOL_KPI_REG_TYPES)
            open_reg++;
        else
            open_srv++;
        open_ciphered += p->state == KPI_CIPHERED_ANSWER;
    }
    if (a->ciphered_dl + a->ciphered_ul)
        note(t, "%u NAS messages were ciphered (%u downlink, %u uplink): %u registration and %u service "
                "outcomes could not be read; successes confirmed by the UE's ciphered REGISTRATION COMPLETE "
                "or an INITIAL CONTEXT SETUP are counted (%u), PDU session messages inside ciphered NAS are not",
             a->ciphered_dl + a->ciphered_ul, a->ciphered_dl, a->ciphered_ul, reg_sum(tot->reg_unknown),
             tot->srv_unknown, tot->reg_succ_inferred);
    if (a->answers_without_request)
        note(t, "%u accepts or rejects answered a request not in the capture (the procedure began before it): "
                "not counted", a->answers_without_request);
    if (open_reg + open_srv)
        note(t, "%u registrations and %u service requests had no outcome by the capture's end (%u after a "
                "ciphered answer): not counted as successes or failures", open_reg, open_srv, open_ciphered);
    if (!k->radio_seen)
        note(t, "no RRC in the capture (F1 not captured): time to register starts at the first REGISTRATION "
                "REQUEST and RRC rejects are not counted");
    else if (!radio_is_amfs(k))
        note(t, "RRC counts are not split per AMF (RRC messages do not name their AMF)");
    if (a->slots_dropped || k->ues_dropped || k->quests_dropped || k->procs_dropped)
        note(t, "bounds reached: %u events outside 6 hours, %u UEs, %u chains and %u procedures not kept",
             a->slots_dropped, k->ues_dropped, k->quests_dropped, k->procs_dropped);
    return t;
}

static amfol_rows *bucket_rows(amfol_engine *e, int amf)
{
    const amfol_kpi *k = e->kpi;
    double size = bucket_size(e);
    double span = e->cap.frames ? e->cap.last_time - e->cap.first_time : 0;
    size_t nb = (size_t)floor(span / size) + 1;
    amfol_rows *t = amfol_rows_new("buckets", AMFOL_ROWS_ARRAY, bucket_cols, BK_COUNT, nb);
    for (size_t b = 0; b < nb; b++) {
        size_t from = (size_t)(b * size), to = (size_t)((b + 1) * size);
        kpi_slot s = sum_range(k, amf, from, to);
        if (slot_empty(&s))
            continue;
        amfol_time t0 = e->cap.first_time + from;
        kpi_lat ttr = kpi_delays(k, amf, t0, t0 + size, false);
        uint32_t req = reg_sum(s.reg_req);
        amfol_rows_add(t);
        amfol_rows_real(t, BK_START_REL, b * size);
        amfol_rows_uint(t, BK_REG_REQ, req);
        amfol_rows_uint(t, BK_REG_SUCC, reg_sum(s.reg_succ));
        if (req)
            amfol_rows_real(t, BK_RATE, (double)reg_sum(s.reg_succ) / req);
        amfol_rows_uint(t, BK_REG_REJ, reg_sum(s.reg_rej));
        amfol_rows_uint(t, BK_REG_UNKNOWN, reg_sum(s.reg_unknown));
        amfol_rows_uint(t, BK_SRV_REQ, s.srv_req);
        amfol_rows_uint(t, BK_SRV_ACC, s.srv_acc);
        amfol_rows_uint(t, BK_SRV_REJ, s.srv_rej);
        amfol_rows_uint(t, BK_PDU_REQ, s.pdu_req);
        amfol_rows_uint(t, BK_PDU_ACC, s.pdu_acc);
        amfol_rows_uint(t, BK_PDU_REJ, s.pdu_rej);
        amfol_rows_uint(t, BK_REJ22, s.rej_22);
        amfol_rows_uint(t, BK_REJ_OTHER, s.rej_other);
        if (radio_is_amfs(k)) {
            amfol_rows_uint(t, BK_RRC_REQ, s.rrc_req);
            amfol_rows_uint(t, BK_RRC_REJ, s.rrc_rej);
        }
        if (ttr.n) {
            amfol_rows_real(t, BK_TTR_P50, ttr.p50_s);
            amfol_rows_real(t, BK_TTR_P95, ttr.p95_s);
        }
        amfol_rows_uint(t, BK_DELAYED, s.delayed);
    }
    return t;
}

amfol_rows *amfol_kpi_amf_rows(amfol_engine *e, const char *amf)
{
    int i = e ? kpi_amf_find(e->kpi, amf) : -1;
    if (i < 0)
        return NULL;
    const amfol_kpi *k = e->kpi;
    const kpi_amf *a = g_ptr_array_index(k->amfs, i);
    kpi_slot tot = sum_range(k, i, 0, KPI_MAX_SLOTS);
    if (slot_empty(&tot))
        return NULL;
    amfol_rows *t = amfol_rows_new("kpi", AMFOL_ROWS_OBJECT, kpi_cols, K_COUNT, 1);
    amfol_rows_add(t);
    amfol_rows_real(t, K_BUCKET_S, bucket_size(e));
    amfol_rows *reg = amfol_rows_new("registration", AMFOL_ROWS_OBJECT, reg_cols, AMFOL_KPI_REG_TYPES, 1);
    amfol_rows_add(reg);
    for (int r = 0; r < AMFOL_KPI_REG_TYPES; r++) {
        uint32_t v[RT_COUNT] = { tot.reg_req[r], tot.reg_succ[r], tot.reg_rej[r], tot.reg_unknown[r] };
        amfol_rows_table(reg, (size_t)r, counts_rows(amfol_kpi_reg_name(r), reg_type_cols, RT_COUNT, v, false));
    }
    amfol_rows_table(t, K_REG, reg);
    /* TS 28.554 §6.2: the registration success rate of one AMF, every registration type */
    if (reg_sum(tot.reg_req))
        amfol_rows_real(t, K_RATE, (double)reg_sum(tot.reg_succ) / reg_sum(tot.reg_req));
    amfol_rows_uint(t, K_INFERRED, tot.reg_succ_inferred);
    amfol_rows_uint(t, K_WITHOUT, a->answers_without_request);
    uint32_t sv[PS_COUNT] = { tot.srv_req, tot.srv_acc, tot.srv_rej, tot.srv_unknown };
    amfol_rows_table(t, K_SERVICE, counts_rows("service", srv_cols, PS_COUNT, sv, false));
    uint32_t pv[PS_COUNT] = { tot.pdu_req, tot.pdu_acc, tot.pdu_rej, 0 };
    amfol_rows_table(t, K_PDU, counts_rows("pdu_session", srv_cols, PS_COUNT, pv, true));
    amfol_rows_table(t, K_CAUSES, amfol_rows_count_map("reject_causes", cause_cols, a->mm_cause, 256, mm_cause_text));
    amfol_rows_table(t, K_SM_CAUSES,
                     amfol_rows_count_map("pdu_session_reject_causes", cause_cols, a->sm_cause, 256, sm_cause_text));
    if (radio_is_amfs(k)) {
        uint32_t rv[RR_COUNT] = { tot.rrc_req, tot.rrc_setup, tot.rrc_rej };
        amfol_rows_table(t, K_RRC, counts_rows("rrc", rrc_cols, RR_COUNT, rv, false));
    }
    kpi_lat ttr = kpi_delays(k, i, -INFINITY, INFINITY, false);
    uint32_t from_rrc = 0;
    for (guint q = 0; q < k->quests->len; q++) {
        const kpi_quest *x = &g_array_index(k->quests, kpi_quest, q);
        from_rrc += x->amf == i && (x->flags & (QF_FROM_RRC | QF_REGISTRATION)) == (QF_FROM_RRC | QF_REGISTRATION);
    }
    amfol_rows *tt = amfol_rows_new("time_to_register", AMFOL_ROWS_OBJECT, ttr_cols, TT_COUNT, 1);
    amfol_rows_add(tt);
    amfol_rows_uint(tt, TT_N, ttr.n);
    if (ttr.n) {
        amfol_rows_real(tt, TT_P50, ttr.p50_s);
        amfol_rows_real(tt, TT_P95, ttr.p95_s);
    }
    amfol_rows_uint(tt, TT_FROM, from_rrc);
    amfol_rows_table(t, K_TTR, tt);
    amfol_rows_table(t, K_BUCKETS, bucket_rows(e, i));
    amfol_rows_table(t, K_EPISODES, kpi_episode_rows(e, i));
    amfol_rows_table(t, K_TRADEOFFS, kpi_tradeoff_rows(e, i));
    amfol_rows_table(t, K_NOT_COUNTED, not_counted_rows(e, i, &tot));
    return t;
}
