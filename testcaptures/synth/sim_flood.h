/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Load-generator floods ([flood] scenarios): what PacketRusher, UERANSIM or gnbsim make of an
 * AMF, 1,000-2,000 UEs in about a second over several SCTP sockets, the kernel bundling up to
 * ~170 NGAP PDUs in one SCTP packet, answers that slow and then stop while heartbeats go on. */
#ifndef AMFOL_SYNTH_SIM_FLOOD_H
#define AMFOL_SYNTH_SIM_FLOOD_H

#include <stdint.h>

/* Does the scenario file have a [flood] group (then sim_flood_run writes it)? */
int sim_flood_is(const char *ini_path);
/* Writes PCAP_PATH and TRUTH_PATH for the [flood] scenario INI_PATH (seed: 0 = the file's);
 * -1 with a message in ERR on failure. */
int sim_flood_run(const char *ini_path, uint64_t seed, int have_seed, const char *pcap_path,
                  const char *truth_path, char *err, int err_len);

#endif
