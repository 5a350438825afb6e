/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas_parse.c: bounds-checked NAS-5GS reader (TS 24.501 §8, §9.11): header, 5GMM/5GSM
 * message type, causes, GPRS timers bound to their IEI, identities, registration/service type. */
#include "amfol_nas_parse.h"
#include "amfol_nas_timer.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define EPD_5GMM 0x7e
#define EPD_5GSM 0x2e

typedef struct cursor {
    const uint8_t *p;
    size_t len, off;
} cursor;

void amfol_nas_event_clear(amfol_nas_event *ev)
{
    /* Everything after `where` and `ngap` (the struct's first two members), without copying them. */
    _Static_assert(offsetof(amfol_nas_event, security_header) > offsetof(amfol_nas_event, ngap), "layout");
    memset(&ev->security_header, 0, sizeof *ev - offsetof(amfol_nas_event, security_header));
    ev->security_header = AMFOL_ABSENT;
    ev->epd = AMFOL_ABSENT;
    ev->mm_type = AMFOL_ABSENT;
    ev->sm_type = AMFOL_ABSENT;
    ev->mm_cause = AMFOL_ABSENT;
    ev->sm_cause = AMFOL_ABSENT;
    ev->reg_type = AMFOL_ABSENT;
    ev->service_type = AMFOL_ABSENT;
}

void amfol_nas_plmn_digits(const uint8_t b[3], amfol_plmn *out)
{
    static const char hex[] = "0123456789ABCDEF";
    int d[6] = {b[0] & 15, b[0] >> 4, b[1] & 15, b[2] & 15, b[2] >> 4, b[1] >> 4};
    int n = 0;
    for (int i = 0; i < 6; i++) {
        if (i == 5 && d[i] == 15)
            break;                            /* 2-digit MNC: filler */
        out->digits[n++] = hex[d[i]];
    }
    out->digits[n] = '\0';
}

int amfol_nas_mm_is_downlink(int mm_type)
{
    switch (mm_type) {
    case 0x41: case 0x43: case 0x45: case 0x48: case 0x4c: case 0x4f: case 0x55: case 0x57:
    case 0x59: case 0x5c: case 0x5e: case 0x5f: case 0x67: case 0x66:
        return 0;
    case 0x42: case 0x44: case 0x46: case 0x47: case 0x4d: case 0x4e: case 0x54: case 0x56:
    case 0x58: case 0x5a: case 0x5b: case 0x5d: case 0x65: case 0x68:
        return 1;
    default:
        return -1;
    }
}

