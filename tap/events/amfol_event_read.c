/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_event_read.c: one events file, line by line or record by record (see amfol_event_read.h). */
#include "amfol_event_read.h"
#include "amfol_event_bin.h"

#include <sys/stat.h>

#include <errno.h>
#include <string.h>

#define MAX_TOKENS 8192       /* the largest event (SBI, 16 loads x 8 GUAMIs) needs about 2000 */
#define MAX_LINE (1 << 20)    /* longer lines are not amfol events */

struct amfol_event_file {
    char *path;
    FILE *fp;
    uint64_t line_no;
    char *line;
    size_t line_cap;
    bool peeked;                     /* `line` holds a line not yet consumed */
    jsmntok_t *tk;
    amfol_config cfg;
    uint64_t frames;
    bool ended;
    GPtrArray *pool;                 /* JSON Lines: the records of the current group, reused */
    /* the compact encoding */
    bool bin;                        /* the compact encoding (errors name byte offsets) */
    amfol_bin_dec *dec;
    bool stream;                     /* not seekable: frames known at the end record */
    uint8_t *buf;
    size_t buf_len, buf_pos;
    uint64_t buf_offset;             /* file offset of buf[0] */
    uint64_t rec_offset;             /* of the record last read */
    GString *why;
    bool eof;
};

#define BIN_BUF (4 * AMFOL_BIN_MAX_RECORD)

static bool fail(amfol_event_file *f, GString *err, const char *fmt, ...) G_GNUC_PRINTF(3, 4);
static bool fail(amfol_event_file *f, GString *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (f->bin)
        g_string_printf(err, "%s: byte %" G_GUINT64_FORMAT ": ", f->path, f->rec_offset);
    else if (f->line_no)
        g_string_printf(err, "%s:%" G_GUINT64_FORMAT ": ", f->path, f->line_no);
    else
        g_string_printf(err, "%s: ", f->path);   /* about the whole file (its last line) */
    g_string_append_vprintf(err, fmt, ap);
    va_end(ap);
    return false;
}

/* Next line without its newline; false at end of file. */
static bool read_line(amfol_event_file *f, GString *err, bool *eof)
{
    *eof = false;
    if (f->peeked) {
        f->peeked = false;
        return true;
    }
    ssize_t n = getline(&f->line, &f->line_cap, f->fp);
    if (n < 0) {
        *eof = true;
        return ferror(f->fp) ? fail(f, err, "read error: %s", g_strerror(errno)) : false;
    }
    f->line_no++;
    if (n > MAX_LINE)
        return fail(f, err, "line longer than %d bytes: not an amfol events file", MAX_LINE);
    if (n > 0 && f->line[n - 1] == '\n')
        f->line[--n] = '\0';
    return true;
}

/* Tokenize the current line as one JSON object; returns the token count or -1. */
static int tokenize(amfol_event_file *f, GString *err)
{
    int n = json_parse(f->line, f->tk, MAX_TOKENS);
    if (n <= 0 || f->tk[0].type != JSMN_OBJECT) {
        fail(f, err, "broken line (not one JSON object)");
        return -1;
    }
    if (amfol_codec_skip(f->tk, n, 0) != n) {
        fail(f, err, "broken line (trailing data after the JSON object)");
        return -1;
    }
    return n;
}

static const jsmntok_t *member(const amfol_event_file *f, int ntok, const char *name)
{
    int i = 1;
    for (int k = 0; k < f->tk[0].size && i + 1 < ntok; k++) {
        if (amfol_codec_key_is(f->line, &f->tk[i], name))
            return &f->tk[i + 1];
        i = amfol_codec_skip(f->tk, ntok, i + 1);
    }
    return NULL;
}

static bool read_header(amfol_event_file *f, GString *err)
{
    bool eof;
    if (!read_line(f, err, &eof))
        return eof ? fail(f, err, "empty file: not an amfol events file") : false;
    int n = tokenize(f, err);
    if (n < 0)
        return false;
    const jsmntok_t *v = member(f, n, "amfol_events");
    uint64_t version;
    if (!v)
        return fail(f, err, "no \"amfol_events\" header: not an amfol events file");
    if (!amfol_codec_int(f->line, v, 0, UINT32_MAX, &version) || version != AMFOL_EVENTS_SCHEMA)
        return fail(f, err, "event schema version %.*s; this amfol reads version %d (export and "
                    "replay with the same amfol version)", v->end - v->start, f->line + v->start,
                    AMFOL_EVENTS_SCHEMA);
    amfol_config_defaults(&f->cfg);
    int i = 1;
    for (int k = 0; k < f->tk[0].size; k++) {
        bool is_cfg = amfol_codec_key_is(f->line, &f->tk[i], "config");
        i++;
        if (is_cfg && f->tk[i].type == JSMN_OBJECT) {
            memset(&f->cfg, 0, sizeof f->cfg);
            GString *why = g_string_new(NULL);
            bool ok = amfol_codec_read_members(f->line, f->tk, n, &i, amfol_config_schema(), &f->cfg, NULL, why);
            if (!ok)
                fail(f, err, "header: %s", why->str);
            g_string_free(why, TRUE);
            if (!ok)
                return false;
        } else {
            i = amfol_codec_skip(f->tk, n, i);
        }
    }
    return true;
}

