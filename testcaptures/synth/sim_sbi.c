/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SBI over h2c (TCP 8080): NFRegister, periodic NFUpdate load reports, 503/OCI/LCI answers from
 * the NRF, and Namf_Communication UEContextTransfer between AMFs of a set. */
#include "sim_sbi.h"

#include <stdlib.h>
#include <string.h>

#include "sim_events.h"
#include "sim_faults.h"
#include "sim_net.h"

#define MS 1000
#define SEC 1000000
#define SBI_PORT 8080

int sim_sbi_sink(void *ctx, const uint8_t *frame, size_t len)
{
    sim_sbi_sink_ctx *c = ctx;
    uint32_t f = sim_net_write(c->s, frame, len);
    if (!f)
        return 1;
    if (!c->first)
        c->first = f;
    c->s->now_us += 40; /* each segment a little after the previous one */
    return 0;
}

void sim_sbi_endpoint(wire_endpoint *e, const uint8_t ip[4], uint16_t port)
{
    e->mac[0] = 0x02;
    e->mac[1] = 0x00;
    for (int i = 0; i < 4; i++) {
        e->ip[i] = ip[i];
        e->mac[2 + i] = ip[i];
    }
    e->port = port;
}

static void instance_id(int amf, char out[SBI_UUID_LEN + 1])
{
    snprintf(out, SBI_UUID_LEN + 1, "6f1c%04x-0000-4000-8000-%012x", amf + 1, amf + 1);
}

static void profile_of(const sim *s, int amf, int load, sbi_amf_profile *p)
{
    const sc_amf *a = &s->sc->amfs[amf];
    memset(p, 0, sizeof *p);
    instance_id(amf, p->nf_instance_id);
    p->nf_status = "REGISTERED";
    memcpy(p->ipv4, a->ip, 4);
    snprintf(p->mcc, sizeof p->mcc, "%.3s", a->plmn_str);
    snprintf(p->mnc, sizeof p->mnc, "%s", a->plmn_str + 3);
    p->priority = 1;
    p->capacity = a->capacity;
    p->load = load;
    p->load_time_us = (uint64_t)(s->sc->epoch_us + s->now_us);
    p->amf_region_id = (uint8_t)a->region_id;
    p->amf_set_id = (uint16_t)a->set_id;
    p->amf_pointer = (uint8_t)a->pointer;
    p->n_snssai = (uint8_t)(s->sc->n_slices > 4 ? 4 : s->sc->n_slices);
    for (int i = 0; i < p->n_snssai; i++) {
        p->snssai[i].sst = s->sc->slices[i].sst;
        p->snssai[i].sd = s->sc->slices[i].has_sd ? s->sc->slices[i].sd : 0xFFFFFFFFu;
    }
    p->olc_h_support = s->sc->nrf_oci != 0;
    p->lc_h_support = s->sc->nrf_oci != 0;
    p->heart_beat_s = (uint16_t)s->sc->nrf_heartbeat_s;
}

static void nrf_authority(const sim *s, char *buf, size_t len)
{
    const uint8_t *ip = s->sc->nrf_ip;
    snprintf(buf, len, "%u.%u.%u.%u:%d", ip[0], ip[1], ip[2], ip[3], SBI_PORT);
}

static void fail(sim *s, const char *what)
{
    if (!s->failed) {
        s->failed = 1;
        snprintf(s->err, sizeof s->err, "SBI: %s failed at t=%lld us", what,
                 (long long)s->now_us);
    }
}

void sim_sbi_setup(sim *s, int64_t *t)
{
    const scenario *sc = s->sc;
    if (sc->nrf_enabled)
        for (int a = 0; a < sc->n_amfs; a++) {
            s->nrf_sess[a] = calloc(1, sizeof(h2c_session));
            sim_schedule(s, *t, EV_SBI_OPEN, a, 0, 0);
            *t += 20 * MS;
            sim_schedule(s, *t + (int64_t)(a + 1) * 700 * MS, EV_NRF_REPORT, a, 0, 0);
        }
    for (int r = 0; r < sc->n_rebalances; r++) {
        int cli = sc->rebalances[r].to_amf, srv = sc->rebalances[r].from_amf;
        if (s->amf_sess[cli][srv])
            continue;
        s->amf_sess[cli][srv] = calloc(1, sizeof(h2c_session));
        sim_schedule(s, *t, EV_SBI_PEER_OPEN, cli, srv, 0);
        *t += 20 * MS;
    }
}

