/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_event_codec.h: one event struct <-> one JSON object, driven by the member tables of
 * amfol_event_schema.c. Members equal to zero (0, false, "", empty list) are left out; a reader
 * starts from a zeroed struct, so absent means zero. */
#ifndef AMFOL_EVENT_CODEC_H
#define AMFOL_EVENT_CODEC_H

#include "amfol_event_schema.h"

#include <glib.h>
#include <wsutil/json_dumper.h>
#include <wsutil/wsjson.h>

/* Any event, as read back. A NAS event's carrying NGAP PDU lives in `nas_ngap`. */
typedef struct amfol_event_rec {
    int kind;                        /* enum amfol_event_kind */
    union {
        amfol_ngap_event ngap;
        amfol_sctp_event sctp;
        amfol_rrc_event rrc;
        amfol_nas_event nas;
        amfol_sbi_event sbi;
    } u;
    amfol_ngap_event nas_ngap;
} amfol_event_rec;

/* Write the members of `obj` (described by `s`) into the open object of `d`. */
void amfol_codec_write_members(json_dumper *d, const amfol_struct_schema *s, const void *obj);

/* Write one event line {"t":"ngap",...}\n to `out`. */
void amfol_codec_write_event(GString *out, int kind, const void *ev);

/* Read the members of the object at tokens[*i] into `obj` (zeroed by the caller); *i moves past
 * it. A NAS event's "ngap" goes to `nas_ngap` (may be NULL when `s` is not the NAS schema).
 * False with a message in `err` on an unknown member, a wrong type or an out-of-range value. */
bool amfol_codec_read_members(char *buf, const jsmntok_t *tk, int ntok, int *i,
                              const amfol_struct_schema *s, void *obj, amfol_ngap_event *nas_ngap,
                              GString *err);

/* The token after the value at tokens[i] and everything inside it. */
int amfol_codec_skip(const jsmntok_t *tk, int ntok, int i);

/* Does token `t` spell `name`? */
bool amfol_codec_key_is(const char *buf, const jsmntok_t *t, const char *name);

/* An integer token, exactly (no fraction, no exponent); false if it is none or out of range. */
bool amfol_codec_int(const char *buf, const jsmntok_t *t, int64_t min, uint64_t max, uint64_t *out);
bool amfol_codec_double(const char *buf, const jsmntok_t *t, double *out);

#endif
