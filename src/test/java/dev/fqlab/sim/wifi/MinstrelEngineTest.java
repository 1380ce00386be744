package dev.fqlab.sim.wifi;

import static dev.fqlab.sim.WifiScenarios.ht20;
import static dev.fqlab.sim.WifiScenarios.udpFrom;
import static dev.fqlab.sim.WifiScenarios.udpTo;
import static dev.fqlab.sim.WifiScenarios.wifi;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.WifiScenarios;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.RateResult;
import dev.fqlab.sim.result.StationResult;
import dev.fqlab.sim.scenario.RateControlType;
import dev.fqlab.sim.scenario.StationSpec;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Minstrel-HT in the engine: the AP's rate control (downlink) and the station's own (uplink). */
class MinstrelEngineTest {

    private static StationSpec station(int mcs, double frameErrorRate, RateControlType rc) {
        return WifiScenarios.station("sta").set("mcs", mcs).set("spatialStreams", mcs / 8 + 1)
                .set("frameErrorRate", frameErrorRate).set("rateControl", rc).build();
    }

    private static StationResult run(StationSpec sta, boolean up) {
        var flow = up ? udpFrom("u", "sta", 200, 6) : udpTo("u", "sta", 200, 6);
        return ScenarioRunner.run(wifi(ht20(), WifiScenarios.txqStack(), List.of(sta), 6, 1, flow), RunControl.NONE)
                .stations().getFirst();
    }

    @Test
    void onACleanChannelItFindsTheTopRateAndCarriesWithinTenPercentOfIt() {
        // fixed HT20 MCS 15: 116.2 Mbit/s (WifiEngineTest: 32 subframes per 3242.5 µs TXOP). Minstrel-HT climbs from
        // MCS 0 and then pays for a probe every 20 ms and an aggregate capped at 4 ms of its max_prob rate.
        StationResult fixed = run(station(15, 0, RateControlType.FIXED), false);
        StationResult minstrel = run(station(15, 0, RateControlType.MINSTREL_HT), false);
        assertThat(fixed.rates()).isNull();
        assertThat(fixed.rcStats()).isNull();
        assertThat(minstrel.throughputMbps()).isGreaterThanOrEqualTo(0.9 * fixed.throughputMbps());
        RateResult busiest = minstrel.rates().stream().filter(r -> r.direction().equals("down"))
                .max(Comparator.comparingLong(RateResult::airtimeNs)).orElseThrow();
        assertThat(busiest.rate()).isEqualTo("HT20 LGI MCS15");
        assertThat(busiest.successes()).isEqualTo(busiest.attempts()); // no frame errors
        // rc_stats: MCS 15 leads the table ('A' in the first flag column)
        assertThat(minstrel.rcStats()).containsPattern("HT20  LGI  2  A.....  MCS15");
    }

    @Test
    void withUniformFrameErrorsTheTopRateStillWins() {
        StationResult fixed = run(station(15, 0.1, RateControlType.FIXED), false);
        StationResult minstrel = run(station(15, 0.1, RateControlType.MINSTREL_HT), false);
        assertThat(minstrel.throughputMbps()).isGreaterThanOrEqualTo(0.9 * fixed.throughputMbps());
        assertThat(minstrel.rcStats()).containsPattern("HT20  LGI  2  A.....  MCS15");
    }

    @Test
    void an80211aStationUsesTheOfdmGroup() {
        // fixed 54 Mbit/s: 28.97 Mbit/s of UDP (WifiEngineTest: one 1538-byte MPDU per 406.5 µs TXOP)
        var link = WifiScenarios.link(dev.fqlab.sim.scenario.PhyStandard.A, 20, false, WifiScenarios.ampdu(false));
        var minstrel = WifiScenarios.station("sta").set("legacyRateMbps", 54.0)
                .set("rateControl", RateControlType.MINSTREL_HT).build();
        StationResult r = ScenarioRunner.run(wifi(link, WifiScenarios.txqStack(), List.of(minstrel), 6, 1,
                udpTo("u", "sta", 100, 6)), RunControl.NONE).stations().getFirst();
        assertThat(r.throughputMbps()).isGreaterThanOrEqualTo(0.9 * 28.97);
        assertThat(r.rcStats()).containsPattern("OFDM       1 A.....   54.0M");
    }

    @Test
    void theStationsOwnRateControlServesTheUplink() {
        StationResult fixed = run(station(7, 0, RateControlType.FIXED), true);
        StationResult minstrel = run(station(7, 0, RateControlType.MINSTREL_HT), true);
        assertThat(minstrel.upMbps()).isGreaterThanOrEqualTo(0.9 * fixed.upMbps());
        assertThat(minstrel.rcStatsUp()).containsPattern("HT20  LGI  1  A.....  MCS7 ");
        assertThat(minstrel.rates()).anySatisfy(r -> {
            assertThat(r.direction()).isEqualTo("up");
            assertThat(r.rate()).isEqualTo("HT20 LGI MCS7");
        });
    }
}
