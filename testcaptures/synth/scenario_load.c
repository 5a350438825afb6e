/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Reads a scenario INI file (GLib GKeyFile) into the scenario model and validates it. */
#include "scenario.h"

#include <glib.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    GKeyFile *kf;
    char *err;
    int err_len;
    int failed;
} loader;

static void fail(loader *L, const char *fmt, ...)
{
    if (L->failed)
        return;
    L->failed = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(L->err, (size_t)L->err_len, fmt, ap);
    va_end(ap);
}

static int has(loader *L, const char *g, const char *k)
{
    return g_key_file_has_key(L->kf, g, k, NULL);
}

/* Raw string value, stripped; NULL when absent. Caller frees. */
static char *get_str(loader *L, const char *g, const char *k)
{
    char *v = g_key_file_get_string(L->kf, g, k, NULL);
    if (v)
        g_strstrip(v);
    return v;
}

static double get_double(loader *L, const char *g, const char *k, double def, double lo, double hi)
{
    char *v = get_str(L, g, k);
    if (!v)
        return def;
    char *end = NULL;
    double d = g_ascii_strtod(v, &end);
    if (end == v || *end != '\0' || d != d || d < lo || d > hi)
        fail(L, "[%s] %s = '%s': expected a number in [%g, %g]", g, k, v, lo, hi);
    g_free(v);
    return d;
}

static int64_t get_int(loader *L, const char *g, const char *k, int64_t def, int64_t lo, int64_t hi)
{
    char *v = get_str(L, g, k);
    if (!v)
        return def;
    char *end = NULL;
    gint64 x = g_ascii_strtoll(v, &end, 0);
    if (end == v || *end != '\0' || x < lo || x > hi)
        fail(L, "[%s] %s = '%s': expected an integer in [%lld, %lld]", g, k, v, (long long)lo,
             (long long)hi);
    g_free(v);
    return x;
}

static int get_bool(loader *L, const char *g, const char *k, int def)
{
    char *v = get_str(L, g, k);
    if (!v)
        return def;
    int r = def;
    if (!g_ascii_strcasecmp(v, "true") || !strcmp(v, "1") || !g_ascii_strcasecmp(v, "yes"))
        r = 1;
    else if (!g_ascii_strcasecmp(v, "false") || !strcmp(v, "0") || !g_ascii_strcasecmp(v, "no"))
        r = 0;
    else
        fail(L, "[%s] %s = '%s': expected true or false", g, k, v);
    g_free(v);
    return r;
}

/* Seconds (may be fractional) to microseconds. */
static int64_t get_time_us(loader *L, const char *g, const char *k, int64_t def)
{
    if (!has(L, g, k))
        return def;
    return (int64_t)(get_double(L, g, k, 0, 0, 1e7) * 1e6 + 0.5);
}

/* Splits a comma-separated list into stripped, non-empty items. */
static char **split_list(const char *v, int *n)
{
    char **parts = g_strsplit(v, ",", -1);
    int j = 0;
    for (int i = 0; parts[i]; i++) {
        g_strstrip(parts[i]);
        if (parts[i][0])
            parts[j++] = parts[i];
        else
            g_free(parts[i]);
    }
    parts[j] = NULL;
    *n = j;
    return parts;
}

static int parse_ipv4(const char *s, uint8_t ip[4])
{
    unsigned a, b, c, d;
    char tail;
    if (sscanf(s, "%u.%u.%u.%u%c", &a, &b, &c, &d, &tail) != 4 || a > 255 || b > 255 ||
        c > 255 || d > 255)
        return -1;
    ip[0] = (uint8_t)a;
    ip[1] = (uint8_t)b;
    ip[2] = (uint8_t)c;
    ip[3] = (uint8_t)d;
    return 0;
}

static void get_ip(loader *L, const char *g, const char *k, uint8_t ip[4], int required)
{
    char *v = get_str(L, g, k);
    if (!v) {
        if (required)
            fail(L, "[%s] %s is required", g, k);
        return;
    }
    if (parse_ipv4(v, ip) < 0)
        fail(L, "[%s] %s = '%s': expected an IPv4 address", g, k, v);
    g_free(v);
}

