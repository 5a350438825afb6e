/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_glue.h: the contract between the plugin core (packet-amfol.c) and the per-domain glue
 * modules (repeat_glue.c, n2_glue.c, rrc_glue.c, nas_glue.c, sbi_glue.c).
 *
 * Flow per frame (first pass only, i.e. !PINFO_FD_VISITED):
 *   1. the core walks the frame's tree once, depth first, and collects every field whose abbrev
 *      one of the modules asked for, in dissection order (amfol_frame_ctx.fields);
 *   2. it calls each module's analyze() in the order repeat, n2, rrc, nas, sbi: the module reads
 *      its fields, builds the epan-free events of tap/core/amfol_events.h, feeds the engine
 *      (amfol_engine_* only), and keeps what it wants to show (the per-frame storage policy below);
 * On every pass (first and later: GUI clicks, tshark -2, retaps) the core calls render() with
 * that stored record, so the tree, filters and Expert Info are the same on every pass.
 *
 * One template per domain <d> (n2, rrc, nas, sbi):
 *   <d>_glue.c    fields read (one X-macro list: slot enum + abbrevs), extraction (analyze), the
 *                 per-message record it keeps, and the amfol_glue_<d> descriptor;
 *   <d>_render.c  the amfol.<d>.* fields (hf/ett/ei arrays, value_strings), render() and
 *                 registration, written with the shared helpers of amfol_render.h;
 *   <d>_glue.h    what the two share: the kept record's item type, <d>_render, <d>_register.
 * Filter names (docs/fields.md "Renamed filter fields"): amfol.<d> is the one item per message,
 * amfol.<d>.<concept> its fields, one concept one name in every domain; C names follow them
 * (hf_amfol_<d>_<concept>, ett_amfol_<d>[_sub], ei_amfol_<d>_<name>).
 *
 * Per-frame storage policy (the same for every module):
 *   - analyze() runs once per frame, on the first pass; it never runs again for that frame
 *     (later passes have no primed fields, and the engine must see each event once);
 *   - it keeps only the messages it has something to show, as ONE exactly sized block made by
 *     amfol_keep() (count + items), or NULL when there is nothing: no fixed-size arrays, no
 *     second allocation; amfol_keep stages the block for the frame, and the core packs the
 *     frame's records behind a small offset table into ONE wmem_file_scope block, kept only for
 *     frames with a record and found by frame number (packet-amfol.c); so a kept block must hold
 *     no pointer into itself (it is moved once, at the end of the frame's analysis);
 *   - kept items hold values, static text, strings interned by the engine (they live as long as
 *     the engine, which the cleanup routine frees together with the file scope) or other
 *     wmem_file_scope blocks; never pinfo->pool memory, never field_info pointers;
 *   - where a storm makes millions of items the item is a packed form of the engine's result:
 *     n2 and nas pack it (pack in <d>_glue.c, unpack in <d>_render.c), sbi keeps its optional
 *     bulky parts (OCI/LCI, seen loads, moves) apart and only when present (sbi_msg_rec); rrc
 *     keeps amfol_rrc_result itself (80 bytes);
 *   - render() reads only the kept record, plus engine queries for what is known only after the
 *     first pass (an RRC request's outcome, the findings); it never feeds the engine. */
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
    const struct amfol_sctp_wire *sctp;   /* the frame's SCTP headers (amfol_sctp_wire.h) */
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

/* Field lists: each module writes ONE X-macro list of (slot, abbrevs) and derives both the slot
 * enum and the abbrev table from it, so they cannot drift apart:
 *   #define RRC_FIELDS(X) X(RRC_F_F1AP, "f1ap") X(RRC_F_PROC, "f1ap.procedureCode") ...
 *   enum rrc_slot { RRC_FIELDS(AMFOL_SLOT_ENUM) RRC_N_SLOTS };
 *   static const char *const rrc_field_names[] = { RRC_FIELDS(AMFOL_SLOT_NAME) NULL }; */
#define AMFOL_SLOT_ENUM(slot, abbrevs) slot,
#define AMFOL_SLOT_NAME(slot, abbrevs) abbrevs,

/* A kept per-frame record (policy above): `n` items of `item_size` bytes follow the header
 * (8 bytes, so the items keep the 8-byte alignment of wmem blocks). */
typedef struct amfol_kept {
    uint32_t n;
    uint32_t item_size;
} amfol_kept;

/* Copy items[0..n-1] into one block, valid until the end of the frame's analysis, when the core
 * packs it into the frame's file-scope record; NULL when n == 0. */
void *amfol_keep(const void *items, int n, size_t item_size);
/* The core, before a frame's analysis: forget the blocks staged for the previous frame. */
void amfol_keep_reset(void);

/* Bytes of a kept record (header and items). */
static inline size_t amfol_kept_size(const void *record)
{
    const amfol_kept *k = (const amfol_kept *)record;
    return sizeof *k + (size_t)k->n * k->item_size;
}

static inline int amfol_kept_count(const void *record)
{
    return record ? (int)((const amfol_kept *)record)->n : 0;
}

static inline const void *amfol_kept_item(const void *record, int i)
{
    const amfol_kept *k = (const amfol_kept *)record;
    return (const uint8_t *)(k + 1) + (size_t)i * k->item_size;
}

/* Field value access that hides the 4.0 / 4.2+ field_info differences (amfol_fvalue.c). */
/* frame_integrity.c: what was damaged in the frame after its sender (the receiver dropped it:
 * no evidence), NULL when nothing verifiable is wrong. ip: the outermost IP header's field;
 * wire: the frame's SCTP headers (amfol_sctp_wire.h, may be NULL), whose span of that header
 * is reused. */
const char *amfol_frame_damage(const field_info *ip, bool v6, const struct amfol_sctp_wire *wire);
uint64_t amfol_fi_uint(const field_info *fi);          /* any unsigned/signed/bool integer type */
const char *amfol_fi_string(const field_info *fi);     /* FT_STRING*; NULL otherwise */
const uint8_t *amfol_fi_bytes(const field_info *fi, size_t *len); /* FT_BYTES/FT_UINT_BYTES */
bool amfol_fi_number(const field_info *fi, double *out); /* numbers incl. json.value.number as string */

/* "address:port" of a frame's address (amfol_endpoint.c); `none` is the address text used for
 * AT_NONE ("" for ":port"), or NULL to leave `out` empty then. */
void amfol_endpoint_text(const address *addr, uint32_t port, const char *none, amfol_endpoint *out);

/* The engine of the open capture file (NULL between files). */
amfol_engine *amfol_current_engine(void);

/* Fill vals with { v, name(v) } for v in 0..n-1 whose name is not NULL, and the { 0, NULL } end
 * (vals has n + 1 entries): value_strings from the core's 3GPP names (plugin/amfol_vals.c). */
void amfol_vals_fill(value_string *vals, int n, const char *(*name)(int value));

#endif
