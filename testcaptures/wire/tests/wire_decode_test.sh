#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Decode test: wire_sample's capture read by the real tshark must show exactly the expected values.
# Usage: wire_decode_test.sh WIRE_SAMPLE_BIN TSHARK_AS_USER_SH OUT_DIR
set -uo pipefail
sample=$1 wrapper=$2 outdir=$3
mkdir -p "$outdir"
cap="$outdir/wire_sample.pcapng"
rm -f "$cap"
n_written=$("$sample" "$cap") || { echo "FAIL: wire_sample did not run"; exit 1; }

fails=0
# One staging folder for the tshark runs below (the plugin-less wrapper copies the capture once).
export AMFOL_STAGE
AMFOL_STAGE=$(mktemp -d /tmp/amfol-wire.XXXXXX)
trap 'rm -rf "$AMFOL_STAGE"' EXIT
expect() { # NAME EXPECTED ACTUAL
  if [ "$2" == "$3" ]; then
    echo "ok   $1"
  else
    echo "FAIL $1"; echo "  expected: $2"; echo "  actual:   $3"; fails=$((fails + 1))
  fi
}

# One tshark run prints every field the checks below need, one line per frame (a tshark run costs
# far more than the whole capture; this used to be 18 runs, one per display filter). Occurrences of
# a field are joined by \037 (values contain ',' and '|'). The former -Y filters are applied in awk:
#   has(F)     the field (or protocol) is in the frame, like -Y F
#   any(F, V)  one occurrence equals V, like -Y 'F == V'
#   v(F)       the value as "-T fields" prints it with the default aggregator ','
#   va(F)      the same with the aggregator '|'
fields="frame.number sctp tcp ip.checksum.status sctp.checksum.status tcp.checksum.status
  sctp.chunk_type ngap.procedureCode ngap.overloadAction ngap.TrafficLoadReductionIndication
  sctp.data_tsn_raw sctp.data_ssn sctp.data_sid sctp.data_payload_proto_id sctp.retransmission
  sctp.sack_cumulative_tsn_ack_raw sctp.sack_gap_block_start sctp.sack_gap_block_end
  sctp.sack_duplicate_tsn sctp.data_b_bit sctp.data_e_bit data.len f1ap.procedureCode
  nr-rrc.waitTime http2.type http2.headers.method http2.headers.path http2.headers.status
  http2.headers.retry_after http2.headers.content_type http2.header.name http2.header.value
  json.member json.member_with_value json.path_with_value _ws.malformed _ws.expert.severity
  _ws.expert.message"
table="$outdir/fields.tsv"
eargs=()
for f in $fields; do eargs+=(-e "$f"); done
"$wrapper" "" -r "$cap" -d tcp.port==7777,http2 -o sctp.checksum:CRC-32C \
  -o ip.check_checksum:TRUE -o tcp.check_checksum:TRUE \
  -T fields -E aggregator=$'\037' "${eargs[@]}" >"$table" 2>/dev/null
sel() { # AWK_PROGRAM: run over the table with has/any/v/va
  awk -F'\t' -v hdr="$fields" '
    BEGIN { n = split(hdr, H, /[ \n]+/) }
    function has(f) { return R[f] != "" }
    function any(f, val,   a, k, i) { k = split(R[f], a, "\037"); for (i = 1; i <= k; i++) if (a[i] == val) return 1; return 0 }
    function agg(f, c,   s) { s = R[f]; gsub(/\037/, c, s); return s }
    function v(f) { return agg(f, ",") }
    function va(f) { return agg(f, "|") }
    { for (i = 1; i <= n; i++) R[H[i]] = $i }
    '"$1" "$table"
}
# The severity of a warning (PI_WARN); 4.0 prints the number, a later version may print the name.
warn='function warned(   a, k, i) { k = split(R["_ws.expert.severity"], a, "\037")
  for (i = 1; i <= k; i++) if (a[i] ~ /^(Warn|Warning|Error)$/ || (a[i] ~ /^[0-9]+$/ && a[i] + 0 >= 6291456)) return 1
  return 0 }'

expect "writer frame count" "100" "$n_written"
expect "tshark frame count" "100" "$(sel '{ print v("frame.number") }' | wc -l)"

# Checksums: every IPv4 header, SCTP packet (CRC32c) and TCP segment verified Good (1).
expect "ip checksums good" "100 1" "$(sel '{ print v("ip.checksum.status") }' | sort | uniq -c | awk '{print $1, $2}')"
expect "sctp checksums good" "31 1" "$(sel 'has("sctp") { print v("sctp.checksum.status") }' | sort | uniq -c | awk '{print $1, $2}')"
expect "tcp checksums good" "69 1" "$(sel 'has("tcp") { print v("tcp.checksum.status") }' | sort | uniq -c | awk '{print $1, $2}')"

