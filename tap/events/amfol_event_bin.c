/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_event_bin.c: the compact binary event encoding (see amfol_event_bin.h, docs/events.md). */
#include "amfol_event_bin.h"

#include <string.h>

#define N_KINDS 5
#define STRTAB_MAX_ENTRIES 65536         /* the table is emptied (both sides) when full */
#define STRTAB_MAX_BYTES (4u << 20)

G_STATIC_ASSERT(3 * sizeof(amfol_event_rec) + 64 < AMFOL_BIN_MAX_RECORD);
G_STATIC_ASSERT(3 * sizeof(amfol_config) + 1024 < AMFOL_BIN_MAX_RECORD);

static const int kind_of_index[N_KINDS] = { AMFOL_EV_NGAP, AMFOL_EV_SCTP, AMFOL_EV_RRC, AMFOL_EV_NAS, AMFOL_EV_SBI };

static int index_of_kind(int kind)
{
    for (int i = 0; i < N_KINDS; i++)
        if (kind_of_index[i] == kind)
            return i;
    return -1;
}

static inline uint64_t zz(int64_t v)
{
    return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
}

static inline int64_t unzz(uint64_t u)
{
    return (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
}

static inline uint64_t time_bits(amfol_time t)
{
    uint64_t b;
    memcpy(&b, &t, sizeof b);
    return b;
}

static inline amfol_time bits_time(uint64_t b)
{
    amfol_time t;
    memcpy(&t, &b, sizeof t);
    return t;
}

/* A scalar member's value as 64 bits (two's complement for the signed ones). */
static uint64_t scalar(const amfol_member *m, const char *p)
{
    switch (m->kind) {
    case AMFOL_M_INT: return (uint64_t)(int64_t)*(const int *)p;
    case AMFOL_M_I64: return (uint64_t)*(const int64_t *)p;
    case AMFOL_M_DOUBLE: return time_bits(*(const double *)p);
    default: return amfol_member_load(p, m->size);
    }
}

static int arr_count(const amfol_member *m, const char *obj)
{
    int n = *(const int *)(obj + m->count_offset);
    return n < 0 ? 0 : n > m->max ? m->max : n;
}

static size_t str_len(const char *p, size_t size)
{
    const char *z = memchr(p, 0, size);
    return z ? (size_t)(z - p) : size - 1;
}

/* ---- the string table (the same on both sides) ---------------------------------------------- */

typedef struct strtab {
    char *text;                      /* entries back to back, each NUL-terminated */
    size_t text_len, text_cap;
    uint32_t *at;                    /* entry -> offset in text */
    uint32_t *len;
    guint n, cap;
    GHashTable *index;               /* encoder only: text -> entry + 1 */
} strtab;

static void strtab_clear(strtab *t)
{
    t->n = 0;
    t->text_len = 0;
    if (t->index)
        g_hash_table_remove_all(t->index);
}

/* Adds s[0..len) (the table is emptied first when full); returns its entry. */
static guint strtab_add(strtab *t, const char *s, size_t len)
{
    if (t->n >= STRTAB_MAX_ENTRIES || t->text_len + len + 1 > STRTAB_MAX_BYTES)
        strtab_clear(t);
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 256;
        t->at = g_renew(uint32_t, t->at, t->cap);
        t->len = g_renew(uint32_t, t->len, t->cap);
    }
    if (t->text_len + len + 1 > t->text_cap) {
        while (t->text_len + len + 1 > t->text_cap)
            t->text_cap = t->text_cap ? 2 * t->text_cap : 16384;
        t->text = g_realloc(t->text, t->text_cap);
        if (t->index) {                            /* keys point into text: re-point them */
            g_hash_table_remove_all(t->index);
            for (guint i = 0; i < t->n; i++)
                g_hash_table_insert(t->index, t->text + t->at[i], GUINT_TO_POINTER(i + 1));
        }
    }
    memcpy(t->text + t->text_len, s, len);
    t->text[t->text_len + len] = '\0';
    t->at[t->n] = (uint32_t)t->text_len;
    t->len[t->n] = (uint32_t)len;
    if (t->index)
        g_hash_table_insert(t->index, t->text + t->text_len, GUINT_TO_POINTER(t->n + 1));
    t->text_len += len + 1;
    return t->n++;
}

