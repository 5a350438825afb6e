/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_module.h: what an analysis module (tap/n2, tap/rrc, tap/nas, tap/sbi, ...) is to the
 * engine: a name and the event handlers it registers. The engine (amfol_engine.c, `modules[]`)
 * calls every registered handler of an event kind, in table order; no module calls another
 * module's handlers. Modules include this header and amfol_context.h, never
 * tap/engine/amfol_engine.h (the plugin's view, a higher floor), so tap/ has no include cycle.
 *
 * Registering: define `const amfol_module amfol_<name>_module = { .name = ..., .on_nas = ... }`
 * in the module's main .c, declare it in its public header, add it to `modules[]`.
 * docs/ARCHITECTURE.md, "Adding a module handler". */
#ifndef AMFOL_MODULE_H
#define AMFOL_MODULE_H

#include "amfol_config.h"
#include "amfol_events.h"
#include "amfol_findings.h"

typedef struct amfol_engine amfol_engine;

/* Event kinds, as bits for amfol_module.owns. */
enum amfol_event_kind {
    AMFOL_EV_NGAP = 1 << 0,
    AMFOL_EV_SCTP = 1 << 1,
    AMFOL_EV_RRC  = 1 << 2,
    AMFOL_EV_NAS  = 1 << 3,
    AMFOL_EV_SBI  = 1 << 4,
};

typedef struct amfol_module {
    const char *name;
    /* The kinds whose per-message result this module fills (at most one module per kind): its
     * handler gets the caller's result struct as `result` (the type the module's public header
     * names, e.g. amfol_n2_result for NGAP). Every other handler of that kind gets NULL. */
    unsigned owns;
    /* State: created with the engine, freed with it (e->n2, e->rrc, ... in amfol_context.h);
     * both NULL for a module without state (tap/correlate). */
    void (*create)(amfol_engine *e);
    void (*destroy)(amfol_engine *e);
    /* Handlers, NULL for kinds the module does not consume. Called on the first pass in frame
     * order; events and their strings are valid only during the call. */
    void (*on_ngap)(amfol_engine *e, const amfol_ngap_event *ev, void *result);
    void (*on_sctp)(amfol_engine *e, const amfol_sctp_event *ev);
    void (*on_rrc)(amfol_engine *e, const amfol_rrc_event *ev, void *result);
    void (*on_nas)(amfol_engine *e, const amfol_nas_event *ev, void *result);
    void (*on_sbi)(amfol_engine *e, const amfol_sbi_event *ev, void *result);
    /* Add this module's findings (rules of the catalogue it owns) over everything seen so far. */
    void (*finish)(amfol_engine *e, amfol_findings *out);
} amfol_module;

/* What the capture held so far (every frame, not only 5G ones). */
typedef struct amfol_capture_info {
    uint64_t frames;
    amfol_time first_time;      /* 0 when no frame yet */
    amfol_time last_time;
    uint64_t duplicates_ignored;    /* identical frames within the dedup window (two probes) */
    uint64_t sctp_retransmissions_ignored;   /* frames whose every DATA chunk was seen (TSN) */
    const char *caveat;         /* what the analysis could not see, said in every report (e.g.
                                 * SBI cut across replayed files); NULL: nothing (owned) */
    uint64_t damaged_ignored;       /* damaged after the sender (IPv4 header checksum, SCTP CRC32c) */
    /* Frames amfol could not read, per reason (enum amfol_unread): counted in `frames` too. */
    uint64_t unread[2];
    amfol_frame last_frame;         /* highest frame number the plugin reported */
    uint64_t relayed_ignored;       /* frames of a relay's AMF-side leg (amfol_relay.h) */
} amfol_capture_info;

/* Why frames went unread (amfol_engine_unread). */
enum amfol_unread {
    /* No postdissector ran: a Wireshark dissector stopped the frame first (a packet whose
     * protocol layers reach gui.max_tree_depth: ~170 bundled NGAP PDUs, or an earlier
     * postdissector's exception). amfol sees the gap in the frame numbers. */
    AMFOL_UNREAD_DISSECTOR_STOPPED = 0,
    /* Read in part: more fields of interest than amfol reads per frame. */
    AMFOL_UNREAD_FIELDS_CUT = 1,
};

#endif
