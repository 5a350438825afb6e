/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_event_bin.c: the compact event encoding (-z amfol,events,bin) gives back, struct for
 * struct and byte for byte, what the JSON Lines reader gives for the same events: random
 * sequences of every kind (random, extreme and empty values, arrays growing and shrinking,
 * strings with stale bytes after their NUL, NAS events with and without their NGAP PDU, frames
 * and runs out of order). Bad input (every truncation, flipped bytes, another version) is refused
 * without reading out of the buffer (the sanitized build runs this too: asan.core.test_event_bin). */
#include "events/amfol_event_bin.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned seed = 7;

static unsigned rnd(void)
{
    seed = seed * 1103515245u + 12345u;
    return seed >> 8;
}

static const char *words[] = { "10.0.0.1:38412", "10.0.1.2:38412", "gnb-1", "amf-1", "00101", "", "x",
                               "/nnrf-nfm/v1/nf-instances/6faf1bbc-6e4a-4454-a507-a14ef8e1bc5a" };

/* mode 0 random, 1 extreme, 2 unset (what a reader starts from, left as is) */
static void fill(const amfol_struct_schema *s, void *obj, int mode)
{
    for (size_t i = 0; i < s->n; i++) {
        const amfol_member *m = &s->members[i];
        char *p = (char *)obj + m->offset;
        if (mode == 2 || rnd() % 4 == 0)   /* some members keep their value */
            continue;
        bool ext = mode == 1;
        switch (m->kind) {
        case AMFOL_M_INT: *(int *)p = ext ? (rnd() & 1 ? INT32_MIN : INT32_MAX) : (int)(rnd() % 2000) - 1000; break;
        case AMFOL_M_I64: *(int64_t *)p = ext ? (rnd() & 1 ? INT64_MIN : INT64_MAX) : (int64_t)rnd() << (rnd() % 30); break;
        case AMFOL_M_U8: *(uint8_t *)p = ext ? UINT8_MAX : (uint8_t)rnd(); break;
        case AMFOL_M_U16: *(uint16_t *)p = ext ? UINT16_MAX : (uint16_t)rnd(); break;
        case AMFOL_M_U32: *(uint32_t *)p = ext ? UINT32_MAX : rnd(); break;
        case AMFOL_M_U64: *(uint64_t *)p = ext ? UINT64_MAX : (uint64_t)rnd() << 20; break;
        case AMFOL_M_BOOL: *(bool *)p = rnd() & 1; break;
        case AMFOL_M_DOUBLE: *(double *)p = ext ? -1e300 : rnd() / 7.0; break;
        case AMFOL_M_STR:
            memset(p, 'z', m->size);              /* stale bytes after the NUL: not part of the value */
            if (ext) {
                memset(p, 'x', m->size - 1);
                p[m->size - 1] = '\0';
            } else {
                snprintf(p, m->size, "%s", words[rnd() % (sizeof words / sizeof words[0])]);
            }
            break;
        case AMFOL_M_OBJ: fill(m->sub, p, mode); break;
        case AMFOL_M_ARR: {
            int n = ext ? m->max : (int)(rnd() % (unsigned)(m->max + 1));
            if (rnd() % 8 == 0)
                n = rnd() & 1 ? -3 : m->max + 5;   /* out of range: the writers clamp */
            *(int *)((char *)obj + m->count_offset) = n;
            for (int k = 0; k < m->max; k++)
                fill(m->sub, p + (size_t)k * m->size, mode);
            break;
        }
        default: break;
        }
    }
}

