/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_event_export.c: engine observer -> JSON Lines (see amfol_event_export.h). */
#include "amfol_event_export.h"
#include "amfol_event_bin.h"
#include "amfol_event_codec.h"

#include <glib.h>
#include <inttypes.h>

#define FLUSH_AT (64 * 1024)   /* bytes buffered before writing */

struct amfol_event_export {
    FILE *out;
    char *generator;
    amfol_bin_enc *bin;              /* the compact encoding, or NULL for JSON Lines */
    GString *buf;
    bool attached;
    bool finished;
    uint64_t frames;
    /* the current frame: its line is written with its first event */
    bool have_frame;
    bool frame_written;
    amfol_frame frame;
    amfol_time time;
    /* frames without events not yet written */
    uint64_t run_count;
    amfol_frame run_first;
    amfol_time run_first_time;
    amfol_time run_last_time;
    /* amfol_engine_unread() counts not yet written (written between groups: they are counts) */
    uint64_t unread[AMFOL_NOTE_REASONS];
};

amfol_event_export *amfol_event_export_new_format(FILE *out, const char *generator, int format)
{
    amfol_event_export *x = g_new0(amfol_event_export, 1);
    x->out = out;
    x->generator = g_strdup(generator ? generator : "amfol");
    x->buf = g_string_sized_new(FLUSH_AT + 8192);
    if (format == AMFOL_EVENTS_COMPACT)
        x->bin = amfol_bin_enc_new();
    return x;
}

amfol_event_export *amfol_event_export_new(FILE *out, const char *generator)
{
    return amfol_event_export_new_format(out, generator, AMFOL_EVENTS_JSONL);
}

static void flush_buf(amfol_event_export *x, bool force)
{
    if (x->bin) {
        size_t len;
        const uint8_t *data = amfol_bin_enc_data(x->bin, &len);
        if (len >= FLUSH_AT || (force && len)) {
            fwrite(data, 1, len, x->out);
            amfol_bin_enc_consume(x->bin);
        }
        return;
    }
    if (x->buf->len >= FLUSH_AT || (force && x->buf->len)) {
        fwrite(x->buf->str, 1, x->buf->len, x->out);
        g_string_truncate(x->buf, 0);
    }
}

/* Frames amfol could not read (a dissector stopped them; fields cut): one line per reason. */
static void write_unread(amfol_event_export *x)
{
    for (int reason = 0; reason < AMFOL_NOTE_REASONS; reason++) {
        if (!x->unread[reason])
            continue;
        if (x->bin)
            amfol_bin_enc_unread(x->bin, reason, x->unread[reason]);
        else
            g_string_append_printf(x->buf, "{\"t\":\"unread\",\"reason\":%d,\"count\":%" PRIu64 "}\n", reason,
                                   x->unread[reason]);
        x->unread[reason] = 0;
    }
}

static void write_run(amfol_event_export *x)
{
    if (x->run_count == 0)
        return;
    write_unread(x);
    if (x->bin) {
        amfol_bin_enc_run(x->bin, x->run_first, x->run_count, x->run_first_time, x->run_last_time);
        x->run_count = 0;
        return;
    }
    json_dumper d = { .output_string = x->buf };
    json_dumper_begin_object(&d);
    json_dumper_set_member_name(&d, "t");
    json_dumper_value_string(&d, "frames");
    json_dumper_set_member_name(&d, "frame");
    json_dumper_value_anyf(&d, "%u", x->run_first);
    json_dumper_set_member_name(&d, "count");
    json_dumper_value_anyf(&d, "%" PRIu64, x->run_count);
    json_dumper_set_member_name(&d, "time");
    json_dumper_value_double(&d, x->run_first_time);
    json_dumper_set_member_name(&d, "last_time");
    json_dumper_value_double(&d, x->run_last_time);
    json_dumper_end_object(&d);
    json_dumper_finish(&d);
    x->run_count = 0;
}

