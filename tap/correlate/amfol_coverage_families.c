/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_coverage_families.c: per rule family, whether this capture lets amfol judge it, partly
 * or not, and why ("What this capture can tell", docs/output.md). The reasons name the entities
 * and what to capture to settle the rest. */
#include "amfol_coverage_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void add(GArray *out, const char *name, int status, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void add(GArray *out, const char *name, int status, const char *fmt, ...)
{
    amfol_cov_family f = { name, status, "" };
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f.reason, sizeof f.reason, fmt, ap);
    va_end(ap);
    g_array_append_val(out, f);
}

/* "gnb-2, gnb-3 and 4 more" of the gNBs on N2 without (want false) / with a radio side. */
static unsigned gnb_list(const amfol_cov_view *v, bool with_radio, char *buf, size_t cap)
{
    unsigned n = 0, shown = 0;
    size_t len = 0;
    buf[0] = '\0';
    for (guint i = 0; i < v->gnbs->len; i++) {
        const amfol_cov_gnb *g = &g_array_index(v->gnbs, amfol_cov_gnb, i);
        if (!g->n2_pdus || (g->rrc > 0) != with_radio)
            continue;
        n++;
        if (shown < 3 && len < cap) {
            len += (size_t)snprintf(buf + len, cap - len, "%s%s", shown ? ", " : "", g->name);
            shown++;
        }
    }
    if (n > shown && len < cap)
        snprintf(buf + len, cap - len, " and %u more", n - shown);
    return n;
}

static void family_n2(amfol_engine *e, const amfol_cov_view *v, GArray *out)
{
    static const char name[] = "gNB overload handling on N2";
    unsigned episodes = 0, inside = 0;
    for (guint i = 0; i < v->amfs->len; i++) {
        const amfol_cov_amf *a = &g_array_index(v->amfs, amfol_cov_amf, i);
        episodes += a->episodes;
        inside += a->starts_in_episode;
    }
    if (!e->coverage->n2_pdus)
        add(out, name, AMFOL_COV_NOT_JUDGED, "no N2 (NGAP) in the capture: capture N2 between the AMF and its gNBs");
    else if (!episodes)
        add(out, name, AMFOL_COV_JUDGED, "N2 seen, no OVERLOAD START: nothing was asked of the gNBs");
    else if (inside)
        add(out, name, AMFOL_COV_PARTLY, "the capture starts inside an overload episode of %u AMF(s): "
            "its START and the rate before it are not seen; capture from before the START", inside);
    else
        add(out, name, AMFOL_COV_JUDGED, "N2 with the START and the minutes before it; "
            "gNBs outside the capture are not seen");
}

static void family_radio(amfol_engine *e, const amfol_cov_view *v, GArray *out)
{
    static const char name[] = "gNB overload handling on the radio side";
    char without[160], with[160];
    unsigned n_without = gnb_list(v, false, without, sizeof without);
    unsigned n_with = gnb_list(v, true, with, sizeof with);
    if (!e->coverage->rrc)
        add(out, name, AMFOL_COV_NOT_JUDGED, "no F1 with NR RRC in the capture%s%s%s",
            n_without ? ": capture F1 of " : "", without,
            n_without == 1 ? " to judge its shedding" : n_without ? " to judge their shedding" : "");
    else if (!e->coverage->n2_pdus)
        add(out, name, AMFOL_COV_PARTLY, "radio side without N2: the overload in force is unknown; "
            "capture N2 too");
    else if (n_without)
        add(out, name, AMFOL_COV_PARTLY, "radio side of %s only; capture F1 of %s to judge %s shedding",
            n_with ? with : "no gNB on N2", without, n_without == 1 ? "its" : "their");
    else
        add(out, name, AMFOL_COV_JUDGED, "radio side seen for every gNB on N2 (%s)", with);
}

static void family_nas(amfol_engine *e, const amfol_cov_view *v, GArray *out)
{
    (void)v;
    static const char name[] = "NAS congestion control and UE back-off";
    const amfol_coverage *c = e->coverage;
    if (!c->nas)
        add(out, name, AMFOL_COV_NOT_JUDGED, "no NAS in the capture");
    else if (!c->nas_readable)
        add(out, name, AMFOL_COV_NOT_JUDGED, "all %" G_GUINT64_FORMAT " NAS messages ciphered: "
            "decipher them (nas-5gs.null_decipher, or the keys) or capture with null ciphering", c->nas);
    else if (c->nas_readable < c->nas)
        add(out, name, AMFOL_COV_PARTLY, "%.0f %% of %" G_GUINT64_FORMAT " NAS messages readable: "
            "rejects and retries in ciphered NAS are not seen", 100.0 * (double)c->nas_readable / (double)c->nas,
            c->nas);
    else
        add(out, name, AMFOL_COV_JUDGED, "all %" G_GUINT64_FORMAT " NAS messages readable", c->nas);
}

