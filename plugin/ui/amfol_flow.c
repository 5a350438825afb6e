/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_flow.c: the "amfol" Flow Graph (Statistics → Flow Graph, -z flow,amfol,network): one
 * arrow per OVERLOAD START/STOP and NRF load report, one per burst of RRCRejects, NAS congestion
 * rejects or SBI 503/429 (aggregated over AMFOL_CHART_BURST_S), never one per UE message.
 *
 * The items come from the chart recorder, anchored at their first frame. In a single tshark
 * pass a burst is still growing when its first frame is tapped, so the items of open bursts are
 * kept and relabelled as later frames arrive. Items belong to the library's list, which it
 * frees before a retap; a retap starts again from a lower frame, which resets the kept list. */
#include "ui/amfol_chart.h"
#include "ui/amfol_tap.h"

#include <stdio.h>

typedef struct live_item {
    int flow_ix;
    seq_analysis_item_t *sai;
    uint32_t shown;                    /* count in its label */
} live_item;

static struct {
    const void *sainfo;
    amfol_frame last;
    GArray *live;                      /* live_item */
} run;

static char *label_of(const amfol_chart_flow *f)
{
    switch (f->kind) {
    case AMFOL_FLOW_START:
        if (f->reduction_pct != AMFOL_ABSENT)
            return g_strdup_printf("OVERLOAD START %s -%d%%", amfol_action_name(f->action), f->reduction_pct);
        return g_strdup_printf("OVERLOAD START %s", amfol_action_name(f->action));
    case AMFOL_FLOW_STOP:
        return g_strdup("OVERLOAD STOP");
    case AMFOL_FLOW_RRC_REJECTS:
        return g_strdup_printf("RRCReject \u00d7%u in %.0f s", f->count, AMFOL_CHART_BURST_S);
    case AMFOL_FLOW_NAS_CONGESTION:
        return g_strdup_printf("NAS congestion reject \u00d7%u in %.0f s", f->count, AMFOL_CHART_BURST_S);
    case AMFOL_FLOW_NRF_LOAD:
        return g_strdup_printf("NRF load %d%%", f->value);
    case AMFOL_FLOW_SBI_503:
        return g_strdup_printf("SBI 503 \u00d7%u in %.0f s", f->count, AMFOL_CHART_BURST_S);
    case AMFOL_FLOW_SBI_429:
        return g_strdup_printf("SBI 429 \u00d7%u in %.0f s", f->count, AMFOL_CHART_BURST_S);
    default:
        return g_strdup("amfol");
    }
}

static char *comment_of(const amfol_chart_flow *f)
{
    switch (f->kind) {
    case AMFOL_FLOW_START:
    case AMFOL_FLOW_STOP:
        return g_strdup_printf("%s to %s, episode %d, frame %u", f->amf ? f->amf : "AMF?", f->who, f->value,
                               f->first_frame);
    case AMFOL_FLOW_NRF_LOAD:
        return g_strdup_printf("%s reports its load, frame %u", f->who, f->first_frame);
    default:
        return g_strdup_printf("%s, frames %u-%u", *f->who ? f->who : "NF unknown", f->first_frame, f->last_frame);
    }
}

static void relabel(live_item *li, const amfol_chart_flow *f)
{
    g_free(li->sai->frame_label);
    g_free(li->sai->comment);
    li->sai->frame_label = label_of(f);
    li->sai->comment = comment_of(f);
    li->shown = f->count;
}

static void reset_run(const void *sainfo)
{
    if (!run.live)
        run.live = g_array_new(FALSE, FALSE, sizeof(live_item));
    g_array_set_size(run.live, 0);
    run.sainfo = sainfo;
    run.last = 0;
}

tap_packet_status amfol_flow_packet(void *ptr, packet_info *pinfo, epan_dissect_t *edt _U_, const void *data,
                                    tap_flags_t flags _U_)
{
    seq_analysis_info_t *sainfo = ptr;
    const amfol_frame_tap *rec = data;
    const amfol_chart_rec *r = amfol_engine_chart(rec->engine);
    if (!run.live || run.sainfo != sainfo || pinfo->num <= run.last)
        reset_run(sainfo);
    run.last = pinfo->num;
    bool redraw = false;

    /* Bursts tapped earlier may have grown with this frame. */
    for (guint i = 0; i < run.live->len;) {
        live_item *li = &g_array_index(run.live, live_item, i);
        const amfol_chart_flow *f = amfol_chart_rec_flow(r, (size_t)li->flow_ix);
        if (f && f->count != li->shown) {
            relabel(li, f);
            redraw = true;
        }
        if (!f || !f->open)
            g_array_remove_index_fast(run.live, i);
        else
            i++;
    }

    for (int ix = amfol_chart_rec_flow_at(r, pinfo->num); ix >= 0;) {
        const amfol_chart_flow *f = amfol_chart_rec_flow(r, (size_t)ix);
        seq_analysis_item_t *sai = sequence_analysis_create_sai_with_addresses(pinfo, sainfo);
        if (sai) {
            sai->frame_number = pinfo->num;
            sai->port_src = pinfo->srcport;
            sai->port_dst = pinfo->destport;
            sai->line_style = 1;
            sai->display = TRUE;
            live_item li = { ix, sai, 0 };
            relabel(&li, f);
            g_queue_push_tail(sainfo->items, sai);
            if (f->open)
                g_array_append_val(run.live, li);
            redraw = true;
        }
        ix = f->next_at_frame;
    }
    return redraw ? TAP_PACKET_REDRAW : TAP_PACKET_DONT_REDRAW;
}
