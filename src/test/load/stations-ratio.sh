#!/usr/bin/env bash
# Issue 16's many-stations line for one build, with its uncertainty: in each of JVMS fresh JVMs,
# dev.fqlab.sim.bench.RealTimeFactor runs stations-2@30 and stations-128@30 (airtime scheduler and AQL, 30 s each)
# WARMUPS rounds untimed — by default "jit": until the JIT compiler has been idle for 5 rounds (JitQuiet; while C2
# still compiles on the other core, 128 stations read 25-40 % slower) — then ROUNDS rounds, both scenarios in turn in
# each round (so they share the machine's load). A JVM's ratio is the median, over its rounds in which the JIT
# compiled nothing, of 128-station over 2-station thread CPU per delivered packet (all rounds' median beside it);
# the script prints each JVM's, then their mean with a 95 % confidence interval (Student's t over the JVMs: the JIT's
# choices differ between JVMs, so the JVM is the unit). One build per JVM: no second build's code shares the JIT's
# profiles, unlike CompareBuilds, which is for comparing two builds.
#
#   JVMS=6 ROUNDS=100 src/test/load/stations-ratio.sh            # about 8 minutes on 2 quiet cores
#   SCENARIOS="stations-2@30 stations-32@30" src/test/load/stations-ratio.sh
set -euo pipefail
JVMS=${JVMS:-6}
ROUNDS=${ROUNDS:-100}
WARMUPS=${WARMUPS:-jit}
SCENARIOS=${SCENARIOS:-"stations-2@30 stations-128@30"}
cd "$(dirname "$0")/../../.."
. src/test/load/bench-classpath.sh
OUT=target/load/stations-ratio-$(date +%Y%m%d-%H%M%S)
mkdir -p "$OUT"
for j in $(seq 1 "$JVMS"); do
  # shellcheck disable=SC2086
  "$JAVA" -cp "$BENCH_CP" dev.fqlab.sim.bench.RealTimeFactor \
    "$ROUNDS" "$WARMUPS" $SCENARIOS >"$OUT/jvm-$j.txt" 2>"$OUT/jvm-$j.err"
  cat "$OUT/jvm-$j.err" >&2
done
python3 - "$OUT" $SCENARIOS <<'PY'
import glob, math, re, statistics as st, sys
out, first, last = sys.argv[1], sys.argv[2], sys.argv[-1]
# two-sided 95 % Student t quantiles for 1..30 degrees of freedom (then the normal's)
T95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
       2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]
ratios = []
for path in sorted(glob.glob(out + "/jvm-*.txt"), key=lambda p: int(re.search(r"jvm-(\d+)", p).group(1))):
    runs = {}
    jit = {}
    for line in open(path):
        m = re.match(r"(\S+) run (\d+): .*?, (\d+) ns CPU per delivered packet", line)
        if m:
            r = int(m.group(2))
            runs.setdefault(r, {})[m.group(1)] = float(m.group(3))
            j = re.search(r"JIT compiling (\d+) ms", line)
            jit[r] = jit.get(r, 0) + (int(j.group(1)) if j else 0)
    per_round = {r: v[last] / v[first] for r, v in runs.items() if first in v and last in v}
    # rounds in which the JIT compiled nothing (set-up code still crosses the C2 threshold now and then, and a
    # compilation on the other core slows the round's runs): the engine as a long-running service runs it
    quiet = [x for r, x in per_round.items() if jit.get(r, 0) == 0]
    ratio = st.median(quiet) if quiet else st.median(per_round.values())
    ratios.append(ratio)
    print(f"{path}: {last}/{first} CPU per delivered packet, median of the {len(quiet)} of {len(per_round)} rounds "
          f"without JIT compilation: {ratio:.3f} (all rounds: {st.median(per_round.values()):.3f}; the JIT compiled "
          f"{sum(jit.values())} ms during them)")
n = len(ratios)
mean = st.mean(ratios)
if n > 1:
    half = (T95[n - 2] if n - 1 <= len(T95) else 1.960) * st.stdev(ratios) / math.sqrt(n)
    print(f"{n} JVMs: mean {mean:.3f}, 95 % confidence interval {mean - half:.3f} – {mean + half:.3f}, "
          f"range {min(ratios):.3f} – {max(ratios):.3f}")
else:
    print(f"1 JVM: {mean:.3f}")
PY
echo "output in $OUT"
