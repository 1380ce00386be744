package dev.fqlab.sim.wifi.mac;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketFifo;
import dev.fqlab.sim.scenario.AmpduSpec;
import dev.fqlab.sim.wifi.phy.PhyMode;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * A-MSDU framing against IEEE 802.11-2016 9.3.2.2 (A-MSDU format) worked by hand: an A-MSDU subframe is the
 * subframe header (DA 6 + SA 6 + Length 2 = 14), the MSDU (here RFC 1042 LLC/SNAP 8 + the IP packet) and 0–3 bytes
 * of padding so that every subframe but the last is a multiple of 4 bytes; the A-MSDU is the body of one QoS data
 * MPDU (MAC header 26 with QoS Control, FCS 4; 9.2.3, 9.3.2.1). The MPDU is at most the peer's VHT Maximum MPDU
 * Length, 3895, 7991 or 11454 bytes (Table 9-19).
 */
class AmsduFramingTest {

    private static final int HEADER = 26;
    private static final int FCS = 4;

    /** 9.3.2.2 by hand: the subframe carrying an IP packet of {@code ip} bytes, before padding. */
    private static int subframe(int ip) {
        return 6 + 6 + 2 + 8 + ip;
    }

    private static int padTo4(int n) {
        return n % 4 == 0 ? n : n + 4 - n % 4;
    }

    /** The MPDU of an A-MSDU of these IP packets, written out from the clause. */
    private static int mpduByHand(List<Integer> ips) {
        int body = 0;
        for (int i = 0; i < ips.size(); i++) {
            int s = subframe(ips.get(i));
            body += i < ips.size() - 1 ? padTo4(s) : s;
        }
        return HEADER + body + FCS;
    }

    private static Packet packet(int ip, long seq) {
        Packet p = new Packet();
        p.ipBytes = ip;
        p.length = ip + 14;
        p.seq = seq;
        return p;
    }

    @Test
    void threeFullSizePacketsMakeA4600ByteMpdu() {
        // 1500-byte IP packets: subframes 14 + 8 + 1500 = 1522, padded to 1524 but the last:
        // 1524 + 1524 + 1522 = 4570; + header 26 + FCS 4 = 4600; as an A-MPDU subframe + delimiter 4 = 4604
        Packet head = packet(1500, 0);
        Amsdu.append(head, packet(1500, 1));
        Amsdu.append(head, packet(1500, 2));
        assertThat(head.amsduBytes).isEqualTo(4570);
        assertThat(Amsdu.mpduBytes(head)).isEqualTo(4600);
        assertThat(Amsdu.msdus(head)).isEqualTo(3);
        // 4600 > 3895: three 1500-byte MSDUs need a peer with 7991 or 11454; two fit in 3895 (3072 + 4... = 3076)
        Packet two = packet(1500, 0);
        Amsdu.append(two, packet(1500, 1));
        assertThat(Amsdu.mpduBytes(two)).isEqualTo(26 + 1524 + 1522 + 4);
        assertThat(Amsdu.fits(two, 1500, 3, 3895)).isFalse();
        assertThat(Amsdu.fits(two, 1500, 3, 7991)).isTrue();
    }

    @Test
    void oddSizesArePaddedBetweenSubframesOnly() {
        // 101 and 99 bytes: subframes 123 (padded to 124) and 121 (last, unpadded): 245; MPDU 275
        Packet head = packet(101, 0);
        Amsdu.append(head, packet(99, 1));
        assertThat(head.amsduBytes).isEqualTo(124 + 121);
        assertThat(Amsdu.mpduBytes(head)).isEqualTo(275);
        // a lone MSDU is a plain MPDU: header, LLC/SNAP, packet, FCS
        assertThat(Amsdu.mpduBytes(packet(101, 0))).isEqualTo(26 + 8 + 101 + 4);
    }

