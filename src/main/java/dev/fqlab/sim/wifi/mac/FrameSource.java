package dev.fqlab.sim.wifi.mac;

import dev.fqlab.sim.packet.Packet;

/** Where a PPDU builder takes new frames from: a TXQ, a firmware queue, a station's FIFO. */
@FunctionalInterface
public interface FrameSource {
    /** The next new frame for this peer and TID, taken off its queue, or null. */
    Packet take(long now);

    /** The frame {@link #take} would return next, left in place; null when unknown (no A-MSDU from this source). */
    default Packet peek() {
        return null;
    }
}
