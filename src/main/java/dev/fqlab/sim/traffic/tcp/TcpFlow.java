package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.result.TcpStats;
import dev.fqlab.sim.scenario.CongestionControlKind;
import dev.fqlab.sim.scenario.Direction;
import dev.fqlab.sim.scenario.EcnCodepoint;
import dev.fqlab.sim.scenario.TcpOrigin;
import dev.fqlab.sim.scenario.TrafficSpec;
import dev.fqlab.sim.stats.TcpRecorder;
import dev.fqlab.sim.traffic.Flow;

/**
 * A TCP connection, both ends, with TCP Small Queues and pacing as Linux does them (kernel-spec §6; scenario.md
 * {@code tcp}): a {@link TcpSender} and a {@link TcpReceiver}, each sending through the flow in its own direction.
 * Modelled where it shapes queueing:
 * <ul>
 * <li>a handshake (SYN, SYN-ACK) that gives the first RTT sample; then segments of {@code mss} payload plus 52
 * bytes of IPv4 + TCP header with timestamps, numbered in segments; pure ACKs of 52 bytes on the reverse path;</li>
 * <li>initial window 10, slow start and congestion avoidance by a {@link CongestionControl}, growing only while the
 * window is used ({@link TcpSender}, {@link TcpOutput});</li>
 * <li>with SACK (default): SACK blocks, RACK-TLP loss detection, SACK recovery with PRR ({@link SackScoreboard},
 * {@link RackTlp}, {@link Prr}, {@link SackRecovery}); without: fast retransmit on the third duplicate ACK, NewReno
 * recovery and go-back-N after a timeout ({@link LossRecovery}); the congestion state as Linux names it
 * ({@link TcpCaState}) and Linux's RTO ({@link RttEstimator}, {@link RetransmitTimer});</li>
 * <li>RTT samples from the segments' send times with Karn's rule, the timestamp echo as the fallback (RFC 7323
 * §4.3 rules for TS.Recent);</li>
 * <li>a receiver with quick and delayed ACKs and a 3 MiB window ({@link TcpReceiver});</li>
 * <li>ECN (RFC 3168) when the flow is ect0/ect1: new data carries the codepoint (retransmissions and ACKs do not),
 * the receiver echoes CE with ECE until it sees CWR, the sender reduces as for a loss at most once per window and
 * sets CWR on its next new segment;</li>
 * <li>pacing as Linux decides it ({@code pacing}: {@link Pacing}) — none unless the sch_fq of the sender's host sets
 * {@code SK_PACING_FQ} or the flow asks for internal pacing — with {@code sk_pacing_rate} always computed, and TCP
 * Small Queues for senders next to the device queue ({@link TcpOutput}, {@link TcpSmallQueues}), both by the
 * scenario's kernel profile ({@code TcpRules});</li>
 * </ul>
 * Not modelled: DSACK, undo, F-RTO, TSO/GSO skbs (each segment is its own packet, paced and checked by TSQ on its
 * own; only TSQ's 2 × truesize floor counts the GSO skb of {@code tcp_tso_autosize} segments from v4.17,
 * {@link TcpSmallQueues}), receive window autotuning, Nagle and
 * application pauses (bulk data is always ready), RFC 2861 window validation after application-limited periods,
 * FIN, the delayed-ACK timeout's adaptation beyond the 40 ms minimum, host processing time in the TCP stacks.
 *
 * <p>A down flow's sender is the server end (remote server or the AP/router itself) and its receiver the station or
 * host; an up flow's sender is the station or host and its receiver the server end. A finite transfer is done
 * when its last byte is acknowledged; a bulk flow sends new data until {@code stopS}.
 */
public final class TcpFlow extends Flow {
    /** IPv4 (20) + TCP (20) + timestamp option (12) bytes on every segment and ACK. */
    public static final int HEADER_BYTES = 52;
    /** SYN and SYN-ACK: IPv4 + TCP + MSS, SACK-permitted, timestamp and window-scale options (40 + 20). */
    public static final int SYN_BYTES = 60;

    private final long startNs;
    private final TcpRecorder recorder;
    private final TcpSender sender;
    private final TcpReceiver receiver;
    /** The data direction: the sender's packets go up. */
    private final boolean dataUp;

