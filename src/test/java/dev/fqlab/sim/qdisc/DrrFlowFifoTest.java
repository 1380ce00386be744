package dev.fqlab.sim.qdisc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketFifo;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * A flow's packet queue against a {@link PacketFifo} given the same appends, head removals and tail growths (A-MSDU
 * joins): the same packets come out in the same order, with the same counts, byte backlog and tail after every step
 * (whether the flow holds a FIFO or keeps one in its own fields, issue 16).
 */
class DrrFlowFifoTest {

    @Property(tries = 300)
    void behavesAsAPacketFifo(@ForAll long seed, @ForAll @IntRange(min = 1, max = 400) int steps) {
        Random random = new Random(seed);
        DrrFlow flow = new DrrFlow(7);
        PacketFifo oracle = new PacketFifo();
        for (int i = 0; i < steps; i++) {
            int op = random.nextInt(10);
            if (op < 5) {
                Packet p = new Packet();
                p.length = 40 + random.nextInt(1500);
                p.seq = i;
                flow.append(p);
                oracle.add(copyOf(p));
            } else if (op < 9) {
                Packet a = flow.removeHead();
                Packet b = oracle.poll();
                assertThat(a == null).isEqualTo(b == null);
                if (a != null) {
                    assertThat(a.seq).isEqualTo(b.seq);
                    assertThat(a.length).isEqualTo(b.length);
                    assertThat(a.next).isNull();
                }
            } else if (oracle.peekTail() != null) {
                int delta = 1 + random.nextInt(1600);
                flow.tailGrew(delta);
                oracle.tailGrew(delta);
            }
            assertThat(flow.packets()).isEqualTo(oracle.packets());
            assertThat(flow.backlog()).isEqualTo(oracle.bytes());
            assertThat(flow.tail() == null).isEqualTo(oracle.peekTail() == null);
            if (flow.tail() != null) {
                assertThat(flow.tail().seq).isEqualTo(oracle.peekTail().seq);
                assertThat(flow.tail().length).isEqualTo(oracle.peekTail().length);
            }
        }
    }

    /** The oracle's own packet (packets link through their {@code next}, so the two queues cannot share them). */
    private static Packet copyOf(Packet p) {
        Packet c = new Packet();
        c.length = p.length;
        c.seq = p.seq;
        return c;
    }
}
