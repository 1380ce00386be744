package dev.fqlab.sim;

import dev.fqlab.scenario.ScenarioLimits;
import dev.fqlab.scenario.ScenarioParser;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.scenario.Scenario;
import java.io.InputStream;
import java.util.Locale;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Seed 000's SNR calibration (issue 12, item 4), not part of the test run: sweeps each station's {@code snrDb}
 * alone (its UDP flood only, at 200 Mbit/s as WifiPresetsTest's alone runs send it) under Minstrel-HT and prints
 * its throughput, to fit the two SNRs to the seed's ~45 (2×2) and ~7 Mbit/s (1×1); with {@code variants} it runs
 * the five variants at given SNRs (the README's table and sensitivity table).
 *
 * <pre>
 * java -cp target/test-classes:target/classes:$(cat cp.txt) dev.fqlab.sim.Seed000Calibration alone sta1 20 30 1 10 1
 * java -cp ... dev.fqlab.sim.Seed000Calibration variants SNR1 SNR2 DURATION_S SEED_FROM SEED_TO
 * </pre>
 */
public final class Seed000Calibration {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private Seed000Calibration() {}

    public static void main(String[] args) throws Exception {
        if (args[0].equals("alone")) {
            String station = args[1];
            double from = Double.parseDouble(args[2]);
            double to = Double.parseDouble(args[3]);
            double step = Double.parseDouble(args[4]);
            double duration = Double.parseDouble(args[5]);
            long seeds = Long.parseLong(args[6]);
            for (double snr = from; snr <= to + 1e-9; snr += step) {
                double sum = 0;
                for (long seed = 1; seed <= seeds; seed++) {
                    ObjectNode doc = scenario("seed-000-legacy", snr, snr, duration);
                    keepOnlyUdpTo(doc, station);
                    SimulationResult r = run(doc, seed);
                    sum += r.stations().stream().filter(s -> s.name().equals(station)).findFirst().orElseThrow()
                            .throughputMbps();
                }
                System.out.printf(Locale.ROOT, "%s snrDb %.1f alone %.2f Mbit/s%n", station, snr, sum / seeds);
                if (args.length > 7 && args[7].equals("rates")) {
                    ObjectNode doc = scenario("seed-000-legacy", snr, snr, duration);
                    keepOnlyUdpTo(doc, station);
                    var st = run(doc, 1).stations().stream().filter(s -> s.name().equals(station)).findFirst().orElseThrow();
                    System.out.printf(Locale.ROOT, "    avg aggregate %.1f MPDUs%n", st.avgAggregateSize());
                    long total = st.rates().stream().filter(x -> x.direction().equals("down")).mapToLong(x -> x.airtimeNs()).sum();
                    st.rates().stream().filter(x -> x.direction().equals("down") && x.airtimeNs() > total / 100)
                            .forEach(x -> System.out.printf(Locale.ROOT, "    %s airtime %.2f success %.2f%n", x.rate(),
                                    (double) x.airtimeNs() / total, (double) x.successes() / Math.max(1, x.attempts())));
                }
            }
        } else {
            double snr1 = Double.parseDouble(args[1]);
            double snr2 = Double.parseDouble(args[2]);
            double duration = Double.parseDouble(args[3]);
            long from = Long.parseLong(args[4]);
            long to = Long.parseLong(args[5]);
            String[] only = args.length > 6 ? args[6].split(",") : new String[] {"legacy", "txq", "fq", "fq-fixed", "airtime"};
            for (String variant : only) {
                double[] m = new double[8];
                for (long seed = from; seed <= to; seed++) {
                    SimulationResult r = run(scenario("seed-000-" + variant, snr1, snr2, duration), seed);
                    m[0] += r.stations().get(0).throughputMbps();
                    m[1] += r.stations().get(1).throughputMbps();
                    m[2] += r.stations().get(0).airtimeShare();
                    m[3] += r.stations().get(1).airtimeShare();
                    m[4] += flow(r, "ping-sta1").rttMs().p50();
                    m[5] += flow(r, "ping-sta2").rttMs().p50();
                    m[6] += flow(r, "udp-sta1").reorderedPackets();
                    m[7] += r.summary().jainAirtime();
                }
                long n = to - from + 1;
                System.out.printf(Locale.ROOT,
                        "%-9s snr %.1f/%.1f  sta1 %.2f  sta2 %.2f  air %.2f/%.2f  rtt %.0f/%.0f ms  reord %.0f  jain %.3f%n",
                        variant, snr1, snr2, m[0] / n, m[1] / n, m[2] / n, m[3] / n, m[4] / n, m[5] / n, m[6] / n, m[7] / n);
            }
        }
    }

    private static dev.fqlab.sim.result.FlowResult flow(SimulationResult r, String name) {
        return r.flows().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    private static ObjectNode scenario(String preset, double snr1, double snr2, double durationS) throws Exception {
        try (InputStream in = Seed000Calibration.class.getResourceAsStream("/presets/" + preset + ".json")) {
            ObjectNode doc = (ObjectNode) JSON.readTree(in).get("scenario");
            doc.put("durationS", durationS);
            if (System.getProperty("warmupS") != null) {
                doc.put("warmupS", Double.parseDouble(System.getProperty("warmupS")));
            }
            ObjectNode sta1 = (ObjectNode) doc.get("stations").get(0);
            ObjectNode sta2 = (ObjectNode) doc.get("stations").get(1);
            sta1.put("mcs", 15);
            sta1.put("snrDb", snr1);
            sta1.remove("rateControl");
            sta2.put("mcs", 7);
            sta2.put("snrDb", snr2);
            sta2.remove("rateControl");
            return doc;
        }
    }

    private static void keepOnlyUdpTo(ObjectNode doc, String station) {
        var flows = JSON.createArrayNode();
        for (JsonNode f : doc.get("flows")) {
            if (f.get("type").asString().equals("udp") && f.get("station").asString().equals(station)) {
                ObjectNode copy = ((ObjectNode) f).deepCopy();
                copy.put("rateMbps", 200);
                flows.add(copy);
            }
        }
        doc.set("flows", flows);
    }

    private static SimulationResult run(ObjectNode doc, long seed) {
        var parsed = new ScenarioParser(ScenarioLimits.DEFAULTS).parse(doc);
        if (!parsed.errors().isEmpty()) {
            throw new IllegalArgumentException(parsed.errors().toString());
        }
        return ScenarioRunner.run(Scenarios.withSeed(parsed.scenario(), seed), RunControl.NONE);
    }
}
