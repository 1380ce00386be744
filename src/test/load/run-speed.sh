#!/usr/bin/env bash
# How fast the README's run command simulates, against java -jar: starts the service both ways on embedded H2
# databases in temporary directories (one after the other, timing each start to a healthy /actuator/health), then
# runs the same 120 s wired 1 Gbit/s fq_codel experiment RUNS times on each, alternating between the two so that both
# see the same machine load, and prints each way's best real-time factor (simulated seconds per wall second, from the
# result's engine statistics) and their ratio.
#
#   src/test/load/run-speed.sh            # builds the jar first when target/ has none
#
# Settings (environment): RUNS (5), PORT (18110; the second service uses PORT + 1). Needs curl, jq and bc.
# Output: target/load/run-speed-<time>.txt.
set -euo pipefail
RUNS=${RUNS:-5}
PORT=${PORT:-18110}
cd "$(dirname "$0")/../../.."
JAR=$(ls target/fqlab-*.jar 2>/dev/null | grep -v -- '-plain' | head -1 || true)
if [ -z "$JAR" ]; then
  ./mvnw -B -q package -DskipTests
  JAR=$(ls target/fqlab-*.jar | grep -v -- '-plain' | head -1)
fi
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
mkdir -p target/load
OUT=target/load/run-speed-$(date +%Y%m%d-%H%M%S).txt
SCENARIO='{"scenario": {"name": "run-speed", "durationS": 120, "link": {"type": "wired", "rateMbps": 1000},
  "stack": {"qdisc": {"type": "fq_codel"}},
  "flows": [{"name": "a", "type": "udp", "rateMbps": 600, "packetBytes": 1500},
            {"name": "b", "type": "udp", "rateMbps": 600, "packetBytes": 1500},
            {"name": "probe", "type": "ping", "intervalMs": 10, "packetBytes": 64}]}}'
PIDS=()
DIRS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill -- -"$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true; done
  for dir in "${DIRS[@]}"; do rm -rf "$dir"; done
}
trap cleanup EXIT

start() { # $1 = label, $2 = port, rest = command
  local label=$1 port=$2; shift 2
  local data; data=$(mktemp -d)
  DIRS+=("$data")
  local url="jdbc:h2:file:$data/fqlab;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_ON_EXIT=FALSE;LOCK_TIMEOUT=10000"
  local begin; begin=$(date +%s.%N)
  SPRING_DATASOURCE_URL=$url SERVER_PORT=$port FQLAB_WORKERS=1 setsid "$@" >"$data/log" 2>&1 &
  PIDS+=($!)
  until curl -sf "localhost:$port/actuator/health" >/dev/null; do
    kill -0 "${PIDS[-1]}" 2>/dev/null || { echo "$label: the service died, see $data/log" >&2; exit 1; }
    sleep 0.5
  done
  echo "$label: healthy after $(echo "$(date +%s.%N) - $begin" | bc | xargs printf '%.1f') s" | tee -a "$OUT"
}

run() { # $1 = port; prints the real-time factor
  local id; id=$(curl -sf -X POST "localhost:$1/api/v1/experiments" -H 'Content-Type: application/json' -d "$SCENARIO" | jq -r .id)
  until [ "$(curl -sf "localhost:$1/api/v1/experiments/$id" | jq -r .status)" = SUCCEEDED ]; do sleep 0.5; done
  curl -sf "localhost:$1/api/v1/experiments/$id/result" | jq -r .engine.speedup
}

start java-jar "$PORT" "$JAVA" -jar "$JAR"
start spring-boot-run "$((PORT + 1))" ./mvnw -B -q spring-boot:run
best_jar=0
best_run=0
for i in $(seq 1 "$RUNS"); do
  a=$(run "$PORT"); b=$(run "$((PORT + 1))")
  echo "run $i: java -jar ${a}x, spring-boot:run ${b}x real time" | tee -a "$OUT"
  best_jar=$(echo "if ($a > $best_jar) $a else $best_jar" | bc -l)
  best_run=$(echo "if ($b > $best_run) $b else $best_run" | bc -l)
done
echo "best: java -jar ${best_jar}x, spring-boot:run ${best_run}x; spring-boot:run / java -jar = $(echo "scale=3; $best_run / $best_jar" | bc)" | tee -a "$OUT"
