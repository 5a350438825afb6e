/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sbi_glue.c: the SBI glue module: cuts a frame's HTTP/2 fields into per-stream segments, rebuilds
 * each JSON body from json.* items and their depth, feeds the SBI module, and renders
 * amfol.sbi.* (NRF load reports, consumer-seen loads, OCI/LCI, 503/429, UE moves). */
#include "amfol_glue.h"
#include "sbi/amfol_sbi_json.h"
#include "sbi_table.h"

#include <epan/to_str.h>
#include <string.h>

enum {
    F_TCP_STREAM = 0, F_STREAMID, F_TYPE, F_END_STREAM, F_HDR_NAME, F_HDR_VALUE, F_METHOD, F_PATH,
    F_STATUS, F_RETRY_AFTER, F_JSON, F_J_OBJECT, F_J_ARRAY, F_J_MEMBER, F_J_STRING,
    F_J_NUMBER, F_J_TRUE, F_J_FALSE, F_J_NULL, F_TLS,
    F_H1_METHOD, F_H1_URI, F_H1_STATUS, F_H1_REQUEST_IN, F_H1_REQ_LINE, F_H1_RSP_LINE,
    F_DATA_BYTES,
};

static const char *const sbi_fields[] = {
    "tcp.stream", "http2.streamid", "http2.type", "http2.flags.end_stream",
    "http2.header.name", "http2.header.value",
    "http2.headers.method", "http2.headers.path", "http2.headers.status",
    "http2.headers.retry_after",
    "json", "json.object", "json.array", "json.member", "json.value.string",
    "json.value.number", "json.value.true", "json.value.false", "json.value.null",
    /* Encrypted application data: present when Wireshark could not decrypt a record (no key
     * log), absent on handshake records it decrypted; with keys, HTTP/2 follows it. */
    "tls.app_data",
    /* SBI over HTTP/1.1 (e.g. OAI): one message per request/response, paired by request frame. */
    "http.request.method", "http.request.uri", "http.response.code", "http.request_in",
    "http.request.line", "http.response.line",
    /* The DATA bytes, read only when Wireshark could not type them (HPACK state lost). */
    "http2.data.data",
    NULL
};

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

/* What is kept per frame: the results of its relevant segments. */
typedef struct sbi_record {
    int n;
    amfol_sbi_result *r;
} sbi_record;

