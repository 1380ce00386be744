package dev.fqlab.sim.qdisc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.kernel.Kernel;
import dev.fqlab.sim.kernel.KernelProfile;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.scenario.QdiscSpec;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * sch_fq's rules (net/sched/sch_fq.c) driven packet by packet, against the kernel's own constants and arithmetic:
 * quantum 2 × MTU, initial_quantum 10 × MTU, flow_limit 100, limit 10000, the 8-packet fast path of 6.7+, the 10 s
 * horizon, time_next_packet = now + max(len, quantum) / rate for packets without a departure time.
 */
class FqTest {
    private static final int MTU = 1514;
    private static final long US = 1_000L;
    private static final long MS = 1_000_000L;
    /** Flow ids from this one up are forwarded packets (no socket on the fq's host). */
    private static final int ORPHANS = 100;

    private final List<Packet> dropped = new ArrayList<>();
    private final long[] rates = new long[ORPHANS];
    private final boolean[] pacedByFq = new boolean[ORPHANS];
    private final List<Long> watchdog = new ArrayList<>();

    private final FqSockets sockets = new FqSockets() {
        @Override
        public int socket(Packet p) {
            return p.flowId < ORPHANS ? p.flowId : -1;
        }

        @Override
        public long pacingRate(Packet p) {
            return rates[p.flowId] == 0 ? Long.MAX_VALUE : rates[p.flowId];
        }

        @Override
        public void pacedByFq(Packet p) {
            pacedByFq[p.flowId] = true;
        }
    };

    FqTest() {
        java.util.Arrays.fill(rates, 0);
    }

    private static RecordSchema.Builder<QdiscSpec.Fq> spec() {
        return dev.fqlab.sim.Scenarios.builder(QdiscSpec.VARIANTS, QdiscSpec.Fq.class);
    }

    private Fq fq(QdiscSpec.Fq spec, KernelProfile profile) {
        Fq q = new Fq(spec, MTU, (p, now) -> dropped.add(p), Kernel.of(profile, 1000), sockets, ORPHANS);
        q.watchdog(watchdog::add);
        return q;
    }

    private Fq fq(KernelProfile profile) {
        return fq(spec().build(), profile);
    }

    private static Packet packet(int flow, int length) {
        Packet p = new Packet();
        p.flowId = flow;
        p.hash = flow * 0x9E37_79B9;
        p.length = length;
        p.ipBytes = length - 14;
        return p;
    }

    @Test
    void defaultsAreTheKernels() {
        Fq q = fq(KernelProfile.LINUX_6_12);
        assertThat(q.quantum()).isEqualTo(2 * 1514);
        assertThat(q.initialQuantum()).isEqualTo(10 * 1514);
    }

    @Nested
    class Limits {
        @Test
        void flowLimitDropsTheHundredAndFirstPacketOfAFlow() {
            // 6.6: no fast path, so every packet is the flow's
            Fq q = fq(KernelProfile.LINUX_6_6);
            for (int i = 0; i < 100; i++) {
                assertThat(q.enqueue(packet(1, MTU), 0)).isEqualTo(Qdisc.XMIT_SUCCESS);
            }
            assertThat(q.enqueue(packet(1, MTU), 0)).isEqualTo(Qdisc.XMIT_DROP);
            assertThat(q.result().xstats().flowsPlimit()).isEqualTo(1);
            assertThat(q.result().counters().dropped()).isEqualTo(1);
            // another flow is not limited by it
            assertThat(q.enqueue(packet(2, MTU), 0)).isEqualTo(Qdisc.XMIT_SUCCESS);
        }

        @Test
        void fromSixSevenTheFirstEightPacketsOfAnIdleQdiscTakeTheFastPath() {
            // fq_fastpath_check: an empty qdisc, then no eligible flow and fewer than 8 fast-path packets
            Fq q = fq(KernelProfile.LINUX_6_12);
            for (int i = 0; i < 108; i++) {
                assertThat(q.enqueue(packet(1, MTU), 0)).isEqualTo(Qdisc.XMIT_SUCCESS);
            }
            assertThat(q.enqueue(packet(1, MTU), 0)).isEqualTo(Qdisc.XMIT_DROP);
            var x = q.result().xstats();
            assertThat(x.fastpathPackets()).isEqualTo(8);
            assertThat(x.flowsPlimit()).isEqualTo(1);
            assertThat(x.bandPktCount()).containsExactly(0L, 100L, 0L);
        }

