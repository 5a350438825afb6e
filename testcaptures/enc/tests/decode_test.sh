#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Decode test: one PDU of every encoded message type, wrapped by text2pcap in SCTP (NGAP PPID 60 on
# 38412, F1AP PPID 62 on 38472) and decoded by the real tshark: no malformed packet, no Expert Info
# warning or error, and the key field values of every frame as the encoders were told to write them.
#
# Usage: decode_test.sh DUMP_ALL_PDUS_EXE TSHARK_AS_USER_SH WORK_DIR
set -euo pipefail
dump=$1
tshark_as_user=$2
work=$3

rm -rf "$work"
mkdir -p "$work"
cd "$work"
"$dump" ngap.txt f1ap.txt
text2pcap -q -S 38412,38412,60 ngap.txt ngap.pcap 2>text2pcap.log
text2pcap -q -S 38472,38472,62 f1ap.txt f1ap.pcap 2>>text2pcap.log
# Negative control: a truncated OVERLOAD START (frame 1) must be flagged, a valid STOP (frame 2) not.
printf '000000 00 16 40 13 00 00 01 00 31 40 0c 00 00 60\n\n000000 00 17 00 03 00 00 00\n\n' \
  >control.txt
text2pcap -q -S 38412,38412,60 control.txt control.pcap 2>>text2pcap.log

# The unprivileged tshark cannot reach a build folder inside a private clone (e.g. /root, mode
# 700): stage in a world-readable temporary folder instead, as the other tests do.
AMFOL_STAGE=$(mktemp -d /tmp/amfol-decode.XXXXXX)
export AMFOL_STAGE
trap 'rm -rf "$AMFOL_STAGE"' EXIT
failures=0
ts() { "$tshark_as_user" "" "$@" 2>>tshark.stderr; }

# expect NAME EXPECTED_TEXT ACTUAL_TEXT
expect() {
  if [ "$2" != "$3" ]; then
    echo "FAIL: $1"
    diff <(printf '%s\n' "$2") <(printf '%s\n' "$3") | head -40 || true
    failures=$((failures + 1))
  else
    echo "ok: $1"
  fi
}

F=(-T fields -E occurrence=a -E aggregator=,)
T=$'\t'
# A tshark start costs ~0.4 s of CPU whatever the capture: tshark runs ONCE per capture, printing
# every field the checks below read for every frame (rows NAME.rows, their field names NAME.fields);
# the checks pick their columns (cols) and the frames their display filters selected (the awk
# conditions below, each the -Y filter the check used to run).
# run_fields CAPTURE_BASENAME FIELD...
run_fields() {
  local name=$1; shift
  printf '%s\n' "$@" >"$name.fields"
  local args=()
  for f in "$@"; do args+=(-e "$f"); done
  ts -r "$name.pcap" "${F[@]}" "${args[@]}" >"$name.rows"
}
# cols NAME [AWK_CONDITION] -- FIELD...: the columns FIELD... of NAME's rows that meet the
# condition (awk, on the values c["field"]; default: every row). An error prints a "cols:" line
# on stdout, so that the check comparing it fails.
cols() {
  local name=$1 cond=1; shift
  if [ "$1" != -- ]; then cond=$1; shift; fi
  shift
  awk -F"$T" -v OFS="$T" -v want="$*" "$AWK_LIB"'
    NR == FNR { idx[$0] = FNR; names[FNR] = $0; nf = FNR; next }
    FNR == 1 { n = split(want, w, " ")
               for (i = 1; i <= n; i++) if (!(w[i] in idx)) { print "cols: no field " w[i]; exit 2 } }
    NF != nf { print "cols: a row of " NF " cells, " nf " fields"; exit 2 }
    { for (i = 1; i <= nf; i++) c[names[i]] = $i
      if (!('"$cond"')) next
      line = $(idx[w[1]]); for (i = 2; i <= n; i++) line = line OFS $(idx[w[i]]); print line }' \
    "$name.fields" "$name.rows"
}
# awk conditions: -Y '_ws.malformed || _ws.expert.severity >= warning' (PI_WARN 0x00600000;
# tshark prints the severities in decimal, anything else fails the check); has(LIST, "v1,v2"): -Y
# 'FIELD in {v1,v2}' on a field with several occurrences (any of them).
bad='c["_ws.malformed"] != "" || sev_ge(c["_ws.expert.severity"], 6291456)'
AWK_LIB='function sev_ge(list, min,   a, k, n) { n = split(list, a, ",")
           for (k = 1; k <= n; k++) { if (a[k] !~ /^[0-9]+$/) { print "cols: severity " a[k]; exit 2 }
                                      if (a[k] + 0 >= min) return 1 }
           return 0 }
         function has(list, set,   a, s, j, k, n) { n = split(list, a, ","); split(set, s, ",")
           for (k = 1; k <= n; k++) for (j in s) if (a[k] == s[j]) return 1
           return 0 }
