package dev.fqlab.sim.bench;

import dev.fqlab.result.ResultHashes;
import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.SimulationResult;
import tools.jackson.databind.json.JsonMapper;

/**
 * A tool, not a test: SHA-256 (first 16 hex digits) of the result JSON of {@link RealTimeFactor}'s scenarios
 * ({@code stations-N@S}, {@code flows-N@S}, a preset name), without the wall-clock fields of {@code engine}, so that
 * two builds' results can be compared byte for byte (issue 16). Put the other build's classes first on the class
 * path to hash its results with this class:
 * <pre>
 *   java -cp OTHER/classes:OTHER/test-classes:target/test-classes:LIBS dev.fqlab.sim.bench.ScenarioHashes \
 *       stations-2@30 stations-32@30 stations-128@30 seed-000-airtime
 * </pre>
 */
public final class ScenarioHashes {

    private ScenarioHashes() {
    }

    public static void main(String[] args) throws Exception {
        JsonMapper mapper = JsonMapper.builder().build();
        for (String name : args) {
            SimulationResult r = ScenarioRunner.run(RealTimeFactor.scenario(name), RunControl.NONE);
            System.out.println(name + " " + ResultHashes.hash(mapper, r));
        }
    }
}
