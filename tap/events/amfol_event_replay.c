/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_event_replay.c: k-way merge of events files by time into one engine (see the header). */
#include "amfol_event_replay.h"
#include "amfol_event_read.h"
#include "core/amfol_dedup.h"   /* amfol_hash_bytes */

#include <string.h>

typedef struct replay_input {
    amfol_event_file *file;
    uint64_t frame_offset;           /* frames of the files before it */
    uint64_t frames_read;            /* frames of its groups so far, to check the end line */
    uint64_t sbi_events;             /* SBI events fed from it */
    amfol_event_group head;          /* next group not yet fed */
} replay_input;

/* When a group is due: a run of silent frames after the last of them, so that the engine's
 * "now" never runs ahead of the events of the other files. */
static amfol_time due(const amfol_event_group *g)
{
    if (g->kind == AMFOL_GROUP_UNREAD)
        return -G_MAXDOUBLE;         /* counts only: fed as soon as it is read */
    return g->kind == AMFOL_GROUP_RUN ? g->last_time : g->time;
}

/* A frame fed recently, for the two-probe duplicate check. */
typedef struct recent_frame {
    amfol_time time;
    guint input;
    uint64_t hash;
    guint n_events;
} recent_frame;

struct amfol_replay {
    double dedup_window_s;
    GPtrArray *inputs;               /* replay_input* */
    GArray *recent;                  /* recent_frame from recent_head on, oldest first */
    guint recent_head;
    amfol_replay_stats stats;
};

amfol_replay *amfol_replay_new(double dedup_window_s)
{
    amfol_replay *r = g_new0(amfol_replay, 1);
    r->dedup_window_s = dedup_window_s;
    r->inputs = g_ptr_array_new();
    r->recent = g_array_new(FALSE, FALSE, sizeof(recent_frame));
    return r;
}

void amfol_replay_free(amfol_replay *r)
{
    if (!r)
        return;
    for (guint i = 0; i < r->inputs->len; i++) {
        replay_input *in = g_ptr_array_index(r->inputs, i);
        amfol_event_file_close(in->file);
        amfol_event_group_clear(&in->head);
        g_free(in);
    }
    g_ptr_array_free(r->inputs, TRUE);
    g_array_free(r->recent, TRUE);
    g_free(r);
}

bool amfol_replay_add(amfol_replay *r, const char *path, GString *err)
{
    for (guint i = 0; i < r->inputs->len; i++)
        if (amfol_event_file_is_stream(((replay_input *)g_ptr_array_index(r->inputs, i))->file)) {
            g_string_printf(err, "%s: a stream of events must be the last input (the frames of the "
                            "inputs after it are numbered from its frame count)",
                            amfol_event_file_path(((replay_input *)g_ptr_array_index(r->inputs, i))->file));
            return false;
        }
    amfol_event_file *f = amfol_event_file_open(path, err);
    if (!f)
        return false;
    replay_input *in = g_new0(replay_input, 1);
    in->file = f;
    for (guint i = 0; i < r->inputs->len; i++)
        in->frame_offset += amfol_event_file_frames(((replay_input *)g_ptr_array_index(r->inputs, i))->file);
    amfol_event_group_init(&in->head);
    g_ptr_array_add(r->inputs, in);
    return true;
}

const amfol_config *amfol_replay_config(const amfol_replay *r, GString *warn)
{
    if (r->inputs->len == 0)
        return NULL;
    const amfol_config *first = amfol_event_file_config(((replay_input *)g_ptr_array_index(r->inputs, 0))->file);
    for (guint i = 1; i < r->inputs->len; i++) {
        const amfol_event_file *f = ((replay_input *)g_ptr_array_index(r->inputs, i))->file;
        if (memcmp(amfol_event_file_config(f), first, sizeof *first) != 0 && warn)
            g_string_append_printf(warn, "%s was exported with other amfol preferences than %s; "
                                   "replaying with those of %s\n", amfol_event_file_path(f),
                                   amfol_event_file_path(((replay_input *)g_ptr_array_index(r->inputs, 0))->file),
                                   amfol_event_file_path(((replay_input *)g_ptr_array_index(r->inputs, 0))->file));
    }
    return first;
}

const amfol_replay_stats *amfol_replay_stats_get(const amfol_replay *r)
{
    return &r->stats;
}

/* A word-at-a-time hash (the byte-wise FNV of amfol_hash_bytes is 8 times slower on the
 * kilobytes of an NGAP event). */
