package dev.fqlab.sim.wifi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.wifi.phy.PhyMode;
import org.junit.jupiter.api.Test;

/** The AP charges AQL the kernel's estimate of the frame it dequeues (worked values in ExpectedTxAirtimeTest). */
class AirtimeEstimateTest {

    @Test
    void theApChargesTheKernelsEstimateOfTheIpPacketsFrame() {
        Packet p = new Packet();
        p.ipBytes = 1500;
        p.length = 1514;
        // VHT80 4×4 MCS 9 SGI: 8 µs for a 1500-byte packet (Linux 6.6's integer arithmetic)
        assertThat(AccessPoint.airtimeEstimateNs(PhyMode.vht(9, 4, 80, true), p, true)).isEqualTo(8_000);
        // VO: the whole PPDU overhead, HT20 MCS 15: 96 + 44 = 140 µs
        assertThat(AccessPoint.airtimeEstimateNs(PhyMode.ht(15, 20, false), p, false)).isEqualTo(140_000);
    }
}
