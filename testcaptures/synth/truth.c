/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Ground-truth bookkeeping, the post-run RRC burst rules, and the JSON file of docs/ground-truth.md. */
#include "truth.h"

#include <stdlib.h>
#include <string.h>

#define SEC 1000000

static void fault_free(gpointer p)
{
    truth_fault *f = p;
    g_free(f->amf);
    g_free(f->gnb);
    g_free(f->cell);
    g_free(f->ue);
    g_free(f->details);
    g_array_free(f->frames, TRUE);
    g_free(f);
}

void truth_init(truth *t, const scenario *sc)
{
    memset(t, 0, sizeof *t);
    t->sc = sc;
    t->faults = g_ptr_array_new_with_free_func(fault_free);
    t->rrc_reject_log = g_array_new(FALSE, FALSE, sizeof(truth_rrc_reject));
    t->nfupdate_loads = g_array_new(FALSE, FALSE, sizeof(int));
    t->zoo_discovery_loads = g_array_new(FALSE, FALSE, sizeof(int));
    t->zoo_notify_loads = g_array_new(FALSE, FALSE, sizeof(int));
    t->max_log = 4000000;
    for (int e = 0; e < SC_MAX_EPISODES; e++)
        t->episodes[e].start_us = t->episodes[e].stop_us = -1;
}

void truth_free(truth *t)
{
    if (t->faults)
        g_ptr_array_free(t->faults, TRUE);
    if (t->rrc_reject_log)
        g_array_free(t->rrc_reject_log, TRUE);
    if (t->nfupdate_loads)
        g_array_free(t->nfupdate_loads, TRUE);
    if (t->zoo_discovery_loads)
        g_array_free(t->zoo_discovery_loads, TRUE);
    if (t->zoo_notify_loads)
        g_array_free(t->zoo_notify_loads, TRUE);
    g_free(t->kpi_json);
    t->kpi_json = NULL;
    t->faults = NULL;
    t->rrc_reject_log = t->nfupdate_loads = t->zoo_discovery_loads = t->zoo_notify_loads = NULL;
}

truth_fault *truth_fault_new(truth *t, const char *rule, const char *amf, const char *gnb,
                             const char *cell, const char *ue)
{
    truth_fault *f = g_new0(truth_fault, 1);
    f->owner = t;
    f->rule = rule;
    f->amf = g_strdup(amf);
    f->gnb = g_strdup(gnb);
    f->cell = g_strdup(cell);
    f->ue = g_strdup(ue);
    f->frames = g_array_new(FALSE, FALSE, sizeof(uint32_t));
    g_ptr_array_add(t->faults, f);
    return f;
}

void truth_fault_add(truth_fault *f, uint32_t frame)
{
    if (!frame)
        return;
    if (f->owner->evidence_frames >= TRUTH_MAX_EVIDENCE) {
        f->owner->log_overflow = 1; /* truth_complete = false */
        return;
    }
    f->owner->evidence_frames++;
    g_array_append_val(f->frames, frame);
}

void truth_record_t3346(truth *t, uint32_t seconds)
{
    for (int i = 0; i < t->n_t3346; i++)
        if (t->t3346_value[i] == seconds) {
            t->t3346_count[i]++;
            return;
        }
    if (t->n_t3346 < TRUTH_MAX_T3346) {
        t->t3346_value[t->n_t3346] = seconds;
        t->t3346_count[t->n_t3346++] = 1;
    }
}

/* The window of GNB relative to the first episode of its home AMF (scenario times). */
int truth_window(const truth *t, int gnb, int64_t t_us)
{
    const scenario *sc = t->sc;
    int amf = sc->gnbs[gnb].home_amf;
    for (int e = 0; e < sc->n_episodes; e++) {
        const sc_episode *ep = &sc->episodes[e];
        if (ep->amf != amf || !ep->send_start)
            continue;
        if (t_us < ep->starts[0].at_us)
            return 0;
        if (ep->stop_us < 0 || t_us < ep->stop_us)
            return 1;
        return 2;
    }
    return 0;
}

