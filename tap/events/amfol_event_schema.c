/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_event_schema.c: the member tables of every exported struct (see amfol_event_schema.h).
 * Names are the C member names, so docs/events.md and amfol_events.h read alike; `where` is
 * flattened into frame, time, src, dst. */
#include "amfol_event_schema.h"

#include <string.h>

/* NUM members are 0 when unset, OPT members ("... or AMFOL_ABSENT" in amfol_events.h)
 * AMFOL_ABSENT: the writer leaves out what equals the unset value, the reader starts from it. */

/* The kind of a scalar member, from its C type. */
#define KIND_OF(T, m) _Generic(((T *)0)->m, \
    int: AMFOL_M_INT, int64_t: AMFOL_M_I64, uint8_t: AMFOL_M_U8, uint16_t: AMFOL_M_U16, \
    uint32_t: AMFOL_M_U32, uint64_t: AMFOL_M_U64, bool: AMFOL_M_BOOL, double: AMFOL_M_DOUBLE)
#define SIZE_OF(T, m) sizeof(((T *)0)->m)

#define NUM(T, name, m)  { name, KIND_OF(T, m), offsetof(T, m), SIZE_OF(T, m), NULL, 0, 0, false }
#define OPT(T, name, m)  { name, KIND_OF(T, m), offsetof(T, m), SIZE_OF(T, m), NULL, 0, 0, true }
#define STR(T, name, m)  { name, AMFOL_M_STR, offsetof(T, m), SIZE_OF(T, m), NULL, 0, 0, false }
#define OBJ(T, name, m, sub) { name, AMFOL_M_OBJ, offsetof(T, m), SIZE_OF(T, m), &sub, 0, 0, false }
#define ARR(T, name, m, n, sub) { name, AMFOL_M_ARR, offsetof(T, m), SIZE_OF(T, m[0]), &sub, \
                                  offsetof(T, n), (int)(SIZE_OF(T, m) / SIZE_OF(T, m[0])), false }
#define WHERE(T) NUM(T, "frame", where.frame), NUM(T, "time", where.time), \
                 STR(T, "src", where.src.text), STR(T, "dst", where.dst.text)
#define SCHEMA(name, table) static const amfol_struct_schema name = { table, sizeof table / sizeof table[0] }

/* ---- small value types ------------------------------------------------------------------- */

static const amfol_member snssai_m[] = {
    NUM(amfol_snssai, "sst", sst), NUM(amfol_snssai, "has_sd", has_sd), NUM(amfol_snssai, "sd", sd),
};
SCHEMA(snssai_s, snssai_m);

static const amfol_member nr_cgi_m[] = {
    STR(amfol_nr_cgi, "plmn", plmn.digits), NUM(amfol_nr_cgi, "cell_id", cell_id),
};
SCHEMA(nr_cgi_s, nr_cgi_m);

static const amfol_member s_tmsi_m[] = {
    NUM(amfol_s_tmsi, "set_id", set_id), NUM(amfol_s_tmsi, "pointer", pointer), NUM(amfol_s_tmsi, "tmsi", tmsi),
};
SCHEMA(s_tmsi_s, s_tmsi_m);

static const amfol_member guami_m[] = {
    STR(amfol_guami, "plmn", plmn.digits), NUM(amfol_guami, "region_id", region_id),
    NUM(amfol_guami, "set_id", set_id), NUM(amfol_guami, "pointer", pointer),
};
SCHEMA(guami_s, guami_m);

static const amfol_member timer_m[] = {
    NUM(amfol_nas_timer, "state", state), NUM(amfol_nas_timer, "seconds", seconds),
    NUM(amfol_nas_timer, "unit", unit), NUM(amfol_nas_timer, "value", value),
};
SCHEMA(timer_s, timer_m);

static const amfol_member slice_item_m[] = {
    ARR(amfol_slice_item, "snssai", snssai, n_snssai, snssai_s),
    OPT(amfol_slice_item, "action", action), OPT(amfol_slice_item, "reduction_pct", reduction_pct),
};
SCHEMA(slice_item_s, slice_item_m);

static const amfol_member cause_m[] = {
    OPT(amfol_ngap_cause, "group", group), OPT(amfol_ngap_cause, "value", value),
};
SCHEMA(cause_s, cause_m);

static const amfol_member sbi_service_m[] = {
    STR(amfol_sbi_service, "instance_id", instance_id), STR(amfol_sbi_service, "name", name),
};
SCHEMA(sbi_service_s, sbi_service_m);

static const amfol_member sbi_load_m[] = {
    STR(amfol_sbi_load, "nf_instance_id", nf_instance_id), STR(amfol_sbi_load, "nf_type", nf_type),
    OPT(amfol_sbi_load, "load", load), STR(amfol_sbi_load, "nf_status", nf_status),
    NUM(amfol_sbi_load, "source", source), OPT(amfol_sbi_load, "amf_set_id", amf_set_id),
    OPT(amfol_sbi_load, "amf_region_id", amf_region_id),
    ARR(amfol_sbi_load, "guamis", guamis, n_guamis, guami_s), STR(amfol_sbi_load, "ipv4", ipv4),
    OPT(amfol_sbi_load, "heartbeat_s", heartbeat_s), STR(amfol_sbi_load, "nf_set_id", nf_set_id),
    ARR(amfol_sbi_load, "services", services, n_services, sbi_service_s),
};
SCHEMA(sbi_load_s, sbi_load_m);

