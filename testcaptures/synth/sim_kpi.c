/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sim_kpi.c: the KPI ground truth (sim_kpi.h). Times are those of the frames written. */
#include "sim_kpi.h"

#include <glib.h>
#include <stdlib.h>

enum { K_INITIAL, K_MOBILITY, K_PERIODIC, K_EMERGENCY, K_SERVICE, K_KINDS };
enum { PEND_NONE, PEND_REG_ACCEPT, PEND_SRV_ACCEPT };
enum { OUT_SUCCESS, OUT_UNKNOWN, OUT_OPEN };

typedef struct {
    int64_t first_us, accept_us, backoff_until_us;
    uint8_t active, turned, emergency, high, registration, pending, kind, amf;
} chain_state;

typedef struct {
    int64_t first_us, end_us, backoff_until_us;
    uint8_t outcome, turned, emergency, high, registration, amf;
} chain_rec;

struct sim_kpi {
    chain_state *st;
    GArray *chains;     /* chain_rec */
    uint64_t req[SC_MAX_AMFS][K_KINDS], succ[SC_MAX_AMFS][K_KINDS], rej[SC_MAX_AMFS][K_KINDS],
        unknown[SC_MAX_AMFS][K_KINDS];
};

void sim_kpi_init(sim *s)
{
    s->kpi = calloc(1, sizeof *s->kpi);
    if (!s->kpi)
        return;
    s->kpi->st = calloc((size_t)s->n_ues, sizeof *s->kpi->st);
    s->kpi->chains = g_array_new(FALSE, FALSE, sizeof(chain_rec));
}

void sim_kpi_free(sim *s)
{
    if (!s->kpi)
        return;
    free(s->kpi->st);
    g_array_free(s->kpi->chains, TRUE);
    free(s->kpi);
    s->kpi = NULL;
}

static chain_state *state_of(sim *s, int uei)
{
    return s->kpi && s->kpi->st && uei >= 0 && uei < s->n_ues ? &s->kpi->st[uei] : NULL;
}

static void end_chain(sim *s, chain_state *c, int outcome, int64_t end_us)
{
    chain_rec r = { .first_us = c->first_us, .end_us = end_us, .backoff_until_us = c->backoff_until_us,
                    .outcome = (uint8_t)outcome, .turned = c->turned, .emergency = c->emergency,
                    .high = c->high, .registration = c->registration, .amf = c->amf };
    g_array_append_val(s->kpi->chains, r);
    c->active = 0;
    c->pending = PEND_NONE;
}

void sim_kpi_request(sim *s, int uei)
{
    chain_state *c = state_of(s, uei);
    if (!c)
        return;
    const sim_ue *u = &s->ues[uei];
    int kind = u->req == REQ_REG_INITIAL    ? K_INITIAL
               : u->req == REQ_REG_MOBILITY ? K_MOBILITY
               : u->req == REQ_REG_PERIODIC ? K_PERIODIC
               : u->req == REQ_REG_EMERGENCY ? K_EMERGENCY
                                              : K_SERVICE;
    s->kpi->req[u->target_amf][kind]++;
    if (!c->active) {
        *c = (chain_state){ .first_us = s->tr.last_us, .active = 1, .amf = u->target_amf };
    }
    c->kind = (uint8_t)kind;
    c->pending = PEND_NONE;
    c->registration |= kind != K_SERVICE;
    c->emergency |= kind == K_EMERGENCY || u->cause == CAUSE_EMERGENCY ||
                    (kind == K_SERVICE && (u->service_type == 3 || u->service_type == 4));
    c->high |= u->cause == CAUSE_HIGH_PRIORITY || u->cause == CAUSE_MPS || u->cause == CAUSE_MCS ||
               (kind == K_SERVICE && u->service_type == 5);
}

