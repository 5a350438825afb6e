/* packet-amfol.c
 * amfol: AMF overload diagnosis for 5G signalling storms, as a Wireshark postdissector.
 *
 * The plugin core: protocol registration, preferences, the postdissector that walks each frame
 * once on the first pass and hands the fields to the glue modules (n2, rrc, nas, sbi), the
 * per-frame records re-rendered on every pass, and Expert Info for the findings.
 *
 * Copyright 2026 the amfol authors
 *
 * Wireshark - Network traffic analyzer
 * By Gerald Combs <gerald@wireshark.org>
 * Copyright 1998 Gerald Combs
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "glue/amfol_glue.h"
#include "glue/amfol_render.h"
#include "ui/amfol_tap.h"
#include "frame/amfol_walk.h"
#include "frame/amfol_prime.h"
#include "frame/amfol_sctp_wire.h"
#include "store/amfol_store.h"
#include "core/amfol_rules.h"

#include <string.h>

#include <wsutil/bits_count_ones.h>

#ifndef PLUGIN_VERSION
#define PLUGIN_VERSION "0.0.0"
#endif

void proto_register_amfol(void);
void proto_reg_handoff_amfol(void);

static int proto_amfol = -1;
static int hf_amfol_findings = -1;
static int hf_amfol_finding_rule = -1;
static int hf_amfol_fields_truncated = -1;
static int ett_amfol = -1;
static int ett_amfol_findings = -1;

static dissector_handle_t amfol_handle;
static int proto_expert_info = -1;   /* _ws.expert: a filter on Expert Info reads amfol's items */
static int expert_tap_id = -1;       /* -z expert and the GUI's Expert Info read them too */

/* Modules run in this order: repeat may stop the frame; n2 fills ctx->ngap[] for the others. */
static const amfol_glue *const amfol_modules[AMFOL_N_MODULES] = {
    [AMFOL_MOD_REPEAT] = &amfol_glue_repeat,
    [AMFOL_MOD_N2] = &amfol_glue_n2,
    [AMFOL_MOD_RRC] = &amfol_glue_rrc,
    [AMFOL_MOD_NAS] = &amfol_glue_nas,
    [AMFOL_MOD_SBI] = &amfol_glue_sbi,
};

static void interesting_ids_init(void);
/* The ids of amfol_interesting_protos as a bit set (interesting_ids_init). */
static uint8_t *amfol_interesting_bits;
static int amfol_interesting_max = -1;   /* highest id in the set */

/* Frames carrying any of these are walked; others only count. */
static const char *const amfol_interesting_protos[] = {
    "ngap", "f1ap", "nr-rrc", "nas-5gs", "http2", "sctp",
    "http", "tls",   /* SBI over HTTP/1.1 (OAI); TLS-hidden SBI is counted per connection */
};

/* Preferences (epan forces these to be globals). */
static unsigned pref_grace_ms = 1000;
static unsigned pref_baseline_s = 60;
static unsigned pref_rrc_answer_timeout_ms = 1000;
static const char *pref_protected_snssai = "";
static const char *pref_congestion_causes = "22";
static unsigned pref_t3346_floor_s = 60;
static unsigned pref_max_ues = 500000;
static unsigned pref_nrf_report_max_s = 30;
static unsigned pref_nrf_load_high = 80;
static const char *pref_cell_map = "";
/* Overload symptoms (docs/faults.md) */
static unsigned pref_answer_timeout_ms = 5000;
static int pref_baseline = AMFOL_BASELINE_FIRST_20PCT;
static unsigned pref_baseline_latency_ms = 0;
static unsigned pref_baseline_sbi_latency_ms = 0;
static unsigned pref_symptom_latency_factor = 3;
static unsigned pref_symptom_latency_min_ms = 200;
static unsigned pref_symptom_sbi_factor = 2;
static unsigned pref_symptom_sbi_min_ms = 50;
static unsigned pref_symptom_unanswered_pct = 10;
static unsigned pref_symptom_min_samples = 5;
static unsigned pref_symptom_min_s = 20;
static unsigned pref_symptom_floor_unanswered = 100;
static unsigned pref_control_late_s = 30;
static const enum_val_t baseline_modes[] = {
    { "first-20pct", "First 20 % of the AMF's traffic", AMFOL_BASELINE_FIRST_20PCT },
    { "first-minute", "First minute of the AMF's traffic", AMFOL_BASELINE_FIRST_MINUTE },
    { NULL, NULL, 0 }
};
static unsigned pref_dedup_window_ms = 1000;
static const char *pref_amf_map = "";