static void strtab_free(strtab *t)
{
    g_free(t->text);
    g_free(t->at);
    g_free(t->len);
    if (t->index)
        g_hash_table_destroy(t->index);
}

/* ---- encoder -------------------------------------------------------------------------------- */

struct amfol_bin_enc {
    uint8_t *buf;
    size_t len, cap;
    strtab strings;
    /* what the decoder holds: the previous event of each kind, canonical */
    amfol_event_rec *prev[N_KINDS];
    bool have_prev[N_KINDS];
    amfol_frame last_frame;          /* of the previous FRAME/RUN record */
    uint64_t last_time_bits;
    amfol_frame frame;               /* the current frame */
    amfol_time time;
};

static void reserve(amfol_bin_enc *x, size_t more)
{
    if (x->len + more <= x->cap)
        return;
    while (x->len + more > x->cap)
        x->cap = x->cap ? 2 * x->cap : 2 * AMFOL_BIN_MAX_RECORD;
    x->buf = g_realloc(x->buf, x->cap);
}

static inline void put_u8(amfol_bin_enc *x, uint8_t v)
{
    x->buf[x->len++] = v;
}

static inline void put_varint(amfol_bin_enc *x, uint64_t v)
{
    while (v >= 0x80) {
        x->buf[x->len++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    x->buf[x->len++] = (uint8_t)v;
}

static inline void put_bytes(amfol_bin_enc *x, const void *p, size_t n)
{
    memcpy(x->buf + x->len, p, n);
    x->len += n;
}

/* Are the members `m` of objects a (canonical) and b equal as the JSON export would write them? */
static bool same_struct(const amfol_struct_schema *s, const char *a, const char *b);

static bool same_member(const amfol_member *m, const char *a, const char *b)
{
    const char *pa = a + m->offset, *pb = b + m->offset;
    switch (m->kind) {
    case AMFOL_M_BOOL: return *(const bool *)pa == *(const bool *)pb;
    case AMFOL_M_STR: {
        size_t la = str_len(pa, m->size), lb = str_len(pb, m->size);
        return la == lb && memcmp(pa, pb, la) == 0;
    }
    case AMFOL_M_OBJ: return same_struct(m->sub, pa, pb);
    case AMFOL_M_ARR: {
        int n = arr_count(m, a);
        if (n != arr_count(m, b))
            return false;
        for (int k = 0; k < n; k++)
            if (!same_struct(m->sub, pa + (size_t)k * m->size, pb + (size_t)k * m->size))
                return false;
        return true;
    }
    default: return scalar(m, pa) == scalar(m, pb);
    }
}

static bool same_struct(const amfol_struct_schema *s, const char *a, const char *b)
{
    for (size_t i = 0; i < s->n; i++)
        if (!same_member(&s->members[i], a, b))
            return false;
    return true;
}

static void put_string(amfol_bin_enc *x, const char *s, size_t len)
{
    if (len == 0) {
        put_u8(x, 0);
        return;
    }
    char key[512];
    memcpy(key, s, len);   /* len < every STR member's size <= 512 */
    key[len] = '\0';
    gpointer v = g_hash_table_lookup(x->strings.index, key);
    if (v) {
        put_varint(x, (uint64_t)GPOINTER_TO_UINT(v) + 1);   /* entry + 2 */
        return;
    }
    put_u8(x, 1);
    put_varint(x, len);
    put_bytes(x, s, len);
    strtab_add(&x->strings, s, len);
}

/* Canonical string store: the text, its NUL, zeros up to the old text's end. */
static void store_string(char *p, size_t size, const char *s, size_t len)
{
    size_t old = strlen(p);
    memmove(p, s, len);
    memset(p + len, 0, (old > len ? old - len : 0) + 1);
    (void)size;
}

static void enc_struct(amfol_bin_enc *x, const amfol_struct_schema *s, char *prev, const char *cur);

/* Write member `m` of `cur` (it differs from `prev`) and make `prev` hold it, canonically. */
static void enc_member(amfol_bin_enc *x, const amfol_member *m, char *prev, const char *cur)
{
    char *pp = prev + m->offset;
    const char *pc = cur + m->offset;
    switch (m->kind) {
    case AMFOL_M_BOOL:
        *(bool *)pp = *(const bool *)pc;         /* a toggle: nothing written */
        break;
    case AMFOL_M_STR: {
        size_t len = str_len(pc, m->size);
        put_string(x, pc, len);
        store_string(pp, m->size, pc, len);
        break;
    }
    case AMFOL_M_OBJ:
        enc_struct(x, m->sub, pp, pc);
        break;
    case AMFOL_M_ARR: {
        int n = arr_count(m, cur), pn = *(int *)(prev + m->count_offset);
        put_varint(x, (uint64_t)n);
        for (int k = 0; k < n; k++) {
            char *pe = pp + (size_t)k * m->size;
            if (k >= pn)
                amfol_codec_unset(m->sub, pe);   /* a new element starts unset (it was zeros) */
            enc_struct(x, m->sub, pe, pc + (size_t)k * m->size);
        }
        if (pn > n)
            memset(pp + (size_t)n * m->size, 0, (size_t)(pn - n) * m->size);
        *(int *)(prev + m->count_offset) = n;
        break;
    }
    case AMFOL_M_DOUBLE:
        put_varint(x, zz((int64_t)(scalar(m, pc) - scalar(m, pp))));
        *(double *)pp = *(const double *)pc;
        break;
    case AMFOL_M_INT:
        put_varint(x, zz((int64_t)(scalar(m, pc) - scalar(m, pp))));
        *(int *)pp = *(const int *)pc;
        break;
    case AMFOL_M_I64:
        put_varint(x, zz((int64_t)(scalar(m, pc) - scalar(m, pp))));
        *(int64_t *)pp = *(const int64_t *)pc;
        break;
    default:
        put_varint(x, zz((int64_t)(scalar(m, pc) - scalar(m, pp))));
        amfol_member_store(pp, m->size, amfol_member_load(pc, m->size));
        break;
    }
}

static void enc_struct(amfol_bin_enc *x, const amfol_struct_schema *s, char *prev, const char *cur)
{
    size_t nb = (s->n + 7) / 8, at = x->len;
    memset(x->buf + at, 0, nb);
    x->len += nb;
    for (size_t i = 0; i < s->n; i++) {
        const amfol_member *m = &s->members[i];
        if (same_member(m, prev, cur))
            continue;
        x->buf[at + i / 8] |= (uint8_t)(1u << (i % 8));
        enc_member(x, m, prev, cur);
    }
}

amfol_bin_enc *amfol_bin_enc_new(void)
{
    amfol_bin_enc *x = g_new0(amfol_bin_enc, 1);
    x->strings.index = g_hash_table_new(g_str_hash, g_str_equal);
    for (int i = 0; i < N_KINDS; i++) {
        x->prev[i] = g_new0(amfol_event_rec, 1);
        amfol_codec_unset(amfol_event_schema(kind_of_index[i]), &x->prev[i]->u);
        if (kind_of_index[i] == AMFOL_EV_NAS)
            amfol_codec_unset(amfol_event_schema(AMFOL_EV_NGAP), &x->prev[i]->nas_ngap);
    }
    reserve(x, AMFOL_BIN_MAX_RECORD);
    return x;
}

void amfol_bin_enc_free(amfol_bin_enc *x)
{
    if (!x)
        return;
    for (int i = 0; i < N_KINDS; i++)
        g_free(x->prev[i]);
    strtab_free(&x->strings);
    g_free(x->buf);
    g_free(x);
}

const uint8_t *amfol_bin_enc_data(const amfol_bin_enc *x, size_t *len)
{
    *len = x->len;
    return x->buf;
}

void amfol_bin_enc_consume(amfol_bin_enc *x)
{
    x->len = 0;
}

void amfol_bin_enc_header(amfol_bin_enc *x, const char *generator, const amfol_config *cfg)
{
    reserve(x, AMFOL_BIN_MAX_RECORD);
    put_bytes(x, AMFOL_BIN_MAGIC, 7);
    put_u8(x, AMFOL_BIN_VERSION);
    put_varint(x, AMFOL_EVENTS_SCHEMA);
    size_t glen = strlen(generator);
    if (glen > 255)
        glen = 255;
    put_varint(x, glen);
    put_bytes(x, generator, glen);
    amfol_config *zero = g_new0(amfol_config, 1);   /* the decoder starts from zeros */
    enc_struct(x, amfol_config_schema(), (char *)zero, (const char *)cfg);
    g_free(zero);
}

static void put_frame_delta(amfol_bin_enc *x, amfol_frame frame)
{
    put_varint(x, zz((int64_t)frame - (int64_t)x->last_frame - 1));
}

static void put_time_delta(amfol_bin_enc *x, amfol_time t)
{
    uint64_t b = time_bits(t);
    put_varint(x, zz((int64_t)(b - x->last_time_bits)));
    x->last_time_bits = b;
}

void amfol_bin_enc_frame(amfol_bin_enc *x, amfol_frame frame, amfol_time t)
{
    reserve(x, AMFOL_BIN_MAX_RECORD);
    put_u8(x, AMFOL_BIN_FRAME);
    put_frame_delta(x, frame);
    put_time_delta(x, t);
    x->last_frame = frame;
    x->frame = frame;
    x->time = t;
}

void amfol_bin_enc_run(amfol_bin_enc *x, amfol_frame first, uint64_t count, amfol_time first_time,
                       amfol_time last_time)
{
    reserve(x, AMFOL_BIN_MAX_RECORD);
    put_u8(x, AMFOL_BIN_RUN);
    put_frame_delta(x, first);
    put_varint(x, count);
    put_time_delta(x, first_time);
    put_time_delta(x, last_time);
    x->last_frame = (amfol_frame)(first + count - 1);
}

/* The members `where.frame` and `where.time` are compared with the frame's (what the reader
 * assumes), not with the previous event's. */
static void preset_where(void *obj, amfol_frame frame, amfol_time t)
{
    ((amfol_where *)obj)->frame = frame;
    ((amfol_where *)obj)->time = t;
}

void amfol_bin_enc_event(amfol_bin_enc *x, int kind, const void *ev)
{
    int ki = index_of_kind(kind);
    if (ki < 0)
        return;
    reserve(x, AMFOL_BIN_MAX_RECORD);
    put_u8(x, (uint8_t)(AMFOL_BIN_EVENT + ki));
    amfol_event_rec *p = x->prev[ki];
    preset_where(&p->u, x->frame, x->time);
    enc_struct(x, amfol_event_schema(kind), (char *)&p->u, ev);
    x->have_prev[ki] = true;
    if (kind != AMFOL_EV_NAS)
        return;
    const amfol_nas_event *nas = ev;
    if (!nas->ngap) {
        put_u8(x, 0);
        return;
    }
    /* The carrying NGAP PDU: against the last NGAP event when it is that PDU (mode 2), else
     * against the previous NAS event's (mode 1). Its where and when are implied by the NAS's. */
    const amfol_ngap_event *last = &x->prev[0]->u.ngap;
    bool same_pdu = x->have_prev[0] && last->where.frame == nas->where.frame &&
                    last->proc == nas->ngap->proc && last->index_in_frame == nas->ngap->index_in_frame &&
                    last->ran_ue_id == nas->ngap->ran_ue_id && last->amf_ue_id == nas->ngap->amf_ue_id;
    if (same_pdu)
        memcpy(&p->nas_ngap, last, sizeof p->nas_ngap);
    put_u8(x, same_pdu ? 2 : 1);
    preset_where(&p->nas_ngap, nas->where.frame, nas->where.time);
    enc_struct(x, amfol_event_schema(AMFOL_EV_NGAP), (char *)&p->nas_ngap, (const char *)nas->ngap);
}

void amfol_bin_enc_unread(amfol_bin_enc *x, int reason, uint64_t count)
{
    reserve(x, 32);
    put_u8(x, AMFOL_BIN_UNREAD);
    put_varint(x, (uint64_t)reason);
    put_varint(x, count);
}

void amfol_bin_enc_end(amfol_bin_enc *x, uint64_t frames)
{
    reserve(x, AMFOL_BIN_TRAILER);
    put_u8(x, AMFOL_BIN_END);
    put_bytes(x, "END", 3);
    for (int i = 0; i < 8; i++)
        put_u8(x, (uint8_t)(frames >> (8 * i)));
}

/* ---- decoder -------------------------------------------------------------------------------- */

typedef struct slots {
    amfol_event_rec **pool;
    guint n, used;
    int prev;                        /* slot of the previous event of this kind, -1 before any */
} slots;

struct amfol_bin_dec {
    strtab strings;
    slots kinds[N_KINDS];
    amfol_frame last_frame;
    uint64_t last_time_bits;
    amfol_frame frame;
    amfol_time time;
    bool in_frame;
};

typedef struct rd {
    const uint8_t *p, *end;
    const char *bad;                 /* why, once something was wrong */
} rd;

static inline void fail(rd *r, const char *why)
{
    if (!r->bad)
        r->bad = why;
    r->p = r->end;
}

static inline uint8_t get_u8(rd *r)
{
    if (r->p >= r->end) {
        fail(r, "truncated");
        return 0;
    }
    return *r->p++;
}

static inline uint64_t get_varint(rd *r)
{
    if (r->p < r->end && *r->p < 0x80)
        return *r->p++;
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (r->p >= r->end) {
            fail(r, "truncated");
            return 0;
        }
        uint8_t b = *r->p++;
        if (shift == 63 && b > 1) {
            fail(r, "varint out of range");
            return 0;
        }
        v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80))
            return v;
    }
    fail(r, "varint out of range");
    return 0;
}

