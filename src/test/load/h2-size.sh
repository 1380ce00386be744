#!/usr/bin/env bash
# The embedded H2 file's size (issue 17): RUNS seed-000-airtime experiments (60 s, 25 series, full series) on a fresh
# embedded database, then the size of data/fqlab.mv.db while the service is up and after it stopped (this version
# compacts the file when it stops: H2Compaction, SHUTDOWN COMPACT).
#
#   src/test/load/h2-size.sh [path/to/fqlab.jar] [port]
#
# Settings: RUNS (50), OUTPUTS (full), WORKERS (1). Needs JAVA_HOME ≥ 21, curl, jq.
set -euo pipefail
RUNS=${RUNS:-50}
OUTPUTS=${OUTPUTS:-full}
WORKERS=${WORKERS:-1}
cd "$(dirname "$0")/../../.."
JAR=$(realpath "${1:-$(ls target/fqlab-*.jar | grep -v -- '-plain' | head -1)}")
PORT=${2:-18195}
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
DIR=$(mktemp -d)
trap 'kill $PID 2>/dev/null || true; rm -rf "$DIR"' EXIT
(cd "$DIR" && exec "$JAVA" -jar "$JAR" --server.port="$PORT" --fqlab.workers="$WORKERS" >"$DIR/log" 2>&1) &
PID=$!
for _ in $(seq 1 180); do curl -sf "127.0.0.1:$PORT/actuator/health" >/dev/null && break; sleep 1; done
API=http://127.0.0.1:$PORT/api/v1
body="{\"preset\": \"seed-000-airtime\"$( [ "$OUTPUTS" = full ] || echo ", \"outputs\": {\"series\": \"$OUTPUTS\"}")}"
ids=()
for _ in $(seq 1 "$RUNS"); do
  ids+=("$(curl -sf -H 'Content-Type: application/json' -d "$body" "$API/experiments" | jq -r .id)")
done
for id in "${ids[@]}"; do
  until [ "$(curl -sf "$API/experiments/$id" | jq -r .status)" = SUCCEEDED ]; do sleep 2; done
done
open_size=$(stat -c %s "$DIR/data/fqlab.mv.db")
kill "$PID"; wait "$PID" 2>/dev/null || true
closed_size=$(stat -c %s "$DIR/data/fqlab.mv.db")
echo "$JAR: $RUNS runs outputs.series=$OUTPUTS: open $open_size bytes, after stop $closed_size bytes"
grep -h "Compacted the H2" "$DIR/log" || true
