/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_symptoms.c: takes the events in: per-second counts per AMF, requests waiting for the
 * AMF's answer (decided as answered or unanswered after amfol.answer_timeout_ms), SBI
 * request/response pairs per producer NF type, N2 UE contexts, and the AMF's overload controls. */
#include "amfol_symptoms_internal.h"
#include "../core/amfol_3gpp.h"
#include "../core/amfol_context.h"
#include "../n2/amfol_n2.h"      /* AMF names of associations, START segments */
#include "../nas/amfol_nas.h"    /* amfol.congestion_causes as a set */
#include "../sbi/amfol_sbi.h"    /* an AMF's SBI address from its NF profile */

#include <math.h>
#include <string.h>

/* 5GMM message types (TS 24.501 §9.7). */
enum { MM_REGISTRATION_REQUEST = 0x41, MM_REGISTRATION_ACCEPT = 0x42, MM_REGISTRATION_REJECT = 0x44,
       MM_AUTHENTICATION_REQUEST = 0x56 };
#define NGAP_CAUSE_MISC 4

#define SAMPLE_UNANSWERED (-1.0f)
#define SAMPLE_RELEASED (-2.0f)   /* answered by UE CONTEXT RELEASE COMMAND: no NAS latency */

static amfol_symptoms *symptoms_new(const amfol_config *cfg)
{
    amfol_symptoms *s = g_new0(amfol_symptoms, 1);
    s->cfg = *cfg;
    amfol_nas_parse_cause_set(cfg->congestion_causes, s->congestion);
    s->amfs = g_ptr_array_new();
    s->sbi_open = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_free);
    s->samples = g_array_new(FALSE, FALSE, sizeof(sym_sample));
    return s;
}

static void symptoms_free(amfol_symptoms *s)
{
    if (!s)
        return;
    sym_series_clear(s);
    for (guint i = 0; i < s->amfs->len; i++) {
        sym_amf *a = g_ptr_array_index(s->amfs, i);
        g_array_free(a->slots, TRUE);
        g_free(a);
    }
    g_ptr_array_free(s->amfs, TRUE);
    for (int k = 0; k < 2; k++)
        amfol_u64map_clear(&s->pending[k]);
    g_free(s->queue.e);
    g_hash_table_destroy(s->sbi_open);
    amfol_u64map_clear(&s->contexts);
    g_array_free(s->samples, TRUE);
    g_free(s);
}

uint64_t amfol_symptoms_version(amfol_engine *e)
{
    return e && e->symptoms ? e->symptoms->version : 0;
}

/* ---- small helpers ----------------------------------------------------------------------- */

static void ip_of(const char *endpoint, char *buf, size_t cap)
{
    g_strlcpy(buf, endpoint, cap);
    char *colon = strrchr(buf, ':');
    if (colon && buf[0] == '[') {            /* "[2001:db8::1]:80" */
        char *close = strchr(buf, ']');
        if (close)
            *close = '\0';
        memmove(buf, buf + 1, strlen(buf));
    } else if (colon)
        *colon = '\0';
}

static int amf_index(amfol_symptoms *s, const char *name)
{
    if (s->last_amf == name)                 /* consecutive events: mostly the same AMF */
        return s->last_ai;
    for (guint i = 0; i < s->amfs->len; i++)
        if (((sym_amf *)g_ptr_array_index(s->amfs, i))->name == name) {
            s->last_amf = name;
            s->last_ai = (int)i;
            return (int)i;
        }
    if (s->amfs->len >= SYM_MAX_AMFS) {
        s->amfs_dropped++;
        return -1;
    }
    sym_amf *a = g_new0(sym_amf, 1);
    a->name = name;
    a->capacity = -1;
    a->slots = g_array_sized_new(FALSE, TRUE, sizeof(sym_slot), 64);
    g_ptr_array_add(s->amfs, a);
    return (int)s->amfs->len - 1;
}

