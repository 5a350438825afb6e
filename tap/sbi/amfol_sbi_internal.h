/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_sbi_internal.h: the SBI module's state, shared by its files (not by other modules).
 * Every table has a cap; what does not fit is counted in `dropped`. */
#ifndef AMFOL_SBI_INTERNAL_H
#define AMFOL_SBI_INTERNAL_H

#include "amfol_sbi.h"
#include "../core/amfol_context.h"
#include "../n2/amfol_n2.h"     /* the N2 overload query API */
#include "amfol_sbi_olc.h"
#include "../core/amfol_u64map.h"   /* amfol_endpoint_hash */

#define SBI_MAX_NFS        256      /* NF instances */
#define SBI_MAX_POINTS     65536    /* own load reports kept over all NFs */
#define SBI_MAX_N2_AMFS    64       /* AMFs seen on N2 (NG SETUP RESPONSE) */
#define SBI_MAX_XCHG       4096     /* open request/response pairs; the oldest is evicted */
#define SBI_MAX_CONNS      1024     /* TCP connections with counts */
#define SBI_MAX_INDICATIONS 8192    /* OCI / LCI / 503 / 429 seen */
#define SBI_MAX_REQUESTS   131072   /* requests (consumer -> producer) kept for rate checks */
#define SBI_MAX_MOVES      65536    /* UE context transfers */
#define SBI_MAX_REGS       4096     /* recent mobility registrations (a ring) */
#define SBI_MAX_UE_CTX     8192     /* recent UE contexts with a 5G-S-TMSI (a ring) */
#define SBI_MAX_CUCS       4096     /* recent re-registration requests (a ring) */
#define SBI_MAX_NAMES      4096     /* interned strings (names, addresses) */
#define SBI_MAX_SERVERS    1024     /* server addresses with the NF type their API names */

enum sbi_tie {
    SBI_TIE_NO_PROFILE = 0,       /* only NFUpdates seen: no NFProfile, so no GUAMIs */
    SBI_TIE_NOT_AMF,              /* the NFProfile says it is another NF type */
    SBI_TIE_NO_AMF_INFO,          /* AMF NFProfile without amfInfo/guamiList */
    SBI_TIE_NO_N2_MATCH,          /* GUAMIs known, no N2 source matched them */
    SBI_TIE_GUAMI,                /* an N2 AMF's GUAMI (NG SETUP RESPONSE, INITIAL CONTEXT SETUP ...) */
    SBI_TIE_SET_POINTER,          /* AMF Set ID + pointer of 5G-S-TMSIs / 5G-GUTIs on its associations */
    SBI_TIE_ADDRESS,              /* the same address for N2 and SBI */
    SBI_TIE_USER_MAP,             /* preference amfol.amf_map */
    SBI_TIE_CONTRADICTION         /* two sources or two NFs disagree: no tie (why says which) */
};

#define SBI_MAX_AMF_GUAMIS   8      /* GUAMIs seen per N2 AMF in any NGAP message */
#define SBI_MAX_SET_POINTERS 16     /* AMF Set ID + pointer pairs seen per N2 AMF */

/* A GUAMI, or only its Set ID + pointer, seen on one N2 AMF's associations, and where. */
typedef struct sbi_amf_mark {
    amfol_guami guami;            /* set_id + pointer only for SBI_TIE_SET_POINTER marks */
    amfol_frame frame;
    const char *where;            /* static: "NG SETUP RESPONSE", "5G-S-TMSI of InitialUEMessage" */
} sbi_amf_mark;

typedef struct sbi_point {
    amfol_frame frame;
    amfol_time t;
    int load;                     /* AMFOL_ABSENT: status-only update */
    bool is_register;             /* NFRegister (PUT) rather than NFUpdate (PATCH) */
    bool inferred;                /* headers unreadable: body recognised, NF from connection/address */
    uint32_t tcp_stream;          /* the connection it came on (relays come on another) */
} sbi_point;