/* "00101" or "001010": 3-digit MCC + 2/3-digit MNC into TBCD. */
static void get_plmn(loader *L, const char *g, uint8_t plmn[3], char str[8])
{
    char *v = get_str(L, g, "plmn");
    const char *s = v ? v : "00101";
    size_t n = strlen(s);
    int ok = (n == 5 || n == 6);
    for (size_t i = 0; ok && i < n; i++)
        ok = s[i] >= '0' && s[i] <= '9';
    if (!ok) {
        fail(L, "[%s] plmn = '%s': expected MCC+MNC digits like 00101", g, s);
        g_free(v);
        return;
    }
    int d[6];
    for (size_t i = 0; i < n; i++)
        d[i] = s[i] - '0';
    int mnc3 = n == 6 ? d[5] : 0xF;
    plmn[0] = (uint8_t)((d[1] << 4) | d[0]);
    plmn[1] = (uint8_t)((mnc3 << 4) | d[2]);
    plmn[2] = (uint8_t)((d[4] << 4) | d[3]);
    snprintf(str, 8, "%s", s);
    g_free(v);
}

/* "1-000001" (SST-SD hex) or "1". */
static int parse_snssai(const char *s, sc_snssai *out)
{
    char *end = NULL;
    unsigned long sst = strtoul(s, &end, 10);
    if (end == s || sst > 255)
        return -1;
    out->sst = (uint8_t)sst;
    out->has_sd = 0;
    out->sd = 0;
    if (*end == '\0')
        return 0;
    if (*end != '-' || strlen(end + 1) != 6)
        return -1;
    char *end2 = NULL;
    unsigned long sd = strtoul(end + 1, &end2, 16);
    if (*end2 != '\0')
        return -1;
    out->has_sd = 1;
    out->sd = (uint32_t)sd;
    return 0;
}

static int find_amf(const scenario *sc, const char *name)
{
    for (int i = 0; i < sc->n_amfs; i++)
        if (strcmp(sc->amfs[i].name, name) == 0)
            return i;
    return -1;
}

static int find_gnb(const scenario *sc, const char *name)
{
    for (int i = 0; i < sc->n_gnbs; i++)
        if (strcmp(sc->gnbs[i].name, name) == 0)
            return i;
    return -1;
}

static int find_slice(const scenario *sc, const sc_snssai *s)
{
    for (int i = 0; i < sc->n_slices; i++)
        if (snssai_equal(&sc->slices[i], s))
            return i;
    return -1;
}

static void load_scenario_group(loader *L, scenario *sc)
{
    const char *g = "scenario";
    if (!g_key_file_has_group(L->kf, g)) {
        fail(L, "missing [scenario] group");
        return;
    }
    char *v = get_str(L, g, "name");
    snprintf(sc->name, sizeof sc->name, "%s", v ? v : "unnamed");
    g_free(v);
    v = get_str(L, g, "description");
    snprintf(sc->description, sizeof sc->description, "%s", v ? v : "");
    g_free(v);
    sc->seed = (uint64_t)get_int(L, g, "seed", 1, 0, INT64_MAX);
    v = get_str(L, g, "start");
    const char *start = v ? v : "2026-01-01T00:00:00Z";
    GDateTime *dt = g_date_time_new_from_iso8601(start, NULL);
    if (!dt)
        fail(L, "[scenario] start = '%s': expected ISO 8601 like 2026-01-01T00:00:00Z", start);
    else {
        sc->epoch_us = g_date_time_to_unix(dt) * 1000000 + g_date_time_get_microsecond(dt);
        g_date_time_unref(dt);
    }
    g_free(v);
    sc->duration_us = get_time_us(L, g, "duration_s", 0);
    if (sc->duration_us <= 0 && !L->failed)
        fail(L, "[scenario] duration_s is required and must be > 0");
    sc->grace_ms = (int)get_int(L, g, "grace_ms", 1000, 0, 60000);
    v = get_str(L, g, "protected_snssai");
    if (v) {
        int n = 0;
        char **items = split_list(v, &n);
        if (n > SC_MAX_SLICES || strlen(v) >= sizeof sc->protected_text)
            fail(L, "[scenario] protected_snssai: at most %d slices", SC_MAX_SLICES);
        for (int i = 0; i < n && i < SC_MAX_SLICES && !L->failed; i++)
            if (parse_snssai(items[i], &sc->protected_snssai[sc->n_protected++]) < 0)
                fail(L, "[scenario] protected_snssai: '%s' is not SST or SST-SD (hex)", items[i]);
        if (!L->failed)
            snprintf(sc->protected_text, sizeof sc->protected_text, "%s", v);
        g_strfreev(items);
        g_free(v);
    }
    v = get_str(L, g, "relay");
    sc->relay = v != NULL;
    g_free(v);
    if (sc->relay)
        get_ip(L, g, "relay", sc->relay_ip, 1);
}

