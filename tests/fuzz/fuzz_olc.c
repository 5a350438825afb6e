/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer harness: the TS 29.500 3gpp-Sbi-Oci / 3gpp-Sbi-Lci header parsers and the HTTP date
 * parser over arbitrary header values. Kept elements must respect the declared bounds. */
#include "sbi/amfol_sbi_olc.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const amfol_olc_header *h)
{
    if (h->n_elements < 0 || h->n_elements > AMFOL_OLC_MAX_ELEMENTS ||
        h->n_elements_total < h->n_elements || !memchr(h->error, 0, sizeof h->error))
        __builtin_trap();
    for (int i = 0; i < h->n_elements; i++) {
        const amfol_olc_element *e = &h->el[i];
        if (e->scope < 0 || e->scope >= AMFOL_OLC_SCOPE_COUNT || !amfol_olc_scope_name(e->scope) ||
            !memchr(e->scope_value, 0, sizeof e->scope_value) ||
            !memchr(e->timestamp_text, 0, sizeof e->timestamp_text))
            __builtin_trap();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);          /* header values reach the core as C strings */
    if (!s)
        return 0;
    memcpy(s, data, size);
    s[size] = 0;
    amfol_olc_header h;
    memset(&h, 0, sizeof h);
    amfol_olc_parse_oci(s, &h);
    check(&h);
    memset(&h, 0, sizeof h);
    amfol_olc_parse_lci(s, &h);
    check(&h);
    double t;
    amfol_olc_parse_date(s, &t);
    free(s);
    return 0;
}