#define SBI_RELAY_WINDOW_S 2.0      /* a relayed copy (NF -> SCP -> NRF) follows within this */

typedef struct sbi_nf {
    char id[40];
    char type[8];
    char status[16];
    int set_id, region_id;        /* AMFOL_ABSENT */
    int n_guamis;
    amfol_guami guamis[AMFOL_MAX_GUAMIS];
    char ipv4[16];
    char client_ip[48];           /* the address its own NRF requests come from (not via an SCP) */
    const char *n2_name;          /* interned; NULL unless tied (GUAMI, Set/pointer, address, map) */
    int tie;                      /* enum sbi_tie */
    char why[200];                /* how it was tied, or why not, with the evidence frame */
    GArray *own;                  /* sbi_point, in frame order */
    uint32_t nfupdate_load_reports;   /* counted once each: readable and inferred */
    uint32_t inferred_reports, relayed;
    uint32_t moves_in, moves_out;
    int heartbeat_s;              /* heartBeatTimer the NRF granted (or the NF asked), AMFOL_ABSENT */
    /* What an overload scope may name (TS 29.500 §5.2.3.3), from its profile */
    char nf_set_id[80];
    int n_services;
    amfol_sbi_service services[AMFOL_SBI_MAX_SERVICES];
} sbi_nf;

typedef struct sbi_n2_amf {
    const char *name;             /* interned, docs/faults.md naming */
    uint32_t rereg_requests;      /* CONFIGURATION UPDATE COMMANDs with registration requested */
    amfol_frame first_rereg;
    char ip[48];
    int n_guamis;
    amfol_guami guamis[AMFOL_MAX_GUAMIS];
    amfol_frame setup_frame;
    char ep[48];                  /* its N2 SCTP endpoint "ip:port" ("" unknown) */
    /* evidence for the tie without NG Setup (amfol_sbi_tie.c) */
    int n_marks, n_pairs;
    sbi_amf_mark marks[SBI_MAX_AMF_GUAMIS];   /* GUAMIs of NGAP messages */
    sbi_amf_mark pairs[SBI_MAX_SET_POINTERS]; /* Set ID + pointer of UE identities */
} sbi_n2_amf;

/* An N2 overload episode with the AMF name interned here: the public view (amfol_sbi.h). */
typedef amfol_sbi_episode sbi_episode;

enum sbi_kind {
    SBI_KIND_OTHER = 0,
    SBI_KIND_NF_REGISTER,
    SBI_KIND_NF_UPDATE,
    SBI_KIND_NF_DEREGISTER,
    SBI_KIND_NF_STATUS_NOTIFY,
    SBI_KIND_NF_DISCOVER,
    SBI_KIND_UE_CONTEXT_TRANSFER,
    SBI_KIND_NF_PROFILE_GET,      /* GET nf-instances/{id} (NFProfileRetrieval) */
    SBI_KIND_COUNT
};

typedef struct sbi_xchg {
    uint64_t key;                 /* tcp stream << 32 | http2 stream id */
    amfol_frame req_frame, rsp_frame;
    amfol_time req_t;
    int kind;                     /* enum sbi_kind */
    char method[8];
    char path[256];
    char client[64], server[64];  /* endpoints "ip:port" */
    char nf_id[40];               /* {nfInstanceID} of nf-instances paths */
    char ue_ctx[64];              /* {ueContextId} of ue-contexts paths */
    int status;                   /* AMFOL_ABSENT until the response */
    bool request_counted;
    uint32_t request_ix;          /* its entry in amfol_sbi.requests + 1 (0: not logged) */
} sbi_xchg;

typedef struct sbi_conn {
    uint32_t tcp_stream;
    char client[64], server[64];
    uint32_t messages, hpack_unreadable, body_not_json, tls;
    char nf_id[40];               /* the one NF its readable NRF requests named ("" none) */
    bool many_nfs;                /* they named two: an SCP's or a proxy's connection */
    uint32_t inferred;            /* reports recognised on it without readable headers */
    bool roles_known;             /* a readable request or response said who is client/server */
    uint32_t problems_inferred;   /* ProblemDetails recognised on it without readable headers */
} sbi_conn;