static void dec_struct(amfol_bin_dec *d, rd *r, const amfol_struct_schema *s, char *obj);

static void dec_member(amfol_bin_dec *d, rd *r, const amfol_member *m, char *obj)
{
    char *p = obj + m->offset;
    switch (m->kind) {
    case AMFOL_M_BOOL:
        *(bool *)p = !*(bool *)p;
        return;
    case AMFOL_M_STR: {
        uint64_t code = get_varint(r);
        const char *s;
        size_t len;
        if (code == 0) {
            s = "";
            len = 0;
        } else if (code == 1) {
            uint64_t n = get_varint(r);
            if (n == 0 || n >= m->size || n > (uint64_t)(r->end - r->p))
                return fail(r, n > (uint64_t)(r->end - r->p) ? "truncated" : "string too long");
            s = (const char *)r->p;
            len = (size_t)n;
            if (memchr(s, 0, len))
                return fail(r, "NUL in a string");
            r->p += len;
            guint e = strtab_add(&d->strings, s, len);
            s = d->strings.text + d->strings.at[e];
        } else {
            if (code - 2 >= d->strings.n)
                return fail(r, "string reference out of the table");
            s = d->strings.text + d->strings.at[code - 2];
            len = d->strings.len[code - 2];
            if (len >= m->size)
                return fail(r, "string too long");
        }
        if (!r->bad)
            store_string(p, m->size, s, len);
        return;
    }
    case AMFOL_M_OBJ:
        dec_struct(d, r, m->sub, p);
        return;
    case AMFOL_M_ARR: {
        uint64_t n = get_varint(r);
        int pn = *(int *)(obj + m->count_offset);
        if (n > (uint64_t)m->max)
            return fail(r, "array longer than its capacity");
        for (int k = 0; k < (int)n && !r->bad; k++) {
            char *pe = p + (size_t)k * m->size;
            if (k >= pn)
                amfol_codec_unset(m->sub, pe);
            dec_struct(d, r, m->sub, pe);
        }
        if (r->bad)
            return;
        if (pn > (int)n)
            memset(p + n * m->size, 0, (size_t)(pn - (int)n) * m->size);
        *(int *)(obj + m->count_offset) = (int)n;
        return;
    }
    default:
        break;
    }
    uint64_t v = scalar(m, p) + (uint64_t)unzz(get_varint(r));
    if (r->bad)
        return;
    switch (m->kind) {
    case AMFOL_M_INT:
        if ((int64_t)v < INT32_MIN || (int64_t)v > INT32_MAX)
            return fail(r, "value out of range");
        *(int *)p = (int)(int64_t)v;
        return;
    case AMFOL_M_I64:
        *(int64_t *)p = (int64_t)v;
        return;
    case AMFOL_M_DOUBLE:
        *(double *)p = bits_time(v);
        return;
    default:
        if (m->size < 8 && v >> (8 * m->size))
            return fail(r, "value out of range");
        amfol_member_store(p, m->size, v);
        return;
    }
}

