/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ue_capacity.c: UE capacity of the analysis core. N distinct UEs, each sends a REGISTRATION
 * REQUEST (SUCI) in an InitialUEMessage and gets a REGISTRATION REJECT #22 with T3346 60 s, and
 * never comes back; the engine follows at most MAX_UES of them (amfol.max_ues). Checks:
 *  - exactly N - MAX_UES UEs are evicted, and as many rejects are reported as having lost their
 *    UE before a retry could be judged (JSON "backoffs_lost_to_eviction");
 *  - following MAX_UES UEs costs at most LIMIT bytes each of peak heap (200: 200 MB for a million
 *    UEs followed): the run's added peak minus that of the same run with
 *    amfol.max_ues 1 (in a child process), which holds what the core keeps besides the UEs
 *    (interned names, reject lists: capped by their own bounds);
 *  - that rest stays under REST_LIMIT_MB (the symptoms' and the duplicate check's tables have
 *    fixed caps; 120 MB at 2 M and at 3 M UEs: tests/bench/bench-ues.sh runs that scale).
 * Memory is the heap in use as glibc counts it (mallinfo2: bytes handed out, sampled after every
 * UE), exact at any scale, where the process's peak RSS moved by whole pages and arenas and was
 * too coarse below a million UEs. The suite runs 250 000 UEs through 125 000: the UE table's key
 * index is then as full as at 1 M (power-of-two capacity, 47.7 %), so bytes per UE are the same.
 * Usage: ue_capacity N MAX_UES LIMIT (bytes per UE followed) */
#include "engine/amfol_engine.h"
#include "report/amfol_report.h"

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define REST_LIMIT_MB 150   /* what the core keeps besides the UEs, all of it capped */

/* Heap bytes in use: in the arenas, and in blocks of their own (mmap). */
static long heap_bytes(void)
{
    struct mallinfo2 mi = mallinfo2();
    return (long)(mi.uordblks + mi.hblkhd);
}

static uint64_t json_uint(const char *json, const char *member)
{
    char pat[96];
    snprintf(pat, sizeof pat, "\"%s\": ", member);
    const char *p = strstr(json, pat);
    return p ? strtoull(p + strlen(pat), NULL, 10) : UINT64_MAX;
}

static void ngap(amfol_ngap_event *ng, amfol_frame f, amfol_time t, int proc, int64_t ue, bool up)
{
    memset(ng, 0, sizeof *ng);
    ng->where.frame = f;
    ng->where.time = t;
    snprintf(ng->where.src.text, sizeof ng->where.src.text, up ? "10.0.1.1:38412" : "10.0.0.1:38412");
    snprintf(ng->where.dst.text, sizeof ng->where.dst.text, up ? "10.0.0.1:38412" : "10.0.1.1:38412");
    ng->pdu_type = AMFOL_PDU_INITIATING;
    ng->proc = proc;
    ng->ran_ue_id = ue % 4000000;
    ng->amf_ue_id = up ? AMFOL_ABSENT : ue;
    ng->overload_action = ng->reduction_pct = ng->time_to_wait = AMFOL_ABSENT;
    ng->relative_amf_capacity = ng->ue_context_request = AMFOL_ABSENT;
    ng->rrc_cause = up ? AMFOL_CAUSE_MO_SIGNALLING : AMFOL_ABSENT;
    ng->cause.group = ng->cause.value = AMFOL_ABSENT;
    ng->has_nas = true;
}

static void nas(amfol_nas_event *ev, const amfol_ngap_event *ng, int mm_type)
{
    memset(ev, 0, sizeof *ev);
    ev->where = ng->where;
    ev->ngap = ng;
    ev->epd = 0x7e;
    ev->mm_type = mm_type;
    ev->sm_type = ev->mm_cause = ev->sm_cause = ev->reg_type = ev->service_type = AMFOL_ABSENT;
}

typedef struct outcome {
    long added;                  /* peak heap bytes over the run's start */
    uint64_t evicted, lost;
    double events_per_s;
} outcome;

