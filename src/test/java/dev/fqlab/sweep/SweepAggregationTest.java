package dev.fqlab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.experiment.ExperimentStatus;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.IntNode;

/**
 * The numbers of a sweep's rows against values worked out by hand, and the status rule of api.md.
 */
class SweepAggregationTest {

    @Test
    void meanAndSampleStandardDeviationOfATextbookSample() {
        // 2, 4, 4, 4, 5, 5, 7, 9: Σ = 40, mean 5; Σ(x − 5)² = 9+1+1+1+0+0+4+16 = 32; s = √(32/7) = 2.138089935…
        MetricStats stats = MetricStats.of(List.of(2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0));

        assertThat(stats.mean()).isEqualTo(5.0);
        assertThat(stats.stddev()).isEqualTo(2.13809);
        assertThat(stats.min()).isEqualTo(2.0);
        assertThat(stats.max()).isEqualTo(9.0);
        assertThat(stats.n()).isEqualTo(8);
    }

    @Test
    void threeLatencies() {
        // 34.1, 34.5, 34.3: mean 102.9/3 = 34.3; deviations −0.2, 0.2, 0: s = √(0.08/2) = 0.2
        MetricStats stats = MetricStats.of(List.of(34.1, 34.5, 34.3));

        assertThat(stats.mean()).isEqualTo(34.3);
        assertThat(stats.stddev()).isEqualTo(0.2);
        assertThat(stats.min()).isEqualTo(34.1);
        assertThat(stats.max()).isEqualTo(34.5);
    }

    @Test
    void equalValuesHaveAStandardDeviationOfZero() {
        // (a + b + c)/3 of three equal doubles need not be exactly that double again: no rounding noise in s.
        MetricStats stats = MetricStats.of(List.of(5.9, 5.9, 5.9));

        assertThat(stats.stddev()).isEqualTo(0.0);
        assertThat(MetricStats.of(List.of(0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1)).stddev()).isEqualTo(0.0);
    }

    @Test
    void oneValueHasNoStandardDeviation() {
        MetricStats stats = MetricStats.of(List.of(1.5));

        assertThat(stats.mean()).isEqualTo(1.5);
        assertThat(stats.stddev()).isNull();
        assertThat(stats.n()).isEqualTo(1);
    }

    @Test
    void aLargeOffsetDoesNotSwallowTheSpread() {
        // 1e9 + 1, 1e9 + 2, 1e9 + 3: s = 1 exactly (Σx² − n·mean² would lose it to rounding); the mean is shown
        // to 6 significant digits like every number of a result.
        MetricStats stats = MetricStats.of(List.of(1e9 + 1, 1e9 + 2, 1e9 + 3));

        assertThat(stats.stddev()).isEqualTo(1.0);
        assertThat(stats.mean()).isEqualTo(1e9);
    }

    @Test
    void eachMetricIsAggregatedOverTheResultsThatHaveIt() {
        Map<String, Double> first = new LinkedHashMap<>();
        first.put("summary.throughputMbps", 9.0);
        first.put("flows.probe.latencyMs.p50", 1.0);
        Map<String, Double> second = new LinkedHashMap<>();
        second.put("summary.throughputMbps", 11.0);
        // no probe latency: no samples in this run
        second.put("flows.probe.throughputMbps", 0.5);

        Map<String, MetricStats> stats = SweepRow.aggregate(List.of(first, second));

        assertThat(stats.keySet()).containsExactly("summary.throughputMbps", "flows.probe.latencyMs.p50",
                "flows.probe.throughputMbps");
        // 9 and 11: mean 10, s = √((1 + 1)/1) = 1.41421
        assertThat(stats.get("summary.throughputMbps")).isEqualTo(new MetricStats(10.0, 1.41421, 9.0, 11.0, 2));
        assertThat(stats.get("flows.probe.latencyMs.p50")).isEqualTo(new MetricStats(1.0, null, 1.0, 1.0, 1));
    }