static void dec_struct(amfol_bin_dec *d, rd *r, const amfol_struct_schema *s, char *obj)
{
    size_t nb = (s->n + 7) / 8;   /* s->n <= 64: checked by amfol_bin_dec_new() */
    if ((size_t)(r->end - r->p) < nb)
        return fail(r, "truncated");
    uint64_t mask = 0;
    for (size_t i = 0; i < nb; i++)
        mask |= (uint64_t)r->p[i] << (8 * i);
    r->p += nb;
    if (s->n < 64 && mask >> s->n)
        return fail(r, "unknown member");
    while (mask && !r->bad) {     /* the changed members only */
        int i = __builtin_ctzll(mask);
        mask &= mask - 1;
        dec_member(d, r, &s->members[i], obj);
    }
}

/* Every struct of the schema has at most 64 members (one bitmap word). */
static bool fits_bitmap(const amfol_struct_schema *s)
{
    if (s->n > 64)
        return false;
    for (size_t i = 0; i < s->n; i++)
        if (s->members[i].sub && !fits_bitmap(s->members[i].sub))
            return false;
    return true;
}

amfol_bin_dec *amfol_bin_dec_new(void)
{
    for (int i = 0; i < N_KINDS; i++)
        g_assert(fits_bitmap(amfol_event_schema(kind_of_index[i])));
    g_assert(fits_bitmap(amfol_config_schema()));
    amfol_bin_dec *d = g_new0(amfol_bin_dec, 1);
    for (int i = 0; i < N_KINDS; i++)
        d->kinds[i].prev = -1;
    return d;
}