enum sbi_ind_kind {   /* = enum amfol_sbi_answer_kind (amfol_sbi.h) */
    SBI_IND_OCI = AMFOL_SBI_ANSWER_OCI,
    SBI_IND_LCI = AMFOL_SBI_ANSWER_LCI,
    SBI_IND_503 = AMFOL_SBI_ANSWER_503,
    SBI_IND_429 = AMFOL_SBI_ANSWER_429
};

typedef struct sbi_indication {
    int kind;                     /* enum sbi_ind_kind */
    amfol_frame frame;
    amfol_time t;
    const char *sender_ip;        /* interned: who sent the header / status */
    const char *peer_ip;          /* interned: who received it */
    bool malformed;
    int metric;                   /* OCI reduction / LCI load %, AMFOL_ABSENT */
    int validity_s;               /* OCI period of validity, 503/429 Retry-After; AMFOL_ABSENT */
    bool sender_is_server;        /* sent in a response (producer -> consumer) */
    amfol_time valid_until;       /* OCI: Timestamp + Period-of-Validity; 503/429: t + Retry-After */
    /* The overload scope (amfol_sbi_scope.c): OCI element scope, or for a
     * 503/429 (scope NONE) the target of the request it answered. */
    int scope;                    /* enum amfol_olc_scope */
    const char *scope_value;      /* interned, NULL */
    const char *nf_inst;          /* interned NF-Inst of NF-Service-Instance, NULL */
    uint32_t request_ix;          /* 503/429: the answered request's entry + 1, 0 unknown */
    int n_snssai, n_dnn, n_uri;   /* the scope's lists (S-NSSAI and DNN come together) */
    const char *snssai[AMFOL_OLC_MAX_ITEMS], *dnn[AMFOL_OLC_MAX_ITEMS];   /* interned */
    uint64_t uri_hash[AMFOL_OLC_MAX_ITEMS];   /* Callback-Uri without scheme */
} sbi_indication;

typedef struct sbi_server_type {
    const char *ip;               /* interned */
    const char *type;             /* interned, lower case: "nrf", "amf", "smf", ... */
} sbi_server_type;

#define SBI_URI_PREFIXES 6          /* authority+path prefixes kept per request (Callback-Uri scope) */

typedef struct sbi_request {
    amfol_frame frame;
    amfol_time t;
    const char *client_ip, *server_ip;   /* interned */
    /* What places it in an overload scope (amfol_sbi_scope.c) */
    const char *target_host;      /* interned host of 3gpp-Sbi-Target-apiRoot, NULL */
    const char *authority_host;   /* interned host of :authority, NULL */
    const char *api;              /* interned first path segment ("nsmf-pdusession"), NULL */
    const char *dnn;              /* interned body dnn, NULL */
    int priority;                 /* 3gpp-Sbi-Message-Priority, AMFOL_ABSENT */
    bool has_snssai;
    amfol_snssai snssai;
    int n_uri;
    uint64_t uri_hash[SBI_URI_PREFIXES];   /* authority + path up to each '/' (and whole) */
} sbi_request;

typedef struct sbi_registration {
    amfol_frame frame;            /* INITIAL UE MESSAGE with a mobility REGISTRATION REQUEST */
    amfol_time t;
    const char *target;           /* interned AMF name it was sent to */
    uint8_t region, pointer;
    uint16_t set;
    uint32_t tmsi;
} sbi_registration;

/* A UE context on an N2 association with the 5G-S-TMSI its INITIAL UE MESSAGE showed, and
 * the CONFIGURATION UPDATE COMMANDs (registration requested) sent to such UEs. */
typedef struct sbi_ue_ctx {
    const char *assoc;            /* interned "amf endpoint|gnb endpoint" */
    int64_t ran_ue_id;
    uint16_t set;
    uint8_t pointer;
    uint32_t tmsi;
} sbi_ue_ctx;

