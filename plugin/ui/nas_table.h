/* SPDX-License-Identifier: GPL-2.0-or-later */
/* nas_table.h: registration of the NAS statistics table (called by amfol_stats_register). */
#ifndef NAS_TABLE_H
#define NAS_TABLE_H

void amfol_nas_table_register(void);

#endif
