/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Event kinds of the storm simulation and the scheduling helper. */
#ifndef AMFOL_SYNTH_SIM_EVENTS_H
#define AMFOL_SYNTH_SIM_EVENTS_H

#include "sim.h"

enum {
    EV_NG_SETUP = 1,     /* a = gnb, b = amf: SCTP handshake + NG SETUP REQUEST */
    EV_NG_SETUP_RSP,     /* a = gnb, b = amf */
    EV_NG_SETUP_REQ,     /* a = gnb, b = amf */
    EV_F1_SETUP,         /* a = gnb */
    EV_F1_SETUP_REQ,     /* a = gnb */
    EV_F1_SETUP_RSP,     /* a = gnb */
    EV_SBI_OPEN,         /* a = amf */
    EV_SBI_PEER_OPEN,    /* a = client amf, b = server amf */
    EV_ARRIVAL,          /* a = cause */
    EV_ATTEMPT,          /* a = ue */
    EV_RRC_ANSWER,       /* a = ue */
    EV_N2_INITIAL,       /* a = ue */
    EV_CTX_TRANSFER,     /* a = ue: target AMF fetches the context from the source */
    EV_AMF_ANSWER,       /* a = ue */
    EV_UL_NAS,           /* a = ue */
    EV_MOVE_CMD,         /* a = ue: CONFIGURATION UPDATE COMMAND (registration requested) */
    EV_RELEASE_CMD,      /* a = ue */
    EV_RELEASE_COMPLETE, /* a = ue */
    EV_UE_RETRY,         /* a = ue */
    EV_SACK,             /* a = assoc, b = side sending the SACK */
    EV_OVERLOAD_START,   /* a = episode, b = start index */
    EV_OVERLOAD_STOP,    /* a = episode */
    EV_NRF_REPORT,       /* a = amf */
    EV_REBALANCE_START,  /* a = rebalance: AMF CONFIGURATION UPDATE from the source */
    EV_AMF_CFG_ACK,      /* a = gnb, b = amf */
    EV_ZOO_NG,           /* a = gnb, b = amf, c: 0 AMF STATUS IND., 1/2 ERROR IND. from gNB/AMF */
    EV_ZOO_DEREG,        /* a = ue, b = episode */
    EV_ZOO_PDU_REQ,      /* a = ue, b = episode */
    EV_ZOO_PDU_REJ,      /* a = ue, b = episode */
    EV_ZOO_DISCOVER,     /* a = amf */
    EV_UDM_QUERY,        /* a = ue: the AMF asks the UDM */
    EV_UDM_ANSWER,       /* a = ue, b = HTTP/2 stream */
    EV_RRC_SETUP_COMPLETE, /* a = ue: RRCSetupComplete; the gNB then forwards or releases */
    EV_RRC_RELEASE,      /* a = ue: RRCRelease of a UE whose slice is blocked */
    EV_END,
};

void sim_schedule(sim *s, int64_t t_us, int kind, int32_t a, int32_t b, int64_t c);

#endif
