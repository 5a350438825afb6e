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

#include "amfol_compat.h"

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

/* A kept per-frame record (policy above) is a byte string, read with the functions below:
 *   kind (1 byte: AMFOL_KEPT_RAW or AMFOL_KEPT_PACKED), the item count (varint), then
 *   raw:    the item size (varint) and the items' bytes as they are;
 *   packed: per item, a bit mask of the members that differ from the layout's usual item and
 *           those members' bytes (amfol_item_layout): a storm's items are mostly usual values.
 * It lives unaligned inside the frame's record (packet-amfol.c): items are copied out, never
 * pointed into. */
enum { AMFOL_KEPT_RAW = 0, AMFOL_KEPT_PACKED = 1 };

/* One member of a packed item: offset, size (an array member is one member) and how it is
 * stored when it differs from the usual item: its bytes, or (AMFOL_ITEM_NAME, a pointer to an
 * engine-interned name or static text: amf, gNB, cell names, reasons) the number of that pointer
 * in a table of the names kept so far (a varint, one byte for the first 128 names; the table
 * lives until amfol_keep_forget_names). Not for pointers with a value per UE or per message. */
enum { AMFOL_ITEM_BYTES = 0, AMFOL_ITEM_NAME = 1 };
typedef struct amfol_item_field {
    uint16_t off;
    uint8_t size, kind;
} amfol_item_field;

/* How items of one type are packed. List every member: a member left out comes back as the
 * usual item's value. Derive the list from an X-macro of the struct's members where the struct
 * is the glue's own (n2_glue.h, nas_glue.h) or from the core's member list of its struct
 * (AMFOL_RRC_RESULT_MEMBERS, tap/rrc/amfol_rrc.h), so that none can be missed. */
typedef struct amfol_item_layout {
    size_t size;                       /* sizeof the item */
    const void *usual;                 /* members equal to this item's are not stored */
    const amfol_item_field *fields;
    int n_fields;                      /* at most AMFOL_ITEM_MAX_FIELDS */
} amfol_item_layout;
#define AMFOL_ITEM_MAX_FIELDS 64
#define AMFOL_ITEM_FIELD(type, member) \
    { (uint16_t)offsetof(type, member), (uint8_t)sizeof(((type *)0)->member), AMFOL_ITEM_BYTES }
#define AMFOL_ITEM_NAME_FIELD(type, member) \
    { (uint16_t)offsetof(type, member), (uint8_t)sizeof(((type *)0)->member), AMFOL_ITEM_NAME }
/* X-macro helpers: X(type, name, array suffix or nothing, AMFOL_ITEM_BYTES or AMFOL_ITEM_NAME) */
#define AMFOL_MEMBER_DECL(type, name, dim, kind) type name dim;
#define AMFOL_MEMBER_FIELD(type, name, dim, kind) \
    { (uint16_t)offsetof(AMFOL_ITEM_TYPE, name), (uint8_t)sizeof(((AMFOL_ITEM_TYPE *)0)->name), kind },

/* Keep items[0..n-1] as they are (raw), or packed by `layout`; valid until the end of the
 * frame's analysis, when the core copies it into the frame's record; NULL when n == 0. */
void *amfol_keep(const void *items, int n, size_t item_size);
void *amfol_keep_packed(const void *items, int n, const amfol_item_layout *layout);
/* The core, before a frame's analysis: forget the records staged for the previous frame. */
void amfol_keep_reset(void);
/* The core, when the capture file's records are freed: forget the table of names. */
void amfol_keep_forget_names(void);
/* Bytes of a record returned by amfol_keep / amfol_keep_packed (staged, this frame only). */
size_t amfol_kept_size(const void *record);
/* Number of items of a kept record (0 for NULL). */
int amfol_kept_count(const void *record);

/* Reading a kept record, item after item (every pass). */
typedef struct amfol_kept_iter {
    const uint8_t *p;
    uint32_t left, item_size;
    int kind;
    const amfol_item_layout *layout;
} amfol_kept_iter;
/* layout: the one the record was packed with (ignored for a raw record). */
void amfol_kept_begin(amfol_kept_iter *it, const void *record, const amfol_item_layout *layout);
/* Copy the next item into *item (item_size bytes, the module's item type); false at the end or
 * when the record does not hold items of that size. */
bool amfol_kept_next(amfol_kept_iter *it, void *item, size_t item_size);

/* Unsigned LEB128, for lengths and counts in kept records. */
static inline size_t amfol_varint_put(uint8_t *out, uint32_t v)
{
    size_t n = 0;
    while (v >= 0x80) {
        out[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    out[n++] = (uint8_t)v;
    return n;
}

static inline uint32_t amfol_varint_get(const uint8_t **p)
{
    uint32_t v = 0;
    for (int shift = 0; shift < 35; shift += 7) {
        uint8_t b = *(*p)++;
        v |= (uint32_t)(b & 0x7f) << shift;
        if (!(b & 0x80))
            break;
    }
    return v;
}

static inline size_t amfol_varint_len(uint32_t v)
{
    size_t n = 1;
    while (v >= 0x80) {
        v >>= 7;
        n++;
    }
    return n;
}

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

/* The engine of the open capture file (NULL between files). */
amfol_engine *amfol_current_engine(void);

/* Fill vals with { v, name(v) } for v in 0..n-1 whose name is not NULL, and the { 0, NULL } end
 * (vals has n + 1 entries): value_strings from the core's 3GPP names (plugin/amfol_vals.c). */
void amfol_vals_fill(value_string *vals, int n, const char *(*name)(int value));

#endif
