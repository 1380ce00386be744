#!/usr/bin/env bash
# Issue 17's storage measurements on PostgreSQL, from a built jar (./mvnw -B package -DskipTests):
#  1. bytes written per seed-000-airtime run (60 s, 25 series) with outputs.series full, coarse and none: the growth
#     of every table with its indexes and TOAST (pg_total_relation_size) over RUNS runs each, divided by RUNS;
#  2. 170 000 experiments seeded by bulk INSERT … SELECT (scale-seed.sql, cloning the runs of step 1 and a real
#     sweep's definition), then p50/p99/max over REPS repetitions of the API's lists, filters and sweep tables and
#     of every SQL query of the Grafana experiments dashboard, and their EXPLAIN ANALYZE plans
#     (dev.fqlab.load.ScaleQueries).
#
#   src/test/load/run-scale.sh [path/to/fqlab.jar]
#
# Needs a JDK ≥ 21 (JAVA_HOME), curl, jq, python3, psql/createdb/dropdb for a server that accepts PGUSER without a
# password (default 127.0.0.1:5432, user postgres). Settings: N (170000 experiments: 10 000 singles, 90 sweeps of 1 000 cells
# measured and 70 more whose reads warm the service's render code first: HotSpot still recompiled the cold render,
# 15–22 ms of compiler CPU per measured first read, for ~70 first reads after 20), RUNS (5), REPS (60),
# PORT (18190), DB (fqlab_scale), KEEP=1 keeps the database, SERVICE_ARGS (more arguments for the service, e.g.
# --fqlab.sweep-answers-on-start=false). Output in target/scale/<time>/ (sizes.md, p99.md, plans.txt).
set -euo pipefail
N=${N:-170000}
RUNS=${RUNS:-5}
REPS=${REPS:-60}
PORT=${PORT:-18190}
export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGUSER=${PGUSER:-postgres}
cd "$(dirname "$0")/../../.."
JAR=${1:-$(ls target/fqlab-*.jar 2>/dev/null | grep -v -- '-plain' | head -1 || true)}
[ -n "$JAR" ] && [ -f "$JAR" ] || { echo "no jar: build it with ./mvnw -B package -DskipTests" >&2; exit 2; }
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
DRIVER=$(ls ~/.m2/repository/org/postgresql/postgresql/*/postgresql-*.jar | grep -v sources | sort -V | tail -1)
OUT=target/scale/$(date +%Y%m%d-%H%M%S)
mkdir -p "$OUT"
DB=${DB:-fqlab_scale}
API=http://127.0.0.1:$PORT/api/v1
PID=
start() {
  "$JAVA" -jar "$JAR" --server.port="$PORT" --fqlab.workers=1 \
    --spring.datasource.url="jdbc:postgresql://$PGHOST:$PGPORT/$DB" --spring.datasource.username="$PGUSER" \
    ${SERVICE_ARGS:-} >>"$OUT/service.log" 2>&1 &
  PID=$!
  for _ in $(seq 1 180); do curl -sf "127.0.0.1:$PORT/actuator/health" >/dev/null && return 0; sleep 1; done
  echo "the service did not start; see $OUT/service.log" >&2; exit 2
}
stop() { [ -n "$PID" ] && kill "$PID" 2>/dev/null && wait "$PID" 2>/dev/null || true; PID=; }
trap 'stop; [ "${KEEP:-0}" = 1 ] || dropdb --if-exists "$DB"' EXIT
q() { psql -d "$DB" -Atqc "$1"; }
wait_done() {
  while :; do
    s=$(curl -sf "$API/experiments/$1" | jq -r .status)
    case $s in SUCCEEDED) return 0 ;; FAILED|CANCELLED) echo "experiment $1 $s" >&2; exit 1 ;; esac
    sleep 0.5
  done
}
TOTAL="SELECT sum(pg_total_relation_size(relid)) FROM pg_stat_user_tables"
PER_TABLE="SELECT relname, pg_total_relation_size(relid) FROM pg_stat_user_tables ORDER BY relname"

dropdb --if-exists "$DB"; createdb "$DB"
start
echo "== bytes written per seed-000-airtime run ($RUNS runs each)"
{
  echo "| outputs.series | bytes per run (all tables, indexes, TOAST) | per table |"
  echo "|---|---:|---|"
} >"$OUT/sizes.md"
declare -A FIRST
for mode in full coarse none; do
  q "$PER_TABLE" >"$OUT/tables-before-$mode.txt"
  before=$(q "$TOTAL")
  for i in $(seq 1 "$RUNS"); do
    id=$(curl -sf -H 'Content-Type: application/json' -d "{\"preset\": \"seed-000-airtime\", \"outputs\": {\"series\": \"$mode\"}}" \
      "$API/experiments" | jq -r .id)
    wait_done "$id"
    FIRST[$mode]=${FIRST[$mode]:-$id}
  done
  after=$(q "$TOTAL")
  q "$PER_TABLE" >"$OUT/tables-after-$mode.txt"
  per_table=$(join -t '|' "$OUT/tables-before-$mode.txt" "$OUT/tables-after-$mode.txt" \
    | awk -F'|' -v r="$RUNS" '$3 != $2 { printf "%s%s %d", sep, $1, ($3 - $2) / r; sep = ", " }')
  echo "| $mode | $(( (after - before) / RUNS )) | $per_table |" | tee -a "$OUT/sizes.md"
done

echo "== a template sweep (200 values × 5 repetitions), cancelled at once"
SWEEP=$(curl -sf -H 'Content-Type: application/json' -d "{\"name\": \"scale-template\", \"base\": {\"preset\": \"seed-000-airtime\"},
  \"parameters\": [{\"pointer\": \"/flows/0/rateMbps\", \"values\": $(python3 -c 'print(list(range(1, 201)))')}], \"repetitions\": 5}" \
  "$API/sweeps" | jq -r .id)
curl -sf -X POST "$API/sweeps/$SWEEP/cancel" >/dev/null
sleep 2
stop

echo "== seeding $N experiments"
start_s=$(date +%s)
psql -d "$DB" -q -v full="${FIRST[full]}" -v none="${FIRST[none]}" -v sweep="$SWEEP" -v n="$N" -v singles=10000 \
  -v series=1000 -f src/test/load/scale-seed.sql
echo "seeded in $(( $(date +%s) - start_s )) s; database $(q "SELECT pg_size_pretty(pg_database_size('$DB'))")" | tee "$OUT/seed.txt"
q "$PER_TABLE" >>"$OUT/seed.txt"

start
EXPERIMENTS=$(q "SELECT string_agg('''' || experiment_id || '''', ',') FROM (SELECT DISTINCT r.experiment_id FROM results r
  JOIN experiments e ON e.id = r.experiment_id WHERE r.series_t IS NOT NULL AND e.seq > 1000000 LIMIT 3) x")
SWEEPS=$(q "SELECT string_agg(id::text, ',') FROM (SELECT id FROM sweeps WHERE name LIKE 'scale-sweep-%' ORDER BY seq LIMIT 90) x")
WARM_SWEEPS=$(q "SELECT string_agg(id::text, ',') FROM (SELECT id FROM sweeps WHERE name LIKE 'scale-sweep-%' ORDER BY seq OFFSET 90) x")
python3 - "$EXPERIMENTS" "${SWEEPS%%,*}" >"$OUT/grafana.sql" <<'PY'
import json, sys
experiments, sweep = sys.argv[1], sys.argv[2]
dashboard = json.load(open("src/main/deploy/grafana/dashboards/fqlab-experiments.json"))
values = {"experiment": experiments, "sweep": sweep, "pointer": "/flows/0/rateMbps"}
def substitute(text):
    for name in sorted(values, key=len, reverse=True):
        text = text.replace("${" + name + "}", values[name]).replace("$" + name, values[name])
    return text
def panels(d):
    for p in d.get("panels", []):
        yield p
        yield from p.get("panels", [])
for v in dashboard["templating"]["list"]:
    if v.get("type") == "query" and v.get("datasource", {}).get("uid") == "fqlab-postgres":
        query = v["query"] if isinstance(v["query"], str) else v["query"].get("query", "")
        print(f"-- variable {v['name']}\n{substitute(query)}\n;;")
for p in panels(dashboard):
    for t in p.get("targets", []):
        if "rawSql" in t:
            print(f"-- panel {p['title']} {t.get('refId', '')}\n{substitute(t['rawSql'])}\n;;")
PY
DEEP=$(printf 'v1:%s' $((1000000 + 50000)) | base64 | tr '+/' '-_' | tr -d '=\n')
echo "== $REPS repetitions of each query"
status=0
"$JAVA" -cp "$DRIVER" src/test/java/dev/fqlab/load/ScaleQueries.java --base "http://127.0.0.1:$PORT" \
  --jdbc "jdbc:postgresql://$PGHOST:$PGPORT/$DB?user=$PGUSER" --sweeps "$SWEEPS" --warm-sweeps "${WARM_SWEEPS:-}" --tag-rare rare-17 \
  --deep-cursor "$DEEP" --grafana "$OUT/grafana.sql" --reps "$REPS" --out "$OUT" || status=$?
echo "results in $OUT"
exit $status