/* What the JSON Lines reader makes of the event (the reference). */
static void via_json(int kind, const amfol_event_rec *in, amfol_frame frame, amfol_time t, amfol_event_rec *out)
{
    GString *line = g_string_new(NULL);
    amfol_codec_write_event(line, kind, &in->u, frame, t);
    static jsmntok_t tk[16384];
    int ntok = json_parse(line->str, tk, 16384);
    assert(ntok > 0);
    memset(out, 0, sizeof *out);
    out->kind = kind;
    amfol_codec_unset(amfol_event_schema(kind), &out->u);
    ((amfol_where *)&out->u)->frame = frame;
    ((amfol_where *)&out->u)->time = t;
    int i = 0;
    GString *err = g_string_new(NULL);
    bool ok = amfol_codec_read_members(line->str, tk, ntok, &i, amfol_event_schema(kind), &out->u,
                                       kind == AMFOL_EV_NAS ? &out->nas_ngap : NULL, err);
    if (!ok)
        fprintf(stderr, "json: %s\n", err->str);
    assert(ok);
    g_string_free(line, TRUE);
    g_string_free(err, TRUE);
}

static void same(const amfol_event_rec *want, const amfol_event_rec *got, int kind, int n)
{
    assert(got->kind == kind);
    size_t size = amfol_event_size(kind);
    amfol_event_rec a, b;
    memcpy(&a.u, &want->u, size);
    memcpy(&b.u, &got->u, size);
    if (kind == AMFOL_EV_NAS) {
        assert((want->u.nas.ngap != NULL) == (got->u.nas.ngap != NULL));
        assert(!got->u.nas.ngap || got->u.nas.ngap == &got->nas_ngap);
        if (want->u.nas.ngap && memcmp(&want->nas_ngap, &got->nas_ngap, sizeof want->nas_ngap) != 0) {
            const unsigned char *x = (const void *)&want->nas_ngap, *y = (const void *)&got->nas_ngap;
            size_t at = 0;
            while (x[at] == y[at])
                at++;
            fprintf(stderr, "event %d: the NAS event's NGAP PDU differs at byte %zu (%d vs %d)\n", n, at, x[at], y[at]);
            fprintf(stderr, "want src '%s' dst '%s' got src '%s' dst '%s'; nas src '%s' dst '%s' / '%s' '%s'\n", want->nas_ngap.where.src.text, want->nas_ngap.where.dst.text, got->nas_ngap.where.src.text, got->nas_ngap.where.dst.text, want->u.nas.where.src.text, want->u.nas.where.dst.text, got->u.nas.where.src.text, got->u.nas.where.dst.text);
            assert(0);
        }
        a.u.nas.ngap = b.u.nas.ngap = NULL;
    }
    if (memcmp(&a.u, &b.u, size) != 0) {
        const unsigned char *x = (const void *)&a.u, *y = (const void *)&b.u;
        size_t at = 0;
        while (x[at] == y[at])
            at++;
        fprintf(stderr, "event %d (%s): differs from the JSON reader's at byte %zu\n", n,
                amfol_event_kind_name(kind), at);
        assert(0);
    }
}

#define N_EVENTS 3000

typedef struct expect {
    int tag;
    amfol_frame frame;
    amfol_time time, last_time;
    uint64_t count;
    amfol_event_rec *rec;            /* EVENT: the JSON reader's */
} expect;

static const int kinds[] = { AMFOL_EV_NGAP, AMFOL_EV_SCTP, AMFOL_EV_RRC, AMFOL_EV_NAS, AMFOL_EV_SBI };