/* ---- events ------------------------------------------------------------------------------ */

#define T amfol_ngap_event
static const amfol_member ngap_m[] = {
    WHERE(T), NUM(T, "pdu_type", pdu_type), NUM(T, "proc", proc), NUM(T, "index_in_frame", index_in_frame),
    OPT(T, "ran_ue_id", ran_ue_id), OPT(T, "amf_ue_id", amf_ue_id),
    OPT(T, "overload_action", overload_action), OPT(T, "reduction_pct", reduction_pct),
    ARR(T, "slice_items", slice_items, n_slice_items, slice_item_s),
    NUM(T, "slice_items_truncated", slice_items_truncated),
    OPT(T, "rrc_cause", rrc_cause), NUM(T, "has_s_tmsi", has_s_tmsi), OBJ(T, "s_tmsi", s_tmsi, s_tmsi_s),
    NUM(T, "has_nr_cgi", has_nr_cgi), OBJ(T, "nr_cgi", nr_cgi, nr_cgi_s),
    OPT(T, "ue_context_request", ue_context_request), OBJ(T, "cause", cause, cause_s),
    OPT(T, "time_to_wait", time_to_wait), OPT(T, "relative_amf_capacity", relative_amf_capacity),
    STR(T, "ran_node_name", ran_node_name), NUM(T, "has_gnb_id", has_gnb_id),
    STR(T, "gnb_plmn", gnb_plmn.digits), NUM(T, "gnb_id", gnb_id), NUM(T, "gnb_id_bits", gnb_id_bits),
    STR(T, "amf_name", amf_name), ARR(T, "guamis", guamis, n_guamis, guami_s),
    NUM(T, "n_unavailable_guamis", n_unavailable_guamis), STR(T, "backup_amf_name", backup_amf_name),
    NUM(T, "has_nas", has_nas), NUM(T, "rerouted", rerouted), NUM(T, "sctp_vtag", sctp_vtag),
};
#undef T
SCHEMA(ngap_s, ngap_m);

#define T amfol_sctp_event
static const amfol_member sctp_m[] = { WHERE(T), NUM(T, "kind", kind) };
#undef T
SCHEMA(sctp_s, sctp_m);

#define T amfol_rrc_event
static const amfol_member rrc_m[] = {
    WHERE(T), NUM(T, "msg", msg), OPT(T, "cause", cause), NUM(T, "is_resume_cause", is_resume_cause),
    OPT(T, "wait_time_s", wait_time_s), NUM(T, "has_s_tmsi_part1", has_s_tmsi_part1),
    NUM(T, "s_tmsi_part1", s_tmsi_part1), NUM(T, "via_f1ap", via_f1ap), OPT(T, "du_ue_id", du_ue_id),
    OPT(T, "cu_ue_id", cu_ue_id), OPT(T, "srb_id", srb_id), NUM(T, "has_nr_cgi", has_nr_cgi),
    OBJ(T, "nr_cgi", nr_cgi, nr_cgi_s), OPT(T, "c_rnti", c_rnti),
    ARR(T, "requested_nssai", requested_nssai, n_requested_nssai, snssai_s),
};
#undef T
SCHEMA(rrc_s, rrc_m);

/* NAS: the carrying NGAP PDU (`ngap`, a pointer) is written by the codec as a nested "ngap". */
#define T amfol_nas_event
static const amfol_member nas_m[] = {
    WHERE(T), NUM(T, "security_header", security_header), NUM(T, "ciphered", ciphered),
    NUM(T, "epd", epd), OPT(T, "mm_type", mm_type), OPT(T, "sm_type", sm_type),
    OPT(T, "mm_cause", mm_cause), OPT(T, "sm_cause", sm_cause), OBJ(T, "t3346", t3346, timer_s),
    OBJ(T, "t3502", t3502, timer_s), OBJ(T, "backoff", backoff, timer_s), OPT(T, "reg_type", reg_type),
    OPT(T, "service_type", service_type), NUM(T, "conf_update_red", conf_update_red),
    NUM(T, "has_new_guti", has_new_guti), NUM(T, "has_guti", has_guti),
    OBJ(T, "guti_guami", guti_guami, guami_s), NUM(T, "guti_tmsi", guti_tmsi),
    NUM(T, "has_s_tmsi", has_s_tmsi), OBJ(T, "s_tmsi", s_tmsi, s_tmsi_s), STR(T, "suci", suci),
    ARR(T, "requested_nssai", requested_nssai, n_requested_nssai, snssai_s),
};
#undef T
SCHEMA(nas_s, nas_m);

