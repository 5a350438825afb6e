/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_infer.c: NRF load reports whose HTTP/2 headers cannot be read (the capture began
 * after the connection's HPACK state was built). Wireshark then cannot type the DATA, so the body
 * is read here: only an RFC 6902 JSON Patch replacing /load (TS 29.510 §5.2.2.3 NFUpdate) is
 * recognised, and NFProfiles and ProblemDetails. Its NF is the one the connection's readable NRF requests named, or the only NF
 * profile with the client's address; otherwise the report stays unattributed: never a guess. */
#include "amfol_sbi_internal.h"
#include "amfol_sbi_json.h"
#include "amfol_sbi_text.h"

#include <string.h>
#include <wsutil/wsjson.h>

#define INFER_MAX_BODY   4096      /* a load patch is small; bigger bodies are not one */
#define INFER_MAX_TOKENS 64
#define INFER_MAX_PROFILE 16384    /* an NFProfile body */
#define INFER_PROFILE_TOKENS 1024

bool sbi_infer_patch_load(const uint8_t *body, size_t len, int *load)
{
    if (!body || len < 2 || len > INFER_MAX_BODY || body[0] != '[' || !json_validate(body, len))
        return false;
    char *buf = g_strndup((const char *)body, len);
    jsmntok_t tokens[INFER_MAX_TOKENS];
    int n = json_parse(buf, tokens, INFER_MAX_TOKENS);
    bool found = false;
    if (n > 0 && tokens[0].type == JSMN_ARRAY) {
        int items = json_get_array_len(&tokens[0]);
        for (int i = 0; i < items && !found; i++) {
            jsmntok_t *it = json_get_array_index(&tokens[0], i);
            if (!it || it->type != JSMN_OBJECT)
                break;
            const char *op = json_get_string(buf, it, "op");
            const char *path = json_get_string(buf, it, "path");
            double v;
            if (op && path && (strcmp(op, "replace") == 0 || strcmp(op, "add") == 0) &&
                strcmp(path, "/load") == 0 && json_get_double(buf, it, "value", &v) && v >= 0 && v <= 100) {
                *load = (int)v;
                found = true;
            }
        }
    }
    g_free(buf);
    return found;
}

/* An NFProfile (TS 29.510 §6.1.6.2.2: nfInstanceId, nfType) in bytes Wireshark could not type:
 * its identity, address and amfInfo GUAMIs, as a readable profile gives them. */
bool sbi_infer_profile(const uint8_t *body, size_t len, amfol_sbi_load *out)
{
    if (!body || len < 2 || len > INFER_MAX_PROFILE || body[0] != '{' || !json_validate(body, len))
        return false;
    char *buf = g_strndup((const char *)body, len);
    jsmntok_t *tok = g_new(jsmntok_t, INFER_PROFILE_TOKENS);
    bool ok = false;
    if (json_parse(buf, tok, INFER_PROFILE_TOKENS) > 0 && tok[0].type == JSMN_OBJECT) {
        amfol_sbi_load_init(out, AMFOL_SBI_LOAD_PROFILE);
        const char *id = json_get_string(buf, &tok[0], "nfInstanceId");
        const char *type = json_get_string(buf, &tok[0], "nfType");
        if (id && type) {
            ok = true;
            amfol_sbi_copy_text(out->nf_instance_id, sizeof out->nf_instance_id, id);
            amfol_sbi_copy_text(out->nf_type, sizeof out->nf_type, type);
            const char *status = json_get_string(buf, &tok[0], "nfStatus");
            if (status)
                amfol_sbi_copy_text(out->nf_status, sizeof out->nf_status, status);
            jsmntok_t *ips = json_get_array(buf, &tok[0], "ipv4Addresses");
            jsmntok_t *ip = ips && json_get_array_len(ips) > 0 ? json_get_array_index(ips, 0) : NULL;
            if (ip && ip->type == JSMN_STRING) {
                buf[ip->end] = '\0';
                amfol_sbi_copy_text(out->ipv4, sizeof out->ipv4, buf + ip->start);
            }
            jsmntok_t *info = json_get_object(buf, &tok[0], "amfInfo");
            jsmntok_t *list = info ? json_get_array(buf, info, "guamiList") : NULL;
            for (int i = 0; list && i < json_get_array_len(list) && out->n_guamis < AMFOL_MAX_GUAMIS; i++) {
                jsmntok_t *g = json_get_array_index(list, i);
                jsmntok_t *plmn = g ? json_get_object(buf, g, "plmnId") : NULL;
                const char *amf_id = g ? json_get_string(buf, g, "amfId") : NULL;
                const char *mcc = plmn ? json_get_string(buf, plmn, "mcc") : NULL;
                const char *mnc = plmn ? json_get_string(buf, plmn, "mnc") : NULL;
                amfol_guami gu;
                if (amfol_sbi_guami_from_amf_id(mcc, mnc, amf_id, &gu))
                    out->guamis[out->n_guamis++] = gu;
            }
        }
    }
    g_free(tok);
    g_free(buf);
    return ok;
}

/* A ProblemDetails (TS 29.571 §5.2.4.1, application/problem+json) in bytes Wireshark could not
 * type: an object with "status" 400..599 (the HTTP status it repeats) and at least one of cause,
 * title, type, detail, and no nfInstanceId. Only ever a response body. */
bool sbi_infer_problem(const uint8_t *body, size_t len, int *status, char *cause, size_t cap)
{
    if (!body || len < 2 || len > INFER_MAX_BODY || body[0] != '{' || !json_validate(body, len))
        return false;
    char *buf = g_strndup((const char *)body, len);
    jsmntok_t tokens[INFER_MAX_TOKENS];
    bool ok = false;
    double v;
    if (json_parse(buf, tokens, INFER_MAX_TOKENS) > 0 && tokens[0].type == JSMN_OBJECT &&
        !json_get_string(buf, &tokens[0], "nfInstanceId") &&
        json_get_double(buf, &tokens[0], "status", &v) && v >= 400 && v <= 599 && v == (int)v) {
        const char *c = json_get_string(buf, &tokens[0], "cause");
        if (c || json_get_string(buf, &tokens[0], "title") || json_get_string(buf, &tokens[0], "type") ||
            json_get_string(buf, &tokens[0], "detail")) {
            ok = true;
            *status = (int)v;
            amfol_sbi_copy_text(cause, cap, c ? c : "");
        }
    }
    g_free(buf);
    return ok;
}

sbi_nf *sbi_infer_nf(amfol_sbi *s, const sbi_conn *conn, const char *client_ip, const char **how)
{
    *how = NULL;
    if (conn && conn->nf_id[0] && !conn->many_nfs) {
        *how = "connection";
        return sbi_nf_get(s, conn->nf_id, false);
    }
    sbi_nf *only = NULL;
    for (guint i = 0; client_ip && client_ip[0] && i < s->nfs->len; i++) {
        sbi_nf *nf = g_ptr_array_index(s->nfs, i);
        if (strcmp(nf->ipv4, client_ip) != 0)
            continue;
        if (only)
            return NULL;           /* two profiles at one address: no attribution */
        only = nf;
    }
    if (only)
        *how = "address";
    return only;
}
