/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_json.c: bounded JSON tree from walk order, and the TS 29.510/29.500 body readers. */
#include "amfol_sbi_text.h"
#include "amfol_sbi_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STACK_CAP ((int)(sizeof ((amfol_jdoc *)0)->stack / sizeof(int)))

void amfol_jdoc_init(amfol_jdoc *d, amfol_jnode *storage, int cap)
{
    memset(d, 0, sizeof *d);
    d->nodes = storage;
    d->cap = cap;
}

int amfol_jdoc_add(amfol_jdoc *d, int kind, int depth, const char *text, double num)
{
    if (d->n >= d->cap) {
        d->truncated = true;
        return -1;
    }
    /* The parent is the nearest open ancestor that sits less deep. */
    while (d->depth_of_stack > 0 && d->nodes[d->stack[d->depth_of_stack - 1]].depth >= depth)
        d->depth_of_stack--;
    if (d->depth_of_stack >= STACK_CAP) {
        d->truncated = true;
        return -1;
    }
    int idx = d->n++;
    amfol_jnode *x = &d->nodes[idx];
    x->kind = kind;
    x->depth = depth;
    x->parent = d->depth_of_stack > 0 ? d->stack[d->depth_of_stack - 1] : -1;
    x->first_child = x->last_child = x->next = -1;
    x->text = text;
    x->num = num;
    if (x->parent >= 0) {
        amfol_jnode *p = &d->nodes[x->parent];
        if (p->last_child >= 0)
            d->nodes[p->last_child].next = idx;
        else
            p->first_child = idx;
        p->last_child = idx;
    }
    if (kind == AMFOL_J_OBJECT || kind == AMFOL_J_ARRAY || kind == AMFOL_J_MEMBER)
        d->stack[d->depth_of_stack++] = idx;
    return idx;
}

int amfol_jdoc_root(const amfol_jdoc *d)
{
    return d->n > 0 && d->nodes[0].parent < 0 ? 0 : -1;
}

int amfol_jdoc_member(const amfol_jdoc *d, int object, const char *key)
{
    if (object < 0 || object >= d->n || d->nodes[object].kind != AMFOL_J_OBJECT || !key)
        return -1;
    for (int c = d->nodes[object].first_child; c >= 0; c = d->nodes[c].next)
        if (d->nodes[c].kind == AMFOL_J_MEMBER && d->nodes[c].text &&
            strcmp(d->nodes[c].text, key) == 0)
            return d->nodes[c].first_child;
    return -1;
}

const char *amfol_jdoc_string(const amfol_jdoc *d, int node)
{
    if (node < 0 || node >= d->n || d->nodes[node].kind != AMFOL_J_STRING)
        return NULL;
    return d->nodes[node].text;
}

bool amfol_jdoc_number(const amfol_jdoc *d, int node, double *out)
{
    if (node < 0 || node >= d->n || d->nodes[node].kind != AMFOL_J_NUMBER)
        return false;
    *out = d->nodes[node].num;
    return true;
}

static void copy_str(char *dst, size_t cap, const char *src)
{
    amfol_sbi_copy_text(dst, cap, src);
}

void amfol_sbi_load_init(amfol_sbi_load *l, int source)
{
    memset(l, 0, sizeof *l);
    l->load = AMFOL_ABSENT;
    l->source = source;
    l->amf_set_id = AMFOL_ABSENT;
    l->amf_region_id = AMFOL_ABSENT;
    l->heartbeat_s = AMFOL_ABSENT;
}

static bool hex_value(const char *s, size_t want_len, unsigned long *out)
{
    if (!s || strlen(s) != want_len)
        return false;
    char *end = NULL;
    unsigned long v = strtoul(s, &end, 16);
    if (!end || *end)
        return false;
    for (size_t i = 0; i < want_len; i++) {
        char ch = s[i];
        if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F')))
            return false;
    }
    *out = v;
    return true;
}

static bool digits(const char *s, size_t lo, size_t hi)
{
    size_t n = s ? strlen(s) : 0;
    if (n < lo || n > hi)
        return false;
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return true;
}

