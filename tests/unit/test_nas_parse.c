/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_nas_parse.c: the raw NAS-5GS reader on the verified vectors of 3gpp-facts.md §7, plus
 * truncated and random input (must never read out of bounds or crash). */
#include "nas/amfol_nas_parse.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PARSE(ev, nd, ...) \
    do { static const uint8_t b_[] = {__VA_ARGS__}; st = amfol_nas_parse(b_, sizeof b_, nd, &ev); } while (0)

int main(void)
{
    amfol_nas_event ev;
    memset(&ev, 0, sizeof ev);
    int st;

    /* Registration reject #22, T3346 = 1 min */
    PARSE(ev, false, 0x7e, 0x00, 0x44, 0x16, 0x5f, 0x01, 0x21);
    assert(st == AMFOL_NAS_PARSE_OK && ev.security_header == 0 && ev.mm_type == 0x44);
    assert(ev.mm_cause == 22 && ev.t3346.state == AMFOL_TIMER_VALUE && ev.t3346.seconds == 60);
    assert(ev.t3502.state == AMFOL_TIMER_ABSENT);

    /* Same with T3502 after it: each timer bound to its own IEI. */
    PARSE(ev, false, 0x7e, 0x00, 0x44, 0x16, 0x5f, 0x01, 0x05, 0x16, 0x01, 0x2c);
    assert(st == AMFOL_NAS_PARSE_OK && ev.t3346.seconds == 10 && ev.t3502.seconds == 720);

    /* #22 with only T3502: T3346 stays absent (never confused). */
    PARSE(ev, false, 0x7e, 0x00, 0x44, 0x16, 0x16, 0x01, 0x21);
    assert(ev.t3346.state == AMFOL_TIMER_ABSENT && ev.t3502.seconds == 60);

    /* Registration reject without any IE (as in adriandonohoe synthetic.pcap). */
    PARSE(ev, false, 0x7e, 0x00, 0x44, 0x16);
    assert(st == AMFOL_NAS_PARSE_OK && ev.mm_cause == 22 && ev.t3346.state == AMFOL_TIMER_ABSENT);

    /* Integrity protected: still readable. */
    PARSE(ev, false, 0x7e, 0x01, 0x11, 0x22, 0x33, 0x44, 0x05, 0x7e, 0x00, 0x44, 0x16, 0x5f, 0x01, 0x21);
    assert(st == AMFOL_NAS_PARSE_OK && ev.security_header == 1 && !ev.ciphered);
    assert(ev.mm_type == 0x44 && ev.mm_cause == 22 && ev.t3346.seconds == 60);

    /* Ciphered: unreadable unless NEA0 (null deciphering). */
    PARSE(ev, false, 0x7e, 0x02, 0x11, 0x22, 0x33, 0x44, 0x05, 0x7e, 0x00, 0x44, 0x16, 0x5f, 0x01, 0x21);
    assert(st == AMFOL_NAS_PARSE_CIPHERED && ev.ciphered && ev.mm_type == AMFOL_ABSENT);
    assert(ev.mm_cause == AMFOL_ABSENT && ev.security_header == 2);
    PARSE(ev, true, 0x7e, 0x02, 0x11, 0x22, 0x33, 0x44, 0x05, 0x7e, 0x00, 0x44, 0x16, 0x5f, 0x01, 0x21);
    assert(st == AMFOL_NAS_PARSE_OK && !ev.ciphered && ev.mm_cause == 22 && ev.t3346.seconds == 60);
    /* "null deciphered" but the payload is not plain NAS: still ciphered. */
    PARSE(ev, true, 0x7e, 0x04, 0x11, 0x22, 0x33, 0x44, 0x05, 0x9a, 0x13, 0x44, 0x16);
    assert(st == AMFOL_NAS_PARSE_CIPHERED && ev.ciphered);

    /* Service reject #22, T3346 = 10 s */
    PARSE(ev, false, 0x7e, 0x00, 0x4d, 0x16, 0x5f, 0x01, 0x05);
    assert(st == AMFOL_NAS_PARSE_OK && ev.mm_type == 0x4d && ev.mm_cause == 22 && ev.t3346.seconds == 10);

    /* Deregistration request (UE terminated) #22 + T3346 */
    PARSE(ev, false, 0x7e, 0x00, 0x47, 0x01, 0x58, 0x16, 0x5f, 0x01, 0x05);
    assert(st == AMFOL_NAS_PARSE_OK && ev.mm_type == 0x47 && ev.mm_cause == 22 && ev.t3346.seconds == 10);

    /* DL NAS transport: inner PDU session establishment reject #26 + back-off 1 h; outer #22. */
    PARSE(ev, false, 0x7e, 0x00, 0x68, 0x01, 0x00, 0x08, 0x2e, 0x05, 0x01, 0xc3, 0x1a, 0x37, 0x01,
          0x21, 0x12, 0x05, 0x58, 0x16, 0x37, 0x01, 0x21);
    assert(st == AMFOL_NAS_PARSE_OK && ev.mm_type == 0x68 && ev.sm_type == 0xc3);
    assert(ev.sm_cause == 26 && ev.mm_cause == 22 && ev.backoff.seconds == 3600);
    assert(ev.t3346.state == AMFOL_TIMER_ABSENT);

    /* Configuration update command, RED = registration requested */
    PARSE(ev, false, 0x7e, 0x00, 0x54, 0xd2);
    assert(st == AMFOL_NAS_PARSE_OK && ev.mm_type == 0x54 && ev.conf_update_red);
    PARSE(ev, false, 0x7e, 0x00, 0x54, 0xd1);
    assert(!ev.conf_update_red);

    /* Registration request (from the verified InitialUEMessage): initial, SUCI null scheme. */
    PARSE(ev, false, 0x7e, 0x00, 0x41, 0x79, 0x00, 0x0c, 0x01, 0x00, 0xf1, 0x10, 0xf0, 0xff, 0x00,
          0x00, 0x10, 0x32, 0x54, 0x76, 0x2e, 0x02, 0xe0, 0xe0);
    assert(st == AMFOL_NAS_PARSE_OK && ev.mm_type == 0x41 && ev.reg_type == 1);
    assert(strcmp(ev.suci, "00101-01234567") == 0 && !ev.has_guti);

    /* Emergency registration with a 5G-GUTI and requested NSSAI {1, 2-000001}. */
    PARSE(ev, false, 0x7e, 0x00, 0x41, 0x0c, 0x00, 0x0b, 0xf2, 0x00, 0xf1, 0x10, 0x02, 0x00, 0x41,
          0xde, 0xad, 0xbe, 0xef, 0x2f, 0x07, 0x01, 0x01, 0x04, 0x02, 0x00, 0x00, 0x01);
    assert(st == AMFOL_NAS_PARSE_OK && ev.reg_type == 4 && ev.has_guti);
    assert(strcmp(ev.guti_guami.plmn.digits, "00101") == 0 && ev.guti_guami.region_id == 2);
    assert(ev.guti_guami.set_id == 1 && ev.guti_guami.pointer == 1 && ev.guti_tmsi == 0xdeadbeef);
    assert(ev.n_requested_nssai == 2 && ev.requested_nssai[0].sst == 1 && !ev.requested_nssai[0].has_sd);
    assert(ev.requested_nssai[1].sst == 2 && ev.requested_nssai[1].sd == 1);

    /* Service request, service type data (high half octet), 5G-S-TMSI set 1 pointer 0. */
    PARSE(ev, false, 0x7e, 0x00, 0x4c, 0x15, 0x00, 0x07, 0xf4, 0x00, 0x40, 0x12, 0x34, 0x56, 0x78);
    assert(st == AMFOL_NAS_PARSE_OK && ev.service_type == 1 && ev.has_s_tmsi);
    assert(ev.s_tmsi.set_id == 1 && ev.s_tmsi.pointer == 0 && ev.s_tmsi.tmsi == 0x12345678);
    PARSE(ev, false, 0x7e, 0x00, 0x4c, 0x55, 0x00, 0x07, 0xf4, 0x00, 0x40, 0x12, 0x34, 0x56, 0x78);
    assert(ev.service_type == 5);

    /* Concealed SUCI (profile A): kept distinct, never looks like a null-scheme MSIN. */
    PARSE(ev, false, 0x7e, 0x00, 0x41, 0x71, 0x00, 0x0d, 0x01, 0x00, 0xf1, 0x10, 0xf0, 0xff, 0x01,
          0x05, 0xaa, 0xbb, 0xcc, 0xdd, 0xee);
    assert(st == AMFOL_NAS_PARSE_OK && strcmp(ev.suci, "00101-p1-aabbccddee") == 0);

    /* Truncated: keep what was read, say so. */
    PARSE(ev, false, 0x7e, 0x00, 0x44, 0x16, 0x5f, 0x01);
    assert(st == AMFOL_NAS_PARSE_TRUNCATED && ev.mm_cause == 22 && ev.t3346.state == AMFOL_TIMER_ABSENT);
    PARSE(ev, false, 0x7e, 0x00, 0x41, 0x79, 0x00, 0x0c, 0x01);
    assert(st == AMFOL_NAS_PARSE_TRUNCATED && ev.suci[0] == 0);
    PARSE(ev, false, 0x7e);
    assert(st == AMFOL_NAS_PARSE_NOT_NAS);
    PARSE(ev, false, 0x07, 0x44, 0x16, 0x5f, 0x01, 0x21);   /* EPS NAS: not ours */
    assert(st == AMFOL_NAS_PARSE_NOT_NAS);
    assert(amfol_nas_parse(NULL, 0, false, &ev) == AMFOL_NAS_PARSE_NOT_NAS);

    /* Random input: bounded, no crash (run under ASan/valgrind to see reads). */
    srand(1);
    uint8_t buf[64];
    for (int i = 0; i < 200000; i++) {
        size_t n = (size_t)(rand() % 64);
        for (size_t k = 0; k < n; k++)
            buf[k] = (uint8_t)rand();
        if (n > 0 && (i & 1))
            buf[0] = 0x7e;
        if (n > 1 && (i & 2))
            buf[1] = (uint8_t)(i & 4 ? 0 : 1);
        uint8_t *heap = malloc(n ? n : 1);
        memcpy(heap, buf, n);
        st = amfol_nas_parse(heap, n, (i & 8) != 0, &ev);
        assert(st >= AMFOL_NAS_PARSE_OK && st <= AMFOL_NAS_PARSE_NOT_NAS);
        assert(ev.n_requested_nssai <= AMFOL_MAX_NSSAI && strlen(ev.suci) < sizeof ev.suci);
        free(heap);
    }
    amfol_plmn p;
    amfol_nas_plmn_digits((const uint8_t[]){0x13, 0x00, 0x14}, &p);
    assert(strcmp(p.digits, "310410") == 0);
    printf("test_nas_parse: ok\n");
    return 0;
}
