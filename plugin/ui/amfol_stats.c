/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_stats.c: the amfol tap, the text outputs -z amfol,timeline|json|diagnosis, the
 * "AMF Overload" episode table (Statistics menu and -z amfol,episodes) and the Tools-menu
 * diagnosis window. Every output reads the analysis engine of the open capture. */
#include "ui/amfol_tap.h"
#include "ui/amfol_chart.h"
#include "ui/symptoms_table.h"
#include "ui/rrc_table.h"
#include "ui/nas_table.h"
#include "ui/sbi_table.h"
#include "ui/kpi_table.h"
#include "ui/amfol_table.h"
#include "report/amfol_report.h"

#include <epan/funnel.h>
#include <epan/stat_tap_ui.h>
#include <stdio.h>
#include <string.h>

int amfol_tap_id = -1;

/* ---- -z amfol,timeline / json / diagnosis ---------------------------------------------- */

typedef void (*amfol_report_fn)(amfol_engine *e, GString *out);

typedef struct amfol_text_output {
    const char *cli;                   /* "amfol,timeline" */
    amfol_report_fn report;
} amfol_text_output;

static const amfol_text_output amfol_text_outputs[] = {
    { "amfol,timeline", amfol_report_timeline },
    { "amfol,json", amfol_report_json },
    { "amfol,diagnosis", amfol_report_diagnosis },
    { "amfol,html", amfol_report_html_page },
};

/* One listener per -z argument. */
typedef struct amfol_text_listener {
    const amfol_text_output *out;
    amfol_engine *engine;              /* last engine seen in tap data */
    uint64_t matched;                  /* amfol frames that passed the optional filter */
    char *filter;
    /* The highest frame number the "frame" tap saw: every frame reaches it, also the frames a
     * dissector stopped before any postdissector (the last ones of a capture among them). The
     * frame listener's own data, freed by its own finish. */
    guint32 *last_frame;
} amfol_text_listener;

static void text_reset(void *tapdata)
{
    amfol_text_listener *l = tapdata;
    l->matched = 0;
}

static void frame_reset(void *tapdata)
{
    *(guint32 *)tapdata = 0;
}

static tap_packet_status frame_packet(void *tapdata, packet_info *pinfo, epan_dissect_t *edt _U_,
                                      const void *data _U_, tap_flags_t flags _U_)
{
    guint32 *last = tapdata;           /* amfol_text_listener.last_frame */
    *last = MAX(*last, pinfo->num);
    return TAP_PACKET_DONT_REDRAW;
}

static tap_packet_status text_packet(void *tapdata, packet_info *pinfo _U_, epan_dissect_t *edt _U_,
                                     const void *data, tap_flags_t flags _U_)
{
    amfol_text_listener *l = tapdata;
    const amfol_frame_tap *rec = data;
    l->engine = rec->engine;
    l->matched++;
    return TAP_PACKET_DONT_REDRAW;
}

static void text_draw(void *tapdata)
{
    amfol_text_listener *l = tapdata;
    amfol_engine *e = amfol_current_engine();
    if (!e)
        e = l->engine;
    GString *s = g_string_new(NULL);
    if (e)
        amfol_engine_frames_up_to(e, *l->last_frame);
    if (!e)
        g_string_append(s, "amfol: no analysis available (is the amfol protocol enabled?)\n");
    else
        l->out->report(e, s);
    if (l->filter && l->out->report != amfol_report_json && l->out->report != amfol_report_html_page)
        g_string_append_printf(s, "(filter \"%s\" matched %" G_GUINT64_FORMAT " amfol frames; the "
                               "analysis above covers the whole capture)\n", l->filter, l->matched);
    fwrite(s->str, 1, s->len, stdout);
    fflush(stdout);
    g_string_free(s, TRUE);
}

static void text_finish(void *tapdata)
{
    amfol_text_listener *l = tapdata;
    g_free(l->filter);
    g_free(l);
}

static AMFOL_STAT_INIT_RET text_init(const char *opt_arg, void *userdata)
{
    const amfol_text_output *out = userdata;
    amfol_text_listener *l = g_new0(amfol_text_listener, 1);
    l->out = out;
    size_t n = strlen(out->cli);
    /* "-z amfol,timeline[,filter]" */
    if (opt_arg && strncmp(opt_arg, out->cli, n) == 0 && opt_arg[n] == ',' && opt_arg[n + 1])
        l->filter = g_strdup(opt_arg + n + 1);
    GString *err = register_tap_listener("amfol", l, l->filter, TL_REQUIRES_NOTHING, text_reset,
                                         text_packet, text_draw, text_finish);
    l->last_frame = g_new0(guint32, 1);
    if (!err && (err = register_tap_listener("frame", l->last_frame, NULL, TL_REQUIRES_NOTHING, frame_reset,
                                              frame_packet, NULL, g_free)) != NULL)
        remove_tap_listener(l);
    if (err)
        g_free(l->last_frame);
    if (err) {
        fprintf(stderr, "tshark: Couldn't register %s tap: %s\n", out->cli, err->str);
        g_string_free(err, TRUE);
        g_free(l->filter);
        g_free(l);
#if AMFOL_WS_AT_LEAST(4, 6)
        return false;
#else
        return;
#endif
    }
    AMFOL_STAT_INIT_OK;
}

/* ---- "AMF Overload" table ------------------------------------------------------------------ */

static stat_tap_table_item *episode_fields;   /* made at registration from the N2 module's columns */
static guint n_episode_fields;

static const char episode_table_name[] = "AMF overload episodes per gNB";

