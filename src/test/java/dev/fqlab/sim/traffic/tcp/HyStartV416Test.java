package dev.fqlab.sim.traffic.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.core.Time;
import org.junit.jupiter.api.Test;

/**
 * v4.16's HyStart (net/ipv4/tcp_cubic.c of v4.16, {@code hystart_update} and {@code bictcp_acked}) against its
 * arithmetic worked by hand, next to v6.6's for the same samples: RTTs in 1/8 ms ({@code (rtt_us << 3) / 1000}), the
 * ACK train on whole milliseconds of {@code bictcp_clock()} with threshold {@code delay_min >> 4} ms, the delay test
 * on the smallest of the round's first 8 samples against {@code delay_min + clamp(delay_min >> 3, 32, 128)} (4 to
 * 16 ms in 1/8 ms).
 */
class HyStartV416Test {
    private static final long MS = Time.NS_PER_MS;
    private static final long US = Time.NS_PER_US;

    private static Cubic inSlowStart(Cubic cubic) {
        cubic.init(0, 100);
        cubic.setCwnd(20); // past hystart_low_window (16), ssthresh still infinite
        return cubic;
    }

    @Test
    void theAckTrainCountsWholeMilliseconds() {
        // min RTT 4 ms: delay_min = 4000 << 3 / 1000 = 32, threshold 32 >> 4 = 2 ms; the round began at 0 ms
        Cubic old = inSlowStart(new Cubic().hystartV4_16());
        Cubic now = inSlowStart(new Cubic());
        for (long t : new long[] {1_000 * US, 2_000 * US, 2_900 * US}) {
            old.onRttSample(t, 4 * MS, 0, 100, 0, false);
            now.onRttSample(t, 4 * MS, 0, 100, 0, false);
        }
        // at 2.9 ms: v4.16's clock reads 2, not above 2; v6.6 (unpaced: (4000 + 0) / 2 = 2000 µs) has exited
        assertThat(old.hystartFound()).isFalse();
        assertThat(now.hystartFound()).isTrue();
        assertThat(now.ssthresh()).isEqualTo(20);
        old.onRttSample(3_000 * US, 4 * MS, 0, 100, 0, false);
        assertThat(old.hystartFound()).isTrue(); // 3 > 2
        assertThat(old.ssthresh()).isEqualTo(20);
    }

    @Test
    void aWindowLimitedAckPastTheRoundRestartsItInCongestionAvoidOnly() {
        Cubic old = inSlowStart(new Cubic().hystartV4_16());
        old.onRttSample(1_000 * US, 4 * MS, 0, 100, 0, false);
        // bictcp_cong_avoid at 2.5 ms with ack 101 > end_seq 100: round_start = last_ack = 2 ms
        old.onAck(1, 2_500 * US, 4 * MS, 101, 200);
        old.onRttSample(3_500 * US, 4 * MS, 101, 200, 0, false);
        old.onRttSample(4_900 * US, 4 * MS, 101, 200, 0, false);
        assertThat(old.hystartFound()).isFalse(); // 3 − 2 and 4 − 2 are not above 2
        old.onRttSample(5_000 * US, 4 * MS, 101, 200, 0, false);
        assertThat(old.hystartFound()).isTrue(); // 5 − 2 = 3 > 2
    }

    @Test
    void theDelayTestKeepsTheFirstEightSamplesMinimum() {
        // delay_min 4 ms (32) in one round; then a new round of RTT samples 3 ms apart (no ACK train): eight at 9 ms
        // (72), then 4.5 ms (36). v4.16: curr_rtt = 72 from the first eight, 72 > 32 + clamp(4, 32, 128) = 64 -> exit
        // at the ninth. v6.6: curr_rtt follows every sample, 4500 µs is not above 4000 + clamp(500, 4000, 16000) =
        // 8000 -> stays in slow start.
        Cubic old = inSlowStart(new Cubic().hystartV4_16());
        Cubic now = inSlowStart(new Cubic());
        for (Cubic c : new Cubic[] {old, now}) {
            c.onRttSample(0, 4 * MS, 0, 100, 0, false);
        }
        old.onAck(1, MS, 4 * MS, 101, 200); // v4.16: the new round starts in cong_avoid (1 ms)
        long t = MS;
        for (int i = 0; i < 8; i++) {
            t += 3 * MS;
            old.onRttSample(t, 9 * MS, 101, 200, 0, false);
            now.onRttSample(t, 9 * MS, 101, 200, 0, false); // v6.6: in hystart_update, at the first of them
        }
        assertThat(old.hystartFound()).isFalse();
        t += 3 * MS;
        old.onRttSample(t, 4_500 * US, 101, 200, 0, false);
        now.onRttSample(t, 4_500 * US, 101, 200, 0, false);
        assertThat(old.hystartFound()).isTrue();
        assertThat(now.hystartFound()).isFalse();
    }
}
