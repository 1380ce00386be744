package dev.fqlab.sim.bench;

import dev.fqlab.scenario.ScenarioLimits;
import dev.fqlab.scenario.ScenarioParser;
import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.scenario.Scenario;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * End-to-end speed of one preset, outside the unit tests: runs it {@code runs} times in one JVM (after
 * {@code warmups} untimed runs) and prints each run's real-time factor (simulated seconds per wall second, the
 * result's {@code engine.speedup}) and per CPU second of the simulating thread, then the best of each.
 * <pre>
 *   java -cp target/test-classes:target/classes:LIBS dev.fqlab.sim.bench.RealTimeFactor seed-000-airtime 3 1
 * </pre>
 * Arguments: preset name (default seed-000-airtime), timed runs (3), warm-up runs (1).
 */
public final class RealTimeFactor {

    private RealTimeFactor() {
    }

    public static void main(String[] args) throws IOException {
        String preset = args.length > 0 ? args[0] : "seed-000-airtime";
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int warmups = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        Scenario scenario = preset(preset);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int i = 0; i < warmups; i++) {
            ScenarioRunner.run(scenario, RunControl.NONE);
        }
        double bestWall = 0;
        double bestCpu = 0;
        for (int i = 0; i < runs; i++) {
            long cpu0 = threads.getCurrentThreadCpuTime();
            SimulationResult r = ScenarioRunner.run(scenario, RunControl.NONE);
            double cpuS = (threads.getCurrentThreadCpuTime() - cpu0) / 1e9;
            double perCpu = scenario.durationS() / cpuS;
            bestWall = Math.max(bestWall, r.engine().speedup());
            bestCpu = Math.max(bestCpu, perCpu);
            System.out.printf("%s run %d: %.1fx real time (wall %.3f s), %.1fx per thread-CPU second (%.3f s), "
                    + "%d events, %s%n", preset, i + 1, r.engine().speedup(), r.engine().wallS(), perCpu, cpuS,
                    r.engine().events(), r.engine());
        }
        System.out.printf("%s best of %d: %.1fx real time, %.1fx per thread-CPU second%n", preset, runs, bestWall,
                bestCpu);
    }

    static Scenario preset(String name) throws IOException {
        try (InputStream in = RealTimeFactor.class.getResourceAsStream("/presets/" + name + ".json")) {
            if (in == null) {
                throw new IllegalArgumentException("no preset " + name);
            }
            JsonNode doc = new ObjectMapper().readTree(in);
            var parsed = new ScenarioParser(ScenarioLimits.DEFAULTS).parse(doc.get("scenario"));
            if (!parsed.errors().isEmpty()) {
                throw new IllegalArgumentException(parsed.errors().toString());
            }
            return parsed.scenario();
        }
    }
}
