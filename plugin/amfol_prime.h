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

/* First pass, with a tree, before reading any field: were all of amfol's fields primed for this
 * dissection? When not (a tree was freed unseen), every field is primed from then on and the
 * frame is counted (amfol_prime_missed). */
bool amfol_prime_check(void);
/* First pass, after the walk: the tree holds items of these hfids (amfol_walk_found); they are
 * what the next first-pass dissection must prime again. */
void amfol_prime_first_pass_done(const int *found, int n_found);
/* A later pass with a tree (not walked): when it is freed, every field is primed again. */
void amfol_prime_later_pass_tree(packet_info *pinfo);

/* Frames whose dissection found some field un-primed (0 in tshark and in the tests). */
uint64_t amfol_prime_missed(void);

#endif
