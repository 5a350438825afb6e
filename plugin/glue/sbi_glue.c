/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sbi_glue.c: the SBI glue's fields and extraction: cuts a frame's HTTP/2 (or HTTP/1.1) fields
 * into per-stream segments, rebuilds each JSON body from json.* items and their depth, feeds the
 * engine, and keeps the results that sbi_render.c shows under amfol.sbi.*. */
#include "glue/amfol_glue.h"
#include "glue/sbi_glue.h"
#include "sbi/amfol_sbi_json.h"

#include <epan/to_str.h>
#include <string.h>

/* The Wireshark fields the SBI glue reads (amfol_glue.h, "Field lists"). */
#define SBI_FIELDS(X) \
    X(SBIF_TCP_STREAM, "tcp.stream") \
    X(SBIF_STREAMID, "http2.streamid") \
    X(SBIF_TYPE, "http2.type") \
    X(SBIF_END_STREAM, "http2.flags.end_stream") \
    X(SBIF_HDR_NAME, "http2.header.name") \
    X(SBIF_HDR_VALUE, "http2.header.value") \
    X(SBIF_METHOD, "http2.headers.method") \
    X(SBIF_PATH, "http2.headers.path") \
    X(SBIF_STATUS, "http2.headers.status") \
    X(SBIF_RETRY_AFTER, "http2.headers.retry_after") \
    X(SBIF_JSON, "json") \
    X(SBIF_J_OBJECT, "json.object") \
    X(SBIF_J_ARRAY, "json.array") \
    X(SBIF_J_MEMBER, "json.member") \
    X(SBIF_J_STRING, "json.value.string") \
    X(SBIF_J_NUMBER, "json.value.number") \
    X(SBIF_J_TRUE, "json.value.true") \
    X(SBIF_J_FALSE, "json.value.false") \
    X(SBIF_J_NULL, "json.value.null") \
    /* Encrypted application data: present when Wireshark could not decrypt a record (no key \
     * log), absent on handshake records it decrypted; with keys, HTTP/2 follows it. */ \
    X(SBIF_TLS, "tls.app_data") \
    /* SBI over HTTP/1.1 (e.g. OAI): one message per request/response, paired by request frame. */ \
    X(SBIF_H1_METHOD, "http.request.method") \
    X(SBIF_H1_URI, "http.request.uri") \
    X(SBIF_H1_STATUS, "http.response.code") \
    X(SBIF_H1_REQUEST_IN, "http.request_in") \
    X(SBIF_H1_REQ_LINE, "http.request.line") \
    X(SBIF_H1_RSP_LINE, "http.response.line") \
    /* The DATA bytes, read only when Wireshark could not type them (HPACK state lost). */ \
    X(SBIF_DATA_BYTES, "http2.data.data")

enum sbi_slot { SBI_FIELDS(AMFOL_SLOT_ENUM) SBIF_COUNT };
static const char *const sbi_field_names[] = { SBI_FIELDS(AMFOL_SLOT_NAME) NULL };

/* Our index in packet-amfol.c's module order (amfol_glue.h: repeat, n2, rrc, nas, sbi): the walk tags
 * each collected field with the module that asked for it. */
#define SBI_MODULE_INDEX AMFOL_MOD_SBI
#define SBI_MAX_SEGS_PER_FRAME 8      /* HTTP/2 streams analysed per frame */
#define SBI_MAX_JSON_NODES 2048       /* JSON items read per body */
#define HTTP2_TYPE_DATA 0
#define HTTP2_TYPE_HEADERS 1
#define HTTP2_TYPE_CONTINUATION 9

typedef struct sbi_seg {
    uint32_t stream_id;
    bool headers, data, end_stream, json_seen;
    amfol_jdoc doc;
    amfol_sbi_event *ev;
} sbi_seg;

/* ---- the kept verdict (sbi_glue.h) ------------------------------------------------------- */