'
BAD_FIELDS=(_ws.malformed _ws.expert.severity)

NAS_FIELDS=(frame.number ngap.procedureCode ngap.RRCEstablishmentCause
  nas_5gs.security_header_type nas_5gs.mm.message_type nas_5gs.sm.message_type
  nas_5gs.mm.5gs_reg_type nas_5gs.mm.serv_type nas_5gs.mm.5gmm_cause
  nas_5gs.sm.5gsm_cause gsm_a.gm.gmm.gprs_timer2_unit gsm_a.gm.gmm.gprs_timer2_value
  gsm_a.gm.gmm.gprs_timer3_unit gsm_a.gm.gmm.gprs_timer3_value
  nas_5gs.mm.conf_upd_ind.red nas_5gs.mm.conf_upd_ind.ack nas_5gs.mm.re_reg_req)
NGAP_FIELDS=(frame.number ngap.procedureCode ngap.AMFName ngap.RANNodeName
  ngap.RelativeAMFCapacity ngap.TimeToWait ngap.misc ngap.overloadAction
  ngap.TrafficLoadReductionIndication ngap.sST ngap.sD
  ngap.sliceTrafficLoadReductionIndication ngap.fiveG_TMSI ngap.UEContextRequest
  ngap.backupAMFName ngap.AMF_UE_NGAP_ID ngap.RAN_UE_NGAP_ID)
CAUSE_FIELDS=(frame.number ngap.Cause ngap.radioNetwork ngap.nas ngap.protocol)
F1AP_FIELDS=(frame.number f1ap.procedureCode f1ap.GNB_DU_UE_F1AP_ID f1ap.C_RNTI f1ap.SRBID
  nr-rrc.establishmentCause nr-rrc.resumeCause nr-rrc.waitTime nr-rrc.ue_Identity
  nr-rrc.srb_Identity nr-rrc.cellGroupId f1ap.nRPCI)
SETUP_FIELDS=(frame.number f1ap.F1AP_PDU f1ap.GNB_DU_Name f1ap.GNB_CU_Name f1ap.latest_RRC_Version)
# every field once, in order of first mention
uniq_fields() { printf '%s\n' "$@" | awk '!seen[$0]++'; }
mapfile -t ngap_all < <(uniq_fields "${NAS_FIELDS[@]}" "${NGAP_FIELDS[@]}" "${CAUSE_FIELDS[@]}" "${BAD_FIELDS[@]}" ngap)
mapfile -t f1ap_all < <(uniq_fields "${F1AP_FIELDS[@]}" "${SETUP_FIELDS[@]}" "${BAD_FIELDS[@]}" f1ap)
run_fields control frame.number "${BAD_FIELDS[@]}"
run_fields ngap "${ngap_all[@]}"
run_fields f1ap "${f1ap_all[@]}"

expect "control: truncated PDU is flagged" "1" "$(cols control "$bad" -- frame.number)"
expect "NGAP: no malformed / expert warning" "" "$(cols ngap "$bad" -- frame.number)"
expect "F1AP: no malformed / expert warning" "" "$(cols f1ap "$bad" -- frame.number)"
expect "NGAP: 58 frames, all NGAP" "58" "$(cols ngap 'c["ngap"] != ""' -- frame.number | wc -l)"
expect "F1AP: 27 frames, all F1AP" "27" "$(cols f1ap 'c["f1ap"] != ""' -- frame.number | wc -l)"

