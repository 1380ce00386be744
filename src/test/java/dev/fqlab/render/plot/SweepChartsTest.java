package dev.fqlab.render.plot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.experiment.ExperimentStatus;
import dev.fqlab.sweep.MetricStats;
import dev.fqlab.sweep.SweepParameter;
import dev.fqlab.sweep.SweepResource;
import dev.fqlab.sweep.SweepRow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.statistics.StatisticalCategoryDataset;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** What a sweep plot draws, checked on the chart's data against statistics computed by hand. */
class SweepChartsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String METRIC = "flows.tcp.throughputMbps";

    @Test
    void aNumericParameterIsACurveOfMeansWithOneStandardDeviationEitherSide() {
        // Repetitions 40, 44, 48 → mean 44, s = √((16 + 0 + 16) / 2) = 4; 120 and 130 → mean 125, s = √50 ≈ 7.0711.
        SweepResource sweep = sweep(List.of(new SweepParameter("shift", "/flows/0/pacingShift", json("[10, 8]"), null)),
                List.of(List.of(40.0, 44.0, 48.0), List.of(120.0, 130.0)));

        JFreeChart chart = SweepCharts.chart(sweep, METRIC);

        XYPlot plot = (XYPlot) chart.getPlot();
        YIntervalSeriesCollection data = (YIntervalSeriesCollection) plot.getDataset();
        assertThat(data.getSeriesCount()).isEqualTo(1);
        assertThat(data.getItemCount(0)).isEqualTo(2);
        // Sorted by x: shift 8 first.
        assertThat(data.getXValue(0, 0)).isEqualTo(8.0);
        assertThat(data.getYValue(0, 0)).isEqualTo(125.0);
        assertThat(data.getStartYValue(0, 0)).isCloseTo(125 - Math.sqrt(50), org.assertj.core.data.Offset.offset(1e-4));
        assertThat(data.getEndYValue(0, 0)).isCloseTo(125 + Math.sqrt(50), org.assertj.core.data.Offset.offset(1e-4));
        assertThat(data.getXValue(0, 1)).isEqualTo(10.0);
        assertThat(data.getYValue(0, 1)).isEqualTo(44.0);
        assertThat(data.getStartYValue(0, 1)).isEqualTo(40.0);
        assertThat(data.getEndYValue(0, 1)).isEqualTo(48.0);
        assertThat(plot.getDomainAxis().getLabel()).isEqualTo("shift");
        assertThat(plot.getRangeAxis().getLabel()).isEqualTo("flow tcp: throughput (Mbit/s)");
        assertThat(chart.getTitle().getText()).isEqualTo(METRIC);
    }

    @Test
    void theOtherParametersMakeOneSeriesEach() {
        SweepResource sweep = sweep(List.of(
                        new SweepParameter(null, "/link/rateMbps", json("[5, 10]"), null),
                        new SweepParameter("quantum", "/stack/qdisc/quantum", json("[300, 1514]"), List.of("q300", "q1514"))),
                List.of(List.of(1.0), List.of(2.0), List.of(3.0), List.of(4.0)));

        YIntervalSeriesCollection data = (YIntervalSeriesCollection) ((XYPlot) SweepCharts.chart(sweep, METRIC).getPlot()).getDataset();

        assertThat(data.getSeriesCount()).isEqualTo(2);
        assertThat(data.getSeriesKey(0)).isEqualTo("quantum=q300");
        assertThat(data.getSeriesKey(1)).isEqualTo("quantum=q1514");
        // The first parameter varies slowest: rows are (5, q300), (5, q1514), (10, q300), (10, q1514).
        assertThat(data.getYValue(0, 1)).isEqualTo(3.0);
        assertThat(data.getYValue(1, 0)).isEqualTo(2.0);
        // One repetition has no standard deviation: no error bar.
        assertThat(data.getStartYValue(1, 1)).isEqualTo(4.0);
        assertThat(data.getEndYValue(1, 1)).isEqualTo(4.0);
    }

    @Test
    void labelledOrNonNumericValuesAreBars() {
        SweepResource sweep = sweep(List.of(new SweepParameter("stack", "/stack", json("[{\"a\": 1}, {\"a\": 2}]"),
                        List.of("legacy", "airtime"))),
                List.of(List.of(5.0, 5.2), List.of(23.0, 24.0)));

        CategoryPlot plot = (CategoryPlot) SweepCharts.chart(sweep, METRIC).getPlot();
        StatisticalCategoryDataset data = (StatisticalCategoryDataset) plot.getDataset();

        assertThat(data.getColumnKeys()).containsExactly("legacy", "airtime");
        assertThat(data.getMeanValue(0, 1).doubleValue()).isEqualTo(23.5);
        // s of 23 and 24 = √(0.25 + 0.25) = 0.707107 (6 significant digits).
        assertThat(data.getStdDevValue(0, 1).doubleValue()).isEqualTo(0.707107);
    }

    @Test
    void axesNameTheQuantityAndItsUnit() {
        assertThat(SweepCharts.quantity("summary.throughputMbps")).isEqualTo("total throughput (Mbit/s)");
        assertThat(SweepCharts.quantity("summary.jainAirtime")).isEqualTo("Jain's index of airtime");
        assertThat(SweepCharts.quantity("stations.sta-1.airtimeShare")).isEqualTo("station sta-1: airtime share");
        assertThat(SweepCharts.quantity("flows.ping.rttMs.p99")).isEqualTo("flow ping: RTT p99 (ms)");
        assertThat(SweepCharts.quantity("flows.udp.1.latencyMs.p50")).isEqualTo("flow udp.1: one-way latency p50 (ms)");
        assertThat(SweepCharts.quantity("flows.udp-sta1.reorderedPackets")).isEqualTo("flow udp-sta1: reorderedPackets");
        assertThat(SweepCharts.quantity("flows.tcp.tcp.retransmits")).isEqualTo("flow tcp: TCP retransmits");
        assertThat(SweepCharts.quantity("txqs.sta.1.0.drops")).isEqualTo("TXQ sta.1 TID 0: drops");
        assertThat(SweepCharts.quantity("qdisc.newFlowCount")).isEqualTo("qdisc: newFlowCount");
        assertThat(SweepCharts.quantity("qdiscUp.dropped")).isEqualTo("up qdisc: dropped");
        assertThat(SweepCharts.quantity("engine.events")).isEqualTo("engine: events");
    }

    private static List<JsonNode> json(String array) {
        return JSON.readTree(array).valueStream().toList();
    }

    /** A finished sweep whose combination c had the given repetitions' values of {@link #METRIC}. */
    private static SweepResource sweep(List<SweepParameter> parameters, List<List<Double>> values) {
        List<SweepRow> rows = new ArrayList<>();
        for (int c = 0; c < values.size(); c++) {
            Map<String, MetricStats> metrics = new LinkedHashMap<>();
            metrics.put(METRIC, MetricStats.of(values.get(c)));
            rows.add(new SweepRow(c, Map.of(), Map.of(), List.of(), values.get(c).size(), metrics));
        }
        return new SweepResource(UUID.randomUUID(), "test sweep", null, List.of(), ExperimentStatus.SUCCEEDED, 1.0,
                Instant.EPOCH, Instant.EPOCH, values.size(), 3, 0, 0, Map.of(), null, parameters, true, null, List.of(), rows, null);
    }
}
