/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rrc_causes.c: the radio module's cause index (establishment and resume causes in one
 * space) and the class of a cause under an overload action, from the 3GPP tables of
 * tap/core/amfol_3gpp.c (TS 38.413 §8.7.7.2, docs/faults.md "Shed class"). */
#include "amfol_rrc.h"
#include "../core/amfol_3gpp.h"

const char *amfol_rrc_cause_name(int cause_ix)
{
    if (cause_ix >= 0 && cause_ix <= AMFOL_CAUSE_MCS)
        return amfol_cause_name(cause_ix);
    return cause_ix == AMFOL_RRC_CAUSE_RNA_UPDATE ? amfol_resume_cause_name(AMFOL_RESUME_RNA_UPDATE)
                                                  : "unknown";
}

const char *amfol_rrc_class_name(int klass)
{
    switch (klass) {
    case AMFOL_RRC_CLASS_SHED: return "shed";
    case AMFOL_RRC_CLASS_EXEMPT: return "exempt";
    case AMFOL_RRC_CLASS_OTHER: return "not named by the action";
    case AMFOL_RRC_CLASS_SLICE: return "shed for UEs of a listed slice only";
    default: return "no overload";
    }
}

const char *amfol_rrc_outcome_name(int outcome)
{
    switch (outcome) {
    case AMFOL_RRC_OUT_SETUP: return "RRCSetup";
    case AMFOL_RRC_OUT_REJECT: return "RRCReject";
    case AMFOL_RRC_OUT_UNANSWERED: return "unanswered";
    case AMFOL_RRC_OUT_OTHER: return "other answer";
    default: return "pending";
    }
}

int amfol_rrc_cause_ix(int cause, bool is_resume_cause)
{
    if (cause < 0)
        return AMFOL_RRC_CAUSE_UNKNOWN;
    if (!is_resume_cause)
        return cause <= AMFOL_CAUSE_MCS ? cause : AMFOL_RRC_CAUSE_UNKNOWN;
    /* ResumeCause: 0..7 as EstablishmentCause, 8 rna-Update, 9 MPS, 10 MCS. */
    if (cause <= AMFOL_CAUSE_MO_SMS)
        return cause;
    switch (cause) {
    case AMFOL_RESUME_RNA_UPDATE: return AMFOL_RRC_CAUSE_RNA_UPDATE;
    case 9: return AMFOL_CAUSE_MPS;
    case 10: return AMFOL_CAUSE_MCS;
    default: return AMFOL_RRC_CAUSE_UNKNOWN;
    }
}

int amfol_rrc_classify(int action, int cause_ix)
{
    if (cause_ix < 0 || cause_ix > AMFOL_CAUSE_MCS)
        return AMFOL_RRC_CLASS_OTHER;   /* rna-Update, unknown: the action names neither */
    if (amfol_cause_is_shed(action, cause_ix))
        return AMFOL_RRC_CLASS_SHED;
    return amfol_cause_is_exempt(action, cause_ix) ? AMFOL_RRC_CLASS_EXEMPT : AMFOL_RRC_CLASS_OTHER;
}
