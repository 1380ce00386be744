package dev.fqlab.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.experiment.ExperimentIds;
import dev.fqlab.render.plot.PlotKind;
import dev.fqlab.render.plot.ResultCharts;
import dev.fqlab.support.ServiceTest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * The latency CDF plot and flent's ping data from every packet, not from per-interval means: checked point by
 * point against a run whose per-packet latencies follow from the link's arithmetic, and against flent's own
 * reading of the exported file.
 */
class LatencyCdfTest extends ServiceTest {

    @TempDir
    Path work;

    @Autowired
    ExperimentOutcomes outcomes;

    /**
     * A burst of 200 packets into a pfifo before a 10 Mbit/s wire, 1 ms from the sender: packet k's latency is
     * 1 ms + (k + 1) × 1514 × 8 / 10^7 s. The plot's curve passes through every point of the distribution at
     * exactly the fraction of those latencies at most that value; a curve of 10 interval means could not.
     */
    @Test
    void theCdfPlotFollowsEveryPacket() {
        String id = DemoExperiment.run(api, """
                {"durationS": 1, "wiredRttMs": 2, "link": {"type": "wired", "rateMbps": 10},
                 "stack": {"qdisc": {"type": "pfifo", "limit": 1000}},
                 "flows": [{"name": "burst", "type": "udp", "intervalMs": 0, "packets": 200, "startS": 0.1}]}""",
                "cdf-burst");
        List<Long> latenciesNs = new ArrayList<>();
        for (int k = 0; k < 200; k++) {
            latenciesNs.add(1_000_000L + (k + 1) * 1_211_200L);
        }
        JFreeChart chart = ResultCharts.chart(PlotKind.LATENCY_CDF, outcomes.load(ExperimentIds.parse(id)));
        XYDataset curve = ((XYPlot) chart.getPlot()).getDataset();
        assertThat(curve.getSeriesCount()).isEqualTo(1);
        int items = curve.getItemCount(0);
        assertThat(items).isGreaterThan(100); // not a staircase of ten interval means
        assertThat(curve.getYValue(0, 0)).isZero();
        for (int i = 1; i < items; i++) {
            long valueNs = Math.round(curve.getXValue(0, i) * 1e6);
            long atMost = latenciesNs.stream().filter(l -> l <= valueNs).count();
            assertThat(curve.getYValue(0, i)).as("P(latency ≤ %d ns)", valueNs).isEqualTo(atMost / 200.0);
        }
        assertThat(curve.getXValue(0, items - 1)).isEqualTo(243.24);
        assertThat(curve.getYValue(0, items - 1)).isEqualTo(1.0);
    }

    /**
     * flent's ping_cdf sorts a series' raw values; the export writes one raw value per probe, so the fraction of
     * flent's values at most each point of the result's RTT distribution is that point's count over the probes —
     * read by flent's own loader. The ping shares an fq_codel link with a flow that overloads it, so its RTTs
     * spread.
     */
    @Test
    void flentsPingCdfIsTheDistributionOfEveryProbe() throws Exception {
        ExternalTool flent = ExternalTool.require("flent", "apt-get install flent python3-matplotlib");
        String id = DemoExperiment.run(api, """
                {"durationS": 4, "warmupS": 0.5, "link": {"type": "wired", "rateMbps": 10},
                 "stack": {"qdisc": {"type": "pfifo", "limit": 50}},
                 "flows": [{"name": "load", "type": "udp", "rateMbps": 10.5, "startS": 1},
                           {"name": "ping", "type": "ping", "intervalMs": 10}]}""", "cdf-ping");
        JsonNode rtt = api.get("/api/v1/experiments/" + id + "/result").json().at("/flows/1/rttMs");
        long probes = rtt.get("samples").asLong();
        assertThat(probes).isGreaterThan(300);
        HttpResponse<byte[]> file = DemoExperiment.getBytes(port, "/api/v1/experiments/" + id + "/flent");
        Path data = Files.write(work.resolve("ping.flent.gz"), file.body());

        List<Double> flentValues = FlentFileTest.flentRawValues(work, data, "Ping (ms) ICMP ping", "val").stream()
                .map(Double::parseDouble).toList();
        assertThat(flentValues).hasSize((int) probes);
        JsonNode ms = rtt.at("/distribution/ms");
        JsonNode atMost = rtt.at("/distribution/atMost");
        assertThat(ms.size()).isGreaterThan(10);
        for (int i = 0; i < ms.size(); i++) {
            double value = ms.get(i).asDouble();
            long flentCount = flentValues.stream().filter(v -> v <= value).count();
            assertThat(flentCount).as("flent's samples ≤ %s ms", value).isEqualTo(atMost.get(i).asLong());
        }
        // The time plot follows the interval means: the queue builds after 1 s, so later probes read higher.
        List<Double> times = FlentFileTest.flentRawValues(work, data, "Ping (ms) ICMP ping", "t").stream()
                .map(Double::parseDouble).toList();
        double t0 = times.getFirst();
        double early = mean(flentValues, times, t0, 0, 0.4);
        double late = mean(flentValues, times, t0, 2, 3.4);
        assertThat(late).isGreaterThan(early * 3);
        // And flent draws its ping_cdf from it.
        Path png = work.resolve("ping_cdf.png");
        ExternalTool.Run run = flent.run(work, work.resolve("plot.log"), FlentFileTest.headlessMatplotlib(), 120,
                "-i", data.toString(), "-p", "ping_cdf", "-o", png.toString());
        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(Files.size(png)).isGreaterThan(10_000);
        DemoExperiment.keep("flent-ping-cdf-per-probe.png", Files.readAllBytes(png));
    }

    private static double mean(List<Double> values, List<Double> times, double t0, double fromS, double toS) {
        double sum = 0;
        int n = 0;
        for (int i = 0; i < values.size(); i++) {
            double t = times.get(i) - t0;
            if (t >= fromS && t < toS) {
                sum += values.get(i);
                n++;
            }
        }
        return sum / n;
    }
}