# NAS inside NGAP: frame, procedure, RRC cause, security header types, 5GMM/5GSM types,
# registration type, service type, 5GMM cause, 5GSM cause, timer 2 unit/value, timer 3 unit/value,
# CUC RED/ACK, re-registration required.
expected_nas=$(cat <<'END'
1	21															
2	21															
3	21															
4	15	3	0	0x41		1										
5	15	3	1,0	0x41		2										
6	15	3	0	0x41		3										
7	15	0	0	0x41		4										
8	15	4	0	0x4c			0									
9	15	4	0	0x4c			1									
10	15	4	0	0x4c			2									
11	15	4	0	0x4c			3									
12	15	4	0	0x4c			4									
13	15	4	0	0x4c			5									
14	15	4	0	0x4c			6									
15	15	0	0	0x4c			0									
16	15	1	0	0x4c			0									
17	15	2	0	0x4c			0									
18	15	3	0	0x4c			0									
19	15	4	0	0x4c			0									
20	15	5	0	0x4c			0									
21	15	6	0	0x4c			0									
22	15	7	0	0x4c			0									
23	15	8	0	0x4c			0									
24	15	9	0	0x4c			0									
25	15	10	0	0x4c			0									
26	15	11	0	0x4c			0									
27	46		0	0x67	0xc1											
28	4		0	0x42												
29	4		0	0x44				22		1,2	1,2					
30	4		1,0	0x44				22		2	5					
31	4		2													
32	4		0	0x44				7								
33	4		0	0x4e												
34	4		0	0x4d				22		0	0					
35	4		0	0x4d				22		7	0					
36	4		0	0x4d				111								
37	4		0	0x47				22		0	5					1
38	4		0	0x54										1	1	
39	4		0	0x68	0xc3			22	26			1,1	1,1			
40	4		0	0x68	0xc3				67			0	1			
41	4		0	0x68	0xc3				69			7	0			
42	22															
43	22															
44	22															
45	22															
46	23															
47	0															
48	1															
49	41															
50	41															
51	41															
52	9															
53	9															
54	4		0	0x68	0xc3				69			2	3			
55	4		0	0x68	0xc3				69			3	4			
56	4		0	0x68	0xc3				69			4	5			
57	4		0	0x68	0xc3				69			5	6			
58	4		0	0x68	0xc3				69			6	7			
END
)
expect "NGAP + NAS-5GS field values" "$expected_nas" "$(cols ngap -- "${NAS_FIELDS[@]}")"

# NGAP IEs of the interface-management, overload and release frames.
expected_ngap=$(cat <<'END'
1	21		gnb-1						01,01,01,01	000001,000001						
2	21	amf-1		255					01,02	abcdef						
3	21				3	0										
4	15															1
5	15											258				2
6	15												0			3
42	22															
43	22						0									
44	22							99								
45	22						3,1	1	01,01,02,03	000001,000002,123456	40					
46	23															
47	0	amf-1		10												
48	1													amf-2		
49	41														1099511627775	4294967295
50	41														7	
51	41														7	1
52	9														7	1
53	9															
END
)
expect "NGAP IE values" "$expected_ngap" "$(cols ngap -- "${NGAP_FIELDS[@]}" \
  | awk -F"$T" '$1 <= 6 || ($1 >= 42 && $1 <= 53)')"

expect "NGAP cause values (frames 49, 50, 52, 53)" \
  $'49\t2\t\t0\t\n50\t0\t20\t\t\n52\t3\t\t\t6\n53\t0\t45\t\t' \
  "$(cols ngap 'has(c["ngap.procedureCode"], "9,41") && c["ngap.Cause"] != ""' -- "${CAUSE_FIELDS[@]}")"

# F1AP + NR RRC: frame, procedure, DU UE id, C-RNTI, SRB, establishment cause, resume cause,
# waitTime, ue-Identity choice, srb-Identity, cellGroupId, served/activated cells' PCI.
expected_f1ap=$(cat <<'END'
1	1										10,11
2	1										10,11
3	11	100	17921		0			0		0	
4	11	101	17922		1			1		0	
5	11	102	17923		2			0		0	
6	11	103	17924		3			1		0	
7	11	104	17925		4			0		0	
8	11	105	17926		5			1		0	
9	11	106	17927		6			0		0	
10	11	107	17928		7			1		0	
11	11	108	17929		8			0		0	
12	11	109	17930		9			1		0	
13	11	200	18177			0					
14	11	201	18178			1					
15	11	202	18179			2					
16	11	203	18180			3					
17	11	204	18181			4					
18	11	205	18182			5					
19	11	206	18183			6					
20	11	207	18184			7					
21	11	208	18185			8					
22	11	209	18186			9					
23	11	210	18187			10					
24	12	100		0			1				
25	12	100		0			16				
26	12	100		0							
27	12	101		0					1	0	
END
)
expect "F1AP + NR RRC field values" "$expected_f1ap" "$(cols f1ap -- "${F1AP_FIELDS[@]}")"

expect "F1AP setup names and message kinds" $'1\t0\tgnb-1-du\t\tc0\n2\t1\t\tgnb-1-cu\tc0' \
  "$(cols f1ap 'has(c["f1ap.procedureCode"], "1")' -- "${SETUP_FIELDS[@]}")"

if [ "$failures" -ne 0 ]; then
  echo "decode_test: $failures check(s) failed (tshark stderr in $work/tshark.stderr)"
  exit 1
fi
echo "decode_test: all checks passed"