bool amfol_sbi_guami_from_amf_id(const char *mcc, const char *mnc, const char *amf_id,
                                 amfol_guami *out)
{
    unsigned long v;
    if (!digits(mcc, 3, 3) || !digits(mnc, 2, 3) || !hex_value(amf_id, 6, &v))
        return false;
    memset(out, 0, sizeof *out);
    snprintf(out->plmn.digits, sizeof out->plmn.digits, "%s%s", mcc, mnc);
    out->region_id = (uint8_t)(v >> 16);
    out->set_id = (uint16_t)((v >> 6) & 0x3ff);
    out->pointer = (uint8_t)(v & 0x3f);
    return true;
}

/* Last path segment of ".../nf-instances/<id>". */
static void id_from_uri(const char *uri, char *out, size_t cap)
{
    out[0] = '\0';
    if (!uri)
        return;
    const char *p = strstr(uri, "/nf-instances/");
    if (!p)
        return;
    p += strlen("/nf-instances/");
    size_t n = strcspn(p, "/?#");
    if (n == 0 || n >= cap)
        return;
    memcpy(out, p, n);
    out[n] = '\0';
}

static int add_load(amfol_sbi_event *ev, const amfol_sbi_load *l)
{
    if (ev->n_loads >= AMFOL_SBI_MAX_LOADS)
        return 1;
    ev->loads[ev->n_loads++] = *l;
    return 0;
}

/* What an overload scope can name (TS 29.500 §5.2.3.3): the NF set and the service instances. */
static void read_scope_names(const amfol_jdoc *d, int obj, int services, amfol_sbi_load *l)
{
    int sets = amfol_jdoc_member(d, obj, "nfSetIdList");
    if (sets >= 0 && d->nodes[sets].kind == AMFOL_J_ARRAY)
        copy_str(l->nf_set_id, sizeof l->nf_set_id, amfol_jdoc_string(d, d->nodes[sets].first_child));
    if (services < 0 || d->nodes[services].kind != AMFOL_J_ARRAY)
        return;
    for (int k = d->nodes[services].first_child; k >= 0 && l->n_services < AMFOL_SBI_MAX_SERVICES;
         k = d->nodes[k].next) {
        const char *id = amfol_jdoc_string(d, amfol_jdoc_member(d, k, "serviceInstanceId"));
        const char *name = amfol_jdoc_string(d, amfol_jdoc_member(d, k, "serviceName"));
        if (!id || !name)
            continue;
        amfol_sbi_service *sv = &l->services[l->n_services++];
        copy_str(sv->instance_id, sizeof sv->instance_id, id);
        copy_str(sv->name, sizeof sv->name, name);
    }
}

/* A request's top-level sNssai {sst, sd} and dnn (SmContextCreateData, PduSessionCreateData,
 * ...): what an OCI's S-NSSAI/DNN scope is matched against. */
static void read_slice(const amfol_jdoc *d, int root, amfol_sbi_event *ev)
{
    int sn = amfol_jdoc_member(d, root, "sNssai");
    double sst;
    if (sn >= 0 && amfol_jdoc_number(d, amfol_jdoc_member(d, sn, "sst"), &sst) && sst >= 0 && sst <= 255) {
        ev->has_snssai = true;
        ev->snssai.sst = (uint8_t)sst;
        unsigned long sd;
        if (hex_value(amfol_jdoc_string(d, amfol_jdoc_member(d, sn, "sd")), 6, &sd)) {
            ev->snssai.has_sd = true;
            ev->snssai.sd = (uint32_t)sd;
        }
    }
    const char *dnn = amfol_jdoc_string(d, amfol_jdoc_member(d, root, "dnn"));
    if (dnn)
        copy_str(ev->dnn, sizeof ev->dnn, dnn);
}

/* One NFProfile object (NFRegister body, NFUpdate 200, nfProfile of a notification, an entry
 * of SearchResult.nfInstances). */