static inline uint64_t mix(uint64_t h, uint64_t w)
{
    h = (h ^ w) * G_GUINT64_CONSTANT(0x9e3779b97f4a7c15);
    return h ^ (h >> 29);
}

static uint64_t hash_words(uint64_t h, const char *p, size_t len)
{
    size_t i = 0;
    /* four independent lanes over 32 bytes at a time (the multiplications overlap) */
    uint64_t l0 = h, l1 = h ^ 0x6a09e667f3bcc908u, l2 = h ^ 0xbb67ae8584caa73bu, l3 = h ^ 0x3c6ef372fe94f82bu;
    for (; i + 32 <= len; i += 32) {
        uint64_t w[4];
        memcpy(w, p + i, 32);
        l0 = mix(l0, w[0]);
        l1 = mix(l1, w[1]);
        l2 = mix(l2, w[2]);
        l3 = mix(l3, w[3]);
    }
    h = mix(mix(mix(l0, l1), l2), l3);
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = mix(h, w);
    }
    uint64_t w = 0;
    memcpy(&w, p + i, len - i);
    return mix(h, w ^ len);
}

/* An event struct without its where.frame and where.time (every event struct starts with its
 * amfol_where; a decoded struct's other bytes, padding and string tails included, are canonical). */
static uint64_t hash_event(uint64_t h, const void *ev, size_t size)
{
    size_t from = offsetof(amfol_where, src);
    return hash_words(h, (const char *)ev + from, size - from);
}

/* Hash of what a frame's events say, without where and when it was captured. */
static uint64_t frame_hash(const amfol_event_group *g)
{
    uint64_t h = AMFOL_HASH_INIT;
    for (guint i = 0; i < g->events->len; i++) {
        const amfol_event_rec *rec = g_ptr_array_index(g->events, i);
        h = mix(h, (uint64_t)rec->kind);
        if (rec->kind == AMFOL_EV_NAS) {
            /* the NAS struct around its NGAP pointer, then that PDU (when there is one) */
            const size_t at = offsetof(amfol_nas_event, ngap), after = at + sizeof(void *);
            h = hash_words(h, (const char *)&rec->u + offsetof(amfol_where, src), at - offsetof(amfol_where, src));
            h = hash_words(h, (const char *)&rec->u + after, sizeof(amfol_nas_event) - after);
            h = mix(h, rec->u.nas.ngap != NULL);
            if (rec->u.nas.ngap)
                h = hash_event(h, &rec->nas_ngap, sizeof rec->nas_ngap);
        } else {
            h = hash_event(h, &rec->u, amfol_event_size(rec->kind));
        }
    }
    return h;
}

/* Was this frame already fed from another file (a second probe)? Remembers it otherwise. One
 * input has no other probe: nothing to compare. */
static bool seen_by_other_probe(amfol_replay *r, guint input, const amfol_event_group *g)
{
    if (r->dedup_window_s < 0 || r->inputs->len < 2)
        return false;
    GArray *q = r->recent;
    while (r->recent_head < q->len &&
           g_array_index(q, recent_frame, r->recent_head).time < g->time - r->dedup_window_s)
        r->recent_head++;
    if (r->recent_head > 4096 && r->recent_head * 2 > q->len) {   /* drop the stale front */
        g_array_remove_range(q, 0, r->recent_head);
        r->recent_head = 0;
    }
    uint64_t h = frame_hash(g);
    for (guint i = r->recent_head; i < q->len; i++) {
        const recent_frame *x = &g_array_index(q, recent_frame, i);
        if (x->input != input && x->hash == h && x->n_events == g->events->len &&
            x->time >= g->time - r->dedup_window_s && x->time <= g->time + r->dedup_window_s)
            return true;
    }
    recent_frame x = { g->time, input, h, g->events->len };
    g_array_append_val(q, x);
    return false;
}

static void feed_event(amfol_engine *e, amfol_event_rec *rec, amfol_frame frame)
{
    ((amfol_where *)&rec->u)->frame = frame;
    if (!e)
        return;                      /* decoding only (amfol-replay --decode-only) */
    switch (rec->kind) {
    case AMFOL_EV_NGAP: {
        amfol_n2_result out;
        amfol_engine_ngap(e, &rec->u.ngap, &out);
        break;
    }
    case AMFOL_EV_SCTP:
        amfol_engine_sctp(e, &rec->u.sctp);
        break;
    case AMFOL_EV_RRC: {
        amfol_rrc_result out;
        amfol_engine_rrc(e, &rec->u.rrc, &out);
        break;
    }
    case AMFOL_EV_NAS: {
        amfol_nas_result out;
        if (rec->u.nas.ngap) {
            rec->nas_ngap.where.frame = frame;
            rec->u.nas.ngap = &rec->nas_ngap;
        }
        amfol_engine_nas(e, &rec->u.nas, &out);
        break;
    }
    case AMFOL_EV_SBI: {
        amfol_sbi_result out;
        amfol_engine_sbi(e, &rec->u.sbi, &out);
        break;
    }
    default:
        break;
    }
}

