/* SPDX-License-Identifier: GPL-2.0-or-later */
/* NR RRC CCCH encoders: fill asn1c structs (asn1/NR-RRC-CCCH.asn) on the stack and encode them
 * with asn1c's unaligned PER. No heap: every member points into this function's stack frame and
 * the structs are never handed to asn1c's free routines. */
#include "rrc_enc.h"

#include "DL-CCCH-Message.h"
#include "DL-DCCH-Message.h"
#include "UL-DCCH-Message.h"
#include "S-NSSAI.h"
#include "UL-CCCH-Message.h"
#include "CellGroupConfig.h"
#include "SRB-ToAddMod.h"
#include "MeasurementTimingConfiguration.h"
#include "MeasTiming.h"
#include "per_encoder.h"

#include <string.h>

/* Encodes with UPER; returns octets or 0. */
static size_t uper(asn_TYPE_descriptor_t *td, void *sptr, uint8_t *buf, size_t cap)
{
    if (buf == NULL || cap == 0)
        return 0;
    asn_enc_rval_t er = uper_encode_to_buffer(td, sptr, buf, cap);
    if (er.encoded < 0)
        return 0;
    size_t n = (size_t)(er.encoded + 7) / 8;
    return n == 0 ? 0 : n;
}

/* A BIT STRING of `nbits` (<= 64) from the low bits of `value`, stored MSB-first in `store`. */
static void set_bits(BIT_STRING_t *bs, uint8_t store[8], uint64_t value, unsigned nbits)
{
    memset(store, 0, 8);
    for (unsigned i = 0; i < nbits; i++) {
        if ((value >> (nbits - 1 - i)) & 1u)
            store[i / 8] |= (uint8_t)(0x80u >> (i % 8));
    }
    bs->buf = store;
    bs->size = (int)((nbits + 7) / 8);
    bs->bits_unused = (int)(bs->size * 8 - nbits);
}

uint64_t rrc_s_tmsi_part1(const enc_5g_s_tmsi *s)
{
    uint64_t full = (uint64_t)(s->set_id & 0x3ffu) << 38 | (uint64_t)(s->pointer & 0x3fu) << 32 |
                    s->tmsi;
    return full & ((1ull << 39) - 1);
}

size_t rrc_encode_setup_request(const rrc_setup_request *m, uint8_t *buf, size_t cap)
{
    if (m->cause > 15 || (m->identity >> 39))
        return 0;
    UL_CCCH_Message_t msg;
    uint8_t id_bits[8], spare_bits[8];
    memset(&msg, 0, sizeof msg);
    msg.message.present = UL_CCCH_MessageType_PR_c1;
    msg.message.choice.c1.present = UL_CCCH_MessageType__c1_PR_rrcSetupRequest;
    RRCSetupRequest_IEs_t *ies = &msg.message.choice.c1.choice.rrcSetupRequest.rrcSetupRequest;
    if (m->use_s_tmsi_part1) {
        ies->ue_Identity.present = InitialUE_Identity_PR_ng_5G_S_TMSI_Part1;
        set_bits(&ies->ue_Identity.choice.ng_5G_S_TMSI_Part1, id_bits, m->identity, 39);
    } else {
        ies->ue_Identity.present = InitialUE_Identity_PR_randomValue;
        set_bits(&ies->ue_Identity.choice.randomValue, id_bits, m->identity, 39);
    }
    ies->establishmentCause = m->cause;
    set_bits(&ies->spare, spare_bits, 0, 1);
    return uper(&asn_DEF_UL_CCCH_Message, &msg, buf, cap);
}

size_t rrc_encode_resume_request(const rrc_resume_request *m, uint8_t *buf, size_t cap)
{
    if (m->cause > 15 || (m->short_resume_id >> 24))
        return 0;
    UL_CCCH_Message_t msg;
    uint8_t id_bits[8], mac_bits[8], spare_bits[8];
    memset(&msg, 0, sizeof msg);
    msg.message.present = UL_CCCH_MessageType_PR_c1;
    msg.message.choice.c1.present = UL_CCCH_MessageType__c1_PR_rrcResumeRequest;
    RRCResumeRequest_IEs_t *ies = &msg.message.choice.c1.choice.rrcResumeRequest.rrcResumeRequest;
    set_bits(&ies->resumeIdentity, id_bits, m->short_resume_id, 24);
    set_bits(&ies->resumeMAC_I, mac_bits, m->resume_mac_i, 16);
    ies->resumeCause = m->cause;
    set_bits(&ies->spare, spare_bits, 0, 1);
    return uper(&asn_DEF_UL_CCCH_Message, &msg, buf, cap);
}

