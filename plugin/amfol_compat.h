/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_compat.h: the one place where Wireshark 4.0 / 4.2 / 4.4 / 4.6 API differences are
 * isolated (shared/reference/epan-api.md, appendix A). Everything else uses these names. */
#ifndef AMFOL_COMPAT_H
#define AMFOL_COMPAT_H

#define WS_LOG_DOMAIN "amfol"
#include <wireshark.h>
#include <epan/packet.h>
#include <epan/proto_data.h>
#include <epan/unit_strings.h>
#include <epan/expert.h>
#include <epan/prefs.h>
#include <epan/proto.h>
#include <epan/tap.h>
#include <epan/ftypes/ftypes.h>
#include <stdbool.h>
#include <stdint.h>

#define AMFOL_WS_AT_LEAST(maj, min) \
    (WIRESHARK_VERSION_MAJOR > (maj) || \
     (WIRESHARK_VERSION_MAJOR == (maj) && WIRESHARK_VERSION_MINOR >= (min)))

/* field_info::value became a pointer (fvalue_t opaque) in 4.2. */
#if AMFOL_WS_AT_LEAST(4, 2)
#define AMFOL_FI_FVALUE(fi) ((fi)->value)
#else
#define AMFOL_FI_FVALUE(fi) ((fvalue_t *)&(fi)->value)
#endif

/* Boolean preferences take bool * from 4.4, gboolean * before. */
#if AMFOL_WS_AT_LEAST(4, 4)
typedef bool amfol_pref_bool;
#else
typedef gboolean amfol_pref_bool;
#endif

/* stat_tap_ui init callbacks return bool in 4.6. */
#if AMFOL_WS_AT_LEAST(4, 6)
#define AMFOL_STAT_INIT_RET bool
#define AMFOL_STAT_INIT_OK return true
#else
#define AMFOL_STAT_INIT_RET void
#define AMFOL_STAT_INIT_OK return
#endif

/* Statistics menu group (renamed telephony groups in 4.4 are not used). */
#define AMFOL_STAT_GROUP REGISTER_PACKET_STAT_GROUP_UNSORTED

/* stats_tree submenu separator: "/" up to 4.2, "//" from 4.4. */
#if AMFOL_WS_AT_LEAST(4, 4)
#define AMFOL_MENU_SEP "//"
#else
#define AMFOL_MENU_SEP "/"
#endif

/* NAS-5GS fields are nas_5gs.* in 4.0 and nas-5gs.* from 4.2: glue field lists name both,
 * separated by '|', and the core primes whichever exists. */

#endif
