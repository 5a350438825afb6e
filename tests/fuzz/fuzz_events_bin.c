/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer harness: the compact event decoder (amfol_event_bin.c) on arbitrary bytes: the
 * header, then records up to the end record or the first error. The input is copied to a
 * buffer of exactly its size, so AddressSanitizer reports any read past it; every decoded event
 * is read whole (its strings to their NUL) so that a struct left inconsistent shows. */
#include "events/amfol_event_bin.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t touch(const amfol_event_rec *rec)
{
    size_t n = 0;
    const amfol_where *w = (const amfol_where *)&rec->u;
    n += strlen(w->src.text) + strlen(w->dst.text);
    if (rec->kind == AMFOL_EV_NGAP)
        n += strlen(rec->u.ngap.ran_node_name) + (size_t)rec->u.ngap.n_guamis + (size_t)rec->u.ngap.n_slice_items;
    if (rec->kind == AMFOL_EV_NAS && rec->u.nas.ngap)
        n += strlen(rec->u.nas.ngap->amf_name) + strlen(rec->u.nas.suci);
    if (rec->kind == AMFOL_EV_SBI)
        for (int i = 0; i < rec->u.sbi.n_loads; i++)
            n += strlen(rec->u.sbi.loads[i].nf_instance_id) + (size_t)rec->u.sbi.loads[i].n_services;
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *copy = malloc(size ? size : 1);
    memcpy(copy, data, size);
    amfol_bin_dec *d = amfol_bin_dec_new();
    GString *err = g_string_new(NULL);
    amfol_config cfg;
    size_t at = amfol_bin_dec_header(d, copy, size, &cfg, err);
    volatile size_t sink = 0;
    if (at > 0) {
        sink += strlen(cfg.amf_map) + strlen(cfg.cell_map);
        while (at < size) {
            amfol_bin_record r;
            size_t n = amfol_bin_dec_record(d, copy + at, size - at, &r, err);
            if (n == 0 || n > size - at)
                break;
            at += n;
            if (r.tag == AMFOL_BIN_EVENT)
                sink += touch(r.rec);
            if (r.tag == AMFOL_BIN_END)
                break;
        }
    }
    (void)sink;
    g_string_free(err, TRUE);
    amfol_bin_dec_free(d);
    free(copy);
    return 0;
}