static int read_profile(const amfol_jdoc *d, int obj, amfol_sbi_event *ev)
{
    amfol_sbi_load l;
    amfol_sbi_load_init(&l, AMFOL_SBI_LOAD_PROFILE);
    copy_str(l.nf_instance_id, sizeof l.nf_instance_id,
             amfol_jdoc_string(d, amfol_jdoc_member(d, obj, "nfInstanceId")));
    if (!l.nf_instance_id[0])
        return 0;
    copy_str(l.nf_type, sizeof l.nf_type, amfol_jdoc_string(d, amfol_jdoc_member(d, obj, "nfType")));
    copy_str(l.nf_status, sizeof l.nf_status,
             amfol_jdoc_string(d, amfol_jdoc_member(d, obj, "nfStatus")));
    double v;
    if (amfol_jdoc_number(d, amfol_jdoc_member(d, obj, "load"), &v) && v >= 0 && v <= 100)
        l.load = (int)v;
    /* TS 29.510 NFService.load: without an NF-level load, the busiest service instance's. */
    int services = amfol_jdoc_member(d, obj, "nfServices");
    if (l.load == AMFOL_ABSENT && services >= 0 && d->nodes[services].kind == AMFOL_J_ARRAY)
        for (int k = d->nodes[services].first_child; k >= 0; k = d->nodes[k].next)
            if (amfol_jdoc_number(d, amfol_jdoc_member(d, k, "load"), &v) && v >= 0 && v <= 100 &&
                (int)v > l.load)
                l.load = (int)v;
    if (amfol_jdoc_number(d, amfol_jdoc_member(d, obj, "heartBeatTimer"), &v) && v > 0 && v <= 86400)
        l.heartbeat_s = (int)v;
    read_scope_names(d, obj, services, &l);
    int ips = amfol_jdoc_member(d, obj, "ipv4Addresses");
    if (ips >= 0 && d->nodes[ips].kind == AMFOL_J_ARRAY)
        copy_str(l.ipv4, sizeof l.ipv4, amfol_jdoc_string(d, d->nodes[ips].first_child));
    int info = amfol_jdoc_member(d, obj, "amfInfo");
    if (info >= 0) {
        unsigned long x;
        if (hex_value(amfol_jdoc_string(d, amfol_jdoc_member(d, info, "amfSetId")), 3, &x) &&
            x <= 0x3ff)
            l.amf_set_id = (int)x;
        if (hex_value(amfol_jdoc_string(d, amfol_jdoc_member(d, info, "amfRegionId")), 2, &x))
            l.amf_region_id = (int)x;
        int list = amfol_jdoc_member(d, info, "guamiList");
        if (list >= 0 && d->nodes[list].kind == AMFOL_J_ARRAY) {
            for (int g = d->nodes[list].first_child; g >= 0 && l.n_guamis < AMFOL_MAX_GUAMIS;
                 g = d->nodes[g].next) {
                int plmn = amfol_jdoc_member(d, g, "plmnId");
                amfol_guami gu;
                if (amfol_sbi_guami_from_amf_id(
                        amfol_jdoc_string(d, amfol_jdoc_member(d, plmn, "mcc")),
                        amfol_jdoc_string(d, amfol_jdoc_member(d, plmn, "mnc")),
                        amfol_jdoc_string(d, amfol_jdoc_member(d, g, "amfId")), &gu))
                    l.guamis[l.n_guamis++] = gu;
            }
        }
    }
    return add_load(ev, &l);
}

/* RFC 6902 body: an array whose items are objects with "op" and "path". */
static bool is_patch(const amfol_jdoc *d, int root)
{
    if (root < 0 || d->nodes[root].kind != AMFOL_J_ARRAY || d->nodes[root].first_child < 0)
        return false;
    for (int it = d->nodes[root].first_child; it >= 0; it = d->nodes[it].next)
        if (!amfol_jdoc_string(d, amfol_jdoc_member(d, it, "op")) ||
            !amfol_jdoc_string(d, amfol_jdoc_member(d, it, "path")))
            return false;
    return true;
}

