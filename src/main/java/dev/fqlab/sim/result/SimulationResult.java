package dev.fqlab.sim.result;

import java.util.List;

/**
 * One experiment's result (results.md). The engine fills everything but the identity fields
 * ({@code experimentId}, {@code scenarioSha256}, {@code engineVersion}), which the service adds with
 * {@link #identified}.
 *
 * @param qdiscUp the up direction's qdisc (an fqlab extension; {@code qdisc} is the down direction)
 */
public record SimulationResult(
        String experimentId,
        String scenarioSha256,
        String engineVersion,
        long seed,
        double simulatedS,
        EngineStats engine,
        Summary summary,
        List<StationResult> stations,
        List<FlowResult> flows,
        List<TxqResult> txqs,
        QdiscResult qdisc,
        QdiscResult qdiscUp,
        Series series) {

    /** A copy carrying the service's identity fields. */
    public SimulationResult identified(String experimentId, String scenarioSha256, String engineVersion) {
        return new SimulationResult(experimentId, scenarioSha256, engineVersion, seed, simulatedS, engine, summary,
                stations, flows, txqs, qdisc, qdiscUp, series);
    }
}