typedef struct sbi_cuc {
    amfol_frame frame;
    amfol_time t;
    const char *amf;              /* interned AMF name (sender) */
    uint16_t set;
    uint8_t pointer;
    uint32_t tmsi;
} sbi_cuc;

typedef struct sbi_move {
    amfol_frame frame;            /* the UE's first frame at the target: its mobility registration
                                   * if seen (linked by 5G-GUTI), else the UEContextTransfer */
    amfol_frame transfer_frame;   /* the UEContextTransfer request (sent by the target) */
    amfol_frame cuc_frame;        /* the source's CONFIGURATION UPDATE COMMAND to the UE, 0 = unseen */
    amfol_time t;
    const char *source, *target;  /* interned AMF names */
    char ue[64];
    int target_load;              /* target's last own report at that time, AMFOL_ABSENT */
    amfol_frame target_load_frame;
    bool source_in_overload;
} sbi_move;

/* assoc_key's recent answers (amfol_sbi.c): "amf|gnb" interned per UE identity otherwise. */
#define SBI_ASSOC_MEMO 64            /* a power of two */
typedef struct sbi_assoc_memo {
    uint64_t hash;                   /* 0: empty */
    amfol_endpoint amf, gnb;
    const char *key;
} sbi_assoc_memo;

struct amfol_sbi {
    amfol_config cfg;
    sbi_assoc_memo assoc_memo[SBI_ASSOC_MEMO];
    GHashTable *names;            /* interned strings (owned keys) */
    GPtrArray *nfs;               /* sbi_nf* */
    uint32_t points;              /* own points kept over all NFs */
    int n_n2_amfs;
    sbi_n2_amf n2_amfs[SBI_MAX_N2_AMFS];
    bool tie_dirty;               /* evidence changed since the last sbi_retie */
    GHashTable *xchg;             /* key -> sbi_xchg* (owned) */
    GQueue *xchg_order;           /* keys, oldest first, for eviction */
    GArray *conns;                /* sbi_conn */
    GHashTable *conn_index;       /* tcp stream -> index in conns + 1 */
    GArray *indications;          /* sbi_indication */
    GArray *requests;             /* sbi_request */
    GArray *moves;                /* sbi_move */
    sbi_registration regs[SBI_MAX_REGS];   /* ring of recent mobility registrations */
    uint32_t n_regs;              /* total seen; the ring holds the last SBI_MAX_REGS */
    sbi_ue_ctx ue_ctx[SBI_MAX_UE_CTX];
    uint32_t n_ue_ctx;
    sbi_cuc cucs[SBI_MAX_CUCS];
    uint32_t n_cucs;
    GArray *server_types;         /* sbi_server_type: NF type of each server address */
    GPtrArray *scps;              /* interned addresses recognised as SCPs (not owned) */
    /* Totals */
    uint64_t messages;
    uint64_t ngap_events;         /* NGAP PDUs handed over by the glue */
    uint32_t nfupdate_load_reports, oci_headers, lci_headers, oci_malformed, status_503, status_429;
    uint32_t unreadable_headers, body_not_json, tls_messages, orphan_bodies;
    uint32_t rereg_unknown_amf;   /* re-registration requests from an AMF not seen on N2 setup */
    uint32_t dropped;             /* table entries not kept because of a cap */
    /* load reports counted apart */
    uint32_t reports_relayed;     /* copies of a report already counted (SCP in the path) */
    uint32_t reports_inferred;    /* recognised without readable headers, attributed */
    uint32_t reports_unattributed;/* recognised without readable headers, NF unknown */
    /* While sbi-overload-ignored runs: NF profiles by address and by instance id (amfol_sbi_scope.c) */
    GHashTable *scope_by_ip, *scope_by_id;
    /* ProblemDetails behind unreadable headers (status from the body's "status") */
    uint32_t problems_inferred, problems_503_inferred, problems_429_inferred, problems_unattributed;
};

/* amfol_sbi_names.c */
const char *sbi_intern(amfol_sbi *s, const char *text);
void sbi_ip_of(const char *endpoint, char *out, size_t cap);

