package dev.fqlab.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.experiment.Experiment;
import dev.fqlab.experiment.ExperimentStatus;
import dev.fqlab.experiment.SeriesOutput;
import dev.fqlab.render.flent.FlentExport;
import dev.fqlab.render.plot.PlotKind;
import dev.fqlab.render.plot.ResultCharts;
import dev.fqlab.render.plot.Svg;
import dev.fqlab.render.report.ReportPage;
import dev.fqlab.scenario.ScenarioLimits;
import dev.fqlab.scenario.ScenarioParser;
import dev.fqlab.sim.result.EngineStats;
import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.FqCodelXstats;
import dev.fqlab.sim.result.LatencyStats;
import dev.fqlab.sim.result.QdiscResult;
import dev.fqlab.sim.result.Series;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.result.StationResult;
import dev.fqlab.sim.result.Summary;
import dev.fqlab.sim.result.TcCounters;
import dev.fqlab.sim.result.TxqResult;
import dev.fqlab.support.Api;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The renderings of a WiFi result, before the WiFi engine exists: a result shaped as results.md describes it
 * (stations, TXQs, per-station series), built here. The flent file carries flent's wifi_stats series, and the real
 * flent plots its airtime; the airtime plot shows the stations; the report has the station and aqm tables.
 */
class StationRenderingsTest {

    private static final int STEPS = 20;

    @TempDir
    Path work;

    @Test
    void theFlentFileCarriesWifiStatsThatFlentPlotsAsAirtime() throws Exception {
        JsonNode file = new FlentExport(Api.JSON).document(wifiOutcome());

        JsonNode parameters = file.get("metadata").get("TEST_PARAMETERS");
        assertThat(parameters.get("wifi_stats_hosts").asString()).isEqualTo("ap");
        assertThat(parameters.get("wifi_stats_stations").asString()).isEqualTo("sta1,sta2");
        assertThat(parameters.get("labels").asString()).isEqualTo("BE,VI,VO");
        assertThat(file.get("results").propertyNames()).contains("TCP download BE udp1", "TCP upload VI video",
                "Ping (ms) ICMP ping", "wifi_stats_ap", "wifi_stats_ap::airtime_tx::sta1", "wifi_stats_ap::airtime_tx::sta2",
                "wifi_stats_ap::airtime_rx::sta2", "wifi_stats_ap::avg_aggr_size::sta1");
        file.get("results").forEach(series -> assertThat(series.size()).isEqualTo(STEPS));
        // airtime in µs per 100 ms interval, TX (the AP's) and RX (the station's) apart, as flent's wifi_stats has it
        assertThat(file.get("results").get("wifi_stats_ap::airtime_tx::sta1").get(3).asDouble()).isEqualTo(60_000.0);
        assertThat(file.get("results").get("wifi_stats_ap::airtime_rx::sta2").get(3).asDouble()).isEqualTo(30_000.0);
        JsonNode raw = file.get("raw_values").get("wifi_stats_ap").get(3);
        assertThat(raw.get("stations").get("sta2").get("airtime_rx").asDouble()).isEqualTo(30_000.0);
        assertThat(raw.get("stations").get("sta2").get("airtime_tx").asDouble()).isZero();
        assertThat(raw.get("stations").get("sta1").get("avg_aggr_size").asDouble()).isEqualTo(12.5);
        assertThat(file.get("metadata").get("SERIES_META").get("wifi_stats_ap::airtime_rx::sta2").get("UNITS").asString())
                .isEqualTo("us");

        ExternalTool flent = ExternalTool.require("flent", "apt-get install flent python3-matplotlib");
        Path data = work.resolve("wifi.flent.gz");
        Files.write(data, new FlentExport(Api.JSON).gzip(wifiOutcome()));
        Path png = work.resolve("airtime.png");
        ExternalTool.Run run = flent.run(work, work.resolve("airtime.log"), FlentFileTest.headlessMatplotlib(), 120,
                "-i", data.toString(), "-p", "airtime", "-o", png.toString());
        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(run.output()).doesNotContain("Traceback", "ERROR");
        assertThat(Files.size(png)).as(run.output()).isGreaterThan(10_000);
        // flent's loader reads every key back.
        assertThat(FlentFileTest.flentRawValues(work, data, "wifi_stats_ap", "stations::sta2::airtime_rx")).containsOnly("30000.0");
        assertThat(FlentFileTest.flentRawValues(work, data, "wifi_stats_ap", "stations::sta1::avg_aggr_size")).containsOnly("12.5");
    }

    @Test
    void theAirtimePlotShowsEveryStation() throws Exception {
        String svg = Svg.document(ResultCharts.chart(PlotKind.AIRTIME, wifiOutcome()));

        List<String> texts = PlotsTest.texts(PlotsTest.parse(svg));
        assertThat(texts).contains("sta1", "sta2", "Airtime (% of the interval)");
        assertThat(String.join(" ", texts)).doesNotContain("No stations");
        // throughput and backlog draw the stations too, dashed or as their own backlog line
        assertThat(PlotsTest.texts(PlotsTest.parse(Svg.document(ResultCharts.chart(PlotKind.THROUGHPUT, wifiOutcome())))))
                .contains("station sta1", "station sta2", "udp1");
        assertThat(PlotsTest.texts(PlotsTest.parse(Svg.document(ResultCharts.chart(PlotKind.BACKLOG, wifiOutcome())))))
                .contains("station sta1", "fq_codel (down)");
    }

