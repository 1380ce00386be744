package dev.fqlab.sim.traffic.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.scenario.CongestionControlKind;
import dev.fqlab.sim.scenario.EcnCodepoint;
import dev.fqlab.sim.scenario.PacingMode;
import dev.fqlab.sim.scenario.TcpOrigin;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The sender's and receiver's rules, one at a time, on a pipe with a fixed delay and no rate limit. */
class TcpFlowTest {

    private static final long MS = Time.NS_PER_MS;
    private static final int MSS = 1448;

    @Test
    void slowStartDoublesTheWindowEveryRoundTrip() {
        // RTT 100 ms, no bottleneck, Reno (slow start until a loss, RFC 5681 §3.1): the handshake takes one RTT
        // (SYN at 0, SYN-ACK back at 100 ms), then IW10 (RFC 6928) goes out; each ACKed segment adds one segment
        // to cwnd, so round k carries 10 · 2^k segments: 10, 20, 40, 80, 160, 320.
        TcpPipe pipe = new TcpPipe(50 * MS, CongestionControlKind.RENO, null, EcnCodepoint.NOT_ECT, 1)
                .run(700 * MS);
        long[] perRound = new long[6];
        for (TcpPipe.Seen s : pipe.dataSent()) {
            int round = (int) ((s.timeNs() - 100 * MS) / (100 * MS));
            if (round < perRound.length) {
                perRound[round]++;
            }
        }
        assertThat(perRound).containsExactly(10, 20, 40, 80, 160, 320);
        assertThat(pipe.flow.recorder().retransmits()).isZero();
    }

    @ParameterizedTest(name = "sack {0}")
    @ValueSource(booleans = {false, true})
    void oneLostSegmentIsResentAfterThreeDuplicateAcksWithoutATimeout(boolean sack) {
        // without SACK the third duplicate ACK (RFC 5681 §3.2); with SACK RACK's reordering window drops to 0 once
        // three segments are SACKed (tcp_rack_reo_wnd: sacked_out >= tp->reordering), the same moment
        TcpPipe pipe = new TcpPipe(10 * MS, CongestionControlKind.RENO, 200L * MSS, EcnCodepoint.NOT_ECT, 5,
                TcpOrigin.REMOTE, sack);
        pipe.drop = p -> (p.tcpFlags & TcpFlags.DATA) != 0 && p.tcpSeq == 50 && (p.tcpFlags & TcpFlags.RETRANSMIT) == 0;
        pipe.run(Time.seconds(5));

        List<TcpPipe.Seen> retransmissions = pipe.dataSent().stream().filter(TcpPipe.Seen::retransmit).toList();
        assertThat(retransmissions).extracting(TcpPipe.Seen::seq).containsOnly(50L);
        if (sack) {
            // Unpaced (pacing auto without fq, as Linux) on this infinite-rate pipe, the new data the first ACKs of
            // the train released leaves in the same nanosecond as, and just before, the retransmission. RACK's
            // tie-break (tcp_rack_sent_after: equal send times, the higher sequence counts as sent later) takes
            // that data's SACKs, one RTT later, as proof the retransmission was lost too (reo_wnd 0 in Recovery):
            // a second copy 2 × 10 ms after the first, as Linux's arithmetic gives when send times tie.
            assertThat(retransmissions).hasSize(2);
            assertThat(retransmissions.get(1).timeNs() - retransmissions.getFirst().timeNs()).isEqualTo(20 * MS);
        } else {
            assertThat(retransmissions).hasSize(1);
        }
        // ACKs naming 50 as the next expected segment: the cumulative one for 48-49, then one duplicate per
        // out-of-order segment 51, 52, 53 (sent at once, RFC 5681 §4.2). The third duplicate triggers the resend.
        List<TcpPipe.Seen> ack50 = pipe.acksArrived().stream().filter(a -> a.ack() == 50).toList();
        assertThat(ack50.size()).isGreaterThanOrEqualTo(4);
        assertThat(retransmissions.getFirst().timeNs()).isEqualTo(ack50.get(3).timeNs());
        assertThat(pipe.flow.recorder().rtoCount()).isZero();
        // Reno: ssthresh = cwnd / 2 at the third duplicate ACK; the transfer completes, all 200 segments in order
        assertThat(pipe.flow.ssthresh()).isLessThan(CongestionControl.INFINITE_SSTHRESH);
        assertThat(pipe.flow.done()).isTrue();
        assertThat(pipe.stats.goodputBytes()).isEqualTo(200L * MSS);
    }

