/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_render.c: the generated-item helpers of amfol_render.h, shared by the glue modules. */
#include "glue/amfol_render.h"

#include <math.h>

proto_item *amfol_gen(proto_item *pi)
{
    proto_item_set_generated(pi);
    return pi;
}

proto_item *amfol_gen_uint(proto_tree *t, int hf, tvbuff_t *tvb, uint32_t v)
{
    return amfol_gen(proto_tree_add_uint(t, hf, tvb, 0, 0, v));
}

proto_item *amfol_gen_string(proto_tree *t, int hf, tvbuff_t *tvb, const char *v)
{
    return amfol_gen(proto_tree_add_string(t, hf, tvb, 0, 0, v));
}

proto_item *amfol_gen_bool(proto_tree *t, int hf, tvbuff_t *tvb, bool v)
{
    return amfol_gen(proto_tree_add_boolean(t, hf, tvb, 0, 0, v ? TRUE : FALSE));
}

proto_item *amfol_gen_double(proto_tree *t, int hf, tvbuff_t *tvb, double v)
{
    return amfol_gen(proto_tree_add_double(t, hf, tvb, 0, 0, v));
}

proto_item *amfol_gen_time(proto_tree *t, int hf, tvbuff_t *tvb, amfol_time v)
{
    nstime_t ts;
    ts.secs = (time_t)floor(v);
    ts.nsecs = (int)((v - floor(v)) * 1e9);
    return amfol_gen(proto_tree_add_time(t, hf, tvb, 0, 0, &ts));
}

proto_item *amfol_gen_opt_uint(proto_tree *t, int hf, tvbuff_t *tvb, int v)
{
    return v != AMFOL_ABSENT ? amfol_gen_uint(t, hf, tvb, (uint32_t)v) : NULL;
}

proto_item *amfol_gen_opt_string(proto_tree *t, int hf, tvbuff_t *tvb, const char *v)
{
    return v && v[0] ? amfol_gen_string(t, hf, tvb, v) : NULL;
}

proto_item *amfol_gen_frame(proto_tree *t, int hf, tvbuff_t *tvb, amfol_frame f)
{
    return f ? amfol_gen_uint(t, hf, tvb, f) : NULL;
}

proto_item *amfol_gen_flag(proto_tree *t, int hf, tvbuff_t *tvb, bool v)
{
    return v ? amfol_gen_bool(t, hf, tvb, true) : NULL;
}
