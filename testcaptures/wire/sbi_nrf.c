/* SPDX-License-Identifier: GPL-2.0-or-later */
/* NRF messages (TS 29.510): NFRegister, NFUpdate, NFStatusNotify, NFDiscover and responses. */
#include <stdio.h>

#include "sbi_msg_internal.h"

#define NFM_PATH "/nnrf-nfm/v1/nf-instances/"

static void json_plmn(json_writer *w, const char *key, const char *mcc, const char *mnc)
{
    json_begin_object(w, key);
    json_string(w, "mcc", mcc);
    json_string(w, "mnc", mnc);
    json_end_object(w);
}

static void json_ipv4(json_writer *w, const char *key, const uint8_t ip[4])
{
    char s[16];
    snprintf(s, sizeof s, "%u.%u.%u.%u", ip[0], ip[1], ip[2], ip[3]);
    json_string(w, key, s);
}

static int has_ipv4(const uint8_t ip[4])
{
    return ip[0] | ip[1] | ip[2] | ip[3];
}

void sbi_json_amf_profile(json_writer *w, const char *key, const sbi_amf_profile *p)
{
    char buf[40];
    json_begin_object(w, key);
    json_string(w, "nfInstanceId", p->nf_instance_id);
    json_string(w, "nfType", "AMF");
    json_string(w, "nfStatus", p->nf_status ? p->nf_status : "REGISTERED");
    if (p->heart_beat_s)
        json_int(w, "heartBeatTimer", p->heart_beat_s);
    json_begin_array(w, "plmnList");
    json_plmn(w, NULL, p->mcc, p->mnc);
    json_end_array(w);
    if (p->n_snssai) {
        json_begin_array(w, "sNssais");
        for (unsigned i = 0; i < p->n_snssai && i < 4; i++) {
            json_begin_object(w, NULL);
            json_int(w, "sst", p->snssai[i].sst);
            if (p->snssai[i].sd != 0xffffffffu) {
                snprintf(buf, sizeof buf, "%06x", (unsigned)(p->snssai[i].sd & 0xffffffu));
                json_string(w, "sd", buf);
            }
            json_end_object(w);
        }
        json_end_array(w);
    }
    if (p->fqdn)
        json_string(w, "fqdn", p->fqdn);
    if (has_ipv4(p->ipv4)) {
        json_begin_array(w, "ipv4Addresses");
        json_ipv4(w, NULL, p->ipv4);
        json_end_array(w);
    }
    if (p->priority >= 0)
        json_int(w, "priority", p->priority);
    if (p->capacity >= 0)
        json_int(w, "capacity", p->capacity);
    if (p->load >= 0) {
        json_int(w, "load", p->load);
        sbi_format_date_time(buf, sizeof buf, p->load_time_us);
        json_string(w, "loadTimeStamp", buf);
    }
    json_begin_object(w, "amfInfo");
    snprintf(buf, sizeof buf, "%03x", (unsigned)(p->amf_set_id & 0x3ffu));
    json_string(w, "amfSetId", buf);
    snprintf(buf, sizeof buf, "%02x", (unsigned)p->amf_region_id);
    json_string(w, "amfRegionId", buf);
    json_begin_array(w, "guamiList");
    json_begin_object(w, NULL);
    json_plmn(w, "plmnId", p->mcc, p->mnc);
    /* amfId = AMF Region ID (8) | AMF Set ID (10) | AMF Pointer (6), TS 23.003 §2.10.1 */
    snprintf(buf, sizeof buf, "%06x",
             ((unsigned)p->amf_region_id << 16) | ((p->amf_set_id & 0x3ffu) << 6) |
                 (p->amf_pointer & 0x3fu));
    json_string(w, "amfId", buf);
    json_end_object(w);
    json_end_array(w);
    json_end_object(w);
    if (p->olc_h_support)
        json_bool(w, "olcHSupportInd", true);
    if (p->lc_h_support)
        json_bool(w, "lcHSupportInd", true);
    json_begin_array(w, "nfServices");
    json_begin_object(w, NULL);
    json_string(w, "serviceInstanceId", "namf-comm-0");
    json_string(w, "serviceName", "namf-comm");
    json_begin_array(w, "versions");
    json_begin_object(w, NULL);
    json_string(w, "apiVersionInUri", "v1");
    json_string(w, "apiFullVersion", "1.2.0");
    json_end_object(w);
    json_end_array(w);
    json_string(w, "scheme", "http");
    json_string(w, "nfServiceStatus", "REGISTERED");
    if (has_ipv4(p->ipv4)) {
        json_begin_array(w, "ipEndPoints");
        json_begin_object(w, NULL);
        json_ipv4(w, "ipv4Address", p->ipv4);
        json_string(w, "transport", "TCP");
        json_int(w, "port", 8080);
        json_end_object(w);
        json_end_array(w);
    }
    json_end_object(w);
    json_end_array(w);
    json_end_object(w);
}

