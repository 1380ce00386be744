#!/usr/bin/env bash
# Every preset's result hashes (seeds 1-3) from one checkout's build: builds the jar, starts it on a fresh embedded
# H2 in a temporary directory, runs src/test/load/preset-results.py against it, stops it. A change that must keep
# every result byte-identical prints the same file before and after:
#
#   src/test/load/preset-check.sh /path/to/checkout-before 18103 before.tsv
#   src/test/load/preset-check.sh . 18104 after.tsv && diff before.tsv after.tsv    # empty: identical
#
# Needs a JDK >= 21 (JAVA_HOME), curl, python3. About 1-5 minutes on 2 cores.
set -euo pipefail
CHECKOUT=$(cd "${1:?checkout}" && pwd); PORT=${2:?port}; OUT=$(realpath -m "${3:?output file}")
HERE=$(cd "$(dirname "$0")" && pwd)
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
(cd "$CHECKOUT" && ./mvnw -B -q -DskipTests package >/dev/null)
TMP=$(mktemp -d)
cp "$(ls "$CHECKOUT"/target/fqlab-*.jar | grep -v -- '-plain' | head -1)" "$TMP/app.jar"
"$JAVA" -jar "$TMP/app.jar" --server.port="$PORT" --spring.datasource.url="jdbc:h2:file:$TMP/db" >"$TMP/log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null; rm -rf "$TMP"' EXIT
for _ in $(seq 1 240); do curl -sf "127.0.0.1:$PORT/actuator/health" >/dev/null && break; sleep 1; done
python3 "$HERE/preset-results.py" "$PORT" >"$OUT"
echo "$(wc -l <"$OUT") preset results hashed into $OUT"
