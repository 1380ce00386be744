package dev.fqlab.render.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.experiment.ExperimentStatus;
import dev.fqlab.sweep.MetricStats;
import dev.fqlab.sweep.SweepResource;
import dev.fqlab.sweep.SweepRow;
import dev.fqlab.sweep.SweepWarning;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Which metrics a sweep's report shows, and how a cell reads. */
class SweepReportPageTest {

    private static final List<String> METRICS = List.of("summary.throughputMbps", "summary.jainThroughput",
            "flows.bulk.throughputMbps", "flows.bulk.latencyMs.p50", "flows.bulk.latencyMs.p99",
            "flows.probe.throughputMbps", "flows.probe.latencyMs.p50", "flows.probe.latencyMs.p99",
            "flows.probe.rttMs.p50", "flows.probe.rttMs.p99");

    @Test
    void theSweepsOwnMetricsComeFirstWithStarsMatchingAnything() {
        assertThat(SweepReportPage.metrics(sweep(List.of("flows.probe.*")))).containsExactly("flows.probe.throughputMbps",
                "flows.probe.latencyMs.p50", "flows.probe.latencyMs.p99", "flows.probe.rttMs.p50", "flows.probe.rttMs.p99");
        assertThat(SweepReportPage.metrics(sweep(List.of("flows.*.latencyMs.p99", "summary.throughputMbps", "nope"))))
                .containsExactly("flows.bulk.latencyMs.p99", "flows.probe.latencyMs.p99", "summary.throughputMbps");
    }

    @Test
    void withoutMetricsItShowsGoodputAndTailLatencyButNotAPingsGoodput() {
        assertThat(SweepReportPage.metrics(sweep(null))).containsExactly("summary.throughputMbps",
                "flows.bulk.throughputMbps", "flows.probe.rttMs.p99", "flows.bulk.latencyMs.p99");
    }

    @Test
    void aCellIsTheMeanAndTheSampleStandardDeviation() {
        // 1, 2, 3: mean 2, s = √((1 + 0 + 1) / 2) = 1.
        assertThat(SweepReportPage.meanAndSpread(MetricStats.of(List.of(1.0, 2.0, 3.0)))).isEqualTo("2 ± 1");
        assertThat(SweepReportPage.meanAndSpread(MetricStats.of(List.of(42.5)))).isEqualTo("42.5");
        assertThat(SweepReportPage.meanAndSpread(null)).isEqualTo("–");
    }

    @Test
    void theReportShowsTheSweepsWarningsAndLinksTheExport() {
        SweepResource sweep = sweep(null, List.of(new SweepWarning("identical-repetitions", List.of(0),
                "In every row (1), all repetitions gave <identical> results.")));

        String html = new SweepReportPage().render(sweep);

        assertThat(html).contains("<h2>Warnings</h2>", "all repetitions gave &lt;identical&gt; results",
                "href=\"export.csv\"", "href=\"export.jsonl\"", "table.csv?stats=mean,median,ci95Low,ci95High,n");
        assertThat(new SweepReportPage().render(sweep(null))).doesNotContain("<h2>Warnings</h2>");
    }

    private static SweepResource sweep(List<String> metrics) {
        return sweep(metrics, List.of());
    }

    private static SweepResource sweep(List<String> metrics, List<SweepWarning> warnings) {
        Map<String, MetricStats> values = new LinkedHashMap<>();
        METRICS.forEach(m -> values.put(m, MetricStats.of(List.of(1.0))));
        SweepRow row = new SweepRow(0, Map.of(), Map.of(), List.of(), 1, values);
        return new SweepResource(UUID.randomUUID(), "s", null, List.of(), ExperimentStatus.SUCCEEDED, 1.0, Instant.EPOCH,
                Instant.EPOCH, 1, 1, 1, 0, Map.of(), null, List.of(), true, metrics, warnings, List.of(row), null);
    }
}
