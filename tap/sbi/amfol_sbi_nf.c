/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_nf.c: the NF registry (NFProfile facts, own load series) and the AMFs seen on N2;
 * the tie between them is amfol_sbi_tie.c. */
#include "amfol_sbi_text.h"
#include "amfol_sbi_internal.h"

#include <stdio.h>
#include <string.h>

static void copy_str(char *dst, size_t cap, const char *src)
{
    amfol_sbi_copy_text(dst, cap, src);
}

sbi_nf *sbi_nf_get(amfol_sbi *s, const char *id, bool create)
{
    if (!id || !id[0])
        return NULL;
    for (guint i = 0; i < s->nfs->len; i++) {
        sbi_nf *nf = g_ptr_array_index(s->nfs, i);
        if (strcmp(nf->id, id) == 0)
            return nf;
    }
    if (!create)
        return NULL;
    if (s->nfs->len >= SBI_MAX_NFS) {
        s->dropped++;
        return NULL;
    }
    sbi_nf *nf = g_new0(sbi_nf, 1);
    copy_str(nf->id, sizeof nf->id, id);
    nf->set_id = nf->region_id = AMFOL_ABSENT;
    nf->heartbeat_s = AMFOL_ABSENT;
    nf->own = g_array_new(FALSE, FALSE, sizeof(sbi_point));
    nf->tie = SBI_TIE_NO_PROFILE;
    g_ptr_array_add(s->nfs, nf);
    return nf;
}

void sbi_nf_learn_profile(amfol_sbi *s, const amfol_sbi_load *l)
{
    sbi_nf *nf = sbi_nf_get(s, l->nf_instance_id, true);
    if (!nf)
        return;
    if (l->nf_type[0])
        copy_str(nf->type, sizeof nf->type, l->nf_type);
    if (l->nf_status[0])
        copy_str(nf->status, sizeof nf->status, l->nf_status);
    if (l->ipv4[0])
        copy_str(nf->ipv4, sizeof nf->ipv4, l->ipv4);
    if (nf->ipv4[0] && strcmp(nf->type, "SCP") == 0)
        sbi_note_scp(s, nf->ipv4);
    if (l->heartbeat_s != AMFOL_ABSENT)
        nf->heartbeat_s = l->heartbeat_s;   /* the NRF's answer comes last and wins */
    if (l->nf_set_id[0])
        copy_str(nf->nf_set_id, sizeof nf->nf_set_id, l->nf_set_id);
    if (l->n_services > 0) {
        nf->n_services = l->n_services;
        memcpy(nf->services, l->services, sizeof nf->services);
    }
    if (l->source == AMFOL_SBI_LOAD_PROFILE) {
        if (l->amf_set_id != AMFOL_ABSENT)
            nf->set_id = l->amf_set_id;
        if (l->amf_region_id != AMFOL_ABSENT)
            nf->region_id = l->amf_region_id;
        if (l->n_guamis > 0) {
            nf->n_guamis = l->n_guamis;
            memcpy(nf->guamis, l->guamis, sizeof nf->guamis);
        }
        if (nf->tie == SBI_TIE_NO_PROFILE || nf->tie == SBI_TIE_NO_AMF_INFO ||
            nf->tie == SBI_TIE_NOT_AMF)
            nf->tie = nf->type[0] && strcmp(nf->type, "AMF") != 0 ? SBI_TIE_NOT_AMF
                                                                    : SBI_TIE_NO_AMF_INFO;
    }
    s->tie_dirty = true;
    sbi_retie(s);
}

void sbi_nf_add_point(amfol_sbi *s, sbi_nf *nf, const sbi_point *p)
{
    if (s->points >= SBI_MAX_POINTS) {
        s->dropped++;
        return;
    }
    g_array_append_val(nf->own, *p);
    s->points++;
}

void sbi_nf_learn_client(amfol_sbi *s, sbi_nf *nf, const char *client_endpoint)
{
    char ip[48];
    sbi_ip_of(client_endpoint, ip, sizeof ip);
    if (!ip[0] || sbi_is_scp(s, ip) || strcmp(nf->client_ip, ip) == 0)
        return;
    copy_str(nf->client_ip, sizeof nf->client_ip, ip);
    s->tie_dirty = true;
}