static void load_ues(loader *L, scenario *sc)
{
    const char *g = "ues";
    sc->ue_pool = (int)get_int(L, g, "pool", 1000, 1, 1000000);
    sc->registered_share = get_double(L, g, "registered_share", 0.8, 0, 1);
    sc->ue_retry_after_backoff = get_bool(L, g, "retry_after_backoff", 1);
    sc->ue_early_retry_share = get_double(L, g, "early_retry_share", 0, 0, 1);
    sc->ue_early_retry_s = (int)get_int(L, g, "early_retry_s", 5, 1, 3600);
    sc->ue_rrc_retry_share = get_double(L, g, "rrc_retry_share", 0, 0, 1);
    char *v = get_str(L, g, "slices");
    int n = 0;
    char **items = split_list(v ? v : "1-000001:1", &n);
    if (n > SC_MAX_SLICES)
        fail(L, "[ues] slices: at most %d slices", SC_MAX_SLICES);
    double total = 0;
    for (int i = 0; i < n && i < SC_MAX_SLICES && !L->failed; i++) {
        char *colon = strchr(items[i], ':');
        double w = 1;
        if (colon) {
            *colon = '\0';
            char *end = NULL;
            w = g_ascii_strtod(colon + 1, &end);
            if (end == colon + 1 || *end || w < 0)
                fail(L, "[ues] slices: bad share in '%s'", items[i]);
        }
        if (parse_snssai(items[i], &sc->slices[i]) < 0)
            fail(L, "[ues] slices: bad S-NSSAI '%s' (use SST or SST-SDHEX, e.g. 1-000001)",
                 items[i]);
        sc->slice_share[i] = w;
        total += w;
    }
    sc->n_slices = n > SC_MAX_SLICES ? SC_MAX_SLICES : n;
    if (!L->failed && (n == 0 || total <= 0))
        fail(L, "[ues] slices: need at least one slice with a positive share");
    for (int i = 0; i < sc->n_slices && total > 0; i++)
        sc->slice_share[i] /= total;
    g_strfreev(items);
    g_free(v);
}

static void load_nrf(loader *L, scenario *sc)
{
    const char *g = "nrf";
    sc->nrf_enabled = g_key_file_has_group(L->kf, g);
    if (!sc->nrf_enabled)
        return;
    uint8_t def[4] = {10, 0, 9, 1};
    memcpy(sc->nrf_ip, def, 4);
    get_ip(L, g, "address", sc->nrf_ip, 0);
    sc->nrf_report_interval_s = (int)get_int(L, g, "report_interval_s", 10, 1, 3600);
    /* heartBeatTimer of the NF profile; default: the report interval */
    sc->nrf_heartbeat_s = (int)get_int(L, g, "heartbeat_s", sc->nrf_report_interval_s, 1, 3600);
    sc->nrf_oci = get_bool(L, g, "oci", 0);
    sc->nrf_oci_malformed = get_bool(L, g, "oci_malformed", 0);
    sc->nrf_discovery_interval_s = (int)get_int(L, g, "discovery_interval_s", 0, 0, 3600);
    sc->nrf_status_notify = get_bool(L, g, "status_notify", 0);
}

static void load_udm(loader *L, scenario *sc)
{
    const char *g = "udm";
    sc->udm_enabled = g_key_file_has_group(L->kf, g);
    if (!sc->udm_enabled)
        return;
    uint8_t def[4] = {10, 0, 8, 1};
    memcpy(sc->udm_ip, def, 4);
    get_ip(L, g, "address", sc->udm_ip, 0);
    sc->udm_answer_ms_min = (int)get_int(L, g, "answer_ms_min", 10, 1, 60000);
    sc->udm_answer_ms_max = (int)get_int(L, g, "answer_ms_max", 20, 1, 60000);
    if (sc->udm_answer_ms_min > sc->udm_answer_ms_max)
        fail(L, "[udm] answer_ms_min above answer_ms_max");
}