/* Per capture file: created by the init routine, freed by the cleanup routine. */
static amfol_engine *amfol_engine_cur;
static amfol_field_table *amfol_fields;

/* Expert Info for findings: an ei has one fixed severity, and a finding's severity can differ
 * from its rule's default at run time (e.g. overload-start-partial: a note, a warning when the
 * untold gNBs carry most traffic). So every rule has one ei per severity, indexed
 * [rule_id * AMFOL_N_SEVERITIES + severity]: amfol.expert.<id> at the catalogue severity and
 * amfol.expert.<id>.<severity> for the other two. */
#define AMFOL_N_SEVERITIES 3
static expert_field *ei_amfol_rules;
static size_t n_ei_amfol_rules;

amfol_engine *amfol_current_engine(void)
{
    return amfol_engine_cur;
}

static void copy_pref_string(char *dst, size_t cap, const char *src)
{
    g_strlcpy(dst, src ? src : "", cap);
}

static void amfol_config_from_prefs(amfol_config *cfg)
{
    amfol_config_defaults(cfg);
    cfg->grace_ms = pref_grace_ms;
    cfg->baseline_s = pref_baseline_s;
    cfg->rrc_answer_timeout_ms = pref_rrc_answer_timeout_ms;
    copy_pref_string(cfg->protected_snssai, sizeof cfg->protected_snssai, pref_protected_snssai);
    copy_pref_string(cfg->congestion_causes, sizeof cfg->congestion_causes, pref_congestion_causes);
    cfg->t3346_floor_s = pref_t3346_floor_s;
    cfg->max_ues = pref_max_ues;
    cfg->nrf_report_max_s = pref_nrf_report_max_s;
    cfg->nrf_load_high = pref_nrf_load_high;
    copy_pref_string(cfg->cell_map, sizeof cfg->cell_map, pref_cell_map);
    cfg->answer_timeout_ms = pref_answer_timeout_ms;
    cfg->baseline_mode = (uint32_t)pref_baseline;
    cfg->baseline_latency_ms = pref_baseline_latency_ms;
    cfg->baseline_sbi_latency_ms = pref_baseline_sbi_latency_ms;
    cfg->symptom_latency_factor = pref_symptom_latency_factor;
    cfg->symptom_latency_min_ms = pref_symptom_latency_min_ms;
    cfg->symptom_sbi_factor = pref_symptom_sbi_factor;
    cfg->symptom_sbi_min_ms = pref_symptom_sbi_min_ms;
    cfg->symptom_unanswered_pct = pref_symptom_unanswered_pct;
    cfg->symptom_min_samples = pref_symptom_min_samples;
    cfg->symptom_min_s = pref_symptom_min_s;
    cfg->symptom_floor_unanswered = pref_symptom_floor_unanswered;
    cfg->control_late_s = pref_control_late_s;
    cfg->dedup_window_ms = pref_dedup_window_ms;
    copy_pref_string(cfg->amf_map, sizeof cfg->amf_map, pref_amf_map);
}

