package dev.fqlab.sim.aqm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.fqlab.sim.kernel.Kernel;
import dev.fqlab.sim.kernel.KernelProfile;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.scenario.CodelArithmetic;
import dev.fqlab.sim.scenario.CodelSettings;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * CoDel against the numbers of kernel-spec §1 and §9.5 (RFC 8289 for the exact arithmetic). The queue is a
 * stand-in whose packets all have a chosen sojourn time, dequeued at a fixed step.
 */
class CodelTest {
    private static final long MS = 1_000_000L;
    private static final long US = 1_000L;
    private static final int MTU = 1514;

    /** kernel-spec §1.3: Linux drop spacing for counts 1..10 with interval 100 ms (integer Newton step). */
    private static final double[] LINUX_GAPS_MS = {100, 50, 56.25, 48.78, 44.15, 40.41, 37.52, 35.15, 33.18, 31.50};
    /** kernel-spec §1.3: ideal interval/√count spacing. */
    private static final double[] EXACT_GAPS_MS = {100, 70.71, 57.74, 50, 44.72, 40.82, 37.80, 35.36, 33.33, 31.62};

    /**
     * A queue that always has packets: each dequeued packet was enqueued {@code sojourn} ago and leaves
     * {@code backlogAfter} bytes behind. Records when CoDel drops.
     */
    static final class EndlessQueue implements CodelQueue {
        long now;
        long sojourn;
        long backlogAfter = 100_000;
        int ecn;
        /** While true the queue is found empty. */
        boolean empty;
        final List<Long> drops = new ArrayList<>();

        @Override
        public Packet dequeueHead(CodelVars vars) {
            if (empty) {
                return null;
            }
            Packet p = new Packet();
            p.length = MTU;
            p.ecn = ecn;
            p.enqueuedAt = now - sojourn;
            return p;
        }

        @Override
        public long backlog(CodelVars vars) {
            return backlogAfter;
        }

        @Override
        public void codelDrop(Packet p, long now) {
            drops.add(now);
        }
    }

    /** The qdiscs' CoDel (target 5 ms, interval 100 ms) without ECN. */
    private static CodelSettings settings(CodelArithmetic arithmetic) {
        return CodelSettings.QDISC.builder().set("ecn", false).set("arithmetic", arithmetic).build();
    }

    /** The qdiscs' CoDel (target 5 ms, interval 100 ms) with ECN. */
    private static CodelSettings ecnSettings(CodelArithmetic arithmetic) {
        return CodelSettings.QDISC.builder().set("arithmetic", arithmetic).build();
    }

    /** Dequeues every {@code step} ns from {@code from} (exclusive of {@code to}). */
    private static void run(Codel codel, EndlessQueue q, CodelVars v, long from, long to, long step) {
        for (long t = from; t < to; t += step) {
            q.now = t;
            codel.dequeue(q, v, t);
        }
    }

    private static double[] gapsMs(List<Long> drops, int n) {
        double[] gaps = new double[n];
        for (int i = 0; i < n; i++) {
            gaps[i] = (drops.get(i + 1) - drops.get(i)) / 1e6;
        }
        return gaps;
    }

    @Nested
    class DropSchedule {
        @Test
        void linuxSpacingFollowsTheIntegerNewtonStep() {
            var codel = new Codel(settings(CodelArithmetic.LINUX), MTU);
            var q = new EndlessQueue();
            q.sojourn = 10 * MS;
            var v = new CodelVars();
            run(codel, q, v, 0, 700 * MS, 10 * US);

            assertThat(q.drops).hasSizeGreaterThan(11);
            // The first drop comes an interval after the sojourn was first seen above target (at t = 0).
            assertThat(q.drops.get(0)).isGreaterThan(100 * MS).isLessThanOrEqualTo(100 * MS + 20 * US);
            double[] gaps = gapsMs(q.drops, 10);
            for (int i = 0; i < 10; i++) {
                // 10 µs dequeue granularity plus the 1.024 µs time unit
                assertThat(gaps[i]).as("gap after drop %d", i + 1).isCloseTo(LINUX_GAPS_MS[i], within(0.025));
            }
        }

