/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol-synth CLI: scenario INI in, pcapng capture and ground-truth JSON out. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"
#include "sim.h"
#include "sim_flood.h"

static int usage(FILE *o)
{
    fputs("usage: amfol-synth [--seed N] SCENARIO.ini -o OUT.pcapng\n"
          "Writes OUT.pcapng and OUT.truth.json (docs/synthesizer.md, docs/ground-truth.md).\n",
          o);
    return o == stdout ? 0 : 2;
}

/* OUT.pcapng -> OUT.truth.json (any other name: NAME.truth.json). */
static char *truth_path(const char *pcap)
{
    size_t n = strlen(pcap);
    const char *ext = ".pcapng";
    size_t el = strlen(ext);
    size_t base = (n > el && strcmp(pcap + n - el, ext) == 0) ? n - el : n;
    char *p = malloc(base + 16);
    if (!p)
        return NULL;
    memcpy(p, pcap, base);
    strcpy(p + base, ".truth.json");
    return p;
}

int main(int argc, char **argv)
{
    const char *in = NULL, *out = NULL;
    int have_seed = 0;
    unsigned long long seed = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
            return usage(stdout);
        if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            char *end = NULL;
            errno = 0;
            seed = strtoull(argv[++i], &end, 0);
            if (errno || !end || *end || argv[i][0] == '-') {
                fprintf(stderr, "amfol-synth: --seed needs a non-negative integer\n");
                return 2;
            }
            have_seed = 1;
        } else if (!strcmp(argv[i], "-o") && i + 1 < argc)
            out = argv[++i];
        else if (argv[i][0] == '-')
            return usage(stderr);
        else if (!in)
            in = argv[i];
        else
            return usage(stderr);
    }
    if (!in || !out)
        return usage(stderr);
    if (sim_flood_is(in)) {           /* a load-generator flood: its own writer and truth */
        char err[512];
        char *tp = truth_path(out);
        int rc = tp ? sim_flood_run(in, seed, have_seed, out, tp, err, sizeof err) : -1;
        if (rc < 0)
            fprintf(stderr, "amfol-synth: %s\n", tp ? err : "out of memory");
        free(tp);
        return rc < 0 ? 1 : 0;
    }
    /* Both structs are large (fixed-size tables): on the heap, owned by main. */
    scenario *sc = calloc(1, sizeof *sc);
    sim *s = calloc(1, sizeof *s);
    if (!sc || !s) {
        fprintf(stderr, "amfol-synth: out of memory\n");
        free(sc);
        free(s);
        return 1;
    }
    char err[512];
    if (scenario_load(in, sc, err, sizeof err) < 0) {
        fprintf(stderr, "amfol-synth: %s\n", err);
        free(sc);
        free(s);
        return 1;
    }
    if (have_seed)
        sc->seed = seed;
    int rc = sim_run(s, sc, sc->seed, out);
    if (rc < 0) {
        fprintf(stderr, "amfol-synth: %s\n", s->err);
        sim_free(s);
        free(s);
        free(sc);
        return 1;
    }
    char *tp = truth_path(out);
    if (!tp || truth_write_json(&s->tr, tp, sim_ue_ids, s, s->n_ues) < 0) {
        fprintf(stderr, "amfol-synth: cannot write %s\n", tp ? tp : "truth file");
        rc = 1;
    } else
        fprintf(stderr, "amfol-synth: %s: %llu frames, %u faults -> %s, %s\n", sc->name,
                (unsigned long long)s->tr.frames, s->tr.faults->len, out, tp);
    free(tp);
    sim_free(s);
    free(s);
    free(sc);
    return rc ? 1 : 0;
}
