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
# One staging folder for all the tshark runs below (the plugin-less wrapper copies the capture once).
export AMFOL_STAGE
AMFOL_STAGE=$(mktemp -d /tmp/amfol-wire.XXXXXX)
trap 'rm -rf "$AMFOL_STAGE"' EXIT
ts() {
  "$wrapper" "" -r "$cap" -d tcp.port==7777,http2 -o sctp.checksum:CRC-32C \
    -o ip.check_checksum:TRUE -o tcp.check_checksum:TRUE "$@" 2>/dev/null
}
expect() { # NAME EXPECTED ACTUAL
  if [ "$2" == "$3" ]; then
    echo "ok   $1"
  else
    echo "FAIL $1"; echo "  expected: $2"; echo "  actual:   $3"; fails=$((fails + 1))
  fi
}

expect "writer frame count" "100" "$n_written"
expect "tshark frame count" "100" "$(ts -T fields -e frame.number | wc -l)"

# Checksums: every IPv4 header, SCTP packet (CRC32c) and TCP segment verified Good (1).
expect "ip checksums good" "100 1" "$(ts -T fields -e ip.checksum.status | sort | uniq -c | awk '{print $1, $2}')"
expect "sctp checksums good" "31 1" "$(ts -Y sctp -T fields -e sctp.checksum.status | sort | uniq -c | awk '{print $1, $2}')"
expect "tcp checksums good" "69 1" "$(ts -Y tcp -T fields -e tcp.checksum.status | sort | uniq -c | awk '{print $1, $2}')"

# SCTP: handshake, a 3-chunk NGAP packet, SACK, retransmission, teardown.
expect "sctp chunk types" \
  "1 2 10 11 0,0,0 3 0 0 3 4 5 7 8 14 1 2 10 11 0 0 3 0 3 1 2 10 11 0 0 0 3" \
  "$(ts -Y sctp -T fields -e sctp.chunk_type | tr '\n' ' ' | sed 's/ $//')"
expect "frame 5: three NGAP PDUs" "22,22,23	1,2	50	5000,5001,5002	0,1,2	60,60,60" \
  "$(ts -Y frame.number==5 -T fields -e ngap.procedureCode -e ngap.overloadAction \
      -e ngap.TrafficLoadReductionIndication -e sctp.data_tsn_raw -e sctp.data_ssn \
      -e sctp.data_payload_proto_id)"
# Wireshark does not pass a retransmitted chunk to NGAP again: frame 8 has no procedureCode.
expect "frame 7/8: data + retransmission" "7	15	1000	0x0001	0	
8		1000	0x0001	0	7" \
  "$(ts -Y 'frame.number in {7,8}' -T fields -e frame.number -e ngap.procedureCode \
      -e sctp.data_tsn_raw -e sctp.data_sid -e sctp.data_ssn -e sctp.retransmission)"
expect "SACKs ack the peer's last TSN" "5002 1000 8999 9001 102" \
  "$(ts -Y 'sctp.chunk_type == 3' -T fields -e sctp.sack_cumulative_tsn_ack_raw | tr '\n' ' ' | sed 's/ $//')"

# F1: F1AP over PPID 62 on 38472; a lost CU DATA (TSN 9000), SACK with gap block and duplicate,
# the retransmission (first sight of 9000, so decoded), the final SACK.
expect "F1AP + SACK gap + retransmission" "88 11  7000 0    
89 12 10 9001 1    
90     8999 2 2 7000
91 12 10 9000 0    
92     9001   " \
  "$(ts -Y 'frame.number in {88..92}' -T fields -e frame.number -e f1ap.procedureCode \
      -e nr-rrc.waitTime -e sctp.data_tsn_raw -e sctp.data_ssn -e sctp.sack_cumulative_tsn_ack_raw \
      -e sctp.sack_gap_block_start -e sctp.sack_gap_block_end -e sctp.sack_duplicate_tsn | tr '\t' ' ')"
# A 3000-byte message in three fragments (B..., ..., ...E), reassembled by Wireshark.
expect "fragmented DATA reassembled" "97 100 1 0 
98 101 0 0 
99 102 0 1 3000" \
  "$(ts -Y 'frame.number in {97..99}' -T fields -e frame.number -e sctp.data_tsn_raw \
      -e sctp.data_b_bit -e sctp.data_e_bit -e data.len | tr '\t' ' ')"

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
  "$(ts -Y 'http2.type == 1' -T fields -e frame.number -e http2.headers.method \
      -e http2.headers.path -e http2.headers.status | awk -F'\t' '{for(i=2;i<=4;i++) if($i=="") $i="-"; print $1, $2, $3, $4}')"
