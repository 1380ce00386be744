package dev.fqlab.sim.traffic.tcp;

/**
 * The sender's sequence variables in segments (RFC 9293 §3.3.1 {@code SND.UNA}, {@code SND.NXT}), with BSD's
 * {@code snd_max}, the highest segment sent plus one, since after a timeout {@code SND.NXT} goes back to
 * {@code SND.UNA} (go-back-N). Always {@code una ≤ nxt ≤ max}.
 */
final class SendSequence {
    private long una;
    private long nxt;
    private long max;

    /** The first unacknowledged segment. */
    long una() {
        return una;
    }

    /** The next segment to send. */
    long nxt() {
        return nxt;
    }

    /** The highest segment sent, plus one. */
    long max() {
        return max;
    }

    /** Linux's {@code packets_out}: segments sent and not acknowledged. */
    long packetsOut() {
        return max - una;
    }

    boolean allAcked() {
        return una == max;
    }

    /** A cumulative ACK up to {@code ack} (at most {@link #max()}). */
    void acknowledge(long ack) {
        una = ack;
        nxt = Math.max(nxt, una);
    }

    /** The segment at {@link #nxt()} was sent. */
    void advance() {
        nxt++;
        max = Math.max(max, nxt);
    }

    /** Go-back-N after a timeout: send again from the first unacknowledged segment. */
    void rewind() {
        nxt = una;
    }
}
