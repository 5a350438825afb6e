/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas.c: the NAS module's message handler: links each NAS message to its UE and AMF,
 * tracks T3346 / 5GSM back-offs per UE and judges later attempts against them. */
#include "amfol_nas_internal.h"
#include "../core/amfol_fmt.h"
#include "../core/amfol_dedup.h"   /* amfol_hash_bytes */
#include "amfol_nas_exempt.h"
#include "amfol_nas_parse.h"
#include "../core/amfol_context.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define MM_REG_REQUEST 0x41
#define MM_REG_ACCEPT 0x42
#define MM_REG_REJECT 0x44
#define MM_DEREG_UE_TERMINATED 0x47
#define MM_SERVICE_REQUEST 0x4c
#define MM_SERVICE_REJECT 0x4d
#define MM_CONF_UPDATE_COMMAND 0x54
#define MM_DL_NAS_TRANSPORT 0x68
#define SM_EST_REQUEST 0xc1
#define DEFAULT_T3346_MIN_S 900                /* default range of TS 24.008: 15 to 30 min */
#define DEFAULT_T3346_MAX_S 1800


void amfol_nas_parse_cause_set(const char *text, bool set[256])
{
    memset(set, 0, 256 * sizeof set[0]);
    const char *p = text ? text : "";
    while (*p) {
        while (*p && (*p < '0' || *p > '9'))
            p++;
        if (!*p)
            break;
        unsigned v = 0;
        while (*p >= '0' && *p <= '9') {
            v = v * 10 + (unsigned)(*p - '0');
            if (v > 1000)
                v = 1000;
            p++;
        }
        if (v < 256)
            set[v] = true;
    }
}

amfol_nas *amfol_nas_new(const amfol_config *cfg)
{
    amfol_nas *s = g_new0(amfol_nas, 1);
    if (cfg)
        s->cfg = *cfg;
    else
        amfol_config_defaults(&s->cfg);
    amfol_nas_parse_cause_set(s->cfg.congestion_causes, s->congestion);
    s->reg = amfol_nas_registry_new(s->cfg.max_ues);
    s->amfs = g_ptr_array_new();
    s->names.chunks = g_ptr_array_new_with_free_func(g_free);
    s->overload_edge_max = s->ngap_time[0] = s->ngap_time[1] = -INFINITY;
    return s;
}

static void amf_free(amfol_nas_amf *a)
{
    g_array_free(a->rejects, TRUE);
    g_array_free(a->retries, TRUE);
    g_array_free(a->accepts, TRUE);
    g_free(a);
}

void amfol_nas_free(amfol_nas *s)
{
    if (!s)
        return;
    for (guint i = 0; i < s->amfs->len; i++)
        amf_free(g_ptr_array_index(s->amfs, i));
    g_ptr_array_free(s->amfs, TRUE);
    amfol_nas_registry_free(s->reg);
    g_free(s->names.slots);
    g_ptr_array_free(s->names.chunks, TRUE);
    g_free(s);
}

static const char intern_refused[] = "(name table full)";

#define NAMES_CHUNK 65536

static void names_put(nas_name_slot *slots, size_t cap, nas_name_slot e)
{
    size_t i = (size_t)e.h & (cap - 1);
    while (slots[i].text)
        i = (i + 1) & (cap - 1);
    slots[i] = e;
}

/* One stored copy per distinct name, so that per-frame results stay small. */
static const char *intern(amfol_nas *s, const char *name)
{
    nas_names *t = &s->names;
    size_t len = strlen(name);
    uint64_t h = amfol_hash_bytes(AMFOL_HASH_INIT, (const uint8_t *)name, len);
    h ^= h >> 29;
    for (size_t i = t->cap ? (size_t)h & (t->cap - 1) : 0; t->cap && t->slots[i].text; i = (i + 1) & (t->cap - 1))
        if (t->slots[i].h == h && strcmp(t->slots[i].text, name) == 0)
            return t->slots[i].text;
    if (t->n >= AMFOL_NAS_MAX_NAMES) {
        s->names_overflow++;
        return intern_refused;
    }
    if ((t->n + 1) * 2 > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 1024;
        nas_name_slot *slots = g_new0(nas_name_slot, cap);
        for (size_t i = 0; i < t->cap; i++)
            if (t->slots[i].text)
                names_put(slots, cap, t->slots[i]);
        g_free(t->slots);
        t->slots = slots;
        t->cap = cap;
    }
    if (t->free_left < len + 1) {
        size_t size = MAX(NAMES_CHUNK, len + 1);
        t->free_at = g_malloc(size);
        t->free_left = size;
        g_ptr_array_add(t->chunks, t->free_at);
    }
    char *copy = t->free_at;
    memcpy(copy, name, len + 1);
    t->free_at += len + 1;
    t->free_left -= len + 1;
    names_put(t->slots, t->cap, (nas_name_slot){h, copy});
    t->n++;
    return copy;
}

