package dev.fqlab.sim.traffic.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The congestion states a sender without SACK goes through, as Linux's tcp_input.c moves between them. */
class LossRecoveryTest {
    private final Reno reno = new Reno();
    private final RenoScoreboard scoreboard = new RenoScoreboard();
    private final LossRecovery recovery = new LossRecovery(reno, scoreboard);

    @Test
    void theThirdDuplicateAckStartsRecoveryAndAFullAckEndsIt() {
        // 20 segments out (0..19), cwnd 10: duplicates one and two only put the sender in Disorder
        recovery.onDuplicateAck(0, 20, 20);
        assertThat(recovery.state()).isEqualTo(TcpCaState.DISORDER);
        recovery.onDuplicateAck(0, 20, 20);
        assertThat(recovery.state()).isEqualTo(TcpCaState.DISORDER);
        assertThat(reno.cwnd()).isEqualTo(10);
        // the third: fast retransmit of the head, ssthresh = cwnd / 2 (Reno) and cwnd = ssthresh at once (no PRR)
        recovery.onDuplicateAck(0, 20, 20);
        assertThat(recovery.state()).isEqualTo(TcpCaState.RECOVERY);
        assertThat(scoreboard.headLost()).isTrue();
        assertThat(reno.ssthresh()).isEqualTo(5);
        assertThat(reno.cwnd()).isEqualTo(5);
        // a partial ACK (below recover = 20): still recovering, the next hole is lost too, no growth
        scoreboard.acked(4);
        assertThat(recovery.onNewAck(4)).isFalse();
        assertThat(recovery.state()).isEqualTo(TcpCaState.RECOVERY);
        assertThat(scoreboard.headLost()).isTrue();
        // the full ACK ends it (RFC 6582): Open, the duplicates forgotten, cwnd = ssthresh
        scoreboard.acked(16);
        assertThat(recovery.onNewAck(20)).isFalse();
        assertThat(recovery.state()).isEqualTo(TcpCaState.OPEN);
        assertThat(scoreboard.sackedOut()).isZero();
        assertThat(reno.cwnd()).isEqualTo(5);
    }

    @Test
    void anAckThatEatsTheDuplicatesReturnsToOpen() {
        recovery.onDuplicateAck(0, 20, 20);
        scoreboard.acked(2); // one ACK fills the hole, the other eats the duplicate
        assertThat(recovery.onNewAck(2)).isTrue();
        assertThat(recovery.state()).isEqualTo(TcpCaState.OPEN);
    }

    @Test
    void anEcnEchoReducesOncePerWindow() {
        assertThat(recovery.onEcnEcho(0, 30)).isTrue();
        assertThat(recovery.state()).isEqualTo(TcpCaState.CWR);
        assertThat(reno.cwnd()).isEqualTo(5);
        // a second echo in the same window changes nothing; the window does not grow until 30 is acknowledged
        assertThat(recovery.onEcnEcho(0, 30)).isFalse();
        assertThat(reno.cwnd()).isEqualTo(5);
        assertThat(recovery.onNewAck(10)).isFalse();
        assertThat(recovery.state()).isEqualTo(TcpCaState.CWR);
        assertThat(recovery.onNewAck(30)).isFalse();
        assertThat(recovery.state()).isEqualTo(TcpCaState.OPEN);
    }

    @Test
    void aTimeoutEntersLossWhereDuplicatesDoNotStartFastRetransmit() {
        recovery.onDuplicateAck(0, 20, 20);
        recovery.onTimeout(0, 20, 20);
        assertThat(recovery.state()).isEqualTo(TcpCaState.LOSS);
        assertThat(reno.cwnd()).isEqualTo(1);
        assertThat(scoreboard.leftOut()).isZero();
        for (int i = 0; i < 3; i++) {
            recovery.onDuplicateAck(0, 20, 20); // RFC 6582 §4
        }
        assertThat(recovery.state()).isEqualTo(TcpCaState.LOSS);
        assertThat(recovery.onEcnEcho(0, 20)).isFalse();
        // slow start goes on in Loss; the ACK of everything out at the timeout ends it
        assertThat(recovery.onNewAck(5)).isTrue();
        assertThat(recovery.state()).isEqualTo(TcpCaState.LOSS);
        assertThat(recovery.onNewAck(20)).isTrue();
        assertThat(recovery.state()).isEqualTo(TcpCaState.OPEN);
    }
}
