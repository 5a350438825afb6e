/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_wire.h: the NR RRC messages amfol analyses, read from their octets (unaligned PER,
 * TS 38.331 §8 and X.691; the ASN.1 of TS 38.331 Rel-16, as Wireshark 4.0 to 4.6 decode it),
 * without epan: the message of a UL-CCCH, UL-CCCH1, DL-CCCH, UL-DCCH or DL-DCCH PDU and the few
 * values amfol takes from it. Every read is bounds-checked: a PDU cut short yields what
 * Wireshark's decode yields before its exception (the message once its CHOICE bits are there, a
 * value once all its bits are), never a read past len. */
#ifndef AMFOL_RRC_WIRE_H
#define AMFOL_RRC_WIRE_H

#include "core/amfol_events.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The logical channel the PDU was sent on: it decides the message type table (TS 38.331 §6.2.1). */
enum amfol_rrc_wire_channel {
    AMFOL_RRC_WIRE_UL_CCCH = 0,    /* RRCSetupRequest, RRCResumeRequest, ... (48 bits) */
    AMFOL_RRC_WIRE_UL_CCCH1 = 1,   /* RRCResumeRequest1 (64 bits) */
    AMFOL_RRC_WIRE_DL_CCCH = 2,    /* RRCReject, RRCSetup */
    AMFOL_RRC_WIRE_UL_DCCH = 3,    /* RRCSetupComplete (its s-NSSAI-List) */
    AMFOL_RRC_WIRE_DL_DCCH = 4,    /* RRCResume, RRCRelease */
};

typedef struct amfol_rrc_wire {
    int msg;                       /* enum amfol_rrc_msg, or 0: not one amfol analyses / cut short */
    int cause;                     /* EstablishmentCause or ResumeCause index, or AMFOL_ABSENT */
    bool is_resume_cause;
    int wait_time_s;               /* RRCReject waitTime 1..16, or AMFOL_ABSENT */
    bool has_s_tmsi_part1;         /* RRCSetupRequest's ue-Identity is ng-5G-S-TMSI-Part1 */
    uint64_t s_tmsi_part1;         /* its 39 bits */
    int n_nssai;                   /* RRCSetupComplete's s-NSSAI-List, the first AMFOL_MAX_NSSAI */
    amfol_snssai nssai[AMFOL_MAX_NSSAI];
} amfol_rrc_wire;

/* Read the RRC PDU b[len] sent on `channel` into *out (always initialised). Returns out->msg. */
int amfol_rrc_wire_read(const uint8_t *b, size_t len, int channel, amfol_rrc_wire *out);

#endif
