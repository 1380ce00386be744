#!/usr/bin/env bash
# Byte comparison of the sweep answers of two builds on the same database (issue 17, branch coldsweep):
#   src/test/load/sweep-bytes.sh OLD.jar NEW.jar WORKDIR [service options, e.g. --spring.datasource.url=…]
# Without options both use the embedded H2 in WORKDIR/data. The old build runs two sweeps, every answer variant is
# fetched (sweep-bytes.py: status, content type, disposition, length, SHA-256 per request) by the old build, then
# twice by the new one (rendered, then stored); the new one runs three more sweeps (two of them fully reused), then
# both fetch everything again. old1.tsv/new1.tsv/new2.tsv and old3.tsv/new3.tsv should match (GET /sweeps/{id} with
# a non-JSON Accept aside, if the old build answers it 200; /v3/api-docs orders the JsonNode schema's properties
# differently from JVM run to JVM run).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OLD=$1 NEW=$2 WORK=$3; shift 3
PORT=${PORT:-18195}; JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java; API=http://127.0.0.1:$PORT
mkdir -p "$WORK"; cd "$WORK"
PID=
start() { "$JAVA" -jar "$1" --server.port=$PORT --fqlab.workers=2 "${@:2}" >>"$WORK/service.log" 2>&1 & PID=$!
  for _ in $(seq 1 180); do curl -sf "127.0.0.1:$PORT/actuator/health" >/dev/null && return 0; sleep 1; done; echo no start; exit 2; }
stop() { kill "$PID"; wait "$PID" || true; }
trap 'kill $PID 2>/dev/null || true' EXIT
scen() { echo "{\"name\": \"$1\", \"durationS\": 0.5, \"link\": {\"type\": \"wired\", \"rateMbps\": 10}, \"stack\": {\"qdisc\": {\"type\": \"fq_codel\"}}, \"flows\": [{\"name\": \"udp1\", \"type\": \"udp\", \"rateMbps\": 8}, {\"name\": \"udp2\", \"type\": \"udp\", \"rateMbps\": 4}, {\"name\": \"ping\", \"type\": \"ping\", \"intervalMs\": 100}]}"; }
submit() { curl -sf -H 'Content-Type: application/json' -d "$1" "$API/api/v1/sweeps" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])'; }
wait_sweep() { while :; do s=$(curl -sf "$API/api/v1/sweeps/$1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["status"])'); case $s in QUEUED|RUNNING) sleep 0.5;; *) return;; esac; done; }
start "$OLD" "$@"
A=$(submit "{\"name\": \"cmp-a\", \"tags\": [\"cmp\"], \"base\": {\"scenario\": $(scen cmp-$RANDOM)}, \"parameters\": [{\"name\": \"quantum\", \"pointer\": \"/stack/qdisc/quantum\", \"values\": [300, 1514], \"labels\": [\"q300\", \"q1514\"]}, {\"pointer\": \"/link/rateMbps\", \"values\": [5, 10]}], \"repetitions\": 3, \"metrics\": [\"summary.throughputMbps\", \"flows.*.latencyMs.p99\"]}")
B=$(submit "{\"name\": \"cmp-b\", \"base\": {\"scenario\": $(scen cmp-$RANDOM)}, \"parameters\": [{\"pointer\": \"/seed\", \"values\": [1, 2, 3]}], \"repetitions\": 1}")
wait_sweep "$A"; wait_sweep "$B"
python3 "$HERE/sweep-bytes.py" "$API" old1.tsv bodies
stop
start "$NEW" "$@"
python3 "$HERE/sweep-bytes.py" "$API" new1.tsv bodies
sleep 3
python3 "$HERE/sweep-bytes.py" "$API" new2.tsv bodies
C=$(submit "{\"name\": \"cmp-c\", \"base\": {\"scenario\": $(scen cmp-$RANDOM)}, \"parameters\": [{\"pointer\": \"/link/rateMbps\", \"values\": [3, 6]}], \"repetitions\": 2, \"metrics\": [\"summary.*\"]}")
D=$(submit "{\"name\": \"cmp-d-reused\", \"base\": {\"scenario\": $(scen cmp-reuse)}, \"parameters\": [{\"pointer\": \"/seed\", \"values\": [1, 2]}], \"repetitions\": 1}")
wait_sweep "$C"; wait_sweep "$D"
E=$(submit "{\"name\": \"cmp-e-reused\", \"base\": {\"scenario\": $(scen cmp-reuse)}, \"parameters\": [{\"pointer\": \"/seed\", \"values\": [1, 2]}], \"repetitions\": 1}")
sleep 3
python3 "$HERE/sweep-bytes.py" "$API" new3.tsv bodies
stop
start "$OLD" "$@"
python3 "$HERE/sweep-bytes.py" "$API" old3.tsv bodies
stop
for f in new1 new2; do cmp old1.tsv $f.tsv && echo "old1 = $f"; done
cmp old3.tsv new3.tsv && echo "old3 = new3"