static void load_amf(loader *L, scenario *sc, const char *g, const char *name)
{
    if (sc->n_amfs >= SC_MAX_AMFS) {
        fail(L, "too many AMFs (max %d)", SC_MAX_AMFS);
        return;
    }
    sc_amf *a = &sc->amfs[sc->n_amfs];
    snprintf(a->name, sizeof a->name, "%s", name);
    get_plmn(L, g, a->plmn, a->plmn_str);
    a->region_id = (int)get_int(L, g, "region_id", 2, 0, 255);
    a->set_id = (int)get_int(L, g, "set_id", 1, 0, 1023);
    a->pointer = (int)get_int(L, g, "pointer", sc->n_amfs + 1, 0, 63);
    a->capacity = (int)get_int(L, g, "capacity", 255, 0, 255);
    a->base_load = (int)get_int(L, g, "base_load", 30, 0, 100);
    a->status_indications = (int)get_int(L, g, "status_indications", 0, 0, 10);
    a->error_indications = (int)get_int(L, g, "error_indications", 0, 0, 10);
    a->slow_from_us = get_time_us(L, g, "slow_from_s", -1);
    a->slow_to_us = get_time_us(L, g, "slow_to_s", INT64_MAX);
    a->slow_answer_ms_min = (int)get_int(L, g, "slow_answer_ms_min", 1500, 1, 60000);
    a->slow_answer_ms_max = (int)get_int(L, g, "slow_answer_ms_max", 2500, 1, 60000);
    a->unanswered_share = get_double(L, g, "unanswered_share", 0, 0, 1);
    a->udm_slow_from_us = get_time_us(L, g, "udm_slow_from_s", -1);
    a->udm_slow_ms_min = (int)get_int(L, g, "udm_slow_ms_min", 100, 1, 60000);
    a->udm_slow_ms_max = (int)get_int(L, g, "udm_slow_ms_max", 150, 1, 60000);
    if (a->slow_answer_ms_min > a->slow_answer_ms_max || a->udm_slow_ms_min > a->udm_slow_ms_max)
        fail(L, "[%s] slow answer ranges: min above max", g);
    get_ip(L, g, "address", a->ip, 1);
    sc->n_amfs++;
}

static void get_reject_wait(loader *L, const char *g, sc_gnb *b)
{
    char *v = get_str(L, g, "reject_wait");
    b->wait_random = 1;
    b->wait_s = 1;
    b->wait_max_s = 16;
    if (v) {
        unsigned lo, hi;
        char tail;
        if (sscanf(v, "random:%u-%u%c", &lo, &hi, &tail) == 2 && lo >= 1 && hi <= 16 && lo <= hi) {
            b->wait_s = (int)lo;
            b->wait_max_s = (int)hi;
        } else if (sscanf(v, "%u%c", &lo, &tail) == 1 && lo >= 1 && lo <= 16) {
            b->wait_random = 0;
            b->wait_s = b->wait_max_s = (int)lo;
        } else
            fail(L, "[%s] reject_wait = '%s': expected 1..16 or random:LO-HI", g, v);
    }
    g_free(v);
}

static void load_gnb(loader *L, scenario *sc, const char *g, const char *name)
{
    if (sc->n_gnbs >= SC_MAX_GNBS) {
        fail(L, "too many gNBs (max %d)", SC_MAX_GNBS);
        return;
    }
    sc_gnb *b = &sc->gnbs[sc->n_gnbs];
    snprintf(b->name, sizeof b->name, "%s", name);
    b->gnb_id = (uint32_t)get_int(L, g, "gnb_id", sc->n_gnbs + 1, 0, 0x3FFFFF);
    get_plmn(L, g, b->plmn, b->plmn_str);
    b->tac = (uint32_t)get_int(L, g, "tac", 1, 0, 0xFFFFFF);
    char *v = get_str(L, g, "cells");
    int n = 0;
    char **items = split_list(v ? v : "", &n);
    if (n < 1 || n > SC_MAX_CELLS)
        fail(L, "[%s] cells: need 1..%d NR cell identities (hex, 36 bits)", g, SC_MAX_CELLS);
    for (int i = 0; i < n && i < SC_MAX_CELLS; i++) {
        char *end = NULL;
        guint64 c = g_ascii_strtoull(items[i], &end, 16);
        if (end == items[i] || *end || c > 0xFFFFFFFFFull)
            fail(L, "[%s] cells: bad cell identity '%s'", g, items[i]);
        b->cells[i] = c;
    }
    b->n_cells = n > SC_MAX_CELLS ? SC_MAX_CELLS : n;
    g_strfreev(items);
    g_free(v);
    get_ip(L, g, "address", b->ip, 1);
    b->f1 = get_bool(L, g, "f1", 0);
    b->rrc_release_on_amf_release = get_bool(L, g, "rrc_release_on_amf_release", 0);
    if (b->f1)
        get_ip(L, g, "du_address", b->du_ip, 1);
    v = get_str(L, g, "amfs");
    items = split_list(v ? v : "", &n);
    if (n < 1)
        fail(L, "[%s] amfs: list the AMF(s) it connects to", g);
    b->amf_mask = 0;
    b->home_amf = -1;
    for (int i = 0; i < n; i++) {
        int a = find_amf(sc, items[i]);
        if (a < 0) {
            fail(L, "[%s] amfs: unknown AMF '%s' (define [amf %s] before the gNBs)", g, items[i],
                 items[i]);
            break;
        }
        b->amf_mask |= 1u << a;
        if (b->home_amf < 0)
            b->home_amf = a;
    }
    g_strfreev(items);
    g_free(v);
    b->share = get_double(L, g, "share", 1, 0, 1e6);
    v = get_str(L, g, "behaviour");
    b->behaviour = GNB_COMPLIES;
    if (v) {
        int found = 0;
        for (int i = 0; i <= GNB_SHEDS_BY_RELEASE; i++)
            if (strcmp(v, behaviour_name((gnb_behaviour)i)) == 0) {
                b->behaviour = (gnb_behaviour)i;
                found = 1;
            }
        if (!found)
            fail(L, "[%s] behaviour = '%s': expected complies, ignores-start, over-sheds, "
                    "sheds-exempt, misses-stop, rejects-without-start, releases-unlisted-slices or "
                    "sheds-by-release", g, v);
    }
    g_free(v);
    get_reject_wait(L, g, b);
    b->spurious_from_us = get_time_us(L, g, "spurious_from_s", -1);
    b->spurious_to_us = get_time_us(L, g, "spurious_to_s", -1);
    b->spurious_share = get_double(L, g, "spurious_share", 1, 0, 1);
    b->ng_setup_failures = (int)get_int(L, g, "ng_setup_failures", 0, 0, 5);
    b->resume_share = get_double(L, g, "resume_share", 0, 0, 1);
    if (b->behaviour == GNB_REJECTS_WITHOUT_START &&
        (b->spurious_from_us < 0 || b->spurious_to_us <= b->spurious_from_us))
        fail(L, "[%s] rejects-without-start needs spurious_from_s < spurious_to_s", g);
    sc->n_gnbs++;
}

