/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sbi_msg storage: bounded header list and body, plus the header sets shared by all builders. */
#include "sbi_msg_internal.h"

#include <stdio.h>
#include <string.h>

void sbi_msg_reset(sbi_msg *m)
{
    m->n_hdr = 0;
    m->text_used = 0;
    m->body_len = 0;
    m->body[0] = '\0';
    m->error = false;
}

int sbi_msg_add_header(sbi_msg *m, const char *name, const char *value, hpack_policy policy)
{
    if (!m || !name || !value || m->error)
        goto fail;
    size_t nl = strlen(name), vl = strlen(value);
    if (nl == 0 || m->n_hdr >= SBI_MAX_HEADERS || nl + vl > SBI_HEADER_TEXT - m->text_used)
        goto fail;
    char *dst = m->text + m->text_used;
    for (size_t i = 0; i < nl; i++) {
        char c = name[i];
        dst[i] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c; /* HTTP/2: lowercase */
    }
    memcpy(dst + nl, value, vl);
    m->hdr[m->n_hdr].name_off = (uint16_t)m->text_used;
    m->hdr[m->n_hdr].name_len = (uint16_t)nl;
    m->hdr[m->n_hdr].value_off = (uint16_t)(m->text_used + nl);
    m->hdr[m->n_hdr].value_len = (uint16_t)vl;
    m->hdr[m->n_hdr].policy = (uint8_t)policy;
    m->n_hdr++;
    m->text_used += nl + vl;
    return 0;
fail:
    if (m)
        m->error = true;
    return -1;
}

size_t sbi_msg_hpack_headers(const sbi_msg *m, hpack_header out[SBI_MAX_HEADERS])
{
    for (size_t i = 0; i < m->n_hdr; i++) {
        out[i].name = m->text + m->hdr[i].name_off;
        out[i].name_len = m->hdr[i].name_len;
        out[i].value = m->text + m->hdr[i].value_off;
        out[i].value_len = m->hdr[i].value_len;
        out[i].policy = (hpack_policy)m->hdr[i].policy;
    }
    return m->n_hdr;
}

void sbi_request_start(sbi_msg *m, const char *method, const char *authority, const char *path,
                       hpack_policy path_policy)
{
    sbi_msg_reset(m);
    sbi_msg_add_header(m, ":method", method, HPACK_INCREMENTAL);
    sbi_msg_add_header(m, ":scheme", "http", HPACK_INCREMENTAL);
    sbi_msg_add_header(m, ":authority", authority ? authority : "", HPACK_INCREMENTAL);
    sbi_msg_add_header(m, ":path", path, path_policy);
}

void sbi_response_start(sbi_msg *m, int status)
{
    char s[8];
    sbi_msg_reset(m);
    if (status < 100 || status > 599) {
        m->error = true;
        return;
    }
    snprintf(s, sizeof s, "%d", status);
    sbi_msg_add_header(m, ":status", s, HPACK_INCREMENTAL);
}

void sbi_user_agent(sbi_msg *m, const char *nf_type, const char *instance_id)
{
    char ua[64];
    if (instance_id && instance_id[0])
        snprintf(ua, sizeof ua, "%s-%s", nf_type, instance_id);
    else
        snprintf(ua, sizeof ua, "%s", nf_type);
    sbi_msg_add_header(m, "user-agent", ua, HPACK_INCREMENTAL);
}

int sbi_finish(sbi_msg *m, const json_writer *body, const char *content_type)
{
    if (body) {
        if (!json_ok(body)) {
            m->error = true;
            return -1;
        }
        char len[24];
        m->body_len = body->len;
        snprintf(len, sizeof len, "%zu", m->body_len);
        sbi_msg_add_header(m, "content-type", content_type, HPACK_INCREMENTAL);
        sbi_msg_add_header(m, "content-length", len, HPACK_NO_INDEX);
    }
    return m->error ? -1 : 0;
}

int sbi_no_content_rsp(sbi_msg *m)
{
    sbi_response_start(m, 204);
    return sbi_finish(m, NULL, NULL);
}
