/* SPDX-License-Identifier: GPL-2.0-or-later */
/* n2_glue.h: what the N2 glue's extraction (n2_glue.c) and rendering (n2_render.c) share: the
 * per-PDU record kept per frame, and the rendering entry points. */
#ifndef N2_GLUE_H
#define N2_GLUE_H

#include "amfol_glue.h"

/* One analysed NGAP PDU as kept per frame, packed: a storm has a million of these. */
typedef struct n2_pdu_rec {
    const char *amf, *gnb;             /* interned by the engine, live as long as it */
    const amfol_slice_item *slices;    /* START only, wmem_file_scope, else NULL */
    amfol_frame link_frame;            /* START: replaced START; STOP / InitialUEMessage: START */
    double seconds;                    /* STOP: duration; InitialUEMessage: since START */
    uint16_t episode;
    uint16_t n_unavailable_guamis;
    int16_t relative_amf_capacity;     /* AMFOL_ABSENT */
    int8_t action, reduction_pct, rrc_cause, time_to_wait_s;  /* AMFOL_ABSENT when absent */
    uint8_t proc, pdu_type, level, n_slices;
    uint16_t flags;
} n2_pdu_rec;

enum {
    N2R_START = 1 << 0, N2R_REPLACED = 1 << 1, N2R_STOP = 1 << 2, N2R_STOP_NO_START = 1 << 3,
    N2R_IUE = 1 << 4, N2R_IN_OVERLOAD = 1 << 5, N2R_SHED = 1 << 6, N2R_EXEMPT = 1 << 7,
    N2R_OVERLOAD_CAUSE = 1 << 8, N2R_BY_TRANSPORT = 1 << 9, N2R_SHED_LATE = 1 << 10,
    N2R_STOP_BEFORE_CAPTURE = 1 << 11,
};

/* Every pass: the amfol.n2 items of a kept record (amfol_keep of n2_pdu_rec). */
void n2_render(amfol_frame_ctx *ctx, proto_tree *tree, void *record);
void n2_register(int proto_amfol, expert_module_t *expert);

#endif
