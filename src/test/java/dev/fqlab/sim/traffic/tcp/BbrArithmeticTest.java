package dev.fqlab.sim.traffic.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.fqlab.sim.core.RandomStream;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * BBR's constants and fixed-point arithmetic (net/ipv4/tcp_bbr.c) against the numbers they stand for (2/ln 2, the
 * pacing margin, ceil(bw × min_rtt × gain)), lib/win_minmax.c against the definition of a windowed maximum, and
 * tcp_rate.c's samples worked by hand.
 */
class BbrArithmeticTest {
    private static final int MSS = 1448;

    private static Bbr bbr(long srttUs, long minRttUs) {
        Bbr b = new Bbr(new RateSampler(64), MSS, 10, RandomStream.of(1, "t"));
        b.start(0, srttUs * 8, minRttUs);
        return b;
    }

    @Test
    void gainsAreTheSourcesFractionsOf256() {
        // bbr_high_gain = BBR_UNIT * 2885 / 1000 + 1 = 738560 / 1000 + 1 = 738 + 1; 2/ln 2 = 2.88539
        assertThat(Bbr.HIGH_GAIN).isEqualTo(739);
        assertThat(Bbr.HIGH_GAIN / 256.0).isCloseTo(2 / Math.log(2), within(1 / 256.0));
        // bbr_drain_gain = BBR_UNIT * 1000 / 2885 = 256000 / 2885 = 88 (88.73 truncated); ln 2 / 2 = 0.34657
        assertThat(Bbr.DRAIN_GAIN).isEqualTo(88);
        assertThat(Bbr.DRAIN_GAIN / 256.0).isCloseTo(Math.log(2) / 2, within(1 / 256.0));
        assertThat(Bbr.CWND_GAIN).isEqualTo(512);
        assertThat(Bbr.PACING_GAIN).containsExactly(320, 192, 256, 256, 256, 256, 256, 256);
        // the PROBE_BW cycle averages to 1: (5/4 + 3/4 + 6) / 8
        assertThat(java.util.Arrays.stream(Bbr.PACING_GAIN).sum()).isEqualTo(8 * 256);
        assertThat(Bbr.FULL_BW_THRESH).isEqualTo(320); // 25 % growth
        assertThat(Bbr.BW_RTTS).isEqualTo(10);
        assertThat(Bbr.MIN_RTT_WIN_SEC).isEqualTo(10);
        assertThat(Bbr.PROBE_RTT_MODE_MS).isEqualTo(200);
        assertThat(Bbr.CWND_MIN_TARGET).isEqualTo(4);
    }

    @Property(tries = 300)
    void thePacingRateIsGainTimesBandwidthLessOnePercent(@ForAll @LongRange(min = 1, max = 0xffff_ffffL) long bw,
                                                         @ForAll @IntRange(min = 1, max = Bbr.HIGH_GAIN) int gain) {
        // the whole u32 range of bw at gains up to high_gain: the kernel's comment bounds it there ("input rates of
        // up to 2.9Tbit/sec and gain of 2.89x")
        // bbr_rate_bytes_per_sec: bw (packets/µs << 24) × mss × gain/256 × 10^6 × (100 − 1)/100; the kernel truncates
        // twice (>> 8, then >> 24), losing under 990 000 / 2^24 + 1 < 1.06 bytes/s
        double exact = bw / (double) (1L << 24) * MSS * gain / 256.0 * 1e6 * 0.99;
        assertThat((double) bbr(40_000, 40_000).rateBytesPerSec(bw, gain)).isCloseTo(exact, within(1.06 + exact * 1e-12));
    }

    @Property(tries = 300)
    void bdpIsBandwidthTimesMinRttTimesGainRoundedUp(@ForAll @LongRange(min = 1, max = 100_000_000L) long bw,
                                                     @ForAll @LongRange(min = 1, max = 2_000_000) long minRttUs,
                                                     @ForAll @IntRange(min = 1, max = 1023) int gain) {
        double exact = bw / (double) (1L << 24) * minRttUs * gain / 256.0;
        long bdp = bbr(minRttUs, minRttUs).bdp(bw, gain);
        assertThat((double) bdp).isGreaterThanOrEqualTo(Math.floor(exact)).isLessThan(exact + 1);
    }

    @Test
    void withoutAnRttTheBdpIsTheInitialWindow() {
        Bbr b = bbr(0, 0);
        assertThat(b.bdp(1_000_000, Bbr.CWND_GAIN)).isEqualTo(10);
    }

    @Test
    void theInitialPacingRateIsHighGainTimesTheInitialWindowOverSrtt() {
        // bbr_init_pacing_rate_from_rtt: 2/ln 2 × 10 × 1448 B / 40 ms × 0.99 = 1 034 090 B/s (739/256 for 2/ln 2
        // and the kernel's truncations: 10 × 2^24 / 40 000 = 4194; 4194 × 1448 × 739 >> 8 = 17 530 788;
        // × 990 000 >> 24 = 1 034 467)
        assertThat((double) bbr(40_000, 40_000).pacingRate()).isCloseTo(2 / Math.log(2) * 10 * MSS / 0.040 * 0.99,
                within(0.001 * 1_034_090));
        assertThat(bbr(40_000, 40_000).pacingRate()).isEqualTo(1_034_467);
    }