        @Test
        void exactSpacingIsIntervalOverSqrtCount() {
            var codel = new Codel(settings(CodelArithmetic.EXACT), MTU);
            var q = new EndlessQueue();
            q.sojourn = 10 * MS;
            var v = new CodelVars();
            run(codel, q, v, 0, 700 * MS, 10 * US);

            // RFC 8289: drop once now >= first_above_time, i.e. exactly at 100 ms with a 10 µs step.
            assertThat(q.drops.get(0)).isEqualTo(100 * MS);
            double[] gaps = gapsMs(q.drops, 10);
            for (int i = 0; i < 10; i++) {
                assertThat(gaps[i]).as("gap after drop %d", i + 1).isCloseTo(EXACT_GAPS_MS[i], within(0.015));
            }
        }

        @Test
        void newtonStepFromOneLandsOnOneHalf() {
            // kernel-spec §1.3: one Newton step from 1.0 (0xFFFF) with count 2 gives 0.5 (0x8000), not 0.707.
            var codel = new Codel(settings(CodelArithmetic.LINUX), MTU);
            var q = new EndlessQueue();
            q.sojourn = 10 * MS;
            var v = new CodelVars();
            run(codel, q, v, 0, 201 * MS, 10 * US);
            assertThat(v.count()).isEqualTo(2);
            assertThat(v.recInvSqrt() / 65536.0).isCloseTo(0.5, within(0.0001));
        }

        @Test
        void catchUpDropsSeveralPacketsInOneDequeue() {
            // kernel-spec §1.5: far past drop_next, the while loop drops until drop_next is in the future.
            var codel = new Codel(settings(CodelArithmetic.LINUX), MTU);
            var q = new EndlessQueue();
            q.sojourn = 10 * MS;
            var v = new CodelVars();
            run(codel, q, v, 0, 110 * MS, 10 * US); // enter dropping state: drop #1 at ~100 ms
            assertThat(q.drops).hasSize(1);
            q.now = 390 * MS; // one dequeue at 390 ms: drops due at 200, 250, 306.25 and 355.03 ms (next: 399.18)
            codel.dequeue(q, v, q.now);
            assertThat(q.drops).hasSize(5);
            assertThat(v.count()).isEqualTo(5);
        }

        @Test
        void anEcnMarkEndsTheCatchUpLoop() {
            // The catch-up test above with ECT packets (kernel-spec §1.5, §10 item 5): a mark replaces the drop,
            // sets drop_next = control_law(drop_next) and leaves codel_dequeue at once ("goto END"), so however
            // far past drop_next the dequeue comes, it marks one packet and advances drop_next by one step.
            var codel = new Codel(ecnSettings(CodelArithmetic.LINUX), MTU);
            var q = new EndlessQueue();
            q.sojourn = 10 * MS;
            q.ecn = 2; // ECT(0)
            var v = new CodelVars();
            // first_above_time = 0 + 100 ms; the first 10-µs step strictly after it (100.01 ms) enters the
            // dropping state with a mark: count 1, drop_next = 100.01 + 100 = 200.01 ms (rec_inv_sqrt 0xFFFF)
            run(codel, q, v, 0, 110 * MS, 10 * US);
            assertThat(codel.stats().ecnMark()).isEqualTo(1);
            assertThat(v.dropping()).isTrue();
            q.now = 390 * MS; // 200.01, 250.01, 306.26 and 355.04 ms are all due, as in the drop case
            Packet p = codel.dequeue(q, v, q.now);
            // one loop pass: count 2, mark #2, drop_next = 200.01 + 100 × 0x8000/2^16 = 250.01 ms — and return
            assertThat(p.ecn).isEqualTo(3);
            assertThat(codel.stats().ecnMark()).isEqualTo(2);
            assertThat(v.count()).isEqualTo(2);
            assertThat(codel.stats().dropCount()).isZero();
            assertThat(q.drops).isEmpty();
            assertThat(codel.toNs(v.dropNext()) / 1e6).isCloseTo(250.01, within(0.01));
        }
    }

