package dev.fqlab.sim.packet;

/**
 * Told when a device has finished with a packet it transmitted (kernel-spec §6: the skb is freed at TX completion,
 * which returns its truesize to the sending socket): a wired link when the frame has left the wire, the WiFi AP or
 * a station when the MPDU is acknowledged or given up at the retry limit. The packet travels on; the listener must
 * neither keep nor free it. Drops are reported to {@link DropListener} instead (or as well).
 */
@FunctionalInterface
public interface TxCompletion {
    /** Does nothing: for devices whose completions nobody needs. */
    TxCompletion NONE = (p, now) -> {
    };

    void txCompleted(Packet p, long now);
}
