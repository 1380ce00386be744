package dev.fqlab.sim.wifi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.WifiScenarios;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.result.StationResult;
import dev.fqlab.sim.scenario.ChannelSpec;
import dev.fqlab.sim.scenario.PhyStandard;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.SnrStep;
import dev.fqlab.sim.scenario.StationSpec;
import dev.fqlab.sim.scenario.WifiLinkSpec;
import dev.fqlab.sim.wifi.channel.ChannelFrameErrors;
import dev.fqlab.sim.wifi.channel.SnrTrace;
import dev.fqlab.sim.wifi.phy.PhyMode;
import java.util.List;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * A channel's frame errors as the MAC feels them.
 *
 * <p><b>PER ≈ 0.</b> At 100 dB every mode's uncoded BER is 0 (erfc(√1e10) underflows), so a channel station must
 * give exactly what {@code frameErrorRate} 0 gives: the same draws (a success probability of 1 passes every draw, as
 * an error rate of 0 does) and nothing else drawn.
 *
 * <p><b>PER p.</b> One 802.11a station at 54 Mbit/s sends saturating UDP (1500-byte IP packets: 1538-byte MPDUs,
 * 1472 bytes of payload) to the AP at an SNR where the NIST model gives PER p for that MPDU. Each MPDU is retried
 * up to 10 transmissions. The outside formula is (1 − p) × the loss-free throughput; it ignores that a lost MPDU's
 * exchange ends with AckTimeout (50 µs) instead of SIFS + Ack (44 µs) and doubles the contention window, which costs
 * 0.2–0.3 × p of the throughput here. The exact renewal-reward value, with 802.11a's timings as DcfSaturationTest
 * works them out (AIFS[BE] 43 µs, slot 9 µs, CW 15 doubling to 1023, PPDU 252 µs, Ack at 24 Mbit/s 28 µs, SIFS 16 µs),
 * is time per MPDU = Σ_k p^k (AIFS + CW_k/2·slot + PPDU) + Σ_k p^k (1 − p)(SIFS + Ack) + Σ_k p^(k+1) AckTimeout over
 * transmissions k = 0…9, and goodput = 1472 × 8 × (1 − p^10) / that. fqlab must be within 2 % of it, and within
 * 0.3 × p of (1 − p) × its own loss-free throughput.
 */
class ChannelThroughputTest {
    private static final int MPDU_BYTES = 1538;

    @Property(tries = 6, seed = "12", edgeCases = EdgeCasesMode.NONE)
    void aPerfectChannelIsFrameErrorRateZero(@ForAll @IntRange(min = 0, max = 15) int mcs) {
        int streams = mcs / 8 + 1;
        StationSpec fixed = WifiScenarios.ht("sta", mcs);
        StationSpec channel = WifiScenarios.station("sta").set("mcs", mcs).set("spatialStreams", streams)
                .set("channel", WifiScenarios.snr(100, streams)).build();
        double rate = PhyMode.ht(mcs, 20, false).dataRateMbps() * 1.2;
        StationResult a = runDown(WifiScenarios.ht20(), fixed, rate).stations().get(0);
        StationResult b = runDown(WifiScenarios.ht20(), channel, rate).stations().get(0);
        assertThat(b.throughputMbps()).isEqualTo(a.throughputMbps());
        assertThat(b.retries()).isEqualTo(a.retries());
        assertThat(b.ppdus()).isEqualTo(a.ppdus());
        assertThat(a.channel()).isNull();
        assertThat(b.channel().mpduErrors()).isZero();
        assertThat(b.channel().mpdus()).isPositive();
        assertThat(b.channel().snrDb()).isEqualTo(100);
        assertThat(b.channel().meanSnrDb()).isEqualTo(100);
    }