/* The AMF at an address: its N2 address, else the SBI address its NF profile gives. */
int sym_amf_by_ip(amfol_engine *e, const char *ip)
{
    const amfol_symptoms *s = e->symptoms;
    for (guint i = 0; i < s->amfs->len; i++)
        if (strcmp(((sym_amf *)g_ptr_array_index(s->amfs, i))->ip, ip) == 0)
            return (int)i;
    const char *name = amfol_sbi_amf_for_ip(e, ip);
    for (guint i = 0; name && i < s->amfs->len; i++)
        if (strcmp(((sym_amf *)g_ptr_array_index(s->amfs, i))->name, name) == 0)
            return (int)i;
    return -1;
}

static sym_slot *slot_at(const amfol_engine *e, sym_amf *a, amfol_time t)
{
    double sec = floor(t - e->cap.first_time);
    if (!(sec >= 0 && sec < SYM_MAX_SLOTS)) {
        a->slots_dropped++;
        return NULL;
    }
    guint k = (guint)sec;
    if (k >= a->slots->len)
        g_array_set_size(a->slots, k + 1);   /* new slots are zeroed */
    return &g_array_index(a->slots, sym_slot, k);
}

/* One N2 UE context: the association (endpoints in either order) and the RAN UE NGAP ID.
 * `assoc`: N2's number of the association (-1 unknown), for the memo of the pair's hash. */
static bool ue_key(amfol_symptoms *s, int assoc, const amfol_ngap_event *ev, uint64_t *key)
{
    if (ev->ran_ue_id == AMFOL_ABSENT)
        return false;
    const amfol_endpoint *a = &ev->where.src, *b = &ev->where.dst;
    uint64_t h;
    if (assoc >= 0 && assoc < SYM_PAIR_MEMOS && s->pair_memo[assoc].set &&
        ((strcmp(a->text, s->pair_memo[assoc].a) == 0 && strcmp(b->text, s->pair_memo[assoc].b) == 0) ||
         (strcmp(b->text, s->pair_memo[assoc].a) == 0 && strcmp(a->text, s->pair_memo[assoc].b) == 0))) {
        h = s->pair_memo[assoc].h;
    } else {
        if (strcmp(a->text, b->text) > 0) {
            const amfol_endpoint *t = a;
            a = b;
            b = t;
        }
        size_t la = amfol_endpoint_len(a), lb = amfol_endpoint_len(b);
        h = amfol_endpoint_pair_hash(a, la, b, lb, 0);
        if (assoc >= 0 && assoc < SYM_PAIR_MEMOS) {
            memcpy(s->pair_memo[assoc].a, a->text, la);
            s->pair_memo[assoc].a[la] = '\0';
            memcpy(s->pair_memo[assoc].b, b->text, lb);
            s->pair_memo[assoc].b[lb] = '\0';
            s->pair_memo[assoc].h = h;
            s->pair_memo[assoc].set = true;
        }
    }
    *key = ((h ^ (h >> 32)) << 32) | (uint32_t)ev->ran_ue_id;
    return true;
}

static void add_sample(amfol_symptoms *s, int series, amfol_time t, amfol_frame frame, float latency,
                       uint16_t owner, uint8_t consumer)
{
    if (s->samples->len >= SYM_MAX_SAMPLES) {
        s->samples_dropped++;
        return;
    }
    sym_sample x = { .t = t, .latency_s = latency, .frame = frame, .owner = owner,
                     .series = (uint8_t)series, .consumer = consumer };
    g_array_append_val(s->samples, x);
}

/* This NGAP message is an OVERLOAD START: asked of the N2 timeline (tap/n2, the one reader of
 * START/STOP), which has already taken it and opened a segment at its frame. */
static bool opens_segment(const amfol_n2 *n2, int assoc, const amfol_ngap_event *ev)
{
    const amfol_n2_segment *seg = amfol_n2_segment_get(n2, amfol_n2_assoc_last_segment(n2, assoc));
    return seg && !seg->start_unknown && seg->start_frame == ev->where.frame;
}