static void amfol_init(void)
{
    /* Priming forces a tree on every frame: do nothing while the user has disabled amfol. */
    if (!proto_is_protocol_enabled(find_protocol_by_id(proto_amfol)))
        return;
    amfol_config cfg;
    amfol_config_from_prefs(&cfg);
    amfol_engine_cur = amfol_engine_new(&cfg);
    amfol_export_engine_created(amfol_engine_cur);
    GArray *fields = g_array_new(FALSE, FALSE, (guint)sizeof(int));
    const char *const *names[AMFOL_N_MODULES];
    for (int m = 0; m < AMFOL_N_MODULES; m++)
        names[m] = amfol_modules[m]->field_names;
    amfol_fields = amfol_field_table_new(names, AMFOL_N_MODULES, fields);
    /* epan re-primes only what a freed tree un-primed (amfol_prime.c) */
    GArray *wanted = amfol_prime_start((const int *)(void *)fields->data, (int)fields->len);
    g_array_free(fields, TRUE);
    amfol_sctp_wire_init();
    interesting_ids_init();
    proto_expert_info = proto_get_id_by_filter_name("_ws.expert");
    expert_tap_id = find_tap_id("expert");
    set_postdissector_wanted_hfids(amfol_handle, wanted);   /* takes ownership */
}

static void amfol_cleanup(void)
{
    amfol_prime_stop();
    set_postdissector_wanted_hfids(amfol_handle, NULL);
    amfol_field_table_free(amfol_fields);
    amfol_fields = NULL;
    amfol_store_free();
    amfol_keep_forget_names();
    g_free(amfol_interesting_bits);
    amfol_interesting_bits = NULL;
    amfol_interesting_max = -1;
    if (amfol_engine_cur)
        amfol_export_engine_freed(amfol_engine_cur);
    amfol_engine_free(amfol_engine_cur);
    amfol_engine_cur = NULL;
}

/* Their protocol ids, looked up once per capture (proto_is_frame_protocol looks the name up
 * again for every frame and name), as a bit set indexed by id: one test per layer. */
static int proto_sctp_id = -1;         /* amfol_ip_layers: SCTP inside a tunnel */

static void interesting_ids_init(void)
{
    int ids[G_N_ELEMENTS(amfol_interesting_protos)];
    amfol_interesting_max = -1;
    for (size_t i = 0; i < G_N_ELEMENTS(amfol_interesting_protos); i++) {
        ids[i] = proto_get_id_by_filter_name(amfol_interesting_protos[i]);
        amfol_interesting_max = MAX(amfol_interesting_max, ids[i]);
    }
    g_free(amfol_interesting_bits);
    amfol_interesting_bits = g_new0(uint8_t, (gsize)(amfol_interesting_max + 8) / 8);
    for (size_t i = 0; i < G_N_ELEMENTS(ids); i++)
        if (ids[i] >= 0)
            amfol_interesting_bits[ids[i] / 8] |= (uint8_t)(1u << (ids[i] % 8));
    proto_sctp_id = proto_get_id_by_filter_name("sctp");
}

/* Does the frame carry a protocol of interest? Also notes its IP layers (amfol_sctp_wire.h). */
static bool frame_is_interesting(packet_info *pinfo, amfol_ip_layers *ip)
{
    bool interesting = false;
    int num = 0;
    amfol_ip_layers_start(ip);
    for (wmem_list_frame_t *l = wmem_list_head(pinfo->layers); l; l = wmem_list_frame_next(l)) {
        int id = GPOINTER_TO_INT(wmem_list_frame_data(l));
        amfol_ip_layers_note(ip, id, ++num, proto_sctp_id);   /* every layer: not only up to the first match */
        /* after the first hit, no more probes of the (cache-cold) bit set */
        interesting = interesting || (id >= 0 && id <= amfol_interesting_max &&
                                      (amfol_interesting_bits[id / 8] & (1u << (id % 8))));
    }
    return interesting;
}

