/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas_ue.h: what the NAS module remembers about one UE (identities and back-off state). */
#ifndef AMFOL_NAS_UE_H
#define AMFOL_NAS_UE_H

#include "../core/amfol_events.h"

#include <glib.h>

#define AMFOL_NAS_UE_MAX_KEYS 4
#define AMFOL_NAS_KEY_LEN 96
#define AMFOL_NAS_ID_LEN 34      /* UE names; the longest 5G-GUTI name is 32 characters */

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

/* A back-off the UE was told to run. Packed (32 bytes): the registry holds up to
 * amfol.max_ues UEs, a million by choice, each with two of these. */
typedef struct amfol_nas_backoff {
    amfol_time start;
    amfol_nas_timer timer;
    amfol_frame reject_frame;
    int32_t reject_ix;           /* index into that AMF's reject list, -1 when not kept */
    int8_t amf;                  /* index into the module's AMF table (< AMFOL_NAS_MAX_AMFS) */
    bool active : 1;
    bool integrity : 1;          /* reject integrity protected: the UE runs the value given */
    bool cuc_since : 1;          /* CONFIGURATION UPDATE COMMAND seen since the reject */
    bool retried : 1;            /* first attempt after the reject already measured */
} amfol_nas_backoff;

/* A 5GSM back-off (T3396 / T3584 / T3585): shown on the UE's attempts, not judged (it applies per
 * DNN / S-NSSAI), so it keeps less than the 5GMM one. */
typedef struct amfol_nas_sm_backoff {
    amfol_time start;
    uint32_t seconds;
    amfol_frame reject_frame;
    uint16_t timer;              /* 3396, 3584, 3585 */
    bool active;
} amfol_nas_sm_backoff;

/* The request a reject answers (last attempt in the current NGAP context). */
typedef struct amfol_nas_attempt_info {
    amfol_frame frame;
    uint8_t mm_type;             /* registration or service request */
    int8_t reg_type;             /* small enumerations, or AMFOL_ABSENT */
    int8_t service_type;
    int8_t rrc_cause;
} amfol_nas_attempt_info;

/* One UE: 152 bytes, so that a million fit in 200 MB with the key index (docs/ARCHITECTURE.md).
 * Identities are kept as 64-bit hashes of their key texts (amfol_nas_ids.c). */
typedef struct amfol_nas_ue {
    uint64_t serial;                         /* 1-based, never reused; low 24 bits = slot */
    uint64_t keys[AMFOL_NAS_UE_MAX_KEYS];    /* identity key hashes */
    amfol_nas_backoff mm;                    /* T3346 */
    amfol_nas_sm_backoff sm;                 /* last 5GSM back-off */
    amfol_nas_attempt_info last_attempt;
    uint32_t lru_prev, lru_next;             /* slots in the registry's LRU list */
    uint8_t key_kind[AMFOL_NAS_UE_MAX_KEYS];
    uint8_t n_keys;
    uint8_t best_rank;
    char best[AMFOL_NAS_ID_LEN];             /* docs/faults.md UE naming */
} amfol_nas_ue;

#endif