/* The frame count from the "end" line, read from the file's tail before replaying. */
static bool read_end_count(amfol_event_file *f, GString *err)
{
    char tail[256];
    if (fseek(f->fp, 0, SEEK_END) != 0)
        return fail(f, err, "cannot seek (events must be a regular file)");
    long size = ftell(f->fp);
    long from = size > (long)sizeof tail - 1 ? size - (long)sizeof tail + 1 : 0;
    fseek(f->fp, from, SEEK_SET);
    size_t n = fread(tail, 1, sizeof tail - 1, f->fp);
    tail[n] = '\0';
    while (n > 0 && tail[n - 1] == '\n')
        tail[--n] = '\0';
    const char *last = strrchr(tail, '\n');
    last = last ? last + 1 : tail;
    unsigned long long frames;
    if (sscanf(last, "{\"t\":\"end\",\"frames\":%llu}", &frames) != 1)
        return fail(f, err, "no \"end\" line at the end of the file: the export did not finish");
    f->frames = frames;
    rewind(f->fp);
    return true;
}

/* ---- the compact encoding ------------------------------------------------------------------ */

/* Keep at least a whole record's worth of bytes in the buffer, unless the file ends first. */
static bool bin_fill(amfol_event_file *f, GString *err)
{
    if (f->eof || f->buf_len - f->buf_pos >= AMFOL_BIN_MAX_RECORD)
        return true;
    memmove(f->buf, f->buf + f->buf_pos, f->buf_len - f->buf_pos);
    f->buf_offset += f->buf_pos;
    f->buf_len -= f->buf_pos;
    f->buf_pos = 0;
    while (f->buf_len < BIN_BUF && !f->eof) {
        size_t n = fread(f->buf + f->buf_len, 1, BIN_BUF - f->buf_len, f->fp);
        f->buf_len += n;
        if (n == 0) {
            if (ferror(f->fp))
                return fail(f, err, "read error: %s", g_strerror(errno));
            f->eof = true;
        }
    }
    return true;
}

static bool bin_open(amfol_event_file *f, GString *err)
{
    f->dec = amfol_bin_dec_new();
    struct stat st;
    f->stream = fstat(fileno(f->fp), &st) != 0 || !S_ISREG(st.st_mode);
    if (!f->stream) {
        uint8_t tail[AMFOL_BIN_TRAILER];
        if (fseek(f->fp, -(long)AMFOL_BIN_TRAILER, SEEK_END) != 0 ||
            fread(tail, 1, sizeof tail, f->fp) != sizeof tail || !amfol_bin_trailer(tail, &f->frames))
            return fail(f, err, "no end record at the end of the file: the export did not finish");
        rewind(f->fp);
        f->buf_len = f->buf_pos = 0;
        f->buf_offset = 0;
        f->eof = false;
    }
    if (!bin_fill(f, err))
        return false;
    size_t n = amfol_bin_dec_header(f->dec, f->buf, f->buf_len, &f->cfg, f->why);
    if (n == 0)
        return fail(f, err, "%s", f->why->str);
    f->buf_pos = n;
    return true;
}

