/* SPDX-License-Identifier: GPL-2.0-or-later */
/* nas_glue.h: what the NAS glue's extraction (nas_glue.c) and rendering (nas_render.c) share:
 * the packed verdict kept per NAS message, and the rendering entry points. */
#ifndef NAS_GLUE_H
#define NAS_GLUE_H

#include "amfol_glue.h"
#include "nas/amfol_nas.h"

/* One NAS verdict as kept per frame, packed (96 bytes instead of amfol_nas_result's 176): a
 * storm has a million of these. Strings point to engine-interned names or static text. */
typedef struct nas_pdu_rec {
    const char *amf, *ue, *reason, *exempt_why;
    amfol_time expiry;
    double to_expiry_s;
    amfol_frame episode_start, backoff_frame;
    uint32_t backoff_s;
    uint32_t timer_s[3];               /* t3346, t3502, backoff: seconds */
    int32_t episode;
    int16_t mm_type, sm_type, mm_cause, sm_cause, security_header, backoff_timer;
    uint8_t timer_state[3];            /* enum amfol_timer_state */
    uint8_t linked_by, verdict, flags;
} nas_pdu_rec;

enum {
    NASR_CIPHERED = 1 << 0, NASR_INTEGRITY = 1 << 1, NASR_CONGESTION = 1 << 2, NASR_NOT_BINDING = 1 << 3,
    NASR_IN_OVERLOAD = 1 << 4, NASR_ATTEMPT = 1 << 5, NASR_IN_BACKOFF = 1 << 6, NASR_EXEMPT_REJ = 1 << 7,
};

/* Every pass: the amfol.nas items of a kept record (amfol_keep of nas_pdu_rec). */
void nas_render(amfol_frame_ctx *ctx, proto_tree *tree, void *record);
void nas_register(int proto_amfol, expert_module_t *expert);

#endif