static void load_phase(loader *L, scenario *sc, const char *g, const char *name)
{
    if (sc->n_phases >= SC_MAX_PHASES) {
        fail(L, "too many phases (max %d)", SC_MAX_PHASES);
        return;
    }
    sc_phase *p = &sc->phases[sc->n_phases];
    snprintf(p->name, sizeof p->name, "%s", name);
    p->start_us = get_time_us(L, g, "start_s", 0);
    p->end_us = get_time_us(L, g, "end_s", sc->duration_us);
    if (p->end_us <= p->start_us)
        fail(L, "[%s] end_s must be after start_s", g);
    gsize nkeys = 0;
    char **keys = g_key_file_get_keys(L->kf, g, &nkeys, NULL);
    for (gsize i = 0; keys && i < nkeys; i++) {
        if (strncmp(keys[i], "rate.", 5) == 0) {
            int c = cause_from_name(keys[i] + 5);
            if (c < 0)
                fail(L, "[%s] %s: unknown RRC establishment cause '%s'", g, keys[i], keys[i] + 5);
            else
                p->rate[c] = get_double(L, g, keys[i], 0, 0, 1e6);
        } else if (strcmp(keys[i], "start_s") && strcmp(keys[i], "end_s") &&
                   strcmp(keys[i], "slices"))
            fail(L, "[%s] unknown key '%s'", g, keys[i]);
    }
    g_strfreev(keys);
    for (int i = 0; i < SC_MAX_SLICES; i++)
        p->slice_weight[i] = i < sc->n_slices ? sc->slice_share[i] : 0;
    char *v = get_str(L, g, "slices");
    if (v) {
        for (int i = 0; i < SC_MAX_SLICES; i++)
            p->slice_weight[i] = 0;
        int n = 0;
        char **items = split_list(v, &n);
        for (int i = 0; i < n; i++) {
            char *colon = strchr(items[i], ':');
            double w = 1;
            if (colon) {
                *colon = '\0';
                w = g_ascii_strtod(colon + 1, NULL);
            }
            sc_snssai s;
            int idx = parse_snssai(items[i], &s) == 0 ? find_slice(sc, &s) : -1;
            if (idx < 0 || w < 0)
                fail(L, "[%s] slices: '%s' is not a slice of [ues] slices", g, items[i]);
            else
                p->slice_weight[idx] = w;
        }
        g_strfreev(items);
        g_free(v);
    }
    sc->n_phases++;
}