size_t rrc_encode_reject(const rrc_reject *m, uint8_t *buf, size_t cap)
{
    if (m->has_wait_time && (m->wait_time_s < 1 || m->wait_time_s > 16))
        return 0;
    DL_CCCH_Message_t msg;
    RejectWaitTime_t wait = m->wait_time_s;
    memset(&msg, 0, sizeof msg);
    msg.message.present = DL_CCCH_MessageType_PR_c1;
    msg.message.choice.c1.present = DL_CCCH_MessageType__c1_PR_rrcReject;
    RRCReject_t *rej = &msg.message.choice.c1.choice.rrcReject;
    rej->criticalExtensions.present = RRCReject__criticalExtensions_PR_rrcReject;
    if (m->has_wait_time)
        rej->criticalExtensions.choice.rrcReject.waitTime = &wait;
    return uper(&asn_DEF_DL_CCCH_Message, &msg, buf, cap);
}

size_t rrc_encode_minimal_cell_group_config(uint8_t *buf, size_t cap)
{
    CellGroupConfig_t cg;
    memset(&cg, 0, sizeof cg);
    cg.cellGroupId = 0; /* master cell group */
    return uper(&asn_DEF_CellGroupConfig, &cg, buf, cap);
}

size_t rrc_encode_meas_timing_config(uint32_t ssb_arfcn, uint8_t *buf, size_t cap)
{
    if (ssb_arfcn > 3279165)
        return 0;
    struct MeasTiming__frequencyAndTiming ft;
    MeasTiming_t timing;
    MeasTiming_t *timing_list[1] = {&timing};
    MeasTimingList_t list;
    MeasurementTimingConfiguration_t mtc;
    memset(&ft, 0, sizeof ft);
    memset(&timing, 0, sizeof timing);
    memset(&list, 0, sizeof list);
    memset(&mtc, 0, sizeof mtc);
    ft.carrierFreq = ssb_arfcn;
    ft.ssbSubcarrierSpacing = SubcarrierSpacing_kHz30;
    ft.ssb_MeasurementTimingConfiguration.periodicityAndOffset.present =
        SSB_MTC__periodicityAndOffset_PR_sf20;
    ft.ssb_MeasurementTimingConfiguration.periodicityAndOffset.choice.sf20 = 0;
    ft.ssb_MeasurementTimingConfiguration.duration = SSB_MTC__duration_sf1;
    timing.frequencyAndTiming = &ft;
    list.list.array = timing_list;
    list.list.count = 1;
    list.list.size = 1;
    mtc.criticalExtensions.present = MeasurementTimingConfiguration__criticalExtensions_PR_c1;
    mtc.criticalExtensions.choice.c1.present =
        MeasurementTimingConfiguration__criticalExtensions__c1_PR_measTimingConf;
    mtc.criticalExtensions.choice.c1.choice.measTimingConf.measTiming = &list;
    return uper(&asn_DEF_MeasurementTimingConfiguration, &mtc, buf, cap);
}

size_t rrc_encode_setup(const rrc_setup *m, uint8_t *buf, size_t cap)
{
    if (m->transaction_id > 3)
        return 0;
    /* masterCellGroup: CellGroupConfig with cellGroupId 0 (MCG) and nothing else */
    uint8_t cg_buf[16];
    size_t cg_len = rrc_encode_minimal_cell_group_config(cg_buf, sizeof cg_buf);
    if (cg_len == 0)
        return 0;

    /* radioBearerConfig: SRB1 with default PDCP (no optional fields) */
    SRB_ToAddMod_t srb1;
    SRB_ToAddMod_t *srb_list[1] = {&srb1};
    SRB_ToAddModList_t srbs;
    memset(&srb1, 0, sizeof srb1);
    memset(&srbs, 0, sizeof srbs);
    srb1.srb_Identity = 1;
    srbs.list.array = srb_list;
    srbs.list.count = 1;
    srbs.list.size = 1;

    DL_CCCH_Message_t msg;
    memset(&msg, 0, sizeof msg);
    msg.message.present = DL_CCCH_MessageType_PR_c1;
    msg.message.choice.c1.present = DL_CCCH_MessageType__c1_PR_rrcSetup;
    RRCSetup_t *setup = &msg.message.choice.c1.choice.rrcSetup;
    setup->rrc_TransactionIdentifier = m->transaction_id;
    setup->criticalExtensions.present = RRCSetup__criticalExtensions_PR_rrcSetup;
    RRCSetup_IEs_t *ies = &setup->criticalExtensions.choice.rrcSetup;
    ies->radioBearerConfig.srb_ToAddModList = &srbs;
    ies->masterCellGroup.buf = cg_buf;
    ies->masterCellGroup.size = (int)cg_len;
    return uper(&asn_DEF_DL_CCCH_Message, &msg, buf, cap);
}