static int profile_ok(const sbi_amf_profile *p)
{
    return p && p->nf_instance_id[0] && p->load <= 100;
}

int sbi_nf_register_req(sbi_msg *m, const char *authority, const sbi_amf_profile *p)
{
    char path[96];
    if (!m || !profile_ok(p))
        return -1;
    snprintf(path, sizeof path, NFM_PATH "%s", p->nf_instance_id);
    sbi_request_start(m, "PUT", authority, path, HPACK_INCREMENTAL);
    sbi_user_agent(m, "AMF", p->nf_instance_id);
    json_writer w;
    json_init(&w, m->body, sizeof m->body);
    sbi_json_amf_profile(&w, NULL, p);
    return sbi_finish(m, &w, "application/json");
}

int sbi_nf_register_rsp(sbi_msg *m, const char *authority, const sbi_amf_profile *p)
{
    char loc[160];
    if (!m || !profile_ok(p))
        return -1;
    sbi_response_start(m, 201);
    snprintf(loc, sizeof loc, "http://%s" NFM_PATH "%s", authority ? authority : "",
             p->nf_instance_id);
    sbi_msg_add_header(m, "location", loc, HPACK_NO_INDEX);
    json_writer w;
    json_init(&w, m->body, sizeof m->body);
    sbi_json_amf_profile(&w, NULL, p);
    return sbi_finish(m, &w, "application/json");
}

static void patch_item_int(json_writer *w, const char *path, int value)
{
    json_begin_object(w, NULL);
    json_string(w, "op", "replace");
    json_string(w, "path", path);
    json_int(w, "value", value);
    json_end_object(w);
}

static void patch_item_str(json_writer *w, const char *path, const char *value)
{
    json_begin_object(w, NULL);
    json_string(w, "op", "replace");
    json_string(w, "path", path);
    json_string(w, "value", value);
    json_end_object(w);
}

int sbi_nf_update_req(sbi_msg *m, const char *authority, const char *nf_instance_id, int load,
                      uint64_t load_time_us, const char *nf_status)
{
    char path[96], ts[40];
    if (!m || !nf_instance_id || load > 100 || (load < 0 && !nf_status))
        return -1; /* JSON Patch needs at least one item */
    snprintf(path, sizeof path, NFM_PATH "%s", nf_instance_id);
    sbi_request_start(m, "PATCH", authority, path, HPACK_INCREMENTAL);
    sbi_user_agent(m, "AMF", nf_instance_id);
    json_writer w;
    json_init(&w, m->body, sizeof m->body);
    json_begin_array(&w, NULL);
    if (load >= 0) {
        patch_item_int(&w, "/load", load);
        if (load_time_us) {
            sbi_format_date_time(ts, sizeof ts, load_time_us);
            patch_item_str(&w, "/loadTimeStamp", ts);
        }
    }
    if (nf_status)
        patch_item_str(&w, "/nfStatus", nf_status);
    json_end_array(&w);
    return sbi_finish(m, &w, "application/json-patch+json");
}

int sbi_nf_update_rsp(sbi_msg *m, const sbi_amf_profile *p)
{
    if (!m)
        return -1;
    if (!p)
        return sbi_no_content_rsp(m);
    if (!profile_ok(p))
        return -1;
    sbi_response_start(m, 200);
    json_writer w;
    json_init(&w, m->body, sizeof m->body);
    sbi_json_amf_profile(&w, NULL, p);
    return sbi_finish(m, &w, "application/json");
}

