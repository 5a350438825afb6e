/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SCTP association bookkeeping and frame output for the simulation. */
#include "sim_net.h"

#include "sim_events.h"

int sim_ng_index(int gnb, int amf)
{
    return gnb * SC_MAX_AMFS + amf;
}

int sim_f1_index(int gnb)
{
    return SIM_N_NG + gnb;
}

uint32_t sim_net_write(sim *s, const uint8_t *frame, size_t len)
{
    if (s->failed || len == 0) {
        if (!s->failed) {
            s->failed = 1;
            snprintf(s->err, sizeof s->err, "a frame builder failed at t=%lld us",
                     (long long)s->now_us);
        }
        return 0;
    }
    if (s->now_us < s->last_write_us)
        s->now_us = s->last_write_us;
    s->last_write_us = s->now_us;
    uint64_t ts_ns = (uint64_t)(s->sc->epoch_us + s->now_us) * 1000u;
    if (pcapng_writer_write(s->w, ts_ns, frame, len) < 0) {
        s->failed = 1;
        snprintf(s->err, sizeof s->err, "write error on the capture file");
        return 0;
    }
    if (s->tr.frames == 0)
        s->tr.first_us = s->now_us;
    s->tr.last_us = s->now_us;
    s->tr.frames = pcapng_writer_count(s->w);
    return (uint32_t)s->tr.frames;
}

static void endpoint(wire_endpoint *e, const uint8_t ip[4], uint16_t port)
{
    e->mac[0] = 0x02;
    e->mac[1] = 0x00;
    for (int i = 0; i < 4; i++) {
        e->ip[i] = ip[i];
        e->mac[2 + i] = ip[i];
    }
    e->port = port;
}

/* leg > 0: a relay's AMF-side leg, whose tags and TSNs come from its index, not from the run's
 * random numbers: a scenario with a relay draws the same traffic as without it. */
static void assoc_init(sim *s, sim_assoc *as, const uint8_t ini_ip[4], const uint8_t rsp_ip[4], uint16_t port,
                       uint32_t leg)
{
    wire_endpoint a, b;
    endpoint(&a, ini_ip, leg ? (uint16_t)(40000 + leg) : port);   /* the relay connects from its own port */
    endpoint(&b, rsp_ip, port);
    uint32_t tag0, tag1, tsn0, tsn1;
    if (leg) {
        tag0 = (leg * 2654435761u) | 1u;
        tag1 = (leg * 2246822519u) | 1u;
        tsn0 = leg * 3266489917u;
        tsn1 = leg * 668265263u;
    } else {
        tag0 = (uint32_t)(prng_next(&s->rng) | 1u);
        tag1 = (uint32_t)(prng_next(&s->rng) | 1u);
        tsn0 = (uint32_t)prng_next(&s->rng);
        tsn1 = (uint32_t)prng_next(&s->rng);
    }
    sctp_assoc_init(&as->a, &a, &b, tag0, tag1, tsn0, tsn1, 16);
    as->sack_pending[0] = as->sack_pending[1] = 0;
}

/* An NG association through the scenario's relay: its relay <-> AMF leg, else NULL. */
static sim_assoc *relay_leg(sim *s, int idx)
{
    return s->sc->relay && idx >= 0 && idx < SIM_N_NG ? &s->relay_leg[idx] : NULL;
}

void sim_net_assoc_init(sim *s, int idx, const uint8_t ini_ip[4], const uint8_t rsp_ip[4],
                        uint16_t port)
{
    sim_assoc *leg = relay_leg(s, idx);
    /* Through a relay: the gNB's association ends at the relay, which has its own to the AMF. */
    assoc_init(s, &s->assoc[idx], ini_ip, leg ? s->sc->relay_ip : rsp_ip, port, 0);
    if (leg)
        assoc_init(s, leg, s->sc->relay_ip, rsp_ip, port, (uint32_t)idx + 1);
}

/* A frame of a relay's AMF-side leg: written, and counted for the truth. */
static uint32_t leg_write(sim *s, const uint8_t *frame, size_t len)
{
    uint32_t f = sim_net_write(s, frame, len);
    if (f)
        s->tr.relay_frames++;
    return f;
}

