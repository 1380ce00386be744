package dev.fqlab.sim.wifi.driver;

import dev.fqlab.sim.wifi.mac.Ppdu;
import dev.fqlab.sim.wifi.mac80211.Txq;

/**
 * How the AP's driver moves frames from the TXQs to the air (scenario.md {@code driver.dequeue}; kernel-spec §5).
 * The AP calls it on every enqueue (mac80211's {@code wake_tx_queue}), when the medium is granted and after each
 * TXOP's completion has been processed. {@link Drivers} picks the implementation.
 */
public interface ApDriver {

    /** A frame was queued in {@code txq}. */
    void wake(Txq txq, long now);

    /** Whether anything is ready for the air in this AC. */
    boolean hasFrames(int ac);

    /** The medium is granted: the PPDU to send, or null. */
    Ppdu startTxop(int ac, long now);

    /**
     * TXOP bursting (the AC has a TXOP limit and the last exchange succeeded): the next PPDU, whose exchange (PPDU,
     * SIFS, response) lasts at most {@code remainingNs}, or null to end the TXOP.
     */
    default Ppdu continueTxop(int ac, long remainingNs, long now) {
        return null;
    }

    /** The TXOP of {@code ppdu} completed and its MPDUs were acknowledged, requeued or dropped. */
    void completed(int ac, Ppdu ppdu, int finishedMpdus, long now);

    /** Frames held below mac80211 for the station (hardware aggregates, firmware queue). */
    int heldFor(int station);

    /**
     * Whether a TXQ's failed MPDUs, waiting in its BlockAck session, are work for the TXQ: ath9k sends them when the
     * scheduler next names the TXQ (it builds each aggregate from the TXQ's retries and frames), so the TXQ stays
     * scheduled while they wait. False when the firmware resends them from its own queues.
     */
    boolean retriesAreTxqWork();

    /**
     * Whether the qdisc may hand down another frame of this AC. mac80211's TXQs never push back; the legacy buffer
     * does when it is full, and the qdisc then keeps the frame, as a stopped netdev queue does.
     */
    default boolean hasRoom(int ac) {
        return true;
    }

    /** A frame of this AC left the AP for good (acknowledged, or dropped at the retry limit). */
    default void released(int ac) {
    }

    /**
     * Whether the per-station TID queues in front of the driver are mac80211's TXQs, which the per-station
     * {@code aqm} file shows; false for the legacy driver's own queues.
     */
    default boolean mac80211Txqs() {
        return true;
    }
}
