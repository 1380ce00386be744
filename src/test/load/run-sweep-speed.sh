#!/usr/bin/env bash
# Issue 16's sweep line: a 200-run sweep of 1 s wired runs on two workers, from POST /sweeps until every cell has
# finished, and the per-run overhead around the engine (claiming the job, reading the scenario, storing the result,
# waiting for the next job). Starts the built jar on a fresh database (embedded H2 in a temporary directory, then a
# freshly created PostgreSQL database), runs SWEEPS sweeps one after the other on each (the first in a just-started
# JVM, the later ones warm), and prints per sweep:
#   total      sweep finishedAt - submittedAt (the service's own clock; the client's view is printed beside it)
#   engine     Σ engine.wallS of the sweep's results (the simulations themselves)
#   overhead   (total × workers − Σ engine wall) / runs: what each run costs beyond its simulation
#   split      where that overhead is: before the first run starts; per run between started and finished beyond the
#              engine's wall time (scenario parsing, progress writes); between one run's finish and the same worker's
#              next start (storing the result, completing the job, picking the next)
#   cpu        CPU seconds of the JVM and of its fqlab-worker threads during the sweep (from /proc), so a busy
#              machine's stolen time can be told apart from work
#
#   src/test/load/run-sweep-speed.sh [path/to/fqlab.jar]          # both databases
#   DBS=h2 SWEEPS=3 src/test/load/run-sweep-speed.sh               # H2 only, three sweeps
#
# Settings (environment): DBS ("h2 pg"), RUNS (200 repetitions), WORKERS (2), DURATION_S (1), SWEEPS (2),
# PORT (18150), PG (127.0.0.1:5432, user postgres, no password; the database fqlab_sweep_speed is dropped and
# created), JAVA_OPTS. Needs a JDK (JAVA_HOME), curl, jq, python3, and for PostgreSQL createdb/dropdb.
# Output: target/load/sweep-speed-<time>/ (summary.txt, one log and one runs-*.json per sweep).
set -euo pipefail
DBS=${DBS:-h2 pg}
RUNS=${RUNS:-200}
WORKERS=${WORKERS:-2}
DURATION_S=${DURATION_S:-1}
SWEEPS=${SWEEPS:-2}
PORT=${PORT:-18150}
export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGUSER=${PGUSER:-postgres}
PGDB=fqlab_sweep_speed
cd "$(dirname "$0")/../../.."
JAR=${1:-$(ls target/fqlab-*.jar 2>/dev/null | grep -v -- '-plain' | head -1 || true)}
[ -n "$JAR" ] && [ -f "$JAR" ] || { echo "no jar: build it with ./mvnw -B package -DskipTests" >&2; exit 2; }
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
OUT=target/load/sweep-speed-$(date +%Y%m%d-%H%M%S)
mkdir -p "$OUT"
API=http://127.0.0.1:$PORT/api/v1
PID=
DATA=
stop() {
  if [ -n "$PID" ]; then kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; fi
  PID=
  [ -n "$DATA" ] && rm -rf "$DATA"
  DATA=
}
trap 'stop; case " $DBS " in *" pg "*) dropdb --if-exists "$PGDB" 2>/dev/null || true ;; esac' EXIT

start() { # $1 = h2|pg
  local url user=sa
  if [ "$1" = pg ]; then
    dropdb --if-exists "$PGDB"; createdb "$PGDB"
    url="jdbc:postgresql://$PGHOST:$PGPORT/$PGDB"; user=$PGUSER
  else
    DATA=$(mktemp -d)
    url="jdbc:h2:file:$DATA/fqlab;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_ON_EXIT=FALSE;LOCK_TIMEOUT=10000"
  fi
  # shellcheck disable=SC2086
  "$JAVA" ${JAVA_OPTS:-} -jar "$JAR" --server.port="$PORT" --fqlab.workers="$WORKERS" \
    --spring.datasource.url="$url" --spring.datasource.username="$user" >"$OUT/service-$1.log" 2>&1 &
  PID=$!
  for _ in $(seq 1 240); do
    curl -sf "127.0.0.1:$PORT/actuator/health" >/dev/null && return 0
    kill -0 "$PID" 2>/dev/null || break
    sleep 1
  done
  echo "the service did not start; see $OUT/service-$1.log" >&2; exit 2
}