/* intern(s, ue->best), remembered per UE (nas_ue_name_memo). */
static const char *ue_name(amfol_nas *s, const amfol_nas_ue *ue)
{
    nas_ue_name_memo *c = &s->ue_names[ue->serial % AMFOL_NAS_UE_NAME_CACHE];
    if (c->serial == ue->serial && c->rank == ue->best_rank)
        return c->name;
    const char *name = intern(s, ue->best);
    if (name != intern_refused)
        *c = (nas_ue_name_memo){ .serial = ue->serial, .rank = ue->best_rank, .name = name };
    return name;
}

int amfol_nas_retry_bucket(double rel)
{
    if (rel < -60) return 0;
    if (rel < -10) return 1;
    if (rel < -2) return 2;
    if (rel <= 2) return 3;
    if (rel <= 10) return 4;
    if (rel <= 60) return 5;
    return 6;
}

const char *amfol_nas_retry_bucket_name(int b)
{
    static const char *const names[AMFOL_NAS_RETRY_BUCKETS] = {
        "more than 60 s early", "10-60 s early", "2-10 s early", "within 2 s of expiry",
        "2-10 s late", "10-60 s late", "more than 60 s late"};
    return (b >= 0 && b < AMFOL_NAS_RETRY_BUCKETS) ? names[b] : "?";
}

const char *amfol_nas_ue_name(amfol_nas *s, uint64_t serial, const char *snapshot)
{
    amfol_nas_ue *ue = serial ? amfol_nas_registry_by_serial(s->reg, serial) : NULL;
    return (ue && ue->best[0]) ? ue->best : snapshot;
}

/* The AMF's table entry; past the cap every new AMF shares one "other AMFs" entry. */
static int amf_index(amfol_nas *s, const char *name)
{
    for (guint i = 0; i < s->amfs->len; i++) {
        amfol_nas_amf *a = g_ptr_array_index(s->amfs, i);
        if (strcmp(a->name, name) == 0)
            return (int)i;
    }
    if (s->amfs->len >= AMFOL_NAS_MAX_AMFS - 1) {
        s->amf_overflow++;
        name = "(other AMFs)";
        for (guint i = 0; i < s->amfs->len; i++)
            if (strcmp(((amfol_nas_amf *)g_ptr_array_index(s->amfs, i))->name, name) == 0)
                return (int)i;
    }
    amfol_nas_amf *a = g_new0(amfol_nas_amf, 1);
    g_strlcpy(a->name, name, sizeof a->name);
    a->rejects = g_array_new(FALSE, TRUE, sizeof(amfol_nas_reject));
    a->retries = g_array_new(FALSE, TRUE, sizeof(amfol_nas_retry));
    a->accepts = g_array_new(FALSE, FALSE, sizeof(amfol_time));
    g_ptr_array_add(s->amfs, a);
    return (int)s->amfs->len - 1;
}

static amfol_nas_amf *amf_at(amfol_nas *s, int i)
{
    return (i >= 0 && (guint)i < s->amfs->len) ? g_ptr_array_index(s->amfs, i) : NULL;
}

static void add_row(amfol_nas *s, amfol_nas_amf *a, int episode, int mm_type, int sm_type, int cause,
                    const amfol_nas_timer *timer)
{
    s->rows_version++;
    for (int i = 0; i < a->n_rows; i++) {
        amfol_nas_stat_row *r = &a->rows[i];
        if (r->episode == episode && r->mm_type == mm_type && r->sm_type == sm_type &&
            r->cause == cause && r->timer_state == timer->state && r->seconds == timer->seconds) {
            r->count++;
            return;
        }
    }
    if (a->n_rows == AMFOL_NAS_MAX_STAT_ROWS) {
        a->rows_dropped++;
        return;
    }
    a->rows[a->n_rows++] = (amfol_nas_stat_row){episode, mm_type, sm_type, cause, timer->state,
                                               timer->seconds, 1};
}

static void add_accept(amfol_nas_amf *a, amfol_time t)
{
    if (a->accepts->len < AMFOL_NAS_MAX_ACCEPTS)
        g_array_append_val(a->accepts, t);
    else
        a->accepts_dropped++;
}