static const uint8_t *analyze_frame(tvbuff_t *tvb, packet_info *pinfo, proto_tree *tree)
{
    /* The frames between the last one amfol saw and this one reached no postdissector: a
     * dissector stopped them (docs/output.md, "unread_dissector_stopped"). They are frames. */
    if (pinfo->num > 1)
        amfol_engine_frames_up_to(amfol_engine_cur, pinfo->num - 1);
    amfol_engine_frame(amfol_engine_cur, pinfo->num, nstime_to_sec(&pinfo->abs_ts));
    /* Walked in every frame, also those that carry nothing of interest (a TCP frame holds a
     * tcp.stream item): amfol_prime.c must know every field the tree holds. */
    bool truncated = false;
    amfol_fieldref *fields = NULL;
    int n_fields = amfol_walk_tree(amfol_fields, tree, pinfo, &fields, &truncated);
    if (truncated)
        amfol_engine_unread(amfol_engine_cur, AMFOL_UNREAD_FIELDS_CUT, 1);
    amfol_ip_layers layers;
    if (!frame_is_interesting(pinfo, &layers))
        return NULL;
    amfol_frame_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.pinfo = pinfo;
    ctx.tvb = tvb;
    ctx.engine = amfol_engine_cur;
    ctx.n_fields = n_fields;
    ctx.fields = fields;
    amfol_sctp_wire sctp;
    amfol_sctp_wire_read(tvb, pinfo, &layers, &sctp);
    ctx.sctp = &sctp;
    /* A frame with an IP header is analysed (the repeat module reads it from the bytes). */
    if (ctx.n_fields == 0 && layers.n_ip == 0 && !sctp.outer_tvb)
        return NULL;
    void *recs[AMFOL_N_MODULES] = { NULL };
    bool any = false;
    amfol_keep_reset();
    for (int m = 0; m < AMFOL_N_MODULES && !ctx.repeat; m++) {
        recs[m] = amfol_modules[m]->analyze ? amfol_modules[m]->analyze(&ctx) : NULL;
        any |= recs[m] != NULL;
    }
    if (!any && !truncated)
        return NULL;
    return amfol_store_pack(pinfo->num, recs, truncated);
}

static int severity_to_pi(int sev)
{
    switch (sev) {
    case AMFOL_SEV_ERROR: return PI_ERROR;
    case AMFOL_SEV_WARNING: return PI_WARN;
    default: return PI_NOTE;
    }
}

/* Findings whose evidence includes this frame (known once the first pass is complete:
 * in the GUI after loading, in tshark with -2). */
static void render_findings(packet_info *pinfo, tvbuff_t *tvb, proto_tree *tree)
{
    const amfol_findings *fs = amfol_engine_finish(amfol_engine_cur);
    const amfol_finding *hits[8];
    size_t n = amfol_findings_for_frame(fs, pinfo->num, hits, G_N_ELEMENTS(hits));
    if (n == 0)
        return;
    proto_item *ti = amfol_gen_uint(tree, hf_amfol_findings, tvb, (uint32_t)n);
    proto_tree *sub = proto_item_add_subtree(ti, ett_amfol_findings);
    for (size_t i = 0; i < n; i++) {
        const amfol_finding *x = hits[i];
        proto_item *ri = amfol_gen_string(sub, hf_amfol_finding_rule, tvb, x->rule);
        /* ei_amfol_rules: per catalogue rule (amfol_rule_id), one per runtime severity. */
        size_t ix = (size_t)x->rule_id * AMFOL_N_SEVERITIES +
                    (size_t)(x->severity >= 0 && x->severity < AMFOL_N_SEVERITIES ? x->severity : AMFOL_SEV_NOTE);
        if (ix < n_ei_amfol_rules)
            expert_add_info_format(pinfo, ri, &ei_amfol_rules[ix], "%s: %s", x->rule,
                                   x->summary ? x->summary : amfol_rule_get(x->rule_id)->title);
    }
}