    /**
     * The result reports the channel: at 100 m with ns-3's defaults the SNR is 3.2522 dB both ways (LinkBudgetTest
     * works it by hand); a 6 dB stronger AP gives the downlink 6 dB more. With snrDb 30 stepping to 10 at 0.5 s over a
     * 1.5 s run the time-averaged SNR is (0.5 × 30 + 1 × 10) / 1.5 = 16.6667 dB.
     */
    @Example
    void theResultReportsTheChannel() {
        ChannelSpec far = ChannelSpec.SCHEMA.builder().set("distanceM", 100.0).set("uplinkSnrDb", null).set("antennas", 1)
                .set("apTxPowerDbm", 16.0206 + 6).build();
        StationSpec station = WifiScenarios.station("sta").set("mcs", 0).set("spatialStreams", 1).set("channel", far)
                .build();
        StationResult r = runDown(WifiScenarios.ht20(), station, 1).stations().get(0);
        assertThat(r.channel().snrDb()).isCloseTo(3.2522 + 6, within(1e-4));
        assertThat(r.channel().uplinkSnrDb()).isCloseTo(3.2522, within(1e-4));
        assertThat(r.channel().meanUplinkSnrDb()).isCloseTo(3.2522, within(1e-4));

        ChannelSpec stepping = ChannelSpec.SCHEMA.builder().set("snrDb", 30.0).set("uplinkSnrDb", 30.0)
                .set("antennas", 1).set("snrSteps", List.of(new SnrStep(0.5, 10))).build();
        station = WifiScenarios.station("sta").set("mcs", 0).set("spatialStreams", 1).set("channel", stepping).build();
        r = runDown(WifiScenarios.ht20(), station, 1).stations().get(0);
        assertThat(r.channel().snrDb()).isEqualTo(30);
        assertThat(r.channel().meanSnrDb()).isCloseTo(16.6667, within(1e-4));
        assertThat(r.channel().meanUplinkSnrDb()).isCloseTo(16.6667, within(1e-4));
    }

    private static SimulationResult runDown(WifiLinkSpec link, StationSpec station, double rateMbps) {
        Scenario s = WifiScenarios.wifi(link, WifiScenarios.txqStack(), List.of(station), 1.5, 0.5,
                WifiScenarios.udpTo("u", "sta", rateMbps, 1.5));
        return ScenarioRunner.run(s, RunControl.NONE);
    }

    @Example
    void aLossyChannelDeliversOneMinusPerOfTheLossFreeThroughput() {
        double lossFree = upMbps(null).upMbps();
        assertThat(lossFree).isCloseTo(renewalMbps(0), within(renewalMbps(0) * 0.02));
        for (double p : new double[] {0.05, 0.1, 0.2}) {
            double snr = snrForPer(p);
            StationResult r = upMbps(WifiScenarios.snr(snr, 1));
            assertThat(r.upMbps()).as("p = %s", p).isCloseTo(renewalMbps(p), within(renewalMbps(p) * 0.02));
            assertThat(r.upMbps() / lossFree).as("p = %s", p).isCloseTo(1 - p, within(0.3 * p));
            // the drawn error rate is the model's p (±3 standard errors over ≥ 20 000 draws)
            double se = Math.sqrt(p * (1 - p) / r.channel().mpdus());
            assertThat(r.channel().mpduErrorRate()).isCloseTo(p, within(3 * se + 1e-6));
        }
    }

    private static StationResult upMbps(ChannelSpec channel) {
        var link = WifiLinkSpec.SCHEMA.builder().set("standard", PhyStandard.A).set("ampdu", WifiScenarios.ampdu(false))
                .build();
        StationSpec station = WifiScenarios.station("sta").set("legacyRateMbps", 54.0)
                .set("channel", channel == null ? ChannelSpec.none() : channel).build();
        Scenario s = WifiScenarios.wifi(link, WifiScenarios.txqStack(), List.of(station), 11, 1,
                WifiScenarios.udpFrom("u", "sta", 60, 11));
        return ScenarioRunner.run(s, RunControl.NONE).stations().get(0);
    }

    /** The SNR at which a 1538-byte MPDU at 54 Mbit/s is lost with probability p (bisection on the model). */
    private static double snrForPer(double p) {
        double lo = 10;
        double hi = 40;
        for (int i = 0; i < 60; i++) {
            double mid = (lo + hi) / 2;
            double per = 1 - new ChannelFrameErrors(SnrTrace.constant(), mid, 1)
                    .successProbability(PhyMode.legacy(54), MPDU_BYTES, 0);
            if (per > p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    /** The renewal-reward goodput of the class comment, Mbit/s. */
    private static double renewalMbps(double p) {
        double aifs = 43;
        double slot = 9;
        double ppdu = 20 + 4 * Math.ceil((16 + 8.0 * MPDU_BYTES + 6) / 216); // 252 µs
        double sifsAck = 16 + 28;
        double ackTimeout = 16 + 9 + 25;
        double timeUs = 0;
        for (int k = 0; k < 10; k++) {
            double cw = Math.min(16 << k, 1024) - 1;
            double reach = Math.pow(p, k);
            timeUs += reach * (aifs + cw / 2 * slot + ppdu) + reach * (1 - p) * sifsAck + reach * p * ackTimeout;
        }
        return 1472 * 8 * (1 - Math.pow(p, 10)) / timeUs;
    }
}