    @Test
    void aDroppedSegmentReturnsItsTsqBytes() {
        // kernel-spec §6: a TSQ sender's sk_wmem_alloc counts the truesize of its skbs below TCP and falls when the
        // skb is freed — at TX completion "(or at drop)". Sender on the router (origin local), the pipe completes
        // each packet when it leaves; segment 50 is lost on its first transmission. Its charge is the truesize
        // of a 1448 + 52 + 14 = 1514-byte frame: 1514 + 64 headroom → a 2048-byte slab + 576 of sk_buff and
        // skb_shared_info = 2624 (TcpSmallQueuesTest). The drop must return it, so once the 200 segments are
        // acknowledged nothing is left below TCP: wmem_alloc = 0 (2624 if the dropped skb were never freed).
        TcpPipe pipe = new TcpPipe(10 * MS, CongestionControlKind.RENO, 200L * MSS, EcnCodepoint.NOT_ECT, 5,
                TcpOrigin.LOCAL);
        int[] droppedCharge = {-1};
        pipe.drop = p -> {
            if ((p.tcpFlags & TcpFlags.DATA) != 0 && p.tcpSeq == 50 && (p.tcpFlags & TcpFlags.RETRANSMIT) == 0) {
                droppedCharge[0] = p.tsqCharge;
                return true;
            }
            return false;
        };
        pipe.run(Time.seconds(5));

        assertThat(droppedCharge[0]).isEqualTo(2624);
        assertThat(pipe.maxWmemAlloc).isGreaterThanOrEqualTo(2624); // TSQ charged the segments in the pipe
        assertThat(pipe.flow.done()).isTrue();
        assertThat(pipe.stats.goodputBytes()).isEqualTo(200L * MSS);
        assertThat(pipe.dataSent().stream().filter(TcpPipe.Seen::retransmit).map(TcpPipe.Seen::seq).toList())
                .containsExactly(50L);
        assertThat(pipe.flow.wmemAlloc()).isZero();
    }

    @Test
    void retransmissionTimeoutsStartAtSrttPlusTwoHundredMillisecondsAndDouble() {
        // RTT 20 ms: Linux's RTO = SRTT + rttvar, rttvar at least tcp_rto_min = 200 ms: 220 ms. From t = 1 s the
        // path loses everything: the timer (restarted by the last ACK, RFC 6298 §5.3) fires 220 ms after that
        // ACK and then backs off 440, 880, 1760 ms, each time resending the first unacknowledged segment.
        // Without SACK (no tail loss probe, which needs SACK).
        TcpPipe pipe = new TcpPipe(10 * MS, CongestionControlKind.RENO, null, EcnCodepoint.NOT_ECT, 10,
                TcpOrigin.REMOTE, false);
        pipe.drop = p -> pipe.sim.now() >= Time.seconds(1);
        pipe.run(Time.seconds(5));

        long lastAck = pipe.acksArrived().getLast().timeNs();
        List<TcpPipe.Seen> timeouts = pipe.dataSent().stream()
                .filter(s -> s.timeNs() > lastAck && s.retransmit()).toList();
        assertThat(timeouts).hasSize(4);
        List<Long> gaps = new ArrayList<>();
        long previous = lastAck;
        for (TcpPipe.Seen s : timeouts) {
            gaps.add((s.timeNs() - previous) / MS);
            previous = s.timeNs();
            assertThat(s.seq()).isEqualTo(timeouts.getFirst().seq());
        }
        // SRTT is a little above 20 ms (the first segment of a delayed-ACK pair waited for the second, paced),
        // and the RTO is rounded up to a whole jiffy: 220 or 221 ms; then exact doubling
        assertThat(gaps.getFirst()).isBetween(220L, 221L);
        assertThat(gaps).containsExactly(gaps.get(0), 2 * gaps.get(0), 4 * gaps.get(0), 8 * gaps.get(0));
        assertThat(pipe.flow.recorder().rtoCount()).isEqualTo(4);
        assertThat(pipe.flow.cwnd()).isEqualTo(1);
    }

