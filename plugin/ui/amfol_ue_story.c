/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_ue_story.c: the story of one UE in Wireshark: the amfol.ue field of every frame that
 * belongs to a UE, -z amfol,ue,<id>, Tools → AMF Overload → UE story (asks the id) and the
 * sample-UE buttons of the Diagnosis window. The stories themselves come from tap/ue. */
#include "ui/amfol_tap.h"
#include "glue/amfol_render.h"
#include "report/amfol_report.h"

#include <epan/funnel.h>
#include <epan/stat_tap_ui.h>
#include <stdio.h>
#include <string.h>

static int hf_amfol_ue = -1;

#define UE_CLI "amfol,ue"
#define MAX_UES_PER_FRAME 8
#define DIAGNOSIS_BUTTONS 3

/* A funnel button callback returns gboolean in 4.0 and bool later: whatever the header says. */
typedef __typeof__(((funnel_bt_cb_t)0)(NULL, NULL)) amfol_funnel_bt_ret;

void amfol_ue_story_render(amfol_frame_ctx *ctx, proto_tree *tree)
{
    char ids[MAX_UES_PER_FRAME][AMFOL_UE_ID_LEN];
    size_t n = amfol_ue_frame_ids(ctx->engine, ctx->pinfo->num, ids, MAX_UES_PER_FRAME);
    for (size_t i = 0; i < n; i++)
        amfol_gen_string(tree, hf_amfol_ue, ctx->tvb, ids[i]);
}

/* ---- -z amfol,ue,<id> ------------------------------------------------------------------------ */

typedef struct ue_listener {
    char *id;
    amfol_engine *engine;
} ue_listener;

static tap_packet_status ue_packet(void *tapdata, packet_info *pinfo _U_, epan_dissect_t *edt _U_,
                                   const void *data, tap_flags_t flags _U_)
{
    ue_listener *l = tapdata;
    l->engine = ((const amfol_frame_tap *)data)->engine;
    return TAP_PACKET_DONT_REDRAW;
}

static void story_text(amfol_engine *e, const char *id, GString *s)
{
    if (!e) {
        g_string_append(s, "amfol: no analysis available (is the amfol protocol enabled?)\n");
        return;
    }
    amfol_engine_finish(e);
    amfol_ue_report_story(e, id, s);
}

static void ue_draw(void *tapdata)
{
    ue_listener *l = tapdata;
    amfol_engine *e = amfol_current_engine();
    GString *s = g_string_new(NULL);
    story_text(e ? e : l->engine, l->id, s);
    fwrite(s->str, 1, s->len, stdout);
    fflush(stdout);
    g_string_free(s, TRUE);
}

static void ue_finish(void *tapdata)
{
    ue_listener *l = tapdata;
    g_free(l->id);
    g_free(l);
}

static AMFOL_STAT_INIT_RET ue_init(const char *opt_arg, void *userdata _U_)
{
    ue_listener *l = g_new0(ue_listener, 1);
    /* "-z amfol,ue,<id>": everything after the second comma is the id (it may hold commas). */
    const char *id = opt_arg && strncmp(opt_arg, UE_CLI ",", strlen(UE_CLI ",")) == 0 ? opt_arg + strlen(UE_CLI ",") : "";
    l->id = g_strdup(id);
    GString *err = register_tap_listener("amfol", l, NULL, TL_REQUIRES_NOTHING, NULL, ue_packet, ue_draw, ue_finish);
    if (err) {
        fprintf(stderr, "tshark: Couldn't register " UE_CLI " tap: %s\n", err->str);
        g_string_free(err, TRUE);
        ue_finish(l);
#if AMFOL_WS_AT_LEAST(4, 6)
        return false;
#else
        return;
#endif
    }
    AMFOL_STAT_INIT_OK;
}

/* ---- GUI: a story window, the id dialog, the Diagnosis window's buttons ----------------------- */

static amfol_funnel_bt_ret filter_button(funnel_text_window_t *tw _U_, void *data)
{
    const funnel_ops_t *ops = funnel_get_funnel_ops();
    if (ops && ops->set_filter && ops->apply_filter) {
        char *filter = g_strdup_printf("amfol.ue == \"%s\"", (const char *)data);
        ops->set_filter(ops->ops_id, filter);
        ops->apply_filter(ops->ops_id);
        g_free(filter);
    }
    return TRUE;
}