static void add_control(sym_amf *a, amfol_frame frame, amfol_time t, const char *kind)
{
    if (a->n_controls > 0 && t - a->controls[a->n_controls - 1].t < 1.0)
        return;                               /* one instant per second is enough */
    if (a->n_controls >= SYM_MAX_CONTROLS) {
        a->controls_dropped++;
        return;
    }
    a->controls[a->n_controls++] = (sym_control){ .frame = frame, .t = t, .kind = kind };
}

/* ---- requests waiting for the AMF's answer ----------------------------------------------- */

static int pending_table(int series)
{
    return series == AMFOL_SYM_INITIAL_UE ? 0 : 1;
}

G_STATIC_ASSERT((SYM_MAX_PENDING & (SYM_MAX_PENDING - 1)) == 0);

static sym_pending *queued(const amfol_symptoms *s, uint64_t n)
{
    return &s->queue.e[n & (s->queue.cap - 1)];
}

/* The oldest request leaves the queue (and its table, unless a later copy took its key). */
static void pending_leave_head(amfol_symptoms *s)
{
    uint64_t n = s->queue.head++;
    const sym_pending *p = queued(s, n);
    amfol_u64map *h = &s->pending[pending_table(p->series)];
    if (amfol_u64map_get(h, p->key) == n + 1)
        amfol_u64map_remove(h, p->key);
}

/* Decide the requests whose answer time is up (events come in time order; `now` only grows). */
static void expire(amfol_symptoms *s)
{
    double timeout = s->cfg.answer_timeout_ms / 1000.0;
    while (s->queue.head < s->queue.tail) {
        const sym_pending *p = queued(s, s->queue.head);
        if (!(p->t + timeout <= s->now))
            break;
        if (!p->done && p->series == AMFOL_SYM_INITIAL_UE)
            add_sample(s, p->series, p->t, p->frame, SAMPLE_UNANSWERED, p->amf, 0);
        pending_leave_head(s);
    }
}

/* Room for one more request: double the ring (up to SYM_MAX_PENDING) when full; numbers stay. */
static void queue_grow(amfol_symptoms *s)
{
    if (s->queue.tail - s->queue.head < s->queue.cap)
        return;
    uint32_t cap = s->queue.cap ? s->queue.cap * 2 : 1024;
    sym_pending *e = g_new(sym_pending, cap);
    for (uint64_t n = s->queue.head; n < s->queue.tail; n++)
        e[n & (cap - 1)] = *queued(s, n);
    g_free(s->queue.e);
    s->queue.e = e;
    s->queue.cap = cap;
}

static void pending_add(amfol_symptoms *s, int series, uint64_t key, int amf, amfol_frame frame,
                        amfol_time t)
{
    /* The same request again (a second probe, an SCTP retransmission) while the first waits:
     * one request, timed from its first copy. */
    if (amfol_u64map_get(&s->pending[pending_table(series)], key))
        return;
    if (s->queue.tail - s->queue.head >= SYM_MAX_PENDING) {
        if (!queued(s, s->queue.head)->done)
            s->pending_dropped++;
        pending_leave_head(s);
    }
    queue_grow(s);
    uint64_t n = s->queue.tail++;
    *queued(s, n) = (sym_pending){ .key = key, .t = t, .frame = frame, .amf = (uint16_t)amf,
                                   .series = (uint8_t)series };
    amfol_u64map_put(&s->pending[pending_table(series)], key, n + 1);
}

static void pending_answer(amfol_symptoms *s, int series, uint64_t key, amfol_time t, bool released)
{
    amfol_u64map *h = &s->pending[pending_table(series)];
    uint64_t n = amfol_u64map_get(h, key);
    sym_pending *p = n ? queued(s, n - 1) : NULL;
    if (!p || p->done)
        return;
    float latency = released ? SAMPLE_RELEASED : (float)(t - p->t);
    if (latency < 0 && !released)
        latency = 0;                         /* out-of-order timestamps */
    add_sample(s, p->series, p->t, p->frame, latency, p->amf, 0);
    p->done = true;
    amfol_u64map_remove(h, key);
}

