package dev.fqlab.sim.wifi.mac;

import dev.fqlab.sim.packet.Packet;

/**
 * One PPDU: the MPDUs a transmitter sends to one peer in one TXOP (an A-MPDU, or a single MPDU when not
 * aggregating). Reused by its owner; the MPDUs stay the owner's until the TXOP completes.
 */
public final class Ppdu {
    private final Packet[] mpdus;
    private int count;
    private int psduBytes;
    /** Index of the station on the other end (receiver for the AP's PPDUs, transmitter for a station's). */
    public int station;
    public int tid;
    public int ac;
    /** Duration of the PPDU itself. */
    public long ppduNs;
    /** Whether the response is a BlockAck (A-MPDU) rather than an ACK. */
    public boolean aggregated;
    /** Duration of that response, at the basic rate the PPDU's rate calls for (ControlFrames). */
    public long responseNs;

    public Ppdu(int maxMpdus) {
        this.mpdus = new Packet[maxMpdus];
    }

    public void reset(int station, int tid, int ac, boolean aggregated) {
        for (int i = 0; i < count; i++) {
            mpdus[i] = null;
        }
        count = 0;
        psduBytes = 0;
        this.station = station;
        this.tid = tid;
        this.ac = ac;
        this.aggregated = aggregated;
        this.ppduNs = 0;
        this.responseNs = 0;
    }

    public void add(Packet p, int bytes) {
        mpdus[count++] = p;
        psduBytes += bytes;
    }

    public int count() {
        return count;
    }

    public Packet mpdu(int i) {
        return mpdus[i];
    }

    public int psduBytes() {
        return psduBytes;
    }

    public int capacity() {
        return mpdus.length;
    }

    public boolean isEmpty() {
        return count == 0;
    }
}
