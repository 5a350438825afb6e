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

/* tvb_get_guint8 is deprecated (warns) from 4.4, where tvb_get_uint8 replaces it. */
#if AMFOL_WS_AT_LEAST(4, 4)
#define amfol_tvb_u8(tvb, off) tvb_get_uint8((tvb), (off))
#else
#define amfol_tvb_u8(tvb, off) tvb_get_guint8((tvb), (off))
#endif

/* wmem_user_cb_t returns gboolean in 4.0 and bool later: a callback returns whatever the
 * installed header says (the call is not evaluated). */
typedef __typeof__(((wmem_user_cb_t)0)(NULL, WMEM_CB_FREE_EVENT, NULL)) amfol_wmem_cb_ret;

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

/* Flow Graph (sequence analysis): epan/sequence_analysis.h is not installed by the -dev packages
 * although the functions are exported, so the two structs the tap callback touches are declared
 * here per version (epan-api.md §4.4). amfol writes only the common prefix and `display`. */
#include <epan/address.h>
typedef struct _seq_analysis_item {
    guint32 frame_number;
    address src_addr;
    guint16 port_src;
    address dst_addr;
    guint16 port_dst;
    gchar *frame_label;                /* g_free'd by the library */
    gchar *time_str;
    gchar *comment;                    /* g_free'd by the library */
    guint16 conv_num;
    unsigned fg_color;
    unsigned bg_color;
#if AMFOL_WS_AT_LEAST(4, 4)
    bool has_color_filter;
    bool display;
#else
    gboolean has_color_filter;
    gboolean display;
#endif
    unsigned src_node;
    unsigned dst_node;
    guint16 line_style;
    guint32 info_type;
    gpointer info_ptr;                 /* never set by amfol */
#if AMFOL_WS_AT_LEAST(4, 6)
    void (*free_info_ptr)(void *);
#endif
} seq_analysis_item_t;
typedef struct _seq_analysis_info {
    const char *name;
    gboolean all_packets;
    gboolean any_addr;
    GQueue *items;
    GHashTable *ht;
    /* the node list and, from 4.4, the occurrence array follow: not touched */
} seq_analysis_info_t;
#if defined(__LP64__)   /* the library allocates items; a layout slip must not compile (epan-api.md) */
_Static_assert(sizeof(seq_analysis_item_t) == (AMFOL_WS_AT_LEAST(4, 4) && !AMFOL_WS_AT_LEAST(4, 6) ? 136 : 144),
               "seq_analysis_item_t layout differs from this Wireshark version's");
_Static_assert(offsetof(seq_analysis_item_t, fg_color) == 100 && offsetof(seq_analysis_info_t, items) == 16,
               "seq_analysis structs' common prefix moved");
#endif
WS_DLL_PUBLIC void register_seq_analysis(const char *name, const char *ui_name, const int proto_id,
                                         const char *tap_listener, unsigned tap_flags, tap_packet_cb tap_func);
WS_DLL_PUBLIC seq_analysis_item_t *sequence_analysis_create_sai_with_addresses(packet_info *pinfo,
                                                                              seq_analysis_info_t *sainfo);

/* The capture file's name for the chart title: the GUI hands its capture_file out through
 * plugin_if (cfile.h comes with wireshark-dev); tshark does not (see amfol_chart.c). */
#if defined(__has_include)
#if __has_include(<cfile.h>)
#define AMFOL_HAVE_CFILE 1
#endif
#endif

#endif
