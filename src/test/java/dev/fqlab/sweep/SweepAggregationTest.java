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
        // sorted 2 4 4 4 | 5 5 7 9: the median is the mean of the middle two, (4 + 5)/2
        assertThat(stats.median()).isEqualTo(4.5);
        // 95 % CI: df 7, t(0.975, 7) = 2.365 (NIST/SEMATECH table); 2.365 · 2.138090 / √8 = 1.787772
        assertThat(stats.ci95Low()).isEqualTo(3.21223);
        assertThat(stats.ci95High()).isEqualTo(6.78777);
    }

    @Test
    void threeLatencies() {
        // 34.1, 34.5, 34.3: mean 102.9/3 = 34.3; deviations −0.2, 0.2, 0: s = √(0.08/2) = 0.2
        MetricStats stats = MetricStats.of(List.of(34.1, 34.5, 34.3));

        assertThat(stats.mean()).isEqualTo(34.3);
        assertThat(stats.stddev()).isEqualTo(0.2);
        assertThat(stats.min()).isEqualTo(34.1);
        assertThat(stats.max()).isEqualTo(34.5);
        assertThat(stats.median()).isEqualTo(34.3);
        // df 2: t = 4.303; 4.303 · 0.2 / √3 = 0.496868
        assertThat(stats.ci95Low()).isEqualTo(33.8031);
        assertThat(stats.ci95High()).isEqualTo(34.7969);
    }

    @Test
    void equalValuesHaveAStandardDeviationOfZero() {
        // (a + b + c)/3 of three equal doubles need not be exactly that double again: no rounding noise in s.
        MetricStats stats = MetricStats.of(List.of(5.9, 5.9, 5.9));

        assertThat(stats.stddev()).isEqualTo(0.0);
        assertThat(stats.ci95Low()).isEqualTo(5.9);
        assertThat(stats.ci95High()).isEqualTo(5.9);
        assertThat(MetricStats.of(List.of(0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1)).stddev()).isEqualTo(0.0);
    }

    @Test
    void oneValueHasNoStandardDeviation() {
        MetricStats stats = MetricStats.of(List.of(1.5));

        assertThat(stats.mean()).isEqualTo(1.5);
        assertThat(stats.stddev()).isNull();
        assertThat(stats.n()).isEqualTo(1);
        assertThat(stats.median()).isEqualTo(1.5);
        // no spread from one value, so no interval either
        assertThat(stats.ci95Low()).isNull();
        assertThat(stats.ci95High()).isNull();
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
        // 9 and 11: mean 10, s = √((1 + 1)/1) = 1.41421; df 1: t = 12.706, 12.706 · 1.41421 / √2 = 12.706
        assertThat(stats.get("summary.throughputMbps"))
                .isEqualTo(new MetricStats(10.0, 1.41421, 9.0, 11.0, 2, 10.0, -2.706, 22.706));
        assertThat(stats.get("flows.probe.latencyMs.p50"))
                .isEqualTo(new MetricStats(1.0, null, 1.0, 1.0, 1, 1.0, null, null));
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
        // 80 and 90: mean 85, s = √((25 + 25)/1) = 7.07107; t(0.975, 1) · s / √2 = 12.706 · 5 = 63.53
        assertThat(last.metrics().get("summary.throughputMbps"))
                .isEqualTo(new MetricStats(85.0, 7.07107, 80.0, 90.0, 2, 85.0, 21.47, 148.53));
        assertThat(rows.get(1).values().get("/link/rateMbps").intValue()).isEqualTo(10);
        assertThat(rows.get(1).experiments()).isEmpty();
        assertThat(rows.get(1).metrics()).isEmpty();
    }

    @Test
    void everyNumericFieldOfTheDocumentIsAMetricNamedByItsPath() {
        ResultMetrics extractor = new ResultMetrics(JsonMapper.builder().build());
        // results.md's shape, in the engine's order (engine before summary), with a TCP flow, a TXQ and fq_codel.
        String document = """
                {"experimentId": "x", "scenarioSha256": "ab", "engineVersion": "0.1.0+abc", "seed": 7, "simulatedS": 2.0,
                 "engine": {"wallS": 0.5, "events": 1000, "eventsPerS": 2000, "packets": 300, "speedup": 4},
                 "summary": {"throughputMbps": 24.1, "jainThroughput": 0.62, "jainAirtime": null},
                 "stations": [{"name": "sta1", "throughputMbps": 21.9, "airtimeShare": 0.49, "ppdus": 5}],
                 "flows": [
                   {"name": "udp1", "type": "udp", "station": "sta1", "throughputMbps": 21.8, "reorderedPackets": 3,
                    "latencyMs": {"mean": 2, "p50": 1.5, "p90": 3, "p99": 4.5, "max": 5, "samples": 9}},
                   {"name": "probe", "type": "ping", "throughputMbps": 0.01,
                    "latencyMs": {"mean": null, "p50": null, "p90": null, "p99": null, "max": null, "samples": 0},
                    "rttMs": {"mean": 3, "p50": 2.5, "p90": 3, "p99": 3.5, "max": 4, "samples": 2}},
                   {"name": "tcp", "type": "tcp", "throughputMbps": 5,
                    "tcp": {"retransmits": 4, "rtoCount": 0, "meanCwndPackets": 10.5, "meanRttMs": null}}],
                 "txqs": [{"station": "sta1", "tid": 0, "ac": "BE", "drops": 6, "collisions": 1}],
                 "qdisc": {"type": "fq_codel", "sentBytes": 1500, "dropped": 2, "dropOverlimit": 1, "newFlowCount": 8},
                 "qdiscUp": {"type": "codel", "dropped": 0, "ldelayMs": 1.25, "dropping": false},
                 "series": {"t": [0.1, 0.2], "flows": {"f": {"throughputMbps": [1, 2]}}}}""";

        MetricValues metrics = extractor.extract(document);

        assertThat(metrics).containsExactly(
                Map.entry("summary.throughputMbps", 24.1),
                Map.entry("summary.jainThroughput", 0.62),
                Map.entry("stations.sta1.throughputMbps", 21.9),
                Map.entry("stations.sta1.airtimeShare", 0.49),
                Map.entry("stations.sta1.ppdus", 5.0),
                Map.entry("flows.udp1.throughputMbps", 21.8),
                Map.entry("flows.udp1.reorderedPackets", 3.0),
                Map.entry("flows.udp1.latencyMs.mean", 2.0),
                Map.entry("flows.udp1.latencyMs.p50", 1.5),
                Map.entry("flows.udp1.latencyMs.p90", 3.0),
                Map.entry("flows.udp1.latencyMs.p99", 4.5),
                Map.entry("flows.udp1.latencyMs.max", 5.0),
                Map.entry("flows.udp1.latencyMs.samples", 9.0),
                Map.entry("flows.probe.throughputMbps", 0.01),
                Map.entry("flows.probe.latencyMs.samples", 0.0),
                Map.entry("flows.probe.rttMs.mean", 3.0),
                Map.entry("flows.probe.rttMs.p50", 2.5),
                Map.entry("flows.probe.rttMs.p90", 3.0),
                Map.entry("flows.probe.rttMs.p99", 3.5),
                Map.entry("flows.probe.rttMs.max", 4.0),
                Map.entry("flows.probe.rttMs.samples", 2.0),
                Map.entry("flows.tcp.throughputMbps", 5.0),
                Map.entry("flows.tcp.tcp.retransmits", 4.0),
                Map.entry("flows.tcp.tcp.rtoCount", 0.0),
                Map.entry("flows.tcp.tcp.meanCwndPackets", 10.5),
                Map.entry("txqs.sta1.0.drops", 6.0),
                Map.entry("txqs.sta1.0.collisions", 1.0),
                Map.entry("qdisc.sentBytes", 1500.0),
                Map.entry("qdisc.dropped", 2.0),
                Map.entry("qdisc.dropOverlimit", 1.0),
                Map.entry("qdisc.newFlowCount", 8.0),
                Map.entry("qdiscUp.dropped", 0.0),
                Map.entry("qdiscUp.ldelayMs", 1.25),
                Map.entry("engine.wallS", 0.5),
                Map.entry("engine.events", 1000.0),
                Map.entry("engine.eventsPerS", 2000.0),
                Map.entry("engine.packets", 300.0),
                Map.entry("engine.speedup", 4.0),
                Map.entry("simulatedS", 2.0));
        assertThat(metrics.seed()).isEqualTo(7L);
        assertThat(metrics.get("flows.udp1.reorderedPackets")).isEqualTo(3.0);
        assertThat(metrics.get("flows.probe.latencyMs.p50")).isNull();
    }

    @Test
    void resultsOfOneShapeShareTheirNames() {
        ResultMetrics extractor = new ResultMetrics(JsonMapper.builder().build());

        MetricValues a = extractor.extract("{\"seed\": 1, \"summary\": {\"throughputMbps\": 1}}");
        MetricValues b = extractor.extract("{\"seed\": 2, \"summary\": {\"throughputMbps\": 2}}");

        assertThat(a.names()).isSameAs(b.names());
        assertThat(a).containsExactly(Map.entry("summary.throughputMbps", 1.0));
        assertThat(b).containsExactly(Map.entry("summary.throughputMbps", 2.0));
    }

    @Test
    void aRowWhoseRepetitionsAgreeInEveryMetricIsFlagged() {
        SweepParameter rate = new SweepParameter("rate", "/link/rateMbps", List.of(IntNode.valueOf(5), IntNode.valueOf(10)), null);
        UUID a = UUID.randomUUID();
        UUID b = UUID.randomUUID();
        UUID c = UUID.randomUUID();
        UUID d = UUID.randomUUID();
        // Row 0: equal but for the wall clock (which measures the machine); row 1: one metric differs.
        Map<UUID, Map<String, Double>> metrics = Map.of(
                a, Map.of("summary.throughputMbps", 4.0, "engine.wallS", 0.1),
                b, Map.of("summary.throughputMbps", 4.0, "engine.wallS", 0.2),
                c, Map.of("summary.throughputMbps", 8.0, "flows.udp1.reorderedPackets", 0.0),
                d, Map.of("summary.throughputMbps", 8.0, "flows.udp1.reorderedPackets", 1.0));
        List<SweepMember> members = List.of(member(0, 0, 0, a, ExperimentStatus.SUCCEEDED),
                member(1, 0, 1, b, ExperimentStatus.SUCCEEDED), member(2, 1, 0, c, ExperimentStatus.SUCCEEDED),
                member(3, 1, 1, d, ExperimentStatus.SUCCEEDED));

        List<SweepRow> rows = SweepRow.of(List.of(rate), 2, members, metrics);
        List<SweepWarning> warnings = SweepWarning.of(List.of(rate), rows);

        assertThat(warnings).hasSize(1);
        assertThat(warnings.getFirst().type()).isEqualTo("identical-repetitions");
        assertThat(warnings.getFirst().combinations()).containsExactly(0);
        assertThat(warnings.getFirst().message()).contains("rate=5 (2 repetitions)").doesNotContain("rate=10");
        // A metric that only some repetitions have makes them differ too; one repetition is never "identical".
        Map<UUID, Map<String, Double>> partly = Map.of(a, Map.of("summary.throughputMbps", 4.0),
                b, Map.of("summary.throughputMbps", 4.0, "flows.udp1.latencyMs.p50", 1.0));
        assertThat(SweepWarning.of(List.of(rate), SweepRow.of(List.of(rate), 2, members.subList(0, 2), partly))).isEmpty();
        assertThat(SweepWarning.of(List.of(rate), SweepRow.of(List.of(rate), 2, members.subList(0, 1), metrics))).isEmpty();

        // The service judges from every metric of the results whichever the rows show: the same rows are flagged.
        assertThat(SweepRow.identicalRepetitions(2, members, metrics)).containsExactly(0);
        assertThat(SweepRow.identicalRepetitions(2, members.subList(0, 2), partly)).isEmpty();
        assertThat(SweepRow.identicalRepetitions(2, members.subList(0, 1), metrics)).isEmpty();
        // Compact results of one shape take the value-by-value path: 4 and 4.0000001 agree to 6 digits, 4.00001 not.
        ResultMetrics extractor = new ResultMetrics(JsonMapper.builder().build());
        Map<UUID, MetricValues> compact = Map.of(
                a, extractor.extract("{\"summary\": {\"throughputMbps\": 4}, \"engine\": {\"wallS\": 0.1}}"),
                b, extractor.extract("{\"summary\": {\"throughputMbps\": 4.0000001}, \"engine\": {\"wallS\": 0.2}}"),
                c, extractor.extract("{\"summary\": {\"throughputMbps\": 4}, \"engine\": {\"wallS\": 0.1}}"),
                d, extractor.extract("{\"summary\": {\"throughputMbps\": 4.00001}, \"engine\": {\"wallS\": 0.1}}"));
        assertThat(SweepRow.identicalRepetitions(2, members, compact)).containsExactly(0);
        assertThat(SweepWarning.of(List.of(rate), SweepRow.of(List.of(rate), 2, members, compact)).getFirst().combinations())
                .containsExactly(0);
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
