package dev.fqlab.sim;

import dev.fqlab.sim.scenario.AccessCategory;
import dev.fqlab.sim.scenario.CodelArithmetic;
import dev.fqlab.sim.scenario.CodelSettings;
import dev.fqlab.sim.scenario.CongestionControlKind;
import dev.fqlab.sim.scenario.Direction;
import dev.fqlab.sim.scenario.EcnCodepoint;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.QdiscSpec;
import dev.fqlab.sim.scenario.QuantumMode;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.TcpOrigin;
import dev.fqlab.sim.scenario.TrafficSpec;
import dev.fqlab.sim.scenario.WiredLinkSpec;
import java.util.List;

/** Scenario records for engine tests, with scenario.md's defaults, built without the JSON parser. */
public final class Scenarios {
    private Scenarios() {
    }

    public static CodelSettings fqCodelDefaults() {
        return new CodelSettings(5, 100, true, null, CodelArithmetic.LINUX);
    }

    public static QdiscSpec.FqCodel fqCodel() {
        return new QdiscSpec.FqCodel(1024, 10240, 33554432L, 1514, QuantumMode.BYTES, 64, fqCodelDefaults());
    }

    public static QdiscSpec.FqCodel fqCodel(int quantum, QuantumMode mode) {
        return new QdiscSpec.FqCodel(1024, 10240, 33554432L, quantum, mode, 64, fqCodelDefaults());
    }

    public static Scenario wired(double rateMbps, double durationS, QdiscSpec qdisc, FlowSpec... flows) {
        return new Scenario("test", 1, durationS, 0, 100, new WiredLinkSpec(rateMbps, rateMbps, 0, 14), List.of(),
                1, new StackSpec(qdisc), List.of(flows));
    }

    /** A wired link of {@code rateMbps} each way with {@code lossRate}, {@code wiredRttMs} to the server. */
    public static Scenario wired(double rateMbps, double lossRate, double wiredRttMs, double durationS,
                                 QdiscSpec qdisc, FlowSpec... flows) {
        return new Scenario("test", 1, durationS, 0, 100, new WiredLinkSpec(rateMbps, rateMbps, lossRate, 14),
                List.of(), wiredRttMs, new StackSpec(qdisc), List.of(flows));
    }

    public static Scenario withSeed(Scenario s, long seed) {
        return new Scenario(s.name(), seed, s.durationS(), s.warmupS(), s.sampleIntervalMs(), s.link(), s.stations(),
                s.wiredRttMs(), s.stack(), s.flows());
    }

    public static Scenario withWarmup(Scenario s, double warmupS) {
        return new Scenario(s.name(), s.seed(), s.durationS(), warmupS, s.sampleIntervalMs(), s.link(), s.stations(),
                s.wiredRttMs(), s.stack(), s.flows());
    }

    public static FlowSpec udp(String name, double rateMbps, int packetBytes, double durationS) {
        return new FlowSpec(name, null, Direction.DOWN, AccessCategory.BE, 0, durationS, EcnCodepoint.NOT_ECT,
                new TrafficSpec.Udp(rateMbps, null, packetBytes, null, 1, 0));
    }

    public static FlowSpec udp(String name, double rateMbps, int packetBytes, double durationS, EcnCodepoint ecn) {
        return new FlowSpec(name, null, Direction.DOWN, AccessCategory.BE, 0, durationS, ecn,
                new TrafficSpec.Udp(rateMbps, null, packetBytes, null, 1, 0));
    }

    public static FlowSpec burst(String name, double intervalMs, int burst, int packetBytes, double startS,
                                 double durationS) {
        return new FlowSpec(name, null, Direction.DOWN, AccessCategory.BE, startS, durationS, EcnCodepoint.NOT_ECT,
                new TrafficSpec.Udp(null, intervalMs, packetBytes, null, burst, 0));
    }

    /** A bulk TCP download from the remote server with scenario.md's defaults (mss 1448, pacing shift 10). */
    public static FlowSpec tcp(String name, CongestionControlKind cc, double durationS) {
        return tcp(name, new TrafficSpec.Tcp(cc, TcpOrigin.REMOTE, 10, 1448, null), Direction.DOWN, 0, durationS,
                EcnCodepoint.NOT_ECT);
    }

    public static FlowSpec tcp(String name, TrafficSpec.Tcp tcp, Direction direction, double startS, double stopS,
                               EcnCodepoint ecn) {
        return new FlowSpec(name, null, direction, AccessCategory.BE, startS, stopS, ecn, tcp);
    }

    public static FlowSpec ping(String name, double intervalMs, int packetBytes, double durationS) {
        return new FlowSpec(name, null, Direction.DOWN, AccessCategory.BE, 0, durationS, EcnCodepoint.NOT_ECT,
                new TrafficSpec.Ping(intervalMs, packetBytes));
    }
}
