package dev.fqlab.result;

import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.LatencyStats;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.result.StationChannelResult;
import dev.fqlab.sim.result.StationResult;
import dev.fqlab.sim.result.TcpStats;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The CSV renderings of a result. Column names are the result document's JSON paths
 * ({@code latencyMs.p50}), so a CSV column and a JSON field never differ in name or unit.
 */
final class ResultCsv {

    /**
     * Per-flow and per-station tables in one file. The leading {@code table} column says which table a row
     * belongs to ({@code flow} or {@code station}); the station columns follow the flow columns, prefixed
     * {@code station.}, and each row leaves the other table's columns empty. When a flow is TCP, its {@code tcp.*}
     * columns follow the latency columns (empty for the other flows). When a station has a radio channel, the
     * {@code station.channel.*} columns follow the station columns (empty for stations without one).
     */
    private static final List<Column<FlowResult>> FLOW_COLUMNS = List.of(
            new Column<>("name", FlowResult::name),
            new Column<>("type", FlowResult::type),
            new Column<>("station", FlowResult::station),
            new Column<>("direction", FlowResult::direction),
            new Column<>("sentPackets", FlowResult::sentPackets),
            new Column<>("deliveredPackets", FlowResult::deliveredPackets),
            new Column<>("droppedPackets", FlowResult::droppedPackets),
            new Column<>("ecnMarks", FlowResult::ecnMarks),
            new Column<>("queuedPackets", FlowResult::queuedPackets),
            new Column<>("reorderedPackets", FlowResult::reorderedPackets),
            new Column<>("sentBytes", FlowResult::sentBytes),
            new Column<>("deliveredBytes", FlowResult::deliveredBytes),
            new Column<>("throughputMbps", FlowResult::throughputMbps));

    private static final List<Column<StationResult>> STATION_COLUMNS = List.of(
            new Column<>("station.name", StationResult::name),
            new Column<>("station.throughputMbps", StationResult::throughputMbps),
            new Column<>("station.downMbps", StationResult::downMbps),
            new Column<>("station.upMbps", StationResult::upMbps),
            new Column<>("station.airtimeShare", StationResult::airtimeShare),
            new Column<>("station.airtimeUs", StationResult::airtimeUs),
            new Column<>("station.ppdus", StationResult::ppdus),
            new Column<>("station.avgAggregateSize", StationResult::avgAggregateSize),
            new Column<>("station.retries", StationResult::retries),
            new Column<>("station.failedMpdus", StationResult::failedMpdus));

    private static final List<String> LATENCY_FIELDS = List.of("p50", "p90", "p99", "mean", "max", "samples");

    /** results.md's {@code tcp} block, present when a flow is TCP. */
    private static final List<Column<TcpStats>> TCP_COLUMNS = List.of(
            new Column<>("tcp.retransmits", TcpStats::retransmits),
            new Column<>("tcp.rtoCount", TcpStats::rtoCount),
            new Column<>("tcp.meanCwndPackets", TcpStats::meanCwndPackets),
            new Column<>("tcp.meanRttMs", TcpStats::meanRttMs));

    private static final List<Column<StationChannelResult>> CHANNEL_COLUMNS = List.of(
            new Column<>("station.channel.snrDb", StationChannelResult::snrDb),
            new Column<>("station.channel.meanSnrDb", StationChannelResult::meanSnrDb),
            new Column<>("station.channel.uplinkSnrDb", StationChannelResult::uplinkSnrDb),
            new Column<>("station.channel.meanUplinkSnrDb", StationChannelResult::meanUplinkSnrDb),
            new Column<>("station.channel.mpdus", StationChannelResult::mpdus),
            new Column<>("station.channel.mpduErrors", StationChannelResult::mpduErrors),
            new Column<>("station.channel.mpduErrorRate", StationChannelResult::mpduErrorRate));

    private ResultCsv() {
    }

