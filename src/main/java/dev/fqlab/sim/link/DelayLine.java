package dev.fqlab.sim.link;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketSink;

/**
 * A constant propagation delay (the wired path to the remote server). Packets leave in arrival order, so one
 * event for the head suffices however many packets are in flight.
 */
public final class DelayLine implements PacketSink {
    private final Simulator sim;
    private final long delay;
    private final PacketSink next;
    private final Event release = new Event() {
        @Override
        protected void fire(long now) {
            releaseDue(now);
        }
    };
    private Packet head;
    private Packet tail;

    public DelayLine(Simulator sim, long delayNs, PacketSink next) {
        this.sim = sim;
        this.delay = delayNs;
        this.next = next;
    }

    @Override
    public void accept(Packet p, long now) {
        if (delay == 0) {
            next.accept(p, now);
            return;
        }
        p.releaseAt = now + delay;
        p.next = null;
        if (head == null) {
            head = p;
            sim.schedule(release, p.releaseAt);
        } else {
            tail.next = p;
        }
        tail = p;
    }

    /**
     * Releases the packets due, then goes on in place at the next head's time while that would be the simulator's
     * very next event anyway ({@link Simulator#continueAt}): the same releases at the same times in the same order,
     * one event fewer each time.
     */
    private void releaseDue(long now) {
        while (true) {
            while (head != null && head.releaseAt <= now) {
                Packet p = head;
                head = p.next;
                p.next = null;
                next.accept(p, now);
            }
            if (head == null) {
                tail = null;
                return;
            }
            long at = head.releaseAt;
            if (!sim.continueAt(release, at)) {
                sim.schedule(release, at);
                return;
            }
            now = at;
        }
    }
}
