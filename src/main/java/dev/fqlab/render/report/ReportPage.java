package dev.fqlab.render.report;

import dev.fqlab.experiment.Experiment;
import dev.fqlab.render.ExperimentOutcome;
import dev.fqlab.render.ScenarioFacts;
import dev.fqlab.experiment.SeriesOutput;
import dev.fqlab.render.plot.PlotKind;
import dev.fqlab.render.plot.ResultCharts;
import dev.fqlab.render.plot.Svg;
import dev.fqlab.sim.result.CodelXstats;
import dev.fqlab.sim.result.FlowResult;
import dev.fqlab.sim.result.FqCodelXstats;
import dev.fqlab.sim.result.FqXstats;
import dev.fqlab.sim.result.LatencyStats;
import dev.fqlab.sim.result.QdiscResult;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.result.StationResult;
import dev.fqlab.sim.result.TcCounters;
import dev.fqlab.sim.result.TxqResult;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.SerializationFeature;

/**
 * The report of one experiment: scenario summary, result tables and plots on one HTML page. Everything is inside
 * the page (CSS in a style element, plots as inline SVG), so a saved copy reads the same offline; links to the
 * other renderings are relative to the experiment.
 */
@Component
public final class ReportPage {

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private final PageTemplate template = new PageTemplate("/render/report.mustache");
    private final JsonMapper prettyJson;

    public ReportPage(JsonMapper jsonMapper) {
        this.prettyJson = jsonMapper.rebuild().enable(SerializationFeature.INDENT_OUTPUT).build();
    }

    /** The interval of the series kept: the scenario's, a coarser one (outputs.series coarse) or none. */
    private static String sampleInterval(SeriesOutput output, ScenarioFacts s, SimulationResult r) {
        if (!output.keepsSeries()) {
            return "no series kept (outputs.series none)";
        }
        if (r.series() == null || s.sampleIntervalMs() == 0) {
            return "no series";
        }
        String kept = Numbers.decimal(r.series().intervalMs()) + " ms";
        return r.series().intervalMs() == s.sampleIntervalMs() ? kept
                : kept + " (outputs.series coarse; the scenario's is " + Numbers.decimal(s.sampleIntervalMs()) + " ms)";
    }

    public String render(ExperimentOutcome outcome) {
        return template.render(model(outcome));
    }

    Model model(ExperimentOutcome outcome) {
        Experiment e = outcome.experiment();
        SimulationResult r = outcome.result();
        ScenarioFacts s = outcome.scenario();
        List<Plot> plots = new ArrayList<>();
        for (PlotKind kind : PlotKind.values()) {
            if (!e.seriesOutput().keepsSeries()) {
                break; // every plot is drawn from the time series, which this experiment did not keep
            }
            if (kind == PlotKind.AIRTIME && s.wired() || kind == PlotKind.TCP && !s.hasTcp()) {
                continue; // such a plot would only say that there are no stations, or no TCP flows
            }
            plots.add(new Plot(kind.title(), "plots/" + kind.slug() + ".svg",
                    Svg.inline(ResultCharts.chart(kind, outcome), "plot-" + kind.slug())));
        }
        List<Fact> facts = List.of(
                new Fact("Status", e.status().name()),
                new Fact("Link", link(s)),
                new Fact("Qdisc", s.qdiscType()),
                new Fact("Duration", Numbers.decimal(s.durationS()) + " s, warm-up " + Numbers.decimal(s.warmupS()) + " s"),
                new Fact("Sample interval", sampleInterval(e.seriesOutput(), s, r)),
                new Fact("Seed", Long.toString(r.seed())),
                new Fact("Tags", e.tags().isEmpty() ? Numbers.NONE : String.join(", ", e.tags())),
                new Fact("Preset", e.preset() == null ? Numbers.NONE : e.preset()),
                new Fact("Submitted", time(e.submittedAt())),
                new Fact("Ran", time(e.startedAt()) + " → " + time(e.finishedAt()) + " on " + Objects.toString(e.worker(), Numbers.NONE)),
                new Fact("Engine", r.engineVersion() + ": " + Numbers.decimal(r.engine().wallS()) + " s wall, "
                        + Numbers.decimal(r.engine().speedup()) + "× real time, " + Numbers.count(r.engine().events()) + " events"),
                new Fact("Scenario SHA-256", r.scenarioSha256()));
        List<Headline> headlines = List.of(
                new Headline("Throughput", Numbers.decimal(r.summary().throughputMbps()), "Mbit/s"),
                new Headline("Jain's index, throughput", Numbers.decimal(r.summary().jainThroughput()), s.wired() ? "over flows" : "over stations"),
                new Headline("Jain's index, airtime", Numbers.decimal(r.summary().jainAirtime()), s.wired() ? "wired: none" : "over stations"));
        return new Model(outcome.title(), e.id().toString(), facts, headlines,
                s.flows().stream().map(FlowSpecRow::of).toList(),
                r.flows().stream().map(FlowRow::of).toList(),
                r.stations() == null ? List.of() : r.stations().stream().map(st -> StationRow.of(st, s.phy(st.name()))).toList(),
                r.txqs() == null ? List.of() : r.txqs().stream().map(TxqRow::of).toList(),
                tc(r.qdisc(), "down"), tc(r.qdiscUp(), "up"), plots, prettyJson.writeValueAsString(s.json()));
    }

