package dev.fqlab.sim.link;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.RandomStream;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketSink;
import dev.fqlab.sim.packet.Truesize;
import dev.fqlab.sim.packet.TxCompletion;
import dev.fqlab.sim.qdisc.Qdisc;

/**
 * One direction of the wired bottleneck (scenario.md {@code link} type {@code wired}): a device that frames IP
 * packets with {@code l2OverheadBytes}, queues them in its qdisc and serialises one at a time at the link
 * rate, like an HTB-shaped interface whose qdisc is dequeued whenever the wire is free. With probability
 * {@code lossRate} a serialised packet is lost. A frame that has left the wire is reported to the TX completion
 * listener first (the driver frees the skb: kernel-spec §6), whether the far end receives it or not.
 */
public final class WiredLink implements PacketSink {
    private final Simulator sim;
    private final Qdisc qdisc;
    private final double bitsPerSecond;
    private final int l2Overhead;
    private final double lossRate;
    private final RandomStream lossRandom;
    private final PacketSink receiver;
    private final DropListener lost;
    private final TxCompletion completion;
    private final Event txDone = new Event() {
        @Override
        protected void fire(long now) {
            transmitted(now);
        }
    };
    /** sch_fq's watchdog: the qdisc held packets back while the wire was idle; try again then. */
    private final Event watchdog = new Event() {
        @Override
        protected void fire(long now) {
            if (onWire == null) {
                startNext(now);
            }
        }
    };
    private Packet onWire;
    private long busyNs;

    public WiredLink(Simulator sim, Qdisc qdisc, double rateMbps, int l2OverheadBytes, double lossRate,
                     RandomStream lossRandom, PacketSink receiver, DropListener lost, TxCompletion completion) {
        this.sim = sim;
        this.qdisc = qdisc;
        this.bitsPerSecond = rateMbps * 1e6;
        this.l2Overhead = l2OverheadBytes;
        this.lossRate = lossRate;
        this.lossRandom = lossRandom;
        this.receiver = receiver;
        this.lost = lost;
        this.completion = completion;
        qdisc.watchdog(at -> sim.schedule(watchdog, at));
    }

    @Override
    public void accept(Packet p, long now) {
        p.length = p.ipBytes + l2Overhead;
        p.truesize = Truesize.of(p.length);
        qdisc.enqueue(p, now);
        if (onWire == null) {
            startNext(now);
        }
    }

    private void startNext(long now) {
        Packet p = qdisc.dequeue(now);
        if (p == null) {
            return;
        }
        onWire = p;
        long duration = Time.serialisation(p.length, bitsPerSecond);
        busyNs += duration;
        sim.schedule(txDone, now + duration);
    }

    private void transmitted(long now) {
        Packet p = onWire;
        onWire = null;
        completion.txCompleted(p, now);
        if (lossRate > 0 && lossRandom.nextDouble() < lossRate) {
            lost.dropped(p, now);
        } else {
            receiver.accept(p, now);
        }
        startNext(now);
    }

    public Qdisc qdisc() {
        return qdisc;
    }

    /** Packets on the wire right now (0 or 1). */
    public int inFlight() {
        return onWire == null ? 0 : 1;
    }

    /** Total time spent serialising. */
    public long busyNs() {
        return busyNs;
    }
}
