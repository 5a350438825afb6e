/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sbi_table.h: registration of the SBI statistics table (Statistics menu, -z amfol,sbi). */
#ifndef AMFOL_SBI_TABLE_H
#define AMFOL_SBI_TABLE_H

void amfol_sbi_table_register(void);

#endif
