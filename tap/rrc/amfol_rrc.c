/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc.c: placeholder until the module lands: accepts events, reports nothing. */
#include "amfol_rrc.h"
#include "../core/amfol_engine_internal.h"

struct amfol_rrc {
    uint64_t messages;
};

amfol_rrc *amfol_rrc_new(const amfol_config *cfg)
{
    (void)cfg;
    return g_new0(amfol_rrc, 1);
}

void amfol_rrc_free(amfol_rrc *s)
{
    g_free(s);
}

void amfol_rrc_on_msg(amfol_engine *e, const amfol_rrc_event *ev, amfol_rrc_result *out)
{
    (void)ev;
    e->rrc->messages++;
    if (out)
        out->relevant = false;
}

void amfol_rrc_finish(amfol_engine *e, amfol_findings *out)
{
    (void)e;
    (void)out;
}

void amfol_rrc_report_timeline(amfol_engine *e, GString *out)
{
    (void)e;
    (void)out;
}

void amfol_rrc_report_json(amfol_engine *e, json_dumper *d)
{
    (void)e;
    (void)d;
}
