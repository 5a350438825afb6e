/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer harness: the aligned-PER reader of tap/wire/amfol_per.h over arbitrary octets, the
 * way n2_glue.c and rrc_glue.c read NGAP / F1AP IEs from captured (untrusted) bytes. The input is
 * a program and a window: octet 0 says how many of the next octets are operations, the rest is
 * the window. Each operation runs on two readers, one through the inline fast paths and one
 * through the general readers they fall back to: both must give the same value, position and
 * `bad`; a reader that went past its window reads 0 from then on; a pointer into the window
 * stays inside it; an open type's window stays inside its parent's. */
#include "wire/amfol_per.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void same(const per_rd *a, const per_rd *b, uint64_t va, uint64_t vb)
{
    if (va != vb || a->bit != b->bit || a->bad != b->bad)
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t n_ops = data[0];
    if (n_ops > size - 1)
        n_ops = size - 1;
    const uint8_t *ops = data + 1, *win = data + 1 + n_ops;
    size_t win_len = size - 1 - n_ops;
    per_rd fast = { win, 0, win_len * 8, false }, slow = fast;
    for (size_t i = 0; i < n_ops; i++) {
        int arg = ops[i] >> 4;
        bool was_bad = fast.bad;
        uint64_t vf = 0, vs = 0;
        switch (ops[i] & 0x0f) {
        case 0:                         /* 1..16 bits */
            vf = amfol_per_bits(&fast, arg + 1);
            vs = amfol_per_bits_any(&slow, arg + 1);
            same(&fast, &slow, vf, vs);
            break;
        case 1:                         /* 0..8 octets, aligned */
            vf = amfol_per_octets(&fast, arg & 7 ? arg & 7 : 8);
            amfol_per_align(&slow);
            vs = amfol_per_octets_any(&slow, arg & 7 ? arg & 7 : 8);
            same(&fast, &slow, vf, vs);
            break;
        case 2:                         /* length determinant */
            vf = amfol_per_length(&fast);
            amfol_per_align(&slow);
            vs = amfol_per_length_any(&slow);
            same(&fast, &slow, vf, vs);
            break;
        case 3: {                       /* open type: its window inside the parent's */
            size_t end = fast.end_bit;
            per_rd in = amfol_per_open_type(&fast);
            per_rd in2 = amfol_per_open_type(&slow);
            if (in.end_bit > end || in.p != win || in.end_bit != in2.end_bit || in.bit != in2.bit)
                __builtin_trap();
            for (int k = 0; k < 4; k++)
                vf += amfol_per_bits(&in, 3);
            break;
        }
        case 4:                         /* enumerated with extension marker */
            vf = (uint64_t)(int64_t)amfol_per_enum_ext(&fast, arg & 7, (arg & 7) ? 1 << (arg & 7) : 1);
            vs = (uint64_t)(int64_t)amfol_per_enum_ext(&slow, arg & 7, (arg & 7) ? 1 << (arg & 7) : 1);
            same(&fast, &slow, vf, vs);
            break;
        case 5:                         /* constrained integer with extension marker */
            vf = (uint64_t)amfol_per_int_ext(&fast, arg, arg & 1);
            vs = (uint64_t)amfol_per_int_ext(&slow, arg, arg & 1);
            same(&fast, &slow, vf, vs);
            break;
        case 6: {                       /* octets in place */
            const uint8_t *p = amfol_per_octet_ptr(&fast, (size_t)arg * 3);
            const uint8_t *q = amfol_per_octet_ptr(&slow, (size_t)arg * 3);
            if (p != q || (p && (p < win || p + (size_t)arg * 3 > win + win_len)))
                __builtin_trap();
            same(&fast, &slow, 0, 0);
            break;
        }
        case 7:
            amfol_per_skip_extensions(&fast);
            amfol_per_skip_extensions(&slow);
            same(&fast, &slow, 0, 0);
            break;
        case 8:
            amfol_per_skip_additions(&fast);
            amfol_per_skip_additions(&slow);
            same(&fast, &slow, 0, 0);
            break;
        case 9:                         /* whole number of 1..4 octets */
            vf = amfol_per_whole_octets(&fast, 2);
            vs = amfol_per_whole_octets(&slow, 2);
            same(&fast, &slow, vf, vs);
            break;
        default:
            amfol_per_align(&fast);
            amfol_per_align(&slow);
            same(&fast, &slow, 0, 0);
            break;
        }
        if (was_bad && !fast.bad)       /* bad stays bad */
            __builtin_trap();
        if (was_bad && vf != 0 && (ops[i] & 0x0f) <= 2)   /* and reads 0 */
            __builtin_trap();
    }
    return 0;
}