void truth_count_episode_ium(truth *t, int gnb, int amf, int cause, int64_t t_us)
{
    const scenario *sc = t->sc;
    for (int e = 0; e < sc->n_episodes; e++) {
        const sc_episode *ep = &sc->episodes[e];
        if (ep->amf != amf || !ep->send_start)
            continue;
        int64_t t0 = ep->starts[0].at_us, t1 = ep->stop_us;
        int w = -1;
        if (t_us >= t0 - 60 * (int64_t)SEC && t_us < t0)
            w = 0;
        else if (t_us >= t0 && (t1 < 0 || t_us < t1))
            w = 1;
        else if (t1 >= 0 && t_us >= t1 && t_us < t1 + 60 * (int64_t)SEC)
            w = 2;
        if (w >= 0)
            t->ep_ium[e][gnb][w][cause]++;
    }
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* RRC reject bursts: rejects of one cell whose gaps are < 10 s form a cluster. */
static void rrc_bursts(truth *t)
{
    const scenario *sc = t->sc;
    truth_rrc_reject *v = (truth_rrc_reject *)t->rrc_reject_log->data;
    guint n = t->rrc_reject_log->len;
    for (int g = 0; g < sc->n_gnbs; g++)
        for (int c = 0; c < sc->gnbs[g].n_cells; c++) {
            for (int pass = 0; pass < 2; pass++) {
                /* pass 0: out-of-overload bursts; pass 1: all rejects (waitTime rule) */
                guint i = 0;
                while (i < n) {
                    if (v[i].gnb != g || v[i].cell != c || (pass == 0 && v[i].in_overload)) {
                        i++;
                        continue;
                    }
                    GArray *cl = g_array_new(FALSE, FALSE, sizeof(guint));
                    int64_t last = v[i].t_us;
                    guint j = i;
                    for (; j < n; j++) {
                        if (v[j].gnb != g || v[j].cell != c)
                            continue;
                        if (pass == 0 && v[j].in_overload)
                            break;
                        if (v[j].t_us - last >= 10 * (int64_t)SEC)
                            break;
                        g_array_append_val(cl, j);
                        last = v[j].t_us;
                    }
                    /* densest 10 s window of the cluster */
                    guint *ix = (guint *)cl->data, best = 0;
                    for (guint a = 0, b = 0; a < cl->len; a++) {
                        while (b < cl->len && v[ix[b]].t_us < v[ix[a]].t_us + 10 * (int64_t)SEC)
                            b++;
                        if (b - a > best)
                            best = b - a;
                    }
                    char cell[48];
                    snprintf(cell, sizeof cell, "%s-%09llx", sc->gnbs[g].plmn_str,
                             (unsigned long long)sc->gnbs[g].cells[c]);
                    if (pass == 0 && best >= 5) {
                        truth_fault *f = truth_fault_new(t, "rrc-reject-without-overload", NULL,
                                                         sc->gnbs[g].name, cell, NULL);
                        f->first_frame = v[ix[0]].frame;
                        for (guint a = 0; a < cl->len; a++)
                            truth_fault_add(f, v[ix[a]].frame);
                        f->count = cl->len;
                    }
                    if (pass == 1 && best >= 20) {
                        int counts[17] = {0}, top = 0;
                        for (guint a = 0; a < cl->len; a++)
                            counts[v[ix[a]].wait_s <= 16 ? v[ix[a]].wait_s : 0]++;
                        for (int w = 1; w <= 16; w++)
                            if (counts[w] > counts[top])
                                top = w;
                        if (top && counts[top] * 10 >= (int)cl->len * 9) {
                            truth_fault *f = truth_fault_new(t, "reject-waittime-synchronised",
                                                             NULL, sc->gnbs[g].name, cell, NULL);
                            f->first_frame = v[ix[0]].frame;
                            for (guint a = 0; a < cl->len; a++)
                                truth_fault_add(f, v[ix[a]].frame);
                            f->count = cl->len;
                            f->details = g_strdup_printf("{\"wait_time_s\": %d}", top);
                        }
                    }
                    g_array_free(cl, TRUE);
                    i = j > i ? j : i + 1;
                }
            }
        }
}

void truth_finish(truth *t)
{
    rrc_bursts(t);
    for (guint i = 0; i < t->faults->len; i++) {
        truth_fault *f = g_ptr_array_index(t->faults, i);
        if (f->frames->len > 1)
            qsort(f->frames->data, f->frames->len, sizeof(uint32_t), cmp_u32);
        guint w = 0;
        uint32_t *fr = (uint32_t *)f->frames->data;
        for (guint r = 0; r < f->frames->len; r++)
            if (w == 0 || fr[w - 1] != fr[r])
                fr[w++] = fr[r];
        g_array_set_size(f->frames, w);
        if (!f->first_frame && w)
            f->first_frame = fr[0];
    }
}

/* ---- JSON output ---- */

static void jstr(FILE *o, const char *s)
{
    if (!s) {
        fputs("null", o);
        return;
    }
    fputc('"', o);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(o, "\\%c", c);
        else if (c < 0x20)
            fprintf(o, "\\u%04x", c);
        else
            fputc(c, o);
    }
    fputc('"', o);
}

