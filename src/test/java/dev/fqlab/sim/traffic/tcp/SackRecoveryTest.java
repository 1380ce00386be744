package dev.fqlab.sim.traffic.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.scenario.CongestionControlKind;
import dev.fqlab.sim.scenario.EcnCodepoint;
import dev.fqlab.sim.scenario.TcpOrigin;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * SACK recovery with RACK-TLP and PRR (Linux v6.6) against NewReno, on a pipe of fixed delay: how many round trips
 * a burst of losses costs, RACK's reordering window (RFC 8985 §6.2: min_rtt / 4), Karn's rule for RTT samples.
 */
class SackRecoveryTest {
    private static final long MS = Time.NS_PER_MS;
    private static final int MSS = 1448;

    /** Drops the first transmission of segments 200..229: 30 holes in one window of slow start. */
    private static TcpPipe thirtyLosses(boolean sack) {
        // RTT 100 ms; slow start sends 10, 20, 40, 80, then segments 150..309 in the fifth round trip
        TcpPipe pipe = new TcpPipe(50 * MS, CongestionControlKind.RENO, null, EcnCodepoint.NOT_ECT, 20,
                TcpOrigin.REMOTE, sack);
        pipe.drop = p -> (p.tcpFlags & TcpFlags.DATA) != 0 && p.tcpSeq >= 200 && p.tcpSeq < 230
                && (p.tcpFlags & TcpFlags.RETRANSMIT) == 0;
        return pipe.run(Time.seconds(20));
    }

    /** From the first retransmission to the ACK that covers all 30 holes, in round trips of 100 ms. */
    private static double repairRoundTrips(TcpPipe pipe) {
        long firstRetransmission = pipe.dataSent().stream().filter(TcpPipe.Seen::retransmit).findFirst()
                .orElseThrow().timeNs();
        long repaired = pipe.acksArrived().stream().filter(a -> a.ack() >= 230).findFirst().orElseThrow().timeNs();
        return (repaired - firstRetransmission) / (100.0 * MS);
    }

    @Test
    void sackRepairsThirtyLossesInOneWindowWithinThreeRoundTripsWithoutATimeout() {
        TcpPipe pipe = thirtyLosses(true);
        // the SACK blocks mark every hole lost at once (RACK: all were sent before SACKed segments, reo_wnd 0 with
        // three SACKed); PRR releases about ssthresh / prior_cwnd = 1/2 segment per delivered one, so the 30
        // retransmissions leave within the first round trip of recovery and are acknowledged in the second
        assertThat(repairRoundTrips(pipe)).isLessThanOrEqualTo(3);
        assertThat(pipe.flow.recorder().rtoCount()).isZero();
        assertThat(pipe.dataSent().stream().filter(TcpPipe.Seen::retransmit).map(TcpPipe.Seen::seq).distinct())
                .hasSize(30);
        assertThat(pipe.acksArrived().stream().anyMatch(a -> a.sackBlocks() > 0)).isTrue();
    }

    @Test
    void newRenoRepairsOneHolePerRoundTrip() {
        // RFC 6582: each partial ACK reveals the next hole, one per round trip: 30 holes ≈ 30 round trips
        TcpPipe pipe = thirtyLosses(false);
        assertThat(repairRoundTrips(pipe)).isBetween(0.8 * 30, 1.2 * 30);
        assertThat(pipe.flow.recorder().rtoCount()).isZero();
        assertThat(pipe.acksArrived()).allMatch(a -> a.sackBlocks() == 0);
    }

    /**
     * One-way 20 ms, so min RTT 40 ms and RACK's reordering window min_rtt / 4 = 10 ms; 40 segments (10, 20, 10 per
     * round trip), the second to last delayed: only one segment is SACKed after it, so Linux's dupthresh shortcut
     * (reo_wnd = 0 once sacked_out ≥ 3) stays off and the window is min_rtt / 4.
     */
    private static TcpPipe reordered(long delayNs) {
        TcpPipe pipe = new TcpPipe(20 * MS, CongestionControlKind.CUBIC, 40L * MSS, EcnCodepoint.NOT_ECT, 5);
        pipe.extraDelayNs = p -> (p.tcpFlags & TcpFlags.DATA) != 0 && p.tcpSeq == 38
                && (p.tcpFlags & TcpFlags.RETRANSMIT) == 0 ? delayNs : 0;
        return pipe.run(Time.seconds(5));
    }

    @Property(tries = 15)
    void aSegmentReorderedByLessThanAQuarterOfMinRttIsNotRetransmitted(@ForAll @IntRange(min = 0, max = 9) int ms) {
        TcpPipe pipe = reordered(ms * MS + 500_000L * (ms % 2)); // 0 .. 9.5 ms
        assertThat(pipe.dataSent()).noneMatch(TcpPipe.Seen::retransmit);
        assertThat(pipe.flow.done()).isTrue();
    }

    @Property(tries = 15)
    void aSegmentDelayedBeyondTheWindowIsRetransmitted(@ForAll @IntRange(min = 14, max = 35) int ms) {
        // lost once rack.rtt + reo_wnd has passed since it was sent: the reordering timer fires
        // usecs_to_jiffies(remaining + TCP_TIMEOUT_MIN_US) later, ≤ 10 + 2 + 1 ms after its ACK was due; the
        // tail loss probe (2·SRTT + 2 ms ≈ 82 ms) comes later than that
        TcpPipe pipe = reordered(ms * MS);
        assertThat(pipe.dataSent().stream().filter(TcpPipe.Seen::retransmit).map(TcpPipe.Seen::seq).toList())
                .containsExactly(38L);
        assertThat(pipe.flow.recorder().rtoCount()).isZero();
        assertThat(pipe.flow.done()).isTrue();
    }

    @Test
    void karnsRuleNoRttSampleFromTheRetransmittedSegment() {
        // segment 50 is lost once and retransmitted about one RTT (20 ms) after it was first sent. The ACK that
        // covers it must not yield now − (first send time) ≈ 2 RTT (RFC 6298 §3, Karn): Linux takes the sequence
        // RTT only from never-retransmitted segments and falls back on the timestamp echo, which here echoes the
        // retransmission (RFC 7323 §4.3), ≈ 1 RTT. A 2-RTT sample would move SRTT by (40 − 20) / 8 = 2.5 ms.
        for (boolean sack : new boolean[] {true, false}) {
            TcpPipe pipe = new TcpPipe(10 * MS, CongestionControlKind.RENO, 200L * MSS, EcnCodepoint.NOT_ECT, 5,
                    TcpOrigin.REMOTE, sack);
            pipe.drop = p -> (p.tcpFlags & TcpFlags.DATA) != 0 && p.tcpSeq == 50
                    && (p.tcpFlags & TcpFlags.RETRANSMIT) == 0;
            pipe.run(Time.seconds(5));
            List<long[]> covering = pipe.srttAtAck.stream().filter(a -> a[0] > 50).toList();
            long[] first = covering.getFirst();
            long movedUs = Math.abs(first[2] - first[1]) / 8;
            assertThat(movedUs).as("sack %s", sack).isLessThan(1000);
        }
    }
}