size_t rrc_encode_setup_complete(const rrc_setup_complete *m, uint8_t *buf, size_t cap)
{
    if (m->transaction_id > 3 || m->selected_plmn < 1 || m->selected_plmn > 12 ||
        m->n_snssai > RRC_MAX_S_NSSAI || !m->nas || m->nas_len == 0)
        return 0;
    S_NSSAI_t items[RRC_MAX_S_NSSAI];
    S_NSSAI_t *ptrs[RRC_MAX_S_NSSAI];
    uint8_t store[RRC_MAX_S_NSSAI][8];
    struct RRCSetupComplete_IEs__s_NSSAI_List list;
    memset(items, 0, sizeof items);
    memset(&list, 0, sizeof list);
    for (size_t i = 0; i < m->n_snssai; i++) {
        const enc_snssai *sn = &m->snssai[i];
        if (sn->has_sd) {   /* sst-SD: SST (8 bits) then SD (24 bits) */
            items[i].present = S_NSSAI_PR_sst_SD;
            set_bits(&items[i].choice.sst_SD, store[i], (uint64_t)sn->sst << 24 | (sn->sd & 0xFFFFFFu), 32);
        } else {
            items[i].present = S_NSSAI_PR_sst;
            set_bits(&items[i].choice.sst, store[i], sn->sst, 8);
        }
        ptrs[i] = &items[i];
    }
    list.list.array = ptrs;
    list.list.count = list.list.size = (int)m->n_snssai;

    UL_DCCH_Message_t msg;
    memset(&msg, 0, sizeof msg);
    msg.message.present = UL_DCCH_MessageType_PR_c1;
    msg.message.choice.c1.present = UL_DCCH_MessageType__c1_PR_rrcSetupComplete;
    RRCSetupComplete_t *sc = &msg.message.choice.c1.choice.rrcSetupComplete;
    sc->rrc_TransactionIdentifier = m->transaction_id;
    sc->criticalExtensions.present = RRCSetupComplete__criticalExtensions_PR_rrcSetupComplete;
    RRCSetupComplete_IEs_t *ies = &sc->criticalExtensions.choice.rrcSetupComplete;
    ies->selectedPLMN_Identity = m->selected_plmn;
    if (m->n_snssai)
        ies->s_NSSAI_List = &list;
    ies->dedicatedNAS_Message.buf = (uint8_t *)m->nas;
    ies->dedicatedNAS_Message.size = (int)m->nas_len;
    return uper(&asn_DEF_UL_DCCH_Message, &msg, buf, cap);
}

size_t rrc_encode_release(const rrc_release *m, uint8_t *buf, size_t cap)
{
    if (m->transaction_id > 3)
        return 0;
    DL_DCCH_Message_t msg;
    memset(&msg, 0, sizeof msg);
    msg.message.present = DL_DCCH_MessageType_PR_c1;
    msg.message.choice.c1.present = DL_DCCH_MessageType__c1_PR_rrcRelease;
    RRCRelease_t *rel = &msg.message.choice.c1.choice.rrcRelease;
    rel->rrc_TransactionIdentifier = m->transaction_id;
    rel->criticalExtensions.present = RRCRelease__criticalExtensions_PR_rrcRelease;
    return uper(&asn_DEF_DL_DCCH_Message, &msg, buf, cap);
}

size_t rrc_pdcp_srb_wrap(uint16_t sn, const uint8_t *rrc, size_t len, uint8_t *buf, size_t cap)
{
    if (sn > 0xFFF || len == 0 || cap < len + 6)
        return 0;
    buf[0] = (uint8_t)(sn >> 8);    /* R R R R | SN (4 MSB) */
    buf[1] = (uint8_t)(sn & 0xFF);
    memcpy(buf + 2, rrc, len);
    memset(buf + 2 + len, 0, 4);    /* MAC-I */
    return len + 6;
}
