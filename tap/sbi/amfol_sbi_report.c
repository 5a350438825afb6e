/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_report.c: the SBI timeline section and the "sbi" member of -z amfol,json. */
#include "amfol_sbi_internal.h"
#include "../core/amfol_rows_line.h"
#include "../core/amfol_rows_write.h"
#include "../core/amfol_context.h"

#include <string.h>

#define TIMELINE_MAX_POINTS 40      /* load points printed per NF; JSON has them all */
#define TIMELINE_MAX_LINES  40      /* indications / moves printed */
#define JSON_MAX_ITEMS      SBI_MAX_MOVES   /* not below any table cap: the JSON lists everything kept */

static const char *ind_text(int kind)
{
    switch (kind) {
    case SBI_IND_OCI: return "oci";
    case SBI_IND_LCI: return "lci";
    case SBI_IND_503: return "503";
    default: return "429";
    }
}

#define TLS_KEYLOG_HINT "give Wireshark the NFs' TLS key log (SSLKEYLOGFILE) with -o tls.keylog_file:<file> " \
    "(GUI: Preferences > Protocols > TLS): the decrypted HTTP/2 is then analysed like h2c"

/* The NF name of an endpoint's address when the capture knows it (NF profile, N2 AMF, or the
 * NF type its API root names), else NULL. */
static const char *sbi_peer_name(amfol_sbi *s, const char *endpoint)
{
    char ip[48];
    sbi_ip_of(endpoint, ip, sizeof ip);
    const char *name = sbi_display_for_ip(s, ip);
    return name && strcmp(name, ip) != 0 ? name : NULL;
}

/* A TLS connection amfol cannot read is named only when one end is a known SBI peer; the rest
 * (databases, the internet) is counted, not listed as SBI. */
static bool tls_sbi_peer(amfol_sbi *s, const sbi_conn *c)
{
    return sbi_peer_name(s, c->client) || sbi_peer_name(s, c->server);
}

/* Overload/load indications sent and received by one address, by kind. */
static void indication_counts(amfol_sbi *s, const char *ip, uint32_t sent[4], uint32_t recv[4])
{
    memset(sent, 0, 4 * sizeof sent[0]);
    memset(recv, 0, 4 * sizeof recv[0]);
    const char *in = ip && ip[0] ? sbi_intern(s, ip) : NULL;
    for (guint i = 0; in && i < s->indications->len; i++) {
        const sbi_indication *x = &g_array_index(s->indications, sbi_indication, i);
        if (x->sender_ip == in)
            sent[x->kind]++;
        if (x->peer_ip == in)
            recv[x->kind]++;
    }
}

uint64_t amfol_sbi_version(amfol_engine *e)
{
    return e && e->sbi ? e->sbi->messages + e->sbi->ngap_events : 0;
}

/* ---- the "sbi" JSON member and the NF table, from one description ------------------------ */

static const amfol_column guami_col[1] = { AMFOL_JCOL("guami", AMFOL_CELL_STR) };

static amfol_rows *guami_list(const sbi_nf *nf)
{
    amfol_rows *t = amfol_rows_new("guamis", AMFOL_ROWS_LIST, guami_col, 1, MAX(nf->n_guamis, 1));
    for (int g = 0; g < nf->n_guamis; g++) {
        char buf[64];
        g_snprintf(buf, sizeof buf, "%s-%u-%u-%u", nf->guamis[g].plmn.digits, nf->guamis[g].region_id,
                   nf->guamis[g].set_id, nf->guamis[g].pointer);
        amfol_rows_add(t);
        amfol_rows_str(t, 0, buf);
    }
    return t;
}

/* The NF's own load reports to the NRF (NFRegister / NFUpdate). */
enum { L_FRAME, L_TIME, L_LOAD, L_OP, L_INFERRED, L_REL_L, L_COUNT };
static const amfol_column load_cols[L_COUNT] = {
    AMFOL_JCOL("frame", AMFOL_CELL_UINT),
    AMFOL_JREAL("time", "%.6f"),
    AMFOL_JCOL("load", AMFOL_CELL_INT),            /* null: status-only update */
    AMFOL_JCOL("op", AMFOL_CELL_STR),
    AMFOL_JCOL("inferred", AMFOL_CELL_BOOL),
    AMFOL_LCOL("rel_s", AMFOL_CELL_REAL),          /* prose: time since the first frame */
};

static amfol_rows *load_rows(const sbi_nf *nf, amfol_time t0)
{
    guint n = MIN(nf->own->len, JSON_MAX_ITEMS);
    amfol_rows *t = amfol_rows_new("load_reports", AMFOL_ROWS_ARRAY, load_cols, L_COUNT, MAX(n, 1));
    for (guint k = 0; k < n; k++) {
        const sbi_point *p = &g_array_index(nf->own, sbi_point, k);
        amfol_rows_add(t);
        amfol_rows_uint(t, L_FRAME, p->frame);
        amfol_rows_real(t, L_TIME, p->t);
        amfol_rows_opt_int(t, L_LOAD, p->load);
        amfol_rows_str(t, L_OP, p->is_register ? "register" : "update");
        amfol_rows_bool(t, L_INFERRED, p->inferred);
        amfol_rows_real(t, L_REL_L, p->t - t0);
    }
    return t;
}

/* One NF: a row of sbi.nfs (columns with a key) and of the table "NRF load and SBI overload
 * control per NF" (GUI, -z amfol,sbi; columns with a title). */