/* ---- N2 UE contexts ---------------------------------------------------------------------- */

static void context_add(amfol_symptoms *s, uint64_t key, int amf)
{
    if (amfol_u64map_get(&s->contexts, key))
        return;
    if (amfol_u64map_size(&s->contexts) >= SYM_MAX_CONTEXTS) {
        s->contexts_dropped++;
        return;
    }
    amfol_u64map_put(&s->contexts, key, (uint64_t)amf + 1);
    ((sym_amf *)g_ptr_array_index(s->amfs, amf))->contexts++;
}

static void context_remove(amfol_symptoms *s, uint64_t key)
{
    int amf = (int)amfol_u64map_get(&s->contexts, key) - 1;
    if (amf < 0)
        return;
    amfol_u64map_remove(&s->contexts, key);
    sym_amf *a = g_ptr_array_index(s->amfs, amf);
    if (a->contexts)
        a->contexts--;
}

/* The capture's last frame (any frame: an SCTP heartbeat after an AMF fell silent) closes the
 * requests whose answer time it passed: they are unanswered, though no NGAP, NAS or SBI event
 * came after them. Those still within their answer time at the capture's end stay open (the
 * capture cannot tell), counted by sym_open_at_end. True when it decided some. */
bool sym_close_at(amfol_symptoms *s, amfol_time last)
{
    if (!(last > s->now))
        return false;
    guint before = s->samples->len;
    s->now = last;
    expire(s);
    return s->samples->len != before;
}

uint32_t sym_open_at_end(const amfol_symptoms *s, int amf)
{
    uint32_t n = 0;
    for (uint64_t i = s->queue.head; i < s->queue.tail; i++) {
        const sym_pending *p = queued(s, i);
        n += !p->done && p->series == AMFOL_SYM_INITIAL_UE && p->amf == amf;
    }
    return n;
}

/* ---- inputs ------------------------------------------------------------------------------ */

static void take(amfol_symptoms *s, amfol_time t)
{
    s->version++;
    if (t > s->now)
        s->now = t;
    expire(s);
}

/* A NAS-PDU in an AMF-initiated message (DOWNLINK NAS TRANSPORT, INITIAL CONTEXT SETUP, PDU
 * SESSION RESOURCE SETUP/MODIFY/RELEASE COMMAND, ...). */
static bool is_downlink_nas(const amfol_ngap_event *ev)
{
    return ev->has_nas && ev->pdu_type == AMFOL_PDU_INITIATING && amfol_ngap_initiator(ev->proc) > 0;
}

static bool overload_cause(const amfol_ngap_event *ev)
{
    return ev->cause.group == NGAP_CAUSE_MISC &&
           ev->cause.value == AMFOL_NGAP_MISC_CONTROL_PROCESSING_OVERLOAD;
}