        @Test
        void limitBoundsTheQdiscBeforeSixSevenAndEachBandAfter() {
            var wide = spec().set("flowLimit", 20_000).build();
            Fq old = fq(wide, KernelProfile.LINUX_6_6);
            for (int i = 0; i < 10_000; i++) {
                assertThat(old.enqueue(packet(i % 50, MTU), 0)).isEqualTo(Qdisc.XMIT_SUCCESS);
            }
            assertThat(old.enqueue(packet(7, MTU), 0)).isEqualTo(Qdisc.XMIT_DROP);
            assertThat(old.backlogPackets()).isEqualTo(10_000);

            Fq banded = fq(wide, KernelProfile.LINUX_6_12);
            for (int i = 0; i < 10_008; i++) { // 8 on the fast path, 10000 in band 1
                assertThat(banded.enqueue(packet(i % 50, MTU), 0)).isEqualTo(Qdisc.XMIT_SUCCESS);
            }
            assertThat(banded.enqueue(packet(7, MTU), 0)).isEqualTo(Qdisc.XMIT_DROP);
            assertThat(banded.result().xstats().bandDrops()).containsExactly(0L, 1L, 0L);
        }

        @Test
        void aDepartureTimeBeyondTheTenSecondHorizonIsDroppedOrCapped() {
            Fq q = fq(KernelProfile.LINUX_6_12);
            Packet far = packet(1, MTU);
            far.tstamp = 10_001 * MS;
            assertThat(q.enqueue(far, 0)).isEqualTo(Qdisc.XMIT_DROP);
            assertThat(q.result().xstats().horizonDrops()).isEqualTo(1);

            Fq capping = fq(spec().set("horizonDrop", false).build(), KernelProfile.LINUX_6_12);
            Packet capped = packet(1, MTU);
            capped.tstamp = 20_000 * MS;
            assertThat(capping.enqueue(capped, 0)).isEqualTo(Qdisc.XMIT_SUCCESS);
            assertThat(capped.timeToSend).isEqualTo(10_000 * MS);
            assertThat(capping.result().xstats().horizonCaps()).isEqualTo(1);
        }
    }

    @Nested
    class RoundRobin {
        /**
         * Deficit round robin's bound (Shreedhar and Varghese 1996): two always-backlogged flows with the same
         * quantum get bytes that differ by less than one quantum plus one maximum packet, whatever their sizes.
         */
        @Property(tries = 60)
        void twoBulkFlowsShareEquallyInBytes(@ForAll @IntRange(min = 64, max = 1514) int sizeA,
                                             @ForAll @IntRange(min = 64, max = 1514) int sizeB) {
            Fq q = fq(KernelProfile.LINUX_6_6);
            long[] bytes = new long[3];
            for (int i = 0; i < 90; i++) {
                q.enqueue(packet(1, sizeA), 0);
                q.enqueue(packet(2, sizeB), 0);
            }
            // past both flows' initial credit: serve and refill
            for (int n = 0; n < 2_000; n++) {
                Packet p = q.dequeue(n * US);
                bytes[p.flowId] += p.length;
                q.enqueue(packet(p.flowId, p.flowId == 1 ? sizeA : sizeB), n * US);
                if (n == 200) {
                    bytes[1] = 0;
                    bytes[2] = 0;
                }
            }
            assertThat(Math.abs(bytes[1] - bytes[2])).isLessThan(2L * 1514 + 1514);
        }