    @Test
    void theReceiverAcksEverySecondSegmentAfterSixteenQuickAcksAndDelaysALoneOne() {
        // 117 segments: the first 16 are acknowledged one by one (TCP_MAX_QUICKACKS), the next 100 in pairs
        // (50 ACKs), and the last, alone, after the 40 ms delayed-ACK timer: 16 + 50 + 1 = 67 ACKs.
        TcpPipe pipe = new TcpPipe(10 * MS, CongestionControlKind.RENO, 117L * MSS, EcnCodepoint.NOT_ECT, 5);
        pipe.run(Time.seconds(5));
        List<TcpPipe.Seen> acks = pipe.sent.stream()
                .filter(s -> !s.data() && !s.has(TcpFlags.SYN)).toList();
        assertThat(acks).hasSize(67);
        long lastSegmentArrived = pipe.arrived.stream().filter(TcpPipe.Seen::data).toList().getLast().timeNs();
        // Linux TCP_DELACK_MIN = HZ/25 = 40 ms (include/net/tcp.h)
        assertThat(acks.getLast().timeNs() - lastSegmentArrived).isEqualTo(40_000_000L);
        assertThat(acks.getLast().ack()).isEqualTo(117);
        assertThat(pipe.flow.done()).isTrue();
    }

    @Test
    void ecnReducesOncePerWindowAndSignalsCwr() {
        // Two CE marks in one window (segments 30 and 31): the receiver echoes ECE until it sees CWR; the sender
        // halves once (Reno: ssthresh = cwnd / 2), sets CWR on its next new segment and retransmits nothing.
        TcpPipe pipe = new TcpPipe(10 * MS, CongestionControlKind.RENO, 300L * MSS, EcnCodepoint.ECT0, 5);
        pipe.mark = p -> (p.tcpFlags & TcpFlags.DATA) != 0 && (p.tcpSeq == 30 || p.tcpSeq == 31);
        pipe.run(Time.seconds(5));

        assertThat(pipe.dataSent()).allMatch(s -> s.retransmit() ? s.ecn() == 0 : s.ecn() == 2); // ECT(0)
        assertThat(pipe.dataSent().stream().filter(s -> s.has(TcpFlags.CWR)).count()).isEqualTo(1);
        List<TcpPipe.Seen> echoes = pipe.acksArrived().stream().filter(a -> a.has(TcpFlags.ECE)).toList();
        assertThat(echoes).isNotEmpty();
        long cwrSent = pipe.dataSent().stream().filter(s -> s.has(TcpFlags.CWR)).findFirst().orElseThrow().timeNs();
        assertThat(cwrSent).isGreaterThanOrEqualTo(echoes.getFirst().timeNs());
        assertThat(pipe.flow.recorder().retransmits()).isZero();
        assertThat(pipe.stats.ecnMarks()).isEqualTo(2);
        // one reduction: ssthresh = cwnd / 2 of the window when the first echo arrived (a second would halve again)
        assertThat(pipe.cwndAtFirstEcho).isPositive();
        assertThat(pipe.flow.ssthresh()).isEqualTo(Math.max(Math.floor(Math.floor(pipe.cwndAtFirstEcho) / 2), 2));
    }

    @Test
    void aFiniteTransferDeliversExactlyItsBytes() {
        // 1 000 000 bytes = 690 full segments + one of 1 000 000 − 690 × 1448 = 880 bytes
        TcpPipe pipe = new TcpPipe(5 * MS, CongestionControlKind.CUBIC, 1_000_000L, EcnCodepoint.NOT_ECT, 5);
        pipe.run(Time.seconds(5));
        assertThat(pipe.flow.done()).isTrue();
        assertThat(pipe.stats.goodputBytes()).isEqualTo(1_000_000);
        assertThat(pipe.dataSent()).hasSize(691);
        assertThat(pipe.dataSent().getLast().seq()).isEqualTo(690);
    }
}
