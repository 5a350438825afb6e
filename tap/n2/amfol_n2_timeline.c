/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_n2_timeline.c: the query side of THE N2 overload timeline (built from OVERLOAD START /
 * STOP by amfol_n2_overload.c, the only analysis file that reads them): AMF-wide episodes for
 * the other modules, so that none of them rebuilds its own. */
#include "amfol_n2_internal.h"

#include <string.h>

static void fill_episode(const n2_episode *ep, amfol_n2_episode_view *out)
{
    out->amf = ep->amf ? ep->amf->id : NULL;
    out->number = ep->number;
    out->start_frame = ep->start_frame;
    out->start_time = ep->start_time;
    out->stop_frame = ep->closed ? ep->stop_frame : 0;
    out->stop_time = ep->closed ? ep->stop_time : 0;
}

size_t amfol_n2_episode_count(const amfol_n2 *n2)
{
    return n2 ? n2->episode_order->len : 0;
}

bool amfol_n2_episode_get(const amfol_n2 *n2, size_t i, amfol_n2_episode_view *out)
{
    if (!n2 || i >= n2->episode_order->len)
        return false;
    fill_episode(g_ptr_array_index(n2->episode_order, i), out);
    return true;
}

bool amfol_n2_episode_at(const amfol_n2 *n2, const char *amf, amfol_time t, amfol_n2_episode_view *out)
{
    for (guint i = 0; n2 && amf && i < n2->episode_order->len; i++) {
        const n2_episode *ep = g_ptr_array_index(n2->episode_order, i);
        if (!ep->amf || strcmp(ep->amf->id, amf) != 0 || ep->start_time > t)
            continue;
        if (!ep->closed || t < ep->stop_time) {
            fill_episode(ep, out);
            return true;
        }
    }
    return false;
}
