/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sbi_glue.h: what the SBI glue's extraction (sbi_glue.c) and rendering (sbi_render.c) share:
 * the verdict kept per SBI message, and the rendering entry points. */
#ifndef SBI_GLUE_H
#define SBI_GLUE_H

#include "glue/amfol_glue.h"
#include "sbi/amfol_sbi.h"

/* The re-balancing part of a verdict (UEContextTransfer), kept apart: only moves have one. */
typedef struct sbi_move_rec {
    char source[64], target[64], ue[64];
    amfol_frame registration, cuc;     /* 0 = not seen */
    int target_load;                   /* AMFOL_ABSENT */
} sbi_move_rec;

/* One SBI verdict as kept per frame: amfol_sbi_result (2.8 KB, sized for its largest case)
 * without its optional parts, which are kept apart in wmem_file_scope only when present
 * (consumer-seen loads, OCI/LCI headers, the move): about 300 bytes. A storm of 503s or of
 * re-balancing moves keeps one per message. Field names are amfol_sbi_result's. */
typedef struct sbi_msg_rec {
    const char *kind, *tie, *inferred_by;       /* static text (inferred_by may be NULL) */
    const amfol_sbi_seen *seen;                 /* n_seen items, NULL when none */
    const amfol_olc_header *oci, *lci;          /* NULL when the header was absent */
    const sbi_move_rec *move;                   /* NULL unless a re-balancing move */
    double since_last_report_s, response_time_s;
    uint32_t stream_id;
    amfol_frame n2_start_frame, request_frame, relay_of;
    int reported_load, status, retry_after_s, in_n2_overload, n_seen;
    bool is_response, headers_unreadable, request_unknown, body_not_json, inferred;
    char nf[64], nf_id[40], nf_status[16], problem_cause[40];
} sbi_msg_rec;

void sbi_render(amfol_frame_ctx *ctx, proto_tree *tree, void *record);
void sbi_register(int proto_amfol, expert_module_t *expert);

#endif
