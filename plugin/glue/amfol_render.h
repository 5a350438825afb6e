/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_render.h: the render helpers every glue module uses. Each adds one generated item (no
 * bytes of the packet behind it: tvb offset 0, length 0) and returns it, or returns NULL when
 * the value is absent by the helper's rule. */
#ifndef AMFOL_RENDER_H
#define AMFOL_RENDER_H

#include "glue/amfol_glue.h"

/* Mark an item generated; returns it (NULL-safe). */
proto_item *amfol_gen(proto_item *pi);

/* Always added. */
proto_item *amfol_gen_uint(proto_tree *t, int hf, tvbuff_t *tvb, uint32_t v);
proto_item *amfol_gen_string(proto_tree *t, int hf, tvbuff_t *tvb, const char *v);
proto_item *amfol_gen_bool(proto_tree *t, int hf, tvbuff_t *tvb, bool v);
proto_item *amfol_gen_double(proto_tree *t, int hf, tvbuff_t *tvb, double v);
proto_item *amfol_gen_time(proto_tree *t, int hf, tvbuff_t *tvb, amfol_time v);

/* Added only when present: */
proto_item *amfol_gen_opt_uint(proto_tree *t, int hf, tvbuff_t *tvb, int v);   /* not AMFOL_ABSENT */
proto_item *amfol_gen_opt_string(proto_tree *t, int hf, tvbuff_t *tvb, const char *v); /* not NULL, not "" */
proto_item *amfol_gen_frame(proto_tree *t, int hf, tvbuff_t *tvb, amfol_frame f);  /* not 0 */
/* An analysis flag: added (as TRUE) only when true, like Wireshark's own analysis flags, so that a
 * bare "amfol.n2.in_overload" filter means true. */
proto_item *amfol_gen_flag(proto_tree *t, int hf, tvbuff_t *tvb, bool v);

#endif