static bool bin_next(amfol_event_file *f, amfol_event_group *g, GString *err)
{
    for (;;) {
        if (!bin_fill(f, err))
            return false;
        f->rec_offset = f->buf_offset + f->buf_pos;
        if (f->buf_pos == f->buf_len)
            return fail(f, err, "file ends without its end record");
        uint8_t tag = f->buf[f->buf_pos];
        if (g->kind && (tag == AMFOL_BIN_FRAME || tag == AMFOL_BIN_RUN || tag == AMFOL_BIN_END ||
                        tag == AMFOL_BIN_UNREAD))
            return true;                              /* the next group's first record */
        amfol_bin_record rec;
        size_t n = amfol_bin_dec_record(f->dec, f->buf + f->buf_pos, f->buf_len - f->buf_pos, &rec, f->why);
        if (n == 0)
            return fail(f, err, "%s", f->why->str);
        f->buf_pos += n;
        switch (rec.tag) {
        case AMFOL_BIN_FRAME:
            g->kind = AMFOL_GROUP_FRAME;
            g->frame = rec.frame;
            g->time = rec.time;
            break;
        case AMFOL_BIN_RUN:
            g->kind = AMFOL_GROUP_RUN;
            g->frame = rec.frame;
            g->time = rec.time;
            g->last_time = rec.last_time;
            g->count = rec.count;
            return true;
        case AMFOL_BIN_UNREAD:
            g->kind = AMFOL_GROUP_UNREAD;
            g->reason = rec.reason;
            g->count = rec.count;
            return true;
        case AMFOL_BIN_END:
            g->kind = AMFOL_GROUP_END;
            f->ended = true;
            if (f->stream)
                f->frames = rec.count;
            else if (rec.count != f->frames)
                return fail(f, err, "end record before the file's last one");
            if (!bin_fill(f, err))
                return false;
            if (f->buf_pos != f->buf_len)
                return fail(f, err, "data after the end record");
            return true;
        default:                                      /* an event of the frame */
            g_ptr_array_add(g->events, rec.rec);
            break;
        }
    }
}

/* ---- both ------------------------------------------------------------------------------------ */

amfol_event_file *amfol_event_file_open(const char *path, GString *err)
{
    amfol_event_file *f = g_new0(amfol_event_file, 1);
    f->path = g_strdup(path);
    f->fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f->fp) {
        g_string_printf(err, "%s: %s", path, g_strerror(errno));
        amfol_event_file_close(f);
        return NULL;
    }
    /* The first bytes tell the encoding (a stream cannot be rewound: they stay in the buffer). */
    f->buf = g_malloc(BIN_BUF);
    f->why = g_string_new(NULL);
    f->bin = true;
    if (!bin_fill(f, err)) {
        amfol_event_file_close(f);
        return NULL;
    }
    f->bin = amfol_bin_is_compact(f->buf, f->buf_len);
    if (f->bin) {
        if (!bin_open(f, err)) {
            amfol_event_file_close(f);
            return NULL;
        }
        return f;
    }
    g_free(f->buf);
    f->buf = NULL;
    f->pool = g_ptr_array_new_with_free_func(g_free);
    if (f->fp == stdin || fseek(f->fp, 0, SEEK_SET) != 0) {
        g_string_printf(err, "%s: JSON Lines events must be a regular file (only the compact encoding streams)", path);
        amfol_event_file_close(f);
        return NULL;
    }
    f->tk = g_new(jsmntok_t, MAX_TOKENS);
    if (!read_end_count(f, err) || !read_header(f, err)) {
        amfol_event_file_close(f);
        return NULL;
    }
    return f;
}

void amfol_event_file_close(amfol_event_file *f)
{
    if (!f)
        return;
    if (f->fp && f->fp != stdin)
        fclose(f->fp);
    if (f->dec)
        amfol_bin_dec_free(f->dec);
    g_free(f->buf);
    if (f->why)
        g_string_free(f->why, TRUE);
    if (f->pool)
        g_ptr_array_free(f->pool, TRUE);
    free(f->line);
    g_free(f->tk);
    g_free(f->path);
    g_free(f);
}

const char *amfol_event_file_path(const amfol_event_file *f)
{
    return f->path;
}

const amfol_config *amfol_event_file_config(const amfol_event_file *f)
{
    return &f->cfg;
}

uint64_t amfol_event_file_frames(const amfol_event_file *f)
{
    return f->frames;
}

uint64_t amfol_event_file_line(const amfol_event_file *f)
{
    return f->line_no;
}

bool amfol_event_file_is_stream(const amfol_event_file *f)
{
    return f->bin && f->stream;
}

void amfol_event_file_where(const amfol_event_file *f, GString *out)
{
    if (f->bin)
        g_string_printf(out, "%s: byte %" G_GUINT64_FORMAT, f->path, f->rec_offset);
    else
        g_string_printf(out, "%s:%" G_GUINT64_FORMAT, f->path, f->line_no);
}

void amfol_event_group_init(amfol_event_group *g)
{
    memset(g, 0, sizeof *g);
    g->events = g_ptr_array_new();
}

void amfol_event_group_clear(amfol_event_group *g)
{
    if (g->events)
        g_ptr_array_free(g->events, TRUE);
    g->events = NULL;
}

static bool get_uint(amfol_event_file *f, int ntok, const char *name, uint64_t max, uint64_t *out, GString *err)
{
    const jsmntok_t *v = member(f, ntok, name);
    if (!v || !amfol_codec_int(f->line, v, 0, max, out))
        return fail(f, err, "missing or bad \"%s\"", name);
    return true;
}

