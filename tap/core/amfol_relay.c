/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_relay.c: the relayed copy of an NGAP PDU (amfol_relay.h). The PDUs' keys of recent
 * frames are remembered with their frame (amfol_dedup: bounded, O(1) per PDU), the flow of
 * recent NGAP frames in a ring indexed by frame number; a relay, once found, is a pair of legs
 * compared with each frame's flow. */
#include "amfol_relay.h"
#include "amfol_dedup.h"

#include <stdio.h>
#include <string.h>

#define RECENT 4096u          /* NGAP frames whose flow is remembered (power of two) */
#define KEYS_CAP 262144u      /* PDU keys remembered within the window */

typedef struct recent_flow {
    amfol_frame frame;        /* 0: empty */
    amfol_relay_flow flow;
} recent_flow;

typedef struct relay_legs {
    amfol_relay_flow gnb_leg, amf_leg;   /* in the direction the first relayed PDU took */
    amfol_frame found;
    uint64_t dropped;
} relay_legs;

struct amfol_relay {
    amfol_dedup *keys;
    recent_flow *recent;
    relay_legs legs[AMFOL_RELAY_MAX];
    int n_legs;
    GString *text;
};

amfol_relay *amfol_relay_new(double window_s)
{
    amfol_relay *r = g_new0(amfol_relay, 1);
    if (window_s > 0) {
        r->keys = amfol_dedup_new(window_s, KEYS_CAP);
        r->recent = g_new0(recent_flow, RECENT);
    }
    return r;
}

void amfol_relay_free(amfol_relay *r)
{
    if (!r)
        return;
    amfol_dedup_free(r->keys);
    g_free(r->recent);
    if (r->text)
        g_string_free(r->text, TRUE);
    g_free(r);
}

static size_t ip_len(const amfol_relay_flow *f)
{
    return f->v6 ? 16 : 4;
}

static bool same_ip(const uint8_t *a, const uint8_t *b, const amfol_relay_flow *f)
{
    return memcmp(a, b, ip_len(f)) == 0;
}

/* The same association, either direction. */
static bool same_assoc(const amfol_relay_flow *a, const amfol_relay_flow *b)
{
    if (a->v6 != b->v6)
        return false;
    if (same_ip(a->src, b->src, a) && same_ip(a->dst, b->dst, a) && a->sport == b->sport && a->dport == b->dport)
        return true;
    return same_ip(a->src, b->dst, a) && same_ip(a->dst, b->src, a) && a->sport == b->dport && a->dport == b->sport;
}

/* b left the address a was sent to, towards another address than a came from, on another
 * association: the relay's second hop. */
static bool relayed(const amfol_relay_flow *a, const amfol_relay_flow *b)
{
    return a->v6 == b->v6 && same_ip(b->src, a->dst, a) && !same_ip(b->dst, a->src, a) &&
           !same_ip(b->dst, a->dst, a) && !same_assoc(a, b);
}

bool amfol_relay_check(amfol_relay *r, const amfol_relay_flow *f, const amfol_relay_pdu *pdus, int n,
                       amfol_frame frame, amfol_time t)
{
    if (!r || !r->keys || !f)
        return false;
    for (int i = 0; i < r->n_legs; i++)
        if (same_assoc(f, &r->legs[i].amf_leg)) {
            r->legs[i].dropped++;
            return true;
        }
    if (n <= 0)
        return false;
    recent_flow *mine = &r->recent[frame & (RECENT - 1)];
    mine->frame = frame;
    mine->flow = *f;
    for (int i = 0; i < n; i++) {
        amfol_frame first = 0;
        if (!amfol_dedup_repeat(r->keys, pdus[i].key, t, frame, &first) || first == frame || !pdus[i].sender)
            continue;
        const recent_flow *was = &r->recent[first & (RECENT - 1)];
        if (was->frame != first || !relayed(&was->flow, f) || r->n_legs >= AMFOL_RELAY_MAX)
            continue;
        /* Sent by the gNB: it went gNB -> relay first; by the AMF: AMF -> relay first. */
        relay_legs *l = &r->legs[r->n_legs++];
        l->gnb_leg = pdus[i].sender < 0 ? was->flow : *f;
        l->amf_leg = pdus[i].sender < 0 ? *f : was->flow;
        l->found = frame;
        l->dropped = 0;
        if (same_assoc(f, &l->amf_leg)) {
            l->dropped++;
            return true;
        }
        return false;
    }
    return false;
}

static void endpoint(GString *s, const uint8_t *ip, bool v6, uint16_t port)
{
    if (!v6) {
        g_string_append_printf(s, "%u.%u.%u.%u:%u", ip[0], ip[1], ip[2], ip[3], port);
        return;
    }
    g_string_append_c(s, '[');
    for (int i = 0; i < 16; i += 2)
        g_string_append_printf(s, "%s%x", i ? ":" : "", (unsigned)(ip[i] << 8 | ip[i + 1]));
    g_string_append_printf(s, "]:%u", port);
}

const char *amfol_relay_describe(amfol_relay *r)
{
    if (!r || !r->n_legs)
        return NULL;
    if (!r->text)
        r->text = g_string_new(NULL);
    g_string_truncate(r->text, 0);
    for (int i = 0; i < r->n_legs; i++) {
        const relay_legs *l = &r->legs[i];
        /* The gNB leg in its first direction: gNB -> relay (uplink first) or relay -> gNB. */
        const amfol_relay_flow *g = &l->gnb_leg, *a = &l->amf_leg;
        bool gnb_is_src = !same_ip(g->src, a->src, g) && !same_ip(g->src, a->dst, g);
        const uint8_t *relay = gnb_is_src ? g->dst : g->src;
        g_string_append(r->text, i ? "; " : "");
        endpoint(r->text, relay, g->v6, 0);
        g_string_truncate(r->text, r->text->len - 2);   /* no port for the relay itself */
        g_string_append(r->text, " between gNB ");
        endpoint(r->text, gnb_is_src ? g->src : g->dst, g->v6, gnb_is_src ? g->sport : g->dport);
        g_string_append(r->text, " and AMF ");
        bool amf_is_dst = same_ip(a->src, relay, a);
        endpoint(r->text, amf_is_dst ? a->dst : a->src, a->v6, amf_is_dst ? a->dport : a->sport);
        g_string_append_printf(r->text, " (from frame %u; %" G_GUINT64_FORMAT " frames of its AMF side not "
                               "counted again)", l->found, l->dropped);
    }
    return r->text->str;
}
