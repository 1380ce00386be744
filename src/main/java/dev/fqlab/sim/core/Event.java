package dev.fqlab.sim.core;

/**
 * Something that happens at a simulated time. Events are long-lived objects that components reschedule,
 * so the hot path allocates nothing; an event is in the queue at most once.
 */
public abstract class Event {
    long time;
    long seq;
    /** The {@link EventQueue} bucket holding it, -1 while not queued. */
    int slot = -1;
    /** Neighbours in its bucket's list. */
    Event prev;
    Event next;

    /** Runs the event; {@code now} equals the time it was scheduled for. */
    protected abstract void fire(long now);

    /** True while the event waits in the queue. */
    public final boolean isScheduled() {
        return slot >= 0;
    }

    /** The time it is scheduled for (meaningful while {@link #isScheduled()}). */
    public final long time() {
        return time;
    }
}