/* "SNSSAI[/ACTION[/PCT]]" items separated by commas. */
static void parse_slice_items(loader *L, const char *g, const char *k, sc_start *st)
{
    char *v = get_str(L, g, k);
    if (!v)
        return;
    int n = 0;
    char **items = split_list(v, &n);
    if (n > SC_MAX_SLICE_ITEMS)
        fail(L, "[%s] %s: at most %d items", g, k, SC_MAX_SLICE_ITEMS);
    for (int i = 0; i < n && i < SC_MAX_SLICE_ITEMS; i++) {
        char **p = g_strsplit(items[i], "/", 3);
        sc_slice_item *it = &st->slices[i];
        it->action = ACTION_NONE;
        it->reduction_pct = 0;
        if (!p[0] || parse_snssai(p[0], &it->snssai) < 0)
            fail(L, "[%s] %s: bad S-NSSAI in '%s'", g, k, items[i]);
        if (p[0] && p[1] && action_from_name(p[1], &it->action) < 0)
            fail(L, "[%s] %s: bad action in '%s'", g, k, items[i]);
        if (p[0] && p[1] && p[2]) {
            char *end = NULL;
            long pct = strtol(p[2], &end, 10);
            if (*end || pct < 0 || pct > 99)
                fail(L, "[%s] %s: bad reduction %% in '%s'", g, k, items[i]);
            it->reduction_pct = (int)pct;
        }
        g_strfreev(p);
    }
    st->n_slices = n > SC_MAX_SLICE_ITEMS ? SC_MAX_SLICE_ITEMS : n;
    g_strfreev(items);
    g_free(v);
}

static void load_start(loader *L, const char *g, const char *prefix, sc_start *st)
{
    char k[64];
    snprintf(k, sizeof k, "%saction", prefix);
    char *v = get_str(L, g, k);
    st->action = ACTION_REJECT_SIGNALLING;
    if (v && action_from_name(v, &st->action) < 0)
        fail(L, "[%s] %s = '%s': expected none, 0..3 or an NGAP OverloadAction name", g, k, v);
    g_free(v);
    snprintf(k, sizeof k, "%sreduction_pct", prefix);
    st->reduction_pct = (int)get_int(L, g, k, 0, 0, 99);
    snprintf(k, sizeof k, "%sslices", prefix);
    parse_slice_items(L, g, k, st);
}

static void load_t3346(loader *L, const char *g, sc_episode *e)
{
    char *v = get_str(L, g, "t3346");
    e->t3346 = T3346_RANDOM;
    e->t3346_s = 120;
    e->t3346_max_s = 1800;
    if (v) {
        unsigned lo, hi;
        char tail;
        if (!strcmp(v, "none"))
            e->t3346 = T3346_NONE;
        else if (!strcmp(v, "zero"))
            e->t3346 = T3346_ZERO;
        else if (!strcmp(v, "deactivated"))
            e->t3346 = T3346_DEACTIVATED;
        else if (sscanf(v, "random:%u-%u%c", &lo, &hi, &tail) == 2 && lo >= 2 && lo <= hi &&
                 hi <= 11160) {
            e->t3346_s = (int)lo;
            e->t3346_max_s = (int)hi;
        } else if (sscanf(v, "%u%c", &lo, &tail) == 1 && lo >= 2 && lo <= 11160) {
            e->t3346 = T3346_FIXED;
            e->t3346_s = e->t3346_max_s = (int)lo;
        } else
            fail(L, "[%s] t3346 = '%s': expected seconds, random:LO-HI, none, zero or "
                    "deactivated", g, v);
    }
    g_free(v);
}

