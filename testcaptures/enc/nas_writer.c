/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Bounded octet writer and NAS-5GS IE helpers (TS 24.501 §9.11) shared by the NAS encoders. */
#include "nas_writer.h"

#include <string.h>

void nas_w_init(nas_writer *w, uint8_t *buf, size_t cap)
{
    w->buf = buf;
    w->cap = buf ? cap : 0;
    w->len = 0;
    w->failed = (buf == NULL);
}

void nas_w_bytes(nas_writer *w, const uint8_t *p, size_t n)
{
    if (w->failed || n == 0)
        return;
    if (p == NULL || n > w->cap - w->len) {
        w->failed = true;
        return;
    }
    memcpy(w->buf + w->len, p, n);
    w->len += n;
}

void nas_w_u8(nas_writer *w, uint8_t v)
{
    nas_w_bytes(w, &v, 1);
}

void nas_w_u16(nas_writer *w, uint16_t v)
{
    uint8_t b[2] = {(uint8_t)(v >> 8), (uint8_t)v};
    nas_w_bytes(w, b, 2);
}

void nas_w_u32(nas_writer *w, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v};
    nas_w_bytes(w, b, 4);
}

size_t nas_w_done(const nas_writer *w)
{
    return w->failed ? 0 : w->len;
}

void nas_w_mm_header(nas_writer *w, uint8_t message_type)
{
    nas_w_u8(w, 0x7e); /* extended protocol discriminator: 5GMM */
    nas_w_u8(w, 0x00); /* spare half octet + security header type 0 (plain) */
    nas_w_u8(w, message_type);
}

void nas_w_snssai_lv(nas_writer *w, const enc_snssai *s)
{
    if (s->has_sd && s->sd > 0xffffffu) {
        w->failed = true;
        return;
    }
    nas_w_u8(w, s->has_sd ? 4 : 1);
    nas_w_u8(w, s->sst);
    if (s->has_sd) {
        nas_w_u8(w, (uint8_t)(s->sd >> 16));
        nas_w_u16(w, (uint16_t)s->sd);
    }
}

void nas_w_nssai_tlv(nas_writer *w, uint8_t iei, const enc_snssai *s, size_t n)
{
    if (n < 1 || n > NAS_ENC_MAX_SLICES) {
        w->failed = true;
        return;
    }
    size_t len = 0;
    for (size_t i = 0; i < n; i++)
        len += s[i].has_sd ? 5 : 2;
    nas_w_u8(w, iei);
    nas_w_u8(w, (uint8_t)len);
    for (size_t i = 0; i < n; i++)
        nas_w_snssai_lv(w, &s[i]);
}

void nas_w_guti(nas_writer *w, uint8_t iei, const enc_5g_guti *g)
{
    uint8_t plmn[3];
    if (!enc_plmn_to_bcd(&g->guami.plmn, plmn) || g->guami.set_id > 1023 || g->guami.pointer > 63) {
        w->failed = true;
        return;
    }
    if (iei)
        nas_w_u8(w, iei);
    nas_w_u16(w, 11);
    nas_w_u8(w, 0xf2); /* '1111' + odd/even 0 + type of identity 5G-GUTI (2) */
    nas_w_bytes(w, plmn, 3);
    nas_w_u8(w, g->guami.region_id);
    nas_w_u16(w, (uint16_t)(g->guami.set_id << 6 | g->guami.pointer));
    nas_w_u32(w, g->tmsi);
}
