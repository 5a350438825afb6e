/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Namf_Communication UEContextTransfer (TS 29.518) and ProblemDetails error responses (TS 29.500). */
#include <stdio.h>
#include <string.h>

#include "sbi_msg_internal.h"

int sbi_ue_context_transfer_req(sbi_msg *m, const char *authority, const char *requester_id,
                                const char *ue_context_id, const char *reason,
                                const char *mcc, const char *mnc)
{
    char path[160];
    if (!m || !ue_context_id || !reason || !mcc || !mnc)
        return -1;
    int n = snprintf(path, sizeof path, "/namf-comm/v1/ue-contexts/%s/transfer", ue_context_id);
    if (n < 0 || (size_t)n >= sizeof path)
        return -1;
    /* Each UE has its own path: indexing it would only churn the dynamic table. */
    sbi_request_start(m, "POST", authority, path, HPACK_NO_INDEX);
    sbi_msg_add_header(m, "accept", "application/json,application/problem+json",
                       HPACK_INCREMENTAL);
    sbi_user_agent(m, "AMF", requester_id);
    json_writer w;
    json_init(&w, m->body, sizeof m->body);
    json_begin_object(&w, NULL);
    json_string(&w, "reason", reason);
    json_string(&w, "accessType", "3GPP_ACCESS");
    json_begin_object(&w, "plmnId");
    json_string(&w, "mcc", mcc);
    json_string(&w, "mnc", mnc);
    json_end_object(&w);
    json_end_object(&w);
    return sbi_finish(m, &w, "application/json");
}

int sbi_ue_context_transfer_rsp(sbi_msg *m, const char *supi)
{
    if (!m || !supi)
        return -1;
    sbi_response_start(m, 200);
    json_writer w;
    json_init(&w, m->body, sizeof m->body);
    json_begin_object(&w, NULL);
    json_begin_object(&w, "ueContext");
    json_string(&w, "supi", supi);
    json_bool(&w, "supiUnauthInd", false);
    json_begin_object(&w, "subUeAmbr");
    json_string(&w, "uplink", "1 Gbps");
    json_string(&w, "downlink", "2 Gbps");
    json_end_object(&w);
    json_end_object(&w);
    json_end_object(&w);
    return sbi_finish(m, &w, "application/json");
}

int sbi_problem_rsp(sbi_msg *m, int status, const char *title, const char *cause,
                    const char *detail, int retry_after_s)
{
    char ra[16];
    if (!m || !title || !cause)
        return -1;
    sbi_response_start(m, status);
    if (retry_after_s >= 0) {
        snprintf(ra, sizeof ra, "%d", retry_after_s);
        sbi_msg_add_header(m, "retry-after", ra, HPACK_INCREMENTAL);
    }
    json_writer w;
    json_init(&w, m->body, sizeof m->body);
    json_begin_object(&w, NULL);
    json_string(&w, "title", title);
    json_int(&w, "status", status);
    if (detail)
        json_string(&w, "detail", detail);
    json_string(&w, "cause", cause);
    json_end_object(&w);
    return sbi_finish(m, &w, "application/problem+json");
}