    @Nested
    class BacklogFloor {
        @Test
        void neverDropsWhileTheRemainingBacklogIsAtMostOneMtu() {
            var codel = new Codel(settings(CodelArithmetic.LINUX), MTU);
            var q = new EndlessQueue();
            q.sojourn = 50 * MS;
            q.backlogAfter = MTU;
            var v = new CodelVars();
            run(codel, q, v, 0, 2000 * MS, 100 * US);
            assertThat(q.drops).isEmpty();
            assertThat(v.dropping()).isFalse();
        }

        @Test
        void dropsAsSoonAsTheBacklogExceedsOneMtu() {
            var codel = new Codel(settings(CodelArithmetic.LINUX), MTU);
            var q = new EndlessQueue();
            q.sojourn = 50 * MS;
            q.backlogAfter = MTU + 1;
            var v = new CodelVars();
            run(codel, q, v, 0, 2000 * MS, 100 * US);
            assertThat(q.drops).isNotEmpty();
        }

        @Test
        void macStyleFloorOfZeroOnlySparesTheLastPacket() {
            // mac80211 (kernel-spec §1.4): mtu 0, per-flow backlog.
            var codel = new Codel(settings(CodelArithmetic.LINUX), 0);
            var q = new EndlessQueue();
            q.sojourn = 50 * MS;
            q.backlogAfter = 0;
            var v = new CodelVars();
            run(codel, q, v, 0, 1000 * MS, 100 * US);
            assertThat(q.drops).isEmpty();
            q.backlogAfter = 1;
            run(codel, q, v, 1000 * MS, 2000 * MS, 100 * US);
            assertThat(q.drops).isNotEmpty();
        }
    }

    @Nested
    class CountReuse {
        /** Drops 5 times, leaves the dropping state, then re-enters {@code gap} ns after it left. */
        private CodelVars reenterAfter(long gap, EndlessQueue q, Codel codel) {
            var v = new CodelVars();
            q.sojourn = 10 * MS;
            // drops at ~100, 200, 250, 306.25, 355.03 ms: five drops, count 5, lastcount 1
            run(codel, q, v, 0, 360 * MS, 10 * US);
            assertThat(q.drops).hasSize(5);
            assertThat(v.count()).isEqualTo(5);
            q.sojourn = 1 * MS; // below target: leave the dropping state
            run(codel, q, v, 360 * MS, 360 * MS + gap, 10 * US);
            assertThat(v.dropping()).isFalse();
            q.sojourn = 10 * MS;
            int before = q.drops.size();
            long t = 360 * MS + gap;
            while (q.drops.size() == before) {
                q.now = t;
                codel.dequeue(q, v, t);
                t += 10 * US;
            }
            return v;
        }

        @Test
        void reentryWithinSixteenIntervalsRestartsAtDelta() {
            var q = new EndlessQueue();
            var codel = new Codel(settings(CodelArithmetic.LINUX), MTU);
            var v = reenterAfter(200 * MS, q, codel);
            // delta = count − lastcount = 5 − 1 = 4 > 1, and now − drop_next < 1.6 s
            assertThat(v.count()).isEqualTo(4);
            assertThat(v.lastcount()).isEqualTo(4);
        }

        @Test
        void reentryBetweenEightAndSixteenIntervalsStillReusesTheCount() {
            // The last episode's drop_next is 355.03 + 44.15 = 399.18 ms (§1.3 spacing). Re-entering after a
            // 1000 ms gap: sojourn above target again from 1360 ms, entry one interval later at ≈ 1460.01 ms, so
            // now − drop_next ≈ 1060.8 ms = 10.6 intervals: inside RFC 8289's / Linux's 16 (1.6 s), outside the
            // old draft's 8 (§1.1). delta = 5 − 1 = 4 > 1 → count = 4.
            var q = new EndlessQueue();
            var codel = new Codel(settings(CodelArithmetic.LINUX), MTU);
            var v = reenterAfter(1000 * MS, q, codel);
            assertThat(q.drops.getLast()).isBetween(1460 * MS, 1460 * MS + 20 * US);
            assertThat(v.count()).isEqualTo(4);
            assertThat(v.lastcount()).isEqualTo(4);
        }

        @Test
        void reentryAfterSixteenIntervalsRestartsAtOne() {
            var q = new EndlessQueue();
            var codel = new Codel(settings(CodelArithmetic.LINUX), MTU);
            var v = reenterAfter(1700 * MS, q, codel);
            assertThat(v.count()).isEqualTo(1);
        }

