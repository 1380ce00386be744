package dev.fqlab.sim.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.traffic.tcp.TcpFlow;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The network counts a packet of a flow that {@linkplain Flow#onlyCounts only counts} straight into its statistics,
 * bypassing {@link Flow#delivered} and {@link Flow#dropped}; that is only right while such a flow keeps
 * {@link Flow}'s own versions of both, which count and do nothing else.
 */
class OnlyCountsTest {

    @Test
    void aFlowThatOnlyCountsKeepsFlowsDeliveredAndDropped() throws NoSuchMethodException {
        int counting = 0;
        for (Class<? extends Flow> type : List.of(UdpFlow.class, PingFlow.class, TcpFlow.class)) {
            if (type.getMethod("onlyCounts").getDeclaringClass() == Flow.class) {
                continue;
            }
            counting++;
            assertThat(type.getMethod("delivered", Packet.class, long.class).getDeclaringClass()).isEqualTo(Flow.class);
            assertThat(type.getMethod("dropped", Packet.class, long.class).getDeclaringClass()).isEqualTo(Flow.class);
        }
        assertThat(counting).as("UDP flows only count").isEqualTo(1);
    }
}