/* Which side is the AMF: from the NAS message direction, else the NGAP procedure. */
static bool is_downlink(const amfol_nas_event *ev)
{
    int d = amfol_nas_mm_is_downlink(ev->mm_type);
    if (d >= 0)
        return d == 1;
    if (ev->sm_type != AMFOL_ABSENT)
        return ev->sm_type != 0xc1 && ev->sm_type != 0xc9 && ev->sm_type != 0xd1;
    if (ev->ngap) {
        switch (ev->ngap->proc) {
        case AMFOL_NGAP_DOWNLINK_NAS_TRANSPORT: case AMFOL_NGAP_INITIAL_CONTEXT_SETUP:
        case AMFOL_NGAP_PDU_SESSION_RESOURCE_MODIFY: case AMFOL_NGAP_PDU_SESSION_RESOURCE_RELEASE:
        case AMFOL_NGAP_PDU_SESSION_RESOURCE_SETUP: case AMFOL_NGAP_REROUTE_NAS_REQUEST:
        case AMFOL_NGAP_UE_CONTEXT_RELEASE:
            return true;
        default:
            return false;
        }
    }
    return false;
}

/* One identity of a message: its key text (the UE's name when it becomes the best one) and the
 * registry's hash of it, computed once for the lookups and the binds; h 0: none. */
typedef struct link_key {
    uint64_t h;
    char text[AMFOL_NAS_KEY_LEN];
} link_key;

typedef struct link_ctx {
    link_key ctx, amfid;
    link_key ids[4];
    int id_kind[4];
    int id_link[4];
    int n_ids;
    int last_s_tmsi;                  /* ids index of the latest 5G-S-TMSI, -1 */
    bool has_part1;
    amfol_s_tmsi part1_of;            /* the latest 5G-S-TMSI: its Part1 is bound */
} link_ctx;

/* The next free identity slot of l, or NULL when the message already has four. */
static link_key *next_id(link_ctx *l)
{
    return l->n_ids < 4 ? &l->ids[l->n_ids] : NULL;
}

static void add_id(link_ctx *l, size_t len, int kind, int link)
{
    link_key *k = &l->ids[l->n_ids];
    if (!len)
        return;
    k->h = amfol_nas_key_hash_n(k->text, len);
    l->id_kind[l->n_ids] = kind;
    l->id_link[l->n_ids] = link;
    l->n_ids++;
}

/* A 5G-S-TMSI links by itself, and its ng-5G-S-TMSI-Part1 is bound too, for the radio side (of
 * the message's latest 5G-S-TMSI: built once, in link_ue). The same 5G-S-TMSI twice in a message
 * (from its 5G-GUTI and the NGAP IE) keeps both places, hashed once. */
static void add_s_tmsi(link_ctx *l, const amfol_s_tmsi *st)
{
    const amfol_s_tmsi *prev = l->has_part1 ? &l->part1_of : NULL;
    bool same = prev && prev->set_id == st->set_id && prev->pointer == st->pointer && prev->tmsi == st->tmsi;
    l->has_part1 = true;
    l->part1_of = *st;
    link_key *k = next_id(l);
    if (!k)
        return;
    if (same && l->last_s_tmsi >= 0) {
        *k = l->ids[l->last_s_tmsi];
        l->id_kind[l->n_ids] = AMFOL_KEY_S_TMSI;
        l->id_link[l->n_ids] = AMFOL_LINK_S_TMSI;
        l->last_s_tmsi = l->n_ids++;
        return;
    }
    l->last_s_tmsi = l->n_ids;
    add_id(l, amfol_nas_key_s_tmsi(k->text, sizeof k->text, st), AMFOL_KEY_S_TMSI, AMFOL_LINK_S_TMSI);
}

/* The text of a context key, "<kind><node>/<id>" (e.g. "ngap:gnb-1/42"), as "%s%s/%lld" would
 * write it (truncated as snprintf); returns its length. */
static size_t ue_ctx_text(char *buf, size_t n, const char *kind, const char *node, int64_t id)
{
    amfol_fmt f = amfol_fmt_start(buf, n);
    amfol_fmt_str(&f, kind);
    amfol_fmt_str(&f, node);
    amfol_fmt_char(&f, '/');
    amfol_fmt_dec(&f, (long long)id);
    return (size_t)(f.p - buf);
}

/* A context key, for every message: hashed from its parts when its text cannot be truncated
 * ('/', '-', 20 digits, NUL fit), the text written only if it names the UE (see link_ue); else
 * its text, hashed. */
static void ue_ctx_key(link_key *k, int key_kind, const char *kind, size_t kind_len, const char *node, int64_t id)
{
    size_t node_len = node ? strlen(node) : 0;
    if (node && kind_len + node_len + 23 <= sizeof k->text) {
        k->text[0] = '\0';
        k->h = amfol_nas_key_hash_ctx(key_kind, node, node_len, id);
        return;
    }
    k->h = amfol_nas_key_hash_n(k->text, ue_ctx_text(k->text, sizeof k->text, kind, node, id));
}