static void add_button(const funnel_ops_t *ops, funnel_text_window_t *tw, funnel_bt_cb_t fn, const char *id,
                       const char *label)
{
    if (!ops->add_button)
        return;
    funnel_bt_t *bt = g_new0(funnel_bt_t, 1);
    bt->tw = tw;
    bt->func = fn;
    bt->data = g_strdup(id);
    bt->free_fcn = g_free;        /* the window frees the button and its data when it closes */
    bt->free_data_fcn = g_free;
    ops->add_button(tw, bt, label);
}

static void story_window(const char *id)
{
    const funnel_ops_t *ops = funnel_get_funnel_ops();
    if (!ops || !ops->new_text_window)
        return;
    char *title = g_strdup_printf("AMF Overload: story of UE %.60s", id);
    funnel_text_window_t *tw = ops->new_text_window(ops->ops_id, title);
    g_free(title);
    GString *s = g_string_new(NULL);
    story_text(amfol_current_engine(), id, s);
    ops->set_text(tw, s->str);
    g_string_free(s, TRUE);
    add_button(ops, tw, filter_button, id, "Filter its frames");
}

static amfol_funnel_bt_ret story_button(funnel_text_window_t *tw _U_, void *data)
{
    story_window(data);
    return TRUE;
}

/* The Diagnosis window: a button per sample UE (the findings' first, then per outcome). */
void amfol_ue_story_buttons(funnel_text_window_t *tw, amfol_engine *e)
{
    const funnel_ops_t *ops = funnel_get_funnel_ops();
    if (!ops || !tw || !e)
        return;
    const amfol_findings *fs = amfol_engine_finish(e);
    char ids[DIAGNOSIS_BUTTONS][AMFOL_UE_ID_LEN];
    size_t n = 0;
    for (size_t i = 0; i < amfol_findings_count(fs) && n < DIAGNOSIS_BUTTONS; i++) {
        if (!amfol_ue_finding_sample(e, amfol_findings_get(fs, i), ids[n], AMFOL_UE_ID_LEN))
            continue;
        bool dup = false;
        for (size_t k = 0; k < n; k++)
            dup |= strcmp(ids[k], ids[n]) == 0;
        n += !dup;
    }
    if (n == 0)
        n = amfol_ue_sample_ids(e, ids, DIAGNOSIS_BUTTONS);
    for (size_t i = 0; i < n; i++) {
        char *label = g_strdup_printf("UE story: %.48s", ids[i]);
        add_button(ops, tw, story_button, ids[i], label);
        g_free(label);
    }
}

static void asked(char **input, void *data _U_)
{
    if (input && input[0] && input[0][0])
        story_window(g_strstrip(input[0]));
}

static void ue_story_menu(gpointer data _U_)
{
    const funnel_ops_t *ops = funnel_get_funnel_ops();
    if (!ops || !ops->new_dialog)
        return;
    char ids[1][AMFOL_UE_ID_LEN] = {""};
    amfol_engine *e = amfol_current_engine();
    if (e)
        amfol_ue_sample_ids(e, ids, 1);
    const char *names[] = {"UE (suci:..., guti:..., s-tmsi:..., ngap:gNB/id, amf-ue:AMF/id)", NULL};
    const char *values[] = {ids[0], NULL};
    ops->new_dialog(ops->ops_id, "AMF Overload: story of one UE", names, values, asked, NULL, NULL);
}

void amfol_ue_story_register(int proto_amfol)
{
    static hf_register_info hf[] = {
        { &hf_amfol_ue,
          { "UE", "amfol.ue", FT_STRING, BASE_NONE, NULL, 0x0,
            "The UE this frame belongs to, by the id amfol names it with (its strongest identity at the end "
            "of the analysis); -z amfol,ue,<id> tells its story", HFILL } },
    };
    proto_register_field_array(proto_amfol, hf, array_length(hf));
    static stat_tap_ui ui = {
        .group = REGISTER_STAT_GROUP_GENERIC,   /* CLI only: the GUI asks through the Tools menu */
        .title = UE_CLI,
        .cli_string = UE_CLI,
        .tap_init_cb = ue_init,
    };
    register_stat_tap_ui(&ui, NULL);
    funnel_register_menu("AMF Overload/UE story", REGISTER_TOOLS_GROUP_UNSORTED, ue_story_menu, NULL, NULL, FALSE);
}