#define T amfol_sbi_event
static const amfol_member sbi_m[] = {
    WHERE(T), NUM(T, "tcp_stream", tcp_stream), NUM(T, "stream_id", stream_id),
    NUM(T, "is_request", is_request), STR(T, "method", method), STR(T, "path", path),
    OPT(T, "status", status), STR(T, "oci", oci), STR(T, "lci", lci), STR(T, "retry_after", retry_after),
    STR(T, "problem_cause", problem_cause), ARR(T, "loads", loads, n_loads, sbi_load_s),
    NUM(T, "headers_unreadable", headers_unreadable), NUM(T, "is_json_patch", is_json_patch),
    NUM(T, "is_notification", is_notification), NUM(T, "body_not_json", body_not_json), NUM(T, "tls", tls),
    NUM(T, "has_target_apiroot", has_target_apiroot), NUM(T, "has_via", has_via),
    OPT(T, "message_priority", message_priority), STR(T, "authority", authority),
    STR(T, "target_apiroot", target_apiroot), NUM(T, "has_snssai", has_snssai),
    OBJ(T, "snssai", snssai, snssai_s), STR(T, "dnn", dnn), OPT(T, "problem_status", problem_status),
    /* raw_body/raw_len (DATA Wireshark could not type) are not exported: docs/events.md */
};
#undef T
SCHEMA(sbi_s, sbi_m);

#define T amfol_config
static const amfol_member config_m[] = {
    NUM(T, "grace_ms", grace_ms), NUM(T, "baseline_s", baseline_s),
    NUM(T, "rrc_answer_timeout_ms", rrc_answer_timeout_ms), STR(T, "protected_snssai", protected_snssai),
    STR(T, "congestion_causes", congestion_causes), NUM(T, "t3346_floor_s", t3346_floor_s),
    NUM(T, "nrf_report_max_s", nrf_report_max_s), NUM(T, "nrf_load_high", nrf_load_high),
    STR(T, "cell_map", cell_map), NUM(T, "dedup_window_ms", dedup_window_ms), STR(T, "amf_map", amf_map),
    NUM(T, "max_ues", max_ues),
    /* overload symptoms (tap/symptoms) */
    NUM(T, "answer_timeout_ms", answer_timeout_ms), NUM(T, "baseline_mode", baseline_mode),
    NUM(T, "baseline_latency_ms", baseline_latency_ms),
    NUM(T, "baseline_sbi_latency_ms", baseline_sbi_latency_ms),
    NUM(T, "symptom_latency_factor", symptom_latency_factor),
    NUM(T, "symptom_latency_min_ms", symptom_latency_min_ms),
    NUM(T, "symptom_sbi_factor", symptom_sbi_factor), NUM(T, "symptom_sbi_min_ms", symptom_sbi_min_ms),
    NUM(T, "symptom_unanswered_pct", symptom_unanswered_pct),
    NUM(T, "symptom_min_samples", symptom_min_samples), NUM(T, "symptom_min_s", symptom_min_s),
    NUM(T, "control_late_s", control_late_s), NUM(T, "symptom_floor_unanswered", symptom_floor_unanswered),
};
#undef T
SCHEMA(config_s, config_m);

/* Indexed by kind_index(). */
static const struct {
    int kind;
    const char *name;
    const amfol_struct_schema *schema;
    size_t size;
} kinds[] = {
    { AMFOL_EV_FRAME, "frame", NULL, 0 },
    { AMFOL_EV_NGAP, "ngap", &ngap_s, sizeof(amfol_ngap_event) },
    { AMFOL_EV_SCTP, "sctp", &sctp_s, sizeof(amfol_sctp_event) },
    { AMFOL_EV_RRC, "rrc", &rrc_s, sizeof(amfol_rrc_event) },
    { AMFOL_EV_NAS, "nas", &nas_s, sizeof(amfol_nas_event) },
    { AMFOL_EV_SBI, "sbi", &sbi_s, sizeof(amfol_sbi_event) },
};
#define N_KINDS (sizeof kinds / sizeof kinds[0])

static int kind_index(int kind)
{
    for (size_t i = 0; i < N_KINDS; i++)
        if (kinds[i].kind == kind)
            return (int)i;
    return -1;
}

const char *amfol_event_kind_name(int kind)
{
    int i = kind_index(kind);
    return i >= 0 ? kinds[i].name : "?";
}

int amfol_event_kind_by_name(const char *name, size_t len)
{
    for (size_t i = 0; i < N_KINDS; i++)
        if (strlen(kinds[i].name) == len && memcmp(kinds[i].name, name, len) == 0)
            return kinds[i].kind;
    return -1;
}

const amfol_struct_schema *amfol_event_schema(int kind)
{
    int i = kind_index(kind);
    return i >= 0 ? kinds[i].schema : NULL;
}

size_t amfol_event_size(int kind)
{
    int i = kind_index(kind);
    return i >= 0 ? kinds[i].size : 0;
}

const amfol_struct_schema *amfol_config_schema(void)
{
    return &config_s;
}