/* Find or create the UE of a message; never merges on a guess: only exact identities link. */
static amfol_nas_ue *link_ue(amfol_nas *s, const amfol_nas_event *ev, const char *amf,
                             const char *gnb, int *linked_by)
{
    const amfol_ngap_event *ng = ev->ngap;
    link_ctx l;
    l.ctx.h = l.amfid.h = 0;
    l.n_ids = 0;
    l.last_s_tmsi = -1;
    l.has_part1 = false;
    if (ng && ng->ran_ue_id != AMFOL_ABSENT)
        ue_ctx_key(&l.ctx, AMFOL_KEY_NGAP_CTX, "ngap:", 5, gnb, ng->ran_ue_id);
    if (ng && ng->amf_ue_id != AMFOL_ABSENT)
        ue_ctx_key(&l.amfid, AMFOL_KEY_AMF_UE_ID, "amf-ue:", 7, amf, ng->amf_ue_id);
    link_key *k;
    if (ev->suci[0] && (k = next_id(&l)))
        add_id(&l, amfol_nas_key_suci(k->text, sizeof k->text, ev->suci), AMFOL_KEY_SUCI, AMFOL_LINK_SUCI);
    if (ev->has_guti) {
        if ((k = next_id(&l)))
            add_id(&l, amfol_nas_key_guti(k->text, sizeof k->text, &ev->guti_guami, ev->guti_tmsi),
                   AMFOL_KEY_GUTI, AMFOL_LINK_GUTI);
        amfol_s_tmsi st = {ev->guti_guami.set_id, ev->guti_guami.pointer, ev->guti_tmsi};
        add_s_tmsi(&l, &st);
    }
    if (ev->has_s_tmsi)
        add_s_tmsi(&l, &ev->s_tmsi);
    if (ng && ng->has_s_tmsi)
        add_s_tmsi(&l, &ng->s_tmsi);
    if (!l.ctx.h && !l.amfid.h && l.n_ids == 0) {
        *linked_by = AMFOL_LINK_NONE;
        return NULL;
    }
    bool new_context = ng && ng->proc == AMFOL_NGAP_INITIAL_UE_MESSAGE;
    amfol_nas_ue *ue = NULL;
    if (!new_context) {
        if ((ue = amfol_nas_registry_lookup_hash(s->reg, l.ctx.h)))
            *linked_by = AMFOL_LINK_NGAP_IDS;
        else if ((ue = amfol_nas_registry_lookup_hash(s->reg, l.amfid.h)))
            *linked_by = AMFOL_LINK_AMF_UE_ID;
    }
    for (int i = 0; !ue && i < l.n_ids; i++)
        if ((ue = amfol_nas_registry_lookup_hash(s->reg, l.ids[i].h)))
            *linked_by = l.id_link[i];
    if (!ue) {
        ue = amfol_nas_registry_create(s->reg, ev->where.time);
        *linked_by = AMFOL_LINK_NEW;
    }
    for (int i = 0; i < l.n_ids; i++)
        amfol_nas_registry_bind_hash(s->reg, ue, l.ids[i].h, l.id_kind[i], l.ids[i].text);
    amfol_nas_registry_bind_hash(s->reg, ue, l.amfid.h, AMFOL_KEY_AMF_UE_ID, l.amfid.text);
    /* Part1 is a context-like key (only for radio lookups): the UE's latest 5G-S-TMSI wins. */
    if (l.has_part1)
        amfol_nas_registry_bind_hash(s->reg, ue, amfol_nas_key_hash_part1(amfol_nas_s_tmsi_part1(&l.part1_of)),
                                     AMFOL_KEY_PART1, NULL);
    /* The context key names a UE that has no 5G-S-TMSI, GUTI or SUCI yet: its text only then. */
    if (l.ctx.h && !l.ctx.text[0] && amfol_nas_registry_would_name(ue, AMFOL_KEY_NGAP_CTX))
        ue_ctx_text(l.ctx.text, sizeof l.ctx.text, "ngap:", gnb, ng->ran_ue_id);
    amfol_nas_registry_bind_hash(s->reg, ue, l.ctx.h, AMFOL_KEY_NGAP_CTX, l.ctx.text);
    amfol_nas_registry_touch(s->reg, ue, ev->where.time);
    return ue;
}

