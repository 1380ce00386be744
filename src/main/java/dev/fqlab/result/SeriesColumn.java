package dev.fqlab.result;

import dev.fqlab.sim.result.Series;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One time series of a result, flattened: {@code kind} is flow, station or qdisc; {@code name} the flow or
 * station ({@code down} for the qdisc, which is the down direction's); {@code metric} as in results.md.
 * The same flattening feeds the {@code result_series} table and the series CSV, so both name series alike.
 */
public record SeriesColumn(String kind, String name, String metric, List<Double> values) {

    static final String QDISC_NAME = "down";

    /** The CSV header of this column: {@code flow.udp1.throughputMbps}, {@code qdisc.backlogPackets}, ... */
    public String header() {
        return kind.equals("qdisc") ? kind + "." + metric : kind + "." + name + "." + metric;
    }

    /**
     * Every series of a result in a fixed order: flows (each flow's throughput and latency, then for TCP flows
     * cwndPackets and rttMs), then stations (scenario order), then the qdisc.
     */
    public static List<SeriesColumn> of(Series series) {
        List<SeriesColumn> columns = new ArrayList<>();
        if (series == null) {
            return columns;
        }
        for (Map.Entry<String, Series.FlowSeries> flow : entries(series.flows())) {
            add(columns, "flow", flow.getKey(), "throughputMbps", flow.getValue().throughputMbps());
            add(columns, "flow", flow.getKey(), "latencyMs", flow.getValue().latencyMs());
            add(columns, "flow", flow.getKey(), "cwndPackets", flow.getValue().cwndPackets());
            add(columns, "flow", flow.getKey(), "rttMs", flow.getValue().rttMs());
        }
        for (Map.Entry<String, Series.StationSeries> station : entries(series.stations())) {
            add(columns, "station", station.getKey(), "throughputMbps", station.getValue().throughputMbps());
            add(columns, "station", station.getKey(), "airtimeShare", station.getValue().airtimeShare());
            add(columns, "station", station.getKey(), "backlogPackets", station.getValue().backlogPackets());
            add(columns, "station", station.getKey(), "airtimeTxUs", station.getValue().airtimeTxUs());
            add(columns, "station", station.getKey(), "airtimeRxUs", station.getValue().airtimeRxUs());
            add(columns, "station", station.getKey(), "avgAggregateSize", station.getValue().avgAggregateSize());
        }
        if (series.qdisc() != null) {
            add(columns, "qdisc", QDISC_NAME, "backlogPackets", series.qdisc().backlogPackets());
            add(columns, "qdisc", QDISC_NAME, "drops", series.qdisc().drops());
            add(columns, "qdisc", QDISC_NAME, "backlogBytes", series.qdisc().backlogBytes());
            add(columns, "qdisc", QDISC_NAME, "ecnMarks", series.qdisc().ecnMarks());
            add(columns, "qdisc", QDISC_NAME, "delayMs", series.qdisc().delayMs());
        }
        return columns;
    }

    private static void add(List<SeriesColumn> columns, String kind, String name, String metric, List<Double> values) {
        if (values != null) {
            columns.add(new SeriesColumn(kind, name, metric, values));
        }
    }

    private static <V> Iterable<Map.Entry<String, V>> entries(Map<String, V> map) {
        return map == null ? List.of() : map.entrySet();
    }
}