    @Test
    void theReportHasStationAndAqmTablesAndTheAirtimePlot() {
        String html = new ReportPage(Api.JSON).render(wifiOutcome());

        assertThat(html).contains("<h2>Stations</h2>", "<h2>TXQs (mac80211 aqm)</h2>", "plot-airtime",
                "wifi, 2 stations", "60.0 %", "over stations");
        assertThat(html).contains("<td>sta2</td><td>2</td><td class=\"text\">VI</td>");
        // Each station's PHY: HT MCS 7 at 20 MHz with the 800 ns guard interval is 65.0 Mbit/s (802.11-2016 Table 19-27).
        assertThat(html).contains("<td>sta1</td><td class=\"text\">HT MCS 7 (1 stream) 20 MHz LGI, 65 Mbit/s</td>");
        // UDP and ping flows have no TCP retransmits to show.
        assertThat(html).contains("<th>TCP retransmits</th>", "<td>–</td></tr>");
    }

    /** Two stations; udp1 down to sta1, video up from sta2, a ping to sta1; station series at 100 ms. */
    static ExperimentOutcome wifiOutcome() {
        String scenario = """
                {"name": "wifi-shaped", "seed": 7, "durationS": 2, "warmupS": 0.5, "sampleIntervalMs": 100,
                 "link": {"type": "wifi"}, "stations": [{"name": "sta1", "mcs": 7}, {"name": "sta2", "mcs": 7}],
                 "stack": {"qdisc": {"type": "fq_codel"}},
                 "flows": [{"name": "udp1", "type": "udp", "station": "sta1", "direction": "down", "ac": "BE", "rateMbps": 20},
                           {"name": "video", "type": "udp", "station": "sta2", "direction": "up", "ac": "VI", "rateMbps": 5},
                           {"name": "ping", "type": "ping", "station": "sta1", "direction": "down", "ac": "VO", "intervalMs": 100}]}""";
        List<Double> t = new ArrayList<>();
        for (int i = 1; i <= STEPS; i++) {
            t.add(i / 10.0);
        }
        Map<String, Series.FlowSeries> flows = new LinkedHashMap<>();
        flows.put("udp1", new Series.FlowSeries(constant(18.0), constant(12.0)));
        flows.put("video", new Series.FlowSeries(constant(5.0), constant(4.0)));
        flows.put("ping", new Series.FlowSeries(constant(0.01), constant(2.5)));
        Map<String, Series.StationSeries> stations = new LinkedHashMap<>();
        // sta1: the AP sends it 60 ms of every 100 (TX); sta2 sends 30 ms (the AP's RX).
        stations.put("sta1", new Series.StationSeries(constant(18.0), constant(0.6), constant(40.0), constant(60_000.0),
                constant(0.0), constant(12.5)));
        stations.put("sta2", new Series.StationSeries(constant(5.0), constant(0.3), constant(8.0), constant(0.0),
                constant(30_000.0), constant(4.2)));
        Series series = new Series(100, t, flows, stations, new Series.QdiscSeries(constant(3.0), constant(0.0)));
        LatencyStats latency = new LatencyStats(12.0, 11.0, 14.0, 20.0, 25.0, 1000);
        SimulationResult result = new SimulationResult("id", "sha", "0.1.0+test", 7, 2, new EngineStats(0.1, 1000, 10000, 500, 20),
                new Summary(23.0, 0.8, 0.9),
                List.of(new StationResult("sta1", 18, 18, 0, 0.6, 1_200_000, 400, 12.5, 3, 0, null),
                        new StationResult("sta2", 5, 0, 5, 0.3, 600_000, 300, 4.2, 1, 0, null)),
                List.of(flow("udp1", "sta1", "down", latency), flow("video", "sta2", "up", latency), flow("ping", "sta1", "down", latency)),
                List.of(new TxqResult("sta1", 0, "BE", 3000, 2, 10, 4, 0, 0, 0, 4_500_000, 3000),
                        new TxqResult("sta2", 2, "VI", 0, 0, 5, 0, 0, 0, 0, 1_250_000, 900)),
                new QdiscResult.FqCodel(new TcCounters(1, 1, 0, 0, 0, 0, 0), new FqCodelXstats(1514, 0, 0, 3, 0, 0, 0, 0, 1)),
                null, series);
        Experiment experiment = new Experiment(UUID.randomUUID(), "wifi-shaped", List.of("wifi"), ExperimentStatus.SUCCEEDED, 1,
                Instant.parse("2026-01-02T03:04:05.678Z"), Instant.parse("2026-01-02T03:04:06Z"),
                Instant.parse("2026-01-02T03:04:07Z"), null, 1, "test", null, null, scenario, "sha", SeriesOutput.FULL);
        JsonNode json = Api.JSON.readTree(scenario);
        return new ExperimentOutcome(experiment,
                ScenarioFacts.of(new ScenarioParser(ScenarioLimits.DEFAULTS).parse(json).scenario(), json), result);
    }

    private static FlowResult flow(String name, String station, String direction, LatencyStats latency) {
        return new FlowResult(name, "udp", station, direction, 100, 90, 10, 0, 0, 0, 150000, 135000, 5, latency,
                null, null, null);
    }

    private static List<Double> constant(double value) {
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < STEPS; i++) {
            values.add(value);
        }
        return values;
    }
}
