/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer harness: amfol_rrc_wire_read (tap/wire/amfol_rrc_wire.c) over arbitrary octets on
 * every channel. Whatever it reads, the result stays within its declared ranges. */
#include "wire/amfol_rrc_wire.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    for (int ch = AMFOL_RRC_WIRE_UL_CCCH; ch <= AMFOL_RRC_WIRE_DL_DCCH + 1; ch++) {
        amfol_rrc_wire w;
        int msg = amfol_rrc_wire_read(data, size, ch, &w);
        if (msg != w.msg || msg < 0 || msg > AMFOL_RRC_SETUP_COMPLETE)
            __builtin_trap();
        if (w.cause != AMFOL_ABSENT && (w.cause < 0 || w.cause > 15))
            __builtin_trap();
        if (w.wait_time_s != AMFOL_ABSENT && (w.wait_time_s < 1 || w.wait_time_s > 16))
            __builtin_trap();
        if (w.s_tmsi_part1 >> 39 || w.n_nssai < 0 || w.n_nssai > AMFOL_MAX_NSSAI)
            __builtin_trap();
    }
    return 0;
}