/* On the first pass the tree exists because amfol primed its fields (priming forces one). What
 * render adds is read only when the tree is shown, when a filter, column or -e names an amfol
 * field (that marks the amfol protocol referenced) or Expert Info, or when an Expert Info tap
 * listens; otherwise it costs every frame a protocol item and its labels for nothing. Later
 * passes with a tree (GUI clicks, -2 with -V, -Y or -T fields, retaps that need one) always
 * render; without one (tshark -2 -q -z amfol,json) only for an Expert Info tap. */
static bool render_wanted(packet_info *pinfo, proto_tree *tree)
{
    if (tree && (PINFO_FD_VISITED(pinfo) || PTREE_DATA(tree)->visible))
        return true;
    if (proto_registrar_get_nth((guint)proto_amfol)->ref_type != HF_REF_TYPE_NONE)
        return true;
    if (proto_expert_info >= 0 && proto_registrar_get_nth((guint)proto_expert_info)->ref_type != HF_REF_TYPE_NONE)
        return true;
    /* Without a tree, render still raises the Expert Info an Expert Info tap counts (-2 -z expert). */
    return expert_tap_id >= 0 && have_tap_listener(expert_tap_id);
}

static int dissect_amfol(tvbuff_t *tvb, packet_info *pinfo, proto_tree *tree, void *data _U_)
{
    if (!amfol_engine_cur)
        return 0;
    const uint8_t *rec;
    int n_found = 0;
    const int *found = NULL;
    if (!PINFO_FD_VISITED(pinfo)) {
        rec = analyze_frame(tvb, pinfo, tree);
        found = amfol_walk_found(amfol_fields, &n_found);
    } else {
        rec = amfol_store_get(pinfo->num);
    }
    amfol_prime_dissected(pinfo, !PINFO_FD_VISITED(pinfo), tree != NULL, found, n_found);
    if (!rec)
        return 0;
    if (!render_wanted(pinfo, tree))
        goto queue;

    proto_item *top = proto_tree_add_protocol_format(tree, proto_amfol, tvb, 0, 0, "AMF Overload");
    proto_item_set_generated(top);
    proto_tree *sub = proto_item_add_subtree(top, ett_amfol);
    amfol_frame_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.pinfo = pinfo;
    ctx.tvb = tvb;
    ctx.engine = amfol_engine_cur;
    amfol_frame_view view;
    amfol_store_view(rec, &view);
    for (int m = 0; m < AMFOL_N_MODULES; m++)
        if (view.module[m] && amfol_modules[m]->render)
            amfol_modules[m]->render(&ctx, sub, (void *)view.module[m]);
    amfol_ue_story_render(&ctx, sub);   /* amfol.ue: the frame's UEs */
    amfol_gen_flag(sub, hf_amfol_fields_truncated, tvb, view.fields_truncated);
    if (PINFO_FD_VISITED(pinfo))
        render_findings(pinfo, tvb, sub);

queue:
    if (have_tap_listener(amfol_tap_id)) {
        amfol_frame_tap *td = wmem_new(pinfo->pool, amfol_frame_tap);
        td->frame = pinfo->num;
        td->engine = amfol_engine_cur;
        tap_queue_packet(amfol_tap_id, pinfo, td);
    }
    return 0;
}

static const char *severity_suffix(int sev)
{
    return sev == AMFOL_SEV_ERROR ? "error" : sev == AMFOL_SEV_WARNING ? "warning" : "note";
}