static void feed_group(amfol_replay *r, amfol_engine *e, guint input, replay_input *in)
{
    amfol_event_group *g = &in->head;
    if (g->kind == AMFOL_GROUP_UNREAD) {
        /* frames a dissector stopped before amfol (they are frames), or whose fields were cut */
        if (g->reason == AMFOL_UNREAD_DISSECTOR_STOPPED)
            in->frames_read += g->count;
        if (e && g->reason < 2)
            amfol_engine_unread(e, g->reason, g->count);
        else if (e)
            amfol_engine_ignored(e, g->reason, g->count);
        return;
    }
    in->frames_read += g->kind == AMFOL_GROUP_RUN ? g->count : 1;
    if (g->kind == AMFOL_GROUP_RUN) {
        for (uint64_t j = 0; j < g->count && e; j++)
            amfol_engine_frame(e, (amfol_frame)(in->frame_offset + g->frame + j), j == 0 ? g->time : g->last_time);
        r->stats.frames += g->count;
        return;
    }
    if (seen_by_other_probe(r, input, g)) {
        r->stats.duplicate_frames++;
        return;
    }
    amfol_frame frame = (amfol_frame)(in->frame_offset + g->frame);
    if (e)
        amfol_engine_frame(e, frame, g->time);
    r->stats.frames++;
    for (guint i = 0; i < g->events->len; i++) {
        amfol_event_rec *rec = g_ptr_array_index(g->events, i);
        in->sbi_events += rec->kind == AMFOL_EV_SBI;
        r->stats.sbi_events += rec->kind == AMFOL_EV_SBI;
        feed_event(e, rec, frame);
    }
    r->stats.events += g->events->len;
}

/* The next group of `in`; at its end line, the frames read must be those the line counts. */
static bool next_group(replay_input *in, GString *err)
{
    if (!amfol_event_file_next(in->file, &in->head, err))
        return false;
    if (in->head.kind == AMFOL_GROUP_END && in->frames_read != amfol_event_file_frames(in->file)) {
        amfol_event_file_where(in->file, err);
        g_string_append_printf(err, ": the end line counts %" G_GUINT64_FORMAT " frames, the file holds %"
                               G_GUINT64_FORMAT, amfol_event_file_frames(in->file), in->frames_read);
        return false;
    }
    return true;
}

bool amfol_replay_run(amfol_replay *r, amfol_engine *e, GString *err)
{
    guint n = r->inputs->len;
    for (guint i = 0; i < n; i++) {
        replay_input *in = g_ptr_array_index(r->inputs, i);
        if (!next_group(in, err))
            return false;
    }
    for (;;) {
        /* The earliest head; ties go to the earlier file, as in the concatenation. */
        replay_input *best = NULL;
        guint best_i = 0;
        for (guint i = 0; i < n; i++) {
            replay_input *in = g_ptr_array_index(r->inputs, i);
            if (in->head.kind == AMFOL_GROUP_END)
                continue;
            if (!best || due(&in->head) < due(&best->head)) {
                best = in;
                best_i = i;
            }
        }
        if (!best)
            return true;
        feed_group(r, e, best_i, best);
        if (!next_group(best, err))
            return false;
    }
}

bool amfol_replay_sbi_caveat(const amfol_replay *r, GString *out)
{
    guint with_sbi = 0;
    for (guint i = 0; i < r->inputs->len; i++)
        with_sbi += ((const replay_input *)g_ptr_array_index(r->inputs, i))->sbi_events > 0;
    if (r->inputs->len < 2 || with_sbi == 0)
        return false;
    g_string_printf(out, "SBI may be incomplete: %u of %u events files carry SBI events, and HTTP/2 does not "
                    "survive a cut between files (a connection's preface and HPACK header state stay in the "
                    "file where it began; later files decode none of its messages), so the SBI section and "
                    "SBI findings of this replay can differ from those of the whole capture "
                    "(docs/scale-out.md).", with_sbi, r->inputs->len);
    return true;
}
