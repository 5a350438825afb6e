/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_nas_ids.c: the UE identity registry links only on exact identities, is bounded (LRU with
 * counted evictions) and moves a reused identity to its newest holder. */
#include "nas/amfol_nas_ids.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    amfol_nas_registry *r = amfol_nas_registry_new(3);
    char k[AMFOL_NAS_KEY_LEN];

    amfol_nas_ue *a = amfol_nas_registry_create(r, 1.0);
    amfol_nas_registry_bind(r, a, "suci:00101-0000000001", AMFOL_KEY_SUCI);
    amfol_nas_registry_bind(r, a, "ngap:gnb-1/1", AMFOL_KEY_NGAP_CTX);
    assert(strcmp(a->best, "suci:00101-0000000001") == 0);
    amfol_s_tmsi st = {1, 1, 0x10};
    amfol_nas_key_s_tmsi(k, sizeof k, &st);
    assert(strcmp(k, "s-tmsi:1-1-00000010") == 0);
    amfol_nas_registry_bind(r, a, k, AMFOL_KEY_S_TMSI);
    assert(strcmp(a->best, "s-tmsi:1-1-00000010") == 0);    /* s-tmsi is the preferred name */
    amfol_guami g = {{"00101"}, 2, 1, 1};
    amfol_nas_key_guti(k, sizeof k, &g, 0x10);
    assert(strcmp(k, "guti:00101-2-1-1-00000010") == 0);

    /* A new NGAP context replaces the old one of the same UE. */
    amfol_nas_registry_bind(r, a, "ngap:gnb-1/7", AMFOL_KEY_NGAP_CTX);
    assert(amfol_nas_registry_lookup(r, "ngap:gnb-1/1") == NULL);
    assert(amfol_nas_registry_lookup(r, "ngap:gnb-1/7") == a);
    assert(amfol_nas_registry_lookup(r, "suci:00101-0000000001") == a);

    /* A reused RAN UE NGAP ID moves to the new UE: the newest holder wins, counted. */
    amfol_nas_ue *b = amfol_nas_registry_create(r, 2.0);
    amfol_nas_registry_bind(r, b, "ngap:gnb-1/7", AMFOL_KEY_NGAP_CTX);
    assert(amfol_nas_registry_lookup(r, "ngap:gnb-1/7") == b);
    assert(amfol_nas_registry_stats_get(r)->rebinds == 1);
    assert(amfol_nas_registry_lookup(r, "suci:00101-0000000001") == a);   /* a keeps its identities */
    assert(strcmp(b->best, "ngap:gnb-1/7") == 0);

    /* Cap 3: the least recently seen UE is evicted with all its keys. */
    amfol_nas_ue *c = amfol_nas_registry_create(r, 3.0);
    amfol_nas_registry_bind(r, c, "suci:00101-0000000003", AMFOL_KEY_SUCI);
    amfol_nas_registry_touch(r, a, 4.0);                    /* b is now the oldest */
    uint64_t b_serial = b->serial, a_serial = a->serial;
    amfol_nas_ue *d = amfol_nas_registry_create(r, 5.0);
    assert(amfol_nas_registry_size(r) == 3);
    assert(amfol_nas_registry_stats_get(r)->evictions == 1);
    assert(amfol_nas_registry_by_serial(r, b_serial) == NULL);
    assert(amfol_nas_registry_lookup(r, "ngap:gnb-1/7") == NULL);
    assert(amfol_nas_registry_by_serial(r, a_serial) == a);
    assert(d->serial >> 24 == 4);                           /* the 4th UE created */

    /* Keys per UE are bounded: the oldest of the same kind goes first. */
    for (int i = 0; i < 12; i++) {
        snprintf(k, sizeof k, "guti:00101-2-1-1-%08x", i);
        amfol_nas_registry_bind(r, d, k, AMFOL_KEY_GUTI);
    }
    assert(d->n_keys == AMFOL_NAS_UE_MAX_KEYS);
    assert(amfol_nas_registry_lookup(r, "guti:00101-2-1-1-00000000") == NULL);
    assert(amfol_nas_registry_lookup(r, "guti:00101-2-1-1-0000000b") == d);
    assert(amfol_nas_registry_stats_get(r)->key_overflow == 12 - AMFOL_NAS_UE_MAX_KEYS);
    assert(amfol_nas_registry_lookup(r, "") == NULL && amfol_nas_registry_lookup(r, NULL) == NULL);

    /* Many UEs through a small registry: memory stays at the cap. */
    for (int i = 0; i < 10000; i++) {
        amfol_nas_ue *u = amfol_nas_registry_create(r, 10.0 + i);
        snprintf(k, sizeof k, "suci:00101-%010d", i);
        amfol_nas_registry_bind(r, u, k, AMFOL_KEY_SUCI);
    }
    assert(amfol_nas_registry_size(r) == 3);
    amfol_nas_registry_free(r);

    /* A pending back-off evicted before the UE's next attempt is counted as lost; a judged one not. */
    r = amfol_nas_registry_new(1);
    amfol_nas_ue *p = amfol_nas_registry_create(r, 1.0);
    p->mm.active = true;                                     /* rejected, no attempt since */
    amfol_nas_ue *q = amfol_nas_registry_create(r, 2.0);     /* evicts p */
    assert(amfol_nas_registry_stats_get(r)->backoffs_lost == 1);
    q->mm.active = true;
    q->mm.retried = true;                                    /* its retry was already judged */
    amfol_nas_registry_create(r, 3.0);
    assert(amfol_nas_registry_stats_get(r)->backoffs_lost == 1);
    amfol_nas_registry_free(r);

    /* The key index under churn: 3 keys per UE, 20000 UEs through a cap of 5000, rebinds and
     * context replacements; every live key finds its UE, every evicted one nothing. */
    r = amfol_nas_registry_new(5000);
    for (int i = 0; i < 20000; i++) {
        amfol_nas_ue *u = amfol_nas_registry_create(r, (double)i);
        snprintf(k, sizeof k, "suci:00101-%010d", i);
        amfol_nas_registry_bind(r, u, k, AMFOL_KEY_SUCI);
        snprintf(k, sizeof k, "ngap:gnb-%d/%d", i % 7, i % 1000);   /* reused: rebinds */
        amfol_nas_registry_bind(r, u, k, AMFOL_KEY_NGAP_CTX);
        snprintf(k, sizeof k, "amf-ue:amf-1/%d", i);
        amfol_nas_registry_bind(r, u, k, AMFOL_KEY_AMF_UE_ID);
        snprintf(k, sizeof k, "amf-ue:amf-1/%d", i + 1000000);     /* replaces the previous one */
        amfol_nas_registry_bind(r, u, k, AMFOL_KEY_AMF_UE_ID);
        assert(amfol_nas_registry_by_serial(r, u->serial) == u);
    }
    for (int i = 0; i < 20000; i++) {
        snprintf(k, sizeof k, "suci:00101-%010d", i);
        amfol_nas_ue *u = amfol_nas_registry_lookup(r, k);
        assert((i < 15000) == (u == NULL));
        snprintf(k, sizeof k, "amf-ue:amf-1/%d", i);
        assert(amfol_nas_registry_lookup(r, k) == NULL);
        snprintf(k, sizeof k, "amf-ue:amf-1/%d", i + 1000000);
        assert(amfol_nas_registry_lookup(r, k) == u);
    }
    assert(amfol_nas_registry_size(r) == 5000);
    assert(amfol_nas_registry_stats_get(r)->evictions == 15000);
    amfol_nas_registry_free(r);
    printf("test_nas_ids: ok\n");
    return 0;
}
