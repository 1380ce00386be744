package dev.fqlab.sim;

import static dev.fqlab.sim.Scenarios.burst;
import static dev.fqlab.sim.Scenarios.fqCodel;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.kernel.KernelProfile;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.StackSpec;
import dev.fqlab.sim.scenario.WiredLinkSpec;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * Issue 13's burst: CoDel on the kernel clock (include/net/codel.h, include/net/codel_impl.h), so that a flow's first
 * entry into the dropping state after an overlimit drop depends on the uptime, as in Linux, not on when the flow
 * starts.
 *
 * <p>The scenario: a wired link of 12 Mbit/s with {@code l2OverheadBytes} 0 (a 1500-byte packet takes exactly 1 ms
 * on the wire), the server 0.5 ms away, fq_codel's defaults, and one UDP flow that sends 10 300 packets of 1500 bytes
 * at once at {@code startS}; the run ends 300 ms after the burst. The expected counts, worked by hand from
 * {@code fq_codel_enqueue}/{@code fq_codel_drop} and {@code codel_dequeue}/{@code codel_should_drop}:
 * <ol>
 *   <li>All packets reach the qdisc at t<sub>a</sub> = start + 0.5 ms. The first goes on the wire at once; at the
 *       10 241st queued packet fq_codel is over its limit (10 240) and {@code fq_codel_drop} head-drops from the only
 *       flow until 64 packets ({@code drop_batch_size}; half its bytes would be far more) are gone, adding 64 to its
 *       {@code cvars.count}: count 64, lastcount 0, and 10 235 packets stay queued.</li>
 *   <li>The wire takes one packet per ms: dequeue k happens at t<sub>a</sub> + k ms, its packet has waited k ms, and
 *       it reaches the host at t<sub>a</sub> + (k + 1) ms.</li>
 *   <li>CoDel time is (uptime + t) ns >> 10. For a whole-second uptime and a start of 0 or 2 s, the enqueue instant
 *       X = uptime + t<sub>a</sub> has X mod 1024 = 288 or 800 (10<sup>9</sup> ≡ 512 and 500 000 ≡ 288 mod 1024), so
 *       ldelay at dequeue k is ⌊f + 976.5625 k⌋ with f = 288/1024 or 800/1024. For k ≤ 4 it is below target
 *       (MS2TIME(5) = 4882); at k = 5 it is 4883, so first_above_time = now<sub>5</sub> + 97 656 (MS2TIME(100)).
 *       ok_to_drop needs ⌊f + 976.5625 k⌋ > 4883 + 97 656 = 102 539: k = 105 gives 102 539, k = 106 gives
 *       103 515 or 103 516.
 *       Dequeues 0–105 deliver 106 packets; dequeue 106 drops its packet, delivers the next (107) and enters the
 *       dropping state with delta = count − lastcount = 64 > 1. The reuse test is
 *       {@code codel_time_before(now − drop_next, 16 × interval)} against the drop_next of 0 that
 *       {@code codel_vars_init} left: (s32)(1 562 496 − now) > 0.</li>
 *   <li>No reuse: count 1, rec_inv_sqrt 0xFFFF, drop_next = now + 97 654 (≈ 100 ms); the next drops come at dequeues
 *       206 and 256 and take no wire time, the queue never runs dry, so every packet whose delivery
 *       t<sub>a</sub> + (k + 1) ms is within the 300 ms is delivered: k ≤ 298, <b>299</b>.</li>
 *   <li>Reuse: count = 64 and one Newton step from rec_inv_sqrt 0 (never set), which stays 0 (0 × anything), so
 *       control_law adds 0: drop_next = now and never moves. Dequeue 107 loops, dropping until codel_should_drop is
 *       false — when the packet taken leaves at most mtu (1514) bytes behind: it delivers the last but one (108) and
 *       dequeue 108 the last: <b>109</b>.</li>
 *   <li>Reuse with mainline's {@code CODEL_MAX_DROPS_PER_DEQUEUE} (256): each dequeue from 107 on drops 256, then
 *       resyncs drop_next = control_law(now) = now and delivers the packet in hand. 10 128 packets are queued after
 *       dequeue 106; 39 capped dequeues take 39 × 257 = 10 023, the next drops 103 of the last 105 and delivers the
 *       last but one, the next the last: 107 + 39 + 2 = <b>148</b>.</li>
 * </ol>
 * Where the reuse test flips: now is a u32 of 1024-ns units, so reuse holds for kernel times in [0, 1.6 s) and
 * [2^31 + 1 562 497 units = 2200.623 s, 2^32 units = 4398.047 s) of every 4398.047 s cycle, i.e. on the far side of
 * the s32 sign change at 2^31 units (2199.023 s).
 */