/* 5GS mobile identity value (TS 24.501 §9.11.3.4). */
static void read_identity(const uint8_t *v, size_t n, amfol_nas_event *ev)
{
    if (n < 1)
        return;
    int type = v[0] & 7;
    if (type == 1 && n >= 8 && ((v[0] >> 4) & 7) == 0) {          /* SUCI, SUPI format IMSI */
        amfol_plmn plmn;
        amfol_nas_plmn_digits(v + 1, &plmn);
        int scheme = v[6] & 15;
        /* "%s-%s" (null scheme) or "%s-p%d-%s" of the PLMN digits, the scheme and out, without
         * printf: at most 6 + 4 + 22 characters, so never truncated in ev->suci. */
        _Static_assert(sizeof ev->suci > 6 + 4 + 22, "suci fits");
        char *p = ev->suci;
        size_t plen = strlen(plmn.digits);
        memcpy(p, plmn.digits, plen);
        p += plen;
        *p++ = '-';
        size_t k = 0;
        if (scheme == 0) {                                         /* null scheme: MSIN in BCD */
            for (size_t i = 8; i < n && k + 2 < 24; i++) {
                int lo = v[i] & 15, hi = v[i] >> 4;
                if (lo <= 9)
                    p[k++] = (char)('0' + lo);
                if (hi <= 9)
                    p[k++] = (char)('0' + hi);
            }
        } else {
            /* Concealed: a new value each time, so it links nothing; keep it distinct anyway. */
            *p++ = 'p';
            if (scheme >= 10)
                *p++ = '1';
            *p++ = (char)('0' + scheme % 10);
            *p++ = '-';
            for (size_t i = 8; i < n && k + 3 < 24; i++) {
                p[k++] = "0123456789abcdef"[v[i] >> 4];
                p[k++] = "0123456789abcdef"[v[i] & 15];
            }
        }
        p[k] = '\0';
    } else if (type == 2 && n >= 11) {                              /* 5G-GUTI */
        ev->has_guti = true;
        amfol_nas_plmn_digits(v + 1, &ev->guti_guami.plmn);
        ev->guti_guami.region_id = v[4];
        ev->guti_guami.set_id = (uint16_t)((v[5] << 2) | (v[6] >> 6));
        ev->guti_guami.pointer = v[6] & 0x3f;
        ev->guti_tmsi = (uint32_t)v[7] << 24 | (uint32_t)v[8] << 16 | (uint32_t)v[9] << 8 | v[10];
    } else if (type == 4 && n >= 7) {                               /* 5G-S-TMSI */
        ev->has_s_tmsi = true;
        ev->s_tmsi.set_id = (uint16_t)((v[1] << 2) | (v[2] >> 6));
        ev->s_tmsi.pointer = v[2] & 0x3f;
        ev->s_tmsi.tmsi = (uint32_t)v[3] << 24 | (uint32_t)v[4] << 16 | (uint32_t)v[5] << 8 | v[6];
    }
}

/* Requested NSSAI value: a list of S-NSSAI LVs (§9.11.3.37). */
static void read_nssai(const uint8_t *v, size_t n, amfol_nas_event *ev)
{
    size_t i = 0;
    while (i < n && ev->n_requested_nssai < AMFOL_MAX_NSSAI) {
        size_t l = v[i++];
        if (l == 0 || i + l > n)
            break;
        amfol_snssai *s = &ev->requested_nssai[ev->n_requested_nssai++];
        memset(s, 0, sizeof *s);
        s->sst = v[i];
        if (l >= 4) {
            s->has_sd = true;
            s->sd = (uint32_t)v[i + 1] << 16 | (uint32_t)v[i + 2] << 8 | v[i + 3];
        }
        i += l;
    }
}

/* Length of a type-3 (TV, fixed) IE by IEI for the messages we read, 0 when not type 3. */
static size_t tv_fixed_len(int iei)
{
    switch (iei) {
    case 0x12: /* PDU session ID */
    case 0x58: /* 5GMM cause */
    case 0x59: /* old PDU session ID */
        return 2;
    case 0x52: /* last visited registered TAI */
        return 7;
    default:
        return 0;
    }
}

static void on_optional_ie(int mm_type, int iei, const uint8_t *v, size_t n, amfol_nas_event *ev)
{
    switch (iei) {
    case 0x5f:                                  /* T3346 value: GPRS timer 2 */
        if (n >= 1)
            ev->t3346 = amfol_gprs_timer2_decode(v[0]);
        break;
    case 0x16:                                  /* T3502 value: GPRS timer 2 (never T3346) */
        if (n >= 1)
            ev->t3502 = amfol_gprs_timer2_decode(v[0]);
        break;
    case 0x37:                                  /* back-off timer: GPRS timer 3 */
        if (n >= 1)
            ev->backoff = amfol_gprs_timer3_decode(v[0]);
        break;
    case 0x58:                                  /* 5GMM cause (TV) */
        if (n >= 1)
            ev->mm_cause = v[0];
        break;
    case 0x2f:                                  /* requested NSSAI */
        if (mm_type == 0x41)
            read_nssai(v, n, ev);
        break;
    case 0x77:                                  /* 5G-GUTI (accept, CUC), additional GUTI (request) */
        if (mm_type == 0x42 || mm_type == 0x54) {
            bool had = ev->has_guti;
            read_identity(v, n, ev);
            if (ev->has_guti && !had)
                ev->has_new_guti = true;
        }
        break;
    case 0xd0:                                  /* configuration update indication (type 1) */
        if (mm_type == 0x54)
            ev->conf_update_red = (v[0] & 2) != 0;
        break;
    default:
        break;
    }
}

