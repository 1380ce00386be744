#!/usr/bin/env bash
# Mixed GETs at about RATE requests/s for SECONDS against a running fqlab (apt-get install -y wrk).
# The mix, as in dev.fqlab.load.MixedGetLoad: an experiment 30, the experiment list 15, a result 15, a sweep with
# its rows 15, the sweep list 10, the presets 5, a result as CSV 5, health 5 (weights out of 100).
#   src/test/load/run-wrk.sh http://localhost:8080 500 60
set -euo pipefail
BASE=${1:-http://localhost:8080}
RATE=${2:-500}
SECONDS_=${3:-60}
CONNECTIONS=${CONNECTIONS:-10}
AUTH=()
[ -n "${TOKEN:-}" ] && AUTH=(-H "Authorization: Bearer $TOKEN")
cd "$(dirname "$0")/../../.."
mkdir -p target
ids() { curl -sf "${AUTH[@]}" "$BASE$1" | grep -o '"id":"[0-9a-f-]\{36\}"' | cut -d'"' -f4 | sort -u; }
mapfile -t EXPERIMENTS < <(ids "/api/v1/experiments?limit=200")
mapfile -t SUCCEEDED < <(ids "/api/v1/experiments?limit=200&status=SUCCEEDED")
mapfile -t SWEEPS < <(ids "/api/v1/sweeps?limit=50")
[ ${#SUCCEEDED[@]} -gt 0 ] && [ ${#SWEEPS[@]} -gt 0 ] || { echo "populate the service first" >&2; exit 1; }
pick() { local -n list=$1; echo "${list[RANDOM % ${#list[@]}]}"; }
{
  for i in $(seq 1 20); do
    for _ in $(seq 1 30); do echo "/api/v1/experiments/$(pick EXPERIMENTS)"; done
    for _ in $(seq 1 15); do echo "/api/v1/experiments?limit=20"; done
    for _ in $(seq 1 15); do echo "/api/v1/experiments/$(pick SUCCEEDED)/result"; done
    for _ in $(seq 1 15); do echo "/api/v1/sweeps/$(pick SWEEPS)"; done
    for _ in $(seq 1 10); do echo "/api/v1/sweeps?limit=20"; done
    for _ in $(seq 1 5); do echo "/api/v1/presets"; done
    for _ in $(seq 1 5); do echo "/api/v1/experiments/$(pick SUCCEEDED)/result.csv"; done
    for _ in $(seq 1 5); do echo "/actuator/health"; done
  done
} | shuf --random-source=<(yes) > target/load-paths.txt
# Pause per connection so that CONNECTIONS / (pause + ~2 ms answer) ≈ RATE.
PAUSE_MS=$(( CONNECTIONS * 1000 / RATE - 2 ))
[ "$PAUSE_MS" -lt 0 ] && PAUSE_MS=0
echo "wrk: $CONNECTIONS connections, ${PAUSE_MS} ms pause each, ${SECONDS_} s, $(wc -l < target/load-paths.txt) paths"
PATHS_FILE=target/load-paths.txt PAUSE_MS=$PAUSE_MS wrk -t 2 -c "$CONNECTIONS" -d "${SECONDS_}s" --latency \
  -s src/test/load/mixed-gets.lua "$BASE"