        @Test
        void aSparseFlowTakesTheNewFlowPathWithInitialQuantum() {
            Fq q = fq(KernelProfile.LINUX_6_12);
            for (int i = 0; i < 60; i++) {
                q.enqueue(packet(1, MTU), 0);
                q.enqueue(packet(2, MTU), 0);
            }
            for (int n = 0; n < 30; n++) { // the bulk flows are on the old list now
                q.dequeue(n * US);
            }
            q.enqueue(packet(3, 100), 31 * US);
            assertThat(q.dequeue(32 * US).flowId).isEqualTo(3); // new flows first
            FqFlow sparse = q.socketFlow(3);
            assertThat(sparse.credit).isEqualTo(10 * 1514 - 100); // initial_quantum less its packet
        }

        @Test
        void forwardedPacketsAreFlowsByHashAndOrphanMask() {
            Fq q = fq(spec().set("orphanMask", 3).build(), KernelProfile.LINUX_6_6);
            Packet a = packet(ORPHANS, MTU);
            a.hash = 0x10;
            Packet b = packet(ORPHANS + 1, MTU);
            b.hash = 0x20; // same hash & 3
            Packet c = packet(ORPHANS + 2, MTU);
            c.hash = 0x21;
            q.enqueue(a, 0);
            q.enqueue(b, 0);
            q.enqueue(c, 0);
            assertThat(q.result().xstats().flows()).isEqualTo(2);
            assertThat(pacedByFq).doesNotContain(true); // no socket to set SK_PACING_FQ on
        }
    }

    @Nested
    class Pacing {
        @Test
        void aPacketIsHeldUntilItsDepartureTimeAndTheWatchdogIsSetForIt() {
            Fq q = fq(KernelProfile.LINUX_6_6);
            Packet p = packet(1, MTU);
            p.tstamp = 5 * MS;
            q.enqueue(p, 0);
            assertThat(pacedByFq[1]).isTrue();
            assertThat(q.dequeue(1 * MS)).isNull();
            assertThat(watchdog).containsExactly(5 * MS);
            var x = q.result().xstats();
            assertThat(x.throttled()).isEqualTo(1);
            assertThat(x.throttledFlows()).isEqualTo(1);
            assertThat(q.dequeue(5 * MS)).isSameAs(p);
            assertThat(q.result().xstats().throttledFlows()).isZero();
        }

        /**
         * Without departure times (v4.16's TCP) fq paces at sk_pacing_rate itself: the flow spends its credit (10
         * MTU) back to back, then each packet sets time_next_packet = now + max(len, quantum) / rate.
         */
        @Test
        void withoutDepartureTimesFqPacesAtTheSocketRateOnceTheCreditIsSpent() {
            Fq q = fq(KernelProfile.LINUX_4_16);
            rates[1] = 12_500_000; // 100 Mbit/s
            for (int i = 0; i < 20; i++) {
                q.enqueue(packet(1, MTU), 0);
            }
            long now = 0;
            List<Long> departures = new ArrayList<>();
            while (departures.size() < 14) {
                Packet p = q.dequeue(now);
                if (p != null) {
                    departures.add(now);
                } else {
                    now = q.timeNextDelayedFlow();
                }
            }
            // credit 15140: 10 packets of 1514 at once; the 10th spends it and sets time_next_packet
            assertThat(departures.subList(0, 10)).containsOnly(0L);
            // max(1514, quantum 3028) / 12.5e6 s = 242240 ns; a refill of one quantum (3028) then lets two packets go
            // per gap, the first without pacing (credit still > 0): 2 × 1514 bytes per 242240 ns = 12.5 MB/s
            long gap = 3028L * 1_000_000_000L / 12_500_000;
            assertThat(gap).isEqualTo(242_240);
            assertThat(departures.subList(10, 14)).containsExactly(gap, gap, 2 * gap, 2 * gap);
        }

        @Test
        void aPacketLeavingLaterThanTheCeThresholdIsMarked() {
            Fq q = fq(spec().set("ceThresholdMs", 1.0).build(), KernelProfile.LINUX_6_6);
            Packet p = packet(1, MTU);
            p.ecn = 2;
            p.tstamp = 1 * MS;
            q.enqueue(p, 0);
            q.dequeue(3 * MS);
            assertThat(p.ecn).isEqualTo(3);
            assertThat(q.result().xstats().ceMark()).isEqualTo(1);
        }
    }
}
