package dev.fqlab.scenario;

import static dev.fqlab.sim.Scenarios.record;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.scenario.AccessCategory;
import dev.fqlab.sim.scenario.AmpduSpec;
import dev.fqlab.sim.scenario.AqlSpec;
import dev.fqlab.sim.kernel.KernelProfile;
import dev.fqlab.sim.scenario.ChannelSpec;
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
import dev.fqlab.sim.scenario.RateControlType;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.SchedulerSpec;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.TrafficSpec;
import dev.fqlab.sim.scenario.TxqsSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import dev.fqlab.sim.scenario.WiredLinkSpec;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The defaults of a minimal scenario, against the numbers written in spec/scenario.md (and the brief's decisions). */
class DefaultsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final ScenarioParser PARSER = new ScenarioParser(ScenarioLimits.DEFAULTS);

    static Scenario parse(String json) {
        ParsedScenario parsed = PARSER.parse(JSON.readTree(json));
        assertThat(parsed.errors()).isEmpty();
        return parsed.scenario();
    }

    private static final Scenario MINIMAL = parse("""
            {"durationS": 30,
             "link": {"type": "wired", "rateMbps": 10},
             "flows": [{"name": "bulk", "type": "udp", "rateMbps": 20}, {"name": "probe", "type": "ping"}]}
            """);

    @Test
    void topLevel() {
        assertThat(MINIMAL.name()).isNull();
        assertThat(MINIMAL.seed()).isEqualTo(1);
        assertThat(MINIMAL.durationS()).isEqualTo(30);
        assertThat(MINIMAL.warmupS()).isEqualTo(0);
        assertThat(MINIMAL.sampleIntervalMs()).isEqualTo(100);
        assertThat(MINIMAL.stations()).isEmpty();
        assertThat(MINIMAL.wiredRttMs()).isEqualTo(1);
    }

    @Test
    void wiredLink() {
        // upRateMbps = rateMbps; lossRate 0; l2OverheadBytes 14 (a 1500-byte IP packet is a 1514-byte frame)
        assertThat(MINIMAL.link()).isEqualTo(record(WiredLinkSpec.SCHEMA, "rateMbps", 10, "upRateMbps", 10,
                "lossRate", 0, "l2OverheadBytes", 14));
    }

    @Test
    void fqCodelIsTheWiredDefaultQdisc() {
        QdiscSpec.FqCodel fq = (QdiscSpec.FqCodel) MINIMAL.stack().qdisc();
        assertThat(fq.flows()).isEqualTo(1024);
        assertThat(fq.limit()).isEqualTo(10240);
        assertThat(fq.memoryLimitBytes()).isEqualTo(33554432L);
        assertThat(fq.quantum()).isEqualTo(1514);
        assertThat(fq.quantumMode()).isEqualTo(QuantumMode.BYTES);
        assertThat(fq.dropBatchSize()).isEqualTo(64);
        assertThat(fq.codel()).isEqualTo(record(CodelSettings.QDISC, "targetMs", 5, "intervalMs", 100, "ecn", true,
                "ceThresholdMs", null, "arithmetic", CodelArithmetic.LINUX));
    }

    @Test
    void qdiscObjectWithOnlyATypeGetsTheSameDefaults() {
        Scenario explicit = parse("""
                {"durationS": 30, "link": {"type": "wired", "rateMbps": 10},
                 "stack": {"qdisc": {"type": "fq_codel"}},
                 "flows": [{"name": "bulk", "type": "udp", "rateMbps": 20}, {"name": "probe", "type": "ping"}]}
                """);
        assertThat(explicit).isEqualTo(MINIMAL);
    }

    @Test
    void codelQdiscTakesTheSpecsCodelDefaultsWithoutEcn() {
        // scenario.md: codel's limit 1000, targetMs 5, intervalMs 100, ecn false "as in tc qdisc add … codel"
        // (codel_params_init: ecn = false; only fq_codel_init turns it on).
        Scenario scenario = parse("""
                {"durationS": 1, "link": {"type": "wired", "rateMbps": 1},
                 "stack": {"qdisc": {"type": "codel"}}, "flows": [{"name": "p", "type": "ping"}]}
                """);
        assertThat(scenario.stack().qdisc()).isEqualTo(
                new QdiscSpec.Codel(1000, record(CodelSettings.CODEL_QDISC, "targetMs", 5, "intervalMs", 100, "ecn", false,
                        "ceThresholdMs", null, "arithmetic", CodelArithmetic.LINUX)));
    }

    @Test
    void pfifoLimit() {
        Scenario scenario = parse("""
                {"durationS": 1, "link": {"type": "wired", "rateMbps": 1},
                 "stack": {"qdisc": {"type": "pfifo"}}, "flows": [{"name": "p", "type": "ping"}]}
                """);
        assertThat(scenario.stack().qdisc()).isEqualTo(new QdiscSpec.Pfifo(1000));
    }

    @Test
    void udpFlow() {
        FlowSpec udp = MINIMAL.flows().get(0);
        assertThat(udp.name()).isEqualTo("bulk");
        assertThat(udp.station()).isNull();
        assertThat(udp.direction()).isEqualTo(Direction.DOWN);
        assertThat(udp.ac()).isEqualTo(AccessCategory.BE);
        assertThat(udp.startS()).isEqualTo(0);
        assertThat(udp.stopS()).isEqualTo(30); // stopS defaults to the end: durationS
        assertThat(udp.ecn()).isEqualTo(EcnCodepoint.NOT_ECT);
        assertThat(udp.traffic()).isEqualTo(record(TrafficSpec.VARIANTS, TrafficSpec.Udp.class, "rateMbps", 20.0,
                "intervalMs", null, "packetBytes", 1500, "packets", null, "burst", 1, "jitterMs", 0.0));
    }

    // ---- wifi (scenario.md "link" wifi table, "Stations", "stack" wifi column, txqs, scheduler, aql, driver)

    private static final Scenario MINIMAL_WIFI = parse("""
            {"durationS": 30,
             "link": {"type": "wifi"},
             "stations": [{"name": "sta1", "mcs": 15}],
             "flows": [{"name": "bulk", "type": "udp", "rateMbps": 20, "station": "sta1"}]}
            """);

    @Test
    void wifiLink() {
        // 802.11n, 20 MHz, long GI, A-MPDU on with 32 subframes / 65535 bytes / 4096 µs (ath9k: not
        // scenario.md's 4000, see AmpduSpec), 10 tries, 54 Mbit/s legacy
        assertThat(MINIMAL_WIFI.link()).isEqualTo(
                record(WifiLinkSpec.SCHEMA, "standard", PhyStandard.N, "channelWidthMhz", 20,
                        "shortGuardInterval", false,
                        "ampdu", record(AmpduSpec.SCHEMA, "enabled", true, "maxSubframes", 32, "maxBytes", 65535,
                                "maxDurationUs", 4096), "retryLimit", 10, "legacyRateMbps", 54));
    }

    @Test
    void htStationDerivesItsStreamsFromTheMcs() {
        // MCS 15 is MCS 8–15: 2 streams; frameErrorRate 0, airtimeWeight 256, no legacy rate, a fixed rate
        assertThat(MINIMAL_WIFI.stations()).containsExactly(record(StationSpec.SCHEMA, "name", "sta1", "mcs", 15,
                "spatialStreams", 2, "frameErrorRate", 0, "airtimeWeight", 256, "legacyRateMbps", null,
                "channel", ChannelSpec.none(), "rateControl", RateControlType.FIXED));
    }

    @Test
    void wifiStackDefaults() {
        StackSpec stack = MINIMAL_WIFI.stack();
        // txqs enabled ⇒ the qdisc defaults to noqueue
        assertThat(stack.qdisc()).isEqualTo(new QdiscSpec.Noqueue());
        // mac80211: 4096 flows, 8192 packets, 4 MiB (an 802.11n radio), quantum 300, CoDel 20 ms / 100 ms / ECN,
        // no CE threshold
        assertThat(stack.txqs()).isEqualTo(record(TxqsSpec.SCHEMA, "enabled", true, "fq", true, "flows", 4096,
                "limit", 8192,
                "memoryLimitBytes", 4194304L, "quantum", 300, "quantumMode", QuantumMode.BYTES, "codel",
                record(CodelSettings.QDISC, "targetMs", 20, "intervalMs", 100, "ecn", true, "ceThresholdMs", null,
                        "arithmetic", CodelArithmetic.LINUX), "collisionCheck", true));
        assertThat(stack.scheduler()).isEqualTo(new SchedulerSpec.RoundRobin());
        assertThat(stack.aql()).isEqualTo(record(AqlSpec.SCHEMA, "enabled", false, "lowUs", 5000, "highUs", 12000,
                "thresholdUs", 24000));
        assertThat(stack.driver()).isEqualTo(record(DriverSpec.SCHEMA, "dequeue", DequeueStrategy.AGGREGATE,
                "hwQueueAggregates", 2, "hwQueuePackets", 123, "budgetPackets", 16, "perWakeCpuUs", 0,
                "perPacketCpuUs", 0, "batchContentionCpuUs", 0));
    }

    @Test
    void wifiFlowKeepsItsStation() {
        FlowSpec flow = MINIMAL_WIFI.flows().getFirst();
        assertThat(flow.station()).isEqualTo("sta1");
        assertThat(flow.ac()).isEqualTo(AccessCategory.BE);
        assertThat(flow.direction()).isEqualTo(Direction.DOWN);
    }

    @Test
    void txqsDisabledMakesTheQdiscDefaultPfifo1000() {
        Scenario scenario = parse("""
                {"durationS": 1, "link": {"type": "wifi"}, "stations": [{"name": "a", "mcs": 0}],
                 "stack": {"txqs": {"enabled": false}}, "flows": [{"name": "p", "type": "ping", "station": "a"}]}
                """);
        assertThat(scenario.stack().qdisc()).isEqualTo(new QdiscSpec.Pfifo(1000));
        assertThat(scenario.stack().txqs().enabled()).isFalse();
        assertThat(scenario.stack().txqs().flows()).isEqualTo(4096); // the other TXQ fields keep their defaults
    }

    @Test
    void legacyStationsTakeTheLinksRateAndNoAggregation() {
        Scenario scenario = parse("""
                {"durationS": 1, "link": {"type": "wifi", "standard": "802.11a", "legacyRateMbps": 24},
                 "stations": [{"name": "a"}, {"name": "b", "legacyRateMbps": 6}],
                 "flows": [{"name": "p", "type": "ping", "station": "b"}]}
                """);
        WifiLinkSpec link = (WifiLinkSpec) scenario.link();
        assertThat(link.standard()).isEqualTo(PhyStandard.A);
        assertThat(link.ampdu()).isEqualTo(record(AmpduSpec.SCHEMA, "enabled", false, "maxSubframes", 32,
                "maxBytes", 65535, "maxDurationUs", 4096));
        assertThat(scenario.stations()).containsExactly(record(StationSpec.SCHEMA, "name", "a", "mcs", null,
                "spatialStreams", null, "frameErrorRate", 0, "airtimeWeight", 256, "legacyRateMbps", 24.0,
                "channel", ChannelSpec.none(), "rateControl", RateControlType.FIXED),
                record(StationSpec.SCHEMA, "name", "b", "mcs", null, "spatialStreams", null, "frameErrorRate", 0,
                        "airtimeWeight", 256, "legacyRateMbps", 6.0, "channel", ChannelSpec.none(),
                        "rateControl", RateControlType.FIXED));
    }

    @Test
    void vhtStationsDefaultToOneStream() {
        Scenario scenario = parse("""
                {"durationS": 1, "link": {"type": "wifi", "standard": "802.11ac", "channelWidthMhz": 80},
                 "stations": [{"name": "a", "mcs": 9}, {"name": "b", "mcs": 9, "spatialStreams": 4}],
                 "flows": [{"name": "p", "type": "ping", "station": "a"}]}
                """);
        assertThat(scenario.stations()).extracting(StationSpec::spatialStreams).containsExactly(1, 4);
        assertThat(((WifiLinkSpec) scenario.link()).ampdu().enabled()).isTrue();
    }

    @Test
    void theTxqMemoryLimitFollowsTheRadio() {
        // net/mac80211/tx.c ieee80211_txq_setup_flows: fq_init's 16 << 20 stays only if a band supports VHT, else
        // 4 << 20 ("4 Mbytes is 64 max-size aggregates in 802.11n"); scenario.md says the same.
        String[][] radios = {{"802.11a", "{\"name\": \"a\"}"}, {"802.11n", "{\"name\": \"a\", \"mcs\": 0}"},
                {"802.11ac", "{\"name\": \"a\", \"mcs\": 0}"}};
        for (String[] radio : radios) {
            Scenario scenario = parse("{\"durationS\": 1, \"link\": {\"type\": \"wifi\", \"standard\": \"" + radio[0]
                    + "\"}, \"stations\": [" + radio[1] + "], \"flows\": [{\"name\": \"p\", \"type\": \"ping\", "
                    + "\"station\": \"a\"}]}");
            assertThat(scenario.stack().txqs().memoryLimitBytes()).as(radio[0])
                    .isEqualTo(radio[0].equals("802.11ac") ? 16_777_216L : 4_194_304L);
        }
        // a value given is kept, whatever the radio
        Scenario given = parse("""
                {"durationS": 1, "link": {"type": "wifi"}, "stack": {"txqs": {"memoryLimitBytes": 1000}},
                 "stations": [{"name": "a", "mcs": 0}], "flows": [{"name": "p", "type": "ping", "station": "a"}]}
                """);
        assertThat(given.stack().txqs().memoryLimitBytes()).isEqualTo(1000);
    }

    @Test
    void theKernelIsTheNewestLtsProfileUpAThousandSeconds() {
        assertThat(MINIMAL.kernel()).isEqualTo(KernelProfile.LINUX_6_18);
        assertThat(MINIMAL.kernel().json()).isEqualTo("6.18");
        assertThat(MINIMAL.kernelUptimeS()).isEqualTo(1000);
    }

    @Test
    void pingFlow() {
        FlowSpec ping = MINIMAL.flows().get(1);
        assertThat(ping.type()).isEqualTo("ping");
        assertThat(ping.stopS()).isEqualTo(30);
        assertThat(ping.traffic()).isEqualTo(new TrafficSpec.Ping(500, 64));
    }
}