/* The current frame had no events: it joins the run of silent frames. */
static void close_frame(amfol_event_export *x)
{
    if (!x->have_frame || x->frame_written)
        return;
    if (x->run_count == 0) {
        x->run_first = x->frame;
        x->run_first_time = x->time;
    }
    x->run_count++;
    x->run_last_time = x->time;
}

static void write_frame(amfol_event_export *x)
{
    write_run(x);
    write_unread(x);
    if (x->bin) {
        amfol_bin_enc_frame(x->bin, x->frame, x->time);
        x->frame_written = true;
        return;
    }
    json_dumper d = { .output_string = x->buf };
    json_dumper_begin_object(&d);
    json_dumper_set_member_name(&d, "t");
    json_dumper_value_string(&d, "frame");
    json_dumper_set_member_name(&d, "frame");
    json_dumper_value_anyf(&d, "%u", x->frame);
    json_dumper_set_member_name(&d, "time");
    json_dumper_value_double(&d, x->time);
    json_dumper_end_object(&d);
    json_dumper_finish(&d);
    x->frame_written = true;
}

static void observe(void *user, int kind, amfol_frame frame, amfol_time t, const void *ev)
{
    amfol_event_export *x = user;
    if (x->finished)
        return;
    if (kind == AMFOL_EV_UNREAD) {
        const amfol_unread_note *n = ev;
        if (n->reason >= 0 && n->reason < AMFOL_NOTE_REASONS) {
            x->unread[n->reason] += n->count;
            if (n->reason == AMFOL_UNREAD_DISSECTOR_STOPPED)
                x->frames += n->count;       /* they are frames of the capture */
        }
        return;
    }
    if (kind == AMFOL_EV_FRAME) {
        close_frame(x);
        x->have_frame = true;
        x->frame_written = false;
        x->frame = frame;
        x->time = t;
        x->frames++;
        return;
    }
    if (!x->frame_written)
        write_frame(x);
    if (x->bin)
        amfol_bin_enc_event(x->bin, kind, ev);
    else
        amfol_codec_write_event(x->buf, kind, ev, x->frame, x->time);
    flush_buf(x, false);
}

static void write_header(amfol_event_export *x, const amfol_config *cfg)
{
    if (x->bin) {
        amfol_bin_enc_header(x->bin, x->generator, cfg);
        return;
    }
    json_dumper d = { .output_string = x->buf };
    json_dumper_begin_object(&d);
    json_dumper_set_member_name(&d, "amfol_events");
    json_dumper_value_anyf(&d, "%d", AMFOL_EVENTS_SCHEMA);
    json_dumper_set_member_name(&d, "generator");
    json_dumper_value_string(&d, x->generator);
    json_dumper_set_member_name(&d, "config");
    json_dumper_begin_object(&d);
    amfol_codec_write_members(&d, amfol_config_schema(), cfg);
    json_dumper_end_object(&d);
    json_dumper_end_object(&d);
    json_dumper_finish(&d);
}

void amfol_event_export_attach(amfol_event_export *x, amfol_engine *e)
{
    if (!x->attached)
        write_header(x, amfol_engine_config(e));
    x->attached = true;
    amfol_engine_observe(e, observe, x);
}

void amfol_event_export_finish(amfol_event_export *x)
{
    if (x->finished)
        return;
    x->finished = true;
    close_frame(x);
    write_run(x);
    write_unread(x);
    if (x->bin)
        amfol_bin_enc_end(x->bin, x->frames);
    else
        g_string_append_printf(x->buf, "{\"t\":\"end\",\"frames\":%" PRIu64 "}\n", x->frames);
    flush_buf(x, true);
    fflush(x->out);
}

void amfol_event_export_free(amfol_event_export *x)
{
    if (!x)
        return;
    g_string_free(x->buf, TRUE);
    amfol_bin_enc_free(x->bin);
    g_free(x->generator);
    g_free(x);
}
