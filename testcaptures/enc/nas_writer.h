/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Internal: a bounded octet writer and NAS-5GS IE helpers shared by the 5GMM/5GSM encoders. */
#ifndef AMFOL_NAS_WRITER_H
#define AMFOL_NAS_WRITER_H

#include "nas_enc.h"

typedef struct {
    uint8_t *buf;
    size_t cap;
    size_t len;
    bool failed; /* sticky: overflow or bad value */
} nas_writer;

void nas_w_init(nas_writer *w, uint8_t *buf, size_t cap);
void nas_w_u8(nas_writer *w, uint8_t v);
void nas_w_u16(nas_writer *w, uint16_t v);
void nas_w_u32(nas_writer *w, uint32_t v);
void nas_w_bytes(nas_writer *w, const uint8_t *p, size_t n);
/* Returns the length written, or 0 when the writer failed. */
size_t nas_w_done(const nas_writer *w);

/* Plain 5GMM header: EPD 0x7E, security header type 0, message type. */
void nas_w_mm_header(nas_writer *w, uint8_t message_type);
/* Value part of an S-NSSAI: length octet + SST [+ SD]. */
void nas_w_snssai_lv(nas_writer *w, const enc_snssai *s);
/* NSSAI IE (TLV): iei, length, S-NSSAI LVs. */
void nas_w_nssai_tlv(nas_writer *w, uint8_t iei, const enc_snssai *s, size_t n);
/* 5GS mobile identity 5G-GUTI as TLV-E (iei != 0) or LV-E (iei == 0). */
void nas_w_guti(nas_writer *w, uint8_t iei, const enc_5g_guti *g);

#endif
