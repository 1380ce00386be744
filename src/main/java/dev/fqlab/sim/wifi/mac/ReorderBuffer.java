package dev.fqlab.sim.wifi.mac;

import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketSink;

/**
 * A BlockAck receiver's reorder buffer for one (transmitter, TID): MPDUs are released to the next hop in
 * sequence-number order, as mac80211's {@code ieee80211_sta_reorder_release} does. A gap waits for the
 * retransmission; when the transmitter gives up on an MPDU (retry limit) the gap is skipped, as a BlockAckReq
 * would move the window. An A-MSDU is one MPDU: its MSDUs are handed on together, in order. Sequence numbers are
 * never reused within a run, so no modulo arithmetic is needed.
 */
public final class ReorderBuffer {
    /** Far larger than the 64-frame BlockAck window the transmitter keeps. */
    private static final int SLOTS = 256;

    private final PacketSink next;
    private final Packet[] held = new Packet[SLOTS];
    private final boolean[] skipped = new boolean[SLOTS];
    private long expected;

    public ReorderBuffer(PacketSink next) {
        this.next = next;
    }

    public void receive(Packet p, long seq, long now) {
        if (seq == expected) {
            expected++;
            deliver(p, now);
            release(now);
        } else {
            held[(int) (seq % SLOTS)] = p;
        }
    }

    /** The transmitter dropped MPDU {@code seq}: stop waiting for it. */
    public void skip(long seq, long now) {
        if (seq == expected) {
            expected++;
            release(now);
        } else {
            skipped[(int) (seq % SLOTS)] = true;
        }
    }

    private void release(long now) {
        while (true) {
            int slot = (int) (expected % SLOTS);
            if (held[slot] != null) {
                Packet p = held[slot];
                held[slot] = null;
                expected++;
                deliver(p, now);
            } else if (skipped[slot]) {
                skipped[slot] = false;
                expected++;
            } else {
                return;
            }
        }
    }

    /** Hands on the MSDUs of one MPDU — one, or an A-MSDU's in order — unlinking them first. */
    private void deliver(Packet p, long now) {
        while (p != null) {
            Packet following = Amsdu.detach(p);
            next.accept(p, now);
            p = following;
        }
    }

    /** MPDUs waiting for an earlier one. */
    public int heldCount() {
        int n = 0;
        for (Packet p : held) {
            if (p != null) {
                n++;
            }
        }
        return n;
    }
}