const sbi_point *sbi_nf_relayed(const sbi_nf *nf, amfol_time t, int load, uint32_t tcp_stream)
{
    for (guint i = nf ? nf->own->len : 0; i-- > 0;) {
        const sbi_point *p = &g_array_index(nf->own, sbi_point, i);
        if (t - p->t > SBI_RELAY_WINDOW_S)
            return NULL;
        if (!p->is_register && p->load == load && p->tcp_stream != tcp_stream && p->t <= t)
            return p;
    }
    return NULL;
}

/* TS 29.510: a PUT on /nf-instances/{id} answered 200 replaced an existing profile: an
 * update, not a registration (201). */
void sbi_nf_put_was_update(amfol_sbi *s, const char *nf_id, amfol_frame request_frame)
{
    sbi_nf *nf = sbi_nf_get(s, nf_id, false);
    for (guint i = 0; nf && i < nf->own->len; i++) {
        sbi_point *p = &g_array_index(nf->own, sbi_point, i);
        if (p->frame == request_frame && p->is_register) {
            p->is_register = false;
            if (p->load != AMFOL_ABSENT) {
                nf->nfupdate_load_reports++;
                s->nfupdate_load_reports++;
            }
        }
    }
}

const sbi_point *sbi_nf_last_load(const sbi_nf *nf, amfol_time t)
{
    /* From the end: reports arrive in time order, so this is usually the last point. */
    for (guint i = nf ? nf->own->len : 0; i-- > 0;) {
        const sbi_point *p = &g_array_index(nf->own, sbi_point, i);
        if (p->t <= t && p->load != AMFOL_ABSENT)
            return p;
    }
    return NULL;
}

sbi_n2_amf *sbi_n2_amf_get(amfol_sbi *s, const char *name, const char *ep, amfol_frame f)
{
    if (!name || !name[0])
        return NULL;
    for (int i = 0; i < s->n_n2_amfs; i++)
        if (strcmp(s->n2_amfs[i].name, name) == 0)
            return &s->n2_amfs[i];
    for (int i = 0; ep && ep[0] && i < s->n_n2_amfs; i++)
        if (strcmp(s->n2_amfs[i].ep, ep) == 0) {
            s->n2_amfs[i].name = sbi_intern(s, name);
            s->tie_dirty = true;
            return &s->n2_amfs[i];
        }
    if (s->n_n2_amfs >= SBI_MAX_N2_AMFS) {
        s->dropped++;
        return NULL;
    }
    sbi_n2_amf *a = &s->n2_amfs[s->n_n2_amfs++];
    memset(a, 0, sizeof *a);
    a->name = sbi_intern(s, name);
    a->setup_frame = f;
    if (ep && ep[0]) {
        copy_str(a->ep, sizeof a->ep, ep);
        sbi_ip_of(ep, a->ip, sizeof a->ip);
    }
    s->tie_dirty = true;
    return a;
}

void sbi_n2_learn_amf(amfol_sbi *s, const char *name, const char *ep, const amfol_guami *g, int n,
                      amfol_frame f)
{
    sbi_n2_amf *a = sbi_n2_amf_get(s, name, ep, f);
    if (!a)
        return;
    char ip[48] = "";
    if (ep)
        sbi_ip_of(ep, ip, sizeof ip);
    if (ip[0] && strcmp(a->ip, ip) != 0) {
        copy_str(a->ip, sizeof a->ip, ip);
        copy_str(a->ep, sizeof a->ep, ep);
        s->tie_dirty = true;
    }
    if (n > 0) {
        if (n > AMFOL_MAX_GUAMIS)
            n = AMFOL_MAX_GUAMIS;
        a->n_guamis = n;
        memcpy(a->guamis, g, (size_t)n * sizeof *g);
        a->setup_frame = f;
        s->tie_dirty = true;
    }
}

const char *sbi_nf_name(const sbi_nf *nf)
{
    return nf->n2_name ? nf->n2_name : nf->id;
}

const sbi_n2_amf *sbi_n2_amf_by_name(const amfol_sbi *s, const char *name)
{
    for (int i = 0; name && i < s->n_n2_amfs; i++)
        if (strcmp(s->n2_amfs[i].name, name) == 0)
            return &s->n2_amfs[i];
    return NULL;
}

const char *sbi_name_for_ip(amfol_sbi *s, const char *ip)
{
    if (!ip || !ip[0])
        return NULL;
    for (int i = 0; i < s->n_n2_amfs; i++)
        if (strcmp(s->n2_amfs[i].ip, ip) == 0)
            return s->n2_amfs[i].name;
    for (guint i = 0; i < s->nfs->len; i++) {
        sbi_nf *nf = g_ptr_array_index(s->nfs, i);
        if (strcmp(nf->ipv4, ip) == 0 && strcmp(nf->type, "AMF") == 0)
            return sbi_nf_name(nf);
    }
    return NULL;
}

