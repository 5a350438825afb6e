# SPDX-License-Identifier: GPL-2.0-or-later
# amfol_catalogue.py: the rule set a test checks, read from the plugin's own catalogue (the
# "rules" array of -z amfol,json, generated from tap/core/amfol_rules.def), never typed again.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def rule_ids(doc, *domains):
    """Ids of the catalogue rules owned by any of `domains` ("n2", "rrc", "nas", "sbi",
    "correlate"); every id when no domain is given."""
    ids = {r["id"] for r in doc["rules"] if not domains or r["domain"] in domains}
    if not ids:
        raise SystemExit("the amfol JSON has no rules for %s" % (domains,))
    return ids