static void judge_attempt(amfol_nas *s, amfol_nas_ue *ue, const amfol_nas_event *ev,
                          amfol_nas_result *out)
{
    const amfol_ngap_event *ng = ev->ngap;
    bool initial = ng && ng->proc == AMFOL_NGAP_INITIAL_UE_MESSAGE;
    amfol_nas_attempt a = {
        .mm_type = ev->mm_type, .reg_type = ev->reg_type, .service_type = ev->service_type,
        .rrc_cause = (initial && ng) ? ng->rrc_cause : AMFOL_ABSENT,
        .connected = ng && !initial, .cuc_since_reject = ue->mm.cuc_since};
    out->is_attempt = true;
    ue->last_attempt = (amfol_nas_attempt_info){.frame = ev->where.frame, .mm_type = (uint8_t)ev->mm_type,
                                                .reg_type = (int8_t)ev->reg_type,
                                                .service_type = (int8_t)ev->service_type,
                                                .rrc_cause = (int8_t)a.rrc_cause};
    amfol_nas_backoff *b = &ue->mm;
    if (!b->active)
        return;
    amfol_time t = ev->where.time;
    if (t < b->start) {
        s->out_of_order++;
        out->reason = "earlier than the reject that started the back-off (capture out of order): not judged";
        return;
    }
    amfol_nas_amf *amf = amf_at(s, b->amf);
    double rel = t - (b->start + b->timer.seconds);
    if (!b->retried) {
        b->retried = true;
        if (amf) {
            amf->retry_buckets[amfol_nas_retry_bucket(rel)]++;
            if (b->reject_ix >= 0 && (guint)b->reject_ix < amf->rejects->len) {
                amfol_nas_reject *r = &g_array_index(amf->rejects, amfol_nas_reject, b->reject_ix);
                r->retried = true;
                r->retry_rel_expiry = rel;
            }
        }
    }
    /* Not integrity protected (TS 24.501 §5.5.1.2.5, §5.5.1.3.5): the UE "shall start T3346 with
     * a random value from the default range specified in 3GPP TS 24.008", 15 to 30 min, whatever
     * value was sent. Before 15 min a compliant UE is still backing off (a retry then is a
     * violation, even when the value sent was shorter); from 15 to 30 min amfol cannot tell which
     * value it drew (uncertain). */
    double run_until = b->integrity ? b->timer.seconds : DEFAULT_T3346_MAX_S;
    double certain_until = b->integrity ? b->timer.seconds : DEFAULT_T3346_MIN_S;
    if (t - (b->start + run_until) >= 0) {
        b->active = false;                     /* expired: the attempt is on time */
        return;
    }
    bool uncertain = t - (b->start + certain_until) >= 0;
    rel = t - (b->start + (uncertain ? run_until : certain_until));
    out->in_backoff = true;
    out->backoff_frame = b->reject_frame;
    out->to_expiry_s = -rel;
    out->backoff_timer = 3346;
    if (amf)
        amf->attempts_in_backoff++;
    if (uncertain) {
        out->verdict = AMFOL_VERDICT_UNCERTAIN;
        out->reason = "the reject was not integrity protected: the UE may be running a random default T3346 "
                      "(TS 24.008 range, 15 to 30 min) instead of the value given";
        if (amf)
            amf->uncertain_in_backoff++;
        return;
    }
    const char *why = amfol_nas_backoff_exemption(&a);
    if (why) {
        out->verdict = AMFOL_VERDICT_ALLOWED;
        out->reason = why;
        if (amf)
            amf->allowed_in_backoff++;
        return;
    }
    out->verdict = AMFOL_VERDICT_VIOLATION;
    out->reason = b->integrity ? "no exemption applies (TS 24.501 §5.5.1.3.7): early retry"
                               : "no exemption applies: early retry before 15 min, the shortest T3346 of the "
                                 "default range a UE runs after a reject that was not integrity protected, "
                                 "whatever value was sent (TS 24.501 §5.5.1.2.5, §5.5.1.3.5; TS 24.008)";
    if (!amf)
        return;
    if (amf->retries->len >= AMFOL_NAS_MAX_RETRIES) {
        amf->retries_dropped++;
        return;
    }
    int episode = 0;
    if (b->reject_ix >= 0 && (guint)b->reject_ix < amf->rejects->len)
        episode = g_array_index(amf->rejects, amfol_nas_reject, b->reject_ix).episode;
    amfol_nas_retry r = {b->reject_frame, ev->where.frame, episode, t, ue->serial, "", -rel};
    g_strlcpy(r.ue, ue->best, sizeof r.ue);
    g_array_append_val(amf->retries, r);
}