static void register_rule_experts(expert_module_t *expert)
{
    size_t n_rules;
    const amfol_rule *rules = amfol_rules(&n_rules);
    size_t n = n_rules * AMFOL_N_SEVERITIES;
    /* Lives for the whole program, like static ei arrays in ordinary dissectors. */
    ei_amfol_rules = wmem_alloc0_array(wmem_epan_scope(), expert_field, n);
    ei_register_info *ei = wmem_alloc0_array(wmem_epan_scope(), ei_register_info, n);
    for (size_t i = 0; i < n; i++) {
        const amfol_rule *r = &rules[i / AMFOL_N_SEVERITIES];
        int sev = (int)(i % AMFOL_N_SEVERITIES);
        expert_field init = EI_INIT;
        ei_amfol_rules[i] = init;
        char *abbrev = sev == r->severity
                       ? wmem_strdup_printf(wmem_epan_scope(), "amfol.expert.%s", r->id)
                       : wmem_strdup_printf(wmem_epan_scope(), "amfol.expert.%s.%s", r->id, severity_suffix(sev));
        for (char *p = abbrev; *p; p++)
            if (*p == '-')
                *p = '_';
        ei[i].ids = &ei_amfol_rules[i];
        ei[i].eiinfo.name = abbrev;
        ei[i].eiinfo.group = PI_PROTOCOL;
        ei[i].eiinfo.severity = severity_to_pi(sev);
        ei[i].eiinfo.summary = r->title;
        ei[i].eiinfo.hf_info.p_id = &ei[i].ids->hf;
        ei[i].eiinfo.hf_info.hfinfo.name = r->title;
        ei[i].eiinfo.hf_info.hfinfo.abbrev = abbrev;
        ei[i].eiinfo.hf_info.hfinfo.type = FT_NONE;
        ei[i].eiinfo.hf_info.hfinfo.display = BASE_NONE;
        ei[i].eiinfo.hf_info.hfinfo.id = -1;
        ei[i].eiinfo.hf_info.hfinfo.parent = -1;
        ei[i].eiinfo.hf_info.hfinfo.ref_type = HF_REF_TYPE_NONE;
        ei[i].eiinfo.hf_info.hfinfo.same_name_prev_id = -1;
    }
    expert_register_field_array(expert, ei, (int)n);
    n_ei_amfol_rules = n;
}

/* A preference description naming a rule: the id comes from the catalogue (amfol_rules.def), never
 * typed here. Registered once per process; the text lives as long as the preference. */
static const char *rule_text(amfol_rule_id rule, const char *fmt)
{
    return wmem_strdup_printf(wmem_epan_scope(), fmt, amfol_rule_get(rule)->id);
}

/* Overload symptoms: thresholds of overload-control-absent / -late. */
static void register_symptom_prefs(module_t *prefs)
{
    prefs_register_uint_preference(prefs, "answer_timeout_ms", "AMF answer timeout (ms)",
        "An INITIAL UE MESSAGE with no downlink NAS or UE CONTEXT RELEASE within this time is unanswered",
        10, &pref_answer_timeout_ms);
    prefs_register_enum_preference(prefs, "baseline", "Response-time baseline window",
        "The calm start the response-time baseline is measured over", &pref_baseline, baseline_modes, FALSE);
    prefs_register_uint_preference(prefs, "baseline_latency_ms", "AMF response-time baseline (ms)",
        "Your AMF's normal p95 response time; 0 = measure it in the calm start", 10, &pref_baseline_latency_ms);
    prefs_register_uint_preference(prefs, "baseline_sbi_latency_ms", "SBI response-time baseline (ms)",
        "Your producers' normal p95 SBI response time; 0 = measure each in the calm start", 10,
        &pref_baseline_sbi_latency_ms);
    prefs_register_uint_preference(prefs, "symptom_latency_factor", "Slow AMF: times the baseline",
        "A bucket is slow when the AMF's p95 response time is at least this many times the baseline ...", 10,
        &pref_symptom_latency_factor);
    prefs_register_uint_preference(prefs, "symptom_latency_min_ms", "Slow AMF: at least (ms)",
        "... and at least this", 10, &pref_symptom_latency_min_ms);
    prefs_register_uint_preference(prefs, "symptom_sbi_factor", "Slow SBI: times the baseline",
        "A bucket is SBI-slow when a producer's p95 is at least this many times its baseline (the 200 % rule) ...",
        10, &pref_symptom_sbi_factor);
    prefs_register_uint_preference(prefs, "symptom_sbi_min_ms", "Slow SBI: at least (ms)", "... and at least this",
        10, &pref_symptom_sbi_min_ms);
    prefs_register_uint_preference(prefs, "symptom_unanswered_pct", "Unanswered requests (%)",
        "A bucket shows the symptom when at least this share of its requests is unanswered", 10,
        &pref_symptom_unanswered_pct);
    prefs_register_uint_preference(prefs, "symptom_min_samples", "Samples per bucket",
        "Buckets and baselines with fewer requests are not judged", 10, &pref_symptom_min_samples);
    prefs_register_uint_preference(prefs, "symptom_min_s", "Sustained symptoms (s)",
        rule_text(AMFOL_RULE_OVERLOAD_CONTROL_ABSENT, "Symptoms must last this long for %s / -late"), 10,
        &pref_symptom_min_s);
    prefs_register_uint_preference(prefs, "symptom_floor_unanswered", "Short floods: unanswered requests",
        "Symptoms shorter than that still count when this many requests went unanswered (0: off)", 10,
        &pref_symptom_floor_unanswered);
    prefs_register_uint_preference(prefs, "control_late_s", "Late control (s)",
        rule_text(AMFOL_RULE_OVERLOAD_CONTROL_LATE,
                  "A first overload control this long after the symptom onset is %s"), 10,
        &pref_control_late_s);
}

