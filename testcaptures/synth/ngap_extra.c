/* SPDX-License-Identifier: GPL-2.0-or-later */
/* NGAP messages missing from testcaptures/enc, written with its aligned-PER writer. */
#include "ngap_extra.h"

#include "../enc/aper.h"
#include "../enc/ngap_enc.h"

size_t ngap_encode_amf_configuration_update_ack(uint8_t *buf, size_t cap)
{
    aper_writer w;
    aper_init(&w, buf, cap);
    size_t pdu = aper_pdu_begin(&w, APER_PDU_SUCCESSFUL, NGAP_PROC_AMF_CONFIGURATION_UPDATE,
                                APER_CRIT_REJECT);
    aper_put_ie_message_start(&w, 0);
    return aper_pdu_end(&w, pdu);
}