expect "retry-after on 503 and 429" "37 10
41 5" "$(ts -Y http2.headers.retry_after -T fields -e frame.number -e http2.headers.retry_after | tr '\t' ' ')"
expect "content types" "application/json application/json application/json-patch+json application/json application/json-patch+json application/problem+json application/json-patch+json application/problem+json application/json-patch+json application/json application/json application/json" \
  "$(ts -Y http2.headers.content_type -T fields -e http2.headers.content_type | tr '\n' ' ' | sed 's/ $//')"

# 3gpp-sbi-oci / -lci: pair http2.header.name with http2.header.value by index.
pair() { # HEADER_NAME -> "frame value" lines
  ts -Y "http2.header.name == \"$1\"" -T fields -E aggregator='|' -e frame.number \
    -e http2.header.name -e http2.header.value |
    awk -F'\t' -v h="$1" '{n=split($2,a,"|"); split($3,v,"|"); for(i=1;i<=n;i++) if(a[i]==h) print $1, v[i]}'
}
expect "3gpp-sbi-oci value" '37 Timestamp: "Thu, 01 Jan 2026 00:00:01 GMT"; Period-of-Validity: 75s; Overload-Reduction-Metric: 50%; NF-Instance: 6f1c1a5e-0000-4000-8000-0000000000ff' \
  "$(pair 3gpp-sbi-oci)"
expect "3gpp-sbi-lci value" '45 Timestamp: "Thu, 01 Jan 2026 00:00:01 GMT"; Load-Metric: 70%; NF-Instance: 6f1c1a5e-0000-4000-8000-0000000000ff' \
  "$(pair 3gpp-sbi-lci)"

# JSON bodies: load values where amfol will look for them.
expect "json load members" "22,24,33" \
  "$(ts -Y 'json.member_with_value == "load:87"' -T fields -e frame.number | paste -sd,)"
expect "NFUpdate patch /load" "26 /[]/value:87
35 /[]/value:95
39 /[]/value:96" \
  "$(ts -Y 'json.path_with_value == "/[]/path:/load"' -T fields -e frame.number -e json.path_with_value -E aggregator='|' |
     awk -F'\t' '{n=split($2,a,"|"); for(i=1;i<=n;i++) if(a[i] ~ /^\/\[\]\/value:[0-9]+$/) print $1, a[i]}')"
expect "NFDiscover loads" "/nfInstances/[]/load:87|/nfInstances/[]/load:35|/nfInstances/[]/load:12" \
  "$(ts -Y frame.number==33 -T fields -e json.path_with_value -E aggregator='|' | tr '|' '\n' | grep '^/nfInstances/\[\]/load:' | paste -sd'|')"
expect "NFStatusNotify load change" "54" \
  "$(ts -Y 'json.path_with_value == "/profileChanges/[]/newValue:35"' -T fields -e frame.number)"
expect "ProblemDetails causes" "37 NF_CONGESTION
41 NF_CONGESTION_RISK" \
  "$(ts -Y 'json.member == "cause"' -T fields -e frame.number -e json.path_with_value -E aggregator='|' |
     awk -F'\t' '{n=split($2,a,"|"); for(i=1;i<=n;i++) if(a[i] ~ /^\/cause:/) {sub(/^\/cause:/,"",a[i]); print $1, a[i]}}')"

# Nothing malformed and no Expert warning or error anywhere (tcp/sctp/ip/http2/json/ngap).
expect "no malformed / expert >= warning" "" \
  "$(ts -Y '_ws.malformed || _ws.expert.severity >= warning' -T fields -e frame.number -e _ws.expert.message)"
# Without Decode As, port 7777 is not HTTP/2 in 4.0 (the 8080 ones are found by the preface
# heuristic); from 4.2 on Wireshark's HTTP/2 heuristic finds the 7777 connection's preface too.
h2c_ports=8080
case "$(tshark --version | sed -n '1s/.*(Wireshark) \([0-9]*\.[0-9]*\).*/\1/p')" in
  4.0|4.1) ;;
  *) h2c_ports=7777,8080 ;;
esac
expect "h2c needs Decode As only on 7777 (4.0)" "$h2c_ports" \
  "$("$wrapper" "" -r "$cap" -Y http2 -T fields -e tcp.dstport -e tcp.srcport 2>/dev/null |
     tr '\t' '\n' | grep -E '^(8080|7777)$' | sort -u | paste -sd,)"

echo "$fails failure(s)"
[ "$fails" = 0 ]
