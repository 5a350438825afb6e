/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_cells.c: the cell registry (NR-CGI -> counters per overload period) and the
 * interned display strings of the radio module. */
#include "amfol_rrc_internal.h"
#include "../core/amfol_fmt.h"
#include "../core/amfol_context.h"

#include <stdio.h>
#include <string.h>

const char *rrc_intern(amfol_rrc *s, const char *str)
{
    if (!str)
        return NULL;
    const char *hit = g_hash_table_lookup(s->interned, str);
    if (hit)
        return hit;
    if (g_hash_table_size(s->interned) >= 4096)   /* bounded: names are per gNB/AMF/cell */
        return "(too many names)";
    const char *copy = g_string_chunk_insert(s->names, str);
    g_hash_table_insert(s->interned, (gpointer)copy, (gpointer)copy);
    return copy;
}

void rrc_format_cell(const amfol_nr_cgi *cgi, char *buf, size_t cap)
{
    amfol_fmt f = amfol_fmt_start(buf, cap);   /* "%s-%09llx", for every radio message */
    amfol_fmt_str(&f, cgi->plmn.digits);
    amfol_fmt_char(&f, '-');
    amfol_fmt_hex(&f, (guint64)(cgi->cell_id & G_GUINT64_CONSTANT(0xFFFFFFFFF)), 9);
}

static uint32_t cell_new(amfol_rrc *s, const char *name)
{
    if (s->n_cells >= RRC_MAX_CELLS) {
        s->overflow++;
        return RRC_NO_IX;
    }
    /* Grow in chunks: a cell carries its period counters inline. */
    if ((s->n_cells & 15) == 0)
        s->cells = g_renew(rrc_cell, s->cells, s->n_cells + 16);
    rrc_cell *c = &s->cells[s->n_cells];
    memset(c, 0, sizeof *c);
    g_strlcpy(c->name, name, sizeof c->name);
    c->bound_assoc = RRC_NO_IX;
    g_hash_table_insert(s->cell_index, g_strdup(name), GUINT_TO_POINTER(s->n_cells + 1));
    return s->n_cells++;
}

uint32_t rrc_cell_get(amfol_rrc *s, const amfol_nr_cgi *cgi)
{
    uint64_t key;
    bool by_key = amfol_nr_cgi_key(cgi, &key);
    uint64_t fast = by_key ? amfol_u64map_get(&s->cell_by_cgi, key) : 0;
    if (fast)
        return (uint32_t)(fast - 1);
    char name[24];
    rrc_format_cell(cgi, name, sizeof name);
    guint hit = GPOINTER_TO_UINT(g_hash_table_lookup(s->cell_index, name));
    uint32_t ix;
    if (hit) {
        ix = hit - 1;
    } else {
        ix = cell_new(s, name);
        if (ix != RRC_NO_IX) {
            s->cells[ix].known = true;
            s->cells[ix].cgi = *cgi;
        }
    }
    if (by_key && ix != RRC_NO_IX)            /* bounded by the cells (RRC_MAX_CELLS) */
        amfol_u64map_put(&s->cell_by_cgi, key, (uint64_t)ix + 1);
    return ix;
}

/* Requests without NR-CGI (no F1AP, e.g. MAC-NR) are counted per transport. */
uint32_t rrc_cell_unknown_for(amfol_rrc *s, uint16_t transport)
{
    if (transport >= s->n_transports)
        return RRC_NO_IX;
    rrc_transport *tr = &s->transports[transport];
    if (tr->unknown_cell != RRC_NO_IX)
        return tr->unknown_cell;
    char name[24];
    snprintf(name, sizeof name, "?transport-%u", (unsigned)transport);
    tr->unknown_cell = cell_new(s, name);
    if (tr->unknown_cell != RRC_NO_IX)
        g_strlcpy(s->cells[tr->unknown_cell].fallback_gnb, tr->cu_ep[0] ? tr->cu_ep : tr->a,
                  sizeof s->cells[0].fallback_gnb);
    return tr->unknown_cell;
}

const char *rrc_cell_gnb(amfol_engine *e, uint32_t cell)
{
    amfol_rrc *s = e->rrc;
    if (cell >= s->n_cells)
        return NULL;
    rrc_cell *c = &s->cells[cell];
    if (rrc_cell_bind(e, cell))
        return rrc_assoc_gnb_name(e, c->bound_assoc);
    return c->fallback_gnb[0] ? rrc_intern(s, c->fallback_gnb) : NULL;
}

/* The period a message at time t belongs to: the current one when it matches, else a new one
 * (capped: the overflow merges into the last period and is counted). */
rrc_period *rrc_cell_period(amfol_rrc *s, uint32_t cell, int phase, int32_t seg, amfol_time t, amfol_frame f, uint16_t *ix)
{
    rrc_cell *c = &s->cells[cell];
    rrc_period *p = c->n_periods ? &c->periods[c->n_periods - 1] : NULL;
    bool same = p && p->phase == phase && (phase != AMFOL_RRC_DURING || p->seg == seg) &&
                (phase == AMFOL_RRC_DURING || phase == AMFOL_RRC_BEFORE || p->seg == seg);
    if (!same) {
        if (c->n_periods >= RRC_MAX_PERIODS) {
            c->periods_merged++;
            s->overflow++;
        } else {
            p = &c->periods[c->n_periods++];
            memset(p, 0, sizeof *p);
            p->phase = phase;
            p->seg = seg;
            p->from = t;
            p->first_frame = f;
        }
    }
    if (t > p->to)
        p->to = t;
    if (t < p->from)
        p->from = t;
    p->last_frame = f;
    *ix = (uint16_t)(p - c->periods);
    return p;
}