void amfol_bin_dec_free(amfol_bin_dec *d)
{
    if (!d)
        return;
    for (int i = 0; i < N_KINDS; i++) {
        for (guint j = 0; j < d->kinds[i].n; j++)
            g_free(d->kinds[i].pool[j]);
        g_free(d->kinds[i].pool);
    }
    strtab_free(&d->strings);
    g_free(d);
}

bool amfol_bin_is_compact(const uint8_t *p, size_t len)
{
    return len >= 7 && memcmp(p, AMFOL_BIN_MAGIC, 7) == 0;
}

static size_t done(rd *r, const uint8_t *start, GString *err)
{
    if (r->bad) {
        g_string_assign(err, r->bad);
        return 0;
    }
    return (size_t)(r->p - start);
}

size_t amfol_bin_dec_header(amfol_bin_dec *d, const uint8_t *p, size_t len, amfol_config *cfg, GString *err)
{
    if (!p || !amfol_bin_is_compact(p, len)) {
        g_string_assign(err, "not an amfol events file");
        return 0;
    }
    rd r = { p + 7, p + len, NULL };
    unsigned version = get_u8(&r);
    if (!r.bad && version != AMFOL_BIN_VERSION) {
        g_string_printf(err, "compact event format version %u; this amfol reads version %d (export and "
                        "replay with the same amfol version)", version, AMFOL_BIN_VERSION);
        return 0;
    }
    uint64_t schema = get_varint(&r);
    if (!r.bad && schema != AMFOL_EVENTS_SCHEMA) {
        g_string_printf(err, "event schema version %" G_GUINT64_FORMAT "; this amfol reads version %d (export "
                        "and replay with the same amfol version)", schema, AMFOL_EVENTS_SCHEMA);
        return 0;
    }
    uint64_t glen = get_varint(&r);
    if (glen > (uint64_t)(r.end - r.p))
        fail(&r, "truncated");
    else
        r.p += glen;
    memset(cfg, 0, sizeof *cfg);
    if (!r.bad)
        dec_struct(d, &r, amfol_config_schema(), (char *)cfg);
    return done(&r, p, err);
}

