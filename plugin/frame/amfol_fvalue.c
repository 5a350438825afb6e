/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_fvalue.c: read field values across Wireshark versions (field_info layout changed in 4.2). */
#include "frame/amfol_frame.h"

#include <stdlib.h>

uint64_t amfol_fi_uint(const field_info *fi)
{
    if (!fi || !fi->hfinfo)
        return 0;
    fvalue_t *fv = AMFOL_FI_FVALUE(fi);
    switch (fi->hfinfo->type) {
    case FT_BOOLEAN:
    case FT_UINT64:
    case FT_UINT56:
    case FT_UINT48:
    case FT_UINT40:
        return fvalue_get_uinteger64(fv);
    case FT_INT64:
    case FT_INT56:
    case FT_INT48:
    case FT_INT40:
        return (uint64_t)fvalue_get_sinteger64(fv);
    case FT_CHAR:
    case FT_UINT8:
    case FT_UINT16:
    case FT_UINT24:
    case FT_UINT32:
    case FT_FRAMENUM:
        return fvalue_get_uinteger(fv);
    case FT_INT8:
    case FT_INT16:
    case FT_INT24:
    case FT_INT32:
        return (uint64_t)(int64_t)fvalue_get_sinteger(fv);
    default:
        return 0;
    }
}

const char *amfol_fi_string(const field_info *fi)
{
    if (!fi || !fi->hfinfo)
        return NULL;
    switch (fi->hfinfo->type) {
    case FT_STRING:
    case FT_STRINGZ:
    case FT_UINT_STRING:
    case FT_STRINGZPAD:
    case FT_STRINGZTRUNC:
        return fvalue_get_string(AMFOL_FI_FVALUE(fi));
    default:
        return NULL;
    }
}

const uint8_t *amfol_fi_bytes(const field_info *fi, size_t *len)
{
    *len = 0;
    if (!fi || !fi->hfinfo)
        return NULL;
    if (fi->hfinfo->type != FT_BYTES && fi->hfinfo->type != FT_UINT_BYTES)
        return NULL;
#if AMFOL_WS_AT_LEAST(4, 2)
    *len = fvalue_get_bytes_size(AMFOL_FI_FVALUE(fi));
    return fvalue_get_bytes_data(AMFOL_FI_FVALUE(fi));
#else
    /* 4.0: fvalue_t is still public; the byte array carries its length. */
    fvalue_t *fv = AMFOL_FI_FVALUE(fi);
    if (!fv->value.bytes)
        return NULL;
    *len = fv->value.bytes->len;
    return fv->value.bytes->data;
#endif
}

bool amfol_fi_number(const field_info *fi, double *out)
{
    if (!fi || !fi->hfinfo)
        return false;
    switch (fi->hfinfo->type) {
    case FT_FLOAT:
    case FT_DOUBLE:
        *out = fvalue_get_floating(AMFOL_FI_FVALUE(fi));
        return true;
    case FT_STRING:
    case FT_STRINGZ: {   /* json.value.number is FT_STRING before 4.4 */
        const char *s = amfol_fi_string(fi);
        char *end = NULL;
        if (!s || !*s)
            return false;
        double v = strtod(s, &end);
        if (!end || *end != '\0')
            return false;
        *out = v;
        return true;
    }
    case FT_INT8:
    case FT_INT16:
    case FT_INT24:
    case FT_INT32:
    case FT_INT40:
    case FT_INT48:
    case FT_INT56:
    case FT_INT64:
        *out = (double)(int64_t)amfol_fi_uint(fi);
        return true;
    case FT_CHAR:
    case FT_UINT8:
    case FT_UINT16:
    case FT_UINT24:
    case FT_UINT32:
    case FT_UINT40:
    case FT_UINT48:
    case FT_UINT56:
    case FT_UINT64:
        *out = (double)amfol_fi_uint(fi);
        return true;
    default:
        return false;
    }
}
