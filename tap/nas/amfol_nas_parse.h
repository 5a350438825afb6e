/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas_parse.h: an epan-free reader of raw NAS-5GS PDUs (the NGAP NAS-PDU octets) into amfol_nas_event.
 *
 * Why our own reader: Wireshark shows T3346 (IE 0x5F) and T3502 (IE 0x16) with the same
 * gsm_a.gm.gmm.gprs_timer2_* fields, so binding a timer to its IE from fields alone is fragile;
 * the octets say it exactly. Bad input is normal input: every read is bounds checked and a
 * short or odd PDU yields what could be read plus a status. */
#ifndef AMFOL_NAS_PARSE_H
#define AMFOL_NAS_PARSE_H

#include "../core/amfol_events.h"

enum amfol_nas_parse_status {
    AMFOL_NAS_PARSE_OK = 0,
    AMFOL_NAS_PARSE_CIPHERED = 1,   /* security header 2/4 and not readable: only the header is known */
    AMFOL_NAS_PARSE_TRUNCATED = 2,  /* stopped early: fields read so far are valid */
    AMFOL_NAS_PARSE_NOT_NAS = 3     /* not a 5GMM/5GSM PDU */
};

/* Sets every optional field of ev to absent (keeps `where` and `ngap`). */
void amfol_nas_event_clear(amfol_nas_event *ev);

/* Read one NAS PDU. `null_deciphered`: the payload of a ciphered PDU is plain (NEA0, what
 * Wireshark's nas-5gs.null_decipher assumes), so read it. Returns enum amfol_nas_parse_status. */
int amfol_nas_parse(const uint8_t *p, size_t len, bool null_deciphered, amfol_nas_event *ev);

/* PLMN octets (3, TS 24.008 BCD order) to digits "00101". */
void amfol_nas_plmn_digits(const uint8_t b[3], amfol_plmn *out);

/* Is the message sent by the network (downlink)? -1 when unknown. */
int amfol_nas_mm_is_downlink(int mm_type);

#endif