static const void *keep_apart(const void *p, size_t size)
{
    return wmem_memdup(wmem_file_scope(), p, size);
}

static void pack(sbi_msg_rec *p, const amfol_sbi_result *r)
{
    memset(p, 0, sizeof *p);
    p->kind = r->kind;
    p->tie = r->tie;
    p->inferred_by = r->inferred_by;
    p->n_seen = MIN(MAX(r->n_seen, 0), AMFOL_SBI_MAX_SEEN);
    p->seen = p->n_seen ? keep_apart(r->seen, (size_t)p->n_seen * sizeof r->seen[0]) : NULL;
    p->oci = r->has_oci ? keep_apart(&r->oci, sizeof r->oci) : NULL;
    p->lci = r->has_lci ? keep_apart(&r->lci, sizeof r->lci) : NULL;
    if (r->is_move) {
        sbi_move_rec *m = wmem_new0(wmem_file_scope(), sbi_move_rec);
        g_strlcpy(m->source, r->move_source, sizeof m->source);
        g_strlcpy(m->target, r->move_target, sizeof m->target);
        g_strlcpy(m->ue, r->ue, sizeof m->ue);
        m->registration = r->move_registration;
        m->cuc = r->move_cuc;
        m->target_load = r->target_load;
        p->move = m;
    }
    p->since_last_report_s = r->since_last_report_s;
    p->response_time_s = r->response_time_s;
    p->stream_id = r->stream_id;
    p->n2_start_frame = r->n2_start_frame;
    p->request_frame = r->request_frame;
    p->relay_of = r->relay_of;
    p->reported_load = r->reported_load;
    p->status = r->status;
    p->retry_after_s = r->retry_after_s;
    p->in_n2_overload = r->in_n2_overload;
    p->is_response = r->is_response;
    p->headers_unreadable = r->headers_unreadable;
    p->request_unknown = r->request_unknown;
    p->body_not_json = r->body_not_json;
    p->inferred = r->inferred;
    g_strlcpy(p->nf, r->nf, sizeof p->nf);
    g_strlcpy(p->nf_id, r->nf_id, sizeof p->nf_id);
    g_strlcpy(p->nf_status, r->nf_status, sizeof p->nf_status);
    g_strlcpy(p->problem_cause, r->problem_cause, sizeof p->problem_cause);
}

/* ---- extraction (first pass) ------------------------------------------------------------ */

static amfol_sbi_event *new_event(amfol_frame_ctx *ctx, uint32_t tcp_stream, uint32_t stream_id)
{
    packet_info *pinfo = ctx->pinfo;
    amfol_sbi_event *ev = wmem_new0(pinfo->pool, amfol_sbi_event);
    ev->where.frame = pinfo->num;
    ev->where.time = nstime_to_sec(&pinfo->abs_ts);
    amfol_endpoint_text(&pinfo->src, pinfo->srcport, "", &ev->where.src);
    amfol_endpoint_text(&pinfo->dst, pinfo->destport, "", &ev->where.dst);
    ev->tcp_stream = tcp_stream;
    ev->stream_id = stream_id;
    ev->status = AMFOL_ABSENT;
    ev->message_priority = AMFOL_ABSENT;
    ev->problem_status = AMFOL_ABSENT;
    return ev;
}

static sbi_seg *seg_for(amfol_frame_ctx *ctx, sbi_seg *segs, int *n, uint32_t tcp_stream,
                        uint32_t stream_id)
{
    for (int i = 0; i < *n; i++)
        if (segs[i].stream_id == stream_id)
            return &segs[i];
    if (*n >= SBI_MAX_SEGS_PER_FRAME)
        return NULL;
    sbi_seg *s = &segs[(*n)++];
    memset(s, 0, sizeof *s);
    s->stream_id = stream_id;
    s->ev = new_event(ctx, tcp_stream, stream_id);
    return s;
}

