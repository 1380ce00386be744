#!/usr/bin/env bash
# How fast the README's run command simulates, against java -jar: starts the service each way on an embedded H2 in a
# temporary directory, times the start to a healthy /actuator/health, runs the same 120 s wired 1 Gbit/s fq_codel
# experiment RUNS times, and prints each way's best real-time factor (simulated seconds per wall second, from the
# result's engine statistics) and their ratio.
#
#   src/test/load/run-speed.sh            # builds the jar first when target/ has none
#
# Settings (environment): RUNS (3), PORT (18110). Needs curl and jq. Output: target/load/run-speed-<time>.txt.
set -euo pipefail
RUNS=${RUNS:-3}
PORT=${PORT:-18110}
cd "$(dirname "$0")/../../.."
JAR=$(ls target/fqlab-*.jar 2>/dev/null | grep -v -- '-plain' | head -1 || true)
if [ -z "$JAR" ]; then
  ./mvnw -B -q package -DskipTests
  JAR=$(ls target/fqlab-*.jar | grep -v -- '-plain' | head -1)
fi
mkdir -p target/load
OUT=target/load/run-speed-$(date +%Y%m%d-%H%M%S).txt
SCENARIO='{"scenario": {"name": "run-speed", "durationS": 120, "link": {"type": "wired", "rateMbps": 1000},
  "stack": {"qdisc": {"type": "fq_codel"}},
  "flows": [{"name": "a", "type": "udp", "rateMbps": 600, "packetBytes": 1500},
            {"name": "b", "type": "udp", "rateMbps": 600, "packetBytes": 1500},
            {"name": "probe", "type": "ping", "intervalMs": 10, "packetBytes": 64}]}}'

measure() { # $1 = label, rest = command that starts the service
  local label=$1; shift
  local data; data=$(mktemp -d)
  local url="jdbc:h2:file:$data/fqlab;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_ON_EXIT=FALSE;LOCK_TIMEOUT=10000"
  local start; start=$(date +%s.%N)
  SPRING_DATASOURCE_URL=$url SERVER_PORT=$PORT setsid "$@" >"$data/log" 2>&1 &
  local pid=$!
  until curl -sf "localhost:$PORT/actuator/health" >/dev/null; do
    kill -0 $pid 2>/dev/null || { echo "$label: the service died, see $data/log" >&2; exit 1; }
    sleep 0.5
  done
  local healthy; healthy=$(echo "$(date +%s.%N) - $start" | bc)
  local best=0
  for i in $(seq 1 "$RUNS"); do
    local id; id=$(curl -sf -X POST "localhost:$PORT/api/v1/experiments" -H 'Content-Type: application/json' -d "$SCENARIO" | jq -r .id)
    until [ "$(curl -sf "localhost:$PORT/api/v1/experiments/$id" | jq -r .status)" = SUCCEEDED ]; do sleep 0.5; done
    local factor; factor=$(curl -sf "localhost:$PORT/api/v1/experiments/$id/result" | jq -r .engine.speedup)
    echo "$label run $i: ${factor}x real time" | tee -a "$OUT"
    best=$(echo "if ($factor > $best) $factor else $best" | bc -l)
  done
  kill -- -$pid 2>/dev/null || kill $pid; wait $pid 2>/dev/null || true
  rm -rf "$data"
  echo "$label: healthy after ${healthy} s, best ${best}x real time" | tee -a "$OUT"
  eval "${label//-/_}_best=$best"
}

JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
measure java-jar "$JAVA" -jar "$JAR"
measure spring-boot-run ./mvnw -B -q spring-boot:run
echo "spring-boot:run / java -jar: $(echo "scale=3; $spring_boot_run_best / $java_jar_best" | bc)" | tee -a "$OUT"