static void jtime(FILE *o, int64_t epoch_us, int64_t t_us)
{
    int64_t a = epoch_us + t_us;
    fprintf(o, "%lld.%06lld", (long long)(a / SEC), (long long)(a % SEC));
}

static void jframe(FILE *o, uint32_t f)
{
    if (f)
        fprintf(o, "%u", f);
    else
        fputs("null", o);
}

static void write_start(FILE *o, const truth *t, const truth_update *u)
{
    const sc_start *st = u->start;
    fprintf(o, "{\"frame\": %u, \"gnb\": ", u->frame);
    jstr(o, t->sc->gnbs[u->gnb].name);
    fputs(", \"action\": ", o);
    if (st->action == ACTION_NONE)
        fputs("null", o);
    else
        jstr(o, action_name(st->action));
    fputs(", \"action_value\": ", o);
    if (st->action == ACTION_NONE)
        fputs("null", o);
    else
        fprintf(o, "%d", st->action);
    fputs(", \"reduction_pct\": ", o);
    if (st->reduction_pct)
        fprintf(o, "%d", st->reduction_pct);
    else
        fputs("null", o);
    fputs(", \"slices\": [", o);
    for (int i = 0; i < st->n_slices; i++) {
        char sn[24];
        snssai_format(&st->slices[i].snssai, sn, sizeof sn);
        fprintf(o, "%s{\"snssai\": \"%s\", \"action\": ", i ? ", " : "", sn);
        if (st->slices[i].action == ACTION_NONE)
            fputs("null", o);
        else
            jstr(o, action_name(st->slices[i].action));
        fputs(", \"reduction_pct\": ", o);
        if (st->slices[i].reduction_pct)
            fprintf(o, "%d", st->slices[i].reduction_pct);
        else
            fputs("null", o);
        fputc('}', o);
    }
    fputs("]}", o);
}

