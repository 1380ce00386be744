package dev.fqlab.sim.wifi.driver;

import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.wifi.mac.BlockAckSession;
import dev.fqlab.sim.wifi.mac.FrameSource;
import dev.fqlab.sim.wifi.mac.Ppdu;
import dev.fqlab.sim.wifi.mac80211.Txq;
import dev.fqlab.sim.wifi.mac80211.TxqScheduler;

/**
 * The AP as its driver sees it (kernel-spec §3.6, §5): mac80211's station scheduler and
 * {@code ieee80211_tx_dequeue}, the BlockAck sessions and the PPDU builder, and the medium the driver wakes when
 * it has something for the air.
 */
public interface DriverHost {

    /** mac80211's station scheduler ({@code ieee80211_next_txq}, {@code ieee80211_return_txq}). */
    TxqScheduler scheduler();

    /** How many stations the AP serves. */
    int stations();

    /** The TID the AC's traffic uses. */
    int tidOf(int ac);

    /** {@code ieee80211_tx_dequeue}: the next frame of the TXQ, or null. */
    Packet txDequeue(Txq txq, long now);

    /** Fills {@code ppdu} from the TXQ's retries and frames. */
    void buildFromTxq(Ppdu ppdu, Txq txq, long now);

    /** Fills {@code ppdu} for the station and TID from the session's retries and the source's frames. */
    void build(Ppdu ppdu, int station, int tid, int ac, FrameSource source, long now);

    /** As {@link #build}, for a PPDU whose exchange (PPDU, SIFS, response) lasts at most {@code maxExchangeNs}. */
    void build(Ppdu ppdu, int station, int tid, int ac, FrameSource source, long maxExchangeNs, long now);

    /** The BlockAck session of the station and TID. */
    BlockAckSession session(int station, int tid);

    /** Something is ready for the air in this AC: contend for the medium. */
    void wakeMedium(int ac, long now);

    /** Frames waiting in the AC's TXQs, all stations together. */
    int txqBacklog(int ac);
}
