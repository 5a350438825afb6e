/* SPDX-License-Identifier: GPL-2.0-or-later */
/* n2_glue_fields.h: the Wireshark fields the N2 glue reads (slots) and its rendering entry points. */
#ifndef N2_GLUE_FIELDS_H
#define N2_GLUE_FIELDS_H

#include "amfol_glue.h"

/* Slots: indices into n2_field_names (keep both in the same order). */
enum n2_slot {
    N2F_NGAP, N2F_PROC, N2F_INIT, N2F_SUCC, N2F_UNSUCC, N2F_RAN_UE, N2F_AMF_UE,
    N2F_OVL_RESP, N2F_ACTION, N2F_TLRI, N2F_NSSAI_ITEM, N2F_SLICE_ITEM, N2F_SLICE_RESP,
    N2F_SLICE_TLRI, N2F_SST, N2F_SD, N2F_RRC_CAUSE, N2F_STMSI, N2F_SETID, N2F_PTR, N2F_TMSI,
    N2F_REGION, N2F_GUAMI, N2F_ULI_NR, N2F_NRCGI, N2F_PLMN, N2F_CELLID, N2F_CAUSE,
    N2F_C_RADIO, N2F_C_TRANSPORT, N2F_C_NAS, N2F_C_PROTOCOL, N2F_C_MISC,   /* Cause group order */
    N2F_TTW, N2F_CAP, N2F_RAN_NAME, N2F_GLOBAL_GNB, N2F_GNB_ID, N2F_AMF_NAME, N2F_UNAV_ITEM,
    N2F_BACKUP, N2F_NAS_PDU, N2F_UECTX, N2F_REROUTE, N2F_SCTP_RETX,
    N2F_COUNT
};

extern const char *const n2_field_names[];

void n2_register_fields(int proto_amfol, expert_module_t *expert);
void n2_render_pdu(amfol_frame_ctx *ctx, proto_tree *tree, const amfol_n2_result *r, int proc,
                   int pdu_type, bool shed_after_grace, const amfol_slice_item *slices, int n_slices);

#endif
