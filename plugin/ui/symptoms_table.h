/* SPDX-License-Identifier: GPL-2.0-or-later */
/* symptoms_table.h: registration of the "AMF Overload Symptoms" table (Statistics menu,
 * -z amfol,symptoms). */
#ifndef AMFOL_SYMPTOMS_TABLE_H
#define AMFOL_SYMPTOMS_TABLE_H

void amfol_symptoms_table_register(void);

#endif
