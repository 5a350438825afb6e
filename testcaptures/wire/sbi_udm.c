/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Nudm_SDM Get of access and mobility subscription data (TS 29.503 §6.1.3.5): what an AMF asks
 * the UDM during every registration. */
#include <stdio.h>

#include "sbi_msg_internal.h"

int sbi_udm_am_data_req(sbi_msg *m, const char *authority, const char *requester_id,
                        const char *supi)
{
    char path[96];
    if (!m || !authority || !requester_id || !supi)
        return -1;
    int n = snprintf(path, sizeof path, "/nudm-sdm/v2/%s/am-data", supi);
    if (n < 0 || (size_t)n >= sizeof path)
        return -1;
    /* Each UE has its own path: indexing it would only churn the dynamic table. */
    sbi_request_start(m, "GET", authority, path, HPACK_NO_INDEX);
    sbi_msg_add_header(m, "accept", "application/json,application/problem+json", HPACK_INCREMENTAL);
    sbi_user_agent(m, "AMF", requester_id);
    return sbi_finish(m, NULL, NULL);
}

int sbi_udm_am_data_rsp(sbi_msg *m, const char *gpsi)
{
    if (!m || !gpsi)
        return -1;
    sbi_response_start(m, 200);
    json_writer w;
    json_init(&w, m->body, sizeof m->body);
    json_begin_object(&w, NULL);
    json_begin_array(&w, "gpsis");
    json_string(&w, NULL, gpsi);
    json_end_array(&w);
    json_begin_object(&w, "subscribedUeAmbr");
    json_string(&w, "uplink", "1 Gbps");
    json_string(&w, "downlink", "2 Gbps");
    json_end_object(&w);
    json_end_object(&w);
    return sbi_finish(m, &w, "application/json");
}
