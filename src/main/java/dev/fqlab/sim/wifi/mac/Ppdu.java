package dev.fqlab.sim.wifi.mac;

import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.wifi.rc.RetryChain;

/**
 * One PPDU: the MPDUs a transmitter sends to one peer in one TXOP (an A-MPDU, or a single MPDU when not
 * aggregating). Reused by its owner; the MPDUs stay the owner's until the TXOP completes.
 */
public final class Ppdu {
    private final Packet[] mpdus;
    /** Per MPDU, whether the peer received it (drawn when the PPDU ends). */
    private final boolean[] received;
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
    /** An RTS protecting this PPDU, and RTS + SIFS + CTS + SIFS, at the control rate its rate calls for. */
    public long rtsNs;
    public long rtsCtsNs;
    /** RTS + SIFS + CTS + SIFS before the PPDU when the medium protects it, else 0 (set by the medium). */
    public long protectionNs;
    /**
     * What the exchange occupied the air for, as the medium ran it (set before the owner's completion): the
     * protection, the PPDU and SIFS + response when one came; the RTS alone when it collided.
     */
    public long airtimeNs;
    /**
     * The rates the hardware sends it at, filled by rate control before the PPDU is built; the current series is
     * the one the next attempt uses (a PPDU without a BlockAck/Ack is sent again from the hardware queue).
     */
    public final RetryChain chain = new RetryChain();
    /** This attempt is protected by RTS/CTS whatever its length (a fallback series: {@code USE_RTS_CTS}). */
    public boolean rts;

    public Ppdu(int maxMpdus) {
        this.mpdus = new Packet[maxMpdus];
        this.received = new boolean[maxMpdus];
    }

    public void reset(int station, int tid, int ac, boolean aggregated) {
        for (int i = 0; i < count; i++) {
            mpdus[i] = null;
            received[i] = false;
        }
        count = 0;
        psduBytes = 0;
        this.station = station;
        this.tid = tid;
        this.ac = ac;
        this.aggregated = aggregated;
        this.ppduNs = 0;
        this.responseNs = 0;
        this.rtsNs = 0;
        this.rtsCtsNs = 0;
        this.protectionNs = 0;
        this.airtimeNs = 0;
        this.rts = false;
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

    /** Whether the peer received MPDU {@code i}. */
    public boolean received(int i) {
        return received[i];
    }

    public void received(int i, boolean ok) {
        received[i] = ok;
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
