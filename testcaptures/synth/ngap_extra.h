/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Thin adapter: NGAP messages the shared encoder library (testcaptures/enc) does not offer. */
#ifndef AMFOL_SYNTH_NGAP_EXTRA_H
#define AMFOL_SYNTH_NGAP_EXTRA_H

#include <stddef.h>
#include <stdint.h>

/* AMF CONFIGURATION UPDATE ACKNOWLEDGE with no IEs (all of them are optional). */
size_t ngap_encode_amf_configuration_update_ack(uint8_t *buf, size_t cap);

#endif
