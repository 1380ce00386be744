package dev.fqlab.sim.wifi.mac;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.packet.Packet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class ReorderBufferTest {

    private static Packet packet(long seq) {
        Packet p = new Packet();
        p.seq = seq;
        return p;
    }

    @Test
    void releasesInSequenceOrderAndSkipsWhatTheSenderGaveUp() {
        List<Long> out = new ArrayList<>();
        var buffer = new ReorderBuffer((p, now) -> out.add(p.seq));
        buffer.receive(packet(1), 1, 0);
        buffer.receive(packet(3), 3, 0);
        assertThat(out).isEmpty();
        buffer.receive(packet(0), 0, 0);
        assertThat(out).containsExactly(0L, 1L);
        buffer.skip(2, 0); // the sender dropped MPDU 2 after its retry limit
        assertThat(out).containsExactly(0L, 1L, 3L);
        buffer.receive(packet(4), 4, 0);
        assertThat(out).containsExactly(0L, 1L, 3L, 4L);
        assertThat(buffer.heldCount()).isZero();
    }

    /**
     * Against a sorted map standing for the receiver's window: MPDUs 0..n-1 arrive (or are given up by the sender)
     * in an order shuffled within blocks of up to 64 — the BlockAck window — often in order for a long stretch
     * first (so the buffer has held nothing yet); each is handed on once every lower one was received or skipped,
     * in sequence order.
     */
    @Property(tries = 300)
    void handsOnWhatASortedWindowWouldInTheSameOrder(@ForAll long seed,
            @ForAll @IntRange(min = 1, max = 600) int n, @ForAll @IntRange(min = 0, max = 600) int inOrderFirst,
            @ForAll @IntRange(min = 1, max = 64) int block) {
        Random random = new Random(seed);
        List<Long> arrivals = new ArrayList<>();
        for (long start = 0; start < n; start += block) {
            List<Long> part = new ArrayList<>();
            for (long seq = start; seq < Math.min(n, start + block); seq++) {
                part.add(seq);
            }
            if (start >= inOrderFirst) {
                Collections.shuffle(part, random);
            }
            arrivals.addAll(part);
        }
        List<Long> out = new ArrayList<>();
        List<Long> expected = new ArrayList<>();
        var buffer = new ReorderBuffer((p, now) -> out.add(p.seq));
        TreeMap<Long, Boolean> window = new TreeMap<>(); // seq → received (false: skipped)
        long next = 0;
        for (long seq : arrivals) {
            boolean received = random.nextInt(8) > 0;
            if (received) {
                buffer.receive(packet(seq), seq, 0);
            } else {
                buffer.skip(seq, 0);
            }
            window.put(seq, received);
            while (window.containsKey(next)) {
                if (window.remove(next)) {
                    expected.add(next);
                }
                next++;
            }
            assertThat(out).isEqualTo(expected);
            assertThat(buffer.heldCount()).isEqualTo((int) window.values().stream().filter(b -> b).count());
        }
    }
}
