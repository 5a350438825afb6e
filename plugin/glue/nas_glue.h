/* SPDX-License-Identifier: GPL-2.0-or-later */
/* nas_glue.h: what the NAS glue's extraction (nas_glue.c) and rendering (nas_render.c) share:
 * the packed verdict kept per NAS message, and the rendering entry points. */
#ifndef NAS_GLUE_H
#define NAS_GLUE_H

#include "glue/amfol_glue.h"
#include "nas/amfol_nas.h"

/* One NAS verdict as kept per frame (96 bytes instead of amfol_nas_result's 176): a storm has a
 * million of these. Kept packed (nas_item_layout, amfol_glue.h): only the members that differ
 * from the usual item. Strings point to engine-interned names or static text; timer_s and
 * timer_state: t3346, t3502, backoff (seconds, enum amfol_timer_state). */
#define NAS_PDU_REC_MEMBERS(X) \
    X(const char *, amf, , AMFOL_ITEM_NAME) X(const char *, ue, , AMFOL_ITEM_BYTES) \
    X(const char *, reason, , AMFOL_ITEM_NAME) X(const char *, exempt_why, , AMFOL_ITEM_NAME) \
    X(amfol_time, expiry, , AMFOL_ITEM_BYTES) X(double, to_expiry_s, , AMFOL_ITEM_BYTES) \
    X(amfol_frame, episode_start, , AMFOL_ITEM_BYTES) \
    X(amfol_frame, backoff_frame, , AMFOL_ITEM_BYTES) X(uint32_t, backoff_s, , AMFOL_ITEM_BYTES) \
    X(uint32_t, timer_s, [3], AMFOL_ITEM_BYTES) X(int32_t, episode, , AMFOL_ITEM_BYTES) \
    X(int16_t, mm_type, , AMFOL_ITEM_BYTES) X(int16_t, sm_type, , AMFOL_ITEM_BYTES) \
    X(int16_t, mm_cause, , AMFOL_ITEM_BYTES) X(int16_t, sm_cause, , AMFOL_ITEM_BYTES) \
    X(int16_t, security_header, , AMFOL_ITEM_BYTES) X(int16_t, backoff_timer, , AMFOL_ITEM_BYTES) \
    X(uint8_t, timer_state, [3], AMFOL_ITEM_BYTES) X(uint8_t, linked_by, , AMFOL_ITEM_BYTES) \
    X(uint8_t, verdict, , AMFOL_ITEM_BYTES) X(uint8_t, flags, , AMFOL_ITEM_BYTES)
typedef struct nas_pdu_rec {
    NAS_PDU_REC_MEMBERS(AMFOL_MEMBER_DECL)
} nas_pdu_rec;
extern const amfol_item_layout nas_item_layout;

enum {
    NASR_CIPHERED = 1 << 0, NASR_INTEGRITY = 1 << 1, NASR_CONGESTION = 1 << 2, NASR_NOT_BINDING = 1 << 3,
    NASR_IN_OVERLOAD = 1 << 4, NASR_ATTEMPT = 1 << 5, NASR_IN_BACKOFF = 1 << 6, NASR_EXEMPT_REJ = 1 << 7,
};

/* Every pass: the amfol.nas items of a kept record (amfol_keep of nas_pdu_rec). */
void nas_render(amfol_frame_ctx *ctx, proto_tree *tree, void *record);
void nas_register(int proto_amfol, expert_module_t *expert);

#endif
