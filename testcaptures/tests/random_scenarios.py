#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Robustness test: random (but seeded) scenarios through amfol-synth and the tshark/truth checker.
"""Usage: random_scenarios.py AMFOL_SYNTH WRAPPER OUT_DIR FIRST_SEED COUNT

Each seed gives one random scenario file (all knobs, odd sizes, several AMFs and gNBs). The
synthesizer must either write a capture that check_capture.py accepts against its own truth
(with the truth's rule set), or refuse the scenario with exit status 1 and a message (episodes
that overlap on one AMF are refused by design). Any other outcome fails the test.
"""
import os
import random
import subprocess
import sys

CAUSES = ["emergency", "highPriorityAccess", "mt-Access", "mo-Signalling", "mo-Data",
          "mo-VoiceCall", "mo-VideoCall", "mo-SMS", "mps-PriorityAccess", "mcs-PriorityAccess"]
ACTIONS = ["none", "0", "1", "2", "3"]
BEHAVIOURS = ["complies", "ignores-start", "over-sheds", "sheds-exempt", "misses-stop",
              "rejects-without-start"]


def scenario(seed):
    r = random.Random(seed)
    dur = r.choice([1, 5, 30, 60, 90])
    out = ["# SPDX-License-Identifier: GPL-2.0-or-later", "# random scenario %d" % seed,
           "[scenario]", "name = random-%d" % seed, "duration_s = %d" % dur,
           "[ues]", "pool = %d" % r.choice([1, 2, 50, 500]),
           "slices = 1-000001:%.3f, 2:%.3f" % (r.random() + 0.01, r.random()),
           "early_retry_share = %.3f" % r.random(), "rrc_retry_share = %.3f" % r.random()]
    if r.random() < 0.7:
        out += ["[nrf]", "report_interval_s = %d" % r.choice([1, 5, 10]),
                "oci = %s" % r.choice(["true", "false"]),
                "oci_malformed = %s" % r.choice(["true", "false"])]
    namf = r.choice([1, 2, 3])
    for a in range(namf):
        out += ["[amf a%d]" % a, "address = 10.0.0.%d" % (a + 1), "set_id = 1",
                "pointer = %d" % (a + 1), "base_load = %d" % r.randint(0, 100)]
    for g in range(r.choice([1, 2, 4])):
        amfs = ", ".join("a%d" % a for a in r.sample(range(namf), r.randint(1, namf)))
        cells = ", ".join("%x" % (g * 16 + c + 1) for c in range(r.randint(1, 4)))
        out += ["[gnb g%d]" % g, "cells = %s" % cells, "address = 10.0.1.%d" % (g + 1),
                "amfs = %s" % amfs, "f1 = %s" % r.choice(["true", "false"]),
                "du_address = 10.0.2.%d" % (g + 1), "behaviour = %s" % r.choice(BEHAVIOURS),
                "spurious_from_s = 0", "spurious_to_s = %d" % max(1, dur),
                "reject_wait = %s" % r.choice(["1", "16", "random:1-16", "random:5-5"]),
                "ng_setup_failures = %d" % r.randint(0, 2)]
    for p in range(r.randint(0, 3)):
        s = r.uniform(0, dur)
        e = r.uniform(s + 0.01, dur + 1)
        out += ["[phase p%d]" % p, "start_s = %.3f" % s, "end_s = %.3f" % e]
        out += ["rate.%s = %s" % (c, r.choice([0, 0.5, 5, 50])) for c in r.sample(CAUSES, 4)]
    next_free = [0.0] * namf          # episodes of one AMF follow each other (mostly)
    for e in range(r.randint(0, 3)):
        amf = r.randrange(namf)
        overlap = r.random() < 0.1       # sometimes on purpose: must be refused
        if next_free[amf] == float("inf") and not overlap:
            continue                     # that AMF's last episode never stops
        s = r.uniform(0, dur) if overlap else next_free[amf] + r.uniform(0, dur / 3 + 1)
        stop = s + 1 + r.random() * 30
        next_free[amf] = stop + 0.001
        out += ["[episode e%d]" % e, "amf = a%d" % amf, "start_s = %.3f" % s,
                "action = %s" % r.choice(ACTIONS), "reduction_pct = %d" % r.randint(0, 99),
                "slices = 2/%s/%d" % (r.choice(ACTIONS), r.randint(0, 99)),
                "nas_reject_share = %.3f" % r.random(),
                "reject_exempt = %s" % r.choice(["true", "false"]),
                "t3346 = %s" % r.choice(["none", "zero", "deactivated", "60", "random:2-11160", "2"]),
                "nas_ciphered_share = %.3f" % r.random(),
                "send_start = %s" % r.choice(["true", "true", "false"]),
                "sbi_error = %s" % r.choice(["none", "503", "429"])]
        if r.random() < 0.5:
            out += ["update1_s = %.3f" % (s + 0.5), "update1_action = %s" % r.choice(ACTIONS)]
        if r.random() < 0.6:
            out += ["stop_s = %.3f" % stop]
        else:
            next_free[amf] = float("inf")  # open-ended: nothing may follow
    if namf > 1 and r.random() < 0.7:
        out += ["[rebalance r]", "from = a0", "to = a1", "start_s = 0", "end_s = %d" % max(1, dur),
                "rate_per_s = %s" % r.choice([0.5, 50]), "capacity = %d" % r.randint(-1, 255)]
    return "\n".join(out) + "\n"


def main():
    synth, wrapper, out, first, count = sys.argv[1:6]
    os.makedirs(out, exist_ok=True)
    checker = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_capture.py")
    bad, written, refused = 0, 0, 0
    for seed in range(int(first), int(first) + int(count)):
        ini = os.path.join(out, "random-%d.ini" % seed)
        cap = os.path.join(out, "random-%d.pcapng" % seed)
        with open(ini, "w") as f:
            f.write(scenario(seed))
        r = subprocess.run([synth, ini, "-o", cap], capture_output=True, text=True, timeout=60)
        if r.returncode == 1 and "overlap on AMF" in r.stderr:
            refused += 1
            print("ok   seed %d refused: %s" % (seed, r.stderr.strip()))
            continue
        if r.returncode != 0:
            bad += 1
            print("FAIL seed %d: exit %d: %s" % (seed, r.returncode, r.stderr.strip()))
            continue
        import json
        truth = json.load(open(cap[:-len(".pcapng")] + ".truth.json"))
        rules = sorted({f["rule"] for f in truth["faults"]})
        c = subprocess.run([sys.executable, checker, wrapper, cap, cap[:-7] + ".truth.json",
                            ",".join(rules) if rules else "none"], capture_output=True, text=True)
        written += 1
        if c.returncode != 0:
            bad += 1
            fails = [l for l in c.stdout.splitlines() if l.startswith("FAIL")]
            print("FAIL seed %d: %s" % (seed, " | ".join(fails[:3])))
        else:
            print("ok   seed %d: %d frames, rules %s" % (seed, truth["frames"], rules or "none"))
    print("%d written and checked, %d refused, %d failed" % (written, refused, bad))
    sys.exit(1 if bad or written == 0 else 0)


if __name__ == "__main__":
    main()