        @Test
        void exactArithmeticReusesTheCountToo() {
            var q = new EndlessQueue();
            var codel = new Codel(settings(CodelArithmetic.EXACT), MTU);
            // exact drops at 100, 200, 270.71, 328.45: only 4 by 360 ms → delta 3
            var v = new CodelVars();
            q.sojourn = 10 * MS;
            run(codel, q, v, 0, 360 * MS, 10 * US);
            assertThat(q.drops).hasSize(4);
            q.sojourn = 1 * MS;
            run(codel, q, v, 360 * MS, 560 * MS, 10 * US);
            q.sojourn = 10 * MS;
            run(codel, q, v, 560 * MS, 700 * MS, 10 * US);
            assertThat(q.drops).hasSize(5);
            assertThat(v.count()).isEqualTo(3);
        }
    }

    @Nested
    class Ecn {
        @Test
        void marksEctPacketsInsteadOfDroppingThem() {
            var codel = new Codel(ecnSettings(CodelArithmetic.LINUX), MTU);
            var q = new EndlessQueue();
            q.sojourn = 10 * MS;
            q.ecn = 2; // ECT(0)
            var v = new CodelVars();
            int marked = 0;
            for (long t = 0; t < 700 * MS; t += 10 * US) {
                q.now = t;
                Packet p = codel.dequeue(q, v, t);
                if (p.ecn == 3) {
                    marked++;
                }
            }
            assertThat(q.drops).isEmpty();
            // Marks follow the drop schedule (§1.5: a mark sets drop_next = control_law(drop_next) like a drop).
            // Linux (§1.3 spacing 100, 50, 56.25, 48.78, 44.15, 40.41, 37.52, 35.15, 33.18, 31.50, then
            // ≈ interval/√count for counts 11..15: 30.06, 28.79, 27.67, 26.68, 25.77 ms) from the first mark at
            // 100.01 ms: 100.01, 200.01, 250.01, 306.26, 355.04, 399.19, 439.60, 477.12, 512.27, 545.45, 576.95,
            // 607.01, 635.80, 663.47, 690.15 — the 16th would be at ≈ 715.9 ms: 15 marks in [0, 700 ms).
            assertThat(marked).isEqualTo((int) codel.stats().ecnMark()).isEqualTo(15);
            assertThat(codel.stats().dropCount()).isZero();
        }

        @Test
        void exactArithmeticMarksOnTheIdealSchedule() {
            var codel = new Codel(ecnSettings(CodelArithmetic.EXACT), MTU);
            var q = new EndlessQueue();
            q.sojourn = 10 * MS;
            q.ecn = 2; // ECT(0)
            var v = new CodelVars();
            int marked = 0;
            for (long t = 0; t < 700 * MS; t += 10 * US) {
                q.now = t;
                if (codel.dequeue(q, v, t).ecn == 3) {
                    marked++;
                }
            }
            // RFC 8289: first mark at now >= first_above_time = 100 ms, then gaps 100/√count: 100, 70.71, 57.74,
            // 50, 44.72, 40.82, 37.80, 35.36, 33.33, 31.62, 30.15, 28.87, 27.74 → marks at 100, 200, 270.71,
            // 328.45, 378.45, 423.17, 463.99, 501.79, 537.15, 570.48, 602.10, 632.25, 661.12, 688.86; the 15th
            // would be at 688.86 + 26.73 = 715.59 ms: 14 marks in [0, 700 ms) (fewer than Linux, whose second
            // gap is 50 ms instead of 70.71).
            assertThat(marked).isEqualTo((int) codel.stats().ecnMark()).isEqualTo(14);
            assertThat(q.drops).isEmpty();
        }

        @Test
        void dropsNotEctPacketsEvenWithEcnEnabled() {
            var codel = new Codel(ecnSettings(CodelArithmetic.LINUX), MTU);
            var q = new EndlessQueue();
            q.sojourn = 10 * MS;
            var v = new CodelVars();
            run(codel, q, v, 0, 700 * MS, 10 * US);
            assertThat(q.drops).isNotEmpty();
            assertThat(codel.stats().ecnMark()).isZero();
        }