    private static String link(ScenarioFacts s) {
        String rate = s.rateMbps() == null ? "" : " " + Numbers.decimal(s.rateMbps()) + " Mbit/s";
        return s.linkType() + rate + (s.wired() ? "" : ", " + s.stations().size() + " stations");
    }

    private static String time(Instant instant) {
        return instant == null ? Numbers.NONE : TIME.format(instant);
    }

    /** A qdisc's counters the way {@code tc -s qdisc show} prints them, which is how driver people read them. */
    static String tc(QdiscResult q, String direction) {
        if (q == null) {
            return null;
        }
        TcCounters c = q.counters();
        StringBuilder out = new StringBuilder("qdisc ").append(q.type()).append(" (").append(direction).append(")\n")
                .append(" Sent ").append(c.sentBytes()).append(" bytes ").append(c.sentPackets()).append(" pkt (dropped ")
                .append(c.dropped()).append(", overlimits ").append(c.overlimits()).append(" requeues ").append(c.requeues())
                .append(")\n backlog ").append(c.backlogBytes()).append("b ").append(c.backlogPackets()).append("p requeues ")
                .append(c.requeues());
        String xstats = switch (q) {
            case QdiscResult.FqCodel f -> xstats(f.xstats());
            case QdiscResult.Codel codel -> xstats(codel.xstats());
            case QdiscResult.Fq fq -> xstats(fq.xstats());
            case QdiscResult.Plain plain -> "";
        };
        if (!xstats.isEmpty()) {
            out.append("\n ").append(xstats);
        }
        return out.toString();
    }

    private static String xstats(FqCodelXstats x) {
        return "maxpacket " + x.maxPacket() + " drop_overlimit " + x.dropOverlimit() + " drop_overmemory "
                + x.dropOvermemory() + " new_flow_count " + x.newFlowCount() + " ecn_mark " + x.ecnMark()
                + " ce_mark " + x.ceMark() + " memory_used " + x.memoryUsed() + " new_flows_len " + x.newFlowsLen()
                + " old_flows_len " + x.oldFlowsLen();
    }

    /** iproute2's {@code fq_print_xstats} layout, the counters it prints only when non-zero included always. */
    private static String xstats(FqXstats x) {
        return "flows " + x.flows() + " (inactive " + x.inactiveFlows() + " throttled " + x.throttledFlows() + ")\n"
                + " gc " + x.gcFlows() + " highprio " + x.highprioPackets() + " fastpath " + x.fastpathPackets()
                + " throttled " + x.throttled() + " latency " + Numbers.decimal(x.unthrottleLatencyNs() / 1000.0)
                + "us flows_plimit " + x.flowsPlimit() + " pkts_too_long " + x.pktsTooLong() + " ce_mark "
                + x.ceMark() + " horizon_drops " + x.horizonDrops() + " horizon_caps " + x.horizonCaps()
                + " band1_drops " + x.bandDrops().get(1);
    }

