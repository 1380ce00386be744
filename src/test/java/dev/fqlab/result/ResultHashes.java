package dev.fqlab.result;

import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.bench.ManyFlowsBenchmark;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.SimulationResult;
import java.security.MessageDigest;
import java.util.HexFormat;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A tool, not a test: SHA-256 (first 16 hex digits) of the result JSON of {@link ManyFlowsBenchmark}'s scenario with
 * N flows, without the wall-clock fields of {@code engine}, written twice — by a plain mapper (the lists read value
 * by value) and with the service's {@link PrimitiveValuesModule} — so that two builds' results can be compared
 * byte for byte (issue 16). Put the other build's classes first on the class path to hash its results with this
 * class:
 * <pre>
 *   java -cp OTHER/classes:OTHER/test-classes:target/test-classes:LIBS dev.fqlab.result.ResultHashes 3 300 3000 3@60
 * </pre>
 */
public final class ResultHashes {

    private ResultHashes() {
    }

    public static void main(String[] args) throws Exception {
        JsonMapper plain = JsonMapper.builder().build();
        JsonMapper service = JsonMapper.builder().addModule(new PrimitiveValuesModule()).build();
        for (String arg : args) {
            String[] parts = arg.split("@");
            var scenario = ManyFlowsBenchmark.scenario(Integer.parseInt(parts[0]), 95,
                    parts.length > 1 ? Double.parseDouble(parts[1]) : 10, 100);
            SimulationResult r = ScenarioRunner.run(scenario, RunControl.NONE);
            String a = hash(plain, r);
            String b = hash(service, r);
            System.out.println("flows-" + arg + " " + a + " " + b + (a.equals(b) ? "" : " DIFFERENT"));
        }
    }

    /** The first 16 hex digits of the SHA-256 of {@code r}'s JSON by {@code mapper}, without engine timings. */
    public static String hash(JsonMapper mapper, SimulationResult r) throws Exception {
        ObjectNode doc = (ObjectNode) mapper.readTree(mapper.writeValueAsString(r));
        ObjectNode engine = (ObjectNode) doc.get("engine");
        engine.remove("wallS");
        engine.remove("eventsPerS");
        engine.remove("speedup");
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(mapper.writeValueAsBytes(doc));
        return HexFormat.of().formatHex(digest).substring(0, 16);
    }
}
