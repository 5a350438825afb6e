/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_xchg.c: request/response pairing per (TCP stream, HTTP/2 stream id), what each
 * exchange is (NFRegister, NFUpdate, ...), and per-connection counts of what could not be read. */
#include "amfol_sbi_text.h"
#include "amfol_sbi_xchg.h"

#include <stdio.h>
#include <string.h>

static void copy_str(char *dst, size_t cap, const char *src)
{
    amfol_sbi_copy_text(dst, cap, src);
}

/* Copy the path segment after `prefix` (up to '/', '?' or the end). */
static bool segment_after(const char *path, const char *prefix, char *out, size_t cap)
{
    const char *p = strstr(path, prefix);
    out[0] = '\0';
    if (!p)
        return false;
    p += strlen(prefix);
    size_t n = strcspn(p, "/?#");
    if (n == 0 || n >= cap)
        return false;
    memcpy(out, p, n);
    out[n] = '\0';
    return true;
}

static bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

void sbi_xchg_classify(sbi_xchg *x)
{
    const char *p = x->path, *m = x->method;
    bool nfm = starts_with(p, "/nnrf-nfm/") &&
               segment_after(p, "/nf-instances/", x->nf_id, sizeof x->nf_id);
    /* Only ".../nf-instances/{id}" itself, not sub-resources. */
    if (nfm) {
        const char *tail = strstr(p, x->nf_id) + strlen(x->nf_id);
        if (*tail && *tail != '?')
            nfm = false;
    }
    if (nfm && strcmp(m, "PUT") == 0)
        x->kind = SBI_KIND_NF_REGISTER;
    else if (nfm && strcmp(m, "PATCH") == 0)
        x->kind = SBI_KIND_NF_UPDATE;
    else if (nfm && strcmp(m, "DELETE") == 0)
        x->kind = SBI_KIND_NF_DEREGISTER;
    else if (nfm && strcmp(m, "GET") == 0)
        x->kind = SBI_KIND_NF_PROFILE_GET;
    else if (starts_with(p, "/nnrf-disc/") && strstr(p, "/nf-instances") &&
             (strcmp(m, "GET") == 0 || !m[0]))
        x->kind = SBI_KIND_NF_DISCOVER;
    else if (starts_with(p, "/namf-comm/") &&
             segment_after(p, "/ue-contexts/", x->ue_ctx, sizeof x->ue_ctx) &&
             strstr(p, "/transfer") && (strcmp(m, "POST") == 0 || !m[0]))
        x->kind = SBI_KIND_UE_CONTEXT_TRANSFER;
    else
        x->kind = SBI_KIND_OTHER;
}

const char *sbi_kind_text(int kind)
{
    static const char *const names[SBI_KIND_COUNT] = {
        "other", "NFRegister", "NFUpdate", "NFDeregister", "NFStatusNotify", "NFDiscover",
        "UEContextTransfer", "NFProfileRetrieval",
    };
    return kind >= 0 && kind < SBI_KIND_COUNT ? names[kind] : "other";
}

sbi_xchg *sbi_xchg_find(amfol_sbi *s, uint32_t tcp_stream, uint32_t stream_id)
{
    uint64_t key = ((uint64_t)tcp_stream << 32) | stream_id;
    return g_hash_table_lookup(s->xchg, &key);
}

sbi_xchg *sbi_xchg_new(amfol_sbi *s, uint32_t tcp_stream, uint32_t stream_id)
{
    if (g_hash_table_size(s->xchg) >= SBI_MAX_XCHG) {
        /* Stream ids are never reused on a connection: the oldest exchange is long done. */
        uint64_t *old = g_queue_pop_head(s->xchg_order);
        if (old)
            g_hash_table_remove(s->xchg, old);
        s->dropped++;
    }
    sbi_xchg *x = g_new0(sbi_xchg, 1);
    x->key = ((uint64_t)tcp_stream << 32) | stream_id;
    x->status = AMFOL_ABSENT;
    g_hash_table_insert(s->xchg, &x->key, x);
    g_queue_push_tail(s->xchg_order, &x->key);
    return x;
}

void sbi_xchg_set_request(sbi_xchg *x, const char *method, const char *path, const char *client,
                          const char *server, amfol_frame f, amfol_time t)
{
    if (!x->req_frame) {
        x->req_frame = f;
        x->req_t = t;
    }
    if (method && method[0])
        copy_str(x->method, sizeof x->method, method);
    if (path && path[0])
        copy_str(x->path, sizeof x->path, path);
    copy_str(x->client, sizeof x->client, client);
    copy_str(x->server, sizeof x->server, server);
    sbi_xchg_classify(x);
}

sbi_conn *sbi_conn_get(amfol_sbi *s, uint32_t tcp_stream, const char *src, const char *dst,
                       bool src_is_client)
{
    guint idx = GPOINTER_TO_UINT(g_hash_table_lookup(s->conn_index, GUINT_TO_POINTER(tcp_stream)));
    if (idx)
        return &g_array_index(s->conns, sbi_conn, idx - 1);
    if (s->conns->len >= SBI_MAX_CONNS) {
        s->dropped++;
        return NULL;
    }
    sbi_conn c;
    memset(&c, 0, sizeof c);
    c.tcp_stream = tcp_stream;
    copy_str(c.client, sizeof c.client, src_is_client ? src : dst);
    copy_str(c.server, sizeof c.server, src_is_client ? dst : src);
    g_array_append_val(s->conns, c);
    g_hash_table_insert(s->conn_index, GUINT_TO_POINTER(tcp_stream), GUINT_TO_POINTER(s->conns->len));
    return &g_array_index(s->conns, sbi_conn, s->conns->len - 1);
}