# SCTP: handshake, a 3-chunk NGAP packet, SACK, retransmission, teardown.
expect "sctp chunk types" \
  "1 2 10 11 0,0,0 3 0 0 3 4 5 7 8 14 1 2 10 11 0 0 3 0 3 1 2 10 11 0 0 0 3" \
  "$(sel 'has("sctp") { print v("sctp.chunk_type") }' | tr '\n' ' ' | sed 's/ $//')"
expect "frame 5: three NGAP PDUs" "22,22,23	1,2	50	5000,5001,5002	0,1,2	60,60,60" \
  "$(sel '$1 == 5 { print v("ngap.procedureCode") "\t" v("ngap.overloadAction") "\t" \
      v("ngap.TrafficLoadReductionIndication") "\t" v("sctp.data_tsn_raw") "\t" v("sctp.data_ssn") "\t" \
      v("sctp.data_payload_proto_id") }')"
# Wireshark does not pass a retransmitted chunk to NGAP again: frame 8 has no procedureCode.
expect "frame 7/8: data + retransmission" "7	15	1000	0x0001	0	
8		1000	0x0001	0	7" \
  "$(sel '$1 == 7 || $1 == 8 { print v("frame.number") "\t" v("ngap.procedureCode") "\t" \
      v("sctp.data_tsn_raw") "\t" v("sctp.data_sid") "\t" v("sctp.data_ssn") "\t" v("sctp.retransmission") }')"
expect "SACKs ack the peer's last TSN" "5002 1000 8999 9001 102" \
  "$(sel 'any("sctp.chunk_type", 3) { print v("sctp.sack_cumulative_tsn_ack_raw") }' | tr '\n' ' ' | sed 's/ $//')"

# F1: F1AP over PPID 62 on 38472; a lost CU DATA (TSN 9000), SACK with gap block and duplicate,
# the retransmission (first sight of 9000, so decoded), the final SACK.
expect "F1AP + SACK gap + retransmission" "88 11  7000 0    
89 12 10 9001 1    
90     8999 2 2 7000
91 12 10 9000 0    
92     9001   " \
  "$(sel '$1 >= 88 && $1 <= 92 { print v("frame.number"), v("f1ap.procedureCode"), v("nr-rrc.waitTime"), \
      v("sctp.data_tsn_raw"), v("sctp.data_ssn"), v("sctp.sack_cumulative_tsn_ack_raw"), \
      v("sctp.sack_gap_block_start"), v("sctp.sack_gap_block_end"), v("sctp.sack_duplicate_tsn") }')"
# A 3000-byte message in three fragments (B..., ..., ...E), reassembled by Wireshark.
expect "fragmented DATA reassembled" "97 100 1 0 
98 101 0 0 
99 102 0 1 3000" \
  "$(sel '$1 >= 97 && $1 <= 99 { print v("frame.number"), v("sctp.data_tsn_raw"), v("sctp.data_b_bit"), \
      v("sctp.data_e_bit"), v("data.len") }')"

# HTTP/2: every request and response, decoded through the HPACK dynamic table.
expect "http2 requests/responses" "22 PUT /nnrf-nfm/v1/nf-instances/6f1c1a5e-0000-4000-8000-000000000001 -
24 - - 201
26 PATCH /nnrf-nfm/v1/nf-instances/6f1c1a5e-0000-4000-8000-000000000001 -
28 - - 204
30 GET /nnrf-disc/v1/nf-instances?target-nf-type=AMF&requester-nf-type=AMF&amf-set-id=001 -
32 - - 200
35 PATCH /nnrf-nfm/v1/nf-instances/6f1c1a5e-0000-4000-8000-000000000001 -
37 - - 503
39 PATCH /nnrf-nfm/v1/nf-instances/6f1c1a5e-0000-4000-8000-000000000001 -
41 - - 429
43 PATCH /nnrf-nfm/v1/nf-instances/6f1c1a5e-0000-4000-8000-000000000001 -
45 - - 204
54 POST /namf-callback/v1/nf-status-notify -
56 - - 204
65 POST /namf-comm/v1/ue-contexts/5g-guti-00101020041cafe0001/transfer -
67 - - 200" \
  "$(sel 'any("http2.type", 1) { print v("frame.number") "\t" v("http2.headers.method") "\t" \
      v("http2.headers.path") "\t" v("http2.headers.status") }' |
     awk -F'\t' '{for(i=2;i<=4;i++) if($i=="") $i="-"; print $1, $2, $3, $4}')"
