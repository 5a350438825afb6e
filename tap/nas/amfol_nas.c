/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas.c: placeholder until the module lands: accepts events, reports nothing. */
#include "amfol_nas.h"
#include "../core/amfol_engine_internal.h"

struct amfol_nas {
    uint64_t messages;
};

amfol_nas *amfol_nas_new(const amfol_config *cfg)
{
    (void)cfg;
    return g_new0(amfol_nas, 1);
}

void amfol_nas_free(amfol_nas *s)
{
    g_free(s);
}

void amfol_nas_on_msg(amfol_engine *e, const amfol_nas_event *ev, amfol_nas_result *out)
{
    (void)ev;
    e->nas->messages++;
    if (out)
        out->relevant = false;
}

void amfol_nas_finish(amfol_engine *e, amfol_findings *out)
{
    (void)e;
    (void)out;
}

void amfol_nas_report_timeline(amfol_engine *e, GString *out)
{
    (void)e;
    (void)out;
}

void amfol_nas_report_json(amfol_engine *e, json_dumper *d)
{
    (void)e;
    (void)d;
}