static amfol_event_rec *slot(amfol_bin_dec *d, int ki)
{
    slots *k = &d->kinds[ki];
    if (k->used == k->n) {
        k->pool = g_renew(amfol_event_rec *, k->pool, k->n + 1);
        amfol_event_rec *rec = g_new0(amfol_event_rec, 1);
        rec->kind = kind_of_index[ki];
        amfol_codec_unset(amfol_event_schema(rec->kind), &rec->u);
        if (rec->kind == AMFOL_EV_NAS)
            amfol_codec_unset(amfol_event_schema(AMFOL_EV_NGAP), &rec->nas_ngap);
        k->pool[k->n++] = rec;
    }
    amfol_event_rec *rec = k->pool[k->used];
    if (k->prev >= 0 && k->prev != (int)k->used) {   /* the delta is against the previous event */
        const amfol_event_rec *prev = k->pool[k->prev];
        memcpy(&rec->u, &prev->u, amfol_event_size(rec->kind));
        if (rec->kind == AMFOL_EV_NAS)
            memcpy(&rec->nas_ngap, &prev->nas_ngap, sizeof rec->nas_ngap);
    }
    k->prev = (int)k->used++;
    return rec;
}

/* A new frame: its events reuse the slots from the first; the previous event of each kind is
 * swapped into slot 0, so that a frame with one event of a kind decodes in place. */
