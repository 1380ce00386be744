package dev.fqlab.sim.bench;

import dev.fqlab.scenario.ScenarioLimits;
import dev.fqlab.scenario.ScenarioParser;
import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.EngineStats;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.scenario.Scenario;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * End-to-end speed of presets, outside the unit tests (src/test/load/wifi-speed.sh runs it). In one JVM it runs
 * each named scenario {@code warmups} times untimed ({@link JitQuiet}: a number of rounds, or {@code jit} to go on
 * until the JIT compiler has been idle for several rounds), then {@code runs} rounds, each round every scenario once
 * in turn (so they share the machine's load), and prints per run the real-time factor (simulated seconds per wall
 * second, the result's {@code engine.speedup}), the same per CPU second of the simulating thread, the thread CPU
 * time per delivered (and per offered) packet, and the milliseconds the JIT spent compiling meanwhile (on the other
 * core of a 2-core machine, which slows a run that misses the caches); then the best of each per scenario.
 * <pre>
 *   java -cp CLASSPATH dev.fqlab.sim.bench.RealTimeFactor RUNS WARMUPS SCENARIO...
 * </pre>
 * A scenario is a preset name ({@code seed-000-airtime}), {@code stations-N[@durationS]}: {@link ManyStations}, or
 * {@code flows-N[@durationS]}: {@link ManyFlowsBenchmark}'s scenario with N flows (95 Mbit/s, series every 100 ms).
 */
public final class RealTimeFactor {

    private RealTimeFactor() {
    }

    public static void main(String[] args) throws IOException {
        int runs = Integer.parseInt(args[0]);
        List<String> names = List.of(args).subList(2, args.length);
        List<Scenario> scenarios = new ArrayList<>();
        for (String name : names) {
            scenarios.add(scenario(name));
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        JitQuiet.warmUp(args[1], () -> {
            for (Scenario s : scenarios) {
                ScenarioRunner.run(s, RunControl.NONE);
            }
        });
        // the runs' numbers are printed after the last run: formatting them between runs had the JIT compile the
        // formatter's code on the other core while the next run was timed
        List<Run> measured = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            for (int k = 0; k < scenarios.size(); k++) {
                long jit0 = JitQuiet.compilationMs();
                long cpu0 = threads.getCurrentThreadCpuTime();
                SimulationResult r = ScenarioRunner.run(scenarios.get(k), RunControl.NONE);
                long cpuNs = threads.getCurrentThreadCpuTime() - cpu0;
                measured.add(Run.of(k, i + 1, r, cpuNs, JitQuiet.compilationMs() - jit0));
            }
        }
        double[] bestWall = new double[names.size()];
        double[] bestCpu = new double[names.size()];
        double[] bestNsPerDelivered = new double[names.size()];
        java.util.Arrays.fill(bestNsPerDelivered, Double.MAX_VALUE);
        for (Run run : measured) {
            int k = run.scenario();
            Scenario s = scenarios.get(k);
            EngineStats e = run.engine();
            long offered = run.offered();
            long delivered = run.delivered();
            long cpuNs = run.cpuNs();
            double perCpu = s.durationS() / (cpuNs / 1e9);
            double nsPerDelivered = (double) cpuNs / delivered;
            bestWall[k] = Math.max(bestWall[k], e.speedup());
            bestCpu[k] = Math.max(bestCpu[k], perCpu);
            bestNsPerDelivered[k] = Math.min(bestNsPerDelivered[k], nsPerDelivered);
            System.out.printf("%s run %d: %.1fx real time (wall %.3f s), %.1fx per thread-CPU second (%.3f s), "
                            + "%.0f ns CPU per delivered packet, %.1f per offered; %d events, %d offered, %d delivered, "
                            + "%s events per offered, %s per delivered packet; JIT compiling %d ms%n",
                    names.get(k), run.round(), e.speedup(), e.wallS(), perCpu, cpuNs / 1e9, nsPerDelivered,
                    (double) cpuNs / offered, e.events(), offered, delivered,
                    String.format("%.4f", (double) e.events() / offered),
                    String.format("%.4f", (double) e.events() / delivered), run.jitMs());
        }
        for (int k = 0; k < names.size(); k++) {
            System.out.printf("%s best of %d: %.1fx real time, %.1fx per thread-CPU second, %.0f ns CPU per delivered "
                    + "packet%n", names.get(k), runs, bestWall[k], bestCpu[k], bestNsPerDelivered[k]);
        }
    }

    /**
     * One timed run: its scenario's index, its round, its engine statistics and packets, the thread's CPU time and the
     * JIT's meanwhile — not the whole result, which for thousands of flows holds megabytes of series per run.
     */
    private record Run(int scenario, int round, EngineStats engine, long offered, long delivered, long cpuNs,
                       long jitMs) {

        static Run of(int scenario, int round, SimulationResult r, long cpuNs, long jitMs) {
            // from the flows, not engine.deliveredPackets, so the tool also times builds before that field
            long offered = 0;
            long delivered = 0;
            for (var f : r.flows()) {
                offered += f.sentPackets();
                delivered += f.deliveredPackets();
            }
            return new Run(scenario, round, r.engine(), offered, delivered, cpuNs, jitMs);
        }
    }

    static Scenario scenario(String name) throws IOException {
        if (name.startsWith("flows-")) {
            String[] parts = name.substring("flows-".length()).split("@");
            return ManyFlowsBenchmark.scenario(Integer.parseInt(parts[0]), 95,
                    parts.length > 1 ? Double.parseDouble(parts[1]) : 10, 100);
        }
        if (name.startsWith("stations-")) {
            String[] parts = name.substring("stations-".length()).split("@");
            return ManyStations.scenario(Integer.parseInt(parts[0]),
                    parts.length > 1 ? Double.parseDouble(parts[1]) : 10);
        }
        try (InputStream in = RealTimeFactor.class.getResourceAsStream("/presets/" + name + ".json")) {
            if (in == null) {
                throw new IllegalArgumentException("no preset " + name);
            }
            JsonNode doc = JsonMapper.builder().build().readTree(in);
            var parsed = new ScenarioParser(ScenarioLimits.DEFAULTS).parse(doc.get("scenario"));
            if (!parsed.errors().isEmpty()) {
                throw new IllegalArgumentException(parsed.errors().toString());
            }
            return parsed.scenario();
        }
    }
}
