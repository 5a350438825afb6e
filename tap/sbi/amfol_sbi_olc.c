/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_olc.c: TS 29.500 §5.2.3.3 OCI/LCI header parser (strict ABNF), RFC 5322 dates,
 * Retry-After. A cursor walks the value once; nothing is allocated. */
#include "amfol_sbi_olc.h"

#include <limits.h>

#include <stdio.h>
#include <string.h>
#include <strings.h>

typedef struct cursor {
    const char *p;
    const char *end;
} cursor;

static bool at_end(const cursor *c) { return c->p >= c->end; }
static bool is_ws(char ch) { return ch == ' ' || ch == '\t'; }
static bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }

static bool is_hex(char ch)
{
    return is_digit(ch) || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
}

static void skip_ows(cursor *c)
{
    while (!at_end(c) && is_ws(*c->p))
        c->p++;
}

/* RWS: at least one space or tab. */
static bool skip_rws(cursor *c)
{
    if (at_end(c) || !is_ws(*c->p))
        return false;
    skip_ows(c);
    return true;
}

/* ABNF quoted literals are case-insensitive. */
static bool take_ci(cursor *c, const char *lit)
{
    size_t n = strlen(lit);
    if ((size_t)(c->end - c->p) < n || strncasecmp(c->p, lit, n) != 0)
        return false;
    c->p += n;
    return true;
}

static bool take_char(cursor *c, char ch)
{
    if (at_end(c) || *c->p != ch)
        return false;
    c->p++;
    return true;
}

static bool fail(amfol_olc_header *h, const char *why)
{
    if (!h->malformed) {
        h->malformed = true;
        snprintf(h->error, sizeof h->error, "%s", why);
    }
    return false;
}

/* ---- dates ------------------------------------------------------------------------------ */