/* Encodes a random sequence; the expected records in `ex`. */
static GByteArray *make_stream(int n_events, expect *ex, size_t *n_ex, amfol_config *cfg)
{
    amfol_bin_enc *x = amfol_bin_enc_new();
    memset(cfg, 0, sizeof *cfg);
    amfol_config_defaults(cfg);
    snprintf(cfg->amf_map, sizeof cfg->amf_map, "10.0.0.1=amf-1");
    amfol_bin_enc_header(x, "amfol test", cfg);
    static amfol_event_rec cur[5];   /* each kind evolves from its previous value */
    static amfol_ngap_event ngap_for_nas;
    for (int k = 0; k < 5; k++) {
        memset(&cur[k], 0, sizeof cur[k]);
        amfol_codec_unset(amfol_event_schema(kinds[k]), &cur[k].u);
    }
    amfol_frame frame = 1;
    amfol_time t = 1767225600.0;
    size_t n = 0;
    for (int e = 0; e < n_events;) {
        unsigned r = rnd() % 10;
        if (r == 1 && rnd() % 4 == 0) {               /* frames amfol could not read */
            uint64_t count = 1 + rnd() % 9;
            int reason = (int)(rnd() % 2);
            amfol_bin_enc_unread(x, reason, count);
            ex[n++] = (expect){ AMFOL_BIN_UNREAD, 0, 0, 0, count, NULL };
            ex[n - 1].frame = (amfol_frame)reason;
            continue;
        }
        if (r == 0) {                                  /* a run of silent frames */
            uint64_t count = 1 + rnd() % 50;
            amfol_time last = t + (rnd() % 1000) * 1e-6;
            amfol_bin_enc_run(x, frame, count, t, last);
            ex[n++] = (expect){ AMFOL_BIN_RUN, frame, t, last, count, NULL };
            frame += (amfol_frame)count;
            t = last + 1e-5;
            continue;
        }
        frame += rnd() % 3 == 0 ? 0 : 1 + rnd() % 3;   /* sometimes the same or an earlier number */
        t += rnd() % 5 == 0 ? -0.001 : (rnd() % 10000) * 1e-7;
        amfol_bin_enc_frame(x, frame, t);
        ex[n++] = (expect){ AMFOL_BIN_FRAME, frame, t, 0, 0, NULL };
        int per_frame = 1 + (int)(rnd() % 4);
        for (int j = 0; j < per_frame; j++, e++) {
            int ki = (int)(rnd() % 5);
            int kind = kinds[ki];
            amfol_event_rec *in = &cur[ki];
            int mode = rnd() % 10 == 0 ? 1 : rnd() % 10 == 0 ? 2 : 0;
            if (mode == 2) {                           /* back to nothing set */
                memset(&in->u, 0, amfol_event_size(kind));
                amfol_codec_unset(amfol_event_schema(kind), &in->u);
            }
            fill(amfol_event_schema(kind), &in->u, mode);
            amfol_where *w = (amfol_where *)&in->u;
            if (rnd() % 4) {                           /* usually the frame's own */
                w->frame = frame;
                w->time = t;
            }
            if (kind == AMFOL_EV_NAS) {
                in->u.nas.ngap = NULL;
                unsigned how = rnd() % 3;
                if (how == 1) {                        /* the NGAP PDU just sent */
                    memcpy(&ngap_for_nas, &cur[0].u.ngap, sizeof ngap_for_nas);
                    ngap_for_nas.where = in->u.nas.where;
                    in->u.nas.ngap = &ngap_for_nas;
                } else if (how == 2) {
                    fill(amfol_event_schema(AMFOL_EV_NGAP), &ngap_for_nas, 0);
                    if (rnd() & 1)
                        ngap_for_nas.where = in->u.nas.where;
                    in->u.nas.ngap = &ngap_for_nas;
                }
            }
            amfol_bin_enc_event(x, kind, &in->u);
            amfol_event_rec *want = g_new(amfol_event_rec, 1);
            via_json(kind, in, frame, t, want);
            ex[n++] = (expect){ AMFOL_BIN_EVENT, 0, 0, 0, 0, want };
        }
    }
    amfol_bin_enc_end(x, frame);
    ex[n++] = (expect){ AMFOL_BIN_END, 0, 0, 0, frame, NULL };
    *n_ex = n;
    size_t len;
    const uint8_t *data = amfol_bin_enc_data(x, &len);
    GByteArray *b = g_byte_array_new();
    g_byte_array_append(b, data, (guint)len);
    amfol_bin_enc_free(x);
    return b;
}