    static String flows(SimulationResult result) {
        List<String> header = new ArrayList<>(List.of("table"));
        FLOW_COLUMNS.forEach(c -> header.add(c.name()));
        for (String stat : List.of("latencyMs", "rttMs", "upLatencyMs")) {
            LATENCY_FIELDS.forEach(field -> header.add(stat + "." + field));
        }
        boolean tcp = result.flows().stream().anyMatch(f -> f.tcp() != null);
        if (tcp) {
            TCP_COLUMNS.forEach(c -> header.add(c.name()));
        }
        boolean stations = result.stations() != null && !result.stations().isEmpty();
        if (stations) {
            STATION_COLUMNS.forEach(c -> header.add(c.name()));
        }
        boolean channels = stations && result.stations().stream().anyMatch(st -> st.channel() != null);
        if (channels) {
            CHANNEL_COLUMNS.forEach(c -> header.add(c.name()));
        }
        StringBuilder csv = new StringBuilder();
        Csv.line(csv, header);
        for (FlowResult flow : result.flows()) {
            List<String> row = new ArrayList<>(List.of("flow"));
            FLOW_COLUMNS.forEach(c -> row.add(Csv.format(c.value().apply(flow))));
            latency(row, flow.latencyMs());
            latency(row, flow.rttMs());
            latency(row, flow.upLatencyMs());
            if (tcp) {
                TCP_COLUMNS.forEach(c -> row.add(flow.tcp() == null ? "" : Csv.format(c.value().apply(flow.tcp()))));
            }
            if (stations) {
                STATION_COLUMNS.forEach(c -> row.add(""));
            }
            if (channels) {
                CHANNEL_COLUMNS.forEach(c -> row.add(""));
            }
            Csv.line(csv, row);
        }
        if (stations) {
            int flowColumns = header.size() - 1 - STATION_COLUMNS.size() - (channels ? CHANNEL_COLUMNS.size() : 0);
            for (StationResult station : result.stations()) {
                List<String> row = new ArrayList<>(List.of("station"));
                for (int i = 0; i < flowColumns; i++) {
                    row.add("");
                }
                STATION_COLUMNS.forEach(c -> row.add(Csv.format(c.value().apply(station))));
                if (channels) {
                    StationChannelResult channel = station.channel();
                    CHANNEL_COLUMNS.forEach(c -> row.add(channel == null ? "" : Csv.format(c.value().apply(channel))));
                }
                Csv.line(csv, row);
            }
        }
        return csv.toString();
    }

    /** One row per interval: {@code t_s}, then one column per series ({@link SeriesColumn#header()}). */
    static String series(SimulationResult result) {
        List<SeriesColumn> columns = SeriesColumn.of(result.series());
        List<Double> t = result.series() == null || result.series().t() == null ? List.of() : result.series().t();
        List<String> header = new ArrayList<>(List.of("t_s"));
        columns.forEach(c -> header.add(c.header()));
        StringBuilder csv = new StringBuilder();
        Csv.line(csv, header);
        for (int step = 0; step < t.size(); step++) {
            List<String> row = new ArrayList<>(List.of(Csv.format(t.get(step))));
            for (SeriesColumn column : columns) {
                row.add(step < column.values().size() ? Csv.format(column.values().get(step)) : "");
            }
            Csv.line(csv, row);
        }
        return csv.toString();
    }

    private static void latency(List<String> row, LatencyStats stats) {
        if (stats == null) {
            LATENCY_FIELDS.forEach(f -> row.add(""));
            return;
        }
        row.add(Csv.format(stats.p50()));
        row.add(Csv.format(stats.p90()));
        row.add(Csv.format(stats.p99()));
        row.add(Csv.format(stats.mean()));
        row.add(Csv.format(stats.max()));
        row.add(Csv.format(stats.samples()));
    }

    private record Column<T>(String name, Function<T, Object> value) {
    }
}
