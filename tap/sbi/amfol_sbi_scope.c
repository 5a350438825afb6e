/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_scope.c: overload scopes. TS 29.500 §6.4: an OCI asks to reduce
 * the requests *within its scope* (an NF instance, NF set, NF service instance or set, possibly
 * restricted to S-NSSAIs/DNNs; a consumer's callback URIs; an SCP or SEPP), whoever relays it.
 * Here every request keeps what places it in a scope (target, API, slice, priority, URI) and every
 * indication keeps its scope; sbi-overload-ignored counts only the requests a scope covers. */
#include "amfol_sbi_internal.h"
#include "amfol_sbi_text.h"
#include "../core/amfol_dedup.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

void sbi_host_of(const char *text, char *out, size_t cap)
{
    out[0] = '\0';
    if (!text || !cap)
        return;
    const char *p = strstr(text, "://");
    p = p ? p + 3 : text;
    const char *end;
    if (*p == '[') {                     /* [v6]:port */
        p++;
        end = strchr(p, ']');
    } else {
        end = p + strcspn(p, ":/?");
    }
    if (!end)
        return;
    size_t n = (size_t)(end - p);
    if (n >= cap)
        n = cap - 1;
    memcpy(out, p, n);
    out[n] = '\0';
}

static const char *intern_host(amfol_sbi *s, const char *text)
{
    char h[96];
    sbi_host_of(text, h, sizeof h);
    return h[0] ? sbi_intern(s, h) : NULL;
}

/* A URI without its scheme and query, without a trailing '/': "host:port/a/b". */
static void uri_core(const char *text, char *out, size_t cap)
{
    const char *p = strstr(text, "://");
    p = p ? p + 3 : text;
    size_t n = strcspn(p, "?#");
    while (n > 0 && p[n - 1] == '/')
        n--;
    if (n >= cap)
        n = cap - 1;
    memcpy(out, p, n);
    out[n] = '\0';
}

static uint64_t hash_text(const char *t, size_t n)
{
    return amfol_hash_bytes(AMFOL_HASH_INIT, (const uint8_t *)t, n);
}

/* Prefixes of authority+path ending before each '/' after the authority, and the whole: a
 * Callback-Uri "encompasses" the request when one of them equals it. */
static void uri_prefixes(sbi_request *r, const char *authority, const char *path)
{
    char u[400];
    snprintf(u, sizeof u, "%s%s", authority, path);
    char core[400];
    uri_core(u, core, sizeof core);
    size_t alen = strlen(authority);
    size_t n = strlen(core);
    for (size_t i = alen; i <= n && r->n_uri < SBI_URI_PREFIXES; i++)
        if (i == n || core[i] == '/')
            r->uri_hash[r->n_uri++] = hash_text(core, i);
}

void sbi_scope_log_request(amfol_sbi *s, sbi_xchg *x, const amfol_sbi_event *ev)
{
    if (s->requests->len >= SBI_MAX_REQUESTS) {
        s->dropped++;
        return;
    }
    char c[48], v[48];
    sbi_ip_of(x->client, c, sizeof c);
    sbi_ip_of(x->server, v, sizeof v);
    sbi_request r;
    memset(&r, 0, sizeof r);
    r.frame = x->req_frame;
    r.t = x->req_t;
    r.client_ip = sbi_intern(s, c);
    r.server_ip = sbi_intern(s, v);
    r.priority = ev->message_priority;
    r.target_host = ev->target_apiroot[0] ? intern_host(s, ev->target_apiroot) : NULL;
    r.authority_host = ev->authority[0] ? intern_host(s, ev->authority) : NULL;
    const char *p = x->path[0] == '/' ? x->path + 1 : NULL;
    if (p && *p) {
        char api[48];
        size_t n = strcspn(p, "/?");
        if (n > 0 && n < sizeof api) {
            memcpy(api, p, n);
            api[n] = '\0';
            r.api = sbi_intern(s, api);
        }
    }
    if (ev->authority[0] && x->path[0])
        uri_prefixes(&r, ev->authority, x->path);
    g_array_append_val(s->requests, r);
    x->request_ix = s->requests->len;
    sbi_scope_request_body(s, x, ev);
}

/* The body may come in a later DATA frame of the same stream. */
void sbi_scope_request_body(amfol_sbi *s, const sbi_xchg *x, const amfol_sbi_event *ev)
{
    if (!x || !x->request_ix || x->request_ix > s->requests->len)
        return;
    sbi_request *r = &g_array_index(s->requests, sbi_request, x->request_ix - 1);
    if (ev->has_snssai) {
        r->has_snssai = true;
        r->snssai = ev->snssai;
    }
    if (ev->dnn[0])
        r->dnn = sbi_intern(s, ev->dnn);
}

static sbi_indication *new_indication(amfol_sbi *s, int kind, const amfol_sbi_event *ev,
                                      bool from_server)
{
    if (s->indications->len >= SBI_MAX_INDICATIONS) {
        s->dropped++;
        return NULL;
    }
    char src_ip[48], dst_ip[48];
    sbi_ip_of(ev->where.src.text, src_ip, sizeof src_ip);
    sbi_ip_of(ev->where.dst.text, dst_ip, sizeof dst_ip);
    sbi_indication x;
    memset(&x, 0, sizeof x);
    x.kind = kind;
    x.frame = ev->where.frame;
    x.t = ev->where.time;
    x.sender_ip = sbi_intern(s, src_ip);
    x.peer_ip = sbi_intern(s, dst_ip);
    x.sender_is_server = from_server;
    x.metric = AMFOL_ABSENT;
    x.validity_s = AMFOL_ABSENT;
    x.valid_until = ev->where.time;
    g_array_append_val(s->indications, x);
    return &g_array_index(s->indications, sbi_indication, s->indications->len - 1);
}

void sbi_scope_add_oci(amfol_sbi *s, const amfol_sbi_event *ev, bool from_server, const char *value)
{
    amfol_olc_header h;
    amfol_olc_items items[AMFOL_OLC_MAX_ELEMENTS];
    amfol_olc_parse_oci_items(value, &h, items);
    if (h.malformed || h.n_elements == 0) {
        /* One per header: sbi-oci-malformed counts headers; peers ignore it, so no scope. */
        sbi_indication *x = new_indication(s, SBI_IND_OCI, ev, from_server);
        if (x)
            x->malformed = true;
        return;
    }
    for (int i = 0; i < h.n_elements; i++) {
        const amfol_olc_element *el = &h.el[i];
        const amfol_olc_items *it = &items[i];
        sbi_indication *x = new_indication(s, SBI_IND_OCI, ev, from_server);
        if (!x)
            return;
        x->metric = el->metric;
        x->validity_s = el->validity_s;
        /* TS 29.500 §6.4: an OCI applies from its Timestamp for Period-of-Validity. */
        x->valid_until = el->validity_s == AMFOL_ABSENT ? x->t : el->timestamp + el->validity_s;
        x->scope = el->scope;
        x->scope_value = sbi_intern(s, el->scope_value);
        x->nf_inst = it->nf_inst[0] ? sbi_intern(s, it->nf_inst) : NULL;
        x->n_snssai = el->has_snssai ? it->n_snssai : 0;
        x->n_dnn = el->has_dnn ? it->n_dnn : 0;
        for (int k = 0; k < x->n_snssai; k++)
            x->snssai[k] = sbi_intern(s, it->snssai[k]);
        for (int k = 0; k < x->n_dnn; k++)
            x->dnn[k] = sbi_intern(s, it->dnn[k]);
        if (el->scope == AMFOL_OLC_SCOPE_CALLBACK_URI)
            for (int k = 0; k < it->n_uri; k++) {
                char core[200];
                uri_core(it->uri[k], core, sizeof core);
                x->uri_hash[x->n_uri++] = hash_text(core, strlen(core));
            }
    }
}

void sbi_scope_add_status(amfol_sbi *s, const amfol_sbi_event *ev, const sbi_xchg *x, int kind,
                          int retry_after_s)
{
    sbi_indication *ind = new_indication(s, kind, ev, true);
    if (!ind)
        return;
    ind->validity_s = retry_after_s;
    ind->valid_until = retry_after_s == AMFOL_ABSENT ? ind->t : ind->t + retry_after_s;
    ind->request_ix = x ? x->request_ix : 0;
}

void sbi_scope_add_lci(amfol_sbi *s, const amfol_sbi_event *ev, bool from_server, bool malformed,
                       int metric)
{
    sbi_indication *x = new_indication(s, SBI_IND_LCI, ev, from_server);
    if (x) {
        x->malformed = malformed;
        x->metric = metric;
    }
}

/* ---- judging ------------------------------------------------------------------------------- */

/* Where the request goes: the NF 3gpp-Sbi-Target-apiRoot names (indirect communication, TS
 * 29.500 §6.10), else the :authority when the server is an SCP acting as an HTTP proxy, else the
 * server itself. */
static const char *request_target(amfol_sbi *s, const sbi_request *r)
{
    if (r->target_host)
        return r->target_host;
    if (r->authority_host && sbi_is_scp(s, r->server_ip))
        return r->authority_host;
    return r->server_ip;
}

static const sbi_nf ambiguous;     /* two profiles at one address */

void sbi_scope_begin(amfol_sbi *s)
{
    sbi_scope_end(s);
    s->scope_by_ip = g_hash_table_new(g_str_hash, g_str_equal);
    s->scope_by_id = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (guint i = 0; i < s->nfs->len; i++) {
        const sbi_nf *nf = g_ptr_array_index(s->nfs, i);
        if (nf->ipv4[0])
            g_hash_table_insert(s->scope_by_ip, (gpointer)nf->ipv4,
                                g_hash_table_contains(s->scope_by_ip, nf->ipv4) ? (gpointer)&ambiguous
                                                                                : (gpointer)nf);
        g_hash_table_insert(s->scope_by_id, g_ascii_strdown(nf->id, -1), (gpointer)nf);
    }
}

void sbi_scope_end(amfol_sbi *s)
{
    if (s->scope_by_ip)
        g_hash_table_destroy(s->scope_by_ip);
    if (s->scope_by_id)
        g_hash_table_destroy(s->scope_by_id);
    s->scope_by_ip = s->scope_by_id = NULL;
}

/* The one NF profile at an address (two profiles on one address: none). Indexed while the rule
 * runs (sbi_scope_begin), else a scan. */
static const sbi_nf *nf_at(amfol_sbi *s, const char *host)
{
    if (!host)
        return NULL;
    if (s->scope_by_ip) {
        const sbi_nf *nf = g_hash_table_lookup(s->scope_by_ip, host);
        return nf == &ambiguous ? NULL : nf;
    }
    const sbi_nf *found = NULL;
    for (guint i = 0; i < s->nfs->len; i++) {
        const sbi_nf *nf = g_ptr_array_index(s->nfs, i);
        if (nf->ipv4[0] && strcmp(nf->ipv4, host) == 0) {
            if (found)
                return NULL;
            found = nf;
        }
    }
    return found;
}

static const sbi_nf *nf_by_id(amfol_sbi *s, const char *id)
{
    if (id && s->scope_by_id) {
        char *low = g_ascii_strdown(id, -1);
        const sbi_nf *nf = g_hash_table_lookup(s->scope_by_id, low);
        g_free(low);
        return nf;
    }
    for (guint i = 0; id && i < s->nfs->len; i++) {
        const sbi_nf *nf = g_ptr_array_index(s->nfs, i);
        if (strcasecmp(nf->id, id) == 0)
            return nf;
    }
    return NULL;
}

/* An OCI sent straight by an NF (not by an SCP/SEPP) speaks for its sender: a producer about
 * itself in a response, a consumer about itself in a request; unless the profile of the NF
 * instance it names gives another address. */
static bool from_sender(amfol_sbi *s, const sbi_indication *x, const char *target)
{
    if (target != x->sender_ip || sbi_is_scp(s, x->sender_ip))
        return false;
    const char *named = x->nf_inst;
    if (!named && (x->scope == AMFOL_OLC_SCOPE_NF_INSTANCE || x->scope == AMFOL_OLC_SCOPE_NFC_INSTANCE))
        named = x->scope_value;
    const sbi_nf *nf = named ? nf_by_id(s, named) : NULL;
    return !nf || !nf->ipv4[0] || strcmp(nf->ipv4, x->sender_ip) == 0;
}

static const char *service_name(const sbi_nf *nf, const char *instance)
{
    for (int i = 0; nf && instance && i < nf->n_services; i++)
        if (strcmp(nf->services[i].instance_id, instance) == 0)
            return nf->services[i].name;
    return NULL;
}

/* NfServiceSetId (TS 29.571): "set<Set ID>.sn<Service Name>.nfi<NF Instance ID>.5gc.mnc..." */
static bool service_set_parts(const char *v, char *sn, size_t sn_cap, char *nfi, size_t nfi_cap)
{
    const char *a = v ? strstr(v, ".sn") : NULL;
    const char *b = a ? strstr(a + 3, ".nfi") : NULL;
    const char *c = b ? strchr(b + 4, '.') : NULL;
    if (!a || !b || !c || (size_t)(b - a - 3) >= sn_cap || (size_t)(c - b - 4) >= nfi_cap)
        return false;
    memcpy(sn, a + 3, (size_t)(b - a - 3));
    sn[b - a - 3] = '\0';
    memcpy(nfi, b + 4, (size_t)(c - b - 4));
    nfi[c - b - 4] = '\0';
    return sn[0] && nfi[0];
}

static bool slice_covers(const sbi_indication *x, const sbi_request *r)
{
    if (x->n_snssai == 0)
        return true;
    if (!r->has_snssai || !r->dnn)
        return false;                /* the request does not show its slice: never evidence */
    char mine[16];
    if (r->snssai.has_sd)
        snprintf(mine, sizeof mine, "%u-%06x", r->snssai.sst, r->snssai.sd);
    else
        snprintf(mine, sizeof mine, "%u", r->snssai.sst);
    bool sn = false, dn = false;
    for (int k = 0; k < x->n_snssai && !sn; k++)
        sn = strcasecmp(x->snssai[k], mine) == 0;
    for (int k = 0; k < x->n_dnn && !dn; k++)
        dn = strcasecmp(x->dnn[k], r->dnn) == 0;
    return sn && dn;
}

bool sbi_scope_covers(amfol_sbi *s, const sbi_indication *x, const sbi_request *r)
{
    if (r->client_ip != x->peer_ip)
        return false;                /* only the receiver of the indication is asked to reduce */
    const char *target = request_target(s, r);
    const sbi_nf *nf = nf_at(s, target);
    bool sender = from_sender(s, x, target);
    switch (x->scope) {
    case AMFOL_OLC_SCOPE_NONE: {     /* 503/429: the target of the request it answered */
        if (!x->request_ix || x->request_ix > s->requests->len)
            return r->server_ip == x->sender_ip;
        const sbi_request *q = &g_array_index(s->requests, sbi_request, x->request_ix - 1);
        return target == request_target(s, q);
    }
    case AMFOL_OLC_SCOPE_NF_INSTANCE:
    case AMFOL_OLC_SCOPE_NFC_INSTANCE:
        if (!sender && !(nf && strcasecmp(nf->id, x->scope_value) == 0))
            return false;
        break;
    case AMFOL_OLC_SCOPE_NF_SET:
    case AMFOL_OLC_SCOPE_NFC_SET:
        if (!sender && !(nf && strcasecmp(nf->nf_set_id, x->scope_value) == 0))
            return false;
        break;
    case AMFOL_OLC_SCOPE_NF_SERVICE_INSTANCE:
    case AMFOL_OLC_SCOPE_NFC_SERVICE_INSTANCE: {
        /* The NF: NF-Inst, else the profile holding that service instance, else the sender. */
        const sbi_nf *owner = x->nf_inst ? nf_by_id(s, x->nf_inst) : nf;
        if (x->nf_inst ? !(sender || (nf && owner == nf)) : !(sender || service_name(nf, x->scope_value)))
            return false;
        if (x->scope == AMFOL_OLC_SCOPE_NF_SERVICE_INSTANCE) {
            const char *name = service_name(owner ? owner : nf, x->scope_value);
            if (!name || !r->api || strcmp(name, r->api) != 0)
                return false;        /* its service unknown or another one: not evidence */
        }
        break;
    }
    case AMFOL_OLC_SCOPE_NF_SERVICE_SET:
    case AMFOL_OLC_SCOPE_NFC_SERVICE_SET: {
        char sn[40], nfi[40];
        if (!service_set_parts(x->scope_value, sn, sizeof sn, nfi, sizeof nfi))
            return false;
        if (!sender && !(nf && strcasecmp(nf->id, nfi) == 0))
            return false;
        if (x->scope == AMFOL_OLC_SCOPE_NF_SERVICE_SET && (!r->api || strcmp(sn, r->api) != 0))
            return false;
        break;
    }
    case AMFOL_OLC_SCOPE_CALLBACK_URI: {
        bool hit = false;
        for (int i = 0; i < r->n_uri && !hit; i++)
            for (int k = 0; k < x->n_uri && !hit; k++)
                hit = r->uri_hash[i] == x->uri_hash[k];
        if (!hit)
            return false;
        break;
    }
    case AMFOL_OLC_SCOPE_SCP_FQDN:
    case AMFOL_OLC_SCOPE_SEPP_FQDN:
        if (r->server_ip != x->sender_ip)
            return false;            /* the requests sent to that SCP / SEPP */
        break;
    default:
        return false;
    }
    return slice_covers(x, r);
}

char *sbi_scope_key(amfol_sbi *s, const sbi_indication *x)
{
    /* The copy an SCP receives is relayed to the consumer, which is the one asked to reduce. */
    if (sbi_is_scp(s, x->peer_ip))
        return NULL;
    GString *k = g_string_new(NULL);
    g_string_append_printf(k, "%s|%d|%s|%s", x->peer_ip, x->scope, x->scope_value ? x->scope_value : "",
                           x->nf_inst ? x->nf_inst : "");
    if (x->scope == AMFOL_OLC_SCOPE_NONE) {
        const sbi_request *q = x->request_ix && x->request_ix <= s->requests->len
            ? &g_array_index(s->requests, sbi_request, x->request_ix - 1) : NULL;
        g_string_append_printf(k, "|%s", q ? request_target(s, q) : x->sender_ip);
    }
    /* Scopes that speak for their sender differ by sender. */
    g_string_append_printf(k, "|%s", x->sender_ip);
    for (int i = 0; i < x->n_snssai; i++)
        g_string_append_printf(k, "|s%s", x->snssai[i]);
    for (int i = 0; i < x->n_dnn; i++)
        g_string_append_printf(k, "|d%s", x->dnn[i]);
    for (int i = 0; i < x->n_uri; i++)
        g_string_append_printf(k, "|u%016" G_GINT64_MODIFIER "x", x->uri_hash[i]);
    return g_string_free(k, FALSE);
}

const char *sbi_scope_entity(amfol_sbi *s, const sbi_indication *x)
{
    if (x->scope == AMFOL_OLC_SCOPE_NONE) {
        const sbi_request *q = x->request_ix && x->request_ix <= s->requests->len
            ? &g_array_index(s->requests, sbi_request, x->request_ix - 1) : NULL;
        return sbi_display_for_ip(s, q ? request_target(s, q) : x->sender_ip);
    }
    const sbi_nf *nf = NULL;
    char sn[40], nfi[40];
    if (x->scope == AMFOL_OLC_SCOPE_NF_INSTANCE || x->scope == AMFOL_OLC_SCOPE_NFC_INSTANCE)
        nf = nf_by_id(s, x->scope_value);
    else if (x->nf_inst)
        nf = nf_by_id(s, x->nf_inst);
    else if ((x->scope == AMFOL_OLC_SCOPE_NF_SERVICE_SET || x->scope == AMFOL_OLC_SCOPE_NFC_SERVICE_SET) &&
             service_set_parts(x->scope_value, sn, sizeof sn, nfi, sizeof nfi))
        nf = nf_by_id(s, nfi);
    if (nf)
        return sbi_intern(s, sbi_nf_name(nf));
    if (!sbi_is_scp(s, x->sender_ip))
        return sbi_display_for_ip(s, x->sender_ip);
    return x->scope_value ? x->scope_value : sbi_display_for_ip(s, x->sender_ip);
}

void sbi_scope_text(const sbi_indication *x, char *out, size_t cap)
{
    if (x->scope == AMFOL_OLC_SCOPE_NONE) {
        snprintf(out, cap, "%s", x->kind == SBI_IND_429 ? "429 target" : "503 target");
        return;
    }
    int n = snprintf(out, cap, "%s: %s", amfol_olc_scope_name(x->scope),
                     x->scope_value ? x->scope_value : "");
    for (int i = 0; i < x->n_snssai && n > 0 && (size_t)n < cap; i++)
        n += snprintf(out + n, cap - (size_t)n, "%s%s", i ? " & " : "; S-NSSAI: ", x->snssai[i]);
    for (int i = 0; i < x->n_dnn && n > 0 && (size_t)n < cap; i++)
        n += snprintf(out + n, cap - (size_t)n, "%s%s", i ? " & " : "; DNN: ", x->dnn[i]);
}
