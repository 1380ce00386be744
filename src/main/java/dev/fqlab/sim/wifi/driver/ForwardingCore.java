package dev.fqlab.sim.wifi.driver;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.core.Time;
import dev.fqlab.sim.packet.DropListener;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketFifo;
import dev.fqlab.sim.packet.PacketSink;
import dev.fqlab.sim.scenario.DriverSpec;

/**
 * The AP's forwarding core (seed 004's "two-core AP system"; kernel-spec §5.3's host CPU, the receive side): the
 * core whose NAPI poll takes each packet from the wired port's RX ring and carries it through the stack into the
 * qdisc and mac80211's TXQs, {@code forwardCpuUs} per packet, one at a time, in order. Packets that arrive while it
 * is busy wait in the RX ring of {@code rxRingPackets} descriptors; a full ring drops what arrives (the NIC's
 * rx_missed count), which is where a load above what the AP forwards is lost before it reaches any queue fqlab
 * reports. The driver's own work runs on the other core ({@link HostCpu}). With {@code forwardCpuUs} 0 packets pass
 * through at once and nothing is scheduled.
 */
public final class ForwardingCore implements PacketSink {
    private final long costNs;
    private final int ringPackets;
    private final Simulator sim;
    private final PacketSink next;
    private final DropListener drops;
    private final PacketFifo ring = new PacketFifo();
    /** The packet whose cost the core is paying, or null when idle. */
    private Packet current;
    private long ringDrops;
    private final Event done = new Event() {
        @Override
        protected void fire(long now) {
            forwarded(now);
        }
    };

    public ForwardingCore(DriverSpec spec, Simulator sim, PacketSink next, DropListener drops) {
        this.costNs = Math.round(spec.forwardCpuUs() * Time.NS_PER_US);
        this.ringPackets = spec.rxRingPackets();
        this.sim = sim;
        this.next = next;
        this.drops = drops;
    }

    @Override
    public void accept(Packet p, long now) {
        if (costNs == 0) {
            next.accept(p, now);
        } else if (current == null) {
            current = p;
            sim.schedule(done, now + costNs);
        } else if (ring.packets() < ringPackets) {
            ring.add(p);
        } else {
            ringDrops++;
            drops.dropped(p, now);
        }
    }

    private void forwarded(long now) {
        Packet p = current;
        current = ring.poll();
        if (current != null) {
            sim.schedule(done, now + costNs);
        }
        next.accept(p, now);
    }

    /** Whether packets pass through at once ({@code forwardCpuUs} 0): then nothing is ever scheduled or queued here. */
    public boolean passesThrough() {
        return costNs == 0;
    }

    /** Packets the full RX ring dropped. */
    public long ringDrops() {
        return ringDrops;
    }
}