static void open_nrf(sim *s, int amf)
{
    wire_endpoint c, v;
    sim_sbi_endpoint(&c, s->sc->amfs[amf].ip, (uint16_t)(40000 + amf));
    sim_sbi_endpoint(&v, s->sc->nrf_ip, SBI_PORT);
    h2c_session *h = s->nrf_sess[amf];
    h2c_session_init(h, &c, &v, (uint32_t)prng_next(&s->rng), (uint32_t)prng_next(&s->rng));
    sim_sbi_sink_ctx k = {.s = s};
    if (h2c_session_open(h, sim_sbi_sink, &k) != 0)
        return fail(s, "h2c open");
    char auth[32];
    nrf_authority(s, auth, sizeof auth);
    sbi_msg *m = malloc(sizeof *m);
    sbi_amf_profile p;
    profile_of(s, amf, s->amf_load[amf], &p);
    uint32_t sid;
    if (sbi_nf_register_req(m, auth, &p) != 0 || h2c_session_request(h, m, &sid, sim_sbi_sink, &k) != 0)
        fail(s, "NFRegister");
    else if (sbi_nf_register_rsp(m, auth, &p) != 0 ||
             h2c_session_response(h, sid, m, sim_sbi_sink, &k) != 0)
        fail(s, "NFRegister response");
    free(m);
}

static void open_peer(sim *s, int cli, int srv)
{
    wire_endpoint c, v;
    sim_sbi_endpoint(&c, s->sc->amfs[cli].ip, (uint16_t)(41000 + srv));
    sim_sbi_endpoint(&v, s->sc->amfs[srv].ip, SBI_PORT);
    h2c_session *h = s->amf_sess[cli][srv];
    h2c_session_init(h, &c, &v, (uint32_t)prng_next(&s->rng), (uint32_t)prng_next(&s->rng));
    sim_sbi_sink_ctx k = {.s = s};
    if (h2c_session_open(h, sim_sbi_sink, &k) != 0)
        fail(s, "h2c open (AMF peer)");
}

static void notify_others(sim *s, int amf, int load);

static void nrf_report(sim *s, int amf)
{
    const scenario *sc = s->sc;
    sim_schedule(s, s->now_us + (int64_t)sc->nrf_report_interval_s * SEC, EV_NRF_REPORT, amf, 0,
                 0);
    int epi = s->amf_active_episode[amf];
    const sc_episode *ep = epi >= 0 ? &sc->episodes[epi] : NULL;
    int load = sc->amfs[amf].base_load;
    if (ep && s->now_us >= s->tr.episodes[epi].start_us + (int64_t)ep->nrf_lag_s * SEC)
        load = ep->nrf_load;
    int changed = s->amf_load[amf] != load;
    s->amf_load[amf] = load;
    char auth[32], id[SBI_UUID_LEN + 1];
    nrf_authority(s, auth, sizeof auth);
    instance_id(amf, id);
    sbi_msg *m = malloc(sizeof *m);
    sim_sbi_sink_ctx k = {.s = s};
    uint32_t sid;
    h2c_session *h = s->nrf_sess[amf];
    if (sbi_nf_update_req(m, auth, id, load, (uint64_t)(sc->epoch_us + s->now_us), NULL) != 0 ||
        h2c_session_request(h, m, &sid, sim_sbi_sink, &k) != 0) {
        free(m);
        return fail(s, "NFUpdate");
    }
    s->tr.nfupdate_load_reports++;
    if (s->tr.nfupdate_loads->len < s->tr.max_log)
        g_array_append_val(s->tr.nfupdate_loads, load);
    sim_record_nfupdate(s, amf, k.first, load);
    s->now_us += 2 * MS;
    k.first = 0;
    uint64_t now_s = (uint64_t)((sc->epoch_us + s->now_us) / SEC);
    char hv[256];
    int rc;
    int oci = 0, lci = 0;
    if (ep && ep->sbi_error == 429) {
        rc = sbi_problem_rsp(m, 429, "Too Many Requests", "NF_CONGESTION_RISK", NULL, 5);
    } else if (ep && ep->sbi_error == 503) {
        rc = sbi_problem_rsp(m, 503, "Service Unavailable", "NF_CONGESTION", NULL, 5);
        if (rc == 0 && sc->nrf_oci) {
            size_t n = sc->nrf_oci_malformed
                           ? sbi_format_oci_malformed(hv, sizeof hv, SBI_OCI_BAD_METRIC_OVER_100,
                                                      now_s, 5, 50, "nrf")
                           : sbi_format_oci(hv, sizeof hv, now_s, 5, 50,
                                            "6f1c00ff-0000-4000-8000-0000000000ff");
            rc = n ? sbi_msg_add_header(m, "3gpp-sbi-oci", hv, HPACK_NO_INDEX) : -1;
            oci = 1;
        }
    } else {
        rc = sbi_nf_update_rsp(m, NULL);
        if (rc == 0 && sc->nrf_oci) {
            size_t n = sbi_format_lci(hv, sizeof hv, now_s, 20,
                                      "6f1c00ff-0000-4000-8000-0000000000ff");
            rc = n ? sbi_msg_add_header(m, "3gpp-sbi-lci", hv, HPACK_NO_INDEX) : -1;
            lci = 1;
        }
    }
    if (rc != 0 || h2c_session_response(h, sid, m, sim_sbi_sink, &k) != 0) {
        free(m);
        return fail(s, "NFUpdate response");
    }
    if (ep && ep->sbi_error == 503)
        s->tr.status_503++;
    if (ep && ep->sbi_error == 429)
        s->tr.status_429++;
    s->tr.oci_headers += (uint64_t)oci;
    s->tr.lci_headers += (uint64_t)lci;
    if (sc->nrf_status_notify && changed)
        notify_others(s, amf, load);
    if (oci && sc->nrf_oci_malformed) {
        truth_fault *f = NULL;
        for (guint i = 0; i < s->tr.faults->len; i++) {
            truth_fault *x = g_ptr_array_index(s->tr.faults, i);
            if (!strcmp(x->rule, "sbi-oci-malformed"))
                f = x;
        }
        if (!f) {
            f = truth_fault_new(&s->tr, "sbi-oci-malformed", "nrf", NULL, NULL, NULL);
            f->first_frame = k.first;
        }
        truth_fault_add(f, k.first);
        f->count++;
    }
    free(m);
}

