/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas.h: NAS-5GS congestion: rejects, back-off timers, per-UE back-off compliance and the NAS rules. */
#ifndef AMFOL_NAS_H
#define AMFOL_NAS_H

#include "../core/amfol_module.h"
#include "../core/amfol_3gpp.h"   /* NAS message type and cause names */
#include "../core/amfol_rows.h"

#include <glib.h>
#include <wsutil/json_dumper.h>

typedef struct amfol_engine amfol_engine;
typedef struct amfol_nas amfol_nas;

#define AMFOL_NAS_NAME_LEN 64

/* How a message was linked to its UE. */
enum amfol_nas_link {
    AMFOL_LINK_NONE = 0,         /* no UE (e.g. not a UE message) */
    AMFOL_LINK_NEW = 1,          /* first message of a UE */
    AMFOL_LINK_SUCI = 2,
    AMFOL_LINK_GUTI = 3,
    AMFOL_LINK_S_TMSI = 4,       /* NAS 5G-S-TMSI or NGAP FiveG-S-TMSI, or the one in a 5G-GUTI */
    AMFOL_LINK_AMF_UE_ID = 5,    /* AMF UE NGAP ID of the same AMF */
    AMFOL_LINK_NGAP_IDS = 6      /* same association and RAN UE NGAP ID (one NGAP UE context) */
};

/* Verdict on an attempt (REGISTRATION REQUEST / SERVICE REQUEST). */
enum amfol_nas_verdict {
    AMFOL_VERDICT_NONE = 0,      /* not an attempt, or no back-off running */
    AMFOL_VERDICT_ALLOWED = 1,   /* inside a back-off but exempt */
    AMFOL_VERDICT_VIOLATION = 2, /* inside a back-off, no exemption: early retry */
    AMFOL_VERDICT_UNCERTAIN = 3  /* inside the value given, but the reject was not integrity
                                    protected: the UE runs a random default T3346 instead */
};

/* What amfol says about one NAS message (stored per frame by the plugin, rendered on every
 * pass). `amf` and `ue` point to names interned by the engine (they live as long as it does);
 * the other strings are static. */
typedef struct amfol_nas_result {
    bool relevant;                 /* false: nothing to show */
    int mm_type, sm_type;          /* AMFOL_ABSENT when unknown */
    int mm_cause, sm_cause;        /* AMFOL_ABSENT */
    int security_header;
    bool ciphered;                 /* unreadable: hint nas-5gs.null_decipher */
    bool integrity_protected;
    bool congestion;               /* 5GMM cause in the congestion set (or 5GSM #26/#67/#69) */
    amfol_nas_timer t3346, t3502, backoff;
    int backoff_timer;             /* the timer the UE starts: 3346, 3396, 3584, 3585, 0 none */
    uint32_t backoff_s;            /* its value when a value */
    amfol_time expiry;             /* reject time + value, 0 when none */
    bool timer_not_binding;        /* not integrity protected: the UE picks a random default T3346 */
    const char *amf;               /* never NULL when relevant */
    int episode;                   /* the AMF's overload episode (1-based), 0 none */
    amfol_frame episode_start;     /* the OVERLOAD START in force (link), 0 none */
    bool in_overload;
    const char *ue;                /* docs/faults.md UE name, "" when none */
    uint64_t ue_serial;            /* the registry's UE (never reused), 0 when none: the UE story
                                    * log (tap/ue) keys its events by it */
    int linked_by;                 /* enum amfol_nas_link */
    bool is_attempt;
    bool in_backoff;
    int verdict;                   /* enum amfol_nas_verdict */
    const char *reason;            /* static text: exemption or violation reason, or NULL */
    amfol_frame backoff_frame;     /* the reject that started the running back-off */
    double to_expiry_s;            /* attempt: seconds left until the back-off expires (<0: after) */
    bool exempt_rejected;          /* a congestion reject of a request that must not be rejected */
    const char *exempt_why;        /* static text */
} amfol_nas_result;

amfol_nas *amfol_nas_new(const amfol_config *cfg);
void amfol_nas_free(amfol_nas *s);

/* The module as the engine routes to it: owns NAS (result: amfol_nas_result). */
extern const amfol_module amfol_nas_module;

/* Reports: a timeline section (plain text) and the "nas" member of the JSON document. */
void amfol_nas_report_timeline(amfol_engine *e, GString *out);
void amfol_nas_report_json(amfol_engine *e, json_dumper *d);

/* Rows (the caller frees them with amfol_rows_free): the "nas" JSON member, and the reject table
 * of the GUI table / -z amfol,nas, one row per AMF, episode, message, cause and timer value. */
amfol_rows *amfol_nas_json_rows(amfol_engine *e);
amfol_rows *amfol_nas_table_rows(amfol_engine *e);
const amfol_column *amfol_nas_table_columns(size_t *n);
/* Changes whenever a table row is added or counted (tells a table when to rebuild). */
uint64_t amfol_nas_rows_version(amfol_engine *e);

/* "22,111" -> set[22] = set[111] = true (amfol.congestion_causes; also read by tap/symptoms). */
void amfol_nas_parse_cause_set(const char *text, bool set[256]);

/* Query API of the UE registry (amfol_nas_query.c), for the UE stories (tap/ue). */
/* The UE whose latest 5G-S-TMSI has this ng-5G-S-TMSI-Part1 (a radio request's), 0 none. */
uint64_t amfol_nas_ue_by_part1(amfol_engine *e, uint64_t part1);
/* The UE an identity text names, 0 none: a key text as amfol names UEs ("suci:...",
 * "guti:<plmn>-<region>-<set>-<pointer>-<tmsi hex>", "s-tmsi:<set>-<pointer>-<tmsi hex>",
 * "ngap:<gNB>/<RAN UE NGAP ID>", "amf-ue:<AMF>/<AMF UE NGAP ID>"), the same without its prefix
 * (tried as SUCI, 5G-GUTI and 5G-S-TMSI), or "#<serial>". Context keys name their latest UE. */
uint64_t amfol_nas_ue_by_id(amfol_engine *e, const char *id);
/* The UE's name now (its strongest identity, docs/faults.md), NULL when it was forgotten
 * (amfol.max_ues). Valid until the next event. */
const char *amfol_nas_ue_name_now(amfol_engine *e, uint64_t serial);

/* Words for display. */
const char *amfol_nas_link_name(int link);
const char *amfol_nas_verdict_name(int verdict);

#endif
