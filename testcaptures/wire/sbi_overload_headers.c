/* SPDX-License-Identifier: GPL-2.0-or-later */
/* 3gpp-Sbi-Oci / 3gpp-Sbi-Lci header values (TS 29.500 §5.2.3.3) and HTTP/3GPP date formats. */
#include <stdio.h>

#include "sbi_msg.h"

/* Civil date from days since 1970-01-01 (H. Hinnant's algorithm): no libc time zone state. */
static void civil_from_days(int64_t z, int *y, unsigned *m, unsigned *d)
{
    z += 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    unsigned doe = (unsigned)(z - era * 146097);
    unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    unsigned mp = (5 * doy + 2) / 153;
    *d = doy - (153 * mp + 2) / 5 + 1;
    *m = mp < 10 ? mp + 3 : mp - 9;
    *y = (int)(yoe + era * 400 + (*m <= 2));
}

/* snprintf result as a length, 0 when truncated or failed. */
static size_t fit(int n, size_t cap)
{
    return (n < 0 || (size_t)n >= cap) ? 0 : (size_t)n;
}

size_t sbi_format_http_date(char *out, size_t cap, uint64_t ts_s)
{
    static const char *const wd[] = {"Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"};
    static const char *const mon[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    if (!out)
        return 0;
    int64_t days = (int64_t)(ts_s / 86400u);
    unsigned sod = (unsigned)(ts_s % 86400u);
    int y;
    unsigned m, d;
    civil_from_days(days, &y, &m, &d);
    return fit(snprintf(out, cap, "%s, %02u %s %04d %02u:%02u:%02u GMT", wd[days % 7], d,
                        mon[m - 1], y, sod / 3600, sod / 60 % 60, sod % 60),
               cap);
}

size_t sbi_format_date_time(char *out, size_t cap, uint64_t ts_us)
{
    if (!out)
        return 0;
    uint64_t s = ts_us / 1000000u;
    int64_t days = (int64_t)(s / 86400u);
    unsigned sod = (unsigned)(s % 86400u);
    int y;
    unsigned m, d;
    civil_from_days(days, &y, &m, &d);
    return fit(snprintf(out, cap, "%04d-%02u-%02uT%02u:%02u:%02u.%06uZ", y, m, d, sod / 3600,
                        sod / 60 % 60, sod % 60, (unsigned)(ts_us % 1000000u)),
               cap);
}

static size_t format_oci(char *out, size_t cap, uint64_t ts_s, unsigned validity_s,
                         unsigned pct, const char *scope_name, const char *scope_value)
{
    char date[40];
    if (!out || !scope_value || pct > 100 || !sbi_format_http_date(date, sizeof date, ts_s))
        return 0;
    return fit(snprintf(out, cap,
                        "Timestamp: \"%s\"; Period-of-Validity: %us; "
                        "Overload-Reduction-Metric: %u%%; %s: %s",
                        date, validity_s, pct, scope_name, scope_value),
               cap);
}

size_t sbi_format_oci(char *out, size_t cap, uint64_t ts_s, unsigned validity_s,
                      unsigned reduction_pct, const char *nf_instance_id)
{
    return format_oci(out, cap, ts_s, validity_s, reduction_pct, "NF-Instance", nf_instance_id);
}

size_t sbi_format_oci_nf_set(char *out, size_t cap, uint64_t ts_s, unsigned validity_s,
                             unsigned reduction_pct, const char *nf_set_id)
{
    return format_oci(out, cap, ts_s, validity_s, reduction_pct, "NF-Set", nf_set_id);
}

size_t sbi_format_lci(char *out, size_t cap, uint64_t ts_s, unsigned load_pct,
                      const char *nf_instance_id)
{
    char date[40];
    if (!out || !nf_instance_id || load_pct > 100 ||
        !sbi_format_http_date(date, sizeof date, ts_s))
        return 0;
    return fit(snprintf(out, cap, "Timestamp: \"%s\"; Load-Metric: %u%%; NF-Instance: %s", date,
                        load_pct, nf_instance_id),
               cap);
}

size_t sbi_format_oci_malformed(char *out, size_t cap, sbi_oci_malformation kind, uint64_t ts_s,
                                unsigned validity_s, unsigned reduction_pct,
                                const char *nf_instance_id)
{
    char date[40];
    if (!out || !nf_instance_id || !sbi_format_http_date(date, sizeof date, ts_s))
        return 0;
    switch (kind) {
    case SBI_OCI_BAD_METRIC_OVER_100:
        return fit(snprintf(out, cap,
                            "Timestamp: \"%s\"; Period-of-Validity: %us; "
                            "Overload-Reduction-Metric: 150%%; NF-Instance: %s",
                            date, validity_s, nf_instance_id),
                   cap);
    case SBI_OCI_UNQUOTED_TIMESTAMP:
        return fit(snprintf(out, cap,
                            "Timestamp: %s; Period-of-Validity: %us; "
                            "Overload-Reduction-Metric: %u%%; NF-Instance: %s",
                            date, validity_s, reduction_pct, nf_instance_id),
                   cap);
    case SBI_OCI_NO_VALIDITY_UNIT:
        return fit(snprintf(out, cap,
                            "Timestamp: \"%s\"; Period-of-Validity: %u; "
                            "Overload-Reduction-Metric: %u%%; NF-Instance: %s",
                            date, validity_s, reduction_pct, nf_instance_id),
                   cap);
    case SBI_OCI_MISSING_SCOPE:
        return fit(snprintf(out, cap,
                            "Timestamp: \"%s\"; Period-of-Validity: %us; "
                            "Overload-Reduction-Metric: %u%%",
                            date, validity_s, reduction_pct),
                   cap);
    case SBI_OCI_GARBAGE:
        return fit(snprintf(out, cap, "overload=yes"), cap);
    }
    return 0;
}