/* HTTP lists: repeated headers join with ", " (RFC 9110 §5.3). */
static void append_list(char *dst, size_t cap, const char *v)
{
    if (dst[0])
        g_strlcat(dst, ", ", cap);
    g_strlcat(dst, v, cap);
}

/* TS 29.500 §5.2.3.2.1: DIGIT / %x31-32 DIGIT / "3" %x30-31, i.e. 0..31; else absent. */
static int message_priority(const char *v)
{
    int n = 0, digits = 0;
    for (; *v >= '0' && *v <= '9' && digits < 3; v++, digits++)
        n = n * 10 + (*v - '0');
    while (*v == ' ' || *v == '\t')
        v++;
    return digits > 0 && *v == '\0' && n <= 31 ? n : AMFOL_ABSENT;
}

static void on_header(sbi_seg *s, const char *name, const char *value)
{
    if (!name || !value)
        return;
    if (strcmp(name, "<unknown>") == 0)
        s->ev->headers_unreadable = true;
    else if (g_ascii_strcasecmp(name, "3gpp-sbi-oci") == 0)
        append_list(s->ev->oci, sizeof s->ev->oci, value);
    else if (g_ascii_strcasecmp(name, "3gpp-sbi-lci") == 0)
        append_list(s->ev->lci, sizeof s->ev->lci, value);
    else if (g_ascii_strcasecmp(name, "3gpp-sbi-target-apiroot") == 0) {
        s->ev->has_target_apiroot = true;
        g_strlcpy(s->ev->target_apiroot, value, sizeof s->ev->target_apiroot);
    } else if (g_ascii_strcasecmp(name, ":authority") == 0 || g_ascii_strcasecmp(name, "host") == 0)
        g_strlcpy(s->ev->authority, value, sizeof s->ev->authority);
    else if (g_ascii_strcasecmp(name, "3gpp-sbi-message-priority") == 0)
        s->ev->message_priority = message_priority(value);
    else if (g_ascii_strcasecmp(name, "via") == 0)
        s->ev->has_via = true;
}

/* An HTTP/1.1 message: its own segment. The request's frame number stands in for the HTTP/2
 * stream id, so that request and response pair on (TCP stream, request frame). */
static sbi_seg *h1_seg(amfol_frame_ctx *ctx, sbi_seg *segs, int *n, uint32_t tcp_stream,
                       uint32_t key)
{
    if (*n >= SBI_MAX_SEGS_PER_FRAME)
        return NULL;
    sbi_seg *s = &segs[(*n)++];
    memset(s, 0, sizeof *s);
    s->stream_id = key;
    s->headers = true;
    s->ev = new_event(ctx, tcp_stream, key);
    return s;
}

/* "Name: value\r\n" header line of HTTP/1.1. */
static void on_h1_line(sbi_seg *s, const char *line)
{
    if (!s || !line)
        return;
    const char *colon = strchr(line, ':');
    if (!colon || colon == line)
        return;
    char name[32];
    size_t n = (size_t)(colon - line);
    if (n >= sizeof name)
        return;
    memcpy(name, line, n);
    name[n] = '\0';
    const char *v = colon + 1;
    while (*v == ' ' || *v == '\t')
        v++;
    char value[256];
    g_strlcpy(value, v, sizeof value);
    size_t len = strlen(value);
    while (len > 0 && (value[len - 1] == '\r' || value[len - 1] == '\n' || value[len - 1] == ' '))
        value[--len] = '\0';
    if (g_ascii_strcasecmp(name, "retry-after") == 0)
        g_strlcpy(s->ev->retry_after, value, sizeof s->ev->retry_after);
    else
        on_header(s, name, value);
}

