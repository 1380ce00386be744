package dev.fqlab.sim.wifi;

import dev.fqlab.sim.wifi.mac.Ppdu;
import dev.fqlab.sim.wifi.mac80211.Txq;

/**
 * How the AP's driver moves frames from the TXQs to the air (scenario.md {@code driver.dequeue}; kernel-spec §5).
 * The AP calls it on every enqueue (mac80211's {@code wake_tx_queue}), when the medium is granted and after each
 * TXOP's completion has been processed.
 */
interface ApDriver {

    /** A frame was queued in {@code txq}. */
    void wake(Txq txq, long now);

    /** Whether anything is ready for the air in this AC. */
    boolean hasFrames(int ac);

    /** The medium is granted: the PPDU to send, or null. */
    dev.fqlab.sim.wifi.mac.Ppdu startTxop(int ac, long now);

    /** The TXOP of {@code ppdu} completed and its MPDUs were acknowledged, requeued or dropped. */
    void completed(int ac, Ppdu ppdu, int finishedMpdus, long now);

    /** Frames held below mac80211 for the station (hardware aggregates, firmware queue). */
    int heldFor(int station);
}
