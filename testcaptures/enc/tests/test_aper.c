/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of the aligned-PER writer primitives against encodings derived by hand from X.691. */
#include "aper.h"
#include "enc_check.h"

#include <string.h>

static uint8_t buf[512];

static aper_writer fresh(void)
{
    aper_writer w;
    memset(buf, 0xee, sizeof buf); /* stale data must never leak into the output */
    aper_init(&w, buf, sizeof buf);
    return w;
}

static void done(const char *what, aper_writer *w, const char *hex)
{
    CHECK(aper_ok(w));
    check_hex(what, buf, aper_octets(w), hex);
}

static void test_constrained_whole(void)
{
    aper_writer w = fresh();
    aper_put_constrained_whole(&w, 7, 7, 7); /* range 1: no bits (X.691 10.5.4) */
    CHECK_EQ(w.bitpos, 0);
    aper_put_constrained_whole(&w, 3, 0, 7); /* bit-field of 3 bits */
    aper_put_constrained_whole(&w, 1, 0, 1); /* 1 bit */
    CHECK_EQ(w.bitpos, 4);
    done("cwn bit-fields", &w, "70");

    w = fresh();
    aper_put_bool(&w, true);
    aper_put_constrained_whole(&w, 5, 0, 254); /* range 255: 8-bit field, not aligned */
    done("cwn range 255", &w, "82 80");

    w = fresh();
    aper_put_bool(&w, true);
    aper_put_constrained_whole(&w, 5, 0, 255); /* range 256: one aligned octet */
    done("cwn range 256", &w, "80 05");

    w = fresh();
    aper_put_bool(&w, true);
    aper_put_constrained_whole(&w, 0x1234, 0, 65535); /* range 64K: two aligned octets */
    done("cwn range 64K", &w, "80 12 34");

    w = fresh();
    aper_put_constrained_whole(&w, 1000, 1000, 1000 + 65536); /* > 64K: length 1..3 (2 bits) */
    aper_put_constrained_whole(&w, 256, 0, 4294967295ull);     /* length 1..4: 2 octets */
    done("cwn > 64K", &w, "00 00 40 01 00");

    w = fresh();
    aper_put_constrained_whole(&w, 1099511627775ull, 0, 1099511627775ull); /* 40-bit: 5 octets */
    done("cwn 2^40-1", &w, "80 ff ff ff ff ff");

    w = fresh();
    aper_put_constrained_whole(&w, 9, 0, 7); /* out of range */
    CHECK(!aper_ok(&w));
}

static void test_normally_small_and_lengths(void)
{
    aper_writer w = fresh();
    aper_put_normally_small(&w, 5); /* 0 + 000101 */
    done("normally small 5", &w, "0a");

    w = fresh();
    aper_put_normally_small(&w, 64); /* 1 + semi-constrained: aligned length 01 + 40 */
    done("normally small 64", &w, "80 01 40");

    w = fresh();
    aper_put_length(&w, 5, 0, APER_NO_UB);
    aper_put_length(&w, 200, 0, APER_NO_UB);
    aper_put_length(&w, 16383, 0, APER_NO_UB);
    done("unconstrained lengths", &w, "05 80 c8 bf ff");

    w = fresh();
    aper_put_length(&w, 16384, 0, APER_NO_UB); /* would need fragmentation */
    CHECK(!aper_ok(&w));

    w = fresh();
    aper_put_length(&w, 1, 1, 1024);  /* range 1024: two aligned octets */
    aper_put_length(&w, 3, 1, 12);    /* range 12: 4 bits */
    aper_put_length(&w, 2, 2, 2);     /* fixed: nothing */
    done("constrained lengths", &w, "00 00 20");

    w = fresh();
    aper_put_length(&w, 0, 1, 12);
    CHECK(!aper_ok(&w));
}

static void test_enumerated_integer_choice(void)
{
    aper_writer w = fresh();
    aper_put_enumerated(&w, 3, 10, true); /* RRCEstablishmentCause mo-Signalling: 0 + 0011 */
    done("enum root", &w, "18");

    w = fresh();
    aper_put_enumerated(&w, 11, 10, true); /* extension value 1: 1 + normally small 1 */
    done("enum extension", &w, "81");

    w = fresh();
    aper_put_enumerated(&w, 11, 10, false);
    CHECK(!aper_ok(&w));

    w = fresh();
    aper_put_choice(&w, 1, 4, false); /* 2-bit index */
    aper_put_choice(&w, 2, 3, true);  /* ext bit + 2-bit index */
    done("choice", &w, "50");

    w = fresh();
    aper_put_integer(&w, 50, 1, 99, false); /* 49 in 7 bits */
    done("integer 1..99", &w, "62");

    w = fresh();
    aper_put_integer(&w, 300, 0, 255, true); /* outside the root: 1 + unconstrained 01 2c */
    done("integer extension", &w, "80 02 01 2c");

    w = fresh();
    aper_put_integer_unconstrained(&w, -1);
    aper_put_integer_unconstrained(&w, 128);
    done("unconstrained integer", &w, "01 ff 02 00 80");
}