/* Walk optional IEs from c->off to the end. Returns false when the PDU ends inside an IE. */
static bool walk_ies(cursor *c, int mm_type, amfol_nas_event *ev)
{
    while (c->off < c->len) {
        int iei = c->p[c->off];
        if (iei & 0x80) {                       /* type 1 (half-octet IEI + value) or type 2 */
            uint8_t half = (uint8_t)(iei & 0x0f);
            on_optional_ie(mm_type, iei & 0xf0, &half, 1, ev);
            c->off++;
            continue;
        }
        size_t fixed = tv_fixed_len(iei);
        if (fixed) {
            if (c->off + fixed > c->len)
                return false;
            on_optional_ie(mm_type, iei, c->p + c->off + 1, fixed - 1, ev);
            c->off += fixed;
            continue;
        }
        size_t n, hdr;
        if ((iei & 0xf0) == 0x70) {             /* TLV-E: IEIs 0x70..0x7F (TS 24.007 §11.2.4) */
            if (c->off + 3 > c->len)
                return false;
            n = (size_t)c->p[c->off + 1] << 8 | c->p[c->off + 2];
            hdr = 3;
        } else {                                /* TLV */
            if (c->off + 2 > c->len)
                return false;
            n = c->p[c->off + 1];
            hdr = 2;
        }
        if (c->off + hdr + n > c->len)
            return false;
        on_optional_ie(mm_type, iei, c->p + c->off + hdr, n, ev);
        c->off += hdr + n;
    }
    return true;
}

/* Plain 5GSM message: EPD, PDU session ID, PTI, type, then mandatory and optional IEs. */
static int read_5gsm(const uint8_t *p, size_t len, amfol_nas_event *ev)
{
    if (len < 4)
        return AMFOL_NAS_PARSE_TRUNCATED;
    ev->sm_type = p[3];
    cursor c = {p, len, 4};
    switch (ev->sm_type) {
    case 0xc3: /* PDU session establishment reject */
    case 0xca: /* modification reject */
    case 0xd3: /* release command */
    case 0xd2: /* release reject (0xcc is modification complete: no cause, TS 24.501 §9.7) */
        if (len < 5)
            return AMFOL_NAS_PARSE_TRUNCATED;
        ev->sm_cause = p[4];
        c.off = 5;
        {
            /* These messages share the back-off IE 0x37; keep 5GMM timers untouched. */
            amfol_nas_timer keep_t3346 = ev->t3346;
            int keep_cause = ev->mm_cause;
            bool ok = walk_ies(&c, -1, ev);
            ev->t3346 = keep_t3346;
            ev->mm_cause = keep_cause;
            return ok ? AMFOL_NAS_PARSE_OK : AMFOL_NAS_PARSE_TRUNCATED;
        }
    default:
        return AMFOL_NAS_PARSE_OK;
    }
}