    @Test
    void rowsFollowTheParametersWithTheFirstVaryingSlowest() {
        SweepParameter qdisc = new SweepParameter("qdisc", "/stack/qdisc/type",
                List.of(JsonMapper.builder().build().getNodeFactory().stringNode("pfifo"),
                        JsonMapper.builder().build().getNodeFactory().stringNode("fq_codel")), List.of("fifo", "fq"));
        SweepParameter rate = new SweepParameter(null, "/link/rateMbps", List.of(IntNode.valueOf(1), IntNode.valueOf(10),
                IntNode.valueOf(100)), null);
        UUID a = UUID.randomUUID();
        UUID b = UUID.randomUUID();
        UUID c = UUID.randomUUID();
        List<SweepMember> members = List.of(
                member(10, 5, 0, a, ExperimentStatus.SUCCEEDED),
                member(11, 5, 1, b, ExperimentStatus.SUCCEEDED),
                member(12, 5, 2, c, ExperimentStatus.FAILED));
        Map<UUID, Map<String, Double>> metrics = Map.of(a, Map.of("summary.throughputMbps", 80.0),
                b, Map.of("summary.throughputMbps", 90.0));

        List<SweepRow> rows = SweepRow.of(List.of(qdisc, rate), 6, members, metrics);

        assertThat(rows).hasSize(6);
        SweepRow last = rows.get(5);
        assertThat(last.values().get("/stack/qdisc/type").stringValue()).isEqualTo("fq_codel");
        assertThat(last.values().get("/link/rateMbps").intValue()).isEqualTo(100);
        assertThat(last.labels()).containsExactly(Map.entry("/stack/qdisc/type", "fq"));
        assertThat(last.experiments()).containsExactly(a, b, c);
        assertThat(last.succeeded()).isEqualTo(2);
        // 80 and 90: mean 85, s = √((25 + 25)/1) = 7.07107
        assertThat(last.metrics().get("summary.throughputMbps")).isEqualTo(new MetricStats(85.0, 7.07107, 80.0, 90.0, 2));
        assertThat(rows.get(1).values().get("/link/rateMbps").intValue()).isEqualTo(10);
        assertThat(rows.get(1).experiments()).isEmpty();
        assertThat(rows.get(1).metrics()).isEmpty();
    }

    @Test
    void theResultMetricsAreReadByNameFromTheDocument() {
        ResultMetrics extractor = new ResultMetrics(JsonMapper.builder().build());
        String document = """
                {"experimentId": "x", "seed": 1, "series": {"t": [0.1, 0.2], "flows": {"f": {"throughputMbps": [1, 2]}}},
                 "summary": {"throughputMbps": 24.1, "jainThroughput": 0.62, "jainAirtime": null},
                 "stations": [{"name": "sta1", "throughputMbps": 21.9, "airtimeShare": 0.49, "ppdus": 5}],
                 "flows": [
                   {"name": "udp1", "throughputMbps": 21.8, "sentPackets": 3,
                    "latencyMs": {"mean": 2, "p50": 1.5, "p90": 3, "p99": 4.5, "max": 5, "samples": 9}},
                   {"name": "probe", "throughputMbps": 0.01,
                    "latencyMs": {"mean": null, "p50": null, "p90": null, "p99": null, "max": null, "samples": 0},
                    "rttMs": {"mean": 3, "p50": 2.5, "p90": 3, "p99": 3.5, "max": 4, "samples": 2}}]}""";

        Map<String, Double> metrics = extractor.extract(document);

        assertThat(metrics).containsExactly(
                Map.entry("summary.throughputMbps", 24.1),
                Map.entry("summary.jainThroughput", 0.62),
                Map.entry("stations.sta1.throughputMbps", 21.9),
                Map.entry("stations.sta1.airtimeShare", 0.49),
                Map.entry("flows.udp1.throughputMbps", 21.8),
                Map.entry("flows.udp1.latencyMs.p50", 1.5),
                Map.entry("flows.udp1.latencyMs.p99", 4.5),
                Map.entry("flows.probe.throughputMbps", 0.01),
                Map.entry("flows.probe.rttMs.p50", 2.5),
                Map.entry("flows.probe.rttMs.p99", 3.5));
    }