static void symptoms_ngap(amfol_engine *e, const amfol_ngap_event *ev, void *result)
{
    (void)result;   /* always NULL: the N2 module owns NGAP results */
    if (!e || !ev)
        return;
    amfol_symptoms *s = e->symptoms;
    take(s, ev->where.time);
    int assoc = amfol_n2_where_assoc(e->n2, &ev->where);   /* asked once per event */
    const char *name = amfol_n2_assoc_amf_name(e->n2, assoc);
    int ai = name ? amf_index(s, name) : -1;
    if (ai < 0)
        return;
    sym_amf *a = g_ptr_array_index(s->amfs, ai);
    sym_slot *slot = slot_at(e, a, ev->where.time);
    bool initiating = ev->pdu_type == AMFOL_PDU_INITIATING;
    uint64_t key = 0;
    bool has_key = ue_key(s, assoc, ev, &key);
    if (slot) {
        slot->ngap++;
        slot->nas += ev->has_nas;
        slot->initial_ue += initiating && ev->proc == AMFOL_NGAP_INITIAL_UE_MESSAGE;
        slot->error_indications += ev->proc == AMFOL_NGAP_ERROR_INDICATION;
        slot->ng_setup_failures += ev->proc == AMFOL_NGAP_NG_SETUP && ev->pdu_type == AMFOL_PDU_UNSUCCESSFUL;
        slot->overload_releases += initiating && overload_cause(ev) &&
                                   (ev->proc == AMFOL_NGAP_UE_CONTEXT_RELEASE ||
                                    ev->proc == AMFOL_NGAP_UE_CONTEXT_RELEASE_REQUEST);
    }
    if (initiating && ev->proc == AMFOL_NGAP_INITIAL_UE_MESSAGE) {
        if (strcmp(a->ip_from, ev->where.dst.text) != 0) {   /* the same address again: same ip */
            ip_of(ev->where.dst.text, a->ip, sizeof a->ip);
            g_strlcpy(a->ip_from, ev->where.dst.text, sizeof a->ip_from);
        }
        if (has_key)
            pending_add(s, AMFOL_SYM_INITIAL_UE, key, ai, ev->where.frame, ev->where.time);
    }
    if (has_key) {
        if (is_downlink_nas(ev))
            pending_answer(s, AMFOL_SYM_INITIAL_UE, key, ev->where.time, false);
        else if (initiating && ev->proc == AMFOL_NGAP_UE_CONTEXT_RELEASE)
            pending_answer(s, AMFOL_SYM_INITIAL_UE, key, ev->where.time, true);
        if (ev->proc == AMFOL_NGAP_UE_CONTEXT_RELEASE && ev->pdu_type == AMFOL_PDU_SUCCESSFUL)
            context_remove(s, key);
        else
            context_add(s, key, ai);   /* first sight: captures start mid-incident */
    }
    if (slot) {
        slot->ue_contexts = a->contexts;
        slot->has_contexts = true;
    }
    if (opens_segment(e->n2, assoc, ev))
        add_control(a, ev->where.frame, ev->where.time, "OVERLOAD START");
    /* The AMF's other ways of pushing back (TS 38.413 §8.7.1.3, §8.3.3): refusing a gNB with a
     * Time To Wait, releasing UEs for overload. An ERROR INDICATION reports, it controls nothing. */
    else if (ev->proc == AMFOL_NGAP_NG_SETUP && ev->pdu_type == AMFOL_PDU_UNSUCCESSFUL && overload_cause(ev) &&
             ev->time_to_wait >= 0)
        add_control(a, ev->where.frame, ev->where.time, "NG SETUP FAILURE with Time To Wait");
    else if (initiating && ev->proc == AMFOL_NGAP_UE_CONTEXT_RELEASE && overload_cause(ev))
        add_control(a, ev->where.frame, ev->where.time, "UE CONTEXT RELEASE for overload");
    /* A lowered weight factor steers the gNBs' new UEs to the other AMFs of the set (TS 23.501
     * §5.19.3, TS 38.413 §8.7.3): read as the AMF shedding load, amfol's reading. Lowered against
     * the last value it announced (NG SETUP RESPONSE, earlier updates) only: the first value seen
     * says nothing of a change. */
    bool announces = (ev->proc == AMFOL_NGAP_NG_SETUP && ev->pdu_type == AMFOL_PDU_SUCCESSFUL) ||
                     (ev->proc == AMFOL_NGAP_AMF_CONFIGURATION_UPDATE && initiating);
    if (announces && ev->relative_amf_capacity != AMFOL_ABSENT) {
        if (initiating && a->capacity >= 0 && ev->relative_amf_capacity < a->capacity)
            add_control(a, ev->where.frame, ev->where.time, "AMF CONFIGURATION UPDATE lowering RelativeAMFCapacity");
        a->capacity = ev->relative_amf_capacity;
    }
}

