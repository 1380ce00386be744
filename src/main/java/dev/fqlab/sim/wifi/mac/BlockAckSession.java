package dev.fqlab.sim.wifi.mac;

import dev.fqlab.sim.packet.Packet;

/**
 * The transmitter's side of a BlockAck agreement for one (peer, TID), and the reorder buffer at the peer:
 * sequence numbers are assigned when an MPDU first goes into a PPDU, at most {@value #WINDOW} MPDUs may be
 * outstanding (the BlockAck window, kernel-spec §5.1), failed MPDUs wait in a retry queue that goes first into
 * the next PPDU to that peer, and an MPDU that reaches the retry limit is dropped and skipped at the receiver.
 */
public final class BlockAckSession {
    /** The BlockAck window of HT/VHT (64 MPDUs). */
    public static final int WINDOW = 64;

    private final ReorderBuffer receiver;
    /** Completion flags by sequence number modulo this (a constant: the JIT divides without a division). */
    private static final int SLOTS = WINDOW * 2;

    private final boolean[] done = new boolean[SLOTS];
    private Packet retryHead;
    private Packet retryTail;
    private int retryCount;
    /** A new frame taken from the queue that did not fit into the last PPDU: first in line for the next one. */
    private Packet parked;
    private long nextSeq;
    private long windowStart;

    public BlockAckSession(ReorderBuffer receiver) {
        this.receiver = receiver;
    }

    /** The next MPDU to retransmit, or null. */
    public Packet pollRetry() {
        Packet p = retryHead;
        if (p != null) {
            retryHead = p.next;
            if (retryHead == null) {
                retryTail = null;
            }
            p.next = null;
            retryCount--;
        }
        return p;
    }

    /** Puts a retry that did not fit back at the head of the retry queue. */
    public void unpollRetry(Packet p) {
        p.next = retryHead;
        retryHead = p;
        if (retryTail == null) {
            retryTail = p;
        }
        retryCount++;
    }

    /** Whether a new MPDU may get a sequence number: the window has room. */
    public boolean windowOpen() {
        return nextSeq < windowStart + WINDOW;
    }

    public Packet takeParked() {
        Packet p = parked;
        parked = null;
        return p;
    }

    public void park(Packet p) {
        parked = p;
    }

    /** Gives a new MPDU its sequence number. */
    public void assign(Packet p) {
        p.mpduSeq = nextSeq++;
        p.transmissions = 0;
    }

    /** The peer acknowledged the MPDU: hand it to the reorder buffer. */
    public void acknowledged(Packet p, long now) {
        long seq = p.mpduSeq;
        complete(seq);
        receiver.receive(p, seq, now);
    }

    /** The MPDU failed and will be sent again (the caller checked the retry limit). */
    public void failed(Packet p) {
        p.next = null;
        if (retryTail == null) {
            retryHead = p;
        } else {
            retryTail.next = p;
        }
        retryTail = p;
        retryCount++;
    }

    /** The transmitter gives up on the MPDU; the caller drops the packet after this. */
    public void abandoned(Packet p, long now) {
        long seq = p.mpduSeq;
        complete(seq);
        receiver.skip(seq, now);
    }

    private void complete(long seq) {
        done[(int) (seq % SLOTS)] = true;
        while (windowStart < nextSeq && done[(int) (windowStart % SLOTS)]) {
            done[(int) (windowStart % SLOTS)] = false;
            windowStart++;
        }
    }

    /** MPDUs waiting here: retries and a parked frame. */
    public int queued() {
        return retryCount + (parked == null ? 0 : 1);
    }

    public boolean hasWork() {
        return retryHead != null || parked != null;
    }
}
