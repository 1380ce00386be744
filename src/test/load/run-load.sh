#!/usr/bin/env bash
# The whole GET load measurement of the README's "Load" section, from a built jar (./mvnw -B package -DskipTests):
# a fresh PostgreSQL database, the service with 2 workers, populated through the API, both workers kept simulating,
# RATE mixed GETs/s for DURATION seconds after a WARMUP ramp (dev.fqlab.load.MixedGetLoad, run from its source
# file), client- and server-side latency, errors, busy workers, the machine's CPU; then the service is stopped and
# the database dropped.
#
#   src/test/load/run-load.sh [path/to/fqlab.jar]
#
# Needs a JDK ≥ 21 (JAVA_HOME or java on the PATH), curl, jq, and PostgreSQL's createdb/dropdb for a server that
# accepts PGUSER without a password (default 127.0.0.1:5432, user postgres; PGHOST/PGPORT/PGUSER/PGPASSWORD work).
# Settings (environment): RATE (500), DURATION (60 s), WARMUP (30), WORKERS (2), PORT (18080), BUSY (10 long
# experiments queued to keep the workers simulating), P99_LIMIT_MS (50), SERVICE_JAVA_OPTS (JVM options of the
# service, e.g. -Xlog:gc:file=gc.log), SERVICE_ARGS (more arguments for it, e.g. --fqlab.yield-to-requests=false).
# Output and logs go to target/load/<time>/.
# Exit status: the harness's, 0 when there were no errors, the server-side p99 was under P99_LIMIT_MS and WORKERS
# experiments were RUNNING at both ends of the window.
set -euo pipefail

RATE=${RATE:-500}
DURATION=${DURATION:-60}
WARMUP=${WARMUP:-30}
WORKERS=${WORKERS:-2}
PORT=${PORT:-18080}
BUSY=${BUSY:-10}
P99_LIMIT_MS=${P99_LIMIT_MS:-50}
export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGUSER=${PGUSER:-postgres}

cd "$(dirname "$0")/../../.."
JAR=${1:-$(ls target/fqlab-*.jar 2>/dev/null | grep -v -- '-plain' | head -1 || true)}
[ -n "$JAR" ] && [ -f "$JAR" ] || { echo "no jar: build it with ./mvnw -B package -DskipTests, or pass its path" >&2; exit 2; }
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
for tool in "$JAVA" curl jq createdb dropdb; do
  command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 2; }
