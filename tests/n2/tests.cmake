# SPDX-License-Identifier: GPL-2.0-or-later
# tests/n2: end-to-end N2 tests: crafted captures (make_captures.py) through the real tshark with
# the built plugin, run as an unprivileged user by tests/lib/tshark-as-user.sh.
find_package(Python3 COMPONENTS Interpreter)
if(AMFOL_PLUGIN_SO AND Python3_FOUND)
  set(_n2_dir ${CMAKE_CURRENT_LIST_DIR})
  # The crafted captures through tshark once per pass for all the modes (and pictures.page.n2-*)
  # that read them: n2.captures (fixture n2_caps) writes them into _n2_taps/caps, n2_taps.<name>
  # (fixture n2_taps_<name>) runs <name> in one pass and with -2, every field and report those
  # tests read (tests/lib/amfol_taps.py N2_ONE_PASS / N2_TWO_PASS), into _n2_taps/<name>.
  set(_n2_taps ${CMAKE_BINARY_DIR}/tests/n2/taps)
  add_test(NAME n2.captures
    COMMAND ${Python3_EXECUTABLE} ${_n2_dir}/make_captures.py ${_n2_taps}/caps)
  set_tests_properties(n2.captures PROPERTIES FIXTURES_SETUP n2_caps)
  foreach(name storm clean exempt late)
    add_test(NAME n2_taps.${name}
      COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/scenario_taps/scenario_taps.py
              ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO} ${_n2_taps}/caps/${name}.pcap ${_n2_taps}/${name} --one-pass --n2)
    set_tests_properties(n2_taps.${name} PROPERTIES FIXTURES_REQUIRED n2_caps FIXTURES_SETUP n2_taps_${name}
                         TIMEOUT 180)
  endforeach()
  set(_n2_needs_fields storm clean late)
  set(_n2_needs_json storm clean exempt late)
  set(_n2_needs_timeline storm)
  set(_n2_needs_diagnosis storm clean)
  set(_n2_needs_expert storm)
  set(_n2_needs_twopass storm clean exempt late)
  foreach(mode fields json timeline diagnosis expert twopass robust docs)
    set(_taps "")
    set(_fixtures "")
    if(DEFINED _n2_needs_${mode})
      set(_taps --taps ${_n2_taps})
      set(_fixtures n2_caps)
      foreach(name ${_n2_needs_${mode}})
        list(APPEND _fixtures n2_taps_${name})
      endforeach()
    endif()
    add_test(NAME n2.${mode}
      COMMAND ${Python3_EXECUTABLE} ${_n2_dir}/check_n2.py ${mode} ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
              ${CMAKE_CURRENT_BINARY_DIR}/n2-work-${mode} ${_taps})
    set_tests_properties(n2.${mode} PROPERTIES TIMEOUT 180)
    if(_fixtures)
      set_tests_properties(n2.${mode} PROPERTIES FIXTURES_REQUIRED "${_fixtures}")
    endif()
  endforeach()
  # The UE NGAP IDs, RRC establishment cause and UEContextRequest read from a message's IE bytes
  # against tshark's own decode of hand-made PDUs and every truncation of them.
  add_test(NAME n2.ie_bytes
    COMMAND ${Python3_EXECUTABLE} ${_n2_dir}/check_ie_bytes.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
            ${CMAKE_CURRENT_BINARY_DIR}/n2-work-ie-bytes)
  set_tests_properties(n2.ie_bytes PROPERTIES TIMEOUT 180)
  # On the one tshark run per public capture of the fixture public_runs (tests/public).
  amfol_public_test(NAME n2.public
    COMMAND ${Python3_EXECUTABLE} ${_n2_dir}/check_n2.py public ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
            ${CMAKE_CURRENT_BINARY_DIR}/n2-work-public @PUBLIC@ ${AMFOL_PUBLIC_RUNS})
  set_tests_properties(n2.public PROPERTIES FIXTURES_REQUIRED public_runs)
  # The synthesizer's scenarios (findings, episodes, initial-UE counts): tests/e2e.
  # amfol's NGAP PDU and INITIAL UE MESSAGE counts equal tshark's own, per PDU: on every scenario's
  # one tshark run (tests/e2e), on every public capture, and on the load-generator floods, whose
  # truth they also equal (check_ngap_counts.py).
  get_property(_n2_scenarios GLOBAL PROPERTY AMFOL_SYNTH_FIXTURES)
  foreach(name ${_n2_scenarios})
    add_test(NAME n2.ngap_counts.${name}
      COMMAND ${Python3_EXECUTABLE} ${_n2_dir}/check_ngap_counts.py - - - run ${AMFOL_E2E_RUNS}/${name})
    set_tests_properties(n2.ngap_counts.${name} PROPERTIES FIXTURES_REQUIRED "synth_${name};e2e_run_${name}")
  endforeach()
  get_property(_n2_floods GLOBAL PROPERTY AMFOL_SYNTH_FLOODS)
  foreach(name ${_n2_floods})
    get_property(_rules GLOBAL PROPERTY AMFOL_SYNTH_FLOOD_RULES_${name})
    add_test(NAME n2.ngap_counts.${name}
      COMMAND ${Python3_EXECUTABLE} ${_n2_dir}/check_ngap_counts.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
              ${CMAKE_CURRENT_BINARY_DIR}/n2-work-counts-${name} capture
              ${CMAKE_BINARY_DIR}/testcaptures/out/${name}.pcapng ${CMAKE_BINARY_DIR}/testcaptures/out/${name}.truth.json ${_rules})
    set_tests_properties(n2.ngap_counts.${name} PROPERTIES FIXTURES_REQUIRED synth_${name} TIMEOUT 300)
  endforeach()
  amfol_public_test(NAME n2.ngap_counts.public TIMEOUT 600
    COMMAND ${Python3_EXECUTABLE} ${_n2_dir}/check_ngap_counts.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
            ${CMAKE_CURRENT_BINARY_DIR}/n2-work-counts-public public @PUBLIC@)
endif()