/* Rebuild throttle: the table is rebuilt from the engine when a START/STOP was analysed since the
 * last rebuild, or when anything changed and the table is small or REBUILD_EVERY frames passed. After the first pass
 * (GUI retap, tshark -2) the engine is complete and one rebuild gives the exact table; in a
 * single tshark pass the counts of the last frames may lag: use -2. */
#define REBUILD_EVERY 1000
#define SMALL_TABLE_ROWS 64   /* small tables are cheap enough to keep exact on every frame */

typedef struct table_state {
    uint64_t last_frames;
    uint64_t last_overload_messages;
    amfol_frame last_rebuild;
    bool built;
} table_state;

static table_state episode_table_state;   /* one GUI/CLI table at a time, reset with it */

static void episode_init(stat_tap_table_ui *ui)
{
    amfol_table_init(ui, episode_table_name);
    memset(&episode_table_state, 0, sizeof episode_table_state);
}

static tap_packet_status episode_packet(void *tapdata, packet_info *pinfo _U_, epan_dissect_t *edt _U_,
                                        const void *data, tap_flags_t flags _U_)
{
    stat_data_t *sd = tapdata;
    const amfol_frame_tap *rec = data;
    if (!rec->engine)
        return TAP_PACKET_DONT_REDRAW;
    uint64_t frames = amfol_engine_capture(rec->engine)->frames;
    uint64_t ovl = amfol_n2_overload_messages(rec->engine);
    table_state *st = &episode_table_state;
    stat_tap_table *t = stat_tap_find_table(sd->stat_tap_data, episode_table_name);
    if (!t)
        return TAP_PACKET_DONT_REDRAW;
    bool small = t->num_elements <= SMALL_TABLE_ROWS;
    if (st->built && ovl == st->last_overload_messages &&
        (frames == st->last_frames || (!small && rec->frame < st->last_rebuild + REBUILD_EVERY)))
        return TAP_PACKET_DONT_REDRAW;
    /* One row per association part of an episode, in the module's order, every one rewritten. */
    amfol_rows *rows = amfol_n2_table_rows(rec->engine);
    amfol_table_put_rows(t, episode_fields, n_episode_fields, rows);
    amfol_rows_free(rows);
    st->built = true;
    st->last_frames = frames;
    st->last_overload_messages = ovl;
    st->last_rebuild = rec->frame;
    return TAP_PACKET_REDRAW;
}

static void episode_reset(stat_tap_table *t _U_)
{
    /* The rows are rewritten from the engine at the next frame. */
    memset(&episode_table_state, 0, sizeof episode_table_state);
}

static tap_param episode_params[] = {
    { PARAM_FILTER, "filter", "Filter", NULL, TRUE }
};

static stat_tap_table_ui episode_table_ui = {
    AMFOL_STAT_GROUP,
    "AMF Overload",
    "amfol",
    "amfol,episodes",
    episode_init,
    episode_packet,
    episode_reset,
    amfol_table_free_item,
    NULL,
    0, NULL,   /* the N2 module's columns, set at registration */
    G_N_ELEMENTS(episode_params), episode_params,
    NULL,
    0
};

/* ---- Tools menu: diagnosis text window ------------------------------------------------------ */

static void diagnosis_window(gpointer data _U_)
{
    const funnel_ops_t *ops = funnel_get_funnel_ops();
    if (!ops || !ops->new_text_window)
        return;
    funnel_text_window_t *tw = ops->new_text_window(ops->ops_id, "AMF Overload diagnosis");
    GString *s = g_string_new(NULL);
    amfol_engine *e = amfol_current_engine();
    if (e) {
        amfol_report_diagnosis_full(e, s);   /* "What this capture can tell" in full */
        g_string_append(s, "\n");
        amfol_report_timeline(e, s);
    } else {
        g_string_append(s, "No capture analysed (is the AMFOL protocol enabled?)\n");
    }
    ops->set_text(tw, s->str);
    g_string_free(s, TRUE);
    amfol_ue_story_buttons(tw, e);   /* the stories of sample UEs (amfol_ue_story.c) */
}

void amfol_stats_register(int proto_amfol)
{
    /* The domain tables first, in the order the glue modules once registered them. */
    amfol_rrc_table_register();        /* -z amfol,radio */
    amfol_nas_table_register();        /* -z amfol,nas */
    amfol_sbi_table_register();        /* -z amfol,sbi */
    amfol_tap_id = register_tap("amfol");
    static stat_tap_ui text_ui[G_N_ELEMENTS(amfol_text_outputs)];
    for (size_t i = 0; i < G_N_ELEMENTS(amfol_text_outputs); i++) {
        text_ui[i].group = REGISTER_STAT_GROUP_GENERIC;   /* CLI only: no menu entry */
        text_ui[i].title = amfol_text_outputs[i].cli;
        text_ui[i].cli_string = amfol_text_outputs[i].cli;
        text_ui[i].tap_init_cb = text_init;
        text_ui[i].nparams = 0;
        text_ui[i].params = NULL;
        register_stat_tap_ui(&text_ui[i], (void *)&amfol_text_outputs[i]);
    }
    size_t n;
    const amfol_column *cols = amfol_n2_table_columns(&n);
    episode_fields = amfol_table_items(cols, n, &n_episode_fields);
    episode_table_ui.nfields = n_episode_fields;
    episode_table_ui.fields = episode_fields;
    register_stat_tap_table_ui(&episode_table_ui);
    amfol_symptoms_table_register();   /* -z amfol,symptoms */
    amfol_kpi_table_register();        /* -z amfol,kpi */
    funnel_register_menu("AMF Overload/Diagnosis", REGISTER_TOOLS_GROUP_UNSORTED,
                         diagnosis_window, NULL, NULL, FALSE);
    amfol_chart_register(proto_amfol);
}