    private static String xstats(CodelXstats x) {
        return "maxpacket " + x.maxPacket() + " drop_overlimit " + x.dropOverlimit() + " ecn_mark " + x.ecnMark()
                + " ce_mark " + x.ceMark() + " count " + x.codelCount() + " lastcount " + x.codelLastCount()
                + " ldelay " + Numbers.decimal(x.ldelayMs()) + "ms" + (x.dropping() ? " dropping" : "");
    }

    /** What the template sees. */
    record Model(String title, String id, List<Fact> facts, List<Headline> headlines, List<FlowSpecRow> flowSpecs,
                 List<FlowRow> flows, List<StationRow> stations, List<TxqRow> txqs, String qdiscDown,
                 String qdiscUp, List<Plot> plots, String scenarioJson) {

        public boolean hasStations() {
            return !stations.isEmpty();
        }

        public boolean hasTxqs() {
            return !txqs.isEmpty();
        }

        public boolean hasQdisc() {
            return qdiscDown != null || qdiscUp != null;
        }
    }

    record Fact(String name, String value) {
    }

    record Headline(String name, String value, String unit) {
    }

    record Plot(String title, String href, String svg) {
    }

    record FlowSpecRow(String name, String type, String direction, String station, String ac, String window,
                       String load) {

        static FlowSpecRow of(ScenarioFacts.FlowFacts f) {
            String load = f.rateMbps() != null ? Numbers.decimal(f.rateMbps()) + " Mbit/s"
                    : f.intervalMs() != null ? "every " + Numbers.decimal(f.intervalMs()) + " ms" : Numbers.NONE;
            return new FlowSpecRow(f.name(), f.type(), f.direction(), Objects.toString(f.station(), Numbers.NONE), f.ac(),
                    Numbers.decimal(f.startS()) + "–" + Numbers.decimal(f.stopS()) + " s", load);
        }
    }

    record FlowRow(String name, String type, String direction, String throughput, String delivered, String dropped,
                   String ecnMarks, String p50, String p90, String p99, String max, String rttP50, String rttP99,
                   String retransmits) {

        static FlowRow of(FlowResult f) {
            LatencyStats l = f.latencyMs();
            LatencyStats rtt = f.rttMs();
            return new FlowRow(f.name(), f.type(), f.direction(), Numbers.decimal(f.throughputMbps()),
                    Numbers.count(f.deliveredPackets()) + " / " + Numbers.count(f.sentPackets()),
                    Numbers.count(f.droppedPackets()), Numbers.count(f.ecnMarks()),
                    Numbers.decimal(l == null ? null : l.p50()), Numbers.decimal(l == null ? null : l.p90()),
                    Numbers.decimal(l == null ? null : l.p99()), Numbers.decimal(l == null ? null : l.max()),
                    Numbers.decimal(rtt == null ? null : rtt.p50()), Numbers.decimal(rtt == null ? null : rtt.p99()),
                    f.tcp() == null ? Numbers.NONE
                            : Numbers.count(f.tcp().retransmits()) + " (" + Numbers.count(f.tcp().rtoCount()) + " RTO)");
        }
    }

    record StationRow(String name, String phy, String throughput, String down, String up, String airtime, String ppdus,
                      String aggregate, String retries, String failed) {

        static StationRow of(StationResult s, String phy) {
            return new StationRow(s.name(), phy, Numbers.decimal(s.throughputMbps()), Numbers.decimal(s.downMbps()),
                    Numbers.decimal(s.upMbps()), Numbers.percent(s.airtimeShare()), Numbers.count(s.ppdus()),
                    Numbers.decimal(s.avgAggregateSize()), Numbers.count(s.retries()), Numbers.count(s.failedMpdus()));
        }
    }

    /** One row of mac80211's per-station {@code aqm} table. */
    record TxqRow(String station, int tid, String ac, long backlogBytes, long backlogPackets, long newFlows, long drops,
                  long marks, long overlimit, long collisions, long txBytes, long txPackets) {

        static TxqRow of(TxqResult t) {
            return new TxqRow(t.station(), t.tid(), t.ac(), t.backlogBytes(), t.backlogPackets(), t.newFlows(),
                    t.drops(), t.marks(), t.overlimit(), t.collisions(), t.txBytes(), t.txPackets());
        }
    }
}
