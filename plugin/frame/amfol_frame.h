/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_frame.h: the frame room (plugin/frame/): from a frame's bytes and tree to what the glue
 * modules read. The core (packet-amfol.c) walks the tree once (amfol_walk.c) into the fields
 * the modules asked for, finds the outermost IP and SCTP headers in the bytes
 * (amfol_sctp_wire.c) and whether the frame was damaged after its sender (frame_integrity.c),
 * and hands the modules an amfol_frame_ctx; amfol_fvalue.c reads field values across Wireshark
 * versions, amfol_endpoint.c writes transport endpoints. */
#ifndef AMFOL_FRAME_H
#define AMFOL_FRAME_H

#include "frame/amfol_compat.h"

#include <stddef.h>
#include "engine/amfol_engine.h"
#include "core/amfol_dedup.h"

/* The glue modules, in the order the core runs them (n2 first: it fills ctx->ngap for the
 * others). A collected field says which module asked for it by this index. */
enum amfol_module_index {
    AMFOL_MOD_REPEAT = 0,              /* first: a repeated frame is fed to no other module */
    AMFOL_MOD_N2 = 1,
    AMFOL_MOD_RRC = 2,
    AMFOL_MOD_NAS = 3,
    AMFOL_MOD_SBI = 4,
    AMFOL_N_MODULES
};

/* A NAS-PDU the N2 glue read from an NGAP PDU's IE bytes (NAS-PDU, id 38, or NASC, id 37: the
 * values Wireshark shows as ngap.NAS_PDU): its octets are `len` bytes at `start` of the data
 * source `ds` (also at `bytes`, valid for the frame). */
typedef struct amfol_nas_ref {
    int ngap;                          /* index in amfol_frame_ctx.ngap */
    tvbuff_t *ds;
    gint start;
    const uint8_t *bytes;
    size_t len;
} amfol_nas_ref;

/* One collected field: `slot` is the module-local index into its field_names list. */
typedef struct amfol_fieldref {
    int module;                        /* enum amfol_module_index of the module that asked */
    int slot;                          /* index into that module's field_names */
    int depth;                         /* tree depth (0 = top level), for nesting */
    field_info *fi;
} amfol_fieldref;

typedef struct amfol_frame_ctx {
    packet_info *pinfo;
    tvbuff_t *tvb;
    amfol_engine *engine;
    const amfol_fieldref *fields;      /* all collected fields of the frame, dissection order */
    int n_fields;
    /* Filled by the N2 glue for the modules after it: every NGAP PDU of the frame, with the
     * range [first, end) of `fields` indices that belong to it (its NAS fields fall inside).
    * Every PDU the frame carries (a load generator bundles 170 in one SCTP packet): no cap. */
    int n_ngap;
    amfol_ngap_event *ngap;            /* pinfo->pool, n_ngap of each */
    int *ngap_first, *ngap_end;
    /* ... and their NAS-PDU / NASC IEs in dissection order (pinfo->pool), read from the bytes
     * instead of priming ngap.NAS_PDU (n2_glue.c read_ies). */
    int n_nas_pdus, cap_nas_pdus;
    amfol_nas_ref *nas_pdus;
    /* Set by the repeat module: the frame repeats an earlier one, later modules do not run. */
    bool repeat;
    const struct amfol_sctp_wire *sctp;   /* the frame's SCTP headers (amfol_sctp_wire.h) */
} amfol_frame_ctx;

/* Field value access that hides the 4.0 / 4.2+ field_info differences (amfol_fvalue.c). */
/* frame_integrity.c: what was damaged in the frame after its sender (the receiver dropped it:
 * no evidence), NULL when nothing verifiable is wrong or the frame's outermost IP header was not
 * found. wire: the frame's outermost IP header and SCTP headers (amfol_sctp_wire.h). */
const char *amfol_frame_damage(const struct amfol_sctp_wire *wire);
uint64_t amfol_fi_uint(const field_info *fi);          /* any unsigned/signed/bool integer type */
const char *amfol_fi_string(const field_info *fi);     /* FT_STRING*; NULL otherwise */
const uint8_t *amfol_fi_bytes(const field_info *fi, size_t *len); /* FT_BYTES/FT_UINT_BYTES */
bool amfol_fi_number(const field_info *fi, double *out); /* numbers incl. json.value.number as string */

/* "address:port" of a frame's address (amfol_endpoint.c); `none` is the address text used for
 * AT_NONE ("" for ":port"), or NULL to leave `out` empty then. */
void amfol_endpoint_text(const address *addr, uint32_t port, const char *none, amfol_endpoint *out);

#endif
