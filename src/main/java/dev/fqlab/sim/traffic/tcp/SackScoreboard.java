package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.packet.Packet;

/**
 * The SACK scoreboard (RFC 2018 §5, RFC 6675 §3) as Linux v6.6 keeps it on the retransmit queue
 * (net/ipv4/tcp_input.c {@code tcp_sacktag_write_queue}, {@code tcp_sacktag_one}, {@code tcp_clean_rtx_queue},
 * {@code tcp_mark_skb_lost}, {@code tcp_timeout_mark_lost}; tcp_output.c {@code tcp_xmit_retransmit_queue}): per
 * segment out the marks {@code TCPCB_SACKED_ACKED}, {@code TCPCB_LOST} and {@code TCPCB_SACKED_RETRANS} (a
 * retransmission in flight), with Linux's counters {@code sacked_out}, {@code lost_out}, {@code retrans_out}, so that
 * {@code tcp_packets_in_flight} = packets_out − (sacked_out + lost_out) + retrans_out; and the
 * {@code tsorted_sent_queue}, the segments in flight in the order they were (last) sent, that RACK walks
 * ({@link RackTlp}). Lost segments are retransmitted in sequence order.
 *
 * <p>Everything is a ring indexed by segment number, sized at set-up by the receiver's window (a doubly linked list
 * of ring slots for the time order), so an ACK allocates nothing. As Linux's {@code recv_sack_cache}, the blocks of
 * the previous ACK are remembered and only the parts of a block that they did not cover are walked, so a block that
 * grows by one segment per ACK costs one segment per ACK.
 */
final class SackScoreboard implements Scoreboard {
    static final byte SACKED = 1;
    static final byte LOST = 2;
    static final byte RETRANS = 4;
    private static final int NIL = -1;

    private final SentSegments sent;
    private final RackTlp rack;
    /** The delivery-rate sampler, null unless the congestion control reads it (BBR). */
    private final RateSampler rate;
    /** This ACK's rate sample (with {@link #rate}). */
    private RateSample rs;
    private final byte[] marks;
    private final long[] segOf;
    /** The time-ordered list of segments in flight (not SACKed, not lost awaiting retransmission). */
    private final int[] prev;
    private final int[] next;
    private final boolean[] listed;
    private int head = NIL;
    private int tail = NIL;
    private final int mask;

    private int sackedOut;
    private int lostOut;
    private int retransOut;
    /** One past the highest SACKed segment ({@code tcp_highest_sack_seq}), 0 if none. */
    private long fack;
    /** {@code retransmit_skb_hint}: no lost segment awaits retransmission below it. */
    private long hint;
    /** The previous ACK's blocks ({@code recv_sack_cache}). */
    private final long[] cache = new long[2 * Packet.MAX_SACK_BLOCKS];
    private int cacheCount;

    SackScoreboard(long maxOut, SentSegments sent, RackTlp rack) {
        this(maxOut, sent, rack, null);
    }

    SackScoreboard(long maxOut, SentSegments sent, RackTlp rack, RateSampler rate) {
        int size = Integer.highestOneBit((int) Math.max(2, maxOut)) << 1;
        this.sent = sent;
        this.rack = rack;
        this.rate = rate;
        this.marks = new byte[size];
        this.segOf = new long[size];
        this.prev = new int[size];
        this.next = new int[size];
        this.listed = new boolean[size];
        this.mask = size - 1;
    }

    // ------------------------------------------------------------------ sending

    /** {@code tcp_update_skb_after_send}: the segment moves to the tail of the time order; a new one has no marks. */
    @Override
    public void transmitted(long seg, boolean retransmit, long now) {
        int i = slot(seg);
        if (!retransmit) {
            unlink(i); // the slot's previous segment was acknowledged long ago
            segOf[i] = seg;
            marks[i] = 0;
        }
        unlink(i);
        append(i);
    }