/* Items "replace /load" and "replace /nfStatus" (op/path/value or, in profileChanges,
 * op/path/newValue with upper-case ops). One load entry per body. */
static int read_changes(const amfol_jdoc *d, int array, const char *value_key, int source,
                        const char *nf_id, amfol_sbi_event *ev)
{
    amfol_sbi_load l;
    amfol_sbi_load_init(&l, source);
    copy_str(l.nf_instance_id, sizeof l.nf_instance_id, nf_id);
    bool any = false;
    for (int it = d->nodes[array].first_child; it >= 0; it = d->nodes[it].next) {
        const char *op = amfol_jdoc_string(d, amfol_jdoc_member(d, it, "op"));
        const char *path = amfol_jdoc_string(d, amfol_jdoc_member(d, it, "path"));
        if (!op || !path || (strcmp(op, "replace") && strcmp(op, "REPLACE") &&
                             strcmp(op, "add") && strcmp(op, "ADD")))
            continue;
        int val = amfol_jdoc_member(d, it, value_key);
        double v;
        if (strcmp(path, "/load") == 0 && amfol_jdoc_number(d, val, &v) && v >= 0 && v <= 100) {
            l.load = (int)v;
            any = true;
        } else if (strcmp(path, "/nfStatus") == 0 && amfol_jdoc_string(d, val)) {
            copy_str(l.nf_status, sizeof l.nf_status, amfol_jdoc_string(d, val));
            any = true;
        }
    }
    return any ? add_load(ev, &l) : 0;
}

int amfol_sbi_json_read(const amfol_jdoc *d, amfol_sbi_event *ev)
{
    int root = amfol_jdoc_root(d);
    if (root < 0)
        return 0;
    int dropped = 0;
    if (is_patch(d, root)) {
        ev->is_json_patch = true;
        return read_changes(d, root, "value", AMFOL_SBI_LOAD_PATCH, "", ev);
    }
    if (d->nodes[root].kind != AMFOL_J_OBJECT)
        return 0;
    const char *cause = amfol_jdoc_string(d, amfol_jdoc_member(d, root, "cause"));
    if (cause)
        copy_str(ev->problem_cause, sizeof ev->problem_cause, cause);
    double st;
    if ((cause || amfol_jdoc_string(d, amfol_jdoc_member(d, root, "title")) ||
         amfol_jdoc_string(d, amfol_jdoc_member(d, root, "type"))) &&
        amfol_jdoc_number(d, amfol_jdoc_member(d, root, "status"), &st) && st >= 400 && st <= 599)
        ev->problem_status = (int)st;       /* ProblemDetails (TS 29.571 §5.2.4.1) */
    read_slice(d, root, ev);
    if (amfol_jdoc_member(d, root, "nfInstanceId") >= 0)
        return read_profile(d, root, ev);
    const char *event = amfol_jdoc_string(d, amfol_jdoc_member(d, root, "event"));
    const char *uri = amfol_jdoc_string(d, amfol_jdoc_member(d, root, "nfInstanceUri"));
    if (event && uri) {
        ev->is_notification = true;
        char id[40];
        id_from_uri(uri, id, sizeof id);
        int prof = amfol_jdoc_member(d, root, "nfProfile");
        if (prof >= 0)
            dropped += read_profile(d, prof, ev);
        int changes = amfol_jdoc_member(d, root, "profileChanges");
        if (changes >= 0 && d->nodes[changes].kind == AMFOL_J_ARRAY)
            dropped += read_changes(d, changes, "newValue", AMFOL_SBI_LOAD_CHANGE, id, ev);
        return dropped;
    }
    int list = amfol_jdoc_member(d, root, "nfInstances");
    if (list >= 0 && d->nodes[list].kind == AMFOL_J_ARRAY)
        for (int it = d->nodes[list].first_child; it >= 0; it = d->nodes[it].next)
            if (d->nodes[it].kind == AMFOL_J_OBJECT)
                dropped += read_profile(d, it, ev);
    return dropped;
}