static void load_episode(loader *L, scenario *sc, const char *g, const char *name)
{
    if (sc->n_episodes >= SC_MAX_EPISODES) {
        fail(L, "too many episodes (max %d)", SC_MAX_EPISODES);
        return;
    }
    sc_episode *e = &sc->episodes[sc->n_episodes];
    snprintf(e->name, sizeof e->name, "%s", name);
    char *v = get_str(L, g, "amf");
    e->amf = v ? find_amf(sc, v) : -1;
    if (e->amf < 0)
        fail(L, "[%s] amf: name a defined AMF", g);
    g_free(v);
    e->starts[0].at_us = get_time_us(L, g, "start_s", -1);
    if (e->starts[0].at_us < 0)
        fail(L, "[%s] start_s is required", g);
    load_start(L, g, "", &e->starts[0]);
    e->n_starts = 1;
    for (int u = 1; u < SC_MAX_STARTS; u++) {
        char k[64], prefix[32];
        snprintf(prefix, sizeof prefix, "update%d_", u);
        snprintf(k, sizeof k, "%ss", prefix);
        if (!has(L, g, k))
            break;
        e->starts[u].at_us = get_time_us(L, g, k, 0);
        if (e->starts[u].at_us <= e->starts[u - 1].at_us)
            fail(L, "[%s] %s must be after the previous START", g, k);
        load_start(L, g, prefix, &e->starts[u]);
        e->n_starts++;
    }
    v = get_str(L, g, "stop_s");
    if (!v || !strcmp(v, "none"))
        e->stop_us = -1;
    else
        e->stop_us = get_time_us(L, g, "stop_s", -1);
    g_free(v);
    if (e->stop_us >= 0 && e->stop_us <= e->starts[e->n_starts - 1].at_us)
        fail(L, "[%s] stop_s must be after every START", g);
    e->gnb_mask = 0;
    v = get_str(L, g, "gnbs");
    if (!v || !strcmp(v, "all")) {
        for (int i = 0; i < sc->n_gnbs; i++)
            if (e->amf >= 0 && (sc->gnbs[i].amf_mask & (1u << e->amf)))
                e->gnb_mask |= 1u << i;
    } else {
        int n = 0;
        char **items = split_list(v, &n);
        for (int i = 0; i < n; i++) {
            int b = find_gnb(sc, items[i]);
            if (b < 0 || e->amf < 0 || !(sc->gnbs[b].amf_mask & (1u << e->amf)))
                fail(L, "[%s] gnbs: '%s' is not a gNB connected to this AMF", g, items[i]);
            else
                e->gnb_mask |= 1u << b;
        }
        g_strfreev(items);
    }
    g_free(v);
    e->send_start = get_bool(L, g, "send_start", 1);
    if (!e->send_start)
        e->gnb_mask = 0;
    e->nas_reject_share = get_double(L, g, "nas_reject_share", 0, 0, 1);
    char *rs = get_str(L, g, "nas_reject_slices");
    int n_rs = 0;
    char **rsl = split_list(rs ? rs : "", &n_rs);
    for (int i = 0; i < n_rs && !L->failed; i++) {
        sc_snssai want;
        int found = -1;
        if (parse_snssai(rsl[i], &want) == 0)
            for (int k = 0; k < sc->n_slices; k++)
                if (snssai_equal(&want, &sc->slices[k]))
                    found = k;
        if (found < 0)
            fail(L, "[%s] nas_reject_slices: '%s' is not a slice of [ues]", g, rsl[i]);
        else
            e->nas_reject_slices |= 1u << found;
    }
    g_strfreev(rsl);
    g_free(rs);
    e->reject_exempt = get_bool(L, g, "reject_exempt", 0);
    load_t3346(L, g, e);
    e->nas_integrity = get_bool(L, g, "nas_integrity", 1);
    e->nas_ciphered_share = get_double(L, g, "nas_ciphered_share", 0, 0, 1);
    e->nrf_load = (int)get_int(L, g, "nrf_load", 95, 0, 100);
    e->nrf_lag_s = (int)get_int(L, g, "nrf_lag_s", 0, 0, 3600);
    e->dereg_share = get_double(L, g, "dereg_share", 0, 0, 1);
    e->pdu_reject_share = get_double(L, g, "pdu_reject_share", 0, 0, 1);
    e->sbi_error = get_bool(L, g, "sbi_503", 0) ? 503 : 0;
    char *se = get_str(L, g, "sbi_error");
    if (se) {
        if (!strcmp(se, "503") || !strcmp(se, "429"))
            e->sbi_error = atoi(se);
        else if (!strcmp(se, "none"))
            e->sbi_error = 0;
        else
            fail(L, "[%s] sbi_error = '%s': expected none, 503 or 429", g, se);
        g_free(se);
    }
    sc->n_episodes++;
}

static void load_rebalance(loader *L, scenario *sc, const char *g)
{
    if (sc->n_rebalances >= SC_MAX_REBALANCES) {
        fail(L, "too many rebalances (max %d)", SC_MAX_REBALANCES);
        return;
    }
    sc_rebalance *r = &sc->rebalances[sc->n_rebalances];
    char *from = get_str(L, g, "from"), *to = get_str(L, g, "to");
    r->from_amf = from ? find_amf(sc, from) : -1;
    r->to_amf = to ? find_amf(sc, to) : -1;
    if (r->from_amf < 0 || r->to_amf < 0 || r->from_amf == r->to_amf)
        fail(L, "[%s] from/to: name two different defined AMFs", g);
    else if (sc->amfs[r->from_amf].set_id != sc->amfs[r->to_amf].set_id)
        fail(L, "[%s] from/to: AMFs must be of the same AMF Set", g);
    g_free(from);
    g_free(to);
    r->start_us = get_time_us(L, g, "start_s", 0);
    r->end_us = get_time_us(L, g, "end_s", sc->duration_us);
    r->rate_per_s = get_double(L, g, "rate_per_s", 5, 0.001, 1e4);
    r->capacity = (int)get_int(L, g, "capacity", -1, -1, 255);
    if (r->end_us <= r->start_us)
        fail(L, "[%s] end_s must be after start_s", g);
    sc->n_rebalances++;
}

