/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_chart.c: the timeline page for tshark (-z amfol,html) and the GUI (Tools → AMF Overload →
 * Timeline chart: a temporary file opened in the browser, as Lua's browser_open_url does). */
#include "ui/amfol_chart.h"
#include "report/amfol_html.h"

#include <epan/funnel.h>
#include <epan/plugin_if.h>
#include <glib/gstdio.h>
#include <string.h>
#ifdef AMFOL_HAVE_CFILE
#include <cfile.h>
#endif

#ifdef AMFOL_HAVE_CFILE
static void *gui_capture_name(capture_file *cf, void *user _U_)
{
    return cf && cf->filename ? g_path_get_basename(cf->filename) : NULL;
}
#endif

/* tshark has no capture_file for plugins: take its -r argument from the command line (Linux). */
static char *cli_capture_name(void)
{
    gchar *cmd = NULL;
    gsize len = 0;
    char *name = NULL;
    if (!g_file_get_contents("/proc/self/cmdline", &cmd, &len, NULL))
        return NULL;
    const char *end = cmd + len;
    for (const char *p = cmd; p < end && !name; p += strlen(p) + 1) {
        const char *next = p + strlen(p) + 1;
        if ((strcmp(p, "-r") == 0 || strcmp(p, "--read-file") == 0) && next < end)
            name = g_path_get_basename(next);
        else if (strncmp(p, "-r", 2) == 0 && p[2])
            name = g_path_get_basename(p + 2);
    }
    g_free(cmd);
    return name;
}

static char *capture_name(void)
{
    char *name = NULL;
#ifdef AMFOL_HAVE_CFILE
    name = plugin_if_get_capture_file(gui_capture_name, NULL);
#endif
    return name ? name : cli_capture_name();
}

void amfol_report_html_page(amfol_engine *e, GString *out)
{
    char *name = capture_name();
    amfol_report_html(e, name, out);
    g_free(name);
}

static void text_window(const funnel_ops_t *ops, const char *text)
{
    if (!ops->new_text_window)
        return;
    funnel_text_window_t *tw = ops->new_text_window(ops->ops_id, "AMF Overload timeline chart");
    ops->set_text(tw, text);
}

/* Tools → AMF Overload → Timeline chart. */
static void timeline_chart(gpointer data _U_)
{
    const funnel_ops_t *ops = funnel_get_funnel_ops();
    amfol_engine *e = amfol_current_engine();
    if (!ops)
        return;
    if (!e) {
        text_window(ops, "No capture analysed (is the AMFOL protocol enabled?)\n");
        return;
    }
    GString *page = g_string_new(NULL);
    amfol_report_html_page(e, page);
    char *path = NULL;
    GError *err = NULL;
    /* A fresh name in the temp folder (g_file_open_tmp), written with GLib (no POSIX I/O). */
    int fd = g_file_open_tmp("amfol-timeline-XXXXXX.html", &path, &err);
    bool written = fd >= 0 && g_close(fd, NULL) && g_file_set_contents(path, page->str, (gssize)page->len, &err);
    char *uri = written ? g_filename_to_uri(path, NULL, NULL) : NULL;
    if (!uri || !ops->browser_open_url || !ops->browser_open_url(uri)) {
        char *msg = g_strdup_printf("Could not open the timeline chart in a browser.\n%s%s\n",
                                    written ? "The page was written to " : "The page could not be written: ",
                                    written ? path : (err ? err->message : "unknown error"));
        text_window(ops, msg);
        g_free(msg);
    }
    g_free(uri);
    g_free(path);
    if (err)
        g_error_free(err);
    g_string_free(page, TRUE);
}

/* amfol_flow.c */
void amfol_chart_register(int proto_amfol)
{
    funnel_register_menu("AMF Overload/Timeline chart", REGISTER_TOOLS_GROUP_UNSORTED, timeline_chart, NULL,
                         NULL, FALSE);
    register_seq_analysis("amfol", "AMF Overload", proto_amfol, "amfol", 0, amfol_flow_packet);
}
