/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_walk.h: which Wireshark fields the glue modules read, and the one depth-first walk per
 * frame that collects them in dissection order. */
#ifndef AMFOL_WALK_H
#define AMFOL_WALK_H

#include "frame/amfol_frame.h"

/* A frame with more (huge JSON) is cut, and says so (amfol.fields_truncated, and counted in every
 * report): 1 MiB of references at most, grown only when a frame needs them; a 64 KiB SCTP packet
 * of the smallest bundled NGAP PDUs stays below. */
#define AMFOL_MAX_FIELDS_PER_FRAME 32768

typedef struct amfol_field_table amfol_field_table;

/* Resolve every module's field names (names[m]: module m's NULL-terminated list, or NULL;
 * alternatives with '|', same-name chains) to hfids. `wanted` receives the hfids to prime
 * (caller hands it to set_postdissector_wanted_hfids). */
amfol_field_table *amfol_field_table_new(const char *const *const *names, int n_mods, GArray *wanted);
void amfol_field_table_free(amfol_field_table *t);

/* Collect the frame's fields of interest, in dissection order, into the table's buffer (valid
 * until the next walk; NULL when none). Returns the count; *truncated tells whether
 * AMFOL_MAX_FIELDS_PER_FRAME cut the list. */
int amfol_walk_tree(const amfol_field_table *t, proto_tree *tree, packet_info *pinfo,
                    amfol_fieldref **out, bool *truncated);
/* The distinct hfids the last walk found items of, even past a cut (valid until the next walk). */
const int *amfol_walk_found(const amfol_field_table *t, int *n);

#endif