static bool get_time(amfol_event_file *f, int ntok, const char *name, double *out, GString *err)
{
    const jsmntok_t *v = member(f, ntok, name);
    if (!v || !amfol_codec_double(f->line, v, out))
        return fail(f, err, "missing or bad \"%s\"", name);
    return true;
}

/* One event line of the current frame into g->events. */
static bool read_event(amfol_event_file *f, int ntok, int kind, amfol_event_group *g, GString *err)
{
    if (f->pool->len <= g->events->len)
        g_ptr_array_add(f->pool, g_new(amfol_event_rec, 1));
    amfol_event_rec *rec = g_ptr_array_index(f->pool, g->events->len);
    g_ptr_array_add(g->events, rec);
    memset(rec, 0, sizeof *rec);
    rec->kind = kind;
    amfol_codec_unset(amfol_event_schema(kind), &rec->u);
    amfol_where *w = (amfol_where *)&rec->u;   /* every event struct starts with it */
    w->frame = g->frame;
    w->time = g->time;
    int i = 0;
    GString *why = g_string_new(NULL);
    bool ok = amfol_codec_read_members(f->line, f->tk, ntok, &i, amfol_event_schema(kind), &rec->u,
                                       kind == AMFOL_EV_NAS ? &rec->nas_ngap : NULL, why);
    if (!ok)
        fail(f, err, "%s event: %s", amfol_event_kind_name(kind), why->str);
    g_string_free(why, TRUE);
    return ok;
}

bool amfol_event_file_next(amfol_event_file *f, amfol_event_group *g, GString *err)
{
    g_ptr_array_set_size(g->events, 0);
    g->kind = 0;
    if (f->ended)
        return fail(f, err, "read past the \"end\" line");
    if (f->bin)
        return bin_next(f, g, err);
    for (;;) {
        bool eof;
        if (!read_line(f, err, &eof))
            return eof && !err->len ? fail(f, err, "file ends without its \"end\" line") : false;
        int n = tokenize(f, err);
        if (n < 0)
            return false;
        const jsmntok_t *t = member(f, n, "t");
        if (!t || t->type != JSMN_STRING)
            return fail(f, err, "line without a \"t\" (event kind)");
        const char *name = f->line + t->start;
        size_t len = (size_t)(t->end - t->start);
        int kind = amfol_event_kind_by_name(name, len);
        bool is_unread = len == 6 && !memcmp(name, "unread", 6);
        bool starts_group = kind == AMFOL_EV_FRAME || (len == 6 && !memcmp(name, "frames", 6)) ||
                            (len == 3 && !memcmp(name, "end", 3)) || is_unread;
        if (starts_group && g->kind) {
            f->peeked = true;          /* the next group's first line */
            return true;
        }
        uint64_t v;
        if (kind == AMFOL_EV_FRAME) {
            g->kind = AMFOL_GROUP_FRAME;
            if (!get_uint(f, n, "frame", UINT32_MAX, &v, err) || !get_time(f, n, "time", &g->time, err))
                return false;
            g->frame = (amfol_frame)v;
        } else if (len == 6 && !memcmp(name, "frames", 6)) {
            g->kind = AMFOL_GROUP_RUN;
            if (!get_uint(f, n, "frame", UINT32_MAX, &v, err) || !get_uint(f, n, "count", UINT32_MAX, &g->count, err) ||
                !get_time(f, n, "time", &g->time, err) || !get_time(f, n, "last_time", &g->last_time, err))
                return false;
            g->frame = (amfol_frame)v;
            return true;
        } else if (is_unread) {
            g->kind = AMFOL_GROUP_UNREAD;
            if (!get_uint(f, n, "reason", AMFOL_NOTE_REASONS - 1, &v, err) || !get_uint(f, n, "count", UINT32_MAX, &g->count, err))
                return false;
            if (g->count == 0)
                return fail(f, err, "missing or bad \"count\"");
            g->reason = (int)v;
            return true;
        } else if (len == 3 && !memcmp(name, "end", 3)) {
            g->kind = AMFOL_GROUP_END;
            f->ended = true;
            return true;
        } else if (kind > AMFOL_EV_FRAME) {
            if (!g->kind)
                return fail(f, err, "%s event before any \"frame\" line", amfol_event_kind_name(kind));
            if (!read_event(f, n, kind, g, err))
                return false;
        } else {
            return fail(f, err, "unknown line kind \"%.*s\"", (int)len, name);
        }
    }
}