static void json_item(amfol_frame_ctx *ctx, sbi_seg *s, int kind, const amfol_fieldref *f)
{
    if (!s || !s->json_seen)
        return;
    if (!s->doc.nodes)
        amfol_jdoc_init(&s->doc, wmem_alloc_array(ctx->pinfo->pool, amfol_jnode, SBI_MAX_JSON_NODES),
                        SBI_MAX_JSON_NODES);
    const char *text = NULL;
    double num = 0;
    if (kind == AMFOL_J_MEMBER || kind == AMFOL_J_STRING)
        text = amfol_fi_string(f->fi);
    if (kind == AMFOL_J_NUMBER && !amfol_fi_number(f->fi, &num))
        kind = AMFOL_J_NULL;         /* unreadable number: keep the shape, not a value */
    amfol_jdoc_add(&s->doc, kind, f->depth, text, num);
}

static void *sbi_analyze(amfol_frame_ctx *ctx)
{
    /* NGAP and the UE identities in NAS reach the SBI module through the engine. */
    amfol_engine *e = ctx->engine;

    sbi_seg segs[SBI_MAX_SEGS_PER_FRAME];
    int n_segs = 0;
    sbi_seg *cur = NULL;
    uint32_t tcp_stream = 0;
    bool tls = false;
    const char *pending_name = NULL;
    int pending_type = -1;
    bool pending_end = false;
    for (int i = 0; i < ctx->n_fields; i++) {
        const amfol_fieldref *f = &ctx->fields[i];
        if (f->module != SBI_MODULE_INDEX)
            continue;
        switch (f->slot) {
        case SBIF_TCP_STREAM:
            tcp_stream = (uint32_t)amfol_fi_uint(f->fi);
            break;
        case SBIF_TLS:
            tls = true;
            break;
        case SBIF_TYPE:
            /* Type and flags come before the stream id in each HTTP/2 frame header. */
            pending_type = (int)amfol_fi_uint(f->fi);
            pending_end = false;
            break;
        case SBIF_END_STREAM:
            pending_end = amfol_fi_uint(f->fi) != 0;
            break;
        case SBIF_STREAMID:
            cur = seg_for(ctx, segs, &n_segs, tcp_stream, (uint32_t)amfol_fi_uint(f->fi));
            if (cur && (pending_type == HTTP2_TYPE_HEADERS ||
                        pending_type == HTTP2_TYPE_CONTINUATION))
                cur->headers = true;
            if (cur && pending_type == HTTP2_TYPE_DATA) {
                cur->data = true;
                cur->end_stream |= pending_end;
            }
            pending_type = -1;
            pending_end = false;
            break;
        case SBIF_HDR_NAME:
            pending_name = amfol_fi_string(f->fi);
            break;
        case SBIF_HDR_VALUE:
            if (cur)
                on_header(cur, pending_name, amfol_fi_string(f->fi));
            pending_name = NULL;
            break;
        case SBIF_METHOD:
            if (cur)
                g_strlcpy(cur->ev->method, amfol_fi_string(f->fi) ? amfol_fi_string(f->fi) : "",
                          sizeof cur->ev->method);
            break;
        case SBIF_PATH:
            if (cur)
                g_strlcpy(cur->ev->path, amfol_fi_string(f->fi) ? amfol_fi_string(f->fi) : "",
                          sizeof cur->ev->path);
            break;
        case SBIF_STATUS:
            if (cur)
                cur->ev->status = (int)amfol_fi_uint(f->fi);
            break;
        case SBIF_RETRY_AFTER:
            if (cur && amfol_fi_string(f->fi))
                g_strlcpy(cur->ev->retry_after, amfol_fi_string(f->fi), sizeof cur->ev->retry_after);
            break;
        case SBIF_JSON:
            /* The body belongs to the stream of the DATA frame just before it; one per stream. */
            if (cur && !cur->json_seen)
                cur->json_seen = true;
            else
                cur = NULL;
            break;
        case SBIF_J_OBJECT: json_item(ctx, cur, AMFOL_J_OBJECT, f); break;
        case SBIF_J_ARRAY: json_item(ctx, cur, AMFOL_J_ARRAY, f); break;
        case SBIF_J_MEMBER: json_item(ctx, cur, AMFOL_J_MEMBER, f); break;
        case SBIF_J_STRING: json_item(ctx, cur, AMFOL_J_STRING, f); break;
        case SBIF_J_NUMBER: json_item(ctx, cur, AMFOL_J_NUMBER, f); break;
        case SBIF_J_TRUE: json_item(ctx, cur, AMFOL_J_TRUE, f); break;
        case SBIF_J_FALSE: json_item(ctx, cur, AMFOL_J_FALSE, f); break;
        case SBIF_J_NULL: json_item(ctx, cur, AMFOL_J_NULL, f); break;
        case SBIF_H1_METHOD:
            cur = h1_seg(ctx, segs, &n_segs, tcp_stream, ctx->pinfo->num);
            if (cur && amfol_fi_string(f->fi))
                g_strlcpy(cur->ev->method, amfol_fi_string(f->fi), sizeof cur->ev->method);
            break;
        case SBIF_H1_URI:
            if (cur && amfol_fi_string(f->fi))
                g_strlcpy(cur->ev->path, amfol_fi_string(f->fi), sizeof cur->ev->path);
            break;
        case SBIF_H1_STATUS:
            /* Until [Request in frame] says otherwise, an unpaired response. */
            cur = h1_seg(ctx, segs, &n_segs, tcp_stream, 0x80000000u | ctx->pinfo->num);
            if (cur)
                cur->ev->status = (int)amfol_fi_uint(f->fi);
            break;
        case SBIF_H1_REQUEST_IN:
            if (cur && cur->ev->status != AMFOL_ABSENT)
                cur->stream_id = cur->ev->stream_id = (uint32_t)amfol_fi_uint(f->fi);
            break;
        case SBIF_H1_REQ_LINE:
        case SBIF_H1_RSP_LINE:
            on_h1_line(cur, amfol_fi_string(f->fi));
            break;
        case SBIF_DATA_BYTES:
            if (cur && !cur->ev->raw_body)
                cur->ev->raw_body = amfol_fi_bytes(f->fi, &cur->ev->raw_len);
            break;
        default:
            break;
        }
    }

    amfol_sbi_result res[SBI_MAX_SEGS_PER_FRAME];
    int n_res = 0;
    if (tls && n_segs == 0) {
        /* TLS hides the SBI (application data not decrypted): count it against the connection,
         * show nothing else. A plaintext or decrypted handshake is not SBI: not counted. */
        amfol_sbi_event *ev = new_event(ctx, tcp_stream, 0);
        ev->tls = true;
        amfol_engine_sbi(e, ev, NULL);
        return NULL;
    }
    for (int i = 0; i < n_segs; i++) {
        sbi_seg *s = &segs[i];
        if (s->stream_id == 0)
            continue;                /* connection-level frames (SETTINGS, PING, GOAWAY) */
        amfol_sbi_event *ev = s->ev;
        if (s->doc.n > 0)
            amfol_sbi_json_read(&s->doc, ev);
        ev->is_request = ev->method[0] || ev->path[0];
        ev->body_not_json = s->data && s->end_stream && !s->json_seen && ev->status == AMFOL_ABSENT &&
                            !s->headers;
        if (!s->headers && !s->doc.n && !ev->body_not_json)
            continue;                /* a DATA fragment of a body reassembled later */
        amfol_engine_sbi(e, ev, &res[n_res]);
        if (res[n_res].relevant)
            n_res++;
    }
    sbi_msg_rec kept[SBI_MAX_SEGS_PER_FRAME];
    for (int i = 0; i < n_res; i++)
        pack(&kept[i], &res[i]);
    return amfol_keep(kept, n_res, sizeof kept[0]);
}

const amfol_glue amfol_glue_sbi = {
    .name = "sbi",
    .field_names = sbi_field_names,
    .register_fields = sbi_register,
    .analyze = sbi_analyze,
    .render = sbi_render,
};
