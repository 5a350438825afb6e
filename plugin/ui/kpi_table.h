/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kpi_table.h: registration of the "AMF Overload KPIs" table (Statistics menu, -z amfol,kpi). */
#ifndef AMFOL_KPI_TABLE_H
#define AMFOL_KPI_TABLE_H

void amfol_kpi_table_register(void);

#endif
