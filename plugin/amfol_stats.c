/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_stats.c: placeholder until the statistics land: registers the tap only. */
#include "amfol_tap.h"

int amfol_tap_id = -1;

void amfol_stats_register(int proto_amfol)
{
    (void)proto_amfol;
    amfol_tap_id = register_tap("amfol");
}