/* Days since 1970-01-01 of a civil date (H. Hinnant's algorithm). */
static long days_from_civil(int y, int m, int d)
{
    y -= m <= 2;
    long era = (y >= 0 ? y : y - 399) / 400;
    unsigned yoe = (unsigned)(y - era * 400);
    unsigned doy = (unsigned)((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1);
    unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + (long)doe - 719468;
}

static bool take_uint(cursor *c, int min_digits, int max_digits, int *out)
{
    int n = 0, v = 0;
    while (!at_end(c) && is_digit(*c->p) && n < max_digits) {
        v = v * 10 + (*c->p - '0');
        c->p++;
        n++;
    }
    if (n < min_digits || (!at_end(c) && is_digit(*c->p)))
        return false;
    *out = v;
    return true;
}

static bool parse_date_cursor(cursor *c, double *epoch_s)
{
    static const char *const days[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    static const char *const mons[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    skip_ows(c);
    for (size_t i = 0; i < 7; i++) {
        cursor t = *c;
        if (take_ci(&t, days[i])) {
            if (!take_char(&t, ','))
                return false;
            *c = t;
            break;
        }
    }
    skip_ows(c);
    int day, year, hh, mm, ss = 0, mon = -1;
    if (!take_uint(c, 1, 2, &day) || !skip_rws(c))
        return false;
    for (int i = 0; i < 12; i++)
        if (take_ci(c, mons[i])) {
            mon = i + 1;
            break;
        }
    if (mon < 0 || !skip_rws(c) || !take_uint(c, 4, 4, &year) || !skip_rws(c))
        return false;
    if (!take_uint(c, 2, 2, &hh) || !take_char(c, ':') || !take_uint(c, 2, 2, &mm))
        return false;
    if (take_char(c, ':') && !take_uint(c, 2, 2, &ss))
        return false;
    if (!skip_rws(c))
        return false;
    int offset_min = 0;
    if (take_ci(c, "GMT") || take_ci(c, "UTC") || take_ci(c, "UT")) {
        offset_min = 0;
    } else if (!at_end(c) && (*c->p == '+' || *c->p == '-')) {
        int sign = *c->p == '-' ? -1 : 1, hhmm;
        c->p++;
        if (!take_uint(c, 4, 4, &hhmm) || hhmm % 100 > 59)
            return false;
        offset_min = sign * (hhmm / 100 * 60 + hhmm % 100);
    } else {
        return false;
    }
    if (day < 1 || day > 31 || hh > 23 || mm > 59 || ss > 60)
        return false;
    *epoch_s = (double)days_from_civil(year, mon, day) * 86400.0 + hh * 3600.0 + mm * 60.0 + ss -
               offset_min * 60.0;
    return true;
}

bool amfol_olc_parse_date(const char *s, double *epoch_s)
{
    if (!s)
        return false;
    cursor c = { s, s + strlen(s) };
    if (!parse_date_cursor(&c, epoch_s))
        return false;
    skip_ows(&c);
    return at_end(&c);
}

int amfol_olc_retry_after_s(const char *value, double now)
{
    if (!value)
        return AMFOL_ABSENT;
    cursor c = { value, value + strlen(value) };
    skip_ows(&c);
    if (at_end(&c))
        return AMFOL_ABSENT;
    if (is_digit(*c.p)) {
        long v = 0;
        while (!at_end(&c) && is_digit(*c.p)) {
            if (v < 100000000)
                v = v * 10 + (*c.p - '0');
            c.p++;
        }
        skip_ows(&c);
        return at_end(&c) ? (int)v : AMFOL_ABSENT;
    }
    double t;
    if (!amfol_olc_parse_date(c.p, &t))
        return AMFOL_ABSENT;
    double d = t - now;
    /* A date centuries ahead must not overflow the int (found by fuzzing): saturate. */
    if (d >= (double)INT_MAX)
        return INT_MAX;
    return d <= 0 ? 0 : (int)(d + 0.5);
}

/* ---- OCI / LCI ---------------------------------------------------------------------------- */

static const struct {
    const char *name;
    int scope;
} scope_names[] = {
    /* The colon ends each name, so no name is a prefix of another. */
    { "NF-Instance:", AMFOL_OLC_SCOPE_NF_INSTANCE },
    { "NF-Set:", AMFOL_OLC_SCOPE_NF_SET },
    { "NF-Service-Instance:", AMFOL_OLC_SCOPE_NF_SERVICE_INSTANCE },
    { "NF-Service-Set:", AMFOL_OLC_SCOPE_NF_SERVICE_SET },
    { "NFC-Instance:", AMFOL_OLC_SCOPE_NFC_INSTANCE },
    { "NFC-Set:", AMFOL_OLC_SCOPE_NFC_SET },
    { "NFC-Service-Instance:", AMFOL_OLC_SCOPE_NFC_SERVICE_INSTANCE },
    { "NFC-Service-Set:", AMFOL_OLC_SCOPE_NFC_SERVICE_SET },
    { "Callback-Uri:", AMFOL_OLC_SCOPE_CALLBACK_URI },
    { "SCP-FQDN:", AMFOL_OLC_SCOPE_SCP_FQDN },
    { "SEPP-FQDN:", AMFOL_OLC_SCOPE_SEPP_FQDN },
};

const char *amfol_olc_scope_name(int scope)
{
    static const char *const names[AMFOL_OLC_SCOPE_COUNT] = {
        "none", "NF-Instance", "NF-Set", "NF-Service-Instance", "NF-Service-Set",
        "NFC-Instance", "NFC-Set", "NFC-Service-Instance", "NFC-Service-Set",
        "Callback-Uri", "SCP-FQDN", "SEPP-FQDN",
    };
    return scope >= 0 && scope < AMFOL_OLC_SCOPE_COUNT ? names[scope] : "none";
}

/* A parameter value: up to ';' or ',' or the end, without trailing white space. */
static bool take_token(cursor *c, char *out, size_t cap)
{
    const char *s = c->p;
    while (!at_end(c) && *c->p != ';' && *c->p != ',')
        c->p++;
    const char *e = c->p;
    while (e > s && is_ws(e[-1]))
        e--;
    if (e == s)
        return false;
    for (const char *q = s; q < e; q++)
        if (is_ws(*q) || *q == '"')
            return false;
    size_t n = (size_t)(e - s);
    if (out) {
        if (n >= cap)
            n = cap - 1;
        memcpy(out, s, n);
        out[n] = '\0';
    }
    return true;
}

/* One item of an "&" list: a run without white space, quote, ';', ',' or '&'. */
static bool take_item(cursor *c, char *out, size_t cap)
{
    const char *s = c->p;
    while (!at_end(c) && !is_ws(*c->p) && *c->p != ';' && *c->p != ',' && *c->p != '&' &&
           *c->p != '"')
        c->p++;
    if (c->p == s)
        return false;
    if (out) {
        size_t n = (size_t)(c->p - s);
        if (n >= cap)
            n = cap - 1;
        memcpy(out, s, n);
        out[n] = '\0';
    }
    return true;
}

/* Where the items of an "&" list go: up to `max` of `item_cap` bytes each (NULL: counted only). */
typedef struct item_sink {
    char *buf;
    size_t item_cap;
    int max;
    int *kept;
} item_sink;

static void sink_put(const item_sink *k, const cursor *c, const char *start)
{
    if (!k || !k->buf || *k->kept >= k->max)
        return;
    size_t n = (size_t)(c->p - start);
    if (n >= k->item_cap)
        n = k->item_cap - 1;
    char *dst = k->buf + (size_t)*k->kept * k->item_cap;
    memcpy(dst, start, n);
    dst[n] = '\0';
    (*k->kept)++;
}

/* TS 29.500 §5.2.3.3 lists: item *(RWS "&" RWS item) (S-NSSAI, DNN, Callback-Uri). The first
 * item goes to `out`, every item to `sink`. False when an item is missing or "&" lacks its white
 * space. */
static bool take_list(cursor *c, char *out, size_t cap, int *n_items, const item_sink *sink)
{
    const char *s0 = c->p;
    if (!take_item(c, out, cap))
        return false;
    sink_put(sink, c, s0);
    int n = 1;
    for (;;) {
        cursor t = *c;
        skip_ows(&t);
        if (at_end(&t) || *t.p != '&')
            break;
        if (t.p == c->p || !take_char(&t, '&') || !skip_rws(&t))
            return false;
        const char *si = t.p;
        if (!take_item(&t, NULL, 0))
            return false;
        sink_put(sink, &t, si);
        *c = t;
        n++;
    }
    if (!at_end(c) && *c->p == '&')
        return false;                  /* "1&2": no white space around "&" */
    if (n_items)
        *n_items = n;
    return true;
}

static bool is_producer_scope(int scope)
{
    return scope >= AMFOL_OLC_SCOPE_NF_INSTANCE && scope <= AMFOL_OLC_SCOPE_NF_SERVICE_SET;
}

static bool is_uuid(const char *s)
{
    static const int groups[] = {8, 4, 4, 4, 12};
    for (int g = 0; g < 5; g++) {
        for (int i = 0; i < groups[g]; i++, s++)
            if (!is_hex(*s))
                return false;
        if (g < 4 && *s++ != '-')
            return false;
    }
    return *s == '\0';
}

/* "100" / %x31-39 DIGIT / DIGIT, then "%". */
static bool take_percent(cursor *c, int *out)
{
    const char *s = c->p;
    int v;
    if (!take_uint(c, 1, 3, &v))
        return false;
    size_t n = (size_t)(c->p - s);
    if ((n > 1 && s[0] == '0') || v > 100)
        return false;
    if (!take_char(c, '%'))
        return false;
    *out = v;
    return true;
}

/* ";" RWS: the separator between the parameters of one element. */
static bool take_sep(cursor *c)
{
    skip_ows(c);
    if (!take_char(c, ';'))
        return false;
    return skip_rws(c);
}

static bool peek_sep(const cursor *c)
{
    cursor t = *c;
    skip_ows(&t);
    return !at_end(&t) && *t.p == ';';
}

static bool parse_scope(cursor *c, amfol_olc_element *el, amfol_olc_header *h, amfol_olc_items *it)
{
    int scope = AMFOL_OLC_SCOPE_NONE;
    for (size_t i = 0; i < sizeof scope_names / sizeof scope_names[0]; i++)
        if (take_ci(c, scope_names[i].name)) {
            scope = scope_names[i].scope;
            break;
        }
    if (scope == AMFOL_OLC_SCOPE_NONE)
        return fail(h, "unknown or missing scope (NF-Instance, NF-Set, ...)");
    if (!h->is_oci && scope >= AMFOL_OLC_SCOPE_NFC_INSTANCE && scope <= AMFOL_OLC_SCOPE_CALLBACK_URI)
        return fail(h, "consumer scope is not allowed in an LCI");
    if (!skip_rws(c))
        return fail(h, "no white space after the scope name");
    el->scope = scope;
    if (scope == AMFOL_OLC_SCOPE_CALLBACK_URI) {
        item_sink k = { it ? it->uri[0] : NULL, sizeof it->uri[0], AMFOL_OLC_MAX_ITEMS,
                        it ? &it->n_uri : NULL };
        if (!take_list(c, el->scope_value, sizeof el->scope_value, &el->n_scope_values, &k))
            return fail(h, "bad Callback-Uri list (URI *(RWS \"&\" RWS URI))");
    } else if (!take_token(c, el->scope_value, sizeof el->scope_value)) {
        return fail(h, "empty scope value");
    } else {
        el->n_scope_values = 1;
    }
    if ((scope == AMFOL_OLC_SCOPE_NF_INSTANCE || scope == AMFOL_OLC_SCOPE_NFC_INSTANCE) &&
        !is_uuid(el->scope_value))
        return fail(h, "NF instance is not a UUID");
    /* Optional sub-parameters of some scopes, then S-NSSAI / DNN / Relative-Capacity. */
    while (peek_sep(c)) {
        cursor t = *c;
        if (!take_sep(&t))
            return fail(h, "no white space after ';'");
        /* TS 29.500 Rel-18 ABNF: NF-Inst follows NF-Service-Instance and NFC-Service-Instance,
         * Service-Name follows NFC-Instance and NFC-Set. */
        if (take_ci(&t, "NF-Inst:")) {
            if (scope != AMFOL_OLC_SCOPE_NF_SERVICE_INSTANCE && scope != AMFOL_OLC_SCOPE_NFC_SERVICE_INSTANCE)
                return fail(h, "NF-Inst is allowed only with NF-Service-Instance or NFC-Service-Instance");
            char inst[40];
            if (!skip_rws(&t) || !take_token(&t, inst, sizeof inst) || !is_uuid(inst))
                return fail(h, "bad NF-Inst");
            if (it)
                snprintf(it->nf_inst, sizeof it->nf_inst, "%s", inst);
        } else if (take_ci(&t, "Service-Name:")) {
            if (scope != AMFOL_OLC_SCOPE_NFC_INSTANCE && scope != AMFOL_OLC_SCOPE_NFC_SET)
                return fail(h, "Service-Name is allowed only with NFC-Instance or NFC-Set");
            if (!skip_rws(&t) || !take_token(&t, NULL, 0))
                return fail(h, "bad Service-Name");
        } else if (take_ci(&t, "S-NSSAI:")) {
            if (!is_producer_scope(scope))
                return fail(h, "S-NSSAI is not allowed with this scope (NF producer scopes only)");
            item_sink k = { it ? it->snssai[0] : NULL, sizeof it->snssai[0], AMFOL_OLC_MAX_ITEMS,
                            it ? &it->n_snssai : NULL };
            if (el->has_snssai || !skip_rws(&t) || !take_list(&t, NULL, 0, &el->n_snssai, &k))
                return fail(h, "bad S-NSSAI list (snssai *(RWS \"&\" RWS snssai))");
            el->has_snssai = true;
        } else if (take_ci(&t, "DNN:")) {
            if (!is_producer_scope(scope))
                return fail(h, "DNN is not allowed with this scope (NF producer scopes only)");
            item_sink k = { it ? it->dnn[0] : NULL, sizeof it->dnn[0], AMFOL_OLC_MAX_ITEMS,
                            it ? &it->n_dnn : NULL };
            if (!el->has_snssai || el->has_dnn || !skip_rws(&t) ||
                !take_list(&t, NULL, 0, &el->n_dnn, &k))
                return fail(h, "bad DNN (must follow S-NSSAI; dnn *(RWS \"&\" RWS dnn))");
            el->has_dnn = true;
        } else if (take_ci(&t, "Relative-Capacity:")) {
            int v;
            if (h->is_oci || !is_producer_scope(scope))
                return fail(h, "Relative-Capacity is allowed only in an LCI with an NF producer scope");
            if (!skip_rws(&t) || !take_percent(&t, &v))
                return fail(h, "bad Relative-Capacity");
            el->relative_capacity = v;
        } else {
            return fail(h, "unexpected parameter after the scope");
        }
        *c = t;
    }
    if (el->has_snssai != el->has_dnn)
        return fail(h, "S-NSSAI and DNN must come together");
    return true;
}

static bool parse_element(cursor *c, amfol_olc_element *el, amfol_olc_header *h, amfol_olc_items *it)
{
    memset(el, 0, sizeof *el);
    if (it)
        memset(it, 0, sizeof *it);
    el->validity_s = AMFOL_ABSENT;
    el->relative_capacity = AMFOL_ABSENT;
    if (!take_ci(c, "Timestamp:"))
        return fail(h, "element does not start with Timestamp:");
    if (!skip_rws(c))
        return fail(h, "no white space after Timestamp:");
    if (!take_char(c, '"'))
        return fail(h, "Timestamp is not quoted");
    const char *s = c->p;
    while (!at_end(c) && *c->p != '"')
        c->p++;
    if (at_end(c))
        return fail(h, "unterminated Timestamp quote");
    size_t n = (size_t)(c->p - s);
    if (n >= sizeof el->timestamp_text)
        return fail(h, "Timestamp too long");
    memcpy(el->timestamp_text, s, n);
    el->timestamp_text[n] = '\0';
    c->p++;
    if (!amfol_olc_parse_date(el->timestamp_text, &el->timestamp))
        return fail(h, "Timestamp is not an RFC 5322 date-time");
    if (!take_sep(c))
        return fail(h, "missing '; ' after Timestamp");
    if (h->is_oci) {
        if (!take_ci(c, "Period-of-Validity:") || !skip_rws(c))
            return fail(h, "missing Period-of-Validity");
        int v;
        if (!take_uint(c, 1, 9, &v) || !take_char(c, 's'))
            return fail(h, "Period-of-Validity is not <digits>s");
        el->validity_s = v;
        if (!take_sep(c))
            return fail(h, "missing '; ' after Period-of-Validity");
        if (!take_ci(c, "Overload-Reduction-Metric:") || !skip_rws(c))
            return fail(h, "missing Overload-Reduction-Metric");
        if (!take_percent(c, &el->metric))
            return fail(h, "Overload-Reduction-Metric is not 0..100%");
    } else {
        if (!take_ci(c, "Load-Metric:") || !skip_rws(c))
            return fail(h, "missing Load-Metric");
        if (!take_percent(c, &el->metric))
            return fail(h, "Load-Metric is not 0..100%");
    }
    if (!take_sep(c))
        return fail(h, "missing scope");
    return parse_scope(c, el, h, it);
}

static bool parse_header(const char *value, bool is_oci, amfol_olc_header *h, amfol_olc_items *items)
{
    memset(h, 0, sizeof *h);
    h->is_oci = is_oci;
    if (!value)
        return fail(h, "empty header");
    cursor c = { value, value + strlen(value) };
    skip_ows(&c);
    if (at_end(&c))
        return fail(h, "empty header");
    for (;;) {
        amfol_olc_element el;
        amfol_olc_items scratch;
        amfol_olc_items *it = items && h->n_elements < AMFOL_OLC_MAX_ELEMENTS
                                  ? &items[h->n_elements] : (items ? &scratch : NULL);
        bool ok = parse_element(&c, &el, h, it);
        h->n_elements_total++;
        if (!ok)
            return false;
        if (h->n_elements < AMFOL_OLC_MAX_ELEMENTS)
            h->el[h->n_elements++] = el;
        skip_ows(&c);
        if (at_end(&c))
            return true;
        if (!take_char(&c, ','))
            return fail(h, "unexpected text after an element");
        skip_ows(&c);
    }
}

bool amfol_olc_parse_oci(const char *value, amfol_olc_header *out)
{
    return parse_header(value, true, out, NULL);
}

bool amfol_olc_parse_oci_items(const char *value, amfol_olc_header *out,
                               amfol_olc_items items[AMFOL_OLC_MAX_ELEMENTS])
{
    if (items)
        memset(items, 0, sizeof(amfol_olc_items) * AMFOL_OLC_MAX_ELEMENTS);
    return parse_header(value, true, out, items);
}

bool amfol_olc_parse_lci(const char *value, amfol_olc_header *out)
{
    return parse_header(value, false, out, NULL);
}
