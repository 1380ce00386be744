package dev.fqlab.sim.wifi.mac;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.packet.Packet;
import java.util.ArrayList;
import java.util.List;
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
}