    /**
     * The firmware's A-MSDUs (built by the PPDU builder from a queue of packets) respect the subframe count and the
     * MPDU length, have the length the clause gives, take the packets in order, and are as large as the limits allow:
     * the next packet in line would break one of them.
     */
    @Property(tries = 300)
    void firmwareAmsdusRespectTheLimitsAndAreFramedAsTheClauseSays(
            @ForAll @IntRange(min = 1, max = 16) int maxSubframes, @ForAll("vhtMpduLengths") int maxMpdu,
            @ForAll @Size(min = 1, max = 80) List<@IntRange(min = 28, max = 2304) Integer> sizes) {
        PacketFifo queue = new PacketFifo();
        for (int i = 0; i < sizes.size(); i++) {
            queue.add(packet(sizes.get(i), i));
        }
        FrameSource source = new FrameSource() {
            @Override
            public Packet take(long now) {
                return queue.poll();
            }

            @Override
            public Packet peek() {
                return queue.peek();
            }
        };
        AmpduSpec ampdu = AmpduSpec.SCHEMA.builder().set("enabled", true).set("maxSubframes", 64)
                .set("maxBytes", 1_048_575).build();
        PpduBuilder builder = new PpduBuilder(ampdu, maxSubframes, maxMpdu);
        PhyMode phy = PhyMode.vht(9, 4, 80, true);
        long expectedSeq = 0;
        BlockAckSession ba = new BlockAckSession(new ReorderBuffer((p, now) -> { }));
        Ppdu ppdu = new Ppdu(64);
        while (!queue.isEmpty() || ba.hasWork()) {
            builder.build(ppdu, 0, 0, 0, ba, source, phy, true, 0);
            assertThat(ppdu.isEmpty()).isFalse();
            for (int m = 0; m < ppdu.count(); m++) {
                List<Integer> ips = new ArrayList<>();
                for (Packet p = ppdu.mpdu(m); p != null; p = p.msduNext) {
                    assertThat(p.seq).as("in order").isEqualTo(expectedSeq++);
                    ips.add(p.ipBytes);
                }
                Packet head = ppdu.mpdu(m);
                assertThat(ips.size()).isLessThanOrEqualTo(maxSubframes);
                int byHand = ips.size() == 1 ? HEADER + 8 + ips.get(0) + FCS : mpduByHand(ips);
                assertThat(Amsdu.mpduBytes(head)).isEqualTo(byHand);
                if (ips.size() > 1) {
                    assertThat(byHand).isLessThanOrEqualTo(maxMpdu);
                }
                // greedy: the packet after this MPDU (if it belongs to the same PPDU or is next in line) did not fit
                int nextIndex = (int) expectedSeq;
                if (nextIndex < sizes.size()) {
                    List<Integer> longer = new ArrayList<>(ips);
                    longer.add(sizes.get(nextIndex));
                    assertThat(longer.size() > maxSubframes || mpduByHand(longer) > maxMpdu).isTrue();
                }
            }
            for (int m = 0; m < ppdu.count(); m++) {
                ba.acknowledged(ppdu.mpdu(m), 0); // one sequence number each: the window moves by MPDUs
            }
        }
    }

    @Provide
    Arbitrary<Integer> vhtMpduLengths() {
        return Arbitraries.of(3895, 7991, 11454);
    }

    @Test
    void theReceiverHandsOnEveryMsduOfAnAmsduInOrder() {
        List<Long> delivered = new ArrayList<>();
        ReorderBuffer rx = new ReorderBuffer((p, now) -> delivered.add(p.seq));
        Packet a = packet(1500, 0);
        Amsdu.append(a, packet(1500, 1));
        Amsdu.append(a, packet(1500, 2));
        Packet b = packet(1500, 3);
        Amsdu.append(b, packet(1500, 4));
        rx.receive(b, 1, 0); // MPDU 1 first: held for MPDU 0
        assertThat(delivered).isEmpty();
        rx.receive(a, 0, 0);
        assertThat(delivered).containsExactly(0L, 1L, 2L, 3L, 4L);
        assertThat(a.msduNext).isNull();
        assertThat(b.msduNext).isNull();
    }
}
