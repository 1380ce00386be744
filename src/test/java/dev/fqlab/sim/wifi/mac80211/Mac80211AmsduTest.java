package dev.fqlab.sim.wifi.mac80211;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.Truesize;
import dev.fqlab.sim.scenario.TxqsSpec;
import dev.fqlab.sim.wifi.mac.Amsdu;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * mac80211's software A-MSDU, {@code ieee80211_amsdu_aggregate} (net/mac80211/tx.c, Linux 6.6), worked by hand: a
 * frame joins the tail frame of its fq flow; the flow's and the TXQ's byte backlogs grow by what {@code head->len}
 * grows (the head's 14-byte subframe header on the first join, the padding of the previous subframe to 4, the new
 * subframe: 14 + 8 + IP), the packet counts do not; the TXQ dequeues one skb per A-MSDU (tx-packets), and a drop
 * frees every MSDU in it.
 */
class Mac80211AmsduTest {
    private final List<Packet> dropped = new ArrayList<>();

    private static TxqsSpec spec(int limit) {
        return TxqsSpec.SCHEMA.builder().set("limit", limit).set("memoryLimitBytes", 16L << 20).build();
    }

    private static Packet packet(int bucket, int ip, long seq) {
        Packet p = new Packet();
        p.hash = bucket << 20;
        p.ipBytes = ip;
        p.length = ip + 14;
        p.truesize = Truesize.of(p.length);
        p.seq = seq;
        return p;
    }

    @Test
    void fivePacketsOfOneFlowBecomeAnAmsduOfThreeAndOneOfTwo() {
        Fq fq = new Fq(spec(8192), (p, now) -> dropped.add(p));
        Txq txq = fq.newTxq(0, 0, 0);
        txq.enableAmsdu(3, 11454);
        for (int i = 0; i < 5; i++) {
            fq.enqueue(txq, packet(7, 1500, i), 0);
        }
        // head->len by hand (802.11 frame without FCS; fqlab's frame lengths are 20 bytes shorter: the 802.3 frame,
        // 1514, stands for the 802.11 header + LLC/SNAP + IP, 1534): 1534 → + 14 + 2 + 1522 = 3072 → + 2 + 1522 = 4596
        // (then 1534 → 3072 for the second A-MSDU). In fqlab's lengths: 1514 + 1538 + 1524 = 4576 and 1514 + 1538.
        assertThat(txq.backlogPackets).isEqualTo(2);
        assertThat(txq.backlogBytes).isEqualTo(4576 + 3052);
        assertThat(fq.backlogPackets()).isEqualTo(2);
        assertThat(txq.newFlowCount).isEqualTo(1);
        Packet first = fq.dequeue(txq, 0);
        assertThat(Amsdu.msdus(first)).isEqualTo(3);
        assertThat(first.length).isEqualTo(4576);
        assertThat(Amsdu.mpduBytes(first)).isEqualTo(4596 + 4); // + FCS
        Packet second = fq.dequeue(txq, 0);
        assertThat(Amsdu.msdus(second)).isEqualTo(2);
        assertThat(txq.txPackets).isEqualTo(2);
        assertThat(txq.txBytes).isEqualTo(4576 + 3052);
        assertThat(txq.backlogBytes).isZero();
        assertThat(first.seq).isEqualTo(0);
        assertThat(first.msduNext.seq).isEqualTo(1);
        assertThat(first.msduNext.msduNext.seq).isEqualTo(2);
    }

    @Test
    void theMpduLimitStopsTheJoinAndOtherFlowsStayApart() {
        Fq fq = new Fq(spec(8192), (p, now) -> dropped.add(p));
        Txq txq = fq.newTxq(0, 0, 0);
        txq.enableAmsdu(3, 3895); // two 1500-byte MSDUs: 26 + 1524 + 1522 + 4 = 3076; a third would make 4600
        fq.enqueue(txq, packet(7, 1500, 0), 0);
        fq.enqueue(txq, packet(9, 1500, 0), 0); // another flow: its own frame
        fq.enqueue(txq, packet(7, 1500, 1), 0);
        fq.enqueue(txq, packet(7, 1500, 2), 0);
        assertThat(txq.backlogPackets).isEqualTo(3); // flow 7: an A-MSDU of two and a lone frame; flow 9: one
    }

    @Test
    void aDroppedAmsduDropsAllItsMsdus() {
        Fq fq = new Fq(spec(2), (p, now) -> dropped.add(p));
        Txq txq = fq.newTxq(0, 0, 0);
        txq.enableAmsdu(3, 11454);
        for (int i = 0; i < 3; i++) {
            fq.enqueue(txq, packet(7, 1500, i), 0); // one A-MSDU of three: one skb
        }
        fq.enqueue(txq, packet(9, 100, 0), 0);
        fq.enqueue(txq, packet(11, 100, 0), 0); // three skbs > limit 2: the fattest flow, 7, loses its head skb
        assertThat(dropped).extracting(p -> p.seq).containsExactly(0L, 1L, 2L);
        assertThat(dropped).allMatch(p -> p.msduNext == null);
    }
}