static int read_5gmm_plain(const uint8_t *p, size_t len, amfol_nas_event *ev)
{
    if (len < 3)
        return AMFOL_NAS_PARSE_TRUNCATED;
    int t = ev->mm_type = p[2];
    cursor c = {p, len, 3};
    switch (t) {
    case 0x41: {                                            /* REGISTRATION REQUEST */
        if (len < 6)
            return AMFOL_NAS_PARSE_TRUNCATED;
        ev->reg_type = p[3] & 7;
        size_t n = (size_t)p[4] << 8 | p[5];
        if (6 + n > len)
            return AMFOL_NAS_PARSE_TRUNCATED;
        read_identity(p + 6, n, ev);
        c.off = 6 + n;
        break;
    }
    case 0x4c: {                                            /* SERVICE REQUEST */
        if (len < 6)
            return AMFOL_NAS_PARSE_TRUNCATED;
        ev->service_type = (p[3] >> 4) & 7;                 /* ngKSI is the low half octet */
        size_t n = (size_t)p[4] << 8 | p[5];
        if (6 + n > len)
            return AMFOL_NAS_PARSE_TRUNCATED;
        read_identity(p + 6, n, ev);
        c.off = 6 + n;
        break;
    }
    case 0x44:                                              /* REGISTRATION REJECT */
    case 0x4d:                                              /* SERVICE REJECT */
        if (len < 4)
            return AMFOL_NAS_PARSE_TRUNCATED;
        ev->mm_cause = p[3];
        c.off = 4;
        break;
    case 0x47:                                              /* DEREGISTRATION REQUEST (UE terminated) */
        c.off = 4;
        break;
    case 0x42: {                                            /* REGISTRATION ACCEPT */
        if (len < 4)
            return AMFOL_NAS_PARSE_TRUNCATED;
        c.off = 4 + (size_t)p[3];                           /* registration result LV */
        break;
    }
    case 0x54:                                              /* CONFIGURATION UPDATE COMMAND */
        c.off = 3;
        break;
    case 0x67:                                              /* UL NAS TRANSPORT */
    case 0x68: {                                            /* DL NAS TRANSPORT */
        if (len < 6)
            return AMFOL_NAS_PARSE_TRUNCATED;
        int container_type = p[3] & 15;
        size_t n = (size_t)p[4] << 8 | p[5];
        if (6 + n > len)
            return AMFOL_NAS_PARSE_TRUNCATED;
        if (container_type == 1 && n >= 4 && p[6] == EPD_5GSM)
            read_5gsm(p + 6, n, ev);
        c.off = 6 + n;
        break;
    }
    default:
        return AMFOL_NAS_PARSE_OK;                          /* type known; IEs not needed */
    }
    if (c.off > len)
        return AMFOL_NAS_PARSE_TRUNCATED;
    return walk_ies(&c, t, ev) ? AMFOL_NAS_PARSE_OK : AMFOL_NAS_PARSE_TRUNCATED;
}

int amfol_nas_parse(const uint8_t *p, size_t len, bool null_deciphered, amfol_nas_event *ev)
{
    amfol_nas_event_clear(ev);
    if (!p || len < 2)
        return AMFOL_NAS_PARSE_NOT_NAS;
    ev->epd = p[0];
    if (p[0] == EPD_5GSM) {
        ev->security_header = 0;
        return read_5gsm(p, len, ev);
    }
    if (p[0] != EPD_5GMM)
        return AMFOL_NAS_PARSE_NOT_NAS;
    int sht = p[1] & 0x0f;
    ev->security_header = sht;
    if (sht == 0)
        return read_5gmm_plain(p, len, ev);
    if (sht > 4)
        return AMFOL_NAS_PARSE_NOT_NAS;
    if (len < 7)
        return AMFOL_NAS_PARSE_TRUNCATED;
    /* Security protected: MAC (4) + sequence number (1), then the inner plain message. */
    if ((sht == 2 || sht == 4) && !null_deciphered) {
        ev->ciphered = true;
        return AMFOL_NAS_PARSE_CIPHERED;
    }
    const uint8_t *in = p + 7;
    size_t inlen = len - 7;
    if (inlen < 3 || in[0] != EPD_5GMM || (in[1] & 0x0f) != 0) {
        if (sht == 2 || sht == 4) {                         /* not NEA0 after all */
            ev->ciphered = true;
            return AMFOL_NAS_PARSE_CIPHERED;
        }
        return inlen < 3 ? AMFOL_NAS_PARSE_TRUNCATED : AMFOL_NAS_PARSE_NOT_NAS;
    }
    return read_5gmm_plain(in, inlen, ev);
}
