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
    GQueue recent;                   /* recent_frame*, oldest first */
    amfol_replay_stats stats;
};

amfol_replay *amfol_replay_new(double dedup_window_s)
{
    amfol_replay *r = g_new0(amfol_replay, 1);
    r->dedup_window_s = dedup_window_s;
    r->inputs = g_ptr_array_new();
    g_queue_init(&r->recent);
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
    g_queue_clear_full(&r->recent, g_free);
    g_free(r);
}

bool amfol_replay_add(amfol_replay *r, const char *path, GString *err)
{
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

/* Hash of what a frame's events say, without where and when it was captured. Every event
 * struct starts with its amfol_where, and records are zeroed before reading. */
static uint64_t frame_hash(const amfol_event_group *g)
{
    uint64_t h = AMFOL_HASH_INIT;
    for (guint i = 0; i < g->events->len; i++) {
        amfol_event_rec rec = g_array_index(g->events, amfol_event_rec, i);
        amfol_where *w = (amfol_where *)&rec.u;
        w->frame = 0;
        w->time = 0;
        h = amfol_hash_bytes(h, (const uint8_t *)&rec.kind, sizeof rec.kind);
        if (rec.kind == AMFOL_EV_NAS) {
            rec.u.nas.ngap = NULL;
            rec.nas_ngap.where.frame = 0;
            rec.nas_ngap.where.time = 0;
            h = amfol_hash_bytes(h, (const uint8_t *)&rec.nas_ngap, sizeof rec.nas_ngap);
        }
        h = amfol_hash_bytes(h, (const uint8_t *)&rec.u, amfol_event_size(rec.kind));
    }
    return h;
}

/* Was this frame already fed from another file (a second probe)? Remembers it otherwise. */
static bool seen_by_other_probe(amfol_replay *r, guint input, const amfol_event_group *g)
{
    if (r->dedup_window_s < 0)
        return false;
    while (!g_queue_is_empty(&r->recent) &&
           ((recent_frame *)g_queue_peek_head(&r->recent))->time < g->time - r->dedup_window_s)
        g_free(g_queue_pop_head(&r->recent));
    uint64_t h = frame_hash(g);
    for (GList *l = r->recent.head; l; l = l->next) {
        const recent_frame *x = l->data;
        if (x->input != input && x->hash == h && x->n_events == g->events->len &&
            x->time >= g->time - r->dedup_window_s && x->time <= g->time + r->dedup_window_s)
            return true;
    }
    recent_frame *x = g_new(recent_frame, 1);
    x->time = g->time;
    x->input = input;
    x->hash = h;
    x->n_events = g->events->len;
    g_queue_push_tail(&r->recent, x);
    return false;
}

static void feed_event(amfol_engine *e, amfol_event_rec *rec, amfol_frame frame)
{
    ((amfol_where *)&rec->u)->frame = frame;
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
    in->frames_read += g->kind == AMFOL_GROUP_RUN ? g->count : 1;
    if (g->kind == AMFOL_GROUP_RUN) {
        for (uint64_t j = 0; j < g->count; j++)
            amfol_engine_frame(e, (amfol_frame)(in->frame_offset + g->frame + j), j == 0 ? g->time : g->last_time);
        r->stats.frames += g->count;
        return;
    }
    if (seen_by_other_probe(r, input, g)) {
        r->stats.duplicate_frames++;
        return;
    }
    amfol_frame frame = (amfol_frame)(in->frame_offset + g->frame);
    amfol_engine_frame(e, frame, g->time);
    r->stats.frames++;
    for (guint i = 0; i < g->events->len; i++) {
        amfol_event_rec *rec = &g_array_index(g->events, amfol_event_rec, i);
        in->sbi_events += rec->kind == AMFOL_EV_SBI;
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
        g_string_printf(err, "%s:%" G_GUINT64_FORMAT ": the end line counts %" G_GUINT64_FORMAT
                        " frames, the file holds %" G_GUINT64_FORMAT, amfol_event_file_path(in->file),
                        amfol_event_file_line(in->file), amfol_event_file_frames(in->file), in->frames_read);
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
