/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas_ue.h: what the NAS module remembers about one UE (identities and back-off state). */
#ifndef AMFOL_NAS_UE_H
#define AMFOL_NAS_UE_H

#include "../core/amfol_events.h"

#include <glib.h>

#define AMFOL_NAS_UE_MAX_KEYS 8
#define AMFOL_NAS_KEY_LEN 96
#define AMFOL_NAS_ID_LEN 64

/* Identity kinds, strongest first when a message carries several (TS 23.003 identities are
 * exact, so linking on them is not a guess; the NGAP id pair links only within one context). */
enum amfol_nas_key_kind {
    AMFOL_KEY_SUCI = 0,
    AMFOL_KEY_GUTI = 1,
    AMFOL_KEY_S_TMSI = 2,
    AMFOL_KEY_AMF_UE_ID = 3,     /* AMF UE NGAP ID, scoped by AMF */
    AMFOL_KEY_NGAP_CTX = 4,      /* association + RAN UE NGAP ID */
    AMFOL_KEY_PART1 = 5,         /* ng-5G-S-TMSI-Part1 of its latest 5G-S-TMSI (radio lookups only) */
    AMFOL_KEY_KINDS = 6
};

/* A back-off the UE was told to run. */
typedef struct amfol_nas_backoff {
    bool active;
    amfol_nas_timer timer;
    bool integrity;              /* reject integrity protected: the UE runs the value given */
    amfol_time start;
    amfol_frame reject_frame;
    int amf;                     /* index into the module's AMF table */
    int reject_ix;               /* index into that AMF's reject list, -1 when not kept */
    bool cuc_since;              /* CONFIGURATION UPDATE COMMAND seen since the reject */
    bool retried;                /* first attempt after the reject already measured */
} amfol_nas_backoff;

/* The request a reject answers (last attempt in the current NGAP context). */
typedef struct amfol_nas_attempt_info {
    amfol_frame frame;
    int mm_type;
    int reg_type;
    int service_type;
    int rrc_cause;
} amfol_nas_attempt_info;

typedef struct amfol_nas_ue {
    uint64_t serial;                         /* 1-based, never reused */
    char keys[AMFOL_NAS_UE_MAX_KEYS][AMFOL_NAS_KEY_LEN];
    int key_kind[AMFOL_NAS_UE_MAX_KEYS];
    int n_keys;
    char best[AMFOL_NAS_ID_LEN];             /* docs/faults.md UE naming */
    int best_rank;
    amfol_time last_seen;
    GList *lru;                              /* link in the registry's LRU queue */
    amfol_nas_backoff mm;                    /* T3346 */
    amfol_nas_backoff sm;                    /* T3396 / T3584 / T3585 (last 5GSM back-off) */
    int sm_timer;                            /* 3396, 3584, 3585 */
    amfol_nas_attempt_info last_attempt;
} amfol_nas_ue;

#endif
