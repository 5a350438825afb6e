/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi.c: placeholder until the module lands: accepts events, reports nothing. */
#include "amfol_sbi.h"
#include "../core/amfol_engine_internal.h"

struct amfol_sbi {
    uint64_t messages;
};

amfol_sbi *amfol_sbi_new(const amfol_config *cfg)
{
    (void)cfg;
    return g_new0(amfol_sbi, 1);
}

void amfol_sbi_free(amfol_sbi *s)
{
    g_free(s);
}

void amfol_sbi_on_msg(amfol_engine *e, const amfol_sbi_event *ev, amfol_sbi_result *out)
{
    (void)ev;
    e->sbi->messages++;
    if (out)
        out->relevant = false;
}

void amfol_sbi_finish(amfol_engine *e, amfol_findings *out)
{
    (void)e;
    (void)out;
}

void amfol_sbi_report_timeline(amfol_engine *e, GString *out)
{
    (void)e;
    (void)out;
}

void amfol_sbi_report_json(amfol_engine *e, json_dumper *d)
{
    (void)e;
    (void)d;
}
