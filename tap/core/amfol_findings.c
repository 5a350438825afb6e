/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_findings.c: bounded finding list with a frame -> findings index for Expert Info. */
#include "amfol_findings.h"
#include "amfol_rules.h"

#include <glib.h>
#include <stdarg.h>
#include <string.h>

struct amfol_findings {
    GPtrArray *items;        /* amfol_finding*, owned */
    GHashTable *by_frame;    /* frame -> GPtrArray of const amfol_finding* */
    uint32_t dropped;
};

static void finding_free(gpointer p)
{
    amfol_finding *x = p;
    g_free(x->amf);
    g_free(x->gnb);
    g_free(x->cell);
    g_free(x->ue);
    g_free(x->layer);
    g_free(x->summary);
    g_free(x);
}

amfol_findings *amfol_findings_new(void)
{
    amfol_findings *f = g_new0(amfol_findings, 1);
    f->items = g_ptr_array_new_with_free_func(finding_free);
    f->by_frame = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL,
                                        (GDestroyNotify)g_ptr_array_unref);
    return f;
}

void amfol_findings_free(amfol_findings *f)
{
    if (!f)
        return;
    g_hash_table_destroy(f->by_frame);
    g_ptr_array_free(f->items, TRUE);
    g_free(f);
}

void amfol_findings_clear(amfol_findings *f)
{
    g_hash_table_remove_all(f->by_frame);
    g_ptr_array_set_size(f->items, 0);
    f->dropped = 0;
}

amfol_finding *amfol_findings_add(amfol_findings *f, amfol_rule_id rule)
{
    const amfol_rule *r = amfol_rule_get(rule);
    if (!r)
        return NULL;
    if (f->items->len >= AMFOL_FINDINGS_MAX) {
        f->dropped++;
        return NULL;
    }
    amfol_finding *x = g_new0(amfol_finding, 1);
    x->rule_id = r->num;
    x->rule = r->id;
    x->severity = r->severity;
    g_ptr_array_add(f->items, x);
    return x;
}

void amfol_findings_remove(amfol_findings *f, size_t i)
{
    if (f && i < f->items->len)
        g_ptr_array_remove_index(f->items, (guint)i);
}

static void set_str(char **dst, const char *s)
{
    g_free(*dst);
    *dst = (s && *s) ? g_strdup(s) : NULL;
}

void amfol_finding_set_entities(amfol_finding *x, const char *amf, const char *gnb,
                                const char *cell, const char *ue)
{
    if (!x)
        return;
    set_str(&x->amf, amf);
    set_str(&x->gnb, gnb);
    set_str(&x->cell, cell);
    set_str(&x->ue, ue);
}

void amfol_finding_add_frame(amfol_finding *x, amfol_frame frame)
{
    if (!x || frame == 0)
        return;
    int lo = 0, hi = x->n_frames;
    while (lo < hi) {                       /* binary search for the insert position */
        int mid = (lo + hi) / 2;
        if (x->frames[mid] < frame)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < x->n_frames && x->frames[lo] == frame)
        return;
    if (x->n_frames == AMFOL_FINDING_MAX_FRAMES) {
        if (lo == x->n_frames)
            return;                         /* keep the earliest frames */
        x->n_frames--;
    }
    memmove(&x->frames[lo + 1], &x->frames[lo], (size_t)(x->n_frames - lo) * sizeof x->frames[0]);
    x->frames[lo] = frame;
    x->n_frames++;
    if (x->first_frame == 0)
        x->first_frame = frame;
}

void amfol_finding_set_summary(amfol_finding *x, const char *fmt, ...)
{
    if (!x)
        return;
    va_list ap;
    va_start(ap, fmt);
    g_free(x->summary);
    x->summary = g_strdup_vprintf(fmt, ap);
    va_end(ap);
}

static gint cmp_findings(gconstpointer a, gconstpointer b)
{
    const amfol_finding *x = *(const amfol_finding *const *)a;
    const amfol_finding *y = *(const amfol_finding *const *)b;
    if (x->severity != y->severity)
        return y->severity - x->severity;
    if (x->first_frame != y->first_frame)
        return x->first_frame < y->first_frame ? -1 : 1;
    return strcmp(x->rule, y->rule);
}

void amfol_findings_sort(amfol_findings *f)
{
    g_ptr_array_sort(f->items, cmp_findings);
    g_hash_table_remove_all(f->by_frame);
    for (guint i = 0; i < f->items->len; i++) {
        const amfol_finding *x = g_ptr_array_index(f->items, i);
        for (int k = 0; k < x->n_frames; k++) {
            gpointer key = GUINT_TO_POINTER(x->frames[k]);
            GPtrArray *list = g_hash_table_lookup(f->by_frame, key);
            if (!list) {
                list = g_ptr_array_new();
                g_hash_table_insert(f->by_frame, key, list);
            }
            g_ptr_array_add(list, (gpointer)x);
        }
    }
}

size_t amfol_findings_count(const amfol_findings *f)
{
    return f ? f->items->len : 0;
}

const amfol_finding *amfol_findings_get(const amfol_findings *f, size_t i)
{
    return (f && i < f->items->len) ? g_ptr_array_index(f->items, i) : NULL;
}

amfol_finding *amfol_findings_edit(amfol_findings *f, size_t i)
{
    return (f && i < f->items->len) ? g_ptr_array_index(f->items, i) : NULL;
}

uint32_t amfol_findings_dropped(const amfol_findings *f)
{
    return f ? f->dropped : 0;
}

size_t amfol_findings_for_frame(const amfol_findings *f, amfol_frame frame,
                                const amfol_finding **out, size_t cap)
{
    if (!f)
        return 0;
    GPtrArray *list = g_hash_table_lookup(f->by_frame, GUINT_TO_POINTER(frame));
    size_t n = 0;
    for (guint i = 0; list && i < list->len && n < cap; i++)
        out[n++] = g_ptr_array_index(list, i);
    return n;
}