static void write_amfs(FILE *o, const truth *t)
{
    const scenario *sc = t->sc;
    fputs("  \"amfs\": [\n", o);
    for (int a = 0; a < sc->n_amfs; a++) {
        const sc_amf *m = &sc->amfs[a];
        fputs("    {\"name\": ", o);
        jstr(o, m->name);
        fprintf(o, ", \"set_id\": %d, \"region_id\": %d, \"pointer\": %d, \"plmn\": \"%s\", "
                   "\"address\": \"%u.%u.%u.%u:38412\", \"capacity\": %d,\n     \"episodes\": [",
                m->set_id, m->region_id, m->pointer, m->plmn_str, m->ip[0], m->ip[1], m->ip[2],
                m->ip[3], m->capacity);
        int first = 1;
        for (int e = 0; e < sc->n_episodes; e++) {
            const truth_episode *te = &t->episodes[e];
            if (sc->episodes[e].amf != a || !te->start_frame)
                continue;
            fprintf(o, "%s\n       {\"name\": ", first ? "" : ",");
            first = 0;
            jstr(o, sc->episodes[e].name);
            fputs(", \"start_frame\": ", o);
            jframe(o, te->start_frame);
            fputs(", \"stop_frame\": ", o);
            jframe(o, te->stop_frame);
            fputs(", \"start_time\": ", o);
            jtime(o, sc->epoch_us, te->start_us);
            fputs(", \"stop_time\": ", o);
            if (te->stop_frame)
                jtime(o, sc->epoch_us, te->stop_us);
            else
                fputs("null", o);
            fputs(",\n        \"updates\": [", o);
            for (int u = 0; u < te->n_updates; u++) {
                fputs(u ? ",\n          " : "\n          ", o);
                write_start(o, t, &te->updates[u]);
            }
            fputs("],\n        \"gnbs\": [", o);
            int fg = 1;
            for (int g = 0; g < sc->n_gnbs; g++) {
                if (!te->gnb_start_frame[g])
                    continue;
                fprintf(o, "%s{\"gnb\": ", fg ? "" : ", ");
                fg = 0;
                jstr(o, sc->gnbs[g].name);
                fprintf(o, ", \"start_frame\": %u, \"stop_frame\": ", te->gnb_start_frame[g]);
                jframe(o, te->gnb_stop_frame[g]);
                fputc('}', o);
            }
            fputs("]}", o);
        }
        fprintf(o, "]}%s\n", a + 1 < sc->n_amfs ? "," : "");
    }
    fputs("  ],\n", o);
}

static void write_gnbs(FILE *o, const truth *t)
{
    const scenario *sc = t->sc;
    fputs("  \"gnbs\": [\n", o);
    for (int g = 0; g < sc->n_gnbs; g++) {
        const sc_gnb *b = &sc->gnbs[g];
        fputs("    {\"name\": ", o);
        jstr(o, b->name);
        fprintf(o, ", \"gnb_id\": \"0x%06x\", \"plmn\": \"%s\", \"address\": \"%u.%u.%u.%u:38412\", "
                   "\"f1\": %s, \"cells\": [",
                b->gnb_id, b->plmn_str, b->ip[0], b->ip[1], b->ip[2], b->ip[3],
                b->f1 ? "true" : "false");
        for (int c = 0; c < b->n_cells; c++)
            fprintf(o, "%s\"%s-%09llx\"", c ? ", " : "", b->plmn_str,
                    (unsigned long long)b->cells[c]);
        fputs("], \"amfs\": [", o);
        int first = 1;
        for (int a = 0; a < sc->n_amfs; a++)
            if (b->amf_mask & (1u << a)) {
                fputs(first ? "" : ", ", o);
                first = 0;
                jstr(o, sc->amfs[a].name);
            }
        fputs("], \"behaviour\": ", o);
        jstr(o, behaviour_name(b->behaviour));
        fprintf(o, "}%s\n", g + 1 < sc->n_gnbs ? "," : "");
    }
    fputs("  ],\n", o);
}

static void write_faults(FILE *o, const truth *t)
{
    fputs("  \"faults\": [", o);
    for (guint i = 0; i < t->faults->len; i++) {
        const truth_fault *f = g_ptr_array_index(t->faults, i);
        fputs(i ? ",\n    {\"rule\": " : "\n    {\"rule\": ", o);
        jstr(o, f->rule);
        fputs(", \"amf\": ", o);
        jstr(o, f->amf);
        fputs(", \"gnb\": ", o);
        jstr(o, f->gnb);
        fputs(", \"cell\": ", o);
        jstr(o, f->cell);
        fputs(", \"ue\": ", o);
        jstr(o, f->ue);
        fprintf(o, ", \"first_frame\": %u, \"count\": %u, \"frames\": [", f->first_frame,
                f->count);
        for (guint k = 0; k < f->frames->len; k++)
            fprintf(o, "%s%u", k ? ", " : "", g_array_index(f->frames, uint32_t, k));
        fprintf(o, "], \"details\": %s}", f->details ? f->details : "{}");
    }
    fputs(t->faults->len ? "\n  ],\n" : "],\n", o);
}

static void write_int_list(FILE *o, const GArray *a)
{
    fputc('[', o);
    for (guint i = 0; i < a->len; i++)
        fprintf(o, "%s%d", i ? ", " : "", g_array_index(a, int, i));
    fputc(']', o);
}

