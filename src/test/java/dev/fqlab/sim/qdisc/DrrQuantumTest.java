package dev.fqlab.sim.qdisc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.scenario.QuantumMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The DRR credit by quantumMode, as scenario.md defines it: "bytes" (Linux) gives a flow entering the new list
 * quantum bytes; "packets" (seed 003's patch) gives it min(quantum, its first packet's length); both top an exhausted
 * flow up by quantum and charge a packet its length; "packet-round-robin" counts packets instead of bytes: one
 * credit on activation and per top-up, one per packet, whatever the quantum and the length.
 */
class DrrQuantumTest {

    @Property
    void bytesModeIsLinuxDrr(@ForAll @IntRange(min = 256, max = 1 << 20) int quantum,
            @ForAll @IntRange(min = 28, max = 65535) int length) {
        DrrQuantum drr = new DrrQuantum(quantum, QuantumMode.BYTES);
        assertThat(drr.onActivation(length)).isEqualTo(quantum);
        assertThat(drr.replenish()).isEqualTo(quantum);
        assertThat(drr.charge(length)).isEqualTo(length);
    }

    @Property
    void packetsModeGivesANewFlowOnePacket(@ForAll @IntRange(min = 256, max = 1 << 20) int quantum,
            @ForAll @IntRange(min = 28, max = 65535) int length) {
        DrrQuantum drr = new DrrQuantum(quantum, QuantumMode.PACKETS);
        int credit = drr.onActivation(length);
        assertThat(credit).isEqualTo(Math.min(quantum, length));
        // one packet on its first turn: the deficit is spent by it (fq_codel moves it on when deficit <= 0)
        assertThat(credit - drr.charge(length)).isLessThanOrEqualTo(0);
        assertThat(drr.replenish()).isEqualTo(quantum);
    }

    @Property
    void packetRoundRobinCountsPackets(@ForAll @IntRange(min = 1, max = 1 << 20) int quantum,
            @ForAll @IntRange(min = 28, max = 65535) int length) {
        DrrQuantum drr = new DrrQuantum(quantum, QuantumMode.PACKET_ROUND_ROBIN);
        assertThat(drr.onActivation(length)).isEqualTo(1);
        assertThat(drr.replenish()).isEqualTo(1);
        assertThat(drr.charge(length)).isEqualTo(1);
    }
}