cpu() { # JVM CPU ticks, then the fqlab-worker threads' ticks (utime + stime, fields 14 and 15 of stat)
  local all workers=0 t
  all=$(awk '{print $14 + $15}' "/proc/$PID/stat")
  for t in /proc/"$PID"/task/*; do
    if grep -q '^fqlab-worker' "$t/comm" 2>/dev/null; then
      workers=$((workers + $(awk '{print $14 + $15}' "$t/stat" 2>/dev/null || echo 0)))
    fi
  done
  echo "$all $workers"
}
threads() { # every thread's name and CPU ticks, for the breakdown of the JVM's CPU
  local t
  for t in /proc/"$PID"/task/*; do
    printf '%s\t%s\n' "$(cat "$t/comm" 2>/dev/null)" "$(awk '{print $14 + $15}' "$t/stat" 2>/dev/null || echo 0)"
  done
}

SWEEP=$(jq -n --argjson runs "$RUNS" --argjson d "$DURATION_S" '{
  name: "sweep-speed", reuse: false, repetitions: $runs,
  base: {scenario: {name: "sweep-speed", durationS: $d, seed: 1,
    link: {type: "wired", rateMbps: 100}, stack: {qdisc: {type: "fq_codel"}},
    flows: [{name: "udp", type: "udp", rateMbps: 120, packetBytes: 1500},
            {name: "probe", type: "ping", intervalMs: 10, packetBytes: 64}]}}}')

sweep() { # $1 = db, $2 = sweep number
  local tag="$1-$2" id begin end cpu0 cpu1 left
  cpu0=$(cpu)
  threads >"$OUT/threads0-$tag.tsv"
  begin=$(date +%s.%N)
  id=$(curl -sf -X POST "$API/sweeps" -H 'Content-Type: application/json' -d "$SWEEP" | jq -r .id)
  # A cheap query (at most one row), once a second: GET /sweeps/{id} computes the whole table; the totals below come
  # from the service's own timestamps, so the polling adds at most its round trip to the client's figure only.
  while :; do
    left=$(curl -sf "$API/experiments?sweep=$id&status=QUEUED,RUNNING&limit=1" | jq '.items | length')
    [ "$left" = 0 ] && break
    sleep 1
  done
  end=$(date +%s.%N)
  cpu1=$(cpu)
  threads >"$OUT/threads1-$tag.tsv"
  curl -sf "$API/sweeps/$id" | jq '{status, counts, submittedAt, finishedAt}' >"$OUT/sweep-$tag.json"
  local page cursor= pages=()
  while :; do  # every cell, 200 a page
    page=$(curl -sf "$API/experiments?sweep=$id&limit=200${cursor:+&cursor=$cursor}")
    pages+=("$page")
    cursor=$(jq -r '.next // empty' <<<"$page")
    [ -z "$cursor" ] && break
  done
  printf '%s\n' "${pages[@]}" | jq -s '[.[].items[] | {id, startedAt, finishedAt, worker, attempts, status}]' >"$OUT/runs-$tag.json"
  curl -sf "$API/sweeps/$id/export.csv?metric=engine.wallS" >"$OUT/wall-$tag.csv"
  python3 src/test/load/sweep-speed.py "$OUT" "$tag" "$begin" "$end" "$cpu0" "$cpu1" "$WORKERS" "$(getconf CLK_TCK)" \
    "$OUT/service-$1.log" | tee -a "$OUT/summary.txt"
}

echo "jar $JAR, $RUNS runs of ${DURATION_S} s per sweep, $WORKERS workers, $(nproc) cores" | tee "$OUT/summary.txt"
for db in $DBS; do
  start "$db"
  for i in $(seq 1 "$SWEEPS"); do sweep "$db" "$i"; done
  stop
done
echo "output: $OUT"
