/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Helpers shared by the SBI builder files (internal header). */
#ifndef AMFOL_WIRE_SBI_MSG_INTERNAL_H
#define AMFOL_WIRE_SBI_MSG_INTERNAL_H

#include "json_writer.h"
#include "sbi_msg.h"

/* Resets M and adds :method, :scheme http, :authority, :path. */
void sbi_request_start(sbi_msg *m, const char *method, const char *authority, const char *path,
                       hpack_policy path_policy);
/* Resets M and adds :status. */
void sbi_response_start(sbi_msg *m, int status);
/* user-agent: "<NF type>-<instance id>" (TS 29.500 §5.2.2.2). */
void sbi_user_agent(sbi_msg *m, const char *nf_type, const char *instance_id);
/* Adopts BODY (written into m->body) with content-type and content-length headers; BODY NULL
 * means no body. Returns 0 or -1. */
int sbi_finish(sbi_msg *m, const json_writer *body, const char *content_type);
/* Writes an NFProfile object (KEY as member name, NULL in arrays). */
void sbi_json_amf_profile(json_writer *w, const char *key, const sbi_amf_profile *p);

#endif