static void new_frame(amfol_bin_dec *d)
{
    for (int i = 0; i < N_KINDS; i++) {
        slots *k = &d->kinds[i];
        k->used = 0;
        if (k->prev > 0) {
            amfol_event_rec *t = k->pool[0];
            k->pool[0] = k->pool[k->prev];
            k->pool[k->prev] = t;
            k->prev = 0;
        }
    }
}

static amfol_frame get_frame(rd *r, amfol_frame last)
{
    int64_t f = (int64_t)last + 1 + unzz(get_varint(r));
    if (!r->bad && (f < 0 || f > UINT32_MAX))
        fail(r, "frame number out of range");
    return (amfol_frame)f;
}

static amfol_time get_time(amfol_bin_dec *d, rd *r)
{
    d->last_time_bits += (uint64_t)unzz(get_varint(r));
    return bits_time(d->last_time_bits);
}

size_t amfol_bin_dec_record(amfol_bin_dec *d, const uint8_t *p, size_t len, amfol_bin_record *out, GString *err)
{
    static const uint8_t none[1];
    if (!p) {                        /* nothing to read (and no arithmetic on a null pointer) */
        p = none;
        len = 0;
    }
    rd r = { p, p + len, NULL };
    unsigned tag = get_u8(&r);
    out->tag = (int)tag;
    out->rec = NULL;
    if (r.bad)
        return done(&r, p, err);
    if (tag == AMFOL_BIN_FRAME) {
        out->frame = get_frame(&r, d->last_frame);
        out->time = get_time(d, &r);
        d->last_frame = d->frame = out->frame;
        d->time = out->time;
        d->in_frame = true;
        new_frame(d);
    } else if (tag == AMFOL_BIN_RUN) {
        out->frame = get_frame(&r, d->last_frame);
        out->count = get_varint(&r);
        out->time = get_time(d, &r);
        out->last_time = get_time(d, &r);
        if (!r.bad && (out->count == 0 || out->count > UINT32_MAX ||
                       (uint64_t)out->frame + out->count - 1 > UINT32_MAX))
            fail(&r, "bad frame count");
        d->last_frame = (amfol_frame)(out->frame + out->count - 1);
        d->in_frame = false;
    } else if (tag == AMFOL_BIN_UNREAD) {
        uint64_t reason = get_varint(&r);
        out->count = get_varint(&r);
        if (!r.bad && (reason >= AMFOL_NOTE_REASONS || out->count == 0 || out->count > UINT32_MAX))
            fail(&r, "bad unread record");
        out->reason = (int)reason;
        d->in_frame = false;
    } else if (tag == AMFOL_BIN_END) {
        if ((size_t)(r.end - r.p) < AMFOL_BIN_TRAILER - 1)
            fail(&r, "truncated");
        else if (!amfol_bin_trailer(p, &out->count))
            fail(&r, "broken end record");
        else
            r.p += AMFOL_BIN_TRAILER - 1;
    } else if (tag >= AMFOL_BIN_EVENT && tag < AMFOL_BIN_EVENT + N_KINDS) {
        int ki = (int)tag - AMFOL_BIN_EVENT;
        int kind = kind_of_index[ki];
        out->tag = AMFOL_BIN_EVENT;
        if (!d->in_frame) {
            g_string_printf(err, "%s event before any frame record", amfol_event_kind_name(kind));
            return 0;
        }
        amfol_event_rec *rec = slot(d, ki);
        preset_where(&rec->u, d->frame, d->time);
        dec_struct(d, &r, amfol_event_schema(kind), (char *)&rec->u);
        if (kind == AMFOL_EV_NAS && !r.bad) {
            unsigned mode = get_u8(&r);
            rec->u.nas.ngap = NULL;
            if (mode == 2) {
                slots *ng = &d->kinds[0];
                if (ng->prev < 0)
                    fail(&r, "NAS event refers to an NGAP event before any");
                else
                    memcpy(&rec->nas_ngap, &ng->pool[ng->prev]->u.ngap, sizeof rec->nas_ngap);
            } else if (mode > 2) {
                fail(&r, "bad NGAP mode of a NAS event");
            }
            if (mode && !r.bad) {
                preset_where(&rec->nas_ngap, rec->u.nas.where.frame, rec->u.nas.where.time);
                dec_struct(d, &r, amfol_event_schema(AMFOL_EV_NGAP), (char *)&rec->nas_ngap);
                rec->u.nas.ngap = &rec->nas_ngap;
            }
        }
        out->rec = rec;
        if (r.bad)
            g_string_printf(err, "%s event: ", amfol_event_kind_name(kind));
    } else {
        g_string_printf(err, "unknown record 0x%02x", tag);
        return 0;
    }
    if (r.bad) {
        g_string_append(err, r.bad);
        return 0;
    }
    return (size_t)(r.p - p);
}

bool amfol_bin_trailer(const uint8_t *p, uint64_t *frames)
{
    if (p[0] != AMFOL_BIN_END || memcmp(p + 1, "END", 3) != 0)
        return false;
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)p[4 + i] << (8 * i);
    *frames = v;
    return true;
}