static int hf_sbi = -1;
static int hf_sbi_kind = -1;
static int hf_sbi_stream = -1;
static int hf_sbi_nf = -1;
static int hf_sbi_nf_id = -1;
static int hf_sbi_tie = -1;
static int hf_sbi_load = -1;
static int hf_sbi_nf_status = -1;
static int hf_sbi_since_last = -1;
static int hf_sbi_in_overload = -1;
static int hf_sbi_n2_start = -1;
static int hf_sbi_seen = -1;
static int hf_sbi_seen_load = -1;
static int hf_sbi_seen_own_load = -1;
static int hf_sbi_seen_own_frame = -1;
static int hf_sbi_seen_stale = -1;
static int hf_sbi_oci = -1;
static int hf_sbi_lci = -1;
static int hf_sbi_olc_timestamp = -1;
static int hf_sbi_olc_validity = -1;
static int hf_sbi_olc_reduction = -1;
static int hf_sbi_olc_load = -1;
static int hf_sbi_olc_scope = -1;
static int hf_sbi_olc_scope_value = -1;
static int hf_sbi_olc_error = -1;
static int hf_sbi_status = -1;
static int hf_sbi_cause = -1;
static int hf_sbi_retry_after = -1;
static int hf_sbi_request_in = -1;
static int hf_sbi_response_time = -1;
static int hf_sbi_move_source = -1;
static int hf_sbi_move_target = -1;
static int hf_sbi_move_ue = -1;
static int hf_sbi_move_target_load = -1;
static int hf_sbi_move_registration = -1;
static int hf_sbi_move_cuc = -1;
static int hf_sbi_headers_unreadable = -1;
static int hf_sbi_inferred = -1;
static int hf_sbi_inferred_by = -1;
static int hf_sbi_relay_of = -1;
static int hf_sbi_request_unknown = -1;
static int hf_sbi_body_not_json = -1;
static int ett_sbi = -1;
static int ett_sbi_seen = -1;
static int ett_sbi_olc = -1;
static expert_field ei_sbi_oci_malformed = EI_INIT;
static expert_field ei_sbi_hpack = EI_INIT;
static expert_field ei_sbi_overload = EI_INIT;

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
        case F_TCP_STREAM:
            tcp_stream = (uint32_t)amfol_fi_uint(f->fi);
            break;
        case F_TLS:
            tls = true;
            break;
        case F_TYPE:
            /* Type and flags come before the stream id in each HTTP/2 frame header. */
            pending_type = (int)amfol_fi_uint(f->fi);
            pending_end = false;
            break;
        case F_END_STREAM:
            pending_end = amfol_fi_uint(f->fi) != 0;
            break;
        case F_STREAMID:
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
        case F_HDR_NAME:
            pending_name = amfol_fi_string(f->fi);
            break;
        case F_HDR_VALUE:
            if (cur)
                on_header(cur, pending_name, amfol_fi_string(f->fi));
            pending_name = NULL;
            break;
        case F_METHOD:
            if (cur)
                g_strlcpy(cur->ev->method, amfol_fi_string(f->fi) ? amfol_fi_string(f->fi) : "",
                          sizeof cur->ev->method);
            break;
        case F_PATH:
            if (cur)
                g_strlcpy(cur->ev->path, amfol_fi_string(f->fi) ? amfol_fi_string(f->fi) : "",
                          sizeof cur->ev->path);
            break;
        case F_STATUS:
            if (cur)
                cur->ev->status = (int)amfol_fi_uint(f->fi);
            break;
        case F_RETRY_AFTER:
            if (cur && amfol_fi_string(f->fi))
                g_strlcpy(cur->ev->retry_after, amfol_fi_string(f->fi), sizeof cur->ev->retry_after);
            break;
        case F_JSON:
            /* The body belongs to the stream of the DATA frame just before it; one per stream. */
            if (cur && !cur->json_seen)
                cur->json_seen = true;
            else
                cur = NULL;
            break;
        case F_J_OBJECT: json_item(ctx, cur, AMFOL_J_OBJECT, f); break;
        case F_J_ARRAY: json_item(ctx, cur, AMFOL_J_ARRAY, f); break;
        case F_J_MEMBER: json_item(ctx, cur, AMFOL_J_MEMBER, f); break;
        case F_J_STRING: json_item(ctx, cur, AMFOL_J_STRING, f); break;
        case F_J_NUMBER: json_item(ctx, cur, AMFOL_J_NUMBER, f); break;
        case F_J_TRUE: json_item(ctx, cur, AMFOL_J_TRUE, f); break;
        case F_J_FALSE: json_item(ctx, cur, AMFOL_J_FALSE, f); break;
        case F_J_NULL: json_item(ctx, cur, AMFOL_J_NULL, f); break;
        case F_H1_METHOD:
            cur = h1_seg(ctx, segs, &n_segs, tcp_stream, ctx->pinfo->num);
            if (cur && amfol_fi_string(f->fi))
                g_strlcpy(cur->ev->method, amfol_fi_string(f->fi), sizeof cur->ev->method);
            break;
        case F_H1_URI:
            if (cur && amfol_fi_string(f->fi))
                g_strlcpy(cur->ev->path, amfol_fi_string(f->fi), sizeof cur->ev->path);
            break;
        case F_H1_STATUS:
            /* Until [Request in frame] says otherwise, an unpaired response. */
            cur = h1_seg(ctx, segs, &n_segs, tcp_stream, 0x80000000u | ctx->pinfo->num);
            if (cur)
                cur->ev->status = (int)amfol_fi_uint(f->fi);
            break;
        case F_H1_REQUEST_IN:
            if (cur && cur->ev->status != AMFOL_ABSENT)
                cur->stream_id = cur->ev->stream_id = (uint32_t)amfol_fi_uint(f->fi);
            break;
        case F_H1_REQ_LINE:
        case F_H1_RSP_LINE:
            on_h1_line(cur, amfol_fi_string(f->fi));
            break;
        case F_DATA_BYTES:
            if (cur && !cur->ev->raw_body)
                cur->ev->raw_body = amfol_fi_bytes(f->fi, &cur->ev->raw_len);
            break;
        default:
            break;              /* NAS fields: read per NGAP PDU above */
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
    if (n_res == 0)
        return NULL;
    /* Kept for the whole file: only the relevant results, exactly sized. */
    sbi_record *rec = wmem_new(wmem_file_scope(), sbi_record);
    rec->n = n_res;
    rec->r = wmem_memdup(wmem_file_scope(), res, (size_t)n_res * sizeof res[0]);
    return rec;
}

