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
    /**
     * Made when a first MPDU has to wait (or a first gap is skipped ahead of time): every station has a buffer per
     * TID on each side, and most never see a frame out of order. Made up front, the 2 048 pairs of 128 stations
     * were a quarter of what such a run allocated (2.5 MB; issue 16). Null means nothing is held or skipped.
     */
    private Packet[] held;
    private boolean[] skipped;
    private long expected;

    public ReorderBuffer(PacketSink next) {
        this.next = next;
    }

    public void receive(Packet p, long seq, long now) {
        if (seq == expected) {
            expected++;
            deliver(p, now);
            if (held != null) {
                release(now);
            }
        } else {
            slots();
            held[(int) (seq % SLOTS)] = p;
        }
    }

    /** The transmitter dropped MPDU {@code seq}: stop waiting for it. */
    public void skip(long seq, long now) {
        if (seq == expected) {
            expected++;
            if (held != null) {
                release(now);
            }
        } else {
            slots();
            skipped[(int) (seq % SLOTS)] = true;
        }
    }

    private void slots() {
        if (held == null) {
            held = new Packet[SLOTS];
            skipped = new boolean[SLOTS];
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
        if (held == null) {
            return 0;
        }
        for (Packet p : held) {
            if (p != null) {
                n++;
            }
        }
        return n;
    }
}