/* Decodes everything; false (and no crash) on bad input. With `ex`, checks every record. */
static bool decode_all(const uint8_t *p, size_t len, const expect *ex, size_t n_ex, const amfol_config *cfg)
{
    amfol_bin_dec *d = amfol_bin_dec_new();
    GString *err = g_string_new(NULL);
    amfol_config got_cfg;
    size_t at = amfol_bin_dec_header(d, p, len, &got_cfg, err);
    bool ok = at > 0;
    if (ok && cfg)
        assert(memcmp(cfg, &got_cfg, sizeof got_cfg) == 0);
    size_t i = 0;
    bool ended = false, refused = !ok;
    while (ok && at < len) {
        amfol_bin_record r;
        size_t n = amfol_bin_dec_record(d, p + at, len - at, &r, err);
        if (n == 0) {
            ok = false;
            refused = true;
            break;
        }
        assert(n <= len - at);
        at += n;
        if (ex) {
            assert(i < n_ex && r.tag == ex[i].tag);
            if (r.tag == AMFOL_BIN_EVENT)
                same(ex[i].rec, r.rec, ex[i].rec->kind, (int)i);
            else if (r.tag == AMFOL_BIN_END)
                assert(r.count == ex[i].count);
            else if (r.tag == AMFOL_BIN_UNREAD)
                assert(r.count == ex[i].count && r.reason == (int)ex[i].frame);
            else
                assert(r.frame == ex[i].frame && r.time == ex[i].time &&
                       (r.tag == AMFOL_BIN_FRAME || (r.count == ex[i].count && r.last_time == ex[i].last_time)));
        }
        i++;
        if (r.tag == AMFOL_BIN_END) {
            ended = true;
            break;
        }
    }
    ok &= ended;   /* a file cut between records lacks its end record */
    if (ex)
        assert(ok && i == n_ex && at == len);
    else if (refused)
        assert(err->len > 0);   /* a record was refused: with its reason */
    g_string_free(err, TRUE);
    amfol_bin_dec_free(d);
    return ok;
}

static void free_expect(expect *ex, size_t n)
{
    for (size_t i = 0; i < n; i++)
        g_free(ex[i].rec);
}

int main(void)
{
    static expect ex[4 * N_EVENTS];
    size_t n_ex;
    amfol_config cfg;
    GByteArray *b = make_stream(N_EVENTS, ex, &n_ex, &cfg);
    decode_all(b->data, b->len, ex, n_ex, &cfg);
    printf("event bin: %zu records, %u bytes decode to the JSON reader's structs\n", n_ex, b->len);
    free_expect(ex, n_ex);
    g_byte_array_free(b, TRUE);

    /* a shorter stream for the bad input: every cut, and flipped bytes */
    b = make_stream(150, ex, &n_ex, &cfg);
    free_expect(ex, n_ex);
    for (size_t cut = 0; cut < b->len; cut += cut < 2048 ? 1 : 7) {
        uint8_t *copy = g_memdup2(b->data, cut);   /* exactly `cut` bytes: ASan sees any overread */
        assert(!decode_all(copy, cut, NULL, 0, NULL));
        g_free(copy);
    }
    for (int k = 0; k < 1500; k++) {   /* refused or decoded, never out of bounds */
        uint8_t *copy = g_memdup2(b->data, b->len);
        for (int j = 0; j < 1 + k % 4; j++)
            copy[8 + rnd() % (b->len - 8)] ^= (uint8_t)(1u << (rnd() % 8));
        size_t len = k % 2 ? b->len : 8 + rnd() % (b->len - 8);
        decode_all(copy, len, NULL, 0, NULL);
        g_free(copy);
    }
    /* another format version, another schema version: refused with the reason */
    {
        amfol_bin_dec *d = amfol_bin_dec_new();
        GString *err = g_string_new(NULL);
        amfol_config c;
        uint8_t *copy = g_memdup2(b->data, b->len);
        copy[7] = 2;
        assert(amfol_bin_dec_header(d, copy, b->len, &c, err) == 0 && strstr(err->str, "format version 2"));
        copy[7] = AMFOL_BIN_VERSION;
        copy[8] = AMFOL_EVENTS_SCHEMA + 1;
        assert(amfol_bin_dec_header(d, copy, b->len, &c, err) == 0 && strstr(err->str, "schema version"));
        g_free(copy);
        g_string_free(err, TRUE);
        amfol_bin_dec_free(d);
    }
    printf("event bin: %u bytes cut at every offset and corrupted: refused without overreads\n", b->len);
    g_byte_array_free(b, TRUE);
    return 0;
}