void proto_register_amfol(void)
{
    static hf_register_info hf[] = {
        { &hf_amfol_findings,
          { "Findings", "amfol.findings", FT_UINT32, BASE_DEC, NULL, 0x0,
            "Number of amfol findings whose evidence includes this frame", HFILL } },
        { &hf_amfol_finding_rule,
          { "Finding", "amfol.finding", FT_STRING, BASE_NONE, NULL, 0x0,
            "Rule id of a finding (docs/faults.md) whose evidence includes this frame", HFILL } },
        { &hf_amfol_fields_truncated,
          { "Fields truncated", "amfol.fields_truncated", FT_BOOLEAN, BASE_NONE, NULL, 0x0,
            "The frame had more fields of interest than amfol reads per frame", HFILL } },
    };
    static int *ett[] = { &ett_amfol, &ett_amfol_findings };

    proto_amfol = proto_register_protocol("AMF Overload Analysis", "AMFOL", "amfol");
    proto_register_field_array(proto_amfol, hf, array_length(hf));
    proto_register_subtree_array(ett, array_length(ett));
    expert_module_t *expert = expert_register_protocol(proto_amfol);
    register_rule_experts(expert);
    for (int m = 0; m < AMFOL_N_MODULES; m++)
        if (amfol_modules[m]->register_fields)
            amfol_modules[m]->register_fields(proto_amfol, expert);

    module_t *prefs = prefs_register_protocol(proto_amfol, NULL);
    prefs_register_uint_preference(prefs, "grace_ms", "Grace after START/STOP (ms)",
        "Messages within this time after an OVERLOAD START or STOP were already in flight and are not judged",
        10, &pref_grace_ms);
    prefs_register_uint_preference(prefs, "baseline_s", "Baseline window (s)",
        "Window before an episode used as the rate baseline of the statistical rules", 10, &pref_baseline_s);
    prefs_register_uint_preference(prefs, "rrc_answer_timeout_ms", "RRC answer timeout (ms)",
        "An RRC set-up or resume request with no RRCSetup/RRCReject within this time counts as unanswered",
        10, &pref_rrc_answer_timeout_ms);
    prefs_register_string_preference(prefs, "protected_snssai", "Protected S-NSSAIs",
        "Slices that must never be throttled, e.g. 1-000001,2 (SST or SST-SD in hex)", &pref_protected_snssai);
    prefs_register_string_preference(prefs, "congestion_causes", "NAS congestion causes",
        "5GMM causes treated as congestion rejects, comma-separated (22 by default; some AMFs use 111)",
        &pref_congestion_causes);
    prefs_register_uint_preference(prefs, "t3346_floor_s", "T3346 floor (s)",
        rule_text(AMFOL_RULE_T3346_SHORT, "T3346 values below this are reported as %s"), 10,
        &pref_t3346_floor_s);
    prefs_register_uint_preference(prefs, "max_ues", "UEs followed at once",
        "The NAS analysis follows at most this many UEs (the memory each costs: docs/ARCHITECTURE.md, "
        "\"Bounded memory\"); beyond, the least "
        "recently seen is forgotten and its pending back-off with it (counted in the NAS report)",
        10, &pref_max_ues);
    prefs_register_uint_preference(prefs, "nrf_report_max_s", "NRF report interval limit (s)",
        rule_text(AMFOL_RULE_NRF_LOAD_STALE,
                  "An AMF in overload that reports no load to the NRF within this time is %s"),
        10, &pref_nrf_report_max_s);
    prefs_register_uint_preference(prefs, "nrf_load_high", "High NRF load (%)",
        "Reported loads at or above this are considered high", 10, &pref_nrf_load_high);
    prefs_register_string_preference(prefs, "cell_map", "Cell to gNB map",
        "When the capture lacks NR-CGIs on N2/F1: cell=gNB pairs, e.g. 00101-000000101=gnb-1", &pref_cell_map);
    register_symptom_prefs(prefs);
    prefs_register_uint_preference(prefs, "dedup_window_ms", "Duplicate window (ms)",
        "Frames with the same transport identity and payload within this window count once (two probes, "
        "mirrored ports); 0 counts every frame, and also every SCTP retransmission", 10, &pref_dedup_window_ms);
    prefs_register_string_preference(prefs, "amf_map", "SBI NF to N2 AMF map",
        "Ties NRF profiles to N2 AMFs when the capture cannot: key=AMF pairs, key an SBI IP address or an "
        "nfInstanceId, AMF the N2 name (AMFName or transport address), e.g. 10.0.0.1=amf-1", &pref_amf_map);

    amfol_handle = register_dissector("amfol", dissect_amfol, proto_amfol);
    register_init_routine(amfol_init);
    register_cleanup_routine(amfol_cleanup);
    amfol_stats_register(proto_amfol);
    amfol_ue_story_register(proto_amfol);
    amfol_export_register();
}