enum {
    F_NF_T, F_TYPE_T, F_ID, F_TYPE, F_NAME, F_AMF, F_TIE, F_TIE_REASON, F_SET, F_REGION, F_GUAMIS,
    F_REPORTS, F_POINTS, F_LAST_T, F_MAX_T, F_LAST_FRAME_T, F_EPISODES_T, F_503_T, F_429_T, F_OCI_T,
    F_LCI_T, F_IN, F_OUT, F_POINTS_KEPT_L, F_RECV_L, F_SENT_L = F_RECV_L + 4, F_COUNT = F_SENT_L + 4
};
static const amfol_column nf_cols[F_COUNT] = {
    AMFOL_TCOL("NF", NULL, AMFOL_CELL_STR),   /* AMF name when tied, else the NF instance id */
    AMFOL_TCOL("Type", NULL, AMFOL_CELL_STR),
    AMFOL_COL("nf_instance_id", "NF instance id", AMFOL_CELL_STR),
    AMFOL_JCOL("nf_type", AMFOL_CELL_STR),
    AMFOL_JCOL("name", AMFOL_CELL_STR),
    AMFOL_JCOL("amf", AMFOL_CELL_STR),
    AMFOL_COL("tie", "Tie to N2", AMFOL_CELL_STR),
    AMFOL_JCOL("tie_reason", AMFOL_CELL_STR),
    AMFOL_JCOL("amf_set_id", AMFOL_CELL_INT),
    AMFOL_JCOL("amf_region_id", AMFOL_CELL_INT),
    AMFOL_JCOL("guamis", AMFOL_CELL_TABLE),
    AMFOL_COL("nfupdate_load_reports", "NFUpdate load reports", AMFOL_CELL_UINT),
    AMFOL_JCOL("load_reports", AMFOL_CELL_TABLE),
    AMFOL_TCOL("Last load % (-1 = none)", NULL, AMFOL_CELL_INT),   /* own NFRegister/NFUpdate */
    AMFOL_TCOL("Max load % (-1 = none)", NULL, AMFOL_CELL_INT),
    AMFOL_TCOL("Last report frame", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("N2 overload episodes", NULL, AMFOL_CELL_UINT),   /* of the tied AMF */
    AMFOL_TCOL("503 received", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("429 received", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("OCI received", NULL, AMFOL_CELL_UINT),
    AMFOL_TCOL("LCI received", NULL, AMFOL_CELL_UINT),
    AMFOL_COL("moves_in", "UEs moved in", AMFOL_CELL_UINT),
    AMFOL_COL("moves_out", "UEs moved out", AMFOL_CELL_UINT),
    /* prose only (the timeline): load reports kept, indications received and sent by kind */
    AMFOL_LCOL("load_reports_kept", AMFOL_CELL_UINT),
    AMFOL_LCOL("recv_oci", AMFOL_CELL_UINT), AMFOL_LCOL("recv_lci", AMFOL_CELL_UINT),
    AMFOL_LCOL("recv_503", AMFOL_CELL_UINT), AMFOL_LCOL("recv_429", AMFOL_CELL_UINT),
    AMFOL_LCOL("sent_oci", AMFOL_CELL_UINT), AMFOL_LCOL("sent_lci", AMFOL_CELL_UINT),
    AMFOL_LCOL("sent_503", AMFOL_CELL_UINT), AMFOL_LCOL("sent_429", AMFOL_CELL_UINT),
};

const amfol_column *amfol_sbi_table_columns(size_t *n)
{
    *n = F_COUNT;
    return nf_cols;
}

/* `json`: with the JSON-only child tables (GUAMIs, load reports); the Statistics table, rebuilt
 * as SBI messages come, goes without them. */
static amfol_rows *nf_rows(amfol_engine *e, const char *name, bool json)
{
    sbi_retie(e->sbi);
    amfol_sbi *s = e->sbi;
    /* Indications received per address, in one pass. */
    GHashTable *recv = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
    for (guint i = 0; i < s->indications->len; i++) {
        const sbi_indication *x = &g_array_index(s->indications, sbi_indication, i);
        uint32_t *c = g_hash_table_lookup(recv, x->peer_ip);
        if (!c) {
            c = g_new0(uint32_t, 4);
            g_hash_table_insert(recv, (gpointer)x->peer_ip, c);
        }
        c[x->kind]++;
    }
    amfol_rows *t = amfol_rows_new(name, AMFOL_ROWS_ARRAY, nf_cols, F_COUNT, MAX(s->nfs->len, 1));
    for (guint i = 0; i < s->nfs->len; i++) {
        const sbi_nf *nf = g_ptr_array_index(s->nfs, i);
        int last_load = AMFOL_ABSENT, max_load = AMFOL_ABSENT;
        amfol_frame last_frame = 0;
        for (guint k = 0; k < nf->own->len; k++) {
            const sbi_point *p = &g_array_index(nf->own, sbi_point, k);
            if (p->load == AMFOL_ABSENT)
                continue;
            last_load = p->load;
            last_frame = p->frame;
            if (p->load > max_load)
                max_load = p->load;
        }
        const sbi_n2_amf *a = nf->n2_name ? sbi_n2_amf_by_name(s, nf->n2_name) : NULL;
        const char *ip = nf->ipv4[0] ? nf->ipv4 : a ? a->ip : NULL;
        const uint32_t *c = ip ? g_hash_table_lookup(recv, sbi_intern(s, ip)) : NULL;
        uint32_t episodes = 0;
        sbi_episode x;
        for (size_t k = 0; nf->n2_name && sbi_episode_get(e, k, &x); k++)
            episodes += x.amf == nf->n2_name;
        amfol_rows_add(t);
        amfol_rows_str(t, F_NF_T, sbi_nf_name(nf));
        amfol_rows_str(t, F_TYPE_T, nf->type);
        amfol_rows_str(t, F_ID, nf->id);
        amfol_rows_str(t, F_TYPE, nf->type[0] ? nf->type : NULL);
        amfol_rows_str(t, F_NAME, sbi_nf_name(nf));
        amfol_rows_str(t, F_AMF, nf->n2_name);
        amfol_rows_str(t, F_TIE, sbi_tie_id(nf->tie));
        amfol_rows_str(t, F_TIE_REASON, nf->why[0] ? nf->why : sbi_tie_text(nf->tie));
        amfol_rows_opt_int(t, F_SET, nf->set_id);
        amfol_rows_opt_int(t, F_REGION, nf->region_id);
        if (json)
            amfol_rows_table(t, F_GUAMIS, guami_list(nf));
        amfol_rows_uint(t, F_REPORTS, nf->nfupdate_load_reports);
        if (json)
            amfol_rows_table(t, F_POINTS, load_rows(nf, e->cap.first_time));
        amfol_rows_int(t, F_LAST_T, last_load == AMFOL_ABSENT ? -1 : last_load);
        amfol_rows_int(t, F_MAX_T, max_load == AMFOL_ABSENT ? -1 : max_load);
        amfol_rows_uint(t, F_LAST_FRAME_T, last_frame);
        amfol_rows_uint(t, F_EPISODES_T, episodes);
        amfol_rows_uint(t, F_503_T, c ? c[SBI_IND_503] : 0);
        amfol_rows_uint(t, F_429_T, c ? c[SBI_IND_429] : 0);
        amfol_rows_uint(t, F_OCI_T, c ? c[SBI_IND_OCI] : 0);
        amfol_rows_uint(t, F_LCI_T, c ? c[SBI_IND_LCI] : 0);
        amfol_rows_uint(t, F_IN, nf->moves_in);
        amfol_rows_uint(t, F_OUT, nf->moves_out);
        if (json) {
            uint32_t sent[4], got[4];
            indication_counts(s, ip, sent, got);
            amfol_rows_uint(t, F_POINTS_KEPT_L, nf->own->len);
            for (int k = 0; k < 4; k++) {
                amfol_rows_uint(t, F_RECV_L + (size_t)k, got[k]);
                amfol_rows_uint(t, F_SENT_L + (size_t)k, sent[k]);
            }
        }
    }
    g_hash_table_destroy(recv);
    return t;
}

amfol_rows *amfol_sbi_table_rows(amfol_engine *e)
{
    return nf_rows(e, "NRF load and SBI overload control per NF", false);
}

enum { RR_AMF, RR_COUNT_N, RR_FIRST, RR_COUNT };
static const amfol_column rereg_cols[RR_COUNT] = {
    AMFOL_JCOL("amf", AMFOL_CELL_STR),
    AMFOL_JCOL("count", AMFOL_CELL_UINT),
    AMFOL_JCOL("first_frame", AMFOL_CELL_UINT),
};

static amfol_rows *rereg_rows(const amfol_sbi *s)
{
    amfol_rows *t = amfol_rows_new("reregistration_requests", AMFOL_ROWS_ARRAY, rereg_cols, RR_COUNT,
                                   MAX(s->n_n2_amfs, 1));
    for (int i = 0; i < s->n_n2_amfs; i++) {
        if (!s->n2_amfs[i].rereg_requests)
            continue;
        amfol_rows_add(t);
        amfol_rows_str(t, RR_AMF, s->n2_amfs[i].name);
        amfol_rows_uint(t, RR_COUNT_N, s->n2_amfs[i].rereg_requests);
        amfol_rows_uint(t, RR_FIRST, s->n2_amfs[i].first_rereg);
    }
    return t;
}

enum { EP_AMF, EP_NUMBER, EP_START, EP_STOP, EP_UNKNOWN_L, EP_FROM_L, EP_START_REL_L, EP_STOP_REL_L, EP_TIED_L, EP_COUNT };
static const amfol_column episode_cols[EP_COUNT] = {
    AMFOL_JCOL("amf", AMFOL_CELL_STR),
    AMFOL_JCOL("number", AMFOL_CELL_UINT),
    AMFOL_JCOL("start_frame", AMFOL_CELL_UINT),   /* null: in force before the capture */
    AMFOL_JCOL("stop_frame", AMFOL_CELL_UINT),    /* null: no STOP */
    AMFOL_LCOL("start_unknown", AMFOL_CELL_BOOL),
    AMFOL_LCOL("from_frame", AMFOL_CELL_UINT),    /* the START frame, 0 when unknown */
    AMFOL_LCOL("start_rel_s", AMFOL_CELL_REAL),
    AMFOL_LCOL("stop_rel_s", AMFOL_CELL_REAL),
    AMFOL_LCOL("nf_tied", AMFOL_CELL_BOOL),       /* an NRF profile is tied to the AMF */
};

static amfol_rows *episode_rows(amfol_engine *e)
{
    size_t n = 0;
    sbi_episode x;
    while (sbi_episode_get(e, n, &x))
        n++;
    amfol_rows *t = amfol_rows_new("episodes", AMFOL_ROWS_ARRAY, episode_cols, EP_COUNT, MAX(n, 1));
    for (size_t i = 0; i < n && sbi_episode_get(e, i, &x); i++) {
        amfol_rows_add(t);
        amfol_rows_str(t, EP_AMF, x.amf);
        amfol_rows_uint(t, EP_NUMBER, (uint64_t)x.number);
        amfol_rows_opt_frame(t, EP_START, x.start_frame);
        amfol_rows_opt_frame(t, EP_STOP, x.end_frame);
        amfol_rows_bool(t, EP_UNKNOWN_L, x.start_unknown);
        amfol_rows_uint(t, EP_FROM_L, x.start_frame);
        amfol_rows_real(t, EP_START_REL_L, x.start - e->cap.first_time);
        amfol_rows_real(t, EP_STOP_REL_L, x.end - e->cap.first_time);
        amfol_rows_bool(t, EP_TIED_L, sbi_nf_for_amf(e->sbi, x.amf) != NULL);
    }
    return t;
}

enum {
    I_KIND, I_FRAME, I_TIME, I_FROM, I_TO, I_MALFORMED, I_METRIC, I_VALIDITY, I_SCOPE, I_REL_L, I_UNTIL_L,
    I_RETRY_UNTIL_L, I_COUNT
};
static const amfol_column indication_cols[I_COUNT] = {
    AMFOL_JCOL("kind", AMFOL_CELL_STR),
    AMFOL_JCOL("frame", AMFOL_CELL_UINT),
    AMFOL_JREAL("time", "%.6f"),
    AMFOL_JCOL("from", AMFOL_CELL_STR),
    AMFOL_JCOL("to", AMFOL_CELL_STR),
    AMFOL_JCOL("malformed", AMFOL_CELL_BOOL),
    AMFOL_JCOL("metric", AMFOL_CELL_INT),
    AMFOL_JCOL("validity_s", AMFOL_CELL_INT),
    AMFOL_JCOL("scope", AMFOL_CELL_STR),          /* a well-formed OCI's scope */
    AMFOL_LCOL("rel_s", AMFOL_CELL_REAL),
    AMFOL_LCOL("until_rel_s", AMFOL_CELL_REAL),   /* OCI: valid until (from its Timestamp) */
    AMFOL_LCOL("retry_until_rel_s", AMFOL_CELL_REAL),   /* 503/429: t + Retry-After */
};

static amfol_rows *indication_rows(amfol_sbi *s, amfol_time t0)
{
    guint n = MIN(s->indications->len, JSON_MAX_ITEMS);
    amfol_rows *t = amfol_rows_new("indications", AMFOL_ROWS_ARRAY, indication_cols, I_COUNT, MAX(n, 1));
    for (guint i = 0; i < n; i++) {
        const sbi_indication *x = &g_array_index(s->indications, sbi_indication, i);
        amfol_rows_add(t);
        amfol_rows_str(t, I_KIND, ind_text(x->kind));
        amfol_rows_uint(t, I_FRAME, x->frame);
        amfol_rows_real(t, I_TIME, x->t);
        amfol_rows_str(t, I_FROM, sbi_display_for_ip(s, x->sender_ip));
        amfol_rows_str(t, I_TO, sbi_display_for_ip(s, x->peer_ip));
        amfol_rows_bool(t, I_MALFORMED, x->malformed);
        amfol_rows_opt_int(t, I_METRIC, x->metric);
        amfol_rows_opt_int(t, I_VALIDITY, x->validity_s);
        char scope[200] = "";
        if (x->kind == SBI_IND_OCI && !x->malformed)
            sbi_scope_text(x, scope, sizeof scope);
        amfol_rows_str(t, I_SCOPE, scope[0] ? scope : NULL);
        amfol_rows_real(t, I_REL_L, x->t - t0);
        amfol_rows_real(t, I_UNTIL_L, x->valid_until - t0);
        if (x->validity_s != AMFOL_ABSENT)
            amfol_rows_real(t, I_RETRY_UNTIL_L, x->t + x->validity_s - t0);
    }
    return t;
}

enum { M_FRAME, M_TIME, M_UE, M_SOURCE, M_TARGET, M_TRANSFER, M_CUC, M_LOAD, M_REL_L, M_LOAD_FRAME_L, M_COUNT };
static const amfol_column move_cols[M_COUNT] = {
    AMFOL_JCOL("frame", AMFOL_CELL_UINT),
    AMFOL_JREAL("time", "%.6f"),
    AMFOL_JCOL("ue", AMFOL_CELL_STR),
    AMFOL_JCOL("source", AMFOL_CELL_STR),
    AMFOL_JCOL("target", AMFOL_CELL_STR),
    AMFOL_JCOL("transfer_frame", AMFOL_CELL_UINT),
    AMFOL_JCOL("cuc_frame", AMFOL_CELL_UINT),     /* null: no CONFIGURATION UPDATE COMMAND seen */
    AMFOL_JCOL("target_load", AMFOL_CELL_INT),
    AMFOL_LCOL("rel_s", AMFOL_CELL_REAL),
    AMFOL_LCOL("target_load_frame", AMFOL_CELL_UINT),
};

static amfol_rows *move_rows(const amfol_sbi *s, amfol_time t0)
{
    guint n = MIN(s->moves->len, JSON_MAX_ITEMS);
    amfol_rows *t = amfol_rows_new("moves", AMFOL_ROWS_ARRAY, move_cols, M_COUNT, MAX(n, 1));
    for (guint i = 0; i < n; i++) {
        const sbi_move *m = &g_array_index(s->moves, sbi_move, i);
        amfol_rows_add(t);
        amfol_rows_uint(t, M_FRAME, m->frame);
        amfol_rows_real(t, M_TIME, m->t);
        amfol_rows_str(t, M_UE, m->ue);
        amfol_rows_str(t, M_SOURCE, m->source);
        amfol_rows_str(t, M_TARGET, m->target);
        amfol_rows_uint(t, M_TRANSFER, m->transfer_frame);
        amfol_rows_opt_frame(t, M_CUC, m->cuc_frame);
        amfol_rows_opt_int(t, M_LOAD, m->target_load);
        amfol_rows_real(t, M_REL_L, m->t - t0);
        amfol_rows_uint(t, M_LOAD_FRAME_L, m->target_load_frame);
    }
    return t;
}

enum {
    CN_STREAM, CN_CLIENT, CN_SERVER, CN_CLIENT_NAME, CN_SERVER_NAME, CN_MESSAGES, CN_UNREADABLE, CN_TLS,
    CN_NOT_JSON, CN_INFERRED, CN_COUNT
};
static const amfol_column conn_cols[CN_COUNT] = {
    AMFOL_JCOL("tcp_stream", AMFOL_CELL_UINT),
    AMFOL_JCOL("client", AMFOL_CELL_STR),
    AMFOL_JCOL("server", AMFOL_CELL_STR),
    AMFOL_JCOL("client_name", AMFOL_CELL_STR),
    AMFOL_JCOL("server_name", AMFOL_CELL_STR),
    AMFOL_JCOL("messages", AMFOL_CELL_UINT),
    AMFOL_JCOL("headers_unreadable", AMFOL_CELL_UINT),
    AMFOL_JCOL("tls", AMFOL_CELL_UINT),
    AMFOL_JCOL("body_not_json", AMFOL_CELL_UINT),
    AMFOL_JCOL("problems_inferred", AMFOL_CELL_UINT),
};

static amfol_rows *conn_rows(amfol_sbi *s)
{
    guint n = MIN(s->conns->len, JSON_MAX_ITEMS);
    amfol_rows *t = amfol_rows_new("connections", AMFOL_ROWS_ARRAY, conn_cols, CN_COUNT, MAX(n, 1));
    for (guint i = 0; i < n; i++) {
        const sbi_conn *c = &g_array_index(s->conns, sbi_conn, i);
        amfol_rows_add(t);
        amfol_rows_uint(t, CN_STREAM, c->tcp_stream);
        amfol_rows_str(t, CN_CLIENT, c->client);
        amfol_rows_str(t, CN_SERVER, c->server);
        amfol_rows_str(t, CN_CLIENT_NAME, sbi_peer_name(s, c->client));
        amfol_rows_str(t, CN_SERVER_NAME, sbi_peer_name(s, c->server));
        amfol_rows_uint(t, CN_MESSAGES, c->messages);
        amfol_rows_uint(t, CN_UNREADABLE, c->hpack_unreadable);
        amfol_rows_uint(t, CN_TLS, c->tls);
        amfol_rows_uint(t, CN_NOT_JSON, c->body_not_json);
        amfol_rows_uint(t, CN_INFERRED, c->problems_inferred);
    }
    return t;
}

/* Re-balancing: the moves per (source, target) in the order of their first move (prose only). */
enum { RB_SOURCE, RB_TARGET, RB_UES, RB_FIRST_REL, RB_FIRST, RB_LAST_REL, RB_LAST, RB_LINKED, RB_LO, RB_HI,
       RB_LOADED, RB_COUNT };
static const amfol_column rebalancing_cols[RB_COUNT] = {
    AMFOL_LCOL("source", AMFOL_CELL_STR),
    AMFOL_LCOL("target", AMFOL_CELL_STR),
    AMFOL_LCOL("ues", AMFOL_CELL_UINT),
    AMFOL_LCOL("first_rel_s", AMFOL_CELL_REAL),
    AMFOL_LCOL("first_frame", AMFOL_CELL_UINT),
    AMFOL_LCOL("last_rel_s", AMFOL_CELL_REAL),
    AMFOL_LCOL("last_frame", AMFOL_CELL_UINT),
    AMFOL_LCOL("registered", AMFOL_CELL_UINT),   /* with their registration at the target seen */
    AMFOL_LCOL("load_min", AMFOL_CELL_INT),      /* the target's reported load, when known */
    AMFOL_LCOL("load_max", AMFOL_CELL_INT),
    AMFOL_LCOL("moves_while_high", AMFOL_CELL_UINT),
};

static amfol_rows *rebalancing_rows(const amfol_sbi *s, amfol_time t0)
{
    amfol_rows *t = amfol_rows_new("rebalancing", AMFOL_ROWS_ARRAY, rebalancing_cols, RB_COUNT,
                                   MAX(s->moves->len, 1));
    for (guint i = 0; i < s->moves->len; i++) {
        const sbi_move *m = &g_array_index(s->moves, sbi_move, i);
        bool first = true;
        for (guint k = 0; k < i && first; k++) {
            const sbi_move *p = &g_array_index(s->moves, sbi_move, k);
            first = !(p->source == m->source && p->target == m->target);
        }
        if (!first)
            continue;
        uint32_t n = 0, loaded = 0, linked = 0;
        int lo = 101, hi = -1;
        const sbi_move *last = m;
        for (guint k = i; k < s->moves->len; k++) {
            const sbi_move *p = &g_array_index(s->moves, sbi_move, k);
            if (p->source != m->source || p->target != m->target)
                continue;
            n++;
            last = p;
            linked += p->frame != p->transfer_frame;
            if (p->target_load != AMFOL_ABSENT) {
                lo = p->target_load < lo ? p->target_load : lo;
                hi = p->target_load > hi ? p->target_load : hi;
                loaded += p->target_load >= (int)s->cfg.nrf_load_high;
            }
        }
        amfol_rows_add(t);
        amfol_rows_str(t, RB_SOURCE, m->source);
        amfol_rows_str(t, RB_TARGET, m->target);
        amfol_rows_uint(t, RB_UES, n);
        amfol_rows_real(t, RB_FIRST_REL, m->t - t0);
        amfol_rows_uint(t, RB_FIRST, m->frame);
        amfol_rows_real(t, RB_LAST_REL, last->t - t0);
        amfol_rows_uint(t, RB_LAST, last->frame);
        amfol_rows_uint(t, RB_LINKED, linked);
        if (hi >= 0) {
            amfol_rows_int(t, RB_LO, lo);
            amfol_rows_int(t, RB_HI, hi);
        }
        amfol_rows_uint(t, RB_LOADED, loaded);
    }
    return t;
}

static const amfol_column scp_col[1] = { AMFOL_JCOL("scp", AMFOL_CELL_STR) };

static amfol_rows *scp_list(const amfol_sbi *s)
{
    amfol_rows *t = amfol_rows_new("scps", AMFOL_ROWS_LIST, scp_col, 1, MAX(s->scps->len, 1));
    for (guint i = 0; i < s->scps->len; i++) {
        amfol_rows_add(t);
        amfol_rows_str(t, 0, g_ptr_array_index(s->scps, i));
    }
    return t;
}

enum {
    X_MESSAGES, X_NFUPDATE, X_INFERRED, X_RELAYED, X_UNATTRIBUTED, X_OCI, X_LCI, X_OCI_MALFORMED,
    X_503, X_429, X_PROBLEMS, X_503_INFERRED, X_429_INFERRED, X_PROBLEMS_UNATTRIBUTED, X_NFS, X_REREG,
    X_EPISODES, X_INDICATIONS, X_MOVES, X_CONNS, X_UNREADABLE, X_ORPHANS, X_TLS, X_TLS_HINT, X_SCPS,
    X_DROPPED, X_MOVES_KEPT_L, X_INDICATIONS_KEPT_L, X_REBALANCING_L, X_LOAD_HIGH_L, X_COUNT
};
static const amfol_column sbi_cols[X_COUNT] = {
    AMFOL_JCOL("messages", AMFOL_CELL_UINT),
    AMFOL_JCOL("nfupdate_load_reports", AMFOL_CELL_UINT),
    AMFOL_JCOL("load_reports_inferred", AMFOL_CELL_UINT),
    AMFOL_JCOL("load_reports_relayed", AMFOL_CELL_UINT),
    AMFOL_JCOL("load_reports_unattributed", AMFOL_CELL_UINT),
    AMFOL_JCOL("oci_headers", AMFOL_CELL_UINT),
    AMFOL_JCOL("lci_headers", AMFOL_CELL_UINT),
    AMFOL_JCOL("oci_malformed", AMFOL_CELL_UINT),
    AMFOL_JCOL("status_503", AMFOL_CELL_UINT),
    AMFOL_JCOL("status_429", AMFOL_CELL_UINT),
    AMFOL_JCOL("problems_inferred", AMFOL_CELL_UINT),
    AMFOL_JCOL("status_503_inferred", AMFOL_CELL_UINT),
    AMFOL_JCOL("status_429_inferred", AMFOL_CELL_UINT),
    AMFOL_JCOL("problems_unattributed", AMFOL_CELL_UINT),
    AMFOL_JCOL("nfs", AMFOL_CELL_TABLE),
    AMFOL_JCOL("reregistration_requests", AMFOL_CELL_TABLE),
    AMFOL_JCOL("episodes", AMFOL_CELL_TABLE),
    AMFOL_JCOL("indications", AMFOL_CELL_TABLE),
    AMFOL_JCOL("moves", AMFOL_CELL_TABLE),
    AMFOL_JCOL("connections", AMFOL_CELL_TABLE),
    AMFOL_JCOL("unreadable_headers", AMFOL_CELL_UINT),
    AMFOL_JCOL("bodies_without_request", AMFOL_CELL_UINT),
    AMFOL_JCOL("tls_messages", AMFOL_CELL_UINT),
    AMFOL_JCOL("tls_keylog_hint", AMFOL_CELL_STR),   /* null unless an SBI peer's TLS was unread */
    AMFOL_JCOL("scps", AMFOL_CELL_TABLE),
    AMFOL_JCOL("dropped", AMFOL_CELL_UINT),
    /* prose only (the timeline) */
    AMFOL_LCOL("moves_kept", AMFOL_CELL_UINT),
    AMFOL_LCOL("indications_kept", AMFOL_CELL_UINT),
    AMFOL_LCOL("rebalancing", AMFOL_CELL_TABLE),
    AMFOL_LCOL("nrf_load_high", AMFOL_CELL_UINT),
};

amfol_rows *amfol_sbi_json_rows(amfol_engine *e)
{
    amfol_rows *nfs = nf_rows(e, "nfs", true);   /* reties first */
    amfol_sbi *s = e->sbi;
    bool tls_sbi = false;
    for (guint i = 0; i < s->conns->len && !tls_sbi; i++) {
        const sbi_conn *c = &g_array_index(s->conns, sbi_conn, i);
        tls_sbi = c->tls && tls_sbi_peer(s, c);
    }
    amfol_rows *t = amfol_rows_new("sbi", AMFOL_ROWS_OBJECT, sbi_cols, X_COUNT, 1);
    amfol_rows_add(t);
    amfol_rows_uint(t, X_MESSAGES, s->messages);
    amfol_rows_uint(t, X_NFUPDATE, s->nfupdate_load_reports);
    amfol_rows_uint(t, X_INFERRED, s->reports_inferred);
    amfol_rows_uint(t, X_RELAYED, s->reports_relayed);
    amfol_rows_uint(t, X_UNATTRIBUTED, s->reports_unattributed);
    amfol_rows_uint(t, X_OCI, s->oci_headers);
    amfol_rows_uint(t, X_LCI, s->lci_headers);
    amfol_rows_uint(t, X_OCI_MALFORMED, s->oci_malformed);
    amfol_rows_uint(t, X_503, s->status_503);
    amfol_rows_uint(t, X_429, s->status_429);
    amfol_rows_uint(t, X_PROBLEMS, s->problems_inferred);
    amfol_rows_uint(t, X_503_INFERRED, s->problems_503_inferred);
    amfol_rows_uint(t, X_429_INFERRED, s->problems_429_inferred);
    amfol_rows_uint(t, X_PROBLEMS_UNATTRIBUTED, s->problems_unattributed);
    amfol_rows_table(t, X_NFS, nfs);
    amfol_rows_table(t, X_REREG, rereg_rows(s));
    amfol_rows_table(t, X_EPISODES, episode_rows(e));
    amfol_rows_table(t, X_INDICATIONS, indication_rows(s, e->cap.first_time));
    amfol_rows_table(t, X_MOVES, move_rows(s, e->cap.first_time));
    amfol_rows_table(t, X_CONNS, conn_rows(s));
    amfol_rows_uint(t, X_UNREADABLE, s->unreadable_headers);
    amfol_rows_uint(t, X_ORPHANS, s->orphan_bodies);
    amfol_rows_uint(t, X_TLS, s->tls_messages);
    amfol_rows_str(t, X_TLS_HINT, tls_sbi ? TLS_KEYLOG_HINT : NULL);
    amfol_rows_table(t, X_SCPS, scp_list(s));
    amfol_rows_uint(t, X_DROPPED, s->dropped);
    amfol_rows_uint(t, X_MOVES_KEPT_L, s->moves->len);
    amfol_rows_uint(t, X_INDICATIONS_KEPT_L, s->indications->len);
    amfol_rows_table(t, X_REBALANCING_L, rebalancing_rows(s, e->cap.first_time));
    amfol_rows_uint(t, X_LOAD_HIGH_L, s->cfg.nrf_load_high);
    return t;
}

/* ---- the SBI section of the timeline: prose over the same rows -------------------------- */

static void timeline_nf(const amfol_rows *t, size_t r, const amfol_rows *episodes, GString *out)
{
    amfol_rows_line(out, t, r, amfol_rows_has(t, r, F_TYPE) ? "NF {name} ({nf_type}, id {nf_instance_id})"
                                                            : "NF {name} (type unknown, id {nf_instance_id})");
    if (amfol_rows_has(t, r, F_SET))
        g_string_append_printf(out, " AMF Set %03x region %02x", (unsigned)amfol_rows_get_int(t, r, F_SET),
                               (unsigned)amfol_rows_get_int(t, r, F_REGION));
    amfol_rows_line(out, t, r, ": {tie_reason}\n");
    const amfol_rows *points = amfol_rows_get_table(t, r, F_POINTS);
    uint64_t kept = amfol_rows_get_uint(t, r, F_POINTS_KEPT_L);
    if (kept) {
        g_string_append(out, "  load reported to the NRF:");
        for (size_t k = 0; k < amfol_rows_count(points) && k < TIMELINE_MAX_POINTS; k++)
            amfol_rows_line(out, points, k, !amfol_rows_has(points, k, L_LOAD) ? " +{rel_s:%.3f}s status-only (#{frame})"
                                            : amfol_rows_get_str(points, k, L_OP)[0] == 'r'
                                            ? " +{rel_s:%.3f}s {load}% (#{frame} register)" : " +{rel_s:%.3f}s {load}% (#{frame})");
        if (kept > TIMELINE_MAX_POINTS)
            g_string_append_printf(out, " ... %u more", (unsigned)(kept - TIMELINE_MAX_POINTS));
        g_string_append_c(out, '\n');
    }
    const char *amf = amfol_rows_get_str(t, r, F_AMF);
    for (size_t k = 0; amf && k < amfol_rows_count(episodes); k++) {
        if (strcmp(amfol_rows_get_str(episodes, k, EP_AMF), amf) != 0)
            continue;
        amfol_rows_line(out, episodes, k, amfol_rows_get_bool(episodes, k, EP_UNKNOWN_L)
                                          ? "  N2 overload episode {number}: in force before the capture"
                                          : "  N2 overload episode {number}: START #{from_frame} +{start_rel_s:%.3f}s");
        amfol_rows_line(out, episodes, k, amfol_rows_has(episodes, k, EP_STOP) ? " to STOP #{stop_frame} +{stop_rel_s:%.3f}s\n"
                                                                               : ", no STOP by the end of the capture\n");
    }
    if (amfol_rows_get_uint(t, r, F_IN) || amfol_rows_get_uint(t, r, F_OUT))
        amfol_rows_line(out, t, r, "  UEs moved in {moves_in}, out {moves_out}\n");
    uint64_t any = 0;
    for (size_t k = 0; k < 4; k++)
        any += amfol_rows_get_uint(t, r, F_RECV_L + k) + amfol_rows_get_uint(t, r, F_SENT_L + k);
    if (any)
        amfol_rows_line(out, t, r, "  SBI overload control: received 503 x{recv_503}, 429 x{recv_429}, OCI x{recv_oci}, "
                                   "LCI x{recv_lci}; sent 503 x{sent_503}, 429 x{sent_429}, OCI x{sent_oci}, "
                                   "LCI x{sent_lci};\n");
}

static void timeline_indication(const amfol_rows *t, size_t r, GString *out)
{
    const char *kind = amfol_rows_get_str(t, r, I_KIND);
    amfol_rows_line(out, t, r, "  +{rel_s:%.3f}s #{frame} {kind} from {from} to {to}");
    if (amfol_rows_get_bool(t, r, I_MALFORMED))
        g_string_append(out, ": MALFORMED");
    else if (strcmp(kind, "oci") == 0)   /* valid from its Timestamp (TS 29.500 §6.4), as sbi-overload-ignored judges it */
        amfol_rows_line(out, t, r, ": reduce {metric}% for {validity_s}s (until +{until_rel_s:%.3f}s), scope {scope}");
    else if (strcmp(kind, "lci") == 0)
        amfol_rows_line(out, t, r, ": load {metric}%");
    else if (amfol_rows_has(t, r, I_VALIDITY))
        amfol_rows_line(out, t, r, ": Retry-After {validity_s}s (until +{retry_until_rel_s:%.3f}s)");
    g_string_append_c(out, '\n');
}

static void timeline_move(const amfol_rows *t, size_t r, GString *out)
{
    amfol_rows_line(out, t, r, "  +{rel_s:%.3f}s #{frame} UE {ue} moved {source} -> {target} (");
    if (amfol_rows_has(t, r, M_CUC))
        amfol_rows_line(out, t, r, "CONFIGURATION UPDATE COMMAND #{cuc_frame}, ");
    amfol_rows_line(out, t, r, amfol_rows_has(t, r, M_LOAD)
                               ? "UEContextTransfer #{transfer_frame}, target load {target_load}% from #{target_load_frame})\n"
                               : "UEContextTransfer #{transfer_frame}, target load unknown)\n");
}

/* What could not be read, per connection: never guessed, only counted. */
static void timeline_connections(const amfol_rows *t, GString *out)
{
    guint conn_lines = 0, conn_more = 0, tls_sbi = 0, tls_other = 0;
    for (size_t i = 0; i < amfol_rows_count(t); i++) {
        bool unreadable = amfol_rows_get_uint(t, i, CN_UNREADABLE), tls = amfol_rows_get_uint(t, i, CN_TLS);
        bool not_json = amfol_rows_get_uint(t, i, CN_NOT_JSON);
        bool named = amfol_rows_has(t, i, CN_CLIENT_NAME) || amfol_rows_has(t, i, CN_SERVER_NAME);
        if (!unreadable && !tls && !not_json)
            continue;
        if (tls && !unreadable && !not_json && !named) {
            tls_other++;
            continue;
        }
        tls_sbi += tls;
        if (conn_lines++ >= TIMELINE_MAX_LINES) {
            conn_more++;
            continue;
        }
        amfol_rows_line(out, t, i, amfol_rows_has(t, i, CN_CLIENT_NAME) ? "  tcp.stream {tcp_stream} {client_name} {client} -> "
                                                                         : "  tcp.stream {tcp_stream} {client} -> ");
        amfol_rows_line(out, t, i, amfol_rows_has(t, i, CN_SERVER_NAME) ? "{server_name} {server}: {messages} messages"
                                                                         : "{server}: {messages} messages");
        if (unreadable)
            amfol_rows_line(out, t, i, ", {headers_unreadable} with headers not decodable (HPACK state missing: "
                                       "capture started mid-connection)");
        if (tls)
            amfol_rows_line(out, t, i, ", {tls} TLS-protected (content hidden)");
        if (not_json)
            amfol_rows_line(out, t, i, ", {body_not_json} bodies not decoded as JSON");
        g_string_append_c(out, '\n');
    }
    if (conn_more)
        g_string_append_printf(out, "  ... %u more connections with unreadable content (JSON: "
                               "sbi.connections)\n", conn_more);
    if (tls_sbi)
        g_string_append_printf(out, "  %u TLS connection%s of SBI peers unread: %s\n", tls_sbi,
                               tls_sbi == 1 ? "" : "s", TLS_KEYLOG_HINT);
    if (tls_other)
        g_string_append_printf(out, "  %u other TLS connection%s (no known SBI peer) not listed\n", tls_other,
                               tls_other == 1 ? "" : "s");
}

void amfol_sbi_report_timeline(amfol_engine *e, GString *out)
{
    amfol_rows *t = amfol_sbi_json_rows(e);
    g_string_append(out, "== SBI: NRF load reports, overload control, AMF Set ==\n");
    amfol_rows_line(out, t, 0, "messages {messages}, NFUpdate load reports {nfupdate_load_reports}, OCI {oci_headers}, "
                               "LCI {lci_headers} (malformed {oci_malformed}), 503 {status_503}, 429 {status_429}, "
                               "UE context transfers {moves_kept}\n");
    /* Counted apart, only when they happened (clean captures read as before). */
    if (amfol_rows_get_uint(t, 0, X_INFERRED) || amfol_rows_get_uint(t, 0, X_RELAYED) ||
        amfol_rows_get_uint(t, 0, X_UNATTRIBUTED))
        amfol_rows_line(out, t, 0, "NFUpdate load reports also: {load_reports_inferred} inferred (headers unreadable, "
                                   "body recognised, NF from its connection or address), {load_reports_relayed} relayed "
                                   "copies counted once (SCP in the path), {load_reports_unattributed} recognised but "
                                   "not attributable\n");
    if (amfol_rows_get_uint(t, 0, X_PROBLEMS) || amfol_rows_get_uint(t, 0, X_PROBLEMS_UNATTRIBUTED))
        amfol_rows_line(out, t, 0, "ProblemDetails behind unreadable headers (status read from the body): "
                                   "{problems_inferred} inferred (503 x{status_503_inferred}, 429 x{status_429_inferred}), "
                                   "producer named by its stream, connection or address; {problems_unattributed} "
                                   "recognised but not attributable\n");
    const amfol_rows *nfs = amfol_rows_get_table(t, 0, X_NFS), *eps = amfol_rows_get_table(t, 0, X_EPISODES);
    for (size_t i = 0; i < amfol_rows_count(nfs); i++)
        timeline_nf(nfs, i, eps, out);
    const amfol_rows *rereg = amfol_rows_get_table(t, 0, X_REREG);
    for (size_t i = 0; i < amfol_rows_count(rereg); i++)
        amfol_rows_line(out, rereg, i, "AMF {amf} asked {count} UEs to re-register (CONFIGURATION UPDATE "
                                       "COMMAND, registration requested; first #{first_frame})\n");
    for (size_t k = 0; k < amfol_rows_count(eps); k++)
        if (!amfol_rows_get_bool(eps, k, EP_TIED_L))
            amfol_rows_line(out, eps, k, "AMF {amf}: N2 overload episode {number} from #{from_frame}, but no NRF "
                                         "profile is tied to it: its NRF load reports cannot be judged\n");
    const amfol_rows *ind = amfol_rows_get_table(t, 0, X_INDICATIONS);
    size_t shown = MIN(amfol_rows_count(ind), TIMELINE_MAX_LINES);
    for (size_t i = 0; i < shown; i++)
        timeline_indication(ind, i, out);
    if (amfol_rows_get_uint(t, 0, X_INDICATIONS_KEPT_L) > shown)
        g_string_append_printf(out, "  ... %u more overload/load indications\n",
                               (unsigned)(amfol_rows_get_uint(t, 0, X_INDICATIONS_KEPT_L) - shown));
    /* Moves: a line per (source, target), then the first ones one by one. */
    const amfol_rows *rb = amfol_rows_get_table(t, 0, X_REBALANCING_L);
    for (size_t i = 0; i < amfol_rows_count(rb); i++) {
        amfol_rows_line(out, rb, i, "Re-balancing {source} -> {target}: {ues} UEs from +{first_rel_s:%.3f}s "
                                    "(#{first_frame}) to +{last_rel_s:%.3f}s (#{last_frame}), {registered} with their "
                                    "registration at the target seen");
        if (amfol_rows_has(rb, i, RB_HI)) {
            amfol_rows_line(out, rb, i, "; target's reported load {load_min}..{load_max}%, {moves_while_high} moves while >= ");
            amfol_rows_line(out, t, 0, "{nrf_load_high}%");
        } else
            g_string_append(out, "; target's load unknown (no NRF report tied to it)");
        g_string_append_c(out, '\n');
    }
    const amfol_rows *moves = amfol_rows_get_table(t, 0, X_MOVES);
    uint64_t moves_kept = amfol_rows_get_uint(t, 0, X_MOVES_KEPT_L);
    for (size_t i = 0; i < amfol_rows_count(moves) && i < TIMELINE_MAX_LINES / 4; i++)
        timeline_move(moves, i, out);
    if (moves_kept > TIMELINE_MAX_LINES / 4)
        g_string_append_printf(out, "  ... %u more moves\n", (unsigned)(moves_kept - TIMELINE_MAX_LINES / 4));
    timeline_connections(amfol_rows_get_table(t, 0, X_CONNS), out);
    if (amfol_rows_get_uint(t, 0, X_ORPHANS))
        amfol_rows_line(out, t, 0, "  {bodies_without_request} bodies whose request headers were not seen (not "
                                   "attributed to an NF)\n");
    if (amfol_rows_get_uint(t, 0, X_DROPPED))
        amfol_rows_line(out, t, 0, "  {dropped} SBI items not kept (table caps)\n");
    amfol_rows_free(t);
}

void amfol_sbi_report_json(amfol_engine *e, json_dumper *d)
{
    amfol_rows *t = amfol_sbi_json_rows(e);
    json_dumper_set_member_name(d, "sbi");
    amfol_rows_json(d, t);
    amfol_rows_free(t);
}