void sim_net_handshake(sim *s, int idx)
{
    uint8_t buf[WIRE_MAX_FRAME];
    sctp_assoc *a = &s->assoc[idx].a;
    int64_t t0 = s->now_us;
    sim_net_write(s, buf, sctp_build_init(a, buf, sizeof buf));
    s->now_us = t0 + 200;
    sim_net_write(s, buf, sctp_build_init_ack(a, buf, sizeof buf));
    s->now_us = t0 + 400;
    sim_net_write(s, buf, sctp_build_cookie_echo(a, buf, sizeof buf));
    s->now_us = t0 + 600;
    sim_net_write(s, buf, sctp_build_cookie_ack(a, buf, sizeof buf));
    sim_assoc *leg = relay_leg(s, idx);
    if (leg) {   /* the relay opens its own association to the AMF once the gNB's is up */
        s->tr.relay_handshake_frames += 4;
        s->now_us = t0 + 800;
        leg_write(s, buf, sctp_build_init(&leg->a, buf, sizeof buf));
        s->now_us = t0 + 1000;
        leg_write(s, buf, sctp_build_init_ack(&leg->a, buf, sizeof buf));
        s->now_us = t0 + 1200;
        leg_write(s, buf, sctp_build_cookie_echo(&leg->a, buf, sizeof buf));
        s->now_us = t0 + 1400;
        leg_write(s, buf, sctp_build_cookie_ack(&leg->a, buf, sizeof buf));
        leg->up = 1;
    }
    s->now_us = t0;
    s->assoc[idx].up = 1;
}

static void want_sack(sim *s, int idx, int receiver)
{
    sim_assoc *as = idx >= SIM_N_ASSOC ? &s->relay_leg[idx - SIM_N_ASSOC] : &s->assoc[idx];
    if (as->sack_pending[receiver])
        return;
    as->sack_pending[receiver] = 1;
    sim_schedule(s, s->now_us + SIM_SACK_DELAY_US, EV_SACK, idx, receiver, 0);
}

uint32_t sim_net_send(sim *s, int idx, int from, uint16_t stream, uint32_t ppid,
                      const uint8_t *const *pdus, const size_t *lens, size_t n)
{
    sctp_data_chunk ch[8];
    uint8_t buf[WIRE_MAX_FRAME];
    if (n == 0 || n > 8)
        return 0;
    for (size_t i = 0; i < n; i++) {
        ch[i] = (sctp_data_chunk){.stream = stream, .ppid = ppid, .payload = pdus[i],
                                  .len = lens[i]};
        if (lens[i] == 0) {
            s->failed = 1;
            snprintf(s->err, sizeof s->err, "an encoder returned 0 bytes at t=%lld us",
                     (long long)s->now_us);
            return 0;
        }
    }
    /* Too big to bundle: send one chunk per packet (the last frame number is returned). */
    if (sctp_data_frame_len(ch, n) == 0 && n > 1) {
        uint32_t f = 0;
        for (size_t i = 0; i < n; i++)
            f = sim_net_send(s, idx, from, stream, ppid, &pdus[i], &lens[i], 1);
        return f;
    }
    sim_assoc *leg = relay_leg(s, idx);
    if (!leg) {
        uint32_t frame = sim_net_write(s, buf, sctp_build_data(&s->assoc[idx].a, from, ch, n, buf,
                                                             sizeof buf));
        want_sack(s, idx, !from);
        return frame;
    }
    /* Through the relay, the same chunks on both legs in the order they travel (uplink: gNB ->
     * relay, then relay -> AMF; downlink the other way), at the same time stamp; the gNB leg's
     * frame is the one the truth names. */
    uint32_t frame;
    if (from == 0) {
        frame = sim_net_write(s, buf, sctp_build_data(&s->assoc[idx].a, 0, ch, n, buf, sizeof buf));
        leg_write(s, buf, sctp_build_data(&leg->a, 0, ch, n, buf, sizeof buf));
    } else {
        leg_write(s, buf, sctp_build_data(&leg->a, 1, ch, n, buf, sizeof buf));
        frame = sim_net_write(s, buf, sctp_build_data(&s->assoc[idx].a, 1, ch, n, buf, sizeof buf));
    }
    want_sack(s, idx, !from);
    want_sack(s, SIM_N_ASSOC + idx, !from);
    return frame;
}

uint32_t sim_net_send1(sim *s, int idx, int from, uint16_t stream, uint32_t ppid,
                       const uint8_t *pdu, size_t len)
{
    return sim_net_send(s, idx, from, stream, ppid, &pdu, &len, 1);
}

void sim_net_on_sack(sim *s, int idx, int from)
{
    uint8_t buf[WIRE_MAX_FRAME];
    if (idx >= SIM_N_ASSOC) {   /* a relay's AMF-side leg */
        sim_assoc *leg = &s->relay_leg[idx - SIM_N_ASSOC];
        leg->sack_pending[from] = 0;
        leg_write(s, buf, sctp_build_sack(&leg->a, from, buf, sizeof buf));
        return;
    }
    s->assoc[idx].sack_pending[from] = 0;
    sim_net_write(s, buf, sctp_build_sack(&s->assoc[idx].a, from, buf, sizeof buf));
}
