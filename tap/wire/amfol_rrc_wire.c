/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_wire.c: NR RRC messages from their octets (amfol_rrc_wire.h). Unaligned PER (X.691):
 * no padding, a CHOICE index or a constrained integer / enumeration in the fewest bits that hold
 * its range, fixed-size BIT STRINGs as they are, OPTIONAL components announced by one bit each in
 * the SEQUENCE's preamble. The layouts (TS 38.331 Rel-16 ASN.1, §6.2.1 and §6.2.2):
 *   UL-CCCH  CHOICE { c1 CHOICE { rrcSetupRequest, rrcResumeRequest, rrcReestablishmentRequest,
 *                                 rrcSystemInfoRequest }, messageClassExtension }: 1 + 2 bits
 *            RRCSetupRequest-IEs: ue-Identity CHOICE { ng-5G-S-TMSI-Part1 BIT STRING (39),
 *              randomValue BIT STRING (39) }, establishmentCause ENUMERATED (16), spare (1)
 *            RRCResumeRequest-IEs: resumeIdentity (24), resumeMAC-I (16), resumeCause
 *              ENUMERATED (16), spare (1)
 *   UL-CCCH1 CHOICE { c1 CHOICE { rrcResumeRequest1, spare3, spare2, spare1 }, ... }: 1 + 2 bits
 *            RRCResumeRequest1-IEs: resumeIdentity (40), resumeMAC-I (16), resumeCause, spare
 *   DL-CCCH  CHOICE { c1 CHOICE { rrcReject, rrcSetup, spare2, spare1 }, ... }: 1 + 2 bits
 *            RRCReject: criticalExtensions CHOICE (1 bit) { rrcReject RRCReject-IEs, ... };
 *            RRCReject-IEs: 3 OPTIONAL bits (waitTime, lateNonCriticalExtension,
 *              nonCriticalExtension), waitTime RejectWaitTime INTEGER (1..16): 4 bits
 *   UL-DCCH  CHOICE { c1 CHOICE (16) { measurementReport, rrcReconfigurationComplete,
 *              rrcSetupComplete, ... }, ... }: 1 + 4 bits
 *            RRCSetupComplete: rrc-TransactionIdentifier (2), criticalExtensions CHOICE (1 bit);
 *            RRCSetupComplete-IEs: 6 OPTIONAL bits (registeredAMF, guami-Type, s-NSSAI-List,
 *              ng-5G-S-TMSI-Value, lateNonCriticalExtension, nonCriticalExtension),
 *              selectedPLMN-Identity INTEGER (1..12) (4), registeredAMF SEQUENCE { plmn-Identity
 *              OPT, amf-Identifier (24) }, guami-Type ENUMERATED (2) (1), s-NSSAI-List SEQUENCE
 *              (SIZE (1..8)) OF S-NSSAI CHOICE { sst BIT STRING (8), sst-SD BIT STRING (32) }
 *              PLMN-Identity SEQUENCE { mcc SEQUENCE (SIZE (3)) OF digit OPT, mnc SEQUENCE
 *              (SIZE (2..3)) OF digit }, a digit INTEGER (0..9) in 4 bits
 *   DL-DCCH  CHOICE { c1 CHOICE (16) { rrcReconfiguration, rrcResume, rrcRelease, ... }, ... }
 * Wireshark names the message when its CHOICE bits are read and a value once all its bits are:
 * a PDU cut short keeps what came before the cut, as here; but a fixed-size BIT STRING (the
 * ng-5G-S-TMSI-Part1, an S-NSSAI) is taken once the octets that hold its first bits are there,
 * its missing last bits as 0 (get_bs). */
#include "wire/amfol_rrc_wire.h"

#include <string.h>

typedef struct ubits {
    const uint8_t *b;
    size_t pos, end;               /* in bits */
    bool bad;                      /* a read went past the end: every later read gives 0 */
} ubits;

static uint64_t get(ubits *r, int n)
{
    if (r->bad || n < 0 || n > 64 || r->pos > r->end || r->end - r->pos < (size_t)n) {
        r->bad = true;
        return 0;
    }
    uint64_t v = 0;
    for (int i = 0; i < n; i++, r->pos++)
        v = v << 1 | (uint64_t)((r->b[r->pos >> 3] >> (7 - (r->pos & 7))) & 1);
    return v;
}

/* A fixed-size BIT STRING of n bits, as Wireshark reads one (packet-per.c through
 * tvb_new_octet_aligned): the ceil(n / 8) octets from the one holding its first bit must be
 * there; bits past the PDU's last octet read as 0, and the next read fails. */
static uint64_t get_bs(ubits *r, int n)
{
    size_t first = r->pos >> 3, octets = ((size_t)n + 7) / 8;
    if (r->bad || n <= 0 || n > 64 || r->pos > r->end || first + octets > r->end / 8) {
        r->bad = true;
        return 0;
    }
    uint64_t v = 0;
    for (int i = 0; i < n; i++, r->pos++)
        v = v << 1 | (r->pos < r->end ? (uint64_t)((r->b[r->pos >> 3] >> (7 - (r->pos & 7))) & 1) : 0);
    return v;
}

