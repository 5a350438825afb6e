/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Identifier value types shared by the NGAP, F1AP, RRC and NAS-5GS encoders of the synthesizer. */
#ifndef AMFOL_ENC_TYPES_H
#define AMFOL_ENC_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A PLMN identity, e.g. MCC 001 / MNC 01 = {1, 1, 2}. */
typedef struct {
    uint16_t mcc;       /* mobile country code, 0..999 */
    uint16_t mnc;       /* mobile network code, 0..999 */
    uint8_t mnc_digits; /* 2 or 3: how many MNC digits are written (0 is read as 2) */
} enc_plmn;

/* S-NSSAI: slice/service type and optional slice differentiator. */
typedef struct {
    uint8_t sst;  /* 0..255 (1 eMBB, 2 URLLC, 3 MIoT, ...) */
    bool has_sd;  /* false: no SD written */
    uint32_t sd;  /* 24-bit slice differentiator, 0..0xFFFFFF */
} enc_snssai;

/* NR cell global identity. */
typedef struct {
    enc_plmn plmn;
    uint64_t cell_id; /* 36-bit NR cell identity (gNB-ID in the upper bits), 0..2^36-1 */
} enc_nr_cgi;

/* Tracking area identity. */
typedef struct {
    enc_plmn plmn;
    uint32_t tac; /* 24-bit tracking area code */
} enc_tai;

/* Globally unique AMF identifier. */
typedef struct {
    enc_plmn plmn;
    uint8_t region_id; /* AMF Region ID, 8 bits */
    uint16_t set_id;   /* AMF Set ID, 10 bits (0..1023) */
    uint8_t pointer;   /* AMF Pointer, 6 bits (0..63) */
} enc_guami;

/* 5G-S-TMSI = AMF Set ID + AMF Pointer + 5G-TMSI. */
typedef struct {
    uint16_t set_id; /* 10 bits */
    uint8_t pointer; /* 6 bits */
    uint32_t tmsi;   /* 5G-TMSI, 32 bits */
} enc_5g_s_tmsi;

/* 5G-GUTI = GUAMI + 5G-TMSI. */
typedef struct {
    enc_guami guami;
    uint32_t tmsi;
} enc_5g_guti;

/* Length of s, but at most `max` (strnlen without needing POSIX). s must not be NULL. */
size_t enc_strnlen(const char *s, size_t max);

/* Writes the 3-octet TBCD PLMN identity (TS 24.501 / TS 38.413 layout). False if out of range. */
bool enc_plmn_to_bcd(const enc_plmn *plmn, uint8_t out[3]);

#endif
