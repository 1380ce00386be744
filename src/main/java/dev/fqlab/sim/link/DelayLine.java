package dev.fqlab.sim.link;

import dev.fqlab.sim.core.Event;
import dev.fqlab.sim.core.Simulator;
import dev.fqlab.sim.packet.Packet;
import dev.fqlab.sim.packet.PacketSink;

/**
 * A constant propagation delay (the wired path to the remote server). Packets leave in arrival order, so one
 * event for the head suffices however many packets are in flight. The line keeps its packets and their release
 * times in a ring of its own (doubled when full, so it allocates only while the most packets in flight grows).
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
    private Packet[] packets = new Packet[16];
    private long[] due = new long[16];
    /** The oldest packet's slot, and the packets in flight. */
    private int head;
    private int size;

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
        if (size == packets.length) {
            grow();
        }
        int slot = (head + size) & (packets.length - 1);
        packets[slot] = p;
        due[slot] = now + delay;
        if (size++ == 0) {
            sim.schedule(release, now + delay);
        }
    }

    private void grow() {
        int n = packets.length;
        Packet[] p = new Packet[2 * n];
        long[] d = new long[2 * n];
        for (int i = 0; i < n; i++) {
            p[i] = packets[(head + i) & (n - 1)];
            d[i] = due[(head + i) & (n - 1)];
        }
        packets = p;
        due = d;
        head = 0;
    }

    /**
     * Releases the packets due, then goes on in place at the next head's time while that would be the simulator's
     * very next event anyway ({@link Simulator#continueAt}): the same releases at the same times in the same order,
     * one event fewer each time. (Should a release lead back into this line while it was empty, the line's
     * {@link #accept} has rescheduled the event: then it is scheduled again as it always was.)
     */
    private void releaseDue(long now) {
        long fired = now;
        while (true) {
            while (size > 0 && due[head] <= now) {
                Packet p = packets[head];
                packets[head] = null;
                head = (head + 1) & (packets.length - 1);
                size--;
                next.accept(p, now);
            }
            if (size == 0) {
                return;
            }
            long at = due[head];
            if (release.time() != fired || !sim.continueAt(release, at)) {
                sim.schedule(release, at);
                return;
            }
            now = at;
        }
    }
}