static void symptoms_nas(amfol_engine *e, const amfol_nas_event *ev, void *result)
{
    (void)result;   /* always NULL: the NAS module owns NAS results */
    if (!e || !ev)
        return;
    amfol_symptoms *s = e->symptoms;
    const amfol_ngap_event *ng = ev->ngap;
    take(s, ev->where.time);
    if (!ng)
        return;
    int assoc = amfol_n2_where_assoc(e->n2, &ng->where);
    const char *name = amfol_n2_assoc_amf_name(e->n2, assoc);
    int ai = name ? amf_index(s, name) : -1;
    uint64_t key;
    if (ai < 0 || !ue_key(s, assoc, ng, &key))
        return;
    bool uplink = ng->proc == AMFOL_NGAP_INITIAL_UE_MESSAGE || ng->proc == AMFOL_NGAP_UPLINK_NAS_TRANSPORT;
    if (uplink && ev->mm_type == MM_REGISTRATION_REQUEST)
        pending_add(s, AMFOL_SYM_REGISTRATION, key, ai, ev->where.frame, ev->where.time);
    else if (!uplink && (ev->mm_type == MM_AUTHENTICATION_REQUEST ||
                         ev->mm_type == MM_REGISTRATION_ACCEPT || ev->mm_type == MM_REGISTRATION_REJECT))
        pending_answer(s, AMFOL_SYM_REGISTRATION, key, ev->where.time, false);
    /* Read from the event: the same verdict as the NAS module's. */
    bool congestion = (ev->mm_cause >= 0 && ev->mm_cause < 256 && s->congestion[ev->mm_cause]) ||
                      ev->sm_cause == 26 || ev->sm_cause == 67 || ev->sm_cause == 69;
    if (congestion && !uplink)
        add_control(g_ptr_array_index(s->amfs, ai), ev->where.frame, ev->where.time,
                    "NAS congestion reject");
}

static int consumer_index(amfol_symptoms *s, const char *ip)
{
    for (int i = 0; i < s->n_consumers; i++)
        if (strcmp(s->consumers[i], ip) == 0)
            return i;
    if (s->n_consumers >= SYM_MAX_CONSUMERS)
        return -1;
    g_strlcpy(s->consumers[s->n_consumers], ip, sizeof s->consumers[0]);
    return s->n_consumers++;
}

/* The only AMF that received INITIAL UE MESSAGEs so far, else -1. */
static int sole_amf_now(const amfol_symptoms *s)
{
    int found = -1;
    for (guint i = 0; i < s->amfs->len; i++)
        if (((const sym_amf *)g_ptr_array_index(s->amfs, i))->ip[0]) {
            if (found >= 0)
                return -1;
            found = (int)i;
        }
    return found;
}

static void sbi_control(amfol_engine *e, const amfol_sbi_event *ev)
{
    amfol_symptoms *s = e->symptoms;
    char ip[48];
    ip_of(ev->where.src.text, ip, sizeof ip);
    int ai = sym_amf_by_ip(e, ip);   /* the AMF as producer answering with overload control */
    if (ai >= 0 && ev->status != AMFOL_ABSENT && (ev->status == 503 || ev->status == 429 || ev->oci[0]))
        add_control(g_ptr_array_index(s->amfs, ai), ev->where.frame, ev->where.time,
                    ev->oci[0] ? "SBI OCI" : ev->status == 503 ? "SBI 503" : "SBI 429");
    /* The AMF's own load report to the NRF (NFRegister / NFUpdate it sends): from its N2
     * address, else, when the capture has one AMF with UE traffic, from any AMF profile. */
    if (ev->status != AMFOL_ABSENT)
        return;
    for (int i = 0; i < ev->n_loads && i < AMFOL_SBI_MAX_LOADS; i++) {
        const amfol_sbi_load *l = &ev->loads[i];
        if (l->load == AMFOL_ABSENT || l->load < (int)s->cfg.nrf_load_high ||
            (l->nf_type[0] && strcmp(l->nf_type, "AMF") != 0))
            continue;
        int owner = ai >= 0 ? ai : sole_amf_now(s);
        if (owner >= 0)
            add_control(g_ptr_array_index(s->amfs, owner), ev->where.frame, ev->where.time, "NRF load report");
        return;
    }
}