/* amfol_sbi_nf.c: NF registry, N2 AMFs, the tie, load series */
sbi_nf *sbi_nf_get(amfol_sbi *s, const char *id, bool create);
void sbi_nf_learn_profile(amfol_sbi *s, const amfol_sbi_load *l);
void sbi_nf_put_was_update(amfol_sbi *s, const char *nf_id, amfol_frame request_frame);
void sbi_nf_add_point(amfol_sbi *s, sbi_nf *nf, const sbi_point *p);
/* The address an NF's own NRF requests come from, when no SCP is in between. */
void sbi_nf_learn_client(amfol_sbi *s, sbi_nf *nf, const char *client_endpoint);
/* The earlier point this report repeats (same load within SBI_RELAY_WINDOW_S, other connection). */
const sbi_point *sbi_nf_relayed(const sbi_nf *nf, amfol_time t, int load, uint32_t tcp_stream);

/* amfol_sbi_infer.c: NRF load reports behind unreadable headers (HPACK state lost) */
bool sbi_infer_patch_load(const uint8_t *body, size_t len, int *load);
bool sbi_infer_profile(const uint8_t *body, size_t len, amfol_sbi_load *out);
bool sbi_infer_problem(const uint8_t *body, size_t len, int *status, char *cause, size_t cap);
sbi_nf *sbi_infer_nf(amfol_sbi *s, const sbi_conn *conn, const char *client_ip, const char **how);
const sbi_point *sbi_nf_last_load(const sbi_nf *nf, amfol_time t);   /* last point with a load */
void sbi_n2_learn_amf(amfol_sbi *s, const char *name, const char *ep, const amfol_guami *g, int n,
                      amfol_frame f);
/* The N2 AMF `name` at SCTP endpoint `ep` (may be NULL), created when new; an AMF first named by
 * its address and later by NG SETUP RESPONSE keeps one entry (renamed). */
sbi_n2_amf *sbi_n2_amf_get(amfol_sbi *s, const char *name, const char *ep, amfol_frame f);

/* amfol_sbi_tie.c: NF profiles <-> N2 AMFs without NG Setup (docs/fields-sbi.md, "Ties") */
void sbi_tie_on_ngap(amfol_engine *e, const amfol_ngap_event *ev);
void sbi_tie_on_guti(amfol_engine *e, const amfol_ngap_event *ng, const amfol_guami *guti);
void sbi_retie(amfol_sbi *s);    /* recomputes every tie when the evidence changed */
const char *sbi_tie_id(int tie);
const char *sbi_nf_name(const sbi_nf *nf);          /* N2 name if tied, else the NF id */
const char *sbi_name_for_ip(amfol_sbi *s, const char *ip);   /* AMF/NF name or NULL */
/* Remember the NF type a server address serves, from its API root ("/nnrf-nfm/..." -> "nrf"). */
void sbi_note_server(amfol_sbi *s, const char *server_ip, const char *path);
/* Any address as an entity name: the AMF name, else the NF type ("nrf") when one address
 * serves that type in the capture, else "<type>@<ip>", else the address. Interned. */
const char *sbi_display_for_ip(amfol_sbi *s, const char *ip);
/* SCPs: by NF profile type, by a request carrying 3gpp-Sbi-Target-apiRoot (its server) or Via
 * (its client). */
void sbi_note_scp(amfol_sbi *s, const char *ip);
bool sbi_is_scp(amfol_sbi *s, const char *ip);
sbi_nf *sbi_nf_for_amf(amfol_sbi *s, const char *amf_name);
const sbi_n2_amf *sbi_n2_amf_by_name(const amfol_sbi *s, const char *name);

/* amfol_sbi_n2.c: the N2 AMFs (NG SETUP / AMF CONFIGURATION UPDATE) and, read from the
 * N2 timeline (tap/n2/amfol_n2.h), their overload episodes with the AMF name interned here. */
