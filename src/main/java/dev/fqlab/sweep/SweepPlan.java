package dev.fqlab.sweep;

import dev.fqlab.experiment.SeriesOutput;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * A valid sweep request, expanded: every cell of its table (combination × repetition) with the normalized scenario
 * it runs. Nothing is stored yet.
 *
 * @param preset the sweep preset, else the base's experiment preset, else null
 * @param base the base scenario as written (a preset's with the request's overrides merged in), before parameters
 * @param reuse whether cells whose scenario already succeeded under this engine version reuse that result
 * @param metrics the table's default columns; null for all of them
 * @param cells in table order: combination-major, repetition-minor
 * @param seriesOutput what its experiments keep of their time series ({@code outputs.series}, default none); a
 *        reused experiment must have kept at least as much
 */
public record SweepPlan(String name, List<String> tags, String preset, ObjectNode base,
                        List<SweepParameter> parameters, int repetitions, boolean reuse, List<String> metrics,
                        int combinations, List<Cell> cells, SeriesOutput seriesOutput) {

    public SweepPlan {
        tags = List.copyOf(tags);
        parameters = List.copyOf(parameters);
        metrics = metrics == null ? null : List.copyOf(metrics);
        cells = List.copyOf(cells);
    }

    /**
     * One experiment of the sweep.
     *
     * @param position {@code combination × repetitions + repetition}
     * @param experimentName the name its experiment gets
     * @param scenarioJson the normalized scenario (seed = the combination's seed + repetition) as compact JSON
     */
    public record Cell(int position, int combination, int repetition, String experimentName, String scenarioJson,
                       String scenarioSha256) {
    }
}