class CodelUptimeBurstTest {
    private static final int BURST = 10_300;
    private static final double WINDOW_S = 0.3;
    /** 16 × MS2TIME(100). */
    private static final long SIXTEEN_INTERVALS = 16 * 97_656L;

    private static long delivered(KernelProfile kernel, double uptimeS, double startS) {
        var link = WiredLinkSpec.SCHEMA.builder().set("rateMbps", 12).set("upRateMbps", 12).set("l2OverheadBytes", 0)
                .build();
        Scenario s = Scenario.SCHEMA.builder().set("name", "burst").set("durationS", startS + WINDOW_S)
                .set("link", link).set("stack", new StackSpec(fqCodel())).set("kernel", kernel)
                .set("kernelUptimeS", uptimeS)
                .set("flows", List.of(burst("burst", 0, BURST, 1500, startS, startS + WINDOW_S))).build();
        return ScenarioRunner.run(s, RunControl.NONE).flows().get(0).deliveredPackets();
    }

    /** The reuse test of step 3 at dequeue 106: now = (uptime + start + 0.5 ms + 106 ms) >> 10 as a u32. */
    private static boolean reusesCount(long uptimeS, double startS) {
        long ns = uptimeS * 1_000_000_000L + Math.round(startS * 1e9) + 106_500_000L;
        return (int) (SIXTEEN_INTERVALS - (ns >>> 10)) > 0; // the s32 of the u32 difference
    }

    @Test
    void theBurstDeliversTheSameAtZeroAndAtTwoSecondsWithTheDefaultUptime() {
        // Before the kernel clock, CoDel's time started at 0 with the simulation: 109 at t = 0, 299 at t = 2 s.
        double uptime = Scenario.DEFAULT_KERNEL_UPTIME_S;
        assertThat(delivered(KernelProfile.DEFAULT, uptime, 0)).isEqualTo(299);
        assertThat(delivered(KernelProfile.DEFAULT, uptime, 2)).isEqualTo(299);
    }

    @Test
    void belowTheS32SignChangeTheStaleDropNextIsFarInThePast() {
        // 2000.1065 s of kernel time is 1 953 229 003 units: < 2^31, (s32)(1 562 496 − now) < 0, no reuse (step 4)
        assertThat(reusesCount(2000, 0)).isFalse();
        assertThat(delivered(KernelProfile.LINUX_6_18, 2000, 0)).isEqualTo(299);
        assertThat(delivered(KernelProfile.LINUX_6_18, 2000, 2)).isEqualTo(299);
    }

    @Test
    void aboveTheS32SignChangeTheStaleDropNextCountsAsRecentAndTheCountIsReused() {
        // 2400.1065 s is 2 343 854 003 units: above 2^31 + 1 562 497, so 1 562 496 − now is a positive s32 (step 5)
        assertThat(reusesCount(2400, 0)).isTrue();
        assertThat(delivered(KernelProfile.LINUX_6_18, 2400, 0)).isEqualTo(109);
        assertThat(delivered(KernelProfile.LINUX_6_18, 2400, 2)).isEqualTo(109);
    }

    @Test
    void mainlineCapsTheCatchUpDropsAt256PerDequeue() {
        // step 6
        assertThat(delivered(KernelProfile.MAINLINE, 2400, 0)).isEqualTo(148);
        assertThat(delivered(KernelProfile.MAINLINE, 2400, 2)).isEqualTo(148);
        // without reuse the cap is never reached: the same 299 as every other version
        assertThat(delivered(KernelProfile.MAINLINE, 2000, 0)).isEqualTo(299);
    }

    @Test
    void aFreshBootReusesTheCountInItsFirstSixteenIntervals() {
        // uptime 0: the simulation's old clock. At t = 0 now (106.5 ms) < 1.6 s: reuse; at t = 2 s no reuse.
        assertThat(delivered(KernelProfile.LINUX_6_18, 0, 0)).isEqualTo(109);
        assertThat(delivered(KernelProfile.LINUX_6_18, 0, 2)).isEqualTo(299);
    }

    @Property(tries = 40)
    void theCountFollowsTheS32ComparisonAtAnyWholeSecondUptime(@ForAll @LongRange(min = 0, max = 1_000_000)
                                                               long uptimeS) {
        for (double start : new double[] {0, 2}) {
            long expected = reusesCount(uptimeS, start) ? 109 : 299;
            assertThat(delivered(KernelProfile.LINUX_6_18, uptimeS, start)).as("uptime %d s, start %s s", uptimeS,
                    start).isEqualTo(expected);
        }
    }
}