int scenario_load(const char *path, scenario *sc, char *err, int err_len)
{
    memset(sc, 0, sizeof *sc);
    loader L = {.kf = g_key_file_new(), .err = err, .err_len = err_len};
    GError *ge = NULL;
    if (!g_key_file_load_from_file(L.kf, path, G_KEY_FILE_NONE, &ge)) {
        snprintf(err, (size_t)err_len, "%s: %s", path, ge ? ge->message : "cannot read");
        g_clear_error(&ge);
        g_key_file_free(L.kf);
        return -1;
    }
    load_scenario_group(&L, sc);
    load_ues(&L, sc);
    load_nrf(&L, sc);
    load_udm(&L, sc);
    gsize ngroups = 0;
    char **groups = g_key_file_get_groups(L.kf, &ngroups);
    /* Two passes so that gNBs may name AMFs and episodes may name gNBs in any file order. */
    for (int pass = 0; pass < 3 && !L.failed; pass++)
        for (gsize i = 0; i < ngroups && !L.failed; i++) {
            const char *g = groups[i];
            const char *sp = strchr(g, ' ');
            if (!sp) {
                /* [expect]: what the tests expect of the scenario (testcaptures/README.md),
                 * not read by the synthesizer. */
                if (pass == 0 && strcmp(g, "scenario") && strcmp(g, "ues") && strcmp(g, "nrf") &&
                    strcmp(g, "udm") && strcmp(g, "expect"))
                    fail(&L, "unknown group [%s]", g);
                continue;
            }
            char kind[16];
            size_t kl = (size_t)(sp - g);
            snprintf(kind, sizeof kind, "%.*s", (int)(kl < 15 ? kl : 15), g);
            const char *name = sp + 1;
            if (strlen(name) == 0 || strlen(name) >= SC_NAME_LEN) {
                fail(&L, "[%s]: name must be 1..%d characters", g, SC_NAME_LEN - 1);
                break;
            }
            if (pass == 0 && !strcmp(kind, "amf"))
                load_amf(&L, sc, g, name);
            else if (pass == 1 && !strcmp(kind, "gnb"))
                load_gnb(&L, sc, g, name);
            else if (pass == 2 && !strcmp(kind, "phase"))
                load_phase(&L, sc, g, name);
            else if (pass == 2 && !strcmp(kind, "episode"))
                load_episode(&L, sc, g, name);
            else if (pass == 2 && !strcmp(kind, "rebalance"))
                load_rebalance(&L, sc, g);
            else if (pass == 0 && strcmp(kind, "amf") && strcmp(kind, "gnb") &&
                     strcmp(kind, "phase") && strcmp(kind, "episode") && strcmp(kind, "rebalance"))
                fail(&L, "unknown group kind [%s]", g);
        }
    g_strfreev(groups);
    /* One AMF is in one overload state at a time: its episodes must not overlap. */
    for (int i = 0; i < sc->n_episodes && !L.failed; i++)
        for (int j = i + 1; j < sc->n_episodes && !L.failed; j++) {
            const sc_episode *a = &sc->episodes[i], *b = &sc->episodes[j];
            int64_t a_end = a->stop_us >= 0 ? a->stop_us : INT64_MAX;
            int64_t b_end = b->stop_us >= 0 ? b->stop_us : INT64_MAX;
            if (a->amf == b->amf && a->starts[0].at_us < b_end && b->starts[0].at_us < a_end)
                fail(&L, "[episode %s] and [episode %s] overlap on AMF %s", a->name, b->name,
                     sc->amfs[a->amf].name);
        }
    if (!L.failed && sc->n_amfs == 0)
        fail(&L, "define at least one [amf NAME]");
    if (!L.failed && sc->n_gnbs == 0)
        fail(&L, "define at least one [gnb NAME]");
    g_key_file_free(L.kf);
    if (L.failed) {
        char tmp[512];
        snprintf(tmp, sizeof tmp, "%s: %s", path, err);
        snprintf(err, (size_t)err_len, "%s", tmp);
        return -1;
    }
    return 0;
}
