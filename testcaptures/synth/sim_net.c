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

void sim_net_assoc_init(sim *s, int idx, const uint8_t ini_ip[4], const uint8_t rsp_ip[4],
                        uint16_t port)
{
    wire_endpoint a, b;
    endpoint(&a, ini_ip, port);
    endpoint(&b, rsp_ip, port);
    uint32_t tag0 = (uint32_t)(prng_next(&s->rng) | 1u);
    uint32_t tag1 = (uint32_t)(prng_next(&s->rng) | 1u);
    uint32_t tsn0 = (uint32_t)prng_next(&s->rng), tsn1 = (uint32_t)prng_next(&s->rng);
    sctp_assoc_init(&s->assoc[idx].a, &a, &b, tag0, tag1, tsn0, tsn1, 16);
    s->assoc[idx].sack_pending[0] = s->assoc[idx].sack_pending[1] = 0;
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
    s->now_us = t0;
    s->assoc[idx].up = 1;
}

static void want_sack(sim *s, int idx, int receiver)
{
    sim_assoc *as = &s->assoc[idx];
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
    uint32_t frame = sim_net_write(s, buf, sctp_build_data(&s->assoc[idx].a, from, ch, n, buf,
                                                         sizeof buf));
    want_sack(s, idx, !from);
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
    s->assoc[idx].sack_pending[from] = 0;
    sim_net_write(s, buf, sctp_build_sack(&s->assoc[idx].a, from, buf, sizeof buf));
}
