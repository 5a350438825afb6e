/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_olc.h: pure parsers for the TS 29.500 3gpp-Sbi-Oci / 3gpp-Sbi-Lci header values,
 * HTTP dates and Retry-After (ABNF: shared/reference/3gpp-facts.md §4.3). No state, no epan. */
#ifndef AMFOL_SBI_OLC_H
#define AMFOL_SBI_OLC_H

#include "../core/amfol_types.h"

#define AMFOL_OLC_MAX_ELEMENTS 4     /* elements kept per header; more are counted */

enum amfol_olc_scope {
    AMFOL_OLC_SCOPE_NONE = 0,
    AMFOL_OLC_SCOPE_NF_INSTANCE,
    AMFOL_OLC_SCOPE_NF_SET,
    AMFOL_OLC_SCOPE_NF_SERVICE_INSTANCE,
    AMFOL_OLC_SCOPE_NF_SERVICE_SET,
    AMFOL_OLC_SCOPE_NFC_INSTANCE,
    AMFOL_OLC_SCOPE_NFC_SET,
    AMFOL_OLC_SCOPE_NFC_SERVICE_INSTANCE,
    AMFOL_OLC_SCOPE_NFC_SERVICE_SET,
    AMFOL_OLC_SCOPE_CALLBACK_URI,
    AMFOL_OLC_SCOPE_SCP_FQDN,
    AMFOL_OLC_SCOPE_SEPP_FQDN,
    AMFOL_OLC_SCOPE_COUNT
};

typedef struct amfol_olc_element {
    char timestamp_text[40];         /* as written between the quotes */
    double timestamp;                /* seconds since the epoch */
    int validity_s;                  /* OCI Period-of-Validity; AMFOL_ABSENT for LCI */
    int metric;                      /* OCI reduction % or LCI load %, 0..100 */
    int scope;                       /* enum amfol_olc_scope */
    char scope_value[96];
    int n_scope_values;              /* Callback-Uri: URIs of the "&" list; else 1 */
    bool has_snssai, has_dnn;
    int n_snssai, n_dnn;             /* items of the "&" lists */
    int relative_capacity;           /* LCI Relative-Capacity % or AMFOL_ABSENT */
} amfol_olc_element;

typedef struct amfol_olc_header {
    bool is_oci;
    bool malformed;
    char error[96];                  /* why it is malformed (first problem found) */
    int n_elements;                  /* elements parsed (up to AMFOL_OLC_MAX_ELEMENTS) */
    int n_elements_total;            /* elements seen, including the ones not kept */
    amfol_olc_element el[AMFOL_OLC_MAX_ELEMENTS];
} amfol_olc_header;

#define AMFOL_OLC_MAX_ITEMS 4        /* S-NSSAI / DNN / Callback-Uri items kept per element */

/* The names an element's scope carries beyond its first value (a request counts
 * against an OCI only inside its scope): the NF-Inst of NF-Service-Instance and the "&" lists. */
typedef struct amfol_olc_items {
    char nf_inst[40];                /* NF-Inst: of NF-Service-Instance, "" */
    int n_snssai, n_dnn, n_uri;      /* items kept (the element's n_* count them all) */
    char snssai[AMFOL_OLC_MAX_ITEMS][16];    /* "sst" or "sst-sd" as written */
    char dnn[AMFOL_OLC_MAX_ITEMS][64];
    char uri[AMFOL_OLC_MAX_ITEMS][160];      /* Callback-Uri list */
} amfol_olc_items;

/* Parse a header VALUE (what follows "3gpp-Sbi-Oci:"). Returns true when well formed; on a
 * syntax error out->malformed is set, out->error says why and the elements before the bad one
 * are kept. */
bool amfol_olc_parse_oci(const char *value, amfol_olc_header *out);
bool amfol_olc_parse_lci(const char *value, amfol_olc_header *out);
/* The same, also keeping each kept element's scope items (items[i] for out->el[i]). */
bool amfol_olc_parse_oci_items(const char *value, amfol_olc_header *out,
                               amfol_olc_items items[AMFOL_OLC_MAX_ELEMENTS]);

const char *amfol_olc_scope_name(int scope);

/* RFC 5322 date-time as used by the Timestamp parameter and by HTTP (IMF-fixdate):
 * "[Day, ]DD Mon YYYY HH:MM[:SS] (GMT|UT|UTC|+hhmm|-hhmm)". Returns false if malformed. */
bool amfol_olc_parse_date(const char *s, double *epoch_s);

/* Retry-After: delta-seconds, or an HTTP-date converted relative to `now`. Returns the delay in
 * seconds (>= 0), or AMFOL_ABSENT when the value is empty or malformed. */
int amfol_olc_retry_after_s(const char *value, double now);

#endif
