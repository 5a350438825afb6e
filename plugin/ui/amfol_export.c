/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_export.c: -z amfol,events, the normalized event stream of a capture on standard output
 * (docs/events.md), for amfol-replay and scripts/amfol-parallel.sh: JSON Lines
 * (-z amfol,events or -z amfol,events,jsonl) or the compact binary encoding (-z amfol,events,bin). The writer
 * is the engine observer of tap/events/: this file only wires it to tshark's -z and the engine
 * of the open capture. */
#include "ui/amfol_tap.h"
#include "events/amfol_event_export.h"

#include <epan/stat_tap_ui.h>
#include <stdio.h>
#include <string.h>

#ifndef PLUGIN_VERSION
#define PLUGIN_VERSION "0.0.0"
#endif

/* One -z amfol,events per run; epan keeps the listener, the engine is per capture file. */
static amfol_event_export *amfol_export_cur;
static amfol_engine *amfol_export_engine;
/* The highest frame number the "frame" tap saw: every frame reaches it, also those a dissector
 * stopped before amfol (the last ones of a capture among them): exported as unread frames, so
 * that a replay counts the capture's frames as the one pass does. */
static guint32 amfol_export_last_frame;

static tap_packet_status events_frame_packet(void *tapdata _U_, packet_info *pinfo, epan_dissect_t *edt _U_,
                                             const void *data _U_, tap_flags_t flags _U_)
{
    amfol_export_last_frame = MAX(amfol_export_last_frame, pinfo->num);
    return TAP_PACKET_DONT_REDRAW;
}

void amfol_export_engine_created(amfol_engine *e)
{
    if (!amfol_export_cur)
        return;
    amfol_export_engine = e;
    amfol_event_export_attach(amfol_export_cur, e);
}

void amfol_export_engine_freed(amfol_engine *e)
{
    if (e == amfol_export_engine) {
        amfol_engine_observe(e, NULL, NULL);
        amfol_export_engine = NULL;
    }
}

static tap_packet_status events_packet(void *tapdata _U_, packet_info *pinfo _U_, epan_dissect_t *edt _U_,
                                       const void *data _U_, tap_flags_t flags _U_)
{
    return TAP_PACKET_DONT_REDRAW;
}

static void events_draw(void *tapdata _U_)
{
    if (!amfol_current_engine())
        fprintf(stderr, "amfol: no events exported (is the amfol protocol enabled?)\n");
    if (amfol_export_engine)
        amfol_engine_frames_up_to(amfol_export_engine, amfol_export_last_frame);
    amfol_event_export_finish(amfol_export_cur);
}

static void events_frame_finish(void *tapdata _U_)
{
    amfol_export_last_frame = 0;
}

static void events_finish(void *tapdata _U_)
{
    if (amfol_export_engine)
        amfol_export_engine_freed(amfol_export_engine);
    amfol_event_export_free(amfol_export_cur);
    amfol_export_cur = NULL;
    amfol_export_engine = NULL;
}

static AMFOL_STAT_INIT_RET events_init(const char *opt_arg, void *userdata _U_)
{
    int format = AMFOL_EVENTS_JSONL;
    if (opt_arg && g_str_has_prefix(opt_arg, "amfol,events,")) {
        const char *f = opt_arg + strlen("amfol,events,");
        if (!strcmp(f, "bin"))
            format = AMFOL_EVENTS_COMPACT;
        else if (strcmp(f, "jsonl") != 0) {
            fprintf(stderr, "tshark: -z amfol,events[,jsonl|,bin]: unknown format \"%s\"\n", f);
#if AMFOL_WS_AT_LEAST(4, 6)
            return false;
#else
            return;
#endif
        }
    }
    if (amfol_export_cur) {
        fprintf(stderr, "tshark: -z amfol,events may be given once\n");
#if AMFOL_WS_AT_LEAST(4, 6)
        return false;
#else
        return;
#endif
    }
    amfol_export_cur = amfol_event_export_new_format(stdout, "amfol " PLUGIN_VERSION, format);
    GString *err = register_tap_listener("amfol", &amfol_export_cur, NULL, TL_REQUIRES_NOTHING, NULL,
                                         events_packet, events_draw, events_finish);
    if (err) {
        fprintf(stderr, "tshark: Couldn't register amfol,events tap: %s\n", err->str);
        g_string_free(err, TRUE);
        amfol_event_export_free(amfol_export_cur);
        amfol_export_cur = NULL;
#if AMFOL_WS_AT_LEAST(4, 6)
        return false;
#else
        return;
#endif
    }
    amfol_export_last_frame = 0;
    err = register_tap_listener("frame", &amfol_export_last_frame, NULL, TL_REQUIRES_NOTHING, NULL,
                                events_frame_packet, NULL, events_frame_finish);
    if (err) {                        /* not fatal: trailing frames a dissector stopped go uncounted */
        fprintf(stderr, "tshark: amfol,events: no frame tap: %s\n", err->str);
        g_string_free(err, TRUE);
    }
    if (amfol_current_engine())
        amfol_export_engine_created(amfol_current_engine());
    AMFOL_STAT_INIT_OK;
}

void amfol_export_register(void)
{
    static stat_tap_ui ui = {
        .group = REGISTER_STAT_GROUP_GENERIC,   /* CLI only: no menu entry */
        .title = "amfol,events",
        .cli_string = "amfol,events",
        .tap_init_cb = events_init,
    };
    register_stat_tap_ui(&ui, NULL);
}
