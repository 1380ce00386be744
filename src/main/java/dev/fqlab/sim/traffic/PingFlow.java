package dev.fqlab.sim.traffic;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.result.LatencyStats;
import dev.fqlab.sim.scenario.TrafficSpec;
import dev.fqlab.sim.stats.LatencyRecorder;
import java.util.Arrays;

/**
 * An isoping-like probe (scenario.md {@code ping}): every interval each side sends one packet to the other, so
 * both one-way delays are measured independently; the round trip of probe k is the sum of its two one-way
 * delays (isoping derives RTT the same way). A probe lost in either direction yields no RTT sample.
 */
public final class PingFlow extends Flow {
    /** Probes outstanding at once before the oldest's RTT pairing is forgotten. */
    private static final int PAIRING_WINDOW = 1 << 12;

    private final TrafficSpec.Ping ping;
    private final long startNs;
    private final long stopNs;
    private final long intervalNs;
    private final long warmupNs;
    private final LatencyRecorder rtt = new LatencyRecorder();
    private final long[] pendingSeq = new long[PAIRING_WINDOW];
    private final long[] pendingDelay = new long[PAIRING_WINDOW];
    private long probes;
    private final Event sendEvent = new Event() {
        @Override
        protected void fire(long now) {
            sendProbes(now);
        }
    };

    public PingFlow(Context context) {
        super(context);
        this.ping = (TrafficSpec.Ping) spec.traffic();
        this.startNs = Time.seconds(spec.startS());
        this.stopNs = Time.seconds(spec.stopS());
        this.intervalNs = Time.ms(ping.intervalMs());
        this.warmupNs = context.warmupNs();
        Arrays.fill(pendingSeq, -1);
    }

    @Override
    public void start() {
        sim.schedule(sendEvent, startNs);
    }

    private void sendProbes(long now) {
        send(ping.packetBytes(), false, now);
        send(ping.packetBytes(), true, now);
        probes++;
        long next = startNs + probes * intervalNs;
        if (next < stopNs) {
            sim.schedule(sendEvent, next);
        }
    }

    /** Pairs probe k's two directions: the first to arrive waits in a slot, the second completes the RTT. */
    @Override
    public long delivered(Packet p, long now) {
        long goodput = super.delivered(p, now);
        long delay = now - p.sentAt;
        int slot = (int) (p.seq & (PAIRING_WINDOW - 1));
        if (pendingSeq[slot] == p.seq) {
            pendingSeq[slot] = -1;
            if (now >= warmupNs) {
                rtt.record(pendingDelay[slot] + delay);
            }
        } else {
            pendingSeq[slot] = p.seq;
            pendingDelay[slot] = delay;
        }
        return goodput;
    }

    /** A probe measures latency; it carries no load, so it stays out of the fairness index. */
    @Override
    public boolean countsTowardFairness() {
        return false;
    }

    @Override
    public LatencyStats rttStats() {
        return rtt.toStats();
    }

    @Override
    public LatencyStats upLatencyStats() {
        return stats.upLatency().toStats();
    }
}
