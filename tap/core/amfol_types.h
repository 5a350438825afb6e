/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_types.h: small value types shared by every part of the analysis core (no epan). */
#ifndef AMFOL_TYPES_H
#define AMFOL_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Wireshark frame number (1-based). 0 means "none". */
typedef uint32_t amfol_frame;

/* Absolute time in seconds since the Unix epoch, microsecond precision is plenty. */
typedef double amfol_time;

#define AMFOL_ABSENT (-1)      /* an optional integer IE that was not in the message */

/* S-NSSAI: SST plus optional 24-bit SD. */
typedef struct amfol_snssai {
    uint8_t sst;
    bool has_sd;
    uint32_t sd;
} amfol_snssai;

/* PLMN as digits, e.g. "00101" (MCC 001, MNC 01) or "310410". */
typedef struct amfol_plmn {
    char digits[7];
} amfol_plmn;

/* NR cell global identity. */
typedef struct amfol_nr_cgi {
    amfol_plmn plmn;
    uint64_t cell_id;           /* 36 bits */
} amfol_nr_cgi;

/* 5G-S-TMSI: AMF Set ID (10 bits) + AMF Pointer (6 bits) + 5G-TMSI (32 bits). */
typedef struct amfol_s_tmsi {
    uint16_t set_id;
    uint8_t pointer;
    uint32_t tmsi;
} amfol_s_tmsi;

/* GUAMI: PLMN + AMF Region (8) + AMF Set (10) + AMF Pointer (6). */
typedef struct amfol_guami {
    amfol_plmn plmn;
    uint8_t region_id;
    uint16_t set_id;
    uint8_t pointer;
} amfol_guami;

/* RRC establishment causes (NGAP RRCEstablishmentCause == NR RRC EstablishmentCause for 0..9). */
enum amfol_rrc_cause {
    AMFOL_CAUSE_EMERGENCY = 0,
    AMFOL_CAUSE_HIGH_PRIORITY = 1,
    AMFOL_CAUSE_MT_ACCESS = 2,
    AMFOL_CAUSE_MO_SIGNALLING = 3,
    AMFOL_CAUSE_MO_DATA = 4,
    AMFOL_CAUSE_MO_VOICECALL = 5,
    AMFOL_CAUSE_MO_VIDEOCALL = 6,
    AMFOL_CAUSE_MO_SMS = 7,
    AMFOL_CAUSE_MPS = 8,
    AMFOL_CAUSE_MCS = 9,
    AMFOL_CAUSE_NOT_AVAILABLE = 10,
    AMFOL_CAUSE_MO_EXCEPTION_DATA = 11,
    AMFOL_CAUSE_COUNT = 12
};

/* NGAP OverloadAction (TS 38.413 §9.3.1.105). */
enum amfol_overload_action {
    AMFOL_ACTION_REJECT_NON_EMERGENCY_MO_DT = 0,
    AMFOL_ACTION_REJECT_RRC_CR_SIGNALLING = 1,
    AMFOL_ACTION_PERMIT_EMERGENCY_AND_MT_ONLY = 2,
    AMFOL_ACTION_PERMIT_HIGH_PRIORITY_AND_MT_ONLY = 3,
    AMFOL_ACTION_COUNT = 4
};

/* amfol's own severity convention for the user's Normal/Minor/Major/Critical model
 * (NOT 3GPP: NGAP has no levels); see docs/faults.md. */
enum amfol_level {
    AMFOL_LEVEL_NORMAL = 0,
    AMFOL_LEVEL_MINOR = 1,
    AMFOL_LEVEL_MAJOR = 2,
    AMFOL_LEVEL_CRITICAL = 3
};

enum amfol_severity {
    AMFOL_SEV_NOTE = 0,
    AMFOL_SEV_WARNING = 1,
    AMFOL_SEV_ERROR = 2
};

#endif
