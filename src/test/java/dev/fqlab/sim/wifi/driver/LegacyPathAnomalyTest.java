package dev.fqlab.sim.wifi.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.fqlab.sim.ScenarioRunner;
import dev.fqlab.sim.Scenarios;
import dev.fqlab.sim.WifiScenarios;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.result.SimulationResult;
import dev.fqlab.sim.result.StationResult;
import dev.fqlab.sim.scenario.FlowSpec;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.StationSpec;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * The legacy path (no TXQs: pfifo → ath9k's shared per-AC pool of 123 frames → per-station TID queues) against the
 * 802.11 performance anomaly (Heusse et al. 2003; kernel-spec §9.1–9.2): a FIFO shared in arrival order gives every
 * saturated station the same packet rate, so each gets {@code 1 / Σ_j (1 / T_j)}, where {@code T_j} is station j's
 * throughput alone.
 *
 * <p>{@code T_j} is computed here from the standard, not from fqlab: an HT20, long-GI station at MCS m alone sends
 * back-to-back A-MPDUs of n full-size subframes (1500-byte IP packets: MPDU 26 + 8 + 1500 + 4 = 1538 bytes, 1544
 * with its delimiter and padding), n being ath9k's aggregate rule — at most 32 subframes and
 * {@code ath_max_framelen(4096 µs)} bytes (Ath9kAggregateLimit's formula: ((4096 − 32 − 4·streams) >> 2) symbols ×
 * N_DBPS − 22 bits, /8, ≤ 65532), a subframe fitting while 1544·(n − 1) + 1542 ≤ the limit. One TXOP takes AIFS[BE]
 * 43 µs + the mean backoff 7.5 × 9 µs + the HT-mixed PPDU (802.11-2016 19.4.3: 32 µs + 4 µs per HT-LTF, 1, 2, 4, 4
 * of them for 1–4 streams, + 4 µs × ⌈(16 + 8 · 1544n + 6) / N_DBPS⌉) + SIFS 16 µs + a 32-byte BlockAck at the
 * highest basic rate not above the MCS's non-HT reference rate (6 Mbit/s: 68 µs for MCS 0; 12: 44 µs for MCS 1
 * and 2; 24: 32 µs from MCS 3 up); T = n × 1472 × 8 bits of UDP payload per TXOP. (HT20 MCS 15: n = 32, PPDU
 * 40 + 4 × 761 = 3084 µs, TXOP 3242.5 µs, 116.2 Mbit/s; MCS 0: n = 2, PPDU 36 + 4 × 951 = 3840 µs, 5.838 Mbit/s.)
 *
 * <p>The senders are independent, as iperf processes are: each flow's packets leave at uniformly random times within
 * their send interval (jitterMs = the interval). Senders in exact lockstep meet a drop-tail phase effect instead
 * (README "Legacy path"; {@link #lockstepSendersNeedFqCodelInFront()}).
 *
 * <p>The formula assumes a station's airtime per packet in the mix is what it is alone. It is not quite: the pool
 * holds mostly the slowest station's frames, so fast stations send small aggregates and pay the TXOP overhead more
 * often. That costs a few percent (40 random sets: 0.1 to 11 % below the formula), at most about 14 % on average for
 * one 13 Mbit/s station (MCS 1 or 8) among five at MCS 29–31 — the edge of the 15 % that random sets almost never
 * reach (about one set in 10⁵ draws).
 */
class LegacyPathAnomalyTest {
    private static final double DURATION_S = 10;
    /** Saturating for every HT20 rate (MCS 31, long GI, carries about 218 Mbit/s alone). */
    private static final double OFFER_MBPS = 300;
    private static final int[] HT_BITS_PER_SYMBOL = {26, 52, 78, 104, 156, 208, 234, 260};

    /** Station {@code mcs}'s saturated UDP throughput alone, Mbit/s, from the formulas above. */
    static double aloneMbps(int mcs) {
        int streams = mcs / 8 + 1;
        int ndbps = HT_BITS_PER_SYMBOL[mcs % 8] * streams;
        int framelen = Math.min(65532, (((4096 - 32 - 4 * streams) >> 2) * ndbps - 22) / 8);
        int limit = Math.min(65535, framelen);
        int n = Math.min(32, 1 + (limit - 1542) / 1544);
        int psdu = 1544 * n;
        int ltfs = streams == 3 ? 4 : streams;
        double ppdu = 32 + 4 * ltfs + 4 * Math.ceil((16 + 8.0 * psdu + 6) / ndbps);
        double blockAck = mcs % 8 == 0 ? 68 : mcs % 8 < 3 ? 44 : 32;
        double txop = 43 + 7.5 * 9 + ppdu + 16 + blockAck;
        return n * 1472 * 8 / txop;
    }

    private static SimulationResult run(List<Integer> mcs, StackSpec stack, double offerMbps, double jitterMs) {
        List<StationSpec> stations = new ArrayList<>();
        List<FlowSpec> flows = new ArrayList<>();
        for (int i = 0; i < mcs.size(); i++) {
            stations.add(WifiScenarios.ht("sta" + i, mcs.get(i)));
            flows.add(Scenarios.flowSpec("u" + i, DURATION_S).set("station", "sta" + i)
                    .set("traffic", Scenarios.udpTraffic().set("rateMbps", offerMbps).set("packetBytes", 1500)
                            .set("jitterMs", jitterMs).build())
                    .build());
        }
        return ScenarioRunner.run(WifiScenarios.wifi(WifiScenarios.ht20(), stack, stations, DURATION_S, 1,
                flows.toArray(FlowSpec[]::new)), RunControl.NONE);
    }

    private static double anomaly(List<Integer> mcs) {
        return 1 / mcs.stream().mapToDouble(m -> 1 / aloneMbps(m)).sum();
    }

    @Test
    void theAloneThroughputsAgreeWithTheClosedFormsOfTheEngineTests() {
        assertThat(aloneMbps(15)).isCloseTo(116.2, within(0.05));
        assertThat(aloneMbps(0)).isCloseTo(5.838, within(0.001));
    }

    @Property(tries = 10)
    void everySaturatedStationGetsOneOverTheSumOfInverseAloneThroughputs(
            @ForAll @Size(min = 2, max = 6) List<@IntRange(min = 0, max = 31) Integer> mcs) {
        double expected = anomaly(mcs);
        double jitterMs = 1500 * 8 / (OFFER_MBPS * 1000); // one send interval: 0.04 ms
        SimulationResult r = run(mcs, WifiScenarios.legacyStack(), OFFER_MBPS, jitterMs);
        for (StationResult s : r.stations()) {
            assertThat(s.throughputMbps()).as("%s in %s, expected %.3f", s.name(), mcs, expected)
                    .isCloseTo(expected, within(expected * 0.15));
        }
    }

    @Test
    void lockstepSendersNeedFqCodelInFront() {
        // The case: HT20 MCS 0, 2 and 15, 200 Mbit/s each, the flows starting together with equal rates, so
        // their packets reach the AP in lockstep triples. Behind pfifo the qdisc gains places only when a completed
        // aggregate frees pool frames — 2 after each MCS 0 A-MPDU — and the first two packets of the next triple
        // take them: the third station's packets are the ones tail-dropped, and it gets far less than the others.
        // fq_codel in front dequeues its flows round robin into the pool whatever their phase, so the anomaly's
        // share returns: 1 / (1/5.838 + 1/T(2) + 1/116.2) each.
        List<Integer> mcs = List.of(0, 2, 15);
        double expected = anomaly(mcs);
        SimulationResult pfifo = run(mcs, WifiScenarios.legacyStack(), 200, 0);
        assertThat(pfifo.stations().get(2).throughputMbps()).isLessThan(pfifo.stations().get(0).throughputMbps() / 2);
        StackSpec fqCodel = WifiScenarios.wifiStack().set("qdisc", Scenarios.fqCodel())
                .set("txqs", WifiScenarios.noTxqs()).build();
        for (StationResult s : run(mcs, fqCodel, 200, 0).stations()) {
            assertThat(s.throughputMbps()).as(s.name()).isCloseTo(expected, within(expected * 0.15));
        }
    }
}
