/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_glue.h: the contract between the plugin core (packet-amfol.c) and the per-domain glue
 * modules (n2_glue.c, rrc_glue.c, nas_glue.c, sbi_glue.c).
 *
 * Flow per frame (first pass only, i.e. !PINFO_FD_VISITED):
 *   1. the core walks the frame's tree once, depth first, and collects every field whose abbrev
 *      one of the modules asked for, in dissection order (amfol_frame_ctx.fields);
 *   2. it calls each module's analyze() in the order n2, rrc, nas, sbi: the module reads its
 *      fields, builds the epan-free events of tap/core/amfol_events.h, feeds the engine, and
 *      keeps what it wants to show in a record allocated in wmem_file_scope();
 * On every pass (first and later: GUI clicks, tshark -2, retaps) the core calls render() with
 * that stored record, so the tree, filters and Expert Info are the same on every pass. */
#ifndef AMFOL_GLUE_H
#define AMFOL_GLUE_H

#include "amfol_compat.h"
#include "core/amfol_engine.h"
#include "core/amfol_dedup.h"

#define AMFOL_MAX_NGAP_PER_FRAME 16   /* NGAP PDUs analysed per frame (SCTP bundling) */

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
     * range [first, end) of `fields` indices that belong to it (its NAS fields fall inside). */
    int n_ngap;
    amfol_ngap_event *ngap;            /* pinfo->pool */
    int ngap_first[AMFOL_MAX_NGAP_PER_FRAME];
    int ngap_end[AMFOL_MAX_NGAP_PER_FRAME];
    /* Set by the repeat module: the frame repeats an earlier one, later modules do not run. */
    bool repeat;
} amfol_frame_ctx;

typedef struct amfol_glue {
    const char *name;                  /* "n2", "rrc", "nas", "sbi" */
    /* Field abbrevs this module reads, NULL-terminated. An entry may list alternatives separated
     * by '|' (e.g. "nas-5gs.mm.message_type|nas_5gs.mm.message_type"): every one that exists in
     * the running Wireshark is primed and reported under the same slot. Protocol abbrevs (e.g.
     * "ngap") are allowed and mark where a PDU starts. */
    const char *const *field_names;
    /* Register this module's hf/ett/ei arrays under the amfol protocol (called once). */
    void (*register_fields)(int proto_amfol, expert_module_t *expert);
    /* First pass: analyse, feed the engine, return the record to keep (wmem_file_scope) or NULL. */
    void *(*analyze)(amfol_frame_ctx *ctx);
    /* Every pass: add this module's items under `tree` (the "AMF Overload" subtree). */
    void (*render)(amfol_frame_ctx *ctx, proto_tree *tree, void *record);
} amfol_glue;

extern const amfol_glue amfol_glue_repeat;
extern const amfol_glue amfol_glue_n2;
extern const amfol_glue amfol_glue_rrc;
extern const amfol_glue amfol_glue_nas;
extern const amfol_glue amfol_glue_sbi;

/* Field value access that hides the 4.0 / 4.2+ field_info differences (amfol_fvalue.c). */
/* frame_integrity.c: what was damaged in the frame after its sender (the receiver dropped it:
 * no evidence), NULL when nothing verifiable is wrong. ip: the outermost IP header's field. */
const char *amfol_frame_damage(const field_info *ip, bool v6);
uint64_t amfol_fi_uint(const field_info *fi);          /* any unsigned/signed/bool integer type */
const char *amfol_fi_string(const field_info *fi);     /* FT_STRING*; NULL otherwise */
const uint8_t *amfol_fi_bytes(const field_info *fi, size_t *len); /* FT_BYTES/FT_UINT_BYTES */
bool amfol_fi_number(const field_info *fi, double *out); /* numbers incl. json.value.number as string */

/* "address:port" of a frame's address (amfol_endpoint.c); `none` is the address text used for
 * AT_NONE ("" for ":port"), or NULL to leave `out` empty then. */
void amfol_endpoint_text(const address *addr, uint32_t port, const char *none, amfol_endpoint *out);

/* The engine of the open capture file (NULL between files). */
amfol_engine *amfol_current_engine(void);

/* Fill vals[0..n-1] with { v, name(v) } and the { 0, NULL } end (vals has n + 1 entries):
 * value_strings from the core's 3GPP names (plugin/amfol_vals.c). */
void amfol_vals_fill(value_string *vals, int n, const char *(*name)(int value));

#endif