done
JAVA_MAJOR=$("$JAVA" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
[ "${JAVA_MAJOR:-0}" -ge 21 ] || { echo "needs Java ≥ 21 ($JAVA is ${JAVA_MAJOR:-unknown}): set JAVA_HOME" >&2; exit 2; }
if curl -s -o /dev/null "http://127.0.0.1:$PORT/"; then
  echo "port $PORT is in use; set PORT" >&2
  exit 2
fi

OUT=target/load/$(date +%Y%m%dT%H%M%S)
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
BASE=http://127.0.0.1:$PORT
API=$BASE/api/v1
DB=fqlab_load_$(date +%s)_$$
SERVICE_PID=

log() { echo "[$(date +%T)] $*"; }

cleanup() {
  local status=$?
  if [ -n "$SERVICE_PID" ] && kill -0 "$SERVICE_PID" 2>/dev/null; then
    log "stopping the service (pid $SERVICE_PID)"
    kill -TERM "$SERVICE_PID" 2>/dev/null || true
    for _ in $(seq 1 60); do kill -0 "$SERVICE_PID" 2>/dev/null || break; sleep 1; done
    kill -KILL "$SERVICE_PID" 2>/dev/null || true
  fi
  dropdb --if-exists --force "$DB" 2>/dev/null && log "dropped database $DB" || true
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM

post() { curl -sf -X POST "$API$1" -H 'Content-Type: application/json' -d "$2"; }

# Polls until the jq filter (applied to GET $1) is true, at most $3 seconds.
await() {
  local deadline=$((SECONDS + $3))
  until curl -sf "$API$1" | jq -e "$2" >/dev/null 2>&1; do
    [ $SECONDS -lt $deadline ] || { echo "timed out waiting for $1 | $2" >&2; return 1; }
    sleep 2
  done
}

log "machine: $(nproc) cores, $(uptime | sed 's/.*load/load/')"
createdb "$DB"
log "created database $DB on $PGHOST:$PGPORT"

# The access log is the server-side timing: %D is the time from the request's first byte read to the response's
# last byte written, in µs; X-Load tells the harness's phases apart.
# shellcheck disable=SC2086
"$JAVA" ${SERVICE_JAVA_OPTS:-} -jar "$JAR" \
  --server.port="$PORT" \
  --fqlab.workers="$WORKERS" \
  --fqlab.instance-name=load \
  --spring.datasource.url="jdbc:postgresql://$PGHOST:$PGPORT/$DB" \
  --spring.datasource.username="$PGUSER" \
  --spring.datasource.password="${PGPASSWORD:-}" \
  --server.tomcat.accesslog.enabled=true \
  --server.tomcat.accesslog.directory="$OUT" \
  --server.tomcat.accesslog.prefix=access \
  --server.tomcat.accesslog.suffix=.log \
  --server.tomcat.accesslog.rotate=false \
  --server.tomcat.accesslog.buffered=false \
  --server.tomcat.accesslog.pattern='%{X-Load}i %s %D %U %{end:msec}t' \
  ${SERVICE_ARGS:-} > "$OUT/service.log" 2>&1 &
SERVICE_PID=$!
log "service pid $SERVICE_PID on port $PORT, $WORKERS workers, log $OUT/service.log"
deadline=$((SECONDS + 180))
until curl -sf "$BASE/actuator/health/readiness" >/dev/null; do
  kill -0 "$SERVICE_PID" 2>/dev/null || { tail -40 "$OUT/service.log" >&2; exit 1; }
  [ $SECONDS -lt $deadline ] || { echo "the service did not get ready in 180 s" >&2; exit 1; }
  sleep 1
done
log "ready"

# What the GETs read: short experiments of several kinds (results to fetch) and two sweeps (rows to tabulate).
for preset in example-wired-fq-codel seed-004-per-wake anomaly-n-airtime anomaly-n-round-robin seed-003-bytes \
    seed-003-packets seed-000-fq seed-000-airtime seed-002-shift-10 seed-002-shift-7; do
  post /experiments "{\"preset\": \"$preset\", \"tags\": [\"load\"]}" >/dev/null
done
post /sweeps '{"preset": "seed-003"}' >/dev/null
post /sweeps '{"name": "load: quantum", "base": {"preset": "example-wired-fq-codel"},
  "parameters": [{"name": "quantum", "pointer": "/stack/qdisc/quantum", "values": [300, 600, 1514]},
                 {"pointer": "/link/rateMbps", "values": [1, 10]}], "repetitions": 3}' >/dev/null
await "/experiments?limit=200" '[.items[] | select(.status == "QUEUED" or .status == "RUNNING")] | length == 0' 600
curl -sf "$API/experiments?limit=200" | jq -e '[.items[] | select(.status != "SUCCEEDED")] | length == 0' >/dev/null \
  || { echo "a populating experiment did not succeed" >&2; exit 1; }
log "populated: $(curl -sf "$API/experiments?limit=200" | jq '.items | length') experiments, $(curl -sf "$API/sweeps" | jq '.items | length') sweeps, all SUCCEEDED"

# What keeps the workers simulating: BUSY experiments of 600 simulated seconds on a 1 Gbit/s fq_codel link with
# 1.2 Gbit/s of UDP, one TCP flow and a 10 ms ping (15 s of CPU each on an idle machine, 60-75 s under the GET
# load, which they step aside for); WORKERS run, the rest wait, so that WORKERS run throughout the window.
for i in $(seq 1 "$BUSY"); do
  post /experiments "{\"name\": \"load: busy worker $i\", \"tags\": [\"load-busy\"], \"scenario\": {
    \"durationS\": 600, \"warmupS\": 1, \"sampleIntervalMs\": 1000,
    \"link\": {\"type\": \"wired\", \"rateMbps\": 1000}, \"stack\": {\"qdisc\": {\"type\": \"fq_codel\"}},
    \"flows\": [
      {\"name\": \"u1\", \"type\": \"udp\", \"rateMbps\": 200, \"packetBytes\": 1500},
      {\"name\": \"u2\", \"type\": \"udp\", \"rateMbps\": 200, \"packetBytes\": 1500},
      {\"name\": \"u3\", \"type\": \"udp\", \"rateMbps\": 200, \"packetBytes\": 1500},
      {\"name\": \"u4\", \"type\": \"udp\", \"rateMbps\": 200, \"packetBytes\": 1500},
      {\"name\": \"u5\", \"type\": \"udp\", \"rateMbps\": 200, \"packetBytes\": 1500},
      {\"name\": \"u6\", \"type\": \"udp\", \"rateMbps\": 200, \"packetBytes\": 1500},
      {\"name\": \"t1\", \"type\": \"tcp\"},
      {\"name\": \"probe\", \"type\": \"ping\", \"intervalMs\": 10, \"packetBytes\": 64}]}}" >/dev/null
done
await "/experiments?status=RUNNING&limit=200" ".items | length >= $WORKERS" 60
log "$WORKERS experiments RUNNING, $((BUSY - WORKERS)) waiting"

if [ -n "${HOLD:-}" ]; then
  # HOLD=1: no measurement; the populated service stays up (for a profiler, or another client) until this script
  # is interrupted or killed, then it is stopped and its database dropped as usual.
  echo "$SERVICE_PID" > "$OUT/service.pid"
  log "holding: $BASE, service pid $SERVICE_PID; interrupt this script to stop"
  while kill -0 "$SERVICE_PID" 2>/dev/null; do sleep 1; done
  exit 1
fi

log "before: $(uptime | sed 's/.*load/load/')"
set +e
"$JAVA" -XX:+UseSerialGC -Xmx256m src/test/java/dev/fqlab/load/MixedGetLoad.java \
  --base "$BASE" --rate "$RATE" --seconds "$DURATION" --warmup "$WARMUP" --p99-limit-ms "$P99_LIMIT_MS" \
  --access-log "$OUT/access.log" --server-pid "$SERVICE_PID" --workers "$WORKERS" --database "$DB" | tee "$OUT/report.txt"
status=${PIPESTATUS[0]}
set -e
log "after: $(uptime | sed 's/.*load/load/')"
echo "5xx answers in the whole access log (warm-up included): $(awk '$2 ~ /^5/' "$OUT/access.log" | wc -l)"
grep -E ' (WARN|ERROR) ' "$OUT/service.log" | grep -v SpringDoc | tail -5 || true
log "report in $OUT/report.txt"
exit "$status"