    @Override
    public long nextRetransmission(long sndUna, long sndMax) {
        if (retransOut >= lostOut) {
            return -1; // tcp_xmit_retransmit_queue: nothing lost waits
        }
        long s = Math.max(hint, sndUna);
        for (; s < sndMax; s++) {
            int m = marks[slot(s)];
            if ((m & LOST) != 0 && (m & (SACKED | RETRANS)) == 0) {
                hint = s;
                return s;
            }
        }
        hint = s;
        return -1;
    }

    @Override
    public boolean retransmissionIgnoresCwnd() {
        return false;
    }

    @Override
    public void retransmitted(long seg, long now) {
        int i = slot(seg);
        marks[i] |= RETRANS;
        retransOut++;
    }

    @Override
    public long notInFlight() {
        return (long) sackedOut + lostOut - retransOut;
    }

    // ------------------------------------------------------------------ ACK processing

    /**
     * {@code tcp_sacktag_write_queue}: the ACK's blocks above {@code una} mark segments SACKed; each newly SACKed
     * segment leaves the lost and retransmitted counts, advances RACK and gives a SACK RTT if never retransmitted.
     */
    void tagSacks(Packet ack, long una, long sndMax, long now, AckSample s, RateSample rateSample) {
        this.rs = rateSample;
        long[] b = ack.sackBlocks();
        for (int k = 0; k < ack.sackCount; k++) {
            long start = Math.max(b[2 * k], una);
            long end = Math.min(b[2 * k + 1], sndMax);
            tagUncached(start, end, now, s);
        }
        cacheCount = ack.sackCount;
        System.arraycopy(b, 0, cache, 0, 2 * cacheCount);
    }

    /** Walks the parts of {@code [start, end)} that no block of the previous ACK covered. */
    private void tagUncached(long start, long end, long now, AckSample s) {
        long p = start;
        while (p < end) {
            long skipTo = p;
            long nextStart = end;
            for (int c = 0; c < cacheCount; c++) {
                long cs = cache[2 * c];
                long ce = cache[2 * c + 1];
                if (cs <= p && p < ce) {
                    skipTo = Math.max(skipTo, ce);
                } else if (cs > p && cs < nextStart) {
                    nextStart = cs;
                }
            }
            if (skipTo > p) {
                p = skipTo;
                continue;
            }
            for (; p < nextStart; p++) {
                tagOne(p, now, s);
            }
        }
    }

    private void tagOne(long seg, long now, AckSample s) {
        int i = slot(seg);
        int m = marks[i];
        if ((m & SACKED) != 0) {
            return;
        }
        if ((m & RETRANS) != 0) {
            retransOut--;
        }
        if ((m & LOST) != 0) {
            lostOut--;
        }
        marks[i] = SACKED;
        sackedOut++;
        unlink(i);
        boolean belowFack = seg < fack; // tcp_sacktag_one: SACKed below the highest SACKed segment
        fack = Math.max(fack, seg + 1);
        s.delivered++;
        s.newlySacked++;
        delivered(seg, now, s, true, belowFack);
    }

    /**
     * RACK, the SACK RTT and reordering for a segment delivered now.
     *
     * @param reordered an original segment delivered below a SACKed one ({@code state->reord} / {@code reord})
     */
    private void delivered(long seg, long now, AckSample s, boolean bySack, boolean reordered) {
        long xmit = sent.xmitNs(seg);
        boolean retrans = sent.everRetransmitted(seg);
        rack.advance(retrans, seg + 1, xmit, now);
        if (rate != null) {
            rate.delivered(seg, retrans, bySack, rs); // tcp_rate_skb_delivered
        }
        if (!retrans) {
            if (bySack) {
                if (s.firstSacktNs < 0) {
                    s.firstSacktNs = xmit;
                }
                s.lastSacktNs = xmit;
            }
            if (reordered) {
                s.lowestOriginal = Math.min(s.lowestOriginal, seg);
            }
        }
    }

