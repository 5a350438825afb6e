/* SPDX-License-Identifier: GPL-2.0-or-later */
/* amfol_rules.c: the rule table; docs/faults.md explains each rule in full. */
#include "amfol_rules.h"
#include "amfol_types.h"

#include <string.h>

static const amfol_rule rules[] = {
    /* N2 (issue 2) */
    { "gnb-ignores-overload", AMFOL_SEV_ERROR,
      "gNB keeps forwarding traffic the OVERLOAD START asked it to shed",
      "Check the gNB's overload handling is implemented and enabled, and that the START reached its NGAP layer." },
    { "overload-start-partial", AMFOL_SEV_WARNING,
      "AMF sent OVERLOAD START to only some of its gNBs",
      "Check the AMF's association list for overload control; untold gNBs keep sending the full load." },
    { "overload-stop-missing", AMFOL_SEV_WARNING,
      "Overload episode without OVERLOAD STOP by the end of the capture",
      "Check whether the capture ends too early or the AMF is still overloaded (NRF load, NAS rejects)." },
    { "overload-exempt-shed", AMFOL_SEV_WARNING,
      "Exempt access (emergency, high priority, MT) stopped arriving from a gNB during overload",
      "Check the gNB's mapping of establishment causes to the overload action." },
    /* Radio side (issue 4) */
    { "rrc-reject-without-overload", AMFOL_SEV_WARNING,
      "Burst of RRCReject while no AMF serving the cell is in overload",
      "The gNB rejects for its own reasons (radio/CPU load) or missed an earlier OVERLOAD STOP." },
    { "rejects-after-overload-stop", AMFOL_SEV_ERROR,
      "gNB keeps rejecting the shed class after OVERLOAD STOP",
      "Check that the STOP was received (SCTP acknowledgement, retransmissions, ABORT) and processed." },
    { "gnb-over-sheds", AMFOL_SEV_WARNING,
      "gNB rejects far more than the requested reduction, or classes the action does not name",
      "Check the gNB's reduction algorithm and its cause mapping." },
    { "exempt-access-rejected", AMFOL_SEV_ERROR,
      "Emergency / high-priority / MPS / MCS / MT access rejected although exempt",
      "Check exemption handling for access identities and establishment causes on the rejecting node." },
    { "slice-overload-blocks-slice", AMFOL_SEV_ERROR,
      "Every UE requesting one slice fails while other slices pass",
      "Check the OVERLOAD START slice list and whether the slice's NFs are really overloaded." },
    { "slice-overload-misconfigured", AMFOL_SEV_WARNING,
      "OVERLOAD START throttles a slice marked as protected",
      "Check the AMF's slice overload configuration against the protected slice list." },
    { "reject-waittime-synchronised", AMFOL_SEV_WARNING,
      "Same RRCReject waitTime given to a burst of UEs (synchronised retry risk)",
      "Randomise or spread waitTime on the gNB." },
    /* NAS (issue 5) */
    { "ue-early-retry", AMFOL_SEV_ERROR,
      "UE retried before its back-off timer expired, without an exemption",
      "Check the UE's T3346 handling (firmware) and whether the reject was integrity protected." },
    { "t3346-missing", AMFOL_SEV_ERROR,
      "Congestion reject without T3346: UEs do not back off",
      "Configure the AMF to include T3346 with every congestion reject (TS 24.501 §5.5.1)." },
    { "t3346-zero-or-deactivated", AMFOL_SEV_WARNING,
      "Congestion reject with T3346 zero or deactivated",
      "Zero lets UEs retry at once; deactivated is read as an abnormal case. Check the AMF's back-off policy." },
    { "t3346-short", AMFOL_SEV_WARNING,
      "T3346 shorter than the configured floor",
      "Short back-off brings the load straight back; check the AMF's T3346 range." },
    { "t3346-not-randomised", AMFOL_SEV_WARNING,
      "Many UEs got the same T3346: their retries bunch at expiry",
      "Randomise T3346 on the AMF to avoid synchronised retry waves." },
    { "congestion-reject-outside-overload", AMFOL_SEV_WARNING,
      "Congestion rejects while the AMF shows no overload on N2",
      "Some cores send #22 when AUSF/UDM is unreachable: check the SBI side and the AMF's logs." },
    { "backoff-storm", AMFOL_SEV_WARNING,
      "Rejects dominate the signalling load",
      "The reject traffic itself is the load: lengthen or randomise back-off, or shed earlier at the gNB." },
    /* SBI and the AMF Set (issue 6) */
    { "nrf-load-stale", AMFOL_SEV_WARNING,
      "AMF in N2 overload reports a low or stale load to the NRF",
      "Check the AMF's NFUpdate load reporting interval; consumers keep selecting it." },
    { "cascading-overload", AMFOL_SEV_ERROR,
      "Overload moved to another AMF of the same set",
      "The AMF Set is short of capacity or re-balancing targets loaded AMFs; check the set's combined load." },
    { "rebalancing-to-loaded-target", AMFOL_SEV_WARNING,
      "UEs re-balanced to an AMF whose last known load was high",
      "Check how the source AMF selects re-balancing targets (NRF load freshness)." },
    { "sbi-overload-ignored", AMFOL_SEV_WARNING,
      "Consumer kept its request rate despite an SBI overload indication",
      "Check the consumer's support of 3gpp-Sbi-Oci / Retry-After (olcHSupportInd)." },
    { "sbi-oci-malformed", AMFOL_SEV_WARNING,
      "3gpp-Sbi-Oci / 3gpp-Sbi-Lci header breaks TS 29.500 syntax",
      "Fix the producer's header formatting; consumers will ignore it." },
    /* Overload symptoms (issue 14) */
    { "overload-control-absent", AMFOL_SEV_WARNING,
      "AMF shows sustained overload symptoms but used no overload control",
      "Check the AMF's overload thresholds and that N2 OVERLOAD START, NAS #22 + T3346 and SBI overload control are enabled." },
    { "overload-control-late", AMFOL_SEV_WARNING,
      "AMF's first overload control came long after its overload symptoms began",
      "Lower the AMF's overload detection thresholds or shorten their averaging window." },
};

const amfol_rule *amfol_rules(size_t *n)
{
    *n = sizeof rules / sizeof rules[0];
    return rules;
}

const amfol_rule *amfol_rule_find(const char *id)
{
    for (size_t i = 0; id && i < sizeof rules / sizeof rules[0]; i++)
        if (strcmp(rules[i].id, id) == 0)
            return &rules[i];
    return NULL;
}
