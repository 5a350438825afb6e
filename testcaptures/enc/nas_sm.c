/* SPDX-License-Identifier: GPL-2.0-or-later */
/* NAS-5GS 5GSM message encoders (TS 24.501 §8.3): PDU session establishment request/reject. */
#include "nas_writer.h"

/* 5GSM header: EPD 0x2E, PDU session ID, PTI, message type. */
static void put_sm_header(nas_writer *w, uint8_t psi, uint8_t pti, uint8_t type)
{
    nas_w_u8(w, 0x2e);
    nas_w_u8(w, psi);
    nas_w_u8(w, pti);
    nas_w_u8(w, type);
}

size_t nas_encode_pdu_session_establishment_request(
    const nas_pdu_session_establishment_request *m, uint8_t *buf, size_t cap)
{
    nas_writer w;
    nas_w_init(&w, buf, cap);
    if (m->has_pdu_session_type && (m->pdu_session_type < 1 || m->pdu_session_type > 7))
        return 0;
    put_sm_header(&w, m->pdu_session_id, m->pti, 0xc1);
    /* integrity protection maximum data rate: full data rate UL and DL */
    nas_w_u8(&w, 0xff);
    nas_w_u8(&w, 0xff);
    if (m->has_pdu_session_type)
        nas_w_u8(&w, (uint8_t)(0x90 | m->pdu_session_type));
    return nas_w_done(&w);
}

size_t nas_encode_pdu_session_establishment_reject(const nas_pdu_session_establishment_reject *m,
                                                   uint8_t *buf, size_t cap)
{
    nas_writer w;
    nas_w_init(&w, buf, cap);
    put_sm_header(&w, m->pdu_session_id, m->pti, 0xc3);
    nas_w_u8(&w, m->cause);
    if (m->has_backoff) {
        nas_w_u8(&w, 0x37); /* back-off timer value, GPRS timer 3 */
        nas_w_u8(&w, 1);
        nas_w_u8(&w, m->backoff);
    }
    return nas_w_done(&w);
}
