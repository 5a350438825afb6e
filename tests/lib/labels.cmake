# SPDX-License-Identifier: GPL-2.0-or-later
# labels.cmake: the CTest labels of every test, from its name, in one table (tests/README.md).
# Each test gets exactly one TECHNIQUE label and one DOMAIN label (core.labels checks it), so that
#   ctest -L unit      ctest -L n2      ctest -L 'lookalike|public'      ctest -LE '^slow$'
# select a kind or a domain. The label "slow" (Debian roots, sanitizers, libFuzzer) is set where
# those tests are defined and kept here.
# A folder that defines tests includes this file and calls amfol_label_tests() after its last
# add_test (tests/CMakeLists.txt, testcaptures/tests, testcaptures/enc/tests, testcaptures/wire/tests).
#
# Techniques: how a test works.
#   unit      C unit tests of the core or the synthesizer, and checks of the sources (no tshark)
#   e2e       a synthesized scenario through the real tshark with the plugin, against its ground truth
#   crafted   hand-made PDUs or captures (Python, the encoders) through the real tshark
#   lookalike a compliant behaviour that resembles a fault (never flagged) beside the fault itself
#   public    the public captures of shared/captures/public (skipped, 77, when absent)
#   fuzz      mutated or malformed input, sanitizers, libFuzzer
#   scale     capacity bounds, split captures and amfol-replay, parallel runs
#   package   the .deb, other Wireshark releases, the newcomer's path (Debian roots)
#   fixture   a setup that others read (a capture made, a tshark run cached): FIXTURES_SETUP
set(AMFOL_TEST_TECHNIQUES unit e2e crafted lookalike public fuzz scale package fixture)
# Domains: what a test is about.
#   n2 nas rrc sbi  one interface's decoding and counters      symptoms kpi ue  those views
#   report  the outputs (pages, tables, charts, JSON layout)    rules  findings of the catalogue
#   core    the engine's frame (structure, maps, events)        multi  every domain at once
#   synth   the storm synthesizer and its encoders              tools  scripts, plugin loading
set(AMFOL_TEST_DOMAINS n2 nas rrc sbi symptoms kpi ue report rules core multi synth tools)
# "REGEX TECHNIQUE DOMAIN", the first that matches a test's name wins.
set(AMFOL_TEST_LABEL_RULES
  "^core[.]test_n2_ unit n2"          "^core[.]test_nas_ unit nas"       "^core[.]test_rrc_ unit rrc"
  "^core[.]test_sbi_ unit sbi"        "^core[.]test_symptoms unit symptoms"
  "^core[.]test_ue_ unit ue"          "^core[.]test_findings unit rules"
  "^core[.]test_(report_outputs|html_buckets|chart_rec|rows|rows_line|fmt)$ unit report"
  "^core[.]catalogue_ unit rules"
  "^core[.] unit core"
  "^asan[.]core[.]test_(n2|nas|rrc|sbi)_ fuzz \\1"
  "^asan[.] fuzz core"
  "^fuzz[.]libfuzzer[.]nas$ fuzz nas" "^fuzz[.]libfuzzer[.](olc|retry_after|nf_profile)$ fuzz sbi"
  "^fuzz[.] fuzz multi"
  "^e2e[.]tshark_run[.] fixture rules" "^e2e[.]findings[.] e2e rules"  "^e2e[.] e2e multi"
  "^synth[.]generate[.] fixture synth" "^synth[.]tshark_matches_truth[.] e2e synth"
  "^synth[.]random_scenarios$ e2e synth" "^synth[.]bad_input$ fuzz synth" "^synth[.] unit synth"
  "^(enc_decode_all_pdus|wire_decode_tshark)$ crafted synth" "^(enc|wire)_test_ unit synth"
  "^field[.]scp$ crafted sbi"         "^field[.]part1$ e2e ue"           "^field[.] crafted n2"
  "^kpi[.]public public kpi"           "^kpi[.] e2e kpi"
  "^lookalike[.] lookalike rules"
  "^n2([.]captures|_taps[.]) fixture n2" "^n2[.](ngap_counts[.])?public$ public n2"
  "^n2[.]ngap_counts[.] e2e n2"       "^n2[.] crafted n2"
  "^nas[.]public- public nas"         "^nas[.] crafted nas"
  "^pictures[.]page[.](public|no-ngap)$ public report" "^pictures[.] e2e report"
  "^public[.]tshark_runs$ fixture multi" "^public[.] public report"
  "^rrc[.]srsran_mac$ public rrc"     "^rrc[.]fuzz$ fuzz rrc"            "^rrc[.](tags|behaviours)[.] e2e rrc"
  "^rrc[.] crafted rrc"
  "^sbi[.]public[.] public sbi"       "^sbi[.]table[.] e2e sbi"          "^sbi[.] crafted sbi"
  "^scale[.] scale multi"             "^capacity[.] scale core"
  "^scenario_taps[.] fixture report"
  "^symptoms[.]public public symptoms" "^symptoms[.] e2e symptoms"
  "^tables[.] e2e report"
  "^tools[.]ws_versions_run[.] package tools" "^tools[.]wanted_fields$ unit tools" "^tools[.] e2e tools"
  "^ue[.]public$ public ue"           "^ue[.] e2e ue"
  "^package[.] package tools")

# Labels every test of the calling folder (CMAKE_CURRENT_SOURCE_DIR's tests) from the table; a
# test no rule matches gets none, and core.labels names it.
function(amfol_label_tests)
  get_property(tests DIRECTORY PROPERTY TESTS)
  foreach(t ${tests})
    get_test_property(${t} LABELS old)
    set(labels "")
    if(old AND "slow" IN_LIST old)
      set(labels slow)
    endif()
    foreach(rule ${AMFOL_TEST_LABEL_RULES})
      string(REPLACE " " ";" parts "${rule}")
      list(GET parts 0 re)
      if(t MATCHES "${re}")
        list(GET parts 1 technique)
        list(GET parts 2 domain)
        if(domain STREQUAL "\\1")
          set(domain ${CMAKE_MATCH_1})
        endif()
        list(APPEND labels ${technique} ${domain})
        break()
      endif()
    endforeach()
    set_tests_properties(${t} PROPERTIES LABELS "${labels}")
  endforeach()
endfunction()