static void add_string(proto_tree *t, int hf, tvbuff_t *tvb, const char *v)
{
    if (v && v[0])
        proto_item_set_generated(proto_tree_add_string(t, hf, tvb, 0, 0, v));
}

static void add_uint(proto_tree *t, int hf, tvbuff_t *tvb, int v)
{
    if (v != AMFOL_ABSENT)
        proto_item_set_generated(proto_tree_add_uint(t, hf, tvb, 0, 0, (guint32)v));
}

static void add_double(proto_tree *t, int hf, tvbuff_t *tvb, double v)
{
    proto_item_set_generated(proto_tree_add_double(t, hf, tvb, 0, 0, v));
}

static void render_olc(amfol_frame_ctx *ctx, proto_tree *tree, const amfol_olc_header *h)
{
    tvbuff_t *tvb = ctx->tvb;
    proto_item *ti = proto_tree_add_uint(tree, h->is_oci ? hf_sbi_oci : hf_sbi_lci, tvb, 0, 0,
                                         (guint32)h->n_elements_total);
    proto_item_set_generated(ti);
    proto_tree *sub = proto_item_add_subtree(ti, ett_sbi_olc);
    for (int i = 0; i < h->n_elements; i++) {
        const amfol_olc_element *el = &h->el[i];
        add_string(sub, hf_sbi_olc_timestamp, tvb, el->timestamp_text);
        if (h->is_oci) {
            add_uint(sub, hf_sbi_olc_validity, tvb, el->validity_s);
            add_uint(sub, hf_sbi_olc_reduction, tvb, el->metric);
        } else {
            add_uint(sub, hf_sbi_olc_load, tvb, el->metric);
        }
        add_string(sub, hf_sbi_olc_scope, tvb, amfol_olc_scope_name(el->scope));
        add_string(sub, hf_sbi_olc_scope_value, tvb, el->scope_value);
    }
    if (h->malformed) {
        proto_item *ei = proto_tree_add_string(sub, hf_sbi_olc_error, tvb, 0, 0, h->error);
        proto_item_set_generated(ei);
        expert_add_info_format(ctx->pinfo, ei, &ei_sbi_oci_malformed,
                               "Malformed 3gpp-Sbi-%s header: %s", h->is_oci ? "Oci" : "Lci",
                               h->error);
    }
}

