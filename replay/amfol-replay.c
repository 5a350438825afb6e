/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol-replay: one amfol report over the event files of many captures (-z amfol,events), as
 * if the captures had been concatenated with `mergecap -a` in the order given. Links only the
 * analysis core (no epan).
 *
 *   amfol-replay [--format json|diagnosis|timeline] [--dedup-window-ms N] EVENTS...
 */
#include "events/amfol_event_replay.h"
#include "report/amfol_report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int usage(FILE *out, int rc)
{
    fprintf(out,
            "usage: amfol-replay [--format json|diagnosis|timeline] [--dedup-window-ms N] EVENTS...\n"
            "  EVENTS: files written by `tshark -q -r CAPTURE -z amfol,events,bin` (compact) or\n"
            "          `-z amfol,events` (JSON Lines), in capture order; - (the last one only) reads\n"
            "          compact events from standard input as they are written\n"
            "  --format             report to print (default json)\n"
            "  --dedup-window-ms N  a frame equal to one of another file within N ms is the same\n"
            "                       packet seen by two probes, counted once (default 1; -1 = off)\n"
            "  --decode-only        read and merge the events without analysing them; print the\n"
            "                       events per second on stderr (a benchmark of the readers)\n");
    return rc;
}

int main(int argc, char **argv)
{
    void (*report)(amfol_engine *, GString *) = amfol_report_json;
    double window_s = 0.001;
    bool decode_only = false;
    int first = argc;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--format") && i + 1 < argc) {
            const char *f = argv[++i];
            if (!strcmp(f, "json"))
                report = amfol_report_json;
            else if (!strcmp(f, "diagnosis"))
                report = amfol_report_diagnosis;
            else if (!strcmp(f, "timeline"))
                report = amfol_report_timeline;
            else
                return usage(stderr, 2);
        } else if (!strcmp(argv[i], "--dedup-window-ms") && i + 1 < argc) {
            char *end;
            double ms = strtod(argv[++i], &end);
            if (*end)
                return usage(stderr, 2);
            window_s = ms < 0 ? -1 : ms / 1000.0;
        } else if (!strcmp(argv[i], "--decode-only")) {
            decode_only = true;
        } else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            return usage(stdout, 0);
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return usage(stderr, 2);
        } else {
            first = i;
            break;
        }
    }
    if (first >= argc)
        return usage(stderr, 2);

    amfol_replay *r = amfol_replay_new(window_s);
    GString *msg = g_string_new(NULL);
    int rc = 0;
    for (int i = first; i < argc && rc == 0; i++)
        if (!amfol_replay_add(r, argv[i], msg))
            rc = 1;
    amfol_engine *e = NULL;
    if (rc == 0 && decode_only) {
        gint64 t0 = g_get_monotonic_time();
        clock_t c0 = clock();
        if (!amfol_replay_run(r, NULL, msg)) {
            fprintf(stderr, "amfol-replay: %s\n", msg->str);
            rc = 1;
        } else {
            const amfol_replay_stats *st = amfol_replay_stats_get(r);
            double wall = (double)(g_get_monotonic_time() - t0) / 1e6;
            double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
            fprintf(stderr, "amfol-replay: decoded %" G_GUINT64_FORMAT " events (%" G_GUINT64_FORMAT " SBI) of %"
                    G_GUINT64_FORMAT " frames in %.3f s CPU (%.3f s wall): %.2f M events/s of CPU\n", st->events,
                    st->sbi_events, st->frames, cpu, wall, cpu > 0 ? (double)st->events / cpu / 1e6 : 0.0);
        }
        amfol_replay_free(r);
        g_string_free(msg, TRUE);
        return rc;
    }
    if (rc == 0) {
        e = amfol_engine_new(amfol_replay_config(r, msg));
        if (msg->len)
            fprintf(stderr, "amfol-replay: %s", msg->str);
        g_string_truncate(msg, 0);
        if (!amfol_replay_run(r, e, msg))
            rc = 1;
    }
    if (rc == 0) {
        GString *caveat = g_string_new(NULL);
        if (amfol_replay_sbi_caveat(r, caveat)) {
            fprintf(stderr, "amfol-replay: warning: %s\n", caveat->str);
            amfol_engine_add_caveat(e, caveat->str);   /* and in the report itself */
        }
        g_string_free(caveat, TRUE);
    }
    if (rc == 0) {
        GString *out = g_string_new(NULL);
        report(e, out);
        fwrite(out->str, 1, out->len, stdout);
        g_string_free(out, TRUE);
        const amfol_replay_stats *st = amfol_replay_stats_get(r);
        if (st->duplicate_frames)
            fprintf(stderr, "amfol-replay: %" G_GUINT64_FORMAT " frames seen by two probes counted once\n",
                    st->duplicate_frames);
    } else {
        fprintf(stderr, "amfol-replay: %s\n", msg->str);
    }
    amfol_engine_free(e);
    amfol_replay_free(r);
    g_string_free(msg, TRUE);
    return rc;
}
