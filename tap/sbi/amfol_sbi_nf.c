/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_nf.c: the NF registry (NFProfile facts, own load series) and its tie to the AMFs
 * seen on N2 (by GUAMI from NG SETUP RESPONSE). */
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
    if (l->heartbeat_s != AMFOL_ABSENT)
        nf->heartbeat_s = l->heartbeat_s;   /* the NRF's answer comes last and wins */
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
    sbi_retie(s);
}

void sbi_nf_add_point(amfol_sbi *s, sbi_nf *nf, amfol_frame f, amfol_time t, int load, bool reg)
{
    if (s->points >= SBI_MAX_POINTS) {
        s->dropped++;
        return;
    }
    sbi_point p = { f, t, load, reg };
    g_array_append_val(nf->own, p);
    s->points++;
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

static bool guami_equal(const amfol_guami *a, const amfol_guami *b)
{
    return strcmp(a->plmn.digits, b->plmn.digits) == 0 && a->region_id == b->region_id &&
           a->set_id == b->set_id && a->pointer == b->pointer;
}

void sbi_n2_learn_amf(amfol_sbi *s, const char *name, const char *ip, const amfol_guami *g, int n,
                      amfol_frame f)
{
    if (!name || !name[0])
        return;
    sbi_n2_amf *a = NULL;
    for (int i = 0; i < s->n_n2_amfs; i++)
        if (strcmp(s->n2_amfs[i].name, name) == 0)
            a = &s->n2_amfs[i];
    if (!a) {
        if (s->n_n2_amfs >= SBI_MAX_N2_AMFS) {
            s->dropped++;
            return;
        }
        a = &s->n2_amfs[s->n_n2_amfs++];
        memset(a, 0, sizeof *a);
        a->name = sbi_intern(s, name);
        a->setup_frame = f;
    }
    if (ip && ip[0])
        copy_str(a->ip, sizeof a->ip, ip);
    if (n > 0) {
        if (n > AMFOL_MAX_GUAMIS)
            n = AMFOL_MAX_GUAMIS;
        a->n_guamis = n;
        memcpy(a->guamis, g, (size_t)n * sizeof *g);
    }
    sbi_retie(s);
}

void sbi_retie(amfol_sbi *s)
{
    for (guint i = 0; i < s->nfs->len; i++) {
        sbi_nf *nf = g_ptr_array_index(s->nfs, i);
        if (nf->n_guamis == 0)
            continue;
        nf->tie = SBI_TIE_NO_N2_MATCH;
        nf->n2_name = NULL;
        for (int a = 0; a < s->n_n2_amfs && !nf->n2_name; a++)
            for (int x = 0; x < nf->n_guamis && !nf->n2_name; x++)
                for (int y = 0; y < s->n2_amfs[a].n_guamis; y++)
                    if (guami_equal(&nf->guamis[x], &s->n2_amfs[a].guamis[y])) {
                        nf->n2_name = s->n2_amfs[a].name;
                        nf->tie = SBI_TIE_GUAMI;
                        break;
                    }
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
    case SBI_TIE_NO_N2_MATCH: return "not tied: no NG SETUP RESPONSE in the capture serves its GUAMIs";
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

const char *sbi_display_for_ip(amfol_sbi *s, const char *ip)
{
    const char *name = sbi_name_for_ip(s, ip);
    if (name)
        return name;
    const char *in = sbi_intern(s, ip);
    const char *type = NULL;
    for (guint i = 0; i < s->server_types->len; i++)
        if (g_array_index(s->server_types, sbi_server_type, i).ip == in)
            type = g_array_index(s->server_types, sbi_server_type, i).type;
    if (!type)
        return in;
    int same = 0;
    for (guint i = 0; i < s->server_types->len; i++)
        same += g_array_index(s->server_types, sbi_server_type, i).type == type;
    if (same == 1)
        return type;
    char buf[96];
    snprintf(buf, sizeof buf, "%s@%s", type, ip);
    return sbi_intern(s, buf);
}