/* The message of a c1 CHOICE: the extension bit (messageClassExtension: no message of ours) and
 * the index in `bits` bits; -1 when cut short or not c1. */
static int c1_index(ubits *r, int bits)
{
    if (get(r, 1) != 0 || r->bad)
        return -1;
    int i = (int)get(r, bits);
    return r->bad ? -1 : i;
}

static void read_setup_request(ubits *r, amfol_rrc_wire *w)
{
    uint64_t tmsi_choice = get(r, 1);
    uint64_t v = get_bs(r, 39);
    if (r->bad)
        return;
    if (tmsi_choice == 0) {
        w->has_s_tmsi_part1 = true;
        w->s_tmsi_part1 = v;
    }
    uint64_t cause = get(r, 4);
    if (!r->bad)
        w->cause = (int)cause;
}

static void read_resume_cause(ubits *r, amfol_rrc_wire *w, int id_bits)
{
    get_bs(r, id_bits);
    get_bs(r, 16);                 /* resumeMAC-I */
    uint64_t cause = get(r, 4);
    if (!r->bad) {
        w->cause = (int)cause;
        w->is_resume_cause = true;
    }
}

static void read_reject(ubits *r, amfol_rrc_wire *w)
{
    if (get(r, 1) != 0 || r->bad)  /* criticalExtensionsFuture */
        return;
    uint64_t pre = get(r, 3);
    if (r->bad || !(pre & 4))
        return;
    uint64_t wt = get(r, 4);
    if (!r->bad)
        w->wait_time_s = (int)wt + 1;
}

static void skip_plmn(ubits *r)
{
    uint64_t has_mcc = get(r, 1);
    if (has_mcc)
        get(r, 12);
    get(r, 4 * (2 + (int)get(r, 1)));
}

static void read_setup_complete(ubits *r, amfol_rrc_wire *w)
{
    get(r, 2);                     /* rrc-TransactionIdentifier */
    if (get(r, 1) != 0 || r->bad)  /* criticalExtensionsFuture */
        return;
    uint64_t pre = get(r, 6);
    get(r, 4);                     /* selectedPLMN-Identity */
    if (pre & 0x20) {              /* registeredAMF */
        if (get(r, 1))
            skip_plmn(r);
        get_bs(r, 24);
    }
    if (pre & 0x10)                /* guami-Type */
        get(r, 1);
    if (!(pre & 0x08) || r->bad)
        return;
    int n = (int)get(r, 3) + 1;
    for (int i = 0; i < n && !r->bad; i++) {
        bool with_sd = get(r, 1) != 0;
        uint64_t v = get_bs(r, with_sd ? 32 : 8);
        if (r->bad || w->n_nssai >= AMFOL_MAX_NSSAI)
            break;
        amfol_snssai *sn = &w->nssai[w->n_nssai++];
        sn->sst = (uint8_t)(with_sd ? v >> 24 : v);
        sn->has_sd = with_sd;
        sn->sd = with_sd ? (uint32_t)(v & 0xFFFFFFu) : 0;
    }
}

int amfol_rrc_wire_read(const uint8_t *b, size_t len, int channel, amfol_rrc_wire *out)
{
    memset(out, 0, sizeof *out);
    out->cause = out->wait_time_s = AMFOL_ABSENT;
    if (!b || len == 0 || len > SIZE_MAX / 8)
        return 0;
    ubits r = { b, 0, len * 8, false };
    int i;
    switch (channel) {
    case AMFOL_RRC_WIRE_UL_CCCH:
        i = c1_index(&r, 2);
        if (i == 0) {
            out->msg = AMFOL_RRC_SETUP_REQUEST;
            read_setup_request(&r, out);
        } else if (i == 1) {
            out->msg = AMFOL_RRC_RESUME_REQUEST;
            read_resume_cause(&r, out, 24);
        }
        break;
    case AMFOL_RRC_WIRE_UL_CCCH1:
        if (c1_index(&r, 2) == 0) {
            out->msg = AMFOL_RRC_RESUME_REQUEST;
            read_resume_cause(&r, out, 40);
        }
        break;
    case AMFOL_RRC_WIRE_DL_CCCH:
        i = c1_index(&r, 2);
        if (i == 0) {
            out->msg = AMFOL_RRC_REJECT;
            read_reject(&r, out);
        } else if (i == 1) {
            out->msg = AMFOL_RRC_SETUP;
        }
        break;
    case AMFOL_RRC_WIRE_UL_DCCH:
        if (c1_index(&r, 4) == 2) {
            out->msg = AMFOL_RRC_SETUP_COMPLETE;
            read_setup_complete(&r, out);
        }
        break;
    case AMFOL_RRC_WIRE_DL_DCCH:
        i = c1_index(&r, 4);
        out->msg = i == 1 ? AMFOL_RRC_RESUME : i == 2 ? AMFOL_RRC_RELEASE : 0;
        break;
    default:
        break;
    }
    return out->msg;
}
