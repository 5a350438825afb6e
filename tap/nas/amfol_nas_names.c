/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_nas_names.c: the NAS module's own enums in words (3GPP names: tap/core/amfol_3gpp.c). */
#include "amfol_nas.h"

const char *amfol_nas_link_name(int link)
{
    switch (link) {
    case AMFOL_LINK_NEW: return "new";
    case AMFOL_LINK_SUCI: return "suci";
    case AMFOL_LINK_GUTI: return "5g-guti";
    case AMFOL_LINK_S_TMSI: return "5g-s-tmsi";
    case AMFOL_LINK_AMF_UE_ID: return "amf-ue-ngap-id";
    case AMFOL_LINK_NGAP_IDS: return "ngap-ue-context";
    default: return "none";
    }
}

const char *amfol_nas_verdict_name(int v)
{
    switch (v) {
    case AMFOL_VERDICT_ALLOWED: return "allowed";
    case AMFOL_VERDICT_VIOLATION: return "violation";
    case AMFOL_VERDICT_UNCERTAIN: return "uncertain";
    default: return "none";
    }
}
