/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_prime.h: keep amfol's wanted fields primed while asking epan to prime, before each
 * dissection, only those a freed tree has un-primed since (amfol_prime.c says why that is exact). */
#ifndef AMFOL_PRIME_H
#define AMFOL_PRIME_H

#include <epan/packet.h>
#include <stdbool.h>
#include <stdint.h>

/* Start tracking the n hfids amfol reads; returns the array to hand to
 * set_postdissector_wanted_hfids (epan owns it; its contents are rewritten here). */
GArray *amfol_prime_start(const int *hfids, int n);
/* Stop (capture closed): call before set_postdissector_wanted_hfids(handle, NULL). */
void amfol_prime_stop(void);

/* After amfol's analysis of each dissection it sees (first pass or later, with a tree or not):
 * found[n_found] are the hfids the first pass's walk found in the tree (amfol_walk_found). */
void amfol_prime_dissected(packet_info *pinfo, bool first_pass, bool has_tree, const int *found,
                           int n_found);

#endif