/* Message zoo: the NRF tells every other AMF (subscribed to the AMF Set) about AMF's new load:
 * NFStatusNotify POST to the AMF's callback, answered 204. */
static void notify_others(sim *s, int amf, int load)
{
    const scenario *sc = s->sc;
    char nrf[32];
    nrf_authority(s, nrf, sizeof nrf);
    sbi_msg *m = malloc(sizeof *m);
    if (!m)
        return fail(s, "NFStatusNotify (out of memory)");
    for (int b = 0; b < sc->n_amfs; b++) {
        if (b == amf)
            continue;
        const uint8_t *ip = sc->amfs[b].ip;
        sim_sbi_sink_ctx k = {.s = s};
        if (!s->notify_sess[b]) {
            s->notify_sess[b] = calloc(1, sizeof(h2c_session));
            wire_endpoint c, v;
            sim_sbi_endpoint(&c, sc->nrf_ip, (uint16_t)(42000 + b));
            sim_sbi_endpoint(&v, ip, SBI_PORT);
            h2c_session_init(s->notify_sess[b], &c, &v, (uint32_t)prng_next(&s->rng),
                             (uint32_t)prng_next(&s->rng));
            if (h2c_session_open(s->notify_sess[b], sim_sbi_sink, &k) != 0) {
                free(m);
                return fail(s, "h2c open (NRF notify)");
            }
        }
        char auth[32];
        snprintf(auth, sizeof auth, "%u.%u.%u.%u:%d", ip[0], ip[1], ip[2], ip[3], SBI_PORT);
        sbi_amf_profile p;
        profile_of(s, amf, load, &p);
        uint32_t sid;
        s->now_us += 1 * MS;
        if (sbi_nf_status_notify_req(m, auth, "/namf-callback/v1/nf-status-notify", nrf, &p,
                                     false) != 0 ||
            h2c_session_request(s->notify_sess[b], m, &sid, sim_sbi_sink, &k) != 0) {
            free(m);
            return fail(s, "NFStatusNotify");
        }
        s->now_us += 1 * MS;
        if (sbi_no_content_rsp(m) != 0 ||
            h2c_session_response(s->notify_sess[b], sid, m, sim_sbi_sink, &k) != 0) {
            free(m);
            return fail(s, "NFStatusNotify response");
        }
        s->tr.zoo_notify++;
        if (s->tr.zoo_notify_loads->len < s->tr.max_log)
            g_array_append_val(s->tr.zoo_notify_loads, load);
    }
    free(m);
}

