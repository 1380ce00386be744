# Sourced by the engine benchmarks' scripts (wifi-speed.sh, stations-ratio.sh) from the repository's root: builds the
# test classes and the jar when missing, unpacks the jar's libraries into target/load/lib (no dependency plugin needed
# offline) and sets JAVA and BENCH_CP, the classpath of dev.fqlab.sim.bench.
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
if [ ! -f target/test-classes/dev/fqlab/sim/bench/RealTimeFactor.class ] || [ ! -f target/classes/presets/seed-000-airtime.json ]; then
  ./mvnw -B -q -o test-compile
fi
JAR=$(ls target/fqlab-*.jar 2>/dev/null | grep -v -- '-plain' | head -1 || true)
if [ -z "$JAR" ]; then
  ./mvnw -B -q -o package -DskipTests
  JAR=$(ls target/fqlab-*.jar | grep -v -- '-plain' | head -1)
fi
LIB=target/load/lib
if [ ! -d "$LIB" ] || [ "$JAR" -nt "$LIB" ]; then
  rm -rf "$LIB"; mkdir -p "$LIB"
  (cd "$LIB" && unzip -q -o "$OLDPWD/$JAR" 'BOOT-INF/lib/*')
fi
BENCH_CP="target/test-classes:target/classes:$LIB/BOOT-INF/lib/*"