int sbi_nf_status_notify_req(sbi_msg *m, const char *authority, const char *callback_path,
                             const char *nrf_authority, const sbi_amf_profile *p,
                             bool full_profile)
{
    char uri[160], ts[40];
    if (!m || !callback_path || callback_path[0] != '/' || !profile_ok(p))
        return -1;
    sbi_request_start(m, "POST", authority, callback_path, HPACK_INCREMENTAL);
    sbi_user_agent(m, "NRF", NULL);
    /* TS 29.500 §5.2.3.2.3: a notification names its callback service operation. */
    sbi_msg_add_header(m, "3gpp-sbi-callback", "Nnrf_NFManagement_NFStatusNotify",
                       HPACK_INCREMENTAL);
    json_writer w;
    json_init(&w, m->body, sizeof m->body);
    json_begin_object(&w, NULL);
    json_string(&w, "event", "NF_PROFILE_CHANGED");
    snprintf(uri, sizeof uri, "http://%s" NFM_PATH "%s", nrf_authority ? nrf_authority : "",
             p->nf_instance_id);
    json_string(&w, "nfInstanceUri", uri);
    if (full_profile) {
        sbi_json_amf_profile(&w, "nfProfile", p);
    } else {
        json_begin_array(&w, "profileChanges");
        if (p->load >= 0) {
            json_begin_object(&w, NULL);
            json_string(&w, "op", "REPLACE");
            json_string(&w, "path", "/load");
            json_int(&w, "newValue", p->load);
            json_end_object(&w);
            json_begin_object(&w, NULL);
            json_string(&w, "op", "REPLACE");
            json_string(&w, "path", "/loadTimeStamp");
            sbi_format_date_time(ts, sizeof ts, p->load_time_us);
            json_string(&w, "newValue", ts);
            json_end_object(&w);
        }
        json_begin_object(&w, NULL);
        json_string(&w, "op", "REPLACE");
        json_string(&w, "path", "/nfStatus");
        json_string(&w, "newValue", p->nf_status ? p->nf_status : "REGISTERED");
        json_end_object(&w);
        json_end_array(&w);
    }
    json_end_object(&w);
    return sbi_finish(m, &w, "application/json");
}

int sbi_nf_discover_req(sbi_msg *m, const char *authority, const char *target_nf_type,
                        const char *requester_nf_type, const char *requester_instance_id,
                        const char *extra_query)
{
    char path[256];
    if (!m || !target_nf_type || !requester_nf_type)
        return -1;
    int n = snprintf(path, sizeof path,
                     "/nnrf-disc/v1/nf-instances?target-nf-type=%s&requester-nf-type=%s%s%s",
                     target_nf_type, requester_nf_type, extra_query ? "&" : "",
                     extra_query ? extra_query : "");
    if (n < 0 || (size_t)n >= sizeof path)
        return -1;
    sbi_request_start(m, "GET", authority, path, HPACK_INCREMENTAL);
    sbi_msg_add_header(m, "accept", "application/json,application/problem+json",
                       HPACK_INCREMENTAL);
    sbi_user_agent(m, requester_nf_type, requester_instance_id);
    return sbi_finish(m, NULL, NULL);
}

int sbi_nf_discover_rsp(sbi_msg *m, unsigned validity_s, const sbi_amf_profile *profiles,
                        size_t n)
{
    if (!m || (n && !profiles))
        return -1;
    for (size_t i = 0; i < n; i++)
        if (!profile_ok(&profiles[i]))
            return -1;
    sbi_response_start(m, 200);
    sbi_msg_add_header(m, "cache-control", "max-age=60", HPACK_INCREMENTAL);
    json_writer w;
    json_init(&w, m->body, sizeof m->body);
    json_begin_object(&w, NULL);
    json_int(&w, "validityPeriod", validity_s);
    json_begin_array(&w, "nfInstances");
    for (size_t i = 0; i < n; i++)
        sbi_json_amf_profile(&w, NULL, &profiles[i]);
    json_end_array(&w);
    json_int(&w, "numNfInstComplete", (int64_t)n);
    json_end_object(&w);
    return sbi_finish(m, &w, "application/json");
}