/* expected.zoo: the message-zoo counts (only for scenarios that turn a zoo key on). Timer octets
 * are keyed "UNIT/VALUE" as tshark's gprs_timer*_unit / _value fields show them. */
static void write_zoo(FILE *o, const truth *t)
{
    static const int sm_cause[3] = {26, 67, 69};
    fprintf(o, "    \"zoo\": {\"amf_status_indications\": %llu, \"error_indications\": %llu, "
               "\"deregistrations\": %llu, \"dereg_t3346\": {",
            (unsigned long long)t->zoo_status_ind, (unsigned long long)t->zoo_error_ind,
            (unsigned long long)t->zoo_deregs);
    int first = 1;
    for (int k = 0; k < 256; k++)
        if (t->zoo_dereg_t3346[k]) {
            fprintf(o, "%s\"%d/%d\": %llu", first ? "" : ", ", k >> 5, k & 31,
                    (unsigned long long)t->zoo_dereg_t3346[k]);
            first = 0;
        }
    fprintf(o, "},\n      \"pdu_session_requests\": %llu, \"sm_rejects\": {",
            (unsigned long long)t->zoo_pdu_requests);
    first = 1;
    for (int c = 0; c < 3; c++)
        for (int k = 0; k < 256; k++)
            if (t->zoo_sm_reject[c][k]) {
                fprintf(o, "%s\"%d:%d/%d\": %llu", first ? "" : ", ", sm_cause[c], k >> 5, k & 31,
                        (unsigned long long)t->zoo_sm_reject[c][k]);
                first = 0;
            }
    fputs("},\n      \"rrc_resume_requests\": {", o);
    first = 1;
    for (int c = 0; c < 16; c++)
        if (t->zoo_resume[c]) {
            fprintf(o, "%s\"%d\": %llu", first ? "" : ", ", c, (unsigned long long)t->zoo_resume[c]);
            first = 0;
        }
    fprintf(o, "},\n      \"nf_status_notify\": %llu, \"notify_loads\": ",
            (unsigned long long)t->zoo_notify);
    write_int_list(o, t->zoo_notify_loads);
    fprintf(o, ", \"nf_discover\": %llu, \"discovery_loads\": ", (unsigned long long)t->zoo_discover);
    write_int_list(o, t->zoo_discovery_loads);
    fputs("}", o);
}