static outcome run(long n, long max_ues)
{
    amfol_config cfg;
    amfol_config_defaults(&cfg);
    cfg.max_ues = (uint32_t)max_ues;
    amfol_engine *e = amfol_engine_new(&cfg);
    long base = heap_bytes(), peak = base;
    static amfol_ngap_event ng;
    amfol_nas_event ev;
    amfol_nas_result r;
    clock_t c0 = clock();
    for (long i = 0; i < n; i++) {
        amfol_time t = 1767225600.0 + (double)i * 0.001;
        amfol_frame f = (amfol_frame)(2 * i + 1);
        amfol_engine_frame(e, f, t);
        ngap(&ng, f, t, 15, i, true);                      /* InitialUEMessage */
        amfol_engine_ngap(e, &ng, NULL);
        nas(&ev, &ng, 0x41);                               /* REGISTRATION REQUEST, SUCI */
        ev.reg_type = 1;
        snprintf(ev.suci, sizeof ev.suci, "00101-%010ld", i);
        amfol_engine_nas(e, &ev, &r);
        amfol_engine_frame(e, f + 1, t + 0.0005);
        ngap(&ng, f + 1, t + 0.0005, 4, i, false);         /* DownlinkNASTransport */
        amfol_engine_ngap(e, &ng, NULL);
        nas(&ev, &ng, 0x44);                               /* REGISTRATION REJECT #22, T3346 60 s */
        ev.mm_cause = 22;
        ev.t3346 = (amfol_nas_timer){AMFOL_TIMER_VALUE, 60, 0, 1};
        amfol_engine_nas(e, &ev, &r);
        long now = heap_bytes();
        if (now > peak)
            peak = now;
    }
    outcome o = {0};
    o.events_per_s = 4.0 * (double)n / ((double)(clock() - c0) / CLOCKS_PER_SEC);
    amfol_engine_finish(e);
    GString *json = g_string_new(NULL);
    amfol_report_json(e, json);
    long now = heap_bytes();
    o.added = (now > peak ? now : peak) - base;
    o.evicted = json_uint(json->str, "ue_evictions");
    o.lost = json_uint(json->str, "backoffs_lost_to_eviction");
    g_string_free(json, TRUE);
    amfol_engine_free(e);
    return o;
}

/* The same run with amfol.max_ues 1, in a child so that its peak is its own. */
static long rest_bytes(long n)
{
    int fd[2];
    if (pipe(fd) != 0)
        return -1;
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        outcome o = run(n, 1);
        ssize_t w = write(fd[1], &o.added, sizeof o.added);
        _exit(w == (ssize_t)sizeof o.added ? 0 : 1);
    }
    close(fd[1]);
    long bytes = -1;
    if (read(fd[0], &bytes, sizeof bytes) != (ssize_t)sizeof bytes)
        bytes = -1;
    close(fd[0]);
    waitpid(pid, NULL, 0);
    return bytes;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: ue_capacity N MAX_UES LIMIT_BYTES_PER_UE\n");
        return 2;
    }
    long n = atol(argv[1]), max_ues = atol(argv[2]), limit = atol(argv[3]);
    /* GLib before 2.76 keeps small blocks in slabs of its own (GSlice): plain malloc instead,
     * so that every block is counted as it is handed out. */
    setenv("G_SLICE", "always-malloc", 1);
    long rest = rest_bytes(n);
    outcome o = run(n, max_ues);
    uint64_t expect = n > max_ues ? (uint64_t)(n - max_ues) : 0;
    long followed = n < max_ues ? n : max_ues;
    long ues = o.added - rest;
    printf("UEs %ld, amfol.max_ues %ld: evicted %llu, rejects that lost their UE %llu\n", n, max_ues,
           (unsigned long long)o.evicted, (unsigned long long)o.lost);
    printf("peak heap added %.1f MB: %.1f MB for the %ld UEs followed (%.1f bytes each), %.1f MB the rest; "
           "%.0f events/s (MB = 10^6 bytes)\n", o.added / 1e6, ues / 1e6, followed,
           ues / (double)followed, rest / 1e6, o.events_per_s);
    int bad = 0;
    if (o.evicted != expect || o.lost != expect) {
        printf("FAIL: expected %llu evictions and as many lost rejects\n", (unsigned long long)expect);
        bad = 1;
    }
    if (rest < 0 || ues > (double)limit * (double)followed) {
        printf("FAIL: following %ld UEs took %.1f MB > %ld bytes each\n", followed, ues / 1e6, limit);
        bad = 1;
    }
    if (rest > REST_LIMIT_MB * 1e6) {
        printf("FAIL: the rest took %.1f MB > %d MB\n", rest / 1e6, REST_LIMIT_MB);
        bad = 1;
    }
    return bad;
}