        @Test
        void ceThresholdMarksEveryEctPacketAboveIt() {
            var codel = new Codel(CodelSettings.QDISC.builder().set("ceThresholdMs", 1.0).build(), MTU);
            var q = new EndlessQueue();
            q.sojourn = 2 * MS; // above the 1 ms threshold, below the 5 ms target
            q.ecn = 1;
            var v = new CodelVars();
            Packet p = null;
            for (int i = 0; i < 100; i++) {
                q.now = i * MS;
                p = codel.dequeue(q, v, q.now);
            }
            assertThat(p.ecn).isEqualTo(3);
            assertThat(codel.stats().ceMark()).isEqualTo(100);
            assertThat(codel.stats().ecnMark()).isZero();

            q.ecn = 0; // not-ECT packets are never marked
            codel.dequeue(q, v, 101 * MS);
            assertThat(codel.stats().ceMark()).isEqualTo(100);
        }
    }

    /** The rules that differ between kernel versions (sim.kernel.KernelProfile). */
    @Nested
    class VersionRules {
        private static final Kernel MAINLINE = Kernel.of(KernelProfile.MAINLINE, 0);
        private static final Kernel LTS = Kernel.of(KernelProfile.LINUX_6_18, 0);

        /** Enters the dropping state at ≈ 100 ms (one drop), then dequeues once at {@code t}. */
        private int dropsInOneDequeueAt(Kernel kernel, long t, CodelVars v) {
            var codel = new Codel(settings(CodelArithmetic.LINUX), MTU, kernel);
            var q = new EndlessQueue();
            q.sojourn = 10 * MS;
            run(codel, q, v, 0, 110 * MS, 10 * US);
            assertThat(q.drops).hasSize(1);
            q.now = t;
            codel.dequeue(q, v, t);
            return q.drops.size() - 1;
        }

        @Test
        void mainlineDropsAtMost256PerDequeueThenResyncsDropNextToNow() {
            // codel.h CODEL_MAX_DROPS_PER_DEQUEUE 256. Ten seconds past drop_next about 2500 drops are due
            // (drop k comes ≈ 2·interval·√k after the first); mainline's loop stops at the 257th iteration without
            // dropping and sets drop_next = control_law(now): count 1 + 256 = 257, so drop_next ≈ now + 100 ms / √257
            // = now + 6.24 ms.
            var v = new CodelVars();
            long now = 10_110 * MS;
            assertThat(dropsInOneDequeueAt(MAINLINE, now, v)).isEqualTo(256);
            assertThat(v.count()).isEqualTo(257);
            assertThat(v.dropping()).isTrue();
            long nowUnits = (now >>> 10) & 0xFFFFFFFFL;
            assertThat((v.dropNext() - nowUnits) * 1024 / 1e6).isCloseTo(100 / Math.sqrt(257), within(0.06));
        }

        @Test
        void olderKernelsDropEverythingDueInOneDequeue() {
            var v = new CodelVars();
            assertThat(dropsInOneDequeueAt(LTS, 10_110 * MS, v)).isGreaterThan(2000);
        }

        @Test
        void mainlineForgetsFirstAboveTimeWhenTheQueueIsFoundEmpty() {
            // 815980fe6dbb: a sparse flow's packet above target sets first_above_time = now + interval; the flow
            // empties; 200 ms later its next packet (again 10 ms of sojourn) finds that first_above_time long past.
            // Older kernels drop it at once; mainline cleared first_above_time when it found the queue empty and
            // starts a new interval instead.
            for (Kernel kernel : List.of(LTS, MAINLINE)) {
                var codel = new Codel(settings(CodelArithmetic.LINUX), MTU, kernel);
                var q = new EndlessQueue();
                var v = new CodelVars();
                q.sojourn = 10 * MS;
                q.now = 0;
                codel.dequeue(q, v, 0);
                assertThat(v.firstAboveTime()).isNotZero();
                q.empty = true;
                codel.dequeue(q, v, MS);
                q.empty = false;
                q.now = 200 * MS;
                codel.dequeue(q, v, q.now);
                assertThat(q.drops).as(kernel.profile().json()).hasSize(kernel == LTS ? 1 : 0);
            }
        }
    }
}