static void test_strings(void)
{
    aper_writer w = fresh();
    aper_put_bool(&w, true);
    aper_put_bit_string_u64(&w, 1, 10, 10, 10, false); /* fixed <= 16 bits: not aligned */
    aper_put_bit_string_u64(&w, 1, 6, 6, 6, false);
    done("bit string fixed small", &w, "80 20 80");

    w = fresh();
    aper_put_bool(&w, true);
    aper_put_bit_string_u64(&w, 0x10, 36, 36, 36, false); /* fixed > 16 bits: aligned */
    done("bit string 36", &w, "80 00 00 00 01 00");

    w = fresh();
    aper_put_bit_string_u64(&w, 1, 22, 22, 32, false); /* length 0 in 4 bits, aligned bits */
    done("bit string 22..32", &w, "00 00 00 04");

    w = fresh();
    uint8_t sst = 0x01;
    aper_put_bool(&w, false);
    aper_put_octet_string(&w, &sst, 1, 1, 1, false); /* fixed 1 octet: not aligned */
    done("octet string fixed 1", &w, "00 80");

    w = fresh();
    const uint8_t three[3] = {0xaa, 0xbb, 0xcc};
    aper_put_bool(&w, true);
    aper_put_octet_string(&w, three, 3, 3, 3, false); /* fixed 3: aligned, no length */
    aper_put_octet_string(&w, three, 2, 0, APER_NO_UB, false);
    done("octet string fixed 3 + unconstrained", &w, "80 aa bb cc 02 aa bb");

    w = fresh();
    aper_put_octet_string(&w, three, 3, 1, 2, true); /* too long for the root: extended */
    done("octet string extended size", &w, "80 03 aa bb cc");

    w = fresh();
    aper_put_known_multiplier_string(&w, "abc", 1, 150, true); /* 0 + 8-bit length-1, align */
    done("printable string", &w, "01 00 61 62 63");

    w = fresh();
    aper_put_bool(&w, true);
    aper_put_known_multiplier_string(&w, "ab", 1, 2, false); /* ub*8 <= 16: never aligned */
    aper_put_known_multiplier_string(&w, "a", 1, 1, false);
    done("short printable strings", &w, "d8 58 98 40");

    w = fresh();
    aper_put_bool(&w, true);
    uint8_t two[2] = {0x61, 0x62};
    aper_put_octet_string(&w, two, 2, 1, 2, false); /* variable octet string: aligned */
    done("short variable octet string", &w, "c0 61 62");

    w = fresh();
    aper_put_known_multiplier_string(&w, "bad\n", 1, 150, true);
    CHECK(!aper_ok(&w));
}

static void test_open_type_and_containers(void)
{
    aper_writer w = fresh();
    size_t m = aper_open_begin(&w);
    aper_put_bits(&w, 0x5, 3);
    aper_open_end(&w, m);
    done("open type small", &w, "01 a0");

    w = fresh();
    m = aper_open_begin(&w);
    aper_open_end(&w, m); /* empty inner encoding is one zero octet */
    done("open type empty", &w, "01 00");

    w = fresh();
    uint8_t big[200];
    for (size_t i = 0; i < sizeof big; i++)
        big[i] = (uint8_t)i;
    aper_put_bool(&w, true);
    m = aper_open_begin(&w);
    aper_put_octets(&w, big, sizeof big);
    aper_open_end(&w, m);
    CHECK(aper_ok(&w));
    CHECK_EQ(aper_octets(&w), 1 + 2 + 200);
    CHECK_EQ(buf[0], 0x80);
    CHECK_EQ(buf[1], 0x80);
    CHECK_EQ(buf[2], 200);
    CHECK(memcmp(buf + 3, big, sizeof big) == 0);

    w = fresh();
    size_t pdu = aper_pdu_begin(&w, APER_PDU_INITIATING, 23, APER_CRIT_REJECT);
    aper_put_ie_message_start(&w, 0);
    CHECK_EQ(aper_pdu_end(&w, pdu), 7);
    done("empty PDU (OverloadStop)", &w, "00 17 00 03 00 00 00");

    w = fresh();
    size_t ie = aper_ie_begin(&w, 85, APER_CRIT_REJECT);
    aper_put_constrained_whole(&w, 1, 0, 4294967295ull);
    aper_ie_end(&w, ie);
    done("protocol IE field", &w, "00 55 00 02 00 01");

    w = fresh();
    aper_put_preamble(&w, 0x5, 3);
    done("preamble", &w, "a0");
}

static void test_bounds(void)
{
    uint8_t small[4] = {0, 0, 0, 0};
    uint8_t guard[4] = {0x5a, 0x5a, 0x5a, 0x5a};
    uint8_t area[8];
    memcpy(area, small, 4);
    memcpy(area + 4, guard, 4);
    aper_writer w;
    aper_init(&w, area, 4);
    const uint8_t data[6] = {1, 2, 3, 4, 5, 6};
    aper_put_octets(&w, data, 3);
    CHECK(aper_ok(&w));
    aper_put_octets(&w, data, 3); /* does not fit */
    CHECK(!aper_ok(&w));
    aper_put_bits(&w, 0xff, 8); /* ignored after failure */
    CHECK(memcmp(area + 4, guard, 4) == 0);

    aper_init(&w, area, 4);
    size_t m = aper_open_begin(&w);
    aper_put_octets(&w, data, 3);
    aper_open_end(&w, m);
    CHECK(aper_ok(&w));
    CHECK(memcmp(area + 4, guard, 4) == 0);

    aper_init(&w, NULL, 0);
    aper_put_bits(&w, 1, 1);
    CHECK(!aper_ok(&w));
}

int main(void)
{
    test_constrained_whole();
    test_normally_small_and_lengths();
    test_enumerated_integer_choice();
    test_strings();
    test_open_type_and_containers();
    test_bounds();
    return check_report("test_aper");
}
