#!/usr/bin/env bash
# Issue 17's series check: the series CSV and the result JSON of every experiment preset are byte-identical
# (1) between the service built from BASE (default b08aed0, before the array store) and this tree, for fresh runs,
# (2) for runs BASE stored, read back by this tree after its migrations (V11, V12) moved them into arrays — on the
#     embedded H2 and on PostgreSQL;
# and (3) outputs.series coarse and none leave every other part of the result unchanged (series.csv 404 for none).
#
#   src/test/load/series-check.sh [BASE]
#
# Needs a JDK ≥ 21 (JAVA_HOME), python3, curl, and PostgreSQL's createdb/dropdb (PGHOST 127.0.0.1, PGUSER postgres
# by default). Ports 18181 and 18182. Output in target/series-check/.
set -euo pipefail
BASE=${BASE:-${1:-b08aed0}}
export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGUSER=${PGUSER:-postgres}
cd "$(dirname "$0")/../../.."
ROOT=$PWD
OUT=$ROOT/target/series-check
rm -rf "$OUT" && mkdir -p "$OUT"
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
CHECK="python3 $ROOT/src/test/load/series-check.py"
DB=fqlab_series_check

echo "== building $BASE and this tree"
git archive "$BASE" | (mkdir -p "$OUT/base-src" && tar -x -C "$OUT/base-src")
(cd "$OUT/base-src" && ./mvnw -B -o -q package -DskipTests >/dev/null)
./mvnw -B -o -q package -DskipTests >/dev/null
BASE_JAR=$(ls "$OUT"/base-src/target/fqlab-*.jar | grep -v -- '-plain' | head -1)
NEW_JAR=$(ls "$ROOT"/target/fqlab-*.jar | grep -v -- '-plain' | head -1)

PIDS=()
start() { # jar port dir [args...]
  local jar=$1 port=$2 dir=$3; shift 3
  mkdir -p "$dir"
  (cd "$dir" && exec "$JAVA" -jar "$jar" --server.port="$port" --fqlab.workers=1 "$@" >"$dir/log" 2>&1) &
  PIDS+=($!)
  for _ in $(seq 1 180); do curl -sf "127.0.0.1:$port/actuator/health" >/dev/null && return 0; sleep 1; done
  echo "service on :$port did not start; see $dir/log" >&2; exit 2
}
stop_all() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done; PIDS=(); }
trap 'stop_all; dropdb --if-exists "$DB" 2>/dev/null || true' EXIT

dropdb --if-exists "$DB"; createdb "$DB"
PG=(--spring.datasource.url="jdbc:postgresql://$PGHOST:$PGPORT/$DB" --spring.datasource.username="$PGUSER")

echo "== $BASE: every preset on H2 (:18181) and PostgreSQL (:18182)"
start "$BASE_JAR" 18181 "$OUT/h2"
start "$BASE_JAR" 18182 "$OUT/pg" "${PG[@]}"
$CHECK run 18181 "$OUT/base-h2.json" & a=$!
$CHECK run 18182 "$OUT/base-pg.json" & b=$!
wait $a $b
stop_all

echo "== this tree on the same databases: Flyway migrates them; the stored runs read back"
start "$NEW_JAR" 18181 "$OUT/h2"
start "$NEW_JAR" 18182 "$OUT/pg" "${PG[@]}"
$CHECK refetch 18181 "$OUT/base-h2.json" "$OUT/migrated-h2.json"
$CHECK refetch 18182 "$OUT/base-pg.json" "$OUT/migrated-pg.json"
status=0
echo "-- migrated H2 vs $BASE"; $CHECK compare "$OUT/base-h2.json" "$OUT/migrated-h2.json" || status=1
echo "-- migrated PostgreSQL vs $BASE"; $CHECK compare "$OUT/base-pg.json" "$OUT/migrated-pg.json" || status=1

echo "== this tree: every preset again (fresh runs, stored as arrays)"
$CHECK run 18181 "$OUT/new-h2.json" & a=$!
$CHECK run 18182 "$OUT/new-pg.json" & b=$!
wait $a $b
echo "-- fresh H2 runs vs $BASE"; $CHECK compare "$OUT/base-h2.json" "$OUT/new-h2.json" || status=1
echo "-- fresh PostgreSQL runs vs $BASE"; $CHECK compare "$OUT/base-pg.json" "$OUT/new-pg.json" || status=1
echo "-- outputs.series coarse and none (PostgreSQL)"; $CHECK outputs 18182 "$OUT/new-pg.json" || status=1
echo "== $( [ $status = 0 ] && echo PASSED || echo FAILED )"
exit $status