void sim_sbi_discover(sim *s, int amf)
{
    const scenario *sc = s->sc;
    h2c_session *h = s->nrf_sess[amf];
    if (!h)
        return;
    char auth[32], id[SBI_UUID_LEN + 1], q[32];
    nrf_authority(s, auth, sizeof auth);
    instance_id(amf, id);
    snprintf(q, sizeof q, "amf-set-id=%03x", sc->amfs[amf].set_id);
    sbi_msg *m = malloc(sizeof *m);
    sbi_amf_profile *p = calloc(SC_MAX_AMFS, sizeof *p);
    if (!m || !p) {
        free(m);
        free(p);
        return fail(s, "NFDiscover (out of memory)");
    }
    size_t n = 0;
    for (int b = 0; b < sc->n_amfs; b++)
        if (sc->amfs[b].set_id == sc->amfs[amf].set_id)
            profile_of(s, b, s->amf_load[b], &p[n++]);
    sim_sbi_sink_ctx k = {.s = s};
    uint32_t sid;
    if (sbi_nf_discover_req(m, auth, "AMF", "AMF", id, q) != 0 ||
        h2c_session_request(h, m, &sid, sim_sbi_sink, &k) != 0) {
        free(m);
        free(p);
        return fail(s, "NFDiscover");
    }
    s->now_us += 3 * MS;
    if (sbi_nf_discover_rsp(m, 60, p, n) != 0 || h2c_session_response(h, sid, m, sim_sbi_sink, &k) != 0) {
        free(m);
        free(p);
        return fail(s, "NFDiscover response");
    }
    s->tr.zoo_discover++;
    for (size_t i = 0; i < n; i++)
        if (s->tr.zoo_discovery_loads->len < s->tr.max_log)
            g_array_append_val(s->tr.zoo_discovery_loads, p[i].load);
    free(m);
    free(p);
}

static void context_transfer(sim *s, int uei)
{
    sim_ue *u = &s->ues[uei];
    int cli = u->target_amf, srv = u->amf;
    h2c_session *h = s->amf_sess[cli][srv];
    if (!h)
        return fail(s, "context transfer without a session");
    const sc_amf *src = &s->sc->amfs[srv];
    char auth[32], id[SBI_UUID_LEN + 1], ctx_id[64], mcc[4], supi[32];
    snprintf(auth, sizeof auth, "%u.%u.%u.%u:%d", src->ip[0], src->ip[1], src->ip[2], src->ip[3],
             SBI_PORT);
    instance_id(cli, id);
    /* TS 29.518 UeContextId: 5g-guti-<MCC><MNC><AMF ID, 6 hex digits><5G-TMSI, 8 hex digits> */
    unsigned amf_id = ((unsigned)src->region_id << 16) | ((unsigned)src->set_id << 6) |
                      (unsigned)src->pointer;
    snprintf(ctx_id, sizeof ctx_id, "5g-guti-%s%06x%08x", src->plmn_str, amf_id, u->tmsi);
    snprintf(mcc, sizeof mcc, "%.3s", src->plmn_str);
    snprintf(supi, sizeof supi, "imsi-%s%010d", src->plmn_str, uei + 1);
    sbi_msg *m = malloc(sizeof *m);
    sim_sbi_sink_ctx k = {.s = s};
    uint32_t sid;
    if (sbi_ue_context_transfer_req(m, auth, id, ctx_id, "MOBI_REG", mcc, src->plmn_str + 3) ||
        h2c_session_request(h, m, &sid, sim_sbi_sink, &k)) {
        free(m);
        return fail(s, "UEContextTransfer");
    }
    s->now_us += 3 * MS;
    if (sbi_ue_context_transfer_rsp(m, supi) || h2c_session_response(h, sid, m, sim_sbi_sink, &k))
        fail(s, "UEContextTransfer response");
    free(m);
}

void sim_sbi_event(sim *s, const sim_event *ev)
{
    switch (ev->kind) {
    case EV_SBI_OPEN:
        open_nrf(s, ev->a);
        break;
    case EV_SBI_PEER_OPEN:
        open_peer(s, ev->a, ev->b);
        break;
    case EV_NRF_REPORT:
        nrf_report(s, ev->a);
        break;
    case EV_CTX_TRANSFER:
        context_transfer(s, ev->a);
        sim_schedule(s, s->now_us + 10 * MS, EV_AMF_ANSWER, ev->a, 0, 0);
        break;
    }
}

void sim_sbi_free(sim *s)
{
    for (int a = 0; a < SC_MAX_AMFS; a++) {
        free(s->nrf_sess[a]);
        s->nrf_sess[a] = NULL;
        free(s->notify_sess[a]);
        s->notify_sess[a] = NULL;
        for (int b = 0; b < SC_MAX_AMFS; b++) {
            free(s->amf_sess[a][b]);
            s->amf_sess[a][b] = NULL;
        }
    }
}