expect "retry-after on 503 and 429" "37 10
41 5" "$(sel 'has("http2.headers.retry_after") { print v("frame.number"), v("http2.headers.retry_after") }')"
expect "content types" "application/json application/json application/json-patch+json application/json application/json-patch+json application/problem+json application/json-patch+json application/problem+json application/json-patch+json application/json application/json application/json" \
  "$(sel 'has("http2.headers.content_type") { print v("http2.headers.content_type") }' | tr '\n' ' ' | sed 's/ $//')"

# 3gpp-sbi-oci / -lci: pair http2.header.name with http2.header.value by index.
pair() { # HEADER_NAME -> "frame value" lines
  sel 'any("http2.header.name", "'"$1"'") { print va("frame.number") "\t" va("http2.header.name") "\t" va("http2.header.value") }' |
    awk -F'\t' -v h="$1" '{n=split($2,a,"|"); split($3,v,"|"); for(i=1;i<=n;i++) if(a[i]==h) print $1, v[i]}'
}
expect "3gpp-sbi-oci value" '37 Timestamp: "Thu, 01 Jan 2026 00:00:01 GMT"; Period-of-Validity: 75s; Overload-Reduction-Metric: 50%; NF-Instance: 6f1c1a5e-0000-4000-8000-0000000000ff' \
  "$(pair 3gpp-sbi-oci)"
expect "3gpp-sbi-lci value" '45 Timestamp: "Thu, 01 Jan 2026 00:00:01 GMT"; Load-Metric: 70%; NF-Instance: 6f1c1a5e-0000-4000-8000-0000000000ff' \
  "$(pair 3gpp-sbi-lci)"

# JSON bodies: load values where amfol will look for them.
expect "json load members" "22,24,33" \
  "$(sel 'any("json.member_with_value", "load:87") { print v("frame.number") }' | paste -sd,)"
expect "NFUpdate patch /load" "26 /[]/value:87
35 /[]/value:95
39 /[]/value:96" \
  "$(sel 'any("json.path_with_value", "/[]/path:/load") { print va("frame.number") "\t" va("json.path_with_value") }' |
     awk -F'\t' '{n=split($2,a,"|"); for(i=1;i<=n;i++) if(a[i] ~ /^\/\[\]\/value:[0-9]+$/) print $1, a[i]}')"
expect "NFDiscover loads" "/nfInstances/[]/load:87|/nfInstances/[]/load:35|/nfInstances/[]/load:12" \
  "$(sel '$1 == 33 { print va("json.path_with_value") }' | tr '|' '\n' | grep '^/nfInstances/\[\]/load:' | paste -sd'|')"
expect "NFStatusNotify load change" "54" \
  "$(sel 'any("json.path_with_value", "/profileChanges/[]/newValue:35") { print v("frame.number") }')"
expect "ProblemDetails causes" "37 NF_CONGESTION
41 NF_CONGESTION_RISK" \
  "$(sel 'any("json.member", "cause") { print va("frame.number") "\t" va("json.path_with_value") }' |
     awk -F'\t' '{n=split($2,a,"|"); for(i=1;i<=n;i++) if(a[i] ~ /^\/cause:/) {sub(/^\/cause:/,"",a[i]); print $1, a[i]}}')"

# Nothing malformed and no Expert warning or error anywhere (tcp/sctp/ip/http2/json/ngap).
expect "no malformed / expert >= warning" "" \
  "$(sel "$warn"' has("_ws.malformed") || warned() { print v("frame.number") "\t" v("_ws.expert.message") }')"
# Without Decode As, port 7777 is not HTTP/2 in 4.0 (the 8080 ones are found by the preface
# heuristic); from 4.2 on Wireshark's HTTP/2 heuristic finds the 7777 connection's preface too.
h2c_ports=8080
case "$("$wrapper" --version-xy)" in
  4.0|4.1) ;;
  *) h2c_ports=7777,8080 ;;
esac
expect "h2c needs Decode As only on 7777 (4.0)" "$h2c_ports" \
  "$("$wrapper" "" -r "$cap" -Y http2 -T fields -e tcp.dstport -e tcp.srcport 2>/dev/null |
     tr '\t' '\n' | grep -E '^(8080|7777)$' | sort -u | paste -sd,)"

echo "$fails failure(s)"
[ "$fails" = 0 ]
