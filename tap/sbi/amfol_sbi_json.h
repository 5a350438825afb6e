/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_json.h: a tiny bounded JSON tree rebuilt from (depth, kind, text) items as the
 * glue walks Wireshark's json.* fields, and the SBI readers on it (JSON-Patch, NFProfile,
 * NotificationData, SearchResult, ProblemDetails). No epan, no allocation: the caller gives
 * the node storage; texts are borrowed and must outlive the document. */
#ifndef AMFOL_SBI_JSON_H
#define AMFOL_SBI_JSON_H

#include "../core/amfol_events.h"

enum amfol_jkind {
    AMFOL_J_OBJECT = 0,
    AMFOL_J_ARRAY,
    AMFOL_J_MEMBER,      /* text = key; its value is its first child */
    AMFOL_J_STRING,      /* text = value */
    AMFOL_J_NUMBER,      /* num = value */
    AMFOL_J_TRUE,
    AMFOL_J_FALSE,
    AMFOL_J_NULL
};

typedef struct amfol_jnode {
    int kind;            /* enum amfol_jkind */
    int depth;           /* tree depth as given by the walker (only the order matters) */
    int parent, first_child, last_child, next;   /* indices, -1 = none */
    const char *text;
    double num;
} amfol_jnode;

typedef struct amfol_jdoc {
    amfol_jnode *nodes;
    int n, cap;
    bool truncated;      /* more items than cap: the document is incomplete */
    int stack[64];       /* open ancestors while building */
    int depth_of_stack;
} amfol_jdoc;

void amfol_jdoc_init(amfol_jdoc *d, amfol_jnode *storage, int cap);
/* Add one item in walk order. Returns the node index or -1 (full / too deep). */
int amfol_jdoc_add(amfol_jdoc *d, int kind, int depth, const char *text, double num);

/* Navigation helpers (-1 when absent). */
int amfol_jdoc_root(const amfol_jdoc *d);
int amfol_jdoc_member(const amfol_jdoc *d, int object, const char *key);   /* the member's value */
const char *amfol_jdoc_string(const amfol_jdoc *d, int node);               /* NULL unless string */
bool amfol_jdoc_number(const amfol_jdoc *d, int node, double *out);

/* Read what amfol needs from one body into `ev` (loads, patch/notification flags, cause).
 * Loads beyond AMFOL_SBI_MAX_LOADS are dropped; returns how many were dropped. */
int amfol_sbi_json_read(const amfol_jdoc *d, amfol_sbi_event *ev);

/* "99970" + amfId "020040" -> GUAMI. Returns false when malformed. */
bool amfol_sbi_guami_from_amf_id(const char *mcc, const char *mnc, const char *amf_id,
                                 amfol_guami *out);
/* Initialise a load entry (load and AMF ids absent). */
void amfol_sbi_load_init(amfol_sbi_load *l, int source);

#endif