    @Test
    void theStatusFollowsApiMd() {
        Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
        Instant t1 = t0.plusSeconds(10);

        assertThat(state(0, null, ExperimentStatus.QUEUED, ExperimentStatus.QUEUED).status()).isEqualTo(ExperimentStatus.QUEUED);
        // reused results alone do not make it RUNNING
        assertThat(state(1, null, ExperimentStatus.SUCCEEDED, ExperimentStatus.QUEUED).status()).isEqualTo(ExperimentStatus.QUEUED);
        assertThat(state(0, null, ExperimentStatus.SUCCEEDED, ExperimentStatus.QUEUED).status()).isEqualTo(ExperimentStatus.RUNNING);
        assertThat(state(0, null, ExperimentStatus.RUNNING, ExperimentStatus.QUEUED).status()).isEqualTo(ExperimentStatus.RUNNING);
        // a failure shows once everything is done
        assertThat(state(0, null, ExperimentStatus.FAILED, ExperimentStatus.RUNNING).status()).isEqualTo(ExperimentStatus.RUNNING);
        assertThat(state(0, null, ExperimentStatus.FAILED, ExperimentStatus.SUCCEEDED).status()).isEqualTo(ExperimentStatus.FAILED);
        assertThat(state(0, null, ExperimentStatus.CANCELLED, ExperimentStatus.SUCCEEDED).status()).isEqualTo(ExperimentStatus.CANCELLED);
        assertThat(state(0, t1, ExperimentStatus.CANCELLED, ExperimentStatus.SUCCEEDED).status()).isEqualTo(ExperimentStatus.CANCELLED);
        SweepState done = state(0, null, ExperimentStatus.SUCCEEDED, ExperimentStatus.SUCCEEDED);
        assertThat(done.status()).isEqualTo(ExperimentStatus.SUCCEEDED);
        assertThat(done.progress()).isEqualTo(1.0);
        assertThat(done.finishedAt()).isEqualTo(t1);
        assertThat(done.counts()).containsEntry(ExperimentStatus.SUCCEEDED, 2).containsEntry(ExperimentStatus.QUEUED, 0);

        // progress: a finished experiment counts 1, a running one its own progress: (1 + 0.5 + 0) / 3
        SweepState running = SweepState.of(List.of(
                member(0, 0, 0, UUID.randomUUID(), ExperimentStatus.SUCCEEDED),
                new SweepMember(1, 0, 1, UUID.randomUUID(), false, ExperimentStatus.RUNNING, 0.5, null),
                member(2, 0, 2, UUID.randomUUID(), ExperimentStatus.QUEUED)), 0, t0, null);
        assertThat(running.progress()).isEqualTo(0.5);
        assertThat(running.finishedAt()).isNull();
    }

    private static SweepState state(int reused, Instant cancelledAt, ExperimentStatus... statuses) {
        Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
        List<SweepMember> members = new java.util.ArrayList<>();
        for (int i = 0; i < statuses.length; i++) {
            members.add(new SweepMember(i, 0, i, UUID.randomUUID(), i < reused, statuses[i],
                    statuses[i] == ExperimentStatus.SUCCEEDED ? 1 : 0,
                    statuses[i].isFinal() ? t0.plusSeconds(10) : null));
        }
        return SweepState.of(members, reused, t0, cancelledAt);
    }

    private static SweepMember member(int position, int combination, int repetition, UUID id, ExperimentStatus status) {
        return new SweepMember(position, combination, repetition, id, false, status,
                status == ExperimentStatus.SUCCEEDED ? 1 : 0, null);
    }
}
