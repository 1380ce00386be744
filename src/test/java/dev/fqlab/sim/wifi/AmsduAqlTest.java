package dev.fqlab.sim.wifi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.wifi.mac.Amsdu;
import dev.fqlab.sim.wifi.mac80211.ExpectedTxAirtime;
import dev.fqlab.sim.wifi.phy.PhyMode;
import org.junit.jupiter.api.Test;

/**
 * AQL and A-MSDU: {@code ieee80211_tx_dequeue} (net/mac80211/tx.c, Linux 6.6) estimates each skb it hands out with
 * {@code ieee80211_calc_expected_tx_airtime(hw, vif, sta, skb->len, ampdu)}. A mac80211 A-MSDU is one skb whose
 * {@code len} is the whole 802.11 frame without FCS — header 26 + A-MSDU 4570 = 4596 bytes for three 1500-byte
 * packets (9.3.2.2 by hand: 1524 + 1524 + 1522) — so it is estimated once from 4596, not three times from 1534.
 */
class AmsduAqlTest {

    private static Packet packet(int ip) {
        Packet p = new Packet();
        p.ipBytes = ip;
        return p;
    }

    @Test
    void anAmsduIsOneEstimateOfItsWholeLength() {
        PhyMode phy = PhyMode.vht(9, 4, 80, true);
        Packet head = packet(1500);
        Amsdu.append(head, packet(1500));
        Amsdu.append(head, packet(1500));
        long expectedNs = ExpectedTxAirtime.chargedUs(ExpectedTxAirtime.estimateUs(phy, 26 + 4570, true)) * 1000;
        assertThat(AccessPoint.airtimeEstimateNs(phy, head, true)).isEqualTo(expectedNs);
        // a lone MSDU keeps its own estimate: skb->len = 26 + 8 + 1500
        long loneNs = ExpectedTxAirtime.chargedUs(ExpectedTxAirtime.estimateUs(phy, 1534, true)) * 1000;
        assertThat(AccessPoint.airtimeEstimateNs(phy, packet(1500), true)).isEqualTo(loneNs);
    }
}