/* A 5GMM reject or UE-terminated deregistration carrying a 5GMM cause. */
static void on_mm_congestion(amfol_nas *s, amfol_nas_ue *ue, const amfol_nas_event *ev, int amf_ix,
                             amfol_nas_result *out)
{
    amfol_nas_amf *amf = amf_at(s, amf_ix);
    bool is_reject = ev->mm_type == MM_REG_REJECT || ev->mm_type == MM_SERVICE_REJECT;
    if (is_reject)
        amf->congestion_rejects++;
    else
        amf->congestion_deregs++;
    if (ev->t3346.state == AMFOL_TIMER_VALUE) {
        out->backoff_timer = 3346;
        out->backoff_s = ev->t3346.seconds;
        out->expiry = ev->where.time + ev->t3346.seconds;
        out->timer_not_binding = !out->integrity_protected;
    }
    int reject_ix = -1;
    if (is_reject) {
        const char *why = NULL;
        if (ue && ue->last_attempt.frame) {
            amfol_nas_attempt a = {ue->last_attempt.mm_type, ue->last_attempt.reg_type,
                                   ue->last_attempt.service_type, ue->last_attempt.rrc_cause,
                                   false, false};
            why = amfol_nas_priority_request(&a);
        }
        out->exempt_rejected = why != NULL;
        out->exempt_why = why;
        if (amf->rejects->len < AMFOL_NAS_MAX_REJECTS) {
            amfol_nas_reject r = {0};
            r.frame = ev->where.frame;
            r.t = ev->where.time;
            r.ue_serial = ue ? ue->serial : 0;
            if (ue)
                g_strlcpy(r.ue, ue->best, sizeof r.ue);
            r.mm_type = (uint8_t)ev->mm_type;
            r.cause = (uint8_t)ev->mm_cause;
            r.t3346 = ev->t3346;
            r.integrity = out->integrity_protected;
            r.in_overload = out->in_overload;
            r.episode = out->episode;
            r.exempt_why = why;
            g_array_append_val(amf->rejects, r);
            reject_ix = (int)amf->rejects->len - 1;
        } else {
            amf->rejects_dropped++;
        }
    }
    if (!ue)
        return;
    ue->last_attempt.frame = 0;                /* answered */
    amfol_nas_backoff *b = &ue->mm;
    if (ev->t3346.state != AMFOL_TIMER_VALUE) {
        b->active = false;                     /* absent, zero, deactivated: no back-off (abnormal case) */
        return;
    }
    *b = (amfol_nas_backoff){.active = true, .timer = ev->t3346, .integrity = out->integrity_protected,
                             .start = ev->where.time, .reject_frame = ev->where.frame,
                             .amf = (int8_t)amf_ix, .reject_ix = reject_ix};
}

/* 5GSM congestion (#26 T3396, #67 T3584, #69 T3585), plain or inside DL NAS TRANSPORT. */
static void on_sm_congestion(amfol_nas *s, amfol_nas_ue *ue, const amfol_nas_event *ev,
                             amfol_nas_amf *amf, int cause, amfol_nas_result *out)
{
    (void)s;
    int timer = cause == 26 || cause == 22 ? 3396 : cause == 67 ? 3584 : cause == 69 ? 3585 : 0;
    if (!timer)
        return;
    amf->sm_congestion++;
    out->congestion = true;
    out->backoff_timer = timer;
    if (ev->backoff.state == AMFOL_TIMER_VALUE) {
        out->backoff_s = ev->backoff.seconds;
        out->expiry = ev->where.time + ev->backoff.seconds;
    }
    if (ue) {
        ue->sm = (amfol_nas_sm_backoff){.active = ev->backoff.state == AMFOL_TIMER_VALUE,
                                        .seconds = ev->backoff.seconds, .start = ev->where.time,
                                        .reject_frame = ev->where.frame, .timer = (uint16_t)timer};
    }
}

/* Downlink 5GMM messages that mean the network is serving the UE's request. */
static bool network_carries_on(int mm_type)
{
    switch (mm_type) {
    case MM_REG_ACCEPT: case 0x4e /* service accept */: case 0x56 /* authentication request */:
    case 0x5b /* identity request */: case 0x5d /* security mode command */:
        return true;
    default:
        return false;
    }
}

static void overload_edge(amfol_nas *s, amfol_time t)
{
    if (isnan(t))
        s->overload_edge_unordered = true;
    else if (t > s->overload_edge_max)
        s->overload_edge_max = t;
}

/* N2's overload segments start and end only at the OVERLOAD START / STOP it takes, at their
 * times, and it counts them (amfol_n2_overload_messages). Looked at on every NGAP message and
 * before every overload question: a change came with the NGAP message being routed, or with the
 * one before when N2 handles a message after this module: both times are taken as edges. */
static void note_overload_edges(amfol_engine *e, amfol_nas *s)
{
    uint64_t n = amfol_n2_overload_messages(e);
    if (n == s->overload_msgs_seen)
        return;
    s->overload_msgs_seen = n;
    overload_edge(s, s->ngap_time[0]);
    overload_edge(s, s->ngap_time[1]);
}

/* Is the AMF in overload on N2? The AMF as a whole counts (it may have told only some gNBs),
 * and so does an episode that ended within the grace period (the reject was in flight). */
