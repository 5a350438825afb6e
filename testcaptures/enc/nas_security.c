/* SPDX-License-Identifier: GPL-2.0-or-later */
/* NAS-5GS security protected message wrapper (TS 24.501 §9.1.1), with a deterministic stand-in
 * for ciphering so captures are reproducible. */
#include "nas_writer.h"

/* A 32-bit xorshift keystream seeded from (key, sqn): not cryptography, just reproducible
 * scrambling so the ciphered body looks random and decodes as nothing. */
static uint32_t next_word(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *s = x;
    return x;
}

size_t nas_wrap_security(nas_security_type type, uint32_t mac, uint8_t sqn, uint32_t key,
                         const uint8_t *plain, size_t plain_len, uint8_t *out, size_t cap)
{
    if ((type != NAS_SEC_INTEGRITY && type != NAS_SEC_INTEGRITY_CIPHERED) || plain == NULL ||
        plain_len == 0)
        return 0;
    uintptr_t p0 = (uintptr_t)plain, o0 = (uintptr_t)out;
    if (out != NULL && p0 < o0 + cap && o0 < p0 + plain_len)
        return 0; /* overlapping buffers */
    nas_writer w;
    nas_w_init(&w, out, cap);
    nas_w_u8(&w, 0x7e);
    nas_w_u8(&w, (uint8_t)type);
    nas_w_u32(&w, mac);
    nas_w_u8(&w, sqn);
    size_t start = w.len;
    nas_w_bytes(&w, plain, plain_len);
    if (w.failed)
        return 0;
    if (type == NAS_SEC_INTEGRITY_CIPHERED) {
        uint32_t s = (key ^ 0x9e3779b9u) + 0x85ebca6bu * (uint32_t)(sqn + 1u);
        if (s == 0)
            s = 0x2545f491u;
        for (size_t i = 0; i < plain_len; i++) {
            if (i % 4 == 0)
                next_word(&s);
            out[start + i] ^= (uint8_t)(s >> (8 * (i % 4)));
        }
    }
    return nas_w_done(&w);
}
