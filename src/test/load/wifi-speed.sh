#!/usr/bin/env bash
# Issue 16's WiFi speed figures, outside the unit tests: builds the test classes when needed, then runs
# dev.fqlab.sim.bench.RealTimeFactor in one JVM: seed-000-airtime and the many-stations scenario (ManyStations: 2, 32
# and 128 stations, airtime scheduler and AQL, 30 s each), WARMUPS untimed rounds (by default "jit": until the JIT
# compiler has been idle for 5 rounds, dev.fqlab.sim.bench.JitQuiet), then RUNS rounds, each round every
# scenario once in turn so all see the same machine load. Prints per run and best of RUNS: the real-time factor
# (engine.speedup, wall clock), the same per CPU second of the simulating thread (what a busy machine distorts
# least), CPU ns per delivered packet, and the engine statistics (events per offered and per delivered packet).
#
#   src/test/load/wifi-speed.sh                       # RUNS=3 WARMUPS=jit
#   RUNS=3 src/test/load/wifi-speed.sh seed-000-airtime   # one scenario: best of three
#
# Output also in target/load/wifi-speed-<time>.txt.
set -euo pipefail
RUNS=${RUNS:-3}
WARMUPS=${WARMUPS:-jit}
cd "$(dirname "$0")/../../.."
if [ "$#" -eq 0 ]; then
  set -- seed-000-airtime stations-2@30 stations-32@30 stations-128@30
fi
. src/test/load/bench-classpath.sh
mkdir -p target/load
OUT=target/load/wifi-speed-$(date +%Y%m%d-%H%M%S).txt
"$JAVA" -cp "$BENCH_CP" dev.fqlab.sim.bench.RealTimeFactor \
  "$RUNS" "$WARMUPS" "$@" | tee "$OUT"