    @Test
    void theTsoGoalIsPacingRateOverShiftInSegmentsAtLeastOneOrTwo() {
        // 1 034 467 B/s >> 10 = 1010 bytes < one segment: bbr_min_tso_segs = 2 (rate ≥ 1.2 Mbit/s = 150 000 B/s)
        assertThat(bbr(40_000, 40_000).tsoSegsGoal()).isEqualTo(2);
        // SRTT 1 s: 10 × 2^24 / 10^6 = 167 → 167 × 1448 × 739 / 256 × 0.99 / 2^24 ≈ 41 190 B/s < 150 000: 1
        assertThat(bbr(1_000_000, 1_000_000).pacingRate()).isLessThan(150_000);
        assertThat(bbr(1_000_000, 1_000_000).tsoSegsGoal()).isEqualTo(1);
        // the budget: cwnd + 3 × goal, rounded up to even (STARTUP: no +2)
        assertThat(bbr(40_000, 40_000).quantizationBudget(101)).isEqualTo(108);
    }

    /** A sample of the windowed max: a time that only grows and a value. */
    record Sample(long t, long v) {
    }

    @Property(tries = 200)
    void theWindowedMaxIsARecentSampleAtLeastTheNewest(@ForAll @Size(min = 1, max = 200) List<@IntRange(min = 0, max = 3) Integer> steps,
                                                      @ForAll @Size(min = 200, max = 200) List<@IntRange(min = 0, max = 1000) Integer> values) {
        WindowedMax max = new WindowedMax();
        List<Sample> seen = new ArrayList<>();
        long t = 0;
        max.reset(0, 0);
        seen.add(new Sample(0, 0));
        for (int i = 0; i < steps.size(); i++) {
            t += steps.get(i);
            long v = values.get(i);
            long got = max.runningMax(10, t, v);
            seen.add(new Sample(t, v));
            long now = t;
            List<Long> inWindow = seen.stream().filter(s -> s.t() >= now - 10).map(Sample::v).toList();
            assertThat(got).isGreaterThanOrEqualTo(v);
            assertThat(inWindow).contains(got); // one of the window's samples, so never above its true max
        }
    }

    @Test
    void rateSamplesAsTcpRateWorksThemOut() {
        // the SYN is delivered at 0; segments 0..9 leave at 1000..1009 µs (packets_out 0..9); min RTT 40 ms
        RateSampler rate = new RateSampler(64);
        RateSample rs = new RateSample();
        rate.synAcked(0);
        for (int s = 0; s < 10; s++) {
            rate.sent(s, 1000 + s, s);
        }
        // ACK of 0 and 1 at 41 000 µs: both carry delivered 1, and only a later count (after()) replaces the
        // snapshot, so segment 0's stays (delivered_mstamp 1000, first_tx 1000): send phase 1000 − 1000 = 0,
        // ACK phase 41 000 − 1000 = 40 000 µs; delivered 3 − 1 = 2
        rs.reset(10);
        rate.delivered(0, false, false, rs);
        rate.delivered(1, false, false, rs);
        rate.generate(2, 0, 41_000, 40_000, rs);
        assertThat(rs.delivered).isEqualTo(2);
        assertThat(rs.intervalUs).isEqualTo(40_000);
        assertThat(rs.sndIntervalUs).isZero();
        // segment 3 SACKed at 41 500: snapshot of segment 3, delivered 4 − 1 = 3 over max(1003 − 1000, 41 500 − 1000)
        rs.reset(8);
        rate.delivered(3, false, true, rs);
        rate.generate(1, 0, 41_500, 40_000, rs);
        assertThat(rs.delivered).isEqualTo(3);
        assertThat(rs.intervalUs).isEqualTo(40_500);
        // the cumulative ACK of 2 and 3 at 42 000: segment 3 was SACKed, so segment 2 gives the sample (prior
        // delivered 1): 5 − 1 = 4 over 41 000 µs
        rs.reset(7);
        rate.delivered(2, false, false, rs);
        rate.delivered(3, false, false, rs);
        rate.generate(1, 0, 42_000, 40_000, rs);
        assertThat(rs.delivered).isEqualTo(4);
        assertThat(rs.priorDelivered).isEqualTo(1);
        assertThat(rs.intervalUs).isEqualTo(41_000);
        // segment 10 leaves at 42 001 with 6 out: its snapshot is delivered 5 at 42 000 and first_tx 1002 (the send
        // time of segment 2, the last one a sample came from); ACKed alone at 60 000 µs: 1 segment over
        // max(42 001 − 1002, 60 000 − 42 000) = 40 999 µs — below a min RTT of 41 000 µs, so no valid sample
        rate.sent(10, 42_001, 6);
        rs.reset(7);
        rate.delivered(10, false, false, rs);
        rate.generate(1, 0, 60_000, 41_000, rs);
        assertThat(rs.delivered).isEqualTo(1);
        assertThat(rs.sndIntervalUs).isEqualTo(40_999);
        assertThat(rs.intervalUs).isEqualTo(-1);
    }
}