    public TcpFlow(Context context) {
        super(context);
        TrafficSpec.Tcp tcp = (TrafficSpec.Tcp) spec.traffic();
        boolean dataUp = spec.direction() == Direction.UP;
        // TCP Small Queues binds senders next to the device queue: on the AP or router, or on the station or host
        boolean tsq = dataUp || tcp.origin() == TcpOrigin.LOCAL;
        int ect = spec.ecn() == EcnCodepoint.NOT_ECT ? 0 : spec.ecn().bits();
        Transfer transfer = new Transfer(tcp.mss(), tcp.bytes(), Time.seconds(spec.stopS()));
        this.startNs = Time.seconds(spec.startS());
        this.recorder = new TcpRecorder(context.warmupNs());
        RandomStream random = tcp.congestionControl() == CongestionControlKind.BBR
                ? RandomStream.of(context.seed(), "flow." + spec.name() + ".bbr") : null;
        this.sender = new TcpSender(sim, new End(dataUp), tcp, transfer, tsq, ect, recorder, context.kernel().tcp(),
                random);
        this.dataUp = dataUp;
        this.receiver = new TcpReceiver(sim, new End(!dataUp), transfer, tcp.sack());
    }

    @Override
    public void start() {
        sender.start(startNs);
    }

    /** ACKs go to the sender, SYNs and data to the receiver. */
    @Override
    public long delivered(Packet p, long now) {
        int flags = p.tcpFlags;
        if ((flags & TcpFlags.ACK) != 0) {
            stats.deliveredTcp(p, now, 0, false);
            sender.onAck(p, now);
            return 0;
        }
        long goodput = receiver.onSegment(p, now);
        stats.deliveredTcp(p, now, goodput, (flags & TcpFlags.DATA) != 0);
        return goodput;
    }

    /** The sender's {@code sk_pacing_rate}; the receiving end sends only ACKs, which fq does not pace. */
    @Override
    public long pacingRate(Packet p) {
        return p.up == dataUp ? sender.fqPacingRate() : Long.MAX_VALUE;
    }

    @Override
    public void pacedByFq(Packet p) {
        if (p.up == dataUp) {
            sender.pacedByFq();
        }
    }

    @Override
    public void txCompleted(Packet p, long now) {
        sender.release(p, now);
    }

    @Override
    public void dropped(Packet p, long now) {
        super.dropped(p, now);
        sender.release(p, now);
    }

    // ============================================================ results

    @Override
    public TcpStats tcpStats(long endNs) {
        return recorder.result(endNs);
    }

    @Override
    public TcpRecorder tcpRecorder() {
        return recorder;
    }

    /** The sender's recorder (tests). */
    public TcpRecorder recorder() {
        return recorder;
    }

    /** Congestion window now, in segments (tests). */
    /** The sender's congestion control module ({@link Bbr} for {@code "bbr"}). */
    public CongestionControl congestionControl() {
        return sender.cc();
    }

    public double cwnd() {
        return sender.cc().cwnd();
    }

    public double ssthresh() {
        return sender.cc().ssthresh();
    }

    /** {@code sk_pacing_rate} now, bytes per second (tests). */
    /** The sender's {@code tcp_min_rtt}, µs ({@link Long#MAX_VALUE} before a sample). */
    public long minRttUs() {
        return sender.minRttUs();
    }

    public long pacingRate() {
        return sender.pacingRate();
    }

    /** Segments sent and not yet acknowledged ({@code tp->packets_out}, tests). */
    public long packetsOut() {
        return sender.packetsOut();
    }

    /** The sender's {@code sk_pacing_status} now (tests). */
    public String pacingStatus() {
        return sender.pacingStatus().name();
    }

    /** Truesize of this flow's segments below TCP now ({@code sk_wmem_alloc}, tests). */
    public long wmemAlloc() {
        return sender.wmemAlloc();
    }

    /** The sender's congestion state (tests). */
    TcpCaState caState() {
        return sender.caState();
    }

    public RttEstimator rttEstimator() {
        return sender.rtt();
    }

    /** Whether a finite transfer has been fully acknowledged. */
    public boolean done() {
        return sender.done();
    }

    /** One end's {@link Outbound} (RFC 9293 §3.9.2): the flow's identity, in that end's direction. */
    private final class End implements Outbound {
        private final boolean up;

        End(boolean up) {
            this.up = up;
        }

        @Override
        public Packet newPacket(int ipBytes, long now) {
            return TcpFlow.this.newPacket(ipBytes, up, now);
        }

        @Override
        public void handOver(Packet p, long now) {
            TcpFlow.this.handOver(p, now);
        }
    }
}