void sim_kpi_reject(sim *s, int uei, int visible, int binding_s)
{
    chain_state *c = state_of(s, uei);
    if (!c || !c->active)
        return;
    int amf = s->ues[uei].target_amf;
    if (!visible) {   /* ciphered: amfol cannot read it; the chain's outcome is unknown */
        s->kpi->unknown[amf][c->kind]++;
        end_chain(s, c, OUT_UNKNOWN, 0);
        return;
    }
    s->kpi->rej[amf][c->kind]++;
    c->turned = 1;
    c->backoff_until_us = binding_s > 0 ? s->tr.last_us + (int64_t)binding_s * 1000000 : 0;
}

void sim_kpi_accept(sim *s, int uei)
{
    chain_state *c = state_of(s, uei);
    if (!c || !c->active)
        return;
    c->accept_us = s->tr.last_us;
    c->pending = c->kind == K_SERVICE ? PEND_SRV_ACCEPT : PEND_REG_ACCEPT;
}

void sim_kpi_complete(sim *s, int uei)
{
    chain_state *c = state_of(s, uei);
    if (!c || !c->active || c->pending != PEND_REG_ACCEPT)
        return;
    s->kpi->succ[s->ues[uei].target_amf][c->kind]++;
    c->backoff_until_us = 0;
    end_chain(s, c, OUT_SUCCESS, c->accept_us);
}

void sim_kpi_release(sim *s, int uei)
{
    chain_state *c = state_of(s, uei);
    if (!c || !c->active || c->pending != PEND_SRV_ACCEPT)
        return;
    s->kpi->unknown[s->ues[uei].target_amf][K_SERVICE]++;   /* a ciphered SERVICE ACCEPT */
    end_chain(s, c, OUT_UNKNOWN, 0);
}

static void put_time(GString *o, const sim *s, int64_t t_us)
{
    int64_t v = s->sc->epoch_us + t_us;
    g_string_append_printf(o, "%lld.%06lld", (long long)(v / 1000000), (long long)(v % 1000000));
}

char *sim_kpi_json(sim *s)
{
    if (!s->kpi)
        return NULL;
    static const char *const kinds[K_KINDS] = { "initial", "mobility", "periodic", "emergency", "service" };
    GString *o = g_string_new("{\"amfs\": {");
    for (int a = 0; a < s->sc->n_amfs; a++) {
        g_string_append_printf(o, "%s\"%s\": {", a ? ", " : "", s->sc->amfs[a].name);
        for (int k = 0; k < K_KINDS; k++)
            g_string_append_printf(o, "%s\"%s\": {\"requests\": %llu, \"successes\": %llu, \"rejects\": %llu, "
                                      "\"outcome_unknown\": %llu}",
                                   k ? ", " : "", kinds[k], (unsigned long long)s->kpi->req[a][k],
                                   (unsigned long long)s->kpi->succ[a][k], (unsigned long long)s->kpi->rej[a][k],
                                   (unsigned long long)s->kpi->unknown[a][k]);
        g_string_append(o, "}");
    }
    /* chains: [amf, first, end|null, outcome, turned, emergency, high, registration, backoff_until|null] */
    g_string_append(o, "},\n      \"chains\": [");
    for (int uei = 0; uei < s->n_ues; uei++) {
        chain_state *c = &s->kpi->st[uei];
        if (c->active)
            end_chain(s, c, OUT_OPEN, 0);
    }
    static const char *const outcomes[] = { "success", "unknown", "open" };
    for (guint i = 0; i < s->kpi->chains->len; i++) {
        const chain_rec *r = &g_array_index(s->kpi->chains, chain_rec, i);
        g_string_append_printf(o, "%s[\"%s\", ", i ? ",\n        " : "\n        ", s->sc->amfs[r->amf].name);
        put_time(o, s, r->first_us);
        g_string_append(o, ", ");
        if (r->outcome == OUT_SUCCESS)
            put_time(o, s, r->end_us);
        else
            g_string_append(o, "null");
        g_string_append_printf(o, ", \"%s\", %d, %d, %d, %d, ", outcomes[r->outcome], r->turned, r->emergency,
                               r->high, r->registration);
        if (r->backoff_until_us)
            put_time(o, s, r->backoff_until_us);
        else
            g_string_append(o, "null");
        g_string_append(o, "]");
    }
    g_string_append(o, "]}");
    return g_string_free(o, FALSE);
}
