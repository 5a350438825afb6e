/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rrc_table.h: registration of the radio statistics table (called by amfol_stats_register). */
#ifndef RRC_TABLE_H
#define RRC_TABLE_H

void amfol_rrc_table_register(void);

#endif