static void overload_of(amfol_engine *e, const amfol_nas_event *ev, int assoc, const char *amf,
                        amfol_nas_result *out)
{
    amfol_nas *s = e->nas;
    note_overload_edges(e, s);
    /* N2's overload segments start only at an OVERLOAD START it took: before the first, no AMF
     * is in overload and nothing needs asking. */
    if (s->overload_msgs_seen == 0)
        return;
    double grace = e->cfg.grace_ms / 1000.0;
    amfol_time when[2] = {ev->where.time, ev->where.time - grace};
    for (int i = 0; i < 2; i++) {
        /* Not in overload at t. N2 answers from segments that start and end at OVERLOAD START /
         * STOP times: when none is after t - grace, every association's answer at t - grace is
         * its answer at t, so asking again would say no again. */
        if (i == 1 && !s->overload_edge_unordered && s->overload_edge_max <= when[1])
            return;
        amfol_overload_view v;
        memset(&v, 0, sizeof v);
        bool ok = amfol_n2_assoc_overload(e->n2, assoc, when[i], &v) &&
                  v.in_overload;
        if (!ok) {
            memset(&v, 0, sizeof v);
            ok = amfol_n2_overload_for_amf(e->n2, amf, when[i], &v) && v.in_overload;
        }
        if (ok) {
            out->in_overload = true;
            out->episode = v.episode;
            out->episode_start = v.start_frame;
            return;
        }
    }
}

void amfol_nas_on_msg(amfol_engine *e, const amfol_nas_event *ev, amfol_nas_result *out)
{
    amfol_nas *s = e->nas;
    amfol_nas_result local;
    if (!out)
        out = &local;
    memset(out, 0, sizeof *out);
    if (!ev)
        return;                       /* bad glue input: nothing to show, never a crash */
    s->messages++;
    out->relevant = true;
    out->mm_type = ev->mm_type;
    out->sm_type = ev->sm_type;
    out->mm_cause = ev->mm_cause;
    out->sm_cause = ev->sm_cause;
    out->security_header = ev->security_header;
    out->ciphered = ev->ciphered;
    out->integrity_protected = ev->security_header > 0 && ev->security_header <= 4;
    out->t3346 = ev->t3346;
    out->t3502 = ev->t3502;
    out->backoff = ev->backoff;

    /* AMF and gNB: N2's names, else the transport addresses. */
    bool down = is_downlink(ev);
    const amfol_endpoint *amf_ep = down ? &ev->where.src : &ev->where.dst;
    const amfol_endpoint *gnb_ep = down ? &ev->where.dst : &ev->where.src;
    /* Asked by the where of the carrying NGAP message when it has the same endpoints (as the
     * glue makes it): the symptoms module asks about that one too, answered from memory. */
    const amfol_where *w = &ev->where;
    if (ev->ngap && strcmp(ev->ngap->where.src.text, w->src.text) == 0 &&
        strcmp(ev->ngap->where.dst.text, w->dst.text) == 0)
        w = &ev->ngap->where;
    int assoc = amfol_n2_where_assoc(e->n2, w);
    const char *amf_name = amfol_n2_assoc_amf_name(e->n2, assoc);
    const char *gnb_name = amfol_n2_assoc_gnb_name(e->n2, assoc);
    if (!amf_name || !*amf_name)
        amf_name = amf_ep->text[0] ? amf_ep->text : "unknown-amf";
    if (!gnb_name || !*gnb_name)
        gnb_name = gnb_ep->text[0] ? gnb_ep->text : "unknown-gnb";
    int amf_ix = amf_index(s, amf_name);
    amfol_nas_amf *amf = amf_at(s, amf_ix);
    if (!amf->interned) {                 /* interned once, not per message */
        out->amf = intern(s, amf->name);
        if (out->amf != intern_refused)
            amf->interned = out->amf;
    } else {
        out->amf = amf->interned;
    }
    out->ue = "";
    amf->messages++;
    overload_of(e, ev, assoc, amf->name, out);

    amfol_nas_ue *ue = link_ue(s, ev, amf->name, gnb_name, &out->linked_by);
    if (ue) {
        out->ue = ue_name(s, ue);
        out->ue_serial = ue->serial;
    }

    /* The network carried on with a UE that came back during its back-off (accept, security
     * procedure, ...): that back-off is over; the retry itself was already judged. */
    if (ue && down && ue->mm.active && ue->mm.retried && ev->where.time > ue->mm.start &&
        (ev->ciphered || network_carries_on(ev->mm_type)))
        ue->mm.active = false;

    if (ev->ciphered) {
        s->ciphered++;
        amf->ciphered++;
        /* The first ciphered downlink NAS answering a readable REGISTRATION REQUEST is its
         * REGISTRATION ACCEPT (rejects before security are readable; after it, only the accept
         * is sent ciphered in practice). */
        if (ue && down && ue->last_attempt.frame && ue->last_attempt.mm_type == MM_REG_REQUEST &&
            out->linked_by == AMFOL_LINK_NGAP_IDS) {
            add_accept(amf, ev->where.time);
            ue->last_attempt.frame = 0;
        }
        return;
    }
    if (out->integrity_protected)
        amf->integrity_only++;
    else
        amf->plain++;

    switch (ev->mm_type) {
    case MM_REG_REQUEST:
    case MM_SERVICE_REQUEST:
        if (ue)
            judge_attempt(s, ue, ev, out);
        break;
    case MM_REG_REJECT:
    case MM_SERVICE_REJECT:
    case MM_DEREG_UE_TERMINATED:
        if (ev->mm_cause == AMFOL_ABSENT)
            break;
        add_row(s, amf, out->episode, ev->mm_type, AMFOL_ABSENT, ev->mm_cause, &ev->t3346);
        if (s->congestion[ev->mm_cause & 0xff]) {
            out->congestion = true;
            on_mm_congestion(s, ue, ev, amf_ix, out);
        } else if (ev->mm_type != MM_DEREG_UE_TERMINATED) {
            amf->other_rejects++;
            if (ue)
                ue->last_attempt.frame = 0;
        }
        break;
    case MM_REG_ACCEPT:
        add_accept(amf, ev->where.time);
        if (ue)
            ue->last_attempt.frame = 0;
        break;
    case MM_CONF_UPDATE_COMMAND:
        if (ue)
            ue->mm.cuc_since = true;
        break;
    case MM_DL_NAS_TRANSPORT:
        if (ev->mm_cause != AMFOL_ABSENT) {
            add_row(s, amf, out->episode, ev->mm_type, AMFOL_ABSENT, ev->mm_cause, &ev->backoff);
            if (s->congestion[ev->mm_cause & 0xff] || ev->mm_cause == 67 || ev->mm_cause == 69) {
                amf->congestion_dl_transport++;
                if (ev->sm_cause == AMFOL_ABSENT)   /* else the inner 5GSM cause decides */
                    on_sm_congestion(s, ue, ev, amf, ev->mm_cause == 67 || ev->mm_cause == 69 ? ev->mm_cause : 26, out);
            }
        }
        break;
    default:
        break;
    }
    if (ev->sm_cause != AMFOL_ABSENT) {
        add_row(s, amf, out->episode, AMFOL_ABSENT, ev->sm_type, ev->sm_cause, &ev->backoff);
        on_sm_congestion(s, ue, ev, amf, ev->sm_cause, out);
    }
    if (ev->sm_type == SM_EST_REQUEST && ue && ue->sm.active &&
        ev->where.time < ue->sm.start + ue->sm.seconds && ev->where.time >= ue->sm.start) {
        out->in_backoff = true;
        out->backoff_timer = ue->sm.timer;
        out->backoff_frame = ue->sm.reject_frame;
        out->to_expiry_s = ue->sm.start + ue->sm.seconds - ev->where.time;
        out->reason = "5GSM back-off running (it applies per DNN / S-NSSAI, which amfol does not compare): not judged";
    }
}

