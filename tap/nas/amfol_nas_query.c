/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas_query.c: the UE registry as other modules may ask it (amfol_nas.h, "Query API"):
 * which UE a radio request's Part1 or a user's identity text names, and a UE's name now. */
#include "amfol_nas_internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

uint64_t amfol_nas_ue_by_part1(amfol_engine *e, uint64_t part1)
{
    amfol_nas_ue *ue = amfol_nas_registry_lookup_hash(e->nas->reg, amfol_nas_key_hash_part1(part1));
    return ue ? ue->serial : 0;
}

const char *amfol_nas_ue_name_now(amfol_engine *e, uint64_t serial)
{
    amfol_nas_ue *ue = serial ? amfol_nas_registry_by_serial(e->nas->reg, serial) : NULL;
    return (ue && ue->best[0]) ? ue->best : NULL;
}

static uint64_t serial_of(amfol_nas *s, uint64_t h)
{
    amfol_nas_ue *ue = h ? amfol_nas_registry_lookup_hash(s->reg, h) : NULL;
    return ue ? ue->serial : 0;
}

/* A context key "<kind><node>/<id>" hashes as link_ue (amfol_nas.c, ue_ctx_key) made it: from its
 * parts when its text cannot have been truncated, else from its text. */
static uint64_t ctx_key(amfol_nas *s, const char *text, size_t kind_len, int key_kind)
{
    const char *node = text + kind_len;
    const char *slash = strrchr(node, '/');
    if (!slash || !slash[1])
        return 0;
    char *end;
    long long id = strtoll(slash + 1, &end, 10);
    if (*end || id < 0)
        return 0;
    size_t node_len = (size_t)(slash - node);
    if (kind_len + node_len + 23 <= AMFOL_NAS_KEY_LEN)
        return serial_of(s, amfol_nas_key_hash_ctx(key_kind, node, node_len, id));
    return serial_of(s, amfol_nas_key_hash(text));
}

/* A key text as amfol writes it: hex digits in lower case (guti:, s-tmsi:). */
static uint64_t text_key(amfol_nas *s, const char *prefix, const char *rest)
{
    char key[AMFOL_NAS_KEY_LEN];
    size_t n = strlen(prefix), m = strlen(rest);
    if (n + m >= sizeof key)
        return 0;
    memcpy(key, prefix, n);
    for (size_t i = 0; i <= m; i++)
        key[n + i] = strcmp(prefix, "suci:") ? (char)tolower((unsigned char)rest[i]) : rest[i];
    return serial_of(s, amfol_nas_key_hash(key));
}

uint64_t amfol_nas_ue_by_id(amfol_engine *e, const char *id)
{
    amfol_nas *s = e->nas;
    if (!id || !*id || strlen(id) >= AMFOL_NAS_KEY_LEN)
        return 0;
    if (id[0] == '#') {
        char *end;
        unsigned long long serial = strtoull(id + 1, &end, 10);
        return (id[1] && !*end) ? serial : 0;
    }
    static const char *const prefixes[] = {"suci:", "guti:", "s-tmsi:"};
    for (size_t i = 0; i < G_N_ELEMENTS(prefixes); i++)
        if (strncmp(id, prefixes[i], strlen(prefixes[i])) == 0)
            return text_key(s, prefixes[i], id + strlen(prefixes[i]));
    if (strncmp(id, "ngap:", 5) == 0)
        return ctx_key(s, id, 5, AMFOL_KEY_NGAP_CTX);
    if (strncmp(id, "amf-ue:", 7) == 0)
        return ctx_key(s, id, 7, AMFOL_KEY_AMF_UE_ID);
    for (size_t i = 0; i < G_N_ELEMENTS(prefixes); i++) {
        uint64_t serial = text_key(s, prefixes[i], id);
        if (serial)
            return serial;
    }
    return 0;
}
