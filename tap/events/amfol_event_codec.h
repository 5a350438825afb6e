/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_event_codec.h: one event struct <-> one JSON object, driven by the member tables of
 * amfol_event_schema.c. Members at their unset value (0, false, "", empty list, AMFOL_ABSENT for
 * "or AMFOL_ABSENT" members) are left out, and so are an event's frame and time when they are
 * those of its "frame" line, and a NAS event's NGAP PDU's where and when: a reader starts from
 * a zeroed struct, amfol_codec_unset() and those implied values. */
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

/* Write one event line {"t":"ngap",...}\n to `out`; `frame` and `t` are those of the frame
 * line it follows. */
void amfol_codec_write_event(GString *out, int kind, const void *ev, amfol_frame frame, amfol_time t);

/* Set the "or AMFOL_ABSENT" members of `obj` (nested structs included, arrays not) to it. */
void amfol_codec_unset(const amfol_struct_schema *s, void *obj);

/* Read the members of the object at tokens[*i] into `obj` (zeroed and amfol_codec_unset() by
 * the caller, with the implied where filled in); *i moves past it. A NAS event's "ngap" goes to `nas_ngap` (may be NULL when `s` is not the NAS schema).
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
