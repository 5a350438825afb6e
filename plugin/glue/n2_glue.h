/* SPDX-License-Identifier: GPL-2.0-or-later */
/* n2_glue.h: what the N2 glue's extraction (n2_glue.c) and rendering (n2_render.c) share: the
 * per-PDU record kept per frame, and the rendering entry points. */
#ifndef N2_GLUE_H
#define N2_GLUE_H

#include "glue/amfol_glue.h"

/* One analysed NGAP PDU as kept per frame: a storm has a million of these. Kept packed
 * (n2_item_layout, amfol_glue.h): only the members that differ from the usual item.
 *   amf, gnb: interned by the engine, live as long as it;
 *   slices: START only, wmem_file_scope, else NULL;
 *   link_frame: START: replaced START; STOP / InitialUEMessage: START;
 *   seconds: STOP: duration; InitialUEMessage: since START;
 *   relative_amf_capacity, action, reduction_pct, rrc_cause, time_to_wait_s: AMFOL_ABSENT when absent;
 *   assoc: N2 association number, -1 unknown. */
#define N2_PDU_REC_MEMBERS(X) \
    X(const char *, amf, , AMFOL_ITEM_NAME) X(const char *, gnb, , AMFOL_ITEM_NAME) \
    X(const amfol_slice_item *, slices, , AMFOL_ITEM_BYTES) \
    X(amfol_frame, link_frame, , AMFOL_ITEM_BYTES) X(double, seconds, , AMFOL_ITEM_BYTES) \
    X(uint16_t, episode, , AMFOL_ITEM_BYTES) X(uint16_t, n_unavailable_guamis, , AMFOL_ITEM_BYTES) \
    X(int16_t, relative_amf_capacity, , AMFOL_ITEM_BYTES) X(int8_t, action, , AMFOL_ITEM_BYTES) \
    X(int8_t, reduction_pct, , AMFOL_ITEM_BYTES) X(int8_t, rrc_cause, , AMFOL_ITEM_BYTES) \
    X(int8_t, time_to_wait_s, , AMFOL_ITEM_BYTES) X(uint8_t, proc, , AMFOL_ITEM_BYTES) \
    X(uint8_t, pdu_type, , AMFOL_ITEM_BYTES) X(uint8_t, level, , AMFOL_ITEM_BYTES) \
    X(uint8_t, n_slices, , AMFOL_ITEM_BYTES) X(uint16_t, flags, , AMFOL_ITEM_BYTES) \
    X(int32_t, assoc, , AMFOL_ITEM_BYTES)
typedef struct n2_pdu_rec {
    N2_PDU_REC_MEMBERS(AMFOL_MEMBER_DECL)
} n2_pdu_rec;
extern const amfol_item_layout n2_item_layout;

enum {
    N2R_START = 1 << 0, N2R_REPLACED = 1 << 1, N2R_STOP = 1 << 2, N2R_STOP_NO_START = 1 << 3,
    N2R_IUE = 1 << 4, N2R_IN_OVERLOAD = 1 << 5, N2R_SHED = 1 << 6, N2R_EXEMPT = 1 << 7,
    N2R_OVERLOAD_CAUSE = 1 << 8, N2R_BY_TRANSPORT = 1 << 9, N2R_SHED_LATE = 1 << 10,
    N2R_STOP_BEFORE_CAPTURE = 1 << 11, N2R_OVERLOAD_UNKNOWN = 1 << 12,
};

/* Every pass: the amfol.n2 items of a kept record (amfol_keep of n2_pdu_rec). */
void n2_render(amfol_frame_ctx *ctx, proto_tree *tree, void *record);
void n2_register(int proto_amfol, expert_module_t *expert);

#endif
