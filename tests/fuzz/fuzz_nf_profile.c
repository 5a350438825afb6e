/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer harness: the SBI JSON readers (NFProfile, SearchResult, JSON-Patch, NotificationData,
 * ProblemDetails) over arbitrary JSON text. The plugin builds the amfol_jdoc from Wireshark's
 * json.* tree; here a small lenient walker gives the same items in the same depth convention
 * (container d, member d+1, member value d+2, array element d+1) and stops at the first syntax
 * error, as a truncated body would. */
#include "sbi/amfol_sbi_json.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_NODES 256

typedef struct walker {
    const char *p, *end;
    char *texts;          /* scratch for unescaped strings (input size + 1 per string at most) */
    size_t used, cap;
    amfol_jdoc *doc;
    int budget;           /* recursion guard */
} walker;

static void skip_ws(walker *w)
{
    while (w->p < w->end && (*w->p == ' ' || *w->p == '\n' || *w->p == '\r' || *w->p == '\t'))
        w->p++;
}

/* A string literal copied (escapes kept as the letter after the backslash); NULL on error. */
static const char *string_lit(walker *w)
{
    if (w->p >= w->end || *w->p != '"')
        return NULL;
    w->p++;
    char *out = w->texts + w->used;
    size_t n = 0;
    while (w->p < w->end && *w->p != '"') {
        if (*w->p == '\\' && w->p + 1 < w->end)
            w->p++;
        if (w->used + n + 1 >= w->cap)
            return NULL;
        out[n++] = *w->p++;
    }
    if (w->p >= w->end)
        return NULL;
    w->p++;
    out[n] = 0;
    w->used += n + 1;
    return out;
}

static int value(walker *w, int depth);

static int container(walker *w, int depth, char close, int kind)
{
    amfol_jdoc_add(w->doc, kind, depth, NULL, 0);
    w->p++;
    for (;;) {
        skip_ws(w);
        if (w->p >= w->end)
            return -1;
        if (*w->p == close) {
            w->p++;
            return 0;
        }
        if (kind == AMFOL_J_OBJECT) {
            const char *key = string_lit(w);
            skip_ws(w);
            if (!key || w->p >= w->end || *w->p++ != ':')
                return -1;
            amfol_jdoc_add(w->doc, AMFOL_J_MEMBER, depth + 1, key, 0);
            if (value(w, depth + 2) < 0)
                return -1;
        } else if (value(w, depth + 1) < 0) {
            return -1;
        }
        skip_ws(w);
        if (w->p < w->end && *w->p == ',')
            w->p++;
    }
}

static int value(walker *w, int depth)
{
    if (--w->budget < 0)
        return -1;
    skip_ws(w);
    if (w->p >= w->end)
        return -1;
    char c = *w->p;
    if (c == '{')
        return container(w, depth, '}', AMFOL_J_OBJECT);
    if (c == '[')
        return container(w, depth, ']', AMFOL_J_ARRAY);
    if (c == '"') {
        const char *s = string_lit(w);
        if (!s)
            return -1;
        amfol_jdoc_add(w->doc, AMFOL_J_STRING, depth, s, 0);
        return 0;
    }
    static const struct { const char *word; int kind; } words[] = {
        { "true", AMFOL_J_TRUE }, { "false", AMFOL_J_FALSE }, { "null", AMFOL_J_NULL } };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t n = strlen(words[i].word);
        if ((size_t)(w->end - w->p) >= n && !memcmp(w->p, words[i].word, n)) {
            w->p += n;
            amfol_jdoc_add(w->doc, words[i].kind, depth, NULL, 0);
            return 0;
        }
    }
    char num[64];
    size_t n = 0;
    while (w->p < w->end && n + 1 < sizeof num && strchr("+-.0123456789eE", *w->p) && *w->p)
        num[n++] = *w->p++;
    if (n == 0)
        return -1;
    num[n] = 0;
    amfol_jdoc_add(w->doc, AMFOL_J_NUMBER, depth, NULL, strtod(num, NULL));
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    amfol_jnode nodes[MAX_NODES];
    amfol_jdoc doc;
    amfol_jdoc_init(&doc, nodes, MAX_NODES);
    walker w = { (const char *)data, (const char *)data + size, malloc(size + 1), 0, size + 1,
                 &doc, 4096 };
    if (!w.texts)
        return 0;
    /* The walker's top level is depth 1, as in Wireshark's json tree. */
    while (w.p < w.end && value(&w, 1) == 0)
        ;
    amfol_sbi_event ev;
    memset(&ev, 0, sizeof ev);
    int dropped = amfol_sbi_json_read(&doc, &ev);
    if (dropped < 0 || ev.n_loads < 0 || ev.n_loads > AMFOL_SBI_MAX_LOADS)
        __builtin_trap();
    for (int i = 0; i < ev.n_loads; i++) {
        const amfol_sbi_load *l = &ev.loads[i];
        if (!memchr(l->nf_instance_id, 0, sizeof l->nf_instance_id) ||
            !memchr(l->nf_type, 0, sizeof l->nf_type) || !memchr(l->ipv4, 0, sizeof l->ipv4) ||
            l->n_guamis < 0 || l->n_guamis > AMFOL_MAX_GUAMIS)
            __builtin_trap();
    }
    free(w.texts);
    return 0;
}