    /**
     * {@code tcp_clean_rtx_queue}: segments {@code [una, ack)} are acknowledged; the first and last never-retransmitted,
     * not SACKed one give the sequence RTT unless a retransmitted one is among them (Karn).
     */
    void acknowledge(long una, long ack, long now, AckSample s) {
        for (long seg = una; seg < ack; seg++) {
            int i = slot(seg);
            int m = marks[i];
            unlink(i);
            boolean retrans = sent.everRetransmitted(seg);
            if ((m & RETRANS) != 0) {
                retransOut--;
            }
            if ((m & LOST) != 0) {
                lostOut--;
            }
            if ((m & SACKED) != 0) {
                sackedOut--;
                if (retrans) {
                    s.retransAcked = true;
                }
            } else {
                s.delivered++;
                if (retrans) {
                    s.retransAcked = true;
                } else {
                    long xmit = sent.xmitNs(seg);
                    if (s.firstAcktNs < 0) {
                        s.firstAcktNs = xmit;
                    }
                    s.lastAcktNs = xmit;
                }
                delivered(seg, now, s, false, seg < fack);
            }
            marks[i] = 0;
        }
        hint = Math.max(hint, ack);
    }

    /** {@code tcp_check_sack_reordering}: an original segment delivered below the highest SACKed one. */
    boolean reorderingSeen(AckSample s) {
        return s.lowestOriginal < fack;
    }

    /** {@code tcp_mark_skb_lost}: not for SACKed segments; a lost retransmission waits to be sent again. */
    void markLost(long seg, AckSample s) {
        int i = slot(seg);
        int m = marks[i];
        if ((m & SACKED) != 0) {
            return;
        }
        if ((m & LOST) != 0) {
            if ((m & RETRANS) != 0) {
                marks[i] = (byte) (m & ~RETRANS);
                retransOut--;
                if (rate != null) {
                    rate.lost(1); // tcp_notify_skb_loss_event: a retransmission lost again
                }
            }
        } else {
            marks[i] = (byte) (m | LOST);
            lostOut++;
            if (rate != null) {
                rate.lost(1);
            }
            if (s != null) {
                s.newlyLost++;
            }
        }
        unlink(i);
        hint = Math.min(hint, seg);
    }

    /**
     * {@code tcp_timeout_mark_lost}: after a retransmission timeout every segment out that is not SACKed is lost,
     * except the ones sent within the last RACK RTT (not the head).
     */
    void timeoutMarkLost(long una, long sndMax, long now) {
        for (long seg = una; seg < sndMax; seg++) {
            if (seg != una && rack.skbTimeoutNs(sent.xmitNs(seg), 0, now) > 0) {
                continue;
            }
            markLost(seg, null);
        }
    }

    // ------------------------------------------------------------------ the time-ordered list for RACK

    /** The segment sent longest ago among those in flight, -1 if none. */
    long oldestInFlight() {
        return head == NIL ? -1 : segOf[head];
    }

    /** The segment sent after {@code seg} among those in flight, -1 if none. */
    long sentAfter(long seg) {
        int n = next[slot(seg)];
        return n == NIL ? -1 : segOf[n];
    }

    boolean lost(long seg) {
        return (marks[slot(seg)] & LOST) != 0;
    }

    boolean retransmitInFlight(long seg) {
        return (marks[slot(seg)] & RETRANS) != 0;
    }

    boolean sacked(long seg) {
        return (marks[slot(seg)] & SACKED) != 0;
    }

    int sackedOut() {
        return sackedOut;
    }

    int lostOut() {
        return lostOut;
    }

    int retransOut() {
        return retransOut;
    }

    long fack() {
        return fack;
    }

    SentSegments sentSegments() {
        return sent;
    }

    private int slot(long seg) {
        return (int) (seg & mask);
    }

    private void append(int i) {
        prev[i] = tail;
        next[i] = NIL;
        if (tail == NIL) {
            head = i;
        } else {
            next[tail] = i;
        }
        tail = i;
        listed[i] = true;
    }

    private void unlink(int i) {
        if (!listed[i]) {
            return;
        }
        if (prev[i] == NIL) {
            head = next[i];
        } else {
            next[prev[i]] = next[i];
        }
        if (next[i] == NIL) {
            tail = prev[i];
        } else {
            prev[next[i]] = prev[i];
        }
        listed[i] = false;
    }
}