sbi_nf *sbi_nf_for_amf(amfol_sbi *s, const char *amf_name)
{
    for (guint i = 0; amf_name && i < s->nfs->len; i++) {
        sbi_nf *nf = g_ptr_array_index(s->nfs, i);
        if (nf->n2_name && strcmp(nf->n2_name, amf_name) == 0)
            return nf;
    }
    return NULL;
}

const char *sbi_tie_text(int tie)
{
    switch (tie) {
    case SBI_TIE_GUAMI: return "tied to the N2 AMF by GUAMI";
    case SBI_TIE_SET_POINTER: return "tied to the N2 AMF by AMF Set ID and pointer of UE identities on its associations";
    case SBI_TIE_ADDRESS: return "tied to the N2 AMF by the same address on N2 and SBI";
    case SBI_TIE_USER_MAP: return "tied to the N2 AMF by amfol.amf_map";
    case SBI_TIE_CONTRADICTION: return "not tied: the capture's sources contradict each other";
    case SBI_TIE_NO_N2_MATCH: return "not tied: no N2 AMF shows its GUAMIs, AMF Set/pointer or address";
    case SBI_TIE_NOT_AMF: return "not an AMF (NFProfile nfType)";
    case SBI_TIE_NO_AMF_INFO:
        return "not tied: its NFProfile has no amfInfo GUAMI in TS 29.571 form (amfId: 6 hex digits)";
    default: return "not tied: no NFProfile (NFRegister/notify/discovery) seen for it";
    }
}

void sbi_note_server(amfol_sbi *s, const char *server_ip, const char *path)
{
    if (!server_ip || !server_ip[0] || !path || path[0] != '/' || path[1] != 'n')
        return;
    char type[16];
    size_t n = strcspn(path + 2, "-/?");
    if (n == 0 || n >= sizeof type || path[2 + n] != '-')
        return;
    memcpy(type, path + 2, n);
    type[n] = '\0';
    const char *ip = sbi_intern(s, server_ip);
    for (guint i = 0; i < s->server_types->len; i++)
        if (g_array_index(s->server_types, sbi_server_type, i).ip == ip)
            return;
    if (s->server_types->len >= SBI_MAX_SERVERS) {
        s->dropped++;
        return;
    }
    sbi_server_type x = { ip, sbi_intern(s, type) };
    g_array_append_val(s->server_types, x);
}

#define SBI_MAX_SCPS 64

void sbi_note_scp(amfol_sbi *s, const char *ip)
{
    if (!ip || !ip[0] || sbi_is_scp(s, ip) || s->scps->len >= SBI_MAX_SCPS)
        return;
    g_ptr_array_add(s->scps, (gpointer)sbi_intern(s, ip));
}

bool sbi_is_scp(amfol_sbi *s, const char *ip)
{
    const char *in = ip && ip[0] ? sbi_intern(s, ip) : NULL;
    for (guint i = 0; in && i < s->scps->len; i++)
        if (g_ptr_array_index(s->scps, i) == in)
            return true;
    return false;
}

const char *sbi_display_for_ip(amfol_sbi *s, const char *ip)
{
    const char *name = sbi_name_for_ip(s, ip);
    if (name)
        return name;
    const char *in = sbi_intern(s, ip);
    if (sbi_is_scp(s, ip)) {
        if (s->scps->len == 1)
            return "scp";
        char buf[64];
        snprintf(buf, sizeof buf, "scp@%s", ip);
        return sbi_intern(s, buf);
    }
    const char *type = NULL;
    for (guint i = 0; i < s->server_types->len; i++)
        if (g_array_index(s->server_types, sbi_server_type, i).ip == in)
            type = g_array_index(s->server_types, sbi_server_type, i).type;
    if (!type)
        return in;
    int same = 0;                  /* an SCP serving that API root is not another such NF */
    for (guint i = 0; i < s->server_types->len; i++) {
        const sbi_server_type *st = &g_array_index(s->server_types, sbi_server_type, i);
        same += st->type == type && !sbi_is_scp(s, st->ip);
    }
    if (same == 1)
        return type;
    char buf[96];
    snprintf(buf, sizeof buf, "%s@%s", type, ip);
    return sbi_intern(s, buf);
}
