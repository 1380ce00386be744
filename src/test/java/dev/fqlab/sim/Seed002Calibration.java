package dev.fqlab.sim;

import dev.fqlab.scenario.ScenarioLimits;
import dev.fqlab.scenario.ScenarioParser;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.SimulationResult;
import java.io.InputStream;
import java.util.Locale;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Seed 002's table and its sensitivity table (issue 11, item 6), not part of the test run: runs
 * {@code seed-002-shift-10} … {@code -shift-7} over a range of seeds with the fitted host-CPU costs
 * ({@code perWakeCpuUs}, {@code perPacketCpuUs}) as given, and prints the means (throughput, ping RTT p50, average
 * aggregate) and each seed's shift-7-versus-8 gap and shift-9/10 and 8/10 ratios (presets.md's criteria).
 *
 * <pre>
 * ./mvnw -B -o -q dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt
 * java -cp target/test-classes:target/classes:$(cat /tmp/cp.txt) dev.fqlab.sim.Seed002Calibration WAKE_US PACKET_US SEED_FROM SEED_TO
 * java ... dev.fqlab.sim.Seed002Calibration 400 0 1 5      # the README's table (the presets' fitted cost)
 * </pre>
 */
public final class Seed002Calibration {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int[] SHIFTS = {10, 9, 8, 7};

    private Seed002Calibration() {}

    public static void main(String[] args) throws Exception {
        double wake = Double.parseDouble(args[0]);
        double packet = Double.parseDouble(args[1]);
        long from = Long.parseLong(args[2]);
        long to = Long.parseLong(args[3]);
        long n = to - from + 1;
        double[] tput = new double[4];
        double[] rtt = new double[4];
        double[] agg = new double[4];
        boolean criteriaHold = true;
        for (long seed = from; seed <= to; seed++) {
            double[] t = new double[4];
            double[] p = new double[4];
            for (int i = 0; i < 4; i++) {
                SimulationResult r = run(scenario(SHIFTS[i], wake, packet), seed);
                t[i] = flow(r, "tcp").throughputMbps();
                p[i] = flow(r, "ping").rttMs().p50();
                tput[i] += t[i];
                rtt[i] += p[i];
                agg[i] += r.stations().getFirst().avgAggregateSize();
            }
            double gap = Math.abs(t[3] - t[2]) / t[2];
            boolean ok = t[1] >= 1.3 * t[0] && t[2] >= 1.8 * t[0] && gap <= 0.15 && p[2] > p[0];
            criteriaHold &= ok;
            System.out.printf(Locale.ROOT,
                    "seed %d  %.1f / %.1f / %.1f / %.1f Mbit/s  9/10 %.2f  8/10 %.2f  |7-8|/8 %.1f %%  rtt %.1f / %.1f ms  %s%n",
                    seed, t[0], t[1], t[2], t[3], t[1] / t[0], t[2] / t[0], 100 * gap, p[0], p[2], ok ? "ok" : "FAILS");
        }
        System.out.printf(Locale.ROOT,
                "wake %.0f us packet %.0f us: means %.1f / %.1f / %.1f / %.1f Mbit/s, rtt p50 %.1f / %.1f / %.1f / %.1f ms,"
                        + " aggregates %.1f / %.1f / %.1f / %.1f, criteria %s%n",
                wake, packet, tput[0] / n, tput[1] / n, tput[2] / n, tput[3] / n, rtt[0] / n, rtt[1] / n, rtt[2] / n,
                rtt[3] / n, agg[0] / n, agg[1] / n, agg[2] / n, agg[3] / n, criteriaHold ? "hold" : "FAIL");
    }

    private static FlowResult flow(SimulationResult r, String name) {
        return r.flows().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    private static ObjectNode scenario(int shift, double wakeUs, double packetUs) throws Exception {
        try (InputStream in = Seed002Calibration.class.getResourceAsStream("/presets/seed-002-shift-" + shift + ".json")) {
            ObjectNode doc = (ObjectNode) JSON.readTree(in).get("scenario");
            ObjectNode driver = (ObjectNode) doc.get("stack").get("driver");
            driver.put("perWakeCpuUs", wakeUs);
            driver.put("perPacketCpuUs", packetUs);
            return doc;
        }
    }

    private static SimulationResult run(ObjectNode doc, long seed) {
        var parsed = new ScenarioParser(ScenarioLimits.DEFAULTS).parse(doc);
        if (!parsed.errors().isEmpty()) {
            throw new IllegalArgumentException(parsed.errors().toString());
        }
        return ScenarioRunner.run(Scenarios.withSeed(parsed.scenario(), seed), RunControl.NONE);
    }
}
