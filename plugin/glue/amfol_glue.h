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
 *   - it keeps only the messages it has something to show, as ONE record made by amfol_keep()
 *     (items as they are) or amfol_keep_packed() (only the members that differ from the usual
 *     item), or NULL when there is nothing: no fixed-size arrays, no allocation; the record is
 *     staged for the frame, and the core copies the frame's records into the frame's record,
 *     kept (as bytes, in a per-page buffer) only for frames with a record and found by frame
 *     number (packet-amfol.c); render() copies items out of it (amfol_kept_next), so an item
 *     must hold no pointer into its record;
 *   - kept items hold values, static text, strings interned by the engine (they live as long as
 *     the engine, which the cleanup routine frees together with the file scope) or other
 *     wmem_file_scope blocks; never pinfo->pool memory, never field_info pointers;
 *   - where a storm makes millions of items the item is packed: n2, rrc and nas keep theirs with
 *     amfol_keep_packed (n2 and nas a smaller form of the engine's result, pack in <d>_glue.c,
 *     unpack in <d>_render.c; rrc amfol_rrc_result itself), sbi keeps its optional bulky parts
 *     (OCI/LCI, seen loads, moves) apart and only when present (sbi_msg_rec);
 *   - render() reads only the kept record, plus engine queries for what is known only after the
 *     first pass (an RRC request's outcome, the findings); it never feeds the engine. */
#ifndef AMFOL_GLUE_H
#define AMFOL_GLUE_H

#include "frame/amfol_frame.h"
#include "store/amfol_keep.h"

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

/* The engine of the open capture file (NULL between files). */
amfol_engine *amfol_current_engine(void);

/* Fill vals with { v, name(v) } for v in 0..n-1 whose name is not NULL, and the { 0, NULL } end
 * (vals has n + 1 entries): value_strings from the core's 3GPP names (plugin/glue/amfol_vals.c). */
void amfol_vals_fill(value_string *vals, int n, const char *(*name)(int value));

#endif
