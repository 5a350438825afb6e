/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_rrc_wire.c: tap/wire/amfol_rrc_wire.c, the NR RRC reader: each message amfol reads, built
 * bit by bit here from TS 38.331's ASN.1 (unaligned PER) and read back; every truncation of each
 * (what came before the cut, never a read past it); PDUs taken from tshark 4.0's decode of the
 * big storm. With --dump it is the oracle test's reader (tests/rrc/check_rrc_wire.py): lines
 * "CHANNEL HEX" on stdin, one line out per PDU: msg cause resume wait tmsi1 nssai. */
#include "wire/amfol_rrc_wire.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct bw { uint8_t b[64]; size_t bits; } bw;

static void put(bw *w, uint64_t v, int n)
{
    for (int i = n - 1; i >= 0; i--, w->bits++)
        if ((v >> i) & 1)
            w->b[w->bits >> 3] |= (uint8_t)(0x80 >> (w->bits & 7));
}

static size_t octets(const bw *w) { return (w->bits + 7) / 8; }

/* Every prefix of the PDU reads without fault and gives a subset of the whole's values. */
static void truncations(const bw *w, int channel, const amfol_rrc_wire *whole)
{
    for (size_t n = 0; n <= octets(w); n++) {
        uint8_t *copy = malloc(n ? n : 1);       /* exactly n octets: ASan sees any overread */
        memcpy(copy, w->b, n);
        amfol_rrc_wire r;
        amfol_rrc_wire_read(n ? copy : NULL, n, channel, &r);
        assert(r.msg == 0 || r.msg == whole->msg);
        assert(r.cause == AMFOL_ABSENT || r.cause == whole->cause);
        assert(r.wait_time_s == AMFOL_ABSENT || r.wait_time_s == whole->wait_time_s);
        /* a BIT STRING cut short reads its missing last bits as 0 (as Wireshark does) */
        assert(!r.has_s_tmsi_part1 || (r.s_tmsi_part1 & ~whole->s_tmsi_part1) == 0);
        assert(r.n_nssai <= whole->n_nssai);
        free(copy);
    }
}

static void check(const bw *w, int channel, amfol_rrc_wire *out)
{
    amfol_rrc_wire_read(w->b, octets(w), channel, out);
    truncations(w, channel, out);
}

static void test_setup_request(void)
{
    for (int choice = 0; choice < 2; choice++)
        for (int cause = 0; cause < 16; cause++) {
            bw w = { { 0 }, 0 };
            put(&w, 0, 1); put(&w, 0, 2);                    /* c1, rrcSetupRequest */
            put(&w, (uint64_t)choice, 1); put(&w, 0x4A5A5A5A5Bull & ((1ull << 39) - 1), 39);
            put(&w, (uint64_t)cause, 4); put(&w, 0, 1);
            assert(w.bits == 48);
            amfol_rrc_wire r;
            check(&w, AMFOL_RRC_WIRE_UL_CCCH, &r);
            assert(r.msg == AMFOL_RRC_SETUP_REQUEST && r.cause == cause && !r.is_resume_cause);
            assert(r.has_s_tmsi_part1 == (choice == 0));
            if (choice == 0)
                assert(r.s_tmsi_part1 == (0x4A5A5A5A5Bull & ((1ull << 39) - 1)));
        }
}

static void test_resume(void)
{
    bw w = { { 0 }, 0 };
    put(&w, 0, 1); put(&w, 1, 2); put(&w, 0xABCDEF, 24); put(&w, 0x1234, 16); put(&w, 8, 4); put(&w, 0, 1);
    amfol_rrc_wire r;
    check(&w, AMFOL_RRC_WIRE_UL_CCCH, &r);
    assert(r.msg == AMFOL_RRC_RESUME_REQUEST && r.cause == 8 && r.is_resume_cause && !r.has_s_tmsi_part1);
    bw w1 = { { 0 }, 0 };
    put(&w1, 0, 1); put(&w1, 0, 2); put(&w1, 0xABCDEF0123ull, 40); put(&w1, 0x1234, 16); put(&w1, 3, 4); put(&w1, 0, 1);
    assert(w1.bits == 64);
    check(&w1, AMFOL_RRC_WIRE_UL_CCCH1, &r);
    assert(r.msg == AMFOL_RRC_RESUME_REQUEST && r.cause == 3 && r.is_resume_cause);
    /* the same octets on UL-CCCH: an RRCSetupRequest */
    amfol_rrc_wire_read(w1.b, octets(&w1), AMFOL_RRC_WIRE_UL_CCCH, &r);
    assert(r.msg == AMFOL_RRC_SETUP_REQUEST);
}

static void test_reject_setup(void)
{
    for (int wt = 0; wt <= 16; wt++) {               /* 0: no waitTime */
        bw w = { { 0 }, 0 };
        put(&w, 0, 1); put(&w, 0, 2); put(&w, 0, 1);   /* c1, rrcReject, rrcReject-IEs */
        put(&w, wt ? 4 : 0, 3);
        if (wt)
            put(&w, (uint64_t)(wt - 1), 4);
        amfol_rrc_wire r;
        check(&w, AMFOL_RRC_WIRE_DL_CCCH, &r);
        assert(r.msg == AMFOL_RRC_REJECT && r.wait_time_s == (wt ? wt : AMFOL_ABSENT));
    }
    bw f = { { 0 }, 0 };                             /* criticalExtensionsFuture */
    put(&f, 0, 1); put(&f, 0, 2); put(&f, 1, 1);
    amfol_rrc_wire r;
    check(&f, AMFOL_RRC_WIRE_DL_CCCH, &r);
    assert(r.msg == AMFOL_RRC_REJECT && r.wait_time_s == AMFOL_ABSENT);
    bw s = { { 0 }, 0 };
    put(&s, 0, 1); put(&s, 1, 2); put(&s, 0, 2); put(&s, 0, 1);
    check(&s, AMFOL_RRC_WIRE_DL_CCCH, &r);
    assert(r.msg == AMFOL_RRC_SETUP);
    bw x = { { 0 }, 0 };                             /* messageClassExtension, spare */
    put(&x, 1, 1);
    check(&x, AMFOL_RRC_WIRE_DL_CCCH, &r);
    assert(r.msg == 0);
    bw sp = { { 0 }, 0 };
    put(&sp, 0, 1); put(&sp, 2, 2);
    check(&sp, AMFOL_RRC_WIRE_DL_CCCH, &r);
    assert(r.msg == 0);
}

