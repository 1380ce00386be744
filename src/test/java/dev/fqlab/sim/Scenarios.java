package dev.fqlab.sim;

import dev.fqlab.sim.scenario.CodelSettings;
import dev.fqlab.sim.scenario.CongestionControlKind;
import dev.fqlab.sim.scenario.Direction;
import dev.fqlab.sim.scenario.EcnCodepoint;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.QdiscSpec;
import dev.fqlab.sim.scenario.QuantumMode;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.TrafficSpec;
import dev.fqlab.sim.scenario.WiredLinkSpec;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import dev.fqlab.sim.scenario.schema.Variants;
import java.util.List;

/**
 * Scenario records for engine tests, with scenario.md's defaults, built without the JSON parser. They are built from
 * the declared defaults ({@link RecordSchema#builder()}), setting only what differs, so adding a field to a record
 * does not break them.
 */
public final class Scenarios {
    private Scenarios() {
    }

    /** The builder of a variant record (their schemas are package-private), e.g. {@code QdiscSpec.FqCodel}. */
    @SuppressWarnings("unchecked")
    public static <R extends Record> RecordSchema.Builder<R> builder(Variants<? super R> family, Class<R> type) {
        return ((RecordSchema<R>) family.byClass(type)).builder();
    }

    /**
     * A record with the values named here ({@code "hwQueuePackets", 123, …}) and the declared defaults for the rest:
     * for a test's expected value, which names each number it states and keeps compiling when a field is added.
     */
    public static <R extends Record> R record(RecordSchema<R> schema, Object... namesAndValues) {
        RecordSchema.Builder<R> builder = schema.builder();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            builder.set((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return builder.build();
    }

    /** {@link #record} for a variant ({@code QdiscSpec.VARIANTS, QdiscSpec.FqCodel.class, …}). */
    @SuppressWarnings("unchecked")
    public static <R extends Record> R record(Variants<? super R> family, Class<R> type, Object... namesAndValues) {
        return record((RecordSchema<R>) family.byClass(type), namesAndValues);
    }

    /** A builder holding every value of {@code record}: set what changes. */
    public static <R extends Record> RecordSchema.Builder<R> copyOf(RecordSchema<R> schema, R record) {
        return schema.builder(record);
    }

    public static CodelSettings fqCodelDefaults() {
        return CodelSettings.QDISC.builder().build();
    }

    public static RecordSchema.Builder<QdiscSpec.FqCodel> fqCodelBuilder() {
        return builder(QdiscSpec.VARIANTS, QdiscSpec.FqCodel.class);
    }

    public static QdiscSpec.FqCodel fqCodel() {
        return fqCodelBuilder().build();
    }

    public static QdiscSpec.FqCodel fqCodel(int quantum, QuantumMode mode) {
        return fqCodelBuilder().set("quantum", quantum).set("quantumMode", mode).build();
    }

    public static Scenario wired(double rateMbps, double durationS, QdiscSpec qdisc, FlowSpec... flows) {
        return wired(rateMbps, 0, 1, durationS, qdisc, flows);
    }

    /** A wired link of {@code rateMbps} each way with {@code lossRate}, {@code wiredRttMs} to the server. */
    public static Scenario wired(double rateMbps, double lossRate, double wiredRttMs, double durationS,
                                 QdiscSpec qdisc, FlowSpec... flows) {
        var link = WiredLinkSpec.SCHEMA.builder().set("rateMbps", rateMbps).set("upRateMbps", rateMbps)
                .set("lossRate", lossRate).build();
        return Scenario.SCHEMA.builder().set("name", "test").set("durationS", durationS).set("link", link)
                .set("wiredRttMs", wiredRttMs).set("stack", new StackSpec(qdisc)).set("flows", List.of(flows)).build();
    }

    public static Scenario withSeed(Scenario s, long seed) {
        return copyOf(Scenario.SCHEMA, s).set("seed", seed).build();
    }

    public static Scenario withWarmup(Scenario s, double warmupS) {
        return copyOf(Scenario.SCHEMA, s).set("warmupS", warmupS).build();
    }

    /**
     * A flow builder: down, best effort, from 0 s, not-ECT, no station; set its {@code traffic} ({@code stopS} and
     * {@code traffic} have no constant default).
     */
    public static RecordSchema.Builder<FlowSpec> flowSpec(String name, double stopS) {
        return FlowSpec.SCHEMA.builder().set("name", name).set("stopS", stopS);
    }

    /** A udp traffic builder: burst 1 (its default depends on intervalMs), neither rate nor interval set. */
    public static RecordSchema.Builder<TrafficSpec.Udp> udpTraffic() {
        return builder(TrafficSpec.VARIANTS, TrafficSpec.Udp.class).set("burst", 1);
    }

    /** Constant bit rate of {@code packetBytes} packets. */
    public static TrafficSpec.Udp udpRate(double rateMbps, int packetBytes) {
        return udpTraffic().set("rateMbps", rateMbps).set("packetBytes", packetBytes).build();
    }

    /** A tcp traffic builder: cubic, remote, pacing shift 10, mss 1448, bulk. */
    public static RecordSchema.Builder<TrafficSpec.Tcp> tcpTraffic() {
        return builder(TrafficSpec.VARIANTS, TrafficSpec.Tcp.class);
    }

    public static FlowSpec udp(String name, double rateMbps, int packetBytes, double durationS) {
        return udp(name, rateMbps, packetBytes, durationS, EcnCodepoint.NOT_ECT);
    }

    public static FlowSpec udp(String name, double rateMbps, int packetBytes, double durationS, EcnCodepoint ecn) {
        return flowSpec(name, durationS).set("traffic", udpRate(rateMbps, packetBytes)).set("ecn", ecn).build();
    }

    public static FlowSpec burst(String name, double intervalMs, int burst, int packetBytes, double startS,
                                 double durationS) {
        var traffic = udpTraffic().set("intervalMs", intervalMs).set("packetBytes", packetBytes).set("burst", burst)
                .build();
        return flowSpec(name, durationS).set("traffic", traffic).set("startS", startS).build();
    }

    /** A bulk TCP download from the remote server with scenario.md's defaults (mss 1448, pacing shift 10). */
    public static FlowSpec tcp(String name, CongestionControlKind cc, double durationS) {
        return tcp(name, tcpTraffic().set("congestionControl", cc).build(), Direction.DOWN, 0, durationS,
                EcnCodepoint.NOT_ECT);
    }

    public static FlowSpec tcp(String name, TrafficSpec.Tcp tcp, Direction direction, double startS, double stopS,
                               EcnCodepoint ecn) {
        return flowSpec(name, stopS).set("traffic", tcp).set("direction", direction).set("startS", startS)
                .set("ecn", ecn).build();
    }

    public static FlowSpec ping(String name, double intervalMs, int packetBytes, double durationS) {
        return flowSpec(name, durationS).set("traffic", new TrafficSpec.Ping(intervalMs, packetBytes)).build();
    }
}
