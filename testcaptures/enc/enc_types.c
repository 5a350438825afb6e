/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Helpers for the shared identifier types (PLMN TBCD layout). */
#include "enc_types.h"

bool enc_plmn_to_bcd(const enc_plmn *plmn, uint8_t out[3])
{
    unsigned mnc_digits = plmn->mnc_digits ? plmn->mnc_digits : 2;
    if (plmn->mcc > 999 || plmn->mnc > 999 || mnc_digits < 2 || mnc_digits > 3 ||
        (mnc_digits == 2 && plmn->mnc > 99))
        return false;
    unsigned mcc1 = plmn->mcc / 100, mcc2 = plmn->mcc / 10 % 10, mcc3 = plmn->mcc % 10;
    unsigned mnc1, mnc2, mnc3;
    if (mnc_digits == 3) {
        mnc1 = plmn->mnc / 100;
        mnc2 = plmn->mnc / 10 % 10;
        mnc3 = plmn->mnc % 10;
    } else {
        mnc1 = plmn->mnc / 10;
        mnc2 = plmn->mnc % 10;
        mnc3 = 0xf; /* filler for a 2-digit MNC */
    }
    out[0] = (uint8_t)(mcc2 << 4 | mcc1);
    out[1] = (uint8_t)(mnc3 << 4 | mcc3);
    out[2] = (uint8_t)(mnc2 << 4 | mnc1);
    return true;
}

size_t enc_strnlen(const char *s, size_t max)
{
    size_t n = 0;
    while (n < max && s[n] != '\0')
        n++;
    return n;
}
