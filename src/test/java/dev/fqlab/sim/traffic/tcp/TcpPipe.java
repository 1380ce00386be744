package dev.fqlab.sim.traffic.tcp;

import dev.fqlab.sim.Scenarios;
import dev.fqlab.sim.core.RunControl;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.link.DelayLine;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketPool;
import dev.fqlab.sim.packet.PacketSink;
import dev.fqlab.sim.scenario.CongestionControlKind;
import dev.fqlab.sim.scenario.EcnCodepoint;
import dev.fqlab.sim.scenario.TcpOrigin;
import dev.fqlab.sim.stats.FlowStats;
import dev.fqlab.sim.traffic.Flow;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * One TCP flow over a loss-free pipe of fixed one-way delay and unlimited rate, with hooks to drop or mark
 * packets and a log of what went in and what came out: the test bench for the sender and receiver rules.
 */
final class TcpPipe {
    /** A packet as seen entering the pipe or leaving it. */
    record Seen(long timeNs, boolean data, long seq, long ack, int flags, int ecn, int sackBlocks) {
        boolean retransmit() {
            return (flags & TcpFlags.RETRANSMIT) != 0;
        }

        boolean has(int flag) {
            return (flags & flag) != 0;
        }
    }

    final Simulator sim = new Simulator();
    final PacketPool pool = new PacketPool();
    final FlowStats stats = new FlowStats(0);
    TcpFlow flow;
    /** The sender's window just before the first ECN-Echo reached it, -1 if none did. */
    double cwndAtFirstEcho = -1;
    final List<Seen> sent = new ArrayList<>();
    final List<Seen> arrived = new ArrayList<>();
    /** Packets entering the pipe that match are lost. */
    Predicate<Packet> drop = p -> false;
    /** Packets entering the pipe that match get CE. */
    Predicate<Packet> mark = p -> false;
    /** The most truesize the sender had below TCP ({@code sk_wmem_alloc}) when a packet left the pipe. */
    long maxWmemAlloc;
    /** Extra one-way delay for matching packets (reordering), ns; 0 = none. */
    ToLongFunction<Packet> extraDelayNs = p -> 0;
    /** For every ACK that reached the sender: its ack number, the SRTT (srtt_us) before and after it. */
    final List<long[]> srttAtAck = new ArrayList<>();

    TcpPipe(long oneWayNs, CongestionControlKind cc, Long bytes, EcnCodepoint ecn, double durationS) {
        this(oneWayNs, cc, bytes, ecn, durationS, TcpOrigin.REMOTE);
    }

    /**
     * With {@code origin} LOCAL the sender is subject to TCP Small Queues (kernel-spec §6): the pipe then plays the
     * device below it and completes each packet's transmission when the packet leaves the pipe.
     */
    TcpPipe(long oneWayNs, CongestionControlKind cc, Long bytes, EcnCodepoint ecn, double durationS,
            TcpOrigin origin) {
        this(oneWayNs, cc, bytes, ecn, durationS, origin, true);
    }

    /** @param sack whether SACK is negotiated (false: NewReno) */
    TcpPipe(long oneWayNs, CongestionControlKind cc, Long bytes, EcnCodepoint ecn, double durationS,
            TcpOrigin origin, boolean sack) {
        var tcp = Scenarios.tcpTraffic().set("congestionControl", cc).set("origin", origin).set("bytes", bytes)
                .set("sack", sack).build();
        var spec = Scenarios.flowSpec("t", durationS).set("traffic", tcp).set("ecn", ecn).build();
        PacketSink deliver = (p, now) -> {
            arrived.add(seen(p, now));
            maxWmemAlloc = Math.max(maxWmemAlloc, flow.wmemAlloc());
            flow.txCompleted(p, now);
            if ((p.tcpFlags & TcpFlags.ECE) != 0 && cwndAtFirstEcho < 0) {
                cwndAtFirstEcho = flow.cwnd();
            }
            boolean ack = (p.tcpFlags & TcpFlags.ACK) != 0 && (p.tcpFlags & TcpFlags.SYN) == 0;
            long ackNo = p.tcpAck;
            long before = flow.rttEstimator().srttUs8();
            flow.delivered(p, now);
            if (ack) {
                srttAtAck.add(new long[] {ackNo, before, flow.rttEstimator().srttUs8()});
            }
            pool.release(p);
        };
        PacketSink down = entry(new DelayLine(sim, oneWayNs, deliver));
        PacketSink up = entry(new DelayLine(sim, oneWayNs, deliver));
        this.flow = new TcpFlow(new Flow.Context(0, spec, stats, sim, pool, new Flow.FlowPath(down, 1, up, 2), 0, 1));
    }

    private PacketSink entry(PacketSink next) {
        return (p, now) -> {
            sent.add(seen(p, now));
            if (drop.test(p)) {
                flow.dropped(p, now);
                pool.release(p);
                return;
            }
            if (mark.test(p)) {
                p.setCe();
            }
            long extra = extraDelayNs.applyAsLong(p);
            if (extra > 0) {
                sim.schedule(new dev.fqlab.sim.core.Event() {
                    @Override
                    protected void fire(long t) {
                        next.accept(p, t);
                    }
                }, now + extra);
                return;
            }
            next.accept(p, now);
        };
    }

    private static Seen seen(Packet p, long now) {
        boolean data = (p.tcpFlags & TcpFlags.DATA) != 0;
        return new Seen(now, data, p.tcpSeq, p.tcpAck, p.tcpFlags, p.ecn, p.sackCount);
    }

    TcpPipe run(long untilNs) {
        flow.start();
        sim.run(untilNs, RunControl.NONE);
        return this;
    }

    List<Seen> dataSent() {
        return sent.stream().filter(Seen::data).toList();
    }

    /** Pure ACKs that reached the sender. */
    List<Seen> acksArrived() {
        return arrived.stream().filter(s -> !s.data() && !s.has(TcpFlags.SYN)).toList();
    }
}