static void write_expected(FILE *o, const truth *t)
{
    const scenario *sc = t->sc;
    static const char *const win[3] = {"before", "during", "after"};
    fputs("  \"expected\": {\n", o);
    if (t->kpi_json)
        fprintf(o, "    \"kpi\": %s,\n", t->kpi_json);
    fputs("    \"initial_ue_messages\": {", o);
    for (int g = 0; g < sc->n_gnbs; g++) {
        fprintf(o, "%s\n      ", g ? "," : "");
        jstr(o, sc->gnbs[g].name);
        fputs(": {", o);
        for (int w = 0; w < 3; w++) {
            fprintf(o, "%s\"%s\": {", w ? ", " : "", win[w]);
            int first = 1;
            for (int c = 0; c < SC_NCAUSES; c++)
                if (t->ium[g][w][c]) {
                    fprintf(o, "%s\"%s\": %llu", first ? "" : ", ", cause_name(c),
                            (unsigned long long)t->ium[g][w][c]);
                    first = 0;
                }
            fputc('}', o);
        }
        fputc('}', o);
    }
    fputs("\n    },\n    \"ium_windows\": {", o);
    for (int g = 0; g < sc->n_gnbs; g++) {
        fprintf(o, "%s\n      ", g ? "," : "");
        jstr(o, sc->gnbs[g].name);
        const sc_episode *ep = NULL;
        for (int e = 0; e < sc->n_episodes && !ep; e++)
            if (sc->episodes[e].amf == sc->gnbs[g].home_amf && sc->episodes[e].send_start)
                ep = &sc->episodes[e];
        fputs(": {\"during_from\": ", o);
        if (ep)
            jtime(o, sc->epoch_us, ep->starts[0].at_us);
        else
            fputs("null", o);
        fputs(", \"after_from\": ", o);
        if (ep && ep->stop_us >= 0)
            jtime(o, sc->epoch_us, ep->stop_us);
        else
            fputs("null", o);
        fputc('}', o);
    }
    fprintf(o, "\n    },\n    \"rrc\": {\"requests\": %llu, \"setups\": %llu, \"rejects\": %llu},\n",
            (unsigned long long)t->rrc_requests, (unsigned long long)t->rrc_setups,
            (unsigned long long)t->rrc_rejects);
    fputs("    \"rrc_per_cell\": {", o);
    int firstc = 1;
    for (int g = 0; g < sc->n_gnbs; g++) {
        if (!sc->gnbs[g].f1)
            continue;
        for (int c = 0; c < sc->gnbs[g].n_cells; c++) {
            fprintf(o, "%s\"%s-%09llx\": {\"requests\": %llu, \"setups\": %llu, \"rejects\": %llu}",
                    firstc ? "" : ", ", sc->gnbs[g].plmn_str,
                    (unsigned long long)sc->gnbs[g].cells[c],
                    (unsigned long long)t->rrc_cell[g][c][0],
                    (unsigned long long)t->rrc_cell[g][c][1],
                    (unsigned long long)t->rrc_cell[g][c][2]);
            firstc = 0;
        }
    }
    fputs("},\n    \"initial_ue_messages_per_episode\": [", o);
    int firste = 1;
    for (int e = 0; e < sc->n_episodes; e++) {
        const sc_episode *ep = &sc->episodes[e];
        if (!ep->send_start)
            continue;
        fprintf(o, "%s\n      {\"episode\": ", firste ? "" : ",");
        firste = 0;
        jstr(o, ep->name);
        fputs(", \"amf\": ", o);
        jstr(o, sc->amfs[ep->amf].name);
        fputs(", \"before_from\": ", o);
        jtime(o, sc->epoch_us, ep->starts[0].at_us - 60 * (int64_t)SEC);
        fputs(", \"during_from\": ", o);
        jtime(o, sc->epoch_us, ep->starts[0].at_us);
        fputs(", \"after_from\": ", o);
        if (ep->stop_us >= 0)
            jtime(o, sc->epoch_us, ep->stop_us);
        else
            fputs("null", o);
        fputs(", \"after_until\": ", o);
        if (ep->stop_us >= 0)
            jtime(o, sc->epoch_us, ep->stop_us + 60 * (int64_t)SEC);
        else
            fputs("null", o);
        fputs(", \"gnbs\": {", o);
        int fg = 1;
        for (int g = 0; g < sc->n_gnbs; g++) {
            if (!(sc->gnbs[g].amf_mask & (1u << ep->amf)))
                continue;
            fputs(fg ? "" : ", ", o);
            fg = 0;
            jstr(o, sc->gnbs[g].name);
            fputs(": {", o);
            for (int w = 0; w < 3; w++) {
                fprintf(o, "%s\"%s\": {", w ? ", " : "", win[w]);
                int first = 1;
                for (int c = 0; c < SC_NCAUSES; c++)
                    if (t->ep_ium[e][g][w][c]) {
                        fprintf(o, "%s\"%s\": %llu", first ? "" : ", ", cause_name(c),
                                (unsigned long long)t->ep_ium[e][g][w][c]);
                        first = 0;
                    }
                fputc('}', o);
            }
            fputc('}', o);
        }
        fputs("}}", o);
    }
    fputs(firste ? "],\n" : "\n    ],\n", o);
    fprintf(o, "    \"nas\": {\"congestion_rejects\": %llu, \"congestion_rejects_without_t3346\": "
               "%llu, \"ciphered_rejects\": %llu, \"t3346_values_s\": {",
            (unsigned long long)t->nas_congestion_rejects,
            (unsigned long long)t->nas_congestion_no_t3346,
            (unsigned long long)t->nas_ciphered_rejects);
    /* ascending by value for a stable, readable file */
    int order[TRUTH_MAX_T3346];
    for (int i = 0; i < t->n_t3346; i++)
        order[i] = i;
    for (int i = 1; i < t->n_t3346; i++)
        for (int j = i; j > 0 && t->t3346_value[order[j]] < t->t3346_value[order[j - 1]]; j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    for (int i = 0; i < t->n_t3346; i++) {
        uint32_t v = t->t3346_value[order[i]];
        if (v == UINT32_MAX)
            fprintf(o, "%s\"deactivated\": %llu", i ? ", " : "",
                    (unsigned long long)t->t3346_count[order[i]]);
        else
            fprintf(o, "%s\"%u\": %llu", i ? ", " : "", v,
                    (unsigned long long)t->t3346_count[order[i]]);
    }
    fprintf(o, "}},\n    \"sbi\": {\"nfupdate_load_reports\": %llu, \"oci_headers\": %llu, "
               "\"lci_headers\": %llu, \"status_503\": %llu, \"status_429\": %llu, "
               "\"nfupdate_loads\": [",
            (unsigned long long)t->nfupdate_load_reports, (unsigned long long)t->oci_headers,
            (unsigned long long)t->lci_headers, (unsigned long long)t->status_503,
            (unsigned long long)t->status_429);
    for (guint i = 0; i < t->nfupdate_loads->len; i++)
        fprintf(o, "%s%d", i ? ", " : "", g_array_index(t->nfupdate_loads, int, i));
    if (!t->zoo) {
        fputs("]}\n  }\n", o);
        return;
    }
    fputs("]},\n", o);
    write_zoo(o, t);
    fputs("\n  }\n", o);
}

int truth_write_json(const truth *t, const char *path, truth_ue_ids_fn ue_ids, const void *ctx,
                     int n_ues)
{
    FILE *o = fopen(path, "w");
    if (!o)
        return -1;
    const scenario *sc = t->sc;
    fputs("{\n  \"scenario\": ", o);
    jstr(o, sc->name);
    fputs(",\n  \"description\": ", o);
    jstr(o, sc->description);
    fprintf(o, ",\n  \"seed\": %llu,\n  \"frames\": %llu,\n  \"first_time\": ",
            (unsigned long long)sc->seed, (unsigned long long)t->frames);
    jtime(o, sc->epoch_us, t->first_us);
    fputs(",\n  \"last_time\": ", o);
    jtime(o, sc->epoch_us, t->last_us);
    fprintf(o, ",\n  \"grace_ms\": %d,\n  \"truth_complete\": %s,\n", sc->grace_ms,
            t->log_overflow ? "false" : "true");
    if (sc->n_protected) {   /* the preferences amfol must read the capture with */
        fputs("  \"preferences\": {\"amfol.protected_snssai\": ", o);
        jstr(o, sc->protected_text);
        fputs("},\n", o);
    }
    if (sc->relay)   /* the copies on the relay's AMF side: what amfol counts once, not twice */
        fprintf(o, "  \"relay\": {\"address\": \"%u.%u.%u.%u\", \"amf_side_frames\": %llu, "
                "\"amf_side_handshake_frames\": %llu},\n", sc->relay_ip[0], sc->relay_ip[1], sc->relay_ip[2],
                sc->relay_ip[3], (unsigned long long)t->relay_frames, (unsigned long long)t->relay_handshake_frames);
    write_amfs(o, t);
    write_gnbs(o, t);
    fputs("  \"ues\": [", o);
    /* streamed UE by UE: no per-UE allocation however large the pool */
    int listed = 0;
    for (int i = 0; ue_ids && i < n_ues; i++) {
        char ids[8][TRUTH_ID_LEN];
        int n = ue_ids(ctx, i, ids, 8);
        if (n == 0)
            continue;
        fputs(listed++ ? ",\n    {\"ids\": [" : "\n    {\"ids\": [", o);
        for (int k = 0; k < n; k++) {
            fputs(k ? ", " : "", o);
            jstr(o, ids[k]);
        }
        fputs("]}", o);
    }
    fputs(listed ? "\n  ],\n" : "],\n", o);
    write_faults(o, t);
    write_expected(o, t);
    fputs("}\n", o);
    return fclose(o) == 0 ? 0 : -1;
}