void sbi_episodes_on_ngap(amfol_engine *e, const amfol_ngap_event *ev);
size_t sbi_episode_count(const amfol_engine *e);
bool sbi_episode_get(amfol_engine *e, size_t i, sbi_episode *out);
bool sbi_episode_at(amfol_engine *e, const char *amf, amfol_time t, sbi_episode *out);
const char *sbi_tie_text(int tie);
const char *sbi_kind_text(int kind);

/* amfol_sbi_scope.c: which requests an overload indication's scope covers (TS 29.500 §6.4) */
#define SBI_PRIORITY_PASS_MAX 15    /* 3gpp-Sbi-Message-Priority 0..15 may pass throttling */
void sbi_scope_log_request(amfol_sbi *s, sbi_xchg *x, const amfol_sbi_event *ev);
void sbi_scope_request_body(amfol_sbi *s, const sbi_xchg *x, const amfol_sbi_event *ev);
/* The OCI elements of one header as indications, each with its scope. */
void sbi_scope_add_oci(amfol_sbi *s, const amfol_sbi_event *ev, bool from_server, const char *value);
void sbi_scope_add_status(amfol_sbi *s, const amfol_sbi_event *ev, const sbi_xchg *x, int kind,
                          int retry_after_s);
void sbi_scope_add_lci(amfol_sbi *s, const amfol_sbi_event *ev, bool from_server, bool malformed,
                       int metric);
/* Host an address or URI names: "http://[::1]:80/x" -> "::1", "10.0.0.1:8080" -> "10.0.0.1". */
void sbi_host_of(const char *text, char *out, size_t cap);
/* Index the NF profiles by address and id for the judging below (freed by _end). */
void sbi_scope_begin(amfol_sbi *s);
void sbi_scope_end(amfol_sbi *s);
/* The chain key of a back-off indication (NULL: judged by no one, e.g. received by an SCP). */
char *sbi_scope_key(amfol_sbi *s, const sbi_indication *x);
bool sbi_scope_covers(amfol_sbi *s, const sbi_indication *x, const sbi_request *r);
/* The entity a finding names for the scope, and the scope in words (interned / static). */
const char *sbi_scope_entity(amfol_sbi *s, const sbi_indication *x);
void sbi_scope_text(const sbi_indication *x, char *out, size_t cap);

/* amfol_sbi_rules.c */
void sbi_rules_overload_ignored(amfol_sbi *s, amfol_findings *out);
void sbi_rules_oci_malformed(amfol_sbi *s, amfol_findings *out);

/* Handlers (amfol_sbi_module) and what the NAS handler hands on. */
void amfol_sbi_on_msg(amfol_engine *e, const amfol_sbi_event *ev, amfol_sbi_result *out);
void amfol_sbi_on_ngap(amfol_engine *e, const amfol_ngap_event *ev);
void amfol_sbi_finish(amfol_engine *e, amfol_findings *out);
/* A mobility REGISTRATION REQUEST in an INITIAL UE MESSAGE (5G-GUTI from NAS): the first frame
 * of a re-balanced UE at its target AMF. */
void amfol_sbi_on_mobility_registration(amfol_engine *e, const amfol_ngap_event *ngap,
                                        const amfol_guami *guti_guami, uint32_t tmsi);
/* An INITIAL UE MESSAGE whose UE showed a 5G-S-TMSI (NGAP IE, or NAS identity: set, pointer,
 * 5G-TMSI), so that a later CONFIGURATION UPDATE COMMAND to that UE context is tied to the
 * 5G-GUTI it re-registers with. */
void amfol_sbi_on_ue_identity(amfol_engine *e, const amfol_ngap_event *ngap, uint16_t set,
                              uint8_t pointer, uint32_t tmsi);
/* A CONFIGURATION UPDATE COMMAND with "registration requested" (the source AMF telling a UE to
 * re-register: the first link of a re-balancing chain, counted per AMF). */
void amfol_sbi_on_reregistration_request(amfol_engine *e, const amfol_ngap_event *ngap);

#endif