static void symptoms_sbi(amfol_engine *e, const amfol_sbi_event *ev, void *result)
{
    (void)result;   /* always NULL: the SBI module owns SBI results */
    if (!e || !ev)
        return;
    amfol_symptoms *s = e->symptoms;
    take(s, ev->where.time);
    if (ev->tls)
        return;
    sbi_control(e, ev);
    uint64_t key = ((uint64_t)ev->tcp_stream << 32) | ev->stream_id;
    if (ev->status == AMFOL_ABSENT && ev->path[0]) {
        int series = amfol_sym_series_for_path(ev->path);
        if (series < 0 || g_hash_table_contains(s->sbi_open, &key))
            return;
        char ip[48];
        ip_of(ev->where.src.text, ip, sizeof ip);
        int consumer = consumer_index(s, ip);
        if (consumer < 0 || g_hash_table_size(s->sbi_open) >= SYM_MAX_SBI_OPEN) {
            s->sbi_open_dropped++;
            return;
        }
        sym_sbi_open *o = g_new(sym_sbi_open, 1);
        *o = (sym_sbi_open){ .t = ev->where.time, .frame = ev->where.frame, .series = (uint8_t)series,
                             .consumer = (uint8_t)consumer };
        g_hash_table_insert(s->sbi_open, g_memdup2(&key, sizeof key), o);
    } else if (ev->status != AMFOL_ABSENT) {
        sym_sbi_open *o = g_hash_table_lookup(s->sbi_open, &key);
        if (!o)
            return;
        double latency = ev->where.time - o->t;
        add_sample(s, o->series, o->t, o->frame, (float)(latency < 0 ? 0 : latency), SYM_NO_OWNER,
                   o->consumer);
        g_hash_table_remove(s->sbi_open, &key);
    }
}

/* ---- names ------------------------------------------------------------------------------- */

static const char *const series_names[AMFOL_SYM_SERIES] = {
    "initial-ue", "registration", "UDM", "AUSF", "UDR", "PCF", "NRF"
};

const char *amfol_sym_series_name(int series)
{
    return series >= 0 && series < AMFOL_SYM_SERIES ? series_names[series] : "?";
}

/* TS 29.501 resource URIs start with the service name, whose prefix names the producer type. */
int amfol_sym_series_for_path(const char *path)
{
    static const struct { const char *prefix; int series; } map[] = {
        { "/nudm-", AMFOL_SYM_SBI_UDM }, { "/nausf-", AMFOL_SYM_SBI_AUSF },
        { "/nudr-", AMFOL_SYM_SBI_UDR }, { "/npcf-", AMFOL_SYM_SBI_PCF },
        { "/nnrf-", AMFOL_SYM_SBI_NRF },
    };
    if (!path)
        return -1;
    const char *p = path;
    if (g_str_has_prefix(p, "http://") || g_str_has_prefix(p, "https://")) {
        p = strchr(p + 8, '/');       /* absolute-form: skip the authority */
        if (!p)
            return -1;
    }
    for (size_t i = 0; i < G_N_ELEMENTS(map); i++)
        if (g_str_has_prefix(p, map[i].prefix))
            return map[i].series;
    return -1;
}

/* ---- the module as the engine sees it ---------------------------------------------------- */

static void symptoms_create(amfol_engine *e)
{
    e->symptoms = symptoms_new(&e->cfg);
}

static void symptoms_destroy(amfol_engine *e)
{
    symptoms_free(e->symptoms);
}

const amfol_module amfol_symptoms_module = {
    .name = "symptoms",
    .owns = 0,
    .create = symptoms_create,
    .destroy = symptoms_destroy,
    .on_ngap = symptoms_ngap,
    .on_nas = symptoms_nas,
    .on_sbi = symptoms_sbi,
};