void proto_reg_handoff_amfol(void)
{
    register_postdissector(amfol_handle);
}

/* Out-of-tree plugin entry points (what tools/make-plugin-reg.py would generate in-tree). */
WS_DLL_PUBLIC_DEF const char plugin_version[] = PLUGIN_VERSION;
WS_DLL_PUBLIC_DEF const int plugin_want_major = WIRESHARK_VERSION_MAJOR;
WS_DLL_PUBLIC_DEF const int plugin_want_minor = WIRESHARK_VERSION_MINOR;

WS_DLL_PUBLIC void plugin_register(void);

void plugin_register(void)
{
    static proto_plugin plug;
    plug.register_protoinfo = proto_register_amfol;
    plug.register_handoff = proto_reg_handoff_amfol;
    proto_register_plugin(&plug);
}

#if AMFOL_WS_AT_LEAST(4, 4)
#include <wsutil/plugins.h>
WS_DLL_PUBLIC uint32_t plugin_describe(void);
uint32_t plugin_describe(void)
{
    return WS_PLUGIN_DESC_DISSECTOR | WS_PLUGIN_DESC_TAP_LISTENER;
}
#endif

/*
 * Editor modelines  -  https://www.wireshark.org/tools/modelines.html
 *
 * Local variables:
 * c-basic-offset: 4
 * tab-width: 8
 * indent-tabs-mode: nil
 * End:
 *
 * vi: set shiftwidth=4 tabstop=8 expandtab:
 * :indentSize=4:tabSize=8:noTabs=true:
 */
