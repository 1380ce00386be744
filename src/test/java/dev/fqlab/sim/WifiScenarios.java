package dev.fqlab.sim;

import dev.fqlab.sim.scenario.AccessCategory;
import dev.fqlab.sim.scenario.AmpduSpec;
import dev.fqlab.sim.scenario.AqlSpec;
import dev.fqlab.sim.scenario.CodelArithmetic;
import dev.fqlab.sim.scenario.CodelSettings;
import dev.fqlab.sim.scenario.DequeueStrategy;
import dev.fqlab.sim.scenario.Direction;
import dev.fqlab.sim.scenario.DriverSpec;
import dev.fqlab.sim.scenario.EcnCodepoint;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.PhyStandard;
import dev.fqlab.sim.scenario.QdiscSpec;
import dev.fqlab.sim.scenario.QuantumMode;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.SchedulerSpec;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.TrafficSpec;
import dev.fqlab.sim.scenario.TxqsSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import java.util.List;

/** WiFi scenario records for engine tests, with scenario.md's defaults, built without the JSON parser. */
public final class WifiScenarios {
    private WifiScenarios() {
    }

    public static WifiLinkSpec ht20() {
        return new WifiLinkSpec(PhyStandard.N, 20, false, new AmpduSpec(true, 32, 65535, 4000), 10, 54);
    }

    public static WifiLinkSpec link(PhyStandard standard, int widthMhz, boolean sgi, AmpduSpec ampdu) {
        return new WifiLinkSpec(standard, widthMhz, sgi, ampdu, 10, 54);
    }

    public static StationSpec ht(String name, int mcs) {
        return new StationSpec(name, mcs, mcs / 8 + 1, 0, 256, null);
    }

    public static StationSpec vht(String name, int mcs, int nss) {
        return new StationSpec(name, mcs, nss, 0, 256, null);
    }

    public static TxqsSpec txqs(boolean fq, boolean collisionCheck) {
        return new TxqsSpec(true, fq, 4096, 8192, 16777216L, 300, QuantumMode.BYTES,
                new CodelSettings(20, 100, true, null, CodelArithmetic.LINUX), collisionCheck);
    }

    public static TxqsSpec noTxqs() {
        return new TxqsSpec(false, true, 4096, 8192, 16777216L, 300, QuantumMode.BYTES,
                new CodelSettings(20, 100, true, null, CodelArithmetic.LINUX), true);
    }

    public static DriverSpec ath9k() {
        return new DriverSpec(DequeueStrategy.AGGREGATE, 2, 123, 16, 0, 0, 0);
    }

    public static AqlSpec noAql() {
        return new AqlSpec(false, 5000, 12000, 24000);
    }

    /** mac80211 TXQs with fq_codel, round robin, ath9k. */
    public static StackSpec txqStack() {
        return new StackSpec(new QdiscSpec.Noqueue(), txqs(true, true), new SchedulerSpec.RoundRobin(), noAql(),
                ath9k());
    }

    public static StackSpec airtimeStack() {
        return new StackSpec(new QdiscSpec.Noqueue(), txqs(true, true), new SchedulerSpec.Airtime(256, true), noAql(),
                ath9k());
    }

    public static StackSpec legacyStack() {
        return new StackSpec(new QdiscSpec.Pfifo(1000), noTxqs(), new SchedulerSpec.RoundRobin(), noAql(), ath9k());
    }

    public static FlowSpec udpTo(String name, String station, double rateMbps, double durationS) {
        return new FlowSpec(name, station, Direction.DOWN, AccessCategory.BE, 0, durationS, EcnCodepoint.NOT_ECT,
                new TrafficSpec.Udp(rateMbps, null, 1500, null, 1, 0));
    }

    public static FlowSpec udpFrom(String name, String station, double rateMbps, double durationS) {
        return new FlowSpec(name, station, Direction.UP, AccessCategory.BE, 0, durationS, EcnCodepoint.NOT_ECT,
                new TrafficSpec.Udp(rateMbps, null, 1500, null, 1, 0));
    }

    public static FlowSpec pingTo(String name, String station, double intervalMs, double durationS) {
        return new FlowSpec(name, station, Direction.DOWN, AccessCategory.BE, 0, durationS, EcnCodepoint.NOT_ECT,
                new TrafficSpec.Ping(intervalMs, 64));
    }

    public static Scenario wifi(WifiLinkSpec link, StackSpec stack, List<StationSpec> stations, double durationS,
                                double warmupS, FlowSpec... flows) {
        return new Scenario("wifi-test", 1, durationS, warmupS, 100, link, stations, 1, stack, List.of(flows));
    }
}