/* ---- the module as the engine sees it ---------------------------------------------------- */

static void nas_create(amfol_engine *e)
{
    e->nas = amfol_nas_new(&e->cfg);
}

static void nas_destroy(amfol_engine *e)
{
    amfol_nas_free(e->nas);
}

static void nas_msg(amfol_engine *e, const amfol_nas_event *ev, void *result)
{
    amfol_nas_on_msg(e, ev, result);
}

/* Every NGAP message: its time is kept for note_overload_edges. */
static void nas_ngap(amfol_engine *e, const amfol_ngap_event *ev, void *result)
{
    (void)result;
    amfol_nas *s = e->nas;
    if (!ev)
        return;
    s->ngap_time[1] = s->ngap_time[0];
    s->ngap_time[0] = ev->where.time;
    note_overload_edges(e, s);
}

/* A UE's radio attempt joins its NAS history by ng-5G-S-TMSI-Part1 (RRCSetupRequest): counted,
 * and counted apart when it falls inside the UE's T3346 (context for ue-early-retry; no verdict:
 * an RRC request does not say whether the UE's NAS request was exempt). */
static void nas_rrc(amfol_engine *e, const amfol_rrc_event *ev, void *result)
{
    (void)result;
    amfol_nas *s = e->nas;
    if (!ev || ev->msg != AMFOL_RRC_SETUP_REQUEST || !ev->has_s_tmsi_part1)
        return;
    s->radio_with_part1++;
    amfol_nas_ue *ue = amfol_nas_registry_lookup_hash(s->reg, amfol_nas_key_hash_part1(ev->s_tmsi_part1));
    if (!ue)
        return;
    s->radio_linked++;
    const amfol_nas_backoff *b = &ue->mm;
    if (b->active && b->timer.seconds > 0 && ev->where.time >= b->start &&
        ev->where.time < b->start + b->timer.seconds) {
        if (!s->radio_in_backoff++)
            s->radio_in_backoff_first = ev->where.frame;
    }
}

const amfol_module amfol_nas_module = {
    .name = "nas",
    .owns = AMFOL_EV_NAS,
    .create = nas_create,
    .destroy = nas_destroy,
    .on_ngap = nas_ngap,
    .on_nas = nas_msg,
    .on_rrc = nas_rrc,
    .finish = amfol_nas_finish,
};