static void test_dcch(void)
{
    amfol_rrc_wire r;
    for (int i = 0; i < 16; i++) {
        bw w = { { 0 }, 0 };
        put(&w, 0, 1); put(&w, (uint64_t)i, 4); put(&w, 0, 3);
        check(&w, AMFOL_RRC_WIRE_DL_DCCH, &r);
        assert(r.msg == (i == 1 ? AMFOL_RRC_RESUME : i == 2 ? AMFOL_RRC_RELEASE : 0));
    }
    /* RRCSetupComplete with registeredAMF (PLMN with MCC, 3-digit MNC), guami-Type and two S-NSSAIs */
    bw w = { { 0 }, 0 };
    put(&w, 0, 1); put(&w, 2, 4); put(&w, 1, 2); put(&w, 0, 1);
    put(&w, 0x38, 6);                                 /* registeredAMF, guami-Type, s-NSSAI-List */
    put(&w, 0, 4);                                    /* selectedPLMN-Identity 1 */
    put(&w, 1, 1); put(&w, 1, 1); put(&w, 0x001, 12); put(&w, 1, 1); put(&w, 0x010, 12); put(&w, 0xCAFE01, 24);
    put(&w, 1, 1);
    put(&w, 1, 3);                                    /* two */
    put(&w, 0, 1); put(&w, 1, 8);
    put(&w, 1, 1); put(&w, 0x02000002, 32);
    put(&w, 0, 8);                                    /* dedicatedNAS-Message length (not read) */
    check(&w, AMFOL_RRC_WIRE_UL_DCCH, &r);
    assert(r.msg == AMFOL_RRC_SETUP_COMPLETE && r.n_nssai == 2);
    assert(r.nssai[0].sst == 1 && !r.nssai[0].has_sd);
    assert(r.nssai[1].sst == 2 && r.nssai[1].has_sd && r.nssai[1].sd == 2);
}

static int hexval(int c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static int dump(void)
{
    char line[8192];
    static uint8_t b[4096];
    while (fgets(line, sizeof line, stdin)) {
        int channel = atoi(line);
        char *h = strchr(line, ' ');
        size_t n = 0;
        for (h = h ? h + 1 : line + strlen(line); hexval(h[0]) >= 0 && hexval(h[1]) >= 0 && n < sizeof b; h += 2)
            b[n++] = (uint8_t)(hexval(h[0]) << 4 | hexval(h[1]));
        amfol_rrc_wire r;
        amfol_rrc_wire_read(b, n, channel, &r);
        printf("%d %d %d %d ", r.msg, r.cause, r.is_resume_cause, r.wait_time_s);
        if (r.has_s_tmsi_part1)
            printf("%llu", (unsigned long long)r.s_tmsi_part1);
        else
            printf("-");
        printf(" ");
        for (int i = 0; i < r.n_nssai; i++)
            printf(i ? ",%u" : "%u", r.nssai[i].has_sd ? (unsigned)r.nssai[i].sst << 24 | r.nssai[i].sd : r.nssai[i].sst);
        printf(r.n_nssai ? "\n" : "-\n");
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--dump") == 0)
        return dump();
    test_setup_request();
    test_resume();
    test_reject_setup();
    test_dcch();
    /* from tshark 4.0's decode of the big storm (frames 119 and 120 of testcaptures big-storm) */
    amfol_rrc_wire r;
    const uint8_t req[] = { 0x08, 0x40, 0x00, 0x13, 0xe2, 0x68 };
    amfol_rrc_wire_read(req, sizeof req, AMFOL_RRC_WIRE_UL_CCCH, &r);
    assert(r.msg == AMFOL_RRC_SETUP_REQUEST && r.has_s_tmsi_part1);
    /* cut after 5 octets: the 39 bits from bit 4 are taken, their last 3 as 0; no cause */
    amfol_rrc_wire_read(req, 5, AMFOL_RRC_WIRE_UL_CCCH, &r);
    assert(r.msg == AMFOL_RRC_SETUP_REQUEST && r.has_s_tmsi_part1 && r.cause == AMFOL_ABSENT);
    assert(r.s_tmsi_part1 == (0x8400013e26ull >> 1 & ~7ull));
    amfol_rrc_wire_read(req, 4, AMFOL_RRC_WIRE_UL_CCCH, &r);
    assert(r.msg == AMFOL_RRC_SETUP_REQUEST && !r.has_s_tmsi_part1);
    const uint8_t setup[] = { 0x20, 0x40, 0x00, 0x10, 0x00, 0x00 };
    amfol_rrc_wire_read(setup, sizeof setup, AMFOL_RRC_WIRE_DL_CCCH, &r);
    assert(r.msg == AMFOL_RRC_SETUP);
    puts("rrc_wire: ok");
    return 0;
}
