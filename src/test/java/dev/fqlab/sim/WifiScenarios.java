package dev.fqlab.sim;

import dev.fqlab.sim.scenario.AmpduSpec;
import dev.fqlab.sim.scenario.AqlSpec;
import dev.fqlab.sim.scenario.ChannelSpec;
import dev.fqlab.sim.scenario.DequeueStrategy;
import dev.fqlab.sim.scenario.Direction;
import dev.fqlab.sim.scenario.DriverSpec;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.PhyStandard;
import dev.fqlab.sim.scenario.QdiscSpec;
import dev.fqlab.sim.scenario.RateControlType;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.SchedulerSpec;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.TrafficSpec;
import dev.fqlab.sim.scenario.TxqsSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import java.util.List;

/**
 * WiFi scenario records for engine tests, with scenario.md's defaults, built without the JSON parser from the
 * declared defaults ({@link RecordSchema#builder()}), setting only what differs.
 */
public final class WifiScenarios {
    private WifiScenarios() {
    }

    /** A-MPDU limits of 32 subframes, 65535 bytes, 4096 µs ({@code enabled} has no constant default). */
    public static AmpduSpec ampdu(boolean enabled) {
        return AmpduSpec.SCHEMA.builder().set("enabled", enabled).build();
    }

    /** An 802.11n, 20 MHz, long-GI link with A-MPDU. */
    public static WifiLinkSpec ht20() {
        return WifiLinkSpec.SCHEMA.builder().set("ampdu", ampdu(true)).build();
    }

    public static WifiLinkSpec link(PhyStandard standard, int widthMhz, boolean sgi, AmpduSpec ampdu) {
        return WifiLinkSpec.SCHEMA.builder().set("standard", standard).set("channelWidthMhz", widthMhz)
                .set("shortGuardInterval", sgi).set("ampdu", ampdu).build();
    }

    /**
     * A station builder: no mcs, spatial streams or legacy rate (the defaults of the last two depend on the link),
     * frame error rate 0, airtime weight 256, no radio channel, a fixed rate (in a parsed scenario
     * {@code rateControl}'s default is computed: minstrel_ht with a channel).
     */
    public static RecordSchema.Builder<StationSpec> station(String name) {
        return StationSpec.SCHEMA.builder().set("name", name).set("spatialStreams", null).set("legacyRateMbps", null)
                .set("channel", ChannelSpec.none()).set("rateControl", RateControlType.FIXED);
    }

    /** A channel of a fixed SNR both ways, the receivers with {@code antennas} antennas. */
    public static ChannelSpec snr(double snrDb, int antennas) {
        return ChannelSpec.SCHEMA.builder().set("snrDb", snrDb).set("uplinkSnrDb", snrDb).set("antennas", antennas)
                .build();
    }

    public static StationSpec ht(String name, int mcs) {
        return vht(name, mcs, mcs / 8 + 1);
    }

    public static StationSpec vht(String name, int mcs, int nss) {
        return station(name).set("mcs", mcs).set("spatialStreams", nss).build();
    }

    /** An 802.11a station at {@code rateMbps} (null: the link's). */
    public static StationSpec legacy(String name, Double rateMbps) {
        return station(name).set("legacyRateMbps", rateMbps).build();
    }

    /**
     * A TXQs builder with an 802.11n (or 802.11a) radio's memory limit, 4 MiB ({@code memoryLimitBytes} has no
     * constant default: it follows the radio).
     */
    public static RecordSchema.Builder<TxqsSpec> txqsBuilder() {
        return TxqsSpec.SCHEMA.builder().set("memoryLimitBytes", TxqsSpec.NON_VHT_MEMORY_LIMIT);
    }

    public static TxqsSpec txqs(boolean fq, boolean collisionCheck) {
        return txqsBuilder().set("fq", fq).set("collisionCheck", collisionCheck).build();
    }

    public static TxqsSpec noTxqs() {
        return txqsBuilder().set("enabled", false).build();
    }

    /** A driver builder with {@code dequeue}, the rest ath9k's (scenario.md's defaults). */
    public static RecordSchema.Builder<DriverSpec> driver(DequeueStrategy dequeue) {
        return DriverSpec.SCHEMA.builder().set("dequeue", dequeue);
    }

    public static DriverSpec ath9k() {
        return DriverSpec.SCHEMA.builder().build();
    }

    public static AqlSpec noAql() {
        return AqlSpec.SCHEMA.builder().build();
    }

    /** AQL on with the default limits (5000 / 12000 / 24000 µs). */
    public static AqlSpec aql() {
        return AqlSpec.SCHEMA.builder().set("enabled", true).build();
    }

    /**
     * A wifi stack builder: noqueue over mac80211 TXQs with fq_codel (an 802.11n radio's memory limit), round robin,
     * no AQL, ath9k; set what differs.
     */
    public static RecordSchema.Builder<StackSpec> wifiStack() {
        return StackSpec.SCHEMA.builder().set("qdisc", new QdiscSpec.Noqueue()).set("txqs", txqs(true, true));
    }

    /** mac80211 TXQs with fq_codel, round robin, ath9k. */
    public static StackSpec txqStack() {
        return wifiStack().build();
    }

    public static StackSpec airtimeStack() {
        return wifiStack().set("scheduler", new SchedulerSpec.Airtime(256, true)).build();
    }

    public static StackSpec legacyStack() {
        return wifiStack().set("qdisc", new QdiscSpec.Pfifo(1000)).set("txqs", noTxqs()).build();
    }

    public static FlowSpec udpTo(String name, String station, double rateMbps, double durationS) {
        return Scenarios.flowSpec(name, durationS).set("station", station)
                .set("traffic", Scenarios.udpRate(rateMbps, 1500)).build();
    }

    public static FlowSpec udpFrom(String name, String station, double rateMbps, double durationS) {
        return Scenarios.flowSpec(name, durationS).set("station", station).set("direction", Direction.UP)
                .set("traffic", Scenarios.udpRate(rateMbps, 1500)).build();
    }

    public static FlowSpec pingTo(String name, String station, double intervalMs, double durationS) {
        return Scenarios.flowSpec(name, durationS).set("station", station)
                .set("traffic", new TrafficSpec.Ping(intervalMs, 64)).build();
    }

    public static Scenario wifi(WifiLinkSpec link, StackSpec stack, List<StationSpec> stations, double durationS,
                                double warmupS, FlowSpec... flows) {
        return Scenario.SCHEMA.builder().set("name", "wifi-test").set("durationS", durationS).set("warmupS", warmupS)
                .set("link", link).set("stations", stations).set("stack", stack).set("flows", List.of(flows)).build();
    }
}