static void render_one(amfol_frame_ctx *ctx, proto_tree *tree, const amfol_sbi_result *r)
{
    tvbuff_t *tvb = ctx->tvb;
    proto_item *ti = proto_tree_add_string_format_value(tree, hf_sbi, tvb, 0, 0, r->kind,
        "%s%s%s%s", r->kind, r->is_response ? " response" : "", r->nf[0] ? ", NF " : "", r->nf);
    proto_item_set_generated(ti);
    proto_tree *t = proto_item_add_subtree(ti, ett_sbi);
    add_string(t, hf_sbi_kind, tvb, r->kind);
    add_uint(t, hf_sbi_stream, tvb, (int)r->stream_id);
    add_string(t, hf_sbi_nf, tvb, r->nf);
    add_string(t, hf_sbi_nf_id, tvb, r->nf_id);
    add_string(t, hf_sbi_tie, tvb, r->tie);
    add_uint(t, hf_sbi_load, tvb, r->reported_load);
    add_string(t, hf_sbi_nf_status, tvb, r->nf_status);
    if (r->reported_load != AMFOL_ABSENT && r->since_last_report_s >= 0)
        add_double(t, hf_sbi_since_last, tvb, r->since_last_report_s);
    if (r->in_n2_overload >= 0) {
        proto_item_set_generated(proto_tree_add_boolean(t, hf_sbi_in_overload, tvb, 0, 0,
                                                        (guint32)r->in_n2_overload));
        if (r->n2_start_frame)
            proto_item_set_generated(proto_tree_add_uint(t, hf_sbi_n2_start, tvb, 0, 0,
                                                         r->n2_start_frame));
    }
    for (int i = 0; i < r->n_seen; i++) {
        const amfol_sbi_seen *s = &r->seen[i];
        proto_item *si = proto_tree_add_string(t, hf_sbi_seen, tvb, 0, 0, s->nf);
        proto_item_set_generated(si);
        proto_tree *st = proto_item_add_subtree(si, ett_sbi_seen);
        add_uint(st, hf_sbi_seen_load, tvb, s->load);
        add_uint(st, hf_sbi_seen_own_load, tvb, s->own_load);
        if (s->own_frame)
            proto_item_set_generated(proto_tree_add_uint(st, hf_sbi_seen_own_frame, tvb, 0, 0,
                                                         s->own_frame));
        if (s->stale_s >= 0)
            add_double(st, hf_sbi_seen_stale, tvb, s->stale_s);
    }
    if (r->has_oci)
        render_olc(ctx, t, &r->oci);
    if (r->has_lci)
        render_olc(ctx, t, &r->lci);
    if (r->status == 503 || r->status == 429) {
        proto_item *pi = proto_tree_add_uint(t, hf_sbi_status, tvb, 0, 0, (guint32)r->status);
        proto_item_set_generated(pi);
        expert_add_info_format(ctx->pinfo, pi, &ei_sbi_overload, "SBI %d%s%s%s%s", r->status,
                               r->problem_cause[0] ? " " : "", r->problem_cause,
                               r->retry_after_s != AMFOL_ABSENT ? " with Retry-After" : "",
                               r->inferred ? " (inferred from a ProblemDetails body: headers unreadable)" : "");
    }
    add_string(t, hf_sbi_cause, tvb, r->problem_cause);
    add_uint(t, hf_sbi_retry_after, tvb, r->retry_after_s);
    if (r->is_response && r->request_frame) {
        proto_item_set_generated(proto_tree_add_uint(t, hf_sbi_request_in, tvb, 0, 0, r->request_frame));
        add_double(t, hf_sbi_response_time, tvb, r->response_time_s);
    }
    if (r->is_move) {
        add_string(t, hf_sbi_move_source, tvb, r->move_source);
        add_string(t, hf_sbi_move_target, tvb, r->move_target);
        add_string(t, hf_sbi_move_ue, tvb, r->ue);
        add_uint(t, hf_sbi_move_target_load, tvb, r->target_load);
        if (r->move_registration)
            proto_item_set_generated(proto_tree_add_uint(t, hf_sbi_move_registration, tvb, 0, 0,
                                                         r->move_registration));
        if (r->move_cuc)
            proto_item_set_generated(proto_tree_add_uint(t, hf_sbi_move_cuc, tvb, 0, 0, r->move_cuc));
    }
    if (r->headers_unreadable) {
        proto_item *hi = proto_tree_add_boolean(t, hf_sbi_headers_unreadable, tvb, 0, 0, TRUE);
        proto_item_set_generated(hi);
        expert_add_info(ctx->pinfo, hi, &ei_sbi_hpack);
    }
    if (r->inferred)
        proto_item_set_generated(proto_tree_add_boolean(t, hf_sbi_inferred, tvb, 0, 0, TRUE));
    add_string(t, hf_sbi_inferred_by, tvb, r->inferred_by);
    if (r->relay_of)
        proto_item_set_generated(proto_tree_add_uint(t, hf_sbi_relay_of, tvb, 0, 0, r->relay_of));
    if (r->request_unknown)
        proto_item_set_generated(proto_tree_add_boolean(t, hf_sbi_request_unknown, tvb, 0, 0, TRUE));
    if (r->body_not_json)
        proto_item_set_generated(proto_tree_add_boolean(t, hf_sbi_body_not_json, tvb, 0, 0, TRUE));
}