static void family_sbi(amfol_engine *e, const amfol_cov_view *v, GArray *out)
{
    (void)v;
    static const char name[] = "NRF load and SBI overload control";
    const amfol_cov_sbi *s = &e->coverage->sbi;
    if (!s->messages && s->tls)
        add(out, name, AMFOL_COV_NOT_JUDGED, "SBI only in TLS: capture it in clear text or with the keys");
    else if (!s->messages)
        add(out, name, AMFOL_COV_NOT_JUDGED, "no SBI (HTTP/2) in the capture");
    else if (s->unreadable)
        add(out, name, AMFOL_COV_PARTLY, "%" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " HTTP/2 messages "
            "with unreadable headers (HPACK state lost: the capture began after the connection, or was cut); "
            "capture the connections from their start", s->unreadable, s->messages);
    else if (!s->nrf)
        add(out, name, AMFOL_COV_PARTLY, "SBI headers readable, but no NRF traffic: the NRF load "
            "reports are not seen; capture the AMF's traffic with the NRF");
    else
        add(out, name, AMFOL_COV_JUDGED, "SBI headers readable, NRF traffic seen");
}

static void family_set(amfol_engine *e, const amfol_cov_view *v, GArray *out)
{
    static const char name[] = "AMF Set re-balancing and cascades";
    unsigned n2_amfs = 0;
    for (guint i = 0; i < v->amfs->len; i++)
        n2_amfs += g_array_index(v->amfs, amfol_cov_amf, i).n2_pdus > 0;
    const amfol_cov_sbi *s = &e->coverage->sbi;
    if (n2_amfs < 2)
        add(out, name, AMFOL_COV_NOT_JUDGED, "%u AMF on N2: a cascade needs N2 of two AMFs of one set",
            n2_amfs);
    else if (!s->messages)
        add(out, name, AMFOL_COV_NOT_JUDGED, "no SBI: UE context moves (UEContextTransfer) and NRF "
            "loads are not seen; capture the AMFs' SBI");
    else if (s->unreadable)
        add(out, name, AMFOL_COV_PARTLY, "%u AMFs on N2; some HTTP/2 headers unreadable: moves in "
            "them are not seen", n2_amfs);
    else
        add(out, name, AMFOL_COV_JUDGED, "%u AMFs on N2 with readable SBI", n2_amfs);
}

static void family_control(amfol_engine *e, const amfol_cov_view *v, GArray *out)
{
    (void)v;
    static const char name[] = "Overload without (timely) control";
    const amfol_coverage *c = e->coverage;
    static const char unseen[] = "STARTs to gNBs outside the capture, REROUTE NAS REQUEST and "
                                 "RelativeAMFCapacity changes on other associations are not seen";
    if (!c->n2_pdus)
        add(out, name, AMFOL_COV_NOT_JUDGED, "no N2: the AMF's answer times are not seen");
    else if (c->nas_readable < c->nas)
        add(out, name, AMFOL_COV_PARTLY, "#22 in ciphered NAS is not seen; %s", unseen);
    else
        add(out, name, AMFOL_COV_PARTLY, "the AMF's answers seen; %s", unseen);
}

int amfol_coverage_family_of(amfol_rule_id rule)
{
    const amfol_rule *r = amfol_rule_get(rule);
    if (!r)
        return -1;
    if (rule == AMFOL_RULE_CASCADING_OVERLOAD || rule == AMFOL_RULE_REBALANCING_TO_LOADED_TARGET)
        return AMFOL_COV_FAMILY_SET;
    switch (r->domain) {
    case AMFOL_DOMAIN_N2: return AMFOL_COV_FAMILY_N2;
    case AMFOL_DOMAIN_RRC: return AMFOL_COV_FAMILY_RADIO;
    case AMFOL_DOMAIN_NAS: return AMFOL_COV_FAMILY_NAS;
    case AMFOL_DOMAIN_SBI: return AMFOL_COV_FAMILY_SBI;
    default: return AMFOL_COV_FAMILY_CONTROL;
    }
}

GArray *cov_families(amfol_engine *e, const amfol_cov_view *v)
{
    GArray *out = g_array_new(FALSE, FALSE, sizeof(amfol_cov_family));
    family_n2(e, v, out);
    family_radio(e, v, out);
    family_nas(e, v, out);
    family_sbi(e, v, out);
    family_set(e, v, out);
    family_control(e, v, out);
    return out;
}