static void sbi_render(amfol_frame_ctx *ctx, proto_tree *tree, void *record)
{
    const sbi_record *rec = record;
    for (int i = 0; rec && i < rec->n; i++)
        render_one(ctx, tree, &rec->r[i]);
}

static void sbi_register_fields(int proto, expert_module_t *expert)
{
    static hf_register_info hf[] = {
        { &hf_sbi, { "SBI", "amfol.sbi", FT_STRING, BASE_NONE, NULL, 0x0,
            "What amfol makes of this SBI message", HFILL } },
        { &hf_sbi_kind, { "Operation", "amfol.sbi.kind", FT_STRING, BASE_NONE, NULL, 0x0,
            "NFRegister, NFUpdate, NFDeregister, NFStatusNotify, NFDiscover, UEContextTransfer or other", HFILL } },
        { &hf_sbi_stream, { "HTTP/2 stream", "amfol.sbi.stream", FT_UINT32, BASE_DEC, NULL, 0x0,
            NULL, HFILL } },
        { &hf_sbi_nf, { "NF", "amfol.sbi.nf", FT_STRING, BASE_NONE, NULL, 0x0,
            "The NF the message is about: the N2 AMF name when tied by GUAMI, else its NF instance id", HFILL } },
        { &hf_sbi_nf_id, { "NF instance id", "amfol.sbi.nf_instance_id", FT_STRING, BASE_NONE, NULL, 0x0,
            NULL, HFILL } },
        { &hf_sbi_tie, { "Tie to N2", "amfol.sbi.tie", FT_STRING, BASE_NONE, NULL, 0x0,
            "Whether (and why not) the NF is tied to an AMF seen on N2", HFILL } },
        { &hf_sbi_load, { "Reported load", "amfol.sbi.load", FT_UINT32, BASE_DEC|BASE_UNIT_STRING,
            &units_percent, 0x0, "Load the NF reports to the NRF in this message", HFILL } },
        { &hf_sbi_nf_status, { "NF status", "amfol.sbi.nf_status", FT_STRING, BASE_NONE, NULL, 0x0,
            NULL, HFILL } },
        { &hf_sbi_since_last, { "Time since last report", "amfol.sbi.since_last_report", FT_DOUBLE,
            BASE_NONE|BASE_UNIT_STRING, &units_seconds, 0x0, NULL, HFILL } },
        { &hf_sbi_in_overload, { "In N2 overload", "amfol.sbi.in_n2_overload", FT_BOOLEAN, BASE_NONE,
            NULL, 0x0, "The AMF had an OVERLOAD START in force on N2 when it reported", HFILL } },
        { &hf_sbi_n2_start, { "N2 episode START", "amfol.sbi.n2_start", FT_FRAMENUM, BASE_NONE,
            NULL, 0x0, NULL, HFILL } },
        { &hf_sbi_seen, { "Consumer sees", "amfol.sbi.seen", FT_STRING, BASE_NONE, NULL, 0x0,
            "An NF load told to a consumer (NFStatusNotify, NFDiscover result)", HFILL } },
        { &hf_sbi_seen_load, { "Load told", "amfol.sbi.seen.load", FT_UINT32, BASE_DEC|BASE_UNIT_STRING,
            &units_percent, 0x0, NULL, HFILL } },
        { &hf_sbi_seen_own_load, { "NF's own latest report", "amfol.sbi.seen.own_load", FT_UINT32,
            BASE_DEC|BASE_UNIT_STRING, &units_percent, 0x0, NULL, HFILL } },
        { &hf_sbi_seen_own_frame, { "Own report in", "amfol.sbi.seen.own_frame", FT_FRAMENUM, BASE_NONE,
            NULL, 0x0, NULL, HFILL } },
        { &hf_sbi_seen_stale, { "Outdated for", "amfol.sbi.seen.stale", FT_DOUBLE,
            BASE_NONE|BASE_UNIT_STRING, &units_seconds, 0x0,
            "How long the told load has been superseded by the NF's own reports (0 = current)", HFILL } },
        { &hf_sbi_oci, { "3gpp-Sbi-Oci elements", "amfol.sbi.oci", FT_UINT32, BASE_DEC, NULL, 0x0,
            NULL, HFILL } },
        { &hf_sbi_lci, { "3gpp-Sbi-Lci elements", "amfol.sbi.lci", FT_UINT32, BASE_DEC, NULL, 0x0,
            NULL, HFILL } },
        { &hf_sbi_olc_timestamp, { "Timestamp", "amfol.sbi.olc.timestamp", FT_STRING, BASE_NONE, NULL,
            0x0, NULL, HFILL } },
        { &hf_sbi_olc_validity, { "Period of validity", "amfol.sbi.olc.validity", FT_UINT32,
            BASE_DEC|BASE_UNIT_STRING, &units_seconds, 0x0, NULL, HFILL } },
        { &hf_sbi_olc_reduction, { "Overload reduction", "amfol.sbi.olc.reduction", FT_UINT32,
            BASE_DEC|BASE_UNIT_STRING, &units_percent, 0x0, NULL, HFILL } },
        { &hf_sbi_olc_load, { "Load metric", "amfol.sbi.olc.load", FT_UINT32,
            BASE_DEC|BASE_UNIT_STRING, &units_percent, 0x0, NULL, HFILL } },
        { &hf_sbi_olc_scope, { "Scope", "amfol.sbi.olc.scope", FT_STRING, BASE_NONE, NULL, 0x0,
            NULL, HFILL } },
        { &hf_sbi_olc_scope_value, { "Scope value", "amfol.sbi.olc.scope_value", FT_STRING, BASE_NONE,
            NULL, 0x0, NULL, HFILL } },
        { &hf_sbi_olc_error, { "Malformed", "amfol.sbi.olc.malformed", FT_STRING, BASE_NONE, NULL, 0x0,
            "Why the header breaks TS 29.500 syntax", HFILL } },
        { &hf_sbi_status, { "Overload status", "amfol.sbi.status", FT_UINT32, BASE_DEC, NULL, 0x0,
            "503 (NF_CONGESTION) or 429 (NF_CONGESTION_RISK)", HFILL } },
        { &hf_sbi_cause, { "Problem cause", "amfol.sbi.problem_cause", FT_STRING, BASE_NONE, NULL, 0x0,
            "ProblemDetails cause", HFILL } },
        { &hf_sbi_retry_after, { "Retry-After", "amfol.sbi.retry_after", FT_UINT32,
            BASE_DEC|BASE_UNIT_STRING, &units_seconds, 0x0, NULL, HFILL } },
        { &hf_sbi_request_in, { "Request in", "amfol.sbi.request_in", FT_FRAMENUM, BASE_NONE,
            FRAMENUM_TYPE(FT_FRAMENUM_REQUEST), 0x0, NULL, HFILL } },
        { &hf_sbi_response_time, { "Response time", "amfol.sbi.response_time", FT_DOUBLE,
            BASE_NONE|BASE_UNIT_STRING, &units_seconds, 0x0, NULL, HFILL } },
        { &hf_sbi_move_source, { "UE moved from", "amfol.sbi.move.source", FT_STRING, BASE_NONE, NULL,
            0x0, NULL, HFILL } },
        { &hf_sbi_move_target, { "UE moved to", "amfol.sbi.move.target", FT_STRING, BASE_NONE, NULL,
            0x0, NULL, HFILL } },
        { &hf_sbi_move_ue, { "UE context", "amfol.sbi.move.ue", FT_STRING, BASE_NONE, NULL, 0x0,
            NULL, HFILL } },
        { &hf_sbi_move_target_load, { "Target's last reported load", "amfol.sbi.move.target_load",
            FT_UINT32, BASE_DEC|BASE_UNIT_STRING, &units_percent, 0x0, NULL, HFILL } },
        { &hf_sbi_move_registration, { "Registration at target", "amfol.sbi.move.registration",
            FT_FRAMENUM, BASE_NONE, NULL, 0x0,
            "The UE's mobility REGISTRATION REQUEST at the target AMF (same 5G-GUTI)", HFILL } },
        { &hf_sbi_move_cuc, { "Told to re-register in", "amfol.sbi.move.cuc", FT_FRAMENUM, BASE_NONE,
            NULL, 0x0, "The source AMF's CONFIGURATION UPDATE COMMAND (registration requested) to "
            "this UE (same 5G-S-TMSI)", HFILL } },
        { &hf_sbi_headers_unreadable, { "Headers not decodable", "amfol.sbi.headers_unreadable",
            FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            "HPACK state missing (capture started mid-connection): some headers are unknown", HFILL } },
        { &hf_sbi_inferred, { "Inferred", "amfol.sbi.inferred", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            "A load report, NF profile or ProblemDetails (503/429 status read from its body) recognised "
            "in a body whose headers were unreadable; its NF comes from the stream, the connection's "
            "readable messages or an address the capture names (counted apart)", HFILL } },
        { &hf_sbi_inferred_by, { "Inferred NF from", "amfol.sbi.inferred_by", FT_STRING, BASE_NONE, NULL, 0x0,
            "stream: its own request :path; connection: the one NF the connection's readable requests "
            "named (ProblemDetails: the server of a connection with readable messages); address: the only "
            "NF profile with the client's address (ProblemDetails: the sender's known SBI address); "
            "profile: an NF profile body", HFILL } },
        { &hf_sbi_relay_of, { "Relayed copy of", "amfol.sbi.relay_of", FT_FRAMENUM, BASE_NONE, NULL, 0x0,
            "The same NF's same load report, already counted from this frame on another connection "
            "(NF -> SCP -> NRF): counted once", HFILL } },
        { &hf_sbi_request_unknown, { "Request not seen", "amfol.sbi.request_unknown", FT_BOOLEAN,
            BASE_NONE, NULL, 0x0, "A body whose request headers amfol could not read", HFILL } },
        { &hf_sbi_body_not_json, { "Body not JSON", "amfol.sbi.body_not_json", FT_BOOLEAN, BASE_NONE,
            NULL, 0x0, NULL, HFILL } },
    };
    static int *ett[] = { &ett_sbi, &ett_sbi_seen, &ett_sbi_olc };
    static ei_register_info ei[] = {
        { &ei_sbi_oci_malformed, { "amfol.sbi.oci_malformed", PI_MALFORMED, PI_WARN,
            "3gpp-Sbi-Oci / 3gpp-Sbi-Lci header breaks TS 29.500 syntax", EXPFILL } },
        { &ei_sbi_hpack, { "amfol.sbi.hpack_missing", PI_UNDECODED, PI_NOTE,
            "HTTP/2 headers not decodable (HPACK state missing: capture started mid-connection)",
            EXPFILL } },
        { &ei_sbi_overload, { "amfol.sbi.overload_status", PI_RESPONSE_CODE, PI_NOTE,
            "SBI overload response (503 / 429)", EXPFILL } },
    };
    proto_register_field_array(proto, hf, array_length(hf));
    proto_register_subtree_array(ett, array_length(ett));
    expert_register_field_array(expert, ei, array_length(ei));
    amfol_sbi_table_register();
}

const amfol_glue amfol_glue_sbi = {
    .name = "sbi",
    .field_names = sbi_fields,
    .register_fields = sbi_register_fields,
    .analyze = sbi_analyze,
    .render = sbi_render,
};
